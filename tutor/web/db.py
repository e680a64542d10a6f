"""The request's database connection, kept on ``flask.g``: each server thread reuses its own.

The database itself (schema, connections, the write lock) is :mod:`tutor.db`, which knows nothing of Flask.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict

from flask import Flask, current_app, g
from sqlite_utils import Database

from tutor.db import close, connect, migrate

_pool = threading.local()
POOL_SIZE = 4
"""Connections each server thread keeps open, one per database file (tests use many files)."""


def get_db() -> Database:
    """The request's database connection: the thread's own, opened once and reused.

    Opening a connection and closing it again (which checkpoints the WAL) cost
    more than most requests' queries, so each server thread keeps its own.
    """
    if "db" not in g:
        path = str(current_app.config["DATABASE"])
        open_here: OrderedDict[str, Database] = _pool.__dict__.setdefault("dbs", OrderedDict())
        db = open_here.pop(path, None) or connect(path)
        open_here[path] = db
        while len(open_here) > POOL_SIZE:
            open_here.popitem(last=False)[1].conn.close()
        g.db = db
    found: Database = g.db
    return found


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is None:
        return
    try:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")  # never hand a half-done transaction to the next request
    except sqlite3.Error:
        _forget(db)  # a connection that cannot even roll back is not handed to the next request


def discard_db() -> None:
    """Forget the request's connection after a database error: the next request opens a fresh one.

    A connection opened while the file was read-only stays read-only, and one that met a disk error
    may be left unusable; without this every later request of the thread would fail until a restart.
    The process's write-lock descriptor for the file is reopened too.
    """
    db = g.pop("db", None)
    if db is not None:
        _forget(db)


def _forget(db: Database) -> None:
    """Drop ``db`` from this thread's connections and close it."""
    open_here: OrderedDict[str, Database] = _pool.__dict__.setdefault("dbs", OrderedDict())
    for path, pooled in list(open_here.items()):
        if pooled is db:
            del open_here[path]
    close(db)


def init_db() -> int:
    """Create or upgrade the app's database (``DATABASE``); returns how many migrations have been applied in all."""
    return migrate(current_app.config["DATABASE"])


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
