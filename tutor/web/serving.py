"""Serving the app with waitress: one process, or a supervisor and one worker process per core.

Python runs one thread at a time per process, so on a machine with more than
one core ``tutor serve`` forks a worker per core (at most four). Each worker
listens on its own socket bound to the same address with ``SO_REUSEPORT``, so
the kernel spreads new connections evenly over the workers (rather than
letting whichever process wakes first take them all); a worker that dies takes
only its own socket with it, and the kernel sends new connections to the
others. The parent only supervises: it keeps the port reserved (bound, never
listening), starts a new worker in place of one that dies, and on SIGTERM or
SIGINT stops every worker and waits for them. Every worker opens its own
database connections after the fork.

Waitress's limits come from the environment (see :func:`waitress_settings`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import resource
import signal
import socket
import sys
import time
import traceback
from collections.abc import Mapping
from typing import Any, cast

from flask import Flask
from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask

from tutor.app import SECURITY_HEADERS
from tutor.db.connection import WRITE_WAIT, set_write_wait

SETTINGS: dict[str, tuple[str, int]] = {
    "connection_limit": ("TUTOR_CONNECTION_LIMIT", 1000),
    "channel_timeout": ("TUTOR_CHANNEL_TIMEOUT", 10),
    "cleanup_interval": ("TUTOR_CLEANUP_INTERVAL", 2),
    "backlog": ("TUTOR_BACKLOG", 1024),
    "connections_per_address": ("TUTOR_CONNECTIONS_PER_ADDRESS", 100),
}
"""Setting -> (environment variable, default), per worker process.

* ``connection_limit``: open connections a worker keeps (waitress's default, 100, let ~200 idle
  connections take two workers offline). Past it the worker does not stop accepting, as waitress
  would (3,000 idle sockets once made every new request wait 31-34 s): the connection idle longest
  is closed to make room (:class:`GuardedServer`);
* ``channel_timeout``: seconds a connection may sit idle (or half-sent) before it is closed;
* ``cleanup_interval``: how often, in seconds, idle connections are looked for;
* ``backlog``: connections the kernel queues for a worker that has not accepted them yet;
* ``connections_per_address``: open connections one client address may hold in a worker; past it
  that address's connection idle longest is closed (a browser opens about 6; a school behind one
  address of 30 browsers spreads over the workers). Ours, not waitress's.
"""

RESTART_PAUSE = 1.0
"""A worker that dies within this many seconds of its start is restarted only after this pause."""

STOP_GRACE = 10
"""Seconds the workers get to stop after SIGTERM before they are killed."""


def waitress_settings(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Waitress's keyword arguments for each worker, from ``TUTOR_*`` variables or the defaults.

    >>> waitress_settings({"TUTOR_CHANNEL_TIMEOUT": "5"})["channel_timeout"]
    5
    """
    environ = os.environ if environ is None else environ
    settings: dict[str, Any] = {}
    for name, (variable, default) in SETTINGS.items():
        text = environ.get(variable, "").strip()
        try:
            value = int(text) if text else default
        except ValueError:
            raise SystemExit(f"tutor serve: {variable} must be a whole number, not {text!r}") from None
        if value < 1:
            raise SystemExit(f"tutor serve: {variable} must be at least 1, not {value}")
        settings[name] = value
    # poll() rather than select(): select cannot watch descriptors numbered 1024 or more.
    settings["asyncore_use_poll"] = True
    return settings


STOP_DRAIN = STOP_GRACE - 2
"""Seconds a worker told to stop (SIGTERM) gives the requests in flight to finish, after it stops accepting."""


class SecureErrorTask(ErrorTask):
    """Waitress's own error responses (a malformed request, a body too large) with the app's security headers."""

    def execute(self) -> None:
        cast(list[tuple[str, str]], self.response_headers).extend(SECURITY_HEADERS.items())
        super().execute()


class GuardedChannel(HTTPChannel):
    error_task_class = SecureErrorTask


class GuardedServer(TcpWSGIServer):
    """Waitress's server, except that it never stops accepting.

    At its connection limit, or at the per-address limit, it closes the connection idle longest (of
    that address, for the per-address limit) instead: a flood of idle sockets costs their owner
    their oldest sockets, not everyone their next request. A connection with a request in progress
    is never closed; when every one is busy, the new one is.
    """

    channel_class = GuardedChannel

    def __init__(self, app: Any, listener: socket.socket, adj: Adjustments, per_address: int) -> None:
        self.per_address = per_address
        sockinfo = (listener.family, listener.type, listener.proto, listener.getsockname())
        super().__init__(app, map={}, _sock=listener, adj=adj, bind_socket=False, sockinfo=sockinfo)

    def readable(self) -> bool:
        now = int(time.time())
        if now >= self.next_channel_cleanup:  # waitress's maintenance: connections idle too long are closed
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return bool(self.accepting)  # and never a pause in accepting (see handle_accept)

    def handle_accept(self) -> None:
        channels = self.channels()
        try:
            accepted = self.accept()
        except OSError:
            return
        if accepted is None:
            return
        conn, addr = accepted
        address = addr[0] if isinstance(addr, tuple) else addr
        same = [c for c in channels if _address_of(c) == address]
        crowded = [(same, len(same) >= self.per_address), (channels, len(channels) >= self.adj.connection_limit)]
        for group, full in crowded:
            if full and not _close_idlest(group):
                conn.close()  # every connection is busy with a request: this one waits its turn elsewhere
                return
        try:
            self.set_socket_options(conn)
        except OSError:
            conn.close()
            return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self.sockets)

    def channels(self) -> list[Any]:
        """The open client connections (waitress's stubs type this map loosely)."""
        return list(cast(dict[int, Any], self.active_channels).values())

    @property
    def sockets(self) -> dict[int, Any]:
        """The socket map the event loop polls: the listener, the wake-up pipe and the connections."""
        return cast(dict[int, Any], cast(Any, self)._map)

    def stop(self, drain: float) -> None:
        """Stop accepting, let the requests in flight finish (at most ``drain`` seconds), then close everything."""
        self.accepting = False
        wasyncore.dispatcher.close(self)  # the listening socket only; the trigger stays for the threads' answers
        deadline = time.monotonic() + drain
        while time.monotonic() < deadline:
            for channel in self.channels():
                if not (channel.requests or channel.total_outbufs_len):
                    channel.handle_close()  # idle: nothing in flight to lose
            if not self.channels():
                break
            wasyncore.loop(timeout=0.05, map=self.sockets, use_poll=True, count=1)
        self.task_dispatcher.shutdown(timeout=1)
        wasyncore.close_all(self.sockets)


def _address_of(channel: Any) -> Any:
    addr = getattr(channel, "addr", None)
    return addr[0] if isinstance(addr, tuple) else addr


def _close_idlest(channels: list[Any]) -> bool:
    """Close the connection of ``channels`` idle longest (none with a request in flight); False if all are busy."""
    idle = [c for c in channels if not c.requests and not c.total_outbufs_len]
    if not idle:
        return False
    min(idle, key=lambda c: c.last_activity).handle_close()
    return True


def serve_on(app: Flask, listener: socket.socket, settings: dict[str, Any]) -> None:
    """Serve on one listening socket until SIGTERM or SIGINT, then stop gracefully (:meth:`GuardedServer.stop`)."""
    options = dict(settings)
    per_address = int(options.pop("connections_per_address"))
    server = GuardedServer(app, listener, Adjustments(**options), per_address)
    stopping: list[int] = []

    def stop(signum: int, frame: Any) -> None:
        stopping.append(signum)  # the loop below notices within its poll timeout (1 s)

    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, stop)
    # A worker starts with these blocked (see Supervisor._start): one sent meanwhile arrives now, handled.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    while not stopping:
        wasyncore.loop(timeout=server.adj.asyncore_loop_timeout, map=server.sockets, use_poll=True, count=1)
    server.stop(STOP_DRAIN)


def serve(app: Flask, host: str, port: int, threads: int, processes: int) -> None:
    # Waitress warns on every queued request when all threads are busy: noise under a burst.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    settings = {**waitress_settings(), "threads": threads}
    # Writers queued behind a stalled one may take all but two threads: one holds the lock, one is
    # always free for readers, who never wait on writers.
    set_write_wait(float(app.config.get("WRITE_WAIT", WRITE_WAIT)), max(1, threads - 2))
    _allow_open_files(processes * settings["connection_limit"] + 256)
    _warm(app)
    if processes == 1:
        listener = _socket(host, port, reuse_port=False)
        print(f"Riichi Tutor on http://{host}:{_port_of(listener)}/ (1 process)", flush=True)
        serve_on(app, listener, settings)
        return
    # Bound but never listening: the port stays ours (a clash fails here, not in every worker)
    # and the kernel never hands it a connection.
    reservation = _socket(host, port, reuse_port=True)
    port = _port_of(reservation)
    print(f"Riichi Tutor on http://{host}:{port}/ ({processes} processes)", flush=True)
    Supervisor(app, host, port, settings, reservation).run(processes)


class Supervisor:
    """The parent process: starts the workers, replaces any that die, stops them all when told to."""

    def __init__(self, app: Flask, host: str, port: int, settings: dict[str, Any], reservation: socket.socket) -> None:
        self.app = app
        self.host = host
        self.port = port
        self.settings = settings
        self.reservation = reservation
        self.parent = os.getpid()
        self.workers: dict[int, float] = {}
        """Worker pid -> when it started (time.monotonic())."""
        self.stopping = False

    def run(self, processes: int) -> None:
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        signal.signal(signal.SIGALRM, self._kill_the_rest)
        for _ in range(processes):
            self._start()
        while self.workers:
            try:
                pid, status = os.wait()
            except ChildProcessError:
                break
            started = self.workers.pop(pid, None)
            if started is None or self.stopping:
                continue
            lived = time.monotonic() - started
            print(
                f"tutor serve: worker {pid} stopped ({_describe(status)}) after {lived:.1f} s; starting another",
                file=sys.stderr,
                flush=True,
            )
            if lived < RESTART_PAUSE:  # it may be failing at start: do not spin
                time.sleep(RESTART_PAUSE)
            if not self.stopping:
                self._start()
        signal.alarm(0)
        self.reservation.close()

    def _start(self) -> None:
        # Signals wait until the new pid is recorded, so a SIGTERM now still reaches the new worker.
        blocked = {signal.SIGTERM, signal.SIGINT}
        signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
        try:
            pid = os.fork()
            if pid == 0:
                self._work()  # never returns
            self.workers[pid] = time.monotonic()
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)

    def _work(self) -> None:
        """A worker: its own listening socket on the shared port, serving until it is stopped."""
        code = 1
        try:
            # Not the parent's handlers; SIGTERM and SIGINT stay blocked until serve_on has its own.
            for number in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM):
                signal.signal(number, signal.SIG_DFL)
            _die_with(self.parent)
            self.reservation.close()
            listener = _socket(self.host, self.port, reuse_port=True)
            serve_on(self.app, listener, self.settings)  # a graceful stop on SIGTERM
            code = 0
        except BaseException:
            traceback.print_exc()  # why this worker could not serve; the parent starts another
            sys.stderr.flush()
        finally:
            os._exit(code)

    def _stop(self, signum: int, frame: Any) -> None:
        self.stopping = True
        for pid in self.workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        signal.alarm(STOP_GRACE)

    def _kill_the_rest(self, signum: int, frame: Any) -> None:
        for pid in self.workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _socket(host: str, port: int, reuse_port: bool) -> socket.socket:
    """A TCP socket bound to host:port (not yet listening: waitress calls listen())."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def _port_of(sock: socket.socket) -> int:
    return int(sock.getsockname()[1])


def _describe(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


def _allow_open_files(wanted: int) -> None:
    """Raise this process's limit on open files towards ``wanted`` (each connection is one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def _die_with(parent: int) -> None:
    """Ask Linux to stop this child when the parent dies, even by SIGKILL (no orphaned servers)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: the parent's SIGTERM handler still stops the children
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(0)


def _warm(app: Flask) -> None:
    """Render the lessons before forking, so every process shares them instead of rendering its own."""
    languages = app.jinja_env.globals.get("languages")  # what i18n.init_app offers: every book a reader may ask for
    for lang in languages if isinstance(languages, list) else ["en"]:
        app.extensions["lessons"].book(lang)
