"""The yaku rule object and the registry every yaku module adds itself to.

A yaku is one small object: an id, its han closed and open, a check, and
sentences that explain the check either way. The check returns a
:class:`Verdict`, a hit or a miss, each with a reason the tutor can show:

>>> from tutor.engine.yaku import YAKU
>>> YAKU["tanyao"].han, YAKU["tanyao"].open_han, YAKU["pinfu"].open_han
(1, 1, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.engine.decompose import Shape
from tutor.engine.messages import declare, text

if TYPE_CHECKING:
    from tutor.engine.context import WinContext
    from tutor.engine.decompose import Reading
    from tutor.engine.rules import RuleSet


class Verdict(NamedTuple):
    """What a yaku check found: ``hit`` or not, and why (a key into the yaku's messages)."""

    hit: bool
    reason: str
    params: Mapping[str, Any]


_NO_PARAMS: Mapping[str, Any] = {}
# Verdicts without parameters are shared: most checks miss on most hands, and
# scoring thousands of hands a second cannot afford a new object per miss.


class _PlainVerdicts(dict[str, Verdict]):
    """``MISS["none"]``: the shared parameterless verdict for a reason, made on first use."""

    def __init__(self, hit: bool) -> None:
        super().__init__()
        self.hit = hit

    def __missing__(self, reason: str) -> Verdict:
        verdict = self[reason] = Verdict(self.hit, reason, _NO_PARAMS)
        return verdict


HIT = _PlainVerdicts(True)
MISS = _PlainVerdicts(False)


def Hit(reason: str = "hit", **params: Any) -> Verdict:
    return _verdict((True, reason, params)) if params else HIT[reason]


def Miss(reason: str, **params: Any) -> Verdict:
    return _verdict((False, reason, params)) if params else MISS[reason]


# Verdicts with parameters are made on most hands: built as tuples directly, without
# NamedTuple's generated __new__ (a Python function call each time).
_verdict = partial(tuple.__new__, Verdict)


Check = Callable[["Reading", "WinContext"], Verdict]

#: Reasons several yaku share; a yaku's own messages may override them.
COMMON_MESSAGES = {
    "open": "it only counts on a closed hand, and this hand has called melds",
    "not_standard": "it needs four groups and a pair",
    "flag": "the situation does not say so",
}


class Yaku(NamedTuple):
    id: str
    """The contract id (``../shared/api/score.md``)."""
    name: str
    """The English name (mostly the romaji as players say it): the catalogue's source text."""
    kanji: str
    han: int
    """Han on a closed hand (for a yakuman: 13 per unit)."""
    open_han: int | None
    """Han on an open hand; None when the yaku needs a closed hand."""
    about: str
    """One sentence a learner can read: what the hand needs."""
    check: Check
    messages: Mapping[str, str]
    """Reason sentences by key, for hits and misses."""
    yakuman: int = 0
    """Yakuman units (0 for ordinary yaku)."""
    doubled: bool = False
    """Counts two units when the rules allow double yakuman."""
    supersedes: tuple[str, ...] = ()
    """Yaku not counted when this one is (e.g. ryanpeikou over iipeikou)."""
    rule: str | None = None
    """The RuleSet option that switches on this local yaku; None for standard yaku."""
    needs: int = 0
    """:class:`~tutor.engine.context.Feature` bits the hand must have for this yaku to be possible
    (a shortcut for the scorer; the check decides)."""
    flag: str | None = None
    """For yaku decided by how the hand was won: the Situation field that must be true
    (``riichi``, ``tsumo``, ``haitei`` ...). The scorer skips the check when it is false."""
    shape: Shape | None = None
    """The only reading shape this yaku can count on (None: any shape). The scorer skips the check
    on readings of another shape (a shortcut like ``needs``; a test keeps it honest)."""
    spelled: str | None = None
    """The romaji where the English name is not it (``Daburu riichi`` for ``Double riichi``)."""
    hand_only: bool = False
    """The check looks at the whole hand and the situation, never at the reading: the scorer asks
    it once per hand and shares its verdict (and result line) between the readings."""

    @property
    def romaji(self) -> str:
        """The Japanese name in Latin letters, shown beside a translated name."""
        return self.spelled or self.name

    @property
    def situational(self) -> bool:
        """Decided by how the hand was won (riichi, tsumo, last tile ...), not by its tiles."""
        return self.flag is not None

    @property
    def closed_only(self) -> bool:
        return self.open_han is None

    def units(self, rules: RuleSet) -> int:
        return 2 if self.doubled and rules.double_yakuman else self.yakuman

    def han_for(self, closed: bool, rules: RuleSet) -> int:
        if self.yakuman:
            return 13 * self.units(rules)
        return self.han if closed or self.open_han is None else self.open_han

    def enabled(self, rules: RuleSet) -> bool:
        return self.rule is None or bool(getattr(rules, self.rule))

    def reason(self, verdict: Verdict, lang: str = "en") -> str:
        """The sentence for a verdict of this yaku, in ``lang`` (English by default)."""
        return text(f"yaku.{self.id}.{verdict.reason}", lang, **verdict.params)


YAKU: dict[str, Yaku] = {}
"""Every yaku, in the order results list them."""


def yaku(
    id: str,
    *,
    name: str,
    kanji: str,
    han: int,
    open_han: int | None,
    about: str,
    messages: Mapping[str, str],
    **options: Any,
) -> Callable[[Check], Check]:
    """Register the decorated check as a yaku (one function per yaku)."""

    def register(check: Check) -> Check:
        if id in YAKU:
            raise ValueError(f"yaku {id!r} registered twice")
        rule = YAKU[id] = Yaku(
            id=id,
            name=name,
            kanji=kanji,
            han=han,
            open_han=open_han,
            about=about,
            check=check,
            messages={**COMMON_MESSAGES, **messages},
            **options,
        )
        # The sentences join the engine's message catalogue, where pages and translators find them.
        comment = f"yaku {id} ({kanji})"
        declare(f"yaku.{id}.name", name, comment)
        declare(f"yaku.{id}.about", about, comment)
        for key, sentence in rule.messages.items():
            declare(f"yaku.{id}.{key}", sentence, comment)
        return check

    return register


def yakuman(
    id: str,
    *,
    name: str,
    kanji: str,
    about: str,
    messages: Mapping[str, str],
    closed_only: bool = False,
    **options: Any,
) -> Callable[[Check], Check]:
    """Register a yakuman (13 han per unit, no ordinary yaku or dora beside it)."""
    open_han = None if closed_only else 13
    return yaku(
        id, name=name, kanji=kanji, han=13, open_han=open_han, about=about, messages=messages, yakuman=1, **options
    )


def flag_yaku(
    id: str,
    *,
    name: str,
    kanji: str,
    han: int,
    open_han: int | None,
    about: str,
    hit: str,
    flag: str,
    **options: Any,
) -> None:
    """Register a yaku the situation alone decides: it counts when the Situation field ``flag`` is true."""

    def check(r: Reading, ctx: WinContext) -> Verdict:
        return HIT["hit"] if getattr(ctx.situation, flag) else MISS["flag"]

    check.__name__ = id
    messages = {"hit": hit}
    yaku(
        id,
        name=name,
        kanji=kanji,
        han=han,
        open_han=open_han,
        about=about,
        messages=messages,
        flag=flag,
        hand_only=True,
        **options,
    )(check)
