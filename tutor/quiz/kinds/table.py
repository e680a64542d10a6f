"""A point-table cell: han, fu, dealer or not, ron or tsumo, honba → the payment."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from tutor.engine.points import Payment, base_points, payment, possible_cell
from tutor.engine.points import working as formula
from tutor.engine.report import payment_text
from tutor.engine.rules import TENHOU
from tutor.messages.catalogues import N_, Rendered, Said, said
from tutor.quiz.answers import Answer, parse_points, payment_answer
from tutor.quiz.kinds.points import table_skill
from tutor.quiz.questions import (
    Grade,
    Order,
    Question,
    QuestionError,
    grade_payment,
    one,
    payment_value,
    register,
    say_payment,
)
from tutor.quiz.working import Working

TABLE_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""The fu rows of the point table."""


class TableCell(NamedTuple):
    han: int
    fu: int
    dealer: bool
    tsumo: bool
    honba: int


@register
class TableQuestion(Question):
    """``{"han": 3, "fu": 40, "dealer": false, "tsumo": true, "honba": 0}``; from 5 han ``fu`` may be left out."""

    kind = "table"
    name = N_("Points")
    default_prompt = N_(
        "What do the other players pay for this win, honba included?"
        " (Ron: what the discarder pays. Tsumo: each payment, like 1000/2000 or 2000 all.)"
    )
    example = {"han": 3, "fu": 40, "dealer": False, "tsumo": True}
    topics = ("table",)

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        """A cell that can happen; at difficulty 1 the 30 and 40 fu rows, from 2 a limit one time in five,
        at 3 honba one time in two."""
        rng, difficulty = order.rng, order.difficulty
        dealer, tsumo = rng.random() < 0.3, rng.random() < 0.5
        if difficulty > 1 and rng.random() < 0.2:
            han, fu = rng.choice((5, 6, 7, 8, 9, 10, 11, 12, 13)), None
        else:
            cells = [(h, f) for h in (1, 2, 3, 4) for f in TABLE_FU if possible_cell(h, f, tsumo)]
            if difficulty == 1:
                cells = [(h, f) for h, f in cells if f in (30, 40)]  # the rows everyone learns first
            han, fu = rng.choice(cells)
        question: dict[str, Any] = {"ask": cls.kind, "han": han, "dealer": dealer, "tsumo": tsumo}
        if fu is not None:
            question["fu"] = fu
        if difficulty == 3 and rng.random() < 0.5:
            question["honba"] = rng.randint(1, 4)
        return [question]

    def solve(self) -> Payment:
        cell = self.table_cell
        base, _ = base_points(cell.han, cell.fu, 0, TENHOU)
        return payment(base, cell.dealer, cell.tsumo, cell.honba)

    @property
    def table_cell(self) -> TableCell:
        """The han, fu, dealer, tsumo and honba asked about (from 5 han the fu may be left out)."""
        han = self.data.get("han")
        fu = self.data.get("fu", 30 if isinstance(han, int) and han >= 5 else None)
        if not isinstance(han, int) or han < 1:
            raise QuestionError("a table question needs a whole number of han, 1 or more")
        if not isinstance(fu, int) or fu < 20:
            raise QuestionError("a table question below 5 han needs a whole number of fu, 20 or more")
        data = self.data
        return TableCell(han, fu, bool(data.get("dealer")), bool(data.get("tsumo")), int(data.get("honba", 0)))

    def mark(self, answer: Any) -> Grade:
        cell = self.table_cell
        how = Rendered(lambda lang: formula(cell.han, cell.fu, 0, cell.dealer, cell.tsumo, cell.honba, lang=lang))
        return grade_payment(one(answer), self.solution, how)

    def expected(self) -> str:
        paid: Payment = self.solution
        return said(Rendered(lambda lang: payment_text(paid, lang)))

    def right_answer(self) -> str:
        return payment_value(self.solution)

    def say_answer(self, answer: Any) -> Said:
        cell = self.table_cell
        return say_payment(answer, all_form=cell.tsumo and cell.dealer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        han, fu, dealer, tsumo, _ = self.table_cell
        return {table_skill(han, fu, base_points(han, fu, 0)[1], dealer, tsumo): correct}

    def working(self) -> Working | None:
        cell = self.table_cell
        return Working(han=cell.han, fu=cell.fu, dealer=cell.dealer, tsumo=cell.tsumo, honba=cell.honba)

    def number_answer(self) -> Answer | None:
        return payment_answer(self.solution)

    def read_number(self, text: str) -> Answer:
        return parse_points(text)

    @staticmethod
    def of_working(working: Working) -> Answer:
        return working.paid()
