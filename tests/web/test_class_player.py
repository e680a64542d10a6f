"""A teacher's assignment from a log limited to one player's hands (issue 26): that player's wins, and what
they paid for the others' wins as "paid" questions; the copy still keeps no names."""

from __future__ import annotations

import io
import json

from flask import Flask

from tests.conftest import csrf
from tests.web.test_classroom import join, open_class, send, user
from tests.web.test_mygames import GAME_XML, _rows, answer_and_next, names_player, question_id
from tests.web.test_practice import served


def test_an_assignment_of_one_players_hands(app: Flask) -> None:
    teacher = user(app, "sensei")
    room = open_class(app, teacher, log=(io.BytesIO(GAME_XML), "club.mjlog"), log_player="Chen", part="han")
    settings = json.loads(
        _rows(app, "SELECT settings FROM assignments WHERE id = ?", room.assignment_id)[0]["settings"]
    )
    assert not names_player(json.dumps(settings))
    # Chen won once and paid for six wins (see tests/web/test_my_seat.py).
    assert [hand.get("payer") for hand in settings["hands"]] == ["W", "W", "S", None, "E", "N", "N"]
    ann = user(app, "ann")
    join(ann, room)
    qid = question_id(send(ann, f"/classes/{room.class_id}/assignments/{room.assignment_id}/start").location)
    kinds = []
    for position in range(1, 8):
        kinds.append([part.kind for part in served(app, qid).exercise.parts])
        page, following = answer_and_next(ann, app, qid)
        assert not names_player(page)
        if position < 7:
            qid = question_id(following.location)
    assert kinds == [["paid"], ["paid"], ["paid"], ["han"], ["paid"], ["paid"], ["paid"]]
    assert "/result" in following.location


def test_a_player_not_in_the_log_is_named(app: Flask) -> None:
    teacher = user(app, "sensei")
    class_id = int(send(teacher, "/classes/", name="Club").location.rsplit("/", 1)[1])
    response = teacher.post(
        f"/classes/{class_id}/assignments/new",
        data={
            "csrf_token": csrf(teacher),
            "title": "My game",
            "log": (io.BytesIO(GAME_XML), "club.mjlog"),
            "log_player": "Zed",
        },
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert "This log has no player named Zed; its players are Aoi, Ben, Chen, Dai." in response.get_data(as_text=True)
