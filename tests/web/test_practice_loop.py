"""The practice loop has one owner (tutor.practice.sessions): the browser and the JSON API refuse the same things
with the same codes, an assignment's answers stay hidden until revealed in every mode, the first answer
stands under concurrency, and malformed settings are a 400 naming the problem."""

from __future__ import annotations

import ast
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from tests.conftest import csrf
from tests.quiz.answering import right_answer
from tests.web.test_classroom import join, open_class, send, set_times, start, take, user
from tests.web.test_practice import count, form_answers, served
from tutor.course.curriculum import TOPICS
from tutor.db import connect
from tutor.practice import progress, sessions
from tutor.quiz.makers import make_exercise
from tutor.quiz.skills import known_skill, skills_touched


def api(client: FlaskClient, path: str, body: object = None, raw: str | None = None):  # type: ignore[no-untyped-def]
    headers = {"X-CSRF-Token": csrf(client)}
    if raw is not None:
        return client.post(path, data=raw, content_type="application/json", headers=headers)
    return client.post(path, json=body, headers=headers)


def held_assignment(app: Flask) -> tuple[FlaskClient, object]:
    """A student in a class whose assignment reveals right and wrong only after the due time, in two days."""
    due = datetime.now(UTC) + timedelta(days=2)
    room = open_class(app, user(app, "sensei"), reveal="due", size="2", due_at=due.strftime("%Y-%m-%dT%H:%M"))
    ann = user(app, "ann")
    join(ann, room)
    return ann, room


# --- an assignment's answers never leak before the reveal ------------------------------------------


def test_an_unanswered_assignment_question_cannot_be_replayed(app: Flask) -> None:
    ann, room = held_assignment(app)
    question_id = start(ann, room)  # type: ignore[arg-type]
    before = count(app, "SELECT COUNT(*) AS n FROM questions")
    refused = api(ann, "/api/questions/next", {"mode": "replay", "replay": [question_id]})
    assert refused.status_code == 400, refused.json
    assert "not answered yet" in refused.json["error"]["message"]
    form = send(ann, "/practice/start", mode="replay", replay=question_id)
    assert form.status_code == 400 and "not answered yet" in form.get_data(as_text=True)
    # Nothing was served, so nothing was graded or revealed.
    assert count(app, "SELECT COUNT(*) AS n FROM questions") == before
    assert count(app, "SELECT COUNT(*) AS n FROM practice_sessions WHERE mode = 'replay'") == 0


def test_an_answered_but_held_question_cannot_be_replayed_until_its_reveal(app: Flask) -> None:
    ann, room = held_assignment(app)
    first, _ = take(app, ann, room, [False, True])  # type: ignore[arg-type]
    refused = api(ann, "/api/questions/next", {"mode": "replay", "replay": [first]})
    assert refused.status_code == 400
    assert "not revealed yet" in refused.json["error"]["message"]
    assert "revealed" not in refused.json or refused.json.get("revealed") is False
    # Its own page says it was saved, and neither the page nor the API tells right from wrong.
    page = ann.get(f"/practice/q/{first}").get_data(as_text=True)
    assert "Answer saved" in page and "Not quite" not in page and "Right!" not in page
    shown = ann.get(f"/api/questions/{first}").json
    assert shown["answer"] == {"question_id": first, "answer_id": shown["answer"]["answer_id"], "revealed": False}
    # After the due time it can be replayed like any other question.
    set_times(app, room.assignment_id, due_at=datetime.now(UTC) - timedelta(minutes=1))  # type: ignore[attr-defined]
    replayed = api(ann, "/api/questions/next", {"mode": "replay", "replay": [first]})
    assert replayed.status_code == 200 and replayed.json["question"]["show"] == served(app, first).exercise.main.data


def test_a_replay_of_unknown_or_another_learners_question_is_a_400(app: Flask, client: FlaskClient) -> None:
    other = user(app, "bob")
    theirs = api(other, "/api/questions/next", {"topics": ["table"]}).json["question"]["id"]
    for ids in (["nosuchid"], [theirs], [5], "x" * 3):
        response = api(client, "/api/questions/next", {"mode": "replay", "replay": ids})
        assert response.status_code == 400, (ids, response.json)
        assert response.json["error"]["code"] == "bad_request"
    assert count(app, "SELECT COUNT(*) AS n FROM practice_sessions WHERE mode = 'replay'") == 0


def test_the_result_page_of_a_held_attempt_shows_no_grades(app: Flask) -> None:
    ann, room = held_assignment(app)
    take(app, ann, room, [False, True])  # type: ignore[arg-type]
    session_id = next(iter(progress.held_sessions(connect(app.config["DATABASE"]), 2)))
    found = sessions.results(connect(app.config["DATABASE"]), 2, session_id)
    assert not found.policy.revealed and found.score == 0
    assert [r["answered"] for r in found.rows] == [True, True]
    assert all(r["correct"] is None and r["parts"] is None for r in found.rows)


# --- the first answer stands ------------------------------------------------------------------------


def test_simultaneous_answers_store_exactly_one(app: Flask, client: FlaskClient) -> None:
    question = api(client, "/api/questions/next", {"topics": ["table"]}).json["question"]
    token = csrf(client)
    cookie = client.get_cookie("session")
    assert cookie is not None
    answers = {part["kind"]: "1000" for part in question["parts"]}
    gate = threading.Barrier(24)
    statuses: list[int] = []

    def send_one() -> None:
        own = app.test_client()
        own.set_cookie("session", cookie.value)
        gate.wait()
        response = own.post(
            f"/api/questions/{question['id']}/answer", json={"answers": answers}, headers={"X-CSRF-Token": token}
        )
        statuses.append(response.status_code)

    threads = [threading.Thread(target=send_one) for _ in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * 23
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 1


def test_the_database_itself_refuses_a_second_first_answer(app: Flask, client: FlaskClient) -> None:
    question_id = api(client, "/api/questions/next", {"topics": ["table"]}).json["question"]["id"]
    api(client, f"/api/questions/{question_id}/answer", {"answers": {"table": "1000"}})
    db = connect(app.config["DATABASE"])
    with pytest.raises(Exception, match="UNIQUE"):
        db.execute(
            "INSERT INTO answers (question_id, user_id, attempt, given, correct, score, answered_at)"
            " VALUES (?, 1, 1, '{}', 0, 0, 'now')",
            [question_id],
        )


# --- the browser and the API refuse alike -----------------------------------------------------------


def test_an_unreadable_answer_to_an_answered_question_is_409_in_both(app: Flask, client: FlaskClient) -> None:
    question_id = api(client, "/api/questions/next", {"topics": ["table"]}).json["question"]["id"]
    kind = served(app, question_id).exercise.parts[0].kind
    assert api(client, f"/api/questions/{question_id}/answer", {"answers": {kind: "1000"}}).status_code == 200
    from_api = api(client, f"/api/questions/{question_id}/answer", {"answers": {kind: "lots"}})
    from_form = send(client, f"/practice/q/{question_id}/answer", **{kind: "lots"})
    assert from_api.status_code == from_form.status_code == 409
    assert from_api.json["error"]["code"] == "already_answered"
    assert escape(from_api.json["error"]["message"]) in from_form.get_data(as_text=True)


def test_an_unreadable_first_answer_is_400_in_both_and_stores_nothing(app: Flask, client: FlaskClient) -> None:
    question_id = api(client, "/api/questions/next", {"topics": ["table"]}).json["question"]["id"]
    kind = served(app, question_id).exercise.parts[0].kind
    from_api = api(client, f"/api/questions/{question_id}/answer", {"answers": {kind: "lots"}})
    from_form = send(client, f"/practice/q/{question_id}/answer", **{kind: "lots"})
    assert from_api.status_code == from_form.status_code == 400
    assert escape(from_api.json["problems"][kind]) in from_form.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM answers") == 0


def test_a_closed_assignment_refuses_the_next_question_with_409_in_both(app: Flask) -> None:
    room = open_class(app, user(app, "sensei"), size="3")
    ann = user(app, "ann")
    join(ann, room)
    question_id = start(ann, room)
    send(ann, f"/practice/q/{question_id}/answer", **form_answers(app, question_id))
    session_id = served(app, question_id).session_id
    set_times(app, room.assignment_id, due_at=datetime.now(UTC) - timedelta(minutes=1))
    from_api = api(ann, "/api/questions/next", {"session_id": session_id})
    from_form = send(ann, f"/practice/session/{session_id}/next")
    assert from_api.status_code == from_form.status_code == 409
    assert "closed at" in from_api.json["error"]["message"] and "closed at" in from_form.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM questions") == 1


# --- malformed settings are a 400 with a message -----------------------------------------------------


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"topics": 5}, "topics"),
        ({"topics": [{"a": 1}]}, "topics"),
        ({"targets": [{}]}, "targets"),
        ({"targets": "nonsense"}, "unknown yaku"),
        ({"parts": 3}, "parts"),
        ({"mode": "quiz", "size": 1e300}, "1 to 50 questions"),
        ({"mode": "quiz", "size": True}, "1 to 50 questions"),
        ({"mode": "quiz", "size": "7.5"}, "1 to 50 questions"),
        ({"difficulty": 1e300}, "difficulty"),
        ({"difficulty": "²"}, "difficulty"),
        ({"mode": ["quiz"]}, "mode"),
        ({"mode": "assignment"}, "mode"),
        ({"mode": "quiz", "seed": {"x": 1}}, "seed"),
        ({"mode": "drill", "skill": ["yaku:pinfu"]}, "skill"),
        ({"itemised": {"deep": []}}, "itemised"),
        ({"mode": "replay"}, "replay"),
        ({"mode": "replay", "replay": [["x"]]}, "replay"),
        ({"session_id": "1"}, "session_id"),
        ({"session_id": 1.5}, "session_id"),
    ],
)
def test_malformed_practice_settings_are_named(client: FlaskClient, body: dict[str, object], named: str) -> None:
    response = api(client, "/api/questions/next", body)
    assert response.status_code == 400, response.get_data(as_text=True)
    assert named in response.json["error"]["message"]


def test_numbers_too_big_for_a_float_are_a_400(client: FlaskClient) -> None:
    for raw in ('{"mode": "quiz", "size": 1e400}', '{"difficulty": 1e400}', '{"difficulty": -1e400}'):
        response = api(client, "/api/questions/next", raw=raw)
        assert response.status_code == 400, (raw, response.get_data(as_text=True))


def test_json_nested_a_thousand_deep_is_a_400(client: FlaskClient) -> None:
    deep = '{"topics": ' + "[" * 1000 + "]" * 1000 + "}"
    for path in ("/api/questions/next", "/api/score"):
        response = api(client, path, raw=deep)
        assert response.status_code == 400, (path, response.get_data(as_text=True))
        assert "error" in response.json


def test_a_session_of_another_learner_is_404_in_both(app: Flask, client: FlaskClient) -> None:
    other = user(app, "bob")
    theirs = api(other, "/api/questions/next", {"topics": ["table"]}).json["session_id"]
    assert api(client, "/api/questions/next", {"session_id": theirs}).status_code == 404
    assert send(client, f"/practice/session/{theirs}/next").status_code == 404


# --- one owner: the views hold no policy, and no module imports another in a circle --------------------

TUTOR = Path(__file__).resolve().parents[2] / "tutor"


def _module_graph() -> dict[str, set[str]]:
    """Which modules of tutor/ each module imports, anywhere in it (function-level imports included).

    ``from . import x`` and ``from .x import y`` both count as importing ``x`` (or ``x.y`` when that is a
    module); the package's own ``__init__`` is not counted for them, as Python runs it first anyway."""
    modules = {}
    for path in TUTOR.rglob("*.py"):
        name = ".".join(path.relative_to(TUTOR.parent).with_suffix("").parts).removesuffix(".__init__")
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                module = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
                subs = [f"{module}.{alias.name}" for alias in node.names if f"{module}.{alias.name}" in modules]
                found.update(subs if len(subs) == len(node.names) else [*subs, module])
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def test_no_module_of_tutor_imports_another_in_a_circle() -> None:
    graph = _module_graph()
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def test_the_views_hold_no_practice_or_assignment_policy() -> None:
    policy = ("release", "answer_refused", "session_revealed", "holds_back", "record_answer", "clean_settings")
    views = sorted((TUTOR / "web" / "views").glob("*.py"))
    assert views, "no views found"
    for path in views:
        text = path.read_text()
        for name in policy:
            assert f"progress.{name}(" not in text and f"classroom.{name}(" not in text, (path.name, name)
        assert "selection.clean_settings" not in text and "selection.next_exercise" not in text, path.name


# --- a drill trains a skill that exists ----------------------------------------------------------------


@pytest.mark.parametrize("skill", ["yaku:zzz", "fu:nothing", "table:99-99-dealer-ron", "waits:x", "mistake:nope"])
def test_a_drill_on_an_unknown_skill_is_a_400(client: FlaskClient, skill: str) -> None:
    response = api(client, "/api/questions/next", {"mode": "drill", "skill": skill})
    assert response.status_code == 400 and "a drill needs a skill" in response.json["error"]["message"]
    assert send(client, "/practice/drill", skill=skill).status_code == 400


def test_every_skill_an_answer_trains_can_be_drilled() -> None:
    found = set()
    for topic in TOPICS:
        for seed in range(12):
            exercise = make_exercise(topic, str(seed), 1 + seed % 3)
            for given in ({p.kind: right_answer(p) for p in exercise.parts}, {p.kind: "1" for p in exercise.parts}):
                grade = exercise.grade(given)
                if grade.readable:
                    found.update(skills_touched(exercise, grade, given))
    assert len(found) > 40
    assert [skill for skill in sorted(found) if not known_skill(skill)] == []
