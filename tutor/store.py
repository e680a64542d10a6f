"""The SQLite database: one file, WAL, foreign keys on, schema kept by migrations.

``get_db()`` gives each request one connection (kept on ``flask.g``; each
server thread reuses its own); ``init_db()`` applies any pending migrations and is safe to run on
every start.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from .clock import moment

migrations = Migrations("tutor")
"""The schema, one small function per step; later issues add steps at the end."""


@migrations()
def m001_meta(db: Database) -> None:
    # A place for facts about this database (when it was created, by which version).
    db.table("meta").create({"key": str, "value": str}, pk="key")


@migrations()
def m002_practice(db: Database) -> None:
    """Learners, what they were asked, what they answered, and what they know."""
    db.table("users").create(
        {
            "id": int,
            "username": str,  # NULL for a guest until they register
            "password_hash": str,
            "role": str,  # "learner" or "teacher"
            "is_guest": int,
            "created_at": str,
            "last_seen_at": str,
        },
        pk="id",
        not_null={"role", "is_guest", "created_at"},
        defaults={"role": "learner", "is_guest": 1},
    )
    # Usernames are compared without case: "Ann" and "ann" are one account.
    db.execute("CREATE UNIQUE INDEX idx_users_username ON users (username COLLATE NOCASE)")
    db.table("practice_sessions").create(
        {
            "id": int,
            "user_id": int,
            "mode": str,  # practice, quiz or review
            "settings": str,  # JSON: topics, difficulty, parts asked, size, seed
            "started_at": str,
            "finished_at": str,
        },
        pk="id",
        foreign_keys=[("user_id", "users", "id")],
        not_null={"user_id", "mode", "settings", "started_at"},
    )
    db.table("questions").create(
        {
            "id": str,  # a short id a learner can quote ("report this question")
            "user_id": int,
            "session_id": int,
            "position": int,  # 1, 2, ... within the session
            "topic": str,
            "target": str,  # the yaku, fu feature or skill it was made for, if any
            "difficulty": int,
            "seed": str,
            "payload": str,  # JSON: everything needed to show the question again exactly
            "served_at": str,
        },
        pk="id",
        foreign_keys=[("user_id", "users", "id"), ("session_id", "practice_sessions", "id")],
        not_null={"user_id", "session_id", "topic", "difficulty", "seed", "payload", "served_at"},
    )
    db.table("answers").create(
        {
            "id": int,
            "question_id": str,
            "user_id": int,
            "attempt": int,  # 1 = first try
            "given": str,  # JSON, as submitted
            "correct": int,
            "score": float,
            "parts": str,  # JSON: per-part grades
            "mistakes": str,  # JSON list of misconception ids
            "time_ms": int,
            "answered_at": str,
        },
        pk="id",
        foreign_keys=[("question_id", "questions", "id"), ("user_id", "users", "id")],
        not_null={"question_id", "user_id", "attempt", "given", "correct", "score", "answered_at"},
    )
    db.table("answer_skills").create(
        {"answer_id": int, "user_id": int, "skill": str, "correct": int, "answered_at": str},
        pk=("answer_id", "skill"),
        foreign_keys=[("answer_id", "answers", "id"), ("user_id", "users", "id")],
    )
    db.table("skill_states").create(
        {
            "user_id": int,
            "skill": str,
            "card": str,  # the fsrs Card as JSON
            "due_at": str,
            "reviews": int,
            "lapses": int,
            "updated_at": str,
        },
        pk=("user_id", "skill"),
        foreign_keys=[("user_id", "users", "id")],
    )
    db.table("reports").create(
        {
            "id": int,
            "question_id": str,
            "user_id": int,
            "remark": str,
            "created_at": str,
            "status": str,
        },
        pk="id",
        foreign_keys=[("question_id", "questions", "id"), ("user_id", "users", "id")],
        defaults={"status": "open"},
    )
    db.table("questions").create_index(["user_id", "served_at"])
    db.table("questions").create_index(["session_id", "position"], unique=True)
    db.table("answers").create_index(["user_id", "answered_at"])
    db.table("answers").create_index(["question_id"])
    db.table("answer_skills").create_index(["user_id", "skill", "answered_at"])
    db.table("skill_states").create_index(["user_id", "due_at"])


@migrations()
def m003_classroom(db: Database) -> None:
    """Classes, who is in them, what their teacher set, and the join attempts that are rate-limited."""
    db.table("classes").create(
        {"id": int, "name": str, "teacher_id": int, "join_code": str, "created_at": str},
        pk="id",
        foreign_keys=[("teacher_id", "users", "id")],
        not_null={"name", "teacher_id", "join_code", "created_at"},
    )
    db.table("classes").create_index(["join_code"], unique=True)
    db.table("classes").create_index(["teacher_id"])
    db.table("memberships").create(
        {"class_id": int, "user_id": int, "display_name": str, "joined_at": str},
        pk=("class_id", "user_id"),
        foreign_keys=[("class_id", "classes", "id"), ("user_id", "users", "id")],
        not_null={"display_name", "joined_at"},
    )
    db.table("memberships").create_index(["user_id"])
    db.table("assignments").create(
        {
            "id": int,
            "class_id": int,
            "title": str,
            "settings": str,  # JSON: a quiz's settings (topics, difficulty, parts, itemised, size, seed)
            "variant": int,  # 1: each student gets their own hands from the seed; 0: everyone the same
            "opens_at": str,
            "due_at": str,
            "attempts_allowed": int,
            "reveal": str,  # when answers are shown: "each", "end" or "due"
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("class_id", "classes", "id")],
        not_null={"class_id", "title", "settings", "variant", "opens_at", "attempts_allowed", "reveal", "created_at"},
    )
    db.table("assignments").create_index(["class_id"])
    # An attempt at an assignment is a practice session that points to it.
    db.execute("ALTER TABLE practice_sessions ADD COLUMN assignment_id INTEGER REFERENCES assignments(id)")
    db.table("practice_sessions").create_index(["assignment_id", "user_id"])
    db.table("join_attempts").create(
        {"id": int, "user_id": int, "address": str, "at": str, "ok": int},
        pk="id",
        not_null={"at", "ok"},
    )
    db.table("join_attempts").create_index(["user_id", "at"])
    db.table("join_attempts").create_index(["address", "at"])


@migrations()
def m004_held_answers(db: Database) -> None:
    """Answers a class assignment still holds back count nowhere in the learner's own statistics."""
    db.execute("ALTER TABLE answers ADD COLUMN held INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX idx_answers_held ON answers (user_id) WHERE held = 1")


@migrations()
def m005_first_answer_stands(db: Database) -> None:
    """One first answer per question, whatever arrives at once (the loop refuses the rest before this)."""
    db.execute("CREATE UNIQUE INDEX idx_answers_first ON answers (question_id) WHERE attempt = 1")


@migrations()
def m006_session_generation_and_login_attempts(db: Database) -> None:
    """Cookies that logging out can end, and failed log-ins counted where every server process sees them.

    A session cookie carries its user's ``session_generation``; logging out, registering a guest and
    changing a password add one, so every cookie issued before stops working.
    """
    db.execute("ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0")
    db.table("login_attempts").create(
        {"id": int, "username": str, "address": str, "at": str, "ok": int},
        pk="id",
        not_null={"username", "address", "at", "ok"},
    )
    db.table("login_attempts").create_index(["username", "at"])
    db.table("login_attempts").create_index(["address", "at"])


@migrations()
def m007_guest_addresses(db: Database) -> None:
    """The address each guest account was made from: guests made per address are limited."""
    db.execute("ALTER TABLE users ADD COLUMN created_address TEXT")
    db.execute("CREATE INDEX idx_users_guest_address ON users (created_address, created_at) WHERE is_guest = 1")


@migrations()
def m008_password_resets(db: Database) -> None:
    """One-time password reset links a teacher makes for a student of their class (only a hash is kept)."""
    db.table("password_resets").create(
        {"token_hash": str, "user_id": int, "made_by": int, "created_at": str, "expires_at": str, "used_at": str},
        pk="token_hash",
        foreign_keys=[("user_id", "users", "id"), ("made_by", "users", "id")],
        not_null={"user_id", "made_by", "created_at", "expires_at"},
    )
    db.table("password_resets").create_index(["user_id"])


@migrations()
def m010_answer_outcome(db: Database) -> None:
    """How a question was left: "answered", or "shown" (the learner asked for the answer) or "skipped".
    Older rows were all answered."""
    db.execute("ALTER TABLE answers ADD COLUMN outcome TEXT NOT NULL DEFAULT 'answered'")


@migrations()
def m012_teachers_and_lessons(db: Database) -> None:
    """Lessons that remember (each check-yourself answer, each lesson opened), classes a teacher
    archived, and reports a teacher closed."""
    db.table("lesson_checks").create(
        {
            "id": int,
            "user_id": int,
            "page": str,  # where the question stands: "/lessons/fu" or "/yaku/pinfu"
            "number": int,  # 1, 2, ... on the page
            "question_key": str,  # the question's content hash: an edited question forgets old answers
            "given": str,  # JSON, as submitted
            "correct": int,
            "score": float,
            "answered_at": str,
        },
        pk="id",
        foreign_keys=[("user_id", "users", "id")],
        not_null={"user_id", "page", "number", "question_key", "given", "correct", "score", "answered_at"},
    )
    db.table("lesson_checks").create_index(["user_id", "page", "number"])
    db.table("lesson_reads").create(
        {"user_id": int, "page": str, "first_read_at": str, "last_read_at": str},
        pk=("user_id", "page"),
        foreign_keys=[("user_id", "users", "id")],
        not_null={"first_read_at", "last_read_at"},
    )
    db.execute("ALTER TABLE classes ADD COLUMN archived_at TEXT")
    db.execute("ALTER TABLE reports ADD COLUMN closed_at TEXT")
    db.execute("ALTER TABLE reports ADD COLUMN closed_by INTEGER REFERENCES users(id)")
    db.execute("CREATE INDEX idx_reports_open ON reports (status, created_at)")


def connect(path: str | Path) -> Database:
    """Open the database file with the settings every connection needs."""
    # isolation_level=None: no implicit transactions; writes go through write_transaction() or
    # sqlite-utils' atomic(), so a reading request never holds a lock it does not need.
    connection = sqlite3.connect(str(path), timeout=10, check_same_thread=False, isolation_level=None)
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA busy_timeout = 10000")
    db = Database(connection)
    if db.journal_mode != "wal":
        db.enable_wal()
    # In WAL mode NORMAL syncs at checkpoints, not at every commit: a committed answer survives the
    # server being killed (it is in the OS's hands); only a power cut could lose the last moments.
    connection.execute("PRAGMA synchronous = NORMAL")
    return db


_WRITE_LOCK = threading.Lock()


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """A transaction that takes the write lock at once (BEGIN IMMEDIATE).

    Concurrent writers then wait on the busy timeout; a deferred transaction
    that reads first and writes later could instead fail at once with
    "database is locked" when another writer got in between.
    """
    if db.conn.in_transaction:
        with db.atomic():  # nested: a savepoint inside the outer transaction
            yield db
        return
    # Writers queue on locks that wake the next one at once: a thread lock within the process and a
    # file lock between server processes. SQLite's own busy handler sleeps in steps of up to
    # 100 ms, which under load made the slowest requests. (Other programs still get the busy timeout.)
    with _WRITE_LOCK, _file_lock(db):
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.conn.execute("ROLLBACK")
            raise
        db.conn.execute("COMMIT")


_LOCK_FILES: dict[tuple[int, str], int] = {}


@contextmanager
def _file_lock(db: Database) -> Iterator[None]:
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    if not path:  # an in-memory database has no other processes
        yield
        return
    # One descriptor per process: a descriptor inherited across fork would share its lock.
    key = (os.getpid(), path)
    fd = _LOCK_FILES.get(key)
    if fd is None:
        fd = _LOCK_FILES[key] = os.open(path + "-writelock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


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


UNAVAILABLE = {
    sqlite3.SQLITE_BUSY,
    sqlite3.SQLITE_LOCKED,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PROTOCOL,
}
"""SQLite's primary result codes for a database that cannot be used just now (read-only, a disk error,
a full disk, locked too long), as opposed to a mistake in the code."""


def is_unavailable(error: BaseException) -> bool:
    """Whether ``error`` means the database file cannot be used just now; trying again later may work."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.Error) and code is not None and code & 0xFF in UNAVAILABLE


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
    """Drop ``db`` from this thread's connections, close it, and reopen the write lock's file next time."""
    open_here: OrderedDict[str, Database] = _pool.__dict__.setdefault("dbs", OrderedDict())
    for path, pooled in list(open_here.items()):
        if pooled is db:
            del open_here[path]
    try:
        path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    except sqlite3.Error:
        path = ""
    with suppress(sqlite3.Error):
        db.conn.close()  # also ends an open transaction
    if path:
        with _WRITE_LOCK:  # no thread of this process holds the file lock while its descriptor goes
            fd = _LOCK_FILES.pop((os.getpid(), path), None)
            if fd is not None:
                with suppress(OSError):
                    os.close(fd)


def backup(source: str | Path, destination: str | Path) -> Path:
    """A consistent copy of a live database, checked before it is kept.

    The copy is made in one step (``VACUUM INTO``, inside one read transaction), so writers may go
    on meanwhile and the copy is the database as of one moment; a copy in steps started over each
    time an answer arrived, and never finished on a busy server. It is written beside the
    destination and renamed into place only once ``PRAGMA integrity_check`` passes, so a failed
    backup never leaves a half-written file under the name asked for. Afterwards the live
    database's WAL is checkpointed and truncated, if no one is in the way.
    """
    target = Path(destination)
    if target.is_dir():
        target = target / f"tutor-{moment().strftime('%Y%m%d-%H%M%S')}.sqlite"
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)  # VACUUM INTO writes only into a new (or empty) file
    live = sqlite3.connect(f"file:{Path(source)}?mode=ro", uri=True, timeout=10)
    try:
        live.execute("VACUUM INTO ?", (str(partial),))
    finally:
        live.close()
    try:
        copy = sqlite3.connect(partial)
        try:
            verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                raise sqlite3.DatabaseError(f"the copy failed its integrity check: {verdict}")
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
        finally:
            copy.close()
        partial.replace(target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    _checkpoint(source)
    return target


def _checkpoint(path: str | Path) -> None:
    """Fold the WAL into the database file and truncate it; skipped if writers keep it busy or it is read-only."""
    try:
        live = sqlite3.connect(path, timeout=2)
        try:
            live.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        finally:
            live.close()
    except sqlite3.Error:
        pass  # the copy is made; the server's own checkpoints keep the WAL in bounds meanwhile


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
