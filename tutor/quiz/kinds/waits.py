"""Which tiles complete a 13-tile hand: pick every one."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine import targets
from tutor.engine.decompose import Reading, meld_group, readings_of
from tutor.engine.report import describe_reading
from tutor.engine.tiles import Tile, counts34, parse_tiles
from tutor.engine.waits import WinningTile, winning_tiles
from tutor.messages.catalogues import N_, Rendered, Said, said
from tutor.quiz.answers import parse_tile_choice, tile_kinds_text
from tutor.quiz.questions import Grade, Order, Question, compare_picks, register, say_tiles, tiles_of_suits


@register
class WaitsQuestion(Question):
    """``{"hand": "23m456p789s123s11z", "melds": [optional]}``: 13 tiles, tenpai or not."""

    kind = "waits"
    name = N_("Winning tiles")
    default_prompt = N_("Which tiles complete this hand? Pick every one.")
    picks = True
    example = {"hand": "23m456p789s123s11z"}
    topics = ("waits",)

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        return [{"ask": cls.kind, **targets.tenpai_hand(order.rng, order.difficulty)}]

    def solve(self) -> list[WinningTile]:
        return winning_tiles(parse_tiles(self._require("hand", str)), self._melds())

    def choices(self) -> list[tuple[str, str]]:
        suits = {t.suit for t in parse_tiles(self._require("hand", str))}
        return [(str(t), str(t)) for t in tiles_of_suits(suits)]

    def mark(self, answer: Any) -> Grade:
        given = parse_tile_choice(answer)
        _, missed, wrong, score = compare_picks(given, self._right())
        details = []
        if missed:
            details.append(said(N_("missed {tiles}"), tiles=tile_kinds_text(missed)))
            # Feedback that teaches: the reading each missed tile completes, its groups drawn as tiles.
            for kind in sorted(missed):
                reading = self._reading_with(kind)
                if reading is not None:
                    completes = Rendered(functools.partial(describe_reading, reading))
                    details.append(
                        said(N_("{tile} completes it: {reading}"), tile=tile_kinds_text([kind]), reading=completes)
                    )
        if wrong:
            details.append(said(N_("{tiles} would not complete the hand"), tiles=tile_kinds_text(wrong)))
            details.append(
                said(
                    N_(
                        "with it the 14 tiles make neither four groups and a pair, nor seven pairs, nor thirteen orphans"
                    )
                )
            )
        return Grade(not missed and not wrong, score, self.expected(), tuple(details))

    def _reading_with(self, kind: int) -> Reading | None:
        """A reading of the hand completed by tile ``kind`` (the first the engine finds), for the feedback."""
        counts = counts34(parse_tiles(self._require("hand", str)))
        counts[kind] += 1
        groups = tuple(meld_group(m.kind, m.first) for m in self._melds())
        found = readings_of(counts, groups, kind, tsumo=True)
        return found[0] if found else None

    def right_choices(self) -> set[str]:
        return {str(Tile.of(kind)) for kind in self._right()}

    def _right(self) -> set[int]:
        # A tile whose four copies are all in the hand cannot be drawn or discarded: it wins nothing.
        return {w.tile.index for w in self.solution if w.live}

    def expected(self) -> str:
        return tile_kinds_text(self._right()) or said(N_("none (not tenpai)"))

    def right_answer(self) -> list[str]:
        return sorted(self.right_choices())

    def say_answer(self, answer: Any) -> Said:
        return say_tiles(answer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        shapes = {w.label for tile in self.solution for w in tile.waits}
        return {f"waits:{shape}": correct for shape in shapes}
