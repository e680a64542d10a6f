"""Printable worksheets: a seeded quiz's or an assignment's questions with answer lines, and the answer key
(with the engine's breakdowns) for the assignment's teacher only."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_classroom import join, open_class, served, set_times, start, take, user
from tutor import classroom as rooms
from tutor.classroom.worksheet import assignment_worksheet
from tutor.db import connect
from tutor.practice.selection import clean_settings, quiz_exercise


def hands(page: str) -> list[str]:
    """The hand drawn for each question (before the key)."""
    before_key = page.split("data-answer-key", 1)[0]
    return re.findall(r'data-question="\d+">\s*<h2>[^<]*</h2>\s*<p class="hand">(.*?)</p>', before_key, re.S)


def test_a_seeded_quiz_worksheet_has_each_question_and_its_key(client: FlaskClient) -> None:
    response = client.get("/practice/worksheet?seed=club-7&topics=fu,points&size=4&difficulty=1")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert len(re.findall(r'data-question="\d"', page)) == 4
    assert len(re.findall(r'data-answer="\d"', page)) == 4
    assert page.index("data-answer-key") > page.rindex('data-question="4"')  # the key comes after every question
    assert page.count('class="breakdown"') == 4  # fu and points hands: the engine's breakdown of each
    # The key says the engine's answer to each part of the quiz those settings make.
    settings = clean_settings({"seed": "club-7", "topics": ["fu", "points"], "size": 4, "difficulty": 1}, "quiz")
    key = page.split("data-answer-key", 1)[1]
    for n in range(1, 5):
        exercise = quiz_exercise(settings, n)
        for part in exercise.parts:
            if part.kind in ("fu", "han"):  # said in plain words and numbers, so found as they are
                line = f"<li>{part.name}: {part.expected()}</li>"  # the part named, its answer as the kind says it
                assert line in key, (n, part.kind, part.expected())
    # The same settings give the same hands; another seed others.
    assert hands(
        client.get("/practice/worksheet?seed=club-7&topics=fu,points&size=4&difficulty=1").get_data(as_text=True)
    ) == hands(page)
    other = client.get("/practice/worksheet?seed=club-8&topics=fu,points&size=4&difficulty=1").get_data(as_text=True)
    assert hands(other) != hands(page)


def test_the_key_can_be_left_out(client: FlaskClient) -> None:
    page = client.get("/practice/worksheet?seed=x&topics=waits&size=2&key=0").get_data(as_text=True)
    assert "data-answer-key" not in page and 'data-question="2"' in page
    assert "Add the answer key" in page


def test_every_kind_of_question_prints(client: FlaskClient) -> None:
    topics = "everyday-yaku,fu,points,dora,waits,furiten,table"
    page = client.get(f"/practice/worksheet?seed=all&topics={topics}&size=7").get_data(as_text=True)
    assert len(re.findall(r'data-answer="\d"', page)) == 7


def test_a_worksheet_without_a_seed_gets_one_in_its_address(client: FlaskClient) -> None:
    response = client.get("/practice/worksheet?topic=fu&size=3&csrf_token=abc&mode=quiz")
    assert response.status_code == 302
    assert re.search(r"seed=[0-9a-f]{6}", response.location) and "topic=fu" in response.location
    assert "csrf_token" not in response.location
    # A seed typed on the practice page is kept; the form's token never stays in the address.
    kept = client.get("/practice/worksheet?topic=fu&seed=mine&csrf_token=abc&mode=quiz")
    assert kept.status_code == 302 and "seed=mine" in kept.location
    assert "csrf_token" not in kept.location and "mode" not in kept.location


def test_bad_worksheet_settings_are_named(client: FlaskClient) -> None:
    for query, message in (
        ("seed=x&topics=nonsense", "unknown topic(s) nonsense"),
        ("seed=x&topics=fu&size=0", "a quiz has 1 to"),
        ("seed=x&topics=fu&difficulty=9", "difficulty must be 1, 2 or 3"),
    ):
        response = client.get(f"/practice/worksheet?{query}")
        assert response.status_code == 400 and message in response.get_data(as_text=True), query


def test_only_the_assignments_teacher_gets_its_key(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    path = f"/classes/{room.class_id}/assignments/{room.assignment_id}/worksheet"
    teacher = room.teacher.get(path)
    assert teacher.status_code == 200 and teacher.headers["Cache-Control"] == "no-store"
    page = teacher.get_data(as_text=True)
    assert "data-answer-key" in page and len(re.findall(r'data-answer="\d"', page)) == 4
    assert "data-answer-key" not in room.teacher.get(path + "?key=0").get_data(as_text=True)
    # The student prints the questions of their attempt, never the key, whatever they ask for.
    for query in ("", "?key=1"):
        student = ann.get(path + query).get_data(as_text=True)
        assert "data-answer-key" not in student and 'class="breakdown"' not in student
        assert "Add the answer key" not in student
        assert hands(student) == hands(page)
    # Outsiders see nothing at all.
    assert user(app, "other").get(path).status_code == 404


def test_a_student_gets_no_worksheet_before_the_assignment_opens(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"))
    ann = user(app, "ann")
    join(ann, room, "Ann")
    set_times(app, room.assignment_id, opens_at=datetime.now(UTC) + timedelta(days=1))
    path = f"/classes/{room.class_id}/assignments/{room.assignment_id}/worksheet"
    response = ann.get(path)
    assert response.status_code == 302
    assert "opens at" in ann.get(response.location).get_data(as_text=True)
    assert "data-answer-key" in room.teacher.get(path).get_data(as_text=True)  # the teacher prepares it


def test_a_variant_worksheet_is_each_students_own_hands(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), variant="each")
    ann, ben = user(app, "ann"), user(app, "ben")
    join(ann, room, "Ann")
    join(ben, room, "Ben")
    ann_first = take(app, ann, room, [True])[0]
    ben_first = start(ben, room)
    path = f"/classes/{room.class_id}/assignments/{room.assignment_id}/worksheet"
    ann_sheet = hands(ann.get(path).get_data(as_text=True))
    ben_sheet = hands(ben.get(path).get_data(as_text=True))
    assert ann_sheet != ben_sheet
    shared = room.teacher.get(path).get_data(as_text=True)
    assert "shared version" in shared and "data-variant-picker" in shared
    ben_id = served(app, ben_first).user_id
    chosen = room.teacher.get(f"{path}?student={ben_id}").get_data(as_text=True)
    assert hands(chosen) == ben_sheet and "data-answer-key" in chosen and "Ben&#39;s" in chosen
    ann_id = served(app, ann_first).user_id
    assert hands(room.teacher.get(f"{path}?student={ann_id}").get_data(as_text=True)) == ann_sheet
    # Ann's sheet is the hands of her attempt: its first question is the one she answered.
    db = connect(app.config["DATABASE"])
    try:
        task = rooms.assignment(db, rooms.class_by_id(db, room.class_id), room.assignment_id)
        assert assignment_worksheet(task, ann_id).exercises[0] == served(app, ann_first).exercise
        assert assignment_worksheet(task, ann_id).exercises != assignment_worksheet(task).exercises
    finally:
        db.conn.close()
    assert room.teacher.get(f"{path}?student=99999").status_code == 404
    # Every student at once: one sheet each, named, in roster order, and the key in the same order.
    everyone = room.teacher.get(f"{path}?student=all").get_data(as_text=True)
    assert everyone.count("data-student-sheet") == 2
    assert re.findall(r'class="ws-line ws-filled">([^<]*)<', everyone) == ["Ann", "Ben"]
    assert hands(everyone) == ann_sheet + ben_sheet
    key = everyone.split("data-answer-key", 1)[1]
    assert re.findall(r'class="ws-key-whose">([^<]*)<', key) == ["Ann", "Ben"]
    assert len(re.findall(r'data-answer="\d"', key)) == 8
    # Students never get the others' sheets.
    assert ann.get(f"{path}?student=all").get_data(as_text=True).count("data-student-sheet") == 0
