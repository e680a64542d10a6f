"""Assignments: a quiz with a fixed seed set for a class, and the rules it is taken under.

The same hands for the whole class, or (``variant``) each student's own hands
from the seed; open from ``opens_at`` to ``due_at``; a number of attempts; and
when students see right and wrong (``REVEAL``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from tutor.classroom.errors import ClassroomError, NotFound
from tutor.classroom.roster import ARCHIVED, MAX_NAME, Classroom, archived_reason, clean_name, refuse_if_archived
from tutor.clock import now, readable, stamp
from tutor.course.curriculum import TARGET_TOPICS, TOPICS
from tutor.db import write_transaction
from tutor.kept import Kept
from tutor.messages.catalogues import DEFAULT, N_, Sentence
from tutor.practice.mygames import topic_of
from tutor.practice.selection import clean_settings, quiz_exercise
from tutor.quiz.exercise import Exercise
from tutor.quiz.makers import ExerciseError
from tutor.quiz.skills import info

MAX_ATTEMPTS = 10
ATTEMPTS_RANGE = N_("Attempts allowed is a whole number from 1 to {most}.")
REVEAL = {
    "each": N_("after each answer"),
    "end": N_("once every question is answered"),
    "due": N_("after the due time"),
}
"""When a student sees whether their answers were right."""


@dataclass(frozen=True)
class Assignment:
    id: int
    class_id: int
    title: str
    settings: Mapping[str, Any]
    """A quiz's settings (see :mod:`tutor.practice.selection`): topics, difficulty, parts, itemised, size, seed."""
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
        moment = stamp(at)
        if moment < self.opens_at:
            return "upcoming"
        return "closed" if self.due_at and moment >= self.due_at else "open"

    def closed_reason(self, at: datetime | None = None) -> Sentence | None:
        """Why no answer can be given now (not open yet, or past due); None while it is open."""
        state = self.state(at)
        if state == "upcoming":
            return Sentence(N_("This assignment opens at {when}."), when=readable(self.opens_at))
        if state == "closed":
            return Sentence(N_("This assignment closed at {when}."), when=readable(str(self.due_at)))
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

    def shared_exercise(self, position: int) -> Exercise:
        """Question ``position`` with the class's shared seed, drawn once and kept (see :func:`_drawn`)."""
        return _drawn(self.id, json.dumps(self.settings, sort_keys=True), position, self.settings)

    def revealed(self, complete: bool, at: datetime | None = None) -> bool:
        """Whether a student whose attempt is ``complete`` (or not) may see right and wrong now."""
        if self.reveal == "each":
            return True
        past_due = bool(self.due_at) and stamp(at) >= str(self.due_at)
        return past_due or (self.reveal == "end" and complete)


DRAWN = Kept[Exercise](2000)
"""Drawn questions kept in memory: a hundred assignments of twenty."""


def _drawn(assignment_id: int, key: str, position: int, settings: Mapping[str, Any]) -> Exercise:
    """A question as :func:`quiz_exercise` draws it, kept by assignment, settings (``key``: their canonical
    JSON) and position: a dashboard shows all of an assignment's questions on every request, and drawing
    one takes milliseconds. The drawing is a function of the settings alone (no language: words are put in
    when a page is rendered), so a changed assignment has another key and is drawn again."""
    return DRAWN.get((assignment_id, key, position), lambda: quiz_exercise(settings, position))


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
        raise ClassroomError(N_("{text!r} is not a date and time (write it as 2026-12-04T18:30)"), text=text) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC) + timedelta(minutes=offset_minutes)
    return stamp(moment)


def check_assignment(form: Mapping[str, Any], at: datetime | None = None) -> dict[str, Any]:
    """Check an assignment's fields (as the form or the API sends them) and complete them.

    Raises ClassroomError naming the first thing that is wrong.
    """
    title = clean_name(form.get("title", ""), N_("assignment's title"), MAX_NAME)
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
        raise ClassroomError(problem.said) from None
    hands = form.get("hands")
    if hands:  # set from a game log (tutor.practice.mygames.class_hands): its real hands, the same for everyone
        settings.update(hands=list(hands), size=len(hands), topics=[topic_of(settings["parts"])], seed="log")
        settings.pop("targets", None)
    try:
        offset = int(form.get("tz_offset") or 0)
    except (TypeError, ValueError):
        offset = 0
    if not -900 <= offset <= 900:
        offset = 0
    opens_at = parse_time(form.get("opens_at") or "", offset) or stamp(at)
    due_at = parse_time(form.get("due_at") or "", offset)
    if due_at is not None and due_at <= opens_at:
        raise ClassroomError(N_("The due time must come after the opening time."))
    try:
        attempts = int(form.get("attempts_allowed") or 1)
    except (TypeError, ValueError):
        raise ClassroomError(ATTEMPTS_RANGE, most=MAX_ATTEMPTS) from None
    if not 1 <= attempts <= MAX_ATTEMPTS:
        raise ClassroomError(ATTEMPTS_RANGE, most=MAX_ATTEMPTS)
    reveal = str(form.get("reveal") or "each")
    if reveal not in REVEAL:
        choices = ", ".join(repr(k) for k in REVEAL)
        raise ClassroomError(N_("Answers are revealed {choices}; not {reveal!r}."), choices=choices, reveal=reveal)
    if reveal == "due" and due_at is None:
        raise ClassroomError(N_("To reveal the answers after the due time, set a due time."))
    return {
        "title": title,
        "settings": settings,
        "variant": form.get("variant") in (True, "each", "on", "1", 1) and not hands,
        "opens_at": opens_at,
        "due_at": due_at,
        "attempts_allowed": attempts,
        "reveal": reveal,
    }


def create_assignment(db: Database, classroom: Classroom, form: Mapping[str, Any]) -> Assignment:
    refuse_if_archived(classroom)
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
    _refuse_if_archived(db, assignment)
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
    _refuse_if_archived(db, assignment)
    with write_transaction(db):
        if list(db.query("SELECT 1 FROM practice_sessions WHERE assignment_id = ? LIMIT 1", [assignment.id])):
            raise ClassroomError(N_("Students have started this assignment, so it stays; you can change its due time."))
        db.execute("DELETE FROM assignments WHERE id = ?", [assignment.id])


def _refuse_if_archived(db: Database, assignment: Assignment) -> None:
    if archived_reason(db, assignment.class_id) is not None:
        raise ClassroomError(ARCHIVED)


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


def target_label(target: str, lang: str = DEFAULT) -> str:
    """What an assignment's hands were made for (a yaku or fu feature, by its id), named in ``lang``: the
    label of the skill that hand trains (``Pinfu``, ``平和``). An id no topic teaches is shown as it is."""
    home = TARGET_TOPICS.get(target)
    return info(TOPICS[home].target_skill(target), lang).label if home else target
