"""Reports ("report this question") on a class's assignment questions: the teacher reads and closes them,
and the server's operator lists every open one (``tutor reports``).

A report is stored by the practice loop (:func:`tutor.practice.sessions.report`) with status "open"; closing it
records who closed it and when. A teacher sees only reports on questions of their own class's
assignments, with the question as it was asked and the reporter's note.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from tutor.classroom.errors import NotFound
from tutor.classroom.roster import Classroom
from tutor.clock import now
from tutor.db import write_transaction
from tutor.quiz.exercise import Exercise


@dataclass(frozen=True)
class QuestionReport:
    """One report, with the question it is about."""

    id: int
    question_id: str
    remark: str
    created_at: str
    status: str
    """"open" or "closed"."""
    closed_at: str | None
    reporter: str
    """The student's name in the class (their username, or "a guest", outside one)."""
    position: int
    assignment_id: int | None
    assignment_title: str | None
    class_id: int | None
    exercise: Exercise | None
    """The question as it was asked (None for the operator's list, which does not draw it)."""


_SELECT = (
    "SELECT r.id, r.question_id, r.remark, r.created_at, r.status, r.closed_at, q.position, q.payload,"
    " x.id AS assignment_id, x.title AS assignment_title, x.class_id,"
    " COALESCE(m.display_name, u.username, 'a guest') AS reporter"
    " FROM reports r JOIN questions q ON q.id = r.question_id JOIN practice_sessions s ON s.id = q.session_id"
    " JOIN users u ON u.id = r.user_id LEFT JOIN assignments x ON x.id = s.assignment_id"
    " LEFT JOIN memberships m ON m.class_id = x.class_id AND m.user_id = r.user_id"
)


def _report(row: dict[str, Any], draw: bool) -> QuestionReport:
    return QuestionReport(
        row["id"],
        row["question_id"],
        row["remark"],
        row["created_at"],
        row["status"],
        row["closed_at"],
        row["reporter"],
        row["position"],
        row["assignment_id"],
        row["assignment_title"],
        row["class_id"],
        Exercise.from_json(json.loads(row["payload"])) if draw else None,
    )


def class_reports(db: Database, classroom: Classroom, include_closed: bool = False) -> list[QuestionReport]:
    """Reports on the class's assignment questions, open first, newest first."""
    sql = _SELECT + " WHERE x.class_id = ?"
    if not include_closed:
        sql += " AND r.status = 'open'"
    rows = db.query(sql + " ORDER BY r.status = 'closed', r.created_at DESC, r.id DESC", [classroom.id])
    return [_report(row, draw=True) for row in rows]


def open_report_count(db: Database, classroom: Classroom) -> int:
    row = next(
        db.query(
            "SELECT COUNT(*) AS n FROM reports r JOIN questions q ON q.id = r.question_id"
            " JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id"
            " WHERE x.class_id = ? AND r.status = 'open'",
            [classroom.id],
        )
    )
    return int(row["n"])


def close_report(db: Database, classroom: Classroom, report_id: int, closed_by: int) -> None:
    """Close a report on one of the class's questions (raises NotFound for any other report)."""
    with write_transaction(db):
        done = db.execute(
            "UPDATE reports SET status = 'closed', closed_at = ?, closed_by = ? WHERE id = ? AND question_id IN"
            " (SELECT q.id FROM questions q JOIN practice_sessions s ON s.id = q.session_id"
            " JOIN assignments x ON x.id = s.assignment_id WHERE x.class_id = ?)",
            [now(), closed_by, report_id, classroom.id],
        )
    if done.rowcount != 1:
        raise NotFound(f"no report {report_id} in class {classroom.id}")


def every_report(db: Database, include_closed: bool = False) -> list[QuestionReport]:
    """Every report on the server (open ones unless ``include_closed``), oldest first: the operator's list."""
    sql = _SELECT + ("" if include_closed else " WHERE r.status = 'open'")
    return [_report(row, draw=False) for row in db.query(sql + " ORDER BY r.created_at, r.id")]
