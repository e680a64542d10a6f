"""The class page, the assignment dashboard and the exports read tallies kept as answers are recorded and
stream their rows; what they show is what the answers themselves give (the computations they made before,
kept here as the oracle), on random classes."""

from __future__ import annotations

import csv
import html
import io
import json
import random
import re
import statistics
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from tutor import classroom as rooms
from tutor.classroom.attempts import attempts, best
from tutor.classroom.dashboard import AssignmentResults, QuestionStats, StudentWork
from tutor.classroom.export import column_header
from tutor.db import connect, migrations
from tutor.practice.wrong_answers import answer_text, wrong_column

SKILLS = ["yaku:pinfu", "yaku:tanyao", "fu:kanchan", "mistake:fu-rounding"]
MISTAKES = ["fu-rounding", "dealer-points"]


def build(db: Database, seed: int, students: int, tasks: int, size: int = 4) -> rooms.Classroom:
    """A class written as the app writes it (the tallies come from the database's triggers)."""
    rng = random.Random(seed)
    db.execute("INSERT INTO users (id, username, role, is_guest, created_at) VALUES (1, 'sensei', 'teacher', 0, 'x')")
    db.execute("INSERT INTO classes (id, name, teacher_id, join_code, created_at) VALUES (1, '=Class', 1, 'C', 'x')")
    for n in range(students):
        user_id = 10 + n
        db.execute(
            "INSERT INTO users (id, username, role, is_guest, created_at) VALUES (?, ?, 'learner', 0, 'x')",
            [user_id, f"user{n}"],
        )
        if rng.random() < 0.85:  # the rest left the class, their answers stay
            name = rng.choice(["ann", "Bo", "cy", "Ann", "=dee"]) + str(rng.randrange(3))
            db.execute(
                "INSERT INTO memberships (class_id, user_id, display_name, joined_at) VALUES (1, ?, ?, 'x')",
                [user_id, name],
            )
    question = answer = 0
    for task in range(tasks):
        settings_ = json.dumps({"size": size, "topics": ["fu"]})
        opens = f"2026-0{rng.randrange(1, 9)}-01T00:00:00+00:00"
        cursor = db.execute(
            "INSERT INTO assignments (class_id, title, settings, variant, opens_at, attempts_allowed, reveal,"
            " created_at) VALUES (1, ?, ?, 1, ?, 3, 'each', 'x')",
            [f"Task {task}", settings_, opens],
        )
        for n in range(students):
            for _ in range(rng.choice([0, 1, 1, 2])):
                session = db.execute(
                    "INSERT INTO practice_sessions (user_id, mode, settings, started_at, assignment_id)"
                    " VALUES (?, 'assignment', '{}', ?, ?)",
                    [10 + n, f"2026-10-{rng.randrange(10, 28)}T10:00:00+00:00", cursor.lastrowid],
                ).lastrowid
                for position in range(1, rng.randrange(size + 1) + 1):
                    question += 1
                    db.execute(
                        "INSERT INTO questions (id, user_id, session_id, position, topic, target, difficulty, seed,"
                        " payload, served_at) VALUES (?, ?, ?, ?, 'fu', NULL, 2, 's', '{}', 'x')",
                        [f"q{question}", 10 + n, session, position],
                    )
                    right = rng.random() < 0.6
                    given = {"fu": rng.choice(["30", "40", "=1+1"]), "yaku": rng.sample(["pinfu", "tanyao"], 1)}
                    parts = {kind: {"correct": right or rng.random() < 0.5} for kind in given}
                    mistakes = [] if right else rng.sample(MISTAKES, rng.randrange(3))
                    for attempt in (1, 2) if not right and rng.random() < 0.2 else (1,):
                        answer += 1
                        db.execute(
                            "INSERT INTO answers (id, question_id, user_id, attempt, given, correct, score, parts,"
                            " mistakes, time_ms, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            [
                                answer,
                                f"q{question}",
                                10 + n,
                                attempt,
                                json.dumps(given),
                                int(right),
                                rng.choice([0.0, 0.25, 0.5, 1.0]) if not right else 1.0,
                                json.dumps(parts),
                                json.dumps(mistakes),
                                rng.choice([None, 900, 4000, 12000]),
                                f"2026-10-{rng.randrange(10, 28)}T10:{rng.randrange(60):02d}:00+00:00",
                            ],
                        )
                        for skill in rng.sample(SKILLS, rng.randrange(1, 3)):
                            db.execute(
                                "INSERT INTO answer_skills (answer_id, user_id, skill, correct, answered_at)"
                                " VALUES (?, ?, ?, ?, 'x')",
                                [answer, 10 + n, skill, int(rng.random() < 0.6)],
                            )
    return rooms.class_by_id(db, 1)


# --- the computations as they were, from every answer ----------------------------------------------


def old_results(db: Database, room: rooms.Classroom, task: rooms.Assignment, per_question: bool) -> AssignmentResults:
    members = rooms.roster(db, room.id)
    by_student: dict[int, list[Any]] = {}
    for one in attempts(db, task):
        by_student.setdefault(one.user_id, []).append(one)
    students = [
        StudentWork(m, by_student.get(m.user_id, []), best(by_student.get(m.user_id, [])), task.size) for m in members
    ]
    if not per_question:
        return AssignmentResults(task, students, [])
    sessions = [s.tries[0].session_id for s in students if s.tries]
    marks = ", ".join("?" for _ in sessions)
    rows = list(
        db.query(
            "SELECT q.position, a.correct, a.score, a.given, a.parts, a.mistakes, a.time_ms FROM questions q"
            f" JOIN answers a ON a.question_id = q.id AND a.attempt = 1 WHERE q.session_id IN ({marks})",
            sessions,
        )
    )
    questions = []
    for position in range(1, task.size + 1):
        here = [r for r in rows if r["position"] == position]
        wrong: Counter[tuple[str, str]] = Counter()
        for row in here:
            if not row["correct"]:
                given, parts = json.loads(row["given"]), json.loads(row["parts"] or "{}")
                for kind, part in parts.items():
                    if not part["correct"]:
                        wrong[(kind, answer_text(given.get(kind, "")))] += 1
        times = [r["time_ms"] for r in here if r["time_ms"] is not None]
        questions.append(
            QuestionStats(
                position,
                len(here),
                sum(1 for r in here if r["correct"]),
                [(kind, text, n) for (kind, text), n in wrong.most_common(5)],
                statistics.median(times) if times else None,
                None,
            )
        )
    mistakes: Counter[str] = Counter()
    for row in rows:
        mistakes.update(json.loads(row["mistakes"] or "[]"))
    return AssignmentResults(task, students, questions, mistakes.most_common(10))


def old_heat(db: Database, room: rooms.Classroom, task: rooms.Assignment | None) -> dict[int, dict[str, Any]]:
    sql = (
        "SELECT s.user_id, k.skill, COUNT(*) AS done, SUM(k.correct) AS right FROM answer_skills k"
        " JOIN answers a ON a.id = k.answer_id AND a.attempt = 1 JOIN questions q ON q.id = a.question_id"
        " JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = s.user_id"
        " WHERE x.class_id = ? AND k.skill NOT LIKE 'mistake:%'"
    )
    params: list[Any] = [room.id]
    if task is not None:
        sql += " AND x.id = ?"
        params.append(task.id)
    cells: dict[int, dict[str, Any]] = {}
    for row in db.query(sql + " GROUP BY s.user_id, k.skill", params):
        cells.setdefault(row["user_id"], {})[row["skill"]] = (row["done"], row["right"])
    return cells


def old_mistakes(db: Database, room: rooms.Classroom) -> list[tuple[str, int, int]]:
    rows = db.query(
        "SELECT j.value AS mistake, COUNT(*) AS n, COUNT(DISTINCT a.user_id) AS students"
        " FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id"
        " JOIN assignments x ON x.id = s.assignment_id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = a.user_id, json_each(a.mistakes) j"
        " WHERE x.class_id = ? GROUP BY j.value ORDER BY n DESC, j.value LIMIT 10",
        [room.id],
    )
    return [(row["mistake"], row["n"], row["students"]) for row in rows]


def old_export_rows(db: Database, room: rooms.Classroom, task: rooms.Assignment | None) -> list[dict[str, Any]]:
    sql = (
        "SELECT x.id AS assignment_id, x.title AS assignment, s.id AS session_id, s.user_id AS student_id,"
        " m.display_name AS student, u.username, q.position, q.id AS question_id, q.topic, q.target,"
        " a.correct, a.score, a.given, a.mistakes, a.time_ms, a.answered_at"
        " FROM assignments x JOIN practice_sessions s ON s.assignment_id = x.id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = s.user_id JOIN users u ON u.id = s.user_id"
        " JOIN questions q ON q.session_id = s.id JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
        " WHERE x.class_id = ?"
    )
    params: list[Any] = [room.id]
    if task is not None:
        sql += " AND x.id = ?"
        params.append(task.id)
    rows = []
    numbers_by: dict[tuple[int, int], dict[int, int]] = {}
    for row in db.query(sql + " ORDER BY x.id, m.display_name COLLATE NOCASE, s.user_id, s.id, q.position", params):
        numbers = numbers_by.setdefault((row["assignment_id"], row["student_id"]), {})
        numbers.setdefault(row["session_id"], len(numbers) + 1)
        rows.append(
            {
                "class_id": room.id,
                "class": room.name,
                **{k: row[k] for k in ("assignment_id", "assignment", "student_id", "student", "username")},
                "attempt": numbers[row["session_id"]],
                **{k: row[k] for k in ("position", "question_id", "topic", "target")},
                "correct": bool(row["correct"]),
                "score": row["score"],
                "given": json.loads(row["given"]),
                "mistakes": json.loads(row["mistakes"] or "[]"),
                "time_ms": row["time_ms"],
                "answered_at": row["answered_at"],
            }
        )
    return rows


def old_csv(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(rooms.EXPORT_COLUMNS)
    for row in rows:
        writer.writerow([rooms.csv_cell(row[column]) for column in rooms.EXPORT_COLUMNS])
    return out.getvalue()


def old_document(db: Database, room: rooms.Classroom) -> dict[str, Any]:
    """The JSON export as a document: its standings and question figures from results() (checked against
    old_results above), its answers from the answers themselves."""
    members = rooms.roster(db, room.id)
    tasks = []
    for task in rooms.assignments(db, room):  # as the class page lists them
        found = rooms.results(db, room, task)
        tasks.append(
            {
                "id": task.id,
                "title": task.title,
                "settings": dict(task.settings),
                "variant": task.variant,
                "opens_at": task.opens_at,
                "due_at": task.due_at,
                "attempts_allowed": task.attempts_allowed,
                "reveal": task.reveal,
                "students": [
                    {
                        "student_id": s.member.user_id if s.member else None,
                        "student": s.member.display_name if s.member else None,
                        "status": s.status,
                        "attempts": len(s.tries),
                        "answered": s.counted.answered if s.counted else 0,
                        "right": s.counted.right if s.counted else 0,
                        "score": s.counted.score if s.counted else 0.0,
                        "percent": round(s.percent, 1) if s.percent is not None else None,
                    }
                    for s in found.students
                ],
                "questions": [
                    {
                        "position": q.position,
                        "answered": q.answered,
                        "right": q.right,
                        "median_ms": q.median_ms,
                        "wrong_answers": [{"part": k, "answer": t, "count": n} for k, t, n in q.wrong_answers],
                    }
                    for q in found.questions
                ],
            }
        )
    return {
        "class": {"id": room.id, "name": room.name, "created_at": room.created_at},
        "students": [
            {"student_id": m.user_id, "student": m.display_name, "username": m.username, "joined_at": m.joined_at}
            for m in members
        ],
        "assignments": tasks,
        "answers": old_export_rows(db, room, None),
    }


# --- the comparisons -------------------------------------------------------------------------------

CLASSES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@CLASSES
@given(seed=st.integers(0, 10**6), students=st.integers(0, 7), tasks=st.integers(0, 3))
def test_class_pages_show_what_the_answers_give(seed: int, students: int, tasks: int) -> None:
    db = Database(memory=True)
    migrations.apply(db)
    room = build(db, seed, students, tasks)
    every = rooms.assignments(db, room)
    standings = rooms.overview(db, room, every)
    assert [task for task, _ in standings] == every
    for (_task, standing), old in zip(standings, [old_results(db, room, t, False) for t in every], strict=True):
        assert (standing.done, standing.students) == (old.done, len(old.students))
        assert standing.average == pytest.approx(old.average)  # summed in another order: the last bit may differ
    for task in every:
        assert rooms.results(db, room, task) == old_results(db, room, task, True)
        heat = rooms.heatmap(db, room, task)
        assert {m.user_id: cells for m, cells in heat.rows} == old_heat(db, room, task)
    heat = rooms.heatmap(db, room)
    assert {m.user_id: cells for m, cells in heat.rows} == old_heat(db, room, None)
    cells = old_heat(db, room, None)
    assert [m.user_id for m, _ in heat.rows] == [m.user_id for m in rooms.roster(db, room.id) if m.user_id in cells]
    assert rooms.class_mistakes(db, room) == old_mistakes(db, room)
    # A page of the roster reads only its students' rows; the columns (ties for the last one included) and
    # the class's totals are the whole class's.
    members = rooms.roster(db, room.id)
    for shown in (members, members[::2], members[1:2], []):
        page = rooms.RosterPage(shown, 1, 1, len(members))
        for columns in (2, 30):
            whole = rooms.heatmap(db, room, columns=columns)
            ids = {m.user_id for m in page.members}
            rows = [(m, cells) for m, cells in whole.rows if m.user_id in ids]
            assert rooms.heatmap(db, room, columns=columns, students=shown) == replace(whole, rows=rows)
    for task in [None, *every]:
        assert "".join(rooms.results_csv(db, room, task, size=100)) == old_csv(old_export_rows(db, room, task))
    expected = json.dumps(old_document(db, room), ensure_ascii=False, indent=1)
    assert "".join(rooms.json_chunks(db, room, size=100)) == expected
    # Answers recorded by the app keep their wrong parts on the row (the rows above, written directly, have
    # none and are read from their payloads): the dashboard counts the same from either, or a mix.
    rng = random.Random(seed)
    for answer_id, given_, parts in db.execute("SELECT id, given, parts FROM answers").fetchall():
        if rng.random() < 0.7:
            db.execute(
                "UPDATE answers SET wrong = ? WHERE id = ?",
                [wrong_column(json.loads(given_), json.loads(parts)), answer_id],
            )
    for task in every:
        assert rooms.results(db, room, task) == old_results(db, room, task, True)
    # The mistakes' tallies follow answers taken away and answers moved to another account (a merge).
    for (answer_id,) in db.execute("SELECT id FROM answers").fetchall():
        if rng.random() < 0.2:
            db.execute("DELETE FROM answer_skills WHERE answer_id = ?", [answer_id])
            db.execute("DELETE FROM answers WHERE id = ?", [answer_id])
        elif rng.random() < 0.2:
            db.execute("UPDATE answers SET user_id = ? WHERE id = ?", [10 + rng.randrange(max(students, 1)), answer_id])
    assert rooms.class_mistakes(db, room) == old_mistakes(db, room)
    assert db.execute("SELECT COUNT(*) FROM class_mistake_tallies WHERE n <= 0").fetchone() == (0,)


ODD_GIVEN = [
    {"fu": "=1+1"},
    "  30 ",
    "-5",
    30,
    -2.5,
    True,
    None,
    [],
    {},
    ["pinfu", 1, None, "=x"],
    {"a": {"b": [1, 2, {}]}, "c": 'é\n"x"\t,;', "d": []},
    "中文\u2028",
    {"fu": {"base": "20", "pair": "2"}, "yaku": ["tanyao"]},
]
ODD_MISTAKES = [None, "[]", '["fu-rounding"]', '["=x", "dealer-points"]', '["-1", 2]']


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_streamed_exports_write_the_rows_whatever_the_answers_hold(seed: int) -> None:
    """results_csv and json_chunks make their cells from the stored values without building the rows:
    they must still give the bytes the rows give, for every kind of value a column can hold."""
    db = Database(memory=True)
    migrations.apply(db)
    room = build(db, seed, 6, 3)
    rng = random.Random(seed)
    names = ["-minus", "@at", "王小明", "zoë", "Ann", "ann"]
    for (user_id,), name in zip(db.execute("SELECT user_id FROM memberships").fetchall(), names, strict=False):
        db.execute("UPDATE memberships SET display_name = ? WHERE user_id = ?", [name, user_id])
        db.execute("UPDATE users SET username = ? WHERE id = ?", [f"+{name}{user_id}", user_id])
    for (answer_id,) in db.execute("SELECT id FROM answers").fetchall():
        given = rng.choice(ODD_GIVEN)
        db.execute(
            "UPDATE answers SET given = ?, mistakes = ?, time_ms = ?, score = ?, held = ? WHERE id = ?",
            [
                json.dumps(given, ensure_ascii=rng.random() < 0.5),
                rng.choice(ODD_MISTAKES),
                rng.choice([None, -3, 0, 12000]),
                rng.choice([-0.5, 0.0, 1e-7, 1.0, 1 / 3]),
                int(rng.random() < 0.3),  # held answers are exported like the others
                answer_id,
            ],
        )
        if not isinstance(given, dict):  # the app grades answers by part; the dashboard reads them so
            db.execute("UPDATE answers SET parts = '{}' WHERE id = ?", [answer_id])
    for n, (question_id,) in enumerate(db.execute("SELECT id FROM questions").fetchall()):
        db.execute(
            "UPDATE questions SET topic = ?, target = ? WHERE id = ?",
            [rng.choice(["fu", "=sum", "役"]), rng.choice([None, "-neg", "pinfu", ""]), question_id],
        )
        if rng.random() < 0.4:  # ids and times the app never writes, but a cell must still survive
            odd = rng.choice([f"-q{n}", f"q {n}", f"q,{n}", f'q"{n}"', f"問{n}", f"q\n{n}"])
            db.execute("UPDATE questions SET id = ? WHERE id = ?", [odd, question_id])
            db.execute(
                "UPDATE answers SET question_id = ?, answered_at = ? WHERE question_id = ?",
                [odd, rng.choice(["=now", "11, 10", "", "2026-10-11 10:00"]), question_id],
            )
    rows = old_export_rows(db, room, None)
    assert len({json.dumps(row["given"]) for row in rows}) > 5  # the odd values are there to be written
    expected = old_csv(rows)
    assert "'=sum" in expected and "'-0.5" in expected and ",'+" in expected  # cells a spreadsheet would run
    assert "".join(rooms.results_csv(db, room)) == expected
    assert "".join(rooms.results_csv(db, room, size=1)) == expected
    for task in rooms.assignments(db, room):
        assert "".join(rooms.results_csv(db, room, task, size=50)) == old_csv(old_export_rows(db, room, task))
    chinese = "".join(rooms.results_csv(db, room, lang="zh"))
    header, _, body = chinese.partition("\r\n")
    assert body == expected.partition("\r\n")[2]
    assert next(csv.reader([header])) == [column_header(column, "zh") for column in rooms.EXPORT_COLUMNS]
    assert "首次作答正确" in header
    document = json.dumps(old_document(db, room), ensure_ascii=False, indent=1)
    assert "".join(rooms.json_chunks(db, room)) == document
    assert "".join(rooms.json_chunks(db, room, size=1)) == document
    assert json.loads(document)["answers"] == json.loads(json.dumps(rows))


def test_the_exports_of_a_class_without_answers_are_whole_documents() -> None:
    db = Database(memory=True)
    migrations.apply(db)
    room = build(db, 5, 0, 0)
    assert "".join(rooms.results_csv(db, room)) == old_csv([])
    document = "".join(rooms.json_chunks(db, room))
    assert document == json.dumps(old_document(db, room), ensure_ascii=False, indent=1)
    assert json.loads(document)["answers"] == [] and '"assignments": []' in document


@pytest.fixture
def big_class(app: Flask) -> int:
    db = connect(app.config["DATABASE"])
    build(db, 7, 12, 3)
    db.conn.close()
    return 1


def test_the_export_routes_stream_what_the_documents_hold(app: Flask, big_class: int) -> None:
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["user_id"] = 1
        cookie["gen"] = 0
    db = connect(app.config["DATABASE"])
    room = rooms.class_by_id(db, big_class)
    response = client.get("/classes/1/results.json", buffered=False)
    assert response.status_code == 200 and response.is_streamed
    body = b"".join(response.response).decode()
    response.close()
    assert body == json.dumps(old_document(db, room), ensure_ascii=False, indent=1)
    response = client.get("/classes/1/results.csv", buffered=False)
    assert (
        response.is_streamed and response.headers["Content-Disposition"] == 'attachment; filename="class-1-results.csv"'
    )
    body = b"".join(response.response).decode()
    response.close()
    assert body == old_csv(old_export_rows(db, room, None))
    task = rooms.assignments(db, room)[0]
    body = client.get(f"/classes/1/assignments/{task.id}/results.csv").data.decode()
    assert body == old_csv(old_export_rows(db, room, task))
    assert body.count("\n") > 1


def test_a_large_class_page_shows_its_roster_and_heat_map_in_pages(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    build(db, 3, 0, 0)
    for n in range(rooms.ROSTER_PAGE + 5):
        db.execute(
            "INSERT INTO users (id, username, role, is_guest, created_at) VALUES (?, ?, 'learner', 0, 'x')",
            [100 + n, f"pupil{n}"],
        )
        db.execute(
            "INSERT INTO memberships (class_id, user_id, display_name, joined_at) VALUES (1, ?, ?, 'x')",
            [100 + n, f"Pupil {n:03d}"],
        )
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["user_id"] = 1
        cookie["gen"] = 0
    first = client.get("/classes/1").get_data(as_text=True)
    assert "Pupil 000" in first and "Pupil 099" in first and "Pupil 100" not in first
    assert f"Students 1 to 100 of {rooms.ROSTER_PAGE + 5}" in first and "?page=2#roster" in first
    second = client.get("/classes/1?page=2").get_data(as_text=True)
    assert "Pupil 100" in second and "Pupil 104" in second and "Pupil 099" not in second
    assert "?page=1#roster" in second and "?page=3" not in second
    past_the_end = client.get("/classes/1?page=999").get_data(as_text=True)
    # The last page (the language switch's links keep the address asked for, so compare without them).
    assert re.sub(r"page=\d+&amp;lang=", "", past_the_end) == re.sub(r"page=\d+&amp;lang=", "", second)


def test_a_large_class_dashboard_lists_its_students_in_pages_and_counts_them_all(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    build(db, 4, 130, 1)
    members = rooms.roster(db, 1)
    assert len(members) > rooms.ROSTER_PAGE  # about 85% of 130 stayed in the class
    task_id = next(db.query("SELECT id FROM assignments"))["id"]
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["user_id"] = 1
        cookie["gen"] = 0
    pages = [client.get(f"/classes/1/assignments/{task_id}?page={n}").get_data(as_text=True) for n in (1, 2)]

    def students_shown(html: str) -> list[str]:
        table = html[html.index("data-students") : html.index("</table>", html.index("data-students"))]
        return re.findall(r'<tr[^>]*>\s*<th scope="row"><a [^>]*>([^<]*)</a>', table)

    def heat_rows(html: str) -> int:
        table = html[html.index('class="heatmap"') : html.index("</table>", html.index('class="heatmap"'))]
        return table.count('<th scope="row"') - 1  # the class's totals row

    first, second = students_shown(pages[0]), students_shown(pages[1])
    assert len(first) == rooms.ROSTER_PAGE and len(second) == len(members) - rooms.ROSTER_PAGE
    assert [html.unescape(name) for name in first + second] == [m.display_name for m in members]
    assert heat_rows(pages[0]) <= rooms.ROSTER_PAGE and heat_rows(pages[1]) <= len(second)
    # The totals are the whole class's on every page.
    for page in pages:
        done = re.search(r'data-stat="done">(\d+)/(\d+)<', page)
        assert done is not None and int(done.group(2)) == len(members)
    assert pages[0].split("<tfoot>")[1].split("</tfoot>")[0] == pages[1].split("<tfoot>")[1].split("</tfoot>")[0]
    assert f"Students 1 to 100 of {len(members)}" in pages[0] and "page=2#students" in pages[0]
    assert "page=1#students" in pages[1]


def test_the_heat_maps_name_skills_in_the_readers_language(app: Flask) -> None:
    db = connect(app.config["DATABASE"])
    room = build(db, 5, 12, 2)
    task = rooms.assignments(db, room)[0]
    client = app.test_client()
    with client.session_transaction() as cookie:
        cookie["user_id"] = 1
        cookie["gen"] = 0
    for path, heat in (
        ("/classes/1", lambda lang: rooms.heatmap(db, room, lang=lang)),
        (f"/classes/1/assignments/{task.id}", lambda lang: rooms.heatmap(db, room, task, lang=lang)),
    ):
        for lang in ("en", "zh"):
            page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
            shown = re.findall(r'<th scope="col" class="skill"><span>([^<]*)</span>', page)
            assert shown and [html.unescape(s) for s in shown] == [label for _, label in heat(lang).skills]
        assert heat("en").skills != heat("zh").skills
