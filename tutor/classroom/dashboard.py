"""What the teacher sees: per student, per question, the mistakes and the skills heat map."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlite_utils import Database

from ..quiz.exercise import Exercise
from ..quiz.skills import info
from .assignments import Assignment
from .attempts import Attempt, StudentWork, best
from .roster import Classroom, Member, roster


@dataclass(frozen=True)
class QuestionStats:
    """One question (by position) over every student's first attempt."""

    position: int
    answered: int
    right: int
    wrong_answers: list[tuple[str, str, int]]
    """(part kind, answer as given, how many students gave it), the most common first."""
    median_ms: float | None
    exercise: Exercise | None
    """The question itself when everyone had the same hands; None for per-student variants."""

    @property
    def percent(self) -> float | None:
        return 100 * self.right / self.answered if self.answered else None


@dataclass(frozen=True)
class AssignmentResults:
    assignment: Assignment
    students: list[StudentWork]
    questions: list[QuestionStats]
    mistakes: list[tuple[str, int]] = field(default_factory=list)
    """Named mistakes in first attempts, with how many times they were made, the most common first."""

    @property
    def done(self) -> int:
        return sum(1 for s in self.students if s.status == "done")

    @property
    def average(self) -> float | None:
        scores = [s.percent for s in self.students if s.percent is not None]
        return sum(scores) / len(scores) if scores else None


def answer_text(answer: Any) -> str:
    """An answer as given, in a line: picks joined, itemised fu rows as ``row=fu``.

    >>> answer_text(["pinfu", "tanyao"]), answer_text({"base": "20", "pair": "2"}), answer_text(" 30 ")
    ('pinfu, tanyao', 'base=20, pair=2', '30')
    """
    if isinstance(answer, Mapping):
        return ", ".join(f"{key}={value}" for key, value in answer.items())
    if isinstance(answer, list | tuple):
        return ", ".join(map(str, answer)) or "(none)"
    return str(answer).strip()


def results(db: Database, classroom: Classroom, assignment: Assignment, per_question: bool = True) -> AssignmentResults:
    """Per student (everyone on the roster) and, unless ``per_question`` is false (the class page's
    overview needs only the standings), per question and mistake, for the teacher's dashboard."""
    found = _attempts(db, classroom, [assignment]).get(assignment.id, [])
    students = _standings(roster(db, classroom.id), assignment, found)
    if not per_question:
        return AssignmentResults(assignment, students, [])
    rows = _first_answers(db, [s.tries[0].session_id for s in students if s.tries])
    by_position: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_position.setdefault(row["position"], []).append(row)
    questions = []
    for position in range(1, assignment.size + 1):
        here = by_position.get(position, [])
        wrong: Counter[tuple[str, str]] = Counter()
        for row in here:
            if row["correct"]:
                continue  # only wrong answers are read in full (their given and parts are None otherwise)
            given, parts = json.loads(row["given"]), json.loads(row["parts"] or "{}")
            for kind, part in parts.items():
                if not part["correct"]:
                    wrong[(kind, answer_text(given.get(kind, "")))] += 1
        times = [r["time_ms"] for r in here if r["time_ms"] is not None]
        questions.append(
            QuestionStats(
                position,
                len(here),
                sum(1 for r in here if r["correct"]),
                [(kind, text, n) for (kind, text), n in wrong.most_common(5)],
                statistics.median(times) if times else None,
                None if assignment.variant else assignment.exercise(position),
            )
        )
    mistakes: Counter[str] = Counter()
    for row in rows:
        if row["mistakes"]:
            mistakes.update(json.loads(row["mistakes"]))
    return AssignmentResults(assignment, students, questions, mistakes.most_common(10))


def overview(db: Database, classroom: Classroom, tasks: list[Assignment]) -> list[tuple[Assignment, AssignmentResults]]:
    """Every assignment's standings (the class page's overview), from one grouped query and one roster."""
    members = roster(db, classroom.id)
    found = _attempts(db, classroom, tasks)
    return [(task, AssignmentResults(task, _standings(members, task, found.get(task.id, [])), [])) for task in tasks]


def _attempts(db: Database, classroom: Classroom, tasks: list[Assignment]) -> dict[int, list[Attempt]]:
    """Every attempt at the given assignments of the class, by assignment, in order, with their first-try
    tallies (kept per attempt as answers are recorded)."""
    sizes = {task.id: task.size for task in tasks}
    sql, params = narrowed(
        "SELECT x.id, s.id, s.user_id, s.started_at, COALESCE(t.answered, 0), COALESCE(t.right, 0),"
        " COALESCE(t.score, 0), COALESCE(t.time_ms, 0), t.last_at FROM assignments x"
        " JOIN practice_sessions s ON s.assignment_id = x.id LEFT JOIN attempt_tallies t ON t.session_id = s.id"
        " WHERE x.class_id = ?",
        classroom,
        tasks[0] if len(tasks) == 1 else None,
    )
    numbers: Counter[tuple[int, int]] = Counter()
    found: dict[int, list[Attempt]] = {}
    for task_id, session_id, user_id, started_at, answered, right, score, time_ms, last_at in db.execute(
        sql + " ORDER BY s.id", params
    ).fetchall():
        if task_id not in sizes:
            continue
        numbers[(task_id, user_id)] += 1
        number = numbers[(task_id, user_id)]
        found.setdefault(task_id, []).append(
            Attempt(
                session_id, user_id, number, started_at, answered, right, float(score), time_ms, last_at, sizes[task_id]
            )
        )
    return found


def _standings(members: list[Member], assignment: Assignment, found: list[Attempt]) -> list[StudentWork]:
    by_student: dict[int, list[Attempt]] = {}
    for one in found:
        by_student.setdefault(one.user_id, []).append(one)
    return [
        StudentWork(m, by_student.get(m.user_id, []), best(by_student.get(m.user_id, [])), assignment.size)
        for m in members
    ]


def _first_answers(db: Database, session_ids: list[int]) -> list[dict[str, Any]]:
    if not session_ids:
        return []
    marks = ", ".join("?" for _ in session_ids)
    return list(
        db.query(
            # The payload columns only where needed: most answers are right and name no mistake, and the
            # rest of each row comes from covering indexes.
            "SELECT q.position, a.correct, a.score, a.time_ms,"
            " CASE WHEN a.correct THEN NULL ELSE (SELECT w.given FROM answers w WHERE w.id = a.id) END AS given,"
            " CASE WHEN a.correct THEN NULL ELSE (SELECT w.parts FROM answers w WHERE w.id = a.id) END AS parts,"
            " (SELECT w.mistakes FROM answers w WHERE w.question_id = q.id AND w.attempt = 1"
            " AND w.mistakes <> '[]') AS mistakes"
            " FROM questions q JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
            f" WHERE q.session_id IN ({marks})",
            session_ids,
        )
    )


ROSTER_PAGE = 100
"""Students per page of a class page's roster and heat map: a school-sized class is read in pages."""


@dataclass(frozen=True)
class RosterPage:
    """One page of a class's students (all of them in a class of at most ROSTER_PAGE)."""

    members: list[Member]
    number: int
    pages: int
    total: int

    @property
    def first(self) -> int:
        return (self.number - 1) * ROSTER_PAGE + 1 if self.members else 0

    @property
    def last(self) -> int:
        return self.first + len(self.members) - 1 if self.members else 0


def roster_page(members: list[Member], number: int) -> RosterPage:
    """Page ``number`` (from 1; out of range: the nearest page) of the roster."""
    pages = max(1, -(-len(members) // ROSTER_PAGE))
    number = min(max(1, number), pages)
    return RosterPage(members[(number - 1) * ROSTER_PAGE : number * ROSTER_PAGE], number, pages, len(members))


def heat_for(heat: Heatmap, page: RosterPage) -> Heatmap:
    """The heat map's rows for the students of one roster page (its columns and class totals unchanged)."""
    shown = {m.user_id for m in page.members}
    return replace(heat, rows=[(m, cells) for m, cells in heat.rows if m.user_id in shown])


@dataclass(frozen=True)
class Heatmap:
    """First-try accuracy per student and skill, over a class's assignments."""

    skills: list[tuple[str, str]]
    """(skill id, label) columns, the class's weakest first."""
    rows: list[tuple[Member, dict[str, tuple[int, int]]]]
    """Each student with (first tries, right) per skill."""
    totals: dict[str, tuple[int, int]]


def narrowed(sql: str, classroom: Classroom, assignment: Assignment | None) -> tuple[str, list[Any]]:
    """A query over a class's assignments (aliased ``x``, ending in its WHERE clause), with its parameters,
    narrowed to one assignment when one is given."""
    if assignment is None:
        return sql, [classroom.id]
    return sql + " AND x.id = ?", [classroom.id, assignment.id]


def heatmap(db: Database, classroom: Classroom, assignment: Assignment | None = None, columns: int = 30) -> Heatmap:
    # Per student and skill, the tallies kept as answers are recorded: for the whole class, or one assignment.
    if assignment is None:
        sql, params = (
            "SELECT t.user_id, t.skill, t.done, t.right FROM class_skill_tallies t"
            " JOIN memberships m ON m.class_id = t.class_id AND m.user_id = t.user_id"
            " WHERE t.class_id = ? AND t.skill NOT LIKE 'mistake:%'",
            [classroom.id],
        )
    else:
        sql, params = (
            "SELECT t.user_id, t.skill, t.done, t.right FROM assignment_skill_tallies t JOIN assignments x"
            " ON x.id = t.assignment_id JOIN memberships m ON m.class_id = x.class_id AND m.user_id = t.user_id"
            " WHERE x.class_id = ? AND t.assignment_id = ? AND t.skill NOT LIKE 'mistake:%'",
            [classroom.id, assignment.id],
        )
    cells: dict[int, dict[str, tuple[int, int]]] = {}
    totals: dict[str, tuple[int, int]] = {}
    for user_id, skill, done, right in db.execute(sql, params).fetchall():
        cells.setdefault(user_id, {})[skill] = (done, right)
        all_done, all_right = totals.get(skill, (0, 0))
        totals[skill] = (all_done + done, all_right + right)
    busiest = sorted(totals, key=lambda s: -totals[s][0])[:columns]
    busiest.sort(key=lambda s: (totals[s][1] / totals[s][0], s))
    members = [m for m in roster(db, classroom.id) if m.user_id in cells]
    return Heatmap([(s, info(s).label) for s in busiest], [(m, cells[m.user_id]) for m in members], totals)


@dataclass(frozen=True)
class Report:
    """A student's "report this question" on one of the assignment's questions."""

    student: str
    session_id: int
    position: int
    question_id: str
    remark: str
    created_at: str


def reports(db: Database, classroom: Classroom, assignment: Assignment) -> list[Report]:
    """What the class's students reported about the assignment's questions, newest first."""
    rows = db.query(
        "SELECT m.display_name, q.session_id, q.position, q.id, r.remark, r.created_at FROM reports r"
        " JOIN questions q ON q.id = r.question_id JOIN practice_sessions s ON s.id = q.session_id"
        " JOIN memberships m ON m.class_id = ? AND m.user_id = r.user_id"
        " WHERE s.assignment_id = ? ORDER BY r.created_at DESC, r.id DESC",
        [classroom.id, assignment.id],
    )
    return [
        Report(r["display_name"], r["session_id"], r["position"], r["id"], r["remark"], r["created_at"]) for r in rows
    ]


def class_mistakes(db: Database, classroom: Classroom, limit: int = 10) -> list[tuple[str, int, int]]:
    """The named mistakes made in a class's assignments: (mistake id, times, students), the most common
    first."""
    sql, params = narrowed(
        "SELECT j.value AS mistake, COUNT(*) AS n, COUNT(DISTINCT a.user_id) AS students"
        " FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id"
        " JOIN assignments x ON x.id = s.assignment_id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = a.user_id, json_each(a.mistakes) j"
        " WHERE x.class_id = ? AND a.mistakes <> '[]'",  # the few answers that name a mistake, by a partial index
        classroom,
        None,
    )
    rows = db.query(sql + " GROUP BY j.value ORDER BY n DESC, j.value LIMIT ?", [*params, limit])
    return [(row["mistake"], row["n"], row["students"]) for row in rows]
