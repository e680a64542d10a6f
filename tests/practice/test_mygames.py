"""tutor.practice.mygames without the web: the log's result beside ours names the rule difference behind a
disagreement, and a logged hand becomes an ordinary exercise of the parts chosen."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.engine.api import score_request
from tutor.gamelog import Recorded, Source, Win
from tutor.practice.mygames import GENERAL, beside, exercise_of, topic_of
from tutor.quiz.makers import HAND_PARTS

KIRIAGE_HAND = {"hand": "234m567p234678s55s", "win": "2m", "riichi": True, "dora_indicators": ["1m"], "seat_wind": "S"}
"""Riichi, tanyao, pinfu and a dora: 4 han 30 fu, 7,700 on Tenhou, a mangan (8,000) with kiriage."""
DOUBLE_EAST = {"hand": "234m567p234678s11z", "win": "2m", "riichi": True, "seat_wind": "E", "round_wind": "E"}
"""Riichi with a pair of East, the dealer in the East round: 40 fu (the pair 4 fu), 30 fu where it is 2."""


def win(request: dict[str, Any], han: int, fu: int, points: int, yaku: tuple[tuple[str, int], ...]) -> Win:
    source = Source("test.json", "East 1", 0, None, 1)
    return Win({**request, "honba": 0, "riichi_sticks": 0}, Recorded(han, fu, yaku, points, "as logged"), source, ())


def test_the_hands_score_as_the_tests_say() -> None:
    assert (score_request(KIRIAGE_HAND)["han"], score_request(KIRIAGE_HAND)["fu"]) == (4, 30)
    assert score_request(DOUBLE_EAST)["fu"] == 40


def test_agreement_needs_no_explanation() -> None:
    found = beside(win(KIRIAGE_HAND, 4, 30, 7700, (("riichi", 1), ("tanyao", 1), ("pinfu", 1), ("dora", 1))))
    assert found.agrees and found.explanations == ()


def test_kiriage_mangan_is_named() -> None:
    found = beside(win(KIRIAGE_HAND, 4, 30, 8000, (("riichi", 1), ("tanyao", 1), ("pinfu", 1), ("dora", 1))))
    assert not found.agrees
    assert list(found.ours.differences) == ["points: ours 7700, the log's 8000"]
    assert found.explanations[0].startswith("The log pays 4 han 30 fu as a mangan: that lobby plays kiriage")
    assert found.explanations[-1] == GENERAL
    assert len(found.explanations) == 2  # nothing about a double wind pair


def test_a_two_fu_double_wind_pair_is_named() -> None:
    found = beside(win(DOUBLE_EAST, 1, 30, 1500, (("riichi", 1),)))
    assert "fu: ours 40, the log's 30" in found.ours.differences
    assert any("double wind pair 2 fu" in line for line in found.explanations)
    assert len(found.explanations) == 2  # nothing about kiriage


@pytest.mark.parametrize(
    ("parts", "kinds"),
    # No choice asks every part a hand can be asked, in the order of the kinds.
    [((), HAND_PARTS), (("points", "han"), ("han", "points")), (("fu",), ("fu",))],
)
def test_a_logged_hand_asks_the_parts_chosen_in_the_usual_order(parts: tuple[str, ...], kinds: tuple[str, ...]) -> None:
    exercise = exercise_of(KIRIAGE_HAND, parts, False, "game/1/1")
    assert exercise.kinds == kinds and exercise.topic == topic_of(parts)
    assert all(part.data["request"] == KIRIAGE_HAND for part in exercise.parts)


def test_a_limit_hand_asked_only_for_fu_is_asked_han() -> None:
    haneman = {**KIRIAGE_HAND, "dora_indicators": ["1m", "4s"]}  # two more dora: 6 han
    assert exercise_of(haneman, ("fu",), False, "s").kinds == ("han",)
    assert exercise_of(haneman, ("fu", "points"), True, "s").kinds == ("points",)
