"""How tall each lesson step is on a phone: every step of every lesson, in each language (run by hand).

    .venv/bin/python scripts/step_heights.py [--lang en --lang zh] [--lesson fu] [--width 390] [--height 844]
        [--over 3000]

A step is meant to be a phone screen or two. This serves the app (waitress, in a thread) on a free
loopback port with a throwaway database and instance folder, opens every step of every lesson in
Debian's Chromium through Playwright at the given viewport, and prints each step's page height (the
document's scrollHeight, in CSS pixels); then, per language, the median, 90th percentile and maximum,
and the steps taller than ``--over``.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import sys
import tempfile
import threading
from pathlib import Path

from flask import Flask

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CHROMIUM = "/usr/bin/chromium"


def serve(folder: str) -> tuple[str, Flask]:
    """The app on a free loopback port, in a daemon thread (it stops with the script), and the app itself."""
    os.environ["TUTOR_DATABASE"] = str(Path(folder) / "tutor.sqlite")
    os.environ["TUTOR_INSTANCE_PATH"] = folder
    from waitress import serve as waitress_serve

    from tutor.app import create_app

    app = create_app()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    thread = threading.Thread(
        target=waitress_serve, args=(app,), kwargs={"host": "127.0.0.1", "port": port, "threads": 2}, daemon=True
    )
    thread.start()
    return f"http://127.0.0.1:{port}", app


def percentile(values: list[int], share: float) -> int:
    """The nearest-rank percentile: the smallest value with at least ``share`` of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, -(-int(share * 100) * len(ordered) // 100) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", action="append", help="a language to measure (default: en and zh)")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--lesson", action="append", help="measure only this lesson (a slug; may be repeated)")
    parser.add_argument("--over", type=int, default=3000, help="list the steps taller than this")
    args = parser.parse_args()
    languages = args.lang or ["en", "zh"]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        url, app = serve(folder)
        library = app.extensions["lessons"]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": args.width, "height": args.height})
        summary = []
        for lang in languages:
            heights: list[tuple[int, str, int, str]] = []
            for lesson in library.book(lang).lessons.values():
                if args.lesson and lesson.slug not in args.lesson:
                    continue
                for step in lesson.steps:
                    page.goto(f"{url}/lessons/{lesson.slug}/{step.number}?lang={lang}")
                    height = int(page.evaluate("document.documentElement.scrollHeight"))
                    heights.append((height, lesson.slug, step.number, step.title))
                    print(f"{lang}  {lesson.slug:<16} {step.number:>2}  {height:>6} px  {step.title}", flush=True)
            sizes = [height for height, *_ in heights]
            over = sorted((h for h in heights if h[0] > args.over), reverse=True)
            summary.append(
                f"{lang}: {len(sizes)} steps; median {statistics.median(sizes):.0f} px, "
                f"p90 {percentile(sizes, 0.9)} px, max {max(sizes)} px; "
                f"{len(over)} over {args.over} px, {sum(h > 3400 for h in sizes)} over 3400 px"
            )
            summary += [f"    {height:>6} px  {slug} step {number}: {title}" for height, slug, number, title in over]
        browser.close()
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()
