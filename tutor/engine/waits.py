"""Waits of a tenpai hand: which tiles complete it, and with which shapes.

The nine gates wait on every tile of their suit:

>>> from tutor.engine.tiles import parse_tiles
>>> [str(w) for w in winning_tiles(parse_tiles("1112345678999m"))]
['1m (ryanmen, shanpon)', '2m (tanki)', '3m (penchan, ryanmen)', '4m (ryanmen)', '5m (tanki)', '6m (ryanmen)', '7m (penchan, ryanmen)', '8m (tanki)', '9m (ryanmen, shanpon)']

A wait on a tile the player already holds all four of cannot be won; the
Tenhou rule counts such a hand as noten at a draw when the four are all
concealed (RULES.md §9.1):

>>> hand = parse_tiles("1111m234p567s789s")  # 1111m read as 111m + 1m: waits on the fifth 1m
>>> [(str(w.tile), w.held, w.live) for w in winning_tiles(hand)]
[('1m', 4, False)]
>>> is_tenpai(hand)
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.engine.decompose import Wait, meld_group, readings_of
from tutor.engine.hand import HandError, Meld
from tutor.engine.tiles import YAOCHUU, Tile, counts34
from tutor.messages.catalogues import N_

_ORDER = list(Wait)


@dataclass(frozen=True)
class WinningTile:
    """One tile that completes a tenpai hand."""

    tile: Tile
    waits: tuple[Wait, ...]
    """Every wait shape this tile completes, in a fixed order (ryanmen before kanchan ...)."""
    held: int
    """Copies of this tile the player already holds, melds included."""
    held_concealed: int
    """Of those, how many are in the concealed hand."""

    @property
    def live(self) -> bool:
        """At least one copy is still out there to be drawn or discarded."""
        return self.held < 4

    @property
    def counts_for_tenpai(self) -> bool:
        """Tenhou: a wait whose four copies are all in the concealed hand does not make the hand tenpai."""
        return self.held_concealed < 4

    def __str__(self) -> str:
        return f"{self.tile} ({', '.join(sorted(w.label for w in self.waits))})"


def winning_tiles(concealed: Sequence[Tile], melds: Sequence[Meld] = ()) -> list[WinningTile]:
    """Every tile that would complete the hand (13 tiles counting 3 per meld), in tile order."""
    if len(concealed) + 3 * len(melds) != 13:
        raise HandError(
            "wrong_tile_count",
            N_("{count} concealed tiles and {melds} melds; a waiting hand has 13 (3 per meld)"),
            count=len(concealed),
            melds=len(melds),
        )
    counts = counts34(concealed)
    held = list(counts)
    for meld in melds:
        for tile in meld.tiles:
            held[tile.index] += 1
    if max(held) > 4:
        raise HandError("too_many_copies", N_("a tile is used more than 4 times"))
    meld_groups = tuple(meld_group(m.kind, m.first) for m in melds)
    kokushi_possible = not melds and sum(1 for i in YAOCHUU if counts[i]) >= 12
    found = []
    for index in range(34):
        if not (kokushi_possible or _touches(counts, index)):
            continue
        counts[index] += 1
        shapes = {r.wait for r in readings_of(counts, meld_groups, index, tsumo=True)}
        counts[index] -= 1
        if shapes:
            waits = tuple(sorted(shapes, key=_ORDER.index))
            found.append(WinningTile(Tile.of(index), waits, held[index], counts[index]))
    return found


def _touches(counts: list[int], index: int) -> bool:
    """Whether the tile is held or within two of a held tile of its suit.

    Any other tile can only complete a thirteen orphans, checked separately.
    """
    if counts[index]:
        return True
    if index >= 27:
        return False
    suit_start = index - index % 9
    return any(counts[i] for i in range(max(index - 2, suit_start), min(index + 3, suit_start + 9)))


def is_tenpai(concealed: Sequence[Tile], melds: Sequence[Meld] = ()) -> bool:
    """Tenpai by Tenhou's rule: some wait is not already four tiles in the concealed hand."""
    return any(w.counts_for_tenpai for w in winning_tiles(concealed, melds))
