"""The class pages' long tables (the heat map, the dashboard's row per student) are the markup recorded in
tests/data/golden/ (see tests/golden.py to record it again), with every name escaped once; an
assignment's drawn questions are kept, keyed so that a changed assignment is drawn again."""

from __future__ import annotations

import html
import importlib
import json
import re
from dataclasses import replace

import pytest
from flask import Flask, render_template, render_template_string
from sqlite_utils import Database

from tests.golden import golden_text
from tests.test_class_scale import build
from tutor import classroom as rooms
from tutor.classroom.attempts import Attempt, StudentWork
from tutor.classroom.dashboard import AssignmentResults, Heatmap, RosterPage
from tutor.classroom.roster import Classroom, Member
from tutor.db import migrations
from tutor.practice.selection import quiz_exercise
from tutor.practice.wrong_answers import wrong_column, wrong_parts
from tutor.web.question_hands import question_hand

assignment_module = importlib.import_module("tutor.classroom.assignments")  # the name is also a function

NAMES = ["Ann", "<b>Bo & 'Cy'</b>", 'Dee "D"', "李", ""]


def members(count: int) -> list[Member]:
    return [
        Member(100 + n, NAMES[n % len(NAMES)] + str(n), f"user{n}", "2026-01-01T00:00:00+00:00") for n in range(count)
    ]


def heat() -> Heatmap:
    people = members(7)
    skills = [("yaku:pinfu", "Pinfu"), ("fu:kanchan", 'Fu: <kanchan> & "x"'), ("table:1", "Mangan, 'tsumo'")]
    tallies = [(1, 0), (3, 1), (3, 2), (8, 1), (20, 19), (7, 7), (6, 5)]
    rows = [
        (m, {skill: tallies[(n + k) % len(tallies)] for k, (skill, _) in enumerate(skills) if (n + k) % 4})
        for n, m in enumerate(people)
    ]
    totals = {"yaku:pinfu": (33, 11), "fu:kanchan": (3, 2), "table:1": (8, 1), "dora:count": (1, 1)}
    return Heatmap(skills, rows, totals)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_heat_map_is_as_recorded(app: Flask, lang: str) -> None:
    shown = heat()
    with app.test_request_context(f"/?lang={lang}"):
        app.preprocess_request()  # the request's language
        pages = [
            render_template("partials/heatmap.html", heat=one)
            for one in (shown, replace(shown, rows=[]), Heatmap([], [], {}))
        ]
    assert "\n<!-- next -->\n".join(pages) == golden_text(f"heatmap-{lang}.html", "\n<!-- next -->\n".join(pages))
    body = pages[0].split("<tbody>")[1].split("</tbody>")[0]
    assert "<b>" not in body and "&lt;b&gt;Bo &amp; &#39;Cy&#39;&lt;/b&gt;" in body  # a name escaped once
    cells = re.findall(r'<td class="cell" style="--share: ([\d.]+)" title="([^"]*)">(\d+)/(\d+)</td>', body)
    filled = [
        (someone, label, cell)
        for someone, row in shown.rows
        for skill, label in shown.skills
        if (cell := row.get(skill))
    ]
    assert len(cells) == len(filled) and body.count('<td class="cell empty"></td>') == len(shown.rows) * len(
        shown.skills
    ) - len(filled)
    for (share, title, right, done), (someone, label, cell) in zip(cells, filled, strict=True):
        assert (int(done), int(right)) == cell and float(share) == round(cell[1] / cell[0], 2)
        # Parts joined by a middle dot, the same in every language (a label may hold a colon of its own: 役牌：中).
        assert html.unescape(title) == f"{someone.display_name} · {label} · {right}/{done}"
    totals = re.findall(r">(\d+) ?%</td>", pages[0].split("<tfoot>")[1])
    assert [int(t) for t in totals] == [
        round(100 * right / done) for done, right in (shown.totals[k] for k, _ in shown.skills)
    ]


def work(member: Member, tries: list[Attempt], size: int) -> StudentWork:
    return StudentWork(member, tries, max(tries, key=lambda a: (a.score, a.answered, -a.number), default=None), size)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dashboards_student_rows_are_as_recorded(app: Flask, lang: str) -> None:
    size = 4
    task = rooms.Assignment(7, 3, "Fu", {"size": size}, False, "2026-01-01T00:00:00+00:00", None, 3, "each", "x")
    people = members(6)

    def attempt(session_id: int, user_id: int, number: int, answered: int, score: float, time_ms: int) -> Attempt:
        last = None if not answered else f"2026-02-0{number}T10:1{number}:00+00:00"
        return Attempt(
            session_id, user_id, number, "2026-02-01T10:00:00+00:00", answered, 1, score, time_ms, last, size
        )

    found = AssignmentResults(
        task,
        [
            work(people[0], [], size),  # not started
            work(people[1], [attempt(11, 101, 1, 0, 0.0, 0)], size),  # started, nothing answered
            work(people[2], [attempt(12, 102, 1, 2, 1.5, 59_499)], size),  # in progress, under a minute
            work(people[3], [attempt(13, 103, 1, 4, 2.5, 59_500), attempt(14, 103, 2, 4, 3.75, 1)], size),
            work(people[4], [attempt(15, 104, 1, 4, 4.0, 90_000)], size),  # done, minutes
            work(people[5], [attempt(16, 105, 1, 3, 1 / 3, 3_725_001)], size),
        ],
        [],
    )
    room = Classroom(3, "Club", 1, "C", "x")
    everyone = RosterPage(people, 1, 1, len(people))
    with app.test_request_context(f"/?lang={lang}"):
        app.preprocess_request()  # the request's language
        context = {"found": found, "assignment": task, "classroom": room}
        rows = render_template("partials/student_rows.html", roster_page=everyone, **context)
        # A page of the roster shows its own students' rows only, in the results' order.
        page = RosterPage(people[4:1:-2], 2, 3, len(people))
        some = render_template("partials/student_rows.html", roster_page=page, **context)
    assert rows == golden_text(f"student-rows-{lang}.html", rows)
    assert re.findall(r'data-student="(\d+)"', rows) == [str(m.user_id) for m in people]
    assert re.findall(r'data-student="(\d+)"', some) == ["102", "104"]
    assert some == "".join(re.findall(r"\n      <tr data-student=\"10[24]\".*?</tr>\n    ", rows, re.S))
    assert "<b>" not in rows and rows.count("&lt;b&gt;Bo &amp; &#39;Cy&#39;&lt;/b&gt;") == 1
    scores = re.findall(r"<td class=\"num\" data-score>(.*?)</td>", rows)
    best = "94 %" if lang == "en" else "94%"  # a percentage as the language writes it
    assert scores[:2] == ["–", "–"] and f'/classes/3/attempts/14">{best}</a>' in scores[3]  # the best of two attempts


def test_an_assignments_questions_are_drawn_once_and_again_when_it_changes() -> None:
    settings = {"topics": ["fu", "one-han"], "targets": [], "difficulty": 2, "parts": [], "itemised": False}
    settings |= {"size": 3, "seed": "kept"}
    task = rooms.Assignment(9, 1, "Fu", settings, False, "2026-01-01T00:00:00+00:00", None, 1, "each", "x")
    first = task.shared_exercise(2)
    assert first == quiz_exercise(settings, 2)
    assert task.shared_exercise(2) is first  # kept, not drawn again
    assert replace(task, title="Renamed").shared_exercise(2) is first  # the title does not change the hands
    reseeded = replace(task, settings={**settings, "seed": "another"})
    assert reseeded.shared_exercise(2) == quiz_exercise(reseeded.settings, 2) != first
    harder = replace(task, settings={**settings, "difficulty": 3})
    assert harder.shared_exercise(2) is not first and harder.shared_exercise(2) == quiz_exercise(harder.settings, 2)
    assert replace(task, id=10).shared_exercise(2) is not first  # another assignment, kept apart
    assert task.shared_exercise(1) == quiz_exercise(settings, 1)


def test_the_drawn_questions_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assignment_module.DRAWN, "size", 3)
    settings = {"topics": ["fu"], "targets": [], "difficulty": 1, "parts": [], "itemised": False, "size": 9}
    task = rooms.Assignment(11, 1, "Fu", settings | {"seed": "b"}, False, "x", None, 1, "each", "x")
    for position in range(1, 6):
        task.shared_exercise(position)
    assert len(assignment_module.DRAWN) == 3


def test_the_migration_keeps_each_answers_wrong_parts_and_the_class_mistakes() -> None:
    db = Database(memory=True)
    migrations.apply(db, stop_before="m014_wrong_answers")
    db.execute("INSERT INTO users (id, username, role, is_guest, created_at) VALUES (1, 't', 'teacher', 0, 'x')")
    db.execute("INSERT INTO users (id, username, role, is_guest, created_at) VALUES (2, 's', 'learner', 0, 'x')")
    db.execute("INSERT INTO classes (id, name, teacher_id, join_code, created_at) VALUES (1, 'C', 1, 'C', 'x')")
    db.execute(
        "INSERT INTO assignments (id, class_id, title, settings, variant, opens_at, attempts_allowed, reveal,"
        " created_at) VALUES (1, 1, 'A', '{}', 0, 'x', 1, 'each', 'x')"
    )
    for session, assignment in ((1, 1), (2, None)):  # an assignment's attempt, and practice
        db.execute(
            "INSERT INTO practice_sessions (id, user_id, mode, settings, started_at, assignment_id)"
            " VALUES (?, 2, 'quiz', '{}', 'x', ?)",
            [session, assignment],
        )
    answers = [
        (
            {"han": " 2 ", "yaku": ["pinfu", "riichi"]},
            {"yaku": {"correct": False}, "han": {"correct": False}},
            ["a", "a"],
        ),
        ({"fu": {"base": "20", "pair": 2}}, {"fu": {"correct": False}}, ["b"]),
        ({"fu": "30"}, {"fu": {"correct": True}}, []),
        ({"han": 3}, None, ["a"]),
    ]
    for n, (given, parts, mistakes) in enumerate(answers * 2):
        db.execute(
            "INSERT INTO questions (id, user_id, session_id, position, topic, difficulty, seed, payload, served_at)"
            " VALUES (?, 2, ?, ?, 'fu', 1, 's', '{}', 'x')",
            [f"q{n}", 1 + n // len(answers), n % len(answers) + 1],
        )
        db.execute(
            "INSERT INTO answers (id, question_id, user_id, attempt, given, correct, score, parts, mistakes,"
            " answered_at) VALUES (?, ?, 2, 1, ?, 0, 0, ?, ?, 'x')",
            [n + 1, f"q{n}", json.dumps(given), None if parts is None else json.dumps(parts), json.dumps(mistakes)],
        )
    migrations.apply(db)
    kept = [json.loads(wrong) for (wrong,) in db.execute("SELECT wrong FROM answers ORDER BY id").fetchall()]
    assert kept[:4] == [[["yaku", "pinfu, riichi"], ["han", "2"]], [["fu", "base=20, pair=2"]], [], []]
    assert kept[4:] == kept[:4]
    # Only the class's answers count, each named mistake as often as it is named.
    assert db.execute(
        "SELECT class_id, user_id, mistake, n FROM class_mistake_tallies ORDER BY mistake"
    ).fetchall() == [
        (1, 2, "a", 3),
        (1, 2, "b", 1),
    ]


def test_wrong_parts_as_kept_match_the_payload() -> None:
    given = {"yaku": [], "han": True, "fu": {"base": "20"}, "points": None}
    parts = {kind: {"correct": kind == "han"} for kind in given} | {"dora": {"correct": False}}
    assert wrong_parts(given, parts) == [("yaku", "(none)"), ("fu", "base=20"), ("points", "None"), ("dora", "")]
    assert [tuple(pair) for pair in json.loads(wrong_column(given, parts))] == wrong_parts(given, parts)
    assert wrong_column(given, None) == "[]"


def test_a_questions_hand_is_rendered_once_per_language_and_again_when_it_changes(app: Flask) -> None:
    settings = {"topics": ["one-han", "fu"], "targets": [], "difficulty": 2, "parts": [], "itemised": False}
    settings |= {"size": 2, "seed": "hands"}
    task = rooms.Assignment(12, 1, "Fu", settings, False, "2026-01-01T00:00:00+00:00", None, 1, "each", "x")
    # The same partial rendered on the spot: what the kept copy must equal.
    direct = '{% with q = exercise.main %}{% include "partials/context.html" %}{% endwith %}'
    shown = {}
    for lang in ("en", "zh"):
        with app.test_request_context(f"/?lang={lang}"):
            app.preprocess_request()  # the request's language
            for position in (1, 2):
                hand = question_hand(task, position)
                assert hand == render_template_string(direct, exercise=quiz_exercise(settings, position))
                assert question_hand(task, position) is hand  # kept
                shown[(lang, position)] = hand
            reseeded = replace(task, settings={**settings, "seed": "other"})
            assert question_hand(reseeded, 1) == render_template_string(
                direct, exercise=quiz_exercise(reseeded.settings, 1)
            )
            assert question_hand(reseeded, 1) != shown[(lang, 1)]
    assert shown[("en", 1)] != shown[("zh", 1)]  # the words are the reader's


def test_deleting_a_class_takes_its_mistakes_tallies_with_it() -> None:
    db = Database(memory=True)
    migrations.apply(db)
    room = build(db, 5, 6, 2)
    assert db.execute("SELECT COUNT(*) FROM class_mistake_tallies").fetchone()[0] > 0
    rooms.delete_class(db, room)
    assert db.execute("SELECT COUNT(*) FROM class_mistake_tallies").fetchone() == (0,)
