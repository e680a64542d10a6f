"""Every answer of a class, as CSV for spreadsheets and as one JSON document."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

from sqlite_utils import Database

from ..engine.catalogues import DEFAULT, N_, translate
from .assignments import Assignment, assignments
from .dashboard import answer_text, results
from .roster import Classroom, roster

CHUNK = 64 * 1024
"""About how many characters an export sends at a time."""

EXPORT_COLUMNS = (
    "class_id",
    "class",
    "assignment_id",
    "assignment",
    "student_id",
    "student",
    "username",
    "attempt",
    "position",
    "question_id",
    "topic",
    "target",
    "correct",
    "score",
    "given",
    "mistakes",
    "time_ms",
    "answered_at",
)
COLUMN_HEADERS = {
    "class_id": N_("Class id"),
    "class": N_("Class"),
    "assignment_id": N_("Assignment id"),
    "assignment": N_("Assignment"),
    "student_id": N_("Student id"),
    "student": N_("Student"),
    "username": N_("Username"),
    "attempt": N_("Attempt"),
    "position": N_("Question number"),
    "question_id": N_("Question id"),
    "topic": N_("Topic"),
    "target": N_("Made for"),
    "correct": N_("Right first time"),
    "score": N_("Score"),
    "given": N_("Answer given"),
    "mistakes": N_("Mistakes"),
    "time_ms": N_("Time (ms)"),
    "answered_at": N_("Answered at"),
}
"""The CSV header of each column in a teacher's language. In English the header stays the column id, as the
JSON export names it and as the spreadsheets and scripts made from earlier exports read it."""


def column_header(column: str, lang: str = DEFAULT) -> str:
    """The header of an export column in ``lang``: ``correct`` in English, ``首次作答正确`` in Chinese.

    >>> column_header("time_ms"), column_header("time_ms", "xx")
    ('time_ms', 'Time (ms)')
    """
    return column if lang == DEFAULT else translate(COLUMN_HEADERS[column], lang)


def export_rows(db: Database, classroom: Classroom, assignment: Assignment | None = None) -> list[dict[str, Any]]:
    """Every answer the class's students gave to its assignments: one row per question answered, first
    tries only, in the order class → assignment → student → attempt → question."""
    return list(iter_export_rows(db, classroom, assignment))


def iter_export_rows(
    db: Database, classroom: Classroom, assignment: Assignment | None = None
) -> Iterator[dict[str, Any]]:
    """:func:`export_rows` one at a time, an assignment per query: the first row comes at once, and memory
    stays that of one assignment's sort whatever the class's size."""
    sql = (
        "SELECT s.id AS session_id, s.user_id AS student_id,"
        " m.display_name AS student, u.username, q.position, q.id AS question_id, q.topic, q.target,"
        " a.correct, a.score, a.given, a.mistakes, a.time_ms, a.answered_at"
        " FROM practice_sessions s"
        " JOIN memberships m ON m.class_id = ? AND m.user_id = s.user_id JOIN users u ON u.id = s.user_id"
        " JOIN questions q ON q.session_id = s.id JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
        " WHERE s.assignment_id = ? ORDER BY m.display_name COLLATE NOCASE, s.user_id, s.id, q.position"
    )
    for task in [assignment] if assignment else sorted(assignments(db, classroom), key=lambda a: a.id):
        attempt_numbers: dict[int, dict[int, int]] = {}
        for row in db.query(sql, [classroom.id, task.id]):
            numbers = attempt_numbers.setdefault(row["student_id"], {})
            numbers.setdefault(row["session_id"], len(numbers) + 1)
            yield {
                "class_id": classroom.id,
                "class": classroom.name,
                "assignment_id": task.id,
                "assignment": task.title,
                **{k: row[k] for k in ("student_id", "student", "username")},
                "attempt": numbers[row["session_id"]],
                **{k: row[k] for k in ("position", "question_id", "topic", "target")},
                "correct": bool(row["correct"]),
                "score": row["score"],
                "given": json.loads(row["given"]),
                "mistakes": json.loads(row["mistakes"] or "[]"),
                "time_ms": row["time_ms"],
                "answered_at": row["answered_at"],
            }


def csv_cell(value: Any) -> str:
    """A value for a spreadsheet cell. Text that a spreadsheet would run as a formula (a student could name
    themselves ``=HYPERLINK(...)``) gets a leading apostrophe.

    >>> csv_cell("=1+1"), csv_cell(["pinfu"]), csv_cell({"fu": "30"}), csv_cell(True), csv_cell(None), csv_cell([])
    ("'=1+1", 'pinfu', 'fu: 30', '1', '', '')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, list | tuple) and not value:
        return ""
    if isinstance(value, Mapping):
        text = "; ".join(f"{key}: {answer_text(answer)}" for key, answer in value.items())
    elif isinstance(value, list | tuple):
        text = answer_text(value)
    else:
        text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def write_csv(out: TextIO, rows: Iterable[Mapping[str, Any]], lang: str = DEFAULT) -> None:
    """Export rows as CSV, a header line first (in ``lang``), every cell made safe for spreadsheets."""
    for chunk in csv_chunks(rows, lang=lang):
        out.write(chunk)


def csv_chunks(rows: Iterable[Mapping[str, Any]], size: int = CHUNK, lang: str = DEFAULT) -> Iterator[str]:
    """The CSV of :func:`write_csv` in pieces of about ``size`` characters, as the rows come."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([column_header(column, lang) for column in EXPORT_COLUMNS])
    for row in rows:
        writer.writerow([csv_cell(row[column]) for column in EXPORT_COLUMNS])
        if buffer.tell() >= size:
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue()


def export_document(db: Database, classroom: Classroom) -> dict[str, Any]:
    """The class's results as one JSON document: the class, each assignment with its students' standing, and
    every answer (the rows of the CSV)."""
    document = _document(db, classroom)
    return {**document, "assignments": list(document["assignments"]), "answers": list(document["answers"])}


def json_chunks(db: Database, classroom: Classroom, size: int = CHUNK) -> Iterator[str]:
    """``json.dumps(export_document(...), ensure_ascii=False, indent=1)`` in pieces, made as they are sent:
    each assignment's standings and each answer are read only when their turn comes."""
    encoder = json.JSONEncoder(ensure_ascii=False, indent=1)
    pieces: list[str] = []
    length = 0
    wanted = 1  # the first piece at once: the download starts before anything slow is read
    for piece in encoder.iterencode(_document(db, classroom)):
        pieces.append(piece)
        length += len(piece)
        if length >= wanted:
            yield "".join(pieces)
            pieces, length, wanted = [], 0, size
    yield "".join(pieces)


class _Later(list[Any]):
    """A list for the JSON encoder whose items are made as the encoder reaches them (the encoder with an
    indent walks lists with ``for``, after asking whether they are empty)."""

    def __init__(self, items: Iterable[Any]) -> None:
        super().__init__()
        self._items = iter(items)
        self._first: Any = _UNREAD

    def _peek(self) -> Any:
        if self._first is _UNREAD:
            self._first = next(self._items, _NOTHING)
        return self._first

    def __bool__(self) -> bool:
        return self._peek() is not _NOTHING

    def __iter__(self) -> Iterator[Any]:
        first = self._peek()
        if first is not _NOTHING:
            yield first
            yield from self._items


_NOTHING = object()
_UNREAD = object()


def _document(db: Database, classroom: Classroom) -> dict[str, Any]:
    return {
        "class": {"id": classroom.id, "name": classroom.name, "created_at": classroom.created_at},
        "students": [
            {"student_id": m.user_id, "student": m.display_name, "username": m.username, "joined_at": m.joined_at}
            for m in roster(db, classroom.id)
        ],
        "assignments": _Later(_assignment_documents(db, classroom)),
        "answers": _Later(iter_export_rows(db, classroom)),
    }


def _assignment_documents(db: Database, classroom: Classroom) -> Iterator[dict[str, Any]]:
    for one in assignments(db, classroom):
        found = results(db, classroom, one)
        yield (
            {
                "id": one.id,
                "title": one.title,
                "settings": dict(one.settings),
                "variant": one.variant,
                "opens_at": one.opens_at,
                "due_at": one.due_at,
                "attempts_allowed": one.attempts_allowed,
                "reveal": one.reveal,
                "students": [
                    {
                        "student_id": s.member.user_id if s.member else None,
                        "student": s.member.display_name if s.member else None,
                        "status": s.status,
                        "attempts": len(s.tries),
                        "answered": s.counted.answered if s.counted else 0,
                        "right": s.counted.right if s.counted else 0,
                        "score": s.counted.score if s.counted else 0.0,
                        "percent": round(s.percent, 1) if s.percent is not None else None,
                    }
                    for s in found.students
                ],
                "questions": [
                    {
                        "position": q.position,
                        "answered": q.answered,
                        "right": q.right,
                        "median_ms": q.median_ms,
                        "wrong_answers": [{"part": k, "answer": t, "count": n} for k, t, n in q.wrong_answers],
                    }
                    for q in found.questions
                ],
            }
        )
