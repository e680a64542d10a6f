"""How many fu a hand has, after rounding; or, itemised, the fu of each of its sources."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.drawing.words import Tiles
from tutor.engine.decompose import Shape
from tutor.engine.fu import FuItem
from tutor.engine.report import breakdown
from tutor.engine.score import ScoreResult
from tutor.engine.tiles import index_name, pair_notation
from tutor.messages.catalogues import DEFAULT, N_, Joined, Rendered, Said, Sentence, said
from tutor.quiz.answers import Answer, AnswerError, parse_number
from tutor.quiz.kinds.hand import HandNumberQuestion
from tutor.quiz.questions import GetList, Grade, as_typed, grade_number, register, say_number
from tutor.quiz.working import Working

# Which fu feature (a practice target) each engine fu item trains.
FU_SKILLS = {
    "fu.menzen_ron": "closed-ron",
    "fu.wait.kanchan": "kanchan",
    "fu.wait.penchan": "penchan",
    "fu.wait.tanki": "tanki",
    "fu.ron_triplet": "ron-triplet",
    "fu.closed_triplet.terminals": "closed-terminal-triplet",
    "fu.closed_triplet.honours": "closed-terminal-triplet",
    "fu.open_triplet": "open-triplet",
    "fu.closed_quad": "closed-kan",
    "fu.open_quad": "open-kan",
    "fu.pair.dragon": "value-pair",
    "fu.pair.seat_wind": "value-pair",
    "fu.pair.round_wind": "value-pair",
    "fu.pair.double_wind": "double-wind-pair",
    "fu.pinfu_tsumo": "pinfu-tsumo",
    "fu.open_pinfu": "open-pinfu",
    "fu.chiitoitsu": "chiitoitsu-fu",
}


FU = N_("{number} fu")


def _fu_items_text(items: Sequence[FuItem], lang: str) -> str:
    """Fu items as one line in ``lang``: ``Base (futei): 20 fu; Closed hand won by ron (menzen kafu): 10 fu``."""
    return "; ".join(item.render(lang) for item in items)


@dataclass(frozen=True)
class FuRow:
    """One line of an itemised fu answer: a fu source of the hand and the fu it earns."""

    id: str
    label: Said
    """What the row is about, sayable in any language, its tiles a :class:`~tutor.drawing.words.Tiles`
    parameter: named in text (``Group 1 of characters ×3``), drawn on pages."""
    tiles: str | None
    """The group or pair it is about, in MPSZ, for drawing."""
    fu: int
    items: tuple[FuItem, ...]
    """The engine's fu items behind it (their text is the explanation)."""

    @property
    def why(self) -> Said | None:
        """The fu items that make its fu, in any language (the base 20 needs no reason); None: no fu here."""
        items = [item for item in self.items if item.key != "fu.base"]
        return said(Rendered(lambda lang: _fu_items_text(items, lang))) if items else None

    given: bool = False
    """Shown with its value rather than asked (the base 20 every such hand starts from)."""


def fu_features(question: HandNumberQuestion) -> set[str]:
    """The fu features (practice targets) present in a hand question's scored reading."""
    result = question.result
    assert result.best is not None
    features = set()
    for item in result.best.fu_items:
        for prefix, feature in FU_SKILLS.items():
            if item.key.startswith(prefix):
                features.add(feature)
    return features


@register
class FuQuestion(HandNumberQuestion):
    """A fu question with ``"itemised": true`` is answered one fu source at a time (:meth:`fu_rows`)."""

    kind = "fu"
    name = N_("Fu")
    default_prompt = N_("How many fu, after rounding?")
    example = {"request": {"hand": "111m234p55s789s", "win": "5s", "melds": [{"kind": "pon", "tiles": "777z"}]}}
    hand_part = True
    progress_topic = "fu"
    asked_of_limit_hands = False
    topics = ("fu",)

    @classmethod
    def part(cls, request: Mapping[str, Any], itemised: bool = False) -> dict[str, Any]:
        return {**super().part(request), **({"itemised": True} if itemised else {})}

    @property
    def itemised(self) -> bool:
        """Answered one fu source at a time (only for four-groups-and-a-pair hands)."""
        return bool(self.data.get("itemised")) and len(self.fu_rows()) > 1

    def fu_rows(self) -> list[FuRow]:
        """One row per fu source of the reading that scores most, for itemised fu questions.

        Every source is a row whether or not it earns fu (a sequence earns 0), so the rows
        do not give away which ones count; the last row is the rounded total.
        """
        result = self.result
        assert result.best is not None
        best = result.best
        reading = best.reading
        items = list(best.fu_items)
        total = FuRow("total", said(N_("Total, rounded up to the next 10")), None, best.fu, ())
        if reading.shape is not Shape.STANDARD:
            return [total]
        taken: set[int] = set()

        def claim(test: Callable[[FuItem], bool]) -> tuple[FuItem, ...]:
            found = tuple(item for i, item in enumerate(items) if i not in taken and test(item))
            taken.update(i for i, item in enumerate(items) if item in found)
            return found

        rows = [FuRow("base", said(N_("Base (futei)")), None, 20, claim(lambda i: i.key == "fu.base"), given=True)]
        won = claim(lambda i: i.key in ("fu.menzen_ron", "fu.tsumo", "fu.pinfu_tsumo"))
        how_won = said(N_("How it was won (closed ron, or tsumo)"))
        rows.append(FuRow("win", how_won, None, sum(i.fu for i in won), won))
        for number, group in enumerate(reading.groups, 1):

            def of_group(item: FuItem, notation: str = group.notation) -> bool:
                return item.tiles == notation and not item.key.startswith("fu.wait")

            found = claim(of_group)
            named = (
                N_("Group {tiles} (called)")
                if group.is_open
                else N_("Group {tiles} (closed kan)")
                if group.is_quad
                else N_("Group {tiles}")
            )
            label = said(named, tiles=Tiles(group.notation, group=True))
            rows.append(FuRow(f"group{number}", label, group.notation, sum(i.fu for i in found), found))
        pair = claim(lambda i: i.key.startswith("fu.pair"))
        pair_tiles = pair_notation(reading.pair)
        pair_label = said(N_("Pair {tiles}"), tiles=Tiles(pair_tiles, group=True))
        rows.append(FuRow("pair", pair_label, pair_tiles, sum(i.fu for i in pair), pair))
        wait = claim(lambda i: i.key.startswith("fu.wait"))
        won_on = index_name(reading.win)
        the_wait = said(N_("The wait (won on {tile})"), tile=Tiles(won_on))
        rows.append(FuRow("wait", the_wait, None, sum(i.fu for i in wait), wait))
        if not result.hand.is_closed and not result.situation.tsumo:
            bump = claim(lambda i: i.key == "fu.open_pinfu")
            the_bump = said(N_("Open hand won by ron with no other fu: the bump to 30"))
            rows.append(FuRow("bump", the_bump, None, sum(i.fu for i in bump), bump))
        assert len(taken) == len(items), "every fu item belongs to a row"
        return [*rows, total]

    def read_form(self, getlist: GetList, name: str | None = None) -> Any:
        if not self.itemised:
            return super().read_form(getlist, name)
        name = name or self.kind
        return {row.id: next(iter(getlist(f"{name}.{row.id}")), "") for row in self.fu_rows()}

    def public_json(self, lang: str = DEFAULT) -> dict[str, Any]:
        body = super().public_json(lang)
        if self.itemised:
            body["rows"] = [
                {
                    "id": row.id,
                    "label": row.label.text(lang),
                    "tiles": row.tiles,
                    **({"fu": row.fu} if row.given else {}),
                }
                for row in self.fu_rows()
            ]
        return body

    def mark(self, answer: Any) -> Grade:
        result = self.result
        assert result.best is not None
        if self.itemised:
            return self._mark_rows(answer)
        parts = breakdown(result, alternatives=0)
        how = [said(Rendered(lambda lang: _fu_items_text(parts.fu, lang)))]
        if parts.fu_note:
            how.append(said(Rendered(lambda lang: breakdown(result, alternatives=0, lang=lang).fu_note or "")))
        return grade_number(answer, result.fu, FU, how + self._reading_note())

    def _mark_rows(self, answer: Any) -> Grade:
        if not isinstance(answer, Mapping):
            raise AnswerError(N_("give the fu of each row"))
        rows = self.fu_rows()
        given = {}
        for row in rows:
            text = str(answer.get(row.id, "")).strip()
            if row.given:
                given[row.id] = row.fu
                continue
            if not text and row.id != "total":
                given[row.id] = 0  # an empty row means "no fu here"
                continue
            try:
                given[row.id] = parse_number(text)
            except AnswerError as problem:
                raise AnswerError(Sentence(N_("{row}: {problem}"), row=row.label, problem=problem.said)) from None
        details = []
        right_rows = 0
        for row in rows:
            why = row.why
            if given[row.id] == row.fu:
                right_rows += 1
                right = N_("{row}: {fu} fu, right ({why})") if why else N_("{row}: {fu} fu, right")
                details.append(said(right, row=row.label, fu=row.fu, why=why))
            else:
                because = why or Sentence(N_("the sum rounded up") if row.id == "total" else N_("no fu here"))
                wrong = N_("{row}: you said {given}, it is {fu} ({because})")
                details.append(said(wrong, row=row.label, given=given[row.id], fu=row.fu, because=because))
        correct = right_rows == len(rows)
        return Grade(correct, right_rows / len(rows), self.expected(), tuple(details))

    def expected(self) -> str:
        if not self.itemised:
            return said(FU, number=self.result.fu)
        rows = self.fu_rows()
        added = " + ".join(str(r.fu) for r in rows[:-1] if r.fu)
        return said(N_("{added} → {number} fu"), added=added, number=rows[-1].fu)

    def right_answer(self) -> Any:
        if not self.itemised:
            return str(self.result.fu)
        return {row.id: str(row.fu) for row in self.fu_rows() if not row.given}

    def say_answer(self, answer: Any) -> Said:
        if not self.itemised:
            return say_number(answer, FU)
        if not isinstance(answer, Mapping):
            return as_typed(answer)
        lines = []
        for row in self.fu_rows():
            text = str(answer.get(row.id, "")).strip()
            if row.given:
                fu: object = Sentence(FU, number=row.fu)
            elif not text:
                fu = Sentence(FU, number=0) if row.id != "total" else "—"
            else:
                try:
                    fu = Sentence(FU, number=parse_number(text))
                except AnswerError:
                    fu = text
            lines.append(Sentence(N_("{row}: {fu}"), row=row.label, fu=fu))
        return said(Joined("; ", lines))

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        return {f"fu:{feature}": correct for feature in fu_features(self)}

    def hand_number(self, result: ScoreResult) -> Answer:
        return result.fu

    @staticmethod
    def of_working(working: Working) -> Answer:
        return working.fu
