"""What the kinds asked about a scored hand share: the payload is a score ``request``.

Yaku, han, fu, points and dora questions all show the same hand and its
situation; the engine's :class:`~tutor.engine.score.ScoreResult` is their solution.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine.api import evaluate
from ...engine.catalogues import N_, Rendered, said
from ...engine.messages import sayable
from ...engine.report import describe_reading
from ...engine.score import ScoreResult
from ..answers import Answer
from ..questions import Question
from ..working import Working


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
        worth = (
            sayable("payment.han_fu", han=other.han, fu=other.fu) if other.payment else sayable("report.other_no_yaku")
        )
        return [
            said(
                N_("Scored as {reading}, the reading that pays most; {other} would give {worth}."),
                reading=Rendered(lambda lang: describe_reading(best.reading, lang)),
                other=Rendered(lambda lang: describe_reading(other.reading, lang)),
                worth=worth,
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
