"""You in your games (issue 26): choose your seat once per game, remembered by name; practice then asks
your wins and what you paid for the others' (a deal-in, another's tsumo) as its own question; "all
players' wins" stays an option."""

from __future__ import annotations

import json

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_classroom import send
from tests.web.test_mygames import GAME_XML, game_ids, question_id, upload
from tests.web.test_practice import form_answers, served
from tutor.db import connect
from tutor.practice.mygames import asked_hands


def settings(app: Flask, qid: str) -> dict[str, object]:
    db = connect(app.config["DATABASE"])
    try:
        row = next(db.query("SELECT settings FROM practice_sessions WHERE id = ?", [served(app, qid).session_id]))
        return dict(json.loads(row["settings"]))
    finally:
        db.conn.close()


def records(app: Flask, game_id: int) -> list[dict[str, object]]:
    db = connect(app.config["DATABASE"])
    try:
        rows = db.query("SELECT record FROM game_wins WHERE game_id = ? ORDER BY position", [game_id])
        return [json.loads(row["record"]) for row in rows]
    finally:
        db.conn.close()


def test_your_hands_are_your_wins_and_the_wins_you_paid_for(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML)
    (game_id,) = game_ids(app)
    stored = records(app, game_id)
    # Chen (seat 2) won hand 5 (a double ron on Ben: Aoi's win there is not Chen's to pay), dealt into
    # hand 6 (Aoi robbed Chen's kan) and paid for five tsumo, sitting West, South, East, North as dealers moved.
    mine = asked_hands(stored, 2)
    assert [(a.record["source"]["hand_number"], a.payer) for a in mine] == [
        (1, "W"),
        (2, "W"),
        (4, "S"),
        (5, None),
        (6, "E"),
        (7, "N"),
        (8, "N"),
    ]
    assert len(asked_hands(stored, None)) == len(stored)


def test_choose_a_seat_then_practise_what_you_paid(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML)
    (game_id,) = game_ids(app)
    page = client.get(f"/practice/games/{game_id}").get_data(as_text=True)
    assert "Which player were you?" in page and 'value="mine" disabled' in page
    chosen = send(client, f"/practice/games/{game_id}/seat", seat="2")
    assert chosen.status_code == 302
    page = client.get(f"/practice/games/{game_id}").get_data(as_text=True)
    assert "You were Chen in this game." in page and 'value="2" checked' in page
    started = send(client, f"/practice/games/{game_id}/practise", whose="mine")
    qid = question_id(started.headers["Location"])
    assert settings(app, qid)["whose"] == "mine" and settings(app, qid)["size"] == 7
    # The first hand is Aoi's tsumo: Chen, West, paid 6,000 of the 18,000 (a dealer's haneman, 6,000 all).
    (part,) = served(app, qid).exercise.parts
    assert part.kind == "paid" and part.data["payer"] == "W"
    question = client.get(f"/practice/q/{qid}").get_data(as_text=True)
    assert "How much did you pay for this win" in question and "You sat West in this hand." in question
    assert send(client, f"/practice/q/{qid}/answer", **form_answers(app, qid)).status_code == 302
    feedback = client.get(f"/practice/q/{qid}").get_data(as_text=True)
    assert "6,000 points" in feedback and "West, the dealer" not in feedback and "West pays 6,000" in feedback


def test_all_players_wins_stay_an_option(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML)
    (game_id,) = game_ids(app)
    send(client, f"/practice/games/{game_id}/seat", seat="2")
    started = send(client, f"/practice/games/{game_id}/practise", whose="all", part="han")
    qid = question_id(started.headers["Location"])
    assert settings(app, qid)["whose"] == "all" and settings(app, qid)["size"] == 8
    assert [p.kind for p in served(app, qid).exercise.parts] == ["han"]


def test_a_name_chosen_before_is_picked_next_time(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML)
    (first,) = game_ids(app)
    send(client, f"/practice/games/{first}/seat", seat="1")
    started = upload(client, GAME_XML)
    second = game_ids(app)[-1]
    assert 'value="1" checked' in client.get(f"/practice/games/{second}").get_data(as_text=True)
    qid = question_id(started.headers["Location"])
    assert settings(app, qid)["whose"] == "mine" and settings(app, qid)["seat"] == 1


def test_a_bad_seat_is_refused_with_a_message(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML)
    (game_id,) = game_ids(app)
    for bad in ("4", "-1", "x", "1.0"):
        response = send(client, f"/practice/games/{game_id}/seat", seat=bad)
        assert response.status_code == 302
        assert "four players." in client.get(f"/practice/games/{game_id}").get_data(as_text=True)
    refused = send(client, f"/practice/games/{game_id}/practise", whose="mine")
    assert refused.status_code == 400 and "Choose which player you were" in refused.get_data(as_text=True)
    assert send(client, f"/practice/games/{game_id}/practise", whose="theirs").status_code == 400


def test_the_api_sets_the_seat(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML)
    (game_id,) = game_ids(app)
    token = {"X-CSRF-Token": csrf(client)}
    done = client.post(f"/api/games/{game_id}/seat", json={"seat": 3}, headers=token)
    assert done.status_code == 200 and done.get_json()["seat"] == 3
    for bad in ({"seat": 7}, {"seat": True}, {"seat": "3"}, {}, []):
        assert client.post(f"/api/games/{game_id}/seat", json=bad, headers=token).status_code == 400
    session = client.post(f"/api/games/{game_id}/sessions", json={"whose": "mine"}, headers=token)
    assert session.status_code == 201
