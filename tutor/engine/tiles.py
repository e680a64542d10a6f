"""Tiles and MPSZ notation.

There are 34 kinds of tile, numbered 0-33 in this module (the *index*):

====  =========================================
0-8   1m-9m   characters (manzu)
9-17  1p-9p   circles (pinzu)
18-26 1s-9s   bamboo (souzu)
27-30 1z-4z   winds: East, South, West, North
31-33 5z-7z   dragons: White (haku), Green (hatsu), Red (chun)
====  =========================================

A red five (akadora) is written ``0m``/``0p``/``0s``. It is the same kind as the
ordinary five for every shape check, so it shares the five's index and only
differs in :attr:`Tile.red`.

>>> parse_tiles("406p")
(Tile('4p'), Tile('0p'), Tile('6p'))
>>> format_tiles(parse_tiles("5p5p0m7p"))
'0m557p'
>>> str(dora_from_indicator(Tile("9s"))), str(dora_from_indicator(Tile("7z")))
('1s', '5z')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import attrgetter

from tutor.messages.catalogues import N_, Problem

SUITS = "mpsz"
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
#: Terminals and honours: the thirteen kinds a kokushi needs.
YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
IS_YAOCHUU = tuple(i in YAOCHUU for i in range(34))
IS_HONOR = tuple(i >= 27 for i in range(34))
IS_TERMINAL = tuple(i < 27 and i % 9 in (0, 8) for i in range(34))
SIMPLES = tuple(i for i in range(27) if not IS_TERMINAL[i])
"""The number tiles 2-8."""
GREEN_KINDS = (19, 20, 21, 23, 25, 32)
"""2s 3s 4s 6s 8s and hatsu: the tiles of ryuuiisou."""


class TileNotationError(Problem):
    """MPSZ text that cannot be read, with the reason and where it went wrong (a marked sentence)."""


class Tile:
    """One tile: a kind (``index`` 0-33) and whether it is a red five.

    Tiles are interned, so ``Tile("5m") is Tile("5m")``; compare them with ``==``
    as usual. A red five is a different tile from the plain five but the same
    kind: ``Tile("0m").index == Tile("5m").index``.

    >>> Tile("0p"), Tile("0p").number, Tile("0p").red
    (Tile('0p'), 5, True)
    >>> Tile("7z").name
    'Red dragon'
    >>> sorted([Tile("1z"), Tile("0m"), Tile("5m"), Tile("4m")])
    [Tile('4m'), Tile('5m'), Tile('0m'), Tile('1z')]
    """

    __slots__ = ("index", "red", "suit", "number", "bit", "order", "_text")
    _interned: dict[str, Tile] = {}

    index: int
    """Kind of tile, 0-33 (see the module docstring)."""
    red: bool
    """True for a red five (``0m``, ``0p``, ``0s``)."""
    suit: str
    """``m``, ``p``, ``s`` or ``z``."""
    number: int
    """1-9 within a suit (a red five is 5); 1-7 for honours."""
    bit: int
    """``1 << index``: the tile's kind in a bit mask of kinds."""
    order: int
    """Where the tile sorts: by kind, a red five just after the plain one (``2 * index + red``)."""
    _text: str

    def __new__(cls, notation: str) -> Tile:
        try:
            return cls._interned[notation]
        except (KeyError, TypeError):
            raise TileNotationError(
                N_("{notation} is not a single tile such as '5m', '0p' or '7z'"), notation=repr(notation)
            ) from None

    @classmethod
    def _make(cls, index: int, red: bool) -> Tile:
        tile = object.__new__(cls)
        tile.index = index
        tile.red = red
        tile.suit = SUITS[index // 9]
        tile.number = index % 9 + 1
        tile.bit = 1 << index
        tile.order = 2 * index + red
        tile._text = f"{0 if red else tile.number}{tile.suit}"
        return tile

    @staticmethod
    def of(index: int, red: bool = False) -> Tile:
        """The tile of kind ``index`` (the red copy of a five when ``red``)."""
        return _BY_INDEX[index] if not red else _RED_BY_INDEX[index]

    @property
    def is_honor(self) -> bool:
        return self.index >= 27

    @property
    def is_terminal(self) -> bool:
        return IS_TERMINAL[self.index]

    @property
    def is_yaochuu(self) -> bool:
        """A terminal or an honour (the kinds that break tanyao)."""
        return IS_YAOCHUU[self.index]

    @property
    def is_simple(self) -> bool:
        return not IS_YAOCHUU[self.index]

    @property
    def name(self) -> str:
        """English name, e.g. ``'red 5 of circles'`` or ``'East wind'``."""
        if self.index >= 27:
            honor = HONOR_NAMES[self.index - 27]
            return f"{honor} wind" if self.index < HAKU else f"{honor} dragon"
        text = f"{self.number} of {SUIT_NAMES[self.suit]}"
        return f"red {text}" if self.red else text

    def sort_key(self) -> tuple[int, bool]:
        return (self.index, self.red)

    def __lt__(self, other: Tile) -> bool:
        return self.order < other.order

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Tile({self._text!r})"

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Tile, (self._text,))


_BY_INDEX = tuple(Tile._make(i, False) for i in range(34))
_RED_BY_INDEX = {i: Tile._make(i, True) for i in (4, 13, 22)}
for _tile in (*_BY_INDEX, *_RED_BY_INDEX.values()):
    Tile._interned[str(_tile)] = _tile
ALL_TILES: tuple[Tile, ...] = _BY_INDEX
"""The 34 kinds, plain copies, in index order."""
RED_FIVES: tuple[Tile, ...] = tuple(_RED_BY_INDEX.values())

_parse_cache: dict[str, tuple[Tile, ...]] = {}
# Good notation: blocks of digits, each closed by its suit letter; honours are 1-7 only.
_WELL_FORMED = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)*")
_BLOCK = re.compile(r"[0-9]+[mpsz]")
_BLOCKS: dict[str, tuple[Tile, ...]] = {}
_BY_DIGIT = {suit: {d: Tile._interned[d + suit] for d in "0123456789" if d + suit in Tile._interned} for suit in SUITS}


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read MPSZ notation, keeping the order written.

    Suit blocks may come in any order, digits need not be sorted, and a suffix
    may follow every tile (``"5p5p0m7p"``). Anything else is an error that says
    what is wrong and where:

    >>> parse_tiles("12q")
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.TileNotationError: unknown suit 'q' at 3 in '12q' (use m, p, s or z)
    >>> parse_tiles("8z")
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.TileNotationError: there is no honour tile '8z' (1z-7z: East South West North White Green Red)
    """
    cached = _parse_cache.get(text)
    if cached is not None:
        return cached
    if not isinstance(text, str):
        raise TileNotationError(N_("tiles must be written as a string, not {type}"), type=type(text).__name__)
    if _WELL_FORMED.fullmatch(text) is None:
        _explain_bad_notation(text)
    result: tuple[Tile, ...] = ()
    for block in _BLOCK.findall(text):  # digits and their suit letter: "123m"
        tiles = _BLOCKS.get(block)
        if tiles is None:
            table = _BY_DIGIT[block[-1]]
            tiles = tuple([table[digit] for digit in block[:-1]])
            if len(_BLOCKS) < 8192:  # the same suit blocks recur from hand to hand ("123m", "55p" ...)
                _BLOCKS[block] = tiles
        result += tiles
    if len(text) <= 8:  # melds, winning tiles, indicators: the same few strings again and again
        if len(_parse_cache) > 4096:
            _parse_cache.clear()
        _parse_cache[text] = result
    return result


def _explain_bad_notation(text: str) -> None:
    """Walk bad notation character by character and raise with the first problem found."""
    pending: list[str] = []  # digits waiting for their suit letter
    for position, char in enumerate(text, start=1):
        if "0" <= char <= "9":
            pending.append(char)
        elif char in "mpsz":
            if not pending:
                raise TileNotationError(
                    N_("suit '{suit}' at {position} in {text!r} has no digits before it"),
                    suit=char,
                    position=position,
                    text=text,
                )
            for digit in pending:
                _check_honour(digit, char)
            pending.clear()
        elif char.isalpha():
            raise TileNotationError(
                N_("unknown suit {suit!r} at {position} in {text!r} (use m, p, s or z)"),
                suit=char,
                position=position,
                text=text,
            )
        else:
            raise TileNotationError(
                N_("unexpected {char!r} at {position} in {text!r}"), char=char, position=position, text=text
            )
    if pending:
        raise TileNotationError(N_("digits at the end of {text!r} have no suit letter (m, p, s or z)"), text=text)
    raise TileNotationError(
        N_("cannot read {text!r} as tiles"), text=text
    )  # pragma: no cover - every bad input is caught above


def _check_honour(digit: str, suit: str) -> None:
    if suit == "z" and digit in "089":
        raise TileNotationError(
            N_("there is no honour tile '{digit}z' (1z-7z: East South West North White Green Red)"), digit=digit
        )


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles as compact MPSZ, sorted by suit and number.

    A red five sorts with the fives. ``parse_tiles(format_tiles(ts))`` gives
    back the same tiles, sorted.

    >>> format_tiles(parse_tiles("11z789s406p123m"))
    '123m406p789s11z'
    """
    parts: list[str] = []
    current_suit = ""
    for tile in sorted(tiles, key=_ORDER):  # Tile.__lt__'s order, compared in C
        if tile.suit != current_suit:
            if current_suit:
                parts.append(current_suit)
            current_suit = tile.suit
        parts.append(tile._text[0])  # the digit ("0" for a red five)
    if current_suit:
        parts.append(current_suit)
    return "".join(parts)


_ORDER = attrgetter("order")


def index_name(index: int) -> str:
    """Notation of a tile kind: ``index_name(31) == '5z'``."""
    return _BY_INDEX[index]._text


def pair_notation(index: int) -> str:
    """Notation of a pair of a kind: ``pair_notation(4) == '55m'``."""
    name = _BY_INDEX[index]._text
    return name[0] + name


def dora_from_indicator(indicator: Tile) -> Tile:
    """The dora shown by an indicator: the next tile of its suit or family.

    Numbers wrap 9 → 1, winds go E → S → W → N → E and dragons
    White → Green → Red → White.

    >>> [str(dora_from_indicator(Tile(t))) for t in ("4p", "0s", "9m", "4z", "5z", "7z")]
    ['5p', '6s', '1m', '1z', '6z', '5z']
    """
    return _BY_INDEX[DORA_OF[indicator.index]]


def _next_kind(index: int) -> int:
    if index < 27:
        return index - index % 9 + (index % 9 + 1) % 9
    if index < HAKU:
        return EAST + (index - EAST + 1) % 4
    return HAKU + (index - HAKU + 1) % 3


DORA_OF: tuple[int, ...] = tuple(_next_kind(i) for i in range(34))
"""Index of the dora for each indicator index."""


def _mask(indices: Iterable[int]) -> int:
    return sum(1 << i for i in set(indices))


# Sets of kinds as bit masks (bit i = kind i): "does the hand hold any honour?" is one AND.
HONOR_MASK = _mask(range(27, 34))
TERMINAL_MASK = _mask(i for i in range(27) if IS_TERMINAL[i])
YAOCHUU_MASK = _mask(YAOCHUU)
SIMPLE_MASK = _mask(SIMPLES)
SUIT_MASKS = {"m": _mask(range(0, 9)), "p": _mask(range(9, 18)), "s": _mask(range(18, 27))}
GREEN_MASK = _mask(GREEN_KINDS)


class KindSet(int):
    """A set of tile kinds as a bit mask, written as tiles: ``str(KindSet(0b1001)) == '1m, 4m'``."""

    def __str__(self) -> str:
        return ", ".join(_BY_INDEX[i]._text for i in range(34) if self >> i & 1)

    __format__ = lambda self, spec: format(str(self), spec)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """How many of each of the 34 kinds (red fives counted as fives)."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.index] += 1
    return counts
