"""Durability: a real `tutor serve` killed with SIGKILL in the middle of a stream of answers loses none
that it had acknowledged, and its database passes SQLite's integrity check afterwards."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

LEARNERS = 6
ACKNOWLEDGED_BEFORE_KILL = 150


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`tutor serve` (two processes) in its own process group, so one signal reaches all of it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.logs: list[Any] = []

    @property
    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "TUTOR_DATABASE": str(self.folder / "tutor.sqlite"),
            "TUTOR_INSTANCE_PATH": str(self.folder / "instance"),
            "TUTOR_SECRET_KEY": "durability",  # the same key after the restart: the learners' cookies stay valid
        }

    def start(self) -> None:
        self.port = _free_port()
        log = open(self.folder / f"server-{self.port}.log", "wb")  # noqa: SIM115 - closed in stop()
        self.logs.append(log)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "serve", "--port", str(self.port), "--processes", "2"],
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                assert self.process.poll() is None, (self.folder / f"server-{self.port}.log").read_text()
                time.sleep(0.05)
        raise AssertionError("the server did not start within 60 s")

    def kill(self) -> None:
        """SIGKILL to the whole group at once: no handler runs, nothing is flushed or closed."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # the forked workers die with the group; wait until they have
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)
        raise AssertionError("server processes outlived SIGKILL")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        for log in self.logs:
            log.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    running.start()
    yield running
    running.stop()


class Learner:
    """One client: a keep-alive connection, the session cookie and CSRF token, and what was acknowledged."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.token = ""
        self.acknowledged: list[tuple[int, str]] = []
        """(answer id, question id) of every answer the server confirmed."""
        self.stopped_by: BaseException | None = None

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "X-CSRF-Token": self.token}
        if self.cookie:
            headers["Cookie"] = self.cookie
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, json.loads(data) if data else None

    def answer_until_stopped(self) -> None:
        try:
            self.token = self.call("GET", "/api/session")[1]["csrf_token"]
            status, body = self.call("POST", "/api/questions/next", {"mode": "practice", "topics": ["fu"]})
            while True:
                assert status == 200, body
                question = body["question"]
                status, graded = self.call("POST", f"/api/questions/{question['id']}/answer", {"answers": {"fu": "30"}})
                assert status == 200, graded
                self.acknowledged.append((graded["answer_id"], question["id"]))
                status, body = self.call("POST", "/api/questions/next", {"session_id": body["session_id"]})
        except (OSError, http.client.HTTPException) as lost:
            self.stopped_by = lost  # the server went away mid-request: expected, once it is killed
        finally:
            self.connection.close()


def test_acknowledged_answers_survive_sigkill(server: Server) -> None:
    learners = [Learner(server.port) for _ in range(LEARNERS)]
    threads = [threading.Thread(target=learner.answer_until_stopped, daemon=True) for learner in learners]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while sum(len(learner.acknowledged) for learner in learners) < ACKNOWLEDGED_BEFORE_KILL:
        assert time.monotonic() < deadline, "too few answers acknowledged in 60 s"
        assert all(thread.is_alive() for thread in threads), [learner.stopped_by for learner in learners]
        time.sleep(0.01)
    server.kill()
    for thread in threads:
        thread.join(timeout=30)
    # Every learner was still answering when the server died: the kill came mid-stream.
    assert all(isinstance(learner.stopped_by, OSError | http.client.HTTPException) for learner in learners)
    acknowledged = [pair for learner in learners for pair in learner.acknowledged]
    assert len(acknowledged) >= ACKNOWLEDGED_BEFORE_KILL

    database = sqlite3.connect(server.folder / "tutor.sqlite")
    try:
        assert database.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = dict(database.execute("SELECT id, question_id FROM answers").fetchall())
        missing = [pair for pair in acknowledged if stored.get(pair[0]) != pair[1]]
        assert not missing, f"{len(missing)} acknowledged answers lost: {missing[:5]}"
        assert database.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        database.close()

    # The server starts again on the same file, and a learner finds their answer where they left it.
    server.start()
    learner = learners[0]
    learner.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    answer_id, question_id = learner.acknowledged[-1]
    try:
        status, body = learner.call("GET", f"/api/questions/{question_id}")
    finally:
        learner.connection.close()
    assert status == 200 and body["answered"] and body["answer"]["answer_id"] == answer_id
