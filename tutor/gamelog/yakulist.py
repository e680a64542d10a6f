"""Tenhou's yaku, by the number mjlog uses and the name tenhou.net/6 prints, mapped to our yaku ids.

The position in :data:`TENHOU_YAKU` is Tenhou's number (0 menzen tsumo ... 54 red fives).
"""

from __future__ import annotations

TENHOU_YAKU: tuple[tuple[str, str], ...] = (
    ("menzen_tsumo", "門前清自摸和"),
    ("riichi", "立直"),
    ("ippatsu", "一発"),
    ("chankan", "槍槓"),
    ("rinshan", "嶺上開花"),
    ("haitei", "海底摸月"),
    ("houtei", "河底撈魚"),
    ("pinfu", "平和"),
    ("tanyao", "断幺九"),
    ("iipeikou", "一盃口"),
    ("yakuhai_seat_wind", "自風東"),
    ("yakuhai_seat_wind", "自風南"),
    ("yakuhai_seat_wind", "自風西"),
    ("yakuhai_seat_wind", "自風北"),
    ("yakuhai_round_wind", "場風東"),
    ("yakuhai_round_wind", "場風南"),
    ("yakuhai_round_wind", "場風西"),
    ("yakuhai_round_wind", "場風北"),
    ("yakuhai_haku", "役牌白"),
    ("yakuhai_hatsu", "役牌發"),
    ("yakuhai_chun", "役牌中"),
    ("double_riichi", "両立直"),
    ("chiitoitsu", "七対子"),
    ("chanta", "混全帯幺九"),
    ("ittsu", "一気通貫"),
    ("sanshoku", "三色同順"),
    ("sanshoku_doukou", "三色同刻"),
    ("sankantsu", "三槓子"),
    ("toitoi", "対々和"),
    ("sanankou", "三暗刻"),
    ("shousangen", "小三元"),
    ("honroutou", "混老頭"),
    ("ryanpeikou", "二盃口"),
    ("junchan", "純全帯幺九"),
    ("honitsu", "混一色"),
    ("chinitsu", "清一色"),
    ("renhou", "人和"),
    ("tenhou", "天和"),
    ("chiihou", "地和"),
    ("daisangen", "大三元"),
    ("suuankou", "四暗刻"),
    ("suuankou_tanki", "四暗刻単騎"),
    ("tsuuiisou", "字一色"),
    ("ryuuiisou", "緑一色"),
    ("chinroutou", "清老頭"),
    ("chuuren", "九蓮宝燈"),
    ("junsei_chuuren", "純正九蓮宝燈"),
    ("kokushi", "国士無双"),
    ("kokushi_13", "国士無双１３面"),
    ("daisuushii", "大四喜"),
    ("shousuushii", "小四喜"),
    ("suukantsu", "四槓子"),
    ("dora", "ドラ"),
    ("ura_dora", "裏ドラ"),
    ("aka_dora", "赤ドラ"),
)

# Spellings other tools write in their tenhou.net/6 exports.
OTHER_NAMES: dict[str, str] = {
    "国士無双13面": "kokushi_13",
    "役牌白": "yakuhai_haku",
    "役牌発": "yakuhai_hatsu",
    "対対和": "toitoi",
    # Mahjong Soul's own names, which its log converters (e.g. tensoul) write: in Japanese ...
    "役牌:自風牌": "yakuhai_seat_wind",
    "役牌:場風牌": "yakuhai_round_wind",
    "ダブル立直": "double_riichi",
    "国士無双十三面待ち": "kokushi_13",
    "国士無双十三面": "kokushi_13",
    # ... or, set to English, in English.
    "Fully Concealed Hand": "menzen_tsumo",
    "Riichi": "riichi",
    "Ippatsu": "ippatsu",
    "Robbing a Kan": "chankan",
    "After a Kan": "rinshan",
    "Under the Sea": "haitei",
    "Under the River": "houtei",
    "Pinfu": "pinfu",
    "All Simples": "tanyao",
    "Pure Double Sequence": "iipeikou",
    "Seat Wind": "yakuhai_seat_wind",
    "Prevalent Wind": "yakuhai_round_wind",
    "White Dragon": "yakuhai_haku",
    "Green Dragon": "yakuhai_hatsu",
    "Red Dragon": "yakuhai_chun",
    "Double Riichi": "double_riichi",
    "Seven Pairs": "chiitoitsu",
    "Half Outside Hand": "chanta",
    "Pure Straight": "ittsu",
    "Mixed Triple Sequence": "sanshoku",
    "Triple Triplets": "sanshoku_doukou",
    "Three Quads": "sankantsu",
    "All Triplets": "toitoi",
    "Three Concealed Triplets": "sanankou",
    "Little Three Dragons": "shousangen",
    "All Terminals and Honors": "honroutou",
    "Twice Pure Double Sequence": "ryanpeikou",
    "Fully Outside Hand": "junchan",
    "Half Flush": "honitsu",
    "Full Flush": "chinitsu",
    "Hand of Man": "renhou",
    "Blessing of Heaven": "tenhou",
    "Blessing of Earth": "chiihou",
    "Big Three Dragons": "daisangen",
    "Four Concealed Triplets": "suuankou",
    "Single-wait Four Concealed Triplets": "suuankou_tanki",
    "All Honors": "tsuuiisou",
    "All Green": "ryuuiisou",
    "All Terminals": "chinroutou",
    "Nine Gates": "chuuren",
    "True Nine Gates": "junsei_chuuren",
    "Thirteen Orphans": "kokushi",
    "Thirteen-wait Thirteen Orphans": "kokushi_13",
    "Four Big Winds": "daisuushii",
    "Four Little Winds": "shousuushii",
    "Four Quads": "suukantsu",
    "Dora": "dora",
    "Ura Dora": "ura_dora",
    "Red Five": "aka_dora",
}


def _key(name: str) -> str:
    return "".join(ch for ch in name if ch not in " 　:：・-").casefold()


BY_NAME = {_key(name): ours for ours, name in TENHOU_YAKU}
BY_NAME.update({_key(name): ours for name, ours in OTHER_NAMES.items()})


def by_number(number: int) -> str | None:
    """Our id for Tenhou's yaku number, None for a number Tenhou does not use."""
    return TENHOU_YAKU[number][0] if 0 <= number < len(TENHOU_YAKU) else None


def by_name(name: str) -> str | None:
    """Our id for a tenhou.net/6 yaku name (spaces, colons, hyphens and letter case ignored)."""
    return BY_NAME.get(_key(name))
