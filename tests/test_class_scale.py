"""The class page, the assignment dashboard and the exports read tallies kept as answers are recorded and
stream their rows. On random classes what they show is what the answers themselves give, counted in this
file by plain SQL over the answers (the definition of each figure, not the pages' old code), and the
figures agree with each other; on seeded classes they are the figures and exports recorded in
tests/data/golden/ (see tests/golden.py to record them again)."""

from __future__ import annotations

import csv
import html
import io
import json
import random
import re
import statistics
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from tests.golden import as_json, golden_json, golden_text
from tutor import classroom as rooms
from tutor.classroom.attempts import attempts, best
from tutor.classroom.export import column_header
from tutor.course.curriculum import TOPICS
from tutor.db import connect, migrations
from tutor.practice.wrong_answers import wrong_column
from tutor.quiz.mistakes import MISTAKES as NAMED_MISTAKES

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


# --- each figure, counted from the answers -------------------------------------------------------


def heat_counted(db: Database, room: rooms.Classroom, task: rooms.Assignment | None) -> dict[int, dict[str, Any]]:
    """Per class member and skill (mistakes aside): first tries at the class's assignments, and how many right."""
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


def mistakes_counted(db: Database, room: rooms.Classroom) -> list[tuple[str, int, int]]:
    """The class members' named mistakes in the class's assignments: how often, by how many students."""
    rows = db.query(
        "SELECT j.value AS mistake, COUNT(*) AS n, COUNT(DISTINCT a.user_id) AS students"
        " FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id"
        " JOIN assignments x ON x.id = s.assignment_id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = a.user_id, json_each(a.mistakes) j"
        " WHERE x.class_id = ? GROUP BY j.value ORDER BY n DESC, j.value LIMIT 10",
        [room.id],
    )
    return [(row["mistake"], row["n"], row["students"]) for row in rows]


def check_results(db: Database, room: rooms.Classroom, task: rooms.Assignment, wrong_kept: bool) -> None:
    """The dashboard: a row per member with their attempts and the one that counts; per question, the first
    answers of each student's first attempt (how many, how many right, the median time, the most common
    wrong parts: those exactly once ``wrong_kept``, when every answer keeps its wrong parts on its row);
    the named mistakes of those answers."""
    found = rooms.results(db, room, task)
    every = attempts(db, task)
    assert [s.member.user_id for s in found.students if s.member] == [m.user_id for m in rooms.roster(db, room.id)]
    for work in found.students:
        assert work.member is not None
        assert work.tries == [one for one in every if one.user_id == work.member.user_id]
        assert work.counted == best(work.tries)
    firsts = [s.tries[0].session_id for s in found.students if s.tries]
    marks = ", ".join("?" for _ in firsts)
    first_answers = (
        f" FROM questions q JOIN answers a ON a.question_id = q.id AND a.attempt = 1 WHERE q.session_id IN ({marks})"
    )
    assert [q.position for q in found.questions] == list(range(1, task.size + 1))
    for question in found.questions:
        answered, right = db.execute(
            f"SELECT COUNT(*), COALESCE(SUM(a.correct), 0){first_answers} AND q.position = ?",
            [*firsts, question.position],
        ).fetchone()
        assert (question.answered, question.right) == (answered, right)
        times = [
            t
            for (t,) in db.execute(f"SELECT a.time_ms{first_answers} AND q.position = ?", [*firsts, question.position])
            if t is not None
        ]
        assert question.median_ms == (statistics.median(times) if times else None)
        listed = question.wrong_answers
        assert len(listed) <= 5 and [n for _, _, n in listed] == sorted((n for _, _, n in listed), reverse=True)
        if wrong_kept:
            given = {
                (kind, text): n
                for kind, text, n in db.execute(
                    "SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), COUNT(*)"
                    f"{first_answers.replace(' WHERE ', ', json_each(a.wrong) j WHERE ')} AND q.position = ?"
                    " AND a.correct = 0 GROUP BY 1, 2",
                    [*firsts, question.position],
                )
            }
            assert len(listed) == min(5, len(given))
            assert all(given[(kind, text)] == n for kind, text, n in listed)
            unlisted = [n for key, n in given.items() if key not in {(k, t) for k, t, _ in listed}]
            assert all(n <= listed[-1][2] for n in unlisted)
    named = db.execute(
        f"SELECT j.value, COUNT(*){first_answers.replace(' WHERE ', ', json_each(a.mistakes) j WHERE ')} GROUP BY 1",
        firsts,
    ).fetchall()
    assert sorted(found.mistakes) == sorted(named)  # two mistakes at most in these classes: all listed


def check_exports(db: Database, room: rooms.Classroom, csv_text: str, document: str) -> None:
    """The exports hold a row per first answer of a member in the class's assignments, its stored values as
    they are; the JSON is the standard encoder's layout, its standings and question figures the dashboard's;
    the CSV has the JSON's rows, every cell made safe for spreadsheets."""
    value = json.loads(document)
    assert document == json.dumps(value, ensure_ascii=False, indent=1)
    members = rooms.roster(db, room.id)
    assert value["class"] == {"id": room.id, "name": room.name, "created_at": room.created_at}
    assert value["students"] == [
        {"student_id": m.user_id, "student": m.display_name, "username": m.username, "joined_at": m.joined_at}
        for m in members
    ]
    tasks = rooms.assignments(db, room)
    assert [(t["id"], t["title"], t["settings"]) for t in value["assignments"]] == [
        (t.id, t.title, dict(t.settings)) for t in tasks
    ]
    for shown, task in zip(value["assignments"], tasks, strict=True):
        found = rooms.results(db, room, task)
        assert [(s["student_id"], s["status"], s["attempts"]) for s in shown["students"]] == [
            (w.member.user_id if w.member else None, w.status, len(w.tries)) for w in found.students
        ]
        assert [(q["position"], q["answered"], q["right"], q["median_ms"]) for q in shown["questions"]] == [
            (q.position, q.answered, q.right, q.median_ms) for q in found.questions
        ]
    rows = value["answers"]
    stored = {
        row[0]: row[1:]
        for row in db.execute(
            "SELECT q.id, x.id, x.title, s.user_id, m.display_name, u.username, q.position, q.topic, q.target,"
            " a.correct, a.score, a.given, a.mistakes, a.time_ms, a.answered_at, s.id"
            " FROM assignments x JOIN practice_sessions s ON s.assignment_id = x.id"
            " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = s.user_id JOIN users u ON u.id = s.user_id"
            " JOIN questions q ON q.session_id = s.id JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
            " WHERE x.class_id = ?",
            [room.id],
        )
    }
    assert len(rows) == len(stored)
    sessions: dict[tuple[int, int], dict[int, int]] = {}
    for row in rows:
        (task_id, title, user_id, name, username, position, topic, target, correct, score, given, mistakes) = stored[
            row["question_id"]
        ][:12]
        time_ms, answered_at, session_id = stored[row["question_id"]][12:]
        assert row == {
            "class_id": room.id,
            "class": room.name,
            "assignment_id": task_id,
            "assignment": title,
            "student_id": user_id,
            "student": name,
            "username": username,
            "attempt": row["attempt"],
            "position": position,
            "question_id": row["question_id"],
            "topic": topic,
            "target": target,
            "correct": bool(correct),
            "score": score,
            "given": json.loads(given),
            "mistakes": json.loads(mistakes or "[]"),
            "time_ms": time_ms,
            "answered_at": answered_at,
        }
        # Attempts are numbered 1, 2 ... per student and assignment, in the order they were made.
        sessions.setdefault((task_id, user_id), {}).setdefault(session_id, row["attempt"])
    for numbers in sessions.values():
        assert [numbers[k] for k in sorted(numbers)] == list(range(1, len(numbers) + 1))
    order = [(r["assignment_id"], r["student"].lower(), r["student_id"], r["attempt"], r["position"]) for r in rows]
    assert order == sorted(order)  # assignment, student (by name), attempt, question
    assert csv_text.startswith(rooms.BOM)
    lines = list(csv.reader(io.StringIO(csv_text.removeprefix(rooms.BOM))))
    assert lines[0] == list(rooms.EXPORT_COLUMNS)
    assert lines[1:] == [[rooms.csv_cell(value) for value in csv_values(row).values()] for row in rows]
    assert csv_text == "".join(f"{line}\r\n" for line in csv_text.split("\r\n")[:-1])  # the csv module's line ends


def csv_values(row: dict[str, Any]) -> dict[str, Any]:
    """What the CSV says of an answer the JSON export holds (in English): topics, targets and mistakes by
    name beside their ids. These classes' questions carry no payload an exercise can be read from, so the
    answer is written as it was given and the right answer is left empty."""
    topic, target, mistakes = row["topic"], row["target"], row["mistakes"]
    named = [NAMED_MISTAKES[m].label if isinstance(m, str) and m in NAMED_MISTAKES else str(m) for m in mistakes]
    words = {
        "topic": TOPICS[topic].title if topic in TOPICS else topic,
        "topic_id": topic,
        "target": rooms.target_label(target) if isinstance(target, str) else target,
        "target_id": target,
        "expected": "",
        "mistakes": "; ".join(named),
        "mistake_ids": mistakes,
    }
    return {column: words[column] if column in words else row[column] for column in rooms.EXPORT_COLUMNS}


def figures(db: Database, room: rooms.Classroom) -> dict[str, Any]:
    """What the class page and the dashboards show, as JSON."""
    every = rooms.assignments(db, room)

    def heat(found: rooms.Heatmap) -> dict[str, Any]:
        rows = [[m.user_id, sorted(cells.items())] for m, cells in found.rows]
        return {"skills": found.skills, "rows": rows, "totals": sorted(found.totals.items())}

    return as_json(
        {
            "overview": [[t.id, s.done, s.students, s.average] for t, s in rooms.overview(db, room, every)],
            "results": [
                {
                    "students": [
                        [w.member.user_id if w.member else None, w.status, len(w.tries), w.percent]
                        + (
                            [w.counted.session_id, w.counted.answered, w.counted.right, w.counted.score]
                            if w.counted
                            else []
                        )
                        for w in found.students
                    ],
                    "questions": [
                        [q.position, q.answered, q.right, q.wrong_answers, q.median_ms] for q in found.questions
                    ],
                    "mistakes": found.mistakes,
                }
                for found in (rooms.results(db, room, task) for task in every)
            ],
            "heat": [heat(rooms.heatmap(db, room, task)) for task in [None, *every]],
            "class_mistakes": rooms.class_mistakes(db, room),
        }
    )


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
    for task, standing in standings:
        # The overview sums the kept attempt tallies; the dashboard reads the attempts: the same figures.
        found = rooms.results(db, room, task)
        assert (standing.done, standing.students) == (found.done, len(found.students))
        assert standing.average == pytest.approx(found.average)  # summed in another order: the last bit may differ
        check_results(db, room, task, wrong_kept=False)
        heat = rooms.heatmap(db, room, task)
        assert {m.user_id: cells for m, cells in heat.rows} == heat_counted(db, room, task)
    heat = rooms.heatmap(db, room)
    cells = heat_counted(db, room, None)
    assert {m.user_id: cells for m, cells in heat.rows} == cells
    assert [m.user_id for m, _ in heat.rows] == [m.user_id for m in rooms.roster(db, room.id) if m.user_id in cells]
    assert rooms.class_mistakes(db, room) == mistakes_counted(db, room)
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
    class_csv = "".join(rooms.results_csv(db, room, size=100))
    check_exports(db, room, class_csv, "".join(rooms.json_chunks(db, room, size=100)))
    for task in every:  # an assignment's CSV is the class's lines of that assignment
        lines = "".join(rooms.results_csv(db, room, task, size=100)).split("\r\n")
        mine = [line for line in class_csv.split("\r\n")[1:-1] if next(csv.reader([line]))[2] == str(task.id)]
        assert lines == class_csv.split("\r\n")[:1] + mine + [""]
    # Answers recorded by the app keep their wrong parts on the row (the rows above, written directly, have
    # none and are read from their payloads): the dashboard counts the same from either, or a mix.
    before = [rooms.results(db, room, task) for task in every]
    rng = random.Random(seed)
    unkept = []
    for answer_id, given_, parts in db.execute("SELECT id, given, parts FROM answers").fetchall():
        if rng.random() < 0.7:
            db.execute(
                "UPDATE answers SET wrong = ? WHERE id = ?",
                [wrong_column(json.loads(given_), json.loads(parts)), answer_id],
            )
        else:
            unkept.append((answer_id, given_, parts))
    assert [rooms.results(db, room, task) for task in every] == before
    for answer_id, given_, parts in unkept:
        db.execute(
            "UPDATE answers SET wrong = ? WHERE id = ?",
            [wrong_column(json.loads(given_), json.loads(parts)), answer_id],
        )
    assert [rooms.results(db, room, task) for task in every] == before
    for task in every:
        check_results(db, room, task, wrong_kept=True)
    # The mistakes' tallies follow answers taken away and answers moved to another account (a merge).
    for (answer_id,) in db.execute("SELECT id FROM answers").fetchall():
        if rng.random() < 0.2:
            db.execute("DELETE FROM answer_skills WHERE answer_id = ?", [answer_id])
            db.execute("DELETE FROM answers WHERE id = ?", [answer_id])
        elif rng.random() < 0.2:
            db.execute("UPDATE answers SET user_id = ? WHERE id = ?", [10 + rng.randrange(max(students, 1)), answer_id])
    assert rooms.class_mistakes(db, room) == mistakes_counted(db, room)
    assert db.execute("SELECT COUNT(*) FROM class_mistake_tallies WHERE n <= 0").fetchone() == (0,)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_classes_show_the_recorded_figures(seed: int) -> None:
    db = Database(memory=True)
    migrations.apply(db)
    room = build(db, seed, 6, 3)
    shown = figures(db, room)
    assert shown == golden_json(f"class-{seed}.json", shown)
    class_csv = "".join(rooms.results_csv(db, room))
    assert class_csv == golden_text(f"class-{seed}.csv", class_csv)
    document = "".join(rooms.json_chunks(db, room))
    assert document == golden_text(f"class-{seed}-export.json", document)
    assert len(json.loads(document)["answers"]) == class_csv.count("\r\n") - 1 > 10


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
    expected = "".join(rooms.results_csv(db, room))
    document = "".join(rooms.json_chunks(db, room))
    check_exports(db, room, expected, document)
    assert expected == golden_text(f"odd-{seed}.csv", expected)
    assert document == golden_text(f"odd-{seed}-export.json", document)
    rows = json.loads(document)["answers"]
    assert len({json.dumps(row["given"]) for row in rows}) > 5  # the odd values are there to be written
    assert "'=sum" in expected and "'-0.5" in expected and ",'+" in expected  # cells a spreadsheet would run
    assert "".join(rooms.results_csv(db, room, size=1)) == expected
    for task in rooms.assignments(db, room):
        one = "".join(rooms.results_csv(db, room, task, size=50)).split("\r\n")
        assert one == "".join(rooms.results_csv(db, room, task)).split("\r\n")
        assert len(one) - 2 == sum(1 for row in rows if row["assignment_id"] == task.id)
    chinese = "".join(rooms.results_csv(db, room, lang="zh"))
    header, _, body = chinese.removeprefix(rooms.BOM).partition("\r\n")
    # Only the names differ (the answers of these classes are written as given: no payload to read).
    named = [rooms.EXPORT_COLUMNS.index(column) for column in ("topic", "target", "mistakes")]
    english_rows = csv.reader(io.StringIO(expected.partition("\r\n")[2]))
    for english, said in zip(english_rows, csv.reader(io.StringIO(body)), strict=True):
        assert [v for n, v in enumerate(said) if n not in named] == [v for n, v in enumerate(english) if n not in named]
    assert next(csv.reader([header])) == [column_header(column, "zh") for column in rooms.EXPORT_COLUMNS]
    assert "首次作答正确" in header
    assert "".join(rooms.json_chunks(db, room, size=1)) == document


def test_the_exports_of_a_class_without_answers_are_whole_documents() -> None:
    db = Database(memory=True)
    migrations.apply(db)
    room = build(db, 5, 0, 0)
    class_csv = "".join(rooms.results_csv(db, room))
    assert class_csv == rooms.BOM + ",".join(rooms.EXPORT_COLUMNS) + "\r\n"
    document = "".join(rooms.json_chunks(db, room))
    check_exports(db, room, class_csv, document)
    assert json.loads(document) == {
        "class": {"id": 1, "name": "=Class", "created_at": "x"},
        "students": [],
        "assignments": [],
        "answers": [],
    }


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
    document = b"".join(response.response).decode()
    response.close()
    assert document == "".join(rooms.json_chunks(db, room))
    response = client.get("/classes/1/results.csv", buffered=False)
    assert (
        response.is_streamed and response.headers["Content-Disposition"] == 'attachment; filename="class-1-results.csv"'
    )
    body = b"".join(response.response).decode()
    response.close()
    assert body == "".join(rooms.results_csv(db, room))
    check_exports(db, room, body, document)
    task = rooms.assignments(db, room)[0]
    body = client.get(f"/classes/1/assignments/{task.id}/results.csv").data.decode()
    assert body == "".join(rooms.results_csv(db, room, task))
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
