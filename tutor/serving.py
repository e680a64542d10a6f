"""Serving the app with waitress, in one process or several sharing one listening socket.

Python runs one thread at a time per process, so on a machine with more than
one core ``tutor serve`` forks a process per core (at most four); each runs
waitress on the same socket and the kernel hands every new connection to one
of them. Every process opens its own database connections after the fork.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import sys
from typing import Any

import waitress
from flask import Flask


def serve(app: Flask, host: str, port: int, threads: int, processes: int) -> None:
    # Waitress warns on every queued request when all threads are busy: noise under a burst.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    listener = socket.create_server((host, port), backlog=1024)
    _warm(app)
    print(f"Riichi Tutor on http://{host}:{port}/ ({processes} process{'es' if processes > 1 else ''})", flush=True)
    if processes == 1:
        waitress.serve(app, sockets=[listener], threads=threads)
        return
    children = []
    parent = os.getpid()
    for _ in range(processes):
        pid = os.fork()
        if pid == 0:  # the child serves until it is told to stop
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            _die_with(parent)
            try:
                waitress.serve(app, sockets=[listener], threads=threads)
            finally:
                os._exit(0)
        children.append(pid)
    _supervise(children)


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
    app.extensions["lessons"].book("en")


def _supervise(children: list[int]) -> None:
    """Wait for the children; stop them all when told to, or when one of them dies."""

    stopping = False

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    exit_code = 0
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        if pid in children:
            children.remove(pid)
            if status and children and not stopping:
                print(f"tutor serve: process {pid} stopped (status {status}); stopping the others", file=sys.stderr)
                exit_code = 1
                stop(signal.SIGTERM, None)
    if exit_code:
        sys.exit(exit_code)
