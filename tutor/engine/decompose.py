"""Every way to read a winning hand: groups, pair, and the wait it was won on.

A *decomposition* splits the 14 tiles into four groups and a pair (or seven
pairs, or the thirteen orphans). A *reading* adds which group the winning
tile completed, which fixes the wait (ryanmen, kanchan, ...) and, on a ron,
which triplet counts as open. The scorer tries every reading and keeps the
one that pays most.

>>> from tutor.engine.hand import Hand
>>> hand = Hand.parse("123m456m789p345s55s", win="5s")
>>> [str(r) for r in readings(hand, tsumo=False)]
['123m 456m 789p 345s 55s (tanki on 5s)', '123m 456m 789p 345s 55s (ryanmen on 5s)']
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from itertools import product

from tutor.engine.hand import Hand, Meld, MeldKind
from tutor.engine.tiles import IS_HONOR, IS_TERMINAL, IS_YAOCHUU, YAOCHUU, index_name, pair_notation


class GroupKind(Enum):
    __hash__ = object.__hash__  # singletons: identity hash is cheaper than Enum's
    SEQUENCE = "shuntsu"
    TRIPLET = "koutsu"
    QUAD = "kantsu"


class Wait(Enum):
    """The shape the hand was waiting with, in the reading chosen."""

    __hash__ = object.__hash__  # singletons: identity hash is cheaper than Enum's

    def __init__(self, name: str) -> None:
        self.label = name
        """The wait's romaji name (the same as ``value``, without Enum's slower property)."""

    RYANMEN = "ryanmen"
    """Two-sided: 45 waiting on 3 or 6 (also 23 on 1/4 and 78 on 6/9)."""
    KANCHAN = "kanchan"
    """Closed: 46 waiting on 5."""
    PENCHAN = "penchan"
    """Edge: 12 waiting on 3, 89 waiting on 7."""
    TANKI = "tanki"
    """Pair wait: a single tile waiting for its match."""
    SHANPON = "shanpon"
    """Dual pon: two pairs, one becomes a triplet."""
    KOKUSHI = "kokushi"
    """Thirteen orphans holding its pair, waiting on the one missing kind."""
    KOKUSHI_13 = "kokushi_13"
    """Thirteen orphans holding all thirteen singles: any of them wins."""

    @property
    def fu(self) -> int:
        return 2 if self in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI) else 0


class Group:
    """One group of a reading. Instances are shared: compare with ``is`` or ``==``."""

    __slots__ = (
        "kind",
        "first",
        "meld",
        "is_open",
        "is_sequence",
        "is_triplet_like",
        "is_quad",
        "has_yaochuu",
        "has_terminal",
        "is_honor",
        "is_yaochuu_set",
        "suit",
        "indices",
        "notation",
        "waits",
    )

    kind: GroupKind
    first: int
    """Index of the lowest tile kind."""
    meld: MeldKind | None
    """How it was called or declared, or None for a group inside the concealed hand."""
    is_open: bool
    """Called from another player (chi, pon, open kan)."""

    def __init__(self, kind: GroupKind, first: int, meld: MeldKind | None) -> None:
        self.kind = kind
        self.first = first
        self.meld = meld
        self.is_open = meld is not None and meld is not MeldKind.ANKAN
        self.is_sequence = kind is GroupKind.SEQUENCE
        self.is_triplet_like = not self.is_sequence
        self.is_quad = kind is GroupKind.QUAD
        size = 4 if self.is_quad else 3
        self.indices = (first, first + 1, first + 2) if self.is_sequence else (first,) * size
        self.has_yaochuu = any(IS_YAOCHUU[i] for i in self.indices)
        self.has_terminal = any(IS_TERMINAL[i] for i in self.indices)
        self.is_honor = IS_HONOR[first]
        self.is_yaochuu_set = not self.is_sequence and IS_YAOCHUU[first]
        self.suit = "mpsz"[first // 9]
        self.notation = "".join(str(i % 9 + 1) for i in self.indices) + self.suit
        """MPSZ text, e.g. ``"345s"`` or ``"7777z"``."""
        self.waits = {} if meld is not None else waits_completed(kind is GroupKind.SEQUENCE, first)
        """The wait a winning tile (by index) completed this group on; empty for a called or declared meld."""

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        where = self.meld.value if self.meld else "concealed"
        return f"<Group {self.notation} {where}>"


def waits_completed(sequence: bool, first: int) -> dict[int, Wait]:
    """The wait each winning tile (by index) completes a sequence or triplet starting at ``first`` on.

    >>> waits_completed(True, 0)  # 123m: the 3 was waiting on 12, an edge
    {0: <Wait.RYANMEN: 'ryanmen'>, 1: <Wait.KANCHAN: 'kanchan'>, 2: <Wait.PENCHAN: 'penchan'>}
    """
    if not sequence:
        return {first: Wait.SHANPON}
    return {
        first: Wait.PENCHAN if first % 9 == 6 else Wait.RYANMEN,  # 789 completed by the 7 was waiting on 89
        first + 1: Wait.KANCHAN,
        first + 2: Wait.PENCHAN if first % 9 == 0 else Wait.RYANMEN,  # 123 completed by the 3 was waiting on 12
    }


def _intern_groups() -> dict[tuple[GroupKind, int, MeldKind | None], Group]:
    table = {}
    for first in range(34):
        for meld in (None, MeldKind.PON):
            table[(GroupKind.TRIPLET, first, meld)] = Group(GroupKind.TRIPLET, first, meld)
        for meld in (MeldKind.MINKAN, MeldKind.ANKAN):
            table[(GroupKind.QUAD, first, meld)] = Group(GroupKind.QUAD, first, meld)
        if first < 27 and first % 9 <= 6:
            for meld in (None, MeldKind.CHI):
                table[(GroupKind.SEQUENCE, first, meld)] = Group(GroupKind.SEQUENCE, first, meld)
    return table


_GROUPS = _intern_groups()
_MELD_GROUP_KIND = {
    MeldKind.CHI: GroupKind.SEQUENCE,
    MeldKind.PON: GroupKind.TRIPLET,
    MeldKind.MINKAN: GroupKind.QUAD,
    MeldKind.ANKAN: GroupKind.QUAD,
}
_CONCEALED_SEQUENCE = {first: _GROUPS[(GroupKind.SEQUENCE, first, None)] for first in range(27) if first % 9 <= 6}
_CONCEALED_TRIPLET = {first: _GROUPS[(GroupKind.TRIPLET, first, None)] for first in range(34)}


def all_groups() -> tuple[Group, ...]:
    """Every distinct group (concealed and called), each once."""
    return tuple(_GROUPS.values())


def meld_group(kind: MeldKind, first: int) -> Group:
    """The shared :class:`Group` for a called or declared meld."""
    return _GROUPS[(_MELD_GROUP_KIND[kind], first, kind)]


class Shape(Enum):
    __hash__ = (
        object.__hash__
    )  # singletons: identity hash is cheaper than Enum's (the scorer's plans are keyed by shape)

    STANDARD = "four groups and a pair"
    CHIITOITSU = "seven pairs"
    KOKUSHI = "thirteen orphans"


class Reading:
    """One interpretation of a winning hand.

    ``groups`` holds the four groups (melds included) for a standard hand,
    ``pairs`` the pair (or the seven pairs, or kokushi's duplicated kind),
    ``win_group`` the group the winning tile completed (None when it completed
    the pair), and ``wait`` the resulting wait.
    """

    __slots__ = (
        "shape",
        "groups",
        "pairs",
        "win_group",
        "wait",
        "win",
        "tsumo",
        "sequences",
        "triplets",
        "quads",
        "concealed_triplets",
        "_text",
    )

    shape: Shape
    groups: tuple[Group, ...]
    pairs: tuple[int, ...]
    win_group: Group | None
    wait: Wait
    win: int
    """Index of the winning tile."""
    tsumo: bool
    sequences: tuple[int, ...]
    """Lowest index of each sequence, sorted."""
    triplets: tuple[int, ...]
    """Index of each triplet or kan, sorted."""
    quads: int
    """How many kans."""
    concealed_triplets: int
    """Ankou: concealed triplets and closed kans, not counting a triplet completed by ron (RULES.md §2.3)."""

    @classmethod
    def standard(
        cls, groups: tuple[Group, ...], pair: int, win_group: Group | None, wait: Wait, win: int, tsumo: bool
    ) -> Reading:
        sequences = []
        triplets = []
        quads = concealed = 0
        for g in groups:
            if g.is_sequence:
                sequences.append(g.first)
            else:
                triplets.append(g.first)
                if g.is_quad:
                    quads += 1
                if not g.is_open and (tsumo or g is not win_group):
                    concealed += 1
        sequences.sort()
        triplets.sort()
        return cls(
            Shape.STANDARD,
            groups,
            (pair,),
            win_group,
            wait,
            win,
            tsumo,
            tuple(sequences),
            tuple(triplets),
            quads,
            concealed,
        )

    def __init__(
        self,
        shape: Shape,
        groups: tuple[Group, ...],
        pairs: tuple[int, ...],
        win_group: Group | None,
        wait: Wait,
        win: int,
        tsumo: bool,
        sequences: tuple[int, ...] = (),
        triplets: tuple[int, ...] = (),
        quads: int = 0,
        concealed_triplets: int = 0,
    ) -> None:
        self.shape = shape
        self.groups = groups
        self.pairs = pairs
        self.win_group = win_group
        self.wait = wait
        self.win = win
        self.tsumo = tsumo
        self.sequences = sequences
        self.triplets = triplets
        self.quads = quads
        self.concealed_triplets = concealed_triplets
        self._text = ""

    @property
    def pair(self) -> int:
        """Index of the pair of a standard hand."""
        return self.pairs[0]

    def is_concealed(self, group: Group) -> bool:
        """Whether a group counts as concealed for fu and for sanankou/suuankou."""
        return not group.is_open and not (group is self.win_group and not self.tsumo)

    def groups_text(self) -> str:
        """The groups and pair in MPSZ, e.g. ``123m 456m 789p 345s 55s`` (``kokushi`` for thirteen orphans)."""
        if not self._text:
            if self.shape is Shape.STANDARD:
                notations = [g.notation for g in self.groups]
                notations.append(pair_notation(self.pairs[0]))
                self._text = " ".join(notations)
            elif self.shape is Shape.CHIITOITSU:
                self._text = " ".join(pair_notation(p) for p in self.pairs)
            else:
                self._text = "kokushi"
        return self._text

    def __str__(self) -> str:
        return f"{self.groups_text()} ({self.wait.label} on {index_name(self.win)})"

    def __repr__(self) -> str:
        return f"<Reading {self}>"


# A suit's splits are worked out on its counts alone, the same for man, pin and sou. A group
# is coded as 2 × its first number, + 1 for a triplet, so sorted codes list groups by number.
_Split = tuple[int, tuple[int, ...]]  # (pair number or -1, group codes)


@cache
def _number_splits(counts: tuple[int, ...], need_pair: bool) -> tuple[_Split, ...]:
    """Every split of one suit's counts (9 numbers) into sequences, triplets and, if asked, one pair.

    Memoised on what is left after each group, so patterns are shared across
    suits and hands: most hands' suits are answered from the cache.
    """
    i = 0
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        return () if need_pair else ((-1, ()),)
    n = counts[i]
    before, after = counts[:i], counts[i + 1 :]
    found: set[_Split] = set()
    if n >= 3:
        # Every other group starts at i or later; only a sequence at i (code 2i) comes before the
        # triplet's 2i + 1, and rarely (what is left at i makes a sequence): sort only then.
        triplet = 2 * i + 1
        for pair, rest in _number_splits((*before, n - 3, *after), need_pair):
            found.add((pair, tuple(sorted((triplet, *rest))) if rest and rest[0] < triplet else (triplet, *rest)))
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        # Every other group starts at i or later: the sequence's code 2i comes first.
        sequence = 2 * i
        left = (*before, n - 1, counts[i + 1] - 1, counts[i + 2] - 1, *counts[i + 3 :])
        for pair, rest in _number_splits(left, need_pair):
            found.add((pair, (sequence, *rest)))
    if need_pair and n >= 2:
        for _, rest in _number_splits((*before, n - 2, *after), False):
            found.add((i, rest))
    return tuple(sorted(found))


# A group's code (see above) to its concealed Group, for each suit's first index.
_GROUP_OF_CODE = {
    base: {
        code: _CONCEALED_TRIPLET[base + (code >> 1)] if code & 1 else _CONCEALED_SEQUENCE[base + (code >> 1)]
        for code in range(18)
        if code & 1 or code >> 1 <= 6
    }
    for base in (0, 9, 18)
}


@cache
def _suit_splits(base: int, counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Group, ...]], ...]:
    """Every split of one suit's tiles into sequences, triplets and at most one pair, as Groups."""
    total = sum(counts)
    if total % 3 == 1:
        return ()
    group = _GROUP_OF_CODE[base].__getitem__
    return tuple(
        (base + pair if pair >= 0 else -1, tuple(map(group, codes)))
        for pair, codes in _number_splits(counts, total % 3 == 2)
    )


@cache
def _honor_split(honors: tuple[int, ...]) -> tuple[int, tuple[Group, ...]] | None:
    """Honours only make triplets and one pair; ``honors`` counts East ... Red."""
    pair = -1
    groups = []
    for index, n in enumerate(honors, start=27):
        if n == 3:
            groups.append(_CONCEALED_TRIPLET[index])
        elif n == 2:
            if pair >= 0:
                return None
            pair = index
        elif n:
            return None
    return pair, tuple(groups)


_EMPTY_SUIT = (0,) * 9
_NOTHING_IN_SUIT = ((-1, ()),)


def standard_decompositions(
    counts: list[int], meld_groups: tuple[Group, ...] = ()
) -> list[tuple[int, tuple[Group, ...]]]:
    """All (pair, groups) splits of concealed tile counts; ``meld_groups`` are appended."""
    c = tuple(counts)
    honors = _honor_split(c[27:34])
    if honors is None:
        return []
    man, pin, sou = c[0:9], c[9:18], c[18:27]
    options = (
        _NOTHING_IN_SUIT if man == _EMPTY_SUIT else _suit_splits(0, man),
        _NOTHING_IN_SUIT if pin == _EMPTY_SUIT else _suit_splits(9, pin),
        _NOTHING_IN_SUIT if sou == _EMPTY_SUIT else _suit_splits(18, sou),
    )
    if not (options[0] and options[1] and options[2]):
        return []
    honor_pair, honor_groups = honors
    result = []
    for (p1, g1), (p2, g2), (p3, g3) in product(*options):
        # Exactly one pair in the whole hand (four pairs across four families add up to 14 tiles too).
        if (p1 >= 0) + (p2 >= 0) + (p3 >= 0) + (honor_pair >= 0) == 1:
            result.append((max(p1, p2, p3, honor_pair), g1 + g2 + g3 + honor_groups + meld_groups))
    return result


def is_chiitoitsu(counts: list[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    return counts.count(2) == 7


def is_kokushi(counts: list[int]) -> bool:
    """One of each terminal and honour plus one more of them."""
    # Thirteen kinds held is quick to count and rules out almost every other hand.
    return counts.count(0) == 21 and all(counts[i] for i in YAOCHUU) and sum(counts[i] for i in YAOCHUU) == 14


def readings(hand: Hand, tsumo: bool) -> list[Reading]:
    """Every reading of a winning hand (empty when it is not a winning shape)."""
    meld_groups = tuple(map(_group_of_meld, hand.melds)) if hand.melds else ()
    return readings_of(hand.concealed_counts, meld_groups, hand.win.index, tsumo)


_MELD_GROUPS: dict[Meld, Group] = {}


def _group_of_meld(meld: Meld) -> Group:
    group = _MELD_GROUPS.get(meld)
    if group is None:
        group = meld_group(meld.kind, meld.first)
        if len(_MELD_GROUPS) < 10000:
            _MELD_GROUPS[meld] = group
    return group


def readings_of(counts: list[int], meld_groups: tuple[Group, ...], win: int, tsumo: bool) -> list[Reading]:
    """Every reading of concealed tile ``counts`` plus melds, won on tile index ``win``.

    Works on counts alone, so wait finders can try a tile the player already
    holds four of.
    """
    found: list[Reading] = []
    for pair, groups in standard_decompositions(counts, meld_groups):
        if pair == win:
            found.append(Reading.standard(groups, pair, None, Wait.TANKI, win, tsumo))
        completed: list[Group] = []  # each group once: 123m twice in a hand is one reading, not two
        for group in groups:
            wait = group.waits.get(win)
            if wait is not None and group not in completed:
                completed.append(group)
                found.append(Reading.standard(groups, pair, group, wait, win, tsumo))
    if not meld_groups:
        if is_chiitoitsu(counts):
            pairs = tuple(i for i, n in enumerate(counts) if n == 2)
            found.append(Reading(Shape.CHIITOITSU, (), pairs, None, Wait.TANKI, win, tsumo))
        elif is_kokushi(counts):
            duplicate = next(i for i in YAOCHUU if counts[i] == 2)
            wait = Wait.KOKUSHI_13 if duplicate == win else Wait.KOKUSHI
            found.append(Reading(Shape.KOKUSHI, (), (duplicate,), None, wait, win, tsumo))
    return found
