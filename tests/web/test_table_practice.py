"""A game at the table becomes "practise my games" material (issue 28): its hands entered with tiles are asked
through the same path as an imported log's, by the owner or anyone with the share link, in both languages.
A win given as han and fu has no tiles: it is left out, and the pages say so."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_table_pages import NEW_GAME, new_game, send, visible_main
from tutor.db import connect

QUICK_RON = {"kind": "ron", "winner": "1", "discarder": "2", "entry": "quick", "han": "3", "fu": "30"}
TILES_TSUMO = {
    "kind": "tsumo",
    "winner": "2",
    "entry": "tiles",
    "hand": "234m567p234678s55s",
    "win": "2m",
    "dora": "1m",
}
TILES_RON = {
    "kind": "ron",
    "winner": "0",
    "discarder": "3",
    "entry": "tiles",
    "hand": "123m456p789s11122z",
    "win": "2z",
}


def played(client: FlaskClient, lang: str = "en", names: dict[str, str] | None = None) -> str:
    response = send(client, f"/table/?lang={lang}", {**NEW_GAME, **(names or {})})
    path = str(response.headers["Location"])
    for hand in (QUICK_RON, TILES_TSUMO, TILES_RON):
        response = send(client, f"{path}/hands", hand)
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return path


def share_path(client: FlaskClient, path: str) -> str:
    found = re.search(
        r'class="share-link" readonly value="http://localhost(/table/s/[^"]+)"', client.get(path).get_data(as_text=True)
    )
    assert found is not None
    return found.group(1)


def game_logs(app: Flask) -> list[Any]:
    db = connect(app.config["DATABASE"])
    return db.execute("SELECT user_id, format, wins, askable, players FROM game_logs ORDER BY id").fetchall()


def test_the_owner_practises_the_hands_entered_with_tiles(app: Flask, client: FlaskClient) -> None:
    path = played(client)
    page = client.get(path).get_data(as_text=True)
    assert "Practise these 2 hands" in page and "Hands left out: 1." in page
    response = send(client, f"{path}/practise", {})
    assert response.status_code == 302
    game_page = response.headers["Location"]
    assert re.fullmatch(r"/practice/games/[0-9]+", game_page)
    page = client.get(game_page).get_data(as_text=True)
    assert "Hands left out (given as han and fu, with no tiles to ask): 1." in page
    assert "The log and our engine agree." in page and "Cy" in page
    [(_, format, wins, askable, _)] = game_logs(app)
    assert (format, wins, askable) == ("table", 2, 2)
    # The same practice loop as an imported log: choose the seat (Cy, player 2), then practise.
    game_id = game_page.rsplit("/", 1)[1]
    assert send(client, f"{game_page}/seat", {"seat": "2"}).status_code == 302
    response = send(client, f"{game_page}/practise", {"parts": ["points"], "whose": "mine"})
    assert response.status_code == 302 and "/practice/q/" in response.headers["Location"], game_id
    question = client.get(response.headers["Location"])
    assert question.status_code == 200


def test_anyone_with_the_share_link_practises_into_their_own_games(app: Flask, client: FlaskClient) -> None:
    path = played(client)
    link = share_path(client, path)
    player = app.test_client()
    assert "Practise these 2 hands" in player.get(link).get_data(as_text=True)
    response = send(player, f"{link}/practise", {})
    assert response.status_code == 302
    mine = response.headers["Location"]
    assert player.get(mine).status_code == 200
    assert client.get(mine).status_code == 404  # the practice copy is the player's, not the game's owner's
    assert send(player, f"{path}/practise", {}).status_code == 404  # the owner's address stays the owner's
    owners = {row[0] for row in game_logs(app)}
    assert len(owners) == 1


def test_a_game_of_quick_hands_only_has_nothing_to_practise(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    send(client, f"{path}/hands", QUICK_RON)
    page = client.get(path).get_data(as_text=True)
    assert f"{path}/practise" not in page and "Hands left out: 1." in page
    response = send(client, f"{path}/practise", {})
    assert response.status_code == 400
    assert "None of this game's wins was entered with its tiles" in unescape(response.get_data(as_text=True))
    assert game_logs(app) == []
    assert client.post(f"{path}/practise").status_code == 400  # no CSRF token: nothing happens either
    assert game_logs(app) == []


def test_practising_a_table_game_reads_in_chinese(app: Flask, client: FlaskClient) -> None:
    names = {"name0": "小明", "name1": "小红", "name2": "阿强", "name3": "老李"}
    path = played(client, "zh", names)
    pages = []
    response = send(client, f"{path}/practise?lang=zh", {})
    assert response.status_code == 302
    pages += [response.headers["Location"], path]
    for page_path in pages:
        page = client.get(page_path, query_string={"lang": "zh"}).get_data(as_text=True)
        if page_path != path:  # the game to practise, with the flash naming the hand left out
            assert "未收入的手牌（只给出番数和符数，没有牌可问）：1。" in page
        visible = visible_main(page)
        assert re.findall(r"[A-Za-z]{2,}", visible) == [], (page_path, re.findall(r"[A-Za-z]{2,}", visible)[:20])
        assert re.findall(r"\b[0-9]+[mpsz]\b", visible) == [], page_path
    assert "练习这 2 手牌" in client.get(path, query_string={"lang": "zh"}).get_data(as_text=True)
