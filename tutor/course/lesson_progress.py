"""What a learner did with the lessons: each lesson opened, and each check-yourself answer. No Flask here.

A check is stored like a practice answer (who, which question, what was given, right or not), under the
page it stands on (``/lessons/fu``, ``/yaku/pinfu``) and its number there. The question's content hash
(:attr:`tutor.quiz.Question.key`) is kept with it, so an author who edits or reorders a lesson's
questions never has an old answer shown under a new question: it is simply forgotten.

What counts is each question's latest answer: a learner who tries again and gets it right has it right.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from tutor.clock import now
from tutor.db import write_transaction


@dataclass(frozen=True)
class Check:
    """The latest answer to one question of a page."""

    number: int
    question_key: str
    given: Any
    correct: bool


@dataclass(frozen=True)
class LessonMark:
    """A lesson as the course list and the progress page show it."""

    read: bool
    right: int
    """Questions whose latest answer is right."""
    answered: int
    total: int
    """Questions the lesson has now."""

    @property
    def done(self) -> bool:
        """Every check of the lesson answered right."""
        return self.total > 0 and self.right == self.total


def record_check(
    db: Database, user_id: int, page: str, number: int, question_key: str, given: Any, correct: bool, score: float
) -> int:
    """Store one graded answer to question ``number`` of ``page``; returns its id."""
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO lesson_checks (user_id, page, number, question_key, given, correct, score, answered_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [user_id, page, number, question_key, json.dumps(given, ensure_ascii=False), int(correct), score, now()],
        )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def mark_read(db: Database, user_id: int, page: str) -> None:
    """Note that the learner opened ``page`` (the first time is kept, and the latest)."""
    moment = now()
    with write_transaction(db):
        db.execute(
            "INSERT INTO lesson_reads (user_id, page, first_read_at, last_read_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (user_id, page) DO UPDATE SET last_read_at = excluded.last_read_at",
            [user_id, page, moment, moment],
        )


def _latest(db: Database, user_id: int, pages: Sequence[str]) -> dict[str, dict[int, Check]]:
    found: dict[str, dict[int, Check]] = {}
    if not pages:
        return found
    marks = ", ".join("?" * len(pages))
    rows = db.query(
        "SELECT page, number, question_key, given, correct FROM lesson_checks WHERE id IN"
        f" (SELECT MAX(id) FROM lesson_checks WHERE user_id = ? AND page IN ({marks}) GROUP BY page, number)",
        [user_id, *pages],
    )
    for row in rows:
        check = Check(row["number"], row["question_key"], json.loads(row["given"]), bool(row["correct"]))
        found.setdefault(row["page"], {})[row["number"]] = check
    return found


def page_checks(db: Database, user_id: int, page: str, keys: Sequence[str]) -> dict[int, Check]:
    """The latest answer to each question of a page whose questions now have these content ``keys``
    (in order); answers to a question since edited are left out."""
    latest = _latest(db, user_id, [page]).get(page, {})
    return {n: c for n, c in latest.items() if 1 <= n <= len(keys) and keys[n - 1] == c.question_key}


def course(db: Database, user_id: int, pages: Iterable[tuple[str, Sequence[str]]]) -> dict[str, LessonMark]:
    """Read, right and answered for each (page, its questions' keys), in one pass over the learner's checks."""
    wanted = list(pages)
    names = [page for page, _ in wanted]
    latest = _latest(db, user_id, names)
    read: set[str] = set()
    if names:
        marks = ", ".join("?" * len(names))
        rows = db.query(f"SELECT page FROM lesson_reads WHERE user_id = ? AND page IN ({marks})", [user_id, *names])
        read = {row["page"] for row in rows}
    marks_of: dict[str, LessonMark] = {}
    for page, keys in wanted:
        checks = [c for n, c in latest.get(page, {}).items() if 1 <= n <= len(keys) and keys[n - 1] == c.question_key]
        right = sum(c.correct for c in checks)
        marks_of[page] = LessonMark(page in read or bool(checks), right, len(checks), len(keys))
    return marks_of
