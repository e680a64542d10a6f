"""Facts about a win that do not depend on how the hand is read.

Computed once per hand and shared by every reading, yaku rule and fu item.
Tile-family questions ("any honour?", "one suit only?") are answered with
bit masks of the kinds held (see :data:`~tutor.engine.tiles.HONOR_MASK`).
"""

from __future__ import annotations

from tutor.engine.hand import Hand, MeldKind
from tutor.engine.rules import RuleSet
from tutor.engine.situation import Situation, wind_index
from tutor.engine.tiles import DRAGONS, GREEN_MASK, HONOR_MASK, SIMPLE_MASK, SUIT_MASKS, TERMINAL_MASK, YAOCHUU_MASK


class Feature:
    """Cheap facts about the whole hand, as bits of :attr:`WinContext.features`.

    A yaku lists the facts it cannot do without (``needs=`` on its rule), so the
    scorer skips its check on hands that lack one. The check still decides; a
    test makes sure no ``needs`` ever hides a yaku.
    """

    SIMPLES = 1 << 0
    """Holds a 2-8."""
    TERMINALS = 1 << 1
    """Holds a 1 or a 9."""
    HONOURS = 1 << 2
    NO_HONOURS = 1 << 3
    ALL_SIMPLES = 1 << 4
    ALL_YAOCHUU = 1 << 5
    """Only terminals and honours."""
    ALL_HONOURS = 1 << 6
    ALL_TERMINALS = 1 << 7
    ALL_GREEN = 1 << 8
    ONE_SUIT = 1 << 9
    """At most one number suit."""
    THREE_SUITS = 1 << 10
    TRIPLE = 1 << 11
    """Some kind held three or more times."""
    DRAGON_TRIPLE = 1 << 12
    WIND_TRIPLE = 1 << 13
    MANY_DRAGONS = 1 << 14
    """Eight or more dragon tiles (two triplets and a pair)."""
    MANY_WINDS = 1 << 15
    """Eleven or more wind tiles (three triplets and a pair)."""
    THREE_KANS = 1 << 16
    FOUR_KANS = 1 << 17
    ALL_ORPHANS = 1 << 18
    """Every terminal and honour kind held (thirteen orphans)."""
    NO_MELDS = 1 << 19


def features(hand: Hand, suits: str) -> int:
    """The :class:`Feature` bits of a hand."""
    mask = hand.mask
    counts = hand.counts
    f = Feature.SIMPLES if mask & SIMPLE_MASK else Feature.ALL_YAOCHUU
    if mask & TERMINAL_MASK:
        f |= Feature.TERMINALS
    f |= Feature.HONOURS if mask & HONOR_MASK else Feature.NO_HONOURS
    if not mask & YAOCHUU_MASK:
        f |= Feature.ALL_SIMPLES
    if not mask & ~HONOR_MASK:
        f |= Feature.ALL_HONOURS
    if not mask & ~TERMINAL_MASK:
        f |= Feature.ALL_TERMINALS
    if not mask & ~GREEN_MASK:
        f |= Feature.ALL_GREEN
    if mask & YAOCHUU_MASK == YAOCHUU_MASK:
        f |= Feature.ALL_ORPHANS
    f |= Feature.ONE_SUIT if len(suits) <= 1 else Feature.THREE_SUITS if len(suits) == 3 else 0
    if max(counts) >= 3:
        f |= Feature.TRIPLE
        dragons = counts[31:34]
        if max(dragons) >= 3:
            f |= Feature.DRAGON_TRIPLE
            if sum(dragons) >= 8:
                f |= Feature.MANY_DRAGONS
        winds = counts[27:31]
        if max(winds) >= 3:
            f |= Feature.WIND_TRIPLE
            if sum(winds) >= 11:
                f |= Feature.MANY_WINDS
    if hand.melds:
        kans = 0
        for m in hand.melds:
            if m.kind in _KANS:
                kans += 1
        if kans >= 3:
            f |= Feature.THREE_KANS | (Feature.FOUR_KANS if kans == 4 else 0)
    else:
        f |= Feature.NO_MELDS
    return f


_KANS = frozenset((MeldKind.MINKAN, MeldKind.ANKAN))


class WinContext:
    __slots__ = (
        "hand",
        "situation",
        "rules",
        "counts",
        "mask",
        "is_closed",
        "tsumo",
        "is_dealer",
        "seat_wind",
        "round_wind",
        "value_kinds",
        "suits",
        "has_honors",
        "has_terminals",
        "all_yaochuu",
        "all_simples",
        "features",
    )

    hand: Hand
    situation: Situation
    rules: RuleSet
    counts: list[int]
    """How many of each kind in the whole hand, melds included (kans with four)."""
    mask: int
    """The kinds held, as a bit mask (bit i set when kind i is held)."""
    is_closed: bool
    tsumo: bool
    is_dealer: bool
    seat_wind: int
    round_wind: int
    value_kinds: frozenset[int]
    """Yakuhai kinds: a pair of them earns fu, a triplet earns han."""
    suits: str
    """The number suits present, e.g. ``"mp"``."""
    has_honors: bool
    has_terminals: bool
    all_yaochuu: bool
    all_simples: bool
    features: int
    """The hand's :class:`Feature` bits."""

    def __init__(self, hand: Hand, situation: Situation, rules: RuleSet) -> None:
        self.hand = hand
        self.situation = situation
        self.rules = rules
        self.counts = hand.counts
        mask = self.mask = hand.mask
        self.is_closed = hand.is_closed
        self.tsumo = situation.tsumo
        self.is_dealer = situation.seat_wind == "E"  # Situation.is_dealer, without a property call per hand
        self.seat_wind = wind_index(situation.seat_wind)
        self.round_wind = wind_index(situation.round_wind)
        self.value_kinds = _value_kinds(self.seat_wind, self.round_wind)
        self.suits = _SUITS_PRESENT[(mask & _M != 0, mask & _P != 0, mask & _S != 0)]
        self.has_honors = mask & HONOR_MASK != 0
        self.has_terminals = mask & TERMINAL_MASK != 0
        self.all_yaochuu = mask & SIMPLE_MASK == 0
        self.all_simples = mask & YAOCHUU_MASK == 0
        self.features = features(hand, self.suits)


_M, _P, _S = SUIT_MASKS["m"], SUIT_MASKS["p"], SUIT_MASKS["s"]
_SUITS_PRESENT = {
    (m, p, s): "m" * m + "p" * p + "s" * s for m in (False, True) for p in (False, True) for s in (False, True)
}
_VALUE_KINDS: dict[tuple[int, int], frozenset[int]] = {}


def _value_kinds(seat_wind: int, round_wind: int) -> frozenset[int]:
    key = (seat_wind, round_wind)
    kinds = _VALUE_KINDS.get(key)
    if kinds is None:
        kinds = _VALUE_KINDS[key] = frozenset((*DRAGONS, seat_wind, round_wind))
    return kinds
