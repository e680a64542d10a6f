"""The skill families: each declared once, with its label, its known-skill test and its drill."""

from __future__ import annotations

import pytest

from tests.quiz.answering import right_answer
from tutor.quiz import KINDS, Question
from tutor.quiz.mistakes import MISTAKES
from tutor.quiz.skills import ANY_HAND, FAMILIES, exercise_for, family, info, known_skill, skills_touched

DRILLED = [family_id for family_id, family in FAMILIES.items() if family.example]
"""Every family a drill trains (a family without a drill of its own is practised on any hand)."""


def test_every_skill_a_kind_trains_belongs_to_a_declared_family() -> None:
    for kind, question in KINDS.items():
        example = Question.from_json({"ask": kind, **question.example})
        answers = {kind: right_answer(example)}
        for skill in example.skills(True, (kind,), answers):
            assert skill.partition(":")[0] in FAMILIES, (kind, skill)


def test_a_family_without_an_example_trains_nothing_yet() -> None:
    undrilled = [f for f in FAMILIES.values() if not f.example]
    assert all(not known_skill(f"{f.id}:{f.example}") for f in undrilled)
    assert not known_skill("standings:tenhou")  # no drill for final standings yet
    assert len(DRILLED) > len(undrilled)


@pytest.mark.parametrize("family_id", DRILLED)
def test_each_family_drills_a_skill_it_knows_on_a_question_that_trains_it(family_id: str) -> None:
    skill = f"{family_id}:{FAMILIES[family_id].example}"
    assert known_skill(skill)
    exercise = exercise_for(skill, "5")
    answers = {part.kind: right_answer(part) for part in exercise.parts}
    touched = skills_touched(exercise, exercise.grade(answers), answers)
    if family_id == "mistake":  # a question the mistake would get wrong
        assert MISTAKES[FAMILIES["mistake"].example].answers(exercise.main) and exercise.target == skill
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
        family("yaku", "Yaku", "pinfu", known=bool, drill=lambda name, seed, difficulty: None)(lambda name, lang: name)


def test_a_wait_skill_is_named_in_the_reader_s_words() -> None:
    # Chinese names the wait (两面, 单骑 ...), as the engine's readings do; English keeps the romaji, never an id.
    from tutor.engine.decompose import Wait
    from tutor.quiz.skills import label

    for wait in Wait:
        english = label(f"waits:{wait.label}", "en")
        assert english.startswith("Waits: ") and "_" not in english, english
        chinese = label(f"waits:{wait.label}", "zh")
        assert chinese.startswith("听牌") and not any("a" <= c.lower() <= "z" for c in chinese), chinese
