"""Choosing what to ask next: endless adaptive practice, fixed quizzes, spaced review. No Flask here.

A practice session's settings (stored with the session as JSON) say which
topics, what difficulty and which parts of a hand to ask:
``{"topics": ["fu"], "difficulty": 2, "parts": ["fu"], "itemised": false}``;
a quiz adds ``"size"`` and ``"seed"``, and its questions depend only on them (with ``"targets"``,
yaku ids or fu features, its hands are made for those);
a replay lists the ids of earlier questions to ask again exactly (``"replay"``); a drill asks
five questions on one skill (``"skill"``). An attempt at a class assignment (mode
``"assignment"``, started only by :mod:`tutor.classroom`) is asked like a quiz.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlite_utils import Database

from . import progress
from .quiz.exercise import Exercise
from .quiz.makers import HAND_PARTS, TOPICS, ExerciseError, make_exercise
from .quiz.skills import exercise_for

MODES = ("practice", "quiz", "review", "replay", "drill")
TARGET_TOPICS = {target: topic.id for topic in reversed(TOPICS.values()) for target in topic.targets}
"""Each yaku and fu feature a hand can be made for, with the (first) topic that teaches it."""
DRILL_SIZE = 5
SKILL = re.compile(r"^(yaku|fu|table|furiten|waits|dora|mistake):[a-z0-9_-]{1,40}$")
MAX_QUIZ = 50
DUE_SHARE = 0.3
"""In practice mode, how often a due skill of the chosen topics comes back instead of a fresh pick."""


def clean_settings(raw: Mapping[str, Any], mode: str) -> dict[str, Any]:
    """Check and complete a session's settings; raises ExerciseError naming what is wrong."""
    if mode not in MODES:
        raise ExerciseError(f"mode must be one of {', '.join(MODES)}")
    topics = raw.get("topics") or []
    if isinstance(topics, str):
        topics = [topics]
    topics = [t for t in topics if t] or list(TOPICS)  # a blank form field chooses nothing
    unknown = [t for t in topics if t not in TOPICS]
    if unknown:
        raise ExerciseError(f"unknown topic(s) {', '.join(map(str, unknown))}; choose from {', '.join(TOPICS)}")
    try:
        difficulty = int(raw.get("difficulty", 2))
    except (TypeError, ValueError):
        raise ExerciseError("difficulty must be 1, 2 or 3") from None
    if difficulty not in (1, 2, 3):
        raise ExerciseError("difficulty must be 1, 2 or 3")
    parts = raw.get("parts") or []
    if isinstance(parts, str):
        parts = [parts]
    bad = [p for p in parts if p not in HAND_PARTS]
    if bad:
        raise ExerciseError(f"a hand can be asked for {', '.join(HAND_PARTS)}, not {', '.join(map(str, bad))}")
    settings: dict[str, Any] = {
        "topics": [t for t in TOPICS if t in topics],
        "difficulty": difficulty,
        "parts": [p for p in HAND_PARTS if p in parts],
        "itemised": bool(raw.get("itemised")),
    }
    chosen = raw.get("targets") or []
    if isinstance(chosen, str):
        chosen = [chosen]
    unknown_targets = [t for t in chosen if t not in TARGET_TOPICS]
    if unknown_targets:
        raise ExerciseError(
            f"unknown yaku or fu feature(s) {', '.join(map(str, unknown_targets))}; choose from {', '.join(TARGET_TOPICS)}"
        )
    if chosen:  # the hands are made for these; their topics are what the quiz covers
        settings["targets"] = [t for t in TARGET_TOPICS if t in chosen]
        settings["topics"] = [t for t in TOPICS if t in {TARGET_TOPICS[x] for x in chosen}]
    if mode == "quiz":
        try:
            size = int(raw.get("size", 10))
        except (TypeError, ValueError):
            raise ExerciseError(f"a quiz has 1 to {MAX_QUIZ} questions") from None
        if not 1 <= size <= MAX_QUIZ:
            raise ExerciseError(f"a quiz has 1 to {MAX_QUIZ} questions")
        seed = str(raw.get("seed") or "").strip()[:40] or secrets.token_hex(4)
        settings.update(size=size, seed=seed)
    if mode == "replay":
        settings["replay"] = [str(q) for q in raw.get("replay", [])][:MAX_QUIZ]
        settings["size"] = len(settings["replay"])
    if mode == "drill":
        skill = str(raw.get("skill", ""))
        if not SKILL.match(skill):
            raise ExerciseError("a drill needs a skill such as yaku:pinfu, fu:kanchan or table:3-40-non_dealer-ron")
        settings.update(skill=skill, size=DRILL_SIZE)
    return settings


def quiz_exercise(settings: Mapping[str, Any], position: int) -> Exercise:
    """Question ``position`` (1, 2, ...) of a quiz: a function of the settings alone."""
    seed = f"{settings['seed']}/{position}"
    # The chosen topics (or yaku and fu features) take turns, in an order the seed shuffles, so a short
    # quiz covers them all.
    order = list(settings.get("targets") or settings["topics"])
    random.Random(settings["seed"]).shuffle(order)
    chosen = order[(position - 1) % len(order)]
    topic, target = (TARGET_TOPICS[chosen], chosen) if settings.get("targets") else (chosen, None)
    parts = settings["parts"] or None
    return make_exercise(topic, seed, settings["difficulty"], parts, target=target, itemised=settings["itemised"])


def next_exercise(db: Database, user_id: int, session: Mapping[str, Any]) -> Exercise | None:
    """What a session asks next; None when a quiz is over or nothing is due for review."""
    settings = session["settings"]
    mode = session["mode"]
    asked = next(db.query("SELECT COUNT(*) AS n FROM questions WHERE session_id = ?", [session["id"]]))["n"]
    if mode in ("quiz", "assignment"):
        return quiz_exercise(settings, asked + 1) if asked < settings["size"] else None
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
    due = [s for s in progress.due_skills(db, user_id, limit=50) if _skill_in_topics(s, topics)]
    if due and rng.random() < DUE_SHARE:
        return exercise_for(rng.choice(due[:5]), seed, settings["difficulty"])
    # Each skill's first tries and misses, from the one row per skill review keeps anyway.
    record = progress.skill_record(db, user_id)
    topic = _weighted_topic(record, topics, rng)
    target = _weighted_target(record, topic, rng)
    parts = settings["parts"] or None
    return make_exercise(topic, seed, settings["difficulty"], parts, target=target, itemised=settings["itemised"])


def _skill_in_topics(skill: str, topics: Sequence[str]) -> bool:
    family, _, name = skill.partition(":")
    for topic in topics:
        spec = TOPICS[topic]
        if (
            name in spec.targets
            or {"table": "table", "furiten": "furiten", "waits": "waits", "dora": "dora"}.get(family) == topic
        ):
            return True
    return family == "mistake" and bool({"fu", "points", "table"} & set(topics))


def _weighted_topic(record: Mapping[str, tuple[int, int]], topics: Sequence[str], rng: random.Random) -> str:
    """Topics the learner gets wrong more come up more (but every chosen topic still comes up)."""
    if len(topics) == 1:
        return topics[0]
    weights = []
    for topic in topics:
        reviews = lapses = 0
        for skill, (seen, missed) in record.items():
            if _skill_in_topics(skill, (topic,)) and not skill.startswith("mistake:"):
                reviews, lapses = reviews + seen, lapses + missed
        weights.append(2.0 if not reviews else 1.0 + 3.0 * lapses / reviews)
    return rng.choices(list(topics), weights)[0]


def _weighted_target(record: Mapping[str, tuple[int, int]], topic: str, rng: random.Random) -> str | None:
    """Within a topic, the yaku or fu features missed more come up more; unseen ones come up often."""
    spec = TOPICS[topic]
    if not spec.targets:
        return None
    family = "fu" if topic == "fu" else "yaku"
    weights = []
    for target in spec.targets:
        seen, missed = record.get(f"{family}:{target}", (0, 0))
        weights.append(2.0 if not seen else 0.5 + 3.0 * missed / seen)
    return rng.choices(list(spec.targets), weights)[0]
