"""Yaku made by the tiles: 1 to 6 han (RULES.md §3)."""

from __future__ import annotations

from tutor.engine.context import Feature as F
from tutor.engine.context import WinContext
from tutor.engine.decompose import Group, Reading, Shape, Wait
from tutor.engine.tiles import (
    CHUN,
    DRAGONS,
    HAKU,
    HATSU,
    IS_TERMINAL,
    IS_YAOCHUU,
    WINDS,
    YAOCHUU_MASK,
    KindSet,
    index_name,
    pair_notation,
)
from tutor.engine.yaku.registry import HIT, MISS, Hit, Miss, Verdict, yaku


def pinfu_shape(r: Reading, ctx: WinContext) -> Verdict:
    """Closed, four sequences, a pair that is not a value tile, a two-sided wait.

    The fu count asks this too: a pinfu tsumo is 20 fu.
    """
    if r.shape is not Shape.STANDARD:
        return MISS["not_standard"]
    if not ctx.is_closed:
        return MISS["open"]
    if r.triplets:
        for group in r.groups:
            if not group.is_sequence:
                return _group_miss(_TRIPLET_MISSES, "triplet", group)
    if r.pair in ctx.value_kinds:
        verdict = _VALUE_PAIR_MISSES.get(r.pair)
        if verdict is None:
            verdict = _VALUE_PAIR_MISSES[r.pair] = Miss("value_pair", pair=pair_notation(r.pair))
        return verdict
    if r.wait is not Wait.RYANMEN:
        return _WAIT_MISSES[r.wait]
    return HIT["hit"]


_WAIT_MISSES = {wait: Miss("wait", wait=wait.value) for wait in Wait}
# Misses that name a group or a pair are shared too, like the plain ones: groups are shared objects,
# and pinfu (asked by the fu count as well) and toitoi miss on most hands.
_TRIPLET_MISSES: dict[Group, Verdict] = {}
_SEQUENCE_MISSES: dict[Group, Verdict] = {}
_VALUE_PAIR_MISSES: dict[int, Verdict] = {}


def _group_miss(misses: dict[Group, Verdict], reason: str, group: Group) -> Verdict:
    verdict = misses.get(group)
    if verdict is None:
        verdict = misses[group] = Miss(reason, group=group)
    return verdict


@yaku(
    "pinfu",
    name="Pinfu",
    kanji="平和",
    han=1,
    open_han=None,
    about="A closed hand of four sequences and a non-value pair, won on a two-sided wait.",
    messages={
        "hit": "four sequences, a plain pair and a two-sided wait",
        "triplet": "{group} is a triplet; pinfu needs four sequences",
        "value_pair": "the pair {pair} is a value tile and earns fu",
        "wait": "the winning tile was a {wait} wait, not two-sided (ryanmen)",
        "tsumo_rule": "under these rules tsumo keeps its 2 fu, so pinfu is not awarded on tsumo",
    },
    shape=Shape.STANDARD,
)
def pinfu(r: Reading, ctx: WinContext) -> Verdict:
    verdict = pinfu_shape(r, ctx)
    if verdict.hit and ctx.tsumo and ctx.rules.pinfu_tsumo_fu:
        return MISS["tsumo_rule"]
    return verdict


@yaku(
    "tanyao",
    name="Tanyao",
    kanji="断幺九",
    han=1,
    open_han=1,
    about="All simples: no terminal (1 or 9) and no honour anywhere in the hand.",
    messages={
        "hit": "every tile is a simple (2-8)",
        "yaochuu": "terminals and honours break tanyao, and the hand holds {tiles}",
        "open_rule": "open tanyao (kuitan) is off under these rules",
    },
    needs=F.ALL_SIMPLES,
    hand_only=True,
)
def tanyao(r: Reading, ctx: WinContext) -> Verdict:
    if not ctx.all_simples:
        return Miss("yaochuu", tiles=KindSet(ctx.mask & YAOCHUU_MASK))
    if not ctx.is_closed and not ctx.rules.open_tanyao:
        return MISS["open_rule"]
    return HIT["hit"]


@yaku(
    "iipeikou",
    name="Iipeikou",
    kanji="一盃口",
    han=1,
    open_han=None,
    about="Two identical sequences in a closed hand.",
    messages={"hit": "the sequence {group} appears twice", "none": "no sequence appears twice"},
    shape=Shape.STANDARD,
)
def iipeikou(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD:
        return MISS["not_standard"]
    if not ctx.is_closed:
        return MISS["open"]
    seqs = r.sequences
    for i in range(len(seqs) - 1):
        if seqs[i] == seqs[i + 1]:
            return Hit(group=_sequence(seqs[i]))
    return MISS["none"]


def _sequence(first: int) -> str:
    return f"{first % 9 + 1}{first % 9 + 2}{first % 9 + 3}{'mps'[first // 9]}"


def _yakuhai(kind: int, describe: str, colour: str) -> None:
    """Register the yakuhai for one dragon."""
    name = f"the {colour} dragon"

    @yaku(
        f"yakuhai_{describe}",
        name=f"Yakuhai: {describe}",
        spelled=f"Yakuhai {describe}",
        kanji={HAKU: "役牌 白", HATSU: "役牌 發", CHUN: "役牌 中"}[kind],
        han=1,
        open_han=1,
        about=f"A triplet or kan of {name}.",
        messages={"hit": f"a triplet of {name}", "none": f"no triplet of {name}"},
        needs=F.DRAGON_TRIPLE,
        shape=Shape.STANDARD,
    )
    def check(r: Reading, ctx: WinContext) -> Verdict:
        return HIT["hit"] if kind in r.triplets else MISS["none"]


_yakuhai(HAKU, "haku", "white")
_yakuhai(HATSU, "hatsu", "green")
_yakuhai(CHUN, "chun", "red")


@yaku(
    "yakuhai_seat_wind",
    name="Yakuhai: seat wind",
    spelled="Yakuhai jikaze",
    kanji="役牌 自風",
    han=1,
    open_han=1,
    about="A triplet or kan of your own seat wind.",
    messages={"hit": "a triplet of the seat wind {tile}", "none": "no triplet of the seat wind {tile}"},
    needs=F.WIND_TRIPLE,
    shape=Shape.STANDARD,
)
def yakuhai_seat_wind(r: Reading, ctx: WinContext) -> Verdict:
    wind = ctx.seat_wind
    return _WIND_HITS[wind] if wind in r.triplets else _WIND_MISSES[wind]


_WIND_HITS = {wind: Hit(tile=index_name(wind)) for wind in WINDS}
_WIND_MISSES = {wind: Miss("none", tile=index_name(wind)) for wind in WINDS}


@yaku(
    "yakuhai_round_wind",
    name="Yakuhai: round wind",
    spelled="Yakuhai bakaze",
    kanji="役牌 場風",
    han=1,
    open_han=1,
    about="A triplet or kan of the round wind.",
    messages={"hit": "a triplet of the round wind {tile}", "none": "no triplet of the round wind {tile}"},
    needs=F.WIND_TRIPLE,
    shape=Shape.STANDARD,
)
def yakuhai_round_wind(r: Reading, ctx: WinContext) -> Verdict:
    wind = ctx.round_wind
    return _WIND_HITS[wind] if wind in r.triplets else _WIND_MISSES[wind]


@yaku(
    "chiitoitsu",
    name="Chiitoitsu",
    kanji="七対子",
    han=2,
    open_han=None,
    about="Seven different pairs; always 25 fu.",
    messages={"hit": "seven different pairs", "none": "the hand is not read as seven pairs"},
    shape=Shape.CHIITOITSU,
)
def chiitoitsu(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if r.shape is Shape.CHIITOITSU else MISS["none"]


@yaku(
    "chanta",
    name="Chanta",
    kanji="混全帯幺九",
    han=2,
    open_han=1,
    about="Every group and the pair hold a terminal or honour; at least one honour and one sequence.",
    messages={
        "hit": "every group and the pair hold a terminal or an honour",
        "group": "{group} has no terminal or honour",
        "no_honor": "there is no honour (all terminals is junchan)",
        "no_sequence": "there is no sequence (that would be honroutou)",
    },
    needs=F.HONOURS | F.TERMINALS | F.SIMPLES,
    shape=Shape.STANDARD,
)
def chanta(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD:
        return MISS["not_standard"]
    for group in r.groups:
        if not group.has_yaochuu:
            return Miss("group", group=group)
    if not IS_YAOCHUU[r.pair]:
        return Miss("group", group=pair_notation(r.pair))
    if not ctx.has_honors:
        return MISS["no_honor"]
    return HIT["hit"] if r.sequences else MISS["no_sequence"]


@yaku(
    "junchan",
    name="Junchan",
    kanji="純全帯幺九",
    han=3,
    open_han=2,
    about="Every group and the pair hold a terminal; no honours; at least one sequence.",
    messages={
        "hit": "every group and the pair hold a 1 or a 9",
        "group": "{group} has no terminal",
        "honor": "the hand has honours (that would be chanta)",
        "no_sequence": "there is no sequence",
    },
    supersedes=("chanta",),
    needs=F.TERMINALS | F.NO_HONOURS | F.SIMPLES,
    shape=Shape.STANDARD,
)
def junchan(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD:
        return MISS["not_standard"]
    if ctx.has_honors:
        return MISS["honor"]
    for group in r.groups:
        if not group.has_terminal:
            return Miss("group", group=group)
    if not IS_TERMINAL[r.pair]:
        return Miss("group", group=pair_notation(r.pair))
    return HIT["hit"] if r.sequences else MISS["no_sequence"]


@yaku(
    "ittsu",
    name="Ittsu",
    kanji="一気通貫",
    han=2,
    open_han=1,
    about="The straight 123, 456, 789 of one suit as three sequences.",
    messages={"hit": "123, 456 and 789 of {suit}", "none": "no suit has 123, 456 and 789 as sequences"},
    shape=Shape.STANDARD,
)
def ittsu(r: Reading, ctx: WinContext) -> Verdict:
    seqs = r.sequences
    if len(seqs) >= 3:
        for base, suit in ((0, "m"), (9, "p"), (18, "s")):
            if base in seqs and base + 3 in seqs and base + 6 in seqs:
                return Hit(suit=suit)
    return MISS["none"]


@yaku(
    "sanshoku",
    name="Sanshoku doujun",
    kanji="三色同順",
    han=2,
    open_han=1,
    about="The same sequence in all three suits.",
    messages={"hit": "the sequence {numbers} in all three suits", "none": "no sequence appears in all three suits"},
    needs=F.THREE_SUITS,
    shape=Shape.STANDARD,
)
def sanshoku(r: Reading, ctx: WinContext) -> Verdict:
    seqs = r.sequences
    if len(seqs) >= 3:
        for first in seqs:
            if first < 9 and first + 9 in seqs and first + 18 in seqs:
                return Hit(numbers=f"{first + 1}{first + 2}{first + 3}")
    return MISS["none"]


@yaku(
    "sanshoku_doukou",
    name="Sanshoku doukou",
    kanji="三色同刻",
    han=2,
    open_han=2,
    about="Triplets (or kans) of the same number in all three suits.",
    messages={"hit": "triplets of {number} in all three suits", "none": "no number is a triplet in all three suits"},
    needs=F.THREE_SUITS | F.TRIPLE,
    shape=Shape.STANDARD,
)
def sanshoku_doukou(r: Reading, ctx: WinContext) -> Verdict:
    trips = r.triplets
    if len(trips) >= 3:
        for first in trips:
            if first < 9 and first + 9 in trips and first + 18 in trips:
                return Hit(number=first + 1)
    return MISS["none"]


@yaku(
    "sankantsu",
    name="Sankantsu",
    kanji="三槓子",
    han=2,
    open_han=2,
    about="Three kans of any kind.",
    messages={"hit": "three kans", "none": "{count} kan(s), not three"},
    needs=F.THREE_KANS,
    shape=Shape.STANDARD,
)
def sankantsu(r: Reading, ctx: WinContext) -> Verdict:
    return HIT["hit"] if r.quads == 3 else _KAN_COUNT_MISSES[r.quads]


_KAN_COUNT_MISSES = [Miss("none", count=n) for n in range(5)]


@yaku(
    "toitoi",
    name="Toitoi",
    kanji="対々和",
    han=2,
    open_han=2,
    about="Four triplets or kans and a pair; no sequence. It does not need a call.",
    messages={"hit": "four triplets and a pair", "sequence": "{group} is a sequence"},
    needs=F.TRIPLE,
    shape=Shape.STANDARD,
)
def toitoi(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD:
        return MISS["not_standard"]
    if r.sequences:
        for group in r.groups:
            if group.is_sequence:
                return _group_miss(_SEQUENCE_MISSES, "sequence", group)
    return HIT["hit"]


@yaku(
    "sanankou",
    name="Sanankou",
    kanji="三暗刻",
    han=2,
    open_han=2,
    about="Three concealed triplets (closed kans count; a triplet completed by ron does not).",
    messages={
        "hit": "three concealed triplets",
        "none": "{count} concealed triplet(s); a triplet completed by ron counts as open",
    },
    needs=F.TRIPLE,
    shape=Shape.STANDARD,
)
def sanankou(r: Reading, ctx: WinContext) -> Verdict:
    count = r.concealed_triplets
    return HIT["hit"] if count >= 3 else _CONCEALED_COUNT_MISSES[count]


_CONCEALED_COUNT_MISSES = [Miss("none", count=n) for n in range(5)]


@yaku(
    "shousangen",
    name="Shousangen",
    kanji="小三元",
    han=2,
    open_han=2,
    about="Two dragon triplets and a dragon pair (the two dragon yakuhai count as well).",
    messages={"hit": "two dragon triplets and a dragon pair", "none": "not two dragon triplets with a dragon pair"},
    needs=F.MANY_DRAGONS,
    shape=Shape.STANDARD,
)
def shousangen(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD or r.pair not in DRAGONS:
        return MISS["none"]
    dragon_triplets = sum(1 for t in r.triplets if t in DRAGONS)
    return HIT["hit"] if dragon_triplets == 2 else MISS["none"]


@yaku(
    "honroutou",
    name="Honroutou",
    kanji="混老頭",
    han=2,
    open_han=2,
    about="Only terminals and honours, both present (always with toitoi or chiitoitsu).",
    messages={
        "hit": "only terminals and honours",
        "simple": "the hand holds simples (2-8)",
        "both": "it needs both terminals and honours",
    },
    supersedes=("chanta", "junchan"),
    needs=F.ALL_YAOCHUU,
)
def honroutou(r: Reading, ctx: WinContext) -> Verdict:
    if not ctx.all_yaochuu:
        return MISS["simple"]
    if r.shape is Shape.KOKUSHI:
        return MISS["not_standard"]
    return HIT["hit"] if ctx.has_terminals and ctx.has_honors else MISS["both"]


@yaku(
    "ryanpeikou",
    name="Ryanpeikou",
    kanji="二盃口",
    han=3,
    open_han=None,
    about="Two pairs of identical sequences in a closed hand.",
    messages={"hit": "two pairs of identical sequences", "none": "not two pairs of identical sequences"},
    supersedes=("iipeikou",),
    shape=Shape.STANDARD,
)
def ryanpeikou(r: Reading, ctx: WinContext) -> Verdict:
    if r.shape is not Shape.STANDARD:
        return MISS["not_standard"]
    if not ctx.is_closed:
        return MISS["open"]
    seqs = r.sequences
    if len(seqs) == 4 and seqs[0] == seqs[1] and seqs[2] == seqs[3]:
        return HIT["hit"]
    return MISS["none"]


_SUIT_COUNT_MISSES = [Miss("suits", count=n) for n in range(4)]
_SUIT_HITS = {suit: Hit(suit=suit) for suit in "mps"}


@yaku(
    "honitsu",
    name="Honitsu",
    kanji="混一色",
    han=3,
    open_han=2,
    about="One suit plus honours.",
    messages={
        "hit": "one suit ({suit}) plus honours",
        "suits": "the hand uses {count} suits",
        "no_honor": "there are no honours (one suit alone is chinitsu)",
    },
    needs=F.ONE_SUIT | F.HONOURS,
    hand_only=True,
)
def honitsu(r: Reading, ctx: WinContext) -> Verdict:
    if len(ctx.suits) != 1:
        return _SUIT_COUNT_MISSES[len(ctx.suits)]
    return _SUIT_HITS[ctx.suits] if ctx.has_honors else MISS["no_honor"]


@yaku(
    "chinitsu",
    name="Chinitsu",
    kanji="清一色",
    han=6,
    open_han=5,
    about="Every tile from one suit, no honours.",
    messages={
        "hit": "every tile is from one suit ({suit})",
        "suits": "the hand uses {count} suits",
        "honor": "the hand has honours (that is honitsu)",
    },
    supersedes=("honitsu",),
    needs=F.ONE_SUIT | F.NO_HONOURS,
    hand_only=True,
)
def chinitsu(r: Reading, ctx: WinContext) -> Verdict:
    if len(ctx.suits) != 1:
        return _SUIT_COUNT_MISSES[len(ctx.suits)]
    return MISS["honor"] if ctx.has_honors else _SUIT_HITS[ctx.suits]
