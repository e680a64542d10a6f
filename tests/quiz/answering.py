"""What a learner who knows everything would type: the right answer to any question, as form values."""

from __future__ import annotations

from typing import Any

from tutor.quiz import Question
from tutor.quiz.exercise import Exercise


def right_answer(question: Question) -> Any:
    if question.kind == "yaku":
        return sorted(question.expected_yaku())
    if question.kind == "waits":
        return [str(w.tile) for w in question.solution]
    if question.kind == "dora_tile":
        return [str(dora) for _, dora in question.solution]
    if question.kind == "furiten":
        result, tile = question.solution
        if not result.is_wait(tile):
            return ["not_a_wait"]
        return [result.kinds[0].value] if result.is_furiten else ["ron"]
    if question.kind == "fu" and question.itemised:
        return {row.id: str(row.fu) for row in question.fu_rows() if not row.given}
    if question.kind in ("points", "table"):
        return question.grade("0").expected.replace(" all", "")
    if question.kind == "paid":
        return question.right_answer()
    return question.grade("0").expected.split()[0]


def wrong_answer(question: Question) -> Any:
    """An answer that is readable but wrong."""
    if question.kind in ("yaku", "waits", "dora_tile"):
        right = right_answer(question)
        return right[1:] if len(right) > 1 else []
    if question.kind == "furiten":
        return ["ron"] if right_answer(question) != ["ron"] else ["discard"]
    if question.kind == "fu" and question.itemised:
        return {**right_answer(question), "total": "1"}
    if question.kind in ("points", "table"):
        return "1"
    if question.kind == "standings":
        return "+99.9"
    return str(int(right_answer(question)) + 1)


def form_fields(exercise: Exercise, right: bool = True) -> dict[str, Any]:
    """The practice form's fields a learner sends for every part of ``exercise``, right or wrong
    (itemised fu as one field a row)."""
    fields: dict[str, Any] = {}
    for part in exercise.parts:
        given = right_answer(part) if right else wrong_answer(part)
        if isinstance(given, dict):
            fields.update({f"{part.kind}.{row}": value for row, value in given.items()})
        else:
            fields[part.kind] = given
    return fields
