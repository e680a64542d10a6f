"""Every answer of a class, as CSV for spreadsheets and as one JSON document."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache, partial
from typing import Any

from sqlite_utils import Database

from tutor.classroom.answers import part_answer, part_expected, read_exercise
from tutor.classroom.assignments import Assignment, assignments, target_label
from tutor.classroom.dashboard import results
from tutor.classroom.roster import Classroom, Member, roster
from tutor.course.curriculum import TOPICS
from tutor.messages.catalogues import DEFAULT, N_, joined, translate
from tutor.practice.wrong_answers import answer_text
from tutor.quiz.exercise import Exercise
from tutor.quiz.mistakes import MISTAKES

CHUNK = 64 * 1024
"""About how many characters an export sends at a time."""

BOM = "\ufeff"
"""What the CSV starts with: Excel reads a CSV as the computer's legacy code page unless it finds this mark,
and would show a Chinese name as mojibake."""

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
    "topic_id",
    "target",
    "target_id",
    "correct",
    "score",
    "given",
    "expected",
    "mistakes",
    "mistake_ids",
    "time_ms",
    "answered_at",
)
"""The CSV's columns: what a teacher reads (names, answers in words) in the teacher's language, with the
ids beside them for scripts. The JSON export keeps the stored ids and values under :data:`JSON_COLUMNS`."""

JSON_COLUMNS = (
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
"""The keys of each answer in the JSON export: ids and the answer as stored."""
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
    "topic_id": N_("Topic id"),
    "target": N_("Made for"),
    "target_id": N_("Made for (id)"),
    "correct": N_("Right first time"),
    "score": N_("Score"),
    "given": N_("Answer given"),
    "expected": N_("Right answer"),
    "mistakes": N_("Mistakes"),
    "mistake_ids": N_("Mistake ids"),
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


_ANSWERS_SQL = (
    "SELECT s.id, s.user_id, m.display_name, u.username, q.position, q.id, q.topic, q.target,"
    " a.correct, a.score, a.given, a.mistakes, a.time_ms, a.answered_at{payload}"
    " FROM practice_sessions s"
    " JOIN memberships m ON m.class_id = ? AND m.user_id = s.user_id JOIN users u ON u.id = s.user_id"
    " JOIN questions q ON q.session_id = s.id JOIN answers a ON a.question_id = q.id AND a.attempt = 1"
    " WHERE s.assignment_id = ? ORDER BY m.display_name COLLATE NOCASE, s.user_id, s.id, q.position"
)
"""An assignment's rows: the session, then the stored columns of :data:`JSON_COLUMNS` from ``student_id``
on but ``attempt`` (``given`` and ``mistakes`` as stored JSON), and for the CSV the question's payload (its
right answer is said from it). A student's rows come together, their sessions in order: the attempt is
counted as the rows go by."""

_BATCH = 500
"""Rows fetched from SQLite at a time."""


def _answers(
    db: Database, classroom: Classroom, assignment: Assignment | None, payload: bool = False
) -> Iterator[tuple[Assignment, Iterator[list[tuple[Any, ...]]]]]:
    """Each assignment (by id) with its rows in batches, read when the export reaches it (with each
    question's payload last, if asked for)."""
    sql = _ANSWERS_SQL.format(payload=", q.payload" if payload else "")
    for task in [assignment] if assignment else sorted(assignments(db, classroom), key=lambda a: a.id):
        cursor = db.conn.execute(sql, [classroom.id, task.id])
        yield task, iter(partial(cursor.fetchmany, _BATCH), [])


def _numbered(batches: Iterator[list[tuple[Any, ...]]]) -> Iterator[list[tuple[int, bool, tuple[Any, ...]]]]:
    """An assignment's rows (see :data:`_ANSWERS_SQL`), each with its attempt number and whether it begins
    an attempt: a student's sessions come together and in order, so the count goes as the rows go by."""
    attempt = 0
    last_student = last_session = None
    for batch in batches:
        numbered = []
        for row in batch:
            new = row[0] != last_session
            if new:
                last_session = row[0]
                attempt = attempt + 1 if row[1] == last_student else 1
                last_student = row[1]
            numbered.append((attempt, new, row))
        yield numbered


class _Cells(dict[Any, Any]):
    """What ``make`` gives for each value of one column, worked out once: a class's rows hold the same few
    topics, scores and stored answers again and again, and a dict lookup costs less than a call. Only the
    first ``most`` values are kept, so memory stays the same however long the export. One per column: the
    values of a column are of one kind (SQLite's column affinity), so no two equal keys, such as 1 and
    1.0, stand for different cells (and a REAL column reads -0.0 back as 0.0)."""

    def __init__(self, make: Callable[[Any], Any], most: int = 4096) -> None:
        super().__init__()
        self.make = make
        self.most = most

    def __missing__(self, value: Any) -> Any:
        made = self.make(value)
        if len(self) < self.most:
            self[value] = made
        return made


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


PARTS = N_("{earlier}; {next}")
"""How the parts of an answer (and the mistakes of a row) follow each other in a cell."""


def exercise_words(exercise: Exercise, answers: Mapping[str, Any] | None, lang: str = DEFAULT) -> str:
    """An exercise's answer as a line of text in ``lang``, each part as its kind says it (yaku by name,
    tiles named, numbers with their unit, points as players say them); ``answers`` None: the right answer.

    >>> ex = Exercise.from_json({"parts": [
    ...     {"ask": "waits", "hand": "23m456p789s123s11z"}, {"ask": "yaku", "request": {
    ...     "hand": "123m456m789p345s55s", "win": "5s", "riichi": True}}]})
    >>> exercise_words(ex, {"waits": ["1m", "4m"], "yaku": ["riichi", "pinfu"]})
    'Winning tiles: 1 of characters, 4 of characters; Yaku: Riichi, Pinfu'
    >>> exercise_words(ex, None, "zh")
    '和牌张：1万、4万；役种：立直、平和'
    """
    if answers is None:
        lines = [part_expected(part).text(lang) for part in exercise.parts]
    else:  # a part without an answer (a row of an older version) is left out
        lines = [part_answer(exercise, k, answers[k]).text(lang) for k in exercise.kinds if k in answers]
    return joined(lines, lang, PARTS)


def _topic_name(topic: Any, lang: str) -> Any:
    found = TOPICS.get(topic) if isinstance(topic, str) else None
    return translate(found.title, lang) if found else topic


def _mistake_names(raw: str | None, lang: str) -> str:
    """The named mistakes of a row (stored as a JSON list of ids), by what the student did, in ``lang``."""
    ids = json.loads(raw or "[]")
    if not isinstance(ids, list):
        return csv_cell(ids)
    named = [translate(MISTAKES[i].label, lang) if isinstance(i, str) and i in MISTAKES else str(i) for i in ids]
    return joined(named, lang, PARTS)


def results_csv(
    db: Database,
    classroom: Classroom,
    assignment: Assignment | None = None,
    lang: str = DEFAULT,
    size: int = CHUNK,
) -> Iterator[str]:
    """Every answer the class's students gave to its assignments (or to one) as CSV for a teacher reading
    it in ``lang``: a byte-order mark (so that Excel reads it as UTF-8 and shows Chinese names) and a header
    line, then a line per question answered (first tries only) in the order assignment → student →
    attempt → question. Topics, targets and mistakes are named, with their ids beside them; the answer given
    and the right answer are said in words (:func:`exercise_words`); every cell is made safe for
    spreadsheets (:func:`csv_cell`). Sent in pieces of about ``size`` characters, the header line at once.
    A cell is worked out once per assignment, student, question or stored value, not once per row, and
    each line is joined from its fields as the CSV writer writes them."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([column_header(column, lang) for column in EXPORT_COLUMNS])
    yield BOM + buffer.getvalue()

    def field(value: Any) -> str:
        """The cell of ``value`` as the CSV writer writes it among others (quoted if need be)."""
        buffer.seek(0)
        buffer.truncate()
        writer.writerow((csv_cell(value), ""))
        return buffer.getvalue()[:-3]  # less the empty field and the line's end, ",\r\n"

    # The questions of an assignment shared by the class hold the same payload: each is read once. Those of
    # per-student hands differ, and are read (their hand solved) as their rows come, about 0.25 ms a row; the
    # latest are kept, so that a row's answer and right answer share one reading.
    exercise_of = lru_cache(maxsize=256)(read_exercise)

    def given_cell(key: tuple[str | None, str]) -> str:
        payload, raw = key
        exercise, given = exercise_of(payload), json.loads(raw)
        if exercise is None or not isinstance(given, Mapping):
            return field(given)
        return field(exercise_words(exercise, given, lang))

    def expected_cell(payload: str | None) -> str:
        exercise = exercise_of(payload)
        return field(exercise_words(exercise, None, lang) if exercise is not None else "")

    plain = _PLAIN
    positions, topic_ids, target_ids, scores, times = (_Cells(field) for _ in range(5))
    topics = _Cells(lambda topic: field(_topic_name(topic, lang)))
    targets = _Cells(lambda target: field(target_label(target, lang) if isinstance(target, str) else target))
    givens = _Cells(given_cell)
    expected = _Cells(expected_cell, most=256)
    mistaken = _Cells(lambda raw: field(_mistake_names(raw, lang)))
    mistake_ids = _Cells(lambda raw: field(json.loads(raw or "[]")))
    pieces: list[str] = []
    length = 0
    for task, batches in _answers(db, classroom, assignment, payload=True):
        head = f"{field(classroom.id)},{field(classroom.name)},{field(task.id)},{field(task.title)}"
        who = who_try = ""
        for batch in _numbered(batches):
            lines = []
            for attempt, new, (
                _session_id,
                student_id,
                student,
                username,
                position,
                question_id,
                topic,
                target,
                correct,
                score,
                given,
                mistakes,
                time_ms,
                answered_at,
                payload,
            ) in batch:
                if new:  # the next attempt, or the next student's first
                    if attempt == 1:
                        who = f"{head},{field(student_id)},{field(student)},{field(username)}"
                    who_try = f"{who},{attempt}"
                # question_id and answered_at, text of their own in each row, are written as they are when
                # they are plain (as they always are: "s3-12", "2026-10-11T10:07:00+00:00"); the rest is
                # looked up.
                lines.append(
                    f"{who_try},{positions[position]},"
                    f"{question_id if type(question_id) is str and plain(question_id) else field(question_id)},"
                    f"{topics[topic]},{topic_ids[topic]},{targets[target]},{target_ids[target]},"
                    f"{1 if correct else 0},{scores[score]},{givens[(payload, given)]},{expected[payload]},"
                    f"{mistaken[mistakes]},{mistake_ids[mistakes]},{times[time_ms]},"
                    f"{answered_at if type(answered_at) is str and plain(answered_at) else field(answered_at)}\r\n"
                )
            pieces.append("".join(lines))
            length += len(pieces[-1])
            if length >= size:
                yield "".join(pieces)
                pieces, length = [], 0
    yield "".join(pieces)


_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_:.+-]*").fullmatch
"""Text that is a cell as it is: nothing a spreadsheet would run (its first character), nothing the CSV
writer would quote."""


def json_chunks(db: Database, classroom: Classroom, size: int = CHUNK) -> Iterator[str]:
    """The class's results as one JSON document, as ``json.dumps(..., ensure_ascii=False, indent=1)``
    writes it: the class and its students, each assignment with its students' standing and its questions,
    and every answer with its ids and values as stored (keyed by :data:`JSON_COLUMNS`; the CSV says them in
    words). Sent in pieces, made as they are sent:
    each assignment's standings and each answer are read only when their turn comes."""
    pieces: list[str] = []
    length = 0
    wanted = 1  # the first piece at once: the download starts before anything slow is read
    for piece in _json_pieces(db, classroom):
        pieces.append(piece)
        length += len(piece)
        if length >= wanted:
            yield "".join(pieces)
            pieces, length, wanted = [], 0, size
    yield "".join(pieces)


def _json_pieces(db: Database, classroom: Classroom) -> Iterator[str]:
    # The document is written by hand at its top, each part inside by json.dumps (indented where it sits)
    # but the answers, each written from its fields' JSON: json's indenting encoder is pure Python, and
    # would take most of the time on a large class's hundreds of thousands of answers.
    members = roster(db, classroom.id)
    yield "{"
    for key, value in _document_head(classroom, members).items():
        yield f"\n {json.dumps(key)}: {_indented(value, 1)},"
    documents = _assignment_documents(db, classroom, members)
    yield from _json_list("assignments", ([_indented(one, 2)] for one in documents))
    yield ","
    yield from _json_list("answers", _answer_objects(db, classroom))
    yield "\n}"


def _json_list(key: str, batches: Iterable[list[str]]) -> Iterator[str]:
    """A list of the document as json.dumps writes it, from its items already indented (in batches): the
    opening bracket waits for the first item, since an empty list is written ``[]``."""
    started = False
    for batch in batches:
        if batch:
            yield (",\n  " if started else f"\n {json.dumps(key)}: [\n  ") + ",\n  ".join(batch)
            started = True
    yield "\n ]" if started else f"\n {json.dumps(key)}: []"


def _indented(value: Any, level: int) -> str:
    """``value`` as json.dumps writes it inside a document with ``indent=1``, ``level`` deep: a string holds
    no raw line break (json escapes them), so every line break is one of the indenting's."""
    return json.dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n" + " " * level)


_FIELDS = json.JSONEncoder(ensure_ascii=False, separators=(",\n   ", ": "), check_circular=False).encode
"""Flat fields of an answer as its object in the document holds them: ``_FIELDS(fields)[1:-1]``."""


def _answer_objects(db: Database, classroom: Classroom) -> Iterator[list[str]]:
    """Each answer's JSON object (keyed by :data:`JSON_COLUMNS`), indented as the document's answers, in
    batches."""
    scalar = partial(json.dumps, ensure_ascii=False)
    text = json.encoder.encode_basestring  # what json.dumps writes for a str (the C function where there is one)
    positions, topics, targets, scores, times = (_Cells(scalar) for _ in range(5))
    givens = _Cells(lambda raw: _indented(json.loads(raw), 3))
    mistaken = _Cells(lambda raw: _indented(json.loads(raw or "[]"), 3))
    for task, batches in _answers(db, classroom, None):
        head = _FIELDS(
            {"class_id": classroom.id, "class": classroom.name, "assignment_id": task.id, "assignment": task.title}
        )[1:-1]
        who = ""
        for batch in _numbered(batches):
            objects = []
            for attempt, new, (
                _session_id,
                student_id,
                student,
                username,
                position,
                question_id,
                topic,
                target,
                correct,
                score,
                given,
                mistakes,
                time_ms,
                answered_at,
            ) in batch:
                if new:
                    who = _FIELDS(
                        {"student_id": student_id, "student": student, "username": username, "attempt": attempt}
                    )[1:-1]
                # question_id and answered_at (text, their own in each row) are written as they come; the rest
                # is looked up.
                objects.append(
                    f'{{\n   {head},\n   {who},\n   "position": {positions[position]},'
                    f'\n   "question_id": {text(question_id)},\n   "topic": {topics[topic]},'
                    f'\n   "target": {targets[target]},\n   "correct": {"true" if correct else "false"},'
                    f'\n   "score": {scores[score]},\n   "given": {givens[given]},'
                    f'\n   "mistakes": {mistaken[mistakes]},\n   "time_ms": {times[time_ms]},'
                    f'\n   "answered_at": {text(answered_at)}\n  }}'
                )
            yield objects


def _document_head(classroom: Classroom, members: list[Member]) -> dict[str, Any]:
    return {
        "class": {"id": classroom.id, "name": classroom.name, "created_at": classroom.created_at},
        "students": [
            {"student_id": m.user_id, "student": m.display_name, "username": m.username, "joined_at": m.joined_at}
            for m in members
        ],
    }


def _assignment_documents(db: Database, classroom: Classroom, members: list[Member]) -> Iterator[dict[str, Any]]:
    for one in assignments(db, classroom):
        found = results(db, classroom, one, export=True, members=members)
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
