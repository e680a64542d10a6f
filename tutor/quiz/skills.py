"""Skills: the small things a learner knows or not, which answers train and review brings back.

A skill is a short string: ``yaku:pinfu``, ``fu:kanchan``, ``table:3-40-non_dealer-ron``,
``table:mangan-dealer-tsumo``, ``furiten:temporary``, ``waits:kanchan``, ``dora:indicator``,
``dora:count`` or ``mistake:<id>``. An answer touches several skills, each right or wrong:

>>> from tutor.quiz.makers import make_exercise
>>> ex = make_exercise("everyday-yaku", seed="1", target="pinfu", difficulty=1)
>>> answers = {"yaku": ["pinfu"], "han": "9"}
>>> touched = skills_touched(ex, ex.grade(answers), answers)
>>> touched["yaku:pinfu"]
True
>>> label("yaku:pinfu"), label("table:3-40-non_dealer-ron"), label("fu:kanchan")
('Pinfu', '3 han 40 fu, non-dealer ron', 'Fu: kanchan')
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from tutor.course.curriculum import TARGET_TOPICS, skill_lesson_url
from tutor.engine import targets
from tutor.engine.decompose import Wait
from tutor.engine.messages import ENGLISH, yaku_name
from tutor.engine.messages import text as message_text
from tutor.engine.points import LIMITS, possible_cell
from tutor.engine.yaku import YAKU
from tutor.messages.catalogues import DEFAULT, N_, translate
from tutor.quiz.exercise import Exercise, ExerciseGrade
from tutor.quiz.makers import TABLE_FU, make_exercise
from tutor.quiz.questions import Question

FURITEN_LABELS = {
    "ron": N_("Ron allowed (no furiten)"),
    "not_a_wait": N_("Not a winning tile"),
    "discard": N_("Discard furiten"),
    "temporary": N_("Temporary furiten"),
    "riichi": N_("Riichi furiten"),
}
FU_NAMES = {
    "closed-ron": N_("closed ron"),
    "kanchan": N_("kanchan"),
    "penchan": N_("penchan"),
    "tanki": N_("tanki"),
    "ron-triplet": N_("ron triplet"),
    "closed-terminal-triplet": N_("closed terminal triplet"),
    "open-triplet": N_("open triplet"),
    "closed-kan": N_("closed kan"),
    "open-kan": N_("open kan"),
    "value-pair": N_("value pair"),
    "double-wind-pair": N_("double wind pair"),
    "pinfu-tsumo": N_("pinfu tsumo"),
    "open-pinfu": N_("open pinfu"),
    "chiitoitsu-fu": N_("chiitoitsu fu"),
}
"""The fu features (practice targets) by name, for ``Fu: {name}``."""


def skills_touched(exercise: Exercise, grade: ExerciseGrade, answers: Mapping[str, Any]) -> dict[str, bool]:
    """Every skill this graded answer touched, and whether the learner got it right."""
    touched: dict[str, bool] = {}
    for question in exercise.parts:
        part = grade.parts.get(question.kind)
        if part is None:
            continue
        for skill, right in question.skills(part.correct, exercise.kinds, answers).items():
            # A skill two parts touch counts as right only if both got it right.
            touched[skill] = touched.get(skill, True) and right
    for mistake in grade.mistakes:
        touched[f"mistake:{mistake.id}"] = False
    return touched


# --- what a skill is called, where it is taught, and how to practise it -------------------------


@dataclass(frozen=True)
class SkillInfo:
    skill: str
    label: str
    group: str
    """A heading to group skills under: Yaku, Fu, Point table, Furiten, Waits, Dora, Mistakes."""
    lesson: str
    """A lesson or reference URL that teaches it."""


def info(skill: str, lang: str = DEFAULT) -> SkillInfo:
    """What a skill is called in ``lang`` (English by default), its group and where it is taught.

    ``group`` stays the English heading (marked for translation: render it with ``_()``)."""
    family, _, name = skill.partition(":")
    if family == "yaku" and name in YAKU:
        return SkillInfo(skill, yaku_name(name, lang), N_("Yaku"), f"/yaku/{name}")
    if family == "fu":
        feature = translate(FU_NAMES[name], lang) if name in FU_NAMES else name.replace("-", " ")
        label = translate(N_("Fu: {name}"), lang).format(name=feature)
        return SkillInfo(skill, label, N_("Fu"), skill_lesson_url(skill))
    if family == "table":
        return SkillInfo(skill, _table_label(name, lang), N_("Point table"), skill_lesson_url(skill))
    if family == "furiten":
        return SkillInfo(skill, translate(FURITEN_LABELS.get(name, name), lang), N_("Furiten"), skill_lesson_url(skill))
    if family == "waits":
        label = translate(N_("Waits: {name}"), lang).format(name=name)
        return SkillInfo(skill, label, N_("Waits"), skill_lesson_url(skill))
    if family == "dora":
        names = {"indicator": N_("Dora from the indicator"), "count": N_("Counting dora"), "aka_dora": N_("Red fives")}
        label = translate(names[name], lang) if name in names else name.replace("_", " ").capitalize()
        return SkillInfo(skill, label, N_("Dora"), skill_lesson_url(skill))
    if family == "standings":
        label = translate(N_("Final points with uma and oka ({rules})"), lang).format(rules=name)
        return SkillInfo(skill, label, N_("End of the game"), "/lessons/table-procedure")
    if family == "mistake":
        from tutor.quiz.mistakes import MISTAKES

        mistake = MISTAKES.get(name)
        if mistake is not None:
            return SkillInfo(skill, _capitalized(translate(mistake.label, lang)), N_("Mistakes"), mistake.lesson)
    return SkillInfo(skill, skill, N_("Other"), "/lessons/")


def label(skill: str, lang: str = DEFAULT) -> str:
    return info(skill, lang).label


def _capitalized(sentence: str) -> str:
    """Like ``str.capitalize`` (kept for English, where labels start lower-case), but only the first letter."""
    return sentence.capitalize() if sentence.isascii() else sentence[:1].upper() + sentence[1:]


def _table_label(name: str, lang: str = DEFAULT) -> str:
    """A point-table cell in ``lang``: ``3 han 40 fu, non-dealer ron``, ``Mangan, dealer tsumo``.

    >>> _table_label("3-40-non_dealer-ron"), _table_label("mangan-dealer-tsumo")
    ('3 han 40 fu, non-dealer ron', 'Mangan, dealer tsumo')
    """
    size, _, rest = name.rpartition("-")
    size, _, role = size.rpartition("-")
    # The engine's own words for who wins how, and for the limits (a name from elsewhere is shown as it is).
    payment_id = f"payment.{role}_{rest}"
    how = message_text(payment_id, lang) if payment_id in ENGLISH else f"{role.replace('_', '-')} {rest}"
    han, _, fu = size.partition("-")
    if han.isdigit():
        return translate(N_("{han} han {fu} fu, {how}"), lang).format(han=han, fu=fu, how=how)
    limit = message_text(f"limit.{han}", lang) if han in LIMITS else han.replace("_", " ").capitalize()
    return translate(N_("{limit}, {how}"), lang).format(limit=limit, how=how)


def known_skill(skill: str) -> bool:
    """Whether ``skill`` names something a drill can train (a drill for anything else is refused).

    >>> [known_skill(s) for s in ("yaku:pinfu", "fu:kanchan", "table:3-40-non_dealer-ron", "yaku:zzz", "table:9-9-x")]
    [True, True, True, False, False]
    """
    from tutor.quiz.mistakes import MISTAKES

    family, _, name = skill.partition(":")
    if family == "table":
        *cell, who, how = name.split("-") if name.count("-") >= 2 else ("", "", "")
        if who not in ("dealer", "non_dealer") or how not in ("tsumo", "ron"):
            return False
        if len(cell) == 1:
            return cell[0] in LIMITS
        return len(cell) == 2 and cell[0].isdigit() and cell[1].isdigit() and int(cell[1]) in TABLE_FU
    known: dict[str, Collection[str]] = {
        "yaku": YAKU,
        "fu": [t for t, target in targets.TARGETS.items() if target.kind == "fu"],
        "furiten": targets.FURITEN_OUTCOMES,
        "waits": [wait.label for wait in Wait],
        "dora": ("count", "indicator", "dora", "aka_dora", "ura_dora"),
        "mistake": MISTAKES,
    }
    return name in known.get(family, ())


def exercise_for(skill: str, seed: str, difficulty: int = 2) -> Exercise:
    """An exercise that trains ``skill`` (for review and for "practise this" links)."""
    family, _, name = skill.partition(":")
    if family == "yaku" and name in targets.TARGETS:
        topic = TARGET_TOPICS.get(name, "one-han")
        return make_exercise(topic, seed, difficulty, ("yaku", "han"), target=name)
    if family == "fu" and name in targets.TARGETS:
        return make_exercise("fu", seed, difficulty, ("fu",), target=name)
    if family == "table":
        return _table_exercise(name, seed)
    if family == "furiten" and name in targets.FURITEN_OUTCOMES:
        rng = random.Random(f"{skill}|{seed}")
        situation = targets.furiten_situation(rng, difficulty, outcome=name)
        return Exercise("furiten", (Question.from_json({"ask": "furiten", **situation}),), skill, difficulty, seed)
    if family == "mistake":
        found = _mistake_exercise(name, seed, difficulty)
        if found is not None:
            return found
    topic = {"waits": "waits", "dora": "dora"}.get(family, "points")
    return make_exercise(topic, seed, difficulty)


def _table_exercise(name: str, seed: str) -> Exercise:
    parts = name.split("-")
    dealer, tsumo = parts[-2] == "dealer", parts[-1] == "tsumo"
    question: dict[str, Any] = {"ask": "table", "dealer": dealer, "tsumo": tsumo}
    cell = parts[:-2]
    if (
        len(cell) == 2
        and cell[0].isdigit()
        and cell[1].isdigit()
        and int(cell[1]) in TABLE_FU
        and possible_cell(int(cell[0]), int(cell[1]), tsumo)
    ):
        question.update(han=int(cell[0]), fu=int(cell[1]))
    else:
        limits = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11, "yakuman": 13, "kazoe_yakuman": 13}
        question["han"] = limits.get(parts[0], 5)
    return Exercise("table", (Question.from_json(question),), f"table:{name}", 2, seed)


def _mistake_exercise(mistake_id: str, seed: str, difficulty: int) -> Exercise | None:
    """A question on which this mistake would give a wrong answer (so a right one shows it is unlearnt)."""
    from tutor.quiz.mistakes import MISTAKES

    mistake = MISTAKES.get(mistake_id)
    if mistake is None:
        return None
    kinds = [k for k in ("fu", "points", "han", "table") if k in mistake.kinds]
    for attempt in range(40):
        kind = kinds[attempt % len(kinds)]
        topic = "table" if kind == "table" else "points"
        exercise = make_exercise(topic, f"{seed}-{attempt}", difficulty, None if kind == "table" else (kind,))
        if mistake.answers(exercise.parts[0]):
            return Exercise(exercise.topic, exercise.parts, f"mistake:{mistake_id}", difficulty, exercise.seed)
    return None
