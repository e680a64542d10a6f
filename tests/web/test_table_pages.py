"""The table page (/table): a game kept hand by hand through the test client.

Create a game, add each kind of hand, edit an earlier hand and remove one (everything after is replayed),
refuse bad input with a form message and no change, keep the game its owner's, and show it read-only by its
share link."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tutor.db import connect
from tutor.gamelog import read_log
from tutor.table import DoubleRon, Draw, Entered, HandRecord, Quick, Win, store
from tutor.web.views.table import form_of, hand_from_form

NAMES = {"name0": "Ann", "name1": "Bo", "name2": "Cy", "name3": "Di"}
NEW_GAME = {
    **NAMES,
    "sent": "1",
    "length": "hanchan",
    "start": "25000",
    "kaeshi": "30000",
    "uma": "20-10",
    "red_fives": "1",
    "kuitan": "1",
    "tobi": "1",
    "agari_yame": "1",
}


def send(client: FlaskClient, path: str, data: dict[str, Any]) -> Any:
    return client.post(path, data={**data, "csrf_token": csrf(client)})


def new_game(client: FlaskClient) -> str:
    response = send(client, "/table/", NEW_GAME)
    assert response.status_code == 302, response.get_data(as_text=True)
    return str(response.headers["Location"])


def scores(app: Flask, path: str) -> tuple[int, ...]:
    game_id = int(path.rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        db = connect(app.config["DATABASE"])
        row = db.execute("SELECT user_id FROM table_games WHERE id = ?", [game_id]).fetchone()
        return store.load(db, row[0], game_id).state().scores


def hand_count(app: Flask) -> int:
    db = connect(app.config["DATABASE"])
    return int(db.execute("SELECT COUNT(*) FROM table_hands").fetchone()[0])


def shown_scores(page: str) -> list[str]:
    return re.findall(r"data-score>([^<]+)<", page)


def test_a_guest_starts_a_game_and_sees_four_scores(client: FlaskClient) -> None:
    assert client.get("/table/").status_code == 200
    path = new_game(client)
    page = client.get(path).get_data(as_text=True)
    assert shown_scores(page) == ["25,000"] * 4
    assert "East 1" in page and "dealer" in page
    assert all(name in page for name in NAMES.values())


def test_every_kind_of_hand_is_added(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    hands: list[dict[str, Any]] = [
        # Bo 3 han 30 fu ron from Cy: 3,900.
        {"kind": "ron", "winner": "1", "discarder": "2", "entry": "quick", "han": "3", "fu": "30"},
        # Bo, dealing now, 2 han 30 fu tsumo: 1,000 all.
        {"kind": "tsumo", "winner": "1", "entry": "quick", "han": "2", "fu": "30"},
        # Ann riichi; Ann and Bo tenpai.
        {"kind": "draw", "riichi": "0", "tenpai": ["0", "1"]},
        # Cy's closed hand, entered with its tiles, ron off Di: tanyao, pinfu, a dora.
        {
            "kind": "ron",
            "winner": "2",
            "discarder": "3",
            "entry": "tiles",
            "hand": "234m567p234678s55s",
            "win": "2m",
            "dora": "1m",
        },
        {"kind": "abortive", "abortive": "kyuushu_kyuuhai"},
        {
            "kind": "double_ron",
            "discarder": "0",
            "winner": "2",
            "han": "1",
            "fu": "30",
            "winner2": "3",
            "han2": "2",
            "fu2": "30",
        },
    ]
    for number, hand in enumerate(hands, start=1):
        response = send(client, f"{path}/hands", hand)
        assert response.status_code == 302, (number, response.get_data(as_text=True)[-2000:])
    state_scores = scores(app, path)
    assert sum(state_scores) == 100_000
    page = client.get(path).get_data(as_text=True)
    assert shown_scores(page) == [f"{s:,}" for s in state_scores]
    assert "Bo (South) wins 3 han 30 fu by ron from Cy (West)" in page
    assert 'class="table-breakdown"' in page  # the entered hand's breakdown, one tap away
    assert "Abortive draw" in page


def test_editing_an_earlier_hand_replays_the_rest(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    send(client, f"{path}/hands", {"kind": "ron", "winner": "1", "discarder": "2", "han": "3", "fu": "30"})
    send(client, f"{path}/hands", {"kind": "tsumo", "winner": "1", "han": "2", "fu": "30"})
    # Bo 3 han 30 fu ron off Cy (3,900), then Bo deals and tsumos 2 han 30 fu: 1,000 all.
    assert scores(app, path) == (24000, 31900, 20100, 24000)
    form = client.get(f"{path}/hands/1").get_data(as_text=True)
    assert "Change hand 1" in form and 'value="3" selected' in form
    response = send(client, f"{path}/hands/1", {"kind": "ron", "winner": "1", "discarder": "2", "han": "1", "fu": "30"})
    assert response.status_code == 302
    assert scores(app, path) == (24000, 29000, 23000, 24000)
    response = send(client, f"{path}/hands/1/remove", {})
    assert response.status_code == 302
    # Bo's tsumo is now the first hand, Ann dealing: a non-dealer's 500/1,000.
    assert scores(app, path) == (24000, 27000, 24500, 24500)


def test_bad_input_gets_a_form_message_and_changes_nothing(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    send(client, f"{path}/hands", {"kind": "ron", "winner": "1", "discarder": "2", "han": "3", "fu": "30"})
    before = scores(app, path)
    bad: list[tuple[dict[str, Any], str]] = [
        ({"kind": "ron", "winner": "1", "discarder": "2", "han": "1", "fu": "20"}, "no hand is worth 1 han 20 fu"),
        ({"kind": "ron", "winner": "1", "discarder": "1", "han": "3", "fu": "30"}, "own discard"),
        ({"kind": "ron", "winner": "9", "discarder": "1", "han": "3", "fu": "30"}, "choose the winner"),
        ({"kind": "ron", "winner": "1", "discarder": "2", "han": "x", "fu": "30"}, "the han must be a whole number"),
        ({"kind": "nothing"}, "choose how the hand ended"),
        ({"kind": "tsumo", "winner": "0", "entry": "tiles", "hand": "123m", "win": "1m"}, "a winning hand has 14"),
        (
            {
                "kind": "tsumo",
                "winner": "0",
                "entry": "tiles",
                "hand": "123m456p789s11z",
                "win": "1m",
                "meld1_tiles": "777p",
            },
            "the hand cannot be read",
        ),
        ({"kind": "abortive", "abortive": "boredom"}, "choose the kind of abortive draw"),
        ({"kind": "draw", "riichi": ["0", "0", "5"]}, "choose the players"),
    ]
    for data, said in bad:
        response = send(client, f"{path}/hands", data)
        page = response.get_data(as_text=True)
        assert response.status_code == 400, data
        assert said in page, (said, re.findall(r'role="alert"[^>]*>([^<]*)', page))
        assert 'class="form-problem"' in page
    assert send(client, f"{path}/hands/5", {"kind": "draw"}).status_code == 404
    assert send(client, f"{path}/hands/1", {"kind": "ron", "winner": "1", "discarder": "1"}).status_code == 400
    assert scores(app, path) == before
    assert hand_count(app) == 1
    response = send(client, "/table/", {**NEW_GAME, "name3": "Ann"})
    assert response.status_code == 400 and "two players are called" in response.get_data(as_text=True)
    response = send(client, "/table/", {**NEW_GAME, "start": "lots"})
    assert response.status_code == 400 and "the starting points must be a whole number" in response.get_data(
        as_text=True
    )


def test_another_visitor_cannot_see_or_change_the_game(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    send(client, f"{path}/hands", {"kind": "ron", "winner": "1", "discarder": "2", "han": "3", "fu": "30"})
    stranger = app.test_client()
    assert stranger.get(path).status_code == 404
    assert stranger.get(f"{path}/hands/1").status_code == 404
    for action in ("/hands", "/hands/1", "/hands/1/remove", "/delete"):
        assert send(stranger, path + action, {"kind": "draw"}).status_code == 404
    assert stranger.post(f"{path}/hands", data={"kind": "draw"}).status_code == 400  # no CSRF token
    assert client.post(f"{path}/hands", data={"kind": "draw"}).status_code == 400  # the owner needs it too
    assert hand_count(app) == 1


def test_the_share_link_shows_the_game_read_only(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    send(client, f"{path}/hands", {"kind": "ron", "winner": "1", "discarder": "2", "han": "3", "fu": "30"})
    page = client.get(path).get_data(as_text=True)
    link = re.search(r'class="share-link" readonly value="http://localhost(/table/s/[^"]+)"', page)
    assert link is not None
    stranger = app.test_client()
    shared = stranger.get(link.group(1))
    assert shared.status_code == 200
    text = shared.get_data(as_text=True)
    main = text.split("<main", 1)[1].split("</main>")[0]
    # This game holds only a hand given as han and fu: nothing to practise, so no form at all.
    assert "read only" in text and re.findall(r'<form method="post" action="([^"]+)"', main) == []
    assert shown_scores(text) == shown_scores(page)
    assert stranger.get("/table/s/not-the-token").status_code == 404


def test_a_game_plays_to_its_standings(app: Flask, client: FlaskClient) -> None:
    response = send(client, "/table/", {**NEW_GAME, "length": "east"})
    path = response.headers["Location"]
    # Bo's yakuman ron off Ann leaves Ann below zero: tobi ends the game.
    send(client, f"{path}/hands", {"kind": "ron", "winner": "1", "discarder": "0", "han": "y1"})
    page = client.get(path).get_data(as_text=True)
    assert "Game over" in page and "Final standings" in page and "Bo" in page
    assert "went below zero" in page
    response = send(client, f"{path}/hands", {"kind": "draw"})
    assert response.status_code == 400 and "already over" in response.get_data(as_text=True)


def test_the_games_are_listed_and_deleted(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    assert "Ann · Bo · Cy · Di" in client.get("/table/").get_data(as_text=True)
    assert send(client, f"{path}/delete", {}).status_code == 302
    assert client.get(path).status_code == 404
    assert "Ann · Bo · Cy · Di" not in client.get("/table/").get_data(as_text=True)


def visible_main(page: str) -> str:
    """The words a reader sees in a table page's <main>: no markup, scripts, drawings, field values or
    tooltips, and not the hint on typing melds (data-notation), which speaks of the fields' own notation, 435s."""
    main = re.sub(
        r"<(script|style|svg)\b.*?</\1>",
        " ",
        page.split("<main", 1)[1].split(">", 1)[1].split("</main>")[0],
        flags=re.S,
    )
    main = re.sub(r"<p [^>]*data-notation>.*?</p>", " ", main, flags=re.S)
    visible = re.sub(r"<input[^>]*>|<option[^>]*>|<[^>]+>", " ", main)
    return re.sub(r'title="[^"]*"', " ", visible)


def test_the_game_reads_in_chinese(client: FlaskClient) -> None:
    names = {"name0": "小明", "name1": "小红", "name2": "阿强", "name3": "老李"}
    response = send(client, "/table/?lang=zh", {**NEW_GAME, **names})
    path = response.headers["Location"]
    for hand in (
        {"kind": "ron", "winner": "1", "discarder": "2", "han": "3", "fu": "30", "riichi": "1"},
        {"kind": "tsumo", "winner": "2", "entry": "tiles", "hand": "234m567p234678s55s", "win": "2m", "dora": "1m"},
        {"kind": "draw", "tenpai": ["0", "3"]},
    ):
        assert send(client, f"{path}/hands", hand).status_code == 302
    for page_path in (path, f"{path}/hands/2", "/table/"):
        page = client.get(page_path, query_string={"lang": "zh"}).get_data(as_text=True)
        visible = visible_main(page)
        words = re.findall(r"[A-Za-z]{2,}", visible)
        assert words == [], (page_path, words[:20])
        assert re.findall(r"\b[0-9]+[mpsz]\b", visible) == [], page_path
        assert "东4局" in page  # after a ron, a tsumo by a non-dealer and a draw with the dealer noten


def test_the_game_downloads_as_a_tenhou6_log_our_reader_reads(app: Flask, client: FlaskClient) -> None:
    path = new_game(client)
    send(client, f"{path}/hands", {"kind": "ron", "winner": "1", "discarder": "2", "han": "3", "fu": "30"})
    tiles = {
        "kind": "ron",
        "winner": "2",
        "discarder": "3",
        "entry": "tiles",
        "hand": "234m567p234678s55s",
        "win": "2m",
    }
    assert send(client, f"{path}/hands", {**tiles, "dora": "1m"}).status_code == 302
    page = client.get(path).get_data(as_text=True)
    assert "Hands left out: 1." in page
    response = client.get(f"{path}/tenhou6.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    log = read_log(response.get_data(), "table.json")
    assert [(w.recorded.han, w.recorded.fu, w.recorded.points) for w in log.wins] == [(3, 30, 3900)]
    stranger = app.test_client()
    assert stranger.get(f"{path}/tenhou6.json").status_code == 404
    token = re.search(r"/table/s/([^\"/]+)", page)
    assert token is not None
    assert stranger.get(f"/table/s/{token.group(1)}/tenhou6.json").get_data() == response.get_data()


def test_every_kind_of_hand_fills_the_form_it_was_entered_with() -> None:
    records = [
        HandRecord(Win(1, Quick(3, 30), discarder=2), riichi=(1, 3)),
        HandRecord(Win(0, Quick(yakuman=2), discarder=1, pao=2)),
        HandRecord(Win(2, Quick(5, 30))),
        HandRecord(
            Win(
                3,
                Entered(
                    {
                        "hand": "234m567p678s55s",
                        "win": "2m",
                        "melds": [{"kind": "chi", "tiles": "423s"}],
                        "dora_indicators": ["1m"],
                        "ippatsu": True,
                    }
                ),
                discarder=0,
            )
        ),
        HandRecord(DoubleRon(Win(0, Quick(2, 30), discarder=2), Win(3, Quick(1, 30), discarder=2))),
        HandRecord(Draw(tenpai=(0, 2), nagashi=(2,)), riichi=(0,)),
        HandRecord(Draw(abortive="suufon_renda")),
    ]
    for record in records:
        assert hand_from_form(form_of(record)) == record
