"""`tutor reports`: the operator lists open reports (``--all`` with the closed ones, ``--json`` for scripts)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli import _class_database, tutor
from tutor import classroom
from tutor.db import connect
from tutor.practice import progress


def test_reports_lists_the_open_reports_and_all_with_the_closed(tmp_path: Path) -> None:
    env = _class_database(tmp_path)
    assert "No open reports." in tutor("reports", env=env).stdout
    db = connect(env["TUTOR_DATABASE"])
    try:
        first, second = (row["id"] for row in db.query("SELECT id FROM questions ORDER BY served_at, id LIMIT 2"))
        owner = next(db.query("SELECT user_id FROM questions WHERE id = ?", [first]))["user_id"]
        name = next(db.query("SELECT username FROM users WHERE id = ?", [owner]))["username"]
        progress.report_question(db, first, owner, "the fu\nlook wrong")
        progress.report_question(db, second, owner, "second thoughts")
        room = classroom.class_by_id(db, 1)
        closed = next(db.query("SELECT id FROM reports WHERE remark = 'second thoughts'"))["id"]
        classroom.close_report(db, room, closed, room.teacher_id)
    finally:
        db.conn.close()

    listing = tutor("reports", env=env)
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.strip().splitlines()
    assert len(lines) == 1 and first in lines[0] and "the fu look wrong" in lines[0] and "class 1" in lines[0]
    everything = tutor("reports", "--all", "--json", env=env)
    rows = json.loads(everything.stdout)
    assert [(r["question_id"], r["status"]) for r in rows] == [(first, "open"), (second, "closed")]
    assert rows[1]["closed_at"] and rows[0]["class_id"] == 1 and rows[0]["reporter"] == name
    assert tutor("reports", "--help").returncode == 0
