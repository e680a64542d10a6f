"""The classroom module on its own: join codes and their limits, times, assignment rules, results."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.quiz.answering import right_answer, wrong_answer
from tutor import classroom as rooms
from tutor.accounts import User, create_guest, register
from tutor.db import connect, migrations
from tutor.practice import progress
from tutor.practice.selection import next_exercise
from tutor.practice.wrong_answers import wrong_column
from tutor.quiz.skills import skills_touched

NOW = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = connect(tmp_path / "tutor.sqlite")
    migrations.apply(database)
    yield database
    database.conn.close()


def people(db: Database, *names: str) -> list[User]:
    return [register(db, name, "correct horse") for name in names]


def test_join_codes_are_long_unambiguous_and_read_leniently(db: Database) -> None:
    (teacher,) = people(db, "tara")
    codes = {rooms.create_class(db, teacher, f"class {n}").join_code for n in range(50)}
    assert len(codes) == 50
    assert all(len(c) == 8 and set(c) <= set(rooms.JOIN_CODE_ALPHABET) for c in codes)
    assert not set("01OIL") & set(rooms.JOIN_CODE_ALPHABET)
    room = rooms.class_by_id(db, 1)
    (ann,) = people(db, "ann")
    typed = " " + room.code_for_people.lower().replace("-", " - ") + " "
    assert rooms.join(db, ann, typed, "1.2.3.4", at=NOW).id == room.id


def test_wrong_codes_are_limited_per_account_within_the_window(db: Database) -> None:
    teacher, ann = people(db, "tara", "ann")
    room = rooms.create_class(db, teacher, "Club")
    for n in range(rooms.JOIN_LIMIT_ACCOUNT):
        with pytest.raises(rooms.ClassroomError, match="No class has that join code"):
            rooms.join(db, ann, "WRONGCOD", f"10.0.0.{n}", at=NOW + timedelta(seconds=n))
    with pytest.raises(rooms.TooManyAttempts) as refused:
        rooms.join(db, ann, room.join_code, "10.9.9.9", at=NOW + timedelta(minutes=5))
    assert refused.value.minutes == 10  # the oldest wrong try leaves the window 15 minutes after it
    # Once the window has passed, the right code works.
    assert rooms.join(db, ann, room.join_code, "10.9.9.9", at=NOW + timedelta(minutes=16)).id == room.id


def test_guests_cannot_open_or_join_classes(db: Database) -> None:
    (teacher,) = people(db, "tara")
    room = rooms.create_class(db, teacher, "Club")
    guest = create_guest(db)
    with pytest.raises(rooms.ClassroomError, match="Create an account"):
        rooms.create_class(db, guest, "Mine")
    with pytest.raises(rooms.ClassroomError, match="Create an account"):
        rooms.join(db, guest, room.join_code, "1.1.1.1")


def test_names_are_trimmed_and_limited(db: Database) -> None:
    (teacher,) = people(db, "tara")
    assert rooms.create_class(db, teacher, "  Thursday \n\t club ").name == "Thursday club"
    for bad in ("", "   ", "x" * 81):
        with pytest.raises(rooms.ClassroomError):
            rooms.create_class(db, teacher, bad)


def test_times_from_a_form_are_stored_in_utc() -> None:
    assert rooms.parse_time("2026-12-04T18:30", -60) == "2026-12-04T17:30:00+00:00"
    assert rooms.parse_time("2026-12-04T18:30", 300) == "2026-12-04T23:30:00+00:00"
    assert rooms.parse_time("2026-12-04T18:30+09:00") == "2026-12-04T09:30:00+00:00"
    assert rooms.parse_time("  ") is None
    with pytest.raises(rooms.ClassroomError, match="not a date and time"):
        rooms.parse_time("next friday")


def make(db: Database, **fields: object) -> rooms.Assignment:
    teacher = register(db, f"teacher{len(list(db.query('SELECT id FROM users')))}", "correct horse")
    room = rooms.create_class(db, teacher, "Club")
    form = {"title": "Fu", "topics": ["fu"], "size": 3, "difficulty": 1, "seed": "s", **fields}
    return rooms.create_assignment(db, room, form)


def test_an_assignment_opens_and_closes_on_time(db: Database) -> None:
    task = make(db, opens_at="2026-12-01T10:00", due_at="2026-12-05T10:00")
    assert task.state(datetime(2026, 12, 1, 9, 59, tzinfo=UTC)) == "upcoming"
    assert task.state(datetime(2026, 12, 1, 10, 0, tzinfo=UTC)) == "open"
    assert task.state(datetime(2026, 12, 5, 10, 0, tzinfo=UTC)) == "closed"
    assert "opens at 2026-12-01 10:00 UTC" in str(task.closed_reason(datetime(2026, 11, 30, tzinfo=UTC)))
    assert task.closed_reason(datetime(2026, 12, 3, tzinfo=UTC)) is None


@pytest.mark.parametrize(
    ("reveal", "complete", "past_due", "shown"),
    [
        ("each", False, False, True),
        ("end", False, False, False),
        ("end", True, False, True),
        ("end", False, True, True),
        ("due", True, False, False),
        ("due", False, True, True),
    ],
)
def test_when_answers_are_revealed(db: Database, reveal: str, complete: bool, past_due: bool, shown: bool) -> None:
    task = make(db, reveal=reveal, opens_at="2026-12-01T10:00", due_at="2026-12-05T10:00")
    moment = datetime(2026, 12, 6 if past_due else 3, tzinfo=UTC)
    assert task.revealed(complete, moment) is shown


def answer_all(db: Database, task: rooms.Assignment, student: User, rights: list[bool]) -> int:
    session_id = rooms.start_attempt(db, task, student.id)
    session = progress.session(db, session_id, student.id)
    for right in rights:
        exercise = next_exercise(db, student.id, session)
        assert exercise is not None
        served = progress.serve(db, student.id, session_id, exercise)
        given = {p.kind: (right_answer(p) if right else wrong_answer(p)) for p in exercise.parts}
        grade = exercise.grade(given)
        progress.record_answer(db, served, given, grade, skills_touched(exercise, grade, given), 1000)
    return session_id


def test_results_count_the_best_attempt_and_first_attempts_per_question(db: Database) -> None:
    task = make(db, attempts_allowed=3)
    room = rooms.class_by_id(db, task.class_id)
    ann, ben, cat = people(db, "ann", "ben", "cat")
    for student in (ann, ben, cat):
        rooms.join(db, student, room.join_code, "1.1.1.1")
    answer_all(db, task, ann, [False, False, True])
    answer_all(db, task, ann, [True, True, True])
    answer_all(db, task, ben, [True, False])
    found = rooms.results(db, room, task)
    by_name = {s.member.display_name: s for s in found.students if s.member}
    assert [by_name["ann"].status, by_name["ben"].status, by_name["cat"].status] == [
        "done",
        "in progress",
        "not started",
    ]
    assert by_name["ann"].percent == 100 and len(by_name["ann"].tries) == 2
    assert by_name["ben"].percent == pytest.approx(100 / 3)
    assert by_name["cat"].percent is None
    assert found.done == 1
    # Per question, from first attempts: ann's first try was wrong, wrong, right; ben's right, wrong.
    assert [(q.answered, q.right) for q in found.questions] == [(2, 1), (2, 0), (1, 1)]
    assert found.questions[0].median_ms == 1000
    assert all(q.exercise is not None for q in found.questions)
    assert found.questions[1].wrong_answers[0][2] == 2  # both gave the same wrong answer
    answer_all(db, task, ann, [True, True, True])  # the third and last attempt
    with pytest.raises(rooms.ClassroomError, match="used all 3"):
        rooms.start_attempt(db, task, ann.id)


def test_each_answer_keeps_its_wrong_parts_as_the_dashboard_reads_them(db: Database) -> None:
    task = make(db, attempts_allowed=2, size=4, topics=["one-han", "fu", "points"])
    room = rooms.class_by_id(db, task.class_id)
    ann, ben = people(db, "ann", "ben")
    for student in (ann, ben):
        rooms.join(db, student, room.join_code, "1.1.1.1")
    answer_all(db, task, ann, [False, True, False, False])
    answer_all(db, task, ben, [False, False, True, False])
    rows = db.execute("SELECT given, parts, wrong, correct FROM answers").fetchall()
    assert any(json.loads(wrong) for _, _, wrong, _ in rows)
    for given, parts, wrong, _ in rows:
        assert wrong == wrong_column(json.loads(given), json.loads(parts))
    kept = rooms.results(db, room, task)
    assert any(q.wrong_answers for q in kept.questions)
    db.execute("UPDATE answers SET wrong = NULL")  # as another writer leaves them: read from the payloads
    assert rooms.results(db, room, task) == kept


def test_an_unfinished_attempt_is_resumed_not_restarted(db: Database) -> None:
    task = make(db, attempts_allowed=1)
    room = rooms.class_by_id(db, task.class_id)
    (ann,) = people(db, "ann")
    rooms.join(db, ann, room.join_code, "1.1.1.1")
    first = answer_all(db, task, ann, [True])
    assert rooms.start_attempt(db, task, ann.id) == first


def test_export_rows_number_attempts_and_skip_students_who_left(db: Database) -> None:
    task = make(db, attempts_allowed=2, size=1)
    room = rooms.class_by_id(db, task.class_id)
    ann, ben = people(db, "ann", "ben")
    for student in (ann, ben):
        rooms.join(db, student, room.join_code, "1.1.1.1")
    answer_all(db, task, ann, [False])
    answer_all(db, task, ann, [True])
    answer_all(db, task, ben, [True])
    rooms.remove_member(db, room, ben.id)
    header, *rows = csv.reader(io.StringIO("".join(rooms.results_csv(db, room)).removeprefix(rooms.BOM)))
    assert header == list(rooms.EXPORT_COLUMNS)
    found = [dict(zip(header, row, strict=True)) for row in rows]
    assert [(r["student"], r["attempt"], r["correct"]) for r in found] == [("ann", "1", "0"), ("ann", "2", "1")]
