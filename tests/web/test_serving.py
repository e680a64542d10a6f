"""`tutor serve` as an operator runs it: real processes on 127.0.0.1, every wait bounded.

A worker killed under load is replaced and requests keep succeeding; SIGTERM to the parent stops every
worker; each worker has its own listening socket and both take connections; hundreds of idle
connections do not keep a normal request out.
"""

from __future__ import annotations

import contextlib
import functools
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tutor.web.serving import waitress_settings


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def _wait_for(what: str, check: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what}: not within {timeout} s")


def _tcp_sockets(port: int) -> list[tuple[str, int]]:
    """(state, inode) of every TCP socket whose local port is ``port`` ("0A" listening, "01" established)."""
    found = []
    for table in ("/proc/self/net/tcp", "/proc/self/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port:
                    found.append((fields[3], int(fields[9])))
    return found


def _socket_inodes(pid: int) -> set[int]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(int(target[8:-1]))
    return inodes


class Server:
    """`tutor serve --processes 2` on a free port, in its own session."""

    def __init__(self, folder: Path, extra_env: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        self.log_path = folder / "server.log"
        self.log = open(self.log_path, "wb")  # noqa: SIM115 - closed in close()
        env = {
            **os.environ,
            "TUTOR_DATABASE": str(folder / "tutor.sqlite"),
            "TUTOR_INSTANCE_PATH": str(folder / "instance"),
            "TUTOR_SECRET_KEY": "serving",
            **(extra_env or {}),
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tutor", "serve", "--port", str(self.port), "--processes", "2"],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_for("two workers listening", lambda: self._check_running() and self.listening() == 2, timeout=60)
        except BaseException:
            self.close()  # never leave a half-started server behind
            raise

    def _check_running(self) -> bool:
        assert self.process.poll() is None, self.log_path.read_text()
        return True

    def workers(self) -> list[int]:
        pid = self.process.pid
        try:
            text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        except FileNotFoundError:
            return []
        return [int(child) for child in text.split() if _alive(int(child))]

    def listening(self) -> int:
        return sum(1 for state, _ in _tcp_sockets(self.port) if state == "0A")

    def get(self, path: str = "/", timeout: float = 5) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            return response.status
        finally:
            connection.close()

    def close(self) -> None:
        """SIGKILL to the whole session: the parent and any worker, whatever state the test left them in."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.log.close()


def _replaced(server: Server, victim: int) -> bool:
    workers = server.workers()
    return victim not in workers and len(workers) == 2


def _answered_since(outcomes: list[tuple[float, float, bool]], moment: float) -> bool:
    return sum(1 for started, _, _ in outcomes if started > moment) >= 50


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path)
    yield running
    running.close()


def test_a_dead_worker_is_replaced_and_requests_keep_succeeding(server: Server) -> None:
    outcomes: list[tuple[float, float, bool]] = []  # (started, ended, answered 200)
    stop = threading.Event()

    def load() -> None:
        while not stop.is_set():
            started = time.monotonic()
            try:
                ok = server.get("/", timeout=10) == 200
            except (OSError, http.client.HTTPException):  # in flight on the worker that was killed
                ok = False
            outcomes.append((started, time.monotonic(), ok))

    clients = [threading.Thread(target=load) for _ in range(4)]
    for client in clients:
        client.start()
    try:
        _wait_for("the first answers under load", lambda: len(outcomes) >= 20)
        for how in (signal.SIGKILL, signal.SIGTERM):  # kill -9, then a polite kill of another worker
            before = server.workers()
            assert len(before) == 2
            victim = before[0]
            os.kill(victim, how)
            _wait_for(f"a worker replacing {victim}", functools.partial(_replaced, server, victim))
            _wait_for("two listening sockets again", lambda: server.listening() == 2)
            restarted = time.monotonic()
            _wait_for("answers after the restart", functools.partial(_answered_since, outcomes, restarted))
            after = [ok for started, _, ok in outcomes if started > restarted]
            assert all(after), f"{after.count(False)} of {len(after)} requests failed after the restart"
    finally:
        stop.set()
        for client in clients:
            client.join(timeout=15)
    assert server.process.poll() is None
    assert "starting another" in server.log_path.read_text()


def test_sigterm_to_the_parent_stops_every_worker(server: Server) -> None:
    workers = server.workers()
    assert len(workers) == 2 and server.get() == 200
    server.process.send_signal(signal.SIGTERM)  # the parent only, not its process group
    assert server.process.wait(timeout=15) == 0
    _wait_for("no orphaned worker", lambda: not any(_alive(pid) for pid in workers), timeout=5)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=1).close()


def test_each_worker_listens_on_its_own_socket_and_both_take_connections(server: Server) -> None:
    assert server.listening() == 2  # one shared socket would show once
    connections = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=5) for _ in range(60)]
    try:
        for connection in connections:  # keep-alive: each stays open, held by the worker that accepted it
            connection.request("GET", "/")
            assert connection.getresponse().read()
        established = {inode for state, inode in _tcp_sockets(server.port) if state == "01"}
        held = {pid: len(_socket_inodes(pid) & established) for pid in server.workers()}
    finally:
        for connection in connections:
            connection.close()
    assert sum(held.values()) == 60, held
    assert all(count >= 12 for count in held.values()), f"uneven: {held}"


def test_300_idle_connections_do_not_keep_a_request_out(server: Server) -> None:
    idle = []
    try:
        for number in range(300):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            if number % 2:  # half-open: a request that never finishes
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.append(sock)
        started = time.monotonic()
        assert server.get("/", timeout=5) == 200
        assert time.monotonic() - started < 5
    finally:
        for sock in idle:
            sock.close()


def test_waitress_settings_come_from_the_environment() -> None:
    defaults = waitress_settings({})
    assert defaults["connection_limit"] >= 500 and defaults["channel_timeout"] <= 60 and defaults["asyncore_use_poll"]
    chosen = waitress_settings({"TUTOR_CONNECTION_LIMIT": "50", "TUTOR_CHANNEL_TIMEOUT": "5"})
    assert (chosen["connection_limit"], chosen["channel_timeout"]) == (50, 5)
    with pytest.raises(SystemExit, match="TUTOR_CHANNEL_TIMEOUT"):
        waitress_settings({"TUTOR_CHANNEL_TIMEOUT": "soon"})
