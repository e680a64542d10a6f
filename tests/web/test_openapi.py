"""/api/openapi.json describes every JSON route, and real responses match what it says."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.conftest import csrf


@pytest.fixture
def spec(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    document = response.json
    assert isinstance(document, dict) and document["openapi"].startswith("3.1")
    return document


def check(spec: dict[str, Any], path: str, method: str, response: Any) -> None:
    """The response's status is documented for the route, and its body matches the documented schema."""
    documented = spec["paths"][path][method]["responses"]
    status = str(response.status_code)
    assert status in documented, f"{method.upper()} {path} answered {status}, not documented"
    errors = problems(spec, path, method, status, response.json)
    assert not errors, f"{method.upper()} {path} {status}: {errors[0]}"


def problems(spec: dict[str, Any], path: str, method: str, status: str, body: Any) -> list[str]:
    # Point into the document itself, so the schemas' own "#/components/..." references resolve.
    pointer = "/".join(
        part.replace("~", "~0").replace("/", "~1")
        for part in ("paths", path, method, "responses", status, "content", "application/json", "schema")
    )
    registry = Registry().with_resource("urn:spec", Resource(contents=spec, specification=DRAFT202012))
    validator = Draft202012Validator({"$ref": f"urn:spec#/{pointer}"}, registry=registry)
    return [f"{e.message} at {list(e.absolute_path)}" for e in validator.iter_errors(body)]


def test_the_check_itself_catches_a_wrong_body(spec: dict[str, Any]) -> None:
    assert problems(spec, "/api/score", "post", "200", {"han": "two"})
    assert problems(spec, "/api/session", "get", "200", {"csrf_token": 5, "user": None})
    assert not problems(spec, "/api/session", "get", "200", {"csrf_token": "t", "user": None})


def test_every_api_route_is_documented_and_nothing_else(app: Flask, spec: dict[str, Any]) -> None:
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)  # <question:question_id> -> {question_id}
            for method in rule.methods - {"HEAD", "OPTIONS"}:  # type: ignore[operator]
                routes.add((path, method.lower()))
    documented = {(path, method) for path, item in spec["paths"].items() for method in item}
    assert routes == documented


def test_the_document_is_valid_json_schema_throughout(spec: dict[str, Any]) -> None:
    for schema in spec["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)


def test_real_responses_match_the_document(client: FlaskClient, spec: dict[str, Any]) -> None:
    good = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True}
    check(spec, "/api/score", "post", client.post("/api/score", json=good))
    check(spec, "/api/score", "post", client.post("/api/score", json={"hand": "123q", "win": "1m"}))
    check(spec, "/api/openapi.json", "get", client.get("/api/openapi.json"))
    check(spec, "/api/session", "get", client.get("/api/session"))
    check(spec, "/api/progress", "get", client.get("/api/progress"))

    headers = {"X-CSRF-Token": csrf(client)}
    refused = client.post("/api/questions/next", json={"topics": ["astrology"]}, headers=headers)
    check(spec, "/api/questions/next", "post", refused)
    assert refused.status_code == 400
    check(
        spec,
        "/api/questions/next",
        "post",
        client.post("/api/questions/next", json={"session_id": 999}, headers=headers),
    )

    for settings in (
        {"topics": ["fu"], "parts": ["fu", "points"], "itemised": True},
        {"topics": ["everyday-yaku"], "parts": ["yaku", "han"]},
        {"topics": ["waits"]},
        {"topics": ["furiten"]},
        {"topics": ["dora"], "difficulty": 3},
        {"topics": ["table"]},
        {"mode": "quiz", "size": 1, "seed": "x"},
    ):
        started = client.post("/api/questions/next", json=settings, headers=headers)
        check(spec, "/api/questions/next", "post", started)
        question = started.json["question"]
        path = "/api/questions/{question_id}"
        check(spec, path, "get", client.get(f"/api/questions/{question['id']}"))
        unreadable = client.post(
            f"/api/questions/{question['id']}/answer",
            json={"answers": {p["kind"]: "??" for p in question["parts"]}},
            headers=headers,
        )
        if unreadable.status_code != 200:  # a pick question reads "??" as a (wrong) tile or choice set
            check(spec, path + "/answer", "post", unreadable)
        answers = {p["kind"]: p["choices"][0]["value"] if "choices" in p else "30" for p in question["parts"]}
        if any("rows" in p for p in question["parts"]):
            answers["fu"] = {row["id"]: "0" for row in question["parts"][0]["rows"]}
        graded = client.post(f"/api/questions/{question['id']}/answer", json={"answers": answers}, headers=headers)
        if graded.status_code == 400:  # a cell question wants a payment: "30" is readable, so this is rare
            continue
        check(spec, path + "/answer", "post", graded)
        again = client.post(f"/api/questions/{question['id']}/answer", json={"answers": answers}, headers=headers)
        check(spec, path + "/answer", "post", again)
        assert again.status_code == 409
        check(spec, path, "get", client.get(f"/api/questions/{question['id']}"))
        report = client.post(f"/api/questions/{question['id']}/report", json={"remark": "looks odd"}, headers=headers)
        check(spec, path + "/report", "post", report)
        check(
            spec,
            path + "/report",
            "post",
            client.post(f"/api/questions/{question['id']}/report", json={}, headers=headers),
        )

    finished = client.post("/api/questions/next", json={"session_id": started.json["session_id"]}, headers=headers)
    check(spec, "/api/questions/next", "post", finished)
    assert finished.json["finished"] is True
    check(spec, "/api/questions/{question_id}", "get", client.get("/api/questions/nosuchid"))
    check(spec, "/api/progress", "get", client.get("/api/progress?days=7"))
    for days in ("null", "0", "366", "7.5", ""):  # a program that sends something else hears so
        refused = client.get(f"/api/progress?days={days}")
        assert refused.status_code == 400 and days in refused.json["error"]["message"]  # type: ignore[index]
        check(spec, "/api/progress", "get", refused)
