"""Releasing held answers and merging a guest update skill states incrementally: the result is always
what a replay of the whole history from scratch gives (property-tested over random histories)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from tutor import accounts
from tutor.db import migrations
from tutor.practice import progress

SKILLS = ["yaku:pinfu", "yaku:tanyao", "fu:kanchan", "table:3-30-dealer-ron"]
TOPICS = ["fu", "everyday-yaku", "points"]
START = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)

# One step of a history: an answer (who, seconds after the last step, session, skills touched and
# whether each was right), or the release of a session's held answers.
answer = st.tuples(
    st.sampled_from(["account", "guest"]),
    st.integers(0, 3 * 86400),
    st.integers(0, 3),  # session 0 is plain practice; 1-3 are assignments that hold their answers
    st.dictionaries(st.sampled_from(SKILLS), st.booleans(), min_size=1, max_size=3),
)
release = st.tuples(st.just("release"), st.integers(1, 3))
history = st.lists(st.one_of(answer, answer, answer, release), max_size=40)


class Learners:
    """Two learners (an account and a guest) answering on a clock the test moves."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, start: datetime = START) -> None:
        self.db = Database(memory=True)
        migrations.apply(self.db)
        self.clock = start
        monkeypatch.setattr(progress, "now", lambda: self.clock.isoformat(timespec="seconds"))
        self.ids = {"account": 1, "guest": 2}
        for user_id, guest in ((1, 0), (2, 1)):
            self.db.execute(
                "INSERT INTO users (id, username, role, is_guest, created_at) VALUES (?, ?, 'learner', ?, ?)",
                [user_id, None if guest else "ann", guest, START.isoformat()],
            )
        self.sessions: dict[tuple[int, int], int] = {}
        self.questions = 0

    def session(self, user_id: int, number: int) -> int:
        if (user_id, number) not in self.sessions:
            self.sessions[(user_id, number)] = progress.start_session(self.db, user_id, "quiz", {})
        return self.sessions[(user_id, number)]

    def answer(
        self, who: str, seconds: int, number: int, touched: dict[str, bool], mistakes: tuple[str, ...] = ()
    ) -> None:
        self.clock += timedelta(seconds=seconds)
        user_id = self.ids[who]
        session_id = self.session(user_id, number)
        self.questions += 1
        question = f"q{self.questions}"
        self.db.execute(
            "INSERT INTO questions (id, user_id, session_id, position, topic, difficulty, seed, payload, served_at)"
            " VALUES (?, ?, ?, ?, ?, 2, 's', '{}', ?)",
            [question, user_id, session_id, self.questions, TOPICS[self.questions % 3], self.clock.isoformat()],
        )
        right = all(touched.values())
        served: Any = SimpleNamespace(id=question, user_id=user_id)
        named = tuple(SimpleNamespace(id=mistake) for mistake in mistakes)
        grade: Any = SimpleNamespace(parts={}, correct=right, score=float(right), mistakes=named)
        progress.record_answer(self.db, served, {}, grade, touched, 1000, held=number > 0)

    def release(self, who: str, number: int) -> None:
        user_id = self.ids[who]
        if (user_id, number) in self.sessions:
            progress.release(self.db, user_id, [self.sessions[(user_id, number)]])

    def states(self, user_id: int) -> dict[str, Any]:
        skill_states = list(
            self.db.query(
                "SELECT skill, card, due_at, reviews, lapses, updated_at FROM skill_states WHERE user_id = ?"
                " ORDER BY skill",
                [user_id],
            )
        )
        cards = list(
            self.db.query(
                "SELECT answer_id, skill, card FROM answer_skills WHERE user_id = ? ORDER BY answer_id, skill",
                [user_id],
            )
        )
        return {"skill_states": skill_states, "cards": cards}

    def replayed(self, user_id: int) -> dict[str, Any]:
        """The states a replay of the whole history from scratch gives (the oracle)."""
        progress.rebuild_skill_states(self.db, user_id)
        return self.states(user_id)


def same(incremental: dict[str, Any], replayed: dict[str, Any], legacy: bool) -> None:
    """The skill states are the replay's; so is every card kept on a row (a row answered before cards
    were kept, and not replayed since, may still have none)."""
    assert incremental["skill_states"] == replayed["skill_states"]
    keys = [(row["answer_id"], row["skill"]) for row in replayed["cards"]]
    assert [(row["answer_id"], row["skill"]) for row in incremental["cards"]] == keys
    if legacy:
        kept = [i for i, row in enumerate(incremental["cards"]) if row["card"] is not None]
        incremental["cards"] = [incremental["cards"][i] for i in kept]
        replayed["cards"] = [replayed["cards"][i] for i in kept]
    assert incremental["cards"] == replayed["cards"]


def play(learners: Learners, steps: list[tuple[Any, ...]], only: str | None = None) -> None:
    for step in steps:
        if step[0] == "release":
            learners.release("account", step[1])
        elif only is None or step[0] == only:
            learners.answer(*step)


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FAST
@given(steps=history)
def test_release_equals_a_replay_from_scratch(monkeypatch: pytest.MonkeyPatch, steps: list[tuple[Any, ...]]) -> None:
    learners = Learners(monkeypatch)
    play(learners, steps, only="account")
    for number in (1, 2, 3):
        learners.release("account", number)
        incremental = learners.states(1)
        assert incremental == learners.replayed(1)


@FAST
@given(steps=history, legacy=st.booleans())
def test_merge_equals_a_replay_from_scratch(
    monkeypatch: pytest.MonkeyPatch, steps: list[tuple[Any, ...]], legacy: bool
) -> None:
    learners = Learners(monkeypatch)
    play(learners, steps)
    if legacy:  # answers stored before cards were kept on the rows
        learners.db.execute("UPDATE answer_skills SET card = NULL")
    account = accounts.get_user(learners.db, 1)
    found = accounts.get_user(learners.db, 2)
    assert account is not None and found is not None
    accounts.merge_guest(learners.db, found, account)
    assert list(learners.db.query("SELECT id FROM users")) == [{"id": 1}]
    same(learners.states(1), learners.replayed(1), legacy)
    # The guest's held answers are the account's now; releasing them is incremental too.
    for (_user, number), session_id in learners.sessions.items():
        if number:
            progress.release(learners.db, 1, [session_id])
            same(learners.states(1), learners.replayed(1), legacy)


def test_a_release_replays_only_the_skills_and_answers_concerned(monkeypatch: pytest.MonkeyPatch) -> None:
    learners = Learners(monkeypatch)
    learners.answer("account", 60, 0, {"yaku:pinfu": True})
    learners.answer("account", 60, 1, {"fu:kanchan": False})  # held
    learners.answer("account", 60, 0, {"yaku:pinfu": False, "fu:kanchan": True})
    pinfu_before = learners.states(1)["skill_states"][1]
    replayed: list[str] = []
    original = progress._review

    def counting(card: Any, skill: str, right: bool, when: datetime) -> Any:
        replayed.append(skill)
        return original(card, skill, right, when)

    monkeypatch.setattr(progress, "_review", counting)
    learners.release("account", 1)
    assert replayed == ["fu:kanchan", "fu:kanchan"]  # the released answer and the one after it
    after = learners.states(1)
    assert after["skill_states"][1] == pinfu_before
    assert after["skill_states"][0]["reviews"] == 2 and after["skill_states"][0]["lapses"] == 1
    monkeypatch.setattr(progress, "_review", original)
    assert after == learners.replayed(1)


def test_a_release_that_meets_a_concurrent_answer_computes_again(monkeypatch: pytest.MonkeyPatch) -> None:
    learners = Learners(monkeypatch)
    learners.answer("account", 60, 1, {"fu:kanchan": False})  # held
    learners.answer("account", 60, 0, {"fu:kanchan": True})
    original = progress._plan
    plans = []

    def racing(*args: Any) -> Any:
        plan = original(*args)
        plans.append(plan)
        if len(plans) == 1:  # another request answers between the computation and the write
            learners.answer("account", 60, 0, {"fu:kanchan": True})
        return plan

    monkeypatch.setattr(progress, "_plan", racing)
    learners.release("account", 1)
    assert len(plans) == 2
    assert learners.states(1)["skill_states"][0]["reviews"] == 3
    assert learners.states(1) == learners.replayed(1)


def test_cards_are_made_without_waiting_for_a_unique_clock_id(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr("fsrs.card.time.sleep", slept.append)
    learners = Learners(monkeypatch)
    for skill in SKILLS:
        learners.answer("account", 1, 0, {skill: True})
    progress.rebuild_skill_states(learners.db, 1)
    assert slept == []
