"""Practice in the browser, through the Flask test client: accounts, answers, quizzes, review, privacy."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import form_fields
from tutor.db import connect
from tutor.practice import progress
from tutor.quiz.skills import label as skill_label


def start(client: FlaskClient, **form: object) -> str:
    """Start a session from the practice page's form; returns the first question's id."""
    response = client.post("/practice/start", data={"csrf_token": csrf(client), **form})
    assert response.status_code == 302, response.get_data(as_text=True)
    match = re.fullmatch(r"/practice/q/([2-9a-z]{8})", response.location)
    assert match, response.location
    return match.group(1)


def served(app: Flask, question_id: str) -> progress.Served:
    db = connect(app.config["DATABASE"])
    try:
        return progress.load(db, question_id)
    finally:
        db.conn.close()


def form_answers(app: Flask, question_id: str, right: bool = True) -> dict[str, object]:
    """The form fields a learner would send for the question (right or wrong)."""
    return form_fields(served(app, question_id).exercise, right)


def answer(client: FlaskClient, app: Flask, question_id: str, right: bool = True) -> None:
    data = {"csrf_token": csrf(client), **form_answers(app, question_id, right)}
    response = client.post(f"/practice/q/{question_id}/answer", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)


def next_question(client: FlaskClient, question_id: str, app: Flask) -> str:
    session_id = served(app, question_id).session_id
    response = client.post(f"/practice/session/{session_id}/next", data={"csrf_token": csrf(client)})
    assert response.status_code == 302
    return response.location.rsplit("/", 1)[-1]


def register(client: FlaskClient, name: str, password: str = "correct horse") -> None:
    response = client.post("/auth/register", data={"csrf_token": csrf(client), "username": name, "password": password})
    assert response.status_code == 302, response.get_data(as_text=True)


def count(app: Flask, sql: str, *params: object) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return int(next(db.query(sql, list(params)))["n"])
    finally:
        db.conn.close()


def test_register_practise_and_see_it_on_the_progress_page(client: FlaskClient, app: Flask) -> None:
    register(client, "ann")
    question_id = start(client, mode="practice", topic="fu", difficulty="1")
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert "How many fu" in page and 'name="csrf_token"' in page
    answer(client, app, question_id, right=True)
    feedback = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert "Right!" in feedback and "The full scoring" in feedback
    second = next_question(client, question_id, app)
    answer(client, app, second, right=False)
    assert "Not quite" in client.get(f"/practice/q/{second}").get_data(as_text=True)
    dashboard = client.get("/progress/").get_data(as_text=True)
    assert "Your progress" in dashboard and "<svg" in dashboard
    assert re.search(r"<strong>2</strong> questions", dashboard)
    assert re.search(r"<strong>50 %</strong> right at the first try", dashboard)
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 2


def test_a_guest_keeps_their_progress_by_registering(client: FlaskClient, app: Flask) -> None:
    question_id = start(client, mode="practice", topic="table")
    answer(client, app, question_id)
    guest_id = served(app, question_id).user_id
    assert client.get("/api/session").json["user"]["is_guest"] is True
    register(client, "bea")
    user = client.get("/api/session").json["user"]
    assert (user["id"], user["username"], user["is_guest"]) == (guest_id, "bea", False)
    assert count(app, "SELECT COUNT(*) AS n FROM answers WHERE user_id = ?", guest_id) == 1
    assert "<strong>1</strong> questions" in client.get("/progress/").get_data(as_text=True)


def test_a_guest_who_logs_in_brings_their_answers_along(app: Flask) -> None:
    owner = app.test_client()
    register(owner, "cai")
    owner.post("/auth/logout", data={"csrf_token": csrf(owner)})
    guest = app.test_client()
    question_id = start(guest, mode="practice", topic="table")
    answer(guest, app, question_id)
    response = guest.post(
        "/auth/login", data={"csrf_token": csrf(guest), "username": "CAI", "password": "correct horse"}
    )
    assert response.status_code == 302
    user = guest.get("/api/session").json["user"]
    assert user["username"] == "cai"
    assert count(app, "SELECT COUNT(*) AS n FROM answers WHERE user_id = ?", user["id"]) == 1
    assert count(app, "SELECT COUNT(*) AS n FROM users WHERE is_guest = 1") == 0
    assert count(app, "SELECT COUNT(*) AS n FROM skill_states WHERE user_id = ?", user["id"]) >= 1


def test_registration_and_login_problems_are_shown_on_the_form(client: FlaskClient) -> None:
    register(client, "dan")
    client.post("/auth/logout", data={"csrf_token": csrf(client)})
    taken = client.post(
        "/auth/register", data={"csrf_token": csrf(client), "username": "DAN", "password": "unusual words"}
    )
    assert taken.status_code == 400 and b"is taken" in taken.data
    short = client.post("/auth/register", data={"csrf_token": csrf(client), "username": "eve", "password": "short"})
    assert short.status_code == 400 and b"at least 8" in short.data
    wrong = client.post("/auth/login", data={"csrf_token": csrf(client), "username": "dan", "password": "wrong pass"})
    assert wrong.status_code == 400 and b"do not match" in wrong.data
    assert client.get("/api/session").json["user"] is None


def test_passwords_are_stored_hashed(client: FlaskClient, app: Flask) -> None:
    register(client, "fay", "a long passphrase")
    db = connect(app.config["DATABASE"])
    stored = next(db.query("SELECT password_hash FROM users WHERE username = 'fay'"))["password_hash"]
    db.conn.close()
    assert "a long passphrase" not in stored and stored.startswith(("scrypt:", "pbkdf2:"))


def test_csrf_rejects_a_forged_post(client: FlaskClient, app: Flask) -> None:
    question_id = start(client, mode="practice", topic="table")
    forged = {"table": "1000"}
    assert client.post(f"/practice/q/{question_id}/answer", data=forged).status_code == 400
    assert client.post(f"/practice/q/{question_id}/answer", data={**forged, "csrf_token": "guess"}).status_code == 400
    assert client.post("/practice/start", data={"mode": "practice"}).status_code == 400
    assert client.post("/auth/logout").status_code == 400
    api = client.post(f"/api/questions/{question_id}/answer", json={"answers": forged})
    assert api.status_code == 400 and "CSRF" in api.json["error"]["message"]
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 0


def test_session_cookie_is_httponly_and_samesite(client: FlaskClient) -> None:
    start(client, mode="practice", topic="table")
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


def test_one_learner_cannot_see_another_learners_questions_or_answers(app: Flask) -> None:
    ann, bob = app.test_client(), app.test_client()
    question_id = start(ann, mode="practice", topic="table")
    answer(ann, app, question_id)
    assert bob.get(f"/practice/q/{question_id}").status_code == 404
    start(bob, mode="practice", topic="table")  # bob now has an account of his own
    assert bob.get(f"/practice/q/{question_id}").status_code == 404
    assert bob.get(f"/api/questions/{question_id}").status_code == 404
    token = csrf(bob)
    answered = bob.post(
        f"/api/questions/{question_id}/answer", json={"answers": {"table": "1"}}, headers={"X-CSRF-Token": token}
    )
    assert answered.status_code == 404
    reported = bob.post(f"/practice/q/{question_id}/report", data={"csrf_token": token, "remark": "x"})
    assert reported.status_code == 404
    ann_session = served(app, question_id).session_id
    assert bob.post(f"/practice/session/{ann_session}/next", data={"csrf_token": token}).status_code == 404
    assert bob.get(f"/practice/session/{ann_session}/result").status_code == 404


def test_an_unreadable_answer_gets_a_message_and_is_not_stored(client: FlaskClient, app: Flask) -> None:
    question_id = start(client, mode="practice", topic="table")
    response = client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": csrf(client), "table": "lots"})
    assert response.status_code == 400 and b"is not a number" in response.data
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 0
    answer(client, app, question_id)
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 1


def test_the_first_answer_stands(client: FlaskClient, app: Flask) -> None:
    question_id = start(client, mode="practice", topic="table")
    answer(client, app, question_id, right=False)
    data = {"csrf_token": csrf(client), **form_answers(app, question_id, right=True)}
    again = client.post(f"/practice/q/{question_id}/answer", data=data)
    # The same refusal as the JSON API's, with the same status.
    assert again.status_code == 409 and "your first answer stands" in again.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 1
    assert "Not quite" in client.get(f"/practice/q/{question_id}").get_data(as_text=True)


def test_a_quiz_with_a_seed_is_the_same_quiz_for_everyone(app: Flask) -> None:
    payloads = []
    for _ in range(2):
        learner = app.test_client()
        question_id = start(learner, mode="quiz", size="3", seed="club-night", topic=["fu", "points"])
        asked = []
        for position in range(3):
            asked.append(served(app, question_id).exercise.to_json())
            answer(learner, app, question_id, right=position != 1)
            if position < 2:
                question_id = next_question(learner, question_id, app)
        session_id = served(app, question_id).session_id
        finished = learner.post(f"/practice/session/{session_id}/next", data={"csrf_token": csrf(learner)})
        assert finished.location == f"/practice/session/{session_id}/result"
        result = learner.get(finished.location).get_data(as_text=True)
        assert "<strong>2</strong> / 3" in result and "club-night" in result
        assert result.count('class="review-list"') == 1 and result.count("Question ") >= 3
        payloads.append(asked)
    assert payloads[0] == payloads[1]


def test_review_brings_back_what_is_due(client: FlaskClient, app: Flask) -> None:
    question_id = start(client, mode="practice", topic="furiten")
    answer(client, app, question_id, right=False)
    user_id = served(app, question_id).user_id
    empty = client.post("/practice/start", data={"csrf_token": csrf(client), "mode": "review"})
    assert b"Nothing more to review" in empty.data  # a lapse comes back after a short wait, not at once
    db = connect(app.config["DATABASE"])
    later = datetime.now(UTC) + timedelta(minutes=15)
    due = progress.due_skills(db, user_id, at=later)
    assert due and all(skill.startswith("furiten:") for skill in due)
    db.execute(
        "UPDATE skill_states SET due_at = ? WHERE user_id = ?", [datetime(2000, 1, 1, tzinfo=UTC).isoformat(), user_id]
    )
    db.conn.close()
    review_question = start(client, mode="review")
    assert served(app, review_question).exercise.topic == "furiten"


def test_report_this_question(client: FlaskClient, app: Flask) -> None:
    question_id = start(client, mode="practice", topic="points")
    answer(client, app, question_id)
    response = client.post(
        f"/practice/q/{question_id}/report", data={"csrf_token": csrf(client), "remark": "the dora looks off"}
    )
    assert response.status_code == 302
    assert (
        count(
            app,
            "SELECT COUNT(*) AS n FROM reports WHERE question_id = ? AND remark = ?",
            question_id,
            "the dora looks off",
        )
        == 1
    )
    assert question_id in client.get(f"/practice/q/{question_id}").get_data(as_text=True)


def test_replay_asks_the_wrong_questions_again_exactly(client: FlaskClient, app: Flask) -> None:
    first = start(client, mode="practice", topic="table")
    answer(client, app, first, right=False)
    second = next_question(client, first, app)
    answer(client, app, second, right=True)
    response = client.post("/practice/replay", data={"csrf_token": csrf(client), "topic": "table"})
    replayed = response.location.rsplit("/", 1)[-1]
    assert served(app, replayed).exercise == served(app, first).exercise
    assert served(app, replayed).id != first


def test_drill_asks_five_questions_on_one_skill(client: FlaskClient, app: Flask) -> None:
    start(client, mode="practice", topic="table")
    response = client.post("/practice/drill", data={"csrf_token": csrf(client), "skill": "fu:kanchan"})
    question_id = response.location.rsplit("/", 1)[-1]
    exercise = served(app, question_id).exercise
    assert exercise.target == "kanchan" and exercise.kinds == ("fu",)
    bad = client.post("/practice/drill", data={"csrf_token": csrf(client), "skill": "<script>"})
    assert bad.status_code == 400


def test_bad_settings_are_named_on_the_form(client: FlaskClient) -> None:
    response = client.post("/practice/start", data={"csrf_token": csrf(client), "mode": "quiz", "size": "500"})
    assert response.status_code == 400 and b"1 to 50 questions" in response.data
    response = client.post("/practice/start", data={"csrf_token": csrf(client), "topic": "astrology"})
    assert response.status_code == 400 and b"unknown topic(s) astrology" in response.data


def test_the_progress_page_names_each_skill_in_the_readers_language(client: FlaskClient, app: Flask) -> None:
    register(client, "chen")
    question_id = start(client, mode="practice", topic="fu", difficulty="1")
    answer(client, app, question_id, right=False)  # a wrong answer: its skills are among the weakest too
    db = connect(app.config["DATABASE"])
    try:
        skills = [row["skill"] for row in db.query("SELECT skill FROM skill_states WHERE lapses > 0")]
    finally:
        db.conn.close()
    assert skills
    english, chinese = (client.get(f"/progress/?lang={lang}").get_data(as_text=True) for lang in ("en", "zh"))
    for skill in skills:
        assert skill_label(skill, "en") in english
        assert skill_label(skill, "zh") in chinese and skill_label(skill, "zh") != skill_label(skill, "en")
    weakest = client.get("/api/progress?lang=zh").json["weakest"]  # type: ignore[index]
    assert {w["label"] for w in weakest} == {skill_label(skill, "zh") for skill in skills}
