"""A class's end: archived (read-only, kept, restorable) or deleted (gone, with everything done in it).

An archived class takes no new students, no new or changed assignments and no answers: each owner
refuses through :func:`.roster.refuse_if_archived` / :func:`.roster.archived_reason` (joining in
:mod:`.roster`, assignments in :mod:`.assignments`, attempts in :mod:`.attempts`, answers in the practice
loop's policy, :func:`tutor.practice.sessions.policy`). Its teacher still reads it and exports it.

Deleting a class removes it, its memberships, its assignments and every attempt at them (the sessions,
questions, answers and reports). A student's own practice outside the class is theirs and stays; their
skill states are worked out again from what remains.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from tutor.classroom.roster import Classroom
from tutor.clock import now
from tutor.db import write_transaction
from tutor.practice.progress import rebuild_skill_states

_ATTEMPTS = "SELECT s.id FROM practice_sessions s JOIN assignments x ON x.id = s.assignment_id WHERE x.class_id = ?"
_QUESTIONS = f"SELECT q.id FROM questions q WHERE q.session_id IN ({_ATTEMPTS})"
_ANSWERS = f"SELECT a.id FROM answers a WHERE a.question_id IN ({_QUESTIONS})"


@dataclass(frozen=True)
class WhatGoes:
    """What deleting a class takes with it (the confirmation page says so)."""

    students: int
    assignments: int
    attempts: int
    answers: int


def archive_class(db: Database, classroom: Classroom) -> Classroom:
    """Make the class read-only and take it off the class lists (it stays under "Archived")."""
    stamp = classroom.archived_at or now()
    with write_transaction(db):
        db.execute("UPDATE classes SET archived_at = ? WHERE id = ?", [stamp, classroom.id])
    return _with(classroom, stamp)


def restore_class(db: Database, classroom: Classroom) -> Classroom:
    """Bring an archived class back into use, as it was."""
    with write_transaction(db):
        db.execute("UPDATE classes SET archived_at = NULL WHERE id = ?", [classroom.id])
    return _with(classroom, None)


def _with(classroom: Classroom, archived_at: str | None) -> Classroom:
    return Classroom(
        classroom.id, classroom.name, classroom.teacher_id, classroom.join_code, classroom.created_at, archived_at
    )


def what_goes(db: Database, classroom: Classroom) -> WhatGoes:
    row = next(
        db.query(
            "SELECT (SELECT COUNT(*) FROM memberships WHERE class_id = :c) AS students,"
            " (SELECT COUNT(*) FROM assignments WHERE class_id = :c) AS assignments,"
            f" (SELECT COUNT(*) FROM ({_ATTEMPTS.replace('?', ':c')})) AS attempts,"
            f" (SELECT COUNT(*) FROM ({_ANSWERS.replace('?', ':c')})) AS answers",
            {"c": classroom.id},
        )
    )
    return WhatGoes(row["students"], row["assignments"], row["attempts"], row["answers"])


def delete_class(db: Database, classroom: Classroom) -> WhatGoes:
    """Delete the class with its memberships, assignments and their attempts; returns what went."""
    with write_transaction(db):
        gone = what_goes(db, classroom)
        students = [
            row["user_id"]
            for row in db.query(
                "SELECT DISTINCT s.user_id FROM practice_sessions s JOIN assignments x ON x.id = s.assignment_id"
                " WHERE x.class_id = ?",
                [classroom.id],
            )
        ]
        params = [classroom.id]
        db.execute(f"DELETE FROM reports WHERE question_id IN ({_QUESTIONS})", params)
        db.execute(f"DELETE FROM answer_skills WHERE answer_id IN ({_ANSWERS})", params)
        db.execute(f"DELETE FROM answers WHERE question_id IN ({_QUESTIONS})", params)
        db.execute(f"DELETE FROM questions WHERE session_id IN ({_ATTEMPTS})", params)
        db.execute(f"DELETE FROM practice_sessions WHERE id IN ({_ATTEMPTS})", params)
        db.execute("DELETE FROM assignments WHERE class_id = ?", params)
        db.execute("DELETE FROM memberships WHERE class_id = ?", params)
        db.execute("DELETE FROM classes WHERE id = ?", params)
        # Their skill states counted the class's answers: replay what is left, their own practice.
        for user_id in students:
            rebuild_skill_states(db, user_id)
    return gone
