"""Classes, their join codes and their rosters.

Any account can open a class and is then its teacher. Students join with the
class's join code (rate-limited: wrong codes count against the account and the
address). Every lookup that takes an id from a URL also takes the user: a
teacher sees only their own classes, a student only the classes they joined.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database

from tutor.accounts import User
from tutor.classroom.errors import ClassroomError, NotFound, TooManyAttempts
from tutor.clock import moment as current_moment
from tutor.clock import now, stamp
from tutor.db import write_transaction
from tutor.messages.catalogues import N_, Sentence

JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: codes are read off a projector
JOIN_CODE_LENGTH = 8
"""31**8 ≈ 8.5e11 codes; with the attempt limits below, guessing one takes centuries."""
JOIN_WINDOW = timedelta(minutes=15)
JOIN_LIMIT_ACCOUNT = 10
JOIN_LIMIT_ADDRESS = 30
"""Wrong codes allowed in the window, per account and per address (a classroom may share one address)."""
MAX_NAME = 80
MAX_DISPLAY_NAME = 40
ARCHIVED = N_("This class is archived, so it is read-only: restore it to change it.")
ARCHIVED_FOR_STUDENTS = N_("This class is archived: your teacher has closed it, and it takes no more answers.")


@dataclass(frozen=True)
class Classroom:
    id: int
    name: str
    teacher_id: int
    join_code: str
    created_at: str
    archived_at: str | None = None
    """When its teacher archived it: it is then read-only (see :mod:`.lifecycle`)."""

    @property
    def archived(self) -> bool:
        return self.archived_at is not None

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


def _classroom(row: Mapping[str, Any]) -> Classroom:
    return Classroom(
        row["id"], row["name"], row["teacher_id"], row["join_code"], row["created_at"], row.get("archived_at")
    )


def clean_name(text: str, what: str, longest: int) -> str:
    name = " ".join(str(text).split())  # no control characters, no runs of spaces
    if not name:
        raise ClassroomError(N_("Give the {what}."), what=Sentence(what))
    if len(name) > longest:
        raise ClassroomError(N_("The {what} is at most {longest} characters."), what=Sentence(what), longest=longest)
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
        raise ClassroomError(N_("Create an account first: a class needs a teacher with a name."))
    name = clean_name(name, N_("class name"), MAX_NAME)
    created = now()
    with write_transaction(db):
        code = _new_code(db)
        cursor = db.execute(
            "INSERT INTO classes (name, teacher_id, join_code, created_at) VALUES (?, ?, ?, ?)",
            [name, teacher.id, code, created],
        )
    assert cursor.lastrowid is not None
    return Classroom(cursor.lastrowid, name, teacher.id, code, created)


def refuse_if_archived(classroom: Classroom) -> None:
    """Raise ClassroomError when the class is archived: an archived class is read-only until restored."""
    if classroom.archived:
        raise ClassroomError(ARCHIVED)


def archived_reason(db: Database, class_id: int) -> Sentence | None:
    """Why a student can do nothing more in the class (it is archived); None while it is in use."""
    rows = list(db.query("SELECT 1 FROM classes WHERE id = ? AND archived_at IS NOT NULL", [class_id]))
    return Sentence(ARCHIVED_FOR_STUDENTS) if rows else None


def new_join_code(db: Database, classroom: Classroom) -> Classroom:
    """Replace the join code (the old one stops working at once; members stay)."""
    refuse_if_archived(classroom)
    with write_transaction(db):
        code = _new_code(db)
        db.execute("UPDATE classes SET join_code = ? WHERE id = ?", [code, classroom.id])
    return Classroom(classroom.id, classroom.name, classroom.teacher_id, code, classroom.created_at, None)


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


def is_member(db: Database, class_id: int, user_id: int) -> bool:
    """Whether ``user_id`` is in the class now (a student who left is not)."""
    found = db.execute("SELECT 1 FROM memberships WHERE class_id = ? AND user_id = ?", [class_id, user_id])
    return found.fetchone() is not None


def teaches(db: Database, class_id: int, user_id: int) -> bool:
    """Whether ``user_id`` is the class's teacher."""
    found = db.execute("SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?", [class_id, user_id])
    return found.fetchone() is not None


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
        raise ClassroomError(N_("Create an account first, so your teacher knows whose answers are whose."))
    name = clean_name(display_name or user.name, N_("name your teacher sees"), MAX_DISPLAY_NAME)
    moment = current_moment(at)
    since = stamp(moment - JOIN_WINDOW)
    wanted = normalise_code(code)
    refusal: ClassroomError | None = None
    with write_transaction(db):
        db.execute("DELETE FROM join_attempts WHERE at < ?", [stamp(moment - timedelta(days=1))])
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
            [user.id, address, stamp(moment), int(bool(rows))],
        )
        if not rows:
            refusal = ClassroomError(N_("No class has that join code. Check it with your teacher and try again."))
        elif rows[0]["teacher_id"] == user.id:
            refusal = ClassroomError(N_("You teach this class, so you cannot join it as a student."))
        elif rows[0]["archived_at"] is not None:
            refusal = ClassroomError(N_("This class is archived: it takes no new students. Ask your teacher."))
        else:
            db.execute(
                "INSERT INTO memberships (class_id, user_id, display_name, joined_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (class_id, user_id) DO UPDATE SET display_name = excluded.display_name",
                [rows[0]["id"], user.id, name, stamp(moment)],
            )
    if refusal is not None:  # raised after the commit, so the wrong attempt stays counted
        raise refusal
    return _classroom(rows[0])


def remove_member(db: Database, classroom: Classroom, user_id: int) -> None:
    """Take a student off the roster (their answers stay theirs; the class no longer shows them)."""
    with write_transaction(db):
        db.execute("DELETE FROM memberships WHERE class_id = ? AND user_id = ?", [classroom.id, user_id])


def rename_member(db: Database, classroom: Classroom, user_id: int, display_name: str) -> None:
    refuse_if_archived(classroom)
    name = clean_name(display_name, N_("student's name"), MAX_DISPLAY_NAME)
    with write_transaction(db):
        db.execute(
            "UPDATE memberships SET display_name = ? WHERE class_id = ? AND user_id = ?", [name, classroom.id, user_id]
        )
