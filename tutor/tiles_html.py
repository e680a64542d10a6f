"""Tiles in web pages: MPSZ notation → a row of tile images.

One notation serves templates (``{{ "123m 406p 11z" | tiles }}``) and lessons
(``[[123m 406p 11z]]``). On top of MPSZ it allows:

* a space between groups, drawn as a gap: ``123m 456p``;
* ``'`` after a tile: that tile lies sideways (the called tile of a meld): ``4'56p``;
* ``-`` as a tile: face down, as a closed kan shows: ``-55-p``.

Options: ``win`` highlights a tile (``win="5p"``), ``size`` is ``small``,
``medium`` (default) or ``large``.

>>> print(tiles_html("4'56p", size="small"))  # doctest: +NORMALIZE_WHITESPACE
<span class="tiles tiles-small" role="group" aria-label="4p 5p 6p"><span class="tile-group"><img class="tile sideways"
src="/tiles/4p.svg" alt="4 of circles, called"><img class="tile" src="/tiles/5p.svg" alt="5 of circles"><img class="tile"
src="/tiles/6p.svg" alt="6 of circles"></span></span>
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from typing import NamedTuple

from .engine.catalogues import N_
from .engine.hand import Hand, MeldKind
from .engine.tiles import Tile, TileNotationError, format_tiles
from .tiles_svg import tile_name

SIZES = ("small", "medium", "large")
TILE_URL = "/tiles/{code}.svg"


class DrawnTile(NamedTuple):
    code: str
    """MPSZ code such as ``"0p"``, or ``"back"`` for a face-down tile."""
    sideways: bool = False


def parse_drawing(text: str) -> list[list[DrawnTile]]:
    """Read the drawing notation into groups of tiles.

    >>> [[t.code + ("'" if t.sideways else "") for t in g] for g in parse_drawing("-11-z 4'56p")]
    [['back', '1z', '1z', 'back'], ["4p'", '5p', '6p']]
    """
    groups = []
    for chunk in text.split():
        group: list[DrawnTile] = []
        pending: list[DrawnTile] = []  # digits and backs waiting for their suit letter
        for char in chunk:
            if char.isdigit():
                pending.append(DrawnTile(char))
            elif char == "-":
                pending.append(DrawnTile("back"))
            elif char == "'":
                if not pending or pending[-1].code == "back":
                    raise TileNotationError(f"' must follow a tile digit in {chunk!r}")
                pending[-1] = pending[-1]._replace(sideways=True)
            elif char in "mpsz":
                if not pending:
                    raise TileNotationError(f"suit {char!r} has no tiles before it in {chunk!r}")
                for tile in pending:
                    if tile.code == "back":
                        group.append(tile)
                    else:
                        Tile(tile.code + char)  # raises for 0z, 8z ...
                        group.append(DrawnTile(tile.code + char, tile.sideways))
                pending = []
            else:
                raise TileNotationError(f"unexpected {char!r} in {chunk!r}")
        if pending:
            raise TileNotationError(f"{chunk!r} ends without a suit letter")
        groups.append(group)
    return groups


def tiles_html(text: str, *, win: str | None = None, size: str = "medium") -> str:
    """HTML for a row of tiles (see the module docstring for the notation)."""
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    groups = parse_drawing(text)
    win_index = Tile(win).index if win else None
    highlighted = False
    parts = []
    for group in groups:
        images = []
        for tile in group:
            classes = ["tile"]
            if tile.sideways:
                classes.append("sideways")
            if win_index is not None and not highlighted and tile.code != "back" and Tile(tile.code).index == win_index:
                classes.append("win")
                highlighted = True  # one winning tile, even when the hand holds more of its kind
            name = (
                tile_name(tile.code)
                + (", called" if tile.sideways else "")
                + (", winning tile" if "win" in classes else "")
            )
            images.append(
                f'<img class="{" ".join(classes)}" src="{TILE_URL.format(code=tile.code)}" alt="{escape(name)}">'
            )
        parts.append(f'<span class="tile-group">{"".join(images)}</span>')
    label = " ".join(t.code if t.code != "back" else "face-down" for g in groups for t in g)
    return f'<span class="tiles tiles-{size}" role="group" aria-label="{escape(label)}">{"".join(parts)}</span>'


HONOUR_NAMES = (
    N_("East"),
    N_("South"),
    N_("West"),
    N_("North"),
    N_("White dragon"),
    N_("Green dragon"),
    N_("Red dragon"),
)
"""Plain names of 1z..7z, said after an honour drawn in a sentence (pages translate them)."""

TILE_CODES = re.compile(r"(?<![\w/.,])(?:[0-9]+[mpsz])+(?![\w])")
"""MPSZ codes inside a sentence ("missed 25m", "the seat wind 3z"), as whole words."""


def tiles_in_text(text: str, honour_name: Callable[[int], str]) -> str:
    """A sentence (plain text) as HTML with every MPSZ code in it drawn as small tiles, honours
    followed by their plain name (``honour_name(1..7)``, in the reader's language), so feedback
    never asks a beginner to read ``3z``.

    >>> print(tiles_in_text("no triplet of 3z <here>", lambda n: "West"))  # doctest: +ELLIPSIS
    no triplet of <span class="tiles tiles-small" ...alt="West wind">...</span> West &lt;here&gt;
    """
    out = []
    last = 0
    for found in TILE_CODES.finditer(text):
        try:
            drawn = tiles_html(found.group(), size="small")
        except TileNotationError:
            continue  # looks like a code but is not one ("0z"): leave the words as they are
        out.append(escape(text[last : found.start()]))
        honours = [int(t.code[0]) for group in parse_drawing(found.group()) for t in group if t.code.endswith("z")]
        named = " ".join(escape(honour_name(n)) for n in honours)
        out.append(drawn + (f" {named}" if named else ""))
        last = found.end()
    out.append(escape(text[last:]))
    return "".join(out)


def hand_drawing(hand: Hand) -> str:
    """The drawing notation of a hand: concealed tiles sorted, then each meld as it lies on the table.

    >>> from .engine.hand import Hand
    >>> hand_drawing(Hand.parse("123p77z666z", win="3p", melds=[("pon", "999m"), ("ankan", "5555p")]))
    "123p66677z 9'99m -55-p"
    """
    parts = [format_tiles(hand.concealed)]
    for meld in hand.melds:
        digits = [("0" if t.red else str(t.number)) for t in sorted(meld.tiles)]
        suit = meld.tiles[0].suit
        if meld.kind is MeldKind.ANKAN:
            parts.append(f"-{digits[1]}{digits[2]}-{suit}")
        else:
            digits[0] += "'"  # the called tile, turned sideways
            parts.append("".join(digits) + suit)
    return " ".join(parts)
