"""What a learner did with the lessons: the steps read, and each check-yourself answer. No Flask here.

A lesson is read in steps (:class:`tutor.course.lessons.Step`). A step with checks is done when each of
its checks has an answer; a step without checks is done when the learner went on from it ("Next"), which
is stored as a read of ``<page>#<step id>`` in ``lesson_reads`` (so guests' reads move with them when they
register, as their checks do). Opening a page marks nothing: a lesson is read when every step is done.

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
from typing import TYPE_CHECKING, Any

from sqlite_utils import Database

from tutor.clock import now
from tutor.db import write_transaction

if TYPE_CHECKING:
    from tutor.course.lessons import Page


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
    """Every step done (not merely opened)."""
    right: int
    """Questions whose latest answer is right."""
    answered: int
    total: int
    """Questions the lesson has now."""
    steps_done: tuple[bool, ...] = ()
    """For each step of the lesson, whether it is done."""

    @property
    def steps(self) -> int:
        return len(self.steps_done)

    @property
    def done_steps(self) -> int:
        return sum(self.steps_done)

    @property
    def started(self) -> bool:
        """Some step done, or some check answered."""
        return any(self.steps_done) or self.answered > 0

    @property
    def next_step(self) -> int | None:
        """The first step not done yet (from 1), or None when every step is."""
        return next((at for at, done in enumerate(self.steps_done, start=1) if not done), None)

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


def step_key(page: str, step_id: str) -> str:
    """What a step read to its end is stored under, in ``lesson_reads``."""
    return f"{page}#{step_id}"


def mark_step_read(db: Database, user_id: int, page: str, step_id: str) -> None:
    """Note that the learner went on from a step of ``page`` (the first time is kept, and the latest)."""
    moment = now()
    page = step_key(page, step_id)
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


def course(db: Database, user_id: int, pages: Iterable[Page]) -> dict[str, LessonMark]:
    """Steps done, right and answered for each page (by its check path), in one pass over the learner's
    checks and reads."""
    wanted = list(pages)
    names = [page.check_path for page in wanted]
    latest = _latest(db, user_id, names)
    read: set[str] = set()
    # Only steps without checks are done by being read: their exact keys, so the lookup uses the index.
    read_keys = [step_key(page.check_path, step.id) for page in wanted for step in page.steps if not step.questions]
    if read_keys:
        slots = ", ".join("?" for _ in read_keys)
        rows = db.query(f"SELECT page FROM lesson_reads WHERE user_id = ? AND page IN ({slots})", [user_id, *read_keys])
        read = {row["page"] for row in rows}
    marks_of: dict[str, LessonMark] = {}
    for page in wanted:
        keys = [q.key for q in page.questions]
        found = latest.get(page.check_path, {})
        current = {n: c for n, c in found.items() if 1 <= n <= len(keys) and keys[n - 1] == c.question_key}
        right = sum(c.correct for c in current.values())
        steps = tuple(
            all(n in current for n in step.questions) if step.questions else step_key(page.check_path, step.id) in read
            for step in page.steps
        )
        finished = bool(steps) and all(steps)
        marks_of[page.check_path] = LessonMark(finished, right, len(current), len(keys), steps)
    return marks_of
