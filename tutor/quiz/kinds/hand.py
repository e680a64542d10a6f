"""What the kinds asked about a scored hand share: the payload is a score ``request``.

Yaku, han, fu, points and dora questions all show the same hand and its
situation; the engine's :class:`~tutor.engine.score.ScoreResult` is their solution.
"""

from __future__ import annotations

from collections.abc import Mapping

from tutor.engine.api import evaluate
from tutor.engine.report import describe_reading, payment_text
from tutor.engine.score import ScoreResult
from tutor.messages.catalogues import N_, Rendered, said
from tutor.quiz.answers import Answer
from tutor.quiz.questions import Question
from tutor.quiz.working import Working


class HandQuestion(Question):
    """A question about a scored hand (``{"request": {...score request...}}``)."""

    def solve(self) -> ScoreResult:
        return evaluate(self._require("request", Mapping))

    @property
    def result(self) -> ScoreResult:
        result: ScoreResult = self.solution
        return result

    def _reading_note(self) -> list[str]:
        """When the hand reads more than one way: which reading counts, and what the next best gives."""
        result = self.result
        assert result.best is not None
        if not result.alternatives:
            return []
        best, other = result.best, result.alternatives[0]
        paid, other_paid = best.payment, other.payment
        assert paid is not None
        reading = Rendered(lambda lang: describe_reading(best.reading, lang))
        other_reading = Rendered(lambda lang: describe_reading(other.reading, lang))
        if other_paid is None:
            return [
                said(
                    N_("Scored as {reading}: {han} han {fu} fu, {points}. Read as {other}, the hand has no yaku."),
                    reading=reading,
                    han=best.han,
                    fu=best.fu,
                    points=Rendered(lambda lang: payment_text(paid, lang)),
                    other=other_reading,
                )
            ]
        # Both readings with han, fu and points, so the learner sees why the first one counts.
        return [
            said(
                N_(
                    "Scored as {reading}: {han} han {fu} fu, {points}, the reading that pays most."
                    " Read as {other}: {other_han} han {other_fu} fu, {other_points}."
                ),
                reading=reading,
                han=best.han,
                fu=best.fu,
                points=Rendered(lambda lang: payment_text(paid, lang)),
                other=other_reading,
                other_han=other.han,
                other_fu=other.fu,
                other_points=Rendered(lambda lang: payment_text(other_paid, lang)),
            )
        ]


class HandNumberQuestion(HandQuestion):
    """A hand question answered with a number (han, fu, dora, points): mistakes can be diagnosed."""

    def working(self) -> Working | None:
        result = self.result
        return None if result.best is None else Working.of_reading(result, result.best)

    def number_answer(self) -> Answer | None:
        return None if self.result.payment is None else self.hand_number(self.result)

    def hand_number(self, result: ScoreResult) -> Answer:
        """The right answer read off the scored hand (it has a payment)."""
        raise NotImplementedError
