"""A class game night (issue 28): a teacher starts several tables for a class and follows every table's
standings on one page, replayed from each table's hands. Each table is a table game owned by the teacher;
another teacher, a student of another class and a student of the class get 404; bad input changes nothing."""

from __future__ import annotations

import re

from flask import Flask

from tests.web.test_classroom import Room, join, open_class, send, user
from tutor.db import connect

TABLES = "Ann, Bo, Cy, Di\n小明，小红，阿强，老李\n"


def count(app: Flask, table: str) -> int:
    return int(connect(app.config["DATABASE"]).execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def start_night(room: Room, tables: str = TABLES, length: str = "hanchan") -> str:
    response = send(room.teacher, f"/classes/{room.class_id}/nights/new", tables=tables, length=length)
    assert response.status_code == 302, response.get_data(as_text=True)
    return str(response.location)


def table_paths(page: str) -> list[str]:
    return re.findall(r'href="(/table/[0-9]+)"', page)


def test_the_teacher_sees_every_tables_standings_from_replay(app: Flask) -> None:
    room = open_class(app, user(app, "tara"), "Class A")
    path = start_night(room)
    assert re.fullmatch(rf"/classes/{room.class_id}/nights/[0-9]+", path)
    page = room.teacher.get(path).get_data(as_text=True)
    assert page.count("data-night-table") == 2 and "Table 1" in page and "Table 2" in page
    assert re.findall(r"data-score>([^<]+)<", page) == ["25,000"] * 8
    first, second = table_paths(page)
    # The teacher keeps table 2's score on its table page: Bo's 3 han 30 fu ron off Cy, 3,900.
    hand = {"kind": "ron", "winner": "1", "discarder": "2", "entry": "quick", "han": "3", "fu": "30"}
    assert send(room.teacher, f"{second}/hands", **hand).status_code == 302
    page = room.teacher.get(path).get_data(as_text=True)
    assert re.findall(r"data-score>([^<]+)<", page) == ["25,000"] * 4 + ["28,900", "25,000", "25,000", "21,100"]
    assert "East 2" in page  # table 2 goes on
    assert f"/nights/{path.rsplit('/', 1)[1]}" in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)
    # Each table's share link shows it read only to its players.
    link = re.findall(r'value="http://localhost(/table/s/[^"]+)"', page)[1]
    assert app.test_client().get(link).status_code == 200
    assert first != second


def test_only_the_classes_teacher_sees_the_night(app: Flask) -> None:
    tara, tom = user(app, "tara"), user(app, "tom")
    a, b = open_class(app, tara, "Class A"), open_class(app, tom, "Class B")
    ann, cat = user(app, "ann"), user(app, "cat")
    join(ann, a)
    join(cat, b)
    path = start_night(a)
    tables = table_paths(tara.get(path).get_data(as_text=True))
    assert len(tables) == 2
    night_id = path.rsplit("/", 1)[1]
    for stranger in (cat, ann, tom):  # a student of another class, a student of the class, another teacher
        assert stranger.get(path).status_code == 404
        assert stranger.get(f"/classes/{a.class_id}/nights/new").status_code == 404
        assert send(stranger, f"/classes/{a.class_id}/nights/new", tables=TABLES).status_code == 404
        for table in tables:
            assert stranger.get(table).status_code == 404
    # Class B's teacher sees only their own class's nights: A's night under B's id is not found either.
    assert tom.get(f"/classes/{b.class_id}/nights/{night_id}").status_code == 404
    assert tara.get(f"/classes/{b.class_id}/nights/{night_id}").status_code == 404
    assert f"/nights/{night_id}" not in tom.get(f"/classes/{b.class_id}").get_data(as_text=True)
    assert count(app, "game_nights") == 1 and count(app, "table_games") == 2


def test_bad_tables_get_a_form_message_and_nothing_changes(app: Flask) -> None:
    room = open_class(app, user(app, "tara"), "Class A")
    for tables, said in (
        ("", "at least one table"),
        ("Ann, Bo, Cy", "Table 1: give four players"),
        ("Ann, Bo, Cy, Di\nEd, Flo", "Table 2: give four players"),
        ("\n".join(["Ann, Bo, Cy, Di"] * 9), "at most 8 tables"),
        ("Ann, , Cy, Di", "Table 1:"),
    ):
        response = send(room.teacher, f"/classes/{room.class_id}/nights/new", tables=tables)
        assert response.status_code == 400, tables
        assert said in response.get_data(as_text=True), (tables, response.get_data(as_text=True)[-3000:])
    assert room.teacher.post(f"/classes/{room.class_id}/nights/new", data={"tables": TABLES}).status_code == 400
    assert count(app, "game_nights") == 0 and count(app, "table_games") == 0


def test_the_night_reads_in_chinese(app: Flask) -> None:
    room = open_class(app, user(app, "tara"), "Class A")
    form = room.teacher.get(f"/classes/{room.class_id}/nights/new?lang=zh").get_data(as_text=True)
    path = start_night(room)
    for page_path in (path, f"/classes/{room.class_id}/nights/new"):
        page = room.teacher.get(page_path, query_string={"lang": "zh"}).get_data(as_text=True)
        main = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page.split("<main", 1)[1].split("</main>")[0], flags=re.S)
        visible = re.sub(r"<input[^>]*>|<[^>]+>", " ", main.split(">", 1)[1])
        # The class and the players are named by the teacher (Class A, Ann …): leave their names out.
        for name in ("Class A", "Ann", "Bo", "Cy", "Di"):
            visible = visible.replace(name, " ")
        assert re.findall(r"[A-Za-z]{2,}", visible) == [], (page_path, re.findall(r"[A-Za-z]{2,}", visible)[:20])
        assert re.findall(r"\b[0-9]+[mpsz]\b", visible) == []
    assert "牌桌 1" in room.teacher.get(path, query_string={"lang": "zh"}).get_data(as_text=True)
    assert "<textarea" in form


def test_an_archived_class_starts_no_night(app: Flask) -> None:
    room = open_class(app, user(app, "tara"), "Class A")
    assert send(room.teacher, f"/classes/{room.class_id}/archive").status_code == 302
    assert room.teacher.get(f"/classes/{room.class_id}/nights/new").status_code == 400
    assert send(room.teacher, f"/classes/{room.class_id}/nights/new", tables=TABLES).status_code == 400
    assert count(app, "game_nights") == 0 and count(app, "table_games") == 0
    assert "/nights/new" not in room.teacher.get(f"/classes/{room.class_id}").get_data(as_text=True)


def test_a_finished_table_shows_its_final_standings(app: Flask) -> None:
    room = open_class(app, user(app, "tara"), "Class A")
    path = start_night(room, "Ann, Bo, Cy, Di", length="east")
    [table] = table_paths(room.teacher.get(path).get_data(as_text=True))
    # Bo's yakuman ron off Ann: Ann goes below zero and tobi ends the game.
    assert send(room.teacher, f"{table}/hands", kind="ron", winner="1", discarder="0", han="y1").status_code == 302
    page = room.teacher.get(path).get_data(as_text=True)
    assert "Table 1: final standings" in page and "Game over" in page
    assert re.findall(r"data-score>([^<]+)<", page) == ["57,000", "25,000", "25,000", "-7,000"]
