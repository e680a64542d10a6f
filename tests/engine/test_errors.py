"""Malformed requests: each gets its contract error code and a message naming the problem, never a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.engine.api import score_request

GOOD = {"hand": "123m456p789s234s55m", "win": "5m"}


def bad(id: str, request: Any, code: str, words: str) -> Any:
    return pytest.param(request, code, words, id=id)


BAD_REQUESTS = [
    # notation
    bad("unknown-suit", {**GOOD, "hand": "123q456p789s234s55m"}, "bad_tiles", "unknown suit 'q'"),
    bad("honour-8z", {**GOOD, "hand": "123m456p789s234s88z"}, "bad_tiles", "no honour tile '8z'"),
    bad("digits-without-suit", {**GOOD, "hand": "123m456p789s234s55"}, "bad_tiles", "no suit letter"),
    bad("win-two-tiles", {**GOOD, "win": "5m5m"}, "bad_tiles", "exactly one tile"),
    bad("win-empty", {**GOOD, "win": ""}, "bad_tiles", "exactly one tile"),
    bad(
        "meld-bad-notation",
        {**GOOD, "hand": "123m456p234s55m", "melds": [{"kind": "chi", "tiles": "78x9s"}]},
        "bad_tiles",
        "chi",
    ),
    bad("dora-bad-notation", {**GOOD, "dora_indicators": ["9q"]}, "bad_tiles", "dora_indicators"),
    bad("dora-two-tiles-in-one", {**GOOD, "dora_indicators": ["1m2m"]}, "bad_tiles", "one tile"),
    # counts
    bad("five-copies", {"hand": "11111m456p789s234s", "win": "1m"}, "too_many_copies", "1m used 5 times"),
    bad(
        "five-copies-with-a-meld",
        {"hand": "11m456p789s234s", "win": "1m", "melds": [{"kind": "minkan", "tiles": "1111m"}]},
        "too_many_copies",
        "1m",
    ),
    bad("five-fives-counting-red", {"hand": "50555m456p789s23s", "win": "2s"}, "too_many_copies", "5m"),
    bad("fifteen-tiles", {"hand": "123m456p789s234s555m", "win": "5m"}, "wrong_tile_count", "15"),
    bad("thirteen-tiles", {"hand": "123m456p789s234s5m", "win": "5m"}, "wrong_tile_count", "13"),
    bad(
        "meld-counted",
        {"hand": "123m456p789s234s55m", "win": "5m", "melds": [{"kind": "pon", "tiles": "777z"}]},
        "wrong_tile_count",
        "17",
    ),
    bad(
        "five-melds",
        {"hand": "55m", "win": "5m", "melds": [{"kind": "pon", "tiles": "111z"}] * 5},
        "wrong_tile_count",
        "at most 4",
    ),
    bad("win-missing", {**GOOD, "win": "9p"}, "win_not_in_hand", "9p is not among the hand tiles"),
    bad(
        "win-only-in-a-meld",
        {"hand": "456p789s234s55m", "win": "1m", "melds": [{"kind": "chi", "tiles": "123m"}]},
        "win_not_in_hand",
        "only inside a meld",
    ),
    bad("red-win-without-red-in-hand", {**GOOD, "win": "0m"}, "win_not_in_hand", "0m"),
    # shapes
    bad(
        "not-a-winning-shape",
        {"hand": "123m456p789s235s55m", "win": "5m"},
        "not_a_winning_hand",
        "is not complete: it reads neither",
    ),
    bad(
        "four-of-a-kind-is-not-two-pairs",
        {"hand": "1111m5577p22s4466z", "win": "2s"},
        "not_a_winning_hand",
        "is not complete: it reads neither",
    ),
    bad(
        "no-yaku",
        {"hand": "456p789s234s55m", "win": "5m", "melds": [{"kind": "chi", "tiles": "123m"}]},
        "no_yaku",
        "no yaku",
    ),
    bad(
        "dora-are-not-yaku",
        {
            "hand": "456p789s234s55m",
            "win": "5m",
            "melds": [{"kind": "chi", "tiles": "123m"}],
            "dora_indicators": ["4m"],
        },
        "no_yaku",
        "dora are not yaku",
    ),
    # contradictory flags
    bad("ippatsu-without-riichi", {**GOOD, "ippatsu": True}, "bad_request", "ippatsu needs riichi"),
    bad(
        "riichi-with-open-meld",
        {"hand": "123m456p234s55m", "win": "5m", "riichi": True, "melds": [{"kind": "chi", "tiles": "789s"}]},
        "bad_request",
        "closed hand",
    ),
    bad(
        "haitei-and-rinshan",
        {
            "hand": "123m456p789s55m",
            "win": "5m",
            "tsumo": True,
            "haitei": True,
            "rinshan": True,
            "melds": [{"kind": "ankan", "tiles": "2222s"}],
        },
        "bad_request",
        "haitei and rinshan",
    ),
    bad("rinshan-without-kan", {**GOOD, "tsumo": True, "rinshan": True}, "bad_request", "no kan"),
    bad("chankan-by-tsumo", {**GOOD, "tsumo": True, "chankan": True}, "bad_request", "chankan"),
    bad("houtei-by-tsumo", {**GOOD, "tsumo": True, "houtei": True}, "bad_request", "houtei"),
    bad("tenhou-by-ron", {**GOOD, "tenhou": True}, "bad_request", "tenhou"),
    bad(
        "tenhou-with-riichi",
        {**GOOD, "tenhou": True, "tsumo": True, "riichi": True},
        "bad_request",
        "riichi is impossible",
    ),
    bad("chiihou-for-dealer", {**GOOD, "chiihou": True, "tsumo": True, "seat_wind": "E"}, "bad_request", "non-dealer"),
    # wrong JSON types
    bad("request-is-a-list", [GOOD], "bad_request", "JSON object"),
    bad("request-is-null", None, "bad_request", "JSON object"),
    bad("hand-missing", {"win": "5m"}, "bad_request", "needs 'hand'"),
    bad("hand-is-a-number", {"hand": 123, "win": "5m"}, "bad_request", "'hand' must be a string"),
    bad("win-is-a-list", {**GOOD, "win": ["5m"]}, "bad_request", "'win' must be a string"),
    bad("flag-is-a-string", {**GOOD, "tsumo": "yes"}, "bad_request", "'tsumo' must be true or false"),
    bad("flag-is-a-number", {**GOOD, "riichi": 1}, "bad_request", "'riichi' must be true or false"),
    bad("wind-lowercase", {**GOOD, "seat_wind": "e"}, "bad_request", "seat_wind"),
    bad("wind-is-a-list", {**GOOD, "round_wind": ["E"]}, "bad_request", "round_wind"),
    bad("honba-negative", {**GOOD, "honba": -1}, "bad_request", "honba"),
    bad("honba-float", {**GOOD, "honba": 1.5}, "bad_request", "honba"),
    bad("honba-bool", {**GOOD, "honba": True}, "bad_request", "honba"),
    bad("sticks-string", {**GOOD, "riichi_sticks": "2"}, "bad_request", "riichi_sticks"),
    bad("melds-not-a-list", {**GOOD, "melds": {"kind": "pon"}}, "bad_request", "'melds' must be a list"),
    bad("meld-missing-tiles", {**GOOD, "melds": [{"kind": "pon"}]}, "bad_request", "meld 1"),
    bad(
        "meld-unknown-kind",
        {"hand": "123m456p234s55m", "win": "5m", "melds": [{"kind": "kong", "tiles": "777s"}]},
        "bad_request",
        "unknown meld kind 'kong'",
    ),
    bad(
        "chi-not-a-sequence",
        {"hand": "123m456p234s55m", "win": "5m", "melds": [{"kind": "chi", "tiles": "357s"}]},
        "bad_request",
        "not three consecutive",
    ),
    bad(
        "chi-of-honours",
        {"hand": "123m456p234s55m", "win": "5m", "melds": [{"kind": "chi", "tiles": "123z"}]},
        "bad_request",
        "not three consecutive",
    ),
    bad(
        "pon-mixed",
        {"hand": "123m456p234s55m", "win": "5m", "melds": [{"kind": "pon", "tiles": "778s"}]},
        "bad_request",
        "not 3 copies",
    ),
    bad(
        "kan-of-three",
        {"hand": "123m456p234s55m", "win": "5m", "melds": [{"kind": "ankan", "tiles": "777s"}]},
        "bad_request",
        "has 3 tiles",
    ),
    bad("indicators-not-a-list", {**GOOD, "dora_indicators": "1m"}, "bad_request", "dora_indicators"),
    bad("indicator-is-a-number", {**GOOD, "dora_indicators": [1]}, "bad_request", "dora_indicators"),
    bad("six-indicators", {**GOOD, "dora_indicators": ["1m"] * 6}, "bad_request", "at most 5"),
    bad("rules-not-an-object", {**GOOD, "rules": "tenhou"}, "bad_request", "'rules' must be an object"),
    bad("unknown-rule", {**GOOD, "rules": {"kuitan": True}}, "bad_request", "unknown rule 'kuitan'"),
    bad("unknown-preset", {**GOOD, "rules": {"preset": "wrc"}}, "bad_request", "unknown rules preset 'wrc'"),
    bad("bad-rule-value", {**GOOD, "rules": {"double_wind_pair_fu": 3}}, "bad_request", "double_wind_pair_fu"),
    bad("rule-value-wrong-type", {**GOOD, "rules": {"aka": "yes"}}, "bad_request", "rules.aka"),
    bad("unknown-field", {**GOOD, "tsumo ": True}, "bad_request", "unknown field"),
    # huge input
    bad("huge-hand", {**GOOD, "hand": "1m" * 100_000}, "bad_request", "characters long"),
    bad("huge-meld", {**GOOD, "melds": [{"kind": "pon", "tiles": "7" * 10_000 + "z"}]}, "bad_request", "short strings"),
    bad("huge-honba", {**GOOD, "honba": 10**100}, "bad_request", "honba"),
]


@pytest.mark.parametrize(("request_", "code", "words"), BAD_REQUESTS)
def test_bad_request(request_: Any, code: str, words: str) -> None:
    response = score_request(request_)
    assert set(response) == {"error"}
    assert response["error"]["code"] == code
    assert words in response["error"]["message"]


@pytest.mark.parametrize(
    "junk", [b"\x00\xff", "💥", {"hand": "💥", "win": "💥"}, {"hand": "1m" * 7, "win": "1m"}, 3.5, True]
)
def test_junk_never_raises(junk: Any) -> None:
    assert "error" in score_request(junk)
