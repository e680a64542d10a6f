"""A question's answers in a teacher's words, part by part: what the dashboard, the worksheet's key and the
CSV show. Each part's kind says the answer (:meth:`~tutor.quiz.questions.Question.say_answer`); this module
only names the part before it, in any language (``Fu: 30 fu``, ``符：30 符``)."""

from __future__ import annotations

import json
from typing import Any

from tutor.messages.catalogues import N_, Said, Sentence, said
from tutor.quiz.exercise import Exercise
from tutor.quiz.questions import Question, as_typed

PART_ANSWER = N_("{part}: {answer}")
"""One part of an answer in a line: ``Fu: 30 fu`` (``符：30 符``)."""


def read_exercise(payload: str | None) -> Exercise | None:
    """The exercise a question's stored payload asks, or None when it cannot be read (a row written by an
    older version or another writer): its answers are then shown as they were given."""
    try:
        return Exercise.from_json(json.loads(payload or ""))
    except ValueError:  # QuestionError and JSON's errors alike
        return None


def part_answer(exercise: Exercise | None, kind: str, answer: Any) -> Said:
    """``Fu: 30 fu``: a part's answer as stored, said by the part's kind with the part's name, in any
    language (tiles drawn by the ``words`` filter). ``exercise`` None (its payload unreadable): the answer
    as it was given."""
    part = exercise.part(kind) if exercise is not None and kind in exercise.kinds else None
    if part is None:
        return said(PART_ANSWER, part=Sentence(Exercise.part_names().get(kind, kind)), answer=as_typed(answer))
    try:
        words = part.say_answer(answer)
    except (TypeError, ValueError, AttributeError):  # a value no form sends (a JSON client's)
        words = as_typed(answer)
    return said(PART_ANSWER, part=Sentence(part.name), answer=words)


def part_expected(part: Question) -> Said:
    """``Fu: 30 fu``: a part's right answer, said as :func:`part_answer` says any answer."""
    return said(PART_ANSWER, part=Sentence(part.name), answer=part.say_expected())
