"""The parts of an answer that were wrong, as the learner gave them: what a teacher's dashboard tallies.

Written on the answer's row when it is recorded (``answers.wrong``), so that a class's dashboard counts
the wrong answers given to each question without reading every answer's payload again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tutor.quiz.questions import Question

NONE = "(none)"
"""What :func:`answer_text` keeps for nothing picked."""


def answer_text(answer: Any) -> str:
    """An answer as given, in a line: picks joined, itemised fu rows as ``row=fu``.

    >>> answer_text(["pinfu", "tanyao"]), answer_text({"base": "20", "pair": "2"}), answer_text(" 30 ")
    ('pinfu, tanyao', 'base=20, pair=2', '30')
    """
    if isinstance(answer, Mapping):
        return ", ".join(f"{key}={value}" for key, value in answer.items())
    if isinstance(answer, list | tuple):
        return ", ".join(map(str, answer)) or NONE
    return str(answer).strip()


def answer_value(question: Question, text: str) -> Any:
    """An answer as :func:`answer_text` kept it, read back to the value ``question``'s kind says
    (:meth:`~tutor.quiz.questions.Question.say_answer`): picks split again, itemised fu rows as a mapping.
    A pick or a row value that itself held ", " (only a JSON client could send one) is split wrongly, and
    then said as typed.

    >>> from tutor.quiz import Question
    >>> answer_value(Question.from_json({"ask": "waits", "hand": "23m456p789s123s11z"}), "1m, 4m")
    ['1m', '4m']
    """
    if question.picks:
        return [] if text == NONE else text.split(", ")
    if isinstance(question.right_answer(), Mapping):  # fu asked row by row
        return dict(item.split("=", 1) for item in text.split(", ") if "=" in item)
    return text


def wrong_parts(given: Mapping[str, Any], parts: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(part kind, answer as given) for each part graded wrong, in the order of the grade's parts.

    >>> wrong_parts({"han": "1", "yaku": ["pinfu"]}, {"yaku": {"correct": False}, "han": {"correct": True}})
    [('yaku', 'pinfu')]
    """
    return [(kind, answer_text(given.get(kind, ""))) for kind, part in parts.items() if not part["correct"]]


def wrong_column(given: Mapping[str, Any], parts: Mapping[str, Mapping[str, Any]] | None) -> str:
    """What ``answers.wrong`` keeps: the wrong parts as a JSON list of [kind, text] pairs ("[]": none)."""
    return json.dumps(wrong_parts(given, parts or {}), ensure_ascii=False, separators=(",", ":"))
