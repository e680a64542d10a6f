"""Every worked example in RULES.md (../shared/rules/RULES.md), one test each.

Each test names the section it comes from. Unless RULES.md names the seat,
the winner is a non-dealer (seat South) in the East round.
"""

from __future__ import annotations

import pytest

from tutor.engine.points import base_points, payment
from tutor.engine.rules import RuleSet

from .helpers import meld, scored, yaku_han, yaku_ids

SOUTH = {"seat_wind": "S", "round_wind": "E"}


def test_s1_2_stacked_dora_ura_and_red_fives_make_8_han() -> None:
    # §1.2: indicator and ura indicator both 4p; three 5p held, two of them red.
    r = scored("123m456s789s005p11z", "1m", riichi=True, dora_indicators=["4p"], ura_indicators=["4p"], **SOUTH)
    han = yaku_han(r)
    assert (han["dora"], han["ura_dora"], han["aka_dora"]) == (3, 3, 2)
    assert r["han"] == 1 + 8


def test_s2_3_triplet_completed_by_ron_is_open() -> None:
    # §2.3: 222p completed by ron on a shanpon wait scores as an open triplet: 30 + 2 → 40 fu.
    r = scored("234m678m222p55s789s", "2p", riichi=True, **SOUTH)
    assert r["fu"] == 40
    assert [item["fu"] for item in r["fu_breakdown"]] == [20, 10, 2]


def test_s2_3_same_triplet_by_tsumo_is_closed() -> None:
    # §2.3: won by tsumo the triplet stays concealed: 20 + 4 + 2 = 26 → 30 fu.
    r = scored("234m678m222p55s789s", "2p", riichi=True, tsumo=True, **SOUTH)
    assert r["fu"] == 30


def test_s2_3_four_concealed_triplets_by_ron_on_shanpon_are_sanankou_toitoi() -> None:
    # §2.3 and §6.4: ron on the shanpon opens one triplet: sanankou + toitoi, 4 han 50 fu, mangan.
    r = scored("222m444p666s888s99m", "8s", **SOUTH)
    assert yaku_ids(r) == {"sanankou", "toitoi"}
    assert (r["han"], r["fu"], r["points"]) == (4, 50, {"ron": 8000})


def test_s2_3_four_concealed_triplets_by_tsumo_are_suuankou() -> None:
    r = scored("222m444p666s888s99m", "8s", tsumo=True, **SOUTH)
    assert yaku_ids(r) == {"suuankou"}
    assert r["yakuman"] == 1


def test_s2_4_23_waiting_on_1_is_two_sided() -> None:
    # §2.4: 23 waiting on 1 or 4 is ryanmen, so the hand is pinfu.
    r = scored("456m789m234p55s23s1s", "1s", riichi=True, **SOUTH)
    assert "pinfu" in yaku_ids(r)
    assert r["reading"]["wait"] == "ryanmen"


def test_s2_5_pinfu_reading_beats_tanki_reading() -> None:
    # §2.5: the 5s reads as a tanki (1300) or as a ryanmen with pinfu (2000); pinfu wins.
    r = scored("123m456m789p345s55s", "5s", riichi=True, **SOUTH)
    assert yaku_ids(r) == {"riichi", "pinfu"}
    assert (r["han"], r["fu"], r["points"]) == (2, 30, {"ron": 2000})
    assert r["alternatives"][0]["points"] == {"ron": 1300}


def test_s2_5_sanankou_reading_beats_iipeikou_reading() -> None:
    # §2.5: 111222333m as three triplets (sanankou, 6400) beats three sequences (iipeikou, 2600).
    r = scored("111222333m456p77s", "7s", riichi=True, **SOUTH)
    assert "sanankou" in yaku_ids(r) and "iipeikou" not in yaku_ids(r)
    assert (r["han"], r["fu"], r["points"]) == (3, 50, {"ron": 6400})


def test_s2_5_ryanpeikou_not_chiitoitsu() -> None:
    # §2.5: ryanpeikou 3 han 40 fu (5200), never chiitoitsu 2 han 25 fu (1600).
    r = scored("112233m556677p99s", "9s", **SOUTH)
    assert yaku_ids(r) == {"ryanpeikou"}
    assert (r["han"], r["fu"], r["points"]) == (3, 40, {"ron": 5200})


def test_s3_3_ryanpeikou_with_four_of_a_kind() -> None:
    # §3.3 and §11 #34: 112233m 223344m 55p holds four 2m and 3m; library: 3 han 40 fu.
    r = scored("112233223344m55p", "5p", **SOUTH)
    assert yaku_ids(r) >= {"ryanpeikou"}
    assert "iipeikou" not in yaku_ids(r) and "chiitoitsu" not in yaku_ids(r)


def test_s3_2_shousangen_with_its_two_yakuhai_is_mangan() -> None:
    # §3.2: shousangen 2 + two dragon yakuhai = 4 han; closed ron 50 fu = mangan.
    r = scored("555z666z77z123m456p", "3m", **SOUTH)
    assert yaku_han(r) == {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1}
    assert (r["han"], r["fu"], r["limit"], r["points"]) == (4, 50, "mangan", {"ron": 8000})


def test_s4_daisangen_and_tsuuiisou_dealer_tsumo_is_96000() -> None:
    # §4: a dealer tsumo of daisangen + tsuuiisou is a double yakuman: 32,000 from each player.
    # (the East triplet is called so the hand is not also suuankou)
    r = scored("555z666z777z22z", "2z", tsumo=True, seat_wind="E", melds=[meld("pon", "111z")])
    assert yaku_ids(r) == {"daisangen", "tsuuiisou"}
    assert (r["yakuman"], r["han"], r["points"], r["total"]) == (2, 26, {"tsumo_non_dealer": 32000}, 96000)


@pytest.mark.parametrize(("double", "units"), [(False, 1), (True, 2)], ids=["tenhou-single", "double-rules"])
def test_s4_thirteen_sided_kokushi(double: bool, units: int) -> None:
    r = scored("19m19p19s1234567z1z", "1z", rules={"double_yakuman": double}, **SOUTH)
    assert yaku_ids(r) == {"kokushi_13"}
    assert r["yakuman"] == units
    assert r["points"] == {"ron": 32000 * units}


def test_s4_kazoe_yakuman_is_one_unit_with_its_real_han() -> None:
    # §4 and §7.2 #4: ordinary yaku and dora reaching 13+ han are one yakuman; "han" keeps the count.
    # riichi 1 + tsumo 1 + chinitsu 6 + iipeikou 1 + six dora (5m and 7m) = 15 han
    r = scored("11223355577799m", "9m", riichi=True, tsumo=True, dora_indicators=["4m", "6m"], **SOUTH)
    assert r["han"] == 15
    assert (r["limit"], r["yakuman"], r["points"]) == (
        "kazoe_yakuman",
        0,
        {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000},
    )


def test_s6_4_seed_2_fu_example() -> None:
    # §6.4: 123p, 77z pair, 666z concealed, open kan 8888p, pon 999m, tsumo on 3p (edge wait): 46 → 50 fu.
    r = scored("123p77z666z", "3p", tsumo=True, melds=[meld("minkan", "8888p"), meld("pon", "999m")], **SOUTH)
    assert sorted(item["fu"] for item in r["fu_breakdown"]) == sorted([20, 2, 8, 8, 4, 2, 2])
    assert sum(item["fu"] for item in r["fu_breakdown"]) == 46
    assert (yaku_ids(r), r["han"], r["fu"]) == ({"yakuhai_hatsu"}, 1, 50)
    assert r["points"] == {"tsumo_dealer": 800, "tsumo_non_dealer": 400}
    as_dealer = scored(
        "123p77z666z", "3p", tsumo=True, melds=[meld("minkan", "8888p"), meld("pon", "999m")], seat_wind="E"
    )
    assert as_dealer["points"] == {"tsumo_non_dealer": 800} and as_dealer["total"] == 2400


def test_s6_4_pinfu_tanyao_tsumo_is_20_fu() -> None:
    r = scored("234567m23455p678s", "4p", tsumo=True, **SOUTH)
    assert yaku_ids(r) == {"pinfu", "tanyao", "menzen_tsumo"}
    assert (r["han"], r["fu"], r["points"]) == (3, 20, {"tsumo_dealer": 1300, "tsumo_non_dealer": 700})


def test_s6_4_pinfu_tanyao_ron_is_30_fu() -> None:
    r = scored("234567m23455p678s", "4p", **SOUTH)
    assert (r["han"], r["fu"], r["points"]) == (2, 30, {"ron": 2000})


def test_s6_4_open_pinfu_shape_ron_is_30_fu() -> None:
    r = scored("234567m23455p", "4p", melds=[meld("chi", "678s")], **SOUTH)
    assert yaku_ids(r) == {"tanyao"}
    assert (r["fu"], r["points"]) == (30, {"ron": 1000})


def test_s6_4_open_pinfu_shape_ron_under_the_20_fu_variant_pays_700() -> None:
    r = scored("234567m23455p", "4p", melds=[meld("chi", "678s")], rules={"open_pinfu_fu": False}, **SOUTH)
    assert (r["fu"], r["points"]) == (20, {"ron": 700})


def test_s6_4_chiitoitsu_ron_and_tsumo() -> None:
    ron = scored("1133m5577p22s4466z", "2s", **SOUTH)
    tsumo = scored("1133m5577p22s4466z", "2s", tsumo=True, **SOUTH)
    assert (ron["han"], ron["fu"], ron["points"]) == (2, 25, {"ron": 1600})
    assert (tsumo["han"], tsumo["fu"], tsumo["points"]) == (3, 25, {"tsumo_dealer": 1600, "tsumo_non_dealer": 800})


def test_s6_4_double_wind_pair_with_kanchan() -> None:
    # East seat, East round, riichi, ron on 8s: 30 + 4 (double wind pair) + 2 (kanchan) = 36 → 40 fu; dealer 2000.
    r = scored("234m456p678s789s11z", "8s", riichi=True, seat_wind="E", round_wind="E")
    assert (r["fu"], r["points"]) == (40, {"ron": 2000})
    assert {"fu": 4, "reason": "Pair of the double wind 11z (seat and round wind): 4 fu"} in r["fu_breakdown"]


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "tsumo", "honba", "expected"),
    [
        pytest.param(2, 70, False, True, 0, "1200/2300", id="s7_2-1-non-dealer-tsumo-70fu-2han"),
        pytest.param(4, 40, True, True, 0, "4000 all", id="s7_2-2-dealer-tsumo-40fu-4han-mangan"),
        pytest.param(9, 30, False, False, 0, "16000", id="s7_2-3-non-dealer-ron-9han-baiman"),
        pytest.param(15, 30, True, False, 0, "48000", id="s7_2-4-dealer-ron-15han-kazoe"),
        pytest.param(4, 30, True, False, 1, "11900", id="s7_2-honba-11600-plus-1"),
        pytest.param(4, 30, True, True, 3, "4200 all", id="s7_2-honba-3900-all-plus-3"),
        pytest.param(5, 30, False, True, 2, "2200/4200", id="s7_2-honba-2000-4000-plus-2"),
        pytest.param(2, 30, False, True, 4, "900/1400", id="s2-honba-4-adds-1200-as-400-each"),
    ],
)
def test_s7_2_seed_3_point_examples(han: int, fu: int, dealer: bool, tsumo: bool, honba: int, expected: str) -> None:
    base, _ = base_points(han, fu, 0, RuleSet())
    assert str(payment(base, dealer, tsumo, honba)) == expected


@pytest.mark.parametrize(("han", "fu"), [(3, 60), (4, 30)])
def test_s7_1_kiriage_mangan(han: int, fu: int) -> None:
    # §7.1/§7.2: 1920 base points; paid as mangan only with kiriage.
    assert base_points(han, fu, 0, RuleSet()) == (1920, None)
    assert base_points(han, fu, 0, RuleSet(kiriage=True)) == (2000, "mangan")
    assert str(payment(1920, dealer=False, tsumo=False)) == "7700"
    assert str(payment(1920, dealer=True, tsumo=True)) == "3900 all"
    assert str(payment(1920, dealer=False, tsumo=True)) == "2000/3900"


def test_s7_3_a_non_dealer_30_fu_1_han_tsumo_totals_more_than_the_ron() -> None:
    # §7.3 "handy identities": each payment is rounded on its own: 300 + 300 + 500 = 1100 against a 1000 ron.
    assert payment(240, dealer=False, tsumo=True).total == 1100
    assert payment(240, dealer=False, tsumo=False).total == 1000
