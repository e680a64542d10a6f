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
from collections.abc import Mapping
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
from tutor.quiz.families import FAMILIES, Drill, family
from tutor.quiz.kinds.hand import is_hand_part
from tutor.quiz.kinds.table import TABLE_FU
from tutor.quiz.makers import make_exercise
from tutor.quiz.questions import KINDS, Question

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


# --- skill families: what a skill is called, where it is taught, and how to practise it -------------


@dataclass(frozen=True)
class SkillInfo:
    skill: str
    label: str
    group: str
    """A heading to group skills under: Yaku, Fu, Point table, Furiten, Waits, Dora, Mistakes."""
    lesson: str
    """A lesson or reference URL that teaches it."""


ANY_HAND = "points"
"""The topic whose hands are any hand: a skill with no drill of its own is practised there."""


def info(skill: str, lang: str = DEFAULT) -> SkillInfo:
    """What a skill is called in ``lang`` (English by default), its group and where it is taught.

    ``group`` stays the English heading (marked for translation: render it with ``_()``)."""
    name = skill.partition(":")[2]
    found = FAMILIES.get(skill.partition(":")[0])
    said = found.label(name, lang) if found else None
    if found is None or said is None:
        return SkillInfo(skill, skill, N_("Other"), "/lessons/")
    lesson = found.lesson(name) if found.lesson else skill_lesson_url(skill)
    return SkillInfo(skill, said, found.group, lesson)


def label(skill: str, lang: str = DEFAULT) -> str:
    return info(skill, lang).label


def known_skill(skill: str) -> bool:
    """Whether ``skill`` names something a drill can train (a drill for anything else is refused).

    >>> [known_skill(s) for s in ("yaku:pinfu", "fu:kanchan", "table:3-40-non_dealer-ron", "yaku:zzz", "table:9-9-x")]
    [True, True, True, False, False]
    """
    family, _, name = skill.partition(":")
    return family in FAMILIES and FAMILIES[family].known(name)


def exercise_for(skill: str, seed: str, difficulty: int = 2) -> Exercise:
    """An exercise that trains ``skill`` (for review and for "practise this" links)."""
    family, _, name = skill.partition(":")
    found = FAMILIES[family].drill(name, seed, difficulty) if family in FAMILIES else None
    return found if found is not None else make_exercise(ANY_HAND, seed, difficulty)


def _capitalized(sentence: str) -> str:
    """Like ``str.capitalize`` (kept for English, where labels start lower-case), but only the first letter."""
    return sentence.capitalize() if sentence.isascii() else sentence[:1].upper() + sentence[1:]


def _topic_drill(topic: str) -> Drill:
    """Any exercise of ``topic``, whatever the name."""
    return lambda name, seed, difficulty: make_exercise(topic, seed, difficulty)


# --- the families -------------------------------------------------------------------------------


def _yaku_drill(name: str, seed: str, difficulty: int) -> Exercise | None:
    if name not in targets.TARGETS:
        return None
    return make_exercise(TARGET_TOPICS.get(name, "one-han"), seed, difficulty, ("yaku", "han"), target=name)


@family("yaku", N_("Yaku"), "pinfu", known=YAKU.__contains__, drill=_yaku_drill, lesson=lambda name: f"/yaku/{name}")
def _yaku_label(name: str, lang: str) -> str | None:
    return yaku_name(name, lang) if name in YAKU else None


def _fu_drill(name: str, seed: str, difficulty: int) -> Exercise | None:
    return make_exercise("fu", seed, difficulty, ("fu",), target=name) if name in targets.TARGETS else None


def _fu_feature(name: str) -> bool:
    target = targets.TARGETS.get(name)
    return target is not None and target.kind == "fu"


@family("fu", N_("Fu"), "kanchan", known=_fu_feature, drill=_fu_drill)
def _fu_label(name: str, lang: str) -> str:
    feature = translate(FU_NAMES[name], lang) if name in FU_NAMES else name.replace("-", " ")
    return translate(N_("Fu: {name}"), lang).format(name=feature)


def _table_cell(name: str) -> bool:
    *cell, who, how = name.split("-") if name.count("-") >= 2 else ("", "", "")
    if who not in ("dealer", "non_dealer") or how not in ("tsumo", "ron"):
        return False
    if len(cell) == 1:
        return cell[0] in LIMITS
    return len(cell) == 2 and cell[0].isdigit() and cell[1].isdigit() and int(cell[1]) in TABLE_FU


def _table_exercise(name: str, seed: str, difficulty: int = 2) -> Exercise:
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


@family("table", N_("Point table"), "2-30-dealer-ron", known=_table_cell, drill=_table_exercise)
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


def _furiten_drill(name: str, seed: str, difficulty: int) -> Exercise | None:
    if name not in targets.FURITEN_OUTCOMES:
        return None
    rng = random.Random(f"furiten:{name}|{seed}")
    situation = targets.furiten_situation(rng, difficulty, outcome=name)
    return Exercise(
        "furiten", (Question.from_json({"ask": "furiten", **situation}),), f"furiten:{name}", difficulty, seed
    )


@family("furiten", N_("Furiten"), "discard", known=targets.FURITEN_OUTCOMES.__contains__, drill=_furiten_drill)
def _furiten_label(name: str, lang: str) -> str:
    return translate(FURITEN_LABELS.get(name, name), lang)


@family("waits", N_("Waits"), "kanchan", known={wait.label for wait in Wait}.__contains__, drill=_topic_drill("waits"))
def _waits_label(name: str, lang: str) -> str:
    # The wait's name as the engine says it in a reading: romaji in English, 两面/嵌张 ... in Chinese.
    return translate(N_("Waits: {name}"), lang).format(name=message_text(f"wait.name.{name}", lang))


DORA_SKILLS = {"indicator": N_("Dora from the indicator"), "count": N_("Counting dora"), "aka_dora": N_("Red fives")}


@family(
    "dora",
    N_("Dora"),
    "indicator",
    known=("count", "indicator", "dora", "aka_dora", "ura_dora").__contains__,
    drill=_topic_drill("dora"),
)
def _dora_label(name: str, lang: str) -> str:
    if name in DORA_SKILLS:
        return translate(DORA_SKILLS[name], lang)
    # Dora and ura dora counted as the engine names them among a hand's yaku (宝牌, 里宝牌).
    return message_text(f"yaku.{name}.name", lang) if name in ("dora", "ura_dora") else name


# Final standings are taught with the table procedure, and no topic drills them yet.
@family(
    "standings",
    N_("End of the game"),
    "",
    known=lambda name: False,
    drill=lambda name, seed, difficulty: None,
    lesson=lambda name: "/lessons/table-procedure",
)
def _standings_label(name: str, lang: str) -> str:
    return translate(N_("Final points with uma and oka ({rules})"), lang).format(rules=name)


def _mistake_exercise(mistake_id: str, seed: str, difficulty: int) -> Exercise | None:
    """A question on which this mistake would give a wrong answer (so a right one shows it is unlearnt)."""
    from tutor.quiz.mistakes import MISTAKES

    mistake = MISTAKES.get(mistake_id)
    if mistake is None:
        return None
    # A hand part is asked alone of any hand; another kind in an exercise of the first topic it makes.
    drills = [
        (ANY_HAND, (kind,)) if is_hand_part(question) else (question.topics[0], None)
        for kind, question in KINDS.items()
        if kind in mistake.kinds and (is_hand_part(question) or question.topics)
    ]
    for attempt in range(40):
        topic, parts = drills[attempt % len(drills)]
        exercise = make_exercise(topic, f"{seed}-{attempt}", difficulty, parts)
        if mistake.answers(exercise.parts[0]):
            return Exercise(exercise.topic, exercise.parts, f"mistake:{mistake_id}", difficulty, exercise.seed)
    return None


def _mistake(name: str) -> bool:
    from tutor.quiz.mistakes import MISTAKES

    return name in MISTAKES


def _mistake_lesson(name: str) -> str:
    from tutor.quiz.mistakes import MISTAKES

    return MISTAKES[name].lesson


@family("mistake", N_("Mistakes"), "no-mangan-cap", known=_mistake, drill=_mistake_exercise, lesson=_mistake_lesson)
def _mistake_label(name: str, lang: str) -> str | None:
    from tutor.quiz.mistakes import MISTAKES

    mistake = MISTAKES.get(name)
    return None if mistake is None else _capitalized(translate(mistake.label, lang))
