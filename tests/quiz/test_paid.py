"""The "paid" kind: how much one player paid for another's win, and why (issue 26)."""

from __future__ import annotations

import pytest

from tutor.quiz.answers import AnswerError
from tutor.quiz.questions import Question, QuestionError

# A non-dealer's riichi pinfu ron, 2 han 30 fu (2,000), at 1 honba with a riichi stick on the table.
RON = {
    "hand": "123m456m789p345s55s",
    "win": "5s",
    "riichi": True,
    "seat_wind": "S",
    "discarder": "W",
    "honba": 1,
    "riichi_sticks": 1,
}


def paid(request: dict[str, object], payer: object) -> Question:
    return Question.from_json({"ask": "paid", "request": request, "payer": payer})


def test_the_discarder_pays_the_hand_and_the_honba_not_the_sticks() -> None:
    question = paid(RON, "W")
    assert question.right_answer() == "2300"
    grade = question.grade("2300")
    assert grade.correct and str(grade.expected) == "2,300 points"
    why = [str(line) for line in grade.details]
    assert "West dealt in and pays 2,300: 2,000 for the hand and 300 for the honba." in why
    assert "The winner also takes the riichi sticks on the table: 1,000." in why


def test_a_wrong_payment_says_both_and_why_in_chinese() -> None:
    grade = paid(RON, "W").grade("3300")
    assert not grade.correct
    said = [line.text("zh") for line in grade.details]
    assert said[0] == "你答的是 3,300 点；正确答案是 2,300 点"
    assert "西家放铳，支付 2,300：手牌 2,000，本场 300。" in said


def test_each_payer_of_a_tsumo_pays_their_own_share() -> None:
    tsumo = {**RON, "tsumo": True, "discarder": None}
    del tsumo["discarder"]
    # Riichi tsumo pinfu, 3 han 20 fu: 700 / 1,300, plus 100 a payer for the honba.
    assert paid(tsumo, "E").right_answer() == "1400"
    assert paid(tsumo, "N").right_answer() == "800"


def test_a_player_who_paid_nothing_is_not_asked() -> None:
    with pytest.raises(QuestionError):
        paid(RON, "N").right_answer()
    for nobody in ("X", "", "ES", None, 2):
        with pytest.raises(QuestionError):
            paid(RON, nobody).right_answer()


def test_two_numbers_are_not_one_payment() -> None:
    with pytest.raises(AnswerError):
        paid(RON, "W").mark("1000/2000")
    assert "the one number you paid" in str(paid(RON, "W").grade("1000/2000").problem)
