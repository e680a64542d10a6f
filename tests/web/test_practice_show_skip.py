""" "Show answer" and "Skip" on practice questions: recorded as such (not as a guess), counted as
tutor.practice.progress says, offered only where the session's policy allows, the same in the pages and the API."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_classroom import join, open_class, send, start, user
from tests.web.test_practice import count, next_question, served
from tests.web.test_practice import start as start_practice
from tutor.db import connect
from tutor.practice import statistics


def api(client: FlaskClient, path: str, body: object = None):  # type: ignore[no-untyped-def]
    return client.post(path, json=body, headers={"X-CSRF-Token": csrf(client)})


def outcome(app: Flask, question_id: str) -> str:
    answer = served(app, question_id).last_answer
    assert answer is not None
    return str(answer["outcome"])


def tallies(app: Flask, user_id: int) -> dict[str, tuple[int, int]]:
    db = connect(app.config["DATABASE"])
    try:
        return {t.key: (t.done, t.first_try_right) for t in statistics.topic_tallies(db, user_id) if t.done}
    finally:
        db.conn.close()


def test_the_question_page_offers_show_answer_and_skip(client: FlaskClient) -> None:
    question_id = start_practice(client, mode="practice", topic="fu")
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert f'formaction="/practice/q/{question_id}/show"' in page
    assert f'formaction="/practice/q/{question_id}/skip"' in page


def test_show_answer_is_recorded_as_shown_and_shows_every_right_answer(app: Flask, client: FlaskClient) -> None:
    question_id = start_practice(client, mode="practice", topic="fu")
    response = client.post(f"/practice/q/{question_id}/show", data={"csrf_token": csrf(client)})
    assert response.status_code == 302 and response.location.endswith(f"/practice/q/{question_id}#feedback")
    assert outcome(app, question_id) == "shown"
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert "The answer, as you asked" in page and "Not quite" not in page
    fu = served(app, question_id).exercise.part("fu")
    assert f"{fu.result.fu} fu" in page
    # A shown answer is a first try that was not right, no mistake, and every trained skill is rated Again.
    assert count(app, "SELECT COUNT(*) AS n FROM answers WHERE correct = 0 AND mistakes = '[]'") == 1
    assert count(app, "SELECT COUNT(*) AS n FROM answer_skills WHERE correct = 1") == 0
    assert count(app, "SELECT COUNT(*) AS n FROM answer_skills WHERE correct = 0") >= 1
    assert count(app, "SELECT COUNT(*) AS n FROM skill_states WHERE lapses = 1") >= 1
    assert tallies(app, served(app, question_id).user_id) == {"fu": (1, 0)}
    # A second try (an answer, or a skip) after that is refused: the shown answer stands.
    again = client.post(f"/practice/q/{question_id}/skip", data={"csrf_token": csrf(client)})
    assert again.status_code == 409 and "first answer stands" in again.get_data(as_text=True)


def test_skip_records_a_skip_counts_nowhere_and_moves_on(app: Flask, client: FlaskClient) -> None:
    question_id = start_practice(client, mode="practice", topic="fu")
    response = client.post(f"/practice/q/{question_id}/skip", data={"csrf_token": csrf(client)})
    assert response.status_code == 302
    following = response.location.rsplit("/", 1)[-1]
    assert following != question_id and served(app, following).last_answer is None
    assert outcome(app, question_id) == "skipped"
    assert count(app, "SELECT COUNT(*) AS n FROM answer_skills") == 0
    assert count(app, "SELECT COUNT(*) AS n FROM skill_states") == 0
    user_id = served(app, question_id).user_id
    assert tallies(app, user_id) == {}
    db = connect(app.config["DATABASE"])
    assert statistics.wrong_questions(db, user_id) == [] and statistics.streak(db, user_id) == 0
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert "Skipped" in page and "Not quite" not in page


def test_the_api_takes_the_same_steps(app: Flask, client: FlaskClient) -> None:
    first = api(client, "/api/questions/next", {"topics": ["fu"]}).json
    question_id, session_id = first["question"]["id"], first["session_id"]
    shown = api(client, f"/api/questions/{question_id}/show-answer")
    assert shown.status_code == 200, shown.json
    body = shown.json
    assert body["outcome"] == "shown" and body["correct"] is False and body["mistakes"] == []
    fu = served(app, question_id).exercise.part("fu")
    assert body["parts"]["fu"]["expected"] == f"{fu.result.fu} fu"
    assert client.get(f"/api/questions/{question_id}").json["answer"]["outcome"] == "shown"
    again = api(client, f"/api/questions/{question_id}/skip")
    assert again.status_code == 409 and again.json["error"]["code"] == "already_answered"

    second = api(client, "/api/questions/next", {"session_id": session_id}).json["question"]["id"]
    skipped = api(client, f"/api/questions/{second}/skip")
    assert skipped.status_code == 200 and skipped.json["outcome"] == "skipped"
    assert outcome(app, second) == "skipped"
    assert api(client, "/api/questions/zzzzzzzz/skip").status_code == 404
    assert api(client, "/api/questions/zzzzzzzz/show-answer").status_code == 404


def test_an_assignment_holding_its_answers_offers_skip_but_never_show_answer(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), reveal="end", size="2")
    ann = user(app, "ann")
    join(ann, room)
    question_id = start(ann, room)
    page = ann.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert '/show"' not in page and f'formaction="/practice/q/{question_id}/skip"' in page
    refused = send(ann, f"/practice/q/{question_id}/show")
    assert refused.status_code == 409 and "holds its answers back" in refused.get_data(as_text=True)
    by_api = api(ann, f"/api/questions/{question_id}/show-answer")
    assert by_api.status_code == 409 and by_api.json["error"]["code"] == "closed"
    assert served(app, question_id).last_answer is None  # nothing recorded, nothing shown
    skipped = send(ann, f"/practice/q/{question_id}/skip")
    assert skipped.status_code == 302 and outcome(app, question_id) == "skipped"


def test_a_practice_session_goes_on_after_a_skip(app: Flask, client: FlaskClient) -> None:
    question_id = start_practice(client, mode="quiz", topic="table", size="2")
    client.post(f"/practice/q/{question_id}/skip", data={"csrf_token": csrf(client)})
    second = next_question(client, question_id, app)
    assert second != question_id and served(app, second).position == 2
    result = client.get(f"/practice/session/{served(app, question_id).session_id}/result").get_data(as_text=True)
    assert "skipped" in result
