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
from typing import Any

import waitress
from flask import Flask

from tutor.db.connection import WRITE_WAIT, set_write_wait

SETTINGS: dict[str, tuple[str, int]] = {
    "connection_limit": ("TUTOR_CONNECTION_LIMIT", 1000),
    "channel_timeout": ("TUTOR_CHANNEL_TIMEOUT", 30),
    "cleanup_interval": ("TUTOR_CLEANUP_INTERVAL", 10),
    "backlog": ("TUTOR_BACKLOG", 1024),
}
"""Waitress setting -> (environment variable, default), per worker process.

* ``connection_limit``: open connections a worker keeps before it stops accepting (waitress's
  default, 100, let ~200 idle connections take two workers offline);
* ``channel_timeout``: seconds a connection may sit idle (or half-sent) before it is closed;
* ``cleanup_interval``: how often, in seconds, idle connections are looked for;
* ``backlog``: connections the kernel queues for a worker that has not accepted them yet.
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
        waitress.serve(app, sockets=[listener], **settings)
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
            for number in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM):
                signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
            _die_with(self.parent)
            self.reservation.close()
            listener = _socket(self.host, self.port, reuse_port=True)
            waitress.serve(self.app, sockets=[listener], **self.settings)
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
