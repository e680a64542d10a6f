"""Tiles in web pages: MPSZ notation → a row of tile images.

One notation serves templates (``{{ "123m 406p 11z" | tiles }}``) and lessons
(``[[123m 406p 11z]]``). On top of MPSZ it allows:

* a space between groups, drawn as a gap: ``123m 456p``;
* ``'`` after a tile: that tile lies sideways (the called tile of a meld): ``4'56p``;
* ``-`` as a tile: face down, as a closed kan shows: ``-55-p``.

Options: ``win`` names the winning tile (``win="5p"``): as at the table, it stands
apart at the right of the concealed tiles, after a gap. ``size`` is ``small``,
``medium`` (default) or ``large``.

A called tile is a wide picture of the tile turned (``/tiles/4p-sideways.svg``):
full size, taking exactly the room of an upright tile turned, as Tenhou and
Mahjong Soul draw it.

>>> print(tiles_html("4'56p", size="small"))  # doctest: +NORMALIZE_WHITESPACE
<span class="tiles tiles-small" role="img" aria-label="4 of circles, called, 5 of circles, 6 of circles"><span class="tile-group meld"><img class="tile sideways"
src="/tiles/4p-sideways.svg" alt="4 of circles, called"><img class="tile" src="/tiles/5p.svg" alt="5 of circles"><img
class="tile" src="/tiles/6p.svg" alt="6 of circles"></span></span>
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import NamedTuple

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.situation import WIND_LETTERS, Situation
from tutor.engine.tiles import Tile, TileNotationError, format_tiles, parse_tiles
from tutor.messages.catalogues import DEFAULT, N_, joined, translate

SIZES = ("small", "medium", "large")
TILE_URL = "/tiles/{code}.svg"
SIDEWAYS_URL = "/tiles/{code}-sideways.svg"


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


def _is_meld(group: list[DrawnTile]) -> bool:
    """A group with a turned or face-down tile lies on the table: the winning tile is never taken from it."""
    return any(t.sideways or t.code == "back" for t in group)


def _set_apart(groups: list[list[DrawnTile]], win: str) -> int | None:
    """Take the winning tile out of the concealed groups and give it a group of its own right after them,
    as it lies at the table; the index of that group, or None when no concealed group holds it."""
    wanted = Tile(win)
    found = None
    for exact in (True, False):  # the red five itself if the hand shows it, else a tile of its kind
        found = next(
            (
                (g, i)
                for g, group in enumerate(groups)
                if not _is_meld(group)
                for i, t in enumerate(group)
                if t.code != "back" and (t.code == str(wanted) if exact else Tile(t.code).index == wanted.index)
            ),
            None,
        )
        if found:
            break
    if found is None:
        return None
    g, i = found
    tile = groups[g].pop(i)
    if not groups[g]:
        del groups[g]
    last_concealed = max((n for n, group in enumerate(groups) if not _is_meld(group)), default=-1)
    groups.insert(last_concealed + 1, [tile])
    return last_concealed + 1


SUITED_NAMES = {"m": N_("{number} of characters"), "p": N_("{number} of circles"), "s": N_("{number} of bamboo")}
RED_FIVE_NAMES = {"m": N_("red 5 of characters"), "p": N_("red 5 of circles"), "s": N_("red 5 of bamboo")}
HONOUR_TILE_NAMES = (
    N_("East wind"),
    N_("South wind"),
    N_("West wind"),
    N_("North wind"),
    N_("White dragon"),
    N_("Green dragon"),
    N_("Red dragon"),
)
FACE_DOWN = N_("Face-down tile")
CALLED = N_("{tile}, called")
WINNING = N_("{tile}, winning tile")


def tile_label(code: str, lang: str = DEFAULT) -> str:
    """A tile's name as a screen reader says it, in ``lang``: ``red 5 of circles``, ``Red dragon``.

    >>> tile_label("0p"), tile_label("7z"), tile_label("back")
    ('red 5 of circles', 'Red dragon', 'Face-down tile')
    """
    if code == "back":
        return translate(FACE_DOWN, lang)
    number, suit = int(code[0]), code[1]
    if suit == "z":
        return translate(HONOUR_TILE_NAMES[number - 1], lang)
    if number == 0:
        return translate(RED_FIVE_NAMES[suit], lang)
    return translate(SUITED_NAMES[suit], lang).format(number=number)


def tiles_html(text: str, *, win: str | None = None, size: str = "medium", lang: str = DEFAULT) -> str:
    """HTML for a row of tiles (see the module docstring for the notation); each tile's text
    alternative is its name in ``lang``.

    >>> "win-group" in tiles_html("123m 55p", win="2m") and tiles_html("123m 55p", win="2m").count("<img") == 5
    True
    >>> tiles_html("", size="small")  # nothing to draw (a win with no dora indicator)
    '<span class="tiles tiles-small"></span>'
    """
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    groups = parse_drawing(text)
    win_group = _set_apart(groups, win) if win else None
    one_tile = sum(len(group) for group in groups) <= 1  # named by its own text alternative alone
    parts = []
    names = []
    for number, group in enumerate(groups):
        images = []
        plain = number != win_group and not any(t.sideways or t.code == "back" for t in group)
        if plain and not one_tile:  # said as players say a group ("1-2-3 of characters"), one suit at a time
            names += [group_label("".join(run), lang) for run in _suit_runs([t.code for t in group])]
        for tile in group:
            classes = ["tile"]
            if tile.sideways:
                classes.append("sideways")
            if number == win_group:
                classes.append("win")
            name = tile_label(tile.code, lang)
            if tile.sideways:
                name = translate(CALLED, lang).format(tile=name)
            if number == win_group:
                name = translate(WINNING, lang).format(tile=name)
            if not plain:
                names.append(name)
            url = SIDEWAYS_URL if tile.sideways else TILE_URL
            images.append(f'<img class="{" ".join(classes)}" src="{url.format(code=tile.code)}" alt="{escape(name)}">')
        kind = " win-group" if number == win_group else " meld" if _is_meld(group) else ""
        parts.append(f'<span class="tile-group{kind}">{"".join(images)}</span>')
    # One picture named by its tiles' names (role="img" keeps a screen reader from reading each tile
    # again after the row's name): never the MPSZ the page was written in.
    if one_tile:
        return f'<span class="tiles tiles-{size}">{"".join(parts)}</span>'
    label = joined(names, lang)
    return f'<span class="tiles tiles-{size}" role="img" aria-label="{escape(label)}">{"".join(parts)}</span>'


def _suit_runs(codes: list[str]) -> list[list[str]]:
    """Tiles cut where the suit changes: ``1m 2m 5p`` -> ``[[1m, 2m], [5p]]``."""
    runs: list[list[str]] = []
    for code in codes:
        if runs and runs[-1][-1][1] == code[1]:
            runs[-1].append(code)
        else:
            runs.append([code])
    return runs


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

_CODE, _BEFORE, _AFTER = r"(?:[0-9]+[mpsz])+", r"(?<![0-9A-Za-z_/.,])", r"(?![0-9A-Za-z_])"
TILE_CODES = re.compile(_BEFORE + _CODE + _AFTER)
"""MPSZ codes inside a sentence ("missed 25m", "the seat wind 3z"), as whole words. The edges are Latin
letters and digits, not any word character: in Chinese a code stands right against a character ("你荣和8s")."""
TILE_RUNS = re.compile(f"{_BEFORE}{_CODE}(?: {_CODE})*{_AFTER}")
""":data:`TILE_CODES` one after another, a space between them (``123m 456p 55z``): the groups of a reading."""


def tiles_in_text(text: str, plain: Callable[[str], str] = str, lang: str = DEFAULT) -> str:
    """A sentence (plain text) as HTML with every MPSZ code in it drawn as small tiles, honours
    followed by their plain name (:data:`HONOUR_NAMES`, in ``lang``), so feedback
    never asks a beginner to read ``3z``. The words between the codes go through ``plain`` (to give
    big numbers separators, say): a projector shows a kan of 1111z as four tiles, never as 1,111z.

    >>> print(tiles_in_text("no triplet of 3z <here>"))  # doctest: +ELLIPSIS
    no triplet of <span class="tiles tiles-small"...alt="West wind">...</span> West &lt;here&gt;
    >>> tiles_in_text("a kan of 1111z").endswith("</span> East")
    True
    """
    out = []
    last = 0
    for found in TILE_CODES.finditer(text):
        try:
            drawn = tiles_html(found.group(), size="small", lang=lang)
        except TileNotationError:
            continue  # looks like a code but is not one ("0z"): leave the words as they are
        out.append(escape(plain(text[last : found.start()])))
        honours = [int(t.code[0]) for group in parse_drawing(found.group()) for t in group if t.code.endswith("z")]
        # Each honour named once: a triplet of 7z reads "Red dragon", not the name three times.
        named = " ".join(escape(translate(HONOUR_NAMES[n - 1], lang)) for n in dict.fromkeys(honours))
        out.append(drawn + (f" {named}" if named else ""))
        last = found.end()
    out.append(escape(plain(text[last:])))
    return "".join(out)


GROUP_DIGITS = N_("{earlier}-{next}")
"""How the numbers of a suited group are run together: ``1-2-3 of characters`` (``123万`` in Chinese)."""
WITH_RED_FIVE = N_("{tiles} (with the red 5)")
REPEATED = N_("{tile} ×{count}")
GROUPS = N_("{earlier}; {next}")
"""Groups said one after another: a group's own name may hold commas (``East wind, South wind``)."""


def group_label(code: str, lang: str = DEFAULT) -> str:
    """A group of tiles written in MPSZ (``123m``, ``777z``) said as plain text in ``lang``, as players say
    it: the numbers of a suit run together, an honour repeated counted.

    >>> group_label("123m"), group_label("406p"), group_label("777z"), group_label("12z"), group_label("55s")
    ('1-2-3 of characters', '4-5-6 of circles (with the red 5)', 'Red dragon ×3', 'East wind, South wind', '5 of bamboo ×2')

    Tiles of several suits (a whole hand) are said suit by suit:

    >>> group_label("2234m555z")
    '2-2-3-4 of characters; White dragon ×3'
    """
    tiles = [str(t) for t in parse_tiles(code)]
    suits = {t[1] for t in tiles}
    if len(tiles) == 1:
        return tile_label(tiles[0], lang)
    if len(set(tiles)) == 1:
        return translate(REPEATED, lang).format(tile=tile_label(tiles[0], lang), count=len(tiles))
    if len(suits) > 1:
        return joined([group_label("".join(run), lang) for run in _suit_runs(tiles)], lang, GROUPS)
    if suits == {"z"}:
        return joined([tile_label(t, lang) for t in tiles], lang)
    numbers = joined([t[0].replace("0", "5") for t in tiles], lang, GROUP_DIGITS)
    named = translate(SUITED_NAMES[tiles[0][1]], lang).format(number=numbers)
    return translate(WITH_RED_FIVE, lang).format(tiles=named) if "0" in code else named


def names_in_text(text: str, lang: str = DEFAULT) -> str:
    """Plain text (a CSV cell, a terminal line) with every MPSZ code in it said in words: the text twin
    of :func:`tiles_in_text`, so no reader is asked to read ``3z``.

    Codes written one after another (a reading's groups) are said as a list:

    >>> names_in_text("missed 36m; dora 1z"), names_in_text("a kan of 1111z, 2 of 3")
    ('missed 3-6 of characters; dora East wind', 'a kan of East wind ×4, 2 of 3')
    >>> names_in_text("Reading: 123m 555z 11p, tanki wait on 1p")
    'Reading: 1-2-3 of characters; White dragon ×3; 1 of circles ×2, tanki wait on 1 of circles'
    """

    def named(code: str) -> str:
        try:
            return group_label(code, lang)
        except TileNotationError:
            return code  # looks like a code but is not one ("0z"): left as written

    return TILE_RUNS.sub(lambda found: joined([named(code) for code in found.group().split(" ")], lang, GROUPS), text)


CALLED_FROM = {3: "left", 2: "middle", 1: "right"}
"""Where a called tile lies, by how many seats after the caller its discarder sits: the player on the left
(*kamicha*, 3 seats on), opposite (*toimen*, 2) or on the right (*shimocha*, 1)."""


def called_from(seat: str, discarder: str) -> str:
    """Where the tile ``seat`` called from ``discarder`` (seat winds E S W N) lies sideways in the meld.

    >>> called_from("S", "E"), called_from("S", "N"), called_from("S", "W")
    ('left', 'middle', 'right')
    """
    return CALLED_FROM[(WIND_LETTERS.index(discarder) - WIND_LETTERS.index(seat)) % 4]


def meld_drawing(meld: Meld, source: str = "left") -> str:
    """One meld as it lies on the table, in the drawing notation. The tile written first is the called
    tile: it lies turned at the left when it came from the player on the left (a chi always does), in the
    middle from the player opposite and at the right from the player on the right (``source``). A closed
    kan shows its two middle tiles between two face-down ones. An added kan is drawn as an open kan.

    >>> meld_drawing(Meld.parse("chi", "435s")), meld_drawing(Meld.parse("pon", "999m")), meld_drawing(Meld.parse("ankan", "5505p"))
    ("4'35s", "9'99m", '-05-p')
    >>> meld_drawing(Meld.parse("pon", "777z"), "middle"), meld_drawing(Meld.parse("minkan", "1111z"), "right")
    ("77'7z", "1111'z")
    """
    suit = meld.tiles[0].suit
    if meld.kind is MeldKind.ANKAN:
        # The two tiles shown face up; a red five among them is worth showing, it counts as dora.
        shown = sorted(meld.tiles, key=lambda t: not t.red)[:2]
        return f"-{''.join(_digit(t) for t in shown)}-{suit}"
    called, rest = meld.tiles[0], [_digit(t) for t in sorted(meld.tiles[1:])]
    at = {"left": 0, "middle": 1, "right": len(rest)}[source if meld.kind is not MeldKind.CHI else "left"]
    return "".join([*rest[:at], _digit(called) + "'", *rest[at:]]) + suit


def _digit(tile: Tile) -> str:
    return "0" if tile.red else str(tile.number)


def held_drawing(concealed: str, melds: Iterable[Mapping[str, str]] = ()) -> str:
    """A hand not yet won (tenpai, furiten questions): its tiles as written, then each meld given as
    ``{"kind": "chi", "tiles": "345s"}`` drawn as it lies on the table.

    >>> held_drawing("23m456p789s11z", [{"kind": "chi", "tiles": "312s"}])
    "23m456p789s11z 3'12s"
    """
    return " ".join([concealed, *(meld_drawing(Meld.parse(m["kind"], m["tiles"])) for m in melds)])


def hand_drawing(hand: Hand, situation: Situation | None = None) -> str:
    """The drawing notation of a hand: concealed tiles sorted, then each meld as it lies on the table
    (pass ``win=`` to :func:`tiles_html` to set the winning tile apart). Called tiles lie at the left, as
    if called from the player on the left, except the call that made a player responsible (pao): given the
    ``situation``, the last honour pon or open kan lies turned towards the responsible player.

    >>> from tutor.engine.hand import Hand
    >>> hand_drawing(Hand.parse("123p77z666z", win="3p", melds=[("pon", "999m"), ("ankan", "5555p")]))
    "123p66677z 9'99m -55-p"
    """
    sources = ["left"] * len(hand.melds)
    if situation is not None and situation.pao:
        honours = [
            i for i, m in enumerate(hand.melds) if m.is_open and m.kind is not MeldKind.CHI and m.tiles[0].suit == "z"
        ]
        if honours:
            sources[honours[-1]] = called_from(situation.seat_wind, situation.pao)
    drawn = (meld_drawing(meld, source) for meld, source in zip(hand.melds, sources, strict=True))
    return " ".join([format_tiles(hand.concealed), *drawn])
