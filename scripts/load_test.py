"""Load check of the web app on loopback (run by hand).

    .venv/bin/python scripts/load_test.py [--url http://127.0.0.1:5000] [--requests 200] [--connections 20]

Without --url it starts its own `tutor serve` (waitress) on a free port with a
throwaway database. It measures:

1. lesson pages, one at a time: server time per request (the app's
   Server-Timing header) and the round trip, p50 and p95, first request per
   page excluded;
2. a burst of mixed requests (lessons, yaku pages, the calculator, the point
   tables, POST /api/score) over N concurrent keep-alive connections: errors,
   throughput and latency percentiles.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

LESSONS = [
    "tiles",
    "hand-shape",
    "everyday-yaku",
    "one-han",
    "two-han",
    "three-six-han",
    "yakuman",
    "dora",
    "fu",
    "points",
    "furiten",
    "draws",
]
SCORE = json.dumps({"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"})
MIXED = [
    ("GET", "/lessons/fu", None),
    ("GET", "/lessons/points", None),
    ("GET", "/yaku/pinfu", None),
    ("GET", "/yaku/", None),
    (
        "GET",
        "/calculator?hand=123p77z666z&win=3p&tsumo=1&meld1_kind=minkan&meld1_tiles=8888p&meld2_kind=pon&meld2_tiles=999m",
        None,
    ),
    ("GET", "/tables", None),
    ("POST", "/api/score", SCORE),
    ("GET", "/", None),
]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def latency(values: list[float]) -> str:
    """``p50 3.1 ms, p95 ..., p99 ..., max ...``: the summary both load scripts print."""
    return (
        f"p50 {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, "
        f"p99 {percentile(values, 0.99):.1f} ms, max {max(values):.1f} ms"
    )


def run_threads(work: Callable[[int], None], count: int) -> float:
    """Run ``work(0)`` ... ``work(count - 1)`` at once, one thread each; the seconds until all are done."""
    threads = [threading.Thread(target=work, args=(n,)) for n in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def fetch(connection: http.client.HTTPConnection, method: str, path: str, body: str | None) -> tuple[int, float, float]:
    headers = {"Content-Type": "application/json"} if body else {}
    start = time.perf_counter()
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    response.read()
    elapsed = (time.perf_counter() - start) * 1000
    timing = response.getheader("Server-Timing", "app;dur=nan")
    return response.status, elapsed, float(timing.split("dur=")[1])


def start_server() -> tuple[subprocess.Popen[bytes], str, tempfile.TemporaryDirectory[str]]:
    folder = tempfile.TemporaryDirectory()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {
        **os.environ,
        "TUTOR_DATABASE": str(Path(folder.name) / "db.sqlite"),
        "TUTOR_INSTANCE_PATH": folder.name,
        "TUTOR_SERVER_TIMING": "1",  # the app's own time per call, which the timings read
        "TUTOR_GUEST_LIMIT": "0",  # every simulated learner is a guest from the same address
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "tutor", "serve", "--port", str(port)], env=env, stdout=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    return server, url, folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=10, help="lesson page views per lesson for the timing")
    args = parser.parse_args()
    server = folder = None
    url = args.url
    if not url:
        server, url, folder = start_server()
    host = urllib.parse.urlparse(url)
    try:
        connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
        server_times, round_trips = [], []
        for slug in LESSONS:
            status, _, _ = fetch(connection, "GET", f"/lessons/{slug}", None)  # warm: the book renders once
            if status != 200:
                print(f"/lessons/{slug}: HTTP {status}")
                continue
            for _ in range(args.rounds):
                _, elapsed, server_ms = fetch(connection, "GET", f"/lessons/{slug}", None)
                round_trips.append(elapsed)
                server_times.append(server_ms)
        print(
            f"lesson pages, {len(server_times)} views: server time p50 {statistics.median(server_times):.2f} ms, "
            f"p95 {percentile(server_times, 0.95):.2f} ms; round trip p50 {statistics.median(round_trips):.2f} ms"
        )

        per_connection = -(-args.requests // args.connections)
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()

        def worker(offset: int) -> None:
            conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
            for i in range(per_connection):
                method, path, body = MIXED[(offset + i) % len(MIXED)]
                try:
                    status, elapsed, _ = fetch(conn, method, path, body)
                except (OSError, http.client.HTTPException) as problem:
                    with lock:
                        errors.append(f"{path}: {problem}")
                    conn = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
                    continue
                with lock:
                    latencies.append(elapsed)
                    if status != 200:
                        errors.append(f"{path}: HTTP {status}")

        wall = run_threads(worker, args.connections)
        total = per_connection * args.connections
        print(
            f"burst: {total} requests over {args.connections} connections in {wall * 1000:.0f} ms "
            f"({total / wall:.0f} req/s), {len(errors)} errors; latency {latency(latencies)}"
        )
        for problem in errors[:10]:
            print("  error:", problem)
    finally:
        if server:
            server.terminate()
            server.wait()
        if folder:
            folder.cleanup()


if __name__ == "__main__":
    main()
