"""Connections to the database file, the write lock every writer takes, and backups. No Flask here.

One file, WAL, foreign keys on. :func:`write_transaction` serialises writers across the threads and
processes of a server; :func:`migrate` brings a file's schema up to date and is safe to run on every start.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path

from sqlite_utils import Database

from tutor.clock import moment
from tutor.db.schema import migrations


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

WRITE_WAIT = 5.0
"""Seconds a writer waits for the write lock at most (``TUTOR_WRITE_WAIT``; :func:`set_write_wait`).
A writer stalled inside its transaction must not stall every other writer (and, through the
server's threads, every reader) for as long as it likes: past this wait the write is refused
with :class:`WriteBusy`, which the web app answers with 503 and ``Retry-After``."""
_settings = {"wait": WRITE_WAIT, "waiters": 0}
_waiting = [0]
_no_wait: ContextVar[bool] = ContextVar("no_wait", default=False)


class WriteBusy(sqlite3.OperationalError):
    """The write lock was not free within the wait: the database is busy; trying again later may work."""

    sqlite_errorcode = sqlite3.SQLITE_BUSY  # what is_unavailable() reads: a busy database, like SQLite's own


def set_write_wait(seconds: float, waiters: int = 0) -> None:
    """How long writers of this process wait for the write lock, and how many may wait at once
    behind a stalled writer (0: no limit). A server with N threads sets ``waiters`` below N, so that
    writers queued behind a stalled one never take every thread: a reader always finds one free."""
    if seconds < 0 or waiters < 0:
        raise ValueError("the write wait and the number of waiters are never negative")
    _settings.update(wait=seconds, waiters=waiters)


@contextmanager
def skip_if_busy() -> Iterator[None]:
    """Writes inside take the lock only if it is free at once, and are skipped (silently) otherwise.

    For the small notes a page makes while it is read (a lesson opened, a language chosen): a
    reader never waits on writers for them, and losing one under load costs nothing.
    """
    token = _no_wait.set(True)
    try:
        yield
    except WriteBusy:
        pass
    finally:
        _no_wait.reset(token)


@contextmanager
def write_transaction(db: Database) -> Iterator[Database]:
    """A transaction that takes the write lock at once (BEGIN IMMEDIATE).

    Concurrent writers then queue for the lock (at most :data:`WRITE_WAIT` seconds, then
    :class:`WriteBusy`); a deferred transaction that reads first and writes later could instead
    fail at once with "database is locked" when another writer got in between.
    """
    if db.conn.in_transaction:
        with db.atomic():  # nested: a savepoint inside the outer transaction
            yield db
        return
    # Writers queue on locks that wake the next one at once: a thread lock within the process and a
    # file lock between server processes. SQLite's own busy handler sleeps in steps of up to
    # 100 ms, which under load made the slowest requests. (Other programs still get the busy timeout.)
    with _write_lock(db):
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.conn.execute("ROLLBACK")
            raise
        db.conn.execute("COMMIT")


@contextmanager
def _write_lock(db: Database) -> Iterator[None]:
    """Both locks, within the wait (none at all inside :func:`skip_if_busy`); else WriteBusy."""
    wait = 0.0 if _no_wait.get() else float(_settings["wait"])
    deadline = time.monotonic() + wait
    with _WAITERS_LOCK:
        held = _held_since[0]
        stalled = held is not None and time.monotonic() - held > STALLED
        if stalled and _settings["waiters"] and _waiting[0] >= _settings["waiters"]:
            raise WriteBusy("too many writers are waiting for a write lock held too long")
        _waiting[0] += 1
    try:
        taken = _WRITE_LOCK.acquire(timeout=wait) if wait else _WRITE_LOCK.acquire(blocking=False)
    finally:
        with _WAITERS_LOCK:
            _waiting[0] -= 1
    if not taken:
        raise WriteBusy(f"the write lock was not free within {wait:g} s")
    _held_since[0] = time.monotonic()
    try:
        with _file_lock(db, deadline):
            yield
    finally:
        _held_since[0] = None
        _WRITE_LOCK.release()


_WAITERS_LOCK = threading.Lock()
_held_since: list[float | None] = [None]
"""When this process's current writer took the thread lock (None: free); it may still be waiting for the file lock."""
STALLED = 0.5
"""Seconds after which a writer counts as stalled: a usual write holds the lock for milliseconds. Only then
are writers beyond the waiters limit refused at once; a burst of quick writes just queues."""


_LOCK_FILES: dict[tuple[int, str], int] = {}


@contextmanager
def _file_lock(db: Database, deadline: float) -> Iterator[None]:
    path = db.conn.execute("PRAGMA database_list").fetchone()[2]
    if not path:  # an in-memory database has no other processes
        yield
        return
    # One descriptor per process: a descriptor inherited across fork would share its lock.
    key = (os.getpid(), path)
    fd = _LOCK_FILES.get(key)
    if fd is None:
        fd = _LOCK_FILES[key] = os.open(path + "-writelock", os.O_RDWR | os.O_CREAT, 0o600)
    _flock_until(fd, deadline)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _flock_until(fd: int, deadline: float) -> None:
    """Take the file lock, trying until ``deadline`` (time.monotonic()); else WriteBusy.

    flock() has no timeout, so a lock held by another process is tried again after a short sleep,
    1 ms at first, at most 10 ms: the next writer starts within 10 ms of the lock coming free.
    Within one process the thread lock already queues the writers, so only one thread tries here.
    """
    pause = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            left = deadline - time.monotonic()
            if left <= 0:
                raise WriteBusy("another process held the write lock for the whole wait") from None
            time.sleep(min(pause, left))
            pause = min(pause * 2, 0.01)


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


def migrate(path: str | Path) -> int:
    """Create or upgrade the database file at ``path``; returns how many migrations have been applied in all."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    try:
        migrations.apply(db)
        return len(migrations.applied(db))
    finally:
        db.conn.close()


def close(db: Database) -> None:
    """Close ``db`` after a database error, and reopen the write lock's file next time.

    A connection opened while the file was read-only stays read-only, and one that met a disk error may be
    left unusable; the process's write-lock descriptor for the file is reopened too.
    """
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
