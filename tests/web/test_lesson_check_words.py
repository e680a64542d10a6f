"""Every check-yourself question of every lesson, answered right and wrong in both languages: the feedback
(the HTML the page shows, and the plain text of the JSON) names tiles and yaku in the reader's words."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import right_answer, wrong_answer
from tests.web.test_practice_review_words import SNAKE_ID, TILE_CODE

LATIN_WORD = re.compile(r"[A-Za-z]{4,}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_lesson_check_feedback_is_in_the_readers_words(app: Flask, client: FlaskClient, lang: str) -> None:
    book = app.extensions["lessons"].book(lang)
    token = csrf(client)
    checked, foreign = 0, []
    for page in book.lessons.values():
        for number, question in enumerate(page.questions, 1):
            for given in (right_answer(question), wrong_answer(question)):
                fields = {f"answer.{row}": value for row, value in given.items()} if isinstance(given, dict) else {}
                response = client.post(
                    f"/lessons/{page.slug}/check/{number}?lang={lang}",
                    data={"csrf_token": token, **(fields or {"answer": given})},
                    headers={"Accept": "application/json"},
                )
                assert response.status_code == 200 and response.json, (page.slug, number)
                graded = response.json
                seen = unescape(re.sub(r"<[^>]+>", " ", graded["html"]))
                heard = re.findall(r'(?:alt|aria-label)="([^"]*)"', graded["html"])
                plain = [graded["expected"], *graded["details"]]
                for words in [seen, *heard, *plain]:
                    found = TILE_CODE.findall(words) + SNAKE_ID.findall(words)
                    found += LATIN_WORD.findall(words) if lang == "zh" else []
                    if found:
                        foreign.append(f"{page.slug} #{number}: {sorted(set(found))} in {words[:80]!r}")
                checked += 1
    assert checked > 150  # questions, each answered twice
    assert foreign == [], "\n".join(foreign[:20])
