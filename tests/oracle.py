"""Answer score requests with the independent `mahjong` package (test-only).

Used by the differential test and the benchmark scripts: it maps a request of
../shared/api/score.md onto mahjong's HandCalculator and its result back onto
the contract's response fields.
"""

from __future__ import annotations

from typing import Any

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
KAZOE = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "unlimited": HandConstants.KAZOE_NO_LIMIT,
}
MELD_TYPE = {"chi": Meld.CHI, "pon": Meld.PON, "minkan": Meld.KAN, "ankan": Meld.KAN}
#: mahjong's yaku class names → contract ids.
YAKU_IDS = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan": "rinshan",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "DaburuRiichi": "double_riichi",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Haku": "yakuhai_haku",
    "Hatsu": "yakuhai_hatsu",
    "Chun": "yakuhai_chun",
    "SeatWindEast": "yakuhai_seat_wind",
    "SeatWindSouth": "yakuhai_seat_wind",
    "SeatWindWest": "yakuhai_seat_wind",
    "SeatWindNorth": "yakuhai_seat_wind",
    "RoundWindEast": "yakuhai_round_wind",
    "RoundWindSouth": "yakuhai_round_wind",
    "RoundWindWest": "yakuhai_round_wind",
    "RoundWindNorth": "yakuhai_round_wind",
    "Sanshoku": "sanshoku",
    "Ittsu": "ittsu",
    "Chantai": "chanta",
    "Honroto": "honroutou",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "SanKantsu": "sankantsu",
    "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu",
    "Shosangen": "shousangen",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "KokushiMusou": "kokushi",
    "DaburuKokushiMusou": "kokushi_13",
    "ChuurenPoutou": "chuuren",
    "DaburuChuurenPoutou": "junsei_chuuren",
    "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki",
    "Daisangen": "daisangen",
    "Shousuushii": "shousuushii",
    "DaiSuushii": "daisuushii",
    "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu",
    "Tsuuiisou": "tsuuiisou",
    "Chinroutou": "chinroutou",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "RenhouYakuman": "renhou",
    "Daisharin": "daisharin",
    "Daichisei": "daichisei",
    "Dora": "dora",
    "AkaDora": "aka_dora",
    "UraDora": "ura_dora",
}
ERRORS = {
    HandCalculator.ERR_HAND_NOT_WINNING: "not_a_winning_hand",
    HandCalculator.ERR_NO_YAKU: "no_yaku",
    HandCalculator.ERR_NO_WINNING_TILE: "win_not_in_hand",
}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


class _Ids:
    """Hands out distinct 136-format ids: the red five of a suit is copy 0 of its five."""

    def __init__(self) -> None:
        self.used: dict[int, int] = {}

    def take(self, index: int, red: bool) -> int:
        if red:
            return index * 4
        n = self.used.get(index, 0)
        if index in (4, 13, 22) and n == 0:
            n = 1  # copy 0 is the red one
        if n > 3:
            raise ValueError(f"more plain copies of {index} than the set has (with red fives there are 3 plain fives)")
        self.used[index] = n + 1
        return index * 4 + n


def _tiles(text: str) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []
    digits: list[str] = []
    for char in text:
        if char.isdigit():
            digits.append(char)
        else:
            for d in digits:
                number = 5 if d == "0" else int(d)
                out.append((_SUIT_BASE[char] + number - 1, d == "0"))
            digits = []
    return out


def options_for(rules: dict[str, Any]) -> OptionalRules:
    preset = rules.get("preset", "tenhou")
    assert preset == "tenhou", "the oracle maps only option overrides of the tenhou preset"
    return OptionalRules(
        has_open_tanyao=rules.get("open_tanyao", True),
        has_aka_dora=rules.get("aka", True),
        has_double_yakuman=rules.get("double_yakuman", False),
        kazoe_limit=KAZOE[rules.get("kazoe", "yakuman")],
        kiriage=rules.get("kiriage", False),
        fu_for_open_pinfu=rules.get("open_pinfu_fu", True),
        fu_for_pinfu_tsumo=rules.get("pinfu_tsumo_fu", False),
        has_daisharin=bool(rules.get("daisharin", False)),
        has_daisharin_other_suits=rules.get("daisharin") == "any_suit",
        has_daichisei=rules.get("daichisei", False),
        renhou_as_yakuman=rules.get("renhou", False),
    )


def oracle_score(request: dict[str, Any]) -> dict[str, Any]:
    """The contract's han/fu/yaku/points fields for a request, as computed by `mahjong`."""
    ids = _Ids()
    hand = [ids.take(i, red) for i, red in _tiles(request["hand"])]
    melds = []
    all_tiles = list(hand)
    for meld in request.get("melds", []):
        tiles = [ids.take(i, red) for i, red in _tiles(meld["tiles"])]
        melds.append(Meld(meld_type=MELD_TYPE[meld["kind"]], tiles=tiles, opened=meld["kind"] != "ankan"))
        all_tiles += tiles
    ((win_index, win_red),) = _tiles(request["win"])
    candidates = [t for t in hand if t // 4 == win_index and (not win_red or t % 4 == 0)]
    win = candidates[0]
    rules = request.get("rules", {})
    double = request.get("double_riichi", False)
    config = HandConfig(
        is_tsumo=request.get("tsumo", False),
        is_riichi=request.get("riichi", False) or double,
        is_daburu_riichi=double,
        is_ippatsu=request.get("ippatsu", False),
        is_rinshan=request.get("rinshan", False),
        is_chankan=request.get("chankan", False),
        is_haitei=request.get("haitei", False),
        is_houtei=request.get("houtei", False),
        is_tenhou=request.get("tenhou", False),
        is_chiihou=request.get("chiihou", False),
        is_renhou=request.get("renhou", False),
        player_wind=WIND[request.get("seat_wind", "E")],
        round_wind=WIND[request.get("round_wind", "E")],
        kyoutaku_number=request.get("riichi_sticks", 0),
        tsumi_number=request.get("honba", 0),
        options=options_for(rules),
    )
    dora = [i * 4 + 1 for i, _ in _tiles("".join(request.get("dora_indicators", [])))]
    ura = [i * 4 + 1 for i, _ in _tiles("".join(request.get("ura_indicators", [])))]
    result = HandCalculator.estimate_hand_value(
        all_tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
    )
    if result.error:
        return {"error": {"code": ERRORS.get(result.error, "bad_request"), "message": result.error}}
    cost = result.cost
    if config.is_tsumo:
        if config.is_dealer:
            points = {"tsumo_non_dealer": cost["main"] + cost["main_bonus"]}
        else:
            points = {
                "tsumo_dealer": cost["main"] + cost["main_bonus"],
                "tsumo_non_dealer": cost["additional"] + cost["additional_bonus"],
            }
    else:
        points = {"ron": cost["main"] + cost["main_bonus"]}
    yaku = []
    for y in result.yaku:
        han = y.han_open if result.is_open_hand and y.han_open else y.han_closed
        yaku.append({"id": YAKU_IDS[type(y).__name__], "han": han})
    return {
        "han": result.han,
        "fu": result.fu,
        "yaku": yaku,
        "fu_breakdown": [{"fu": d["fu"], "reason": d["reason"]} for d in (result.fu_details or [])],
        "points": points,
        "total": cost["total"],
        "limit": cost["yaku_level"] or None,
    }
