"""How many han of dora a hand holds: dora, red fives and ura dora."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine import targets
from tutor.engine.score import ScoreResult
from tutor.engine.tiles import DORA_OF, dora_from_indicator
from tutor.messages.catalogues import N_, Said, Sentence, said
from tutor.quiz.answers import Answer, parse_number
from tutor.quiz.kinds.hand import HandNumberQuestion
from tutor.quiz.questions import Grade, Order, one, register, say_number
from tutor.quiz.working import Working

DORA_HAN = N_("{number} han of dora")


@register
class DoraQuestion(HandNumberQuestion):
    kind = "dora"
    name = N_("Dora")
    default_prompt = N_("How many han of dora (dora, red fives and ura dora) does this hand hold?")
    example = {"request": {"hand": "234m678m234p56788s", "win": "5s", "tsumo": True, "dora_indicators": ["1m"]}}
    topics = ("dora",)

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        """A hand holding dora to count, or (two times in five) indicators to read."""
        if order.rng.random() < 0.4:
            # Imported here: importing it above would register it before this kind, changing their order.
            from tutor.quiz.kinds.dora_tile import DoraTileQuestion

            return DoraTileQuestion.make(order)
        return [{"ask": cls.kind, "request": targets.dora_hand(order.rng, max(order.difficulty, 2))}]

    def mark(self, answer: Any) -> Grade:
        given = parse_number(one(answer))
        right = given == self.result.dora_han
        verdict = [] if right else [said(N_("you said {given}"), given=Sentence(DORA_HAN, number=given))]
        return Grade(right, 1.0 if right else 0.0, self.expected(), (*verdict, *self.explain()))

    def explain(self) -> list[str]:
        """Where the dora come from, one line each: every indicator and the dora it points to, how
        many of that tile the hand holds, the red fives, the ura dora (or why none), and the sum."""
        result = self.result
        s, hand = result.situation, result.hand
        lines: list[str] = []
        terms: list[int] = []
        for indicator in s.dora_indicators:
            held = hand.counts[DORA_OF[indicator.index]]
            lines.append(
                said(
                    N_("Indicator {indicator}, so {dora} is dora: {count} in the hand."),
                    indicator=str(indicator),
                    dora=str(dora_from_indicator(indicator)),
                    count=held,
                )
            )
            terms.append(held)
        if result.rules.aka and hand.red_fives:
            lines.append(said(N_("Red fives: {count} in the hand, 1 han each."), count=hand.red_fives))
            terms.append(hand.red_fives)
        if s.ura_indicators and s.in_riichi:
            for indicator in s.ura_indicators:
                held = hand.counts[DORA_OF[indicator.index]]
                lines.append(
                    said(
                        N_("Ura indicator {indicator}, so {dora} is ura dora: {count} in the hand."),
                        indicator=str(indicator),
                        dora=str(dora_from_indicator(indicator)),
                        count=held,
                    )
                )
                terms.append(held)
        elif s.ura_indicators:
            lines.append(said(N_("No ura dora: only a hand in riichi counts them.")))
        if sum(terms) != result.dora_han:  # no yaku, or a yakuman: dora held count for nothing
            lines.append(said(N_("Dora count only next to a yaku, and not next to a yakuman: here they add nothing.")))
        elif len([t for t in terms if t]) > 1:
            lines.append(
                said(
                    N_("In all: {terms} = {total}."),
                    terms=" + ".join(str(t) for t in terms if t),
                    total=Sentence(DORA_HAN, number=result.dora_han),
                )
            )
        return lines

    def expected(self) -> str:
        return said(DORA_HAN, number=self.result.dora_han)

    def right_answer(self) -> str:
        return str(self.result.dora_han)

    def say_answer(self, answer: Any) -> Said:
        return say_number(answer, DORA_HAN)

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
