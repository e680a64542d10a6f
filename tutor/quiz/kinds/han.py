"""How many han a hand is worth, dora included."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.messages import text
from tutor.engine.score import ScoreResult
from tutor.messages.catalogues import N_, Rendered, Said, said
from tutor.quiz.answers import Answer
from tutor.quiz.kinds.hand import HandNumberQuestion
from tutor.quiz.questions import DORA_IDS, Grade, grade_number, register, say_number
from tutor.quiz.working import Working

HAN = N_("{number} han")


@register
class HanQuestion(HandNumberQuestion):
    kind = "han"
    name = N_("Han")
    default_prompt = N_("How many han is this hand worth, dora included?")
    example = {"request": {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True}}
    hand_part = True
    progress_topic = "everyday-yaku"

    def mark(self, answer: Any) -> Grade:
        result = self.result
        how = said(
            Rendered(
                lambda lang: (
                    " + ".join(f"{y.render_name(lang)} {y.han}" for y in result.yaku)
                    + " = "
                    + text("payment.han", lang, han=result.han)
                )
            )
        )
        return grade_number(answer, result.han, HAN, [how, *self._reading_note()])

    def expected(self) -> str:
        return said(HAN, number=self.result.han)

    def right_answer(self) -> str:
        return str(self.result.han)

    def say_answer(self, answer: Any) -> Said:
        return say_number(answer, HAN)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        if "yaku" in asked:
            return {}  # the yaku part already says which yaku were known
        return {f"yaku:{y.id}": correct for y in self.result.yaku if y.id not in DORA_IDS}

    def hand_number(self, result: ScoreResult) -> Answer:
        return result.han

    @staticmethod
    def of_working(working: Working) -> Answer:
        return working.han
