"""Load check of a class taking an assignment at once, then the teacher's dashboard (run by hand).

    .venv/bin/python scripts/load_class.py [--students 40] [--questions 20] [--think 0] [--timeout 300]

It starts its own `tutor serve` (waitress) on a free loopback port with a
throwaway database. Setup, not timed: a teacher registers, creates a class and
sets an assignment; the students register and join with the class's code.
Then all the students take the assignment at once (each with its own
keep-alive connection, session cookie and CSRF token): start it, and for each
question read it, answer it and ask for the next. Once they are all done the
teacher's dashboard, class page and class CSV are timed.

It prints, per call: count, 5xx and other errors, latency p50/p95/p99/max (the
round trip and the app's own Server-Timing); checks that the dashboard counts
every student done, that the database holds students × questions answers for
the assignment and every answer the server acknowledged; and says whether the
goals are met (zero errors, answer p99 under 150 ms, dashboard under 300 ms).
Exit status 1 on any error or lost answer.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import sqlite3
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_practice import answer_for
from load_test import latency, percentile, run_threads, start_server

PASSWORD = "load-check-password"
ANSWER_P99_GOAL_MS = 150.0
DASHBOARD_GOAL_MS = 300.0
QUESTION_PATH = re.compile(r"/practice/q/([^/?#]+)$")


class Failure(Exception):
    """A call that did not answer as it should: the student (or the setup) cannot go on."""


class Browser:
    """One browser's worth of state: a keep-alive connection, the session cookie and the CSRF token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.token = ""
        self.server_ms = 0.0
        """The app's own time for the last call (its Server-Timing header), queueing excluded."""
        self.location = ""
        """The Location header of the last response (a redirect's target), else empty."""

    def call(
        self, method: str, path: str, form: dict[str, Any] | None = None, body: Any = None
    ) -> tuple[int, bytes, float]:
        """Send a form (with the CSRF token), a JSON body (token in the header) or nothing; status, body, ms."""
        headers = {"X-CSRF-Token": self.token} if self.token else {}
        data = None
        if form is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            data = urllib.parse.urlencode({**form, "csrf_token": self.token}, doseq=True)
        elif body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body)
        if self.cookie:
            headers["Cookie"] = self.cookie
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            content = response.read()
        except (OSError, http.client.HTTPException):
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            raise
        elapsed = (time.perf_counter() - start) * 1000
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        self.location = urllib.parse.urlsplit(response.getheader("Location", "")).path
        self.server_ms = float(response.getheader("Server-Timing", "app;dur=nan").split("dur=")[1])
        return response.status, content, elapsed

    def expect(
        self, status: int, method: str, path: str, form: dict[str, Any] | None = None, body: Any = None
    ) -> bytes:
        """A setup call that must answer ``status``; its body."""
        got, content, _ = self.call(method, path, form, body)
        if got != status:
            raise Failure(f"{method} {path}: HTTP {got} (wanted {status}): {content[:300]!r}")
        return content

    def refresh_token(self) -> None:
        self.token = json.loads(self.expect(200, "GET", "/api/session"))["csrf_token"]

    def register(self, username: str, role: str = "learner") -> None:
        """A new account, logged in; the CSRF token changes on logging in, so it is fetched again."""
        self.refresh_token()
        self.expect(302, "POST", "/auth/register", {"username": username, "password": PASSWORD, "role": role})
        self.refresh_token()


def set_up(port: int, students: int, questions: int) -> tuple[Browser, int, int, list[Browser]]:
    """The teacher, the class and its assignment, and the students in it (logged in): not timed."""
    teacher = Browser(port)
    teacher.register("teacher", role="teacher")
    teacher.expect(302, "POST", "/classes/", {"name": "Load check class"})
    found = re.fullmatch(r"/classes/(\d+)", teacher.location)
    if not found:
        raise Failure(f"creating the class sent the teacher to {teacher.location!r}")
    class_id = int(found[1])
    page = teacher.expect(200, "GET", f"/classes/{class_id}").decode()
    code = re.search(r"data-join-code>([A-Z0-9-]+)<", page)
    if not code:
        raise Failure("no join code on the class page")
    settings = {
        "title": "Load check",
        "topic": ["fu", "points"],
        "size": questions,
        "difficulty": 2,
        "seed": "load",
        "reveal": "each",
    }
    teacher.expect(302, "POST", f"/classes/{class_id}/assignments/new", settings)
    found = re.fullmatch(rf"/classes/{class_id}/assignments/(\d+)", teacher.location)
    if not found:
        raise Failure(f"setting the assignment sent the teacher to {teacher.location!r}")
    assignment_id = int(found[1])
    class_list = []
    for number in range(students):
        student = Browser(port)
        student.register(f"student{number:03d}")
        student.expect(302, "POST", "/classes/join", {"code": code[1], "display_name": f"Student {number}"})
        if student.location != f"/classes/{class_id}":
            raise Failure(f"joining sent student {number} to {student.location!r}")
        class_list.append(student)
    return teacher, class_id, assignment_id, class_list


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--questions", type=int, default=20, help="questions in the assignment (1 to the quiz limit)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a student spends on a question before answering (0: none, the worst case)",
    )
    parser.add_argument("--views", type=int, default=20, help="times each teacher page is timed")
    parser.add_argument(
        "--timeout", type=float, default=300, help="seconds for the whole run; then the server is stopped"
    )
    args = parser.parse_args()
    server, url, folder = start_server()
    port = int(url.rsplit(":", 1)[1])
    timed_out = threading.Event()

    def stop() -> None:
        timed_out.set()
        server.terminate()  # every call still waiting fails at once, so the threads end

    watchdog = threading.Timer(args.timeout, stop)
    watchdog.daemon = True
    watchdog.start()

    calls = ("start", "question", "answer", "next")
    timings: dict[str, list[float]] = {c: [] for c in calls}
    app_times: dict[str, list[float]] = {c: [] for c in calls}
    failures: dict[str, list[str]] = {c: [] for c in calls}
    stopped: list[str] = []
    acknowledged: list[int] = []
    lock = threading.Lock()
    pages = ("dashboard", "class page", "results.csv")
    teacher_times: dict[str, list[float]] = {p: [] for p in pages}
    teacher_app: dict[str, list[float]] = {p: [] for p in pages}
    teacher_failures: list[str] = []
    dashboard_html = ""
    wall = 0.0
    try:
        try:
            teacher, class_id, assignment_id, students = set_up(port, args.students, args.questions)
        except (Failure, OSError, http.client.HTTPException, ValueError) as problem:
            print(f"setup failed{' (timed out)' if timed_out.is_set() else ''}: {problem}")
            sys.exit(2)
        base = f"/classes/{class_id}/assignments/{assignment_id}"

        def timed(student: Browser, call: str, method: str, path: str, wanted: int, **kw: Any) -> bytes:
            """Send and record the time; the body when the status is the one wanted, else Failure."""
            try:
                status, content, elapsed = student.call(method, path, **kw)
            except (OSError, http.client.HTTPException) as problem:
                with lock:
                    failures[call].append(f"{method} {path}: {problem!r}")
                raise Failure(f"{call}: {problem!r}") from None
            with lock:
                timings[call].append(elapsed)
                app_times[call].append(student.server_ms)
                if status != wanted:
                    failures[call].append(f"HTTP {status} {method} {path}: {content[:200]!r}")
            if status != wanted:
                raise Failure(f"{call}: HTTP {status}")
            return content

        def take(number: int) -> None:
            rng = random.Random(number)
            student = students[number]
            try:
                timed(student, "start", "POST", f"{base}/start", 302, form={})
                found = QUESTION_PATH.search(student.location)
                if not found:
                    raise Failure(f"start sent the student to {student.location!r}")
                question_id = found[1]
                for _ in range(args.questions + 1):
                    question = json.loads(timed(student, "question", "GET", f"/api/questions/{question_id}", 200))
                    if args.think:
                        time.sleep(rng.expovariate(1 / args.think))
                    if timed_out.is_set():
                        raise Failure(f"the run timed out ({args.timeout:g} s)")
                    path = f"/api/questions/{question_id}/answer"
                    given = {"answers": answer_for(question, rng)}
                    graded = json.loads(timed(student, "answer", "POST", path, 200, body=given))
                    with lock:
                        acknowledged.append(graded["answer_id"])
                    body = {"session_id": question["session_id"]}
                    served = json.loads(timed(student, "next", "POST", "/api/questions/next", 200, body=body))
                    if served["finished"]:
                        return
                    question_id = served["question"]["id"]
                raise Failure(f"the session did not finish after {args.questions} answers")
            except (Failure, ValueError, KeyError) as problem:
                with lock:
                    stopped.append(f"student {number} stopped: {problem}")

        wall = run_threads(take, args.students)

        for page, path in (
            ("dashboard", base),
            ("class page", f"/classes/{class_id}"),
            ("results.csv", f"/classes/{class_id}/results.csv"),
        ):
            for _ in range(args.views):
                try:
                    status, content, elapsed = teacher.call("GET", path)
                except (OSError, http.client.HTTPException) as problem:
                    teacher_failures.append(f"GET {path}: {problem!r}")
                    break
                teacher_times[page].append(elapsed)
                teacher_app[page].append(teacher.server_ms)
                if status != 200:
                    teacher_failures.append(f"GET {path}: HTTP {status}")
                elif page == "dashboard":
                    dashboard_html = content.decode()
    finally:
        watchdog.cancel()
        server.terminate()
        server.wait()

    print(
        f"{args.students} students × {args.questions} questions (topics fu and points, reveal each) in {wall:.1f} s "
        f"against tutor serve (waitress) on loopback, think time {args.think:g} s"
    )
    if timed_out.is_set():
        print(f"  TIMED OUT after {args.timeout:g} s: the server was stopped, the numbers below are partial")
    for call in calls:
        values = timings[call]
        server_errors = sum(1 for f in failures[call] if f.startswith("HTTP 5"))
        rate = f" ({len(values) / wall:.0f}/s)" if wall else ""
        print(
            f"  {call:<9} {len(values):>5} calls{rate}, {server_errors} 5xx, "
            f"{len(failures[call]) - server_errors} other failures; latency {latency(values) if values else '-'}"
        )
        if values:
            print(f"            inside the app (Server-Timing): {latency(app_times[call])}")
        for failure in failures[call][:5]:
            print("     ", failure[:300])
    for problem in stopped[:5]:
        print("  ", problem[:300])
    print(f"teacher, after the class is done ({args.views} views each):")
    for page, values in teacher_times.items():
        if values:
            print(f"  {page:<11} latency {latency(values)}")
            print(f"              inside the app (Server-Timing): {latency(teacher_app[page])}")
    for problem in teacher_failures[:5]:
        print("  ", problem)
    done = re.search(r'data-stat="done">(\d+)/(\d+)<', dashboard_html)
    everyone = bool(done and int(done[1]) == int(done[2]) == args.students)
    print(f"  dashboard shows {done[1]}/{done[2]} students done" if done else "  dashboard: no count of students done")

    database = sqlite3.connect(f"file:{Path(folder.name) / 'db.sqlite'}?mode=ro", uri=True)
    try:
        (stored_count,) = database.execute(
            "SELECT COUNT(*) FROM answers a JOIN questions q ON q.id = a.question_id"
            " JOIN practice_sessions s ON s.id = q.session_id WHERE s.assignment_id = ?",
            [assignment_id],
        ).fetchone()
        stored = {row[0] for row in database.execute("SELECT id FROM answers")}
    finally:
        database.close()
    folder.cleanup()
    expected = args.students * args.questions
    missing = [a for a in acknowledged if a not in stored]
    print(
        f"  answers for the assignment in the database {stored_count} (expected {expected}); "
        f"acknowledged {len(acknowledged)}, missing {len(missing)}"
    )

    errors = (
        sum(len(f) for f in failures.values())
        + len(stopped)
        + len(teacher_failures)
        + (0 if everyone else 1)
        + (0 if stored_count == expected else 1)
        + len(missing)
        + (1 if timed_out.is_set() else 0)
    )

    def goal(name: str, values: list[float], measure: float, limit: float) -> str:
        if not values:
            return f"  {name}: NOT met (not measured)"
        return f"  {name}: {'met' if measure < limit else 'NOT met'} ({measure:.1f} ms)"

    answers, dashboards = timings["answer"], teacher_times["dashboard"]
    print("goals:")
    print(
        f"  zero errors: {'met' if not errors else f'NOT met ({errors})'}"
        + (" (timed out)" if timed_out.is_set() else "")
    )
    p99 = percentile(answers, 0.99) if answers else 0.0
    print(goal(f"answer p99 < {ANSWER_P99_GOAL_MS:.0f} ms", answers, p99, ANSWER_P99_GOAL_MS))
    slowest = max(dashboards, default=0.0)
    print(
        goal(
            f"dashboard < {DASHBOARD_GOAL_MS:.0f} ms, slowest of {len(dashboards)}",
            dashboards,
            slowest,
            DASHBOARD_GOAL_MS,
        )
    )
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
