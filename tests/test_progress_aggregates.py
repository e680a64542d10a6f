"""The progress page's numbers come from the per-day and per-week tallies and the skill states the database
keeps as answers are written, released, merged and deleted. On random histories they are what the answers
themselves give, counted in this file by plain SQL over the ``answers`` table (the definition of each
figure, not the page's old code); on a seeded history with a fixed clock they are the figures recorded in
tests/data/golden/ (see tests/golden.py to record them again)."""

from __future__ import annotations

import random
from dataclasses import asdict
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlite_utils import Database

from tests.golden import as_json, golden_json
from tutor import accounts
from tutor.course.curriculum import TOPICS
from tutor.db import migrations
from tutor.practice import progress, statistics
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
WINDOWS = (7, 30, 90, 365)


# --- each figure, counted from the answers --------------------------------------------------------


def counted(db: Database, user_id: int, by: str, key: str, since: date, until: date | None = None) -> tuple[int, int]:
    """(first tries, of which right) of a topic or a skill from ``since`` up to ``until`` (excluded): the
    learner's first answers to each question, released (not held), straight from the answers."""
    if by == "topic":
        sql = (
            "SELECT COUNT(*), COALESCE(SUM(a.correct), 0) FROM answers a JOIN questions q ON q.id = a.question_id"
            " WHERE a.user_id = ? AND a.attempt = 1 AND a.held = 0 AND q.topic = ? AND a.answered_at >= ?"
        )
    else:
        sql = (
            "SELECT COUNT(*), COALESCE(SUM(s.correct), 0) FROM answer_skills s JOIN answers a ON a.id = s.answer_id"
            " WHERE s.user_id = ? AND a.attempt = 1 AND a.held = 0 AND s.skill = ? AND s.answered_at >= ?"
        )
    params: list[Any] = [user_id, key, since.isoformat()]
    if until is not None:
        sql += " AND a.answered_at < ?" if by == "topic" else " AND s.answered_at < ?"
        params.append(until.isoformat())
    done, right = db.execute(sql, params).fetchone()
    return done, right


def skills_met(db: Database, user_id: int, family: str, since: date) -> set[str]:
    rows = db.execute(
        "SELECT DISTINCT s.skill FROM answer_skills s JOIN answers a ON a.id = s.answer_id WHERE s.user_id = ?"
        " AND a.attempt = 1 AND a.held = 0 AND s.skill LIKE ? AND s.answered_at >= ?",
        [user_id, f"{family}:%", since.isoformat()],
    )
    return {skill for (skill,) in rows}


def check_tally(db: Database, user_id: int, by: str, tally: statistics.Tally, days: int) -> None:
    """A tally holds the first tries of the window's days, and a trend of whole weeks ending today (each
    week's share right, None for a week without any; no trend at all without a first try in them)."""
    today = statistics.today()
    assert (tally.done, tally.first_try_right) == counted(db, user_id, by, tally.key, today - timedelta(days=days - 1))
    weeks = -(-days // 7)
    starts = [today - timedelta(days=7 * (weeks - n) - 1) for n in range(weeks)]
    tries = [counted(db, user_id, by, tally.key, start, start + timedelta(days=7)) for start in starts]
    trend = [right / done if done else None for done, right in tries]
    assert tally.trend == (trend if any(done for done, _ in tries) else [])


def check_daily(db: Database, user_id: int, days: int, series: list[tuple[date, int, int]], topic: str | None) -> None:
    """One entry a day, the last ``days`` days up to today, each the day's first tries (of one topic or all)."""
    today = statistics.today()
    assert [day for day, _, _ in series] == [today - timedelta(days=n) for n in range(days - 1, -1, -1)]
    topics = [topic] if topic else list(TOPICS)
    for day, right, done in series:
        tries = [counted(db, user_id, "topic", key, day, day + timedelta(days=1)) for key in topics]
        assert (done, right) == (sum(d for d, _ in tries), sum(r for _, r in tries))


def streak_counted(db: Database, user_id: int) -> int:
    """Days in a row with an answer, up to today, or up to yesterday when there is none yet today."""
    days = {row[0] for row in db.execute("SELECT substr(answered_at, 1, 10) FROM answers WHERE user_id = ?", [user_id])}
    day = statistics.today()
    if day.isoformat() not in days:
        day -= timedelta(days=1)
    count = 0
    while day.isoformat() in days:
        count, day = count + 1, day - timedelta(days=1)
    return count


def mistakes_counted(db: Database, user_id: int, days: int) -> list[tuple[str, int]]:
    """Each named mistake of the window's released answers, how often it was named, most often first."""
    rows = db.execute(
        "SELECT j.value, COUNT(*) AS n FROM answers a, json_each(a.mistakes) j WHERE a.user_id = ? AND a.held = 0"
        " AND a.answered_at >= ? GROUP BY j.value ORDER BY n DESC, j.value",
        [user_id, (statistics.today() - timedelta(days=days - 1)).isoformat()],
    )
    return [(mistake, n) for mistake, n in rows]


def check_weakest(db: Database, user_id: int, moment: datetime) -> None:
    """The skills got wrong at least once: their first tries from the answers, the card's chance of being
    remembered now, the lowest share right first; a shorter list is the start of a longer one."""
    longest = statistics.weakest(db, user_id, limit=10, at=moment)
    for limit in (1, 2, 3):
        assert statistics.weakest(db, user_id, limit=limit, at=moment) == longest[:limit]
    states = {
        skill: (progress.Card.from_json(card), due_at)
        for skill, card, due_at in db.execute(
            "SELECT skill, card, due_at FROM skill_states WHERE user_id = ? AND lapses > 0", [user_id]
        )
    }
    assert len(longest) == min(10, len(states))
    for weak in longest:
        assert (weak.done, weak.right) == counted(db, user_id, "skill", weak.skill, date.min)
        card, due_at = states[weak.skill]
        assert weak.retrievability == progress.SCHEDULER.get_card_retrievability(card, moment)
        assert (weak.label, weak.lesson, weak.due_at) == (info(weak.skill).label, info(weak.skill).lesson, due_at)
    order = [(w.right / w.done if w.done else 0, w.retrievability, -w.done) for w in longest]
    assert order == sorted(order)
    if len(states) > len(longest):  # the skills left out are no weaker than the last one in
        shown = {w.skill for w in longest}
        for skill in set(states) - shown:
            done, right = counted(db, user_id, "skill", skill, date.min)
            assert (right / done if done else 0) >= order[-1][0]


def check_everything(db: Database, user_id: int, moment: datetime) -> None:
    assert statistics.streak(db, user_id) == streak_counted(db, user_id)
    for days in WINDOWS:
        topics = statistics.topic_tallies(db, user_id, days)
        assert [(t.key, t.label, t.link) for t in topics] == [
            (topic.id, topic.title, f"/lessons/{topic.lesson}") for topic in TOPICS.values()
        ]
        for tally in topics:
            check_tally(db, user_id, "topic", tally, days)
        daily = statistics.daily_accuracy(db, user_id, days)
        check_daily(db, user_id, days, daily, None)
        check_daily(db, user_id, days, statistics.daily_accuracy(db, user_id, days, topic="fu"), "fu")
        # The totals add up: the days' first tries are the topics'.
        assert sum(done for _, _, done in daily) == sum(t.done for t in topics)
        assert sum(right for _, right, _ in daily) == sum(t.first_try_right for t in topics)
        since = statistics.today() - timedelta(days=days - 1)
        for family in ("yaku", "fu", "table"):
            tallies = statistics.skill_tallies(db, user_id, days, family)
            assert {t.key for t in tallies} == skills_met(db, user_id, family, since)
            assert [(t.label, t.link) for t in tallies] == [(info(t.key).label, info(t.key).lesson) for t in tallies]
            for tally in tallies:
                check_tally(db, user_id, "skill", tally, days)
            assert tallies == sorted(tallies, key=lambda t: (t.accuracy or 0, -t.done, t.key))
        families = statistics.skills_by_family(db, user_id, days, ("yaku", "fu"))
        assert families == {family: statistics.skill_tallies(db, user_id, days, family) for family in ("yaku", "fu")}
        assert statistics.mistake_counts(db, user_id, days) == mistakes_counted(db, user_id, days)
    check_weakest(db, user_id, moment)


def everything(db: Database, user_id: int, moment: datetime) -> dict[str, Any]:
    """Every figure the progress page and /api/progress show, as JSON."""
    shown: dict[str, Any] = {"streak": statistics.streak(db, user_id)}
    for days in WINDOWS:
        shown[f"topics{days}"] = [asdict(t) for t in statistics.topic_tallies(db, user_id, days)]
        for topic in (None, "fu"):
            series = statistics.daily_accuracy(db, user_id, days, topic=topic)
            shown[f"{topic or 'all'}-daily{days}"] = [(day.isoformat(), right, done) for day, right, done in series]
        for family in ("yaku", "fu", "table"):
            shown[f"{family}{days}"] = [asdict(t) for t in statistics.skill_tallies(db, user_id, days, family)]
        shown[f"mistakes{days}"] = statistics.mistake_counts(db, user_id, days)
    shown["weakest"] = [asdict(w) for w in statistics.weakest(db, user_id, limit=10, at=moment)]
    return as_json(shown)


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
        check_everything(learners.db, user_id, moment)


FIXED = datetime(2026, 12, 1, 15, 30, tzinfo=UTC)


def seeded_history(monkeypatch: pytest.MonkeyPatch, seed: int) -> Learners:
    """Two learners' answers over about half a year up to an hour before FIXED (a fixed today), with held
    assignments released, and the guest merged into the account two thirds of the way."""
    monkeypatch.setattr(statistics, "today", lambda: FIXED.date())
    rng = random.Random(seed)
    gaps = [rng.randrange(2 * 86400 + 1) + (3 * 86400 if n % 40 == 0 else 0) for n in range(160)]
    learners = Learners(monkeypatch, start=FIXED - timedelta(seconds=sum(gaps) + 3600))
    for number, gap in enumerate(gaps):
        if number == 120:
            guest, account = accounts.get_user(learners.db, 2), accounts.get_user(learners.db, 1)
            assert guest is not None and account is not None
            accounts.merge_guest(learners.db, guest, account)
        who = "guest" if number < 120 and rng.random() < 0.3 else "account"
        touched = {skill: rng.random() < 0.6 for skill in rng.sample(SKILLS, rng.randrange(1, 4))}
        mistakes = tuple(rng.sample(MISTAKES, rng.randrange(3))) if not all(touched.values()) else ()
        learners.answer(who, gap, rng.randrange(3), touched, mistakes)
        if rng.random() < 0.1:
            learners.release("account", rng.randrange(1, 3))
    learners.clock = FIXED
    return learners


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seeded_history_shows_the_recorded_figures(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    learners = seeded_history(monkeypatch, seed)
    for user_id in (1, 2):
        shown = everything(learners.db, user_id, FIXED)
        assert shown == golden_json(f"progress-{seed}-user{user_id}.json", shown)
        check_everything(learners.db, user_id, FIXED)
    assert everything(learners.db, 1, FIXED)["topics365"] != everything(learners.db, 2, FIXED)["topics365"]


def test_an_answer_taken_back_takes_exactly_its_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    learners = seeded_history(monkeypatch, 3)
    db = learners.db
    before = {days: statistics.topic_tallies(db, 1, days) for days in WINDOWS}
    skills_before = {days: statistics.skills_by_family(db, 1, days, ("yaku", "fu", "table")) for days in WINDOWS}
    answer_id, topic, correct, answered_at = db.execute(
        "SELECT a.id, q.topic, a.correct, a.answered_at FROM answers a JOIN questions q ON q.id = a.question_id"
        " WHERE a.user_id = 1 AND a.held = 0 AND a.attempt = 1 ORDER BY a.answered_at DESC LIMIT 1"
    ).fetchone()
    touched = dict(db.execute("SELECT skill, correct FROM answer_skills WHERE answer_id = ?", [answer_id]).fetchall())
    db.execute("DELETE FROM answer_skills WHERE answer_id = ?", [answer_id])
    db.execute("DELETE FROM answers WHERE id = ?", [answer_id])
    for days in WINDOWS:
        inside = answered_at >= (FIXED.date() - timedelta(days=days - 1)).isoformat()
        assert inside  # the newest answer is inside every window
        after = {t.key: t for t in statistics.topic_tallies(db, 1, days)}
        for old in before[days]:
            taken = (1, correct) if old.key == topic else (0, 0)
            assert (old.done - after[old.key].done, old.first_try_right - after[old.key].first_try_right) == taken
        now = statistics.skills_by_family(db, 1, days, ("yaku", "fu", "table"))
        for family, tallies in skills_before[days].items():
            left = {t.key: t for t in now[family]}
            for old in tallies:
                taken = (1, touched[old.key]) if old.key in touched else (0, 0)
                still = left.get(old.key)
                assert (
                    old.done - (still.done if still else 0),
                    old.first_try_right - (still.first_try_right if still else 0),
                ) == taken


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
    for days in WINDOWS:
        for tally in statistics.topic_tallies(db, 1, days):
            check_tally(db, 1, "topic", tally, days)
        for family in ("yaku", "fu"):
            for tally in statistics.skill_tallies(db, 1, days, family):
                check_tally(db, 1, "skill", tally, days)


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
