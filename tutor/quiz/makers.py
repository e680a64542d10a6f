"""Exercises made to order: a topic, perhaps a target, a difficulty and a seed.

The same arguments always make the same exercise (quizzes and classroom
assignments rely on it):

>>> a = make_exercise("fu", seed="42", difficulty=1)
>>> a == make_exercise("fu", seed="42", difficulty=1), a.kinds
(True, ('fu',))
>>> make_exercise("everyday-yaku", seed="7", parts=("yaku", "han", "points")).kinds
('yaku', 'han', 'points')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tutor.course.curriculum import TOPICS as TOPICS
from tutor.course.curriculum import Topic as Topic
from tutor.engine import targets
from tutor.engine.points import possible_cell

# The topics live in the curriculum; they are re-exported for the modules that read them here.
from tutor.messages.catalogues import N_, Problem
from tutor.quiz.exercise import Exercise
from tutor.quiz.questions import Question

HAND_PARTS = ("yaku", "han", "fu", "points")
"""What a learner may ask of a scored hand, in any combination."""

HAND_PARTS_ONLY = N_("a hand can be asked for {parts}, not {bad}")
TABLE_FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
LIMIT_TRIES = 20


class ExerciseError(Problem):
    """Unknown topic, target, part or difficulty; the message lists the valid ones."""


def make_exercise(
    topic: str,
    seed: str,
    difficulty: int = 2,
    parts: Sequence[str] | None = None,
    target: str | None = None,
    itemised: bool = False,
) -> Exercise:
    """An exercise on ``topic``; ``parts`` picks what a hand asks (default: the topic's),
    ``target`` a yaku id or fu feature for hand topics, ``itemised`` asks fu one source at a time."""
    if topic not in TOPICS:
        raise ExerciseError(
            N_("unknown topic {topic!r}; choose from {choices}"), topic=topic, choices=", ".join(TOPICS)
        )
    if difficulty not in targets.DIFFICULTIES:
        raise ExerciseError(N_("difficulty must be 1, 2 or 3, not {difficulty!r}"), difficulty=difficulty)
    spec = TOPICS[topic]
    if target is not None and target not in targets.TARGETS:
        raise ExerciseError(
            N_("unknown target {target!r}; choose a yaku or fu feature: {choices}"),
            target=target,
            choices=targets.valid_names(),
        )
    rng = random.Random(f"{topic}|{target}|{difficulty}|{seed}")
    made: list[dict[str, Any]]
    if spec.kind == "hand":
        if target is None and spec.targets:
            target = rng.choice(spec.targets)
        made = _hand_parts(rng, difficulty, _asked(spec, parts), target, itemised)
    elif spec.kind == "waits":
        made = [{"ask": "waits", **targets.tenpai_hand(rng, difficulty)}]
    elif spec.kind == "furiten":
        made = [{"ask": "furiten", **targets.furiten_situation(rng, difficulty)}]
    elif spec.kind == "dora":
        made = _dora_parts(rng, difficulty)
    else:
        made = [_table_question(rng, difficulty)]
    return Exercise(topic, tuple(Question.from_json(q) for q in made), target, difficulty, seed)


def _asked(spec: Topic, parts: Sequence[str] | None) -> tuple[str, ...]:
    if not parts:
        return spec.parts
    unknown = [p for p in parts if p not in HAND_PARTS]
    if unknown:
        raise ExerciseError(HAND_PARTS_ONLY, parts=", ".join(HAND_PARTS), bad=", ".join(unknown))
    return tuple(p for p in HAND_PARTS if p in parts)  # always in the same order


def _hand_parts(
    rng: random.Random, difficulty: int, asked: tuple[str, ...], target: str | None, itemised: bool
) -> list[dict[str, Any]]:
    for attempt in range(LIMIT_TRIES):
        if target is not None:
            request = targets.hand_for(target, rng, difficulty)
        else:
            request = targets.random_hand(rng, difficulty)
        result = Question.from_json({"ask": "han", "request": request}).result
        assert result is not None and result.best is not None
        # The fu of a limit hand change nothing, so they are not asked (RULES.md §7).
        limit_hand = result.yakuman > 0 or result.han >= 5
        kinds = [k for k in asked if not (k == "fu" and limit_hand)]
        if kinds == list(asked) or (kinds and attempt == LIMIT_TRIES - 1):
            break
        if not kinds and attempt == LIMIT_TRIES - 1:
            kinds = ["han"]
    parts: list[dict[str, Any]] = []
    for kind in kinds:
        part: dict[str, Any] = {"ask": kind, "request": request}
        if kind == "fu" and itemised:
            part["itemised"] = True
        parts.append(part)
    return parts


def _dora_parts(rng: random.Random, difficulty: int) -> list[dict[str, Any]]:
    if rng.random() < 0.4:
        count = 1 if difficulty == 1 else rng.choice((1, 2, 2, 3))
        # Wrap-arounds (9 → 1, North → East, Red → White) are the usual slips: lean on them.
        corners = ["9m", "9p", "9s", "4z", "7z", "3z", "6z"]
        pool = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
        picks = [rng.choice(corners if rng.random() < 0.5 else pool) for _ in range(count)]
        return [{"ask": "dora_tile", "indicators": "".join(picks)}]
    return [{"ask": "dora", "request": targets.dora_hand(rng, max(difficulty, 2))}]


def _table_question(rng: random.Random, difficulty: int) -> dict[str, Any]:
    dealer, tsumo = rng.random() < 0.3, rng.random() < 0.5
    if difficulty > 1 and rng.random() < 0.2:
        han, fu = rng.choice((5, 6, 7, 8, 9, 10, 11, 12, 13)), None
    else:
        cells = [(h, f) for h in (1, 2, 3, 4) for f in TABLE_FU if possible_cell(h, f, tsumo)]
        if difficulty == 1:
            cells = [(h, f) for h, f in cells if f in (30, 40)]  # the rows everyone learns first
        han, fu = rng.choice(cells)
    question: dict[str, Any] = {"ask": "table", "han": han, "dealer": dealer, "tsumo": tsumo}
    if fu is not None:
        question["fu"] = fu
    if difficulty == 3 and rng.random() < 0.5:
        question["honba"] = rng.randint(1, 4)
    return question
