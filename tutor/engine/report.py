"""Human-readable breakdowns of a result: for the terminal and for the ``explanation`` field."""

from __future__ import annotations

from typing import Any, NamedTuple

from .decompose import Reading, Shape, Wait
from .fu import FuItem
from .hand import MeldKind
from .messages import text
from .points import is_kiriage
from .score import ScoreResult, YakuHit, superseded_by
from .tiles import format_tiles, index_name, pair_notation

_SHAPES = {Shape.STANDARD: "standard", Shape.CHIITOITSU: "chiitoitsu", Shape.KOKUSHI: "kokushi"}
_MELD_PREFIX = {kind: f"{kind.value}:" for kind in MeldKind}


def reading_summary(reading: Reading, description: str | None = None) -> dict[str, Any]:
    """The chosen interpretation as JSON: groups (melds marked), pair, wait."""
    if reading.shape is Shape.STANDARD:
        groups = [_MELD_PREFIX[g.meld] + g.notation if g.meld else g.notation for g in reading.groups]
        pair = pair_notation(reading.pair)
        win_group = reading.win_group.notation if reading.win_group else pair
    elif reading.shape is Shape.CHIITOITSU:
        groups = [pair_notation(p) for p in reading.pairs]
        pair, win_group = None, pair_notation(reading.win)
    else:
        groups, pair, win_group = [], pair_notation(reading.pair), None
    return {
        "shape": _SHAPES[reading.shape],
        "groups": groups,
        "pair": pair,
        "wait": reading.wait.label,
        "win_group": win_group,
        "text": description or describe_reading(reading),
    }


def describe_reading(reading: Reading) -> str:
    """One line: ``123m 456m 789p 345s 55s, ryanmen wait on 5s``."""
    if reading.shape is Shape.KOKUSHI:
        kind = "13-sided wait" if reading.wait is Wait.KOKUSHI_13 else "single wait"
        return f"thirteen orphans, {kind} on {index_name(reading.win)}"
    return f"{reading.groups_text()}, {reading.wait.label} wait on {index_name(reading.win)}"


class Breakdown(NamedTuple):
    """The parts of a scored hand's explanation, each rendered once."""

    reading: str
    yaku: list[str]
    """``Riichi: 1 han (riichi was declared on a closed hand)`` per line."""
    fu: list[FuItem]
    """The fu items worth showing (no zero items but the pinfu tsumo note)."""
    fu_note: str | None
    """How the sum was rounded, when it was."""
    payment: str
    alternatives: list[str]


def breakdown(result: ScoreResult, alternatives: int = 3) -> Breakdown:
    """The explanation's parts; ``alternatives`` is how many other readings to describe."""
    best = result.best
    assert best is not None and best.payment is not None
    yaku = [_yaku_line(y) for y in best.yaku]
    if best.yakuman:
        fu: list[FuItem] = []
        fu_note: str | None = "Fu do not matter for a yakuman."
    else:
        fu = [item for item in best.fu_items if item.fu or item.key == "fu.pinfu_tsumo"]
        total = sum(item.fu for item in best.fu_items)
        fu_note = _rounding_note(total, best.fu) if total != best.fu and best.fu_items else None
    return Breakdown(
        describe_reading(best.reading),
        yaku,
        fu,
        fu_note,
        payment_line(result),
        [_alternative_line(other) for other in result.alternatives[:alternatives]],
    )


# The same lines recur across thousands of hands: render each once.
_YAKU_LINES: dict[tuple[object, ...], str] = {}
_ROUNDING_NOTES: dict[tuple[int, int], str] = {}
_PAYMENT_LINES: dict[tuple[object, ...], str] = {}


def _yaku_line(y: YakuHit) -> str:
    """``Riichi: 1 han (riichi was declared on a closed hand)``."""
    params = y.verdict.params
    key = (y.id, y.han, y.verdict.reason, *params.values()) if params else (y.id, y.han, y.verdict.reason)
    line = _YAKU_LINES.get(key)
    if line is None:
        line = f"{y.name}: {y.han} han ({y.reason})"
        if len(_YAKU_LINES) < 10000:
            _YAKU_LINES[key] = line
    return line


def _rounding_note(total: int, fu: int) -> str:
    note = _ROUNDING_NOTES.get((total, fu))
    if note is None:
        note = _ROUNDING_NOTES[(total, fu)] = text("fu.rounded", total=total, fu=fu)
    return note


def explanation_text(result: ScoreResult, parts: Breakdown | None = None, alternatives: bool = True) -> str:
    """The breakdown as plain text lines (reading, yaku with reasons, fu items, limit, payment,
    and, unless ``alternatives`` is false, the other readings)."""
    parts = parts or breakdown(result)
    lines = [f"Reading: {parts.reading}", *parts.yaku, *(item.text for item in parts.fu)]
    if parts.fu_note:
        lines.append(parts.fu_note)
    lines.append(parts.payment)
    if alternatives:
        lines.extend(parts.alternatives)
    return "\n".join(lines)


def _limit_note(result: ScoreResult) -> str:
    best = result.best
    assert best is not None
    if best.limit is None:
        return ""
    if best.limit == "mangan" and best.han < 5:
        key = "limit.kiriage" if is_kiriage(best.han, best.fu, result.rules) else "limit.capped"
        return f" — {text('limit.mangan')} ({text(key, han=best.han, fu=best.fu)})"
    return f" — {text('limit.' + best.limit)}"


def payment_line(result: ScoreResult) -> str:
    """``2 han 30 fu: 2000 (non-dealer ron)``, with the limit reached and honba or sticks."""
    best = result.best
    assert best is not None and best.payment is not None
    s = result.situation
    key = (
        best.han,
        best.fu,
        best.limit,
        best.yakuman,
        s.is_dealer,
        s.tsumo,
        s.honba,
        s.riichi_sticks,
        result.rules.kiriage,
    )
    line = _PAYMENT_LINES.get(key)
    if line is None:
        line = _render_payment_line(result)
        if len(_PAYMENT_LINES) < 10000:
            _PAYMENT_LINES[key] = line
    return line


def _render_payment_line(result: ScoreResult) -> str:
    best = result.best
    assert best is not None and best.payment is not None
    counted = best.yakuman or best.limit in ("yakuman", "kazoe_yakuman") or best.han >= 5
    size = f"{best.han} han" if counted else f"{best.han} han {best.fu} fu"
    s = result.situation
    who = f"{'dealer' if s.is_dealer else 'non-dealer'} {'tsumo' if s.tsumo else 'ron'}"
    extras = []
    if s.honba:
        extras.append(f"{s.honba} honba")
    if s.riichi_sticks:
        extras.append(f"{s.riichi_sticks} riichi stick{'s' if s.riichi_sticks > 1 else ''}")
    extra = f" (with {', '.join(extras)}; total {best.payment.total})" if extras else ""
    return f"{size}{_limit_note(result)}: {best.payment} ({who}){extra}"


def _alternative_line(other: Any) -> str:
    worth = f"{other.han} han {other.fu} fu, {other.payment}" if other.payment else "no yaku"
    return f"Other reading: {describe_reading(other.reading)} would be {worth}"


def format_result(result: ScoreResult) -> str:
    """The full breakdown for ``tutor score``: tiles, reading, yaku, fu, limit, payments."""
    hand = result.hand
    melds = "  ".join(str(m) for m in hand.melds)
    how = "tsumo" if result.situation.tsumo else "ron"
    header = [
        f"Hand:  {format_tiles(hand.concealed)}" + (f"  melds {melds}" if melds else ""),
        f"Win:   {hand.win} by {how}, seat {result.situation.seat_wind}, round {result.situation.round_wind}",
    ]
    if result.status == "not_a_winning_hand":
        return "\n".join(
            [*header, "Not a winning hand: no reading as four groups and a pair, seven pairs or thirteen orphans."]
        )
    best = result.best
    assert best is not None
    if result.status == "no_yaku":
        return "\n".join(
            [*header, f"Reading: {describe_reading(best.reading)}", "No yaku: this hand cannot win as it stands."]
        )
    parts = breakdown(result)
    lines = [*header, f"Reading: {parts.reading}", "", "Yaku:"]
    width = max(len(y.name) for y in best.yaku)
    for y in best.yaku:
        lines.append(f"  {y.name:<{width}}  {y.han:>2} han   {y.reason}")
    if parts.fu:
        lines += ["", "Fu:"]
        lines += [f"  {item.fu:>3}  {item.text}" for item in parts.fu]
        total = sum(item.fu for item in best.fu_items)
        lines.append(f"  = {best.fu} fu" if total == best.fu else f"  -> {best.fu} fu (sum {total}, rounded up)")
    lines += ["", parts.payment, *parts.alternatives]
    return "\n".join(lines)


def why_not(result: ScoreResult, yaku_id: str) -> str:
    """Why a yaku does not count on the reading that was scored, as a sentence.

    >>> from .api import evaluate
    >>> result = evaluate({"hand": "123m456m789p345s11z", "win": "5s", "riichi": True})
    >>> why_not(result, "pinfu")
    'the pair 11z is a value tile and earns fu'
    """
    from .context import WinContext
    from .yaku import YAKU, Miss

    rule = YAKU[yaku_id]
    best = result.best
    if best is None or best.reading is None:
        return "the hand is not a winning hand"
    if any(y.id == yaku_id for y in best.yaku):
        return "it does count"
    for other in result.alternatives:
        if any(y.id == yaku_id for y in other.yaku):
            return f"it counts only when the hand is read as {describe_reading(other.reading)}, which scores less"
    if not rule.enabled(result.rules):
        return "it is a local yaku these rules do not use"
    ctx = WinContext(result.hand, result.situation, result.rules)
    if rule.closed_only and not ctx.is_closed:
        return rule.reason(Miss("open"))
    if rule.flag is not None and not getattr(result.situation, rule.flag):
        return rule.reason(Miss("flag"))
    verdict = rule.check(best.reading, ctx)
    if not verdict.hit:
        return rule.reason(verdict)
    if best.yakuman and not rule.yakuman:
        return "a yakuman counts alone: ordinary yaku are not added to it"
    pushed_out_by = superseded_by().get(yaku_id, frozenset())
    winners = [y.name for y in best.yaku if y.id in pushed_out_by]
    if winners:
        return f"{' and '.join(winners)} replaces it"
    return "it is not part of the reading that scores most"
