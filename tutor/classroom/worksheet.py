"""Printable worksheets: the questions of an assignment or a seeded quiz on paper, with answer lines, and
the answer key (the engine's breakdown of each hand) on pages of its own. No Flask here.

Who gets the key of an assignment's worksheet is the practice loop's to decide
(:func:`tutor.practice.sessions.worksheet_rules`); a seeded quiz is public (anyone can take it with its seed), so its
worksheet always has its key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.classroom import Assignment
from tutor.classroom.answers import part_expected
from tutor.messages.catalogues import Said
from tutor.practice.selection import clean_settings, quiz_exercise
from tutor.quiz.exercise import Exercise


@dataclass(frozen=True)
class Worksheet:
    """The questions, in order, and the quiz settings they were made from."""

    settings: Mapping[str, Any]
    exercises: list[Exercise]

    @property
    def size(self) -> int:
        return len(self.exercises)

    @staticmethod
    def key(exercise: Exercise) -> list[Said]:
        """A question's lines in the answer key: each part's right answer in words, as its kind says it
        (``Winning tiles: 5 of characters``; tiles drawn by the ``words`` filter)."""
        return [part_expected(part) for part in exercise.parts]


def quiz_worksheet(raw: Mapping[str, Any]) -> Worksheet:
    """A seeded quiz's worksheet from settings as a URL gives them (``seed``, ``topics``, ``difficulty``,
    ``parts``, ``size``, ``targets``, ``itemised``). Raises ExerciseError naming what is wrong."""
    settings = clean_settings(raw, "quiz")
    return Worksheet(settings, [quiz_exercise(settings, n) for n in range(1, settings["size"] + 1)])


def assignment_worksheet(task: Assignment, user_id: int | None = None) -> Worksheet:
    """An assignment's questions: the class's shared seed, or (``user_id``) that student's own variant."""
    settings = task.settings_for(user_id) if user_id is not None else dict(task.settings)
    return Worksheet(settings, [task.exercise(n, user_id) for n in range(1, task.size + 1)])
