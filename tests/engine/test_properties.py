"""Properties that must hold for every hand (hypothesis draws the hands from the generator's seeds)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.api import score_request
from tutor.engine.generate import STYLES, random_request
from tutor.engine.points import base_points
from tutor.engine.rules import RuleSet
from tutor.engine.tiles import parse_tiles

seeds = st.integers(min_value=0, max_value=2**32 - 1)
styles = st.sampled_from(STYLES)
RESULT_FIELDS = ("han", "fu", "yakuman", "limit", "points", "total")


def generated(seed: int, style: str) -> dict[str, Any]:
    return random_request(random.Random(seed), style)


def essentials(response: dict[str, Any]) -> dict[str, Any]:
    if "error" in response:
        return {"error": response["error"]["code"]}
    return {**{k: response[k] for k in RESULT_FIELDS}, "yaku": sorted((y["id"], y["han"]) for y in response["yaku"])}


def shuffled_notation(text: str, rng: random.Random) -> str:
    tiles = [str(t) for t in parse_tiles(text)]
    rng.shuffle(tiles)
    return "".join(tiles)


@settings(max_examples=300, deadline=None)
@given(seeds, styles, st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_result(seed: int, style: str, rng: random.Random) -> None:
    request = generated(seed, style)
    reordered = dict(request)
    reordered["hand"] = shuffled_notation(request["hand"], rng)
    melds = [{"kind": m["kind"], "tiles": shuffled_notation(m["tiles"], rng)} for m in request["melds"]]
    rng.shuffle(melds)
    reordered["melds"] = melds
    assert essentials(score_request(reordered)) == essentials(score_request(request))


@settings(max_examples=300, deadline=None)
@given(seeds, styles)
def test_a_generated_hand_always_scores_or_lacks_only_a_yaku(seed: int, style: str) -> None:
    response = score_request(generated(seed, style))
    assert "error" not in response or response["error"]["code"] == "no_yaku", response


@settings(max_examples=300, deadline=None)
@given(seeds, styles)
def test_a_generated_closed_hand_with_riichi_always_scores(seed: int, style: str) -> None:
    request = generated(seed, style)
    if any(m["kind"] != "ankan" for m in request["melds"]) or request.get("tenhou") or request.get("chiihou"):
        return
    response = score_request({**request, "riichi": True})
    assert "error" not in response, response
    assert response["han"] >= 1


@settings(max_examples=300, deadline=None)
@given(seeds, styles, st.sampled_from(["1m", "4p", "9s", "1z", "4z", "5z", "7z", "0p"]))
def test_adding_a_dora_indicator_never_lowers_the_points(seed: int, style: str, indicator: str) -> None:
    request = generated(seed, style)
    if len(request["dora_indicators"]) >= 5:
        return
    before = score_request(request)
    after = score_request({**request, "dora_indicators": [*request["dora_indicators"], indicator]})
    if "error" in before:
        return
    assert after["total"] >= before["total"]


@settings(max_examples=300, deadline=None)
@given(seeds, styles)
def test_closed_ron_is_at_least_30_fu_except_chiitoitsu(seed: int, style: str) -> None:
    request = generated(seed, style)
    closed = all(m["kind"] == "ankan" for m in request["melds"])
    response = score_request(request)
    if not closed or request["tsumo"] or "error" in response or response["yakuman"]:
        return
    if response["reading"]["shape"] == "chiitoitsu":
        assert response["fu"] == 25
    else:
        assert response["fu"] >= 30
        assert response["fu_breakdown"][:2] == [
            {"fu": 20, "reason": "Base (futei): 20 fu"},
            {"fu": 10, "reason": "Closed hand won by ron (menzen kafu): 10 fu"},
        ]


@settings(max_examples=300, deadline=None)
@given(seeds, styles)
def test_payments_add_up_to_the_total(seed: int, style: str) -> None:
    request = generated(seed, style)
    response = score_request(request)
    if "error" in response:
        return
    points = response["points"]
    sticks = 1000 * request["riichi_sticks"]
    if "ron" in points:
        paid = points["ron"]
    elif "tsumo_dealer" in points:
        paid = points["tsumo_dealer"] + 2 * points["tsumo_non_dealer"]
    else:
        paid = 3 * points["tsumo_non_dealer"]
    assert response["total"] == paid + sticks
    assert all(v % 100 == 0 for v in points.values())


@given(st.integers(1, 12), st.sampled_from([20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]), st.booleans())
def test_more_han_or_more_fu_never_pays_less(han: int, fu: int, kiriage: bool) -> None:
    rules = RuleSet(kiriage=kiriage)
    base, _ = base_points(han, fu, 0, rules)
    assert base_points(han + 1, fu, 0, rules)[0] >= base
    assert base_points(han, fu + 10, 0, rules)[0] >= base
