"""The message layer's core: catalogues, ``N_`` marks, sentences and refusals said in any language."""
