"""A class game night (issue 28): a teacher's evening of several games at the table for one class. No Flask.

The simplest secure design: every table is an ordinary table game (:mod:`tutor.table.store`) owned by the
teacher, so the rules, the storage, the edits and the read-only share link are the table's own, and nothing
new can be written by anyone else. The teacher (or whoever keeps score on the teacher's account, on the
teacher's phone) enters each table's hands on its page; the players follow their table by its share link and
practise its hands from there. The night only groups the tables (``game_nights``, migration m019) for the
teacher's page, which replays each table for its standings on every request: nothing derived is stored.

Every call takes the teacher's id and the class's id, which the caller has checked the teacher teaches:
another teacher's night, or a night of another class, is :class:`NotFound`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from tutor.clock import now
from tutor.db import write_transaction
from tutor.messages.catalogues import N_, Problem
from tutor.table import store
from tutor.table.records import Settings

MAX_TABLES = 8
"""The most tables one night has (a class of 32 players)."""
MAX_NIGHTS = 50
"""The most nights one class keeps."""


class NotFound(LookupError):
    """No such night of this teacher's class."""


@dataclass(frozen=True)
class Night:
    id: int
    class_id: int
    created_at: str
    tables: tuple[store.TableGame, ...]
    """Table 1, table 2, ... in the order they were set."""


def create(db: Database, teacher_id: int, class_id: int, tables: Sequence[Sequence[str]], length: str) -> Night:
    """A night with one table game per entry of ``tables`` (four players' names each), Tenhou's rules and
    ``length`` (``hanchan`` or ``east``); all or nothing (a :class:`Problem` names the first table that cannot be)."""
    if not tables:
        raise Problem(N_("Give at least one table: four players' names on a line."))
    if len(tables) > MAX_TABLES:
        raise Problem(N_("A game night has at most {most} tables."), most=MAX_TABLES)
    settings = []
    for number, names in enumerate(tables, start=1):
        if len(names) != 4:
            raise Problem(N_("Table {number}: give four players' names, not {count}."), number=number, count=len(names))
        try:
            settings.append(Settings.make(tuple(names), length=length))
        except Problem as problem:
            raise Problem(N_("Table {number}: {problem}"), number=number, problem=problem.said) from None
    with write_transaction(db):
        kept = db.execute("SELECT COUNT(*) FROM game_nights WHERE class_id = ?", [class_id]).fetchone()[0]
        if kept >= MAX_NIGHTS:
            raise Problem(N_("This class keeps {most} game nights already."), most=MAX_NIGHTS)
        cursor = db.execute(
            "INSERT INTO game_nights (class_id, teacher_id, created_at) VALUES (?, ?, ?)", [class_id, teacher_id, now()]
        )
        night_id = cursor.lastrowid
        assert night_id is not None
        for table in settings:
            store.create(db, teacher_id, table, night_id)
    return night(db, teacher_id, class_id, night_id)


def night(db: Database, teacher_id: int, class_id: int, night_id: int) -> Night:
    """One night of the teacher's class, with its tables; :class:`NotFound` for anyone else's."""
    row = db.execute(
        "SELECT id, class_id, created_at FROM game_nights WHERE id = ? AND class_id = ? AND teacher_id = ?",
        [night_id, class_id, teacher_id],
    ).fetchone()
    if row is None:
        raise NotFound(night_id)
    ids = [
        game_id
        for (game_id,) in db.execute(
            "SELECT id FROM table_games WHERE night_id = ? AND user_id = ? ORDER BY id", [night_id, teacher_id]
        ).fetchall()
    ]
    return Night(row[0], row[1], row[2], tuple(store.load(db, teacher_id, game_id) for game_id in ids))


@dataclass(frozen=True)
class Listed:
    """A night as the class page lists it: no table is loaded (a class keeps up to 50 nights of 8 tables)."""

    id: int
    created_at: str
    table_count: int


def nights(db: Database, teacher_id: int, class_id: int) -> list[Listed]:
    """The class's nights, the latest first, each with how many tables it has."""
    rows = db.execute(
        "SELECT n.id, n.created_at, COUNT(t.id) FROM game_nights n"
        " LEFT JOIN table_games t ON t.night_id = n.id AND t.user_id = n.teacher_id"
        " WHERE n.class_id = ? AND n.teacher_id = ? GROUP BY n.id ORDER BY n.id DESC",
        [class_id, teacher_id],
    ).fetchall()
    return [Listed(*row) for row in rows]
