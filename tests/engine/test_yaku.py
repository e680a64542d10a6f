"""At least three hands per yaku: one that has it, a near miss, and a tricky interaction.

Each case is one request; ``has`` maps yaku ids to the han they must score,
``lacks`` lists ids that must be absent, and ``error`` is the code of a
request the engine must refuse. Winners are non-dealers (seat South) in the
East round unless a case says otherwise.
"""

from __future__ import annotations

from typing import Any

import pytest

from tutor.engine.api import score_request
from tutor.engine.yaku import YAKU

from .helpers import ankan, chi, minkan, pon

SOUTH = {"seat_wind": "S", "round_wind": "E"}


def case(
    id: str,
    hand: str,
    win: str,
    has: dict[str, int] | None = None,
    lacks: tuple[str, ...] = (),
    error: str | None = None,
    **fields: Any,
) -> Any:
    request = {"hand": hand, "win": win, **SOUTH, **fields}
    return pytest.param(request, has or {}, lacks, error, id=id)


CASES = [
    # --- situational yaku -------------------------------------------------------------------
    case("riichi", "123m456p789s234s55m", "5m", {"riichi": 1}, riichi=True),
    case("riichi-miss-not-declared", "123m456p789s234s55m", "5m", {"menzen_tsumo": 1}, ("riichi",), tsumo=True),
    case(
        "riichi-replaced-by-double-riichi",
        "123m456p789s234s55m",
        "5m",
        {"double_riichi": 2},
        ("riichi",),
        riichi=True,
        double_riichi=True,
    ),
    case("riichi-needs-closed-hand", "123m456p234s55m", "5m", error="bad_request", riichi=True, melds=[chi("789s")]),
    case("double-riichi", "123m456p789s234s55m", "5m", {"double_riichi": 2}, double_riichi=True),
    case(
        "double-riichi-miss-plain-riichi", "123m456p789s234s55m", "5m", {"riichi": 1}, ("double_riichi",), riichi=True
    ),
    case(
        "double-riichi-with-ippatsu",
        "123m456p789s234s55m",
        "5m",
        {"double_riichi": 2, "ippatsu": 1},
        double_riichi=True,
        ippatsu=True,
    ),
    case("ippatsu", "123m456p789s234s55m", "5m", {"riichi": 1, "ippatsu": 1}, riichi=True, ippatsu=True),
    case("ippatsu-miss", "123m456p789s234s55m", "5m", {"riichi": 1}, ("ippatsu",), riichi=True),
    case("ippatsu-without-riichi", "123m456p789s234s55m", "5m", error="bad_request", ippatsu=True),
    case(
        "ippatsu-not-on-a-replacement-tile",
        "123m456p789s55m",
        "5m",
        error="bad_request",
        riichi=True,
        ippatsu=True,
        tsumo=True,
        rinshan=True,
        melds=[ankan("2222s")],
    ),
    case(
        "ippatsu-survives-chankan",
        "23m456p789s234s55m1m",
        "1m",
        {"riichi": 1, "ippatsu": 1, "chankan": 1},
        riichi=True,
        ippatsu=True,
        chankan=True,
    ),
    case("menzen-tsumo", "123m456p789s234s55m", "5m", {"menzen_tsumo": 1}, tsumo=True, riichi=True),
    case(
        "menzen-tsumo-miss-open-hand",
        "456p789s234s55m",
        "5m",
        {"haitei": 1},
        ("menzen_tsumo",),
        tsumo=True,
        haitei=True,
        melds=[chi("123m")],
    ),
    case(
        "menzen-tsumo-with-closed-kan", "456p789s234s55m", "5m", {"menzen_tsumo": 1}, tsumo=True, melds=[ankan("1111m")]
    ),
    case("haitei", "123m456p789s234s55m", "5m", {"haitei": 1, "menzen_tsumo": 1}, tsumo=True, haitei=True),
    case("haitei-needs-tsumo", "123m456p789s234s55m", "5m", error="bad_request", haitei=True),
    case(
        "haitei-and-rinshan-never-together",
        "123m456p789s55m",
        "5m",
        error="bad_request",
        tsumo=True,
        haitei=True,
        rinshan=True,
        melds=[ankan("2222s")],
    ),
    case("houtei", "456p789s234s55m", "5m", {"houtei": 1}, houtei=True, melds=[chi("123m")]),
    case("houtei-miss", "456p789s234s55m", "5m", error="no_yaku", melds=[chi("123m")]),
    case("houtei-needs-ron", "123m456p789s234s55m", "5m", error="bad_request", houtei=True, tsumo=True),
    case(
        "rinshan",
        "123m456p789s55m",
        "5m",
        {"rinshan": 1, "menzen_tsumo": 1},
        tsumo=True,
        rinshan=True,
        melds=[ankan("2222s")],
    ),
    case("rinshan-needs-a-kan", "123m456p789s234s55m", "5m", error="bad_request", tsumo=True, rinshan=True),
    case(
        "rinshan-on-open-kan",
        "123m456p789s55m",
        "5m",
        {"rinshan": 1},
        ("menzen_tsumo",),
        tsumo=True,
        rinshan=True,
        melds=[minkan("2222s")],
    ),
    case("chankan", "23m456p789s234s55m1m", "1m", {"chankan": 1}, ("riichi",), chankan=True),
    case("chankan-needs-ron", "23m456p789s234s55m1m", "1m", error="bad_request", chankan=True, tsumo=True),
    case("chankan-cannot-rob-a-tile-you-hold", "123m456p789s234s55m", "5m", error="bad_request", chankan=True),
    # --- 1 han ------------------------------------------------------------------------------
    case("pinfu", "123m456m789p345s55s", "5s", {"pinfu": 1, "riichi": 1}, riichi=True),
    case("pinfu-miss-kanchan", "123m456m789p35s55s4s", "4s", {"riichi": 1}, ("pinfu",), riichi=True),
    case("pinfu-outside-end-of-23-is-ryanmen", "123m456p789p55m23s1s", "1s", {"pinfu": 1}, riichi=True),
    case("pinfu-miss-seat-wind-pair", "123m456m789p345s22z", "5s", {"riichi": 1}, ("pinfu",), riichi=True),
    case("pinfu-guest-wind-pair-is-fine", "123m456m789p345s33z", "5s", {"pinfu": 1}, riichi=True),
    case("pinfu-miss-open-hand", "456m789p345s55s", "5s", error="no_yaku", melds=[chi("123m")]),
    case(
        "pinfu-tsumo-rule-variant",
        "123m456m789p345s55s",
        "5s",
        {"menzen_tsumo": 1},
        ("pinfu",),
        tsumo=True,
        rules={"pinfu_tsumo_fu": True},
    ),
    case("tanyao-open", "234m567p22s345s", "2s", {"tanyao": 1}, melds=[chi("678m")]),
    case("tanyao-miss-terminal", "123m567p22s345s", "2s", error="no_yaku", melds=[chi("678m")]),
    case(
        "tanyao-open-off-by-rule",
        "234m567p22s345s",
        "2s",
        error="no_yaku",
        melds=[chi("678m")],
        rules={"open_tanyao": False},
    ),
    case("tanyao-closed-even-without-kuitan", "234m567p22s345s678m", "2s", {"tanyao": 1}, rules={"open_tanyao": False}),
    case("iipeikou", "112233m456p789s55s", "5s", {"iipeikou": 1}),
    case("iipeikou-miss-open", "123m456p789s55s", "5s", error="no_yaku", melds=[chi("123m")]),
    case("iipeikou-replaced-by-ryanpeikou", "112233m556677p99s", "9s", {"ryanpeikou": 3}, ("iipeikou", "chiitoitsu")),
    case("haku", "555z123m456p789s11m", "1m", {"yakuhai_haku": 1}),
    case("haku-miss-pair-only", "55z123m456p789s111m", "5z", error="no_yaku"),
    case("haku-with-pon", "123m456p789s11m", "1m", {"yakuhai_haku": 1}, melds=[pon("555z")]),
    case("hatsu", "666z123m456p789s11m", "1m", {"yakuhai_hatsu": 1}),
    case("hatsu-miss-pair-only", "66z123m456p789s111m", "6z", error="no_yaku"),
    case("hatsu-open-kan", "123m456p789s11m", "1m", {"yakuhai_hatsu": 1}, melds=[minkan("6666z")]),
    case("chun", "777z123m456p789s11m", "1m", {"yakuhai_chun": 1}),
    case("chun-miss-pair-only", "77z123m456p789s111m", "7z", error="no_yaku"),
    case("chun-closed-kan", "123m456p789s11m", "1m", {"yakuhai_chun": 1}, melds=[ankan("7777z")]),
    case("seat-wind", "222z123m456p789s11m", "1m", {"yakuhai_seat_wind": 1}, ("yakuhai_round_wind",)),
    case("seat-wind-miss-guest-wind", "444z123m456p789s11m", "1m", error="no_yaku"),
    case(
        "double-wind-counts-twice",
        "111z123m456p789s11m",
        "1m",
        {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1},
        seat_wind="E",
        round_wind="E",
    ),
    case("round-wind", "111z123m456p789s11m", "1m", {"yakuhai_round_wind": 1}, ("yakuhai_seat_wind",)),
    case(
        "round-wind-south-round",
        "222z123m456p789s11m",
        "1m",
        {"yakuhai_round_wind": 1},
        ("yakuhai_seat_wind",),
        seat_wind="W",
        round_wind="S",
    ),
    case("round-wind-miss", "333z123m456p789s11m", "1m", error="no_yaku"),
    # --- 2 han ------------------------------------------------------------------------------
    case("chiitoitsu", "1133m5577p22s4466z", "2s", {"chiitoitsu": 2}),
    case("chiitoitsu-miss-four-of-a-kind", "1111m5577p22s4466z", "2s", error="not_a_winning_hand"),
    case("chiitoitsu-with-tanyao", "2288m3366p4455s99p", "9p", {"chiitoitsu": 2}, ("tanyao",)),
    case("chiitoitsu-all-simples", "2288m3366p4455s77p", "7p", {"chiitoitsu": 2, "tanyao": 1}),
    case("chanta", "123m789p789s111z99s", "9s", {"chanta": 2}),
    case("chanta-miss-no-honour-is-junchan", "123m789p789s111s99m", "9m", {"junchan": 3}, ("chanta",)),
    case("chanta-open", "123m789p111z99s", "9s", {"chanta": 1}, melds=[chi("789s")]),
    case("ittsu", "123456789m456p11z", "1z", {"ittsu": 2}),
    case("ittsu-miss-678-not-789", "123m456m678m99m111z", "1z", {"yakuhai_round_wind": 1}, ("ittsu",)),
    case("ittsu-open", "456789m456p11z", "1z", {"ittsu": 1}, melds=[chi("123m")]),
    case("sanshoku", "123m123p123s456s99m", "9m", {"sanshoku": 2}),
    case("sanshoku-miss-off-by-one", "123m123p234s456s99m", "9m", error="no_yaku"),
    case("sanshoku-open", "123p123s456s99m", "9m", {"sanshoku": 1}, melds=[chi("123m")]),
    case("sanshoku-doukou", "222s456s99m", "9m", {"sanshoku_doukou": 2}, melds=[pon("222m"), pon("222p")]),
    case("sanshoku-doukou-miss", "333s456s99m", "9m", error="no_yaku", melds=[pon("222m"), pon("222p")]),
    case(
        "sanshoku-doukou-with-kans",
        "222s456s99m",
        "9m",
        {"sanshoku_doukou": 2},
        melds=[minkan("2222m"), ankan("2222p")],
    ),
    case("sankantsu", "456s99m", "9m", {"sankantsu": 2}, melds=[minkan("2222m"), minkan("3333p"), minkan("7777s")]),
    case("sankantsu-miss-two-kans", "777s456s99m", "9m", error="no_yaku", melds=[minkan("2222m"), minkan("3333p")]),
    case(
        "sankantsu-three-closed-kans-add-sanankou",
        "456s99m",
        "9m",
        {"sankantsu": 2, "sanankou": 2},
        melds=[ankan("2222m"), ankan("3333p"), ankan("7777s")],
    ),
    case("toitoi", "777s99m", "9m", {"toitoi": 2}, melds=[pon("222m"), pon("333p"), pon("888s")]),
    case(
        "toitoi-miss-one-sequence",
        "678s99m",
        "9m",
        error="no_yaku",
        melds=[pon("222m"), pon("333p"), pon("888s")],
        rules={"open_tanyao": False},
    ),
    case("toitoi-closed-by-ron-with-sanankou", "222m333p888s777s99m", "7s", {"toitoi": 2, "sanankou": 2}),
    case("sanankou", "222m333p888s456s55m", "5m", {"sanankou": 2}, tsumo=True),
    case("sanankou-miss-ron-opens-the-third", "222m333p888s456s55m", "8s", {"tanyao": 1}, ("sanankou",)),
    case("sanankou-ron-on-the-sequence-keeps-three", "222m333p888s456s55m", "4s", {"sanankou": 2}),
    case("shousangen", "555z666z77z123m456p", "3m", {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1}),
    case("shousangen-miss-one-dragon-triplet", "555z66z123m456p789s", "6z", {"yakuhai_haku": 1}, ("shousangen",)),
    case(
        "shousangen-open",
        "555z77z123m",
        "3m",
        {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1},
        melds=[pon("666z"), chi("456p")],
    ),
    case("honroutou-toitoi", "111m999p111z222z99s", "9p", {"honroutou": 2, "toitoi": 2, "sanankou": 2}),
    case("honroutou-miss-a-simple", "999p111z222z88s", "8s", {"toitoi": 2}, ("honroutou",), melds=[pon("111m")]),
    case("honroutou-chiitoitsu", "1199m1199p112233z", "3z", {"honroutou": 2, "chiitoitsu": 2}),
    # --- 3 and 6 han -------------------------------------------------------------------------
    case("ryanpeikou", "112233m556677p99s", "9s", {"ryanpeikou": 3}, ("iipeikou",)),
    case("ryanpeikou-miss-one-pair-of-sequences", "112233m567p789p99s", "9s", {"iipeikou": 1}, ("ryanpeikou",)),
    case("ryanpeikou-four-identical-sequences", "11112222333344m", "4m", {"ryanpeikou": 3, "chinitsu": 6}),
    case("junchan", "123m789p789s111s99m", "9m", {"junchan": 3}),
    case("junchan-miss-a-simple-group", "123m789p456s111s99m", "9m", error="no_yaku"),
    case("junchan-open", "789p789s111s99m", "9m", {"junchan": 2}, melds=[chi("123m")]),
    case("honitsu", "123m456m777m111z22z", "2z", {"honitsu": 3}),
    case("honitsu-miss-no-honour-is-chinitsu", "123m456m777m111m22m", "2m", {"chinitsu": 6}, ("honitsu",)),
    case("honitsu-open", "123m456m111z22z", "2z", {"honitsu": 2}, melds=[pon("777m")]),
    case("chinitsu", "123m345m678m999m22m", "2m", {"chinitsu": 6}),
    case("chinitsu-miss-one-honour-pair", "123m345m678m999m22z", "2z", {"honitsu": 3}, ("chinitsu",)),
    case("chinitsu-open", "123m345m999m22m", "2m", {"chinitsu": 5}, melds=[chi("678m")]),
    # --- yakuman ------------------------------------------------------------------------------
    case("kokushi", "19m19p19s1234567z1m", "9p", {"kokushi": 13}, ("kokushi_13",)),
    case("kokushi-miss-no-pair", "19m19p19s1234567z2m", "2m", error="not_a_winning_hand"),
    case("kokushi-13-sided", "19m19p19s1234567z1m", "1m", {"kokushi_13": 13}, ("kokushi",)),
    case("kokushi-13-double-rules", "19m19p19s1234567z1m", "1m", {"kokushi_13": 26}, rules={"double_yakuman": True}),
    case(
        "kokushi-13-on-tenhou-is-single-under-double-rules",
        "19m19p19s1234567z1m",
        "1m",
        {"kokushi": 13, "tenhou": 13},
        ("kokushi_13",),
        tsumo=True,
        tenhou=True,
        seat_wind="E",
        rules={"double_yakuman": True},
    ),
    case("suuankou", "222m444p666s888s99m", "8s", {"suuankou": 13}, tsumo=True),
    case("suuankou-miss-ron-on-shanpon", "222m444p666s888s99m", "8s", {"sanankou": 2, "toitoi": 2}, ("suuankou",)),
    case("suuankou-with-closed-kan", "222m444p666s99m", "6s", {"suuankou": 13}, tsumo=True, melds=[ankan("8888s")]),
    case("suuankou-tanki", "222m444p666s888s99m", "9m", {"suuankou_tanki": 13}, ("suuankou",)),
    case(
        "suuankou-tanki-miss-open-pon",
        "222m444p666s55m",
        "5m",
        {"toitoi": 2, "sanankou": 2, "tanyao": 1},
        ("suuankou_tanki",),
        melds=[pon("888s")],
    ),
    case(
        "suuankou-tanki-double-rules",
        "222m444p666s888s99m",
        "9m",
        {"suuankou_tanki": 26},
        rules={"double_yakuman": True},
    ),
    case("daisangen", "555z666z777z123m11p", "1p", {"daisangen": 13}),
    case("daisangen-miss-dragon-pair", "555z666z77z123m111p", "1p", {"shousangen": 2}, ("daisangen",)),
    case("daisangen-open", "777z123m11p", "1p", {"daisangen": 13}, melds=[pon("555z"), pon("666z")]),
    case("shousuushii", "111z222z333z44z123m", "3m", {"shousuushii": 13}),
    case(
        "shousuushii-miss-two-wind-triplets",
        "111z222z33z123m456p",
        "3z",
        {"yakuhai_round_wind": 1, "yakuhai_seat_wind": 1},
        ("shousuushii",),
    ),
    case("shousuushii-open", "333z44z123m", "3m", {"shousuushii": 13}, melds=[pon("111z"), pon("222z")]),
    case("daisuushii", "111z222z333z444z55m", "5m", {"daisuushii": 13}, ("shousuushii",)),
    case("daisuushii-miss-is-shousuushii", "111z222z333z44z555m", "5m", {"shousuushii": 13}, ("daisuushii",)),
    case("daisuushii-double-rules", "111z222z333z444z55m", "5m", {"daisuushii": 26}, rules={"double_yakuman": True}),
    case("tsuuiisou", "111z222z333z555z66z", "6z", {"tsuuiisou": 13}),
    case("tsuuiisou-miss-one-number-pair", "111z222z333z555z66m", "5z", {"toitoi": 2, "sanankou": 2}, ("tsuuiisou",)),
    case("tsuuiisou-seven-pairs", "11223344556677z", "7z", {"tsuuiisou": 13}, ("chiitoitsu",)),
    case("ryuuiisou", "234s234s666s888s66z", "6z", {"ryuuiisou": 13}),
    case("ryuuiisou-miss-red-dragon", "234s234s666s888s77z", "7z", {"honitsu": 3}, ("ryuuiisou",)),
    case("ryuuiisou-without-hatsu", "234s234s666s888s22s", "2s", {"ryuuiisou": 13}, ("chinitsu",)),
    case("chinroutou", "111m999m111p999p11s", "1s", {"chinroutou": 13}, ("honroutou",)),
    case("chinroutou-miss-an-honour", "111m999m111p999p11z", "9p", {"honroutou": 2, "toitoi": 2}, ("chinroutou",)),
    case("chinroutou-open", "999m111p999p11s", "1s", {"chinroutou": 13}, melds=[pon("111m")]),
    case(
        "suukantsu",
        "55m",
        "5m",
        {"suukantsu": 13},
        melds=[minkan("2222m"), minkan("3333p"), minkan("7777s"), minkan("1111z")],
    ),
    case(
        "suukantsu-miss-three-kans",
        "111z55m",
        "5m",
        {"sankantsu": 2},
        ("suukantsu",),
        melds=[minkan("2222m"), minkan("3333p"), minkan("7777s")],
    ),
    case(
        "suukantsu-all-closed-adds-suuankou-tanki",
        "55m",
        "5m",
        {"suukantsu": 13, "suuankou_tanki": 13},
        melds=[ankan("2222m"), ankan("3333p"), ankan("7777s"), ankan("1111z")],
    ),
    case("chuuren", "11123455678999m", "9m", {"chuuren": 13}, ("junsei_chuuren",)),
    case("chuuren-miss-other-suit", "1112345678999m5p", "5p", error="not_a_winning_hand"),
    case(
        "chuuren-not-with-a-closed-kan",
        "23455678999m",
        "5m",
        {"chinitsu": 6},
        ("chuuren",),
        melds=[ankan("1111m")],
        tsumo=True,
    ),
    case("junsei-chuuren", "11123455678999m", "5m", {"junsei_chuuren": 13}, ("chuuren",)),
    case("junsei-chuuren-miss", "11123455678999m", "1m", {"chuuren": 13}, ("junsei_chuuren",)),
    case(
        "junsei-chuuren-double-rules", "11123455678999m", "5m", {"junsei_chuuren": 26}, rules={"double_yakuman": True}
    ),
    case("tenhou", "123m456p789s234s55m", "5m", {"tenhou": 13}, tsumo=True, tenhou=True, seat_wind="E"),
    case("tenhou-is-the-dealer-s", "123m456p789s234s55m", "5m", error="bad_request", tsumo=True, tenhou=True),
    case(
        "tenhou-with-kokushi-adds",
        "19m19p19s1234567z1m",
        "9p",
        {"tenhou": 13, "kokushi": 13},
        tsumo=True,
        tenhou=True,
        seat_wind="E",
    ),
    case("chiihou", "123m456p789s234s55m", "5m", {"chiihou": 13}, tsumo=True, chiihou=True),
    case(
        "chiihou-not-for-the-dealer",
        "123m456p789s234s55m",
        "5m",
        error="bad_request",
        tsumo=True,
        chiihou=True,
        seat_wind="E",
    ),
    case(
        "chiihou-with-suuankou", "222m444p666s888s99m", "8s", {"chiihou": 13, "suuankou": 13}, tsumo=True, chiihou=True
    ),
    # --- optional local yaku -----------------------------------------------------------------
    case("renhou", "123m456p789s234s55m", "5m", {"renhou": 13}, renhou=True, rules={"renhou": True}),
    case("renhou-off-in-tenhou-rules", "123m456p789s234s55m", "5m", error="bad_request", renhou=True),
    case(
        "renhou-is-a-ron",
        "123m456p789s234s55m",
        "5m",
        error="bad_request",
        renhou=True,
        tsumo=True,
        rules={"renhou": True},
    ),
    case("daisharin", "22334455667788p", "8p", {"daisharin": 13}, ("chinitsu",), rules={"daisharin": True}),
    case(
        "daisharin-off-is-chinitsu-ryanpeikou",
        "22334455667788p",
        "8p",
        {"chinitsu": 6, "ryanpeikou": 3},
        ("daisharin",),
    ),
    case("daisharin-circles-only", "22334455667788s", "8s", {"chinitsu": 6}, ("daisharin",), rules={"daisharin": True}),
    case("daisharin-any-suit", "22334455667788s", "8s", {"daisharin": 13}, rules={"daisharin": "any_suit"}),
    case("daichisei", "11223344556677z", "7z", {"daichisei": 13}, ("tsuuiisou",), rules={"daichisei": True}),
    case(
        "daichisei-double-rules",
        "11223344556677z",
        "7z",
        {"daichisei": 26},
        rules={"daichisei": True, "double_yakuman": True},
    ),
    case(
        "daichisei-miss-toitoi-shape",
        "111z222z333z555z66z",
        "6z",
        {"tsuuiisou": 13},
        ("daichisei",),
        rules={"daichisei": True},
    ),
    # --- dora (not yaku, listed with their count) --------------------------------------------
    case("dora", "123m456p789s234s55m", "5m", {"riichi": 1, "dora": 2}, riichi=True, dora_indicators=["4m"]),
    case(
        "dora-alone-is-not-a-yaku",
        "456p789s234s55m",
        "5m",
        error="no_yaku",
        dora_indicators=["4m"],
        melds=[chi("123m")],
    ),
    case(
        "dora-kan-counts-four",
        "123m456p789s55m",
        "5m",
        {"dora": 4},
        tsumo=True,
        melds=[ankan("2222s")],
        dora_indicators=["1s"],
    ),
    case("ura-dora", "123m456p789s234s55m", "5m", {"ura_dora": 2}, riichi=True, ura_indicators=["4m"]),
    case(
        "ura-dora-needs-riichi",
        "123m456p789s234s55m",
        "5m",
        {"menzen_tsumo": 1},
        ("ura_dora",),
        tsumo=True,
        ura_indicators=["4m"],
    ),
    case("aka-dora", "123m406p789s234s55m", "5m", {"aka_dora": 1}, riichi=True),
    case("aka-dora-off", "123m406p789s234s55m", "5m", {"riichi": 1}, ("aka_dora",), riichi=True, rules={"aka": False}),
    case("aka-dora-in-a-meld", "123m789s234s55m", "5m", {"aka_dora": 1}, houtei=True, melds=[chi("406p")]),
]


@pytest.mark.parametrize(("request_", "has", "lacks", "error"), CASES)
def test_yaku(request_: dict[str, Any], has: dict[str, int], lacks: tuple[str, ...], error: str | None) -> None:
    response = score_request(request_)
    if error:
        assert response.get("error", {}).get("code") == error, response
        return
    assert "error" not in response, response["error"]
    scored = {y["id"]: y["han"] for y in response["yaku"]}
    for yaku_id, han in has.items():
        assert scored.get(yaku_id) == han, f"{yaku_id}: expected {han} han, got {scored}"
    for yaku_id in lacks:
        assert yaku_id not in scored, f"{yaku_id} should not count: {scored}"


def test_every_yaku_has_a_positive_and_a_negative_case() -> None:
    positive = {y for param in CASES for y in param.values[1]}
    negative = {y for param in CASES for y in param.values[2]} | {
        param.id.split("-miss")[0].replace("-", "_") for param in CASES if "-miss" in (param.id or "")
    }
    missing = [y for y in YAKU if y not in positive]
    assert not missing, f"no positive case for {missing}"
    assert len(negative) >= 20
