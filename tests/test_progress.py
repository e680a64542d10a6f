"""The dashboard's numbers: first tries per topic and per skill, weekly trends, days, from known answers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from tutor import create_app
from tutor.db import connect
from tutor.practice import statistics
from tutor.web.db import init_db


@pytest.fixture
def db(tmp_path: Path) -> Database:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "p.sqlite"), "SECRET_KEY": "x"})
    with app.app_context():
        init_db()
    database = connect(tmp_path / "p.sqlite")
    now = datetime.now(UTC)
    database.execute(
        "INSERT INTO users (id, role, is_guest, created_at) VALUES (1, 'learner', 1, ?)", [now.isoformat()]
    )
    database.execute(
        "INSERT INTO practice_sessions (id, user_id, mode, settings, started_at) VALUES (1, 1, 'practice', '{}', ?)",
        [now.isoformat()],
    )
    # (question, topic, days ago, attempt, right, skills touched)
    answers = [
        ("q1", "fu", 0, 1, True, {"fu:kanchan": True}),
        ("q2", "fu", 0, 1, False, {"fu:kanchan": False, "fu:tanki": True}),
        ("q2", "fu", 0, 2, True, {"fu:kanchan": True}),  # a retry: never counted as a first try
        ("q3", "table", 10, 1, True, {"table:3-30-dealer-ron": True}),
    ]
    for number, (question, topic, ago, attempt, right, skills) in enumerate(answers, 1):
        when = (now - timedelta(days=ago)).isoformat(timespec="seconds")
        if attempt == 1:
            database.execute(
                "INSERT INTO questions (id, user_id, session_id, position, topic, difficulty, seed, payload, served_at)"
                " VALUES (?, 1, 1, ?, ?, 2, 's', '{}', ?)",
                [question, number, topic, when],
            )
        database.execute(
            "INSERT INTO answers (id, question_id, user_id, attempt, given, correct, score, answered_at)"
            " VALUES (?, ?, 1, ?, '{}', ?, ?, ?)",
            [number, question, attempt, int(right), float(right), when],
        )
        for skill, skill_right in skills.items():
            database.execute(
                "INSERT INTO answer_skills (answer_id, user_id, skill, correct, answered_at) VALUES (?, 1, ?, ?, ?)",
                [number, skill, int(skill_right), when],
            )
    return database


def test_topic_tallies_count_first_tries_in_the_window(db: Database) -> None:
    week = {t.key: t for t in statistics.topic_tallies(db, 1, days=7)}
    assert (week["fu"].done, week["fu"].first_try_right, week["fu"].accuracy) == (2, 1, 0.5)
    assert (week["table"].done, week["table"].trend) == (0, [])  # ten days ago: outside a week
    month = {t.key: t for t in statistics.topic_tallies(db, 1, days=30)}
    assert (month["table"].done, month["table"].first_try_right) == (1, 1)
    assert len(month["fu"].trend) == 5 and month["fu"].trend[-1] == 0.5 and month["fu"].trend[0] is None


def test_skill_tallies_sort_the_weakest_first(db: Database) -> None:
    fu = statistics.skill_tallies(db, 1, days=7, family="fu")
    assert [(t.key, t.done, t.first_try_right) for t in fu] == [("fu:kanchan", 2, 1), ("fu:tanki", 1, 1)]
    assert fu[0].label == "Fu: kanchan"
    assert statistics.skill_tallies(db, 1, days=7, family="table") == []


def test_daily_accuracy_has_one_entry_per_day(db: Database) -> None:
    days = statistics.daily_accuracy(db, 1, days=7)
    assert len(days) == 7 and days[-1][0] == datetime.now(UTC).date()
    assert days[-1][1:] == (1, 2) and sum(total for _, _, total in days) == 2
    table = statistics.daily_accuracy(db, 1, days=30, topic="table")
    assert [(right, total) for _, right, total in table if total] == [(1, 1)]
