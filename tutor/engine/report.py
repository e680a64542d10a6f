"""Human-readable breakdowns of a result: for the terminal and for the ``explanation`` field."""

from __future__ import annotations

from typing import Any

from .decompose import Reading, Shape
from .messages import text
from .points import is_kiriage
from .score import ScoreResult
from .tiles import format_tiles, index_name

_SHAPES = {Shape.STANDARD: "standard", Shape.CHIITOITSU: "chiitoitsu", Shape.KOKUSHI: "kokushi"}


def _pair(index: int) -> str:
    name = index_name(index)
    return name[0] + name


def reading_summary(reading: Reading, description: str | None = None) -> dict[str, Any]:
    """The chosen interpretation as JSON: groups (melds marked), pair, wait."""
    if reading.shape is Shape.STANDARD:
        groups = [f"{g.meld.value}:{g.notation}" if g.meld else g.notation for g in reading.groups]
        pair = _pair(reading.pair)
        win_group = reading.win_group.notation if reading.win_group else pair
    elif reading.shape is Shape.CHIITOITSU:
        groups = [_pair(p) for p in reading.pairs]
        pair, win_group = None, _pair(reading.win)
    else:
        groups, pair, win_group = [], _pair(reading.pair), None
    return {
        "shape": _SHAPES[reading.shape],
        "groups": groups,
        "pair": pair,
        "wait": reading.wait.value,
        "win_group": win_group,
        "text": description or describe_reading(reading),
    }


def describe_reading(reading: Reading) -> str:
    """One line: ``123m 456m 789p 345s 55s, ryanmen wait on 5s``."""
    if reading.shape is Shape.KOKUSHI:
        kind = "13-sided wait" if reading.wait.value == "kokushi_13" else "single wait"
        return f"thirteen orphans, {kind} on {index_name(reading.win)}"
    body = str(reading).rsplit(" (", 1)[0]
    return f"{body}, {reading.wait.value} wait on {index_name(reading.win)}"


def _limit_note(result: ScoreResult) -> str:
    best = result.best
    assert best is not None
    if best.limit is None:
        return ""
    if best.limit == "mangan" and best.han < 5:
        key = "limit.kiriage" if is_kiriage(best.han, best.fu, result.rules) else "limit.capped"
        return f" — {text('limit.mangan')} ({text(key, han=best.han, fu=best.fu)})"
    return f" — {text('limit.' + best.limit)}"


def _who_pays(result: ScoreResult) -> str:
    s = result.situation
    dealer = "dealer" if s.is_dealer else "non-dealer"
    how = "tsumo" if s.tsumo else "ron"
    return f"{dealer} {how}"


def explanation_text(result: ScoreResult, description: str | None = None) -> str:
    """The breakdown as plain text lines (yaku with reasons, fu items, limit, payment)."""
    best = result.best
    assert best is not None and best.payment is not None
    lines = [f"Reading: {description or describe_reading(best.reading)}"]
    for y in best.yaku:
        lines.append(f"{y.name}: {y.han} han ({y.reason})")
    if best.yakuman:
        lines.append("Fu do not matter for a yakuman.")
    elif best.fu_items:
        total = sum(item.fu for item in best.fu_items)
        lines.extend(item.text for item in best.fu_items if item.fu or item.key == "fu.pinfu_tsumo")
        if total != best.fu:
            lines.append(text("fu.rounded", total=total, fu=best.fu))
    lines.append(_payment_line(result))
    lines.extend(_alternative_lines(result))
    return "\n".join(lines)


def _payment_line(result: ScoreResult) -> str:
    best = result.best
    assert best is not None and best.payment is not None
    counted = best.yakuman or best.limit in ("yakuman", "kazoe_yakuman") or best.han >= 5
    size = f"{best.han} han" if counted else f"{best.han} han {best.fu} fu"
    s = result.situation
    extras = []
    if s.honba:
        extras.append(f"{s.honba} honba")
    if s.riichi_sticks:
        extras.append(f"{s.riichi_sticks} riichi stick{'s' if s.riichi_sticks > 1 else ''}")
    extra = f" (with {', '.join(extras)}; total {best.payment.total})" if extras else ""
    return f"{size}{_limit_note(result)}: {best.payment} ({_who_pays(result)}){extra}"


def _alternative_lines(result: ScoreResult, limit: int = 3) -> list[str]:
    lines = []
    for other in result.alternatives[:limit]:
        worth = f"{other.han} han {other.fu} fu, {other.payment}" if other.payment else "no yaku"
        lines.append(f"Other reading: {describe_reading(other.reading)} would be {worth}")
    return lines


def format_result(result: ScoreResult) -> str:
    """The full breakdown for ``tutor score``: tiles, reading, yaku, fu, limit, payments."""
    hand = result.hand
    melds = "  ".join(str(m) for m in hand.melds)
    how = "tsumo" if result.situation.tsumo else "ron"
    header = [f"Hand:  {format_tiles(hand.concealed)}" + (f"  melds {melds}" if melds else ""),
              f"Win:   {hand.win} by {how}, seat {result.situation.seat_wind}, round {result.situation.round_wind}"]
    if result.status == "not_a_winning_hand":
        return "\n".join([*header, "Not a winning hand: no reading as four groups and a pair, seven pairs or thirteen orphans."])
    best = result.best
    assert best is not None
    if result.status == "no_yaku":
        return "\n".join([*header, f"Reading: {describe_reading(best.reading)}", "No yaku: this hand cannot win as it stands."])
    assert best.payment is not None
    lines = [*header, f"Reading: {describe_reading(best.reading)}", "", "Yaku:"]
    width = max(len(y.name) for y in best.yaku)
    for y in best.yaku:
        lines.append(f"  {y.name:<{width}}  {y.han:>2} han   {y.reason}")
    if not best.yakuman and best.fu_items:
        lines += ["", "Fu:"]
        for item in best.fu_items:
            if item.fu or item.key == "fu.pinfu_tsumo":
                lines.append(f"  {item.fu:>3}  {item.text}")
        total = sum(item.fu for item in best.fu_items)
        lines.append(f"  {'=' if total == best.fu else '->'} {best.fu} fu" + ("" if total == best.fu else f" (sum {total}, rounded up)"))
    lines += ["", _payment_line(result), *_alternative_lines(result)]
    return "\n".join(lines)
