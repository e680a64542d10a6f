"""The progress page's numbers come from the per-day tallies and the skill states the database keeps as
answers are written, released and merged; they equal what the answers themselves give (the queries the
page ran before, kept here as the oracle), on random histories."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlite_utils import Database

from tutor import accounts, progress
from tutor.quiz.skills import info

from .test_incremental_skills import FAST, SKILLS, Learners

MISTAKES = ["mistake:fu-rounding", "mistake:dealer-points"]
step = st.one_of(
    st.tuples(
        st.sampled_from(["account", "guest"]),
        st.integers(0, 2 * 86400),
        st.integers(0, 2),
        st.dictionaries(st.sampled_from(SKILLS), st.booleans(), min_size=1, max_size=3),
        st.lists(st.sampled_from(MISTAKES), max_size=2, unique=True).map(tuple),
    ),
    st.tuples(st.just("release"), st.integers(1, 2)),
    st.tuples(st.just("merge")),
)


def old_first_tries(db: Database, user_id: int, since: date, by: str, family: str | None = None) -> dict[str, Any]:
    """The computation from the answers themselves, as the progress page made it before the tallies."""
    key, source, table = {
        "topic": ("q.topic", "answers a JOIN questions q ON q.id = a.question_id", "a"),
        "skill": ("s.skill", "answer_skills s JOIN answers a ON a.id = s.answer_id", "s"),
    }[by]
    sql = (
        f"SELECT {key} AS k, substr({table}.answered_at, 1, 10) AS day, COUNT(*) AS done,"
        f" SUM({table}.correct) AS right FROM {source}"
        f" WHERE {table}.user_id = ? AND a.attempt = 1 AND a.held = 0 AND {table}.answered_at >= ?"
    )
    params: list[Any] = [user_id, since.isoformat()]
    if family:
        sql += " AND s.skill LIKE ?"
        params.append(f"{family}:%")
    found: dict[str, dict[date, tuple[int, int]]] = {}
    for row in db.query(sql + " GROUP BY k, day", params):
        found.setdefault(row["k"], {})[date.fromisoformat(row["day"])] = (row["done"], row["right"] or 0)
    return found


def old_weakest(db: Database, user_id: int, moment: datetime) -> list[progress.Weakness]:
    found = []
    for row in db.query(
        "SELECT st.skill, st.card, st.due_at, COUNT(s.answer_id) AS done, SUM(s.correct) AS right"
        " FROM skill_states st JOIN answer_skills s ON s.user_id = st.user_id AND s.skill = st.skill"
        " JOIN answers a ON a.id = s.answer_id AND a.held = 0"
        " WHERE st.user_id = ? AND st.lapses > 0 GROUP BY st.skill",
        [user_id],
    ):
        card = progress.Card.from_json(row["card"])
        about = info(row["skill"])
        chance = progress.SCHEDULER.get_card_retrievability(card, moment)
        found.append(
            progress.Weakness(
                row["skill"], about.label, about.lesson, row["right"] or 0, row["done"], chance, row["due_at"]
            )
        )
    found.sort(key=lambda w: (w.right / w.done if w.done else 0, w.retrievability, -w.done))
    return found[:10]


def old_mistakes(db: Database, user_id: int, days: int) -> list[tuple[str, int]]:
    rows = db.query(
        "SELECT j.value AS mistake, COUNT(*) AS n FROM answers a, json_each(a.mistakes) j"
        " WHERE a.user_id = ? AND a.held = 0 AND a.answered_at >= ? GROUP BY j.value ORDER BY n DESC, j.value",
        [user_id, progress._since(days)],
    )
    return [(row["mistake"], row["n"]) for row in rows]


def everything(db: Database, user_id: int, moment: datetime) -> dict[str, Any]:
    shown: dict[str, Any] = {}
    for days in (7, 30, 90, 365):
        shown[f"topics{days}"] = progress.topic_tallies(db, user_id, days)
        shown[f"daily{days}"] = progress.daily_accuracy(db, user_id, days)
        shown[f"fu-daily{days}"] = progress.daily_accuracy(db, user_id, days, topic="fu")
        for family in ("yaku", "fu", "table"):
            shown[f"{family}{days}"] = progress.skill_tallies(db, user_id, days, family)
        shown[f"mistakes{days}"] = progress.mistake_counts(db, user_id, days)
    shown["weakest"] = progress.weakest(db, user_id, at=moment)
    return shown


@FAST
@given(steps=st.lists(step, max_size=40))
def test_the_tallies_equal_the_answers(monkeypatch: pytest.MonkeyPatch, steps: list[tuple[Any, ...]]) -> None:
    moment = datetime.now(UTC)
    learners = Learners(monkeypatch, start=moment - timedelta(days=40))
    merged = False
    for one in steps:
        if one[0] == "release":
            learners.release("account", one[1])
        elif one[0] == "merge" and not merged:
            guest, account = accounts.get_user(learners.db, 2), accounts.get_user(learners.db, 1)
            assert guest is not None and account is not None
            accounts.merge_guest(learners.db, guest, account)
            merged = True
        elif one[0] != "merge" and not (merged and one[0] == "guest"):
            learners.answer(*one)
    for user_id in (1, 2):
        new = everything(learners.db, user_id, moment)
        with monkeypatch.context() as patch:
            patch.setattr(progress, "_first_tries", old_first_tries)
            patch.setattr(progress, "mistake_counts", old_mistakes)
            old = everything(learners.db, user_id, moment)
        old["weakest"] = old_weakest(learners.db, user_id, moment)
        assert new == old


def test_deleting_answers_takes_them_out_of_the_tallies(monkeypatch: pytest.MonkeyPatch) -> None:
    learners = Learners(monkeypatch, start=datetime.now(UTC) - timedelta(days=3))
    learners.answer("guest", 60, 0, {"yaku:pinfu": True})
    learners.answer("guest", 60, 0, {"yaku:pinfu": False, "fu:kanchan": True})
    assert next(learners.db.query("SELECT SUM(done) AS n FROM first_try_days WHERE user_id = 2"))["n"] == 5
    learners.db.execute("UPDATE users SET created_at = '2000-01-01' WHERE id = 2")
    learners.db.execute("UPDATE practice_sessions SET started_at = '2000-01-01'")
    learners.db.execute("UPDATE answers SET answered_at = '2000-01-01T00:00:00+00:00'")
    assert accounts.purge_guests(learners.db, timedelta(days=1)) == 1
    assert list(learners.db.query("SELECT * FROM first_try_days")) == []
