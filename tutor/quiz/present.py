"""A question's answer as a sequence of steps, for revealing one at a time on a projector.

A scored hand unfolds as its reading, each yaku, each fu item and the payment;
other questions (waits, furiten, dora, the point table) reveal their answer.

>>> from tutor.quiz.exercise import Exercise
>>> ex = Exercise.from_json({"topic": "fu", "parts": [{"ask": "fu", "request": {
...     "hand": "123m456m789p345s55s", "win": "5s", "riichi": True}}]})
>>> [step.heading for step in reveal_steps(ex)]
['Reading', 'Yaku', 'Yaku', 'Fu', 'Fu', 'Payment']
>>> reveal_steps(ex)[3].text
'Base (futei): 20 fu'

Headings are marked sentences and texts are :class:`~tutor.messages.catalogues.Said`
text: the page says both in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.report import Breakdown, breakdown
from tutor.messages.catalogues import N_, Rendered, said
from tutor.quiz.exercise import Exercise
from tutor.quiz.questions import Question


@dataclass(frozen=True)
class Step:
    heading: str
    """A marked sentence: ``Reading``, ``Yaku``, ``Fu``, ``Payment`` or ``Answer``."""
    text: str
    """What the step reveals, sayable in any language."""
    words: bool = False
    """Whether :attr:`text` is an answer said by its kind, whose tiles the page draws with the ``words``
    filter (the breakdown's lines are engine text, drawn by ``step_text``)."""


def reveal_steps(exercise: Exercise) -> list[Step]:
    result = exercise.main.result
    if result is not None and result.best is not None and result.best.payment is not None:
        scored = result

        def part(pick: Callable[[Breakdown], str]) -> str:
            """One line of the breakdown, rendered in whichever language the page says it in."""
            return said(Rendered(lambda lang: pick(breakdown(scored, alternatives=0, lang=lang))))

        parts = breakdown(result, alternatives=0)
        steps = [Step(N_("Reading"), part(lambda b: b.reading))]
        steps += [Step(N_("Yaku"), part(_nth_yaku(i))) for i in range(len(parts.yaku))]
        steps += [Step(N_("Fu"), part(_nth_fu(i))) for i in range(len(parts.fu))]
        if parts.fu_note:
            steps.append(Step(N_("Fu"), part(lambda b: b.fu_note or "")))
        steps.append(Step(N_("Payment"), part(lambda b: b.payment)))
        return steps
    return [Step(N_("Answer"), expected_text(part), words=True) for part in exercise.parts]


def _nth_yaku(i: int) -> Callable[[Breakdown], str]:
    return lambda b: b.yaku[i]


def _nth_fu(i: int) -> Callable[[Breakdown], str]:
    return lambda b: b.fu_lines[i]


def expected_text(question: Question) -> str:
    """The right answer in words, as the kind says any answer (:meth:`~Question.say_expected`: tiles as
    tiles, yaku by name, never tile codes); a kind that does not give its right answer as a value says its
    :meth:`~Question.expected` text."""
    try:
        return question.say_expected()
    except NotImplementedError:
        return question.expected()
