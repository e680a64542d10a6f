"""`tutor serve` fails fast under idle floods and stops gracefully (issue 27), as real processes.

3,000 idle TCP connections once made every new request wait 31-34 s; SIGTERM dropped the requests in
flight; waitress's own error responses carried none of the security headers.
"""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.test_serving import Server, _alive, _wait_for


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path, {"TUTOR_WRITE_WAIT": "8"})
    yield running
    running.close()


def test_a_request_is_answered_within_a_second_with_3000_idle_sockets_open(server: Server) -> None:
    idle = []
    try:
        for number in range(3000):
            try:
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            except OSError:  # the kernel's queue was full for a moment: the flood goes on regardless
                continue
            if number % 3 == 0:  # some half-sent: a request that never finishes
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.append(sock)
        assert len(idle) > 2500
        worst = 0.0
        for _ in range(5):
            started = time.monotonic()
            assert server.get("/", timeout=5) == 200
            worst = max(worst, time.monotonic() - started)
        # Before the limits every new request waited 31-34 s behind the idle sockets. The bound here is
        # loose on purpose (a loaded CI host is slow); docs/deployment.md has the measured times.
        assert worst < 10, worst
    finally:
        for sock in idle:
            sock.close()


def test_waitress_own_errors_carry_the_security_headers(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        # A header waitress refuses itself, before the app sees the request.
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: nope\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert head.startswith("HTTP/1.1 400"), head
    for header in (
        "Content-Security-Policy: default-src 'self'",
        "X-Content-Type-Options: nosniff",
        "X-Frame-Options: DENY",
    ):
        assert header in head, head


class Learner:
    """A guest over one keep-alive connection (cookie and CSRF token), as a browser would be."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        status, body = self.call("GET", "/api/session")
        self.token = body["csrf_token"]

    def call(self, method: str, path: str, body: object = None) -> tuple[int, dict[str, object]]:
        headers = {"Content-Type": "application/json", "X-CSRF-Token": getattr(self, "token", "")}
        if self.cookie:
            headers["Cookie"] = self.cookie
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        if cookie := response.getheader("Set-Cookie"):
            self.cookie = cookie.split(";", 1)[0]
        return response.status, json.loads(data) if data else {}


def test_sigterm_lets_the_requests_in_flight_finish(server: Server, tmp_path: Path) -> None:
    learner = Learner(server.port)
    workers = server.workers()
    # Hold the write lock as a stalled worker would: the learner's next write waits for it.
    fd = os.open(str(tmp_path / "tutor.sqlite-writelock"), os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    outcome: list[tuple[int, dict[str, object]] | BaseException] = []

    def write() -> None:
        try:
            outcome.append(learner.call("POST", "/api/questions/next", {"mode": "practice"}))
        except BaseException as lost:  # reported by the assertion below
            outcome.append(lost)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        time.sleep(1.0)  # the request is in flight, waiting for the lock
        server.process.send_signal(signal.SIGTERM)
        time.sleep(1.5)  # the workers stop accepting; the request is still waiting
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", server.port), timeout=1).close()
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    writer.join(timeout=15)
    learner.connection.close()
    assert outcome and not isinstance(outcome[0], BaseException), outcome
    status, body = outcome[0]
    assert status == 200 and body.get("question"), body
    assert server.process.wait(timeout=15) == 0
    _wait_for("the workers gone", lambda: not any(_alive(pid) for pid in workers), timeout=5)
