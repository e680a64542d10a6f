"""Facts about a win that do not depend on how the hand is read.

Computed once per hand and shared by every reading, yaku rule and fu item.
"""

from __future__ import annotations

from .hand import Hand
from .rules import RuleSet
from .situation import Situation, wind_index
from .tiles import DRAGONS, IS_TERMINAL, IS_YAOCHUU


class WinContext:
    __slots__ = (
        "hand",
        "situation",
        "rules",
        "counts",
        "kinds",
        "is_closed",
        "tsumo",
        "is_dealer",
        "seat_wind",
        "round_wind",
        "value_kinds",
        "suits",
        "has_honors",
        "has_terminals",
        "yaochuu_kinds",
        "all_yaochuu",
        "all_simples",
    )

    hand: Hand
    situation: Situation
    rules: RuleSet
    counts: list[int]
    """How many of each kind in the whole hand, melds included (kans with four)."""
    kinds: tuple[int, ...]
    """The kinds held, in index order."""
    is_closed: bool
    tsumo: bool
    is_dealer: bool
    seat_wind: int
    round_wind: int
    value_kinds: frozenset[int]
    """Yakuhai kinds: a pair of them earns fu, a triplet earns han."""
    suits: frozenset[str]
    """The number suits present (``m``, ``p``, ``s``)."""
    has_honors: bool
    has_terminals: bool
    yaochuu_kinds: tuple[int, ...]
    """The terminal and honour kinds held."""
    all_yaochuu: bool
    all_simples: bool

    def __init__(self, hand: Hand, situation: Situation, rules: RuleSet, counts: list[int] | None = None) -> None:
        self.hand = hand
        self.situation = situation
        self.rules = rules
        if counts is None:
            counts = [0] * 34
            for tile in hand.all_tiles:
                counts[tile.index] += 1
        self.counts = counts
        kinds = [i for i in range(34) if counts[i]]
        self.kinds = tuple(kinds)
        self.is_closed = hand.is_closed
        self.tsumo = situation.tsumo
        self.is_dealer = situation.is_dealer
        self.seat_wind = wind_index(situation.seat_wind)
        self.round_wind = wind_index(situation.round_wind)
        self.value_kinds = frozenset((*DRAGONS, self.seat_wind, self.round_wind))
        self.suits = frozenset("mps"[i // 9] for i in kinds if i < 27)
        self.has_honors = kinds[-1] >= 27
        self.has_terminals = any(IS_TERMINAL[i] for i in kinds)
        self.yaochuu_kinds = tuple(i for i in kinds if IS_YAOCHUU[i])
        self.all_yaochuu = len(self.yaochuu_kinds) == len(kinds)
        self.all_simples = not self.yaochuu_kinds
