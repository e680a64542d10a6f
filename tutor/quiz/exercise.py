"""An exercise: what one served question asks, in one or more parts about the same hand.

A learner may ask a hand for its yaku, han, fu and points together; each part
is a :class:`~tutor.quiz.questions.Question` and is graded on its own. The
exercise's JSON (``to_json``) is everything needed to show it again exactly:

>>> ex = Exercise.from_json({"topic": "points", "parts": [
...     {"ask": "han", "request": {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True}},
...     {"ask": "points", "request": {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True}}]})
>>> grade = ex.grade({"han": "2", "points": "2000"})  # the dealer gets 2900
>>> grade.correct, grade.score, [g.correct for g in grade.parts.values()]
(False, 0.5, [True, False])
>>> Exercise.from_json(ex.to_json()) == ex
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.messages.catalogues import N_, said
from tutor.quiz.mistakes import Mistake, diagnose
from tutor.quiz.questions import KINDS, GetList, Grade, Question, QuestionError

PICK_KINDS = tuple(kind for kind, question in KINDS.items() if question.picks)
"""Kinds answered by ticking several choices (``yaku``, ``waits``, ``dora_tile``)."""


@dataclass(frozen=True)
class ExerciseGrade:
    parts: dict[str, Grade]
    """Each part's grade, by kind, in the order asked."""
    problems: dict[str, str] = field(default_factory=dict)
    """Parts whose answer could not be read (:class:`~tutor.messages.catalogues.Said` text, sayable in any
    language): then nothing is graded and nothing is stored."""
    mistakes: tuple[Mistake, ...] = ()
    """Known misconceptions the wrong answers match."""

    @property
    def readable(self) -> bool:
        return not self.problems

    @property
    def correct(self) -> bool:
        return self.readable and all(g.correct for g in self.parts.values())

    @property
    def score(self) -> float:
        return sum(g.score for g in self.parts.values()) / len(self.parts) if self.parts else 0.0


@dataclass(frozen=True)
class Exercise:
    topic: str
    parts: tuple[Question, ...]
    target: str | None = None
    """The yaku, fu feature or skill the hand was made for, if any."""
    difficulty: int = 2
    seed: str = ""

    @classmethod
    def from_json(cls, obj: Any) -> Exercise:
        if not isinstance(obj, Mapping) or not isinstance(obj.get("parts"), list) or not obj["parts"]:
            raise QuestionError('an exercise is an object with a non-empty "parts" list of questions')
        read: list[Question] = []
        for part in obj["parts"]:
            read.append(Question.from_json(part, alongside=read))
        parts = tuple(read)
        kinds = [p.kind for p in parts]
        if len(set(kinds)) != len(kinds):
            raise QuestionError("an exercise asks each kind of question at most once")
        return cls(
            topic=str(obj.get("topic", "")),
            parts=parts,
            target=obj.get("target"),
            difficulty=int(obj.get("difficulty", 2)),
            seed=str(obj.get("seed", "")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "topic": self.topic,
            "target": self.target,
            "difficulty": self.difficulty,
            "seed": self.seed,
            "parts": [part.to_json() for part in self.parts],
        }

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(part.kind for part in self.parts)

    @property
    def main(self) -> Question:
        """The part whose hand or situation is shown (all parts share it)."""
        return self.parts[0]

    def part(self, kind: str) -> Question:
        for part in self.parts:
            if part.kind == kind:
                return part
        raise KeyError(kind)

    def read_form(self, getlist: GetList) -> dict[str, Any]:
        """Each part's answer from a submitted form (``request.form.getlist``), by kind, ready for :meth:`grade`."""
        return {part.kind: part.read_form(getlist) for part in self.parts}

    @staticmethod
    def part_names() -> dict[str, str]:
        """What each kind of part is called on pages, by kind (marked sentences: pages translate them)."""
        return {kind: question.name for kind, question in KINDS.items()}

    def answer_shown(self) -> ExerciseGrade:
        """The grade of a question whose answer the learner asked to see: each part's right answer,
        nothing right (no answer was given) and no mistake diagnosed (nothing was guessed)."""
        return ExerciseGrade({part.kind: Grade(False, 0.0, part.expected()) for part in self.parts})

    def grade(self, answers: Mapping[str, Any]) -> ExerciseGrade:
        """Grade every part; ``answers`` maps a part's kind to its answer (text, picks or fu rows)."""
        grades: dict[str, Grade] = {}
        problems: dict[str, str] = {}
        for part in self.parts:
            answer = answers.get(part.kind)
            if answer in (None, "", []):
                if not part.picks:
                    problems[part.kind] = said(N_("no answer given"))
                    continue
                answer = []  # picking nothing is an answer ("no yaku", "not tenpai"), a wrong one here
            grade = part.grade(answer)
            if grade.problem:
                problems[part.kind] = grade.problem
            else:
                grades[part.kind] = grade
        if problems:
            return ExerciseGrade(grades, problems)
        mistakes: list[Mistake] = []
        for part in self.parts:
            answer = answers.get(part.kind)
            if not grades[part.kind].correct and isinstance(answer, str):
                mistakes += [m for m in diagnose(part, answer) if m not in mistakes]
        return ExerciseGrade(grades, {}, tuple(mistakes))
