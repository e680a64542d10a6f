"""The registry of question kinds: every kind solves, shows, reads, grades, explains and presents
itself, and a kind registered from outside works end to end without touching anything else."""

from __future__ import annotations

import pkgutil
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest
from werkzeug.datastructures import MultiDict

from tests.quiz.answering import right_answer, wrong_answer
from tutor.quiz import KINDS, Grade, Question, QuestionError
from tutor.quiz import kinds as kinds_package
from tutor.quiz.answers import AnswerError, parse_number
from tutor.quiz.exercise import PICK_KINDS, Exercise
from tutor.quiz.kinds import ORDER
from tutor.quiz.kinds.fu import FuQuestion
from tutor.quiz.kinds.hand import HandQuestion
from tutor.quiz.makers import HAND_PARTS, TOPICS, NoMaker, Topic, make_exercise, maker
from tutor.quiz.mistakes import diagnose, working
from tutor.quiz.present import expected_text, reveal_steps
from tutor.quiz.questions import Order, one, register
from tutor.quiz.skills import info, skills_touched

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def example(kind: str, **extra: Any) -> Question:
    return Question.from_json({"ask": kind, **KINDS[kind].example, **extra})


def examples() -> list[Any]:
    """One question of every kind, and an itemised fu question."""
    cases = [pytest.param(example(kind), id=kind) for kind in KINDS]
    return [*cases, pytest.param(example("fu", itemised=True), id="fu-itemised")]


def form_of(question: Question, answer: Any) -> MultiDict[str, str]:
    """The form a browser sends for this answer."""
    if isinstance(answer, Mapping):
        return MultiDict([(f"{question.kind}.{row}", value) for row, value in answer.items()])
    values = answer if isinstance(answer, list) else [answer]
    return MultiDict([(question.kind, value) for value in values])


def test_the_kinds_are_registered_in_the_order_pages_list_them() -> None:
    # The kinds named in ORDER come first, in that order; any other module's kind follows.
    assert list(KINDS)[: len(ORDER)] == list(ORDER)
    assert {k for k in KINDS if k not in ORDER} == {
        k.kind for k in KINDS.values() if k.__module__.rpartition(".")[2] not in ORDER
    }
    assert tuple(kind for kind, question in KINDS.items() if question.picks) == PICK_KINDS
    assert list(Exercise.part_names()) == list(KINDS)
    assert [k for k in KINDS if k in PICK_KINDS][:3] == ["yaku", "waits", "dora_tile"]


def test_every_kind_module_of_the_package_is_registered() -> None:
    modules = {m.name for m in pkgutil.iter_modules(kinds_package.__path__)} - {"hand"}
    assert modules == {KINDS[k].__module__.rpartition(".")[2] for k in KINDS}


def test_the_hand_parts_are_the_kinds_that_say_so_in_the_order_of_the_kinds() -> None:
    assert HAND_PARTS[:4] == ("yaku", "han", "fu", "points")  # what stored practice settings name
    assert tuple(k for k, q in KINDS.items() if issubclass(q, HandQuestion) and q.hand_part) == HAND_PARTS
    assert all(issubclass(KINDS[part], HandQuestion) for part in HAND_PARTS)


# --- which kind makes which topic ------------------------------------------------------------------


@pytest.mark.parametrize("topic", list(TOPICS))
def test_every_topic_is_made_by_the_one_kind_that_names_it(topic: str) -> None:
    kind = maker(topic)
    assert [k for k in KINDS.values() if topic in k.topics] == [kind]
    exercise = make_exercise(topic, "3")
    assert exercise.parts and all(part.kind in KINDS for part in exercise.parts)


def test_every_topic_a_kind_names_is_in_the_curriculum() -> None:
    named = {topic for kind in KINDS.values() for topic in kind.topics}
    assert named <= set(TOPICS), named - set(TOPICS)


def test_a_topic_no_kind_makes_is_an_error_not_a_point_table_question(monkeypatch: pytest.MonkeyPatch) -> None:
    orphan = Topic("orphan", "Orphan", "fu")
    monkeypatch.setitem(TOPICS, "orphan", orphan)
    with pytest.raises(NoMaker, match="'orphan' must be made by one question kind, not 0"):
        make_exercise("orphan", "1")


def test_a_kind_that_makes_nothing_says_so() -> None:
    with pytest.raises(NotImplementedError, match="'standings' makes no exercises"):
        KINDS["standings"].make(Order(random.Random(1), 2))


def test_a_kind_cannot_be_registered_twice() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        register(KINDS["han"])


def test_an_unknown_kind_is_refused_naming_every_kind() -> None:
    with pytest.raises(QuestionError) as refused:
        Question.from_json({"ask": "shanten"})
    assert str(refused.value).endswith(", ".join(KINDS)) and len(KINDS) > 1


@pytest.mark.parametrize("question", examples())
def test_every_kind_round_trips_through_json(question: Question) -> None:
    assert type(question) is KINDS[question.kind]
    again = Question.from_json(question.to_json())
    assert again == question and again.key == question.key
    assert Question.from_json({**question.to_json(), "prompt": "Say it."}).text == "Say it."


@pytest.mark.parametrize("question", examples())
def test_every_kind_has_a_name_a_prompt_and_a_template(question: Question) -> None:
    assert question.name and question.text == question.default_prompt
    assert (TEMPLATES / question.template).is_file()
    shown = question.public_json()
    assert shown["kind"] == question.kind and shown["prompt"] == question.text
    assert question.expected() not in str(shown.get("rows", ""))  # the API never shows the answer


@pytest.mark.parametrize("question", examples())
def test_every_kind_presents_its_expected_answer_as_grading_says_it(question: Question) -> None:
    right, wrong = right_answer(question), wrong_answer(question)
    assert question.grade(right).correct
    assert question.grade(right).expected == question.grade(wrong).expected == question.expected()
    # Presentation mode says it as the kind says any answer: in words, tiles by name (not "7s").
    assert expected_text(question) == question.say_expected() != ""


@pytest.mark.parametrize("question", examples())
def test_every_kind_reads_its_own_form(question: Question) -> None:
    answer = right_answer(question)
    exercise = Exercise("test", (question,))
    given = exercise.read_form(form_of(question, answer).getlist)
    assert exercise.grade(given).correct
    nothing = exercise.read_form(MultiDict().getlist)[question.kind]
    if isinstance(question, FuQuestion) and question.itemised:  # every row, empty
        assert nothing == {row.id: "" for row in question.fu_rows()}
    else:
        assert nothing == ([] if question.picks else "")


@pytest.mark.parametrize("question", examples())
def test_every_kind_lists_the_skills_it_trains(question: Question) -> None:
    exercise = Exercise("test", (question,))
    answers = {question.kind: right_answer(question)}
    touched = skills_touched(exercise, exercise.grade(answers), answers)
    assert touched and all(touched.values())
    assert all(info(skill).group != "Other" for skill in touched), touched


@pytest.mark.parametrize("question", examples())
def test_number_kinds_give_mistakes_a_working_and_others_none(question: Question) -> None:
    base = working(question)
    # A kind gives a working exactly when it is answered with a number, and the working gives that number.
    assert (base is None) == (question.number_answer() is None)
    if base is not None:
        assert base.answer(question.kind) == question.number_answer()


def test_stored_exercises_load_and_store_again_unchanged() -> None:
    """Payloads stored before the kinds were classes: every kind, with an offer and itemised fu."""
    request = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True}
    stored = {
        "topic": "points",
        "target": "pinfu",
        "difficulty": 1,
        "seed": "4",
        "parts": [
            {"ask": "yaku", "request": request, "offer": ["chiitoitsu"]},
            {"ask": "fu", "request": request, "itemised": True},
            {"ask": "points", "request": request, "prompt": "What does the discarder pay?"},
        ],
    }
    exercise = Exercise.from_json(stored)
    assert exercise.to_json() == stored
    assert [type(part) for part in exercise.parts] == [KINDS["yaku"], KINDS["fu"], KINDS["points"]]
    assert exercise.parts[2].text == "What does the discarder pay?"


# --- a kind from outside: registered here, with nothing else changed ------------------------------


class ParityQuestion(Question):
    """Is ``number`` odd or even? (A toy kind: no engine, one typed word.)"""

    kind = "toy_parity"
    name = "Parity"
    default_prompt = "Is this number odd or even?"
    example: ClassVar[dict[str, Any]] = {"number": 7}

    def solve(self) -> str:
        number = self._require("number", int)
        return "even" if number % 2 == 0 else "odd"

    def mark(self, answer: Any) -> Grade:
        given = one(answer).strip().lower()
        if given not in ("odd", "even"):
            raise AnswerError("say odd or even")
        right = given == self.solution
        return Grade(right, 1.0 if right else 0.0, self.expected(), (f"{self.data['number']} is {self.solution}",))

    def expected(self) -> str:
        return str(self.solution)

    def skills(self, correct: bool, exercise: Exercise, answers: Mapping[str, Any]) -> dict[str, bool]:
        return {f"parity:{self.solution}": correct}

    def read_number(self, text: str) -> int:
        return parse_number(text)


@pytest.fixture
def toy_kind() -> Iterator[type[Question]]:
    register(ParityQuestion)
    try:
        yield ParityQuestion
    finally:
        del KINDS[ParityQuestion.kind]


def test_a_kind_registered_from_outside_works_end_to_end(toy_kind: type[Question]) -> None:
    stored = {"topic": "toy", "parts": [{"ask": "toy_parity", "number": 7}, {"ask": "table", "han": 2, "fu": 30}]}
    exercise = Exercise.from_json(stored)
    assert Exercise.from_json(exercise.to_json()) == exercise
    toy = exercise.part("toy_parity")
    assert isinstance(toy, toy_kind) and toy.text == "Is this number odd or even?"

    given = exercise.read_form(MultiDict([("toy_parity", "Odd"), ("table", "2000")]).getlist)
    assert given == {"toy_parity": "Odd", "table": "2000"}
    grade = exercise.grade(given)
    assert grade.correct and grade.parts["toy_parity"].details == ("7 is odd",)
    assert skills_touched(exercise, grade, given) == {"parity:odd": True, "table:2-30-non_dealer-ron": True}

    wrong = exercise.grade({"toy_parity": "even", "table": "2000"})
    assert wrong.readable and not wrong.correct and wrong.score == 0.5
    unreadable = exercise.grade({"toy_parity": "seven", "table": "2000"})
    assert unreadable.problems == {"toy_parity": "say odd or even"}
    assert exercise.grade({"table": "2000"}).problems == {"toy_parity": "no answer given"}

    assert diagnose(toy, "even") == []  # no working: nothing to diagnose
    assert [step.text for step in reveal_steps(Exercise("toy", (toy,)))] == ["odd"]
    assert toy.public_json() == {"kind": "toy_parity", "prompt": "Is this number odd or even?"}
    assert Exercise.part_names()["toy_parity"] == "Parity"
    with pytest.raises(QuestionError, match="needs 'number'"):
        Question.from_json({"ask": "toy_parity"})
