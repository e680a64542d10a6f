"""Captions that state a result agree with the engine (the lessons written for issue 12: waits to table scoring).

A caption is prose, so only what it states is checked: each "N han M fu" outside parentheses (a parenthesis
names another reading), the payment as the table writes it (honba included), and a total "X in all" or
"X with the stick(s)". Every caption must state its payment.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tutor.app import resource_dir
from tutor.engine.api import evaluate, response

LESSONS = ["03-waits.md", "12-counting-fu.md", "14-point-table.md", "16-table-scoring.md"]
SCORE = re.compile(r"^```score[ \t]*\n(.*?)\n```[ \t]*$", re.S | re.M)
HAN_FU = re.compile(r"\b(\d+) han (\d+) fu\b")
TOTAL = re.compile(r"\b(\d{1,3}(?:,\d{3})*) (?:in all|with the sticks?|with (?:two|three|four) sticks)\b")


def examples() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for name in LESSONS:
        text = (resource_dir("lessons") / "en" / name).read_text(encoding="utf-8")
        found += [(name, json.loads(body)) for body in SCORE.findall(text)]
    return found


def amount(points: int) -> str:
    return f"{points:,}"


def payment_as_written(points: dict[str, int]) -> str:
    """2,000 for a ron, 700/1,300 for a non-dealer's tsumo, 2,000 all for a dealer's tsumo."""
    if "ron" in points:
        return amount(points["ron"])
    if "tsumo_dealer" in points:
        return f"{amount(points['tsumo_non_dealer'])}/{amount(points['tsumo_dealer'])}"
    return f"{amount(points['tsumo_non_dealer'])} all"


EXAMPLES = examples()


@pytest.mark.parametrize(
    ("name", "example"), EXAMPLES, ids=[f"{name}:{ex.get('caption', '')[:40]}" for name, ex in EXAMPLES]
)
def test_a_caption_states_the_engine_s_result(name: str, example: dict[str, Any]) -> None:
    request = dict(example)
    caption = request.pop("caption", "")
    result = response(evaluate(request))
    stated = re.sub(r"\([^)]*\)", "", caption)
    for han, fu in HAN_FU.findall(stated):
        assert (int(han), int(fu)) == (result["han"], result["fu"]), (
            f"{name}: {caption!r} vs {result['han']}/{result['fu']}"
        )
    paid = payment_as_written(result["points"])
    assert re.search(rf"(?<![\d,/]){re.escape(paid)}(?![\d/]|,\d)", stated), (
        f"{name}: {caption!r} does not state {paid}"
    )
    for total in TOTAL.findall(stated):
        assert total == amount(result["total"]), f"{name}: {caption!r} vs total {result['total']}"


def test_the_check_catches_a_wrong_caption() -> None:
    wrong = {
        "hand": "234m567m345p55s678s",
        "win": "6s",
        "tsumo": True,
        "seat_wind": "S",
        "caption": "3 han 30 fu, 700/1,300",
    }
    with pytest.raises(AssertionError, match="3/20"):
        test_a_caption_states_the_engine_s_result("made-up.md", wrong)
    unpaid = dict(wrong, caption="Pinfu tsumo: 3 han 20 fu, 1,000/2,000")
    with pytest.raises(AssertionError, match="does not state 700/1,300"):
        test_a_caption_states_the_engine_s_result("made-up.md", unpaid)
