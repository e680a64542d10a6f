"""Hands made to order for practice: a yaku, a fu feature, tenpai, furiten, at a difficulty.

Each target builds its hand constructively: it picks the groups the yaku or
fu item needs, fills the rest at random from what the set has left, decides
which groups were called and which tile won, and sets a consistent situation.
The engine then scores the request; a hand that misses its target (another
yaku took over, the engine read it another way) is built again. Targets are
reproducible from the random generator they are given.

>>> import random
>>> from tutor.engine.api import score_request
>>> request = hand_for("pinfu", random.Random(1), difficulty=1)
>>> "pinfu" in {y["id"] for y in score_request(request)["yaku"]}
True
>>> request == hand_for("pinfu", random.Random(1), difficulty=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.api import evaluate
from tutor.engine.decompose import Wait, waits_completed
from tutor.engine.generate import (
    SEQUENCE,
    TRIPLET,
    Group,
    TilePool,
    group_tiles,
    held_tiles,
    indicators,
    red_fives,
    write_tiles,
)
from tutor.engine.hand import HandError, Meld
from tutor.engine.score import ScoreResult
from tutor.engine.situation import WIND_LETTERS, wind_index
from tutor.engine.tiles import (
    CHUN,
    DRAGONS,
    GREEN_KINDS,
    HAKU,
    HATSU,
    SIMPLES,
    WINDS,
    YAOCHUU,
    format_tiles,
    index_name,
    parse_tiles,
)
from tutor.engine.waits import winning_tiles
from tutor.engine.yaku import YAKU

Random = random.Random
DIFFICULTIES = (1, 2, 3)
ATTEMPTS = 300
STRICT_ATTEMPTS = 25


class TargetError(ValueError):
    """An unknown target or topic; the message lists the valid ones."""


@dataclass
class Plan:
    """What a hand is made of, before melds, the winning tile and the situation are chosen."""

    groups: list[Group] = field(default_factory=list)
    pair: int = -1
    tiles: list[int] | None = None
    """Fourteen concealed tiles for shapes that are not four groups and a pair."""
    calls: str = "any"
    """"closed" (no open melds; closed kans allowed), "any", or "open" (at least one open meld)."""
    keep: set[int] = field(default_factory=set)
    """Groups that must stay in the concealed hand (never called, never the winning group on a ron)."""
    kans: list[tuple[int, str]] = field(default_factory=list)
    """(group, "ankan" or "minkan"): triplets declared as kans."""
    wait: Wait | None = None
    """The wait the winning tile must complete, if it matters."""
    win_from: int | None = None
    """The group the winning tile comes from (-1: the pair)."""
    win_tile: int | None = None
    fields: dict[str, Any] = field(default_factory=dict)
    """Request fields forced by the target (tsumo, riichi, seat_wind, rules, ...)."""


class Builder:
    """Picks groups for a plan from a tile pool; every pick is None when the set has run out."""

    def __init__(self, rng: Random, pool: TilePool) -> None:
        self.rng = rng
        self.pool = pool

    def take(self, group: Group) -> Group | None:
        return group if self.pool.take(group_tiles(group)) else None

    def sequence(self, firsts: Iterable[int] | None = None) -> Group | None:
        options = [f for f in (firsts if firsts is not None else range(27)) if f < 27 and f % 9 <= 6]
        self.rng.shuffle(options)
        for first in options[:12]:
            if self.take((SEQUENCE, first)):
                return (SEQUENCE, first)
        return None

    def triplet(self, kinds: Iterable[int]) -> Group | None:
        options = list(kinds)
        self.rng.shuffle(options)
        for kind in options[:12]:
            if self.take((TRIPLET, kind)):
                return (TRIPLET, kind)
        return None

    def group(self, kinds: Iterable[int], sequence_chance: float = 0.65) -> Group | None:
        """A random sequence or triplet using only these kinds."""
        allowed = set(kinds)
        firsts = [f for f in allowed if f < 27 and f % 9 <= 6 and f + 1 in allowed and f + 2 in allowed]
        if firsts and self.rng.random() < sequence_chance:
            found = self.sequence(firsts)
            if found:
                return found
        return self.triplet(allowed)

    def pair(self, kinds: Iterable[int]) -> int | None:
        options = list(kinds)
        self.rng.shuffle(options)
        for kind in options:
            if self.pool.take((kind, kind)):
                return kind
        return None

    def with_pair(self, plan: Plan, kinds: Iterable[int]) -> Plan | None:
        """The plan with a pair of one of ``kinds``; None when the set has none left."""
        pair = self.pair(kinds)
        if pair is None:
            return None
        plan.pair = pair
        return plan

    def fill_from(
        self, groups: Sequence[Group | None], plan: Plan | None = None, kinds: Iterable[int] = range(34)
    ) -> Plan | None:
        """Complete a plan that starts with ``groups``; None when one of them could not be taken."""
        if any(group is None for group in groups):
            return None
        plan = plan or Plan()
        plan.groups = [*(g for g in groups if g is not None), *plan.groups]
        return self.fill(plan, kinds)

    def fill(self, plan: Plan, kinds: Iterable[int], sequence_chance: float = 0.65) -> Plan | None:
        """Complete a plan to four groups and a pair with groups from ``kinds``."""
        allowed = list(kinds)
        while len(plan.groups) < 4:
            group = self.group(allowed, sequence_chance)
            if group is None:
                return None
            plan.groups.append(group)
        return self.with_pair(plan, allowed) if plan.pair < 0 else plan


PlanMaker = Callable[[Builder, int], "Plan | None"]


@dataclass(frozen=True)
class Target:
    name: str
    kind: str
    """"yaku" or "fu"."""
    about: str
    make: PlanMaker
    check: Callable[[ScoreResult], bool]


TARGETS: dict[str, Target] = {}


def _target(name: str, kind: str, about: str, check: Callable[[ScoreResult], bool]) -> Callable[[PlanMaker], PlanMaker]:
    def register(make: PlanMaker) -> PlanMaker:
        TARGETS[name] = Target(name, kind, about, make, check)
        return make

    return register


def _has_yaku(yaku_id: str) -> Callable[[ScoreResult], bool]:
    return lambda result: any(y.id == yaku_id for y in result.yaku)


def yaku_target(yaku_id: str) -> Callable[[PlanMaker], PlanMaker]:
    return _target(yaku_id, "yaku", YAKU[yaku_id].about, _has_yaku(yaku_id))


def _has_fu(*keys: str) -> Callable[[ScoreResult], bool]:
    # Not on a yakuman: its fu change nothing, so a fu exercise on one would teach nothing.
    return lambda result: not result.yakuman and any(item.key.startswith(keys) for item in result.fu_items)


# --- yaku targets ------------------------------------------------------------------------------
# Each returns a Plan; the hand is filled with random groups unless the yaku needs them all.


def _closed(b: Builder, difficulty: int, **fields: Any) -> Plan | None:
    return b.fill(Plan(calls="closed", fields=fields), range(34))


@yaku_target("riichi")
def _riichi(b: Builder, difficulty: int) -> Plan | None:
    return _closed(b, difficulty, riichi=True)


@yaku_target("double_riichi")
def _double_riichi(b: Builder, difficulty: int) -> Plan | None:
    return _closed(b, difficulty, riichi=True, double_riichi=True)


@yaku_target("ippatsu")
def _ippatsu(b: Builder, difficulty: int) -> Plan | None:
    return _closed(b, difficulty, riichi=True, ippatsu=True)


@yaku_target("menzen_tsumo")
def _menzen_tsumo(b: Builder, difficulty: int) -> Plan | None:
    return _closed(b, difficulty, tsumo=True)


@yaku_target("pinfu")
def _pinfu(b: Builder, difficulty: int) -> Plan | None:
    plan = Plan(calls="closed", wait=Wait.RYANMEN)
    for _ in range(4):
        group = b.sequence()
        if group is None:
            return None
        plan.groups.append(group)
    seat, round_ = b.rng.choice(WIND_LETTERS), b.rng.choice("ES")
    value = {wind_index(seat), wind_index(round_), *DRAGONS}
    plan.fields = {"seat_wind": seat, "round_wind": round_}
    return b.with_pair(plan, [k for k in range(34) if k not in value])


@yaku_target("iipeikou")
def _iipeikou(b: Builder, difficulty: int) -> Plan | None:
    first = b.sequence()
    if first is None or not b.take(first):
        return None
    return b.fill(Plan(groups=[first, first], calls="closed"), range(34))


@yaku_target("tanyao")
def _tanyao(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(), SIMPLES)


@yaku_target("haitei")
def _haitei(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(calls="open" if difficulty > 1 else "any", fields={"tsumo": True, "haitei": True}), range(34))


@yaku_target("houtei")
def _houtei(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(calls="open" if difficulty > 1 else "any", fields={"tsumo": False, "houtei": True}), range(34))


@yaku_target("rinshan")
def _rinshan(b: Builder, difficulty: int) -> Plan | None:
    return _one_kan(b, b.rng.choice(("ankan", "minkan")), {"tsumo": True, "rinshan": True})


@yaku_target("chankan")
def _chankan(b: Builder, difficulty: int) -> Plan | None:
    # The robbed tile: a kind the hand holds once, in a sequence it completes.
    plan = b.fill(Plan(fields={"tsumo": False, "chankan": True}), range(34), sequence_chance=0.9)
    if plan is None:
        return None
    plan.win_from = next((i for i, g in enumerate(plan.groups) if g[0] == SEQUENCE), None)
    return plan if plan.win_from is not None else None


def _dragon_triplet(kind: int) -> PlanMaker:
    def make(b: Builder, difficulty: int) -> Plan | None:
        return b.fill_from([b.triplet([kind])])

    return make


for _dragon, _id in ((HAKU, "yakuhai_haku"), (HATSU, "yakuhai_hatsu"), (CHUN, "yakuhai_chun")):
    yaku_target(_id)(_dragon_triplet(_dragon))


@yaku_target("yakuhai_seat_wind")
def _seat_wind(b: Builder, difficulty: int) -> Plan | None:
    seat = b.rng.choice(WIND_LETTERS)
    return b.fill_from([b.triplet([wind_index(seat)])], Plan(fields={"seat_wind": seat}))


@yaku_target("yakuhai_round_wind")
def _round_wind(b: Builder, difficulty: int) -> Plan | None:
    round_ = b.rng.choice(WIND_LETTERS)
    return b.fill_from([b.triplet([wind_index(round_)])], Plan(fields={"round_wind": round_}))


@yaku_target("chiitoitsu")
def _chiitoitsu(b: Builder, difficulty: int) -> Plan | None:
    kinds = b.rng.sample(range(34), 7)
    if not all(b.pool.take((k, k)) for k in kinds):
        return None
    return Plan(tiles=[k for k in kinds for _ in range(2)], calls="closed")


def _outside_groups(b: Builder, plan: Plan, honours: bool) -> Plan | None:
    """Chanta and junchan: every group and the pair touch a terminal (or, for chanta, an honour)."""
    firsts = [f for f in range(27) if f % 9 in (0, 6)]
    yaochuu = [i for i in YAOCHUU if honours or i < 27]
    sequence = b.sequence(firsts)  # at least one sequence, or it would be honroutou
    if sequence is None:
        return None
    plan.groups.append(sequence)
    if honours:
        honour = b.triplet(range(27, 34))
        if honour is None:
            return None
        plan.groups.append(honour)
    while len(plan.groups) < 4:
        group = b.sequence(firsts) if b.rng.random() < 0.6 else b.triplet(yaochuu)
        if group is None:
            return None
        plan.groups.append(group)
    return b.with_pair(plan, yaochuu)


@yaku_target("chanta")
def _chanta(b: Builder, difficulty: int) -> Plan | None:
    return _outside_groups(b, Plan(), honours=True)


@yaku_target("junchan")
def _junchan(b: Builder, difficulty: int) -> Plan | None:
    return _outside_groups(b, Plan(), honours=False)


@yaku_target("ittsu")
def _ittsu(b: Builder, difficulty: int) -> Plan | None:
    base = 9 * b.rng.randrange(3)
    return b.fill_from([b.take((SEQUENCE, base + n)) for n in (0, 3, 6)])


@yaku_target("sanshoku")
def _sanshoku(b: Builder, difficulty: int) -> Plan | None:
    n = b.rng.randrange(7)
    return b.fill_from([b.take((SEQUENCE, n + base)) for base in (0, 9, 18)])


@yaku_target("sanshoku_doukou")
def _sanshoku_doukou(b: Builder, difficulty: int) -> Plan | None:
    n = b.rng.randrange(9)
    return b.fill_from([b.take((TRIPLET, n + base)) for base in (0, 9, 18)])


@yaku_target("sankantsu")
def _sankantsu(b: Builder, difficulty: int) -> Plan | None:
    start = Plan()
    for _ in range(3):
        group = b.triplet(range(34))
        if group is None:
            return None
        start.groups.append(group)
    plan = b.fill(start, range(34))
    if plan:
        plan.kans = [(i, b.rng.choice(("ankan", "minkan"))) for i in range(3)]
    return plan


@yaku_target("toitoi")
def _toitoi(b: Builder, difficulty: int) -> Plan | None:
    # At least one pon, so the hand is not four concealed triplets (a yakuman).
    return b.fill(Plan(calls="open"), range(34), sequence_chance=0.0)


@yaku_target("sanankou")
def _sanankou(b: Builder, difficulty: int) -> Plan | None:
    plan = Plan(keep={0, 1, 2})
    for _ in range(3):
        group = b.triplet(range(34))
        if group is None:
            return None
        plan.groups.append(group)
    fourth = b.sequence()
    if fourth is None:
        return None
    plan.groups.append(fourth)
    plan.win_from = b.rng.choice((3, -1))  # winning on the sequence or the pair keeps all three concealed
    return b.fill(plan, range(34))


@yaku_target("shousangen")
def _shousangen(b: Builder, difficulty: int) -> Plan | None:
    dragons = list(DRAGONS)
    b.rng.shuffle(dragons)
    groups = [b.take((TRIPLET, d)) for d in dragons[:2]]
    if not all(groups) or not b.pool.take((dragons[2], dragons[2])):
        return None
    return b.fill_from(groups, Plan(pair=dragons[2]), range(27))


@yaku_target("honroutou")
def _honroutou(b: Builder, difficulty: int) -> Plan | None:
    terminal = b.triplet([i for i in YAOCHUU if i < 27])
    honour = b.triplet(range(27, 34))
    if terminal is None or honour is None:
        return None
    # One pon keeps it from being four concealed triplets.
    return b.fill(Plan(groups=[terminal, honour], calls="open"), YAOCHUU, sequence_chance=0.0)


@yaku_target("ryanpeikou")
def _ryanpeikou(b: Builder, difficulty: int) -> Plan | None:
    first, second = b.sequence(), b.sequence()
    if first is None or second is None or first == second or not b.take(first) or not b.take(second):
        return None
    return b.fill(Plan(groups=[first, first, second, second], calls="closed"), range(34))


def _one_suit(b: Builder, honours: bool) -> Plan | None:
    base = 9 * b.rng.randrange(3)
    kinds = list(range(base, base + 9))
    plan = Plan()
    if honours:
        honour = b.triplet(range(27, 34)) if b.rng.random() < 0.6 else None
        if honour:
            plan.groups.append(honour)
        elif b.with_pair(plan, range(27, 34)) is None:
            return None
    return b.fill(plan, kinds, sequence_chance=0.7)


@yaku_target("honitsu")
def _honitsu(b: Builder, difficulty: int) -> Plan | None:
    return _one_suit(b, honours=True)


@yaku_target("chinitsu")
def _chinitsu(b: Builder, difficulty: int) -> Plan | None:
    return _one_suit(b, honours=False)


# --- yakuman -----------------------------------------------------------------------------------


def _kokushi_tiles(b: Builder, duplicate: int) -> list[int] | None:
    tiles = [*YAOCHUU, duplicate]
    return tiles if b.pool.take(tiles) else None


@yaku_target("kokushi")
def _kokushi(b: Builder, difficulty: int) -> Plan | None:
    duplicate = b.rng.choice(YAOCHUU)
    tiles = _kokushi_tiles(b, duplicate)
    if tiles is None:
        return None
    return Plan(tiles=tiles, calls="closed", win_tile=b.rng.choice([k for k in YAOCHUU if k != duplicate]))


@yaku_target("kokushi_13")
def _kokushi_13(b: Builder, difficulty: int) -> Plan | None:
    duplicate = b.rng.choice(YAOCHUU)
    tiles = _kokushi_tiles(b, duplicate)
    return Plan(tiles=tiles, calls="closed", win_tile=duplicate) if tiles else None


def _four_triplets(b: Builder, kinds: Iterable[int], pair_kinds: Iterable[int] | None = None) -> Plan | None:
    plan = Plan(keep={0, 1, 2, 3})
    options = list(kinds)
    for _ in range(4):
        group = b.triplet(options)
        if group is None:
            return None
        plan.groups.append(group)
    return b.with_pair(plan, pair_kinds if pair_kinds is not None else options)


@yaku_target("suuankou")
def _suuankou(b: Builder, difficulty: int) -> Plan | None:
    plan = _four_triplets(b, range(34))
    if plan:
        plan.calls, plan.wait, plan.fields = "closed", Wait.SHANPON, {"tsumo": True}
    return plan


@yaku_target("suuankou_tanki")
def _suuankou_tanki(b: Builder, difficulty: int) -> Plan | None:
    plan = _four_triplets(b, range(34))
    if plan:
        plan.calls, plan.win_from = "closed", -1
    return plan


def _honour_triplets(b: Builder, kinds: tuple[int, ...], pair: int | None, other: Iterable[int]) -> Plan | None:
    groups = [b.take((TRIPLET, k)) for k in kinds]
    if pair is not None and not b.pool.take((pair, pair)):
        return None
    return b.fill_from(groups, Plan(pair=-1 if pair is None else pair), other)


@yaku_target("daisangen")
def _daisangen(b: Builder, difficulty: int) -> Plan | None:
    return _honour_triplets(b, DRAGONS, None, range(27))


@yaku_target("shousuushii")
def _shousuushii(b: Builder, difficulty: int) -> Plan | None:
    winds = list(WINDS)
    b.rng.shuffle(winds)
    return _honour_triplets(b, tuple(winds[:3]), winds[3], range(27))


@yaku_target("daisuushii")
def _daisuushii(b: Builder, difficulty: int) -> Plan | None:
    return _honour_triplets(b, WINDS, None, [*range(27), *DRAGONS])


@yaku_target("tsuuiisou")
def _tsuuiisou(b: Builder, difficulty: int) -> Plan | None:
    plan = _four_triplets(b, range(27, 34))
    if plan:
        plan.keep, plan.calls = set(), "open"  # a pon keeps it from also being suuankou
    return plan


@yaku_target("ryuuiisou")
def _ryuuiisou(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(calls="open"), GREEN_KINDS, sequence_chance=0.4)


@yaku_target("chinroutou")
def _chinroutou(b: Builder, difficulty: int) -> Plan | None:
    plan = _four_triplets(b, [i for i in YAOCHUU if i < 27])
    if plan:
        plan.keep, plan.calls = set(), "open"
    return plan


@yaku_target("suukantsu")
def _suukantsu(b: Builder, difficulty: int) -> Plan | None:
    plan = _four_triplets(b, range(34))
    if plan:
        plan.keep = set()
        plan.kans = [(i, "minkan" if i == 0 else b.rng.choice(("ankan", "minkan"))) for i in range(4)]
    return plan


def _chuuren_tiles(b: Builder) -> tuple[list[int], int] | None:
    """1112345678999 of a random suit plus one more tile of it; the extra tile comes last."""
    base = 9 * b.rng.randrange(3)
    number = b.rng.randrange(9)
    tiles = [base] * 3 + list(range(base + 1, base + 8)) + [base + 8] * 3 + [base + number]
    return (tiles, base) if b.pool.take(tiles) else None


@yaku_target("chuuren")
def _chuuren(b: Builder, difficulty: int) -> Plan | None:
    found = _chuuren_tiles(b)
    if found is None:
        return None
    tiles, base = found
    extra = tiles[-1]
    # Any winning tile but the extra one: the hand did not hold exactly 1112345678999.
    win = b.rng.choice([k for k in range(base, base + 9) if k != extra])
    return Plan(tiles=tiles, calls="closed", win_tile=win)


@yaku_target("junsei_chuuren")
def _junsei_chuuren(b: Builder, difficulty: int) -> Plan | None:
    found = _chuuren_tiles(b)
    if found is None:
        return None
    tiles, _ = found
    return Plan(tiles=tiles, calls="closed", win_tile=tiles[-1])


def _first_turn(b: Builder, **fields: Any) -> Plan | None:
    """A hand won before any call (tenhou, chiihou, renhou)."""
    return b.fill(Plan(calls="none", fields=fields), range(34))


@yaku_target("tenhou")
def _tenhou(b: Builder, difficulty: int) -> Plan | None:
    return _first_turn(b, tsumo=True, tenhou=True, seat_wind="E")


@yaku_target("chiihou")
def _chiihou(b: Builder, difficulty: int) -> Plan | None:
    return _first_turn(b, tsumo=True, chiihou=True, seat_wind=b.rng.choice("SWN"))


@yaku_target("renhou")
def _renhou(b: Builder, difficulty: int) -> Plan | None:
    return _first_turn(b, tsumo=False, renhou=True, seat_wind=b.rng.choice("SWN"), rules={"renhou": True})


@yaku_target("daisharin")
def _daisharin(b: Builder, difficulty: int) -> Plan | None:
    tiles = [k for k in range(10, 17) for _ in range(2)]
    return Plan(tiles=tiles, calls="closed", fields={"rules": {"daisharin": True}}) if b.pool.take(tiles) else None


@yaku_target("daichisei")
def _daichisei(b: Builder, difficulty: int) -> Plan | None:
    tiles = [k for k in range(27, 34) for _ in range(2)]
    return Plan(tiles=tiles, calls="closed", fields={"rules": {"daichisei": True}}) if b.pool.take(tiles) else None


# --- fu features -------------------------------------------------------------------------------


def _fu_target(name: str, about: str, *keys: str) -> Callable[[PlanMaker], PlanMaker]:
    return _target(name, "fu", about, _has_fu(*keys))


@_fu_target("closed-ron", "A closed hand won by ron: 10 fu (menzen kafu) on top of the base 20.", "fu.menzen_ron")
def _closed_ron(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(calls="closed", fields={"tsumo": False}), range(34))


@_fu_target("kanchan", "A closed wait (kanchan): the middle tile of a sequence, 2 fu.", "fu.wait.kanchan")
def _kanchan(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(wait=Wait.KANCHAN), range(34), sequence_chance=0.8)


@_fu_target("penchan", "An edge wait (penchan): 12 waiting on 3 or 89 on 7, 2 fu.", "fu.wait.penchan")
def _penchan(b: Builder, difficulty: int) -> Plan | None:
    edge = b.sequence([f for f in range(27) if f % 9 in (0, 6)])
    if edge is None:
        return None
    return b.fill(Plan(groups=[edge], wait=Wait.PENCHAN, win_from=0), range(34))


@_fu_target("tanki", "A pair wait (tanki): waiting on the pair's second tile, 2 fu.", "fu.wait.tanki")
def _tanki(b: Builder, difficulty: int) -> Plan | None:
    return b.fill(Plan(win_from=-1), range(34))


@_fu_target("ron-triplet", "A triplet completed by ron counts as open.", "fu.ron_triplet")
def _ron_triplet(b: Builder, difficulty: int) -> Plan | None:
    return b.fill_from([b.triplet(range(34))], Plan(win_from=0, wait=Wait.SHANPON, fields={"tsumo": False}))


@_fu_target(
    "closed-terminal-triplet",
    "A closed triplet of terminals or honours, 8 fu.",
    "fu.closed_triplet.terminals",
    "fu.closed_triplet.honours",
)
def _closed_terminal_triplet(b: Builder, difficulty: int) -> Plan | None:
    return b.fill_from([b.triplet(YAOCHUU)], Plan(keep={0}))


@_fu_target("open-triplet", "A called triplet (pon).", "fu.open_triplet")
def _open_triplet(b: Builder, difficulty: int) -> Plan | None:
    return b.fill_from([b.triplet(range(34))], Plan(calls="open"))


@_fu_target("closed-kan", "A closed kan: 16 fu for simples, 32 for terminals and honours.", "fu.closed_quad")
def _closed_kan(b: Builder, difficulty: int) -> Plan | None:
    return _one_kan(b, "ankan")


def _one_kan(b: Builder, kind: str, fields: dict[str, Any] | None = None) -> Plan | None:
    """A hand with one kan (``ankan`` or ``minkan``) of a random kind."""
    return b.fill_from([b.triplet(range(34))], Plan(kans=[(0, kind)], fields=fields or {}))


@_fu_target("open-kan", "An open kan: 8 fu for simples, 16 for terminals and honours.", "fu.open_quad")
def _open_kan(b: Builder, difficulty: int) -> Plan | None:
    return _one_kan(b, "minkan")


@_fu_target(
    "value-pair",
    "A pair of a dragon, the seat wind or the round wind, 2 fu.",
    "fu.pair.dragon",
    "fu.pair.seat_wind",
    "fu.pair.round_wind",
)
def _value_pair(b: Builder, difficulty: int) -> Plan | None:
    pair = b.pair(DRAGONS)
    return b.fill(Plan(pair=pair), range(34)) if pair is not None else None


@_fu_target(
    "double-wind-pair", "A pair of the wind that is both seat and round wind, 4 fu on Tenhou.", "fu.pair.double_wind"
)
def _double_wind_pair(b: Builder, difficulty: int) -> Plan | None:
    wind = b.rng.choice("ES")
    index = wind_index(wind)
    if not b.pool.take((index, index)):
        return None
    plan = b.fill(Plan(pair=index), range(34))
    if plan:
        plan.fields = {"seat_wind": wind, "round_wind": wind}
    return plan


@_fu_target("pinfu-tsumo", "Pinfu won by tsumo: 20 fu, the tsumo fu are not added.", "fu.pinfu_tsumo")
def _pinfu_tsumo(b: Builder, difficulty: int) -> Plan | None:
    plan = _pinfu(b, difficulty)
    if plan:
        plan.fields["tsumo"] = True
    return plan


@_fu_target("open-pinfu", "An open hand won by ron with no fu: raised from 20 to 30.", "fu.open_pinfu")
def _open_pinfu(b: Builder, difficulty: int) -> Plan | None:
    plan = _pinfu(b, difficulty)
    if plan:
        plan.calls, plan.fields["tsumo"] = "open", False
    return plan


@_fu_target("chiitoitsu-fu", "Seven pairs: a fixed 25 fu.", "fu.chiitoitsu")
def _chiitoitsu_fu(b: Builder, difficulty: int) -> Plan | None:
    return _chiitoitsu(b, difficulty)


# --- groups of targets ---------------------------------------------------------------------------
# The engine knows no lessons: these are only named groups of the hands it can make. The curriculum
# (tutor/course/curriculum.py) gives each topic its title and lesson and names the group its hands come from.


def valid_names() -> str:
    return ", ".join(sorted(TARGETS))


# --- making the hand -----------------------------------------------------------------------------


def hand_for(target: str, rng: Random, difficulty: int = 2) -> dict[str, Any]:
    """A score request for a hand that has ``target`` (a yaku id or a fu feature)."""
    if target not in TARGETS:
        raise TargetError(f"unknown target {target!r}; choose a yaku or fu feature: {valid_names()}")
    spec = TARGETS[target]
    return _make(rng, difficulty, spec.make, spec.check)


def random_hand(rng: Random, difficulty: int = 2) -> dict[str, Any]:
    """Any scored hand of the given difficulty."""
    return _make(rng, difficulty, lambda b, d: b.fill(Plan(), range(34)), lambda result: True)


def dora_hand(rng: Random, difficulty: int = 2) -> dict[str, Any]:
    """A scored hand that holds dora, red fives or ura dora."""
    return _make(
        rng,
        difficulty,
        lambda b, d: b.fill(Plan(fields={"_dora": True}), range(34)),
        lambda r: bool(r.dora) and not r.yakuman,
    )


def _make(rng: Random, difficulty: int, make: PlanMaker, check: Callable[[ScoreResult], bool]) -> dict[str, Any]:
    if difficulty not in DIFFICULTIES:
        raise TargetError(f"difficulty must be 1, 2 or 3, not {difficulty!r}")
    for attempt in range(ATTEMPTS):
        # After a few tries, relax the difficulty's extra wishes (never the target itself).
        strict = attempt < STRICT_ATTEMPTS
        pool = TilePool()
        plan = make(Builder(rng, pool), difficulty)
        if plan is None:
            continue
        request = _realise(plan, rng, pool, difficulty)
        if request is None:
            continue
        try:
            result = evaluate(request)
        except HandError:
            continue
        if check(result) and (not strict or _fits(result, difficulty, plan)):
            return request
    raise RuntimeError("could not build the hand asked for")  # pragma: no cover - every target is tested


def _fits(result: ScoreResult, difficulty: int, plan: Plan) -> bool:
    """The feel of a difficulty level: 1 is plain, 3 is busy (never against what the target itself needs)."""
    best = result.best
    assert best is not None
    plain_yaku = [y for y in best.yaku if y.id not in ("dora", "aka_dora", "ura_dora")]
    if difficulty == 1:
        simple_wait = plan.wait is not None or best.reading.wait in (Wait.RYANMEN, Wait.SHANPON, Wait.TANKI)
        # Yakuman shapes (daisharin, chuuren, ...) often read several ways; that is part of the yaku.
        one_reading = result.yakuman > 0 or not result.alternatives
        return len(plain_yaku) <= 2 and one_reading and simple_wait
    if difficulty == 3:
        busy = bool(result.hand.melds) or bool(result.alternatives) or result.situation.honba > 0
        return busy
    return True


def _realise(plan: Plan, rng: Random, pool: TilePool, difficulty: int) -> dict[str, Any] | None:
    """Melds, the winning tile and the situation for a plan; None when they cannot fit it."""
    melds: list[tuple[str, tuple[int, ...]]] = []
    concealed: list[int]
    candidates: list[tuple[int, Wait]] = []
    if plan.tiles is not None:
        concealed = list(plan.tiles)
        win = plan.win_tile if plan.win_tile is not None else rng.choice(concealed)
        candidates = [(win, Wait.TANKI)]
    else:
        called = _choose_calls(plan, rng, difficulty)
        concealed = [plan.pair, plan.pair]
        kan_kinds = dict(plan.kans)
        for position, group in enumerate(plan.groups):
            tiles = group_tiles(group)
            if position in kan_kinds:
                if not pool.take((group[1],)):
                    return None
                melds.append((kan_kinds[position], (group[1],) * 4))
            elif position in called:
                melds.append(("chi" if group[0] == SEQUENCE else "pon", tiles))
            else:
                concealed.extend(tiles)
                candidates.extend(
                    (tile, wait)
                    for tile, wait in waits_completed(group[0] == SEQUENCE, group[1]).items()
                    if _allowed(plan, position, wait)
                )
        if plan.win_from in (None, -1) and plan.wait in (None, Wait.TANKI):
            candidates.append((plan.pair, Wait.TANKI))
    if plan.win_tile is not None:
        candidates = [c for c in candidates if c[0] == plan.win_tile] or [(plan.win_tile, Wait.TANKI)]
    if not candidates:
        return None
    win_index, _ = rng.choice(candidates)
    return _situation(plan, rng, pool, difficulty, concealed, melds, win_index)


def _allowed(plan: Plan, position: int, wait: Wait) -> bool:
    if plan.win_from is not None and plan.win_from != position:
        return False
    if plan.wait is not None and plan.wait is not wait:
        return False
    # A triplet that must stay concealed cannot be completed by a ron (it would count as open).
    return not (position in plan.keep and wait is Wait.SHANPON and plan.fields.get("tsumo") is not True)


def _choose_calls(plan: Plan, rng: Random, difficulty: int) -> set[int]:
    if plan.calls in ("closed", "none"):
        return set()
    kans = {position for position, _ in plan.kans}
    callable_groups = [
        i for i in range(len(plan.groups)) if i not in plan.keep and i not in kans and i != plan.win_from
    ]
    rng.shuffle(callable_groups)
    wanted = {1: 0, 2: rng.choice((0, 0, 1, 2)), 3: rng.choice((0, 1, 2, 3))}[difficulty]
    if plan.calls == "open":
        wanted = max(1, wanted)
    if wanted > len(callable_groups):
        return set(callable_groups)
    return set(callable_groups[:wanted])


def _situation(
    plan: Plan,
    rng: Random,
    pool: TilePool,
    difficulty: int,
    concealed: list[int],
    melds: list[tuple[str, tuple[int, ...]]],
    win_index: int,
) -> dict[str, Any] | None:
    closed = all(kind == "ankan" for kind, _ in melds)
    forced = dict(plan.fields)
    wants_dora = forced.pop("_dora", False)
    if plan.calls == "none" and melds:
        return None
    hand, meld_fields, red_in_hand = write_tiles(
        concealed, melds, red_fives(concealed, melds, rng, 0.3 if difficulty > 1 else 0.0)
    )
    request: dict[str, Any] = {"hand": hand, "win": index_name(win_index)}
    if win_index in red_in_hand and rng.random() < 0.3:
        request["win"] = "0" + request["win"][1]
    if meld_fields:
        request["melds"] = meld_fields
    request["tsumo"] = forced.get("tsumo", rng.random() < 0.4)
    request["seat_wind"] = rng.choice(WIND_LETTERS)
    request["round_wind"] = rng.choice("EES") if difficulty < 3 else rng.choice("EESSWN")
    first_turn = forced.get("tenhou") or forced.get("chiihou") or forced.get("renhou")
    if closed and not first_turn and rng.random() < 0.45:
        request["riichi"] = True
        if difficulty > 1 and not forced.get("rinshan") and rng.random() < 0.15:
            request["ippatsu"] = True
    if difficulty > 1 and not forced:
        if request["tsumo"] and rng.random() < 0.04:
            request["haitei"] = True
        elif not request["tsumo"] and rng.random() < 0.04:
            request["houtei"] = True
    request.update(forced)
    # The robbed tile is the fourth of its kind in play, so the hand holds no other copy.
    if request.get("chankan") and held_tiles(concealed, melds).count(win_index) != 1:
        return None
    kans = sum(1 for kind, _ in melds if kind in ("minkan", "ankan"))
    shown = 1 + kans if difficulty > 1 or wants_dora else 1
    request["dora_indicators"] = indicators(rng, pool, shown)
    if request.get("riichi") and difficulty > 1:
        request["ura_indicators"] = indicators(rng, pool, shown)
    if difficulty == 3:
        request["honba"] = rng.choice((0, 1, 1, 2, 3))
        request["riichi_sticks"] = rng.choice((0, 0, 1, 2))
    return request


# --- tenpai hands and furiten situations ---------------------------------------------------------


def tenpai_hand(rng: Random, difficulty: int = 2) -> dict[str, Any]:
    """A 13-tile hand one tile from winning: ``{"hand": ..., "melds": [...]}``.

    Made by taking the winning tile out of a winning hand. Level 1 waits on one
    or two tiles; level 3 on three or more when it can.
    """
    for attempt in range(ATTEMPTS):
        request = random_hand(rng, min(difficulty, 2))
        tiles = list(parse_tiles(request["hand"]))
        winner = next(t for t in tiles if t.index == parse_tiles(request["win"])[0].index)
        tiles.remove(winner)
        melds = [Meld.parse(m["kind"], m["tiles"]) for m in request.get("melds", [])]
        waits = winning_tiles(tiles, melds)
        wanted = {1: range(1, 3), 2: range(1, 35), 3: range(3, 35)}[difficulty]
        if len(waits) in wanted or attempt >= STRICT_ATTEMPTS:
            hand: dict[str, Any] = {"hand": format_tiles(tiles)}
            if request.get("melds"):
                hand["melds"] = request["melds"]
            return hand
    raise RuntimeError("could not build a tenpai hand")  # pragma: no cover


FURITEN_OUTCOMES = ("ron", "discard", "temporary", "riichi", "not_a_wait")


def furiten_situation(rng: Random, difficulty: int = 2, outcome: str | None = None) -> dict[str, Any]:
    """A tenpai hand, its discards, what went by, and a tile another player discards now.

    The answer (may this player ron? which furiten?) comes from
    :func:`tutor.engine.furiten.furiten`; ``outcome`` asks for one of
    FURITEN_OUTCOMES, else one is drawn. No tile appears more than four times
    counting the hand, the melds, the discards and the tiles that went by.
    """
    outcome = outcome or rng.choice(FURITEN_OUTCOMES)
    if outcome not in FURITEN_OUTCOMES:
        raise TargetError(f"unknown furiten outcome {outcome!r}; choose from {', '.join(FURITEN_OUTCOMES)}")
    for _ in range(ATTEMPTS):
        situation = _furiten_attempt(rng, difficulty, outcome)
        if situation is not None:
            return situation
    raise RuntimeError("could not build a furiten situation")  # pragma: no cover


def _furiten_attempt(rng: Random, difficulty: int, outcome: str) -> dict[str, Any] | None:
    hand = tenpai_hand(rng, difficulty)
    tiles = list(parse_tiles(hand["hand"]))
    melds = [Meld.parse(m["kind"], m["tiles"]) for m in hand.get("melds", [])]
    waits = [w.tile.index for w in winning_tiles(tiles, melds) if w.live]
    if not waits:
        return None
    pool = TilePool()
    pool.take([tile.index for tile in tiles + [t for m in melds for t in m.tiles]])

    def draw(kinds: Iterable[int]) -> int | None:
        options = [k for k in kinds if pool.left[k] > 0]
        if not options:
            return None
        kind = rng.choice(options)
        pool.take((kind,))
        return kind

    others = [k for k in range(34) if k not in waits]
    now = draw(waits if outcome != "not_a_wait" else others)
    if now is None:
        return None
    discards = [draw(others) for _ in range(rng.randint(3, 9 if difficulty > 1 else 6))]
    passed = [draw(others) for _ in range(rng.randint(0, 3))]
    riichi = outcome == "riichi" or (outcome in ("ron", "not_a_wait") and difficulty > 1 and rng.random() < 0.4)
    passed_since_riichi: list[int | None] = []
    if outcome == "discard":
        discards.insert(rng.randrange(len(discards) + 1), draw(waits))
    elif outcome == "temporary":
        passed.insert(rng.randrange(len(passed) + 1), draw(waits))
    elif outcome == "riichi":
        passed_since_riichi = [draw(others) for _ in range(rng.randint(0, 2))] + [draw(waits)]
        rng.shuffle(passed_since_riichi)
    if None in discards or None in passed or None in passed_since_riichi:
        return None
    situation: dict[str, Any] = {
        "hand": hand["hand"],
        "discards": "".join(index_name(k) for k in discards if k is not None),
        "passed_since_draw": "".join(index_name(k) for k in passed if k is not None),
        "riichi": riichi,
        "passed_since_riichi": "".join(index_name(k) for k in passed_since_riichi if k is not None),
        "tile": index_name(now),
    }
    if hand.get("melds"):
        situation["melds"] = hand["melds"]
    return situation
