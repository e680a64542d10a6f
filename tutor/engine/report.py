"""Human-readable breakdowns of a result: for the terminal and for the ``explanation`` field."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any, NamedTuple

from tutor.engine.decompose import Reading, Shape, Wait, all_groups
from tutor.engine.fu import FuItem, fu_sentences
from tutor.engine.hand import MeldKind
from tutor.engine.messages import forgotten_with_catalogues, render_cache, text
from tutor.engine.points import Payment, is_kiriage
from tutor.engine.score import ScoreResult, YakuHit, superseded_by
from tutor.engine.tiles import format_tiles, index_name, pair_notation
from tutor.messages.catalogues import DEFAULT

_SHAPES = {Shape.STANDARD: "standard", Shape.CHIITOITSU: "chiitoitsu", Shape.KOKUSHI: "kokushi"}
_MELD_PREFIX = {kind: f"{kind.value}:" for kind in MeldKind}
# (Globals: reading an Enum member off its class is slow in Python 3.11.)
_STANDARD, _CHIITOITSU, _KOKUSHI = Shape.STANDARD, Shape.CHIITOITSU, Shape.KOKUSHI


def reading_summary(reading: Reading, description: str | None = None, lang: str = DEFAULT) -> dict[str, Any]:
    """The chosen interpretation as JSON: groups (melds marked), pair, wait."""
    if reading.shape is _STANDARD:
        groups = [_SUMMARY_NOTATION[g] for g in reading.groups]
        pair = _PAIR_NOTATION[reading.pairs[0]]
        win_group = reading.win_group.notation if reading.win_group else pair
    elif reading.shape is _CHIITOITSU:
        groups = [_PAIR_NOTATION[p] for p in reading.pairs]
        pair, win_group = None, _PAIR_NOTATION[reading.win]
    else:
        groups, pair, win_group = [], _PAIR_NOTATION[reading.pairs[0]], None
    return {
        "shape": _SHAPES[reading.shape],
        "groups": groups,
        "pair": pair,
        "wait": reading.wait.label,
        "win_group": win_group,
        "text": description or describe_reading(reading, lang),
    }


# A group's text in a reading summary ("pon:777z" for a called one) and a pair's ("55s"), by group and by
# tile index: worked out once, as every group and tile kind is a shared object.
_SUMMARY_NOTATION = {g: _MELD_PREFIX[g.meld] + g.notation if g.meld else g.notation for g in all_groups()}
_PAIR_NOTATION = [pair_notation(index) for index in range(34)]


def describe_reading(reading: Reading, lang: str = DEFAULT) -> str:
    """One line: ``123m 456m 789p 345s 55s, ryanmen wait on 5s``."""
    return _reading_texts(reading, lang)[0]


def _reading_texts(reading: Reading, lang: str) -> tuple[str, str]:
    """:func:`describe_reading`'s sentence and the explanation's ``Reading: ...`` line holding it.

    Both are the same for every hand with the same wait and winning tile but for the groups, which
    are new on nearly every hand; so the text around the groups is rendered once (a frame) and the
    groups are put in between.
    """
    if reading.shape is not _KOKUSHI:
        key = (reading.wait, reading.win, lang)
        frame = _READING_FRAMES.get(key)
        if frame is None:
            frame = _READING_FRAMES[key] = _reading_frame(reading.wait, reading.win, lang)
        if frame:
            groups = reading.groups_text()
            return frame[0] + groups + frame[1], frame[2] + groups + frame[3]
    description = _describe(reading, lang)
    return description, text("report.reading", lang, reading=description)


_SLOT = "\x00"
"""Stands for what changes from hand to hand (a reading's groups, dora indicators) while a frame is rendered:
no sentence, tile or wait name holds it."""
_PROBE = "\x01\x01"
"""A second stand-in, of another length: a frame must put it in unchanged too."""


def _frame(render: Callable[[str], str]) -> tuple[str, ...]:
    """The text before and after what ``render`` puts in its sentence, or () when the sentence does not
    hold it exactly once and as given (twice, not at all, padded or converted by a format spec in a
    catalogue): such a sentence is rendered whole on every hand."""
    parts = render(_SLOT).split(_SLOT)
    if len(parts) != 2 or render(_PROBE) != parts[0] + _PROBE + parts[1]:
        return ()
    return parts[0], parts[1]


def _reading_frame(wait: Wait, win: int, lang: str) -> tuple[str, ...]:
    """The text before and after the groups in the reading sentence and in its explanation line,
    or () (see :func:`_frame`)."""
    wait_name, win_name = _wait_name(wait, lang), index_name(win)

    def sentence(groups: str) -> str:
        return text("reading.standard", lang, groups=groups, wait=wait_name, win=win_name)

    inner = _frame(sentence)
    outer = _frame(lambda groups: text("report.reading", lang, reading=sentence(groups)))
    return inner + outer if inner and outer else ()


def _describe(reading: Reading, lang: str) -> str:
    """The reading sentence rendered whole (thirteen orphans, or a catalogue that says the groups twice)."""
    win = index_name(reading.win)
    if reading.shape is _KOKUSHI:
        key = "reading.kokushi_13" if reading.wait is Wait.KOKUSHI_13 else "reading.kokushi_single"
        return text(key, lang, win=win)
    return text("reading.standard", lang, groups=reading.groups_text(), wait=_wait_name(reading.wait, lang), win=win)


def _wait_name(wait: Wait, lang: str) -> str:
    name = _WAIT_NAMES.get((wait, lang))
    if name is None:
        name = _WAIT_NAMES[wait, lang] = text(f"wait.name.{wait.label}", lang)
    return name


_READING_FRAMES: dict[tuple[Wait, int, str], tuple[str, ...]] = forgotten_with_catalogues({})
_WAIT_NAMES = render_cache()


class Breakdown(NamedTuple):
    """The parts of a scored hand's explanation, each rendered once in one language."""

    reading: str
    yaku: list[str]
    """``Riichi: 1 han (riichi was declared on a closed hand)`` per line."""
    fu: list[FuItem]
    """The fu items worth showing (no zero items but the pinfu tsumo note); render them with ``item.render(lang)``."""
    fu_note: str | None
    """How the sum was rounded, when it was."""
    payment: str
    alternatives: list[str]
    lang: str = DEFAULT
    """The language the sentences are in."""

    @property
    def fu_lines(self) -> list[str]:
        """The fu items as sentences in the breakdown's language."""
        return [item.render(self.lang) for item in self.fu]


def breakdown(result: ScoreResult, alternatives: int = 3, lang: str = DEFAULT) -> Breakdown:
    """The explanation's parts in ``lang``; ``alternatives`` is how many other readings to describe."""
    best = result.best
    assert best is not None and best.payment is not None
    yaku = [_yaku_line(y, lang) for y in best.yaku]
    if best.yakuman:
        fu: list[FuItem] = []
        fu_note: str | None = text("report.yakuman_fu", lang)
    else:
        fu = [item for item in best.fu_items if item.fu or item.key == "fu.pinfu_tsumo"]
        total = sum(item.fu for item in best.fu_items)
        fu_note = _rounding_note(total, best.fu, lang) if total != best.fu and best.fu_items else None
    return Breakdown(
        describe_reading(best.reading, lang),
        yaku,
        fu,
        fu_note,
        payment_line(result, lang),
        [_alternative_line(other, lang) for other in result.alternatives[:alternatives]],
        lang,
    )


# The same lines recur across thousands of hands: render each once per language.
_YAKU_LINES = render_cache()
_ROUNDING_NOTES = render_cache()
_PAYMENT_LINES = render_cache()
_YAKUMAN_FU_NOTES = render_cache()


def _yaku_line(y: YakuHit, lang: str = DEFAULT) -> str:
    """``Riichi: 1 han (riichi was declared on a closed hand)``."""
    params = y.verdict.params
    if params and "indicators" in params:
        return _dora_line(y, lang)
    key = (lang, y.id, y.han, y.verdict.reason, *params.values()) if params else (lang, y.id, y.han, y.verdict.reason)
    line = _YAKU_LINES.get(key)
    if line is None:
        line = text("report.yaku", lang, name=y.render_name(lang), han=y.han, reason=y.render_reason(lang))
        if len(_YAKU_LINES) < 10000:
            _YAKU_LINES[key] = line
    return line


def _dora_line(y: YakuHit, lang: str) -> str:
    """A dora or ura dora line, ``Dora: 2 han (2 dora; indicator→dora: 3m→4m 9p→1p)``.

    Its indicators seldom recur together (one to five of 34 kinds), the rest does: the text around
    them is rendered once (a frame, as for a reading's groups) and the indicators put in between.
    """
    params = y.verdict.params
    key = (lang, y.id, y.han, y.verdict.reason, *[v for name, v in params.items() if name != "indicators"])
    frame = _DORA_FRAMES.get(key)
    if frame is None:

        def line(indicators: str) -> str:
            reason = text(y.message, lang, **{**params, "indicators": indicators})  # as YakuHit.render_reason says it
            return text("report.yaku", lang, name=y.render_name(lang), han=y.han, reason=reason)

        frame = _DORA_FRAMES[key] = _frame(line)
    if not frame:
        return text("report.yaku", lang, name=y.render_name(lang), han=y.han, reason=y.render_reason(lang))
    return frame[0] + str(params["indicators"]) + frame[1]


_DORA_FRAMES: dict[tuple[object, ...], tuple[str, ...]] = forgotten_with_catalogues({})


def _rounding_note(total: int, fu: int, lang: str = DEFAULT) -> str:
    note = _ROUNDING_NOTES.get((total, fu, lang))
    if note is None:
        note = _ROUNDING_NOTES[(total, fu, lang)] = text("fu.rounded", lang, total=total, fu=fu)
    return note


def contract_fields(result: ScoreResult, lang: str = DEFAULT) -> tuple[list[dict[str, Any]], str, dict[str, Any]]:
    """The score contract's ``fu_breakdown``, ``explanation`` and ``reading`` for a scored hand, in one pass:
    each sentence rendered once, the other readings left out (the contract lists them apart).

    The same text as ``explanation_text(result, alternatives=False)``; a test keeps them equal.
    """
    best = result.best
    assert best is not None and best.payment is not None
    description, reading_line = _reading_texts(best.reading, lang)
    lines = [reading_line]
    for y in best.yaku:
        lines.append(_yaku_line(y, lang))
    fu_breakdown: list[dict[str, Any]] = []
    if best.yakuman:
        lines.append(_yakuman_fu_note(lang))
    elif best.fu_items:
        total = 0
        rendered = fu_sentences(lang)
        for item in best.fu_items:
            fu = item.fu
            total += fu
            if fu:
                sentence = rendered.get(item) or item.render(lang)
                lines.append(sentence)
                fu_breakdown.append({"fu": fu, "reason": sentence})
            elif item.key == "fu.pinfu_tsumo":
                lines.append(item.render(lang))
        if total != best.fu:
            lines.append(_rounding_note(total, best.fu, lang))
    lines.append(payment_line(result, lang))
    s = result.situation
    if s.pao is not None or s.discarder is not None:
        lines.extend(settlement_text(result, lang))
    return fu_breakdown, "\n".join(lines), reading_summary(best.reading, description, lang)


def _yakuman_fu_note(lang: str) -> str:
    note = _YAKUMAN_FU_NOTES.get(lang)
    if note is None:
        note = _YAKUMAN_FU_NOTES[lang] = text("report.yakuman_fu", lang)
    return note


def explanation_text(
    result: ScoreResult, parts: Breakdown | None = None, alternatives: bool = True, lang: str | None = None
) -> str:
    """The breakdown as plain text lines (reading, yaku with reasons, fu items, limit, payment,
    and, unless ``alternatives`` is false, the other readings), in the language of ``parts``
    (or ``lang``, English by default)."""
    parts = parts or breakdown(result, alternatives=3 if alternatives else 0, lang=lang or DEFAULT)
    lang = parts.lang
    lines = [text("report.reading", lang, reading=parts.reading), *parts.yaku, *parts.fu_lines]
    if parts.fu_note:
        lines.append(parts.fu_note)
    lines.append(parts.payment)
    lines.extend(settlement_text(result, lang))
    if alternatives:
        lines.extend(parts.alternatives)
    return "\n".join(lines)


def _limit_note(result: ScoreResult, lang: str = DEFAULT) -> str:
    best = result.best
    assert best is not None
    if best.limit is None:
        return ""
    if best.limit == "mangan" and best.han < 5:
        key = "limit.kiriage" if is_kiriage(best.han, best.fu, result.rules) else "limit.capped"
        why = text(key, lang, han=best.han, fu=best.fu)
        return text("limit.note_why", lang, limit=text("limit.mangan", lang), why=why)
    return text("limit.note", lang, limit=text("limit." + best.limit, lang))


def payment_line(result: ScoreResult, lang: str = DEFAULT) -> str:
    """``2 han 30 fu: 2000 (non-dealer ron)``, with the limit reached and honba or sticks."""
    best = result.best
    assert best is not None and best.payment is not None
    s = result.situation
    key = (
        lang,
        best.han,
        best.fu,
        best.limit,
        best.yakuman,
        s.seat_wind == "E",  # is_dealer, without a property call on every hand
        s.tsumo,
        s.honba,
        s.riichi_sticks,
        result.rules.kiriage,
    )
    line = _PAYMENT_LINES.get(key)
    if line is None:
        line = _render_payment_line(result, lang)
        if len(_PAYMENT_LINES) < 10000:
            _PAYMENT_LINES[key] = line
    return line


def payment_text(payment: Payment, lang: str = DEFAULT) -> str:
    """As players say it, in ``lang``: ``7700``, ``1000/2000`` or ``2000 all``."""
    if payment.ron is None and payment.tsumo_dealer is None:
        return text("payment.all", lang, each=payment.tsumo_non_dealer)
    return str(payment)


# A payment line misses its cache often (honba and sticks vary from hand to hand), so its parts
# are kept too, each by what it depends on.
_PAYMENT_SIZES = render_cache()
_LIMIT_NOTES = render_cache()
_PAYERS = render_cache()
_PAYMENT_EXTRAS = render_cache()


def _render_payment_line(result: ScoreResult, lang: str = DEFAULT) -> str:
    best = result.best
    assert best is not None and best.payment is not None
    counted = best.yakuman or best.limit in ("yakuman", "kazoe_yakuman") or best.han >= 5
    size = _PAYMENT_SIZES.get((lang, best.han, 0 if counted else best.fu))
    if size is None:
        size = (
            text("payment.han", lang, han=best.han)
            if counted
            else text("payment.han_fu", lang, han=best.han, fu=best.fu)
        )
        _PAYMENT_SIZES[lang, best.han, 0 if counted else best.fu] = size  # a few hundred at most
    noted = (lang, best.limit, best.han, best.fu, result.rules.kiriage)
    limit = _LIMIT_NOTES.get(noted)
    if limit is None:
        limit = _LIMIT_NOTES[noted] = _limit_note(result, lang)
    s = result.situation
    payer = (lang, s.is_dealer, s.tsumo)
    who = _PAYERS.get(payer)
    if who is None:
        who = _PAYERS[payer] = text(
            f"payment.{'dealer' if s.is_dealer else 'non_dealer'}_{'tsumo' if s.tsumo else 'ron'}", lang
        )
    line = dict(size=size, limit=limit, payment=payment_text(best.payment, lang), who=who)
    if not (s.honba or s.riichi_sticks):
        return text("payment.line", lang, **line)
    extras = _extras(s.honba, s.riichi_sticks, lang)
    return text("payment.line_extras", lang, **line, extras=extras, total=best.payment.total)


def _extras(honba: int, riichi_sticks: int, lang: str) -> str:
    """``2 honba, 1 riichi stick``: what the payment line adds (at least one of the two is there)."""
    key = (honba, riichi_sticks, lang)
    listed = _PAYMENT_EXTRAS.get(key)
    if listed is None:
        extras = []
        if honba:
            extras.append(text("payment.honba", lang, count=honba))
        if riichi_sticks:
            sticks = "payment.riichi_sticks" if riichi_sticks > 1 else "payment.riichi_stick"
            extras.append(text(sticks, lang, count=riichi_sticks))
        listed = extras[0] if len(extras) == 1 else text("payment.list", lang, first=extras[0], second=extras[1])
        if len(_PAYMENT_EXTRAS) < 10000:
            _PAYMENT_EXTRAS[key] = listed
    return listed


def _alternative_line(other: Any, lang: str = DEFAULT) -> str:
    if other.payment:
        worth = text("report.other_worth", lang, han=other.han, fu=other.fu, payment=payment_text(other.payment, lang))
    else:
        worth = text("report.other_no_yaku", lang)
    return text("report.other_reading", lang, reading=describe_reading(other.reading, lang), worth=worth)


def format_result(result: ScoreResult, lang: str = DEFAULT) -> str:
    """The full breakdown for ``tutor score``: tiles, reading, yaku, fu, limit, payments."""
    from tutor.engine.pao import seat_name  # the one name of a seat (kept local, as settlement_text does)

    hand = result.hand
    melds = "  ".join(m.said().text(lang) for m in hand.melds)
    s = result.situation
    header = [
        text("cli.hand_melds" if melds else "cli.hand", lang, tiles=format_tiles(hand.concealed), melds=melds),
        text(
            "cli.win_tsumo" if s.tsumo else "cli.win_ron",
            lang,
            win=hand.win,
            seat=seat_name(s.seat_wind, lang),  # 南家, not S, on a Chinese terminal
            round=text(f"round.{s.round_wind}", lang),
        ),
    ]
    if result.status == "not_a_winning_hand":
        return "\n".join([*header, text("cli.not_winning", lang)])
    best = result.best
    assert best is not None
    if result.status == "no_yaku":
        reading = text("report.reading", lang, reading=describe_reading(best.reading, lang))
        return "\n".join([*header, reading, text("cli.no_yaku", lang)])
    parts = breakdown(result, lang=lang)
    lines = [*header, text("report.reading", lang, reading=parts.reading), "", text("cli.yaku", lang)]
    names = [y.render_name(lang) for y in best.yaku]
    # A CJK character takes two columns in a terminal, so pad by columns, not characters.
    width = max(_columns(name) for name in names)
    for y, name in zip(best.yaku, names, strict=True):
        han = text("payment.han", lang, han=f"{y.han:>2}")
        lines.append(f"  {name}{' ' * (width - _columns(name))}  {han}   {y.render_reason(lang)}")
    if parts.fu:
        lines += ["", text("cli.fu", lang)]
        lines += [f"  {item.fu:>3}  {item.render(lang)}" for item in parts.fu]
        total = sum(item.fu for item in best.fu_items)
        if total == best.fu:
            lines.append(text("cli.fu_total", lang, fu=best.fu))
        else:
            lines.append(text("cli.fu_rounded", lang, fu=best.fu, total=total))
    lines += ["", parts.payment, *settlement_text(result, lang), *parts.alternatives]
    return "\n".join(lines)


def settlement_text(result: ScoreResult, lang: str = DEFAULT) -> list[str]:
    """Who pays what, player by player, when the request named a responsible player (pao) or a discarder."""
    s = result.situation
    if (s.pao is None and s.discarder is None) or not result.scored:
        return []
    from tutor.engine.pao import (  # pao imports score, as this module does; kept local to stay light
        settle,
        settlement_lines,
    )

    return settlement_lines(settle(result), lang)


def why_not(result: ScoreResult, yaku_id: str, lang: str = DEFAULT) -> str:
    """Why a yaku does not count on the reading that was scored, as a sentence in ``lang``.

    >>> from tutor.engine.api import evaluate
    >>> result = evaluate({"hand": "123m456m789p345s11z", "win": "5s", "riichi": True})
    >>> why_not(result, "pinfu")
    'the pair 11z is a value tile and earns fu'
    """
    from tutor.engine.context import WinContext
    from tutor.engine.yaku import YAKU, Miss

    rule = YAKU[yaku_id]
    best = result.best
    if best is None or best.reading is None:
        return text("why_not.not_winning", lang)
    if any(y.id == yaku_id for y in best.yaku):
        return text("why_not.counts", lang)
    for other in result.alternatives:
        if any(y.id == yaku_id for y in other.yaku):
            return text("why_not.other_reading", lang, reading=describe_reading(other.reading, lang))
    if not rule.enabled(result.rules):
        return text("why_not.local", lang)
    ctx = WinContext(result.hand, result.situation, result.rules)
    if rule.closed_only and not ctx.is_closed:
        return rule.reason(Miss("open"), lang)
    if rule.flag is not None and not getattr(result.situation, rule.flag):
        return rule.reason(Miss("flag"), lang)
    verdict = rule.check(best.reading, ctx)
    if not verdict.hit:
        return rule.reason(verdict, lang)
    if best.yakuman and not rule.yakuman:
        return text("why_not.yakuman_alone", lang)
    pushed_out_by = superseded_by().get(yaku_id, frozenset())
    winners = [y.render_name(lang) for y in best.yaku if y.id in pushed_out_by]
    if winners:
        names = winners[0]
        for name in winners[1:]:
            names = text("why_not.and", lang, first=names, second=name)
        return text("why_not.replaced", lang, names=names)
    return text("why_not.lower", lang)


def _columns(text_: str) -> int:
    """How many terminal columns ``text_`` takes: wide (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text_)
