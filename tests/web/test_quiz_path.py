"""Quiz settings that mean what they say, and the question page (issue 24): parts ticked are asked of every
question, the last question of a quiz says "See results", every choice has a number, and the question id
sits beside "Report this question"."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_practice import answer, start
from tutor.course.curriculum import TOPICS
from tutor.practice.selection import clean_settings, quiz_exercise

PARTS = ["yaku", "han", "fu", "points"]


def test_parts_ticked_without_a_topic_are_asked_of_every_question() -> None:
    settings = clean_settings({"parts": PARTS, "size": 30, "seed": "issue-24"}, "quiz")
    assert set(settings["topics"]) == {t.id for t in TOPICS.values() if t.parts}
    for position in range(1, 31):
        exercise = quiz_exercise(settings, position)
        asked = [part.kind for part in exercise.parts]
        # A limit hand is not asked its fu (the kind says so); every other part ticked is asked.
        assert asked in (PARTS, [p for p in PARTS if p != "fu"]), (position, exercise.topic, asked)


def test_without_parts_the_tutor_still_picks_among_every_topic() -> None:
    assert clean_settings({}, "quiz")["topics"] == list(TOPICS)
    assert clean_settings({"topics": ["waits"], "parts": ["yaku"]}, "quiz")["topics"] == ["waits"]


def test_the_form_says_which_drills_ask_their_own_question(client: FlaskClient) -> None:
    page = client.get("/practice/").get_data(as_text=True)
    note = re.search(r"<p class=\"hint\" data-drills-note>(.*?)</p>", page, re.S)
    assert note and "Waits" in note.group(1) and "Furiten" in note.group(1) and "left out" in note.group(1)


def test_the_last_question_of_a_quiz_says_see_results(client: FlaskClient, app: Flask) -> None:
    first = start(client, mode="quiz", topic="furiten", size="2", seed="s")
    answer(client, app, first)
    page = client.get(f"/practice/q/{first}").get_data(as_text=True)
    assert re.search(r"<button type=\"submit\" data-next>Next question", page)
    session = re.search(r"/practice/session/(\d+)/next", page)
    assert session
    following = client.post(f"/practice/session/{session.group(1)}/next", data={"csrf_token": csrf(client)})
    second = following.location.rsplit("/", 1)[-1]
    answer(client, app, second)
    last = client.get(f"/practice/q/{second}").get_data(as_text=True)
    assert re.search(r"<button type=\"submit\" data-next data-last>See results", last)


def test_every_choice_has_a_number_and_the_id_sits_by_the_report(client: FlaskClient, app: Flask) -> None:
    # A one-suit waits hand offers its suit's 9 tiles; a mixed one offers more: find one with ten or more.
    for _ in range(20):
        question = start(client, mode="practice", topic="waits")
        page = client.get(f"/practice/q/{question}").get_data(as_text=True)
        choices = re.findall(r'<label class="choice[^"]*"><input[^>]*>', page)
        if len(choices) > 9:
            break
    keys = [int(k) for k in re.findall(r'data-key="(\d+)"', page)]
    assert len(choices) > 9 and keys == list(range(1, len(choices) + 1))
    header = page.split('<header class="practice-head">', 1)[1].split("</header>", 1)[0]
    assert question not in header
    answer(client, app, question)
    answered = client.get(f"/practice/q/{question}").get_data(as_text=True)
    report = re.search(r"<summary>Report this question.*?</summary>", answered, re.S)
    assert report and f"<code>{question}</code>" in report.group(0)


def test_a_lesson_check_numbers_no_choices(client: FlaskClient) -> None:
    page = client.get("/lessons/waits").get_data(as_text=True)
    assert "data-key=" not in page and "<kbd>" not in page
