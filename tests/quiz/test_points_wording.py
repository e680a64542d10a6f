"""The points question asks for exactly what it grades (the payment, honba included, riichi sticks not),
and its feedback and the calculator name the sticks' total in the same words."""

from __future__ import annotations

from tutor.quiz.questions import Question

STICKS = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S", "riichi_sticks": 2, "honba": 1}


def test_the_prompt_says_what_is_graded() -> None:
    question = Question.from_json({"ask": "points", "request": STICKS})
    assert "honba included but not the riichi sticks" in question.text
    assert "receive" not in question.text  # "receives" is the total with sticks, which is not asked


def test_the_payment_without_sticks_is_right_and_the_feedback_names_the_total() -> None:
    question = Question.from_json({"ask": "points", "request": STICKS})
    # Non-dealer ron 2 han 30 fu = 2,000, plus 300 for one honba; the sticks (2,000) are not asked.
    assert question.grade("2300").correct
    assert not question.grade("4300").correct
    assert question.grade("2300").details[-1] == (
        "Paid by the other players: 2,300, honba included; with the riichi sticks on the table (2,000)"
        " the winner receives 4,300 in all."
    )


def test_no_sticks_no_sentence_about_them() -> None:
    question = Question.from_json({"ask": "points", "request": {**STICKS, "riichi_sticks": 0}})
    assert not any("riichi sticks" in line for line in question.grade("2300").details)
