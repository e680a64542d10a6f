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
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ..engine.api import evaluate
from ..engine.furiten import Furiten, FuritenKind, furiten
from ..engine.hand import HandError, Meld
from ..engine.points import Payment, base_points, payment
from ..engine.report import why_not
from ..engine.rules import TENHOU
from ..engine.score import ScoreResult
from ..engine.tiles import Tile, TileNotationError, parse_tiles
from ..engine.waits import winning_tiles
from ..engine.yaku import YAKU
from .answers import AnswerError, parse_number, parse_points, parse_tile_choice, tile_kinds_text

YAKU_CHOICES = 8
"""How many yaku a "name the yaku" question offers (more when the hand has more yaku or traps)."""
DRAGON_YAKU = {31: "yakuhai_haku", 32: "yakuhai_hatsu", 33: "yakuhai_chun"}
YAOCHUU_KINDS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
KINDS = ("yaku", "han", "fu", "points", "waits", "furiten", "dora", "table")
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


@dataclass(frozen=True)
class Question:
    kind: str
    data: Mapping[str, Any]
    """The payload: a score ``request`` for yaku/han/fu/points/dora; a ``hand`` (+ ``melds``) for waits;
    hand, events and ``tile`` for furiten; ``han``/``fu``/``dealer``/``tsumo`` for table."""
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
        import json

        digest = hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()
        return digest[:10]

    # --- solutions -------------------------------------------------------------------------

    @cached_property
    def solution(self) -> Any:
        """The engine's answer: a ScoreResult, a list of WinningTile, a Furiten, or a Payment."""
        try:
            if self.kind in ("yaku", "han", "fu", "points", "dora"):
                return evaluate(self._require("request", Mapping))
            if self.kind == "waits":
                return winning_tiles(parse_tiles(self._require("hand", str)), self._melds())
            if self.kind == "furiten":
                return self._furiten()
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

    def _table_payment(self) -> Payment:
        han, fu = self.data.get("han"), self.data.get("fu", 30 if _is_limit(self.data.get("han")) else None)
        if not isinstance(han, int) or han < 1:
            raise QuestionError("a table question needs a whole number of han, 1 or more")
        if not isinstance(fu, int) or fu < 20:
            raise QuestionError("a table question below 5 han needs a whole number of fu, 20 or more")
        base, _ = base_points(han, fu, 0, TENHOU)
        return payment(
            base, bool(self.data.get("dealer")), bool(self.data.get("tsumo")), int(self.data.get("honba", 0))
        )

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
        winds = {27 + "ESWN".index(result.situation.seat_wind), 27 + "ESWN".index(result.situation.round_wind)}
        if any(counts[k] >= 2 for k in winds):
            honours |= {"yakuhai_seat_wind", "yakuhai_round_wind"}
        near |= honours
        if result.hand.is_closed:
            near.add("pinfu")
        if sum(counts[k] for k in range(34) if k in YAOCHUU_KINDS) <= 3:
            near.add("tanyao")
        return near - self.expected_yaku()

    # --- grading ---------------------------------------------------------------------------

    def grade(self, answer: str | Sequence[str]) -> Grade:
        """Grade an answer: text for numbers and points, picked values for yaku, waits and furiten."""
        try:
            return getattr(self, f"_grade_{self.kind}")(answer)
        except AnswerError as problem:
            return Grade.unreadable(str(problem))

    def _grade_number(self, answer: Any, expected: int, unit: str) -> Grade:
        given = parse_number(_one(answer))
        right = given == expected
        detail = f"{expected} {unit}" if right else f"you said {given} {unit}; it is {expected} {unit}"
        return Grade(right, 1.0 if right else 0.0, f"{expected} {unit}", (detail,))

    def _grade_han(self, answer: Any) -> Grade:
        assert self.result is not None
        return self._grade_number(answer, self.result.han, "han")

    def _grade_fu(self, answer: Any) -> Grade:
        assert self.result is not None
        return self._grade_number(answer, self.result.fu, "fu")

    def _grade_dora(self, answer: Any) -> Grade:
        assert self.result is not None
        return self._grade_number(answer, sum(d.han for d in self.result.dora), "han of dora")

    def _grade_points(self, answer: Any) -> Grade:
        assert self.result is not None and self.result.payment is not None
        return _grade_payment(_one(answer), self.result.payment)

    def _grade_table(self, answer: Any) -> Grade:
        return _grade_payment(_one(answer), self.solution)

    def _grade_yaku(self, answer: Any) -> Grade:
        given = {answer} if isinstance(answer, str) else set(answer)
        unknown = given - set(YAKU)
        if unknown:
            raise AnswerError(f"unknown yaku: {', '.join(sorted(unknown))}")
        right = self.expected_yaku()
        hits, missed, wrong = given & right, right - given, given - right
        details = [f"{YAKU[y].name}: yes" for y in sorted(hits)]
        details += [f"missed {YAKU[y].name} ({YAKU[y].about})" for y in sorted(missed)]
        assert self.result is not None
        details += [f"{YAKU[y].name} does not count: {why_not(self.result, y)}" for y in sorted(wrong)]
        score = max(0.0, (len(hits) - len(wrong)) / len(right)) if right else 0.0
        expected = ", ".join(YAKU[y].name for y in sorted(right, key=list(YAKU).index))
        return Grade(not missed and not wrong, score, expected, tuple(details))

    def _grade_waits(self, answer: Any) -> Grade:
        given = parse_tile_choice(answer)
        right = {w.tile.index for w in self.solution}
        hits, missed, wrong = given & right, right - given, given - right
        details = []
        if missed:
            details.append(f"missed {tile_kinds_text(missed)}")
        if wrong:
            details.append(f"{tile_kinds_text(wrong)} would not complete the hand")
        score = max(0.0, (len(hits) - len(wrong)) / len(right)) if right else 0.0
        return Grade(not missed and not wrong, score, tile_kinds_text(right) or "none (not tenpai)", tuple(details))

    def _grade_furiten(self, answer: Any) -> Grade:
        given = _one(answer)
        if given not in FURITEN_CHOICES:
            raise AnswerError("pick one of the choices")
        result, tile = self.solution
        if not result.is_wait(tile):
            accepted, expected = {"not_a_wait"}, "not_a_wait"
        elif result.is_furiten:
            accepted, expected = {k.value for k in result.kinds}, result.kinds[0].value
        else:
            accepted, expected = {"ron"}, "ron"
        right = given in accepted
        details = [_furiten_reason(result, tile)]
        return Grade(right, 1.0 if right else 0.0, FURITEN_CHOICES[expected], tuple(details))


def _is_limit(han: Any) -> bool:
    """From 5 han the fu no longer matter (mangan and up), so a table question may leave them out."""
    return isinstance(han, int) and han >= 5


def _one(answer: str | Sequence[str]) -> str:
    if isinstance(answer, str):
        return answer
    if len(answer) != 1:
        raise AnswerError("give one answer")
    return answer[0]


def _grade_payment(text: str, expected: Payment) -> Grade:
    given = parse_points(text)
    if expected.ron is not None:
        want: tuple[int, ...] = (expected.ron,)
    elif expected.tsumo_dealer is not None:
        want = tuple(sorted((expected.tsumo_non_dealer or 0, expected.tsumo_dealer)))
    else:
        want = (expected.tsumo_non_dealer or 0,)
    right = given == want
    shown = str(expected)
    detail = shown if right else f"you said {'/'.join(map(str, given))}; it is {shown}"
    return Grade(right, 1.0 if right else 0.0, shown, (detail,))


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
