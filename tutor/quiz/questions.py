"""Questions about hands, answered by the engine and graded part by part.

A question is a kind and a JSON payload. Its solution always comes from the
engine, never from text typed next to it:

>>> q = Question.from_json({"ask": "points", "request": {"hand": "123m456m789p345s55s", "win": "5s",
...                         "riichi": True, "seat_wind": "S"}})
>>> q.grade("2,000").correct, q.grade("1300").correct
(True, False)
>>> q.grade("lots").problem
"'lots' is not a number; type digits such as 30 or 7,700"

Each kind is a small subclass of :class:`Question` in :mod:`tutor.quiz.kinds`,
registered in :data:`KINDS` under the id a payload's ``"ask"`` names. The kind
knows how to solve, show, read, grade and explain itself, which skills it
trains and what its right answer is; nothing else asks which kind it holds.

Everything a kind shows a learner is written in English and said in the
reader's language where it is shown (docs/translations.md). Fixed text is
marked with ``N_`` where it is declared: a kind's ``name`` and ``default_prompt``,
choice labels. Text with parameters (feedback details, the expected answer,
why an answer cannot be read) is :class:`~tutor.messages.catalogues.Said` text,
made with :func:`~tutor.messages.catalogues.said`: it *is* the English string
(so it compares, joins and is stored as before) and pages say it in their
language with ``say(...)``. Engine text inside it (fu items, readings, why a
yaku does not count, the payment working) is held as
:class:`~tutor.messages.catalogues.Rendered` or :func:`~tutor.engine.messages.sayable`,
so the engine renders it in that language too.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from tutor.drawing.words import Tiles
from tutor.engine.hand import HandError, Meld
from tutor.engine.points import Payment
from tutor.engine.report import payment_text
from tutor.engine.score import ScoreResult
from tutor.engine.tiles import Tile, TileNotationError
from tutor.engine.yaku import YAKU
from tutor.messages.catalogues import DEFAULT, N_, Joined, Rendered, Said, Sayable, Sentence, said, say_in
from tutor.quiz.answers import (
    Answer,
    AnswerError,
    parse_number,
    parse_points,
    parse_tile_choice,
    payment_answer,
    tile_kinds_text,
)
from tutor.quiz.working import ANSWER_OF, Working

DORA_IDS = ("dora", "aka_dora", "ura_dora")

KINDS: dict[str, type[Question]] = {}
"""Every question kind by id, in the order pages and the API list them. Filled by the modules of
:mod:`tutor.quiz.kinds` (importing :mod:`tutor.quiz` imports them all)."""

GetList = Callable[[str], list[str]]
"""A form's values under a name (``request.form.getlist``): how a kind reads a submitted form."""


class QuestionError(ValueError):
    """A question payload that cannot be asked (bad JSON, or a hand the engine refuses)."""


@dataclass(frozen=True)
class Order:
    """What a new exercise is made to (:func:`tutor.quiz.makers.make_exercise` checks it first)."""

    rng: random.Random
    """Seeded by the topic, target, difficulty and seed: the same order always makes the same exercise."""
    difficulty: int
    target: str | None = None
    """The yaku id or fu feature a hand is made for (None: any hand)."""
    parts: tuple[str, ...] = ()
    """What a scored hand asks: the learner's choice, else the topic's default."""
    itemised: bool = False
    """Fu asked one source at a time."""


@dataclass(frozen=True)
class Grade:
    """How an answer fared, part by part."""

    correct: bool
    score: float
    """1.0 for right, partial credit between 0 and 1 for multi-part answers."""
    expected: str
    """The right answer, as a learner would write it (:class:`Said` text: the English, sayable in any language)."""
    details: tuple[str, ...] = ()
    """One sentence per part: what was right, what was missed, what was wrongly claimed (:class:`Said` text)."""
    problem: str | None = None
    """Set when the answer could not be read: it is then neither right nor wrong (:class:`Said` text)."""

    @classmethod
    def unreadable(cls, problem: str) -> Grade:
        return cls(False, 0.0, "", (), problem)


Kind = TypeVar("Kind", bound="type[Question]")


def register(cls: Kind) -> Kind:
    """Class decorator: add a kind to :data:`KINDS` under its ``kind`` id."""
    if cls.kind in KINDS:
        raise ValueError(f"question kind {cls.kind!r} registered twice")
    KINDS[cls.kind] = cls
    # Mistake diagnosis reworks a working and reads the kind's answer off it, through the working module.
    ANSWER_OF[cls.kind] = cls.of_working
    return cls


@dataclass(frozen=True)
class Question:
    """One question: the base every kind extends.

    A kind sets the class attributes below and writes :meth:`solve` and
    :meth:`mark`; everything else has a default that fits most kinds.
    """

    data: Mapping[str, Any]
    """The payload (everything of the question's JSON but ``ask`` and ``prompt``); each kind documents its own."""
    prompt: str = ""

    kind: ClassVar[str]
    """The id in the payload's ``"ask"`` and in stored answers: ``"fu"``, ``"waits"``."""
    name: ClassVar[str]
    """What the part is called on pages: a feedback heading, a column of the class dashboard (marked ``N_``)."""
    default_prompt: ClassVar[str]
    """The question text unless the payload brings its own ``"prompt"`` (marked ``N_``)."""
    picks: ClassVar[bool] = False
    """Answered by ticking several choices: ticking none is then an answer (a wrong one, or "none")."""
    example: ClassVar[dict[str, Any]]
    """A payload of this kind that can be asked (for documentation and for the registry's tests)."""
    topics: ClassVar[tuple[str, ...]] = ()
    """The curriculum topics (:mod:`tutor.course.curriculum`) whose exercises this kind makes, with
    :meth:`make`. A kind no topic asks for is still asked by teachers' own questions and the API."""

    @classmethod
    def from_json(cls, obj: Any, alongside: Sequence[Question] = ()) -> Question:
        """Read and check a question (``{"ask": kind, ...payload, "prompt": optional}``).

        ``alongside``: the parts of the same exercise read before it; one that solves the same input the
        same way lends its solution, so a hand asked yaku, han, fu and points is scored once.
        """
        if not isinstance(obj, Mapping) or obj.get("ask") not in KINDS:
            raise QuestionError(f'a question is an object with "ask" one of {", ".join(KINDS)}')
        data = {k: v for k, v in obj.items() if k not in ("ask", "prompt")}
        question = KINDS[obj["ask"]](data, str(obj.get("prompt", "")))
        for other in alongside:
            if question.solves_like(other):
                question.__dict__["solution"] = other.solution  # what cached_property would have kept
                break
        question.solution  # noqa: B018 - solving now reports a bad hand at once, not when a learner answers
        question._check_offer()
        return question

    def _check_offer(self) -> None:
        offer = self.data.get("offer", [])
        if not isinstance(offer, list) or not all(isinstance(y, str) and y in YAKU for y in offer):
            raise QuestionError('"offer" lists yaku ids to show among the choices, such as ["pinfu", "tanyao"]')

    @classmethod
    def make(cls, order: Order) -> list[dict[str, Any]]:
        """The payloads (``{"ask": ...}``) of a new exercise of one of :attr:`topics`, drawn from ``order.rng``."""
        raise NotImplementedError(f"question kind {cls.kind!r} makes no exercises of its own")

    def to_json(self) -> dict[str, Any]:
        return {"ask": self.kind, **self.data, **({"prompt": self.prompt} if self.prompt else {})}

    @property
    def text(self) -> str:
        """The question as asked: a teacher's own prompt as written, else the kind's, sayable in any language."""
        return self.prompt or said(self.default_prompt)

    @cached_property
    def key(self) -> str:
        """A short stable id for the question's content."""
        digest = hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()
        return digest[:10]

    @property
    def template(self) -> str:
        """The template with this kind's macros: ``show(q)`` (what it asks about, when it is not a
        scored hand) and ``answer(q, name, given, first_key)`` (the input)."""
        return f"practice/kinds/{self.kind}.html"

    # --- solving ---------------------------------------------------------------------------

    @cached_property
    def solution(self) -> Any:
        """The engine's answer: a ScoreResult, a list of WinningTile, a Furiten, or a Payment."""
        try:
            return self.solve()
        except (HandError, TileNotationError) as problem:
            raise QuestionError(f"{self.kind} question: {problem}") from None

    def solve(self) -> Any:
        """Ask the engine; raise QuestionError (or HandError, TileNotationError) on a bad payload."""
        raise NotImplementedError

    solved_from: ClassVar[tuple[str, ...]] = ()
    """The payload fields :meth:`solve` reads, when it reads nothing else: two questions with the same
    ``solve`` and the same values there have the same solution (empty: never assumed)."""

    def solves_like(self, other: Question) -> bool:
        """Whether ``other``'s solution is this question's too (see :attr:`solved_from`)."""
        fields = self.solved_from
        return (
            bool(fields)
            and type(self).solve is type(other).solve
            and all(self.data.get(name) == other.data.get(name) for name in fields)
        )

    @property
    def result(self) -> ScoreResult | None:
        """The scored hand behind the question, for kinds asked about one (the page then draws it)."""
        return None

    def _require(self, name: str, kind: type) -> Any:
        value = self.data.get(name)
        if not isinstance(value, kind):
            raise QuestionError(f"a {self.kind} question needs {name!r}")
        return value

    def _melds(self) -> list[Meld]:
        return [Meld.parse(m["kind"], m["tiles"]) for m in self.data.get("melds", [])]

    # --- showing and reading ---------------------------------------------------------------

    def choices(self) -> list[tuple[str, str]]:
        """(value, label) pairs for questions answered by picking; empty for typed answers."""
        return []

    def right_choices(self) -> set[str] | None:
        """The values of :meth:`choices` that are right, for marking the choices after grading (None:
        a typed answer)."""
        return None

    def read_form(self, getlist: GetList, name: str | None = None) -> Any:
        """This part's answer from a submitted form (field ``name``, by default the kind id):
        the ticked values for pick questions, else the one value typed or chosen."""
        values = getlist(name or self.kind)
        if self.picks:
            return values
        return values[0] if values else ""

    def public_json(self, lang: str = DEFAULT) -> dict[str, Any]:
        """What the JSON API shows of this part, in ``lang``: never the answer."""
        body: dict[str, Any] = {"kind": self.kind, "prompt": say_in(self.text, lang)}
        choices = self.choices()
        if choices:
            body["choices"] = [{"value": value, "label": say_in(label, lang)} for value, label in choices]
        return body

    # --- grading ---------------------------------------------------------------------------

    def grade(self, answer: str | Sequence[str] | Mapping[str, str]) -> Grade:
        """Grade an answer: text for numbers and points, picked values for yaku, waits and furiten,
        and row id → text for itemised fu."""
        unshaped = _shape_problem(answer)
        if unshaped:
            return Grade.unreadable(unshaped)
        try:
            return self.mark(_as_text(answer))
        except AnswerError as problem:
            return Grade.unreadable(Said(problem.said))

    def mark(self, answer: Any) -> Grade:
        """Grade a well-shaped answer (numbers already text); raise AnswerError when unreadable."""
        raise NotImplementedError

    def expected(self) -> str:
        """The right answer in words, as :attr:`Grade.expected` says it (presentation mode shows it)."""
        raise NotImplementedError

    # --- saying an answer ------------------------------------------------------------------

    def right_answer(self) -> Any:
        """The right answer as a learner gives it (text, picked values, or fu rows), as answers are stored."""
        raise NotImplementedError

    def say_answer(self, answer: Any) -> Said:
        """An answer to this question as stored (text, picked values, or fu rows) in words, sayable in any
        language: yaku by their names, numbers with their unit, tiles as :class:`~tutor.drawing.words.Tiles`
        (drawn on pages). Reviews and dashboards show both the answer given and the right one with it;
        an answer this kind cannot read is shown as it was typed."""
        return as_typed(answer)

    def say_expected(self) -> Said:
        """The right answer in words, as :meth:`say_answer` says any answer."""
        return self.say_answer(self.right_answer())

    def skills(self, correct: bool, asked: Sequence[str], answers: Mapping[str, Any]) -> dict[str, bool]:
        """The skills (:mod:`tutor.quiz.skills`) this part touched, and whether each was known.

        ``asked`` is every kind the exercise asks (a part may leave a skill to another part),
        ``answers`` every part's answer by kind."""
        return {}

    # --- for mistake diagnosis (:mod:`tutor.quiz.mistakes`): kinds answered with a number -----

    def working(self) -> Working | None:
        """The right working behind the answer; None for kinds not answered with a number."""
        return None

    def number_answer(self) -> Answer | None:
        """The engine's answer as :func:`read_number` reads one; None: not a number question."""
        return None

    def read_number(self, text: str) -> Answer:
        """A learner's answer read as a number (raises AnswerError)."""
        return parse_number(text)

    @staticmethod
    def of_working(working: Working) -> Answer:
        """The answer a (possibly mistaken) working gives to a question of this kind."""
        raise NotImplementedError


# --- helpers the kinds share --------------------------------------------------------------------


def _shape_problem(answer: Any) -> Said | None:
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
    return said(N_("an answer is text, a whole number, a list of picked values, or (fu row by row) an object of them"))


def _as_text(answer: Any) -> Any:
    """Numbers as text, at any depth of a well-shaped answer (JSON clients send 30 as readily as "30")."""
    if isinstance(answer, Mapping):
        return {key: str(value) for key, value in answer.items()}
    if isinstance(answer, list | tuple):
        return [str(value) for value in answer]
    return str(answer)


def one(answer: str | Sequence[str]) -> str:
    """The single answer given (a form may send one value as a list of one)."""
    if isinstance(answer, str):
        return answer
    if not isinstance(answer, list | tuple) or len(answer) != 1:
        raise AnswerError(N_("give one answer"))
    return answer[0]


def compare_picks(given: set[Any], right: set[Any]) -> tuple[set[Any], set[Any], set[Any], float]:
    """Picks against the right set: (hits, missed, wrongly picked, partial credit).

    Each wrong pick cancels a right one, so ticking every box earns nothing.
    """
    hits, missed, wrong = given & right, right - given, given - right
    score = max(0.0, (len(hits) - len(wrong)) / len(right)) if right else 0.0
    return hits, missed, wrong, score


NONE_PICKED = N_("none")
"""A pick answer with nothing picked: no yaku, no tiles."""


def as_typed(answer: Any) -> Said:
    """An answer as it was given, in a line (picks joined, fu rows as ``row=fu``), said as it is.

    >>> str(as_typed(["pinfu", "tanyao"])), str(as_typed({"base": "20", "pair": "2"})), str(as_typed(" 30 "))
    ('pinfu, tanyao', 'base=20, pair=2', '30')
    """
    if isinstance(answer, Mapping):
        text = ", ".join(f"{key}={value}" for key, value in answer.items())
    elif isinstance(answer, list | tuple):
        text = ", ".join(map(str, answer))
    else:
        text = str(answer).strip()
    return said(Joined("", [text])) if text else said(NONE_PICKED)


def say_number(answer: Any, amount: str) -> Said:
    """A one-number answer with its unit (``amount``, a marked sentence such as ``N_("{number} fu")``)."""
    try:
        return said(amount, number=parse_number(one(answer)))
    except AnswerError:
        return as_typed(answer)


def say_payment(answer: Any, all_form: bool) -> Said:
    """A payment answer as players say it in the reader's language (``1000/2000``, ``2000 all``);
    ``all_form``: one number is what each player pays (a dealer's tsumo), not a ron."""
    try:
        numbers = parse_points(one(answer))
    except AnswerError:
        return as_typed(answer)
    if len(numbers) == 2:
        paid = Payment(tsumo_non_dealer=numbers[0], tsumo_dealer=numbers[1])
    else:
        paid = Payment(tsumo_non_dealer=numbers[0]) if all_form else Payment(ron=numbers[0])
    return said(Rendered(lambda lang: payment_text(paid, lang)))


def payment_value(paid: Payment) -> str:
    """A payment as a learner types it: ``1000/2000``, ``2000`` (all), ``7700``."""
    return "/".join(map(str, payment_answer(paid)))


def say_tiles(answer: Any) -> Said:
    """Picked tiles (``["3m", "6m"]``, or typed ``"36m"``) as :class:`~tutor.drawing.words.Tiles`."""
    try:
        kinds = parse_tile_choice(answer)
    except AnswerError:
        return as_typed(answer)
    return said(Tiles(tile_kinds_text(sorted(kinds)))) if kinds else said(NONE_PICKED)


YOU_SAID = N_("you said {given}; it is {expected}")
"""The verdict on a wrong number or payment: ``you said 20 fu; it is 30 fu``."""


def grade_number(answer: Any, expected: int, amount: str, how: Sequence[str] = ()) -> Grade:
    """A one-number answer against the engine's. ``amount`` is a marked sentence saying a number of
    the unit asked (``N_("{number} fu")``); ``how``: the working, after the verdict."""
    given = parse_number(one(answer))
    right = given == expected
    shown = said(amount, number=expected)
    detail = shown if right else said(YOU_SAID, given=Sentence(amount, number=given), expected=shown)
    return Grade(right, 1.0 if right else 0.0, shown, (detail, *how))


def grade_payment(text: str, expected: Payment, how: Sayable) -> Grade:
    """A payment answer against the engine's; ``how`` is the engine's working of it (a clause)."""
    given = parse_points(text)
    right = given == payment_answer(expected)
    shown = said(Rendered(lambda lang: payment_text(expected, lang)))
    detail = shown if right else said(YOU_SAID, given="/".join(map(str, given)), expected=shown)
    working = said(Rendered(lambda lang: _as_sentence(how.text(lang), lang)))
    return Grade(right, 1.0 if right else 0.0, shown, (detail, working))


_FULL_STOPS = {"zh": "。"}
"""Languages whose sentences end with another full stop than ``.``."""


def _as_sentence(clause: str, lang: str = DEFAULT) -> str:
    """A clause as a sentence of its own: capital first letter, full stop (``。`` in Chinese)."""
    return clause[0].upper() + clause[1:] + _FULL_STOPS.get(lang, ".")


def tiles_of_suits(suits: set[str]) -> list[Tile]:
    """Every tile kind of the given suits (``"mpsz"`` letters), in order: the choices of a tile question."""
    order = "mpsz"
    return [Tile.of(i) for i in range(34) if order[i // 9] in suits]
