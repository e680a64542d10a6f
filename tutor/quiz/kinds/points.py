"""What the other players pay the winner of a hand, honba included, riichi sticks not (each payment of a
tsumo). The prompt, the feedback and the calculator use the same words: "the other players pay" (or
"paid by the other players") is this payment; "the winner receives ... in all" adds the riichi sticks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tutor.engine.points import working as formula
from tutor.engine.report import payment_text
from tutor.engine.score import ScoreResult
from tutor.messages.catalogues import N_, Rendered, Said, said
from tutor.quiz.answers import Answer, parse_points, payment_answer
from tutor.quiz.kinds.hand import HandNumberQuestion
from tutor.quiz.questions import Grade, grade_payment, one, payment_value, register, say_payment
from tutor.quiz.working import Working


def table_skill(han: int, fu: int, limit: str | None, dealer: bool, tsumo: bool) -> str:
    """The point-table cell skill a payment drills: ``table:3-40-non_dealer-ron``, ``table:mangan-dealer-tsumo``."""
    who = f"{'dealer' if dealer else 'non_dealer'}-{'tsumo' if tsumo else 'ron'}"
    return f"table:{limit}-{who}" if limit else f"table:{han}-{fu}-{who}"


@register
class PointsQuestion(HandNumberQuestion):
    kind = "points"
    name = N_("Points")
    default_prompt = N_(
        "What do the other players pay the winner, honba included but not the riichi sticks?"
        " (Ron: what the discarder pays. Tsumo: each payment, like 1000/2000 or 2000 all.)"
    )
    example = {"request": {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"}}
    hand_part = True
    progress_topic = "points"
    topics = ("points",)

    def mark(self, answer: Any) -> Grade:
        result = self.result
        assert result.payment is not None and result.best is not None
        s = result.situation
        how = Rendered(
            lambda lang: formula(
                result.han, result.fu, result.yakuman, s.is_dealer, s.tsumo, s.honba, result.rules, lang=lang
            )
        )
        graded = grade_payment(one(answer), result.payment, how)
        if not s.riichi_sticks:
            return graded
        # The sticks on the table are not part of the answer: say so, in the calculator's words.
        sticks = 1000 * s.riichi_sticks
        on_top = said(
            N_(
                "Paid by the other players: {paid}, honba included; with the riichi sticks on the table"
                " ({sticks}) the winner receives {total} in all."
            ),
            paid=f"{result.payment.total - sticks:,}",
            sticks=f"{sticks:,}",
            total=f"{result.payment.total:,}",
        )
        return replace(graded, details=(*graded.details, on_top))

    def expected(self) -> str:
        paid = self.result.payment
        return str(paid) if paid is None else said(Rendered(lambda lang: payment_text(paid, lang)))

    def right_answer(self) -> str:
        assert self.result.payment is not None
        return payment_value(self.result.payment)

    def say_answer(self, answer: Any) -> Said:
        s = self.result.situation
        return say_payment(answer, all_form=s.tsumo and s.is_dealer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        result = self.result
        assert result.best is not None
        s = result.situation
        return {table_skill(result.han, result.fu, result.limit, s.is_dealer, s.tsumo): correct}

    def hand_number(self, result: ScoreResult) -> Answer:
        assert result.payment is not None
        return payment_answer(result.payment)

    def read_number(self, text: str) -> Answer:
        return parse_points(text)

    @staticmethod
    def of_working(working: Working) -> Answer:
        return working.paid()
