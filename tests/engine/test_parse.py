"""``parse_request``, the one reader of score requests: round trips, and which problem a refusal names.

Each refusal's wording is in ``test_errors.py``; here a request is read back from what was parsed,
and a request with several problems is refused for the one checked first, whatever its key order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import api
from tutor.engine.api import parse_request
from tutor.engine.generate import STYLES, random_request
from tutor.engine.hand import Hand, HandError
from tutor.engine.rules import RuleSet
from tutor.engine.situation import FLAGS, Situation
from tutor.engine.tiles import format_tiles

GOOD = {"hand": "123m456m789p345s55s", "win": "5s"}

# Values a request field may hold in a spoiled request: wrong types, near misses, good values.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    -1,
    1000,
    2.0,
    "",
    "E",
    "X",
    "5m",
    "0m",
    "0z",
    "8z",
    "5",
    "m",
    "12m",
    "5mm",
    "55m",
    "１m",
    [],
    ["1m"],
    ["1m"] * 6,
    ["1m1m"],
    [None],
    {},
    {"kiriage": True},
    {"kiriage": 1},
    {"preset": "classic"},
    {"preset": "nope"},
    {"double_wind_pair_fu": 2},
    {"double_wind_pair_fu": 2.0},
    {"daisharin": "any_suit"},
    {"aka": []},
    [{"kind": "pon", "tiles": "777z"}],
    [{"kind": "pon", "tiles": "123m"}],
    [{"kind": "pon"}],
    [{"kind": "pon", "tiles": "777z", "x": 1}],
    [[]],
    "pon",
]
FIELDS = sorted(api.FIELDS) + ["extra"]


def spoiled(rng: random.Random) -> Any:
    """A random request with up to three fields spoiled (or dropped), now and then not an object at all."""
    request = random_request(rng, rng.choice(STYLES))
    for _ in range(rng.choice((0, 1, 2, 3))):
        field = rng.choice(FIELDS)
        if field in ("hand", "win") and rng.random() < 0.5:
            text = request.get(field)
            text = text if isinstance(text, str) else ""
            request[field] = text[: rng.randrange(len(text) + 1)] + rng.choice(["", "1", "z", "m", "9z", " "])
        else:
            request[field] = rng.choice(ODD_VALUES)
        if rng.random() < 0.1:
            request.pop(field, None)
    return request if rng.random() < 0.97 else rng.choice([[], "hand", None, 3])


def read(request: Any) -> Any:
    """What parse_request answers: the parsed parts, or the refusal's code and message."""
    try:
        return parse_request(request)
    except HandError as refusal:
        return (refusal.code, refusal.message)


def written(hand: Hand, situation: Situation, rules: RuleSet) -> dict[str, Any]:
    """A request for parsed parts, written afresh from them (tiles sorted, every field spelled out)."""
    request: dict[str, Any] = {
        "hand": format_tiles(hand.concealed),
        "win": str(hand.win),
        "melds": [{"kind": meld.kind.value, "tiles": format_tiles(meld.tiles)} for meld in hand.melds],
        **{flag: getattr(situation, flag) for flag in FLAGS},
        "seat_wind": situation.seat_wind,
        "round_wind": situation.round_wind,
        "dora_indicators": [str(tile) for tile in situation.dora_indicators],
        "ura_indicators": [str(tile) for tile in situation.ura_indicators],
        "honba": situation.honba,
        "riichi_sticks": situation.riichi_sticks,
        "rules": {"preset": rules.name, **rules.changes()},
    }
    for seat in ("pao", "discarder"):
        if getattr(situation, seat) is not None:
            request[seat] = getattr(situation, seat)
    return request


def comparable(parts: tuple[Hand, Situation, RuleSet]) -> tuple[str, Situation, RuleSet]:
    hand, situation, rules = parts
    return str(hand), situation, rules  # the hand as sorted notation: tile order is not part of it


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from(STYLES), st.booleans())
def test_a_request_written_from_what_was_read_reads_the_same(seed: int, style: str, with_rules: bool) -> None:
    rng = random.Random(seed)
    request = random_request(rng, style)
    if with_rules:
        request["rules"] = {"preset": rng.choice(["tenhou", "classic"]), "kiriage": rng.random() < 0.5}
    if not request["tsumo"] and rng.random() < 0.3:
        request["discarder"] = next(seat for seat in "NWSE" if seat != request["seat_wind"])
    parts = parse_request(request)
    again = parse_request(written(*parts))
    assert comparable(again) == comparable(parts)
    assert written(*again) == written(*parts)


def test_what_is_read_is_what_was_written() -> None:
    request = {
        **GOOD,
        "melds": [],
        "riichi": True,
        "double_riichi": True,
        "seat_wind": "S",
        "round_wind": "W",
        "dora_indicators": ["4s", "0m"],
        "ura_indicators": [],
        "honba": 2,
        "riichi_sticks": 1,
        "rules": {"preset": "classic", "kiriage": True},
    }
    hand, situation, rules = parse_request(request)
    assert str(hand) == "123456m789p34555s win:5s"
    assert situation.riichi and situation.double_riichi  # double riichi implies riichi
    assert not situation.tsumo and not situation.ippatsu
    assert (situation.seat_wind, situation.round_wind, situation.honba, situation.riichi_sticks) == ("S", "W", 2, 1)
    assert [str(t) for t in situation.dora_indicators] == ["4s", "0m"] and situation.ura_indicators == ()
    assert (situation.pao, situation.discarder) == (None, None)
    assert rules == RuleSet.from_overrides({"preset": "classic", "kiriage": True})
    assert parse_request({**GOOD, "double_riichi": True})[1].riichi


def test_a_read_only_mapping_is_read_as_its_dict() -> None:
    from types import MappingProxyType

    request = {**GOOD, "tsumo": True, "rules": {"kiriage": True}}
    assert parse_request(MappingProxyType(request)) == parse_request(request)


def test_equal_rule_options_give_the_same_rule_set() -> None:
    # The scorer keeps per-rules tables by identity: requests with the same options share them.
    first = parse_request({**GOOD, "rules": {"kiriage": True, "preset": "classic"}})[2]
    second = parse_request({**GOOD, "rules": {"kiriage": True, "preset": "classic"}})[2]
    assert first is second
    assert read({**GOOD, "rules": {"kiriage": 1}})[0] == "bad_request"
    assert parse_request({**GOOD, "rules": {"kiriage": False}})[2] != first
    assert parse_request(GOOD)[2] is parse_request({**GOOD, "rules": None})[2]


@pytest.mark.parametrize(
    ("request_", "named"),
    [
        pytest.param({"hand": 5, "win": 5, "tsumo": "yes", "extra": 1}, "unknown field", id="fields-first"),
        pytest.param({"hand": 5, "win": None, "tsumo": "yes"}, "'hand' must be a string", id="hand-before-win"),
        pytest.param({"hand": "1m", "win": None, "tsumo": "yes"}, "needs 'win'", id="win-before-flags"),
        pytest.param({**GOOD, "hand": "1m" * 40, "tsumo": "yes"}, "characters long", id="length-before-flags"),
        pytest.param({**GOOD, "tsumo": 1, "seat_wind": "X"}, "'tsumo' must be true", id="flags-before-winds"),
        pytest.param({**GOOD, "renhou": 1, "ippatsu": 0, "tsumo": 1}, "'tsumo' must", id="flags-in-situation-order"),
        pytest.param({**GOOD, "renhou": [], "ippatsu": None}, "'ippatsu' must", id="flags-whatever-the-key-order"),
        pytest.param({**GOOD, "seat_wind": "X", "round_wind": "Y"}, "'seat_wind'", id="seat-before-round"),
        pytest.param({**GOOD, "round_wind": "Y", "pao": "Q"}, "'round_wind'", id="winds-before-seats"),
        pytest.param({**GOOD, "pao": "Q", "discarder": "Q"}, "'pao' must be a seat", id="pao-before-discarder"),
        pytest.param({**GOOD, "discarder": "E", "honba": -1}, "winner's own seat", id="seats-before-counts"),
        pytest.param({**GOOD, "honba": -1, "riichi_sticks": -1}, "'honba'", id="honba-before-sticks"),
        pytest.param({**GOOD, "riichi_sticks": -1, "dora_indicators": 4}, "'riichi_sticks'", id="counts-first"),
        pytest.param({**GOOD, "dora_indicators": 4, "ura_indicators": 4}, "'dora_indicators'", id="dora-then-ura"),
        pytest.param({**GOOD, "ura_indicators": [4], "rules": 4}, "'ura_indicators'", id="ura-before-rules"),
        pytest.param({**GOOD, "rules": 4, "melds": 4}, "'rules'", id="rules-before-melds"),
        pytest.param({**GOOD, "melds": 4, "hand": "1q"}, "'melds'", id="melds-before-tiles"),
        pytest.param({**GOOD, "hand": "1q", "win": "2q"}, "hand:", id="hand-tiles-before-win-tile"),
        pytest.param({**GOOD, "win": "2q"}, "win:", id="win-tile"),
        pytest.param({**GOOD, "win": "55s"}, "exactly one tile", id="win-one-tile"),
    ],
)
def test_a_request_with_several_problems_is_refused_for_the_first_checked(request_: Any, named: str) -> None:
    refusal = read(request_)
    assert len(refusal) == 2 and named in refusal[1], refusal


def test_key_order_never_changes_the_answer() -> None:
    rng = random.Random("key-order")
    refused = several_bad_flags = 0
    for _ in range(3000):
        request = spoiled(rng)
        answer = read(request)
        refused += len(answer) == 2
        if isinstance(request, dict):
            assert read(dict(reversed(request.items()))) == answer, request
            several_bad_flags += (
                sum(name in FLAGS and value not in (True, False) for name, value in request.items()) > 1
            )
    assert 500 < refused < 2500  # both answers are common in the sample
    assert several_bad_flags > 10


def test_a_spoiled_request_is_read_or_refused_never_raised() -> None:
    rng = random.Random("spoiled")
    for _ in range(3000):
        answer = read(spoiled(rng))  # any other exception fails the test
        if len(answer) == 2:
            code, message = answer
            assert code in ("bad_request", "bad_tiles", "too_many_copies", "wrong_tile_count", "win_not_in_hand")
            assert message
