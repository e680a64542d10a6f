"""Lessons that remember: check-yourself answers are stored (guests and accounts), the lesson list and the
progress page show read/done and checks right, a reload shows the answers given, and each lesson leads
into its practice topic."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from tests.conftest import csrf
from tests.quiz.answering import right_answer
from tests.web.test_practice import count, register
from tutor.course import lesson_progress
from tutor.course.curriculum import TOPICS, topic_of_lesson
from tutor.course.lessons import LessonBook, Step
from tutor.db import connect
from tutor.web.db import init_db


def check(client: FlaskClient, path: str, answer: object, json: bool = True):  # type: ignore[no-untyped-def]
    headers = {"Accept": "application/json"} if json else {}
    return client.post(path, data={"answer": answer, "csrf_token": csrf(client)}, headers=headers)


def book(app: Flask) -> LessonBook:
    found: LessonBook = app.extensions["lessons"].book("en")
    return found


def lesson_entry(page: str, slug: str) -> str:
    match = re.search(rf'<li[^>]*><a href="/lessons/{slug}/\d+">.*?</li>', page, re.S)
    assert match, slug
    return match.group(0)


def test_a_guests_checks_count_in_the_lesson_list_and_the_progress_page(app: Flask, client: FlaskClient) -> None:
    fu = book(app).lessons["fu"]
    total = len(fu.questions)
    # Nothing known before anything is done: no marks, and reading alone makes no guest.
    assert "checks right" not in lesson_entry(client.get("/lessons/").get_data(as_text=True), "fu")
    client.get("/lessons/fu")
    assert count(app, "SELECT COUNT(*) AS n FROM users") == 0
    assert check(client, "/lessons/fu/check/1", right_answer(fu.questions[0])).json["correct"]
    assert not check(client, "/lessons/fu/check/2", "1").json["correct"]
    assert check(client, "/lessons/fu/check/3", right_answer(fu.questions[2])).json["correct"]
    assert count(app, "SELECT COUNT(*) AS n FROM lesson_checks") == 3

    entry = lesson_entry(client.get("/lessons/").get_data(as_text=True), "fu")
    assert f"2 of {total} checks right" in entry
    # Begun, not read: a lesson is read when every step is done.
    assert 'data-lesson-state="started"' in entry
    progress = client.get("/progress/").get_data(as_text=True)
    row = re.search(r'<tr data-lesson="fu">.*?</tr>', progress, re.S)
    assert row and f"2/{total}" in row.group(0) and "read" not in row.group(0)
    untouched = re.search(r'<tr data-lesson="tiles">.*?</tr>', progress, re.S)
    assert untouched and "0/4" in untouched.group(0) and "read" not in untouched.group(0)


def test_a_lesson_answered_right_throughout_is_done(app: Flask, client: FlaskClient) -> None:
    tiles = book(app).lessons["tiles"]
    for number, question in enumerate(tiles.questions, 1):
        assert check(client, f"/lessons/tiles/check/{number}", right_answer(question)).json["correct"]
    entry = lesson_entry(client.get("/lessons/").get_data(as_text=True), "tiles")
    assert 'data-lesson-state="done"' in entry
    assert f"{len(tiles.questions)} of {len(tiles.questions)} checks right" in entry


def test_trying_again_counts_the_latest_answer(app: Flask, client: FlaskClient) -> None:
    assert not check(client, "/lessons/fu/check/1", "1").json["correct"]
    entry = lesson_entry(client.get("/lessons/").get_data(as_text=True), "fu")
    assert "0 of 5 checks right" in entry
    assert check(client, "/lessons/fu/check/1", "30").json["correct"]
    assert "1 of 5 checks right" in lesson_entry(client.get("/lessons/").get_data(as_text=True), "fu")


def test_a_reload_shows_the_answers_given_with_their_feedback(app: Flask, client: FlaskClient) -> None:
    check(client, "/lessons/fu/check/2", "40")
    check(client, "/lessons/everyday-yaku/check/1", ["riichi"])
    page = client.get("/lessons/fu").get_data(as_text=True)
    form = re.search(r'<form[^>]*id="question-2".*?</form>', page, re.S)
    assert form
    assert 'value="40"' in form.group(0)  # the typed answer is back in its box
    assert 'class="verdict wrong"' in form.group(0) and "answered" in form.group(0)
    # Other questions stay unanswered, and every form still carries the CSRF field.
    first = re.search(r'<form[^>]*id="question-1".*?</form>', page, re.S)
    assert first and "verdict" not in first.group(0)
    assert page.count('name="csrf_token"') >= len(book(app).lessons["fu"].questions)
    yaku = client.get("/lessons/everyday-yaku").get_data(as_text=True)
    picked = re.search(r'<form[^>]*id="question-1".*?</form>', yaku, re.S)
    assert picked
    assert re.search(r'value="riichi"\s+checked', picked.group(0))  # the ticked choice is ticked again
    assert "missed" in picked.group(0)  # and the one not ticked is marked as missed


def test_a_plain_form_post_shows_the_answer_in_place(app: Flask, client: FlaskClient) -> None:
    page = check(client, "/lessons/fu/check/2", "40", json=False).get_data(as_text=True)
    form = re.search(r'<form[^>]*id="question-2".*?</form>', page, re.S)
    assert form and 'value="40"' in form.group(0) and 'class="verdict wrong"' in form.group(0)


def test_an_unreadable_answer_is_not_remembered(app: Flask, client: FlaskClient) -> None:
    assert check(client, "/lessons/fu/check/1", "lots").json["problem"]
    assert count(app, "SELECT COUNT(*) AS n FROM lesson_checks") == 0


def test_yaku_note_checks_are_remembered_too(app: Flask, client: FlaskClient) -> None:
    assert check(client, "/yaku/pinfu/check/2", "20").json["correct"]
    page = client.get("/yaku/pinfu").get_data(as_text=True)
    form = re.search(r'<form[^>]*id="question-2".*?</form>', page, re.S)
    assert form and 'class="verdict right"' in form.group(0) and 'value="20"' in form.group(0)
    # A note is not a lesson: the course does not count it.
    assert count(app, "SELECT COUNT(*) AS n FROM lesson_checks WHERE page = '/yaku/pinfu'") == 1


def test_a_guests_checks_move_to_the_account_they_register(app: Flask, client: FlaskClient) -> None:
    check(client, "/lessons/fu/check/1", "30")
    client.post("/lessons/fu/1/next", data={"csrf_token": csrf(client)})  # step 1 has no checks: read to its end
    register(client, "ann")
    assert "1 of 5 checks right" in lesson_entry(client.get("/lessons/").get_data(as_text=True), "fu")
    assert (
        count(app, "SELECT COUNT(*) AS n FROM lesson_reads r JOIN users u ON u.id = r.user_id WHERE u.username = 'ann'")
        == 1
    )


def test_one_learners_checks_are_never_shown_to_another(app: Flask, client: FlaskClient) -> None:
    check(client, "/lessons/fu/check/2", "40")
    other = app.test_client()
    register(other, "ben")
    page = other.get("/lessons/fu").get_data(as_text=True)
    assert "verdict" not in page and 'value="40"' not in page


def test_each_lesson_with_a_topic_ends_with_practise_this(app: Flask, client: FlaskClient) -> None:
    for slug in book(app).lessons:
        page = client.get(f"/lessons/{slug}").get_data(as_text=True)
        topic = topic_of_lesson(slug)
        if topic is None:
            assert "Practise this" not in page, slug
        else:
            assert f'href="/practice/?topic={topic.id}"' in page, slug
    practice = client.get("/practice/?topic=dora").get_data(as_text=True)
    assert re.search(r'value="dora"\s+checked', practice)
    assert not re.search(r'value="fu"\s+checked', practice)


def test_every_topic_has_a_lesson_leading_to_it(app: Flask) -> None:
    lessons = book(app).lessons
    for topic in TOPICS.values():
        assert any(topic_of_lesson(slug) == topic for slug in lessons), topic.id


def test_an_edited_question_forgets_its_old_answers(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    from tutor import create_app

    with create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(path)}).app_context():
        init_db()
    db: Database = connect(path)
    try:
        db.execute("INSERT INTO users (role, is_guest, created_at) VALUES ('learner', 1, '2026-01-01T00:00:00+00:00')")
        lesson_progress.record_check(db, 1, "/lessons/x", 1, "aaaa", "30", True, 1.0)
        lesson_progress.record_check(db, 1, "/lessons/x", 2, "bbbb", "20", False, 0.0)
        assert set(lesson_progress.page_checks(db, 1, "/lessons/x", ["aaaa", "bbbb"])) == {1, 2}
        # Question 2 was edited (new key), and a third added: only question 1's answer still counts.
        assert set(lesson_progress.page_checks(db, 1, "/lessons/x", ["aaaa", "cccc", "dddd"])) == {1}
        x = SimpleNamespace(
            check_path="/lessons/x",
            questions=[SimpleNamespace(key=k) for k in ("aaaa", "cccc", "dddd")],
            steps=[Step(1, "a", "A", "", (1,)), Step(2, "b", "B", "", (2, 3))],
        )
        y = SimpleNamespace(
            check_path="/lessons/y", questions=[SimpleNamespace(key="e")], steps=[Step(1, "", "", "", (1,))]
        )
        marks = lesson_progress.course(db, 1, [x, y])  # type: ignore[list-item]
        assert (marks["/lessons/x"].right, marks["/lessons/x"].answered, marks["/lessons/x"].total) == (1, 1, 3)
        assert marks["/lessons/x"].steps_done == (True, False) and marks["/lessons/x"].next_step == 2
        assert not marks["/lessons/x"].read and not marks["/lessons/x"].done
        assert not marks["/lessons/y"].read and marks["/lessons/y"].total == 1
    finally:
        db.conn.close()


def test_a_guest_who_only_reads_lessons_is_kept_and_an_old_ones_checks_go_with_it(app: Flask) -> None:
    from datetime import UTC, datetime, timedelta

    from tutor import accounts

    db = connect(app.config["DATABASE"])
    try:
        reader = accounts.create_guest(db, "10.0.0.1", at=datetime(2026, 1, 1, tzinfo=UTC))
        gone = accounts.create_guest(db, "10.0.0.1", at=datetime(2026, 1, 1, tzinfo=UTC))
        lesson_progress.record_check(db, reader.id, "/lessons/fu", 1, "k", "30", True, 1.0)  # today
        db.execute(
            "INSERT INTO lesson_checks (user_id, page, number, question_key, given, correct, score, answered_at)"
            " VALUES (?, '/lessons/fu', 1, 'k', '\"30\"', 1, 1.0, '2026-01-02T00:00:00+00:00')",
            [gone.id],
        )
        db.execute(
            "INSERT INTO lesson_reads (user_id, page, first_read_at, last_read_at) VALUES (?, '/lessons/fu', ?, ?)",
            [gone.id, "2026-01-02T00:00:00+00:00", "2026-01-02T00:00:00+00:00"],
        )
        assert accounts.purge_guests(db, timedelta(days=30)) == 1
        assert {row[0] for row in db.execute("SELECT id FROM users")} == {reader.id}
        assert db.execute("SELECT COUNT(*) FROM lesson_checks WHERE user_id = ?", [gone.id]).fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM lesson_reads WHERE user_id = ?", [gone.id]).fetchone()[0] == 0
    finally:
        db.conn.close()
