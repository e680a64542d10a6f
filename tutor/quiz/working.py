"""The working: what a learner computes on the way to a han, fu, dora or points answer.

:mod:`tutor.quiz.mistakes` bends one input or one step of a working and
recomputes the answer, so it needs the right working of a question and a way
to read any working's answer for a question kind. Each kind says which number
of a working answers it (its ``of_working``); :func:`~tutor.quiz.questions.register`
files that here in :data:`ANSWER_OF`, so this module needs to know nothing of
the question kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from tutor.engine.fu import FuItem, rounded_fu
from tutor.engine.points import Payment, base_points, payment
from tutor.engine.rules import TENHOU, RuleSet
from tutor.engine.score import ReadingScore, ScoreResult
from tutor.quiz.answers import Answer, payment_answer

ANSWER_OF: dict[str, Callable[[Working], Answer]] = {}
"""Each question kind's answer from a working (``points``: the payment), by kind id."""


@dataclass(frozen=True)
class Working:
    """The inputs of one answer and the steps of the points formula (RULES.md §7.1).

    The right working comes from the engine's result; a mistake changes one
    input (a fu item, the han, who is dealer) or one step (no mangan cap,
    honba at 100), and the answer follows from the rest, computed the same way.
    """

    han: int
    fu: int
    dealer: bool
    tsumo: bool
    honba: int = 0
    riichi_sticks: int = 0
    yakuman: int = 0
    dora: int = 0
    """Han of dora, red fives and ura dora held (in ``han`` unless the hand is a yakuman)."""
    rules: RuleSet = TENHOU
    fu_items: tuple[FuItem, ...] = ()
    """Empty for table questions, which give the fu."""
    scored: ReadingScore | None = None
    """The reading worked through; None for table questions."""
    result: ScoreResult | None = None
    # The steps of the points formula a learner can get wrong; the defaults are the rule.
    mangan_cap: bool = True
    round_payments: bool = True
    honba_on_ron: int = 300
    honba_per_payer: int = 100
    """On a tsumo, what each payer adds per honba."""
    sticks_in_payment: bool = False
    tsumo_total: bool = False
    """Give a tsumo's payments as one total."""
    note: str = ""
    """What this working did differently, when the label alone does not say (e.g. which reading)."""

    @classmethod
    def of_reading(cls, result: ScoreResult, scored: ReadingScore, note: str = "") -> Working:
        s = result.situation
        return cls(
            han=scored.han,
            fu=scored.fu,
            dealer=s.is_dealer,
            tsumo=s.tsumo,
            honba=s.honba,
            riichi_sticks=s.riichi_sticks,
            yakuman=scored.yakuman,
            dora=result.dora_han,
            rules=result.rules,
            fu_items=scored.fu_items,
            scored=scored,
            result=result,
            note=note,
        )

    @property
    def closed(self) -> bool:
        return self.result is not None and self.result.hand.is_closed

    def with_fu_items(self, items: Iterable[FuItem]) -> Working:
        """The same hand with other fu items, rounded as the engine rounds them."""
        items = tuple(items)
        return replace(self, fu_items=items, fu=rounded_fu(list(items)))

    def base(self) -> int:
        if not self.mangan_cap and not self.yakuman and self.han <= 4:
            return int(self.fu * 2 ** (self.han + 2))  # the formula, uncapped
        base, _ = base_points(self.han, self.fu, self.yakuman, self.rules)
        return base

    def payment(self) -> Payment:
        base = self.base()
        if self.round_payments:
            paid = payment(base, self.dealer, self.tsumo)  # honba and sticks are added below, step by step
        elif not self.tsumo:
            paid = Payment(ron=base * (6 if self.dealer else 4))
        elif self.dealer:
            paid = Payment(tsumo_non_dealer=2 * base)
        else:
            paid = Payment(tsumo_dealer=2 * base, tsumo_non_dealer=base)
        if paid.ron is not None:
            sticks = 1000 * self.riichi_sticks if self.sticks_in_payment else 0
            return paid._replace(ron=paid.ron + self.honba_on_ron * self.honba + sticks)
        extra = self.honba_per_payer * self.honba
        dealer_pays = None if paid.tsumo_dealer is None else paid.tsumo_dealer + extra
        return paid._replace(tsumo_dealer=dealer_pays, tsumo_non_dealer=(paid.tsumo_non_dealer or 0) + extra)

    def answer(self, kind: str) -> Answer:
        """The answer this working gives to a question of ``kind`` (the kind picks it out)."""
        return ANSWER_OF[kind](self)

    def paid(self) -> Answer:
        """The payment this working reaches, as a points or table answer."""
        paid = self.payment()
        if self.tsumo_total and paid.ron is None:
            return (paid.total,)  # honba included, sticks not: payment() leaves them out
        return payment_answer(paid)
