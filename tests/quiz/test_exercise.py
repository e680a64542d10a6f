"""Exercises made to order: reproducible, answerable, fu never asked of a limit hand; skills they train."""

from __future__ import annotations

import pytest

from tests.quiz.answering import right_answer, wrong_answer
from tutor.quiz.exercise import Exercise
from tutor.quiz.makers import HAND_PARTS, TOPICS, ExerciseError, make_exercise
from tutor.quiz.skills import exercise_for, info, skills_touched

SEEDS = [str(n) for n in range(12)]


@pytest.mark.parametrize("difficulty", [1, 2, 3])
@pytest.mark.parametrize("topic", list(TOPICS))
def test_every_topic_makes_answerable_reproducible_exercises(topic: str, difficulty: int) -> None:
    for seed in SEEDS[:6]:
        exercise = make_exercise(topic, seed, difficulty)
        assert exercise == make_exercise(topic, seed, difficulty)  # the same seed, the same question
        assert Exercise.from_json(exercise.to_json()) == exercise  # stored payloads show it again exactly
        answers = {part.kind: right_answer(part) for part in exercise.parts}
        grade = exercise.grade(answers)
        assert grade.readable and grade.correct and grade.score == 1.0, (exercise.to_json(), answers)
        assert not grade.mistakes
        wrong = exercise.grade({part.kind: wrong_answer(part) for part in exercise.parts})
        assert wrong.readable and not wrong.correct


def test_different_seeds_make_different_exercises() -> None:
    made = {str(make_exercise("points", seed).to_json()["parts"]) for seed in SEEDS}
    assert len(made) == len(SEEDS)


def test_the_learner_chooses_what_a_hand_asks() -> None:
    exercise = make_exercise("two-han", "3", parts=("points", "yaku", "fu"))
    assert exercise.kinds in (("yaku", "fu", "points"), ("yaku", "points"))  # fu only left out on limit hands
    assert len({str(p.data["request"]) for p in exercise.parts}) == 1  # every part asks about the same hand


def test_fu_is_never_asked_of_a_limit_hand() -> None:
    for seed in SEEDS:
        exercise = make_exercise("yakuman", seed, parts=HAND_PARTS)
        assert "fu" not in exercise.kinds and exercise.kinds == tuple(p for p in HAND_PARTS if p != "fu")
        result = exercise.main.result
        assert result is not None and result.yakuman
    for seed in SEEDS:
        exercise = make_exercise("three-six-han", seed, parts=("fu", "points"))
        result = exercise.main.result
        assert result is not None
        assert ("fu" in exercise.kinds) == (result.han < 5)


def test_itemised_fu_exercises_account_for_every_fu() -> None:
    itemised = 0
    for seed in SEEDS:
        part = make_exercise("fu", seed, parts=("fu",), itemised=True).part("fu")
        assert part.data.get("itemised") is True
        result = part.result
        assert result is not None and result.best is not None
        rows = part.fu_rows()
        assert (rows[-1].id, rows[-1].fu) == ("total", result.fu)
        if part.itemised:  # four groups and a pair: the rows share out the engine's fu items exactly
            itemised += 1
            assert sum(row.fu for row in rows[:-1]) == sum(item.fu for item in result.best.fu_items)
    assert itemised >= len(SEEDS) // 2


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: make_exercise("nope", "1"), "everyday-yaku"),
        (lambda: make_exercise("fu", "1", difficulty=5), "difficulty"),
        (lambda: make_exercise("fu", "1", target="pinfoo"), "pinfu"),
        (lambda: make_exercise("fu", "1", parts=("fu", "colour")), ", ".join(HAND_PARTS)),
    ],
)
def test_bad_requests_name_the_valid_choices(call: object, message: str) -> None:
    with pytest.raises(ExerciseError, match=message):
        call()  # type: ignore[operator]


def test_unanswered_parts_are_problems_not_wrong_marks() -> None:
    exercise = make_exercise("points", "1", parts=("han", "points"))
    grade = exercise.grade({"han": "2"})
    assert not grade.readable and grade.problems == {"points": "no answer given"}
    assert not exercise.grade({"han": "two", "points": "1000"}).readable


def test_yaku_skills_are_right_or_wrong_one_by_one() -> None:
    exercise = make_exercise("everyday-yaku", "1", difficulty=1, parts=("yaku",), target="pinfu")
    right = exercise.part("yaku").expected_yaku()
    answers = {"yaku": [*sorted(right - {"pinfu"}), "chiitoitsu"]}
    touched = skills_touched(exercise, exercise.grade(answers), answers)
    assert touched["yaku:pinfu"] is False  # missed
    assert touched["yaku:chiitoitsu"] is False  # wrongly claimed
    assert all(touched[f"yaku:{y}"] for y in right - {"pinfu"})


def test_fu_table_and_mistake_skills() -> None:
    exercise = make_exercise("fu", "2", difficulty=1, parts=("fu", "points"), target="kanchan")
    answers = {part.kind: right_answer(part) for part in exercise.parts}
    touched = skills_touched(exercise, exercise.grade(answers), answers)
    assert touched["fu:kanchan"] is True
    assert any(skill.startswith("table:") for skill in touched)
    assert all(touched.values())


def test_a_diagnosed_mistake_becomes_a_skill_to_review() -> None:
    # Open hand won by ron: adding the closed-ron 10 fu is a named mistake.
    exercise = Exercise.from_json(
        {
            "topic": "fu",
            "parts": [
                {
                    "ask": "fu",
                    "request": {"hand": "111m234p55s789s", "win": "5s", "melds": [{"kind": "pon", "tiles": "777z"}]},
                }
            ],
        }
    )
    answers = {"fu": "50"}  # 20 + 10 + 8 + 4 + 2 = 44 -> 50
    grade = exercise.grade(answers)
    assert [m.id for m in grade.mistakes] == ["open-ron-10-fu"]
    assert skills_touched(exercise, grade, answers)["mistake:open-ron-10-fu"] is False


@pytest.mark.parametrize(
    "skill",
    [
        "yaku:pinfu",
        "yaku:sanshoku",
        "yaku:kokushi",
        "fu:kanchan",
        "fu:closed-kan",
        "fu:double-wind-pair",
        "table:3-40-non_dealer-ron",
        "table:3-25-dealer-tsumo",
        "table:mangan-dealer-tsumo",
        "furiten:temporary",
        "furiten:riichi",
    ],
)
def test_a_skill_brings_back_a_question_that_trains_it(skill: str) -> None:
    exercise = exercise_for(skill, "9")
    answers = {part.kind: right_answer(part) for part in exercise.parts}
    touched = skills_touched(exercise, exercise.grade(answers), answers)
    assert touched.get(skill) is True, (skill, touched)
    assert info(skill).label and info(skill).lesson.startswith("/")


def test_a_mistake_skill_brings_back_a_question_where_the_mistake_would_show() -> None:
    from tutor.quiz.mistakes import MISTAKES

    exercise = exercise_for("mistake:no-mangan-cap", "4")
    assert MISTAKES["no-mangan-cap"].answers(exercise.main)
