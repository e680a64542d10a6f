"""What learners were asked and answered, and what that says they know. No Flask here.

Every served exercise is stored with its full payload (so it can be shown
again exactly), every answer with its per-part grades, mistakes and time, and
every skill the answer touched. Skill states are fsrs cards: a right answer
rates the skill Good, a wrong one Again, and review brings back what is due.

A question can also be left without an answer (the ``outcome`` of its row):

- ``"shown"``: the learner asked for the answer. That is an honest "I do not know": it counts as a
  first try that was not right (in tallies and accuracy), every skill the question trains is rated
  Again (so review brings it back soon), and "replay what I got wrong" asks it again. No mistake is
  diagnosed, since nothing was guessed.
- ``"skipped"``: the learner passed. It touches no skill and counts in no tally, accuracy or streak,
  and is not replayed as wrong; a quiz scores it 0, as a question left blank.
"""

from __future__ import annotations

import json
import secrets
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fsrs import Card, Rating, Scheduler
from sqlite_utils import Database

from tutor.clock import moment as current_moment
from tutor.clock import now
from tutor.db import write_transaction
from tutor.practice.wrong_answers import wrong_column
from tutor.quiz.exercise import Exercise, ExerciseGrade

SCHEDULER = Scheduler(enable_fuzzing=False)  # no fuzz: the same answers give the same schedule
ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: ids are read aloud and typed
ID_LENGTH = 8
OUTCOMES = ("answered", "shown", "skipped")
"""How a question was left (see the module docstring)."""


class NotFound(LookupError):
    """No such question or session for this learner."""


class AlreadyAnswered(Exception):
    """The question has its answer: the first answer stands."""


class PositionTaken(Exception):
    """Another question was served at that place in the session first (two requests at once)."""


# --- sessions and questions ---------------------------------------------------------------------


def start_session(
    db: Database, user_id: int, mode: str, settings: Mapping[str, Any], assignment_id: int | None = None
) -> int:
    """A new session; an attempt at a class assignment names the assignment."""
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO practice_sessions (user_id, mode, settings, started_at, assignment_id) VALUES (?, ?, ?, ?, ?)",
            [user_id, mode, json.dumps(settings, sort_keys=True), now(), assignment_id],
        )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def session(db: Database, session_id: int, user_id: int) -> dict[str, Any]:
    rows = list(db.query("SELECT * FROM practice_sessions WHERE id = ? AND user_id = ?", [session_id, user_id]))
    if not rows:
        raise NotFound(f"no session {session_id}")
    row = rows[0]
    row["settings"] = json.loads(row["settings"])
    return row


def finish_session(db: Database, session_id: int) -> None:
    with write_transaction(db):
        db.execute(
            "UPDATE practice_sessions SET finished_at = ? WHERE id = ? AND finished_at IS NULL", [now(), session_id]
        )


@dataclass(frozen=True)
class Served:
    id: str
    user_id: int
    session_id: int
    position: int
    exercise: Exercise
    served_at: str
    attempts: int
    """Answers recorded so far."""
    last_answer: dict[str, Any] | None


def new_question_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def serve(db: Database, user_id: int, session_id: int, exercise: Exercise, position: int | None = None) -> Served:
    """Store a served exercise under a new short id."""
    with write_transaction(db):
        if position is None:
            position = asked(db, session_id) + 1
        elif list(db.query("SELECT 1 FROM questions WHERE session_id = ? AND position = ?", [session_id, position])):
            raise PositionTaken(position)
        served_at = now()
        while True:
            question_id = new_question_id()
            if not list(db.query("SELECT 1 FROM questions WHERE id = ?", [question_id])):
                break
        db.execute(
            "INSERT INTO questions (id, user_id, session_id, position, topic, target, difficulty, seed, payload, served_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                question_id,
                user_id,
                session_id,
                position,
                exercise.topic,
                exercise.target,
                exercise.difficulty,
                exercise.seed,
                json.dumps(exercise.to_json(), sort_keys=True),
                served_at,
            ],
        )
    return Served(question_id, user_id, session_id, position, exercise, served_at, 0, None)


def asked(db: Database, session_id: int) -> int:
    """How many questions the session has served."""
    row = next(db.query("SELECT COALESCE(MAX(position), 0) AS n FROM questions WHERE session_id = ?", [session_id]))
    return int(row["n"])


def pending(db: Database, session_id: int) -> str | None:
    """The session's first served question still without an answer: asking for the next question
    comes back to it, so a reload or a double click never skips a question of a quiz."""
    rows = list(
        db.query(
            "SELECT q.id FROM questions q WHERE q.session_id = ? AND NOT EXISTS"
            " (SELECT 1 FROM answers a WHERE a.question_id = q.id) ORDER BY q.position LIMIT 1",
            [session_id],
        )
    )
    return str(rows[0]["id"]) if rows else None


def load(db: Database, question_id: str, user_id: int | None = None) -> Served:
    """A served question; with ``user_id``, only if it was served to that user."""
    rows = list(db.query("SELECT * FROM questions WHERE id = ?", [question_id]))
    if not rows or (user_id is not None and rows[0]["user_id"] != user_id):
        raise NotFound(f"no question {question_id!r}")
    row = rows[0]
    answers = [
        _decoded(answer)
        for answer in db.query("SELECT * FROM answers WHERE question_id = ? ORDER BY attempt DESC", [question_id])
    ]
    return Served(
        row["id"],
        row["user_id"],
        row["session_id"],
        row["position"],
        Exercise.from_json(json.loads(row["payload"])),
        row["served_at"],
        len(answers),
        answers[0] if answers else None,
    )


def _decoded(answer: dict[str, Any]) -> dict[str, Any]:
    """An answers row with its JSON columns read (None where the question was never answered)."""
    for key in ("given", "parts", "mistakes"):
        answer[key] = json.loads(answer[key]) if answer[key] else None
    return answer


# --- answers and skills -------------------------------------------------------------------------


def record_answer(
    db: Database,
    served: Served,
    given: Mapping[str, Any],
    grade: ExerciseGrade,
    touched: Mapping[str, bool],
    time_ms: int | None,
    held: bool = False,
    outcome: str = "answered",
) -> int:
    """Store one graded answer, the skills it touched and their new fsrs states, all or nothing.

    The first answer stands: a question that already has one raises :class:`AlreadyAnswered`, decided
    inside the write transaction so that simultaneous answers cannot both get in (and a unique index
    backs it up). A ``held`` answer (to a class assignment whose teacher has not yet revealed right and wrong) is
    stored but left out of the learner's own tallies and skill states until :func:`release`: they
    would give the results away. ``outcome`` says how the question was left (module docstring)."""
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome is one of {', '.join(OUTCOMES)}, not {outcome!r}")
    parts = {
        kind: {"correct": g.correct, "score": g.score, "expected": g.expected, "details": list(g.details)}
        for kind, g in grade.parts.items()
    }
    when = now()
    with write_transaction(db):
        if list(db.query("SELECT 1 FROM answers WHERE question_id = ?", [served.id])):
            raise AlreadyAnswered(served.id)
        attempt = 1
        given_text = json.dumps(given, sort_keys=True)
        cursor = db.execute(
            "INSERT INTO answers (question_id, user_id, attempt, given, correct, score, parts, mistakes, time_ms,"
            " answered_at, held, outcome, wrong) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                served.id,
                served.user_id,
                attempt,
                given_text,
                int(grade.correct),
                round(grade.score, 4),
                json.dumps(parts),
                json.dumps([m.id for m in grade.mistakes]),
                time_ms,
                when,
                int(held),
                outcome,
                wrong_column(json.loads(given_text), parts),  # as the dashboard reads it back from the row
            ],
        )
        answer_id = cursor.lastrowid
        assert answer_id is not None
        for skill, right in touched.items():
            # Only first tries move the schedule: a retry right after the answer proves little. The card
            # after this review is kept on the row, so that a later release or merge replays from here.
            card = None
            if attempt == 1 and not held:
                card = _rate(db, served.user_id, skill, right, datetime.fromisoformat(when))
            db.execute(
                "INSERT INTO answer_skills (answer_id, user_id, skill, correct, answered_at, card)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [answer_id, served.user_id, skill, int(right), when, card],
            )
    return answer_id


def _card_id(skill: str) -> int:
    """A card id that is the same in every replay. fsrs makes one from the clock and sleeps a
    millisecond to keep them apart (per skill, per replay), and a replay could not reproduce it."""
    return zlib.crc32(skill.encode())


def _review(card: Card | None, skill: str, right: bool, when: datetime) -> Card:
    card = card or Card(card_id=_card_id(skill), due=when)
    reviewed, _ = SCHEDULER.review_card(card, Rating.Good if right else Rating.Again, when)
    return reviewed


def _rate(db: Database, user_id: int, skill: str, right: bool, when: datetime) -> str:
    """Review one skill now; returns the new card as JSON."""
    rows = list(
        db.query("SELECT card, reviews, lapses FROM skill_states WHERE user_id = ? AND skill = ?", [user_id, skill])
    )
    card = _review(Card.from_json(rows[0]["card"]) if rows else None, skill, right, when)
    reviews = rows[0]["reviews"] if rows else 0
    lapses = rows[0]["lapses"] if rows else 0
    _write_state(db, user_id, skill, card, reviews + 1, lapses + (0 if right else 1), when)
    return card.to_json()


def _write_state(db: Database, user_id: int, skill: str, card: Card, reviews: int, lapses: int, when: datetime) -> None:
    db.execute(
        "INSERT INTO skill_states (user_id, skill, card, due_at, reviews, lapses, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id, skill) DO UPDATE SET card = excluded.card, due_at = excluded.due_at,"
        " reviews = excluded.reviews, lapses = excluded.lapses, updated_at = excluded.updated_at",
        [
            user_id,
            skill,
            card.to_json(),
            card.due.astimezone(UTC).isoformat(timespec="seconds"),
            reviews,
            lapses,
            when.isoformat(timespec="seconds"),
        ],
    )


def rebuild_skill_states(db: Database, user_id: int) -> None:
    """Replay all of a learner's first-try answers in time order, from nothing (a repair, and the oracle
    the incremental updates of :func:`release` and :func:`merge` are tested against)."""
    with write_transaction(db):
        db.execute("DELETE FROM skill_states WHERE user_id = ?", [user_id])
        db.execute("UPDATE answer_skills SET card = NULL WHERE user_id = ? AND card IS NOT NULL", [user_id])
        cards: dict[str, Card] = {}
        counts: dict[str, list[int]] = {}
        last: dict[str, datetime] = {}
        for row in list(
            db.query(
                f"SELECT s.answer_id, s.skill, s.correct, s.answered_at FROM answer_skills s JOIN answers a"
                f" ON a.id = s.answer_id WHERE s.user_id = ? AND {_COUNTED} ORDER BY s.answered_at, s.answer_id",
                [user_id, "[]"],
            )
        ):
            skill, right, when = row["skill"], bool(row["correct"]), datetime.fromisoformat(row["answered_at"])
            card = cards[skill] = _review(cards.get(skill), skill, right, when)
            count = counts.setdefault(skill, [0, 0])
            count[0] += 1
            count[1] += 0 if right else 1
            last[skill] = when
            db.execute(
                "UPDATE answer_skills SET card = ? WHERE answer_id = ? AND skill = ?",
                [card.to_json(), row["answer_id"], skill],
            )
        for skill, card in cards.items():
            _write_state(db, user_id, skill, card, counts[skill][0], counts[skill][1], last[skill])


# An answer counts in the learner's skill states when it is a first try and not held back, or is one of
# the held answers being released (a JSON list of answer ids, the query's last parameter).
_COUNTED = "a.attempt = 1 AND (a.held = 0 OR a.id IN (SELECT value FROM json_each(?)))"


@dataclass
class _Plan:
    """Skill states and cards computed outside the write lock, and what they were computed from."""

    snapshot: list[Any]
    cards: list[tuple[str, int, str]] = field(default_factory=list)
    """(card JSON, answer id, skill) for every answer_skills row replayed."""
    states: list[tuple[str, Card, int, int, datetime]] = field(default_factory=list)
    """(skill, card, reviews, lapses, last review) for every affected skill."""


def _plan(
    db: Database, owner: int, users: list[int], added: Mapping[str, tuple[str, int]], released: list[int]
) -> _Plan:
    """Replay each skill in ``added`` from its first new review (answered_at, answer id) onwards, over
    ``users``' counted answers (``released`` counting as not held), starting from the card kept on the
    review just before it; ``owner`` is who the states are for."""
    marks = ", ".join("?" for _ in users)
    plan = _Plan(_snapshot(db, owner, users, list(added), released))
    for skill, start in sorted(added.items()):
        where = f"s.user_id IN ({marks}) AND s.skill = ? AND {_COUNTED}"
        params: list[Any] = [*users, skill, json.dumps(released)]
        # The review just before the start, asked of each user in turn: with one user the index hands
        # the rows over newest first, where two (a guest merging) would sort the skill's whole history.
        latest = [
            row
            for user in users
            for row in db.query(
                "SELECT s.card, s.answered_at, s.answer_id FROM answer_skills s JOIN answers a ON a.id = s.answer_id"
                f" WHERE s.user_id = ? AND s.skill = ? AND {_COUNTED} AND (s.answered_at, s.answer_id) < (?, ?)"
                " ORDER BY s.answered_at DESC, s.answer_id DESC LIMIT 1",
                [user, skill, json.dumps(released), *start],
            )
        ]
        before = sorted(latest, key=lambda row: (row["answered_at"], row["answer_id"]))[-1:]
        card: Card | None = None
        if before and before[0]["card"]:
            card = Card.from_json(before[0]["card"])
        elif before:  # answered before cards were kept on the rows: replay this skill from its start
            start = ("", 0)
        base = list(
            db.query("SELECT reviews, lapses FROM skill_states WHERE user_id = ? AND skill = ?", [owner, skill])
        )
        reviews, lapses = (base[0]["reviews"], base[0]["lapses"]) if base else (0, 0)
        when = None
        for row in db.query(
            f"SELECT s.answer_id, s.correct, s.answered_at, a.user_id, a.held FROM answer_skills s"
            f" JOIN answers a ON a.id = s.answer_id WHERE {where} AND (s.answered_at, s.answer_id) >= (?, ?)"
            " ORDER BY s.answered_at, s.answer_id",
            [*params, *start],
        ):
            right, when = bool(row["correct"]), datetime.fromisoformat(row["answered_at"])
            card = _review(card, skill, right, when)
            plan.cards.append((card.to_json(), row["answer_id"], skill))
            if row["user_id"] != owner or row["held"]:  # new to the owner's states
                reviews += 1
                lapses += 0 if right else 1
        if card is not None and when is not None:
            plan.states.append((skill, card, reviews, lapses, when))
    return plan


def _snapshot(db: Database, owner: int, users: list[int], skills: list[str], released: list[int]) -> list[Any]:
    """What a plan depends on: the skill states it starts from, the answers still held, the users'
    answers. Checked again inside the write lock; if anything moved meanwhile, the plan is made again."""
    marks = ", ".join("?" for _ in users)
    states = [
        tuple(row.values())
        for row in db.query(
            f"SELECT user_id, skill, reviews, lapses, updated_at FROM skill_states WHERE user_id IN ({marks})"
            " AND skill IN (SELECT value FROM json_each(?)) ORDER BY user_id, skill",
            [*users, json.dumps(skills)],
        )
    ]
    held = next(
        db.query(
            "SELECT COUNT(*) AS n FROM answers WHERE held = 1 AND id IN (SELECT value FROM json_each(?))",
            [json.dumps(released)],
        )
    )["n"]
    others = [
        tuple(next(db.query("SELECT COUNT(*) AS n, MAX(id) AS last FROM answers WHERE user_id = ?", [user])).values())
        for user in users
        if user != owner
    ]
    return [states, held, others]


def _apply(
    db: Database,
    owner: int,
    make: Callable[[], tuple[list[int], dict[str, tuple[str, int]], list[int]]],
    before_writing: Callable[[], None] = lambda: None,
    tries: int = 3,
) -> None:
    """Compute a plan outside the write lock, then write it under the lock if nothing it read has moved
    meanwhile (else compute it again; the last try computes under the lock). ``make`` names the users,
    the first new review of each skill and the answers released."""
    for attempt in range(tries):
        last_try = attempt == tries - 1 or db.conn.in_transaction
        if not last_try:
            db.conn.execute("BEGIN")  # one read snapshot for the whole computation
            try:
                users, added, released = make()
                plan = _plan(db, owner, users, added, released)
            finally:
                db.conn.execute("COMMIT")
        with write_transaction(db):
            if last_try:
                users, added, released = make()
                plan = _plan(db, owner, users, added, released)
            elif _snapshot(db, owner, users, list(added), released) != plan.snapshot:
                continue
            if released:
                db.execute(
                    "UPDATE answers SET held = 0 WHERE held = 1 AND id IN (SELECT value FROM json_each(?))",
                    [json.dumps(released)],
                )
            before_writing()
            db.conn.executemany("UPDATE answer_skills SET card = ? WHERE answer_id = ? AND skill = ?", plan.cards)
            for skill, card, reviews, lapses, when in plan.states:
                _write_state(db, owner, skill, card, reviews, lapses, when)
        return


def _first_reviews(db: Database, where: str, params: list[Any]) -> dict[str, tuple[str, int]]:
    """The earliest (answered_at, answer id) per skill among the answer_skills rows ``where`` picks."""
    first: dict[str, tuple[str, int]] = {}
    for row in db.query(
        "SELECT s.skill, s.answered_at, s.answer_id FROM answer_skills s JOIN answers a ON a.id = s.answer_id"
        f" WHERE {where} ORDER BY s.answered_at, s.answer_id",
        params,
    ):
        first.setdefault(row["skill"], (row["answered_at"], row["answer_id"]))
    return first


def held_sessions(db: Database, user_id: int) -> list[int]:
    """Sessions with answers still held back from the learner's own statistics."""
    # Every progress page asks this, and almost always finds nothing: the partial index of held answers
    # replies at once, where the planner (without statistics) would read all of the learner's answers.
    rows = db.query(
        "SELECT DISTINCT q.session_id FROM answers a INDEXED BY idx_answers_held"
        " JOIN questions q ON q.id = a.question_id WHERE a.user_id = ? AND a.held = 1",
        [user_id],
    )
    return [row["session_id"] for row in rows]


def release(db: Database, user_id: int, session_ids: list[int]) -> None:
    """Let a session's held answers count: each skill they touch is replayed from its first released
    answer on (with the learner's later answers in their place in time), not the whole history."""
    if not session_ids:
        return

    def make() -> tuple[list[int], dict[str, tuple[str, int]], list[int]]:
        released = [
            row["id"]
            for row in db.query(
                "SELECT a.id FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.user_id = ?"
                " AND a.held = 1 AND q.session_id IN (SELECT value FROM json_each(?)) ORDER BY a.id",
                [user_id, json.dumps(session_ids)],
            )
        ]
        first = _first_reviews(
            db,
            "a.attempt = 1 AND a.id IN (SELECT value FROM json_each(?))",
            [json.dumps(released)],
        )
        return [user_id], first, released

    _apply(db, user_id, make)


def merge(db: Database, guest_id: int, into_id: int, move: Callable[[], None]) -> None:
    """Merge a guest's answers into an account's skill states: ``move`` (run under the write lock) hands
    the guest's rows over; each skill the guest's counted answers touch is replayed from the guest's
    first answer to it on."""

    def make() -> tuple[list[int], dict[str, tuple[str, int]], list[int]]:
        first = _first_reviews(db, f"s.user_id = ? AND {_COUNTED}", [guest_id, "[]"])
        return [into_id, guest_id], first, []

    _apply(db, into_id, make, move)


def skill_record(db: Database, user_id: int) -> dict[str, tuple[int, int]]:
    """For every skill the learner has met: (first tries, of which wrong)."""
    rows = db.query("SELECT skill, reviews, lapses FROM skill_states WHERE user_id = ?", [user_id])
    return {row["skill"]: (row["reviews"], row["lapses"]) for row in rows}


def due_skills(db: Database, user_id: int, limit: int = 20, at: datetime | None = None) -> list[str]:
    """Skills whose review is due, the most overdue first."""
    moment = current_moment(at).isoformat(timespec="seconds")
    return [
        row["skill"]
        for row in db.query(
            "SELECT skill FROM skill_states WHERE user_id = ? AND due_at <= ? ORDER BY due_at LIMIT ?",
            [user_id, moment, limit],
        )
    ]


def next_due(db: Database, user_id: int) -> str | None:
    row = next(db.query("SELECT MIN(due_at) AS due FROM skill_states WHERE user_id = ?", [user_id]))
    return str(row["due"]) if row["due"] else None


def session_results(db: Database, session_id: int) -> list[dict[str, Any]]:
    """Each question of a session with its first answer, in order (the quiz review)."""
    rows = list(
        db.query(
            "SELECT q.id, q.position, q.payload, a.correct, a.score, a.given, a.parts, a.mistakes, a.time_ms, a.outcome"
            " FROM questions q LEFT JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
            " WHERE q.session_id = ? ORDER BY q.position",
            [session_id],
        )
    )
    for row in rows:
        row["exercise"] = Exercise.from_json(json.loads(row.pop("payload")))
        _decoded(row)
    return rows


def report_question(db: Database, question_id: str, user_id: int, remark: str) -> int:
    with write_transaction(db):
        cursor = db.execute(
            "INSERT INTO reports (question_id, user_id, remark, created_at, status) VALUES (?, ?, ?, ?, 'open')",
            [question_id, user_id, remark.strip()[:2000], now()],
        )
    assert cursor.lastrowid is not None
    return cursor.lastrowid
