"""Pao (responsibility payment), RULES.md §9.6 and §10 item 15: who pays what, checked against the worked figures."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.api import evaluate, score_request
from tutor.engine.pao import seat_name, settle, settlement_lines

DRAGON_PONS = [{"kind": "pon", "tiles": tiles} for tiles in ("555z", "666z", "777z")]
WIND_PONS = [{"kind": "pon", "tiles": tiles} for tiles in ("111z", "222z", "333z")]

DAISANGEN = {"hand": "234m11p", "win": "4m", "melds": DRAGON_PONS}
"""Daisangen alone: one yakuman."""
DAISANGEN_TSUUIISOU = {"hand": "11122z", "win": "2z", "melds": DRAGON_PONS}
"""S3's example hand: daisangen and tsuuiisou, a double yakuman."""
DAISUUSHII = {"hand": "444z88m", "win": "8m", "melds": WIND_PONS}
DAISUUSHII_TSUUIISOU = {"hand": "44455z", "win": "5z", "melds": WIND_PONS}


def paid(request: dict[str, Any]) -> dict[str, int]:
    """What each seat pays, honba included, leaving out those who pay nothing."""
    return {share.seat: share.total for share in settle(evaluate(request)).shares if share.total}


def case(id: str, request: dict[str, Any], expected: dict[str, int]) -> Any:
    return pytest.param(request, expected, id=id)


@pytest.mark.parametrize(
    ("request_", "expected"),
    [
        # RULES.md §4 / §9.6, S3: a dealer tsumo of daisangen + tsuuiisou; the responsible player pays 96,000.
        case("s3-dealer-tsumo-composite-whole", {**DAISANGEN_TSUUIISOU, "tsumo": True, "pao": "N"}, {"N": 96000}),
        # S4's reading of the same hand: 64,000 from the responsible player, 16,000 from each of the other two.
        case(
            "s4-dealer-tsumo-composite-yakuman-only",
            {**DAISANGEN_TSUUIISOU, "tsumo": True, "pao": "N", "rules": {"pao_scope": "yakuman"}},
            {"N": 64000, "S": 16000, "W": 16000},
        ),
        # §9.6 tsumo: the whole amount as if they had dealt in, 32,000 for a non-dealer, 48,000 for a dealer.
        case("non-dealer-tsumo", {**DAISANGEN, "tsumo": True, "seat_wind": "S", "pao": "N"}, {"N": 32000}),
        case("dealer-tsumo", {**DAISANGEN, "tsumo": True, "pao": "W"}, {"W": 48000}),
        case("dealer-is-responsible", {**DAISANGEN, "tsumo": True, "seat_wind": "W", "pao": "E"}, {"E": 32000}),
        # Honba on a tsumo: the responsible player pays them all (300 per honba, as on a ron).
        case("tsumo-honba", {**DAISANGEN, "tsumo": True, "seat_wind": "S", "pao": "N", "honba": 1}, {"N": 32300}),
        # §9.6 ron by a third player: half and half (16,000 + 16,000); Tenhou: the honba from the responsible player.
        case(
            "ron-split",
            {**DAISANGEN, "seat_wind": "S", "pao": "N", "discarder": "W"},
            {"N": 16000, "W": 16000},
        ),
        case(
            "ron-split-honba-tenhou",
            {**DAISANGEN, "seat_wind": "S", "pao": "N", "discarder": "W", "honba": 1},
            {"N": 16300, "W": 16000},
        ),
        case(
            "ron-split-honba-discarder-rule",
            {
                **DAISANGEN,
                "seat_wind": "S",
                "pao": "N",
                "discarder": "W",
                "honba": 2,
                "rules": {"pao_honba": "discarder"},
            },
            {"N": 16000, "W": 16600},
        ),
        case("dealer-ron-split", {**DAISANGEN, "pao": "S", "discarder": "N"}, {"S": 24000, "N": 24000}),
        # The responsible player deals in: they pay it all, honba included.
        case(
            "discarder-is-responsible",
            {**DAISANGEN, "seat_wind": "S", "pao": "N", "discarder": "N", "honba": 1},
            {"N": 32300},
        ),
        case(
            "ron-composite-whole",
            {**DAISANGEN_TSUUIISOU, "seat_wind": "W", "pao": "E", "discarder": "S"},
            {"E": 32000, "S": 32000},
        ),
        case(
            "ron-composite-yakuman-only",
            {**DAISANGEN_TSUUIISOU, "seat_wind": "W", "pao": "E", "discarder": "S", "rules": {"pao_scope": "yakuman"}},
            {"E": 16000, "S": 48000},
        ),
        # Daisuushii is the other pao hand; with double yakuman on, both units are covered.
        case("daisuushii-tsumo", {**DAISUUSHII, "tsumo": True, "seat_wind": "W", "pao": "S"}, {"S": 32000}),
        case(
            "daisuushii-double-yakuman",
            {**DAISUUSHII, "tsumo": True, "seat_wind": "W", "pao": "S", "rules": {"double_yakuman": True}},
            {"S": 64000},
        ),
        case(
            "daisuushii-tsuuiisou-ron",
            {**DAISUUSHII_TSUUIISOU, "seat_wind": "N", "pao": "E", "discarder": "W"},
            {"E": 32000, "W": 32000},
        ),
        # Without pao, the shares are the ordinary ones.
        case("no-pao-ron", {**DAISANGEN, "seat_wind": "S", "discarder": "W", "honba": 1}, {"W": 32300}),
        case(
            "no-pao-non-dealer-tsumo",
            {**DAISANGEN, "tsumo": True, "seat_wind": "S", "honba": 1},
            {"E": 16100, "W": 8100, "N": 8100},
        ),
    ],
)
def test_who_pays_what(request_: dict[str, Any], expected: dict[str, int]) -> None:
    assert paid(request_) == expected


def test_riichi_sticks_go_to_the_winner_and_are_paid_by_nobody() -> None:
    settlement = settle(evaluate({**DAISANGEN, "seat_wind": "S", "pao": "N", "discarder": "W", "riichi_sticks": 2}))
    assert sum(share.total for share in settlement.shares) == 32000
    assert (settlement.riichi_sticks, settlement.total) == (2000, 34000)


def test_the_response_lists_payments_and_names_the_responsible_player() -> None:
    response = score_request({**DAISANGEN, "seat_wind": "S", "pao": "N", "discarder": "W", "honba": 1})
    assert response["pao"] == {"responsible": "N", "yaku": ["daisangen"], "scope": "whole"}
    assert response["payments"] == [
        {"seat": "E", "role": "nothing", "hand": 0, "honba": 0, "pays": 0},
        {"seat": "W", "role": "discarder", "hand": 16000, "honba": 0, "pays": 16000},
        {"seat": "N", "role": "responsible", "hand": 16000, "honba": 300, "pays": 16300},
    ]
    # "points" keeps the hand's table value; "total" what the winner receives.
    assert (response["points"], response["total"]) == ({"ron": 32300}, 32300)
    assert (
        "North, the responsible player, pays 16,300: 16,000 for the hand and 300 for the honba."
        in (response["explanation"])
    )


def test_a_request_without_pao_or_discarder_has_no_payments_field() -> None:
    assert "payments" not in score_request({**DAISANGEN, "seat_wind": "S"})


def test_settlement_sentences_are_whole_sentences() -> None:
    lines = settlement_lines(settle(evaluate({**DAISANGEN_TSUUIISOU, "tsumo": True, "pao": "N"})))
    assert lines[0] == "North fed the call that completed the Daisangen, so North is responsible (pao)."
    assert "North, the responsible player, pays 96,000." in lines
    assert lines[-1] == "East, the winner, receives 96,000 in all."
    assert all(line[0].isupper() and line.endswith(".") for line in lines)


PAO_HANDS = [DAISANGEN, DAISANGEN_TSUUIISOU, DAISUUSHII, DAISUUSHII_TSUUIISOU]


@st.composite
def pao_requests(draw: st.DrawFn) -> dict[str, Any]:
    hand = draw(st.sampled_from(PAO_HANDS))
    seat = draw(st.sampled_from("ESWN"))
    others = [w for w in "ESWN" if w != seat]
    request: dict[str, Any] = {
        **hand,
        "seat_wind": seat,
        "tsumo": draw(st.booleans()),
        "honba": draw(st.integers(0, 12)),
        "riichi_sticks": draw(st.integers(0, 4)),
        "pao": draw(st.sampled_from(others)),
        "rules": {
            "pao_scope": draw(st.sampled_from(["whole", "yakuman"])),
            "pao_honba": draw(st.sampled_from(["responsible", "discarder"])),
            "double_yakuman": draw(st.booleans()),
        },
    }
    if not request["tsumo"]:
        request["discarder"] = draw(st.sampled_from(others))
    return request


@settings(max_examples=150, deadline=None)
@given(pao_requests())
def test_pao_only_moves_who_pays(request: dict[str, Any]) -> None:
    with_pao = settle(evaluate(request))
    without = settle(evaluate({key: value for key, value in request.items() if key != "pao"}))
    # The winner receives the same with or without pao, and the same as the contract's "total".
    assert with_pao.total == without.total == evaluate(request).total
    honba = sum(share.honba for share in with_pao.shares)
    assert honba == 300 * request["honba"]
    payers = {share.seat for share in with_pao.shares if share.total}
    assert request["seat_wind"] not in payers
    if request["rules"]["pao_scope"] == "whole":
        # Only the responsible player and, on a ron, the discarder pay anything.
        assert payers <= {request["pao"], request.get("discarder")}
        assert request["pao"] in payers


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        pytest.param(
            {
                "hand": "123m456m789p345s55s",
                "win": "5s",
                "riichi": True,
                "seat_wind": "S",
                "pao": "N",
                "discarder": "W",
            },
            "pao applies only to daisangen and daisuushii",
            id="no-pao-yakuman",
        ),
        pytest.param(
            {**DAISANGEN, "seat_wind": "S", "pao": "S", "discarder": "W"}, "the winner's own seat", id="pao-is-winner"
        ),
        pytest.param({**DAISANGEN, "pao": "X", "tsumo": True}, "'pao' must be a seat wind", id="bad-seat"),
        pytest.param({**DAISANGEN, "pao": 2, "tsumo": True}, "'pao' must be a seat wind", id="seat-not-a-string"),
        pytest.param({**DAISANGEN, "pao": "e", "tsumo": True}, "'pao' must be a seat wind", id="lower-case-seat"),
        pytest.param({**DAISANGEN, "seat_wind": "S", "pao": "N"}, "needs 'discarder'", id="ron-without-discarder"),
        pytest.param(
            {**DAISANGEN, "tsumo": True, "pao": "N", "discarder": "W"},
            "on a tsumo nobody dealt in",
            id="tsumo-discarder",
        ),
        pytest.param({**DAISANGEN, "seat_wind": "S", "discarder": "S"}, "'discarder' is 'S'", id="winner-discarded"),
        pytest.param({**DAISANGEN, "discarder": "Q"}, "'discarder' must be a seat wind", id="bad-discarder"),
        pytest.param(
            {"hand": "555666777z234m11p", "win": "4m", "seat_wind": "S", "pao": "N", "discarder": "W"},
            "this hand called none",
            id="dragons-all-concealed",
        ),
        pytest.param(
            {
                "hand": "234m11p",
                "win": "4m",
                "tsumo": True,
                "pao": "N",
                "melds": [{"kind": "ankan", "tiles": t} for t in ("5555z", "6666z", "7777z")],
            },
            "this hand called none",
            id="closed-kans-make-nobody-responsible",
        ),
        pytest.param(
            {**DAISANGEN, "tsumo": True, "pao": "N", "rules": {"pao_scope": "half"}}, "rules.pao_scope", id="bad-scope"
        ),
        pytest.param(
            {**DAISANGEN, "tsumo": True, "pao": "N", "rules": {"pao_honba": "winner"}},
            "rules.pao_honba",
            id="bad-honba-rule",
        ),
    ],
)
def test_bad_pao_requests_are_refused_with_the_reason(request_: dict[str, Any], words: str) -> None:
    response = score_request(request_)
    assert response["error"]["code"] == "bad_request"
    assert words in response["error"]["message"]


LESSON = Path(__file__).resolve().parents[2] / "lessons" / "en" / "15-draws.md"
SCORE_BLOCK = re.compile(r"^```score[ \t]*\n(.*?)\n```", re.S | re.M)
SEAT_AMOUNT = re.compile(r"\b(East|South|West|North)\b[^,\d]*?(\d{1,3}(?:,\d{3})+)")
AMOUNT = re.compile(r"\d{1,3}(?:,\d{3})+")


def test_lesson_12_pao_captions_agree_with_the_engine() -> None:
    blocks = [json.loads(body) for body in SCORE_BLOCK.findall(LESSON.read_text(encoding="utf-8"))]
    pao_blocks = [block for block in blocks if "pao" in block]
    assert len(pao_blocks) >= 5
    for block in pao_blocks:
        caption = block.pop("caption")
        settlement = settle(evaluate(block))
        pays = {seat_name(share.seat): share.total for share in settlement.shares}
        amounts = {*pays.values(), settlement.total}
        for seat, amount in SEAT_AMOUNT.findall(caption):
            assert pays[seat] == int(amount.replace(",", "")), caption
        for amount in AMOUNT.findall(caption):
            assert int(amount.replace(",", "")) in amounts, caption
