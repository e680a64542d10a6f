"""Yaku decided by how the hand was won rather than by its tiles (RULES.md §3.1-3.2)."""

from __future__ import annotations

from ..context import WinContext
from ..decompose import Reading
from .registry import HIT, MISS, Verdict, yaku



@yaku(
    "riichi", "Riichi", "立直", 1, None,
    about="Declared riichi: closed, tenpai, 1000 points on the table.",
    messages={"hit": "riichi was declared on a closed hand", "double": "double riichi is counted instead"},
    flag="riichi",
)
def riichi(r: Reading, ctx: WinContext) -> Verdict:
    s = ctx.situation
    if s.double_riichi:
        return MISS["double"]
    return HIT["hit"] if s.riichi else MISS["flag"]


@yaku(
    "double_riichi", "Double riichi", "ダブル立直", 2, None,
    about="Riichi declared on your very first discard, with no call before it; it replaces riichi.",
    messages={"hit": "riichi was declared on the first discard"},
    supersedes=("riichi",),
    flag="double_riichi",
)
def double_riichi(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.situation.double_riichi else MISS["flag"]


@yaku(
    "ippatsu", "Ippatsu", "一発", 1, None,
    about="Won within one go-around after riichi, with no call by anyone in between.",
    messages={"hit": "won within one go-around of the riichi"},
    flag="ippatsu",
)
def ippatsu(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.situation.ippatsu else MISS["flag"]


@yaku(
    "menzen_tsumo", "Menzen tsumo", "門前清自摸和", 1, None,
    about="A closed hand that wins by drawing its own winning tile.",
    messages={"hit": "a closed hand won by tsumo", "ron": "the hand was won by ron"},
    flag="tsumo",
)
def menzen_tsumo(r: Reading, ctx: WinContext) -> Verdict:
    if not ctx.tsumo:
        return MISS["ron"]
    return HIT["hit"] if ctx.is_closed else MISS["open"]


@yaku(
    "haitei", "Haitei raoyue", "海底撈月", 1, 1,
    about="Tsumo on the last tile of the live wall.",
    messages={"hit": "won by tsumo on the last tile of the wall"},
    flag="haitei",
)
def haitei(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.situation.haitei else MISS["flag"]


@yaku(
    "houtei", "Houtei raoyui", "河底撈魚", 1, 1,
    about="Ron on the last discard of the hand.",
    messages={"hit": "won by ron on the last discard"},
    flag="houtei",
)
def houtei(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.situation.houtei else MISS["flag"]


@yaku(
    "rinshan", "Rinshan kaihou", "嶺上開花", 1, 1,
    about="Tsumo on the replacement tile drawn after declaring a kan.",
    messages={"hit": "won on the replacement tile after a kan"},
    flag="rinshan",
)
def rinshan(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.situation.rinshan else MISS["flag"]


@yaku(
    "chankan", "Chankan", "槍槓", 1, 1,
    about="Ron on the tile another player adds to a pon to make a kan.",
    messages={"hit": "won by robbing the tile added to a kan"},
    flag="chankan",
)
def chankan(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.situation.chankan else MISS["flag"]
