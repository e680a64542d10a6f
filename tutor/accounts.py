"""Learner and teacher accounts: guests, registration, log-in. No Flask here, only the database.

A visitor who starts practising gets a guest account at once, so nothing they
answer is lost; registering turns that guest into a named account, keeping
everything. Logging in to an existing account from a guest session moves the
guest's progress into it.

Failed log-ins are counted in the database (per username and per address, so
the limit holds across server processes) and refused beyond the limits with
:class:`TooManyLogins`. A username that does not exist costs a password check
all the same, so timing does not tell which usernames exist.
"""

from __future__ import annotations

import hashlib
import math
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database
from werkzeug.security import check_password_hash, generate_password_hash

from tutor.clock import moment as current_moment
from tutor.clock import now, stamp
from tutor.db import write_transaction
from tutor.messages.catalogues import N_, Problem
from tutor.practice.progress import merge as merge_skill_states

USERNAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$")
MIN_PASSWORD = 8
ROLES = ("learner", "teacher")
COMMON_PASSWORDS = frozenset(
    [
        "password",
        "password1",
        "password12",
        "password123",
        "passw0rd",
        "p@ssw0rd",
        "p@ssword",
        "12345678",
        "123456789",
        "1234567890",
        "87654321",
        "11111111",
        "00000000",
        "12341234",
        "11223344",
        "12121212",
        "123123123",
        "qwertyui",
        "qwertyuiop",
        "qwerty123",
        "1q2w3e4r",
        "1qaz2wsx",
        "zaq12wsx",
        "asdfghjk",
        "asdfghjkl",
        "zxcvbnm1",
        "iloveyou",
        "sunshine",
        "princess",
        "football",
        "baseball",
        "superman",
        "starwars",
        "trustno1",
        "letmein1",
        "welcome1",
        "welcome123",
        "admin123",
        "administrator",
        "abc12345",
        "abcd1234",
        "qwer1234",
        "computer",
        "internet",
        "whatever",
        "dragon12",
        "monkey12",
        "michelle",
        "jennifer",
        "mahjong1",
        "riichi123",
        "changeme",
    ]
)
"""The most common passwords (of 8 characters or more), refused whatever their case."""
LOGIN_WINDOW = timedelta(minutes=15)
LOGIN_LIMIT_PAIR = 10
"""Failed log-ins allowed in the window for one username from one address; then that pair waits until the
window frees. Only that pair: the owner elsewhere, and everyone else at that address, are not held up."""
LOGIN_SLOW_ACCOUNT = 30
LOGIN_PACE_ACCOUNT = timedelta(seconds=20)
"""Past this many failures for one username in the window (from many addresses), it is slowed down, never
locked: one attempt per pace. An address the account logged in from in the last day is not slowed."""
LOGIN_SLOW_ADDRESS = 100
LOGIN_PACE_ADDRESS = timedelta(seconds=3)
"""Past this many failures from one address in the window (many usernames: a school behind one address, or
someone trying names), that address is slowed down to one attempt per pace, never locked."""
GUEST_WINDOW = timedelta(hours=1)
GUEST_LIMIT_ADDRESS = 100
"""Guest accounts one address may make in the window (the web app's GUEST_LIMIT setting; 0: no limit)."""
RESET_LIFETIME = timedelta(hours=24)
"""How long a password reset link works (once)."""
# Tables whose rows belong to a user and move with a guest's progress.
OWNED = ("practice_sessions", "questions", "answers", "answer_skills", "reports", "game_logs", "lesson_checks")


class AccountError(Problem):
    """A registration or log-in that cannot go ahead; the message is for the person typing."""


class TooManyLogins(AccountError):
    """Too many failed log-ins lately, for this username from this address, or so many that the username or
    address is slowed down. ``seconds`` is how long to wait (``minutes`` rounded up)."""

    def __init__(self, minutes: int, seconds: int | None = None) -> None:
        self.seconds = 60 * minutes if seconds is None else max(1, seconds)
        self.minutes = -(-self.seconds // 60)
        if self.seconds < 60:
            super().__init__(N_("Too many failed log-ins. Try again in {seconds} seconds."), seconds=self.seconds)
        elif self.minutes == 1:
            super().__init__(N_("Too many failed log-ins. Try again in 1 minute."))
        else:
            super().__init__(N_("Too many failed log-ins. Try again in {minutes} minutes."), minutes=self.minutes)


class TooManyGuests(AccountError):
    """Too many guest accounts made from this address lately."""

    def __init__(self, minutes: int) -> None:
        if minutes == 1:
            super().__init__(
                N_("Too many guests from your address. Log in or create an account, or try again in 1 minute.")
            )
        else:
            super().__init__(
                N_(
                    "Too many guests from your address. Log in or create an account, or try again in {minutes} minutes."
                ),
                minutes=minutes,
            )
        self.minutes = minutes


@dataclass(frozen=True)
class User:
    id: int
    username: str | None
    role: str
    is_guest: bool
    generation: int = 0
    """The account's session generation: a cookie of an older generation is logged out."""
    language: str | None = None
    """The interface language the person last chose (``en``, ``zh``); None until they choose one."""

    @property
    def name(self) -> str:
        return self.username or "Guest"

    @property
    def is_teacher(self) -> bool:
        return self.role == "teacher"


def _user(row: dict[str, Any]) -> User:
    return User(
        row["id"], row["username"], row["role"], bool(row["is_guest"]), row["session_generation"], row["language"]
    )


def get_user(db: Database, user_id: int) -> User | None:
    rows = list(
        db.query("SELECT id, username, role, is_guest, session_generation, language FROM users WHERE id = ?", [user_id])
    )
    return _user(rows[0]) if rows else None


def set_language(db: Database, user_id: int, language: str) -> None:
    """Remember the interface language an account chose (the switch in every page's header)."""
    with write_transaction(db):
        db.execute("UPDATE users SET language = ? WHERE id = ?", [language, user_id])


def create_guest(
    db: Database, address: str = "unknown", limit: int = GUEST_LIMIT_ADDRESS, at: datetime | None = None
) -> User:
    """A new guest account, unless this address made ``limit`` of them in the last hour (:class:`TooManyGuests`)."""
    moment = current_moment(at)
    with write_transaction(db):
        if limit > 0:
            made = [
                row["created_at"]
                for row in db.query(
                    "SELECT created_at FROM users WHERE is_guest = 1 AND created_address = ? AND created_at >= ?"
                    " ORDER BY created_at DESC LIMIT ?",
                    [address, stamp(moment - GUEST_WINDOW), limit],
                )
            ]
            if len(made) >= limit:
                free_at = datetime.fromisoformat(made[-1]) + GUEST_WINDOW
                raise TooManyGuests(max(1, -(-int((free_at - moment).total_seconds()) // 60)))
        cursor = db.execute(
            "INSERT INTO users (role, is_guest, created_at, last_seen_at, created_address) VALUES ('learner', 1, ?, ?, ?)",
            [stamp(moment), stamp(moment), address],
        )
    assert cursor.lastrowid is not None
    return User(cursor.lastrowid, None, "learner", True)


def _check_new(db: Database, username: str, password: str, role: str) -> None:
    if not USERNAME.match(username):
        raise AccountError(
            N_("A username is 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit.")
        )
    check_password(password, username)
    if role not in ROLES:
        raise AccountError(N_("An account is a {roles}."), roles=" or a ".join(ROLES))
    if list(db.query("SELECT 1 FROM users WHERE username = ? COLLATE NOCASE", [username])):
        raise AccountError(N_("The username {username!r} is taken; choose another."), username=username)


def _is_run(text: str) -> bool:
    """Each character one after the previous (``12345678``, ``abcdefgh``) or one before it."""
    steps = {ord(b) - ord(a) for a, b in zip(text, text[1:], strict=False)}
    return steps in ({1}, {-1})


def check_password(password: str, username: str = "") -> None:
    """Refuse a password that is short, trivial, common or the username; the rules the register form shows."""
    if len(password) < MIN_PASSWORD:
        raise AccountError(N_("Choose a password of at least {least} characters."), least=MIN_PASSWORD)
    folded = password.strip().casefold()
    if len(set(password)) == 1 or not folded:
        raise AccountError(N_("A password of one character repeated is too easy to guess; choose another."))
    if username and folded == username.strip().casefold():
        raise AccountError(N_("A password cannot be the username; choose another."))
    if folded in COMMON_PASSWORDS or _is_run(folded):
        raise AccountError(N_("That password is one of the most commonly used; choose another."))


def register(db: Database, username: str, password: str, role: str = "learner", guest: User | None = None) -> User:
    """A new named account; a guest's account becomes it, progress and all."""
    username = username.strip()
    with write_transaction(db):
        _check_new(db, username, password, role)
        hashed = generate_password_hash(password)
        if guest is not None and guest.is_guest:
            # A new generation: a copy of the guest's cookie must not be logged in to the new account.
            db.execute(
                "UPDATE users SET username = ?, password_hash = ?, role = ?, is_guest = 0, last_seen_at = ?,"
                " session_generation = session_generation + 1 WHERE id = ?",
                [username, hashed, role, now(), guest.id],
            )
            found = get_user(db, guest.id)
            assert found is not None
            return found
        cursor = db.execute(
            "INSERT INTO users (username, password_hash, role, is_guest, created_at, last_seen_at)"
            " VALUES (?, ?, ?, 0, ?, ?)",
            [username, hashed, role, now(), now()],
        )
    assert cursor.lastrowid is not None
    return User(cursor.lastrowid, username, role, False)


_dummy: list[str] = []


def _dummy_hash() -> str:
    """A hash of no one's password, made like real ones: checked when the username is unknown."""
    if not _dummy:
        _dummy.append(generate_password_hash(secrets.token_hex(16)))
    return _dummy[0]


def _login_wait(db: Database, key: str, address: str, moment: datetime) -> int:
    """Seconds this username must wait from this address before its password is checked (0: none).

    The policy (docs/security.md): :data:`LOGIN_LIMIT_PAIR` failures of one username from one address
    stop that pair for the rest of the window; beyond :data:`LOGIN_SLOW_ACCOUNT` failures of a username
    or :data:`LOGIN_SLOW_ADDRESS` from an address, attempts are paced, not refused outright.
    """
    since = stamp(moment - LOGIN_WINDOW)
    row = next(
        db.query(
            "SELECT SUM(username = :key AND address = :address) AS pair, SUM(username = :key) AS account,"
            " SUM(address = :address) AS here, MAX(CASE WHEN username = :key THEN at END) AS account_last,"
            " MAX(CASE WHEN address = :address THEN at END) AS here_last"
            " FROM login_attempts WHERE ok = 0 AND at >= :since AND (username = :key OR address = :address)",
            {"key": key, "address": address, "since": since},
        )
    )
    waits = [0.0]
    if (row["pair"] or 0) >= LOGIN_LIMIT_PAIR:
        oldest = next(
            db.query(
                "SELECT at FROM login_attempts WHERE ok = 0 AND at >= ? AND username = ? AND address = ?"
                " ORDER BY at DESC LIMIT 1 OFFSET ?",
                [since, key, address, LOGIN_LIMIT_PAIR - 1],
            )
        )["at"]
        waits.append((datetime.fromisoformat(oldest) + LOGIN_WINDOW - moment).total_seconds())
    if (row["account"] or 0) >= LOGIN_SLOW_ACCOUNT and not _known_address(db, key, address, moment):
        waits.append((datetime.fromisoformat(row["account_last"]) + LOGIN_PACE_ACCOUNT - moment).total_seconds())
    if (row["here"] or 0) >= LOGIN_SLOW_ADDRESS:
        waits.append((datetime.fromisoformat(row["here_last"]) + LOGIN_PACE_ADDRESS - moment).total_seconds())
    return max(0, math.ceil(max(waits)))  # whole seconds, rounded up


def _known_address(db: Database, key: str, address: str, moment: datetime) -> bool:
    """Whether this username logged in from this address in the last day (its owner, most likely)."""
    found = db.execute(
        "SELECT 1 FROM login_attempts WHERE ok = 1 AND username = ? AND address = ? AND at >= ? LIMIT 1",
        [key, address, stamp(moment - timedelta(days=1))],
    )
    return found.fetchone() is not None


def authenticate(
    db: Database, username: str, password: str, address: str = "unknown", at: datetime | None = None
) -> User:
    """The account with this username and password. Failures are counted per username and address; beyond
    the limits (:func:`_login_wait`) :class:`TooManyLogins` is raised before the password is even checked."""
    name = username.strip()
    key = name.casefold()[:64]
    moment = current_moment(at)
    with write_transaction(db):
        # Counted and recorded (as a failure, until the password proves right) in one transaction,
        # so log-ins sent at once cannot all slip under the limit.
        db.execute("DELETE FROM login_attempts WHERE at < ?", [stamp(moment - timedelta(days=1))])
        seconds = _login_wait(db, key, address, moment)
        if seconds:
            raise TooManyLogins(0, seconds)
        cursor = db.execute(
            "INSERT INTO login_attempts (username, address, at, ok) VALUES (?, ?, ?, 0)", [key, address, stamp(moment)]
        )
    rows = list(
        db.query(
            "SELECT id, username, role, is_guest, session_generation, language, password_hash FROM users"
            " WHERE username = ? COLLATE NOCASE",
            [name],
        )
    )
    # An unknown username costs a password check too, and gets the same message, so neither the time
    # taken nor the words tell which usernames exist.
    stored = rows[0]["password_hash"] if rows and rows[0]["password_hash"] else _dummy_hash()
    if not check_password_hash(stored, password) or not rows:
        raise AccountError(N_("That username and password do not match an account."))
    with write_transaction(db):
        db.execute("UPDATE login_attempts SET ok = 1 WHERE id = ?", [cursor.lastrowid])
    return _user(rows[0])


def end_sessions(db: Database, user_id: int) -> int:
    """Log out every cookie of this user issued so far; returns the new session generation."""
    with write_transaction(db):
        db.execute("UPDATE users SET session_generation = session_generation + 1 WHERE id = ?", [user_id])
    user = get_user(db, user_id)
    return user.generation if user is not None else 0


def change_password(db: Database, user: User, current: str, new: str, address: str = "unknown") -> User:
    """A new password for a named account, after checking its current one; every earlier session ends."""
    if user.username is None:
        raise AccountError(N_("Create an account first."))
    authenticate(db, user.username, current, address)
    check_password(new, user.username)
    with write_transaction(db):
        db.execute(
            "UPDATE users SET password_hash = ?, session_generation = session_generation + 1 WHERE id = ?",
            [generate_password_hash(new), user.id],
        )
    found = get_user(db, user.id)
    assert found is not None
    return found


def purge_guests(db: Database, older_than: timedelta, at: datetime | None = None) -> int:
    """Delete guest accounts, with everything they practised, made before ``older_than`` ago and with no
    practice since; returns how many. Registered accounts are never touched."""
    since = stamp(current_moment(at) - older_than)
    stale = (
        "SELECT id FROM users WHERE is_guest = 1 AND created_at < :since"
        " AND NOT EXISTS (SELECT 1 FROM practice_sessions s WHERE s.user_id = users.id AND s.started_at >= :since)"
        " AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.user_id = users.id AND a.answered_at >= :since)"
        " AND NOT EXISTS (SELECT 1 FROM lesson_checks c WHERE c.user_id = users.id AND c.answered_at >= :since)"
    )
    with write_transaction(db):
        ids = [row["id"] for row in db.query(stale, {"since": since})]
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            for table in (
                "answer_skills",
                "reports",
                "answers",
                "questions",
                "practice_sessions",
                "skill_states",
                "lesson_checks",
                "lesson_reads",
            ):
                db.execute(f"DELETE FROM {table} WHERE user_id IN ({marks})", chunk)
            db.execute(f"DELETE FROM memberships WHERE user_id IN ({marks})", chunk)
            db.execute(f"DELETE FROM users WHERE id IN ({marks})", chunk)
    return len(ids)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


RESETTABLE = """
    u.role = 'learner' AND u.is_guest = 0
    AND NOT EXISTS (SELECT 1 FROM classes own WHERE own.teacher_id = u.id)
    AND EXISTS (
        SELECT 1 FROM memberships m JOIN classes c ON c.id = m.class_id
        WHERE m.user_id = u.id AND c.teacher_id = :made_by AND c.archived_at IS NULL
    )
"""
"""Whom a reset link made by ``:made_by`` may be for (``u``, a users row): a learner who is now a
student of one of that teacher's classes in use, and who teaches no class. Checked when a link is
made and again when it is used, so a link dies when the student leaves or is removed, when the
class is archived or deleted, or when the student opens a class of their own. Never for anyone
who teaches: any account may join a class, and a link for a teacher would hand over their classes
(and with them their students' reset links)."""
NOT_RESETTABLE = N_(
    "A reset link is only for a student of one of your classes in use, who teaches no class of their own."
)
EXPIRED_RESET = N_("This password reset link has expired or was already used. Ask your teacher for a new one.")


def _resettable(db: Database, user_id: int, made_by: int) -> bool:
    query = f"SELECT 1 FROM users u WHERE u.id = :user_id AND {RESETTABLE}"
    return db.execute(query, {"user_id": user_id, "made_by": made_by}).fetchone() is not None


def make_reset_link_token(db: Database, user_id: int, made_by: int, at: datetime | None = None) -> str:
    """A one-time token to set a new password for this account, working for :data:`RESET_LIFETIME`
    while the account stays :data:`RESETTABLE` by ``made_by``; AccountError when it is not.
    Only its hash is stored; any earlier unused token of the account stops working."""
    token = secrets.token_urlsafe(32)
    moment = current_moment(at)
    with write_transaction(db):
        if not _resettable(db, user_id, made_by):
            raise AccountError(NOT_RESETTABLE)
        db.execute("DELETE FROM password_resets WHERE user_id = ? AND used_at IS NULL", [user_id])
        db.execute(
            "INSERT INTO password_resets (token_hash, user_id, made_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            [_token_hash(token), user_id, made_by, stamp(moment), stamp(moment + RESET_LIFETIME)],
        )
    return token


def reset_link_user(db: Database, token: str, at: datetime | None = None) -> User:
    """The account a reset token is for, while it is unused and unexpired."""
    rows = list(
        db.query(
            "SELECT u.id, u.username, u.role, u.is_guest, u.session_generation, u.language, r.made_by"
            " FROM password_resets r JOIN users u ON u.id = r.user_id"
            " WHERE r.token_hash = :token AND r.used_at IS NULL AND r.expires_at > :now",
            {"token": _token_hash(token), "now": stamp(current_moment(at))},
        )
    )
    if not rows:
        raise AccountError(EXPIRED_RESET)
    if not _resettable(db, rows[0]["id"], rows[0]["made_by"]):
        # Said like an expired link: the person holding it learns nothing about the class.
        raise AccountError(EXPIRED_RESET)
    return _user(rows[0])


def reset_password(db: Database, token: str, new: str, at: datetime | None = None) -> User:
    """Set a new password with a reset token (used up by it); every earlier session of the account ends."""
    user = reset_link_user(db, token, at)
    check_password(new, user.username or "")
    hashed = generate_password_hash(new)
    with write_transaction(db):
        used = db.execute(
            "UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
            [stamp(current_moment(at)), _token_hash(token)],
        )
        if used.rowcount != 1:  # used at the same moment by another request
            raise AccountError(EXPIRED_RESET)
        db.execute(
            "UPDATE users SET password_hash = ?, session_generation = session_generation + 1 WHERE id = ?",
            [hashed, user.id],
        )
    found = get_user(db, user.id)
    assert found is not None
    return found


def merge_guest(db: Database, guest: User, into: User) -> None:
    """Move a guest's progress into an account the guest has just logged in to."""
    if not guest.is_guest or guest.id == into.id:
        return

    def move() -> None:  # under the write lock, with the skill states the merge computed beforehand
        for table in OWNED:
            db.execute(f"UPDATE {table} SET user_id = ? WHERE user_id = ?", [into.id, guest.id])
        # A lesson both had opened keeps the account's own first reading.
        db.execute("UPDATE OR IGNORE lesson_reads SET user_id = ? WHERE user_id = ?", [into.id, guest.id])
        db.execute("DELETE FROM lesson_reads WHERE user_id = ?", [guest.id])
        db.execute("DELETE FROM skill_states WHERE user_id = ?", [guest.id])
        db.execute("DELETE FROM users WHERE id = ?", [guest.id])

    merge_skill_states(db, guest.id, into.id, move)
