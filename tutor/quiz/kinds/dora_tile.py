"""Which tile is the dora for each indicator (9 wraps to 1, North to East, Red to White)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.tiles import Tile, dora_from_indicator, parse_tiles
from tutor.messages.catalogues import N_, Said, said
from tutor.quiz.answers import parse_tile_choice, tile_kinds_text
from tutor.quiz.questions import (
    Grade,
    Order,
    Question,
    QuestionError,
    compare_picks,
    register,
    say_tiles,
    tiles_of_suits,
)


@register
class DoraTileQuestion(Question):
    """``{"indicators": "9m4z"}``: one or more dora indicators."""

    kind = "dora_tile"
    name = N_("Dora tiles")
    default_prompt = N_("Which tile is the dora for each indicator? Pick every dora tile.")
    picks = True
    example = {"indicators": "9m4z"}

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        """One indicator at difficulty 1, else one to three (the dora kind asks these within its topic)."""
        rng = order.rng
        count = 1 if order.difficulty == 1 else rng.choice((1, 2, 2, 3))
        # Wrap-arounds (9 → 1, North → East, Red → White) are the usual slips: lean on them.
        corners = ["9m", "9p", "9s", "4z", "7z", "3z", "6z"]
        pool = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
        picks = [rng.choice(corners if rng.random() < 0.5 else pool) for _ in range(count)]
        return [{"ask": cls.kind, "indicators": "".join(picks)}]

    def solve(self) -> tuple[tuple[Tile, Tile], ...]:
        indicators = parse_tiles(self._require("indicators", str))
        if not indicators:
            raise QuestionError("a dora_tile question needs at least one indicator")
        return tuple((t, dora_from_indicator(t)) for t in indicators)

    def choices(self) -> list[tuple[str, str]]:
        suits = {indicator.suit for indicator, _ in self.solution}
        return [(str(t), str(t)) for t in tiles_of_suits(suits)]

    def mark(self, answer: Any) -> Grade:
        given = parse_tile_choice(answer)
        _, missed, wrong, score = compare_picks(given, self._right())
        details = [
            said(N_("indicator {indicator} → dora {dora}"), indicator=str(indicator), dora=str(dora))
            for indicator, dora in self.solution
        ]
        if wrong:
            details.append(said(N_("{tiles} is not a dora here"), tiles=tile_kinds_text(wrong)))
        return Grade(not missed and not wrong, score, self.expected(), tuple(details))

    def right_choices(self) -> set[str]:
        return {str(dora) for _, dora in self.solution}

    def _right(self) -> set[int]:
        return {dora.index for _, dora in self.solution}

    def expected(self) -> str:
        return tile_kinds_text(self._right())

    def right_answer(self) -> list[str]:
        return sorted(self.right_choices())

    def say_answer(self, answer: Any) -> Said:
        return say_tiles(answer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        return {"dora:indicator": correct}
