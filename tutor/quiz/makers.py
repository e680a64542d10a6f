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

from tutor.course.curriculum import TOPICS as TOPICS
from tutor.course.curriculum import Topic as Topic
from tutor.engine import targets

# The topics live in the curriculum; they are re-exported for the modules that read them here.
from tutor.messages.catalogues import N_, Problem
from tutor.quiz.exercise import Exercise
from tutor.quiz.kinds.hand import is_hand_part
from tutor.quiz.questions import KINDS, Order, Question

HAND_PARTS = tuple(kind for kind, question in KINDS.items() if is_hand_part(question))
"""What a learner may ask of a scored hand, in any combination (``yaku``, ``han``, ``fu``, ``points``)."""

HAND_PARTS_ONLY = N_("a hand can be asked for {parts}, not {bad}")


class ExerciseError(Problem):
    """Unknown topic, target, part or difficulty; the message lists the valid ones."""


class NoMaker(LookupError):
    """A topic no question kind declares it makes: a mistake in the code, not in a request."""


def maker(topic: str) -> type[Question]:
    """The question kind that makes the exercises of ``topic`` (it names the topic in its ``topics``).

    >>> maker("fu").kind, maker("dora").kind
    ('fu', 'dora')
    """
    found = [question for question in KINDS.values() if topic in question.topics]
    if len(found) != 1:
        raise NoMaker(
            f"topic {topic!r} must be made by one question kind, not {len(found)} "
            f"({', '.join(q.kind for q in found) or 'none'}): name it in one kind's `topics`"
        )
    return found[0]


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
    asked = _asked(spec, parts)
    rng = random.Random(f"{topic}|{target}|{difficulty}|{seed}")
    if target is None and spec.targets:
        target = rng.choice(spec.targets)
    made = maker(topic).make(Order(rng, difficulty, target, asked, itemised))
    # Read as a stored exercise is, so a hand asked several parts is solved once for all of them.
    return Exercise.from_json({"topic": topic, "target": target, "difficulty": difficulty, "seed": seed, "parts": made})


def _asked(spec: Topic, parts: Sequence[str] | None) -> tuple[str, ...]:
    if not parts:
        return spec.parts
    unknown = [p for p in parts if p not in HAND_PARTS]
    if unknown:
        raise ExerciseError(HAND_PARTS_ONLY, parts=", ".join(HAND_PARTS), bad=", ".join(unknown))
    return tuple(p for p in HAND_PARTS if p in parts)  # always in the same order
