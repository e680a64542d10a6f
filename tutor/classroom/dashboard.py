"""What the teacher sees: per student, per question, the mistakes and the skills heat map."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from tutor.classroom.answers import part_answer, part_expected, read_exercise
from tutor.classroom.assignments import Assignment
from tutor.classroom.attempts import Attempt, StudentWork, best
from tutor.classroom.roster import Classroom, Member, roster
from tutor.messages.catalogues import DEFAULT, N_, Said, Sentence, said
from tutor.practice.wrong_answers import answer_value, wrong_parts
from tutor.quiz.exercise import Exercise
from tutor.quiz.skills import info

GIVERS_READ = 3
"""For per-student hands, how many of the hands a wrong answer was given to are read for their right answers."""
LIST = N_("{earlier}, {next}")
"""Items one after another, as :func:`~tutor.messages.catalogues.joined` lists them (``a、b`` in Chinese)."""
RIGHT_ANSWERS = N_("(right answer: {right})")
MORE = N_("{earlier} …")


def rights(exercises: tuple[Exercise | None, ...], kind: str, given: int) -> Said | None:
    """The right answers of a part in the hands a wrong answer was given to (those read: ``exercises``), each
    once, in words (``(right answer: 30 fu, 40 fu)``); ``…`` after them when more hands gave it than were read.
    None when none can be read."""
    said_once: dict[str, Said] = {}
    for exercise in exercises:
        if exercise is not None and kind in exercise.kinds:
            right = exercise.part(kind).say_expected()
            said_once.setdefault(str(right), right)
    if not said_once:
        return None
    listed: object = None
    for right in said_once.values():  # a list said in the reader's language (、 in Chinese), tiles kept drawable
        listed = right if listed is None else Sentence(LIST, earlier=listed, next=right)
    return said(RIGHT_ANSWERS, right=Sentence(MORE, earlier=listed) if given > len(exercises) else listed)


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
    said_by: tuple[tuple[Exercise | None, ...], ...] = ()
    """For per-student variants, the questions (students' own) each of :attr:`wrong_answers` was given to, the
    first few (:data:`GIVERS_READ`): the first says the answer, and their right answers stand beside it."""

    @property
    def percent(self) -> float | None:
        return 100 * self.right / self.answered if self.answered else None

    @property
    def wrong_answers_said(self) -> list[tuple[Said, int, Said | None]]:
        """:attr:`wrong_answers` in words, each as its part's kind says it with the part's name (``Fu: 40
        fu``: yaku named, tiles drawn, units), with how many students gave it; for per-student variants,
        also the right answers of the hands it was given to (``(right answer: 30 fu, 40 fu)``, the first
        few), since no one right answer stands beside the question."""
        said_by = self.said_by or ((self.exercise,),) * len(self.wrong_answers)
        lines = []
        for (kind, text, n), exercises in zip(self.wrong_answers, said_by, strict=True):
            exercise = exercises[0]
            part = exercise.part(kind) if exercise is not None and kind in exercise.kinds else None
            line = part_answer(exercise, kind, answer_value(part, text) if part else text)
            lines.append((line, n, rights(exercises, kind, n) if self.said_by else None))
        return lines

    @property
    def expected_said(self) -> list[Said]:
        """The right answer, part by part in words (``Fu: 30 fu``), when everyone had the same hands."""
        exercise = self.exercise
        if exercise is None:
            return []
        return [part_expected(part) for part in exercise.parts]


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


def results(
    db: Database,
    classroom: Classroom,
    assignment: Assignment,
    per_question: bool = True,
    export: bool = False,
    members: list[Member] | None = None,
) -> AssignmentResults:
    """Per student (everyone on the roster) and, unless ``per_question`` is false (the class page's
    overview needs only the standings), per question and mistake, for the teacher's dashboard. For an
    ``export``, what only the dashboard shows is left out: the questions' hands and the named mistakes.
    ``members``: the class's roster, when the caller has read it already."""
    found = _attempts(db, classroom, [assignment]).get(assignment.id, [])
    students = _standings(roster(db, classroom.id) if members is None else members, assignment, found)
    if not per_question:
        return AssignmentResults(assignment, students, [])
    sessions = sorted(s.tries[0].session_id for s in students if s.tries)
    rows = _first_answers(db, sessions)
    answered = Counter(row[0] for row in rows)
    right = Counter(row[0] for row in rows if row[2])
    times: dict[int, list[int]] = {}
    for position, _, _, time_ms, _, _ in rows:
        if time_ms is not None:
            times.setdefault(position, []).append(time_ms)
    # Wrong first answers with the same wrong parts at a position, counted in the order of their first
    # session (the rows come by session); a row without its wrong parts kept (``answers.wrong`` NULL) is a
    # group of its own, read from its payload.
    groups: Counter[tuple[int, str | int]] = Counter()
    firsts: dict[tuple[int, str | int], list[int]] = {}  # each group's first answers (their questions say it)
    for row in rows:
        if not row[2] and row[4] != "[]":
            key = (row[0], row[5] if row[4] is None else row[4])
            groups[key] += 1
            first = firsts.setdefault(key, [])
            if len(first) < GIVERS_READ:
                first.append(row[5])
    wrong, givers = _wrong_answers(db, groups, firsts)
    listed = {
        position: [(kind, text, n) for (kind, text), n in tally.most_common(5)] for position, tally in wrong.items()
    }
    # Per-student hands: each wrong answer is said by the hand of the first student who gave it (a payment
    # is "2000 all" or a ron of 2000 by the hand), with the right answers of the first few hands it was given
    # to; read for the few answers listed only.
    said_by = (
        _said_by(db, {position: [givers[(position, k, t)] for k, t, _ in found] for position, found in listed.items()})
        if assignment.variant and not export
        else {}
    )
    questions = []
    for position in range(1, assignment.size + 1):
        here = times.get(position, [])
        questions.append(
            QuestionStats(
                position,
                answered[position],
                right[position],
                listed.get(position, []),
                statistics.median(here) if here else None,
                None if assignment.variant or export else assignment.shared_exercise(position),
                said_by.get(position, ()),
            )
        )
    mistakes = [] if export else _mistakes(db, sessions).most_common(10)
    return AssignmentResults(assignment, students, questions, mistakes)


@dataclass(frozen=True)
class Standing:
    """An assignment's line on the class page: of the students in the class, how many are done, and
    their average score (best attempts; over those who answered anything)."""

    done: int
    students: int
    average: float | None


def overview(
    db: Database, classroom: Classroom, tasks: list[Assignment], students: int | None = None
) -> list[tuple[Assignment, Standing]]:
    """Every assignment's standing (the class page's overview), summed in one grouped query over the
    attempts' tallies: a student's best attempt has the highest score, and they are done once an attempt
    is complete (see :func:`.attempts.best`)."""
    if not tasks:
        return []
    if students is None:  # the class page knows it already, from the roster it shows
        students = len(roster(db, classroom.id))
    sizes = ", ".join("(?, ?)" for _ in tasks)
    found = {
        task_id: (done, score, answered)
        for task_id, done, score, answered in db.execute(
            f"WITH sizes (id, size) AS (VALUES {sizes}) SELECT b.assignment_id, SUM(b.answered >= b.size),"
            " SUM(b.score), SUM(b.answered > 0) FROM (SELECT s.assignment_id, sizes.size,"
            " MAX(COALESCE(t.score, 0)) AS score, MAX(COALESCE(t.answered, 0)) AS answered FROM assignments x"
            " JOIN sizes ON sizes.id = x.id JOIN practice_sessions s ON s.assignment_id = x.id"
            " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = s.user_id"
            " LEFT JOIN attempt_tallies t ON t.session_id = s.id WHERE x.class_id = ?"
            " GROUP BY s.assignment_id, s.user_id) b GROUP BY b.assignment_id",
            [*(value for task in tasks for value in (task.id, task.size)), classroom.id],
        ).fetchall()
    }
    standings = []
    for task in tasks:
        done, score, answered = found.get(task.id, (0, 0.0, 0))
        average = 100 * score / task.size / answered if answered else None
        standings.append((task, Standing(done, students, average)))
    return standings


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


def _in(session_ids: list[int]) -> str:
    return ", ".join("?" for _ in session_ids)


def _first_answers(db: Database, session_ids: list[int]) -> list[tuple[int, int, int, int | None, str | None, int]]:
    """(position, session, right or not, time, wrong parts as kept, answer id) of each first answer in the
    sessions, from covering indexes."""
    if not session_ids:
        return []
    return db.execute(
        "SELECT q.position, q.session_id, a.correct, a.time_ms, a.wrong, a.id FROM questions q"
        f" JOIN answers a ON a.question_id = q.id AND a.attempt = 1 WHERE q.session_id IN ({_in(session_ids)})"
        " ORDER BY q.session_id, q.position",  # the index's order: no sorting
        session_ids,
    ).fetchall()


def _said_by(
    db: Database, answer_ids: dict[int, list[list[int]]]
) -> dict[int, tuple[tuple[Exercise | None, ...], ...]]:
    """Per position and wrong answer, the questions the answers (by id) that gave it answered, read from
    their payloads."""
    wanted = sorted({answer_id for lists in answer_ids.values() for ids in lists for answer_id in ids})
    if not wanted:
        return {}
    payloads = dict(
        db.execute(
            f"SELECT a.id, q.payload FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id IN ({_in(wanted)})",
            wanted,
        ).fetchall()
    )
    read = {payload: read_exercise(payload) for payload in set(payloads.values())}
    return {
        position: tuple(tuple(read[payloads[i]] for i in ids) for ids in lists)
        for position, lists in answer_ids.items()
    }


def _wrong_answers(
    db: Database, groups: Counter[tuple[int, str | int]], firsts: dict[tuple[int, str | int], list[int]]
) -> tuple[dict[int, Counter[tuple[str, str]]], dict[tuple[int, str, str], list[int]]]:
    """Per position, how many wrong first answers gave each (part kind, answer as given); and the first
    few answers (by id, from ``firsts``, each group's first) that gave each, by (position, kind, text).

    Read from each answer's ``wrong`` column (kept as it is recorded, see :mod:`tutor.practice.wrong_answers`); a row
    without one (written by another writer) is read from its payload. The counters are filled in the order
    the answers come in the sessions (``groups``' order; then by part), so that ties among the most common
    keep the order they had when every payload was read in turn."""
    unkept = [key for _, key in groups if isinstance(key, int)]
    payloads = {}
    if unkept:
        payloads = {
            answer_id: wrong_parts(json.loads(given), json.loads(parts or "{}"))
            for answer_id, given, parts in db.execute(
                f"SELECT id, given, parts FROM answers WHERE id IN ({_in(unkept)})", unkept
            ).fetchall()
        }
    tallies: dict[int, Counter[tuple[str, str]]] = {}
    givers: dict[tuple[int, str, str], list[int]] = {}
    for (position, key), n in groups.items():
        pairs = payloads[key] if isinstance(key, int) else [(kind, text) for kind, text in json.loads(key)]
        tally = tallies.setdefault(position, Counter())
        for kind, text in pairs:
            tally[(kind, text)] += n
            given = givers.setdefault((position, kind, text), [])
            given += firsts[(position, key)][: GIVERS_READ - len(given)]
    return tallies, givers


def _mistakes(db: Database, session_ids: list[int]) -> Counter[str]:
    """The named mistakes in the sessions' first answers, counted in the order they come (as above)."""
    if not session_ids:
        return Counter()
    rows = db.execute(
        "SELECT j.value, COUNT(*), MIN((q.session_id << 32) + (q.position << 16) + j.id) AS first FROM questions q"
        " JOIN answers a ON a.question_id = q.id AND a.attempt = 1 AND a.mistakes <> '[]', json_each(a.mistakes) j"
        f" WHERE q.session_id IN ({_in(session_ids)}) GROUP BY j.value ORDER BY first",
        session_ids,
    ).fetchall()
    return Counter({mistake: n for mistake, n, _first in rows})


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


def heatmap(
    db: Database,
    classroom: Classroom,
    assignment: Assignment | None = None,
    columns: int = 30,
    students: list[Member] | None = None,
    lang: str = DEFAULT,
) -> Heatmap:
    """Per student and skill, the tallies kept as answers are recorded: for the whole class, or one
    assignment. With ``students`` (a page of the roster), only their rows are read; the columns and the
    class's totals are still the whole class's."""
    if assignment is None:
        source, members_only, where, params = (
            "class_skill_tallies t",
            " JOIN memberships m ON m.class_id = t.class_id AND m.user_id = t.user_id",
            "t.class_id = ?",
            [classroom.id],
        )
    else:
        source, members_only, where, params = (
            "assignment_skill_tallies t JOIN assignments x ON x.id = t.assignment_id",
            " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = t.user_id",
            "x.class_id = ? AND t.assignment_id = ?",
            [classroom.id, assignment.id],
        )
    where += " AND t.skill NOT LIKE 'mistake:%'"
    cells: dict[int, dict[str, tuple[int, int]]] = {}
    totals: dict[str, tuple[int, int]] = {}
    rows = roster(db, classroom.id) if students is None else students
    if students is None:
        in_class = {m.user_id for m in rows}  # students who left keep their tallies, not counted
        done_by: dict[str, int] = {}
        right_by: dict[str, int] = {}
        for user_id, skill, done, right in db.execute(
            f"SELECT t.user_id, t.skill, t.done, t.right FROM {source} WHERE {where}", params
        ).fetchall():
            if user_id not in in_class:
                continue
            mine = cells.get(user_id)
            if mine is None:
                mine = cells[user_id] = {}
            mine[skill] = (done, right)
            done_by[skill] = done_by.get(skill, 0) + done
            right_by[skill] = right_by.get(skill, 0) + right
        totals = {skill: (done, right_by[skill]) for skill, done in done_by.items()}
    else:
        # The totals summed in SQL, in the order the rows above would first name each skill (by student,
        # then skill), so that ties for the last column fall the same way.
        for skill, done, right, _first in db.execute(
            f"SELECT t.skill, SUM(t.done), SUM(t.right), MIN(t.user_id) AS first FROM {source}{members_only}"
            f" WHERE {where}"
            " GROUP BY t.skill ORDER BY first, t.skill",
            params,
        ).fetchall():
            totals[skill] = (done, right)
        shown = [m.user_id for m in students]
        for user_id, skill, done, right in db.execute(
            f"SELECT t.user_id, t.skill, t.done, t.right FROM {source} WHERE {where} AND t.user_id IN ({_in(shown)})",
            [*params, *shown],
        ).fetchall():
            cells.setdefault(user_id, {})[skill] = (done, right)
    busiest = sorted(totals, key=lambda s: -totals[s][0])[:columns]
    busiest.sort(key=lambda s: (totals[s][1] / totals[s][0], s))
    return Heatmap(
        [(s, info(s, lang).label) for s in busiest], [(m, cells[m.user_id]) for m in rows if m.user_id in cells], totals
    )


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
    first. From the tallies kept as answers are recorded, for the students in the class now."""
    rows = db.execute(
        "SELECT t.mistake, SUM(t.n) AS times, COUNT(*) FROM class_mistake_tallies t JOIN memberships m"
        " ON m.class_id = t.class_id AND m.user_id = t.user_id WHERE t.class_id = ?"
        " GROUP BY t.mistake ORDER BY times DESC, t.mistake LIMIT ?",
        [classroom.id, limit],
    ).fetchall()
    return [(mistake, times, students) for mistake, times, students in rows]
