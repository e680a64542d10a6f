"""What one player paid for another's win, and why: the payer's side of a payment (issue 26).

Asked of the hands a player dealt into or paid for by another's tsumo in their own game logs
("Practise my games", :mod:`tutor.practice.mygames`): ``{"request": {...}, "payer": "W"}``, the
winner's score request (a ron names its ``discarder``) and the payer's seat wind in that hand. The
answer is one number, the payer's whole payment: the hand's share and the honba. Riichi sticks on
the table are not paid by anyone at the win (they were paid when declared), so they are not in it;
the feedback says where they go. The engine's settlement (:func:`tutor.engine.pao.settle`) answers,
pao included (a player pao spares pays 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.engine.pao import Settlement, Share, settle, settlement_lines
from tutor.engine.points import working as formula
from tutor.engine.situation import WIND_LETTERS
from tutor.messages.catalogues import N_, Rendered, Said, said
from tutor.quiz.answers import AnswerError, parse_points
from tutor.quiz.kinds.hand import HandQuestion
from tutor.quiz.kinds.points import table_skill
from tutor.quiz.questions import YOU_SAID, Grade, QuestionError, as_typed, one, register

PAID_POINTS = N_("{points} points")


@register
class PaidQuestion(HandQuestion):
    kind = "paid"
    name = N_("What you paid")
    default_prompt = N_(
        "How much did you pay for this win, honba included? (The riichi sticks already on the table are not part of it.)"
    )
    example = {
        "request": {
            "hand": "123m456m789p345s55s",
            "win": "5s",
            "riichi": True,
            "seat_wind": "S",
            "discarder": "W",
            "honba": 1,
        },
        "payer": "W",
    }
    progress_topic = "points"

    def settlement(self) -> Settlement:
        result = self.result
        if result.best is None or result.payment is None:
            raise QuestionError("a paid question needs a hand that wins")
        return settle(result)

    def share(self) -> Share:
        """The asked player's share: refused when they paid nothing for this win (not the discarder of a ron)."""
        payer = self.data.get("payer")
        if not isinstance(payer, str) or payer not in tuple(WIND_LETTERS):  # one letter, not "" or "ES"
            raise QuestionError('a paid question needs "payer": the seat wind (E, S, W or N) of the player who paid')
        found = [share for share in self.settlement().shares if share.seat == payer]
        if not found:
            raise QuestionError(f"seat {payer} pays nothing for this win: ask a payer (a ron's discarder)")
        return found[0]

    def mark(self, answer: Any) -> Grade:
        text = one(answer)
        given = parse_points(text)
        if len(given) != 1:
            raise AnswerError(N_("type the one number you paid, such as 2900"))
        total = self.share().total
        right = given[0] == total
        shown = said(PAID_POINTS, points=f"{total:,}")
        detail = shown if right else said(YOU_SAID, given=said(PAID_POINTS, points=f"{given[0]:,}"), expected=shown)
        return Grade(right, 1.0 if right else 0.0, shown, (detail, *self.why()))

    def why(self) -> tuple[Said, ...]:
        """The hand's value as the winner's payment is worked out, then every payment of the win, the asked
        player's among them, and where the riichi sticks go: the engine's own sentences, in any language."""
        result = self.result
        s = result.situation
        settlement = self.settlement()
        how = said(
            Rendered(
                lambda lang: formula(
                    result.han, result.fu, result.yakuman, s.is_dealer, s.tsumo, s.honba, result.rules, lang=lang
                )
            )
        )
        return (how, *(_line(settlement, i) for i in range(len(settlement_lines(settlement)))))

    def expected(self) -> str:
        return said(PAID_POINTS, points=f"{self.share().total:,}")

    def right_answer(self) -> str:
        return str(self.share().total)

    def say_answer(self, answer: Any) -> Said:
        if isinstance(answer, str) and answer.strip().replace(",", "").isdigit():
            return said(PAID_POINTS, points=f"{int(answer.strip().replace(',', '')):,}")
        return as_typed(answer)

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        # Paying drills the same point-table cell as being paid.
        result = self.result
        s = result.situation
        return {table_skill(result.han, result.fu, result.limit, s.is_dealer, s.tsumo): correct}


def _line(settlement: Settlement, index: int) -> Said:
    """Line ``index`` of the settlement's sentences, said in the reader's language when shown."""
    return said(Rendered(lambda lang: settlement_lines(settlement, lang)[index]))
