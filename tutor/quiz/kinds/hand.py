"""What the kinds asked about a scored hand share: the payload is a score ``request``.

Yaku, han, fu, points and dora questions all show the same hand and its
situation; the engine's :class:`~tutor.engine.score.ScoreResult` is their solution.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tutor.engine import targets
from tutor.engine.api import evaluate
from tutor.engine.report import describe_reading, payment_text
from tutor.engine.score import ScoreResult
from tutor.messages.catalogues import N_, Rendered, said
from tutor.quiz.answers import Answer
from tutor.quiz.questions import KINDS, Order, Question
from tutor.quiz.working import Working

LIMIT_TRIES = 20
"""Hands drawn before a part a limit hand cannot ask is left out."""
INSTEAD = "han"
"""What a limit hand is asked when nothing asked of it can be (fu alone)."""


class HandQuestion(Question):
    """A question about a scored hand (``{"request": {...score request...}}``)."""

    hand_part: ClassVar[bool] = False
    """A part a learner may ask of a practice hand, alone or with the others (the practice page lists them)."""
    asked_of_limit_hands: ClassVar[bool] = True
    """Whether a limit hand is asked this part: its fu change nothing, so fu is not (RULES.md §7)."""
    progress_topic: ClassVar[str] = ""
    """The topic a hand from outside the curriculum (a game log) counts under in progress when this is the
    first part it asks."""

    @classmethod
    def part(cls, request: Mapping[str, Any], itemised: bool = False) -> dict[str, Any]:
        """This kind's part of a hand (``itemised``: fu asked one source at a time)."""
        return {"ask": cls.kind, "request": request}

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        """A hand (made for ``order.target``, else any), asked every part of ``order.parts`` that it can be."""
        rng, difficulty = order.rng, order.difficulty
        asked = [KINDS[kind] for kind in order.parts]
        for _ in range(LIMIT_TRIES):
            if order.target is not None:
                request = targets.hand_for(order.target, rng, difficulty)
            else:
                request = targets.random_hand(rng, difficulty)
            result = evaluate(request)
            if _askable(result, asked) == asked:
                break
        return parts_of_hand(request, order.parts, order.itemised, result)

    solved_from = ("request",)

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


def is_hand_part(kind: type[Question]) -> bool:
    """Whether a learner may ask this kind of a practice hand (:attr:`HandQuestion.hand_part`)."""
    return issubclass(kind, HandQuestion) and kind.hand_part


def parts_of_hand(
    request: Mapping[str, Any], parts: Sequence[str], itemised: bool = False, result: ScoreResult | None = None
) -> list[dict[str, Any]]:
    """The payloads asking ``parts`` (hand kinds, in the order given) of one hand, made or from a game:
    a limit hand is not asked what changes nothing for it (fu), and is asked han when that leaves nothing.

    >>> [p["ask"] for p in parts_of_hand({"hand": "111m999m111p999p11s", "win": "1s"}, ("fu", "points"))]
    ['points']
    >>> [p["ask"] for p in parts_of_hand({"hand": "111m999m111p999p11s", "win": "1s"}, ("fu",))]
    ['han']
    """
    asked = [KINDS[part] for part in parts]
    kinds = _askable(result or evaluate(request), asked) or ([KINDS[INSTEAD]] if asked else [])
    for kind in kinds:
        assert issubclass(kind, HandQuestion), f"{kind.kind!r} is not asked of a hand"
    return [kind.part(request, itemised) for kind in kinds if issubclass(kind, HandQuestion)]


def _askable(result: ScoreResult, asked: list[type[Question]]) -> list[type[Question]]:
    limit_hand = result.yakuman > 0 or result.han >= 5
    return [k for k in asked if not limit_hand or not issubclass(k, HandQuestion) or k.asked_of_limit_hands]
