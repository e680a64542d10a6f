"""The SQLite database: one file, WAL, foreign keys on, schema kept by migrations.

``get_db()`` gives each request one connection (kept on ``flask.g``, closed on
teardown); ``init_db()`` applies any pending migrations and is safe to run on
every start.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("tutor")
"""The schema, one small function per step; later issues add steps at the end."""


@migrations()
def m001_meta(db: Database) -> None:
    # A place for facts about this database (when it was created, by which version).
    db["meta"].create({"key": str, "value": str}, pk="key")


def connect(path: str | Path) -> Database:
    """Open the database file with the settings every connection needs."""
    connection = sqlite3.connect(str(path), timeout=10, check_same_thread=False)
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA busy_timeout = 10000")
    db = Database(connection)
    if db.journal_mode != "wal":
        db.enable_wal()
    return db


def get_db() -> Database:
    """The request's database connection."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def init_db() -> int:
    """Create or upgrade the database; returns how many migrations have been applied in all."""
    path = Path(current_app.config["DATABASE"])
    path.parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        migrations.apply(db)
        return len(migrations.applied(db))
    finally:
        db.conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
