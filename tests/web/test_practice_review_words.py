"""A quiz's review says every answer in the reader's words: yaku by name, numbers with their unit, tiles
drawn (named in their text alternative), furiten as a sentence, fu rows as lines; never an id or a tile code."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import form_fields
from tests.web.test_practice import next_question, served, start
from tutor.db import connect
from tutor.quiz.exercise import Exercise
from tutor.quiz.kinds import KINDS

HAND = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "tsumo": True, "seat_wind": "S"}
EXERCISES: list[dict[str, Any]] = [
    {"topic": "points", "parts": [{"ask": kind, "request": HAND} for kind in ("yaku", "han", "fu", "points")]},
    {"topic": "fu", "parts": [{"ask": "fu", **KINDS["fu"].example, "itemised": True}]},
    *({"topic": "points", "parts": [{"ask": kind, **KINDS[kind].example}]} for kind in KINDS if kind != "yaku"),
]
"""One exercise asking every kind (a hand asked in four parts, fu row by row, then each kind alone)."""

SNAKE_ID = re.compile(r"[a-z]+_[a-z_]+")
TILE_CODE = re.compile(r"\b[0-9]+[mpsz]\b")


def visible_review(page: str) -> str:
    """The review list's visible text: no tags, so no attributes (a tile's name is its image's alt)."""
    review = page[page.index('<ol class="review-list">') : page.index("</ol>", page.index('class="review-list"'))]
    return unescape(re.sub(r"<[^>]+>", " ", review))


@pytest.fixture
def reviewed(app: Flask, client: FlaskClient) -> FlaskClient:
    """A learner who answered a quiz wrong in every kind of question."""
    question_id = start(client, mode="quiz", size=str(len(EXERCISES)), seed="words", topic="table")
    for position, exercise in enumerate(EXERCISES):
        db = connect(app.config["DATABASE"])
        db.execute("UPDATE questions SET payload = ? WHERE id = ?", [json.dumps(exercise), question_id])
        db.conn.commit()
        db.conn.close()
        fields = form_fields(Exercise.from_json(exercise), right=False)
        answered = client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": csrf(client), **fields})
        assert answered.status_code == 302, answered.get_data(as_text=True)
        if position < len(EXERCISES) - 1:
            question_id = next_question(client, question_id, app)
    session_id = served(app, question_id).session_id
    client.post(f"/practice/session/{session_id}/next", data={"csrf_token": csrf(client)})
    client.result = f"/practice/session/{session_id}/result"  # type: ignore[attr-defined]
    return client


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Menzen tsumo", "Riichi", "Pinfu", "han", "fu", "final points", "Yes, ron is allowed", "you said"]),
        ("zh", ["门前清自摸和", "立直", "平和", "番", "符", "最终得点", "可以，能荣和", "你的答案"]),
    ],
)
def test_a_review_says_every_answer_in_the_pages_language(reviewed: FlaskClient, lang: str, words: list[str]) -> None:
    page = reviewed.get(f"{reviewed.result}?lang={lang}").get_data(as_text=True)  # type: ignore[attr-defined]
    text = visible_review(page)
    assert text.count("✗") >= len(KINDS), text
    assert not SNAKE_ID.findall(text), SNAKE_ID.findall(text)
    assert not TILE_CODE.findall(text), TILE_CODE.findall(text)
    for word in words:
        assert word in text, (word, text)
    # Waits and dora tiles are drawn, each tile named in the page's language.
    assert 'alt="East wind"' in page if lang == "en" else 'alt="东风"' in page


@pytest.mark.parametrize(("lang", "unit"), [("en", " han"), ("zh", " 番")])
def test_the_class_dashboard_says_the_common_wrong_answers_in_the_pages_language(
    app: Flask, lang: str, unit: str
) -> None:
    from tests.web.test_classroom import join, open_class, take, user

    room = open_class(app, user(app, "sensei"), topic="everyday-yaku", part=["yaku", "han"], size="2")
    for name in ("ann", "ben"):
        student = user(app, name)
        join(student, room)
        take(app, student, room, [False, False])
        assert "你的答案" in student.get(f"/practice/session/{_session(app)}/result?lang=zh").get_data(as_text=True)
    page = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}?lang={lang}")
    html = page.get_data(as_text=True)
    listed = [
        unescape(re.sub(r"<[^>]+>", " ", item)) for item in re.findall(r'<ul class="wrong-answers">(.*?)</ul>', html)
    ]
    assert listed and all("×2" in item and unit in item for item in listed), listed
    assert not any(SNAKE_ID.search(item) or TILE_CODE.search(item) for item in listed), listed
    if lang == "zh":  # yaku named in Chinese too: no Latin letters left
        assert not any(re.search("[A-Za-z]", item) for item in listed), listed


def _session(app: Flask) -> int:
    db = connect(app.config["DATABASE"])
    try:
        return int(next(db.query("SELECT MAX(id) AS id FROM practice_sessions"))["id"])
    finally:
        db.conn.close()
