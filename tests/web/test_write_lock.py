"""A bounded wait for the write lock (issue 27).

A worker stalled inside a write (simulated here by holding the lock file, as another process would)
stalled every write, and even ``GET /lessons/fu``, for as long as it held it. Now a writer waits at
most ``WRITE_WAIT`` seconds and then gets 503 with ``Retry-After``; a page that only notes a
reading never waits at all.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_security import register
from tutor import create_app
from tutor.db import WriteBusy, connect, set_write_wait, write_transaction
from tutor.db import connection as db_connection

WAIT = 0.4


@pytest.fixture(autouse=True)
def usual_wait() -> Iterator[None]:
    yield
    set_write_wait(db_connection.WRITE_WAIT)  # the process-wide setting, as every other test expects it


@pytest.fixture
def quick(app: Flask) -> Flask:
    """The app with a short write wait (as TUTOR_WRITE_WAIT would set it)."""
    return create_app({**app.config, "WRITE_WAIT": WAIT})


@contextmanager
def held_by_another_process(app: Flask) -> Iterator[None]:
    """The write lock's file locked through a descriptor of its own: what a stalled worker process holds."""
    fd = os.open(str(app.config["DATABASE"]) + "-writelock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def start_practice(client: FlaskClient):  # type: ignore[no-untyped-def]
    """A write: a new session (and a guest account the first time)."""
    return client.post("/api/questions/next", json={"mode": "practice"}, headers={"X-CSRF-Token": csrf(client)})


def test_a_writer_gets_503_with_retry_after_once_the_wait_is_over(quick: Flask) -> None:
    client = quick.test_client()
    csrf(client)
    with held_by_another_process(quick):
        started = time.perf_counter()
        refused = start_practice(client)
        took = time.perf_counter() - started
    assert refused.status_code == 503 and refused.headers["Retry-After"].isdigit()
    assert refused.json is not None and refused.json["error"]["code"] == "unavailable"
    assert WAIT <= took < WAIT + 1.5, took
    # The lock free again, the same client (and its thread's connection, kept) writes at once.
    assert start_practice(client).status_code == 200


def test_a_page_is_503_too_not_a_hang(quick: Flask) -> None:
    client = quick.test_client()
    with held_by_another_process(quick):
        refused = client.post("/practice/start", data={"csrf_token": csrf(client)})
    assert refused.status_code == 503 and "Retry-After" in refused.headers
    assert "try again" in refused.get_data(as_text=True)


def test_reading_a_lesson_never_waits_on_the_writers(quick: Flask) -> None:
    reader = quick.test_client()
    register(reader, "reader")  # a known visitor (opening a lesson writes nothing since issue 24)
    assert quick.test_client().get("/lessons/fu").status_code == 200  # the lesson read and rendered once
    with held_by_another_process(quick):
        started = time.perf_counter()
        page = reader.get("/lessons/fu")
        took = time.perf_counter() - started
    assert page.status_code == 200 and took < WAIT, took
    assert reader.get("/lessons/fu/1").status_code == 200  # nor does a step, lock or no lock
    db = connect(quick.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM lesson_reads").fetchone()[0] == 0  # opening marks nothing read


def test_a_thread_stalled_inside_a_write_holds_up_others_for_the_wait_only(app: Flask) -> None:
    set_write_wait(WAIT)
    db = connect(app.config["DATABASE"])
    inside, release = threading.Event(), threading.Event()

    def stalled() -> None:
        with write_transaction(connect(app.config["DATABASE"])):
            inside.set()
            release.wait(10)

    worker = threading.Thread(target=stalled)
    worker.start()
    try:
        assert inside.wait(5)
        started = time.perf_counter()
        with pytest.raises(WriteBusy), write_transaction(db):
            pass
        # It waited its bound, then gave up (the upper bound is loose: a loaded CI host is slow).
        assert WAIT <= time.perf_counter() - started < WAIT + 10
    finally:
        release.set()
        worker.join()
    with write_transaction(db):  # free again
        pass


def test_a_burst_of_quick_writers_just_queues(app: Flask) -> None:
    set_write_wait(5, waiters=1)
    done: list[int] = []

    def write(number: int) -> None:
        db = connect(app.config["DATABASE"])
        with write_transaction(db):
            time.sleep(0.02)  # a quick write: the lock is never held long enough to count as stalled
            done.append(number)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(done) == list(range(8))


def test_writers_beyond_the_waiters_limit_are_refused_at_once(app: Flask) -> None:
    set_write_wait(5, waiters=1)
    inside, release = threading.Event(), threading.Event()
    waiting = threading.Event()
    outcomes: list[str] = []

    def holder() -> None:
        with write_transaction(connect(app.config["DATABASE"])):
            inside.set()
            release.wait(10)

    def waiter() -> None:
        waiting.set()
        with write_transaction(connect(app.config["DATABASE"])):
            outcomes.append("wrote")

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    threads[0].start()
    assert inside.wait(5)
    threads[1].start()
    assert waiting.wait(5)
    time.sleep(db_connection.STALLED + 0.1)  # the waiter is queued, the holder counts as stalled
    started = time.perf_counter()
    with pytest.raises(WriteBusy, match="too many writers"), write_transaction(connect(app.config["DATABASE"])):
        pass
    assert time.perf_counter() - started < WAIT  # refused before any wait: a thread stays free for readers
    release.set()
    for thread in threads:
        thread.join()
    assert outcomes == ["wrote"]  # the one queued writer got its turn


@pytest.mark.parametrize("value", ["x", "0", "-1", "99"])
def test_the_wait_setting_is_checked(app: Flask, value: str) -> None:
    with pytest.raises(ValueError, match="TUTOR_WRITE_WAIT"):
        create_app({**app.config, "WRITE_WAIT": value})
