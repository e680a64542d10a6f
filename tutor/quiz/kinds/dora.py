"""How many han of dora a hand holds: dora, red fives and ura dora."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.catalogues import N_, said
from ...engine.score import ScoreResult
from ..answers import Answer
from ..questions import Grade, grade_number, register
from ..working import Working
from .hand import HandNumberQuestion

DORA_HAN = N_("{number} han of dora")


@register
class DoraQuestion(HandNumberQuestion):
    kind = "dora"
    name = N_("Dora")
    default_prompt = N_("How many han of dora (dora, red fives and ura dora) does this hand hold?")
    example = {"request": {"hand": "234m678m234p56788s", "win": "5s", "tsumo": True, "dora_indicators": ["1m"]}}

    def mark(self, answer: Any) -> Grade:
        return grade_number(answer, self.result.dora_han, DORA_HAN)

    def expected(self) -> str:
        return said(DORA_HAN, number=self.result.dora_han)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        found = {"dora:count": correct}
        for line in self.result.dora:
            found[f"dora:{line.id}"] = correct
        return found

    def hand_number(self, result: ScoreResult) -> Answer:
        return result.dora_han

    @staticmethod
    def of_working(working: Working) -> Answer:
        return working.dora
