"""Furiten: when a tenpai player may not win by ron (RULES.md §8).

Furiten is judged on the hand's shape alone: every tile that would complete
it counts, whether or not it would have a yaku. It blocks ron (and chankan,
which is a ron) on *every* winning tile; tsumo is always allowed.

>>> from tutor.engine.tiles import parse_tiles
>>> hand = parse_tiles("34567m234p567s88s")          # waits on 2m, 5m, 8m
>>> result = furiten(hand, discards=parse_tiles("2m"))
>>> result.kind.value, result.can_ron(Tile("8m")), result.can_tsumo(Tile("8m"))
('discard', False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tutor.engine.hand import Meld
from tutor.engine.messages import text
from tutor.engine.tiles import Tile
from tutor.engine.waits import WinningTile, winning_tiles
from tutor.messages.catalogues import DEFAULT


class FuritenKind(Enum):
    DISCARD = "discard"
    """Sutehai furiten: a winning tile is among your own discards. Lasts until the wait changes."""
    RIICHI = "riichi"
    """After riichi you let a winning tile go by. Lasts the rest of the hand."""
    TEMPORARY = "temporary"
    """Doujun furiten: you let a winning tile go by. Lasts until your next own draw or call."""

    @property
    def lasts(self) -> str:
        """How long it binds, as an English phrase after "it lasts"."""
        return self.lasts_in()

    def lasts_in(self, lang: str = DEFAULT) -> str:
        """How long it binds, as a phrase after "it lasts", in ``lang``."""
        return text(f"furiten.lasts.{self.value}", lang)


@dataclass(frozen=True)
class Furiten:
    waits: tuple[WinningTile, ...]
    """Every tile that completes the hand, by shape."""
    kinds: tuple[FuritenKind, ...]
    """Every kind of furiten that applies, the longest-lasting first."""
    because: tuple[tuple[FuritenKind, Tile], ...]
    """For each kind, the winning tile that caused it."""

    @property
    def is_furiten(self) -> bool:
        return bool(self.kinds)

    @property
    def kind(self) -> FuritenKind | None:
        """The furiten that binds longest (discard, then riichi, then temporary), or None."""
        return self.kinds[0] if self.kinds else None

    def is_wait(self, tile: Tile) -> bool:
        return any(w.tile.index == tile.index for w in self.waits)

    def can_ron(self, tile: Tile) -> bool:
        """Ron (or chankan) on this tile is allowed: it is a winning tile and the hand is not furiten."""
        return self.is_wait(tile) and not self.kinds

    def can_tsumo(self, tile: Tile) -> bool:
        """Tsumo on a winning tile is never blocked by furiten."""
        return self.is_wait(tile)


def furiten(
    concealed: Sequence[Tile],
    melds: Sequence[Meld] = (),
    *,
    discards: Sequence[Tile] = (),
    passed_since_draw: Sequence[Tile] = (),
    riichi: bool = False,
    passed_since_riichi: Sequence[Tile] = (),
) -> Furiten:
    """Whether a 13-tile hand is furiten, and which kind.

    ``discards``: your own discards this hand, including ones another player called.
    ``passed_since_draw``: tiles you could have ronned (others' discards, tiles
    added to a kan) since your last own draw or call.
    ``passed_since_riichi``: such tiles since you declared riichi.
    """
    waits = tuple(winning_tiles(concealed, melds))
    winning = {w.tile.index for w in waits}
    because: list[tuple[FuritenKind, Tile]] = []
    checks = (
        (FuritenKind.DISCARD, discards),
        (FuritenKind.RIICHI, passed_since_riichi if riichi else ()),
        (FuritenKind.TEMPORARY, passed_since_draw),
    )
    for kind, tiles in checks:
        hit = next((t for t in tiles if t.index in winning), None)
        if hit is not None:
            because.append((kind, hit))
    return Furiten(waits, tuple(kind for kind, _ in because), tuple(because))
