"""Feedback that teaches: the dora question says where each dora comes from, a hand with two readings
shows both with han, fu and points, choice questions say which choices were right, and MPSZ codes in
feedback are drawn as tiles with honours named."""

from __future__ import annotations

import re

import pytest

from tutor.drawing.tiles_html import tiles_in_text
from tutor.quiz.questions import Question


def dora(request: dict[str, object]) -> Question:
    return Question.from_json({"ask": "dora", "request": request})


def test_dora_feedback_names_each_indicator_its_dora_and_the_count() -> None:
    question = dora(
        {"hand": "234m678m234p56788s", "win": "5s", "tsumo": True, "riichi": True,
         "dora_indicators": ["4s", "7s"], "ura_indicators": ["9p"]}
    )  # fmt: skip
    grade = question.grade("2")
    assert not grade.correct and grade.expected == "3 han of dora"
    assert grade.details == (
        "you said 2 han of dora",
        "Indicator 4s, so 5s is dora: 1 in the hand.",
        "Indicator 7s, so 8s is dora: 2 in the hand.",
        "Ura indicator 9p, so 1p is ura dora: 0 in the hand.",
        "In all: 1 + 2 = 3 han of dora.",
    )
    assert not any("it is" in line for line in grade.details)  # the answer is said once, in the heading


def test_dora_feedback_counts_red_fives_and_says_why_no_ura_without_riichi() -> None:
    grade = dora(
        {"hand": "234m678m234p60788s", "win": "0s", "tsumo": True, "dora_indicators": ["4z"], "ura_indicators": ["9p"]}
    ).grade("1")
    assert grade.correct
    assert grade.details == (
        "Indicator 4z, so 1z is dora: 0 in the hand.",
        "Red fives: 1 in the hand, 1 han each.",
        "No ura dora: only a hand in riichi counts them.",
    )


def test_a_higher_reading_is_shown_next_to_the_other_with_han_fu_and_points() -> None:
    question = Question.from_json({"ask": "han", "request": {"hand": "111222333m456p77z", "win": "7z", "riichi": True}})
    note = question.grade("1").details[-1]
    assert "111m 222m 333m" in note and "3 han 50 fu" in note and "the reading that pays most" in note
    assert "123m 123m 123m" in note and "2 han 40 fu" in note


@pytest.mark.parametrize(
    ("payload", "right"),
    [
        pytest.param({"ask": "waits", "hand": "23456m456p789s11z"}, {"1m", "4m", "7m"}, id="waits"),
        pytest.param({"ask": "dora_tile", "indicators": "9m4z"}, {"1m", "1z"}, id="dora-tile"),
    ],
)
def test_the_right_choices_are_known_for_marking(payload: dict[str, object], right: set[str]) -> None:
    question = Question.from_json(payload)
    assert question.right_choices() == right
    assert right <= {value for value, _ in question.choices()}


def test_codes_in_a_sentence_are_drawn_as_tiles_and_honours_named() -> None:
    html = tiles_in_text("missed 25m; no triplet of the seat wind 3z (1000/2000, 30 fu)")
    assert html.count("<img") == 3
    assert 'alt="2 of characters"' in html and 'alt="5 of characters"' in html
    assert "</span> West (1000/2000, 30 fu)" in html
    # What is read as text has no codes left: only the plain name of the honour.
    assert re.sub(r"<[^>]+>", "", html) == "missed ; no triplet of the seat wind  West (1000/2000, 30 fu)"
    assert tiles_in_text("<b>") == "&lt;b&gt;"  # the rest stays text
