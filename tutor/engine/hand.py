"""A winning hand: concealed tiles, called or declared melds, the winning tile.

>>> hand = Hand.parse("123m406p789s11z1m", win="1z", melds=[("pon", "777p")])
Traceback (most recent call last):
...
tutor.engine.hand.HandError: wrong_tile_count: 12 concealed tiles and 1 meld make 15; a winning hand has 14 (each meld counts as 3, kans included)
>>> hand = Hand.parse("123m406p11z", win="1z", melds=[("pon", "777p"), ("ankan", "1111s")])
>>> hand.is_closed, str(hand)
(False, '123m406p11z pon:777p ankan:1111s win:1z')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any, NamedTuple

from tutor.engine.tiles import Tile, TileNotationError, format_tiles, index_name, parse_tiles
from tutor.messages.catalogues import DEFAULT, N_, Joined, Problem, Sentence


class HandError(Problem):
    """A request the engine refuses, with a contract error code.

    Codes (``../shared/api/score.md``): bad_tiles, too_many_copies,
    wrong_tile_count, win_not_in_hand, not_a_winning_hand, no_yaku, bad_request.

    The message is a marked sentence (:func:`~tutor.messages.catalogues.N_`) with its ``{name}``
    parameters, so that whoever shows the refusal to a person says it in their language
    (:meth:`text`); ``message`` is the English, as the JSON contract and the CLI give it.

    >>> refusal = HandError("bad_request", N_("{name!r} must be true or false, not {type}"), name="tsumo", type="null")
    >>> str(refusal), refusal.message
    ("bad_request: 'tsumo' must be true or false, not null", "'tsumo' must be true or false, not null")
    """

    def __init__(self, code: str, message: str | Sentence, **params: Any) -> None:
        super().__init__(message, **params)
        self.code = code
        self.message: str = self.args[0]  # the English, as Problem said it
        self.args = (f"{code}: {self.message}",)

    def text(self, lang: str) -> str:
        # The English was said once, when the refusal was made: a batch of refusals need not say it again.
        return self.message if lang == DEFAULT else self.said.text(lang)


class MeldKind(Enum):
    # Members are singletons: hash by identity (Enum's own hash runs Python code on every dict lookup).
    __hash__ = object.__hash__

    CHI = "chi"
    """A sequence called from the player on the left."""
    PON = "pon"
    """A triplet called from any player."""
    MINKAN = "minkan"
    """An open kan: called from a discard (daiminkan) or added to a pon (shouminkan)."""
    ANKAN = "ankan"
    """A concealed kan: four drawn tiles, declared. The hand stays closed."""

    @property
    def size(self) -> int:
        return 4 if self in (MeldKind.MINKAN, MeldKind.ANKAN) else 3

    @property
    def is_kan(self) -> bool:
        return self in (MeldKind.MINKAN, MeldKind.ANKAN)


class Meld(NamedTuple):
    kind: MeldKind
    tiles: tuple[Tile, ...]
    """The meld's tiles in the order written (red fives keep their colour)."""

    @property
    def first(self) -> int:
        """Index of the lowest tile kind in the meld."""
        return min(t.index for t in self.tiles)

    @property
    def is_open(self) -> bool:
        """Chi, pon and open kans open the hand; a concealed kan does not."""
        return self.kind is not MeldKind.ANKAN

    @classmethod
    def parse(cls, kind: str, tiles: str) -> Meld:
        """Read one meld such as ``("chi", "345s")``, checking its shape.

        >>> Meld.parse("chi", "354s").tiles
        (Tile('3s'), Tile('5s'), Tile('4s'))
        >>> Meld.parse("chi", "357s")
        Traceback (most recent call last):
        ...
        tutor.engine.hand.HandError: bad_request: chi 357s is not three consecutive tiles of one suit
        """
        cached = _MELD_CACHE.get((kind, tiles))
        if cached is not None:
            return cached
        meld_kind = _MELD_KINDS.get(kind)
        if meld_kind is None:
            raise HandError(
                "bad_request",
                N_("unknown meld kind {kind!r}; use chi, pon, minkan (open kan) or ankan (closed kan)"),
                kind=kind,
            )
        try:
            parsed = parse_tiles(tiles)
        except TileNotationError as error:
            raise HandError("bad_tiles", N_("{kind} {problem}"), kind=kind, problem=error.said) from None
        if len(parsed) != meld_kind.size:
            raise HandError(
                "bad_request",
                N_("{kind} {tiles} has {count} tiles; a {kind} has {size}"),
                kind=kind,
                tiles=format_tiles(parsed),
                count=len(parsed),
                size=meld_kind.size,
            )
        kinds = sorted(t.index for t in parsed)
        first = kinds[0]
        if meld_kind is MeldKind.CHI:
            if first >= 27 or first % 9 > 6 or kinds != [first, first + 1, first + 2]:
                raise HandError(
                    "bad_request",
                    N_("chi {tiles} is not three consecutive tiles of one suit"),
                    tiles=format_tiles(parsed),
                )
        elif kinds[-1] != first:
            raise HandError(
                "bad_request",
                N_("{kind} {tiles} is not {size} copies of one tile"),
                kind=kind,
                tiles=format_tiles(parsed),
                size=meld_kind.size,
            )
        meld = cls(meld_kind, parsed)
        if len(_MELD_CACHE) < 4096:  # melds are immutable and the same few hundred recur
            _MELD_CACHE[(kind, tiles)] = meld
        return meld

    def said(self) -> Sentence:
        """The meld as a reader says it, its kind in words: ``pon 555z`` (碰 555z); the tiles are left in
        MPSZ for the page to draw or the terminal to name.

        >>> str(Meld.parse("minkan", "1111z").said())
        'open kan 1111z'
        """
        return Sentence(MELD_SAID[self.kind], tiles=format_tiles(self.tiles))

    def __str__(self) -> str:
        # Kept once written: a refusal names the hand, melds included, and the same few hundred melds recur.
        text = _MELD_TEXTS.get(self)
        if text is None:
            text = f"{_MELD_NAMES[self.kind]}:{format_tiles(self.tiles)}"
            if len(_MELD_TEXTS) < 4096:
                _MELD_TEXTS[self] = text
        return text


_MELD_KINDS = {kind.value: kind for kind in MeldKind}
MELD_SAID = {
    MeldKind.CHI: N_("chi {tiles}"),
    MeldKind.PON: N_("pon {tiles}"),
    MeldKind.MINKAN: N_("open kan {tiles}"),
    MeldKind.ANKAN: N_("closed kan {tiles}"),
}
"""A meld in a sentence, by kind: the word players use, never the request's ``pon:555z``."""
_MELD_NAMES = {kind: name for name, kind in _MELD_KINDS.items()}  # (Enum's .value is a Python property)
_MELD_CACHE: dict[tuple[str, str], Meld] = {}
_MELD_TEXTS: dict[Meld, str] = {}


class Hand:
    """A hand that won: concealed tiles (the winning tile included), melds, and the winning tile.

    An immutable value. What the engine asks of a hand again and again
    (counts, kinds held, whether it is closed) is worked out once, here.
    """

    __slots__ = (
        "concealed",
        "melds",
        "win",
        "all_tiles",
        "concealed_counts",
        "counts",
        "is_closed",
        "mask",
        "red_fives",
    )

    concealed: tuple[Tile, ...]
    """Tiles in the hand, the winning tile included."""
    melds: tuple[Meld, ...]
    win: Tile
    """The winning tile (one of the concealed tiles)."""
    all_tiles: tuple[Tile, ...]
    """Every tile of the hand, melds included (kans with all four)."""
    concealed_counts: list[int]
    """How many of each of the 34 kinds among the concealed tiles."""
    counts: list[int]
    """How many of each of the 34 kinds in the whole hand, melds included."""
    is_closed: bool
    """Menzen: no chi, pon or open kan (a concealed kan keeps the hand closed)."""
    mask: int
    """The kinds in the whole hand as a bit mask (bit i set when kind i is held)."""
    red_fives: int
    """How many red fives the hand holds, melds included."""

    def __init__(self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...], win: Tile) -> None:
        self.concealed = concealed
        self.melds = melds
        self.win = win
        counts = [0] * 34
        mask = reds = 0
        for tile in concealed:
            counts[tile.index] += 1
            mask |= tile.bit
            reds += tile.red
        self.concealed_counts = counts[:]
        all_tiles = concealed
        closed = True
        for meld in melds:
            all_tiles += meld.tiles
            if meld.kind is not MeldKind.ANKAN:
                closed = False
            for tile in meld.tiles:
                counts[tile.index] += 1
                mask |= tile.bit
                reds += tile.red
        self.all_tiles = all_tiles
        self.counts = counts
        self.is_closed = closed
        self.mask = mask
        self.red_fives = reds

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (self.concealed, self.melds, self.win) == (other.concealed, other.melds, other.win)

    def __hash__(self) -> int:
        return hash((self.concealed, self.melds, self.win))

    def __repr__(self) -> str:
        return f"Hand.parse({format_tiles(self.concealed)!r}, win={str(self.win)!r}, melds={[(m.kind.value, format_tiles(m.tiles)) for m in self.melds]!r})"

    @classmethod
    def parse(cls, hand: str, win: str, melds: Iterable[tuple[str, str]] = ()) -> Hand:
        """Read and validate a hand; raises :class:`HandError` with the contract's code."""
        try:
            concealed = parse_tiles(hand)
        except TileNotationError as error:
            raise HandError("bad_tiles", N_("hand: {problem}"), problem=error.said) from None
        try:
            win_tiles = parse_tiles(win)
        except TileNotationError as error:
            raise HandError("bad_tiles", N_("win: {problem}"), problem=error.said) from None
        if len(win_tiles) != 1:
            raise HandError("bad_tiles", N_("win must be exactly one tile, not {text!r}"), text=win)
        parsed_melds = tuple(Meld.parse(kind, tiles) for kind, tiles in melds)
        return cls.build(concealed, win_tiles[0], parsed_melds)

    @classmethod
    def build(cls, concealed: Sequence[Tile], win: Tile, melds: Sequence[Meld] = ()) -> Hand:
        """Validate already parsed parts (copies, tile count, winning tile)."""
        hand = cls(
            concealed if type(concealed) is tuple else tuple(concealed),
            melds if type(melds) is tuple else tuple(melds),
            win,
        )
        counts = hand.counts
        if max(counts) > 4:
            over = [index_name(i) for i, n in enumerate(counts) if n > 4]
            raise HandError(
                "too_many_copies",
                N_("{tiles} used {count} times; there are only 4 of each tile (red fives count as fives)"),
                tiles=", ".join(over),
                count=max(counts),
            )
        if len(melds) > 4:
            raise HandError("wrong_tile_count", N_("{count} melds; a hand has at most 4"), count=len(melds))
        total = len(concealed) + 3 * len(melds)
        if total != 14:
            if not melds:
                sentence = N_("{count} concealed tiles make {total}; a winning hand has 14")
            elif len(melds) == 1:
                sentence = N_(
                    "{count} concealed tiles and 1 meld make {total}; a winning hand has 14"
                    " (each meld counts as 3, kans included)"
                )
            else:
                sentence = N_(
                    "{count} concealed tiles and {melds} melds make {total}; a winning hand has 14"
                    " (each meld counts as 3, kans included)"
                )
            raise HandError("wrong_tile_count", sentence, count=len(concealed), melds=len(melds), total=total)
        # A plain "5p" may name a red five in the hand; a red "0p" needs the red one. (Tiles are shared
        # objects, so "in" finds the very tile; it is asked only of a red one, because each tile it
        # passes on the way runs Python's comparison machinery: Tile defines __lt__.)
        if not hand.concealed_counts[win.index] or (win.red and win not in concealed):
            in_meld = any(win.index == t.index for m in melds for t in m.tiles)
            sentence = (
                N_("the winning tile {tile} is not among the hand tiles (it is only inside a meld)")
                if in_meld
                else N_("the winning tile {tile} is not among the hand tiles")
            )
            raise HandError("win_not_in_hand", sentence, tile=str(win))
        return hand

    def said(self) -> Sentence:
        """The hand in a sentence: its tiles, its melds by kind, its winning tile.

        >>> str(Hand.parse("123m456p789s55z", "5z", [("pon", "222s")]).said())
        '123m456p789s55z with pon 222s (winning on 5z)'
        """
        if not self.melds:
            return Sentence(N_("{tiles} (winning on {win})"), tiles=format_tiles(self.concealed), win=str(self.win))
        melds = Joined(", ", [meld.said() for meld in self.melds])
        return Sentence(
            N_("{tiles} with {melds} (winning on {win})"),
            tiles=format_tiles(self.concealed),
            melds=melds,
            win=str(self.win),
        )

    def __str__(self) -> str:
        parts = [format_tiles(self.concealed), *map(str, self.melds), f"win:{self.win}"]
        return " ".join(parts)
