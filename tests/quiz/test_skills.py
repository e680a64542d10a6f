"""The skill families: each declared once, with its label, its known-skill test and its drill."""

from __future__ import annotations

import pytest

from tests.quiz.answering import right_answer
from tutor.quiz import KINDS, Question
from tutor.quiz.mistakes import MISTAKES
from tutor.quiz.skills import ANY_HAND, FAMILIES, exercise_for, family, info, known_skill, skills_touched

# One name each family knows, to drill (a family without a drill of its own is practised on any hand).
KNOWN = {
    "yaku": "pinfu",
    "fu": "kanchan",
    "table": "2-30-dealer-ron",
    "furiten": "discard",
    "waits": "kanchan",
    "dora": "indicator",
    "mistake": "no-mangan-cap",
}


def test_every_skill_a_kind_trains_belongs_to_a_declared_family() -> None:
    for kind, question in KINDS.items():
        example = Question.from_json({"ask": kind, **question.example})
        answers = {kind: right_answer(example)}
        for skill in example.skills(True, (kind,), answers):
            assert skill.partition(":")[0] in FAMILIES, (kind, skill)


def test_every_family_with_a_drill_is_named_here() -> None:
    # A new family is added to KNOWN, so that the tests below drill it too.
    assert set(KNOWN) == {f for f in FAMILIES if f != "standings"}
    assert not known_skill("standings:tenhou")  # no drill for final standings yet


@pytest.mark.parametrize("family_id", sorted(KNOWN))
def test_each_family_drills_a_skill_it_knows_on_a_question_that_trains_it(family_id: str) -> None:
    skill = f"{family_id}:{KNOWN[family_id]}"
    assert known_skill(skill)
    exercise = exercise_for(skill, "5")
    answers = {part.kind: right_answer(part) for part in exercise.parts}
    touched = skills_touched(exercise, exercise.grade(answers), answers)
    if family_id == "mistake":  # a question the mistake would get wrong
        assert MISTAKES[KNOWN["mistake"]].answers(exercise.main) and exercise.target == skill
    else:
        assert skill in touched, (skill, touched)
    shown = info(skill)
    assert shown.group == FAMILIES[family_id].group and shown.label != skill and shown.lesson.startswith("/")


@pytest.mark.parametrize("skill", ["nonsense:x", "yaku:zzz", "mistake:never-made"])
def test_a_skill_of_no_family_or_no_name_is_other_and_drilled_on_any_hand(skill: str) -> None:
    assert not known_skill(skill)
    assert (info(skill).group, info(skill).label, info(skill).lesson) == ("Other", skill, "/lessons/")
    assert exercise_for(skill, "2").topic == ANY_HAND


def test_a_family_cannot_be_declared_twice() -> None:
    with pytest.raises(ValueError, match="'yaku' declared twice"):
        family("yaku", "Yaku", known=bool, drill=lambda name, seed, difficulty: None)(lambda name, lang: name)
