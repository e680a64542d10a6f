"""Pictures drawn by our own code, as SVG and HTML: tiles, tile rows in pages, progress charts. No Flask."""
