"""The database: migrations from empty and from an older schema, WAL, and no answer lost under load."""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Flask

from tests.conftest import csrf
from tutor import create_app
from tutor.db import connect, migrations
from tutor.web.db import init_db


def _app(path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})


def test_a_new_database_gets_every_migration_and_wal(tmp_path: Path) -> None:
    app = _app(tmp_path / "new.sqlite")
    with app.app_context():
        applied = init_db()
        assert init_db() == applied  # running it again changes nothing
    db = connect(tmp_path / "new.sqlite")
    assert applied == len(migrations.pending(connect(tmp_path / "other.sqlite")))
    assert db.journal_mode == "wal"
    assert next(db.query("PRAGMA foreign_keys"))["foreign_keys"] == 1
    assert {"users", "questions", "answers", "answer_skills", "skill_states", "reports"} <= set(db.table_names())


def test_an_older_database_is_upgraded_without_losing_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = connect(path)
    migrations.apply(db, stop_before="m002_practice")  # the schema as the first release left it
    db["meta"].insert({"key": "created_by", "value": "release 1"})
    db.conn.close()
    app = _app(path)
    with app.app_context():
        init_db()
    db = connect(path)
    assert next(db.query("SELECT value FROM meta WHERE key = 'created_by'"))["value"] == "release 1"
    assert "answers" in db.table_names()
    assert not migrations.pending(db)


def test_foreign_keys_refuse_an_answer_to_no_question(tmp_path: Path) -> None:
    import sqlite3

    import pytest

    app = _app(tmp_path / "fk.sqlite")
    with app.app_context():
        init_db()
    db = connect(tmp_path / "fk.sqlite")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute(
            "INSERT INTO answers (question_id, user_id, attempt, given, correct, score, answered_at)"
            " VALUES ('nope', 1, 1, '{}', 0, 0, '2026-01-01')"
        )


def test_no_answer_is_lost_when_twenty_learners_submit_at_once(tmp_path: Path) -> None:
    app = _app(tmp_path / "busy.sqlite")
    with app.app_context():
        init_db()
    clients = [app.test_client() for _ in range(20)]
    questions = []
    for client in clients:
        started = client.post("/api/questions/next", json={"topics": ["table"]}, headers={"X-CSRF-Token": csrf(client)})
        questions.append(started.json["question"]["id"])
    barrier = threading.Barrier(len(clients))
    statuses: list[int] = []

    def submit(client: object, question_id: str) -> None:
        token = csrf(client)  # type: ignore[arg-type]
        barrier.wait()
        response = client.post(  # type: ignore[attr-defined]
            f"/api/questions/{question_id}/answer", json={"answers": {"table": "1000"}}, headers={"X-CSRF-Token": token}
        )
        statuses.append(response.status_code)

    threads = [threading.Thread(target=submit, args=pair) for pair in zip(clients, questions, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * 20
    db = connect(tmp_path / "busy.sqlite")
    stored = {row["question_id"] for row in db.query("SELECT question_id FROM answers")}
    assert stored == set(questions)
    assert next(db.query("SELECT COUNT(*) AS n FROM answer_skills"))["n"] >= 20
