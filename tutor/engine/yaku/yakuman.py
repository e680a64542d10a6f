"""Yakuman (RULES.md §4). When one is present, ordinary yaku and dora are ignored."""

from __future__ import annotations

from tutor.engine.context import Feature as F
from tutor.engine.context import WinContext
from tutor.engine.decompose import Reading, Shape, Wait
from tutor.engine.tiles import CHUN, EAST, GREEN_MASK, HAKU, HATSU, HONOR_MASK, NORTH, SOUTH, WEST
from tutor.engine.yaku.registry import HIT, MISS, Miss, Verdict, flag_yaku, yakuman

_TENHOU_WAIT = "a tenhou has no wait, so under double-yakuman rules it counts as the single yakuman"


def _wait_unknown(ctx: WinContext) -> bool:
    """RULES.md §4: on a tenhou the dealer had no wait, so a double-yakuman wait cannot be claimed."""
    return ctx.situation.tenhou and ctx.rules.double_yakuman


@yakuman(
    "kokushi",
    name="Kokushi musou",
    kanji="国士無双",
    about="One of each of the thirteen terminals and honours, plus one more of any of them.",
    messages={
        "hit": "all thirteen terminals and honours, with a pair",
        "none": "not the thirteen orphans",
        "thirteen": "it was a 13-sided wait (kokushi_13)",
    },
    closed_only=True,
    needs=F.ALL_ORPHANS,
    shape=Shape.KOKUSHI,
)
def kokushi(r: Reading, ctx: WinContext) -> Verdict:
    if r.wait is Wait.KOKUSHI:
        return HIT["hit"]
    if r.wait is Wait.KOKUSHI_13:
        return HIT["hit"] if _wait_unknown(ctx) else MISS["thirteen"]
    return MISS["none"]


@yakuman(
    "kokushi_13",
    name="Kokushi musou, 13-sided wait",
    spelled="Kokushi musou juusanmen machi",
    kanji="国士無双十三面待ち",
    about="Thirteen orphans won while holding all thirteen singles (any of them completed it).",
    messages={
        "hit": "all thirteen singles were held; any of them won",
        "none": "not a 13-sided kokushi wait",
        "tenhou": _TENHOU_WAIT,
    },
    closed_only=True,
    doubled=True,
    needs=F.ALL_ORPHANS,
    shape=Shape.KOKUSHI,
)
def kokushi_13(r: Reading, ctx: WinContext) -> Verdict:
    if r.wait is not Wait.KOKUSHI_13:
        return MISS["none"]
    return MISS["tenhou"] if _wait_unknown(ctx) else HIT["hit"]


@yakuman(
    "suuankou",
    name="Suuankou",
    kanji="四暗刻",
    about="Four concealed triplets; on a dual-pon wait only a tsumo completes it.",
    messages={
        "hit": "four concealed triplets",
        "none": "{count} concealed triplet(s); a triplet completed by ron counts as open",
        "tanki": "it was won on the pair (suuankou_tanki)",
    },
    closed_only=True,
    needs=F.TRIPLE,
    shape=Shape.STANDARD,
)
def suuankou(r: Reading, ctx: WinContext) -> Verdict:
    if r.concealed_triplets != 4:
        return Miss("none", count=r.concealed_triplets)
    return MISS["tanki"] if r.wait is Wait.TANKI and not _wait_unknown(ctx) else HIT["hit"]


@yakuman(
    "suuankou_tanki",
    name="Suuankou tanki",
    kanji="四暗刻単騎",
    about="Four concealed triplets won on the pair (a single-tile wait).",
    messages={
        "hit": "four concealed triplets, won on the pair",
        "none": "not four concealed triplets won on the pair",
        "tenhou": _TENHOU_WAIT,
    },
    closed_only=True,
    doubled=True,
    needs=F.TRIPLE,
    shape=Shape.STANDARD,
)
def suuankou_tanki(r: Reading, ctx: WinContext) -> Verdict:
    if r.concealed_triplets != 4 or r.wait is not Wait.TANKI:
        return MISS["none"]
    return MISS["tenhou"] if _wait_unknown(ctx) else HIT["hit"]


@yakuman(
    "daisangen",
    name="Daisangen",
    kanji="大三元",
    about="Triplets or kans of all three dragons.",
    messages={"hit": "triplets of all three dragons", "none": "not all three dragons are triplets"},
    needs=F.MANY_DRAGONS,
    shape=Shape.STANDARD,
)
def daisangen(r: Reading, ctx: WinContext) -> Verdict:
    trips = r.triplets
    if len(trips) >= 3 and HAKU in trips and HATSU in trips and CHUN in trips:
        return HIT["hit"]
    return MISS["none"]


@yakuman(
    "shousuushii",
    name="Shousuushii",
    kanji="小四喜",
    about="Three wind triplets and a wind pair.",
    messages={"hit": "three wind triplets and a wind pair", "none": "not three wind triplets with a wind pair"},
    needs=F.MANY_WINDS,
    shape=Shape.STANDARD,
)
def shousuushii(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD or not EAST <= r.pair <= NORTH or len(r.triplets) < 3:
        return MISS["none"]
    return HIT["hit"] if sum(1 for t in r.triplets if EAST <= t <= NORTH) == 3 else MISS["none"]


@yakuman(
    "daisuushii",
    name="Daisuushii",
    kanji="大四喜",
    about="Triplets or kans of all four winds.",
    messages={"hit": "triplets of all four winds", "none": "not all four winds are triplets"},
    doubled=True,
    needs=F.MANY_WINDS,
    shape=Shape.STANDARD,
)
def daisuushii(r: Reading, ctx: WinContext) -> Verdict:
    trips = r.triplets
    if len(trips) == 4 and trips[0] == EAST and trips[3] == NORTH and trips[1] == SOUTH and trips[2] == WEST:
        return HIT["hit"]
    return MISS["none"]


@yakuman(
    "tsuuiisou",
    name="Tsuuiisou",
    kanji="字一色",
    about="Every tile is an honour.",
    messages={"hit": "every tile is an honour", "none": "not every tile is an honour"},
    needs=F.ALL_HONOURS,
    hand_only=True,
)
def tsuuiisou(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.mask & ~HONOR_MASK == 0 else MISS["none"]


@yakuman(
    "ryuuiisou",
    name="Ryuuiisou",
    kanji="緑一色",
    about="Only green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon (optional).",
    messages={
        "hit": "every tile is green",
        "none": "not every tile is green (2, 3, 4, 6 and 8 of bamboo and the green dragon)",
    },
    needs=F.ALL_GREEN,
    hand_only=True,
)
def ryuuiisou(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.mask & ~GREEN_MASK == 0 else MISS["none"]


@yakuman(
    "chinroutou",
    name="Chinroutou",
    kanji="清老頭",
    about="Every tile is a terminal (1 or 9).",
    messages={"hit": "every tile is a 1 or a 9", "none": "not every tile is a terminal"},
    needs=F.ALL_TERMINALS,
    hand_only=True,
)
def chinroutou(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if ctx.all_yaochuu and not ctx.has_honors else MISS["none"]


@yakuman(
    "suukantsu",
    name="Suukantsu",
    kanji="四槓子",
    about="Four kans.",
    messages={"hit": "four kans", "none": "fewer than four kans"},
    needs=F.FOUR_KANS,
    shape=Shape.STANDARD,
)
def suukantsu(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if r.quads == 4 else MISS["none"]


_CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _chuuren_suit(ctx: WinContext) -> int | None:
    """First index of the suit when the hand is 1112345678999 plus one tile of that suit."""
    if ctx.hand.melds or len(ctx.suits) != 1 or ctx.has_honors:
        return None
    base = 9 * "mps".index(ctx.suits)
    counts = ctx.counts[base : base + 9]
    if all(n >= need for n, need in zip(counts, _CHUUREN_BASE, strict=True)):
        return base
    return None


def _is_junsei(ctx: WinContext, base: int) -> bool:
    """Before the winning tile, the hand was exactly 1112345678999: a nine-sided wait."""
    counts = ctx.counts[base : base + 9]
    counts[ctx.hand.win.index - base] -= 1
    return tuple(counts) == _CHUUREN_BASE


@yakuman(
    "chuuren",
    name="Chuuren poutou",
    kanji="九蓮宝燈",
    about="A closed hand of 1112345678999 in one suit plus any tile of that suit.",
    messages={
        "hit": "1112345678999 plus one more tile of the suit",
        "none": "not the nine gates shape",
        "junsei": "the wait was nine-sided (junsei_chuuren)",
    },
    closed_only=True,
    needs=F.ONE_SUIT | F.NO_HONOURS | F.NO_MELDS,
    hand_only=True,
)
def chuuren(r: Reading, ctx: WinContext) -> Verdict:
    base = _chuuren_suit(ctx)
    if base is None:
        return MISS["none"]
    return MISS["junsei"] if _is_junsei(ctx, base) and not _wait_unknown(ctx) else HIT["hit"]


@yakuman(
    "junsei_chuuren",
    name="Junsei chuuren poutou",
    kanji="純正九蓮宝燈",
    about="Nine gates won on a nine-sided wait: the hand held exactly 1112345678999.",
    messages={
        "hit": "the hand held exactly 1112345678999 and any tile of the suit won",
        "none": "not a nine-sided nine gates wait",
        "tenhou": _TENHOU_WAIT,
    },
    closed_only=True,
    doubled=True,
    needs=F.ONE_SUIT | F.NO_HONOURS | F.NO_MELDS,
    hand_only=True,
)
def junsei_chuuren(r: Reading, ctx: WinContext) -> Verdict:
    base = _chuuren_suit(ctx)
    if base is None or not _is_junsei(ctx, base):
        return MISS["none"]
    return MISS["tenhou"] if _wait_unknown(ctx) else HIT["hit"]


flag_yaku(
    "tenhou",
    name="Tenhou",
    kanji="天和",
    han=13,
    open_han=None,
    about="The dealer's fourteen starting tiles already form a winning hand.",
    hit="the dealer won with the starting hand",
    flag="tenhou",
    yakuman=1,
)


flag_yaku(
    "chiihou",
    name="Chiihou",
    kanji="地和",
    han=13,
    open_han=None,
    about="A non-dealer wins by tsumo on their first draw, with no call before it.",
    hit="a non-dealer won on the first draw",
    flag="chiihou",
    yakuman=1,
)
