"""Archived classes refuse every change in the module that owns it (no Flask), and restoring undoes it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.classroom.test_classroom import answer_all
from tutor import classroom as rooms
from tutor.accounts import register
from tutor.db import connect, migrations
from tutor.practice import progress, sessions


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = connect(tmp_path / "tutor.sqlite")
    migrations.apply(database)
    yield database
    database.conn.close()


@pytest.fixture
def archived(db: Database) -> dict[str, object]:
    teacher, ann, ben = (register(db, name, "correct horse") for name in ("tara", "ann", "ben"))
    room = rooms.create_class(db, teacher, "Club")
    task = rooms.create_assignment(db, room, {"title": "Fu", "topics": ["fu"], "size": 2, "seed": "s"})
    rooms.join(db, ann, room.join_code, "127.0.0.1")
    session_id = rooms.start_attempt(db, task, ann.id)
    room = rooms.archive_class(db, room)
    assert room.archived and rooms.class_by_id(db, room.id).archived
    return {"room": room, "task": task, "ann": ann, "ben": ben, "session_id": session_id}


REFUSALS: dict[str, Callable[[Database, dict[str, object]], object]] = {
    "join": lambda db, a: rooms.join(db, a["ben"], a["room"].join_code, "127.0.0.2"),  # type: ignore[arg-type,attr-defined]
    "new assignment": lambda db, a: rooms.create_assignment(
        db,
        a["room"],  # type: ignore[arg-type]
        {"title": "More", "topics": ["fu"], "size": 2, "seed": "t"},
    ),
    "change an assignment": lambda db, a: rooms.update_assignment(db, a["task"], {"title": "New"}),  # type: ignore[arg-type]
    "delete an assignment": lambda db, a: rooms.delete_assignment(db, a["task"]),  # type: ignore[arg-type]
    "new join code": lambda db, a: rooms.new_join_code(db, a["room"]),  # type: ignore[arg-type]
    "rename a student": lambda db, a: rooms.rename_member(db, a["room"], a["ann"].id, "Annie"),  # type: ignore[arg-type,attr-defined]
    "start an attempt": lambda db, a: rooms.start_attempt(db, a["task"], a["ann"].id),  # type: ignore[arg-type,attr-defined]
}


@pytest.mark.parametrize("what", REFUSALS)
def test_an_archived_class_refuses(db: Database, archived: dict[str, object], what: str) -> None:
    before = db.execute("SELECT COUNT(*) FROM assignments").fetchone()[0]
    with pytest.raises(rooms.ClassroomError) as refusal:
        REFUSALS[what](db, archived)
    assert "archived" in str(refusal.value)
    assert db.execute("SELECT COUNT(*) FROM assignments").fetchone()[0] == before


def test_an_archived_class_takes_no_answers_and_restoring_lets_work_go_on(
    db: Database, archived: dict[str, object]
) -> None:
    ann = archived["ann"]
    session = progress.session(db, archived["session_id"], ann.id)  # type: ignore[arg-type,attr-defined]
    rules = sessions.policy(db, session, ann.id)  # type: ignore[attr-defined]
    assert rules.refused is not None and "archived" in str(rules.refused)
    assert not rules.may_skip and not rules.may_show_answer
    assert rooms.to_do(db, ann.id) == []  # type: ignore[attr-defined]

    rooms.restore_class(db, archived["room"])  # type: ignore[arg-type]
    assert sessions.policy(db, session, ann.id).refused is None  # type: ignore[attr-defined]
    rooms.join(db, archived["ben"], archived["room"].join_code, "127.0.0.2")  # type: ignore[arg-type,attr-defined]
    answer_all(db, archived["task"], archived["ben"], [True, True])  # type: ignore[arg-type]
    assert len(rooms.roster(db, archived["room"].id)) == 2  # type: ignore[attr-defined]
