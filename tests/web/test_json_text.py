"""A lone surrogate in a JSON string is unreadable JSON (issue 27): a 400 like any other, never a 500.

JSON may write ``"\\ud800"``, but that is no text: stored or shown, it failed as a 500 on the four
routes below. The app's JSON provider refuses it for every route at once.
"""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tutor.app import JSONProvider

LONE = '"\\ud800"'
"""The JSON text of a string holding one lone surrogate."""


def send(client: FlaskClient, path: str, body: str) -> tuple[int, dict[str, object]]:
    response = client.post(path, data=body, content_type="application/json", headers={"X-CSRF-Token": csrf(client)})
    return response.status_code, response.get_json()


def question_id(client: FlaskClient) -> str:
    status, body = send(client, "/api/questions/next", json.dumps({"mode": "practice"}))
    assert status == 200
    question = body["question"]
    assert isinstance(question, dict)
    return str(question["id"])


def answered(client: FlaskClient) -> str:
    qid = question_id(client)
    assert send(client, f"/api/questions/{qid}/skip", "{}")[0] == 200
    return qid


ROUTES = {  # each body's @@ becomes the lone surrogate
    "report-remark": lambda c: (f"/api/questions/{question_id(c)}/report", '{"remark": @@}'),
    "game-upload": lambda c: ("/api/games", '{"log": @@, "file": "x.json"}'),
    "game-upload-name": lambda c: ("/api/games", '{"log": "{}", "file": @@}'),
    "quiz-seed": lambda c: ("/api/questions/next", '{"mode": "quiz", "seed": @@}'),
    "replay-ids": lambda c: ("/api/questions/next", f'{{"mode": "replay", "replay": ["{answered(c)}", @@]}}'),
    "in-a-key": lambda c: ("/api/score", '{@@: 1, "hand": "123m"}'),
}


@pytest.mark.parametrize("route", ROUTES)
def test_a_lone_surrogate_is_a_400_not_a_500(app: Flask, client: FlaskClient, route: str) -> None:
    path, body = ROUTES[route](client)
    status, answer = send(client, path, body.replace("@@", LONE))
    assert status == 400, (status, answer)
    error = answer["error"]
    assert isinstance(error, dict) and error["code"] == "bad_request"


def test_the_same_request_without_the_surrogate_is_answered(app: Flask, client: FlaskClient) -> None:
    # The control: the quiz with an ordinary seed starts, so the 400 above is the surrogate's.
    status, body = send(client, "/api/questions/next", '{"mode": "quiz", "seed": "abc"}')
    assert status == 200 and body["question"]


def test_an_escaped_pair_is_one_character_and_fine(app: Flask) -> None:
    provider = JSONProvider(app)
    assert provider.loads('{"remark": "\\ud83c\\udc04"}') == {"remark": "\U0001f004"}  # the red dragon tile
    with pytest.raises(ValueError, match="lone surrogate"):
        provider.loads('[[{"a": ["\\udc04"]}]]')
    with pytest.raises(ValueError, match="lone surrogate"):
        provider.loads(b'{"\\ud800x": 1}')
