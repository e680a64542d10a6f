"""How the app's cost grows with what is stored: a long learner history and large classes (run by hand).

    .venv/bin/python scripts/scale.py [--history 100,1000,5000,20000] [--classes 40x10,40x30,200x10,...]
                                      [--repeat 15] [--folder DIR]

It builds the data sizes of issue 15 in a throwaway database the way the app writes them: a few dozen
real practice answers are made through the JSON API (real questions, answers graded by the app), and
copied in bulk, with new ids and times, into one learner's history (spread over 120 days) or into a
class's assignments of 20 questions (every student one attempt at each); the skill states are then
made by the app's own full replay. Each size is checked through the pages (the numbers shown match
what was written), then timed in-process through Flask's test client, server time (the app's
Server-Timing, median of ``--repeat`` requests), and printed as the issue's tables:

- learner history: releasing the held answers of an assignment of 20 questions (and how long the
  write lock is held), another learner's practice answer alone and while such releases run in a
  second thread, merging a guest with one answer, ``/progress/?days=90``, ``/api/progress``;
- classes (students x assignments): the class page, an assignment's dashboard, and the class CSV and
  JSON exports: time to the first byte, to the last, and the peak of Python memory while one is
  streamed (tracemalloc).

The machine is shared: timings are noisy; run it alone for figures to compare.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.security import generate_password_hash

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from load_practice import answer_for

from tutor import accounts, create_app
from tutor import db as store
from tutor.db import connect
from tutor.practice import progress
from tutor.web.db import init_db

QUESTIONS_PER_ASSIGNMENT = 20
HISTORY_DAYS = 120


def make_app(folder: Path) -> Flask:
    app = create_app(
        {"TESTING": True, "DATABASE": str(folder / "scale.sqlite"), "SECRET_KEY": "scale", "SERVER_TIMING": True}
    )
    with app.app_context():
        init_db()
    return app


def templates(app: Flask, count: int = 80) -> list[dict[str, Any]]:
    """Real answers: questions served and graded by the app through its JSON API, read back as rows."""
    client = app.test_client()
    token = client.get("/api/session").json["csrf_token"]  # type: ignore[index]
    headers = {"X-CSRF-Token": token}
    rng = random.Random(15)
    session_id = None
    for _ in range(count):
        body: dict[str, Any] = {"mode": "practice"} if session_id is None else {"session_id": session_id}
        step = client.post("/api/questions/next", json=body, headers=headers).json
        assert step is not None and step.get("question"), step
        session_id = step["session_id"]
        question = step["question"]
        reply = client.post(
            f"/api/questions/{question['id']}/answer", json={"answers": answer_for(question, rng)}, headers=headers
        )
        assert reply.status_code == 200, reply.json
    db = connect(app.config["DATABASE"])
    rows = list(
        db.query(
            "SELECT q.topic, q.target, q.difficulty, q.seed, q.payload, a.given, a.correct, a.score, a.parts,"
            " a.mistakes, a.wrong, a.time_ms, a.id AS answer_id FROM questions q JOIN answers a ON a.question_id = q.id"
        )
    )
    for row in rows:
        row["skills"] = [
            (s["skill"], s["correct"])
            for s in db.query("SELECT skill, correct FROM answer_skills WHERE answer_id = ?", [row.pop("answer_id")])
        ]
    db.conn.close()
    return rows


class Writer:
    """Bulk inserts of sessions, questions, answers and their skills, as progress.serve/record_answer write them."""

    def __init__(self, db: Any, rows: list[dict[str, Any]], seed: int = 1) -> None:
        self.db = db
        self.rows = rows
        self.rng = random.Random(seed)
        self.seed = seed
        self.number = 0
        self.questions: list[list[Any]] = []
        self.answers: list[list[Any]] = []
        self.skills: list[list[Any]] = []
        self.next_answer = 1 + next(db.query("SELECT COALESCE(MAX(id), 0) AS n FROM answers"))["n"]

    def user(self, username: str | None, role: str = "learner") -> int:
        cursor = self.db.execute(
            "INSERT INTO users (username, password_hash, role, is_guest, created_at) VALUES (?, ?, ?, ?, ?)",
            [username, "x" if username else None, role, 0 if username else 1, "2026-01-01T00:00:00+00:00"],
        )
        return int(cursor.lastrowid)

    def session(self, user_id: int, when: datetime, assignment_id: int | None = None, mode: str = "practice") -> int:
        cursor = self.db.execute(
            "INSERT INTO practice_sessions (user_id, mode, settings, started_at, finished_at, assignment_id)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [user_id, mode, "{}", stamp(when), stamp(when), assignment_id],
        )
        return int(cursor.lastrowid)

    def answer(
        self, user_id: int, session_id: int, position: int, when: datetime, held: bool = False, template: int = -1
    ) -> None:
        row = self.rows[template] if template >= 0 else self.rng.choice(self.rows)
        self.number += 1
        question_id = f"s{self.seed}-{self.number}"
        answer_id = self.next_answer
        self.next_answer += 1
        moment = stamp(when)
        self.questions.append(
            [question_id, user_id, session_id, position, row["topic"], row["target"], row["difficulty"], row["seed"]]
            + [row["payload"], moment]
        )
        self.answers.append(
            [answer_id, question_id, user_id, 1, row["given"], row["correct"], row["score"], row["parts"]]
            + [row["mistakes"], row["wrong"], row["time_ms"], moment, int(held)]
        )
        self.skills.extend([answer_id, user_id, skill, right, moment] for skill, right in row["skills"])
        if len(self.answers) >= 5000:
            self.flush()

    def resync(self) -> None:
        """Carry on after the app itself has written answers (their ids come next)."""
        self.flush()
        self.next_answer = 1 + next(self.db.query("SELECT MAX(id) AS n FROM answers"))["n"]

    def flush(self) -> None:
        with store.write_transaction(self.db):
            self.db.conn.executemany(
                "INSERT INTO questions (id, user_id, session_id, position, topic, target, difficulty, seed, payload,"
                " served_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                self.questions,
            )
            self.db.conn.executemany(
                "INSERT INTO answers (id, question_id, user_id, attempt, given, correct, score, parts, mistakes,"
                " wrong, time_ms, answered_at, held) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                self.answers,
            )
            self.db.conn.executemany(
                "INSERT INTO answer_skills (answer_id, user_id, skill, correct, answered_at) VALUES (?, ?, ?, ?, ?)",
                self.skills,
            )
        self.questions, self.answers, self.skills = [], [], []


def stamp(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="seconds")


def logged_in(app: Flask, user_id: int) -> FlaskClient:
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["user_id"] = user_id
        cookie["gen"] = 0
    return client


def server_ms(client: FlaskClient, path: str, repeat: int) -> float:
    """Median server time of ``repeat`` GETs (the app's Server-Timing; the body is read in full)."""
    times = []
    for _ in range(repeat):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        times.append(float(response.headers["Server-Timing"].split("dur=")[1]))
    return statistics.median(times)


def timed(action: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


@contextlib.contextmanager
def lock_timer(spans: list[float]) -> Iterator[None]:
    """Record how long each write transaction holds the write lock."""
    original = store.write_transaction

    @contextlib.contextmanager
    def timing(db: Any) -> Iterator[Any]:
        outer = not db.conn.in_transaction
        started = time.perf_counter()
        with original(db) as inside:
            yield inside
        if outer:
            spans.append((time.perf_counter() - started) * 1000)

    progress.write_transaction = timing  # type: ignore[assignment]
    try:
        yield
    finally:
        progress.write_transaction = original


# --- one learner's history ---------------------------------------------------------------------


def history(app: Flask, rows: list[dict[str, Any]], size: int, repeat: int) -> dict[str, float]:
    db = connect(app.config["DATABASE"])
    writer = Writer(db, rows, seed=size)
    learner = writer.user(f"learner{size}")
    end = datetime.now(UTC) - timedelta(hours=1)
    start = end - timedelta(days=HISTORY_DAYS)
    step = (end - start) / size
    session_id = 0
    for number in range(size):
        when = start + step * number
        if number % 20 == 0:
            session_id = writer.session(learner, when)
        writer.answer(learner, session_id, number % 20 + 1, when)
    writer.flush()
    progress.rebuild_skill_states(db, learner)  # the states the app's answers would have made
    client = logged_in(app, learner)
    shown = client.get("/api/progress").json
    assert shown is not None
    total = next(db.query("SELECT COUNT(*) AS n FROM answers WHERE user_id = ?", [learner]))["n"]
    assert total == size, (total, size)
    found: dict[str, float] = {}

    # Release: an assignment of 20 questions answered (held) in the last hour, then revealed. Each
    # repetition releases a fresh one, as a class finishing assignment after assignment would.
    release_ms, lock_ms = [], []
    for round_ in range(max(3, repeat // 3)):
        when = end + timedelta(minutes=round_)
        held = writer.session(learner, when, mode="quiz")
        for position in range(1, QUESTIONS_PER_ASSIGNMENT + 1):
            writer.answer(learner, held, position, when + timedelta(seconds=position), held=True)
        writer.flush()
        spans: list[float] = []
        with lock_timer(spans):
            started = time.perf_counter()
            progress.release(db, learner, [held])
            release_ms.append((time.perf_counter() - started) * 1000)
        lock_ms.append(sum(spans))
    found["release"] = statistics.median(release_ms)
    found["release_lock"] = statistics.median(lock_ms)
    found["other_alone"], found["other_during"] = other_learner(app, writer, learner, end, rounds=max(6, repeat))

    # Merge: a guest with one answer logs in to the account.
    merge_ms, merge_lock = [], []
    for round_ in range(max(3, repeat // 3)):
        guest = writer.user(None)
        when = end + timedelta(minutes=30 + round_)
        writer.answer(guest, writer.session(guest, when), 1, when)
        writer.flush()
        into = accounts.get_user(db, learner)
        visitor = accounts.get_user(db, guest)
        assert into is not None and visitor is not None
        spans = []
        with lock_timer(spans):
            started = time.perf_counter()
            accounts.merge_guest(db, visitor, into)
            merge_ms.append((time.perf_counter() - started) * 1000)
        merge_lock.append(sum(spans))
    found["merge"] = statistics.median(merge_ms)
    found["merge_lock"] = statistics.median(merge_lock)

    found["progress"] = server_ms(client, "/progress/?days=90", repeat)
    found["api"] = server_ms(client, "/api/progress", repeat)
    db.conn.close()
    return found


def other_learner(app: Flask, writer: Writer, learner: int, end: datetime, rounds: int) -> tuple[float, float]:
    """Another learner's practice answer (ms, median): alone, then while ``learner``'s held assignments
    are released one after another in a second thread, as when a class's results are revealed."""
    client = app.test_client()
    token = client.get("/api/session").json["csrf_token"]  # type: ignore[index]
    headers = {"X-CSRF-Token": token}
    rng = random.Random(7)
    session_id: int | None = None

    def answer() -> float:
        nonlocal session_id
        body: dict[str, Any] = {"mode": "practice"} if session_id is None else {"session_id": session_id}
        step = client.post("/api/questions/next", json=body, headers=headers).json
        assert step is not None and step.get("question"), step
        session_id = step["session_id"]
        question = step["question"]
        started = time.perf_counter()
        reply = client.post(
            f"/api/questions/{question['id']}/answer", json={"answers": answer_for(question, rng)}, headers=headers
        )
        assert reply.status_code == 200, reply.json
        return (time.perf_counter() - started) * 1000

    alone = [answer() for _ in range(rounds * 3)]
    writer.resync()
    held = []
    for round_ in range(rounds):
        when = end + timedelta(hours=2, minutes=round_)
        session = writer.session(learner, when, mode="quiz")
        for position in range(1, QUESTIONS_PER_ASSIGNMENT + 1):
            writer.answer(learner, session, position, when + timedelta(seconds=position), held=True)
        held.append(session)
    writer.flush()
    done = threading.Event()

    def release_all() -> None:
        db = connect(app.config["DATABASE"])
        for session in held:
            progress.release(db, learner, [session])
        db.conn.close()
        done.set()

    releaser = threading.Thread(target=release_all)
    during = []
    releaser.start()
    while not done.is_set():
        during.append(answer())
    releaser.join()
    writer.resync()
    return statistics.median(alone), statistics.median(during) if during else float("nan")


# --- a class ----------------------------------------------------------------------------------


def classroom(app: Flask, rows: list[dict[str, Any]], students: int, tasks: int, repeat: int) -> dict[str, float]:
    from tutor import classroom as rooms

    db = connect(app.config["DATABASE"])
    writer = Writer(db, rows, seed=students * 100 + tasks)
    teacher_id = writer.user(f"teacher{students}x{tasks}", "teacher")
    teacher = accounts.get_user(db, teacher_id)
    assert teacher is not None
    room = rooms.create_class(db, teacher, f"Class {students}x{tasks}")
    members = [writer.user(f"s{students}x{tasks}-{n}") for n in range(students)]
    db.conn.executemany(
        "INSERT INTO memberships (class_id, user_id, display_name, joined_at) VALUES (?, ?, ?, ?)",
        [(room.id, user_id, f"Student {n:04d}", "2026-01-01T00:00:00+00:00") for n, user_id in enumerate(members)],
    )
    start = datetime.now(UTC) - timedelta(days=tasks + 1)
    made = []
    for number in range(tasks):
        made.append(
            rooms.create_assignment(
                db,
                room,
                {"title": f"Assignment {number + 1}", "size": QUESTIONS_PER_ASSIGNMENT, "reveal": "each"},
            )
        )
    for number, task in enumerate(made):
        day = start + timedelta(days=number)
        for n, user_id in enumerate(members):
            when = day + timedelta(seconds=n * 7)
            session_id = writer.session(user_id, when, task.id, mode="quiz")
            for position in range(1, QUESTIONS_PER_ASSIGNMENT + 1):
                writer.answer(user_id, session_id, position, when + timedelta(seconds=position * 20))
    writer.flush()
    client = logged_in(app, teacher_id)
    page = client.get(f"/classes/{room.id}")
    assert page.status_code == 200 and b"Student 0000" in page.data, page.status_code
    csv_lines = client.get(f"/classes/{room.id}/results.csv").data.count(b"\n")
    assert csv_lines >= students * tasks * QUESTIONS_PER_ASSIGNMENT, csv_lines  # a header, a row an answer
    found: dict[str, float] = {}
    found["class"] = server_ms(client, f"/classes/{room.id}", repeat)
    found["dashboard"] = server_ms(client, f"/classes/{room.id}/assignments/{made[-1].id}", repeat)
    for name, path in (("csv", "results.csv"), ("json", "results.json")):
        first, whole, peak = export(client, f"/classes/{room.id}/{path}", max(1, repeat // 5))
        found[f"{name}_first"], found[name], found[f"{name}_mib"] = first, whole, peak
    db.conn.close()
    return found


def export(client: FlaskClient, path: str, repeat: int) -> tuple[float, float, float]:
    """(ms to the first chunk, ms to the last: medians of ``repeat``; peak MiB of Python memory while one
    is streamed, measured on a separate run since tracing slows everything down)."""
    firsts, wholes = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        first, _size = stream(client, path, lambda at=started: firsts.append((time.perf_counter() - at) * 1000))
        wholes.append((time.perf_counter() - started) * 1000)
    tracemalloc.start()
    stream(client, path, lambda: None)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return statistics.median(firsts), statistics.median(wholes), peak


def stream(client: FlaskClient, path: str, on_first: Callable[[], None]) -> tuple[bytes, int]:
    response = client.get(path, buffered=False)
    assert response.status_code == 200, response.status_code
    chunks = iter(response.response)
    first = next(chunks, b"")
    on_first()
    size = len(first)
    for chunk in chunks:
        size += len(chunk)
    response.close()
    return first, size


def table(title: str, columns: list[str], lines: list[tuple[str, list[str]]]) -> str:
    out = [f"| {title} | " + " | ".join(columns) + " |", "|---|" + "---|" * len(columns)]
    out += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in lines]
    return "\n".join(out)


def ms(value: float) -> str:
    return f"{value:,.1f} ms" if value < 100 else f"{value:,.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--history", default="100,1000,5000,20000", help="answers in one learner's history")
    parser.add_argument("--classes", default="40x10,40x30,200x10,200x30,500x10,500x30", help="students x assignments")
    parser.add_argument("--repeat", type=int, default=15, help="requests per median")
    parser.add_argument("--folder", type=Path, help="where the database goes (default: a temporary folder)")
    args = parser.parse_args()
    accounts.generate_password_hash = partial(generate_password_hash, method="pbkdf2:sha256:1")
    folder = args.folder or Path(tempfile.mkdtemp(prefix="tutor-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    app = make_app(folder)
    rows = templates(app)
    print(f"database: {folder / 'scale.sqlite'}; {len(rows)} real answers copied", flush=True)
    sizes = [int(n) for n in args.history.split(",") if n]
    learner: dict[int, dict[str, float]] = {}
    for size in sizes:
        started = time.perf_counter()
        learner[size] = history(app, rows, size, args.repeat)
        print(f"history {size}: {learner[size]} ({time.perf_counter() - started:.0f} s)", flush=True)
    shapes = [tuple(int(n) for n in shape.split("x")) for shape in args.classes.split(",") if shape]
    classes: dict[tuple[int, ...], dict[str, float]] = {}
    for students, tasks in shapes:
        started = time.perf_counter()
        classes[(students, tasks)] = classroom(app, rows, students, tasks, args.repeat)
        print(f"class {students}x{tasks}: {classes[(students, tasks)]} ({time.perf_counter() - started:.0f} s)")
    if learner:
        print()
        print(
            table(
                "route (answers stored)",
                [f"{n:,}" for n in sizes],
                [
                    (
                        "release of a 20-question assignment (write lock held)",
                        [f"{ms(v['release'])} ({ms(v['release_lock'])})" for v in learner.values()],
                    ),
                    (
                        "merge of a guest with 1 answer (write lock held)",
                        [f"{ms(v['merge'])} ({ms(v['merge_lock'])})" for v in learner.values()],
                    ),
                    (
                        "another learner's answer: alone / during releases",
                        [f"{ms(v['other_alone'])} / {ms(v['other_during'])}" for v in learner.values()],
                    ),
                    ("`/progress/?days=90`", [ms(v["progress"]) for v in learner.values()]),
                    ("`/api/progress`", [ms(v["api"]) for v in learner.values()]),
                ],
            )
        )
    if classes:
        print()
        print(
            table(
                "route (students × assignments)",
                [f"{s}×{t}" for s, t in classes],
                [
                    ("class page", [ms(v["class"]) for v in classes.values()]),
                    ("assignment dashboard", [ms(v["dashboard"]) for v in classes.values()]),
                    (
                        "class CSV: first byte / all",
                        [f"{ms(v['csv_first'])} / {ms(v['csv'])}" for v in classes.values()],
                    ),
                    (
                        "class JSON: first byte / all",
                        [f"{ms(v['json_first'])} / {ms(v['json'])}" for v in classes.values()],
                    ),
                    (
                        "export peak Python memory (CSV / JSON)",
                        [f"{v['csv_mib']:.1f} / {v['json_mib']:.1f} MiB" for v in classes.values()],
                    ),
                ],
            )
        )


if __name__ == "__main__":
    main()
