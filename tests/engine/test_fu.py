"""Fu item by item (RULES.md §6), and the mistakes other scoring tools make.

Winners are non-dealers (seat South) in the East round unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from .helpers import meld, scored, yaku_ids

SOUTH = {"seat_wind": "S", "round_wind": "E"}


def items(response: dict) -> list[tuple[int, str]]:
    return [(item["fu"], item["reason"]) for item in response["fu_breakdown"]]


# --- the mistakes other tools make, one test each ---------------------------------------------


def test_open_hand_with_20_fu_on_ron_is_raised_to_30() -> None:
    r = scored("234567m23455p", "4p", melds=[meld("chi", "678s")], **SOUTH)
    assert r["fu"] == 30
    assert items(r) == [
        (20, "Base (futei): 20 fu"),
        (2, "Open hand won by ron with no other fu: 2 fu, so it rounds up to 30"),
    ]


def test_mangan_cap_under_5_han() -> None:
    # riichi + pinfu-less 4 han at 40 fu: 2560 base points are capped at mangan, 8000 not 10,300.
    r = scored("222m456m789p345s55s", "5s", riichi=True, tsumo=False, dora_indicators=["1m"], **SOUTH)
    assert (r["han"], r["fu"]) == (4, 40)
    assert (r["limit"], r["points"]) == ("mangan", {"ron": 8000})


def test_outside_end_of_a_two_sided_wait_is_not_an_edge_wait() -> None:
    # 23 waiting on 1: ryanmen, no wait fu, pinfu.
    r = scored("456m789m234p55s23s1s", "1s", riichi=True, **SOUTH)
    assert r["reading"]["wait"] == "ryanmen"
    assert "pinfu" in yaku_ids(r)
    assert r["fu"] == 30


def test_78_waiting_on_9_is_two_sided_but_on_7_it_is_an_edge() -> None:
    on_nine = scored("123m456m789p55s78s9s", "9s", riichi=True, **SOUTH)
    assert on_nine["reading"]["wait"] == "ryanmen"
    on_seven = scored("123m456m123p55s89s7s", "7s", riichi=True, **SOUTH)
    assert on_seven["reading"]["wait"] == "penchan"
    assert (2, "Edge wait (penchan) 89s on 7s: 2 fu") in items(on_seven)


def test_the_highest_scoring_reading_is_used_not_the_first() -> None:
    # 111222333m is read as three triplets (sanankou), worth more than three 123m sequences.
    r = scored("111222333m456p77s", "7s", riichi=True, **SOUTH)
    assert r["points"] == {"ron": 6400}
    assert [a["points"] for a in r["alternatives"]] == [{"ron": 2600}]


def test_triplet_completed_by_ron_counts_as_open() -> None:
    r = scored("234m678m222p55s789s", "2p", riichi=True, **SOUTH)
    assert (2, "Triplet of simples 222p completed by ron counts as open: 2 fu") in items(r)
    tsumo = scored("234m678m222p55s789s", "2p", riichi=True, tsumo=True, **SOUTH)
    assert (4, "Closed triplet of simples 222p: 4 fu") in items(tsumo)


@pytest.mark.parametrize(
    ("kind", "tiles", "fu", "reason"),
    [
        ("minkan", "2222s", 8, "Open kan of simples 2222s: 8 fu"),
        ("ankan", "2222s", 16, "Closed kan of simples 2222s: 16 fu"),
        ("minkan", "9999s", 16, "Open kan of terminals 9999s: 16 fu"),
        ("ankan", "7777z", 32, "Closed kan of honours 7777z: 32 fu"),
        ("pon", "222s", 2, "Open triplet of simples 222s: 2 fu"),
        ("pon", "999s", 4, "Open triplet of terminals 999s: 4 fu"),
    ],
)
def test_kans_are_scored_as_kans(kind: str, tiles: str, fu: int, reason: str) -> None:
    is_kan = kind.endswith("kan")
    r = scored(
        "123m456p678s55m", "5m", tsumo=True, rinshan=is_kan, haitei=not is_kan, melds=[meld(kind, tiles)], **SOUTH
    )
    assert (fu, reason) in items(r)


def test_closed_ron_is_20_plus_10_not_base_30() -> None:
    r = scored("123m456m789p345s55s", "5s", riichi=True, **SOUTH)
    assert items(r) == [(20, "Base (futei): 20 fu"), (10, "Closed hand won by ron (menzen kafu): 10 fu")]


# --- every other fu source ---------------------------------------------------------------------


def test_pinfu_tsumo_is_20_fu_without_the_tsumo_fu() -> None:
    r = scored("123m456m789p345s55s", "5s", tsumo=True, **SOUTH)
    assert r["fu"] == 20
    assert items(r) == [(20, "Base (futei): 20 fu")]
    assert "the 2 tsumo fu are not added" in r["explanation"]


def test_pinfu_tsumo_variant_keeps_the_tsumo_fu() -> None:
    r = scored("123m456m789p345s55s", "5s", tsumo=True, rules={"pinfu_tsumo_fu": True}, **SOUTH)
    assert (r["fu"], yaku_ids(r)) == (30, {"menzen_tsumo"})


def test_open_tsumo_with_no_other_fu_rounds_22_to_30() -> None:
    r = scored("234567m23455p", "4p", tsumo=True, melds=[meld("chi", "678s")], **SOUTH)
    assert items(r) == [(20, "Base (futei): 20 fu"), (2, "Tsumo: 2 fu")]
    assert r["fu"] == 30


def test_open_tsumo_stays_30_even_when_open_ron_stays_20() -> None:
    # RULES.md §6.3: the 20-fu variant concerns open ron only; tsumo still adds 2 and rounds to 30.
    r = scored("234567m23455p", "4p", tsumo=True, melds=[meld("chi", "678s")], rules={"open_pinfu_fu": False}, **SOUTH)
    assert r["fu"] == 30


def test_rinshan_tsumo_keeps_the_tsumo_fu() -> None:
    r = scored("123m456p789s55m", "5m", tsumo=True, rinshan=True, melds=[meld("minkan", "2222s")], **SOUTH)
    assert (2, "Tsumo: 2 fu") in items(r)


@pytest.mark.parametrize(
    ("pair", "seat", "round_", "fu", "reason"),
    [
        ("55z", "S", "E", 2, "Pair of dragons 55z: 2 fu"),
        ("22z", "S", "E", 2, "Pair of the seat wind 22z: 2 fu"),
        ("11z", "S", "E", 2, "Pair of the round wind 11z: 2 fu"),
        ("11z", "E", "E", 4, "Pair of the double wind 11z (seat and round wind): 4 fu"),
        ("33z", "S", "E", 0, None),
    ],
)
def test_pair_fu(pair: str, seat: str, round_: str, fu: int, reason: str | None) -> None:
    r = scored(f"123m456m789p345s{pair}", "5s", riichi=True, seat_wind=seat, round_wind=round_)
    pair_items = [i for i in items(r) if "Pair of" in i[1]]
    assert pair_items == ([(fu, reason)] if reason else [])


def test_double_wind_pair_rule_variant() -> None:
    r = scored(
        "123m456m789p345s11z", "5s", riichi=True, seat_wind="E", round_wind="E", rules={"double_wind_pair_fu": 2}
    )
    assert (2, "Pair of the double wind 11z (seat and round wind): 2 fu") in items(r)


@pytest.mark.parametrize(
    ("hand", "win", "reason"),
    [
        ("123m456m789p35s55s4s", "4s", "Closed wait (kanchan) 35s on 4s: 2 fu"),
        ("123m456m789p12s55s3s", "3s", "Edge wait (penchan) 12s on 3s: 2 fu"),
        ("123m456m789p345s66p", "6p", "Pair wait (tanki) on 6p: 2 fu"),
    ],
)
def test_wait_fu(hand: str, win: str, reason: str) -> None:
    r = scored(hand, win, riichi=True, **SOUTH)
    assert (2, reason) in items(r)


def test_chiitoitsu_is_a_fixed_25_without_tsumo_fu() -> None:
    r = scored("1133m5577p22s4466z", "2s", tsumo=True, **SOUTH)
    assert items(r) == [(25, "Seven pairs (chiitoitsu): a fixed 25 fu, not rounded")]
    assert r["fu"] == 25


def test_fu_rounds_up_to_the_next_10() -> None:
    r = scored("123p77z666z", "3p", tsumo=True, melds=[meld("minkan", "8888p"), meld("pon", "999m")], **SOUTH)
    assert sum(fu for fu, _ in items(r)) == 46
    assert r["fu"] == 50
    assert "46 fu rounded up to 50" in r["explanation"]
