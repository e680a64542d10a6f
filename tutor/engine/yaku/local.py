"""Optional local yaku (RULES.md §5), all off under the Tenhou rules.

Each is switched on by the RuleSet option named in ``rule=``. To add another
local yaku, add its option to :class:`~tutor.engine.rules.RuleSet` and a rule here.
"""

from __future__ import annotations

from tutor.engine.context import Feature as F
from tutor.engine.context import WinContext
from tutor.engine.decompose import Reading, Shape
from tutor.engine.tiles import HONOR_MASK
from tutor.engine.yaku.registry import HIT, MISS, Verdict, flag_yaku, yakuman

flag_yaku(
    "renhou",
    name="Renhou",
    kanji="人和",
    han=13,
    open_han=None,
    about="A non-dealer wins by ron before their first draw, with no call before it.",
    hit="a non-dealer won by ron before their first draw",
    flag="renhou",
    yakuman=1,
    rule="renhou",
)


_WHEEL = (0, 2, 2, 2, 2, 2, 2, 2, 0)


@yakuman(
    "daisharin",
    name="Daisharin",
    kanji="大車輪",
    about="Two each of 2 to 8 in circles, seven pairs in one suit (some tables allow any suit).",
    messages={
        "hit": "22334455667788 in one suit",
        "none": "not 22334455667788 in circles",
        "none_any_suit": "not 22334455667788 in any one suit",
    },
    closed_only=True,
    rule="daisharin",
    needs=F.ONE_SUIT | F.NO_HONOURS | F.NO_MELDS | F.ALL_SIMPLES,
    hand_only=True,
)
def daisharin(r: Reading, ctx: WinContext) -> Verdict:
    any_suit = ctx.rules.daisharin == "any_suit"
    bases = (0, 9, 18) if any_suit else (9,)
    for base in bases:
        if tuple(ctx.counts[base : base + 9]) == _WHEEL:
            return HIT["hit"]
    return MISS["none_any_suit" if any_suit else "none"]


@yakuman(
    "daichisei",
    name="Daichisei",
    kanji="大七星",
    about="Seven pairs of the seven honours; it replaces tsuuiisou.",
    messages={"hit": "seven pairs, all honours", "none": "not seven pairs of honours"},
    closed_only=True,
    doubled=True,
    supersedes=("tsuuiisou",),
    rule="daichisei",
    needs=F.ALL_HONOURS | F.NO_MELDS,
    shape=Shape.CHIITOITSU,
)
def daichisei(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is Shape.CHIITOITSU and ctx.mask & ~HONOR_MASK == 0:
        return HIT["hit"]
    return MISS["none"]
