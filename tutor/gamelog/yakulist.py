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

BY_NAME = {name: ours for ours, name in TENHOU_YAKU}
# Spellings other tools write in their tenhou.net/6 exports.
BY_NAME.update({"国士無双13面": "kokushi_13", "役牌白": "yakuhai_haku", "役牌発": "yakuhai_hatsu", "対対和": "toitoi"})


def by_number(number: int) -> str | None:
    """Our id for Tenhou's yaku number, None for a number Tenhou does not use."""
    return TENHOU_YAKU[number][0] if 0 <= number < len(TENHOU_YAKU) else None


def by_name(name: str) -> str | None:
    """Our id for a tenhou.net/6 yaku name (spaces, colons and the like ignored)."""
    key = "".join(ch for ch in name if ch not in " 　:：・")
    return BY_NAME.get(key)
