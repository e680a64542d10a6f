"""The smaller findings of issue 27, one test each: the 404 page's language link stays on this site,
the result page of a practice or review session, ``Retry-After`` and ``too_many_requests`` on every
429, reports per question limited, and the OpenAPI document listing the statuses routes answer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_classroom import send, user
from tests.web.test_openapi import check
from tests.web.test_security import log_in, register
from tutor.accounts import LOGIN_LIMIT_PAIR
from tutor.classroom.roster import JOIN_LIMIT_ACCOUNT
from tutor.practice.sessions import REPORTS_PER_DAY, REPORTS_PER_QUESTION

# --- the 404 page's language links ----------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/%5Cevil.example/x", "/%5C%5Cevil.example/x", "/%2F%2Fevil.example/x", "/%09/evil.example/x"]
)
def test_the_404_language_links_stay_on_this_site(client: FlaskClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 404
    links = re.findall(r'href="([^"]*lang=[^"]*)"', page.get_data(as_text=True))
    assert links
    for link in links:
        # A browser reads "\" as "/": "/\evil.example" would be the host evil.example. Every link is a
        # path on this site: one slash, then no slash, backslash or control character unescaped.
        assert re.match(r"^/(?![/\\])", link) and not re.search(r"[\\\s]", link), link
        assert "evil.example" in link  # still the address asked for, encoded


# --- the result page of open-ended sessions ---------------------------------------------------------


@pytest.mark.parametrize("mode", ["practice", "review"])
def test_the_result_page_of_a_practice_or_review_session(client: FlaskClient, mode: str) -> None:
    headers = {"X-CSRF-Token": csrf(client)}
    started = client.post("/api/questions/next", json={"mode": mode}, headers=headers)
    assert started.status_code == 200 and started.json is not None
    session_id = started.json["session_id"]
    question = started.json["question"]
    if question:
        client.post(f"/api/questions/{question['id']}/skip", headers=headers)
    page = client.get(f"/practice/session/{session_id}/result")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "question" in text and " / None" not in text


# --- 429s ----------------------------------------------------------------------------------------


def test_the_guest_limit_says_too_many_requests_and_when(app: Flask) -> None:
    app.config["GUEST_LIMIT"] = 1
    first = app.test_client()
    assert first.post("/api/questions/next", json={}, headers={"X-CSRF-Token": csrf(first)}).status_code == 200
    late = app.test_client()
    refused = late.post("/api/questions/next", json={}, headers={"X-CSRF-Token": csrf(late)})
    assert refused.status_code == 429 and refused.json is not None
    assert refused.json["error"]["code"] == "too_many_requests"
    assert int(refused.headers["Retry-After"]) > 0
    page = late.post("/practice/start", data={"csrf_token": csrf(late)})
    assert page.status_code == 429 and int(page.headers["Retry-After"]) > 0


def test_a_throttled_password_change_says_when(app: Flask) -> None:
    client = app.test_client()
    register(client, "changer")
    for _ in range(LOGIN_LIMIT_PAIR + 1):
        refused = client.post(
            "/auth/password", data={"csrf_token": csrf(client), "current": "wrong guess", "password": "x" * 12}
        )
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 60


def test_too_many_wrong_join_codes_say_when(app: Flask) -> None:
    student = user(app, "student")
    for _ in range(JOIN_LIMIT_ACCOUNT + 1):
        refused = send(student, "/classes/join", code="WRONG-CODE")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 60


def test_a_throttled_log_in_says_when(app: Flask) -> None:
    client = app.test_client()
    register(app.test_client(), "owner")
    for _ in range(LOGIN_LIMIT_PAIR + 1):
        refused = log_in(client, "owner", "not the password")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


# --- reports -------------------------------------------------------------------------------------


def question(client: FlaskClient, headers: dict[str, str]) -> str:
    started = client.post("/api/questions/next", json={}, headers=headers)
    assert started.json is not None
    return str(started.json["question"]["id"])


def test_reports_per_question_and_per_day_are_limited(app: Flask, client: FlaskClient) -> None:
    headers = {"X-CSRF-Token": csrf(client)}
    spec = client.get("/api/openapi.json").json
    assert isinstance(spec, dict)
    path = "/api/questions/{question_id}/report"
    qid = question(client, headers)
    for number in range(REPORTS_PER_QUESTION):
        made = client.post(f"/api/questions/{qid}/report", json={"remark": f"look {number}"}, headers=headers)
        assert made.status_code == 201
    refused = client.post(f"/api/questions/{qid}/report", json={"remark": "again"}, headers=headers)
    assert refused.status_code == 429 and refused.json is not None
    assert refused.json["error"]["code"] == "too_many_requests" and "Retry-After" in refused.headers
    check(spec, path, "post", refused)
    # The page's form says it too (a message, no report stored).
    page = client.post(f"/practice/q/{qid}/report", data={"csrf_token": headers["X-CSRF-Token"], "remark": "x"})
    assert page.status_code == 302
    assert "reported this question already" in client.get(page.location).get_data(as_text=True)
    # Per day, over all questions.
    sent = REPORTS_PER_QUESTION
    while sent < REPORTS_PER_DAY:
        qid = question(client, headers)
        assert client.post(f"/api/questions/{qid}/report", json={"remark": "hm"}, headers=headers).status_code == 201
        sent += 1
    refused = client.post(f"/api/questions/{question(client, headers)}/report", json={"remark": "hm"}, headers=headers)
    assert refused.status_code == 429 and "many reports today" in refused.json["error"]["message"]  # type: ignore[index]


# --- the OpenAPI document ------------------------------------------------------------------------


def test_every_route_lists_the_statuses_it_may_answer(client: FlaskClient) -> None:
    spec: Any = client.get("/api/openapi.json").json
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            listed = operation["responses"]
            if path in ("/api/score", "/api/standings", "/api/openapi.json"):
                assert "503" not in listed  # no database behind them
                continue
            assert "503" in listed, (path, method)
            if method in ("post", "delete"):
                assert {"400", "429"} <= set(listed), (path, method)


def test_real_refusals_are_documented(app: Flask, client: FlaskClient) -> None:
    spec: Any = client.get("/api/openapi.json").json
    # A POST without its CSRF token: 400 on a route whose own refusals did not include one.
    check(spec, "/api/questions/{question_id}/skip", "post", client.post("/api/questions/abc/skip"))
    app.config["GUEST_LIMIT"] = 1
    assert client.post("/api/questions/next", json={}, headers={"X-CSRF-Token": csrf(client)}).status_code == 200
    other = app.test_client()
    refused = other.post("/api/games", json={"log": "x"}, headers={"X-CSRF-Token": csrf(other)})
    check(spec, "/api/games", "post", refused)
    assert refused.status_code == 429


def test_a_method_an_address_does_not_take_is_405_with_allow_not_a_csrf_complaint(client: FlaskClient) -> None:
    """Found by schemathesis: TRACE on /api/games answered 400 "missing CSRF token"."""
    for path in ("/api/games", "/api/progress", "/lessons/fu"):
        response = client.open(path, method="TRACE")
        assert response.status_code == 405, (path, response.status_code)
        assert "GET" in response.headers["Allow"] and "TRACE" not in response.headers["Allow"]
    assert client.open("/api/games", method="TRACE").json["error"]["code"] == "method_not_allowed"


def test_questions_next_takes_only_post_and_says_so(client: FlaskClient) -> None:
    """Found by schemathesis: /api/questions/next was also read as the question named "next", so OPTIONS
    advertised GET and a GET answered 404 "no question 'next'"."""
    allowed = client.open("/api/questions/next", method="OPTIONS").headers["Allow"]
    assert sorted(allowed.split(", ")) == ["OPTIONS", "POST"]
    got = client.get("/api/questions/next")
    assert got.status_code == 405 and sorted(got.headers["Allow"].split(", ")) == ["OPTIONS", "POST"]
    # A question whose id only starts with "next" is still a question to look for.
    assert client.get("/api/questions/nextone").json["error"]["code"] == "not_found"  # type: ignore[index]
