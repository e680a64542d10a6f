"""The database as an operator meets it: a backup while answers keep coming, and recovery after the
file was briefly read-only."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database
from werkzeug.test import TestResponse

from tests.conftest import csrf
from tutor.db import backup, connect, connection, migrations
from tutor.web import db as web_db


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


def _pooled(app: Flask) -> Database:
    """The connection this thread keeps for the app's database (the test client runs requests here)."""
    db: Database = web_db._pool.dbs[str(app.config["DATABASE"])]
    return db


def _next(client: FlaskClient, token: str) -> TestResponse:
    return client.post("/api/questions/next", json={"topics": ["fu"]}, headers={"X-CSRF-Token": token})


def _read_only_now(app: Flask) -> None:
    """As if the connection had been opened while the file was read-only: SQLite then stays read-only."""
    _pooled(app).conn.execute("PRAGMA query_only = 1")


def test_a_read_only_database_is_a_503_and_the_next_request_recovers(app: Flask, client: FlaskClient) -> None:
    token = csrf(client)
    assert _next(client, token).status_code == 200  # opens and keeps this thread's connection
    before = _pooled(app)
    _read_only_now(app)
    refused = _next(client, token)
    assert refused.status_code == 503, refused.get_data(as_text=True)
    assert refused.json["error"]["code"] == "unavailable" and refused.headers["Retry-After"]
    # The read-only connection is gone: the next request opens a fresh one and works.
    served = _next(client, token)
    assert served.status_code == 200, served.json
    assert _pooled(app) is not before


def test_a_page_gets_a_friendly_503_page_and_the_next_form_works(app: Flask, client: FlaskClient) -> None:
    token = csrf(client)
    assert _next(client, token).status_code == 200
    _read_only_now(app)
    refused = client.post("/practice/start", data={"csrf_token": token, "topics": "fu"})
    assert refused.status_code == 503
    page = refused.get_data(as_text=True)
    assert "<html" in page and "try again in a moment" in page and "Traceback" not in page
    assert client.post("/practice/start", data={"csrf_token": token, "topics": "fu"}).status_code == 302


def test_a_write_error_drops_the_write_lock_descriptor_too(app: Flask, client: FlaskClient) -> None:
    token = csrf(client)
    assert _next(client, token).status_code == 200
    path = _pooled(app).conn.execute("PRAGMA database_list").fetchone()[2]
    held = connection._LOCK_FILES[(os.getpid(), path)]
    _read_only_now(app)
    assert _next(client, token).status_code == 503
    assert connection._LOCK_FILES.get((os.getpid(), path)) != held  # closed and forgotten: reopened on the next write
    assert _next(client, token).status_code == 200


def test_a_programming_error_in_sql_is_still_a_500() -> None:
    assert not connection.is_unavailable(sqlite3.OperationalError("no such table: nothing"))
    memory = sqlite3.connect(":memory:")
    try:
        memory.execute("PRAGMA query_only = 1")
        try:
            memory.execute("CREATE TABLE t (x)")
        except sqlite3.OperationalError as problem:
            assert connection.is_unavailable(problem)
        else:
            raise AssertionError("query_only let a write through")
    finally:
        memory.close()
