"""The schema: every migration, frozen, in the order they run.

Each migration is a small function that carries its own SQL and imports no application code, so what an
old migration builds on a fresh database never changes when the application does (a test compares a fresh
database with ``tests/data/schema.sql``). Later work adds steps at the end; a step once released is never
edited. The trigger builders below belong to the migrations that call them and are frozen with them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("tutor")
"""The schema, one small function per step; later issues add steps at the end."""


@migrations()
def m001_meta(db: Database) -> None:
    # A place for facts about this database (when it was created, by which version).
    db.table("meta").create({"key": str, "value": str}, pk="key")


@migrations()
def m002_practice(db: Database) -> None:
    """Learners, what they were asked, what they answered, and what they know."""
    db.table("users").create(
        {
            "id": int,
            "username": str,  # NULL for a guest until they register
            "password_hash": str,
            "role": str,  # "learner" or "teacher"
            "is_guest": int,
            "created_at": str,
            "last_seen_at": str,
        },
        pk="id",
        not_null={"role", "is_guest", "created_at"},
        defaults={"role": "learner", "is_guest": 1},
    )
    # Usernames are compared without case: "Ann" and "ann" are one account.
    db.execute("CREATE UNIQUE INDEX idx_users_username ON users (username COLLATE NOCASE)")
    db.table("practice_sessions").create(
        {
            "id": int,
            "user_id": int,
            "mode": str,  # practice, quiz or review
            "settings": str,  # JSON: topics, difficulty, parts asked, size, seed
            "started_at": str,
            "finished_at": str,
        },
        pk="id",
        foreign_keys=[("user_id", "users", "id")],
        not_null={"user_id", "mode", "settings", "started_at"},
    )
    db.table("questions").create(
        {
            "id": str,  # a short id a learner can quote ("report this question")
            "user_id": int,
            "session_id": int,
            "position": int,  # 1, 2, ... within the session
            "topic": str,
            "target": str,  # the yaku, fu feature or skill it was made for, if any
            "difficulty": int,
            "seed": str,
            "payload": str,  # JSON: everything needed to show the question again exactly
            "served_at": str,
        },
        pk="id",
        foreign_keys=[("user_id", "users", "id"), ("session_id", "practice_sessions", "id")],
        not_null={"user_id", "session_id", "topic", "difficulty", "seed", "payload", "served_at"},
    )
    db.table("answers").create(
        {
            "id": int,
            "question_id": str,
            "user_id": int,
            "attempt": int,  # 1 = first try
            "given": str,  # JSON, as submitted
            "correct": int,
            "score": float,
            "parts": str,  # JSON: per-part grades
            "mistakes": str,  # JSON list of misconception ids
            "time_ms": int,
            "answered_at": str,
        },
        pk="id",
        foreign_keys=[("question_id", "questions", "id"), ("user_id", "users", "id")],
        not_null={"question_id", "user_id", "attempt", "given", "correct", "score", "answered_at"},
    )
    db.table("answer_skills").create(
        {"answer_id": int, "user_id": int, "skill": str, "correct": int, "answered_at": str},
        pk=("answer_id", "skill"),
        foreign_keys=[("answer_id", "answers", "id"), ("user_id", "users", "id")],
    )
    db.table("skill_states").create(
        {
            "user_id": int,
            "skill": str,
            "card": str,  # the fsrs Card as JSON
            "due_at": str,
            "reviews": int,
            "lapses": int,
            "updated_at": str,
        },
        pk=("user_id", "skill"),
        foreign_keys=[("user_id", "users", "id")],
    )
    db.table("reports").create(
        {
            "id": int,
            "question_id": str,
            "user_id": int,
            "remark": str,
            "created_at": str,
            "status": str,
        },
        pk="id",
        foreign_keys=[("question_id", "questions", "id"), ("user_id", "users", "id")],
        defaults={"status": "open"},
    )
    db.table("questions").create_index(["user_id", "served_at"])
    db.table("questions").create_index(["session_id", "position"], unique=True)
    db.table("answers").create_index(["user_id", "answered_at"])
    db.table("answers").create_index(["question_id"])
    db.table("answer_skills").create_index(["user_id", "skill", "answered_at"])
    db.table("skill_states").create_index(["user_id", "due_at"])


@migrations()
def m003_classroom(db: Database) -> None:
    """Classes, who is in them, what their teacher set, and the join attempts that are rate-limited."""
    db.table("classes").create(
        {"id": int, "name": str, "teacher_id": int, "join_code": str, "created_at": str},
        pk="id",
        foreign_keys=[("teacher_id", "users", "id")],
        not_null={"name", "teacher_id", "join_code", "created_at"},
    )
    db.table("classes").create_index(["join_code"], unique=True)
    db.table("classes").create_index(["teacher_id"])
    db.table("memberships").create(
        {"class_id": int, "user_id": int, "display_name": str, "joined_at": str},
        pk=("class_id", "user_id"),
        foreign_keys=[("class_id", "classes", "id"), ("user_id", "users", "id")],
        not_null={"display_name", "joined_at"},
    )
    db.table("memberships").create_index(["user_id"])
    db.table("assignments").create(
        {
            "id": int,
            "class_id": int,
            "title": str,
            "settings": str,  # JSON: a quiz's settings (topics, difficulty, parts, itemised, size, seed)
            "variant": int,  # 1: each student gets their own hands from the seed; 0: everyone the same
            "opens_at": str,
            "due_at": str,
            "attempts_allowed": int,
            "reveal": str,  # when answers are shown: "each", "end" or "due"
            "created_at": str,
        },
        pk="id",
        foreign_keys=[("class_id", "classes", "id")],
        not_null={"class_id", "title", "settings", "variant", "opens_at", "attempts_allowed", "reveal", "created_at"},
    )
    db.table("assignments").create_index(["class_id"])
    # An attempt at an assignment is a practice session that points to it.
    db.execute("ALTER TABLE practice_sessions ADD COLUMN assignment_id INTEGER REFERENCES assignments(id)")
    db.table("practice_sessions").create_index(["assignment_id", "user_id"])
    db.table("join_attempts").create(
        {"id": int, "user_id": int, "address": str, "at": str, "ok": int},
        pk="id",
        not_null={"at", "ok"},
    )
    db.table("join_attempts").create_index(["user_id", "at"])
    db.table("join_attempts").create_index(["address", "at"])


@migrations()
def m004_held_answers(db: Database) -> None:
    """Answers a class assignment still holds back count nowhere in the learner's own statistics."""
    db.execute("ALTER TABLE answers ADD COLUMN held INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX idx_answers_held ON answers (user_id) WHERE held = 1")


@migrations()
def m005_first_answer_stands(db: Database) -> None:
    """One first answer per question, whatever arrives at once (the loop refuses the rest before this)."""
    db.execute("CREATE UNIQUE INDEX idx_answers_first ON answers (question_id) WHERE attempt = 1")


@migrations()
def m006_session_generation_and_login_attempts(db: Database) -> None:
    """Cookies that logging out can end, and failed log-ins counted where every server process sees them.

    A session cookie carries its user's ``session_generation``; logging out, registering a guest and
    changing a password add one, so every cookie issued before stops working.
    """
    db.execute("ALTER TABLE users ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0")
    db.table("login_attempts").create(
        {"id": int, "username": str, "address": str, "at": str, "ok": int},
        pk="id",
        not_null={"username", "address", "at", "ok"},
    )
    db.table("login_attempts").create_index(["username", "at"])
    db.table("login_attempts").create_index(["address", "at"])


@migrations()
def m007_guest_addresses(db: Database) -> None:
    """The address each guest account was made from: guests made per address are limited."""
    db.execute("ALTER TABLE users ADD COLUMN created_address TEXT")
    db.execute("CREATE INDEX idx_users_guest_address ON users (created_address, created_at) WHERE is_guest = 1")


@migrations()
def m008_password_resets(db: Database) -> None:
    """One-time password reset links a teacher makes for a student of their class (only a hash is kept)."""
    db.table("password_resets").create(
        {"token_hash": str, "user_id": int, "made_by": int, "created_at": str, "expires_at": str, "used_at": str},
        pk="token_hash",
        foreign_keys=[("user_id", "users", "id"), ("made_by", "users", "id")],
        not_null={"user_id", "made_by", "created_at", "expires_at"},
    )
    db.table("password_resets").create_index(["user_id"])


@migrations()
def m009_answer_outcome(db: Database) -> None:
    """How a question was left: "answered", or "shown" (the learner asked for the answer) or "skipped".
    Older rows were all answered."""
    db.execute("ALTER TABLE answers ADD COLUMN outcome TEXT NOT NULL DEFAULT 'answered'")


@migrations()
def m010_scale(db: Database) -> None:
    """What keeps a long history and a large class cheap to read and to update.

    Each counted answer_skills row keeps the fsrs card as it was after that review, so releasing held
    answers or merging a guest replays a skill from the first answer concerned, not from the learner's
    first answer (rows from before this step have none: their skills are replayed from the start once).
    The indexes cover the dashboards' grouped queries, so they read index pages instead of the answers'
    payloads (about 1.3 kB a row).
    """
    db.execute("ALTER TABLE answer_skills ADD COLUMN card TEXT")
    # A learner's first tries by day (progress tallies, trends, streak) and a class's per-attempt tallies.
    db.execute(
        "CREATE INDEX idx_answers_user_day ON answers (user_id, answered_at, attempt, held, correct, question_id)"
    )
    db.execute(
        "CREATE INDEX idx_answers_question_tally ON answers (question_id, attempt, correct, score, time_ms, answered_at)"
    )
    # Answers that name a mistake are few: the mistake lists read only them.
    db.execute(
        "CREATE INDEX idx_answers_mistaken ON answers (user_id, answered_at, held, mistakes) WHERE mistakes <> '[]'"
    )
    db.execute(
        "CREATE INDEX idx_answers_question_mistaken ON answers (question_id, attempt, user_id, mistakes)"
        " WHERE mistakes <> '[]'"
    )
    db.execute("CREATE INDEX idx_answer_skills_answer ON answer_skills (answer_id, skill, correct)")
    db.execute(
        "CREATE INDEX idx_answer_skills_user_day ON answer_skills (user_id, answered_at, skill, correct, answer_id)"
    )
    # A session's questions without their payloads (class overviews, heat maps, exports).
    db.execute("CREATE INDEX idx_questions_session ON questions (session_id, position, id, topic, target)")
    # First tries per learner, day and topic or skill, kept by triggers wherever answers are written,
    # released, moved to another account or deleted: the progress page reads a few hundred of these
    # rows instead of every answer.
    db.execute(
        "CREATE TABLE first_try_days (user_id INTEGER NOT NULL, kind TEXT NOT NULL, day TEXT NOT NULL,"
        " key TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL,"
        " PRIMARY KEY (user_id, kind, day, key)) WITHOUT ROWID"
    )
    for statement in _FIRST_TRY_TRIGGERS:
        db.execute(statement)
    db.execute(
        "INSERT INTO first_try_days (user_id, kind, day, key, done, right)"
        " SELECT a.user_id, 'topic', substr(a.answered_at, 1, 10), q.topic, COUNT(*), SUM(a.correct)"
        " FROM answers a JOIN questions q ON q.id = a.question_id"
        " WHERE a.attempt = 1 AND a.held = 0 AND a.outcome != 'skipped'"
        " GROUP BY 1, 3, 4"
    )
    db.execute(
        "INSERT INTO first_try_days (user_id, kind, day, key, done, right)"
        " SELECT s.user_id, 'skill', substr(s.answered_at, 1, 10), s.skill, COUNT(*), SUM(s.correct)"
        " FROM answer_skills s JOIN answers a ON a.id = s.answer_id"
        " WHERE a.attempt = 1 AND a.held = 0 AND a.outcome != 'skipped'"
        " GROUP BY 1, 3, 4"
    )

    # Per attempt at an assignment, its first tries; per student and skill, their first tries in one
    # assignment and in all of a class's: the class page and dashboards read these, not every answer.
    db.execute(
        "CREATE TABLE attempt_tallies (session_id INTEGER PRIMARY KEY, answered INTEGER NOT NULL,"
        " right INTEGER NOT NULL, score REAL NOT NULL, time_ms INTEGER NOT NULL, last_at TEXT)"
    )
    for scope in ("assignment", "class"):
        db.execute(
            f"CREATE TABLE {scope}_skill_tallies ({scope}_id INTEGER NOT NULL, user_id INTEGER NOT NULL,"
            f" skill TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL,"
            f" PRIMARY KEY ({scope}_id, user_id, skill)) WITHOUT ROWID"
        )
    for statement in _CLASS_TRIGGERS:
        db.execute(statement)
    db.execute(
        "INSERT INTO attempt_tallies (session_id, answered, right, score, time_ms, last_at)"
        " SELECT s.id, COUNT(*), SUM(a.correct), SUM(a.score), SUM(COALESCE(a.time_ms, 0)), MAX(a.answered_at)"
        " FROM practice_sessions s JOIN questions q ON q.session_id = s.id"
        " JOIN answers a ON a.question_id = q.id AND a.attempt = 1 WHERE s.assignment_id IS NOT NULL GROUP BY s.id"
    )
    for scope, key in (("assignment", "s.assignment_id"), ("class", "x.class_id")):
        db.execute(
            f"INSERT INTO {scope}_skill_tallies ({scope}_id, user_id, skill, done, right)"
            f" SELECT {key}, s.user_id, k.skill, COUNT(*), SUM(k.correct) FROM answer_skills k"
            " JOIN answers a ON a.id = k.answer_id AND a.attempt = 1 JOIN questions q ON q.id = a.question_id"
            " JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id"
            " GROUP BY 1, 2, 3"
        )


# The assignment attempt an answer belongs to, if any (``row`` is the answer: new or old).
def _attempt_of(row: str) -> str:
    return (
        "FROM questions q JOIN practice_sessions s ON s.id = q.session_id JOIN assignments x ON x.id = s.assignment_id"
        f" WHERE q.id = {row}.question_id"
    )


def _skill_attempt_of(row: str) -> str:
    return (
        "FROM answers a JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id"
        f" JOIN assignments x ON x.id = s.assignment_id WHERE a.id = {row}.answer_id AND a.attempt = 1"
    )


def _skill_tallies(sign: str, row: str) -> str:
    statements = []
    for scope, key in (("assignment", "s.assignment_id"), ("class", "x.class_id")):
        if sign == "+":
            statements.append(
                f"INSERT INTO {scope}_skill_tallies ({scope}_id, user_id, skill, done, right)"
                f" SELECT {key}, s.user_id, {row}.skill, 1, {row}.correct {_skill_attempt_of(row)}"
                " ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right;"
            )
        else:
            where = (
                f"({scope}_id, user_id) IN (SELECT {key}, s.user_id {_skill_attempt_of(row)}) AND skill = {row}.skill"
            )
            statements.append(
                f"UPDATE {scope}_skill_tallies SET done = done - 1, right = right - {row}.correct WHERE {where};"
                f" DELETE FROM {scope}_skill_tallies WHERE {where} AND done <= 0;"
            )
    return " ".join(statements)


_CLASS_TRIGGERS = (
    "CREATE TRIGGER attempt_tally_added AFTER INSERT ON answers WHEN new.attempt = 1 BEGIN"
    " INSERT INTO attempt_tallies (session_id, answered, right, score, time_ms, last_at)"
    f" SELECT q.session_id, 1, new.correct, new.score, COALESCE(new.time_ms, 0), new.answered_at {_attempt_of('new')}"
    " ON CONFLICT DO UPDATE SET answered = answered + 1, right = right + excluded.right,"
    " score = score + excluded.score, time_ms = time_ms + excluded.time_ms, last_at = MAX(last_at, excluded.last_at);"
    " END",
    "CREATE TRIGGER attempt_tally_deleted AFTER DELETE ON answers WHEN old.attempt = 1 BEGIN"
    " UPDATE attempt_tallies SET answered = answered - 1, right = right - old.correct, score = score - old.score,"
    " time_ms = time_ms - COALESCE(old.time_ms, 0), last_at = (SELECT MAX(a.answered_at) FROM answers a"
    " JOIN questions q ON q.id = a.question_id WHERE q.session_id = attempt_tallies.session_id AND a.attempt = 1)"
    " WHERE session_id = (SELECT session_id FROM questions WHERE id = old.question_id);"
    " DELETE FROM attempt_tallies WHERE session_id = (SELECT session_id FROM questions WHERE id = old.question_id)"
    " AND answered <= 0; END",
    "CREATE TRIGGER attempt_tally_session_deleted AFTER DELETE ON practice_sessions BEGIN"
    " DELETE FROM attempt_tallies WHERE session_id = old.id; END",
    "CREATE TRIGGER class_skill_tally_added AFTER INSERT ON answer_skills BEGIN " + _skill_tallies("+", "new") + " END",
    "CREATE TRIGGER class_skill_tally_deleted AFTER DELETE ON answer_skills BEGIN "
    + _skill_tallies("-", "old")
    + " END",
)


def _tally(sign: str, row: str, kind: str, key: str, correct: str, day: str, counted: str) -> str:
    """A statement adding (sign "+") or taking away ("-") one first try to ``first_try_days``."""
    if sign == "+":
        return (
            f"INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT {row}.user_id, '{kind}',"
            f" substr({day}, 1, 10), {key}, 1, {correct} WHERE {counted}"
            " ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right;"
        )
    where = f"user_id = {row}.user_id AND kind = '{kind}' AND day = substr({day}, 1, 10) AND key = {key}"
    return (
        f"UPDATE first_try_days SET done = done - 1, right = right - {correct} WHERE {where} AND {counted};"
        f" DELETE FROM first_try_days WHERE {where} AND done <= 0;"
    )


def _topic(row: str) -> str:
    return f"(SELECT topic FROM questions WHERE id = {row}.question_id)"


def _answer_counted(row: str) -> str:
    return f"EXISTS (SELECT 1 FROM answers WHERE id = {row}.answer_id AND attempt = 1 AND held = 0 AND outcome != 'skipped')"


def _skills_of_answer(sign: str, row: str) -> str:
    """Every skill row of an answer whose counting changed, added or taken away."""
    if sign == "+":
        return (
            "INSERT INTO first_try_days (user_id, kind, day, key, done, right) SELECT s.user_id, 'skill',"
            f" substr(s.answered_at, 1, 10), s.skill, 1, s.correct FROM answer_skills s WHERE s.answer_id = {row}.id"
            " AND true ON CONFLICT DO UPDATE SET done = done + 1, right = right + excluded.right;"
        )
    # Each skill appears once per answer, so each matching day row loses one first try.
    mine = f"SELECT 1 FROM answer_skills s WHERE s.answer_id = {row}.id AND s.user_id = first_try_days.user_id"
    mine += " AND substr(s.answered_at, 1, 10) = first_try_days.day AND s.skill = first_try_days.key"
    where = (
        f"kind = 'skill' AND user_id IN (SELECT user_id FROM answer_skills WHERE answer_id = {row}.id)"
        f" AND day IN (SELECT substr(answered_at, 1, 10) FROM answer_skills WHERE answer_id = {row}.id)"
    )
    return (
        f"UPDATE first_try_days SET done = done - 1, right = right - ({mine.replace('SELECT 1', 'SELECT s.correct')})"
        f" WHERE {where} AND EXISTS ({mine}); DELETE FROM first_try_days WHERE {where} AND done <= 0;"
    )


_OLD_COUNTED = "old.attempt = 1 AND old.held = 0 AND old.outcome != 'skipped'"
_NEW_COUNTED = "new.attempt = 1 AND new.held = 0 AND new.outcome != 'skipped'"
_FIRST_TRY_TRIGGERS = (
    "CREATE TRIGGER first_try_answer_added AFTER INSERT ON answers BEGIN "
    + _tally("+", "new", "topic", _topic("new"), "new.correct", "new.answered_at", _NEW_COUNTED)
    + " END",
    "CREATE TRIGGER first_try_answer_changed AFTER UPDATE OF user_id, attempt, held, correct, answered_at ON answers"
    " BEGIN "
    + _tally("-", "old", "topic", _topic("old"), "old.correct", "old.answered_at", _OLD_COUNTED)
    + _tally("+", "new", "topic", _topic("new"), "new.correct", "new.answered_at", _NEW_COUNTED)
    + " END",
    # An answer that starts or stops counting (a release) takes its skills with it.
    f"CREATE TRIGGER first_try_answer_counted AFTER UPDATE OF attempt, held ON answers"
    f" WHEN ({_NEW_COUNTED}) AND NOT ({_OLD_COUNTED}) BEGIN " + _skills_of_answer("+", "new") + " END",
    f"CREATE TRIGGER first_try_answer_uncounted AFTER UPDATE OF attempt, held ON answers"
    f" WHEN ({_OLD_COUNTED}) AND NOT ({_NEW_COUNTED}) BEGIN " + _skills_of_answer("-", "old") + " END",
    "CREATE TRIGGER first_try_answer_deleted AFTER DELETE ON answers BEGIN "
    + _tally("-", "old", "topic", _topic("old"), "old.correct", "old.answered_at", _OLD_COUNTED)
    + " END",
    "CREATE TRIGGER first_try_skill_added AFTER INSERT ON answer_skills BEGIN "
    + _tally("+", "new", "skill", "new.skill", "new.correct", "new.answered_at", _answer_counted("new"))
    + " END",
    "CREATE TRIGGER first_try_skill_changed AFTER UPDATE OF user_id, skill, correct, answered_at ON answer_skills"
    " BEGIN "
    + _tally("-", "old", "skill", "old.skill", "old.correct", "old.answered_at", _answer_counted("old"))
    + _tally("+", "new", "skill", "new.skill", "new.correct", "new.answered_at", _answer_counted("new"))
    + " END",
    "CREATE TRIGGER first_try_skill_deleted AFTER DELETE ON answer_skills BEGIN "
    + _tally("-", "old", "skill", "old.skill", "old.correct", "old.answered_at", _answer_counted("old"))
    + " END",
)


@migrations()
def m011_user_language(db: Database) -> None:
    """The interface language each account chose (``en``, ``zh``); NULL: never chose, the browser decides."""
    db.execute("ALTER TABLE users ADD COLUMN language TEXT")


@migrations()
def m012_teachers_and_lessons(db: Database) -> None:
    """Lessons that remember (each check-yourself answer, each lesson opened), classes a teacher
    archived, and reports a teacher closed."""
    db.table("lesson_checks").create(
        {
            "id": int,
            "user_id": int,
            "page": str,  # where the question stands: "/lessons/fu" or "/yaku/pinfu"
            "number": int,  # 1, 2, ... on the page
            "question_key": str,  # the question's content hash: an edited question forgets old answers
            "given": str,  # JSON, as submitted
            "correct": int,
            "score": float,
            "answered_at": str,
        },
        pk="id",
        foreign_keys=[("user_id", "users", "id")],
        not_null={"user_id", "page", "number", "question_key", "given", "correct", "score", "answered_at"},
    )
    db.table("lesson_checks").create_index(["user_id", "page", "number"])
    db.table("lesson_reads").create(
        {"user_id": int, "page": str, "first_read_at": str, "last_read_at": str},
        pk=("user_id", "page"),
        foreign_keys=[("user_id", "users", "id")],
        not_null={"first_read_at", "last_read_at"},
    )
    db.execute("ALTER TABLE classes ADD COLUMN archived_at TEXT")
    db.execute("ALTER TABLE reports ADD COLUMN closed_at TEXT")
    db.execute("ALTER TABLE reports ADD COLUMN closed_by INTEGER REFERENCES users(id)")
    db.execute("CREATE INDEX idx_reports_open ON reports (status, created_at)")


@migrations()
def m013_game_logs(db: Database) -> None:
    """Game logs a learner imported ("Practise my games"), each with its wins, owned by one account.
    Deleting the account (a stale guest) deletes its games with it."""
    db.execute(
        "CREATE TABLE game_logs (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id)"
        " ON DELETE CASCADE, title TEXT NOT NULL, format TEXT NOT NULL, players TEXT NOT NULL, rules TEXT NOT NULL,"
        " hands INTEGER NOT NULL, wins INTEGER NOT NULL, askable INTEGER NOT NULL, created_at TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX idx_game_logs_user ON game_logs (user_id)")
    db.execute(
        "CREATE TABLE game_wins (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES game_logs(id)"
        " ON DELETE CASCADE, position INTEGER NOT NULL, record TEXT NOT NULL, problem TEXT,"
        " UNIQUE (game_id, position))"
    )


def _m014_wrong(given: Mapping[str, Any], parts: Mapping[str, Mapping[str, Any]]) -> str:
    """The wrong parts of an answer as m014 wrote them: [[kind, answer as given], ...] ("[]": none).

    Frozen here (the application's own writer is :mod:`tutor.practice.wrong_answers`): picks joined with
    ", " ("(none)" for no pick), itemised fu rows as ``row=fu``, other answers stripped.
    """

    def as_text(answer: Any) -> str:
        if isinstance(answer, Mapping):
            return ", ".join(f"{key}={value}" for key, value in answer.items())
        if isinstance(answer, list | tuple):
            return ", ".join(map(str, answer)) or "(none)"
        return str(answer).strip()

    wrong = [(kind, as_text(given.get(kind, ""))) for kind, part in parts.items() if not part["correct"]]
    return json.dumps(wrong, ensure_ascii=False, separators=(",", ":"))


@migrations()
def m014_wrong_answers(db: Database) -> None:
    """Each answer keeps the parts it got wrong, as given ([[kind, text], ...]; "[]": none), written when it
    is recorded: a class's dashboard tallies the wrong answers to each question from this short column
    instead of reading every answer's payload. NULL on a row another writer inserted: read from the payload."""
    db.execute("ALTER TABLE answers ADD COLUMN wrong TEXT")
    db.execute("UPDATE answers SET wrong = '[]' WHERE parts IS NULL")
    last = 0
    while True:
        rows = db.execute(
            "SELECT id, given, parts FROM answers WHERE id > ? AND parts IS NOT NULL ORDER BY id LIMIT 20000", [last]
        ).fetchall()
        if not rows:
            break
        last = rows[-1][0]
        db.conn.executemany(
            "UPDATE answers SET wrong = ? WHERE id = ?",
            [(_m014_wrong(json.loads(given), json.loads(parts)), answer_id) for answer_id, given, parts in rows],
        )
    # The dashboard reads each first answer's position, result, time and wrong parts: the index it reads
    # them from (m010's) now holds the wrong parts too.
    db.execute("DROP INDEX idx_answers_question_tally")
    db.execute(
        "CREATE INDEX idx_answers_question_tally ON answers"
        " (question_id, attempt, correct, score, time_ms, answered_at, wrong)"
    )
    # The class page's "mistakes the class makes": per class, student and named mistake, every answer to
    # the class's assignments counted as it is written (or taken back), instead of a search through every
    # answer that names a mistake.
    db.execute(
        "CREATE TABLE class_mistake_tallies (class_id INTEGER NOT NULL, user_id INTEGER NOT NULL, mistake TEXT"
        " NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (class_id, user_id, mistake)) WITHOUT ROWID"
    )
    db.execute(
        "INSERT INTO class_mistake_tallies (class_id, user_id, mistake, n) SELECT x.class_id, a.user_id, j.value,"
        f" COUNT(*) FROM answers a {_ANSWER_CLASS}, json_each(a.mistakes) j WHERE a.mistakes <> '[]'"
        " GROUP BY x.class_id, a.user_id, j.value"
    )
    for trigger in _MISTAKE_TRIGGERS:
        db.execute(trigger)


@migrations()
def m015_first_try_weeks(db: Database) -> None:
    """First tries per learner, topic or skill and week, kept from ``first_try_days`` by triggers.

    A trend's weeks end today, so where a week starts moves with the day: the table keeps seven sets of
    weeks, one per weekday they could start on (``phase``), and a page reads the set that ends today.
    A learner with a semester of answers then reads about 500 weekly rows instead of summing about
    5,500 daily ones into weeks."""
    db.execute(
        "CREATE TABLE first_try_weeks (user_id INTEGER NOT NULL, kind TEXT NOT NULL, phase INTEGER NOT NULL,"
        " week INTEGER NOT NULL, key TEXT NOT NULL, done INTEGER NOT NULL, right INTEGER NOT NULL,"
        " PRIMARY KEY (user_id, kind, phase, week, key)) WITHOUT ROWID"
    )
    db.execute(
        "INSERT INTO first_try_weeks (user_id, kind, phase, week, key, done, right)"
        f" SELECT user_id, kind, p.column1, {_WEEK.format(row='first_try_days')}, key, SUM(done), SUM(right)"
        f" FROM first_try_days, {_PHASES} p GROUP BY 1, 2, 3, 4, 5"
    )
    for trigger in _WEEK_TRIGGERS:
        db.execute(trigger)


_PHASES = "(VALUES (0), (1), (2), (3), (4), (5), (6))"
_WEEK = "IFNULL((CAST(julianday({row}.day) AS INTEGER) - p.column1) / 7, -1)"
"""The week of a day in the weeks of ``phase`` p: weeks start on the days whose number (the Julian day,
see :func:`day_number`) is p modulo 7. A day that is not a date (never written by the app) lies in week
-1, which no page reads."""


def day_number(day: date) -> int:
    """The whole Julian day number SQLite gives ``day`` (``CAST(julianday(day) AS INTEGER)``).

    >>> day_number(date(2026, 12, 1))
    2461375
    """
    return day.toordinal() + 1721424


def _weeks_tally(sign: str, row: str, done: str, right: str) -> str:
    """Add (sign "+") or take away ("-") a day's first tries in the week of each phase that holds it; a
    week left with none is deleted."""
    if sign == "+":
        return (
            "INSERT INTO first_try_weeks (user_id, kind, phase, week, key, done, right)"
            f" SELECT {row}.user_id, {row}.kind, p.column1, {_WEEK.format(row=row)}, {row}.key, {done}, {right}"
            f" FROM {_PHASES} p WHERE true"
            " ON CONFLICT DO UPDATE SET done = done + excluded.done, right = right + excluded.right;"
        )
    weeks = (
        f"user_id = {row}.user_id AND kind = {row}.kind AND key = {row}.key"
        f" AND (phase, week) IN (SELECT p.column1, {_WEEK.format(row=row)} FROM {_PHASES} p)"
    )
    return (
        f"UPDATE first_try_weeks SET done = done - ({done}), right = right - ({right}) WHERE {weeks};"
        f" DELETE FROM first_try_weeks WHERE {weeks} AND done <= 0;"
    )


# first_try_days rows change by their counts only (their user, kind, day and key never change).
_WEEK_TRIGGERS = (
    "CREATE TRIGGER first_try_week_added AFTER INSERT ON first_try_days BEGIN "
    + _weeks_tally("+", "new", "new.done", "new.right")
    + " END",
    "CREATE TRIGGER first_try_week_grew AFTER UPDATE OF done, right ON first_try_days WHEN new.done >= old.done"
    " BEGIN " + _weeks_tally("+", "new", "new.done - old.done", "new.right - old.right") + " END",
    "CREATE TRIGGER first_try_week_shrank AFTER UPDATE OF done, right ON first_try_days WHEN new.done < old.done"
    " BEGIN " + _weeks_tally("-", "new", "old.done - new.done", "old.right - new.right") + " END",
    "CREATE TRIGGER first_try_week_deleted AFTER DELETE ON first_try_days BEGIN "
    + _weeks_tally("-", "old", "old.done", "old.right")
    + " END",
)


_ANSWER_CLASS = (
    "JOIN questions q ON q.id = a.question_id JOIN practice_sessions s ON s.id = q.session_id"
    " JOIN assignments x ON x.id = s.assignment_id"
)


def _mistakes_tally(sign: str, row: str) -> str:
    """Count an answer's named mistakes in (or out of) its class's tallies; answers outside classes none."""
    if sign == "+":
        return (
            "INSERT INTO class_mistake_tallies (class_id, user_id, mistake, n) SELECT x.class_id, a.user_id, j.value,"
            f" COUNT(*) FROM (SELECT {row}.question_id AS question_id, {row}.user_id AS user_id) a {_ANSWER_CLASS},"
            f" json_each({row}.mistakes) j WHERE {row}.mistakes <> '[]' GROUP BY j.value"
            " ON CONFLICT DO UPDATE SET n = n + excluded.n;"
        )
    mine = f"user_id = {row}.user_id AND class_id = (SELECT x.class_id FROM (SELECT {row}.question_id AS question_id) a"
    mine += f" {_ANSWER_CLASS}) AND {row}.mistakes <> '[]'"
    return (
        f"UPDATE class_mistake_tallies SET n = n - (SELECT COUNT(*) FROM json_each({row}.mistakes) j WHERE j.value ="
        f" class_mistake_tallies.mistake) WHERE {mine} AND mistake IN (SELECT value FROM json_each({row}.mistakes));"
        f" DELETE FROM class_mistake_tallies WHERE {mine} AND n <= 0;"
    )


_MISTAKE_TRIGGERS = (
    "CREATE TRIGGER class_mistake_tally_added AFTER INSERT ON answers BEGIN " + _mistakes_tally("+", "new") + " END",
    "CREATE TRIGGER class_mistake_tally_changed AFTER UPDATE OF question_id, user_id, mistakes ON answers BEGIN "
    + _mistakes_tally("-", "old")
    + _mistakes_tally("+", "new")
    + " END",
    "CREATE TRIGGER class_mistake_tally_deleted AFTER DELETE ON answers BEGIN " + _mistakes_tally("-", "old") + " END",
)


@migrations()
def m016_upload_attempts(db: Database) -> None:
    """Every game-log upload, read or refused, counted where every server process sees it: uploads per
    guest and per address (by the hour) and per account (by the day) are limited (issue 27)."""
    db.execute(
        "CREATE TABLE upload_attempts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, address TEXT NOT NULL,"
        " guest INTEGER NOT NULL, at TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX idx_upload_attempts_user ON upload_attempts (user_id, at)")
    db.execute("CREATE INDEX idx_upload_attempts_address ON upload_attempts (address, at) WHERE guest = 1")


@migrations()
def m017_table_games(db: Database) -> None:
    """Games kept at the table (``/table``, issue 28): the settings as JSON, one row per hand played with its
    record as JSON, owned by one account (a guest included) and shown read-only to whoever has the share token.
    Deleting the account deletes its games with it."""
    db.execute(
        "CREATE TABLE table_games (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id)"
        " ON DELETE CASCADE, settings TEXT NOT NULL, share_token TEXT NOT NULL UNIQUE,"
        " created_at TEXT NOT NULL, updated_at TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX idx_table_games_user ON table_games (user_id, updated_at)")
    db.execute(
        "CREATE TABLE table_hands (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES table_games(id)"
        " ON DELETE CASCADE, position INTEGER NOT NULL, record TEXT NOT NULL, UNIQUE (game_id, position))"
    )


@migrations()
def m018_game_seat(db: Database) -> None:
    """The seat a learner sat at in each game they imported (0-3, in the log's order; NULL: not chosen), so
    that practice asks their own wins and the hands they paid for. The names chosen before are read from
    here too: a new game with one of them among its players is given that seat (issue 26). ``scores``: every
    player's score after each hand and the game's end as the log states them (JSON; NULL on a game imported
    before), which the game's page draws."""
    db.execute("ALTER TABLE game_logs ADD COLUMN seat INTEGER")
    db.execute("ALTER TABLE game_logs ADD COLUMN scores TEXT")


@migrations()
def m019_game_nights(db: Database) -> None:
    """A class game night (issue 28): a teacher's evening of several games at the table for one class. Every
    table is an ordinary table game owned by the teacher (``table_games.night_id`` names its night), so the
    table's rules, storage and share link are the table's; the night only groups them for the teacher's page.
    Deleting the class deletes its nights; a table game outlives its night (``night_id`` back to NULL)."""
    db.execute(
        "CREATE TABLE game_nights (id INTEGER PRIMARY KEY, class_id INTEGER NOT NULL REFERENCES classes(id)"
        " ON DELETE CASCADE, teacher_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,"
        " created_at TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX idx_game_nights_class ON game_nights (class_id, created_at)")
    db.execute("ALTER TABLE table_games ADD COLUMN night_id INTEGER REFERENCES game_nights(id) ON DELETE SET NULL")
    db.execute("CREATE INDEX idx_table_games_night ON table_games (night_id)")
