"""The teacher's pages in the reader's words (issue 23): a teacher with a class whose student answered an
assignment half wrong reads the dashboard, the attempt page, the worksheet and its key, presentation mode
and the CSV in either language, and finds tiles and names, never a tile code, an internal id or (on a
Chinese page) English."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_classroom import Room, join, open_class, take, user
from tutor import classroom as rooms
from tutor.db import connect

TILE_CODE = re.compile(r"\b[0-9]+[mpsz]\b")
SNAKE_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")
PROPER_NAMES = {"Riichi", "Tutor", "English", "Language", "Tenhou", "JSON", "Letter", "Ctrl", "sensei"}
"""Latin words a Chinese page may hold: the site's name, the language switch's own names (in both languages),
a rule set's, a file format's, a paper size's and a key's names, and the teacher's username."""
TYPED = re.compile(r"https?://\S+|\b[0-9A-Z]{4}-[0-9A-Z]{4}\b")
"""What people type, shown to be typed: the join link and the join code."""
TOPICS = ["everyday-yaku", "fu", "points", "waits", "furiten", "dora", "table"]
HALF_WIDTH = re.compile(r"[\u4e00-\u9fff][:;,()?!]|[:;,()?!] ?[\u4e00-\u9fff]")
"""Chinese built from parts with English punctuation (役种: rather than 役种：)."""
ACCESSIBLE = re.compile(r'\b(?:aria-label|alt|title)="([^"]*)"')


def read(markup: str) -> str:
    """What a reader sees and hears: the text (scripts and styles aside) and the accessible names."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    names = " ".join(ACCESSIBLE.findall(body))
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)) + " " + names)


def problems(text: str, lang: str) -> list[str]:
    text = TYPED.sub(" ", text)
    found = TILE_CODE.findall(text) + SNAKE_ID.findall(text)
    if lang == "zh":
        found += [word for word in LATIN_WORD.findall(text) if word not in PROPER_NAMES]
    return found


def class_with(
    app: Flask, variant: bool, names: tuple[str, str, str] = ("sensei", "ann", "ben")
) -> tuple[Room, FlaskClient]:
    """A class (named in Chinese, so its names read in either language) whose two students took an
    assignment of every kind of question: one right throughout, one half wrong (the teacher's and the
    students' usernames: ``names``). Returns the class and the half-wrong student's client."""
    teacher = user(app, names[0])
    fields = {"title": "第三周", "topic": TOPICS, "size": "7", "seed": "7", "part": ["yaku", "han", "fu", "points"]}
    room = open_class(app, teacher, name="周四班", **fields, **({"variant": "1"} if variant else {}))
    ann, ben = user(app, names[1]), user(app, names[2])
    join(ann, room, "安")
    join(ben, room, "本")
    take(app, ann, room, [True] * 7)
    take(app, ben, room, [n % 2 == 1 for n in range(7)])
    return room, ben


def pages(app: Flask, room: Room, lang: str) -> dict[str, str]:
    teacher = room.teacher
    base = f"/classes/{room.class_id}"
    task = f"{base}/assignments/{room.assignment_id}"
    db = connect(app.config["DATABASE"])
    try:
        sessions = [
            s for (s,) in db.execute("SELECT id FROM practice_sessions WHERE assignment_id = ?", [room.assignment_id])
        ]
    finally:
        db.conn.close()
    paths = {
        "class page": base,
        "dashboard": task,
        "worksheet and key": f"{task}/worksheet",
        **{f"attempt {n}": f"{base}/attempts/{s}" for n, s in enumerate(sessions)},
        **{f"presented {n}": f"{task}/present/{n}" for n in range(1, 8)},
    }
    teacher.get(base)  # the flash of the assignment set (said when it was set, in English) is read here
    shown = {}
    for name, path in paths.items():
        response = teacher.get(path, query_string={"lang": lang, "step": 99})
        assert response.status_code == 200, (name, response.status_code)
        shown[name] = response.get_data(as_text=True)
    return shown


@pytest.mark.parametrize("variant", [False, True], ids=["shared hands", "per-student hands"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_teachers_pages_say_tiles_and_names(app: Flask, lang: str, variant: bool) -> None:
    room, _ = class_with(app, variant)
    shown = pages(app, room, lang)
    for name, markup in shown.items():
        assert not problems(read(markup), lang), (name, problems(read(markup), lang))
        if lang == "zh":
            assert not HALF_WIDTH.findall(read(markup)), (name, HALF_WIDTH.findall(read(markup)))
    dashboard = shown["dashboard"]
    wrong = re.findall(r'<ul class="wrong-answers">(.*?)</ul>', dashboard, re.S)
    assert len(wrong) >= 3  # the half-wrong student's answers are listed, in words
    assert 'class="tiles' in "".join(wrong) or not any("waits" in w for w in wrong)
    if not variant:  # the right answer beside them, said the same way
        expected = re.findall(r"<ul class=\"right-answers\" data-expected>(.*?)</ul>", dashboard, re.S)
        assert len(expected) == 7 and all("<li>" in e for e in expected)
    else:  # each student had their own hand: the right answer of the hand each wrong answer was given to
        beside = re.findall(r'×1 <span class="hint">(.*?)</span></li>', "".join(wrong))
        assert len(beside) == sum(w.count("<li>") for w in wrong)
        assert all(b.startswith("(right answer: " if lang == "en" else "（正确答案：") for b in beside)
    if lang == "zh":
        text = read(dashboard)
        assert "符：" in text and "役种：" in text and ": " not in re.sub(r"[A-Za-z0-9]: ", "", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_student_who_answered_half_wrong_reads_their_class_in_words(app: Flask, lang: str) -> None:
    room, ben = class_with(app, variant=True)
    base = f"/classes/{room.class_id}"
    ben.get(base)  # the flash of joining, said when joining
    for path in (
        base,
        f"{base}/assignments/{room.assignment_id}",
        f"{base}/assignments/{room.assignment_id}/worksheet",
    ):
        response = ben.get(path, query_string={"lang": lang})
        assert response.status_code == 200, path
        text = read(response.get_data(as_text=True))
        assert not problems(text, lang), (path, problems(text, lang))
        if lang == "zh":
            assert not HALF_WIDTH.findall(text), (path, HALF_WIDTH.findall(text))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_csv_the_dashboard_links_reads_in_words(app: Flask, lang: str) -> None:
    room, _ = class_with(app, variant=False)
    response = room.teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}/results.csv?lang={lang}")
    assert response.data.startswith(rooms.BOM.encode())
    rows = list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))
    words = [rooms.EXPORT_COLUMNS.index(c) for c in ("topic", "target", "given", "expected", "mistakes")]
    assert len(rows) == 15
    for row in rows[1:]:
        text = " ".join(row[n] for n in words)
        assert not problems(text, lang), problems(text, lang)
