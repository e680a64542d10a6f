"""The curriculum catalogue agrees with the engine and the lessons, and answers what practice asks of it."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from tutor.app import resource_dir
from tutor.course import curriculum
from tutor.course.curriculum import TARGET_TOPICS, TOPICS, skill_in_topics, skill_lesson_url, topic_of_target
from tutor.engine import targets as engine
from tutor.engine.api import score_request
from tutor.engine.yaku import YAKU
from tutor.quiz import makers
from tutor.quiz.skills import FAMILIES

ENGINE = Path(engine.__file__).resolve().parent


def _lesson_slugs() -> set[str]:
    slugs = set()
    for path in (resource_dir("lessons") / "en").glob("*.md"):
        found = re.search(r"^slug:\s*(\S+)\s*$", path.read_text(encoding="utf-8"), re.M)
        if found:
            slugs.add(found.group(1))
    return slugs


def test_every_topic_is_taught_by_a_lesson_that_exists() -> None:
    missing = {t.id: t.lesson for t in TOPICS.values() if t.lesson not in _lesson_slugs()}
    assert not missing


def test_every_target_of_a_topic_is_a_hand_the_engine_makes_of_that_family() -> None:
    for topic in TOPICS.values():
        for target in topic.targets:
            assert target in engine.TARGETS, (topic.id, target)
            assert engine.TARGETS[target].kind == topic.target_family, (topic.id, target)


def test_every_hand_the_engine_makes_has_a_topic_unless_its_yaku_is_an_optional_rule() -> None:
    # The course teaches the standard rules; yaku of optional rules (renhou, daisharin, ...) have no topic.
    untaught = {t for t in engine.TARGETS if t not in TARGET_TOPICS}
    assert untaught == {t for t in untaught if t in YAKU and YAKU[t].rule is not None}


def test_the_yaku_topics_pick_up_the_standard_yaku_by_their_han() -> None:
    standard = [y for y in YAKU.values() if y.rule is None]
    assert TOPICS["one-han"].targets == tuple(y.id for y in standard if y.han == 1 and not y.yakuman)
    assert TOPICS["two-han"].targets == tuple(y.id for y in standard if y.han == 2 and not y.yakuman)
    assert set(TOPICS["yakuman"].targets) == {y.id for y in standard if y.yakuman}


def test_the_engine_keeps_no_topics() -> None:
    # Topics are the curriculum's: the engine makes hands for targets, and knows no group of them.
    assert not hasattr(engine, "TOPICS") and not hasattr(engine, "hand_for_topic")


@pytest.mark.parametrize("topic", [t.id for t in TOPICS.values() if t.targets or t.hands])
def test_every_topic_of_scored_hands_makes_hands_that_score(topic: str) -> None:
    rng = random.Random(topic)
    for _ in range(4):
        response = score_request(curriculum.hand_for_topic(topic, rng, 2))
        assert "error" not in response and response["yaku"]


def test_a_topic_without_scored_hands_is_refused_with_the_ones_that_have_them() -> None:
    for topic in ("nope", "waits"):
        with pytest.raises(engine.TargetError, match="everyday-yaku") as refused:
            curriculum.hand_for_topic(topic, random.Random(1))
        assert "waits" not in str(refused.value).partition(":")[2]


def test_the_makers_re_export_the_catalogue() -> None:
    assert makers.TOPICS is TOPICS
    assert makers.Topic is curriculum.Topic


def test_a_target_belongs_to_the_first_topic_that_teaches_it() -> None:
    assert topic_of_target("riichi") == "everyday-yaku"  # also a 1-han yaku
    assert topic_of_target("ittsu") == "two-han"
    assert topic_of_target("kanchan") == "fu"
    assert topic_of_target("renhou") is None
    assert all(target in TOPICS[topic].targets for target, topic in TARGET_TOPICS.items())


@pytest.mark.parametrize(
    ("skill", "topics", "trained"),
    [
        pytest.param("yaku:pinfu", ["everyday-yaku"], True, id="yaku-of-the-topic"),
        pytest.param("yaku:pinfu", ["two-han", "fu"], False, id="yaku-of-another-topic"),
        pytest.param("fu:kanchan", ["fu"], True, id="fu-feature"),
        pytest.param("waits:tanki", ["fu"], False, id="a-wait-is-not-the-tanki-fu"),
        pytest.param("waits:tanki", ["waits"], True, id="waits"),
        pytest.param("table:3-40-dealer-ron", ["table"], True, id="table-cell"),
        pytest.param("table:3-40-dealer-ron", ["points"], False, id="table-cell-not-in-points"),
        pytest.param("furiten:temporary", ["furiten"], True, id="furiten"),
        pytest.param("dora:indicator", ["dora", "fu"], True, id="dora"),
        pytest.param("mistake:no-mangan-cap", ["points"], True, id="mistake-in-points"),
        pytest.param("mistake:no-mangan-cap", ["fu"], True, id="mistake-in-fu"),
        pytest.param("mistake:no-mangan-cap", ["everyday-yaku", "waits"], False, id="mistake-not-in-yaku"),
        pytest.param("yaku:pinfu", [], False, id="no-topics"),
    ],
)
def test_which_skills_a_topic_trains(skill: str, topics: list[str], trained: bool) -> None:
    assert skill_in_topics(skill, topics) is trained


@pytest.mark.parametrize(
    ("skill", "url"),
    [
        ("fu:kanchan", "/lessons/fu"),
        ("table:3-40-dealer-ron", "/lessons/point-table"),
        ("furiten:temporary", "/lessons/furiten"),
        ("waits:kanchan", "/lessons/waits"),
        ("dora:count", "/lessons/dora"),
        ("yaku:ittsu", "/lessons/two-han"),
        ("nonsense:x", "/lessons/"),
    ],
)
def test_the_lesson_of_a_skill(skill: str, url: str) -> None:
    assert skill_lesson_url(skill) == url


def test_every_skill_family_is_taught_by_a_topic_or_names_its_own_lesson() -> None:
    untaught = {
        f for f, family in FAMILIES.items() if curriculum.topic_of_skill(f"{f}:?") is None and not family.lesson
    }
    assert untaught == set()


def test_the_engine_imports_nothing_outside_the_engine() -> None:
    # The engine knows nothing of lessons, topics or the web: the curriculum reads it, never the reverse.
    # It may say things through the message core (tutor.messages), which is not part of any feature.
    outside = []
    for path in ENGINE.rglob("*.py"):
        package = ["tutor", "engine", *path.parent.relative_to(ENGINE).parts]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                names = [".".join([*base, node.module or ""]).strip(".")]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            outside += [
                f"{path.name}: {n}"
                for n in names
                if n.startswith(("tutor", "flask")) and not n.startswith(("tutor.engine", "tutor.messages"))
            ]
    assert not outside
