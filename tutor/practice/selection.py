"""Choosing what to ask next: endless adaptive practice, fixed quizzes, spaced review. No Flask here.

A practice session's settings (stored with the session as JSON) say which
topics, what difficulty and which parts of a hand to ask:
``{"topics": ["fu"], "difficulty": 2, "parts": ["fu"], "itemised": false}``;
a quiz adds ``"size"`` and ``"seed"``, and its questions depend only on them (with ``"targets"``,
yaku ids or fu features, its hands are made for those);
a replay lists the ids of earlier questions to ask again exactly (``"replay"``); a drill asks
five questions on one skill (``"skill"``). An attempt at a class assignment (mode
``"assignment"``, started only by :mod:`tutor.classroom`) is asked like a quiz; one set from a game
log carries its ``"hands"``. A session on the learner's own imported game (mode ``"game"``, started by
:func:`tutor.practice.sessions.start_game`) asks that game's wins in play order (``"game"``, ``"size"``; see
:mod:`tutor.practice.mygames`).
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from tutor.course.curriculum import TARGET_TOPICS, TOPICS, skill_in_topics
from tutor.messages.catalogues import N_, Sentence
from tutor.practice import mygames, progress
from tutor.quiz.exercise import Exercise
from tutor.quiz.makers import HAND_PARTS, HAND_PARTS_ONLY, ExerciseError, make_exercise
from tutor.quiz.skills import exercise_for, known_skill

MODES = ("practice", "quiz", "review", "replay", "drill")
DRILL_SIZE = 5
SKILL = re.compile(r"^(yaku|fu|table|furiten|waits|dora|mistake):[a-z0-9_-]{1,40}$")
MAX_QUIZ = 50
DUE_SHARE = 0.3
"""In practice mode, how often a due skill of the chosen topics comes back instead of a fresh pick."""


def _names(raw: Mapping[str, Any], key: str, what: str) -> list[str]:
    """A list of names from a form (one string or several) or a JSON body (a string or a list of them);
    blank entries choose nothing."""
    value = raw.get(key)
    if value is None or value == "":
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ExerciseError(N_("{key} must be a list of {what}"), key=key, what=Sentence(what))
    return [v for v in value if v]


def _whole(raw: Mapping[str, Any], key: str, default: int, low: int, high: int, problem: ExerciseError) -> int:
    """A whole number from a form's text or a JSON number; anything else (1e400, "²", true) is refused."""
    value = raw.get(key, default)
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) < 10:
        value = int(value.strip())
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise problem
    return value


def _text(raw: Mapping[str, Any], key: str, longest: int) -> str:
    value = raw.get(key)
    if value is None:
        return ""
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ExerciseError(N_("{key} must be text"), key=key)
    return str(value).strip()[:longest]


def clean_settings(raw: Mapping[str, Any], mode: object) -> dict[str, Any]:
    """Check and complete a session's settings; raises ExerciseError naming what is wrong."""
    if not isinstance(mode, str) or mode not in MODES:
        raise ExerciseError(N_("mode must be one of {modes}"), modes=", ".join(MODES))
    parts_asked = bool(_names(raw, "parts", N_("part kinds")))
    # No topic ticked: the tutor picks among all of them, except that parts ticked mean hands asked those
    # parts, so the drills of their own (waits, furiten, dora, the point table) are left out (issue 24).
    topics = _names(raw, "topics", N_("topic ids")) or [t.id for t in TOPICS.values() if t.parts or not parts_asked]
    unknown = [t for t in topics if t not in TOPICS]
    if unknown:
        raise ExerciseError(
            N_("unknown topic(s) {topics}; choose from {choices}"), topics=", ".join(unknown), choices=", ".join(TOPICS)
        )
    difficulty = _whole(raw, "difficulty", 2, 1, 3, ExerciseError(N_("difficulty must be 1, 2 or 3")))
    parts = _names(raw, "parts", N_("part kinds"))
    bad = [p for p in parts if p not in HAND_PARTS]
    if bad:
        raise ExerciseError(HAND_PARTS_ONLY, parts=", ".join(HAND_PARTS), bad=", ".join(bad))
    settings: dict[str, Any] = {
        "topics": [t for t in TOPICS if t in topics],
        "difficulty": difficulty,
        "parts": [p for p in HAND_PARTS if p in parts],
        "itemised": bool(raw.get("itemised")),
    }
    if not isinstance(raw.get("itemised"), bool | int | str | None):
        raise ExerciseError(N_("itemised must be true or false"))
    chosen = _names(raw, "targets", N_("yaku ids or fu features"))
    unknown_targets = [t for t in chosen if t not in TARGET_TOPICS]
    if unknown_targets:
        raise ExerciseError(
            N_("unknown yaku or fu feature(s) {targets}; choose from {choices}"),
            targets=", ".join(unknown_targets),
            choices=", ".join(TARGET_TOPICS),
        )
    if chosen:  # the hands are made for these; their topics are what the quiz covers
        settings["targets"] = [t for t in TARGET_TOPICS if t in chosen]
        settings["topics"] = [t for t in TOPICS if t in {TARGET_TOPICS[x] for x in chosen}]
    if mode == "quiz":
        too_many = ExerciseError(N_("a quiz has 1 to {most} questions"), most=MAX_QUIZ)
        settings["size"] = _whole(raw, "size", 10, 1, MAX_QUIZ, too_many)
        settings["seed"] = _text(raw, "seed", 40) or secrets.token_hex(4)
    if mode == "replay":
        replay = _names(raw, "replay", N_("question ids"))
        if len(replay) > MAX_QUIZ:
            raise ExerciseError(N_("a replay asks 1 to {most} questions"), most=MAX_QUIZ)
        settings.update(replay=replay, size=len(replay))
    if mode == "drill":
        skill = _text(raw, "skill", 100)
        if not SKILL.match(skill) or not known_skill(skill):
            raise ExerciseError(N_("a drill needs a skill such as yaku:pinfu, fu:kanchan or table:3-40-non_dealer-ron"))
        settings.update(skill=skill, size=DRILL_SIZE)
    return settings


def quiz_exercise(settings: Mapping[str, Any], position: int) -> Exercise:
    """Question ``position`` (1, 2, ...) of a quiz: a function of the settings alone."""
    if settings.get("hands"):  # an assignment set from a game log: its real hands, in play order
        return mygames.hand_exercise(settings, position)
    seed = f"{settings['seed']}/{position}"
    # The chosen topics (or yaku and fu features) take turns, in an order the seed shuffles, so a short
    # quiz covers them all.
    order = list(settings.get("targets") or settings["topics"])
    random.Random(settings["seed"]).shuffle(order)
    chosen = order[(position - 1) % len(order)]
    topic, target = (TARGET_TOPICS[chosen], chosen) if settings.get("targets") else (chosen, None)
    parts = settings["parts"] or None
    return make_exercise(topic, seed, settings["difficulty"], parts, target=target, itemised=settings["itemised"])


def next_exercise(db: Database, user_id: int, session: Mapping[str, Any], asked: int | None = None) -> Exercise | None:
    """What a session asks after its first ``asked`` questions; None when a quiz is over or nothing is due
    for review. Serving it, and every rule about when, is :mod:`tutor.practice.sessions`' work."""
    settings = session["settings"]
    mode = session["mode"]
    if asked is None:
        asked = progress.asked(db, session["id"])
    if mode in ("quiz", "assignment"):
        return quiz_exercise(settings, asked + 1) if asked < settings["size"] else None
    if mode == "game":  # the learner's own imported game, hand by hand
        return mygames.game_exercise(db, user_id, settings, asked + 1)
    if mode == "replay":
        ids = settings["replay"]
        return progress.load(db, ids[asked], user_id).exercise if asked < len(ids) else None
    if mode == "drill":
        seed = f"{session['id']}/{asked + 1}"
        return exercise_for(settings["skill"], seed, settings["difficulty"]) if asked < settings["size"] else None
    rng = random.Random()
    seed = secrets.token_hex(6)
    if mode == "review":
        due = progress.due_skills(db, user_id, limit=1)
        return exercise_for(due[0], seed, settings["difficulty"]) if due else None
    topics: Sequence[str] = settings["topics"]
    due = [s for s in progress.due_skills(db, user_id, limit=50) if skill_in_topics(s, topics)]
    if due and rng.random() < DUE_SHARE:
        return exercise_for(rng.choice(due[:5]), seed, settings["difficulty"])
    # Each skill's first tries and misses, from the one row per skill review keeps anyway.
    record = progress.skill_record(db, user_id)
    topic = _weighted_topic(record, topics, rng)
    target = _weighted_target(record, topic, rng)
    parts = settings["parts"] or None
    return make_exercise(topic, seed, settings["difficulty"], parts, target=target, itemised=settings["itemised"])


def _weighted_topic(record: Mapping[str, tuple[int, int]], topics: Sequence[str], rng: random.Random) -> str:
    """Topics the learner gets wrong more come up more (but every chosen topic still comes up)."""
    if len(topics) == 1:
        return topics[0]
    weights = []
    for topic in topics:
        reviews = lapses = 0
        for skill, (seen, missed) in record.items():
            if skill_in_topics(skill, (topic,)) and not skill.startswith("mistake:"):
                reviews, lapses = reviews + seen, lapses + missed
        weights.append(2.0 if not reviews else 1.0 + 3.0 * lapses / reviews)
    return rng.choices(list(topics), weights)[0]


def _weighted_target(record: Mapping[str, tuple[int, int]], topic: str, rng: random.Random) -> str | None:
    """Within a topic, the yaku or fu features missed more come up more; unseen ones come up often."""
    spec = TOPICS[topic]
    if not spec.targets:
        return None
    weights = []
    for target in spec.targets:
        seen, missed = record.get(spec.target_skill(target), (0, 0))
        weights.append(2.0 if not seen else 0.5 + 3.0 * missed / seen)
    return rng.choices(list(spec.targets), weights)[0]
