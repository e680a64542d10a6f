"""The practice page after an answer speaks the reader's words: every question kind answered right and
wrong, then the page read as a sighted reader sees it and as a screen reader hears it (text alternatives
and accessible names): no tile code, no internal id, and on a Chinese page no English word."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import form_fields
from tests.web.test_practice import next_question, start
from tests.web.test_practice_review_words import EXERCISES, SNAKE_ID, TILE_CODE
from tutor.db import connect
from tutor.quiz.exercise import Exercise

LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
NAMES = re.compile(r'(?:aria-label|alt|title)="([^"]*)"')


def heard(page: str, question_id: str) -> tuple[str, list[str]]:
    """The main part of a page: its visible text, and every text alternative and accessible name in it.
    The question's own id (a reference to quote in a report, like an order number) is left out."""
    main = page[page.index("<main") : page.index("</main>")]
    main = re.sub(r"<script.*?</script>", " ", main, flags=re.S).replace(question_id, " ")
    return unescape(re.sub(r"<[^>]+>", " ", main)), [unescape(name) for name in NAMES.findall(main)]


def foreign(text: str, names: list[str], lang: str) -> list[str]:
    found = [*TILE_CODE.findall(text), *SNAKE_ID.findall(text)]
    found += [name for name in names if TILE_CODE.search(name) or SNAKE_ID.search(name)]
    if lang == "zh":
        found += LATIN_WORD.findall(text) + [name for name in names if LATIN_WORD.search(name)]
    return found


@pytest.mark.parametrize("right", [True, False], ids=["right", "wrong"])
def test_feedback_on_every_kind_is_in_the_readers_words(app: Flask, client: FlaskClient, right: bool) -> None:
    question_id = start(client, mode="practice", seed="words", topic="table")
    for exercise in EXERCISES:
        db = connect(app.config["DATABASE"])
        db.execute("UPDATE questions SET payload = ? WHERE id = ?", [json.dumps(exercise), question_id])
        db.conn.commit()
        db.conn.close()
        fields = form_fields(Exercise.from_json(exercise), right)
        answered = client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": csrf(client), **fields})
        assert answered.status_code == 302, answered.get_data(as_text=True)
        kinds = [part["ask"] for part in exercise["parts"]]
        for lang, verdict in (("en", "Right!" if right else "Not quite."), ("zh", "正确" if right else "不太对")):
            page = client.get(f"/practice/q/{question_id}?lang={lang}").get_data(as_text=True)
            text, names = heard(page, question_id)
            assert verdict in text or ("✓" if right else "✗") in text, (kinds, lang, text)
            assert not foreign(text, names, lang), (kinds, lang, foreign(text, names, lang))
        question_id = next_question(client, question_id, app)
