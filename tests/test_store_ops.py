"""The database as an operator meets it: a backup while answers keep coming, and recovery after the
file was briefly read-only."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from tutor.store import backup, connect, migrations


def _database(path: Path, megabytes: int) -> None:
    """A migrated database with a few megabytes of rows: more than one step of a stepwise copy."""
    db = connect(path)
    migrations.apply(db)
    filler = "x" * 4000
    with db.conn:
        db.conn.execute("BEGIN")
        db.conn.executemany(
            "INSERT INTO meta (key, value) VALUES (?, ?)", ((f"filler-{n}", filler) for n in range(megabytes * 256))
        )
    db.conn.close()


WRITER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
db.execute("PRAGMA synchronous = OFF")
number = 0
while True:
    db.execute("INSERT INTO meta (key, value) VALUES (?, 'an answer')", (f"row-{number}",))
    number += 1
    if number == 100:
        print("writing", flush=True)
"""


def test_backup_finishes_while_a_writer_keeps_inserting(tmp_path: Path) -> None:
    live = tmp_path / "live.sqlite"
    _database(live, megabytes=32)
    # The writer is another process, as the server's workers are: it inserts as fast as it can.
    writing = subprocess.Popen([sys.executable, "-c", WRITER, str(live)], stdout=subprocess.PIPE)
    copies: list[Path] = []
    problems: list[BaseException] = []

    def back_up() -> None:
        try:
            copies.append(backup(live, tmp_path / "copy.sqlite"))
        except BaseException as problem:  # reported below
            problems.append(problem)

    backing_up = threading.Thread(target=back_up)
    try:
        assert writing.stdout is not None and writing.stdout.readline() == b"writing\n"
        started = time.monotonic()
        backing_up.start()
        backing_up.join(timeout=10)
        took = time.monotonic() - started
        finished = not backing_up.is_alive()
    finally:
        writing.kill()
        writing.wait(timeout=10)
        if writing.stdout is not None:
            writing.stdout.close()
        if backing_up.is_alive():
            backing_up.join(timeout=30)  # once writing stops, even a stepwise copy ends
    assert finished, "the backup did not finish within 10 s while a writer kept inserting"
    assert not problems, problems
    assert took < 5, took
    copy = sqlite3.connect(copies[0])
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        assert copy.execute("SELECT count(*) FROM meta WHERE key LIKE 'filler-%'").fetchone() == (32 * 256,)
        assert copy.execute("SELECT count(*) FROM meta WHERE key LIKE 'row-%'").fetchone()[0] > 0
    finally:
        copy.close()
    assert not list(tmp_path.glob("*.partial"))
