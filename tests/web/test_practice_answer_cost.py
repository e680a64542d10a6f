"""One answer, one solve: an answer request loads its question once, solves its hand once and grades the
answer once, through the page and through the JSON API, in every mode. Counted by wrapping the question
loader (progress.load), the engine's solve entry point (every scored request goes through the scorer
that tutor.engine.api calls) and the grading of an exercise (Exercise.grade)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_classroom import join, open_class, user
from tests.web.test_classroom import start as start_assignment
from tests.web.test_practice import form_answers, served
from tests.web.test_practice import start as start_page
from tutor.engine import api as engine_api
from tutor.practice import progress
from tutor.quiz.exercise import Exercise
from tutor.quiz.makers import HAND_PARTS


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How often each step ran since the counter was last cleared."""
    counted: Counter[str] = Counter()

    def counting(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return original(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(progress, "load", counting("load", progress.load))
    monkeypatch.setattr(engine_api, "score", counting("solve", engine_api.score))
    monkeypatch.setattr(Exercise, "grade", counting("grade", Exercise.grade))
    yield counted


ONCE = {"load": 1, "solve": 1, "grade": 1}


def api_question(client: FlaskClient, mode: str) -> str:
    body = {"mode": mode, "topics": ["fu"], "difficulty": 1, "size": 3}
    reply = client.post("/api/questions/next", json=body, headers={"X-CSRF-Token": csrf(client)})
    assert reply.status_code == 200, reply.json
    return str(reply.json["question"]["id"])  # type: ignore[index]


def answer_by_page(client: FlaskClient, app: Flask, question_id: str, right: bool, calls: Counter[str]) -> None:
    fields = form_answers(app, question_id, right)
    token = csrf(client)
    calls.clear()
    response = client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": token, **fields})
    assert response.status_code == 302, response.get_data(as_text=True)


def answer_by_api(client: FlaskClient, app: Flask, question_id: str, right: bool, calls: Counter[str]) -> None:
    answers = form_answers(app, question_id, right)  # a fu question's one field is its answer, by kind
    token = csrf(client)
    calls.clear()
    response = client.post(
        f"/api/questions/{question_id}/answer", json={"answers": answers}, headers={"X-CSRF-Token": token}
    )
    assert response.status_code == 200, response.json
    assert response.json["correct"] is right  # type: ignore[index]


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize("mode", ["practice", "quiz"])
def test_an_answer_through_the_page_loads_solves_and_grades_once(
    app: Flask, client: FlaskClient, calls: Counter[str], mode: str, right: bool
) -> None:
    question_id = start_page(client, mode=mode, topic="fu", difficulty="1", size="3")
    answer_by_page(client, app, question_id, right, calls)
    assert dict(calls) == ONCE
    # The feedback page the answer leads to is a request of its own, and it too loads, solves and grades once.
    calls.clear()
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert ("Right!" in page) is right
    assert dict(calls) == ONCE


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
@pytest.mark.parametrize("mode", ["practice", "quiz"])
def test_an_answer_through_the_api_loads_solves_and_grades_once(
    app: Flask, client: FlaskClient, calls: Counter[str], mode: str, right: bool
) -> None:
    question_id = api_question(client, mode)
    answer_by_api(client, app, question_id, right, calls)
    assert dict(calls) == ONCE
    calls.clear()
    shown = client.get(f"/api/questions/{question_id}").json
    assert shown["answer"]["correct"] is right  # type: ignore[index]
    assert dict(calls) == ONCE


def test_a_hand_asked_every_part_is_solved_once_for_all_of_them(
    app: Flask, client: FlaskClient, calls: Counter[str]
) -> None:
    # Yaku, han, fu and points are four questions about one hand: they share its one solution.
    question_id = start_page(client, mode="practice", topic="one-han", difficulty="2", part=list(HAND_PARTS))
    assert served(app, question_id).exercise.kinds == HAND_PARTS
    answer_by_page(client, app, question_id, False, calls)
    assert dict(calls) == ONCE
    calls.clear()
    client.get(f"/practice/q/{question_id}")
    assert dict(calls) == ONCE


@pytest.mark.parametrize("way", [answer_by_page, answer_by_api], ids=["page", "api"])
def test_an_answer_to_an_assignment_loads_solves_and_grades_once(
    app: Flask, calls: Counter[str], way: Callable[..., None]
) -> None:
    room = open_class(app, user(app, "sensei"))  # a fu assignment, revealed at once
    ann = user(app, "ann")
    join(ann, room)
    question_id = start_assignment(ann, room)
    way(ann, app, question_id, False, calls)
    assert dict(calls) == ONCE


def test_a_refused_answer_shows_the_page_again_from_the_one_load(
    app: Flask, client: FlaskClient, calls: Counter[str]
) -> None:
    question_id = start_page(client, mode="practice", topic="fu", difficulty="1")
    token = csrf(client)
    calls.clear()
    response = client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": token, "fu": "lots"})
    assert response.status_code == 400 and "lots" in response.get_data(as_text=True)
    assert dict(calls) == ONCE  # graded once, to find it unreadable; then shown again from the same load
    assert served(app, question_id).attempts == 0


def test_an_answer_that_loses_a_race_shows_the_answer_that_stands(
    app: Flask, client: FlaskClient, calls: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another request's answer gets in between this request's load and its write: the question changed
    since it was loaded, so the page reads it again, to show the first answer (wrong) and its feedback."""
    question_id = start_page(client, mode="practice", topic="fu", difficulty="1")
    record = progress.record_answer
    wrong = form_answers(app, question_id, right=False)

    def beaten(db: Any, served: progress.Served, *args: Any, **kwargs: Any) -> int:
        monkeypatch.setattr(progress, "record_answer", record)  # the other request, then this one
        grade = served.exercise.grade(wrong)
        record(db, served, wrong, grade, {}, 1000)
        return record(db, served, *args, **kwargs)

    monkeypatch.setattr(progress, "record_answer", beaten)
    right = form_answers(app, question_id, right=True)
    token = csrf(client)
    calls.clear()
    response = client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": token, **right})
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and "your first answer stands" in page
    assert "Not quite" in page and "Right!" not in page
    assert calls["load"] == 2  # the question changed under this request: read once more
