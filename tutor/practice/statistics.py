"""What a learner's answers say, for the progress page and the API: tallies by topic and by skill over
weeks, accuracy day by day, the streak, the weakest skills and the mistakes made. No Flask here; nothing
is written.

The figures read the tallies that triggers keep as answers are recorded (``first_try_days`` and
``first_try_weeks``, see :mod:`tutor.db.schema`), so a page costs the same after a semester of answers
as after a week. What is stored, and how an answer moves a skill, is :mod:`tutor.practice.progress`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from fsrs import Card
from sqlite_utils import Database

from tutor.clock import moment as current_moment
from tutor.clock import today
from tutor.course.curriculum import TOPICS
from tutor.db import day_number
from tutor.messages.catalogues import DEFAULT, translate
from tutor.practice.progress import SCHEDULER
from tutor.quiz.skills import info


@dataclass(frozen=True)
class Tally:
    key: str
    label: str
    done: int
    first_try_right: int
    link: str
    trend: list[float | None]
    """First-try accuracy per week, oldest first (None: no answers that week)."""

    @property
    def accuracy(self) -> float | None:
        return self.first_try_right / self.done if self.done else None


def _since(days: int, on: date | None = None) -> str:
    start = (on or today()) - timedelta(days=days - 1)
    return start.isoformat()


@dataclass
class _Weeks:
    """One topic's or skill's first tries: per week of a trend, and inside the window shown."""

    weekly: list[list[int]]
    """[first tries, of which right] per week, oldest first."""
    done: int = 0
    right: int = 0


class _Window:
    """The last ``days`` days, and the whole weeks (at least as long) that trends are drawn over."""

    def __init__(self, days: int) -> None:
        self.today = today()
        self.start = self.today - timedelta(days=days - 1)
        self.weeks = max(1, -(-days // 7))
        self.trend_start = self.today - timedelta(days=self.weeks * 7 - 1)

    def first_tries(self, db: Database, user_id: int, by: str, families: tuple[str, ...] = ()) -> dict[str, _Weeks]:
        """First tries per topic or skill (of some families) by week since the trend's start, read from the
        weekly tallies the database keeps as answers are written (the set of weeks that ends today)."""
        first = day_number(self.trend_start)
        params: dict[str, Any] = {"user": user_id, "by": by, "phase": first % 7, "first": first // 7}
        only = ""
        if families:
            only = " AND (" + " OR ".join(f"key LIKE :family{n}" for n in range(len(families))) + ")"
            params.update({f"family{n}": f"{family}:%" for n, family in enumerate(families)})
        found: dict[str, _Weeks] = {}
        # Plain tuples: a busy learner's page reads several hundred of these rows.
        weekly = db.conn.execute(
            "SELECT key, week - :first, done, right FROM first_try_weeks"
            " WHERE user_id = :user AND kind = :by AND phase = :phase AND week >= :first" + only,
            params,
        )
        for key, week, done, right in weekly:
            weeks = found.get(key)
            if weeks is None:
                weeks = found[key] = _Weeks([[0, 0] for _ in range(self.weeks)])
            if week < self.weeks:
                weeks.weekly[week] = [done, right]
            weeks.done += done
            weeks.right += right
        if self.trend_start < self.start:
            # The trend's first week can start a few days before the window: those days count in its
            # point, not in the window's totals.
            params.update(trend=self.trend_start.isoformat(), start=self.start.isoformat())
            before = db.conn.execute(
                "SELECT key, done, right FROM first_try_days"
                " WHERE user_id = :user AND kind = :by AND day >= :trend AND day < :start" + only,
                params,
            )
            for key, done, right in before:
                found[key].done -= done
                found[key].right -= right
        return found

    def tally(self, key: str, label: str, link: str, weeks: _Weeks | None) -> Tally:
        if weeks is None:
            return Tally(key, label, 0, 0, link, [])
        trend: list[float | None] = [right / done if done else None for done, right in weeks.weekly]
        return Tally(key, label, weeks.done, weeks.right, link, trend)


def topic_tallies(db: Database, user_id: int, days: int = 30, lang: str = DEFAULT) -> list[Tally]:
    """Per practice topic: questions answered (first tries) and first-try accuracy over the last ``days``;
    each titled in ``lang``."""
    window = _Window(days)
    found = window.first_tries(db, user_id, "topic")
    return [
        window.tally(topic.id, translate(topic.title, lang), f"/lessons/{topic.lesson}", found.get(topic.id))
        for topic in TOPICS.values()
    ]


def skill_tallies(db: Database, user_id: int, days: int = 30, family: str = "yaku", lang: str = DEFAULT) -> list[Tally]:
    """Per skill of a family (yaku, fu, table ...) met in the last ``days``: first tries, and how many
    right; each labelled in ``lang``."""
    return skills_by_family(db, user_id, days, (family,), lang)[family]


def skills_by_family(
    db: Database, user_id: int, days: int, families: tuple[str, ...], lang: str = DEFAULT
) -> dict[str, list[Tally]]:
    """:func:`skill_tallies` of several families from one read of the per-day tallies (a page shows yaku
    and fu side by side)."""
    window = _Window(days)
    found: dict[str, list[Tally]] = {family: [] for family in families}
    for skill, weeks in window.first_tries(db, user_id, "skill", families).items():
        family = skill.partition(":")[0]
        if weeks.done and family in found:
            about = info(skill, lang)
            found[family].append(window.tally(skill, about.label, about.lesson, weeks))
    # Ties in the order of their ids, as a reader scanning the table expects.
    return {
        family: sorted(tallies, key=lambda t: (t.accuracy or 0, -t.done, t.key)) for family, tallies in found.items()
    }


def daily_accuracy(db: Database, user_id: int, days: int = 30, topic: str | None = None) -> list[tuple[date, int, int]]:
    """(day, first tries right, first tries) for each of the last ``days`` days, of one topic or all."""
    window = _Window(days)
    sql = "SELECT day, SUM(done) AS done, SUM(right) AS right FROM first_try_days WHERE user_id = ? AND kind = 'topic'"
    params: list[Any] = [user_id]
    if topic is not None:
        sql += " AND key = ?"
        params.append(topic)
    rows = db.conn.execute(sql + " AND day >= ? GROUP BY day", [*params, window.start.isoformat()])
    totals = {day: (done, right) for day, done, right in rows}
    series = []
    for ordinal in range(window.start.toordinal(), window.today.toordinal() + 1):
        day = date.fromordinal(ordinal)
        done, right = totals.get(day.isoformat(), (0, 0))
        series.append((day, right, done))
    return series


def streak(db: Database, user_id: int, on: date | None = None) -> int:
    """Days in a row, up to today (or yesterday, if nothing yet today), with at least one answer."""
    day = on or today()
    # One index probe a day, walked back by SQLite itself: the cost is the streak's length, not the history's.
    sql = (
        "WITH RECURSIVE run(day, n) AS (SELECT :start, 0 UNION ALL SELECT date(day, '-1 day'), n + 1 FROM run"
        " WHERE EXISTS (SELECT 1 FROM answers WHERE user_id = :user AND answered_at >= run.day"
        " AND answered_at < date(run.day, '+1 day') AND outcome != 'skipped'))"
        " SELECT MAX(n) AS n FROM run"
    )
    count = next(db.query(sql, {"user": user_id, "start": day.isoformat()}))["n"]
    if count == 0:  # nothing yet today: the streak may still run up to yesterday
        count = next(db.query(sql, {"user": user_id, "start": (day - timedelta(days=1)).isoformat()}))["n"]
    return int(count)


@dataclass(frozen=True)
class Weakness:
    skill: str
    label: str
    lesson: str
    right: int
    done: int
    retrievability: float
    """fsrs's estimate that the learner would get it right now (0 to 1)."""
    due_at: str


def weakest(
    db: Database, user_id: int, limit: int = 10, at: datetime | None = None, lang: str = DEFAULT
) -> list[Weakness]:
    """Skills the learner has got wrong: the lowest share right first, then the least likely remembered
    now; each labelled in ``lang``."""
    moment = current_moment(at)
    # skill_states keeps the first tries counted (reviews) and the wrong ones (lapses): the same counts as
    # the answers they came from, since an answer is only ever a first try (the first answer stands).
    # Of a skill's fsrs card, retrievability needs only the stability and the last review: SQLite reads
    # those two out of the card's JSON, which costs far less than rebuilding the whole card in Python.
    rows = db.conn.execute(
        "SELECT skill, json_extract(card, '$.stability'), json_extract(card, '$.last_review'), due_at, reviews, lapses"
        " FROM skill_states WHERE user_id = ? AND lapses > 0 ORDER BY skill",
        [user_id],
    ).fetchall()

    def share(row: tuple[str, float | None, str | None, str, int, int]) -> float:
        reviews, lapses = row[4], row[5]
        return (reviews - lapses) / reviews if reviews else 0

    rows.sort(key=share)
    # Only the skills that can make the list need their retrievability worked out: those whose share
    # right is at most the limit-th lowest.
    cut = share(rows[limit - 1]) if 0 < limit <= len(rows) else 1.0
    found = []
    for row in rows:
        if share(row) > cut:
            break
        skill, stability, last_review, due_at, reviews, lapses = row
        # As Card.from_dict reads them: a stability of 0 or no last review mean none yet. (An explicit
        # card_id: without one fsrs sleeps a millisecond to make a unique id.)
        card = Card(
            card_id=0,
            stability=float(stability) if stability else None,
            last_review=datetime.fromisoformat(last_review) if last_review else None,
        )
        chance = SCHEDULER.get_card_retrievability(card, moment)
        about = info(skill, lang)
        found.append(Weakness(skill, about.label, about.lesson, reviews - lapses, reviews, chance, due_at))
    found.sort(key=lambda w: (w.right / w.done if w.done else 0, w.retrievability, -w.done))
    return found[:limit]


def wrong_questions(
    db: Database, user_id: int, days: int = 30, topic: str | None = None, skill: str | None = None
) -> list[str]:
    """Ids of questions answered wrong at the first try, newest first (for "replay what I got wrong")."""
    sql = (
        "SELECT DISTINCT q.id, q.served_at FROM questions q JOIN answers a ON a.question_id = q.id"
        " WHERE q.user_id = ? AND a.attempt = 1 AND a.correct = 0 AND a.held = 0 AND a.outcome != 'skipped'"
        " AND a.answered_at >= ?"
    )
    params: list[Any] = [user_id, _since(days)]
    if topic:
        sql += " AND q.topic = ?"
        params.append(topic)
    if skill:
        sql += " AND EXISTS (SELECT 1 FROM answer_skills s WHERE s.answer_id = a.id AND s.skill = ? AND s.correct = 0)"
        params.append(skill)
    return [row["id"] for row in db.query(sql + " ORDER BY q.served_at DESC LIMIT 50", params)]


def mistake_counts(db: Database, user_id: int, days: int = 30) -> list[tuple[str, int]]:
    """How often each known mistake was made in the last ``days`` days, most frequent first."""
    # Most answers that name mistakes name the same one or two: count each list once, then split the
    # lists (opening every answer's JSON cost twice as much).
    rows = db.query(
        "SELECT j.value AS mistake, SUM(g.n) AS n FROM (SELECT mistakes, COUNT(*) AS n FROM answers"
        " WHERE user_id = ? AND held = 0 AND answered_at >= ? AND mistakes <> '[]' GROUP BY mistakes) g,"
        " json_each(g.mistakes) j GROUP BY j.value ORDER BY n DESC, j.value",
        [user_id, _since(days)],
    )
    return [(row["mistake"], row["n"]) for row in rows]
