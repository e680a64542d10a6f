"""A path through the course (issue 24): one function decides what "Continue" offers, the home page and the
lessons index show it, and the lessons index maps what the learner knows with actions that start at once."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import right_answer
from tests.web.test_practice import answer, register, served, start
from tutor import classroom as rooms
from tutor.accounts import get_user
from tutor.accounts import register as new_account
from tutor.course.lessons import Page
from tutor.course.path import course_map, level, next_action, stages
from tutor.db import connect
from tutor.practice.statistics import Tally


def lessons(app: Flask) -> list[Page]:
    return list(app.extensions["lessons"].book("en").lessons.values())


def user_id(app: Flask, name: str) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return int(next(db.query("SELECT id FROM users WHERE username = ?", [name]))["id"])
    finally:
        db.conn.close()


def action(app: Flask, who: int | None, at: datetime | None = None):  # type: ignore[no-untyped-def]
    db = connect(app.config["DATABASE"])
    try:
        return next_action(db, who, lessons(app), at=at)
    finally:
        db.conn.close()


def read_lesson(client: FlaskClient, page: Page) -> None:
    """Go through every step, answering each check right."""
    token = csrf(client)
    for step in page.steps:
        for number in step.questions:
            given = right_answer(page.questions[number - 1])
            client.post(f"/lessons/{page.slug}/check/{number}", data={"answer": given, "csrf_token": token})
        client.post(f"/lessons/{page.slug}/{step.number}/next", data={"csrf_token": token})


def continue_link(client: FlaskClient, path: str = "/") -> tuple[str, str]:
    page = client.get(path).get_data(as_text=True)
    kind = re.search(r'data-continue="(\w+)"', page)
    link = re.search(r'<a class="button" data-continue-link href="([^"]+)"', page)
    assert kind
    return kind.group(1), link.group(1) if link else ""


def test_a_new_visitor_starts_lesson_1_in_one_click_and_sees_the_course_in_a_line(client: FlaskClient) -> None:
    assert continue_link(client) == ("start", "/lessons/tiles/1")
    home = client.get("/").get_data(as_text=True)
    assert "Start lesson 1" in home
    line = re.search(r'<p class="course-line".*?</p>', home, re.S)
    assert line and "Reading hands" in line.group(0) and "15–17" in line.group(0)
    assert continue_link(client, "/lessons/") == ("start", "/lessons/tiles/1")


def test_continue_follows_the_learner_through_the_steps_and_into_lesson_2(app: Flask, client: FlaskClient) -> None:
    register(client, "ann")
    assert continue_link(client) == ("start", "/lessons/tiles/1")  # an account with nothing done yet
    tiles, shape = lessons(app)[0], lessons(app)[1]
    client.post("/lessons/tiles/1/next", data={"csrf_token": csrf(client)})
    assert continue_link(client) == ("step", "/lessons/tiles/2")
    # Answering a step's checks moves Continue past it.
    with_checks = next(s for s in tiles.steps if s.questions)
    for s in tiles.steps[1 : with_checks.number - 1]:
        client.post(f"/lessons/tiles/{s.number}/next", data={"csrf_token": csrf(client)})
    assert continue_link(client) == ("step", f"/lessons/tiles/{with_checks.number}")
    for number in with_checks.questions:
        given = right_answer(tiles.questions[number - 1])
        client.post(f"/lessons/tiles/check/{number}", data={"answer": given, "csrf_token": csrf(client)})
    assert continue_link(client) == ("step", f"/lessons/tiles/{with_checks.number + 1}")
    read_lesson(client, tiles)
    assert continue_link(client) == ("lesson", f"/lessons/{shape.slug}/1")
    assert "Start lesson 2" in client.get("/").get_data(as_text=True)


def test_a_due_review_comes_before_a_new_lesson_and_a_weak_skill_is_drilled(app: Flask, client: FlaskClient) -> None:
    register(client, "ben")
    read_lesson(client, lessons(app)[0])
    question = start(client, mode="practice", topic="furiten", difficulty="1")
    answer(client, app, question, right=False)
    ben = served(app, question).user_id
    # At once the lapse is not due yet: the weakest skill is offered as a drill.
    now = action(app, ben)
    assert now.action.kind == "drill" and now.action.weakness.skill.startswith("furiten:")
    assert continue_link(client)[0] == "drill"
    # Later it is due: review comes before the next lesson.
    later = action(app, ben, at=datetime.now(UTC) + timedelta(days=3))
    assert later.action.kind == "review" and later.action.due >= 1
    # A lesson in progress comes before both.
    client.post("/lessons/hand-shape/1/next", data={"csrf_token": csrf(client)})
    assert action(app, ben, at=datetime.now(UTC) + timedelta(days=3)).action.kind == "step"


def test_a_student_sees_their_due_assignment_first(app: Flask, client: FlaskClient) -> None:
    register(client, "cat")
    db = connect(app.config["DATABASE"])
    try:
        teacher = new_account(db, "tara", "correct horse", role="teacher")
        room = rooms.create_class(db, teacher, "Club")
        due = (datetime.now(UTC) + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
        task = rooms.create_assignment(
            db, room, {"title": "Fu homework", "topics": ["fu"], "size": 3, "difficulty": 1, "seed": "s", "due_at": due}
        )
        cat = get_user(db, user_id(app, "cat"))
        assert cat is not None
        rooms.join(db, cat, room.join_code, "1.2.3.4")
    finally:
        db.conn.close()
    home = client.get("/").get_data(as_text=True)
    assert home.index(f'data-assignment="{task.id}"') < home.index("data-continue=")
    assert "Start: Fu homework" in home
    assert f'data-assignment="{task.id}"' in client.get("/lessons/").get_data(as_text=True)


def test_the_map_shows_steps_checks_practice_and_reviews_and_starts_practice_at_once(
    app: Flask, client: FlaskClient
) -> None:
    register(client, "dan")
    question = start(client, mode="practice", topic="furiten", difficulty="1")
    answer(client, app, question, right=True)
    client.post("/lessons/furiten/1/next", data={"csrf_token": csrf(client)})
    page = client.get("/lessons/").get_data(as_text=True)
    entry = re.search(r'<li data-lesson-state="started" id="lesson-5">.*?</li>\s*(?=<li|</ol>)', page, re.S)
    assert entry, page
    text = entry.group(0)
    assert "Steps: 1 of " in text and "0 of 5 checks right" in text
    assert "Practice: 100% right of 1" in text and "Review: nothing due" in text
    assert 'href="/lessons/furiten/2"' in text  # the title opens the first step not done
    # "Practise this" posts straight to a session at the lesson's level: one click to a question.
    form = re.search(r'<form method="post" action="/practice/start">.*?</form>', text, re.S)
    assert form and 'name="topic" value="furiten"' in form.group(0) and 'name="difficulty" value="1"' in form.group(0)
    first = start(client, mode="practice", topic="furiten", difficulty="1")
    assert served(app, first).exercise.topic == "furiten"


def test_a_due_skill_gets_review_this_on_its_lesson(app: Flask, client: FlaskClient) -> None:
    register(client, "eve")
    question = start(client, mode="practice", topic="furiten", difficulty="1")
    answer(client, app, question, right=False)
    eve = user_id(app, "eve")
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE skill_states SET due_at = '2000-01-01T00:00:00+00:00' WHERE user_id = ?", [eve])
        furiten = next(s for s in course_map(db, eve, lessons(app)) if s.page.slug == "furiten")
    finally:
        db.conn.close()
    assert furiten.due and furiten.due[0].startswith("furiten:")
    page = client.get("/lessons/").get_data(as_text=True)
    assert 'data-review-this="furiten"' in page and f'name="skill" value="{furiten.due[0]}"' in page
    drill = client.post("/practice/drill", data={"csrf_token": csrf(client), "skill": furiten.due[0], "difficulty": 1})
    assert drill.status_code == 302 and "/practice/q/" in drill.location


def test_the_practice_level_rises_once_the_learner_is_steady() -> None:
    assert level(None) == 1
    assert level(Tally("fu", "Fu", 9, 9, "", [])) == 1  # too few to say
    assert level(Tally("fu", "Fu", 10, 7, "", [])) == 1
    assert level(Tally("fu", "Fu", 10, 8, "", [])) == 2


def test_a_teachers_own_course_without_the_stages_gets_no_line(app: Flask) -> None:
    pages = lessons(app)
    assert [(s.first, s.last) for s in stages(pages)] == [(1, 3), (4, 10), (11, 12), (13, 14), (15, 17)]
    assert stages(pages[1:]) == []  # the first stage does not open the course


def test_a_beginner_reaches_a_graded_answer_in_three_actions_from_home(app: Flask, client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    form = re.search(r'<form method="post" action="/practice/start" class="try-now">(.*?)</form>', home, re.S)
    assert form
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form.group(1)))
    question = client.post("/practice/start", data=fields)  # action 1: "try one question now"
    assert question.status_code == 302
    qid = question.location.rsplit("/", 1)[-1]
    part = served(app, qid).exercise.parts
    assert [p.kind for p in part] == ["yaku"]  # one part: pick (action 2), then Check (action 3)
    given = right_answer(part[0])
    graded = client.post(f"/practice/q/{qid}/answer", data={"csrf_token": csrf(client), "yaku": given})
    assert graded.status_code == 302
    assert "verdict" in client.get(graded.location).get_data(as_text=True)
