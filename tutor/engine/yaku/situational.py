"""Yaku decided by how the hand was won rather than by its tiles (RULES.md §3.1-3.2)."""

from __future__ import annotations

from tutor.engine.context import WinContext
from tutor.engine.decompose import Reading
from tutor.engine.yaku.registry import HIT, MISS, Verdict, flag_yaku, yaku


@yaku(
    "riichi",
    name="Riichi",
    kanji="立直",
    han=1,
    open_han=None,
    about="Declared riichi: closed, tenpai, 1000 points on the table.",
    messages={"hit": "riichi was declared on a closed hand", "double": "double riichi is counted instead"},
    flag="riichi",
    hand_only=True,
)
def riichi(r: Reading, ctx: WinContext) -> Verdict:
    s = ctx.situation
    if s.double_riichi:
        return MISS["double"]
    return HIT["hit"] if s.riichi else MISS["flag"]


flag_yaku(
    "double_riichi",
    name="Double riichi",
    spelled="Daburu riichi",
    kanji="ダブル立直",
    han=2,
    open_han=None,
    about="Riichi declared on your very first discard, with no call before it; it replaces riichi.",
    hit="riichi was declared on the first discard",
    flag="double_riichi",
    supersedes=("riichi",),
)


flag_yaku(
    "ippatsu",
    name="Ippatsu",
    kanji="一発",
    han=1,
    open_han=None,
    about="Won within one go-around after riichi, with no call by anyone in between.",
    hit="won within one go-around of the riichi",
    flag="ippatsu",
)


@yaku(
    "menzen_tsumo",
    name="Menzen tsumo",
    kanji="門前清自摸和",
    han=1,
    open_han=None,
    about="A closed hand that wins by drawing its own winning tile.",
    messages={"hit": "a closed hand won by tsumo", "ron": "the hand was won by ron"},
    flag="tsumo",
    hand_only=True,
)
def menzen_tsumo(r: Reading, ctx: WinContext) -> Verdict:
    if not ctx.tsumo:
        return MISS["ron"]
    return HIT["hit"] if ctx.is_closed else MISS["open"]


flag_yaku(
    "haitei",
    name="Haitei raoyue",
    kanji="海底撈月",
    han=1,
    open_han=1,
    about="Tsumo on the last tile of the live wall.",
    hit="won by tsumo on the last tile of the wall",
    flag="haitei",
)


flag_yaku(
    "houtei",
    name="Houtei raoyui",
    kanji="河底撈魚",
    han=1,
    open_han=1,
    about="Ron on the last discard of the hand.",
    hit="won by ron on the last discard",
    flag="houtei",
)


flag_yaku(
    "rinshan",
    name="Rinshan kaihou",
    kanji="嶺上開花",
    han=1,
    open_han=1,
    about="Tsumo on the replacement tile drawn after declaring a kan.",
    hit="won on the replacement tile after a kan",
    flag="rinshan",
)


flag_yaku(
    "chankan",
    name="Chankan",
    kanji="槍槓",
    han=1,
    open_han=1,
    about="Ron on the tile another player adds to a pon to make a kan.",
    hit="won by robbing the tile added to a kan",
    flag="chankan",
)
