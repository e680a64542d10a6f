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
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.report import breakdown
from .exercise import Exercise
from .questions import Question


@dataclass(frozen=True)
class Step:
    heading: str
    text: str


def reveal_steps(exercise: Exercise) -> list[Step]:
    result = exercise.main.result
    if result is not None and result.best is not None and result.best.payment is not None:
        parts = breakdown(result, alternatives=0)
        steps = [Step("Reading", parts.reading)]
        steps += [Step("Yaku", line) for line in parts.yaku]
        steps += [Step("Fu", item.text) for item in parts.fu]
        if parts.fu_note:
            steps.append(Step("Fu", parts.fu_note))
        steps.append(Step("Payment", parts.payment))
        return steps
    return [Step("Answer", expected_text(part)) for part in exercise.parts]


def expected_text(question: Question) -> str:
    """The right answer in words, as the kind of question says it."""
    return question.expected()
