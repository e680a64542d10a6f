"""Classes, join codes, assignments and what the class did with them. No Flask here, only the database.

Any account can open a class and is then its teacher. Students join with the
class's join code (rate-limited: wrong codes count against the account and the
address). An assignment is a quiz with a fixed seed: the same hands for the
whole class, or (``variant``) each student's own hands from it. An attempt is a
practice session in mode ``"assignment"`` that names its assignment, so every
answer goes through the same grading, storage and skill tracking as practice.

Every lookup that takes an id from a URL also takes the user, and raises
:class:`NotFound` unless the user teaches (or belongs to) the class: a teacher
sees only their own classes, a student only the classes they joined.
"""

from __future__ import annotations

import csv
import json
import re
import secrets
import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TextIO

from sqlite_utils import Database

from . import progress
from .accounts import User, now
from .practice import clean_settings, quiz_exercise
from .quiz.exercise import Exercise
from .quiz.makers import ExerciseError
from .quiz.skills import info
from .store import write_transaction

JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: codes are read off a projector
JOIN_CODE_LENGTH = 8
"""31**8 ≈ 8.5e11 codes; with the attempt limits below, guessing one takes centuries."""
JOIN_WINDOW = timedelta(minutes=15)
JOIN_LIMIT_ACCOUNT = 10
JOIN_LIMIT_ADDRESS = 30
"""Wrong codes allowed in the window, per account and per address (a classroom may share one address)."""
MAX_NAME = 80
MAX_DISPLAY_NAME = 40
MAX_ATTEMPTS = 10
REVEAL = {
    "each": "after each answer",
    "end": "once every question is answered",
    "due": "after the due time",
}
"""When a student sees whether their answers were right."""


class ClassroomError(ValueError):
    """A request that cannot go ahead; the message is for the person who made it."""


class NotFound(LookupError):
    """No such class, assignment or student for this user (never says which, or whether it exists)."""


class TooManyAttempts(ClassroomError):
    def __init__(self, minutes: int) -> None:
        super().__init__(f"Too many wrong join codes. Try again in {minutes} minute{'s' if minutes != 1 else ''}.")
        self.minutes = minutes


@dataclass(frozen=True)
class Classroom:
    id: int
    name: str
    teacher_id: int
    join_code: str
    created_at: str

    @property
    def code_for_people(self) -> str:
        """The join code as shown and read aloud: two groups of four."""
        return f"{self.join_code[:4]}-{self.join_code[4:]}"


@dataclass(frozen=True)
class Member:
    user_id: int
    display_name: str
    username: str | None
    joined_at: str


@dataclass(frozen=True)
class Assignment:
    id: int
    class_id: int
    title: str
    settings: Mapping[str, Any]
    """A quiz's settings (see :mod:`tutor.practice`): topics, difficulty, parts, itemised, size, seed."""
    variant: bool
    opens_at: str
    due_at: str | None
    attempts_allowed: int
    reveal: str
    created_at: str

    @property
    def size(self) -> int:
        return int(self.settings["size"])

    @property
    def reveal_text(self) -> str:
        return REVEAL[self.reveal]

    def state(self, at: datetime | None = None) -> str:
        """ "upcoming", "open" or "closed" (at the due time)."""
        moment = _stamp(at)
        if moment < self.opens_at:
            return "upcoming"
        return "closed" if self.due_at and moment >= self.due_at else "open"

    def closed_reason(self, at: datetime | None = None) -> str | None:
        """Why no answer can be given now (not open yet, or past due); None while it is open."""
        state = self.state(at)
        if state == "upcoming":
            return f"This assignment opens at {_readable(self.opens_at)}."
        if state == "closed":
            return f"This assignment closed at {_readable(str(self.due_at))}."
        return None

    def settings_for(self, user_id: int) -> dict[str, Any]:
        """The quiz settings of a student's attempt: the class's seed, or their own variant of it."""
        settings = dict(self.settings)
        if self.variant:
            settings["seed"] = f"{settings['seed']}/{user_id}"
        return settings

    def exercise(self, position: int, user_id: int | None = None) -> Exercise:
        """Question ``position`` as a student (or, without one, the class's shared seed) is asked it."""
        return quiz_exercise(self.settings_for(user_id) if user_id is not None else self.settings, position)

    def revealed(self, complete: bool, at: datetime | None = None) -> bool:
        """Whether a student whose attempt is ``complete`` (or not) may see right and wrong now."""
        if self.reveal == "each":
            return True
        past_due = bool(self.due_at) and _stamp(at) >= str(self.due_at)
        return past_due or (self.reveal == "end" and complete)


def _stamp(at: datetime | None) -> str:
    return (at or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")


def _readable(stamp: str) -> str:
    return datetime.fromisoformat(stamp).strftime("%Y-%m-%d %H:%M UTC")


# --- classes and rosters --------------------------------------------------------------------------


def _classroom(row: Mapping[str, Any]) -> Classroom:
    return Classroom(row["id"], row["name"], row["teacher_id"], row["join_code"], row["created_at"])


def _clean_name(text: str, what: str, longest: int) -> str:
    name = " ".join(str(text).split())  # no control characters, no runs of spaces
    if not name:
        raise ClassroomError(f"Give the {what}.")
    if len(name) > longest:
        raise ClassroomError(f"The {what} is at most {longest} characters.")
    return name


def _new_code(db: Database) -> str:
    while True:
        code = "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        if not list(db.query("SELECT 1 FROM classes WHERE join_code = ?", [code])):
            return code


def normalise_code(text: str) -> str:
    """What someone typed, as stored: upper case, without the dash or spaces.

    >>> normalise_code(" k7m3-9qxp ")
    'K7M39QXP'
    """
    return re.sub(r"[^0-9A-Z]", "", str(text).upper())


def create_class(db: Database, teacher: User, name: str) -> Classroom:
    if teacher.is_guest:
        raise ClassroomError("Create an account first: a class needs a teacher with a name.")
    name = _clean_name(name, "class name", MAX_NAME)
    created = now()
    with write_transaction(db):
        code = _new_code(db)
        cursor = db.execute(
            "INSERT INTO classes (name, teacher_id, join_code, created_at) VALUES (?, ?, ?, ?)",
            [name, teacher.id, code, created],
        )
    assert cursor.lastrowid is not None
    return Classroom(cursor.lastrowid, name, teacher.id, code, created)


def new_join_code(db: Database, classroom: Classroom) -> Classroom:
    """Replace the join code (the old one stops working at once; members stay)."""
    with write_transaction(db):
        code = _new_code(db)
        db.execute("UPDATE classes SET join_code = ? WHERE id = ?", [code, classroom.id])
    return Classroom(classroom.id, classroom.name, classroom.teacher_id, code, classroom.created_at)


def teaching(db: Database, user_id: int) -> list[Classroom]:
    return [_classroom(r) for r in db.query("SELECT * FROM classes WHERE teacher_id = ? ORDER BY id", [user_id])]


def enrolled(db: Database, user_id: int) -> list[Classroom]:
    rows = db.query(
        "SELECT c.* FROM classes c JOIN memberships m ON m.class_id = c.id WHERE m.user_id = ? ORDER BY c.id",
        [user_id],
    )
    return [_classroom(r) for r in rows]


def _one_class(db: Database, sql: str, params: list[Any]) -> Classroom:
    rows = list(db.query(sql, params))
    if not rows:
        raise NotFound(f"no class {params[0]}")
    return _classroom(rows[0])


def every_class(db: Database) -> list[tuple[Classroom, str, int]]:
    """Every class with its teacher's username and how many students it has (for the server's commands)."""
    rows = db.query(
        "SELECT c.*, u.username AS teacher, (SELECT COUNT(*) FROM memberships m WHERE m.class_id = c.id) AS students"
        " FROM classes c JOIN users u ON u.id = c.teacher_id ORDER BY c.id"
    )
    return [(_classroom(row), row["teacher"], row["students"]) for row in rows]


def class_by_id(db: Database, class_id: int) -> Classroom:
    """Any class, unchecked: for the server's own commands (``tutor export-class``), never for a request."""
    return _one_class(db, "SELECT * FROM classes WHERE id = ?", [class_id])


def class_for_teacher(db: Database, class_id: int, user_id: int) -> Classroom:
    return _one_class(db, "SELECT * FROM classes WHERE id = ? AND teacher_id = ?", [class_id, user_id])


def class_for_member(db: Database, class_id: int, user_id: int) -> Classroom:
    return _one_class(
        db,
        "SELECT c.* FROM classes c JOIN memberships m ON m.class_id = c.id WHERE c.id = ? AND m.user_id = ?",
        [class_id, user_id],
    )


def roster(db: Database, class_id: int) -> list[Member]:
    rows = db.query(
        "SELECT m.user_id, m.display_name, u.username, m.joined_at FROM memberships m JOIN users u ON u.id = m.user_id"
        " WHERE m.class_id = ? ORDER BY m.display_name COLLATE NOCASE, m.user_id",
        [class_id],
    )
    return [Member(r["user_id"], r["display_name"], r["username"], r["joined_at"]) for r in rows]


def member(db: Database, classroom: Classroom, user_id: int) -> Member:
    for someone in roster(db, classroom.id):
        if someone.user_id == user_id:
            return someone
    raise NotFound(f"no student {user_id} in class {classroom.id}")


def join(
    db: Database, user: User, code: str, address: str, display_name: str = "", at: datetime | None = None
) -> Classroom:
    """Join the class with this code. Wrong codes are counted, per account and per address, and refused
    beyond the limits with :class:`TooManyAttempts`; a wrong code never says how close it was."""
    if user.is_guest:
        raise ClassroomError("Create an account first, so your teacher knows whose answers are whose.")
    name = _clean_name(display_name or user.name, "name your teacher sees", MAX_DISPLAY_NAME)
    moment = at or datetime.now(UTC)
    since = _stamp(moment - JOIN_WINDOW)
    wanted = normalise_code(code)
    refusal: ClassroomError | None = None
    with write_transaction(db):
        db.execute("DELETE FROM join_attempts WHERE at < ?", [_stamp(moment - timedelta(days=1))])
        wrong = next(
            db.query(
                "SELECT SUM(user_id = ?) AS mine, SUM(address = ?) AS here, MIN(at) AS oldest FROM join_attempts"
                " WHERE ok = 0 AND at >= ? AND (user_id = ? OR address = ?)",
                [user.id, address, since, user.id, address],
            )
        )
        if (wrong["mine"] or 0) >= JOIN_LIMIT_ACCOUNT or (wrong["here"] or 0) >= JOIN_LIMIT_ADDRESS:
            free_at = datetime.fromisoformat(wrong["oldest"]) + JOIN_WINDOW
            raise TooManyAttempts(max(1, -(-int((free_at - moment).total_seconds()) // 60)))
        rows = list(db.query("SELECT * FROM classes WHERE join_code = ?", [wanted])) if wanted else []
        db.execute(
            "INSERT INTO join_attempts (user_id, address, at, ok) VALUES (?, ?, ?, ?)",
            [user.id, address, _stamp(moment), int(bool(rows))],
        )
        if not rows:
            refusal = ClassroomError("No class has that join code. Check it with your teacher and try again.")
        elif rows[0]["teacher_id"] == user.id:
            refusal = ClassroomError("You teach this class, so you cannot join it as a student.")
        else:
            db.execute(
                "INSERT INTO memberships (class_id, user_id, display_name, joined_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (class_id, user_id) DO UPDATE SET display_name = excluded.display_name",
                [rows[0]["id"], user.id, name, _stamp(moment)],
            )
    if refusal is not None:  # raised after the commit, so the wrong attempt stays counted
        raise refusal
    return _classroom(rows[0])


def remove_member(db: Database, classroom: Classroom, user_id: int) -> None:
    """Take a student off the roster (their answers stay theirs; the class no longer shows them)."""
    with write_transaction(db):
        db.execute("DELETE FROM memberships WHERE class_id = ? AND user_id = ?", [classroom.id, user_id])


def rename_member(db: Database, classroom: Classroom, user_id: int, display_name: str) -> None:
    name = _clean_name(display_name, "student's name", MAX_DISPLAY_NAME)
    with write_transaction(db):
        db.execute(
            "UPDATE memberships SET display_name = ? WHERE class_id = ? AND user_id = ?", [name, classroom.id, user_id]
        )


# --- assignments ----------------------------------------------------------------------------------


def _assignment(row: Mapping[str, Any]) -> Assignment:
    return Assignment(
        row["id"],
        row["class_id"],
        row["title"],
        json.loads(row["settings"]),
        bool(row["variant"]),
        row["opens_at"],
        row["due_at"],
        row["attempts_allowed"],
        row["reveal"],
        row["created_at"],
    )


def parse_time(text: str, offset_minutes: int = 0) -> str | None:
    """A time from a form as a stored UTC stamp; ``offset_minutes`` is the browser's
    ``getTimezoneOffset()`` (minutes to add to local time to get UTC). Empty text is None.

    >>> parse_time("2026-12-04T18:30", -60)
    '2026-12-04T17:30:00+00:00'
    """
    text = str(text).strip()
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ClassroomError(f"{text!r} is not a date and time (write it as 2026-12-04T18:30)") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC) + timedelta(minutes=offset_minutes)
    return _stamp(moment)


def check_assignment(form: Mapping[str, Any], at: datetime | None = None) -> dict[str, Any]:
    """Check an assignment's fields (as the form or the API sends them) and complete them.

    Raises ClassroomError naming the first thing that is wrong.
    """
    title = _clean_name(form.get("title", ""), "assignment's title", MAX_NAME)
    try:
        settings = clean_settings(
            {
                k: form[k]
                for k in ("topics", "targets", "difficulty", "parts", "itemised", "size", "seed")
                if form.get(k) is not None
            },
            "quiz",
        )
    except ExerciseError as problem:
        raise ClassroomError(str(problem)) from None
    try:
        offset = int(form.get("tz_offset") or 0)
    except (TypeError, ValueError):
        offset = 0
    if not -900 <= offset <= 900:
        offset = 0
    opens_at = parse_time(form.get("opens_at") or "", offset) or _stamp(at)
    due_at = parse_time(form.get("due_at") or "", offset)
    if due_at is not None and due_at <= opens_at:
        raise ClassroomError("The due time must come after the opening time.")
    try:
        attempts = int(form.get("attempts_allowed") or 1)
    except (TypeError, ValueError):
        raise ClassroomError(f"Attempts allowed is a whole number from 1 to {MAX_ATTEMPTS}.") from None
    if not 1 <= attempts <= MAX_ATTEMPTS:
        raise ClassroomError(f"Attempts allowed is a whole number from 1 to {MAX_ATTEMPTS}.")
    reveal = str(form.get("reveal") or "each")
    if reveal not in REVEAL:
        raise ClassroomError(f"Answers are revealed {', '.join(repr(k) for k in REVEAL)}; not {reveal!r}.")
    if reveal == "due" and due_at is None:
        raise ClassroomError("To reveal the answers after the due time, set a due time.")
    return {
        "title": title,
        "settings": settings,
        "variant": form.get("variant") in (True, "each", "on", "1", 1),
        "opens_at": opens_at,
        "due_at": due_at,
        "attempts_allowed": attempts,
        "reveal": reveal,
    }


def create_assignment(db: Database, classroom: Classroom, form: Mapping[str, Any]) -> Assignment:
    checked = check_assignment(form)
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO assignments (class_id, title, settings, variant, opens_at, due_at, attempts_allowed, reveal,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                classroom.id,
                checked["title"],
                json.dumps(checked["settings"], sort_keys=True),
                int(checked["variant"]),
                checked["opens_at"],
                checked["due_at"],
                checked["attempts_allowed"],
                checked["reveal"],
                now(),
            ],
        )
    assert cursor.lastrowid is not None
    return assignment(db, classroom, cursor.lastrowid)


def update_assignment(db: Database, assignment: Assignment, form: Mapping[str, Any]) -> Assignment:
    """Change an assignment's title, times, attempts and reveal rule. Its questions stay as they are:
    students may already have answered them."""
    checked = check_assignment({**assignment.settings, **form})
    with write_transaction(db):
        db.execute(
            "UPDATE assignments SET title = ?, opens_at = ?, due_at = ?, attempts_allowed = ?, reveal = ? WHERE id = ?",
            [
                checked["title"],
                checked["opens_at"],
                checked["due_at"],
                checked["attempts_allowed"],
                checked["reveal"],
                assignment.id,
            ],
        )
        row = next(db.query("SELECT * FROM assignments WHERE id = ?", [assignment.id]))
    return _assignment(row)


def delete_assignment(db: Database, assignment: Assignment) -> None:
    """Take back an assignment nobody has started (one set by mistake); once a student has, their
    answers depend on it, so it stays (its due time can still be changed)."""
    with write_transaction(db):
        if list(db.query("SELECT 1 FROM practice_sessions WHERE assignment_id = ? LIMIT 1", [assignment.id])):
            raise ClassroomError("Students have started this assignment, so it stays; you can change its due time.")
        db.execute("DELETE FROM assignments WHERE id = ?", [assignment.id])


def assignments(db: Database, classroom: Classroom) -> list[Assignment]:
    rows = db.query("SELECT * FROM assignments WHERE class_id = ? ORDER BY opens_at, id", [classroom.id])
    return [_assignment(r) for r in rows]


def assignment(db: Database, classroom: Classroom, assignment_id: int) -> Assignment:
    """An assignment of a class already checked to be the user's (as teacher or member)."""
    rows = list(db.query("SELECT * FROM assignments WHERE id = ? AND class_id = ?", [assignment_id, classroom.id]))
    if not rows:
        raise NotFound(f"no assignment {assignment_id}")
    return _assignment(rows[0])


def attempt_of(db: Database, classroom: Classroom, session_id: int) -> tuple[Assignment, int]:
    """The assignment of the class that a session is an attempt at, and whose attempt it is."""
    rows = list(
        db.query(
            "SELECT x.*, s.user_id AS student_id FROM practice_sessions s JOIN assignments x ON x.id = s.assignment_id"
            " WHERE s.id = ? AND x.class_id = ?",
            [session_id, classroom.id],
        )
    )
    if not rows:
        raise NotFound(f"no attempt {session_id}")
    return _assignment(rows[0]), rows[0]["student_id"]


def assignment_of_session(db: Database, session: Mapping[str, Any]) -> Assignment | None:
    """The assignment a practice session is an attempt at, if it is one."""
    if not session.get("assignment_id"):
        return None
    rows = list(db.query("SELECT * FROM assignments WHERE id = ?", [session["assignment_id"]]))
    return _assignment(rows[0]) if rows else None


def session_complete(db: Database, session: Mapping[str, Any]) -> bool:
    """Whether every question of a quiz-like session has its answer."""
    size = session["settings"].get("size")
    if not size:
        return session.get("finished_at") is not None
    row = next(
        db.query(
            "SELECT COUNT(DISTINCT a.question_id) AS n FROM questions q JOIN answers a ON a.question_id = q.id"
            " WHERE q.session_id = ?",
            [session["id"]],
        )
    )
    return bool(row["n"] >= size)


def session_revealed(db: Database, session: Mapping[str, Any], at: datetime | None = None) -> bool:
    """Whether the learner may see right and wrong in this session now: always, unless it is an attempt
    at an assignment that still holds them back."""
    task = assignment_of_session(db, session)
    return task is None or task.revealed(session_complete(db, session), at)


def answer_refused(db: Database, session_id: int, user_id: int, at: datetime | None = None) -> str | None:
    """Why an answer in this session cannot be taken now (its assignment is closed, or the student was
    taken off the class's roster); None for ordinary practice and open assignments."""
    rows = list(
        db.query(
            "SELECT x.*, EXISTS (SELECT 1 FROM memberships m WHERE m.class_id = x.class_id AND m.user_id = ?) AS member"
            " FROM practice_sessions s JOIN assignments x ON x.id = s.assignment_id WHERE s.id = ?",
            [user_id, session_id],
        )
    )
    if not rows:
        return None
    if not rows[0]["member"]:
        return "You are no longer in this class."
    return _assignment(rows[0]).closed_reason(at)


def holds_back(db: Database, session: Mapping[str, Any], at: datetime | None = None) -> bool:
    """Whether an answer given now in this session must be held back from the learner's own progress
    (tallies, replays, skill states): its assignment shows right and wrong only later."""
    task = assignment_of_session(db, session)
    return task is not None and not task.revealed(False, at)


def release_revealed(db: Database, user_id: int, at: datetime | None = None) -> int:
    """Let held answers count in the learner's progress once their assignment reveals them (the attempt
    complete, or the due time past); returns how many sessions were released. Cheap when nothing is held."""
    ready = []
    for session_id in progress.held_sessions(db, user_id):
        if session_revealed(db, progress.session(db, session_id, user_id), at):
            ready.append(session_id)
    progress.release(db, user_id, ready)
    return len(ready)


# --- attempts -------------------------------------------------------------------------------------


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
        for task in assignments(db, room):
            if task.state(at) == "open" and student_work(db, task, user_id).status != "done":
                found.append((room, task))
    return sorted(found, key=lambda pair: (pair[1].due_at or "9999", pair[1].id))


def start_attempt(db: Database, assignment: Assignment, user_id: int, at: datetime | None = None) -> int:
    """The session to answer in: the student's unfinished attempt, else a new one if any are left."""
    reason = assignment.closed_reason(at)
    if reason:
        raise ClassroomError(reason)
    with write_transaction(db):
        tries = attempts(db, assignment, user_id)
        unfinished = [a for a in tries if not a.complete]
        if unfinished:
            return unfinished[-1].session_id
        if len(tries) >= assignment.attempts_allowed:
            allowed = assignment.attempts_allowed
            raise ClassroomError(f"You have used {'your attempt' if allowed == 1 else f'all {allowed} attempts'}.")
        return progress.start_session(db, user_id, "assignment", assignment.settings_for(user_id), assignment.id)


@dataclass(frozen=True)
class StudentWork:
    """A student's standing on one assignment: what the dashboard row and their own list show."""

    member: Member | None
    tries: list[Attempt]
    counted: Attempt | None
    size: int

    @property
    def status(self) -> str:
        if not self.tries:
            return "not started"
        return "done" if any(a.complete for a in self.tries) else "in progress"

    @property
    def percent(self) -> float | None:
        return 100 * self.counted.score / self.size if self.counted and self.counted.answered else None


def student_work(db: Database, assignment: Assignment, user_id: int) -> StudentWork:
    tries = attempts(db, assignment, user_id)
    return StudentWork(None, tries, best(tries), assignment.size)


# --- what the teacher sees --------------------------------------------------------------------------


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
    members = roster(db, classroom.id)
    by_student: dict[int, list[Attempt]] = {}
    for one in attempts(db, assignment):
        by_student.setdefault(one.user_id, []).append(one)
    students = [
        StudentWork(m, by_student.get(m.user_id, []), best(by_student.get(m.user_id, [])), assignment.size)
        for m in members
    ]
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
                continue
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
        mistakes.update(json.loads(row["mistakes"] or "[]"))
    return AssignmentResults(assignment, students, questions, mistakes.most_common(10))


def _first_answers(db: Database, session_ids: list[int]) -> list[dict[str, Any]]:
    if not session_ids:
        return []
    marks = ", ".join("?" for _ in session_ids)
    return list(
        db.query(
            "SELECT q.position, a.correct, a.score, a.given, a.parts, a.mistakes, a.time_ms FROM questions q"
            f" JOIN answers a ON a.question_id = q.id AND a.attempt = 1 WHERE q.session_id IN ({marks})",
            session_ids,
        )
    )


@dataclass(frozen=True)
class Heatmap:
    """First-try accuracy per student and skill, over a class's assignments."""

    skills: list[tuple[str, str]]
    """(skill id, label) columns, the class's weakest first."""
    rows: list[tuple[Member, dict[str, tuple[int, int]]]]
    """Each student with (first tries, right) per skill."""
    totals: dict[str, tuple[int, int]]


def _narrowed(sql: str, classroom: Classroom, assignment: Assignment | None) -> tuple[str, list[Any]]:
    """A query over a class's assignments (aliased ``x``, ending in its WHERE clause), with its parameters,
    narrowed to one assignment when one is given."""
    if assignment is None:
        return sql, [classroom.id]
    return sql + " AND x.id = ?", [classroom.id, assignment.id]


def heatmap(db: Database, classroom: Classroom, assignment: Assignment | None = None, columns: int = 30) -> Heatmap:
    sql = (
        "SELECT s.user_id, k.skill, COUNT(*) AS done, SUM(k.correct) AS right FROM answer_skills k"
        " JOIN answers a ON a.id = k.answer_id AND a.attempt = 1 JOIN questions q ON q.id = a.question_id"
        " JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = s.user_id"
        " WHERE x.class_id = ? AND k.skill NOT LIKE 'mistake:%'"
    )
    sql, params = _narrowed(sql, classroom, assignment)
    cells: dict[int, dict[str, tuple[int, int]]] = {}
    totals: dict[str, tuple[int, int]] = {}
    for row in db.query(sql + " GROUP BY s.user_id, k.skill", params):
        cells.setdefault(row["user_id"], {})[row["skill"]] = (row["done"], row["right"])
        done, right = totals.get(row["skill"], (0, 0))
        totals[row["skill"]] = (done + row["done"], right + row["right"])
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
    sql, params = _narrowed(
        "SELECT j.value AS mistake, COUNT(*) AS n, COUNT(DISTINCT a.user_id) AS students"
        " FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id"
        " JOIN assignments x ON x.id = s.assignment_id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = a.user_id, json_each(a.mistakes) j"
        " WHERE x.class_id = ?",
        classroom,
        None,
    )
    rows = db.query(sql + " GROUP BY j.value ORDER BY n DESC, j.value LIMIT ?", [*params, limit])
    return [(row["mistake"], row["n"], row["students"]) for row in rows]


EXPORT_COLUMNS = (
    "class_id",
    "class",
    "assignment_id",
    "assignment",
    "student_id",
    "student",
    "username",
    "attempt",
    "position",
    "question_id",
    "topic",
    "target",
    "correct",
    "score",
    "given",
    "mistakes",
    "time_ms",
    "answered_at",
)


def export_rows(db: Database, classroom: Classroom, assignment: Assignment | None = None) -> list[dict[str, Any]]:
    """Every answer the class's students gave to its assignments: one row per question answered, first
    tries only, in the order class → assignment → student → attempt → question."""
    sql = (
        "SELECT x.id AS assignment_id, x.title AS assignment, s.id AS session_id, s.user_id AS student_id,"
        " m.display_name AS student, u.username, q.position, q.id AS question_id, q.topic, q.target,"
        " a.correct, a.score, a.given, a.mistakes, a.time_ms, a.answered_at"
        " FROM assignments x JOIN practice_sessions s ON s.assignment_id = x.id"
        " JOIN memberships m ON m.class_id = x.class_id AND m.user_id = s.user_id JOIN users u ON u.id = s.user_id"
        " JOIN questions q ON q.session_id = s.id JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
        " WHERE x.class_id = ?"
    )
    sql, params = _narrowed(sql, classroom, assignment)
    rows = []
    attempt_numbers: dict[tuple[int, int], dict[int, int]] = {}
    for row in db.query(sql + " ORDER BY x.id, m.display_name COLLATE NOCASE, s.user_id, s.id, q.position", params):
        numbers = attempt_numbers.setdefault((row["assignment_id"], row["student_id"]), {})
        numbers.setdefault(row["session_id"], len(numbers) + 1)
        rows.append(
            {
                "class_id": classroom.id,
                "class": classroom.name,
                **{k: row[k] for k in ("assignment_id", "assignment", "student_id", "student", "username")},
                "attempt": numbers[row["session_id"]],
                **{k: row[k] for k in ("position", "question_id", "topic", "target")},
                "correct": bool(row["correct"]),
                "score": row["score"],
                "given": json.loads(row["given"]),
                "mistakes": json.loads(row["mistakes"] or "[]"),
                "time_ms": row["time_ms"],
                "answered_at": row["answered_at"],
            }
        )
    return rows


def csv_cell(value: Any) -> str:
    """A value for a spreadsheet cell. Text that a spreadsheet would run as a formula (a student could name
    themselves ``=HYPERLINK(...)``) gets a leading apostrophe.

    >>> csv_cell("=1+1"), csv_cell(["pinfu"]), csv_cell({"fu": "30"}), csv_cell(True), csv_cell(None), csv_cell([])
    ("'=1+1", 'pinfu', 'fu: 30', '1', '', '')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, list | tuple) and not value:
        return ""
    if isinstance(value, Mapping):
        text = "; ".join(f"{key}: {answer_text(answer)}" for key, answer in value.items())
    elif isinstance(value, list | tuple):
        text = answer_text(value)
    else:
        text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write_csv(out: TextIO, rows: Iterable[Mapping[str, Any]]) -> None:
    """Export rows as CSV, a header line first, every cell made safe for spreadsheets."""
    writer = csv.writer(out)
    writer.writerow(EXPORT_COLUMNS)
    for row in rows:
        writer.writerow([csv_cell(row[column]) for column in EXPORT_COLUMNS])


def export_document(db: Database, classroom: Classroom) -> dict[str, Any]:
    """The class's results as one JSON document: the class, each assignment with its students' standing, and
    every answer (the rows of the CSV)."""
    documents = []
    for one in assignments(db, classroom):
        found = results(db, classroom, one)
        documents.append(
            {
                "id": one.id,
                "title": one.title,
                "settings": dict(one.settings),
                "variant": one.variant,
                "opens_at": one.opens_at,
                "due_at": one.due_at,
                "attempts_allowed": one.attempts_allowed,
                "reveal": one.reveal,
                "students": [
                    {
                        "student_id": s.member.user_id if s.member else None,
                        "student": s.member.display_name if s.member else None,
                        "status": s.status,
                        "attempts": len(s.tries),
                        "answered": s.counted.answered if s.counted else 0,
                        "right": s.counted.right if s.counted else 0,
                        "score": s.counted.score if s.counted else 0.0,
                        "percent": round(s.percent, 1) if s.percent is not None else None,
                    }
                    for s in found.students
                ],
                "questions": [
                    {
                        "position": q.position,
                        "answered": q.answered,
                        "right": q.right,
                        "median_ms": q.median_ms,
                        "wrong_answers": [{"part": k, "answer": t, "count": n} for k, t, n in q.wrong_answers],
                    }
                    for q in found.questions
                ],
            }
        )
    return {
        "class": {"id": classroom.id, "name": classroom.name, "created_at": classroom.created_at},
        "students": [
            {"student_id": m.user_id, "student": m.display_name, "username": m.username, "joined_at": m.joined_at}
            for m in roster(db, classroom.id)
        ],
        "assignments": documents,
        "answers": export_rows(db, classroom),
    }
