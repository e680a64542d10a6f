"""Whether a player may win by ron on the tile just discarded, and if not, which furiten binds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine import targets
from tutor.engine.furiten import Furiten, FuritenKind, furiten
from tutor.engine.tiles import Tile, parse_tiles
from tutor.messages.catalogues import N_, Rendered, Said, Sentence, said
from tutor.quiz.answers import AnswerError
from tutor.quiz.questions import Grade, Order, Question, as_typed, one, register

FURITEN_CHOICES = {
    "ron": N_("Yes, ron is allowed"),
    "not_a_wait": N_("No: it is not a winning tile"),
    "discard": N_("No: discard furiten"),
    "temporary": N_("No: temporary furiten"),
    "riichi": N_("No: riichi furiten"),
}
"""The answers offered, by value (marked sentences, said in the reader's language on the page)."""

# Why each furiten binds, as a whole sentence (a translator sees the sentence, not pieces of it).
FURITEN_REASONS = {
    FuritenKind.DISCARD: N_(
        "The hand waits on {waits}; {cause} is in the player's own discards, so every one of those tiles is "
        "furiten (discard furiten, which lasts {lasts}). Tsumo would still win."
    ),
    FuritenKind.RIICHI: N_(
        "The hand waits on {waits}; {cause} went by after riichi, so every one of those tiles is "
        "furiten (riichi furiten, which lasts {lasts}). Tsumo would still win."
    ),
    FuritenKind.TEMPORARY: N_(
        "The hand waits on {waits}; {cause} went by since the player's last draw, so every one of those tiles is "
        "furiten (temporary furiten, which lasts {lasts}). Tsumo would still win."
    ),
}


@register
class FuritenQuestion(Question):
    """``{"hand", "melds", "discards", "passed_since_draw", "riichi", "passed_since_riichi", "tile"}``:
    a tenpai hand, what happened since, and the tile another player discards now."""

    kind = "furiten"
    name = N_("Furiten")
    default_prompt = N_("Can this player win by ron on the tile just discarded?")
    example = {"hand": "23m456p789s123s11z", "discards": "1m", "tile": "4m"}
    topics = ("furiten",)

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        return [{"ask": cls.kind, **targets.furiten_situation(order.rng, order.difficulty)}]

    def solve(self) -> tuple[Furiten, Tile]:
        def tiles(name: str) -> tuple[Tile, ...]:
            return parse_tiles(self.data.get(name, ""))

        result = furiten(
            parse_tiles(self._require("hand", str)),
            self._melds(),
            discards=tiles("discards"),
            passed_since_draw=tiles("passed_since_draw"),
            riichi=bool(self.data.get("riichi", False)),
            passed_since_riichi=tiles("passed_since_riichi"),
        )
        return result, Tile(self._require("tile", str))

    @property
    def furiten_outcome(self) -> str:
        """``ron``, ``not_a_wait``, or the furiten that binds longest."""
        result, tile = self.solution
        if not result.is_wait(tile):
            return "not_a_wait"
        return result.kinds[0].value if result.is_furiten else "ron"

    def choices(self) -> list[tuple[str, str]]:
        return [(value, said(label)) for value, label in FURITEN_CHOICES.items()]

    def mark(self, answer: Any) -> Grade:
        given = one(answer)
        if not given:
            raise AnswerError(N_("give one answer"))  # nothing picked: what a list of no picks is told
        if given not in FURITEN_CHOICES:
            raise AnswerError(N_("pick one of the choices"))
        result, tile = self.solution
        expected = self.furiten_outcome
        # When several furiten apply at once, naming any of them is right.
        accepted = {k.value for k in result.kinds} if expected not in ("ron", "not_a_wait") else {expected}
        right = given in accepted
        return Grade(right, 1.0 if right else 0.0, self.expected(), (_furiten_reason(result, tile),))

    def right_choices(self) -> set[str]:
        return {self.furiten_outcome}

    def expected(self) -> str:
        return said(FURITEN_CHOICES[self.furiten_outcome])

    def right_answer(self) -> str:
        return self.furiten_outcome

    def say_answer(self, answer: Any) -> Said:
        value = answer[0] if isinstance(answer, list | tuple) and len(answer) == 1 else answer
        return said(FURITEN_CHOICES[value]) if isinstance(value, str) and value in FURITEN_CHOICES else as_typed(answer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        return {f"furiten:{self.furiten_outcome}": correct}


def _furiten_reason(result: Furiten, tile: Tile) -> Said:
    waits = ", ".join(str(w.tile) for w in result.waits) or Sentence(N_("nothing"))
    if not result.is_wait(tile):
        return said(N_("The hand waits on {waits}; {tile} does not complete it."), waits=waits, tile=str(tile))
    if not result.is_furiten:
        return said(
            N_("The hand waits on {waits}, and none of them is in its discards or has gone by: ron on {tile} is fine."),
            waits=waits,
            tile=str(tile),
        )
    kind, cause = result.because[0]
    lasts = Rendered(kind.lasts_in)
    return said(FURITEN_REASONS[kind], waits=waits, cause=str(cause), lasts=lasts)
