"""The curriculum: every practice topic once, with its lesson, its targets, its skills and its title.

A topic is what a learner picks on the practice page and a teacher in an
assignment: "Fu", "2-han yaku", "Furiten". Everything above the engine looks
topics up here (the quiz makers, practice, the classroom's assignment form,
skill labels) instead of spelling slugs of its own. No Flask and no database.

The engine knows nothing of lessons or topics: it keeps the rules and the
hands it can make to order (:data:`tutor.engine.targets.TARGETS`), and a topic
here names the targets its hands are made for. Which question kind makes a
topic's exercises is said by the kind (its ``topics``, in
:mod:`tutor.quiz.kinds`). ``tests/test_curriculum.py`` checks that every
target named here exists in the engine and that every target is taught by a
topic, and that every lesson named here exists.

>>> TOPICS["fu"].lesson_url, TOPICS["fu"].target_skill("kanchan")
('/lessons/fu', 'fu:kanchan')
>>> topic_of_target("pinfu")
'everyday-yaku'
>>> skill_in_topics("fu:kanchan", ["fu"]), skill_in_topics("table:3-40-dealer-ron", ["fu", "dora"])
(True, False)
>>> skill_lesson_url("waits:kanchan")
'/lessons/waits'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from tutor.engine import targets as engine
from tutor.engine.yaku import YAKU
from tutor.messages.catalogues import N_


@dataclass(frozen=True)
class Topic:
    id: str
    title: str
    """What the practice page and the assignment form call it."""
    lesson: str
    """The slug of the lesson that teaches it (``lessons/en/NN-<slug>.md``)."""
    targets: tuple[str, ...] = ()
    """Yaku ids or fu features its hands are made for (empty: any hand)."""
    parts: tuple[str, ...] = ()
    """What a hand of this topic asks unless the learner chooses."""
    target_family: str = ""
    """The skill family of its targets: "yaku" or "fu" ("" when it has none)."""
    families: tuple[str, ...] = ()
    """Skill families it trains whole, whatever the name: every ``table:`` cell, every ``mistake:``, ..."""
    hands: Callable[[Random, int], dict[str, Any]] | None = None
    """For a topic of scored hands without targets: how ``tutor generate --topic`` makes one."""

    @property
    def lesson_url(self) -> str:
        return f"/lessons/{self.lesson}"

    def target_skill(self, target: str) -> str:
        """The skill a hand made for ``target`` trains: ``yaku:pinfu``, ``fu:kanchan``."""
        return f"{self.target_family}:{target}"

    def has_skill(self, skill: str) -> bool:
        family, _, name = skill.partition(":")
        return family in self.families or (family == self.target_family and name in self.targets)


def _yaku_topic(id: str, title: str, targets: Iterable[str]) -> Topic:
    # The lesson of each yaku topic shares its slug.
    return Topic(id, title, id, tuple(targets), ("yaku", "han"), "yaku")


def _yaku_of(han: int) -> tuple[str, ...]:
    """The standard yaku of ``han`` han, closed, in the engine's order (new yaku join by their han;
    local yaku stay out of topics)."""
    return tuple(y.id for y in YAKU.values() if y.han == han and not y.yakuman and y.rule is None)


EVERYDAY_YAKU = (
    "riichi",
    "menzen_tsumo",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "yakuhai_seat_wind",
    "yakuhai_round_wind",
    "tanyao",
    "pinfu",
)
FU_FEATURES = (
    "closed-ron",
    "kanchan",
    "penchan",
    "tanki",
    "ron-triplet",
    "closed-terminal-triplet",
    "open-triplet",
    "closed-kan",
    "open-kan",
    "value-pair",
    "double-wind-pair",
    "pinfu-tsumo",
    "open-pinfu",
    "chiitoitsu-fu",
)

TOPICS: dict[str, Topic] = {
    t.id: t
    for t in (
        _yaku_topic("everyday-yaku", N_("Everyday yaku"), EVERYDAY_YAKU),
        _yaku_topic("one-han", N_("1-han yaku"), _yaku_of(1)),
        _yaku_topic("two-han", N_("2-han yaku"), _yaku_of(2)),
        _yaku_topic("three-six-han", N_("3- and 6-han yaku"), ("ryanpeikou", "junchan", "honitsu", "chinitsu")),
        _yaku_topic("yakuman", N_("Yakuman"), (y.id for y in YAKU.values() if y.yakuman and y.rule is None)),
        # Mistakes (forgetting a fu, the mangan cap, ...) show in fu, points and table answers.
        Topic("fu", N_("Fu"), "fu", FU_FEATURES, ("fu",), "fu", ("mistake",)),
        Topic("points", N_("Points"), "points", (), ("points",), families=("mistake",), hands=engine.random_hand),
        Topic("dora", N_("Dora"), "dora", families=("dora",), hands=engine.dora_hand),
        Topic("waits", N_("Waits"), "waits", families=("waits",)),
        Topic("furiten", N_("Furiten"), "furiten", families=("furiten",)),
        Topic("table", N_("Point-table drill"), "point-table", families=("table", "mistake")),
    )
}
"""Practice topics, in the order quiz seeds depend on (see below); the lessons have since been reordered."""

TOPIC_IDS = tuple(TOPICS)

# Iterating the topics backwards lets the first topic that teaches a target win, and the order of
# the keys is part of what a quiz seed means (a quiz's targets are listed in this order, then
# shuffled by the seed): keep it.
TARGET_TOPICS: dict[str, str] = {target: topic.id for topic in reversed(TOPICS.values()) for target in topic.targets}
"""Each yaku and fu feature a hand can be made for, with the (first) topic that teaches it."""


def topic_of_target(target: str) -> str | None:
    """The first topic that teaches a yaku id or fu feature; None when no topic makes hands for it."""
    return TARGET_TOPICS.get(target)


def targets_of(topic: str) -> tuple[str, ...]:
    return TOPICS[topic].targets


def hand_for_topic(topic: str, rng: Random, difficulty: int = 2) -> dict[str, Any]:
    """A score request for a hand of ``topic`` (``tutor generate --topic``): made for one of its
    targets, or as the topic makes hands without targets (any hand for points, a hand with dora for dora).
    Refuses a topic that asks no scored hand (waits, furiten, the point table)."""
    spec = TOPICS.get(topic)
    if spec is None or not (spec.targets or spec.hands):
        choices = ", ".join(t.id for t in TOPICS.values() if t.targets or t.hands)
        raise engine.TargetError(f"unknown topic {topic!r}; choose a topic of scored hands: {choices}")
    if spec.targets:
        return engine.hand_for(rng.choice(spec.targets), rng, difficulty)
    assert spec.hands is not None
    return spec.hands(rng, difficulty)


def skill_in_topics(skill: str, topics: Iterable[str]) -> bool:
    """Whether practising these topics trains ``skill`` (due skills of other topics wait for review)."""
    return any(TOPICS[topic].has_skill(skill) for topic in topics)


@functools.lru_cache(maxsize=1024)  # the topics never change, and a progress page asks for dozens of skills
def topic_of_skill(skill: str) -> Topic | None:
    """The first topic that trains ``skill``, else the first that trains its family; None for neither."""
    family = skill.partition(":")[0]
    found = next((t for t in TOPICS.values() if t.has_skill(skill)), None)
    return found or next((t for t in TOPICS.values() if family in (t.target_family, *t.families)), None)


LESSON_TOPICS: dict[str, str] = {
    **{topic.lesson: topic.id for topic in reversed(TOPICS.values())},
    # Lessons that teach a topic without being its own lesson.
    "counting-fu": "fu",
    "table-scoring": "points",
}
"""The practice topic each lesson leads into ("Practise this"); a lesson without one gets no link."""


def topic_of_lesson(slug: str) -> Topic | None:
    """The topic to practise after lesson ``slug``; None for lessons no topic trains (tiles, draws).

    >>> topic_of_lesson("counting-fu").id, topic_of_lesson("point-table").id, topic_of_lesson("tiles")
    ('fu', 'table', None)
    """
    found = LESSON_TOPICS.get(slug)
    return TOPICS[found] if found else None


def skill_lesson_url(skill: str) -> str:
    """The lesson that teaches ``skill``; the course's contents when no topic trains it."""
    topic = topic_of_skill(skill)
    return topic.lesson_url if topic else "/lessons/"
