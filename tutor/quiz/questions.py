"""Questions about hands, answered by the engine and graded part by part.

A question is a kind and a JSON payload. Its solution always comes from the
engine, never from text typed next to it:

>>> q = Question.from_json({"ask": "points", "request": {"hand": "123m456m789p345s55s", "win": "5s",
...                         "riichi": True, "seat_wind": "S"}})
>>> q.grade("2,000").correct, q.grade("1300").correct
(True, False)
>>> q.grade("lots").problem
"'lots' is not a number; type digits such as 30 or 7,700"
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from ..engine.api import evaluate
from ..engine.decompose import Shape
from ..engine.fu import FuItem
from ..engine.furiten import Furiten, FuritenKind, furiten
from ..engine.hand import HandError, Meld
from ..engine.points import Payment, base_points, payment, working
from ..engine.report import breakdown, describe_reading, why_not
from ..engine.rules import TENHOU
from ..engine.score import ScoreResult
from ..engine.situation import wind_index
from ..engine.tiles import (
    CHUN,
    HAKU,
    HATSU,
    YAOCHUU,
    Tile,
    TileNotationError,
    dora_from_indicator,
    index_name,
    pair_notation,
    parse_tiles,
)
from ..engine.waits import winning_tiles
from ..engine.yaku import YAKU
from .answers import AnswerError, parse_number, parse_points, parse_tile_choice, tile_kinds_text

YAKU_CHOICES = 8
"""How many yaku a "name the yaku" question offers (more when the hand has more yaku or traps)."""
DRAGON_YAKU = {HAKU: "yakuhai_haku", HATSU: "yakuhai_hatsu", CHUN: "yakuhai_chun"}
KINDS = ("yaku", "han", "fu", "points", "waits", "furiten", "dora", "dora_tile", "table")
HAND_KINDS = ("yaku", "han", "fu", "points", "dora")
"""Kinds asked about a scored hand (their payload is a score ``request``)."""
DORA_IDS = ("dora", "aka_dora", "ura_dora")
#: Yaku offered as distractors beside the right ones in "name the yaku" questions.
COMMON_YAKU = (
    "riichi",
    "menzen_tsumo",
    "pinfu",
    "tanyao",
    "iipeikou",
    "yakuhai_haku",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "chiitoitsu",
    "toitoi",
    "sanankou",
    "chanta",
    "ittsu",
    "sanshoku",
    "honitsu",
    "chinitsu",
)
FURITEN_CHOICES = {
    "ron": "Yes, ron is allowed",
    "not_a_wait": "No: it is not a winning tile",
    "discard": "No: discard furiten",
    "temporary": "No: temporary furiten",
    "riichi": "No: riichi furiten",
}
DEFAULT_PROMPTS = {
    "yaku": "Which yaku does this hand score? (Dora are not yaku.)",
    "han": "How many han is this hand worth, dora included?",
    "fu": "How many fu, after rounding?",
    "points": "How many points does the winner receive? (Ron: what the discarder pays. Tsumo: each payment, like 1000/2000 or 2000 all.)",
    "waits": "Which tiles complete this hand? Pick every one.",
    "furiten": "Can this player win by ron on the tile just discarded?",
    "dora": "How many han of dora (dora, red fives and ura dora) does this hand hold?",
    "dora_tile": "Which tile is the dora for each indicator? Pick every dora tile.",
    "table": "How many points is this?",
}


class QuestionError(ValueError):
    """A question payload that cannot be asked (bad JSON, or a hand the engine refuses)."""


@dataclass(frozen=True)
class Grade:
    """How an answer fared, part by part."""

    correct: bool
    score: float
    """1.0 for right, partial credit between 0 and 1 for multi-part answers."""
    expected: str
    """The right answer, as a learner would write it."""
    details: tuple[str, ...] = ()
    """One sentence per part: what was right, what was missed, what was wrongly claimed."""
    problem: str | None = None
    """Set when the answer could not be read: it is then neither right nor wrong."""

    @classmethod
    def unreadable(cls, problem: str) -> Grade:
        return cls(False, 0.0, "", (), problem)


class TableCell(NamedTuple):
    han: int
    fu: int
    dealer: bool
    tsumo: bool
    honba: int


@dataclass(frozen=True)
class FuRow:
    """One line of an itemised fu answer: a fu source of the hand and the fu it earns."""

    id: str
    label: str
    tiles: str | None
    """The group or pair it is about, in MPSZ, for drawing."""
    fu: int
    items: tuple[FuItem, ...]
    """The engine's fu items behind it (their text is the explanation)."""
    given: bool = False
    """Shown with its value rather than asked (the base 20 every such hand starts from)."""


@dataclass(frozen=True)
class Question:
    kind: str
    data: Mapping[str, Any]
    """The payload: a score ``request`` for yaku/han/fu/points/dora; a ``hand`` (+ ``melds``) for waits;
    hand, events and ``tile`` for furiten; ``indicators`` for dora_tile; ``han``/``fu``/``dealer``/``tsumo``
    for table. A fu question with ``"itemised": true`` is answered one fu source at a time (:meth:`fu_rows`)."""
    prompt: str = ""

    @classmethod
    def from_json(cls, obj: Any) -> Question:
        """Read and check a question (``{"ask": kind, ...payload, "prompt": optional}``)."""
        if not isinstance(obj, Mapping) or obj.get("ask") not in KINDS:
            raise QuestionError(f'a question is an object with "ask" one of {", ".join(KINDS)}')
        data = {k: v for k, v in obj.items() if k not in ("ask", "prompt")}
        question = cls(obj["ask"], data, str(obj.get("prompt", "")))
        question.solution  # noqa: B018 - solving now reports a bad hand at once, not when a learner answers
        question._check_offer()
        return question

    def _check_offer(self) -> None:
        offer = self.data.get("offer", [])
        if not isinstance(offer, list) or not all(isinstance(y, str) and y in YAKU for y in offer):
            raise QuestionError('"offer" lists yaku ids to show among the choices, such as ["pinfu", "tanyao"]')

    def to_json(self) -> dict[str, Any]:
        return {"ask": self.kind, **self.data, **({"prompt": self.prompt} if self.prompt else {})}

    @property
    def text(self) -> str:
        return self.prompt or DEFAULT_PROMPTS[self.kind]

    @cached_property
    def key(self) -> str:
        """A short stable id for the question's content."""
        digest = hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()
        return digest[:10]

    # --- solutions -------------------------------------------------------------------------

    @cached_property
    def solution(self) -> Any:
        """The engine's answer: a ScoreResult, a list of WinningTile, a Furiten, or a Payment."""
        try:
            if self.kind in HAND_KINDS:
                return evaluate(self._require("request", Mapping))
            if self.kind == "waits":
                return winning_tiles(parse_tiles(self._require("hand", str)), self._melds())
            if self.kind == "furiten":
                return self._furiten()
            if self.kind == "dora_tile":
                return self._dora_tiles()
            return self._table_payment()
        except (HandError, TileNotationError) as problem:
            raise QuestionError(f"{self.kind} question: {problem}") from None

    def _require(self, name: str, kind: type) -> Any:
        value = self.data.get(name)
        if not isinstance(value, kind):
            raise QuestionError(f"a {self.kind} question needs {name!r}")
        return value

    def _melds(self) -> list[Meld]:
        return [Meld.parse(m["kind"], m["tiles"]) for m in self.data.get("melds", [])]

    def _furiten(self) -> tuple[Furiten, Tile]:
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
        """For a furiten question: ``ron``, ``not_a_wait``, or the furiten that binds longest."""
        result, tile = self.solution
        if not result.is_wait(tile):
            return "not_a_wait"
        return result.kinds[0].value if result.is_furiten else "ron"

    def _dora_tiles(self) -> tuple[tuple[Tile, Tile], ...]:
        indicators = parse_tiles(self._require("indicators", str))
        if not indicators:
            raise QuestionError("a dora_tile question needs at least one indicator")
        return tuple((t, dora_from_indicator(t)) for t in indicators)

    @property
    def table_cell(self) -> TableCell:
        """A table question's han, fu, dealer, tsumo and honba (from 5 han the fu may be left out)."""
        han = self.data.get("han")
        fu = self.data.get("fu", 30 if isinstance(han, int) and han >= 5 else None)
        if not isinstance(han, int) or han < 1:
            raise QuestionError("a table question needs a whole number of han, 1 or more")
        if not isinstance(fu, int) or fu < 20:
            raise QuestionError("a table question below 5 han needs a whole number of fu, 20 or more")
        data = self.data
        return TableCell(han, fu, bool(data.get("dealer")), bool(data.get("tsumo")), int(data.get("honba", 0)))

    def _table_payment(self) -> Payment:
        cell = self.table_cell
        base, _ = base_points(cell.han, cell.fu, 0, TENHOU)
        return payment(base, cell.dealer, cell.tsumo, cell.honba)

    @property
    def result(self) -> ScoreResult | None:
        """The scored hand behind yaku/han/fu/points/dora questions."""
        return self.solution if isinstance(self.solution, ScoreResult) else None

    def expected_yaku(self) -> set[str]:
        assert self.result is not None
        return {y.id for y in self.result.yaku if y.id not in DORA_IDS}

    def choices(self) -> list[tuple[str, str]]:
        """(value, label) pairs for questions answered by picking: yaku, waits, furiten."""
        if self.kind == "yaku":
            right = self.expected_yaku()
            offered = right | set(self.data.get("offer", ())) | self._near_misses()
            rng = random.Random(self.key)
            others = [y for y in COMMON_YAKU if y not in offered]
            offered |= set(rng.sample(others, k=max(0, min(len(others), YAKU_CHOICES - len(offered)))))
            order = list(YAKU)
            return [(y, YAKU[y].name) for y in sorted(offered, key=order.index)]
        if self.kind == "waits":
            hand = parse_tiles(self._require("hand", str))
            suits = {t.suit for t in hand}
            return [(str(t), str(t)) for t in _tiles_of_suits(suits)]
        if self.kind == "dora_tile":
            suits = {indicator.suit for indicator, _ in self.solution}
            return [(str(t), str(t)) for t in _tiles_of_suits(suits)]
        if self.kind == "furiten":
            return list(FURITEN_CHOICES.items())
        return []

    def _near_misses(self) -> set[str]:
        """Wrong yaku a learner might well claim on this hand: the traps worth offering."""
        result = self.result
        assert result is not None and result.best is not None
        near = {y.id for other in result.alternatives for y in other.yaku if y.id not in DORA_IDS}
        counts = result.hand.counts
        honours = {DRAGON_YAKU[k] for k in DRAGON_YAKU if counts[k] >= 2}
        winds = {wind_index(result.situation.seat_wind), wind_index(result.situation.round_wind)}
        if any(counts[k] >= 2 for k in winds):
            honours |= {"yakuhai_seat_wind", "yakuhai_round_wind"}
        near |= honours
        if result.hand.is_closed:
            near.add("pinfu")
        if sum(counts[k] for k in YAOCHUU) <= 3:
            near.add("tanyao")
        return near - self.expected_yaku()

    # --- grading ---------------------------------------------------------------------------

    def grade(self, answer: str | Sequence[str] | Mapping[str, str]) -> Grade:
        """Grade an answer: text for numbers and points, picked values for yaku, waits and furiten,
        and row id → text for itemised fu."""
        problem = _shape_problem(answer)
        if problem:
            return Grade.unreadable(problem)
        try:
            return getattr(self, f"_grade_{self.kind}")(_as_text(answer))
        except AnswerError as problem:
            return Grade.unreadable(str(problem))

    def _grade_number(self, answer: Any, expected: int, unit: str, how: Sequence[str] = ()) -> Grade:
        given = parse_number(_one(answer))
        right = given == expected
        detail = f"{expected} {unit}" if right else f"you said {given} {unit}; it is {expected} {unit}"
        return Grade(right, 1.0 if right else 0.0, f"{expected} {unit}", (detail, *how))

    def _grade_han(self, answer: Any) -> Grade:
        result = self.result
        assert result is not None
        how = [" + ".join(f"{y.name} {y.han}" for y in result.yaku) + f" = {result.han} han"]
        return self._grade_number(answer, result.han, "han", how + self._reading_note())

    def _grade_fu(self, answer: Any) -> Grade:
        result = self.result
        assert result is not None and result.best is not None
        if self.itemised:
            return self._grade_fu_rows(answer)
        parts = breakdown(result, alternatives=0)
        how = ["; ".join(item.text for item in parts.fu), *([parts.fu_note] if parts.fu_note else [])]
        return self._grade_number(answer, result.fu, "fu", how + self._reading_note())

    def _reading_note(self) -> list[str]:
        """When the hand reads more than one way: which reading counts, and what the next best gives."""
        result = self.result
        assert result is not None and result.best is not None
        if not result.alternatives:
            return []
        other = result.alternatives[0]
        worth = f"{other.han} han {other.fu} fu" if other.payment else "no yaku"
        return [
            f"Scored as {describe_reading(result.best.reading)}, the reading that pays most; "
            f"{describe_reading(other.reading)} would give {worth}."
        ]

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
        assert result is not None and result.best is not None
        best = result.best
        reading = best.reading
        items = list(best.fu_items)
        total = FuRow("total", "Total, rounded up to the next 10", None, best.fu, ())
        if reading.shape is not Shape.STANDARD:
            return [total]
        taken: set[int] = set()

        def claim(test: Callable[[FuItem], bool]) -> tuple[FuItem, ...]:
            found = tuple(item for i, item in enumerate(items) if i not in taken and test(item))
            taken.update(i for i, item in enumerate(items) if item in found)
            return found

        rows = [FuRow("base", "Base (futei)", None, 20, claim(lambda i: i.key == "fu.base"), given=True)]
        won = claim(lambda i: i.key in ("fu.menzen_ron", "fu.tsumo", "fu.pinfu_tsumo"))
        rows.append(FuRow("win", "How it was won (closed ron, or tsumo)", None, sum(i.fu for i in won), won))
        for number, group in enumerate(reading.groups, 1):
            found = claim(lambda i, notation=group.notation: i.tiles == notation and not i.key.startswith("fu.wait"))
            called = " (called)" if group.is_open else " (closed kan)" if group.is_quad else ""
            rows.append(
                FuRow(
                    f"group{number}", f"Group {group.notation}{called}", group.notation, sum(i.fu for i in found), found
                )
            )
        pair = claim(lambda i: i.key.startswith("fu.pair"))
        pair_tiles = pair_notation(reading.pair)
        rows.append(FuRow("pair", f"Pair {pair_tiles}", pair_tiles, sum(i.fu for i in pair), pair))
        wait = claim(lambda i: i.key.startswith("fu.wait"))
        rows.append(FuRow("wait", f"The wait (won on {index_name(reading.win)})", None, sum(i.fu for i in wait), wait))
        if not result.hand.is_closed and not result.situation.tsumo:
            bump = claim(lambda i: i.key == "fu.open_pinfu")
            rows.append(
                FuRow(
                    "bump", "Open hand won by ron with no other fu: the bump to 30", None, sum(i.fu for i in bump), bump
                )
            )
        assert len(taken) == len(items), "every fu item belongs to a row"
        return [*rows, total]

    def _grade_fu_rows(self, answer: Any) -> Grade:
        if not isinstance(answer, Mapping):
            raise AnswerError("give the fu of each row")
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
                raise AnswerError(f"{row.label}: {problem}") from None
        details = []
        right_rows = 0
        for row in rows:
            why = "; ".join(item.text for item in row.items if item.key != "fu.base")
            if given[row.id] == row.fu:
                right_rows += 1
                details.append(f"{row.label}: {row.fu} fu, right" + (f" ({why})" if why else ""))
            else:
                because = why or ("the sum rounded up" if row.id == "total" else "no fu here")
                details.append(f"{row.label}: you said {given[row.id]}, it is {row.fu} ({because})")
        correct = right_rows == len(rows)
        expected = " + ".join(str(r.fu) for r in rows[:-1] if r.fu) + f" → {rows[-1].fu} fu"
        return Grade(correct, right_rows / len(rows), expected, tuple(details))

    def _grade_dora(self, answer: Any) -> Grade:
        assert self.result is not None
        return self._grade_number(answer, self.result.dora_han, "han of dora")

    def _grade_points(self, answer: Any) -> Grade:
        result = self.result
        assert result is not None and result.payment is not None and result.best is not None
        s = result.situation
        how = working(result.han, result.fu, result.yakuman, s.is_dealer, s.tsumo, s.honba, result.rules)
        return _grade_payment(_one(answer), result.payment, how)

    def _grade_table(self, answer: Any) -> Grade:
        cell = self.table_cell
        how = working(cell.han, cell.fu, 0, cell.dealer, cell.tsumo, cell.honba)
        return _grade_payment(_one(answer), self.solution, how)

    def _grade_yaku(self, answer: Any) -> Grade:
        given = {answer} if isinstance(answer, str) else set(answer)
        unknown = given - set(YAKU)
        if unknown:
            raise AnswerError(f"unknown yaku: {', '.join(sorted(unknown))}")
        right = self.expected_yaku()
        hits, missed, wrong, score = _compare_picks(given, right)
        details = [f"{YAKU[y].name}: yes" for y in sorted(hits)]
        details += [f"missed {YAKU[y].name} ({YAKU[y].about})" for y in sorted(missed)]
        assert self.result is not None
        details += [f"{YAKU[y].name} does not count: {why_not(self.result, y)}" for y in sorted(wrong)]
        expected = ", ".join(YAKU[y].name for y in sorted(right, key=list(YAKU).index))
        return Grade(not missed and not wrong, score, expected, tuple(details))

    def _grade_waits(self, answer: Any) -> Grade:
        given = parse_tile_choice(answer)
        right = {w.tile.index for w in self.solution}
        _, missed, wrong, score = _compare_picks(given, right)
        details = []
        if missed:
            details.append(f"missed {tile_kinds_text(missed)}")
        if wrong:
            details.append(f"{tile_kinds_text(wrong)} would not complete the hand")
        return Grade(not missed and not wrong, score, tile_kinds_text(right) or "none (not tenpai)", tuple(details))

    def _grade_dora_tile(self, answer: Any) -> Grade:
        given = parse_tile_choice(answer)
        right = {dora.index for _, dora in self.solution}
        _, missed, wrong, score = _compare_picks(given, right)
        details = [f"indicator {indicator} → dora {dora}" for indicator, dora in self.solution]
        if wrong:
            details.append(f"{tile_kinds_text(wrong)} is not a dora here")
        return Grade(not missed and not wrong, score, tile_kinds_text(right), tuple(details))

    def _grade_furiten(self, answer: Any) -> Grade:
        given = _one(answer)
        if given not in FURITEN_CHOICES:
            raise AnswerError("pick one of the choices")
        result, tile = self.solution
        expected = self.furiten_outcome
        # When several furiten apply at once, naming any of them is right.
        accepted = {k.value for k in result.kinds} if expected not in ("ron", "not_a_wait") else {expected}
        right = given in accepted
        details = [_furiten_reason(result, tile)]
        return Grade(right, 1.0 if right else 0.0, FURITEN_CHOICES[expected], tuple(details))


def _shape_problem(answer: Any) -> str | None:
    """Why an answer cannot be read at all, whatever it answers (JSON clients can send anything):
    it must be text, a whole number, a list of those, or (itemised fu) an object of those."""

    def plain(value: Any) -> bool:
        return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))

    if plain(answer):
        return None
    if isinstance(answer, list | tuple) and all(plain(v) for v in answer):
        return None
    if isinstance(answer, Mapping) and all(isinstance(k, str) and plain(v) for k, v in answer.items()):
        return None
    return "an answer is text, a whole number, a list of picked values, or (fu row by row) an object of them"


def _as_text(answer: Any) -> Any:
    """Numbers as text, at any depth of a well-shaped answer (JSON clients send 30 as readily as "30")."""
    if isinstance(answer, Mapping):
        return {key: str(value) for key, value in answer.items()}
    if isinstance(answer, list | tuple):
        return [str(value) for value in answer]
    return str(answer)


def _one(answer: str | Sequence[str]) -> str:
    if isinstance(answer, str):
        return answer
    if not isinstance(answer, list | tuple) or len(answer) != 1:
        raise AnswerError("give one answer")
    return answer[0]


def _compare_picks(given: set[Any], right: set[Any]) -> tuple[set[Any], set[Any], set[Any], float]:
    """Picks against the right set: (hits, missed, wrongly picked, partial credit).

    Each wrong pick cancels a right one, so ticking every box earns nothing.
    """
    hits, missed, wrong = given & right, right - given, given - right
    score = max(0.0, (len(hits) - len(wrong)) / len(right)) if right else 0.0
    return hits, missed, wrong, score


def payment_answer(paid: Payment) -> tuple[int, ...]:
    """A payment in the form :func:`~tutor.quiz.answers.parse_points` reads answers: sorted numbers."""
    if paid.ron is not None:
        return (paid.ron,)
    if paid.tsumo_dealer is not None:
        return tuple(sorted((paid.tsumo_non_dealer or 0, paid.tsumo_dealer)))
    return (paid.tsumo_non_dealer or 0,)


def _grade_payment(text: str, expected: Payment, how: str) -> Grade:
    given = parse_points(text)
    right = given == payment_answer(expected)
    shown = str(expected)
    detail = shown if right else f"you said {'/'.join(map(str, given))}; it is {shown}"
    return Grade(right, 1.0 if right else 0.0, shown, (detail, how[0].upper() + how[1:] + "."))


def _furiten_reason(result: Furiten, tile: Tile) -> str:
    waits = ", ".join(str(w.tile) for w in result.waits) or "nothing"
    if not result.is_wait(tile):
        return f"The hand waits on {waits}; {tile} does not complete it."
    if not result.is_furiten:
        return f"The hand waits on {waits}, and none of them is in its discards or has gone by: ron on {tile} is fine."
    kind, cause = result.because[0]
    why = {
        FuritenKind.DISCARD: f"{cause} is in the player's own discards",
        FuritenKind.RIICHI: f"{cause} went by after riichi",
        FuritenKind.TEMPORARY: f"{cause} went by since the player's last draw",
    }[kind]
    return f"The hand waits on {waits}; {why}, so every one of those tiles is furiten ({kind.value} furiten, which lasts {kind.lasts}). Tsumo would still win."


def _tiles_of_suits(suits: set[str]) -> list[Tile]:
    order = "mpsz"
    return [Tile.of(i) for i in range(34) if order[i // 9] in suits]
