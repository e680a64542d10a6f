"""Practice hands made to order: every target at every difficulty, checked through the public score API."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.api import score_request
from tutor.engine.furiten import FuritenKind, furiten
from tutor.engine.hand import Meld
from tutor.engine.targets import (
    DIFFICULTIES,
    FURITEN_OUTCOMES,
    TARGETS,
    TargetError,
    dora_hand,
    furiten_situation,
    hand_for,
    random_hand,
    tenpai_hand,
)
from tutor.engine.tiles import parse_tiles
from tutor.engine.waits import winning_tiles
from tutor.engine.yaku import YAKU

Response = dict[str, Any]


def _reasons(response: Response) -> str:
    return " | ".join(item["reason"] for item in response["fu_breakdown"])


def _is_open(request: Response) -> bool:
    return any(m["kind"] != "ankan" for m in request.get("melds", []))


# What each fu feature means, judged from the response and request rather than the engine's own keys.
FU_CHECKS: dict[str, Callable[[Response, Response], bool]] = {
    "closed-ron": lambda req, res: not _is_open(req) and not req["tsumo"] and "menzen kafu" in _reasons(res),
    "kanchan": lambda req, res: res["reading"]["wait"] == "kanchan" and "kanchan" in _reasons(res),
    "penchan": lambda req, res: res["reading"]["wait"] == "penchan" and "penchan" in _reasons(res),
    "tanki": lambda req, res: res["reading"]["wait"] == "tanki" and "tanki" in _reasons(res),
    "ron-triplet": lambda req, res: (
        not req["tsumo"] and res["reading"]["wait"] == "shanpon" and "by ron" in _reasons(res).lower()
    ),
    "closed-terminal-triplet": lambda req, res: any(
        i["fu"] in (8, 32) and "closed" in i["reason"].lower() for i in res["fu_breakdown"]
    ),
    "open-triplet": lambda req, res: any(m["kind"] == "pon" for m in req.get("melds", [])),
    "closed-kan": lambda req, res: (
        any(m["kind"] == "ankan" for m in req["melds"]) and any(i["fu"] in (16, 32) for i in res["fu_breakdown"])
    ),
    "open-kan": lambda req, res: (
        any(m["kind"] == "minkan" for m in req["melds"]) and any(i["fu"] in (8, 16) for i in res["fu_breakdown"])
    ),
    "value-pair": lambda req, res: any(
        i["fu"] in (2, 4) and "pair" in i["reason"].lower() for i in res["fu_breakdown"]
    ),
    "double-wind-pair": lambda req, res: (
        req["seat_wind"] == req["round_wind"]
        and any(i["fu"] == 4 and "pair" in i["reason"].lower() for i in res["fu_breakdown"])
    ),
    "pinfu-tsumo": lambda req, res: req["tsumo"] and res["fu"] == 20 and "pinfu" in {y["id"] for y in res["yaku"]},
    "open-pinfu": lambda req, res: _is_open(req) and not req["tsumo"] and res["fu"] == 30,
    "chiitoitsu-fu": lambda req, res: res["fu"] == 25 and res["reading"]["shape"] == "chiitoitsu",
}


def test_every_yaku_and_every_fu_feature_is_a_target() -> None:
    assert {name for name, t in TARGETS.items() if t.kind == "yaku"} == set(YAKU) - {"dora", "aka_dora", "ura_dora"}
    assert {name for name, t in TARGETS.items() if t.kind == "fu"} == set(FU_CHECKS)


def _tile_counts(request: Response) -> Counter[int]:
    text = request["hand"] + "".join(m["tiles"] for m in request.get("melds", []))
    text += "".join(request.get("dora_indicators", []) + request.get("ura_indicators", []))
    return Counter(t.index for t in parse_tiles(text))


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("name", sorted(TARGETS))
def test_target_hand_has_its_target(name: str, difficulty: int) -> None:
    rng = random.Random(f"{name}/{difficulty}")
    for _ in range(3):
        request = hand_for(name, rng, difficulty)
        response = score_request(request)
        assert "error" not in response, (request, response)
        if TARGETS[name].kind == "yaku":
            assert name in {y["id"] for y in response["yaku"]}, (request, response)
        else:
            assert FU_CHECKS[name](request, response), (request, response)
        assert max(_tile_counts(request).values()) <= 4, request


@pytest.mark.parametrize("name", ["pinfu", "chiitoitsu", "closed-kan", "kokushi"])
def test_same_seed_same_hand(name: str) -> None:
    first = [hand_for(name, random.Random(7), 2) for _ in range(2)]
    again = [hand_for(name, random.Random(7), 2) for _ in range(2)]
    assert first == again
    assert hand_for(name, random.Random(7), 2) != hand_for(name, random.Random(8), 2) or name == "kokushi"


def test_difficulty_one_is_plain_and_three_is_busy() -> None:
    rng = random.Random(3)
    plain = [score_request(random_hand(rng, 1)) for _ in range(40)]
    assert all(len([y for y in r["yaku"] if "dora" not in y["id"]]) <= 2 for r in plain)
    assert all(r["reading"]["wait"] in ("ryanmen", "shanpon", "tanki") for r in plain)
    busy = [random_hand(rng, 3) for _ in range(40)]
    assert all("honba" in request for request in busy)
    assert sum(1 for request in busy if request.get("melds")) > 10


def test_dora_hands_hold_dora() -> None:
    rng = random.Random(5)
    for _ in range(20):
        response = score_request(dora_hand(rng, 2))
        assert {y["id"] for y in response["yaku"]} & {"dora", "aka_dora", "ura_dora"}


def test_unknown_names_are_refused_with_the_valid_choices() -> None:
    with pytest.raises(TargetError, match="pinfu"):
        hand_for("pinfoo", random.Random(1))
    with pytest.raises(TargetError, match="difficulty"):
        hand_for("pinfu", random.Random(1), difficulty=4)
    with pytest.raises(TargetError, match="temporary"):
        furiten_situation(random.Random(1), outcome="sometimes")


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_tenpai_hands_are_one_tile_from_winning(difficulty: int) -> None:
    rng = random.Random(difficulty)
    for _ in range(15):
        hand = tenpai_hand(rng, difficulty)
        tiles = parse_tiles(hand["hand"])
        melds = [Meld.parse(m["kind"], m["tiles"]) for m in hand.get("melds", [])]
        assert len(tiles) + 3 * len(melds) == 13
        assert winning_tiles(tiles, melds)


@pytest.mark.parametrize("outcome", FURITEN_OUTCOMES)
def test_furiten_situations_have_the_outcome_asked_for(outcome: str) -> None:
    rng = random.Random(outcome)
    for _ in range(15):
        s = furiten_situation(rng, 2, outcome)
        hand = parse_tiles(s["hand"])
        melds = [Meld.parse(m["kind"], m["tiles"]) for m in s.get("melds", [])]
        verdict = furiten(
            hand,
            melds,
            discards=parse_tiles(s["discards"]),
            passed_since_draw=parse_tiles(s["passed_since_draw"]),
            riichi=s["riichi"],
            passed_since_riichi=parse_tiles(s["passed_since_riichi"]),
        )
        tile = parse_tiles(s["tile"])[0]
        if outcome == "not_a_wait":
            assert not verdict.is_wait(tile)
        elif outcome == "ron":
            assert verdict.can_ron(tile)
        else:
            assert verdict.kind is FuritenKind(outcome) and not verdict.can_ron(tile)
        seen = s["hand"] + "".join(m["tiles"] for m in s.get("melds", []))
        seen += s["discards"] + s["passed_since_draw"] + s["passed_since_riichi"] + s["tile"]
        counts = Counter(t.index for t in parse_tiles(seen))
        assert max(counts.values()) <= 4, s


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(TARGETS)),
    difficulty=st.sampled_from(DIFFICULTIES),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_any_seed_makes_a_legal_hand_with_its_target(name: str, difficulty: int, seed: int) -> None:
    request = hand_for(name, random.Random(seed), difficulty)
    assert request == hand_for(name, random.Random(seed), difficulty)
    response = score_request(request)
    assert "error" not in response, (request, response)
    if TARGETS[name].kind == "yaku":
        assert name in {y["id"] for y in response["yaku"]}
    else:
        assert FU_CHECKS[name](request, response), (request, response)
    assert max(_tile_counts(request).values()) <= 4
    # Situations stay consistent: ippatsu only with riichi, riichi only when closed, no haitei with rinshan.
    assert not request.get("ippatsu") or request.get("riichi") or request.get("double_riichi")
    assert not (request.get("riichi") and _is_open(request))
    assert not (request.get("haitei") and request.get("rinshan"))
