"""Random legal winning hands, reproducible from a seed.

Hands are built constructively (groups first, then which of them were called,
then the winning tile and a consistent situation), never by drawing tiles and
rejecting non-winning ones. The result is a score request in the contract's
format, so anything that speaks the contract can check it.

>>> import random
>>> request = random_request(random.Random(7))
>>> request == random_request(random.Random(7))
True
>>> from tutor.engine.api import score_request
>>> "error" in score_request(request) and score_request(request)["error"]["code"] != "no_yaku"
False
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.engine.tiles import DRAGONS, IS_TERMINAL, WINDS, YAOCHUU, index_name

SEQUENCE, TRIPLET = "sequence", "triplet"
Group = tuple[str, int]  # (SEQUENCE or TRIPLET, first index)

#: Styles bias the tiles toward families of yaku, so random batches cover them.
STYLES = (
    "mixed",
    "simples",
    "one_suit",
    "outside",
    "triplets",
    "honours",
    "chiitoitsu",
    "kokushi",
    "yakuman",
)
_STYLE_WEIGHTS = (40, 12, 12, 8, 10, 8, 5, 1, 4)


class TilePool:
    """Tiles left in the set, so no hand ever uses a fifth copy."""

    def __init__(self) -> None:
        self.left = [4] * 34

    def take(self, indices: tuple[int, ...] | list[int]) -> bool:
        """Take these tiles if every one is still there (all or nothing)."""
        need: dict[int, int] = {}
        for i in indices:
            need[i] = need.get(i, 0) + 1
        if any(self.left[i] < n for i, n in need.items()):
            return False
        for i, n in need.items():
            self.left[i] -= n
        return True


def group_tiles(group: Group) -> tuple[int, ...]:
    """The tile indices of a sequence or triplet."""
    kind, first = group
    return (first, first + 1, first + 2) if kind == SEQUENCE else (first, first, first)


def _kinds_for(style: str, rng: random.Random) -> tuple[list[int], float]:
    """Tile kinds a style draws from, and its chance of a sequence per group."""
    if style == "simples":
        return [i for i in range(27) if not IS_TERMINAL[i]], 0.8
    if style == "one_suit":
        base = 9 * rng.randrange(3)
        kinds = list(range(base, base + 9))
        if rng.random() < 0.5:
            kinds += list(range(27, 34))
        return kinds, 0.7
    if style == "outside":
        kinds = [i for i in range(27) if i % 9 in (0, 1, 2, 6, 7, 8)]
        if rng.random() < 0.6:
            kinds += list(range(27, 34))
        return kinds, 0.6
    if style == "triplets":
        return list(range(34)), 0.1
    if style == "honours":
        return list(range(34)), 0.4
    return list(range(34)), 0.65


def _standard_groups(style: str, rng: random.Random, pool: TilePool) -> tuple[list[Group], int] | None:
    kinds, sequence_chance = _kinds_for(style, rng)
    if style == "honours":
        kinds = list(range(27, 34)) * 3 + kinds  # lean on winds and dragons
    pair_kinds = [k for k in kinds if pool.left[k] >= 2]
    pair = rng.choice(pair_kinds)
    pool.take((pair, pair))
    groups: list[Group] = []
    for _ in range(40):
        if len(groups) == 4:
            return groups, pair
        first = rng.choice(kinds)
        if rng.random() < sequence_chance and first < 27:
            first = first - first % 9 + min(first % 9, 6)
            if style == "outside" and first % 9 not in (0, 6):
                continue
            group: Group = (SEQUENCE, first)
            if style == "simples" and (IS_TERMINAL[first] or IS_TERMINAL[first + 2]):
                continue
        else:
            group = (TRIPLET, first)
        if pool.take(group_tiles(group)):
            groups.append(group)
    return None


def _yakuman_groups(rng: random.Random, pool: TilePool) -> tuple[list[Group], int] | None:
    """A shape aimed at one yakuman (daisangen, suushii, tsuuiisou, ryuuiisou, chinroutou, ...)."""
    target = rng.choice(
        ("daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "suuankou", "chuuren")
    )
    if target == "chuuren":
        return None  # built by _chuuren
    if target == "daisangen":
        groups = [(TRIPLET, d) for d in DRAGONS]
        rest = [i for i in range(34) if i not in DRAGONS]
    elif target in ("shousuushii", "daisuushii"):
        winds = list(WINDS)
        rng.shuffle(winds)
        groups = [(TRIPLET, w) for w in winds[: 4 if target == "daisuushii" else 3]]
        if target == "shousuushii":
            pair = winds[3]
            for g in groups:
                pool.take(group_tiles(g))
            pool.take((pair, pair))
            extra = _random_group(rng, pool, list(range(34)))
            return (groups + [extra], pair) if extra else None
        rest = [i for i in range(34) if i not in WINDS]
    elif target == "tsuuiisou":
        kinds = list(range(27, 34))
        rng.shuffle(kinds)
        groups = [(TRIPLET, k) for k in kinds[:4]]
        rest = kinds[4:]
    elif target == "ryuuiisou":
        greens = [19, 20, 21, 23, 25, 32]
        groups = []
        rest = greens
        for _ in range(4):
            if rng.random() < 0.4 and pool.left[19] and pool.left[20] and pool.left[21]:
                groups.append((SEQUENCE, 19))
                pool.take((19, 20, 21))
                continue
            options = [g for g in greens if pool.left[g] >= 3]
            choice = rng.choice(options)
            groups.append((TRIPLET, choice))
            pool.take((choice,) * 3)
        pair_options = [g for g in greens if pool.left[g] >= 2]
        if not pair_options:
            return None
        pair = rng.choice(pair_options)
        pool.take((pair, pair))
        return groups, pair
    elif target == "chinroutou":
        terminals = [i for i in YAOCHUU if i < 27]
        rng.shuffle(terminals)
        groups = [(TRIPLET, t) for t in terminals[:4]]
        rest = terminals[4:]
    else:  # suuankou: four triplets of anything
        kinds = list(range(34))
        rng.shuffle(kinds)
        groups = [(TRIPLET, k) for k in kinds[:4]]
        rest = kinds[4:]
    for g in groups:
        pool.take(group_tiles(g))
    pair = rng.choice([k for k in rest if pool.left[k] >= 2])
    pool.take((pair, pair))
    while len(groups) < 4:
        extra = _random_group(rng, pool, list(range(34)))
        if extra is None:
            return None
        groups.append(extra)
    return groups, pair


def _random_group(rng: random.Random, pool: TilePool, kinds: list[int]) -> Group | None:
    for _ in range(20):
        first = rng.choice(kinds)
        group: Group = (TRIPLET, first)
        if first < 27 and rng.random() < 0.5:
            group = (SEQUENCE, first - first % 9 + min(first % 9, 6))
        if pool.take(group_tiles(group)):
            return group
    return None


@dataclass
class _Built:
    concealed: list[int]
    melds: list[tuple[str, tuple[int, ...]]]


def _assign_melds(groups: list[Group], pair: int, rng: random.Random, pool: TilePool, max_melds: int = 4) -> _Built:
    """Decide which groups were called or declared as kans."""
    weights = (45, 20, 15, 12, 8)[: max_melds + 1]
    meld_count = rng.choices(range(len(weights)), weights=weights)[0]
    order = list(range(4))
    rng.shuffle(order)
    called = set(order[:meld_count])
    concealed: list[int] = [pair, pair]
    melds: list[tuple[str, tuple[int, ...]]] = []
    for position, group in enumerate(groups):
        tiles = group_tiles(group)
        kind, first = group
        if kind == TRIPLET and rng.random() < 0.25 and pool.take((first,)):
            melds.append((rng.choice(("minkan", "ankan")), (first,) * 4))
        elif position in called:
            melds.append(("chi" if kind == SEQUENCE else "pon", tiles))
        else:
            concealed.extend(tiles)
    return _Built(concealed, melds)


def _chiitoitsu(rng: random.Random, pool: TilePool) -> list[int]:
    kinds = rng.sample(range(34), 7)
    for k in kinds:
        pool.take((k, k))
    return [k for k in kinds for _ in range(2)]


def _kokushi(rng: random.Random, pool: TilePool) -> list[int]:
    tiles = list(YAOCHUU) + [rng.choice(YAOCHUU)]
    pool.take(tiles)
    return tiles


def _chuuren(rng: random.Random, pool: TilePool) -> list[int]:
    base = 9 * rng.randrange(3)
    tiles = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3 + [base + rng.randrange(9)]
    pool.take(tiles)
    return tiles


def random_request(rng: random.Random, style: str | None = None) -> dict[str, Any]:
    """A random winning hand with a consistent situation, as a contract request.

    The hand always has a winning shape; it may lack a yaku (callers that need
    one re-draw, or use the no_yaku answer as a question).
    """
    if style is None:
        style = rng.choices(STYLES, weights=_STYLE_WEIGHTS)[0]
    for _ in range(100):
        pool = TilePool()
        built = _build(style, rng, pool)
        if built is not None:
            return _with_situation(built, rng, pool)
    raise RuntimeError(f"could not build a {style} hand")  # pragma: no cover - each style succeeds quickly


def _build(style: str, rng: random.Random, pool: TilePool) -> _Built | None:
    if style == "chiitoitsu":
        return _Built(_chiitoitsu(rng, pool), [])
    if style == "kokushi":
        return _Built(_kokushi(rng, pool), [])
    if style == "yakuman":
        if rng.random() < 0.15:
            return _Built(_chuuren(rng, pool), [])
        shape = _yakuman_groups(rng, pool)
    else:
        shape = _standard_groups(style, rng, pool)
    if shape is None:
        return None
    groups, pair = shape
    return _assign_melds(groups, pair, rng, pool)


def notation(indices: list[int] | tuple[int, ...], reds: set[int]) -> str:
    """MPSZ for tile indices; a five listed in ``reds`` is written red (once)."""
    parts: dict[str, list[str]] = {"m": [], "p": [], "s": [], "z": []}
    for i in sorted(indices):
        name = index_name(i)
        digit = name[0]
        if i in reds:
            reds.discard(i)
            digit = "0"
        parts[name[1]].append(digit)
    return "".join("".join(digits) + suit for suit, digits in parts.items() if digits)


def held_tiles(concealed: list[int], melds: list[tuple[str, tuple[int, ...]]]) -> list[int]:
    """Every tile index of a hand, melds included."""
    return concealed + [t for _, tiles in melds for t in tiles]


def red_fives(
    concealed: list[int], melds: list[tuple[str, tuple[int, ...]]], rng: random.Random, chance: float
) -> set[int]:
    """Which fives are red: one per suit when the hand holds that five, each with ``chance``.
    A hand holding all four fives must hold the red one: the set has only three plain fives."""
    held = held_tiles(concealed, melds)
    return {
        five
        for five in (4, 13, 22)
        if five in held and (held.count(five) == 4 or (chance > 0 and rng.random() < chance))
    }


def write_tiles(
    concealed: list[int], melds: list[tuple[str, tuple[int, ...]]], reds: set[int]
) -> tuple[str, list[dict[str, str]], set[int]]:
    """The hand and melds in MPSZ, each red five written once; also which red fives ended up in the hand."""
    pending = set(reds)
    meld_fields = [{"kind": kind, "tiles": notation(tiles, pending)} for kind, tiles in melds]
    in_hand = set(pending)
    return notation(concealed, pending), meld_fields, in_hand


def _with_situation(built: _Built, rng: random.Random, pool: TilePool) -> dict[str, Any]:
    closed = all(kind == "ankan" for kind, _ in built.melds)
    has_kan = any(kind in ("minkan", "ankan") for kind, _ in built.melds)
    hand, melds, red_in_hand = write_tiles(
        built.concealed, built.melds, red_fives(built.concealed, built.melds, rng, 0.35)
    )
    win_index = rng.choice(built.concealed)
    win = index_name(win_index)
    if win_index in red_in_hand and rng.random() < 0.3:
        win = "0" + win[1]
    tsumo = rng.random() < 0.4
    request: dict[str, Any] = {
        "hand": hand,
        "win": win,
        "melds": melds,
        "tsumo": tsumo,
        "seat_wind": rng.choice("ESWN"),
        "round_wind": rng.choice("EESSWN"),
    }
    if closed and rng.random() < 0.5:
        request["riichi"] = True
        if rng.random() < 0.1:
            request["double_riichi"] = True
    if request.get("riichi") and rng.random() < 0.2:
        request["ippatsu"] = True
    if has_kan and tsumo and not request.get("ippatsu") and rng.random() < 0.25:
        request["rinshan"] = True
    if tsumo and not request.get("rinshan") and rng.random() < 0.05:
        request["haitei"] = True
    if not tsumo and rng.random() < 0.05:
        request["houtei"] = True
    elif not tsumo and held_tiles(built.concealed, built.melds).count(win_index) == 1 and rng.random() < 0.1:
        request["chankan"] = True
    if not built.melds and tsumo and not request.get("riichi") and rng.random() < 0.03:
        request["tenhou" if request["seat_wind"] == "E" else "chiihou"] = True
    kans = sum(1 for kind, _ in built.melds if kind in ("minkan", "ankan"))
    request["dora_indicators"] = indicators(rng, pool, 1 + kans)
    if request.get("riichi"):
        request["ura_indicators"] = indicators(rng, pool, 1 + kans)
    request["honba"] = rng.choice((0, 0, 0, 1, 2, 3))
    request["riichi_sticks"] = rng.choice((0, 0, 0, 1, 2))
    return request


def indicators(rng: random.Random, pool: TilePool, count: int) -> list[str]:
    """``count`` indicator tiles drawn from what the pool has left."""
    shown = []
    for _ in range(count):
        kind = rng.choice([i for i in range(34) if pool.left[i]])
        pool.take((kind,))
        shown.append(index_name(kind))
    return shown
