"""Each kind says an answer, given or right, in the reader's words (Question.say_answer, say_expected)."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.drawing.words import words_html
from tutor.quiz import Question
from tutor.quiz.kinds import KINDS

HAND = {"request": {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "tsumo": True, "seat_wind": "S"}}


def asked(kind: str, **extra: Any) -> Question:
    data = HAND if kind in ("yaku", "han", "fu", "points") and not extra else KINDS[kind].example
    return Question.from_json({"ask": kind, **data, **extra})


@pytest.mark.parametrize(
    ("kind", "given", "english", "chinese"),
    [
        ("yaku", ["pinfu", "menzen_tsumo"], "Menzen tsumo, Pinfu", "门前清自摸和、平和"),
        ("yaku", [], "none", "无"),
        ("han", "2", "2 han", "2 番"),
        ("fu", " 30 ", "30 fu", "30 符"),
        ("dora", "1", "1 han of dora", "宝牌 1 番"),
        ("points", "1300/700", "700/1300", "700/1300"),
        ("table", "1300/2600", "1300/2600", "1300/2600"),
        ("waits", ["4m", "1m"], "1 of characters, 4 of characters", "1万、4万"),
        ("dora_tile", ["1z"], "East wind", "东风"),
        ("furiten", ["ron"], "Yes, ron is allowed", "可以，能荣和"),
        ("standings", "+45.0", "+45.0 final points", "最终得点 +45.0"),
    ],
)
def test_each_kind_says_an_answer_in_words(kind: str, given: Any, english: str, chinese: str) -> None:
    words = asked(kind).say_answer(given)
    assert (str(words), words.text("zh")) == (english, chinese)


def test_a_dealers_tsumo_is_said_as_each_players_payment() -> None:
    dealer = asked("table", han=3, fu=40, dealer=True, tsumo=True)
    assert str(dealer.say_answer("2600")) == str(dealer.say_expected()) == "2600 all"
    assert str(asked("table", han=3, fu=40, dealer=True, tsumo=False).say_answer("7700")) == "7700"


def test_an_answer_a_kind_cannot_read_is_shown_as_typed() -> None:
    assert str(asked("han").say_answer("lots")) == "lots"
    assert str(asked("yaku").say_answer(["pinfu", "nonsense"])) == "pinfu, nonsense"
    assert str(asked("furiten").say_answer(["maybe"])) == "maybe"


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_right_answer_is_said_as_any_answer_and_grades_right(kind: str) -> None:
    question = asked(kind)
    assert question.grade(question.right_answer()).correct
    assert question.say_expected() == question.say_answer(question.right_answer())


def test_tiles_are_drawn_with_their_names_as_text() -> None:
    html = words_html(asked("waits").say_answer(["1m", "4m"]), "zh")
    assert html.count("<img") == 2 and 'alt="1万"' in html and 'alt="4万"' in html


def test_itemised_fu_says_each_row_on_its_line_with_its_tiles_drawn() -> None:
    fu = asked("fu", itemised=True)
    given = {**fu.right_answer(), "total": "1"}
    english = str(fu.say_answer(given))
    assert english.startswith("Base (futei): 20 fu; ") and english.endswith("Total, rounded up to the next 10: 1 fu")
    assert "Group 1 of characters ×3: 8 fu" in english
    assert "Pair 5 of bamboo ×2: 0 fu" in english
    assert str(fu.say_expected()).endswith(": 40 fu")
    html = words_html(fu.say_answer(given), "zh")
    assert 'alt="中"' in html and "合计" in html and "111m" not in html
