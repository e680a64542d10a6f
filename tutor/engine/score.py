"""Scoring: every reading × yaku × fu → points; the reading that pays most wins.

This module only orchestrates; the rules live in ``yaku/``, ``fu.py`` and
``points.py``.

>>> from tutor.engine.hand import Hand
>>> from tutor.engine.situation import Situation
>>> result = score(Hand.parse("123m456m789p345s55s", win="5s"), Situation(riichi=True, seat_wind="S"))
>>> result.han, result.fu, str(result.payment), [y.id for y in result.yaku]
(2, 30, '2000', ['riichi', 'pinfu'])
>>> [(a.han, a.fu, str(a.payment)) for a in result.alternatives]   # the tanki reading
[(1, 40, '1300')]
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import NamedTuple

from tutor.engine.context import WinContext
from tutor.engine.decompose import Reading, Shape, readings
from tutor.engine.fu import FuItem, fu_items, rounded_fu
from tutor.engine.hand import Hand
from tutor.engine.messages import render_cache, text, yaku_name
from tutor.engine.points import Payment, paid
from tutor.engine.rules import TENHOU, RuleSet
from tutor.engine.situation import FLAGS, Situation
from tutor.engine.tiles import DORA_OF, Tile, dora_from_indicator
from tutor.engine.yaku import YAKU, Hit, Verdict, Yaku
from tutor.messages.catalogues import DEFAULT


class YakuHit(NamedTuple):
    """One line of a result's yaku list: a yaku (or dora) and its han."""

    id: str
    han: int
    name: str
    verdict: Verdict
    """Why it counts: a reason key and parameters."""
    yakuman: int = 0
    """Yakuman units this line is worth."""

    @property
    def message(self) -> str:
        """Message id of the reason (see :mod:`tutor.engine.messages`)."""
        return f"yaku.{self.id}.{self.verdict.reason}"

    def render_reason(self, lang: str = DEFAULT) -> str:
        """Why it counts, as a sentence in ``lang``."""
        if self.verdict.params:
            return text(self.message, lang, **self.verdict.params)
        key = (self.id, self.verdict.reason, lang)
        sentence = _PLAIN_REASONS.get(key)
        if sentence is None:
            sentence = _PLAIN_REASONS[key] = text(self.message, lang)
        return sentence

    def render_name(self, lang: str = DEFAULT) -> str:
        """The yaku's name in ``lang`` (``name`` is the English one, as the score contract gives it)."""
        return yaku_name(self.id, lang)

    @property
    def reason(self) -> str:
        """Why it counts, as an English sentence (pages use :meth:`render_reason`)."""
        return self.render_reason()


_PLAIN_REASONS = render_cache()


class ReadingScore(NamedTuple):
    """What one reading of the hand is worth."""

    reading: Reading
    yaku: tuple[YakuHit, ...]
    han: int
    fu: int
    fu_items: tuple[FuItem, ...]
    yakuman: int
    """Yakuman units (0 for ordinary and kazoe hands)."""
    limit: str | None
    base: int
    payment: Payment | None
    """None when this reading has no yaku."""

    @property
    def points(self) -> int:
        """What the winner is paid for the hand itself (honba and sticks are the same for every reading)."""
        return self.payment.total if self.payment else 0

    def rank(self) -> tuple[int, bool, int, int, int]:
        # Most points; then a real yakuman over kazoe (RULES.md §4); then more han; then more fu,
        # rounded and then unrounded (so 36 fu of a kanchan reading is shown over 34 of a ryanmen one).
        return (self.points, self.yakuman > 0, self.han, self.fu, sum(item.fu for item in self.fu_items))


class ScoreResult(NamedTuple):
    hand: Hand
    situation: Situation
    rules: RuleSet
    status: str
    """``scored``, ``no_yaku`` (a winning shape without yaku) or ``not_a_winning_hand``."""
    best: ReadingScore | None
    """The reading that pays most (for no_yaku: the best reading, worth nothing)."""
    alternatives: tuple[ReadingScore, ...] = ()
    """The other readings, best first."""
    dora: tuple[YakuHit, ...] = ()
    """Dora, red fives and ura dora held (counted only when the hand has a yaku)."""

    @property
    def scored(self) -> bool:
        return self.status == "scored"

    @property
    def han(self) -> int:
        return self.best.han if self.best else 0

    @property
    def fu(self) -> int:
        return self.best.fu if self.best else 0

    @property
    def yaku(self) -> tuple[YakuHit, ...]:
        return self.best.yaku if self.best else ()

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        return self.best.fu_items if self.best else ()

    @property
    def yakuman(self) -> int:
        return self.best.yakuman if self.best else 0

    @property
    def dora_han(self) -> int:
        """Han of dora, red fives and ura dora held (part of ``han`` unless the hand is a yakuman)."""
        return sum(line.han for line in self.dora)

    @property
    def limit(self) -> str | None:
        return self.best.limit if self.best else None

    @property
    def payment(self) -> Payment | None:
        return self.best.payment if self.best else None

    @property
    def reading(self) -> Reading | None:
        return self.best.reading if self.best else None

    @property
    def total(self) -> int:
        return self.payment.total if self.payment else 0


class _Active:
    """A yaku as it applies to one kind of hand: its check, han and yakuman units fixed."""

    __slots__ = ("rule", "check", "han", "units", "needs", "flag", "order", "hand_only", "pushed_out_by", "_lines")

    def __init__(self, rule: Yaku, closed: bool, rules: RuleSet, order: int) -> None:
        self.rule = rule
        self.check = rule.check
        self.han = rule.han_for(closed, rules)
        self.units = rule.units(rules)
        self.needs = rule.needs
        self.flag = rule.flag
        self.order = order
        """Position in :data:`YAKU`: results list yaku in that order."""
        self.hand_only = rule.hand_only
        self.pushed_out_by = superseded_by().get(rule.id, _NOTHING)
        self._lines: dict[str, YakuHit] = {}

    def line(self, verdict: Verdict) -> YakuHit:
        """The result line for a hit; lines of hits without parameters are made once and shared."""
        if verdict.params:
            return _yaku_hit((self.rule.id, self.han, self.rule.name, verdict, self.units))
        line = self._lines.get(verdict.reason)
        if line is None:
            line = self._lines[verdict.reason] = YakuHit(self.rule.id, self.han, self.rule.name, verdict, self.units)
        return line


class _ByShape(dict[Shape, tuple[_Active, ...]]):
    """A plan's checks for each reading shape, each worked out when a reading of that shape first
    comes: most hands only ever have standard readings, so most plans never list the other two."""

    __slots__ = ("able", "missing")

    def __init__(self, able: dict[Shape, tuple[_Active, ...]], missing: int) -> None:
        super().__init__()
        self.able = able
        self.missing = missing

    def __missing__(self, shape: Shape) -> tuple[_Active, ...]:
        missing = self.missing
        checks = self[shape] = tuple([a for a in self.able[shape] if not a.needs & missing])
        return checks


class _Plan(NamedTuple):
    """The checks worth making on hands with one set of :class:`~.context.Feature` bits (same rules,
    same open or closed, same situational flags): the yaku whose needs the hand meets, in YAKU order."""

    hand_only: tuple[_Active, ...]
    """Checks that look only at the whole hand: made once per hand, their verdict shared by the readings."""
    by_shape: _ByShape
    """For each reading shape, every yaku that can count on it (hand-only ones included, for the order)."""


class _RulePlans(NamedTuple):
    rules: RuleSet
    hand_only: tuple[_Active, ...]
    """The active yaku that look only at the whole hand."""
    by_shape: dict[Shape, tuple[_Active, ...]]
    """The active yaku that can count on each reading shape (a plan keeps those whose needs a hand meets)."""
    plans: dict[int, _Plan]
    """By feature bits."""


# Keyed by id(rules): hashing a RuleSet costs more than the lookup saves. Each entry keeps
# its RuleSet alive, so the id cannot be reused while cached.
_ACTIVE: dict[tuple[int, bool, tuple[object, ...]], _RulePlans] = {}
_YAKU_FOR_RULES: dict[tuple[int, bool], tuple[RuleSet, tuple[_Active, ...]]] = {}
"""Every yaku the rules enable on an open or a closed hand, whatever the flags: shared by the
flag combinations (a batch of varied requests meets dozens of them)."""


def _yaku_for_rules(rules: RuleSet, closed: bool) -> tuple[_Active, ...]:
    key = (id(rules), closed)
    known = _YAKU_FOR_RULES.get(key)
    if known is None or known[0] is not rules:
        enabled = tuple(
            _Active(y, closed, rules, order)
            for order, y in enumerate(YAKU.values())
            if y.enabled(rules) and (closed or not y.closed_only)
        )
        if len(_YAKU_FOR_RULES) > 256:
            _YAKU_FOR_RULES.clear()
        known = _YAKU_FOR_RULES[key] = (rules, enabled)
    return known[1]


def _rule_plans(rules: RuleSet, closed: bool, situation: Situation) -> _RulePlans:
    flags = situation[: len(FLAGS)]
    key = (id(rules), closed, flags)
    entry = _ACTIVE.get(key)
    if entry is None or entry.rules is not rules:
        active = [a for a in _yaku_for_rules(rules, closed) if a.flag is None or getattr(situation, a.flag)]
        if len(_ACTIVE) > 1024:
            _ACTIVE.clear()
        by_shape = {
            shape: tuple([a for a in active if a.rule.shape is None or a.rule.shape is shape]) for shape in Shape
        }
        hand_only = tuple([a for a in active if a.hand_only])
        entry = _ACTIVE[key] = _RulePlans(rules, hand_only, by_shape, {})
    return entry


def _plan(ctx: WinContext) -> _Plan:
    """The yaku worth checking on this hand: those the rules and situation allow (:func:`_rule_plans`)
    whose needs it meets."""
    entry = _rule_plans(ctx.rules, ctx.is_closed, ctx.situation)
    features = ctx.features
    plan = entry.plans.get(features)
    if plan is None:
        missing = ~features
        plan = _Plan(tuple([a for a in entry.hand_only if not a.needs & missing]), _ByShape(entry.by_shape, missing))
        if len(entry.plans) > 4096:
            entry.plans.clear()
        entry.plans[features] = plan
    return plan


@lru_cache(maxsize=1)
def superseded_by() -> dict[str, frozenset[str]]:
    """For each yaku id, the ids that push it out when present."""
    pushed_out: dict[str, set[str]] = {}
    for rule in YAKU.values():
        for loser in rule.supersedes:
            pushed_out.setdefault(loser, set()).add(rule.id)
    return {loser: frozenset(winners) for loser, winners in pushed_out.items()}


def score(hand: Hand, situation: Situation, rules: RuleSet = TENHOU) -> ScoreResult:
    """Score a validated hand. Contradictory flags raise ``HandError("bad_request")``."""
    situation.check(hand, rules)
    all_readings = readings(hand, situation.tsumo)
    if not all_readings:
        return _score_result((hand, situation, rules, "not_a_winning_hand", None, (), ()))
    ctx = WinContext(hand, situation, rules)
    dora = dora_hits(ctx)
    if len(all_readings) == 1:
        best = score_reading(all_readings[0], ctx, dora)
        status = "scored" if best.payment is not None else "no_yaku"
        return _score_result((hand, situation, rules, status, best, (), dora))
    plan = _plan(ctx)
    shared = _shared_lines(plan, all_readings[0], ctx)
    scored = [score_reading(r, ctx, dora, plan, shared) for r in all_readings]
    scored.sort(key=ReadingScore.rank, reverse=True)
    best = scored[0]
    status = "scored" if best.payment is not None else "no_yaku"
    return _score_result((hand, situation, rules, status, best, tuple(scored[1:]), dora))


def _shared_lines(plan: _Plan, r: Reading, ctx: WinContext) -> dict[int, YakuHit]:
    """The hand-only yaku that count, by YAKU order: the same for every reading of the hand."""
    shared = {}
    for entry in plan.hand_only:
        verdict = entry.check(r, ctx)
        if verdict.hit:
            shared[entry.order] = entry.line(verdict)
    return shared


def score_reading(
    r: Reading,
    ctx: WinContext,
    dora: tuple[YakuHit, ...] = (),
    plan: _Plan | None = None,
    shared: dict[int, YakuHit] | None = None,
) -> ReadingScore:
    """Yaku, fu and points of one reading. ``shared`` holds the verdicts of the hand-only yaku
    when the caller has made them already (see :func:`_shared_lines`)."""
    checks = (plan or _plan(ctx)).by_shape[r.shape]
    hits: list[tuple[_Active, YakuHit]] = []
    yakuman = False
    if shared is None:  # one reading (the usual hand): every check is made here
        for entry in checks:
            verdict = entry.check(r, ctx)
            if verdict.hit:
                hits.append((entry, entry.line(verdict)))
                if entry.units:
                    yakuman = True
    else:
        for entry in checks:
            if entry.hand_only:
                line = shared.get(entry.order)
                if line is None:
                    continue
            else:
                verdict = entry.check(r, ctx)
                if not verdict.hit:
                    continue
                line = entry.line(verdict)
            hits.append((entry, line))
            if entry.units:
                yakuman = True
    if yakuman:
        hits = [hit for hit in hits if hit[0].units]
    if len(hits) > 1:
        ids = {line.id for _, line in hits}
        hits = [hit for hit in hits if not (hit[0].pushed_out_by & ids)]
    han = units = 0
    for entry, _ in hits:
        han += entry.han
        units += entry.units
    items = fu_items(r, ctx)
    fu = rounded_fu(items)
    if not hits:
        return _reading_score((r, (), 0, fu, tuple(items), 0, None, 0, None))
    yaku = tuple([line for _, line in hits])
    if not units and dora:
        yaku += dora
        for line in dora:
            han += line.han
    s = ctx.situation
    base, limit, pay = paid(han, fu, units, ctx.is_dealer, ctx.tsumo, s.honba, s.riichi_sticks, ctx.rules)
    return _reading_score((r, yaku, han, fu, tuple(items), units, limit, base, pay))


# Results are made for every hand: built as tuples directly, without NamedTuple's generated
# __new__ (a Python function call each time).
_reading_score = partial(tuple.__new__, ReadingScore)
_yaku_hit = partial(tuple.__new__, YakuHit)
_score_result = partial(tuple.__new__, ScoreResult)


_NOTHING: frozenset[str] = frozenset()


def dora_hits(ctx: WinContext) -> tuple[YakuHit, ...]:
    """Dora, red fives and ura dora as yaku-list lines (only those present)."""
    s = ctx.situation
    counts = ctx.counts
    hits = []
    if s.dora_indicators:
        dora = 0
        for t in s.dora_indicators:
            dora += counts[DORA_OF[t.index]]
        if dora:
            hits.append(_dora_line("dora", dora, s.dora_indicators))
    if ctx.rules.aka:
        red = ctx.hand.red_fives
        if red:
            hits.append(_yaku_hit(("aka_dora", red, "Aka dora", Hit(count=red), 0)))
    if s.ura_indicators and s.in_riichi:
        ura = 0
        for t in s.ura_indicators:
            ura += counts[DORA_OF[t.index]]
        if ura:
            hits.append(_dora_line("ura_dora", ura, s.ura_indicators))
    return tuple(hits)


def _dora_line(kind: str, count: int, indicators: tuple[Tile, ...]) -> YakuHit:
    name = "Dora" if kind == "dora" else "Ura dora"
    shown = " ".join([_INDICATED[t] for t in indicators])
    return _yaku_hit((kind, count, name, Hit(count=count, indicators=shown), 0))


# "3m→4m" for every tile (tiles are shared objects; formatting two tiles per indicator runs Python code).
_INDICATED = {t: f"{t}→{dora_from_indicator(t)}" for t in Tile._interned.values()}
