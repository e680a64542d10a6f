"""Malformed input on every route: a clear 4xx, never a 500.

The routes are read from the app's URL map, so a new route is covered without touching this file.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_classroom import open_class, send, take, user

WEIRD = ["²", "9" * 30, "-1", "", " ", "\x00", "<script>alert(1)</script>", "1e9", "٣", "x" * 3000, "%", "0"]
QUERY_NAMES = ["days", "step", "hand", "win", "honba", "sticks", "dora", "ura", "seat", "round", "preset", "code",
               "next", "topic", "lang", "meld1_kind", "meld1_tiles"]  # fmt: skip
FORM_NAMES = ["name", "code", "display_name", "title", "topic", "target", "part", "size", "difficulty", "seed",
              "variant", "opens_at", "due_at", "tz_offset", "attempts_allowed", "reveal", "itemised", "mode", "days",
              "skill", "remark", "username", "password", "role", "fu", "han", "yaku", "points", "replay"]  # fmt: skip


@pytest.fixture
def world(app: Flask) -> tuple[FlaskClient, dict[str, str]]:
    """A teacher with a class, an assignment and one student's attempt: real ids for every route."""
    teacher = user(app, "sensei")
    room = open_class(app, teacher)
    ann = user(app, "ann")
    send(ann, "/classes/join", code=room.code)
    (question_id,) = take(app, ann, room, [True])
    ids = {
        "class_id": str(room.class_id),
        "assignment_id": str(room.assignment_id),
        "position": "1",
        "user_id": "2",
        "session_id": "1",
        "question_id": question_id,
    }
    return teacher, ids


def _routes(app: Flask) -> list[tuple[str, str, list[str]]]:
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.append((method, rule.rule, sorted(rule.arguments)))
    return found


def _fill(rule: str, values: dict[str, str]) -> str:
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", lambda m: values.get(m.group(1), "x"), rule)


def test_ids_too_big_for_sqlite_find_nothing(app: Flask, world: tuple[FlaskClient, dict[str, str]]) -> None:
    client, ids = world
    token = csrf(client)
    for method, rule, arguments in _routes(app):
        if not any(a.endswith("_id") or a == "position" for a in arguments):
            continue
        for name in arguments:
            values = {**ids, name: "9" * 25}
            path = _fill(rule, values)
            response = client.open(path, method=method, data={"csrf_token": token})
            assert response.status_code in (404, 405), (method, path, response.status_code)


def test_weird_query_values_never_crash(app: Flask, world: tuple[FlaskClient, dict[str, str]]) -> None:
    client, ids = world
    for method, rule, _ in _routes(app):
        if method != "GET" or rule.startswith("/tiles/") or rule.startswith("/api/openapi"):
            continue
        path = _fill(rule, ids)
        for value in WEIRD:
            query = {name: value for name in QUERY_NAMES}
            response = client.get(path, query_string=query)
            assert response.status_code < 500, (path, value, response.status_code)
            # Read a streamed body (the class exports) to its end, so an error while streaming fails here too.
            response.get_data()
            response.close()


def test_weird_form_values_never_crash(app: Flask, world: tuple[FlaskClient, dict[str, str]]) -> None:
    client, ids = world
    for method, rule, _ in _routes(app):
        if method != "POST" or rule in ("/auth/logout",):
            continue
        path = _fill(rule, ids)
        for value in WEIRD:
            form = {name: value for name in FORM_NAMES}
            response = client.post(path, data={**form, "csrf_token": csrf(client)})
            assert response.status_code < 500, (path, value, response.status_code)
            response = client.post(
                path, json={name: value for name in FORM_NAMES}, headers={"X-CSRF-Token": csrf(client)}
            )
            assert response.status_code < 500, (path, value, "json", response.status_code)


@pytest.mark.parametrize("session_id", [10**30, -5, 0, True, 1.5, "1", None, [], {}])
def test_api_session_ids_of_every_shape(client: FlaskClient, session_id: object) -> None:
    response = client.post(
        "/api/questions/next", json={"session_id": session_id}, headers={"X-CSRF-Token": csrf(client)}
    )
    if session_id is None:  # no session given: a new one starts
        assert response.status_code == 200
    else:
        assert response.status_code in (400, 404), response.get_data(as_text=True)
        assert "error" in response.json


@pytest.mark.parametrize(
    ("answers", "status"),
    [
        ([], 400),
        ("30", 400),
        (30, 400),
        (None, 400),
        ({"fu": ["a", {"b": 1}]}, 400),
        ({"fu": {"total": "30"}}, 400),
        ({"fu": True}, 400),
        ({"fu": 1.5}, 400),
        ({"yaku": "x" * 5000}, 400),
        ({"fu": 10**400}, 200),  # a number, just a wrong one
    ],
)
def test_api_answers_of_every_shape(client: FlaskClient, answers: object, status: int) -> None:
    token = csrf(client)
    question = client.post("/api/questions/next", json={"topics": ["fu"]}, headers={"X-CSRF-Token": token}).json
    question_id = question["question"]["id"]
    response = client.post(
        f"/api/questions/{question_id}/answer", json={"answers": answers}, headers={"X-CSRF-Token": token}
    )
    assert response.status_code == status, response.get_data(as_text=True)
    assert ("error" in response.json) == (status == 400)
