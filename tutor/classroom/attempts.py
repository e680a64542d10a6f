"""Attempts: each is a practice session in mode ``"assignment"`` that names its assignment, so every
answer goes through the same grading, storage and skill tracking as practice."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlite_utils import Database

from tutor.classroom.assignments import Assignment, assignments
from tutor.classroom.errors import ClassroomError
from tutor.classroom.roster import Classroom, Member, archived_reason, enrolled
from tutor.db import write_transaction
from tutor.messages.catalogues import N_
from tutor.practice import progress


@dataclass(frozen=True)
class Attempt:
    session_id: int
    user_id: int
    number: int
    """1 for the student's first attempt, 2 for the next ..."""
    started_at: str
    answered: int
    right: int
    score: float
    """Sum of the questions' scores (partial credit counts)."""
    time_ms: int
    last_at: str | None
    size: int

    @property
    def complete(self) -> bool:
        return self.answered >= self.size


def attempts(db: Database, assignment: Assignment, user_id: int | None = None) -> list[Attempt]:
    """Every attempt at the assignment (or one student's), in order, with its first-try tallies."""
    sql = (
        "SELECT s.id, s.user_id, s.started_at, COUNT(a.id) AS answered, COALESCE(SUM(a.correct), 0) AS right,"
        " COALESCE(SUM(a.score), 0) AS score, COALESCE(SUM(a.time_ms), 0) AS time_ms, MAX(a.answered_at) AS last_at"
        " FROM practice_sessions s LEFT JOIN questions q ON q.session_id = s.id"
        " LEFT JOIN answers a ON a.question_id = q.id AND a.attempt = 1 WHERE s.assignment_id = ?"
    )
    params: list[Any] = [assignment.id]
    if user_id is not None:
        sql += " AND s.user_id = ?"
        params.append(user_id)
    numbers: Counter[int] = Counter()
    found = []
    for row in db.query(sql + " GROUP BY s.id ORDER BY s.id", params):
        numbers[row["user_id"]] += 1
        found.append(
            Attempt(
                row["id"],
                row["user_id"],
                numbers[row["user_id"]],
                row["started_at"],
                row["answered"],
                row["right"],
                float(row["score"]),
                row["time_ms"],
                row["last_at"],
                assignment.size,
            )
        )
    return found


def best(tries: Iterable[Attempt]) -> Attempt | None:
    """The attempt that counts: the highest score, then the most answered, then the earliest."""
    return max(tries, key=lambda a: (a.score, a.answered, -a.number), default=None)


def to_do(db: Database, user_id: int, at: datetime | None = None) -> list[tuple[Classroom, Assignment]]:
    """A student's open assignments not yet done, in all their classes, the soonest due first."""
    found = []
    for room in enrolled(db, user_id):
        if room.archived:  # nothing can be answered there any more
            continue
        for task in assignments(db, room):
            if task.state(at) == "open" and student_work(db, task, user_id).status != "done":
                found.append((room, task))
    return sorted(found, key=lambda pair: (pair[1].due_at or "9999", pair[1].id))


def start_attempt(db: Database, assignment: Assignment, user_id: int, at: datetime | None = None) -> int:
    """The session to answer in: the student's unfinished attempt, else a new one if any are left."""
    reason = archived_reason(db, assignment.class_id) or assignment.closed_reason(at)
    if reason:
        raise ClassroomError(reason)
    with write_transaction(db):
        tries = attempts(db, assignment, user_id)
        unfinished = [a for a in tries if not a.complete]
        if unfinished:
            return unfinished[-1].session_id
        if len(tries) >= assignment.attempts_allowed:
            allowed = assignment.attempts_allowed
            if allowed == 1:
                raise ClassroomError(N_("You have used your attempt."))
            raise ClassroomError(N_("You have used all {allowed} attempts."), allowed=allowed)
        return progress.start_session(db, user_id, "assignment", assignment.settings_for(user_id), assignment.id)


@dataclass(frozen=True)
class StudentWork:
    """A student's standing on one assignment: what the dashboard row and their own list show."""

    member: Member | None
    tries: list[Attempt]
    counted: Attempt | None
    size: int
    revealed: bool = True
    """Whether the student may see their scores now (their teacher always may)."""

    @property
    def status(self) -> str:
        if not self.tries:
            return "not started"
        return "done" if any(a.complete for a in self.tries) else "in progress"

    @property
    def percent(self) -> float | None:
        return 100 * self.counted.score / self.size if self.counted and self.counted.answered else None


def student_work(db: Database, assignment: Assignment, user_id: int) -> StudentWork:
    """A student's own standing, as they see it: scores only once the assignment reveals them."""
    tries = attempts(db, assignment, user_id)
    revealed = assignment.revealed(any(a.complete for a in tries))
    return StudentWork(None, tries, best(tries), assignment.size, revealed)
