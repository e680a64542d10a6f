"""The practice page's feedback teaches: choices are marked right, missed or wrong in words after
grading, tile codes are drawn as tiles, and no answer box carries a placeholder that looks like an answer."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_practice import served, start


def marks(page: str) -> list[tuple[str, str]]:
    """(mark class, the choice's value) for every marked choice of the page."""
    return re.findall(r'<label class="choice (hit|missed|wrong|answer)"><input [^>]*value="([^"]+)"', page)


def test_waits_choices_say_which_were_right_missed_or_wrong(app: Flask, client: FlaskClient) -> None:
    question_id = start(client, mode="practice", topic="waits")
    part = served(app, question_id).exercise.part("waits")
    right = part.right_choices()
    assert right is not None
    choices = [value for value, _ in part.choices()]
    wrong_pick = next(value for value in choices if value not in right)
    picks = [wrong_pick, *sorted(right)[:1]]
    before = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert marks(before) == []  # nothing is marked before the answer
    client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": csrf(client), "waits": picks})
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    expected = [
        ("hit" if value in picks else "missed") if value in right else "wrong"
        for value in choices
        if value in right or value in picks
    ]
    assert [mark for mark, _ in marks(page)] == expected
    # Said in words, not colour alone.
    assert page.count('class="choice-mark"') == len(expected)
    assert ("missed</span>" in page) is (len(right) > 1) and "wrong</span>" in page
    if len(right) > 1:  # the missed tiles are drawn, not written as MPSZ codes
        details = page.split('class="details"')[1].split("</ul>")[0]
        assert "<img" in details and not re.search(r">[^<]*\b[0-9]+[mps]\b", details)


def test_show_answer_marks_the_right_choices_as_the_answer(app: Flask, client: FlaskClient) -> None:
    question_id = start(client, mode="practice", topic="waits")
    right = served(app, question_id).exercise.part("waits").right_choices()
    client.post(f"/practice/q/{question_id}/show", data={"csrf_token": csrf(client)})
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert sorted(value for mark, value in marks(page) if mark == "answer") == sorted(right or ())
    assert not [mark for mark, _ in marks(page) if mark != "answer"]


@pytest.mark.parametrize("topic", ["fu", "points", "dora", "table", "everyday-yaku"])
def test_no_answer_box_has_a_placeholder(client: FlaskClient, topic: str) -> None:
    question_id = start(client, mode="practice", topic=topic, part=["han", "fu", "points"] if topic == "fu" else [])
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert 'name="' in page and "placeholder" not in page


def test_the_calculator_and_the_points_question_say_the_same_words(client: FlaskClient) -> None:
    """ "Paid by the other players" is the payment (honba included) the points question grades; "the winner
    receives ... in all" is only ever the total with the riichi sticks."""
    query = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": "1", "seat": "S", "honba": "1", "sticks": "2"}
    html = client.get("/calculator", query_string=query).get_data(as_text=True)
    assert (
        "Paid by the other players: 2,300, honba included; with the riichi sticks on the table (2,000)"
        " the winner receives 4,300 in all." in html
    )
    assert "the winner receives 4,300 in all)" in html  # the engine's payment line says it the same way
    question_id = start(client, mode="practice", topic="points")
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    assert "What do the other players pay the winner, honba included but not the riichi sticks?" in page


def test_a_right_number_is_said_once_not_repeated_under_its_heading(app: Flask, client: FlaskClient) -> None:
    question_id = start(client, mode="practice", topic="fu")
    fu = served(app, question_id).exercise.part("fu")
    client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": csrf(client), "fu": str(fu.result.fu)})
    page = client.get(f"/practice/q/{question_id}").get_data(as_text=True)
    feedback = page.split('class="part-feedback"')[1].split("</div>")[0]
    assert f"Fu: {fu.result.fu} fu</h3>" in feedback
    assert f"<li>{fu.result.fu} fu</li>" not in feedback  # the working follows, not the answer again
    assert "<li>" in feedback
