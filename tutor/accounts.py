"""Learner and teacher accounts: guests, registration, log-in. No Flask here, only the database.

A visitor who starts practising gets a guest account at once, so nothing they
answer is lost; registering turns that guest into a named account, keeping
everything. Logging in to an existing account from a guest session moves the
guest's progress into it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database
from werkzeug.security import check_password_hash, generate_password_hash

from .clock import now
from .engine.catalogues import N_, Problem
from .progress import rebuild_skill_states
from .store import write_transaction

USERNAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$")
MIN_PASSWORD = 8
ROLES = ("learner", "teacher")
# Tables whose rows belong to a user and move with a guest's progress.
OWNED = ("practice_sessions", "questions", "answers", "answer_skills", "reports")


class AccountError(Problem):
    """A registration or log-in that cannot go ahead; the message is for the person typing."""


@dataclass(frozen=True)
class User:
    id: int
    username: str | None
    role: str
    is_guest: bool

    @property
    def name(self) -> str:
        return self.username or "Guest"

    @property
    def is_teacher(self) -> bool:
        return self.role == "teacher"


def _user(row: dict[str, Any]) -> User:
    return User(row["id"], row["username"], row["role"], bool(row["is_guest"]))


def get_user(db: Database, user_id: int) -> User | None:
    rows = list(db.query("SELECT id, username, role, is_guest FROM users WHERE id = ?", [user_id]))
    return _user(rows[0]) if rows else None


def create_guest(db: Database) -> User:
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO users (role, is_guest, created_at, last_seen_at) VALUES ('learner', 1, ?, ?)", [now(), now()]
        )
    assert cursor.lastrowid is not None
    return User(cursor.lastrowid, None, "learner", True)


def _check_new(db: Database, username: str, password: str, role: str) -> None:
    if not USERNAME.match(username):
        raise AccountError(
            N_("A username is 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit.")
        )
    if len(password) < MIN_PASSWORD:
        raise AccountError(N_("Choose a password of at least {least} characters."), least=MIN_PASSWORD)
    if role not in ROLES:
        raise AccountError(N_("An account is a {roles}."), roles=" or a ".join(ROLES))
    if list(db.query("SELECT 1 FROM users WHERE username = ? COLLATE NOCASE", [username])):
        raise AccountError(N_("The username {username!r} is taken; choose another."), username=username)


def register(db: Database, username: str, password: str, role: str = "learner", guest: User | None = None) -> User:
    """A new named account; a guest's account becomes it, progress and all."""
    username = username.strip()
    with write_transaction(db):
        _check_new(db, username, password, role)
        hashed = generate_password_hash(password)
        if guest is not None and guest.is_guest:
            db.execute(
                "UPDATE users SET username = ?, password_hash = ?, role = ?, is_guest = 0, last_seen_at = ? WHERE id = ?",
                [username, hashed, role, now(), guest.id],
            )
            return User(guest.id, username, role, False)
        cursor = db.execute(
            "INSERT INTO users (username, password_hash, role, is_guest, created_at, last_seen_at)"
            " VALUES (?, ?, ?, 0, ?, ?)",
            [username, hashed, role, now(), now()],
        )
    assert cursor.lastrowid is not None
    return User(cursor.lastrowid, username, role, False)


def authenticate(db: Database, username: str, password: str) -> User:
    rows = list(
        db.query(
            "SELECT id, username, role, is_guest, password_hash FROM users WHERE username = ? COLLATE NOCASE",
            [username.strip()],
        )
    )
    # The same message either way, so the form does not reveal which usernames exist.
    if not rows or not check_password_hash(rows[0]["password_hash"], password):
        raise AccountError(N_("That username and password do not match an account."))
    return _user(rows[0])


def merge_guest(db: Database, guest: User, into: User) -> None:
    """Move a guest's progress into an account the guest has just logged in to."""
    if not guest.is_guest or guest.id == into.id:
        return
    with write_transaction(db):
        for table in OWNED:
            db.execute(f"UPDATE {table} SET user_id = ? WHERE user_id = ?", [into.id, guest.id])
        db.execute("DELETE FROM skill_states WHERE user_id = ?", [guest.id])
        db.execute("DELETE FROM users WHERE id = ?", [guest.id])
        rebuild_skill_states(db, into.id)
