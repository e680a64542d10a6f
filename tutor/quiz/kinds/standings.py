"""A player's final points at the end of a game: rank, uma, oka and the rule set's rounding.

Asked in lessons about the end of the game; the engine's :mod:`tutor.engine.standings` answers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.standings import SEATS, Standings, shown, standings
from tutor.messages.catalogues import N_, Problem, Said, said
from tutor.quiz.answers import AnswerError
from tutor.quiz.questions import YOU_SAID, Grade, Question, QuestionError, as_typed, one, register

FINAL = re.compile(r"^([+\-−]?)(\d{1,4})(?:\.(\d))?$")
FINAL_POINTS = N_("{points} final points")


@register
class StandingsQuestion(Question):
    """``{"scores": [34000, 25000, 25000, 15000], "sticks": 1, "rules": "tenhou", "seat": "S"}``: the scores
    in the seats of the first hand (East first), the riichi sticks left, and whose final points are asked."""

    kind = "standings"
    name = N_("Final points")
    default_prompt = N_("What are this player's final points, with uma and oka?")
    example = {"scores": [34000, 25000, 25000, 15000], "sticks": 1, "rules": "tenhou", "seat": "S"}

    def solve(self) -> Standings:
        scores, seat = self.data.get("scores"), self.data.get("seat")
        if not isinstance(scores, list) or seat not in SEATS:
            raise QuestionError('a standings question needs "scores" (four end scores) and "seat" (E, S, W or N)')
        try:
            return standings(scores, self.data.get("sticks", 0), self.data.get("rules", "tenhou"))
        except Problem as problem:
            raise QuestionError(f"standings question: {problem}") from None

    @property
    def final(self) -> int:
        """The asked player's final points, in tenths."""
        game: Standings = self.solution
        return game.seat(str(self.data["seat"])).final

    def mark(self, answer: Any) -> Grade:
        text = one(answer).strip().replace(" ", "")
        match = FINAL.match(text)
        if not match:
            raise AnswerError(
                N_("{answer} is not a final score; type it as players write it, such as +45 or -14.3"),
                answer=repr(text),
            )
        sign, whole, tenth = match.groups()
        given = (int(whole) * 10 + int(tenth or 0)) * (-1 if sign in ("-", "−") else 1)
        right = given == self.final
        expected = said(FINAL_POINTS, points=shown(self.final))
        game: Standings = self.solution
        working = said(game.working(game.seat(str(self.data["seat"]))))
        detail = expected if right else said(YOU_SAID, given=shown(given), expected=expected)
        return Grade(right, 1.0 if right else 0.0, expected, (detail, working))

    def expected(self) -> str:
        return said(FINAL_POINTS, points=shown(self.final))

    def right_answer(self) -> str:
        return shown(self.final)

    def say_answer(self, answer: Any) -> Said:
        match = FINAL.match(answer.strip().replace(" ", "")) if isinstance(answer, str) else None
        return said(FINAL_POINTS, points=answer.strip()) if match else as_typed(answer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        game: Standings = self.solution
        return {f"standings:{game.rules.id}": correct}
