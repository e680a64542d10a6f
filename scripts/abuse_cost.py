"""The worst one anonymous client can cost per minute under the limits of issue 27 (run by hand).

    .venv/bin/python scripts/abuse_cost.py [--minutes 1]

One address, no account: it makes guests (at most ``GUEST_LIMIT_ADDRESS`` an hour) and uploads the most
expensive game logs the readers still accept, and the most expensive they refuse, as fast as the app
lets it, through the Flask test client (no network: the app's own cost). It prints, per upload and per
minute: CPU seconds, the peak Python memory of one upload (tracemalloc), and what the database grew by.

The worst logs are built here from the committed fixtures: the real test game's hands repeated up to
:data:`~tutor.gamelog.model.MAX_HANDS`, with players' names at the longest allowed (what is stored grows
with them); and, refused, an mjlog of :data:`~tutor.gamelog.model.MAX_XML_ELEMENTS` elements padded to
:data:`~tutor.gamelog.model.MAX_TEXT_BYTES`, which is read to its end before it is refused.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sqlite3
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.accounts import GUEST_LIMIT_ADDRESS
from tutor.gamelog import model
from tutor.practice import mygames
from tutor.web.db import init_db

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "gamelog" / "fixtures"
HAND = re.compile(r"<INIT .*?(?:<AGARI[^>]*/>\s*|<RYUUKYOKU[^>]*/>\s*)+(?=<INIT|</mjloggm>)", re.S)
ADDRESS = "203.0.113.9"


def worst_accepted() -> bytes:
    """The test game's hands repeated to the hand limit, names as long as allowed, gzipped like Tenhou's."""
    game = (FIXTURES / "game.mjlog").read_text(encoding="utf-8")
    hands = HAND.findall(game)
    head = game[: game.index("<INIT")]
    for seat in range(4):
        head = re.sub(rf'n{seat}="[^"]*"', f'n{seat}="{chr(65 + seat) * model.MAX_NAME_CHARS}"', head)
    repeated = (hands * (model.MAX_HANDS // len(hands) + 1))[: model.MAX_HANDS]
    return gzip.compress((head + "".join(repeated) + "</mjloggm>\n").encode())


def worst_refused() -> bytes:
    """Read to the end, then refused (no <GO>): every element allowed, padded to the text limit."""
    elements = "<X/>" * (model.MAX_XML_ELEMENTS - 2)
    padding = " " * (model.MAX_TEXT_BYTES - len(elements) - 100)
    return gzip.compress(f"<mjloggm><!--{padding}-->{elements}</mjloggm>".encode())


def database_bytes(app: Flask) -> int:
    connection = sqlite3.connect(app.config["DATABASE"])
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages, size = (connection.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "page_size"))
        return int(pages * size)
    finally:
        connection.close()


def upload(client: FlaskClient, data: bytes) -> int:
    token = client.get("/api/session", environ_base={"REMOTE_ADDR": ADDRESS}).json["csrf_token"]  # type: ignore[index]
    response = client.post(
        "/api/games",
        data={"log": (__import__("io").BytesIO(data), "worst.mjlog")},
        headers={"X-CSRF-Token": token},
        content_type="multipart/form-data",
        environ_base={"REMOTE_ADDR": ADDRESS},
    )
    return response.status_code


def measure(app: Flask, label: str, data: bytes, new_client: Callable[[], FlaskClient]) -> dict[str, float]:
    """Upload ``data`` from new guests of one address until the limits refuse: the cost of each and of all."""
    before = database_bytes(app)
    statuses: list[int] = []
    cpu: list[float] = []
    peak = 0
    started = time.monotonic()
    while True:
        client = new_client()
        tracemalloc.start()
        began = time.process_time()
        status = upload(client, data)
        cpu.append(time.process_time() - began)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        statuses.append(status)
        if status == 429 or len(statuses) > 1000:
            break
    took = time.monotonic() - started
    grown = database_bytes(app) - before
    served = [c for c, s in zip(cpu, statuses, strict=True) if s != 429]
    print(f"\n{label}: {len(data) / 1024:.0f} kB uploaded, {len(served)} taken before the first 429 ({took:.1f} s)")
    print(f"  statuses: {', '.join(f'{s} x{statuses.count(s)}' for s in sorted(set(statuses)))}")
    print(f"  CPU per upload: median {sorted(served)[len(served) // 2]:.3f} s, worst {max(served):.3f} s")
    print(f"  CPU for all of them: {sum(served):.1f} s; peak Python memory of one upload: {peak / 1e6:.1f} MB")
    print(f"  database grew by {grown / 1e6:.2f} MB ({grown / max(1, len(served)) / 1024:.0f} kB an upload)")
    return {"uploads": len(served), "cpu": sum(served), "peak": peak, "grown": grown}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="the window to state the cost for")
    args = parser.parse_args()
    print(
        f"Limits: {mygames.UPLOADS_PER_GUEST} uploads a guest and {mygames.UPLOADS_PER_ADDRESS} an address an hour;"
        f" {GUEST_LIMIT_ADDRESS} guests an address an hour; {mygames.STORAGE_GUEST // 1024} kB a guest;"
        f" logs: {model.MAX_HANDS} hands, {model.MAX_TEXT_BYTES // 1024} kB of text,"
        f" {model.MAX_XML_ELEMENTS} XML elements, {model.READ_CPU_SECONDS} s CPU."
    )
    found = {}
    for label, data in (
        ("Worst log still accepted", worst_accepted()),
        ("Worst log refused (read to its end)", worst_refused()),
    ):
        with tempfile.TemporaryDirectory() as folder:  # each from a fresh database: its own hour of limits
            app = create_app({"TESTING": True, "DATABASE": f"{folder}/tutor.sqlite", "SECRET_KEY": "cost"})
            with app.app_context():
                init_db()
            found[label] = measure(app, label, data, app.test_client)
    accepted, refused = found.values()
    # The limits count every upload, read or refused, per address and hour: in any window the client gets
    # UPLOADS_PER_ADDRESS uploads at most, all of which it may spend in its first minute.
    most = mygames.UPLOADS_PER_ADDRESS * max(1.0, args.minutes / 60)
    cpu_each = max(accepted["cpu"] / max(1, accepted["uploads"]), refused["cpu"] / max(1, refused["uploads"]))
    grown_each = accepted["grown"] / max(1, accepted["uploads"])
    print(f"\nWorst case for one anonymous address in {args.minutes:g} minute(s), all uploads spent at once:")
    print(
        f"  {most:.0f} uploads: {most * cpu_each:.1f} CPU seconds ({most * cpu_each / (60 * args.minutes):.1%} of one core)"
    )
    print(f"  memory: {max(accepted['peak'], refused['peak']) / 1e6:.1f} MB at most per upload in flight")
    print(f"  storage: {most * grown_each / 1e6:.2f} MB (then nothing more for the rest of the hour)")
    print(f"  over an hour: {mygames.UPLOADS_PER_ADDRESS * grown_each / 1e6:.2f} MB stored at most")


if __name__ == "__main__":
    main()
