"""Feedback that teaches a waits answer (issue 24): each missed tile comes with the reading it completes, drawn as
tiles, and a tile picked that completes nothing says why; in English and in Chinese, never as MPSZ codes."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import right_answer
from tests.web.test_practice import served, start

CODE = re.compile(r"\b\d+[mpsz]\b")


@pytest.mark.parametrize(
    ("lang", "completes", "why"), [("en", "completes it", "four groups"), ("zh", "能使它和牌", "四组面子")]
)
def test_a_missed_wait_shows_its_reading_and_a_wrong_one_why(
    app: Flask, client: FlaskClient, lang: str, completes: str, why: str
) -> None:
    client.get(f"/?lang={lang}")
    question = start(client, mode="practice", topic="waits")
    part = served(app, question).exercise.parts[0]
    right = right_answer(part)
    wrong = next(value for value, _ in part.choices() if value not in right)
    given = right[1:] + [wrong]  # one winning tile missed, one tile that wins nothing picked
    sent = client.post(f"/practice/q/{question}/answer", data={"csrf_token": csrf(client), "waits": given})
    assert sent.status_code == 302
    page = client.get(f"/practice/q/{question}").get_data(as_text=True)
    details = re.findall(r"<li>(.*?)</li>", page.split('class="details"', 1)[1].split("</ul>", 1)[0], re.S)
    reading = next(line for line in details if completes in line)
    assert reading.count('class="tile') >= 13  # the winning tile and the whole hand, drawn
    assert not CODE.search(re.sub(r"<[^>]+>", " ", reading))
    assert any(why in line for line in details)
