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

from tutor import accounts
from tutor.course.curriculum import TOPICS
from tutor.db import migrations
from tutor.practice import progress
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


class OldWindow:
    def __init__(self, days: int) -> None:
        self.today = datetime.now(UTC).date()
        self.start = self.today - timedelta(days=days - 1)
        self.weeks = max(1, -(-days // 7))
        self.trend_start = self.today - timedelta(days=self.weeks * 7 - 1)

    def tally(self, key: str, label: str, link: str, days: dict[date, tuple[int, int]]) -> progress.Tally:
        inside = [counts for day, counts in days.items() if day >= self.start]
        weekly = [[0, 0] for _ in range(self.weeks)]
        for day, (done, right) in days.items():
            week = weekly[(day - self.trend_start).days // 7]
            week[0] += done
            week[1] += right
        trend = [right / done if done else None for done, right in weekly] if days else []
        return progress.Tally(key, label, sum(d for d, _ in inside), sum(r for _, r in inside), link, trend)


def old_topic_tallies(db: Database, user_id: int, days: int) -> list[progress.Tally]:
    window = OldWindow(days)
    found = old_first_tries(db, user_id, window.trend_start, "topic")
    return [
        window.tally(topic.id, topic.title, f"/lessons/{topic.lesson}", found.get(topic.id, {}))
        for topic in TOPICS.values()
    ]


def old_skill_tallies(db: Database, user_id: int, days: int, family: str) -> list[progress.Tally]:
    window = OldWindow(days)
    tallies = []
    for skill, by_day in old_first_tries(db, user_id, window.trend_start, "skill", family).items():
        about = info(skill)
        tally = window.tally(skill, about.label, about.lesson, by_day)
        if tally.done:
            tallies.append(tally)
    return sorted(tallies, key=lambda t: (t.accuracy or 0, -t.done))


def old_daily(db: Database, user_id: int, days: int, topic: str | None = None) -> list[tuple[date, int, int]]:
    window = OldWindow(days)
    totals: dict[date, list[int]] = {}
    for key, by_day in old_first_tries(db, user_id, window.start, "topic").items():
        if topic is None or key == topic:
            for day, (done, right) in by_day.items():
                total = totals.setdefault(day, [0, 0])
                total[0] += done
                total[1] += right
    series = []
    for offset in range(days - 1, -1, -1):
        day = window.today - timedelta(days=offset)
        done, right = totals.get(day, (0, 0))
        series.append((day, right, done))
    return series


def old_streak(db: Database, user_id: int) -> int:
    days = {
        date.fromisoformat(row["day"])
        for row in db.query(
            "SELECT DISTINCT substr(answered_at, 1, 10) AS day FROM answers WHERE user_id = ?", [user_id]
        )
    }
    day = datetime.now(UTC).date()
    if day not in days:
        day -= timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def old_weakest(db: Database, user_id: int, moment: datetime, limit: int = 10) -> list[progress.Weakness]:
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
    return found[:limit]


def old_mistakes(db: Database, user_id: int, days: int) -> list[tuple[str, int]]:
    rows = db.query(
        "SELECT j.value AS mistake, COUNT(*) AS n FROM answers a, json_each(a.mistakes) j"
        " WHERE a.user_id = ? AND a.held = 0 AND a.answered_at >= ? GROUP BY j.value ORDER BY n DESC, j.value",
        [user_id, progress._since(days)],
    )
    return [(row["mistake"], row["n"]) for row in rows]


def everything(db: Database, user_id: int, moment: datetime) -> dict[str, Any]:
    shown: dict[str, Any] = {"streak": progress.streak(db, user_id)}
    for days in (7, 30, 90, 365):
        shown[f"topics{days}"] = progress.topic_tallies(db, user_id, days)
        shown[f"daily{days}"] = progress.daily_accuracy(db, user_id, days)
        shown[f"fu-daily{days}"] = progress.daily_accuracy(db, user_id, days, topic="fu")
        for family in ("yaku", "fu", "table"):
            shown[f"{family}{days}"] = progress.skill_tallies(db, user_id, days, family)
        shown[f"families{days}"] = progress.skills_by_family(db, user_id, days, ("yaku", "fu"))
        shown[f"mistakes{days}"] = progress.mistake_counts(db, user_id, days)
    # A short list reads only the cards that can make it: ties at its end included.
    shown["weakest"] = [progress.weakest(db, user_id, limit=limit, at=moment) for limit in (1, 2, 3, 10)]
    return shown


def the_old_way(db: Database, user_id: int, moment: datetime) -> dict[str, Any]:
    shown: dict[str, Any] = {"streak": old_streak(db, user_id)}
    for days in (7, 30, 90, 365):
        shown[f"topics{days}"] = old_topic_tallies(db, user_id, days)
        shown[f"daily{days}"] = old_daily(db, user_id, days)
        shown[f"fu-daily{days}"] = old_daily(db, user_id, days, topic="fu")
        for family in ("yaku", "fu", "table"):
            shown[f"{family}{days}"] = old_skill_tallies(db, user_id, days, family)
        shown[f"families{days}"] = {family: old_skill_tallies(db, user_id, days, family) for family in ("yaku", "fu")}
        shown[f"mistakes{days}"] = old_mistakes(db, user_id, days)
    shown["weakest"] = [old_weakest(db, user_id, moment, limit) for limit in (1, 2, 3, 10)]
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
        assert everything(learners.db, user_id, moment) == the_old_way(learners.db, user_id, moment)


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


@FAST
@given(
    answers=st.lists(
        st.tuples(st.integers(0, 400), st.dictionaries(st.sampled_from(SKILLS), st.booleans(), min_size=1, max_size=3)),
        min_size=1,
        max_size=30,
    ),
    flipped=st.sets(st.integers(0, 29)),
    deleted=st.sets(st.integers(0, 29)),
)
def test_the_weekly_tallies_follow_answers_written_changed_and_deleted(
    monkeypatch: pytest.MonkeyPatch, answers: list[tuple[int, dict[str, bool]]], flipped: set[int], deleted: set[int]
) -> None:
    """Answers spread over a year (so every window's first week starts before the window on some day),
    then some marked the other way and some deleted: each week of each of the seven sets of weeks holds
    what its days hold, and the page's tallies are still what the answers give."""
    moment = datetime.now(UTC)
    learners = Learners(monkeypatch, start=moment)
    for days_ago, touched in answers:
        learners.clock = moment - timedelta(days=days_ago)
        learners.answer("account", 0, 0, touched)
    db = learners.db
    ids = [row[0] for row in db.execute("SELECT id FROM answers ORDER BY id").fetchall()]
    for n in flipped & set(range(len(ids))):
        db.execute("UPDATE answers SET correct = 1 - correct WHERE id = ?", [ids[n]])
        db.execute("UPDATE answer_skills SET correct = 1 - correct WHERE answer_id = ?", [ids[n]])
    for n in deleted & set(range(len(ids))):
        db.execute("DELETE FROM answer_skills WHERE answer_id = ?", [ids[n]])
        db.execute("DELETE FROM answers WHERE id = ?", [ids[n]])
    weekly = db.execute("SELECT * FROM first_try_weeks ORDER BY 1, 2, 3, 4, 5").fetchall()
    expected: dict[tuple[Any, ...], list[int]] = {}
    for user_id, kind, day, key, done, right in db.execute("SELECT * FROM first_try_days").fetchall():
        number = date.fromisoformat(day).toordinal() + 1721424  # the whole Julian day number
        for phase in range(7):
            sums = expected.setdefault((user_id, kind, phase, (number - phase) // 7, key), [0, 0])
            sums[0] += done
            sums[1] += right
    assert weekly == sorted((*where, done, right) for where, (done, right) in expected.items())
    for days in (7, 30, 90, 365):
        assert progress.topic_tallies(db, 1, days) == old_topic_tallies(db, 1, days)
        for family in ("yaku", "fu"):
            assert progress.skill_tallies(db, 1, days, family) == old_skill_tallies(db, 1, days, family)


def test_the_migration_sums_the_days_already_kept_into_weeks() -> None:
    db = Database(memory=True)
    migrations.apply(db, stop_before="m015_first_try_weeks")
    # 1 Dec 2026 is Julian day 2461375, a multiple of 7: the weeks of phase 0 start on it, so only they
    # split the two days; every other set of weeks holds both in one week.
    for day, done, right in (("2026-11-30", 2, 1), ("2026-12-01", 1, 1)):
        db.execute(
            "INSERT INTO first_try_days (user_id, kind, day, key, done, right) VALUES (1, 'skill', ?, 'yaku:pinfu', ?, ?)",
            [day, done, right],
        )
    migrations.apply(db)
    weeks = db.execute("SELECT phase, week, done, right FROM first_try_weeks ORDER BY phase, week").fetchall()
    assert weeks == [(0, 351624, 2, 1), (0, 351625, 1, 1)] + [
        (phase, (2461375 - phase) // 7, 3, 2) for phase in range(1, 7)
    ]
    # From here on the triggers keep it: the day's row taken away leaves the day before.
    db.execute("DELETE FROM first_try_days WHERE day = '2026-12-01'")
    assert db.execute("SELECT DISTINCT done, right FROM first_try_weeks").fetchall() == [(2, 1)]
    assert db.execute("SELECT COUNT(*) FROM first_try_weeks").fetchone() == (7,)
