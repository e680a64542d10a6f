"""Load check of practice: simulated learners fetch a question and answer it, in a loop (run by hand).

    .venv/bin/python scripts/load_practice.py [--learners 40] [--seconds 60] [--think 0]

It starts its own `tutor serve` (waitress) on a free loopback port with a
throwaway database, runs the learners for the given time (each with its own
session cookie, CSRF token and guest account, through the JSON API), then
prints, for both calls: count, 5xx and other errors, latency p50/p95/p99/max;
and checks that every answer the server acknowledged is in the database.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_test import latency, run_threads, start_server

TOPICS = ["everyday-yaku", "one-han", "fu", "points", "dora", "waits", "furiten", "table"]


class Learner:
    """One browser's worth of state: a keep-alive connection, the session cookie and the CSRF token."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.connection = http.client.HTTPConnection(host, port, timeout=30)
        self.cookie = ""
        self.token = ""
        self.server_ms = 0.0
        """The app's own time for the last call (its Server-Timing header), queueing excluded."""

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any, float]:
        headers = {"Content-Type": "application/json", "X-CSRF-Token": self.token}
        if self.cookie:
            headers["Cookie"] = self.cookie
        start = time.perf_counter()
        for retry in (True, False):
            try:
                payload = json.dumps(body) if body is not None else None
                self.connection.request(method, path, body=payload, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
                break
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # The server closed a keep-alive connection that sat idle past its channel timeout before this
                # request reached it; a browser sends the request again on a new connection, and so do we.
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                if not retry:
                    raise
            except (OSError, http.client.HTTPException):
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
                raise
        elapsed = (time.perf_counter() - start) * 1000
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        self.server_ms = float(response.getheader("Server-Timing", "app;dur=nan").split("dur=")[1])
        return response.status, json.loads(data) if data else None, elapsed


def answer_for(question: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A plausible answer, right or wrong: the point is the load, not the score."""
    answers: dict[str, Any] = {}
    for part in question["parts"]:
        if "choices" in part:
            answers[part["kind"]] = [rng.choice(part["choices"])["value"]]
        elif part["kind"] in ("points", "table"):
            answers[part["kind"]] = rng.choice(["1000", "2000", "3900", "1000/2000", "8000"])
        else:
            answers[part["kind"]] = str(rng.choice([1, 2, 3, 30, 40]))
    return answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a learner spends on a question before answering (0: none, the worst case)",
    )
    args = parser.parse_args()
    server, url, folder = start_server()
    port = int(url.rsplit(":", 1)[1])
    timings: dict[str, list[float]] = {"next": [], "answer": []}
    app_times: dict[str, list[float]] = {"next": [], "answer": []}
    failures: dict[str, list[str]] = {"next": [], "answer": []}
    acknowledged: list[int] = []
    lock = threading.Lock()
    deadline = time.perf_counter() + args.seconds

    def timed(learner: Learner, call: str, path: str, body: Any) -> Any:
        """POST and record the time; the response body when the server said 200, else None."""
        try:
            status, data, elapsed = learner.call("POST", path, body)
        except (OSError, http.client.HTTPException) as problem:
            with lock:
                failures[call].append(str(problem))
            return None
        with lock:
            timings[call].append(elapsed)
            app_times[call].append(learner.server_ms)
            if status != 200:
                failures[call].append(f"HTTP {status}: {data}")
        return data if status == 200 else None

    def run(number: int) -> None:
        rng = random.Random(number)
        learner = Learner("127.0.0.1", port)
        _, session, _ = learner.call("GET", "/api/session")
        learner.token = session["csrf_token"]
        session_id = None
        if args.think:  # learners arrive over one think time, not all in the same instant
            time.sleep(rng.uniform(0, args.think))
        while time.perf_counter() < deadline:
            body = {"session_id": session_id} if session_id else {"topics": [rng.choice(TOPICS)]}
            served = timed(learner, "next", "/api/questions/next", body)
            if served is None:
                continue
            session_id, question = served["session_id"], served["question"]
            if args.think:
                time.sleep(rng.expovariate(1 / args.think))
            path = f"/api/questions/{question['id']}/answer"
            graded = timed(learner, "answer", path, {"answers": answer_for(question, rng)})
            if graded is not None:
                with lock:
                    acknowledged.append(graded["answer_id"])

    try:
        wall = run_threads(run, args.learners)
    finally:
        server.terminate()
        server.wait()
    print(
        f"{args.learners} learners for {wall:.1f} s against tutor serve (waitress) on loopback, "
        f"think time {args.think:g} s"
    )
    for call, values in timings.items():
        server_errors = sum(1 for f in failures[call] if f.startswith("HTTP 5"))
        print(
            f"  {call:<7} {len(values):>6} calls ({len(values) / wall:.0f}/s), {server_errors} 5xx, "
            f"{len(failures[call]) - server_errors} other failures; latency {latency(values)}"
        )
        inside = app_times[call]
        print(f"          inside the app (Server-Timing): {latency(inside)}; the rest is queueing and the network")
        for failure in failures[call][:5]:
            print("     ", failure[:200])
    database = sqlite3.connect(Path(folder.name) / "db.sqlite")
    stored = {row[0] for row in database.execute("SELECT id FROM answers")}
    database.close()
    missing = [a for a in acknowledged if a not in stored]
    print(
        f"  answers acknowledged {len(acknowledged)}, found in the database {len(acknowledged) - len(missing)}, missing {len(missing)}"
    )
    folder.cleanup()


if __name__ == "__main__":
    main()
