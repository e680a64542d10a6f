"""The CSV export a teacher reads in a spreadsheet: answers given and right answers in words in the
teacher's language (tiles by name, yaku by name, points as players say them), topics, targets and
mistakes by name with their ids beside them, and a byte-order mark so that Excel reads Chinese names.
The JSON export keeps the ids and the values as stored."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from tests.classroom.test_classroom import answer_all, people
from tutor import classroom as rooms
from tutor.classroom.export import column_header
from tutor.db import connect, migrations
from tutor.practice import progress
from tutor.quiz.mistakes import MISTAKES

TILE_CODE = re.compile(r"\b[0-9]+[mpsz]\b")
SNAKE_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
TOPICS = ["everyday-yaku", "fu", "points", "dora", "waits", "furiten", "table"]
WORDS = ("topic", "target", "given", "expected", "mistakes")
"""The columns a teacher reads: names and answers, never codes or ids."""


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = connect(tmp_path / "tutor.sqlite")
    migrations.apply(database)
    yield database
    database.conn.close()


@pytest.fixture
def room(db: Database) -> tuple[rooms.Classroom, dict[str, int]]:
    """A class whose two students answered every kind of question, one all right, one half wrong; and a
    second assignment of per-student hands made for a yaku."""
    (teacher,) = people(db, "tara")
    classroom = rooms.create_class(db, teacher, "Club")
    task = rooms.create_assignment(
        db, classroom, {"title": "Everything", "topics": TOPICS, "size": 14, "difficulty": 1, "seed": "words"}
    )
    made_for = rooms.create_assignment(
        db,
        classroom,
        {"title": "Pinfu", "topics": ["one-han"], "targets": ["pinfu"], "size": 2, "seed": "p", "variant": "1"},
    )
    ann, ben = people(db, "ann", "ben")
    sessions = {}
    for student in (ann, ben):
        rooms.join(db, student, classroom.join_code, "1.1.1.1")
    sessions["ann"] = answer_all(db, task, ann, [True] * 14)
    sessions["ben"] = answer_all(db, task, ben, [n % 2 == 0 for n in range(14)])
    answer_all(db, made_for, ben, [False, True])
    return rooms.class_by_id(db, classroom.id), sessions


def read(text: str) -> list[dict[str, str]]:
    assert text.startswith(rooms.BOM)  # Excel reads the file as UTF-8 only with the mark
    assert text.count(rooms.BOM) == 1
    return list(csv.DictReader(io.StringIO(text.removeprefix(rooms.BOM))))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_csv_says_answers_and_names_in_the_teachers_language(
    db: Database, room: tuple[rooms.Classroom, dict[str, int]], lang: str
) -> None:
    classroom, sessions = room
    # One wrong answer with a named mistake, so the mistakes column is read below, not only its blanks.
    mistake = next(iter(MISTAKES))
    db.execute(
        "UPDATE answers SET mistakes = ? WHERE id = (SELECT MIN(id) FROM answers WHERE correct = 0)",
        [json.dumps([mistake])],
    )
    text = "".join(rooms.results_csv(db, classroom, lang=lang))
    header = next(csv.reader(io.StringIO(text.removeprefix(rooms.BOM))))
    assert header == [column_header(column, lang) for column in rooms.EXPORT_COLUMNS]
    rows = [dict(zip(rooms.EXPORT_COLUMNS, row.values(), strict=True)) for row in read(text)]
    assert len(rows) == 14 + 14 + 2
    kinds: set[str] = set()
    for row in rows:
        for column in WORDS:
            assert not TILE_CODE.search(row[column]), (column, row[column])
            assert not SNAKE_ID.search(row[column]), (column, row[column])
            if lang == "zh":
                assert not LATIN_WORD.search(row[column]), (column, row[column])
        assert row["topic_id"] in TOPICS + ["one-han"] and row["topic"] != row["topic_id"]
        assert row["expected"]
    # The right answer is the engine's: every answer a student got right reads as the expected one.
    right = [row for row in rows if row["correct"] == "1"]
    assert len(right) > 14 and all(row["given"] == row["expected"] for row in right)
    wrong = [row for row in rows if row["correct"] == "0"]
    assert len(wrong) >= 7 and all(row["given"] != row["expected"] for row in wrong)
    # Each row's expected answer is what its question's kind says of the served exercise.
    for name, session_id in sessions.items():
        served = progress.session_results(db, session_id)
        mine = [row for row in rows if row["student"] == name and row["assignment"] == "Everything"]
        for question, row in zip(served, mine, strict=True):
            exercise = question["exercise"]
            kinds.update(exercise.kinds)
            assert row["expected"] == rooms.exercise_words(exercise, None, lang)
            assert row["given"] == rooms.exercise_words(exercise, question["given"], lang)
    assert {"yaku", "han", "fu", "points", "waits", "furiten", "dora_tile", "table"} <= kinds
    made_for = [row for row in rows if row["assignment"] == "Pinfu"]
    assert {row["target_id"] for row in made_for} == {"pinfu"}
    assert {row["target"] for row in made_for} == {"Pinfu" if lang == "en" else "平和"}
    named = [row for row in wrong if row["mistake_ids"]]
    assert named
    for row in named:
        assert row["mistakes"] and row["mistakes"] != row["mistake_ids"]


def test_the_chinese_csv_reads_as_chinese(db: Database, room: tuple[rooms.Classroom, dict[str, int]]) -> None:
    rows = read("".join(rooms.results_csv(db, room[0], lang="zh")))
    answers = " ".join(row["所作答案"] + row["正确答案"] for row in rows)
    # Parts named, full-width punctuation between them, points said the Chinese way.
    assert "役种：" in answers and "符：" in answers and "；" in answers
    assert "; " not in answers and ": " not in answers
    assert {row["主题"] for row in rows} >= {"听牌形式", "振听", "宝牌", "常见役种"}


def test_the_json_export_keeps_ids_and_values(db: Database, room: tuple[rooms.Classroom, dict[str, int]]) -> None:
    document = json.loads("".join(rooms.json_chunks(db, room[0])))
    answers = document["answers"]
    assert set(answers[0]) == set(rooms.JSON_COLUMNS)
    assert {a["topic"] for a in answers} <= set(TOPICS) | {"one-han"}
    assert any(isinstance(a["given"].get("yaku"), list) for a in answers)  # picked ids, as stored
    assert any(TILE_CODE.search(" ".join(a["given"].get("waits", []))) for a in answers)  # tiles as stored
