"""Practise my games (issue 14, in the app): upload or paste a log, work through its hands, see the log's
result beside ours; the games are the learner's own; bad logs are refused with a message and store nothing;
a teacher sets an assignment from a log; the JSON API mirrors the pages."""

from __future__ import annotations

import gzip
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.gamelog.generator import write_game
from tests.gamelog.scripts import EAST_2_DRAW
from tests.web.test_classroom import join, open_class, send, user
from tests.web.test_openapi import check
from tests.web.test_practice import count, form_answers, served
from tutor.gamelog import read_log
from tutor.quiz.makers import HAND_PARTS

FIXTURES = Path(__file__).parents[1] / "gamelog" / "fixtures"
GAME_XML = (FIXTURES / "game.mjlog").read_bytes()
GAME_JSON = (FIXTURES / "game.json").read_text(encoding="utf-8")
WINS = read_log(GAME_XML, "game.mjlog").wins
JSON_WINS = read_log(GAME_JSON, "game.json").wins
PLAYERS = ("Aoi", "Ben", "Chen", "Dai")
# A name as a word: random tokens on a page (CSRF, ids) hold "Ben" or "Dai" now and then, and "Daisangen" is a yaku.
_A_PLAYER = re.compile(rf"(?<![\w-])(?:{'|'.join(PLAYERS)})(?![\w-])")


def names_player(text: str) -> bool:
    """Whether a page or a stored copy names one of the log's players."""
    return _A_PLAYER.search(text) is not None


def upload(client: FlaskClient, data: bytes | None = None, name: str = "game.mjlog", **form: Any):  # type: ignore[no-untyped-def]
    """POST the page's form with the file, encoded here: the test client spools large bodies to a
    temporary file it leaves open."""
    fields = [("csrf_token", csrf(client))]
    for key, value in form.items():
        fields += [(key, v) for v in (value if isinstance(value, list) else [value])]
    body = b"".join(
        b'--B\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (k.encode(), v.encode()) for k, v in fields
    )
    if data is not None:
        body += b'--B\r\nContent-Disposition: form-data; name="log"; filename="%s"\r\n' % name.encode()
        body += b"Content-Type: application/octet-stream\r\n\r\n" + data + b"\r\n"
    body += b"--B--\r\n"
    return client.post("/practice/games/", data=body, content_type="multipart/form-data; boundary=B")


def question_id(location: str) -> str:
    match = re.fullmatch(r"/practice/q/([2-9a-z]{8})", location)
    assert match, location
    return match.group(1)


def answer_and_next(client: FlaskClient, app: Flask, qid: str, right: bool = True) -> tuple[str, Any]:
    """Answer a question from its form, read its feedback page, and ask for the next one."""
    response = send(client, f"/practice/q/{qid}/answer", **form_answers(app, qid, right))
    assert response.status_code == 302, response.get_data(as_text=True)
    page = client.get(f"/practice/q/{qid}").get_data(as_text=True)
    following = send(client, f"/practice/session/{served(app, qid).session_id}/next")
    return page, following


def game_ids(app: Flask) -> list[int]:
    from tutor.db import connect

    db = connect(app.config["DATABASE"])
    try:
        return [row["id"] for row in db.query("SELECT id FROM game_logs ORDER BY id")]
    finally:
        db.conn.close()


# --- upload, paste, practise through every hand -------------------------------------------------


def test_an_uploaded_log_is_practised_hand_by_hand_with_the_log_beside_ours(app: Flask, client: FlaskClient) -> None:
    response = upload(client, GAME_XML)
    assert response.status_code == 302, response.get_data(as_text=True)
    qid = question_id(response.location)
    seen = []
    while True:
        one = served(app, qid)
        seen.append(one.exercise.main.data["request"])
        assert set(one.exercise.kinds) <= set(HAND_PARTS) and "han" in one.exercise.kinds
        page, following = answer_and_next(client, app, qid)
        win = WINS[len(seen) - 1]
        assert "The log's result beside ours" in page
        assert "The log and our engine agree." in page
        assert win.recorded.text.replace('"', "&#34;") in page  # the log's own text
        assert f"{win.recorded.points:,}" in page
        assert win.source.player not in page  # a seat, not the name
        assert following.status_code == 302
        if "/result" in following.location:
            break
        qid = question_id(following.location)
    # Every win, in the log's order, exactly as the reader made it.
    assert seen == [w.request for w in WINS]
    result = client.get(following.location).get_data(as_text=True)
    assert f"<strong>{len(WINS)}</strong> / {len(WINS)}" in result
    assert "the log's result beside ours" in result


def test_a_pasted_json_log_asks_only_the_parts_chosen(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/practice/games/", data={"csrf_token": csrf(client), "text": GAME_JSON, "part": ["fu", "points"]}
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    qid = question_id(response.location)
    kinds = []
    for _ in WINS:
        one = served(app, qid)
        kinds.append(one.exercise.kinds)
        _, following = answer_and_next(client, app, qid, right=False)
        if "/result" in following.location:
            break
        qid = question_id(following.location)
    assert len(kinds) == len(WINS)
    for win, asked in zip(WINS, kinds, strict=True):
        # The fu of a limit hand are not asked (they change nothing); the points always are.
        limit = win.recorded.yakuman > 0 or win.recorded.han >= 5
        assert asked == (("points",) if limit else ("fu", "points"))


def test_a_gzipped_mjlog_is_read(client: FlaskClient) -> None:
    response = upload(client, gzip.compress(GAME_XML), "2026120112gm-0009-0000-abc.mjlog", part="han")
    assert response.status_code == 302
    page = client.get("/practice/games/").get_data(as_text=True)
    assert "2026120112gm-0009-0000-abc.mjlog" in page and "8 wins" in page


def test_answers_count_in_progress_and_review_and_outlive_the_game(app: Flask, client: FlaskClient) -> None:
    qid = question_id(upload(client, GAME_XML, part="han").location)
    answer_and_next(client, app, qid, right=False)
    topics = {t["topic"]: t for t in client.get("/api/progress").json["topics"]}  # type: ignore[index]
    assert topics["everyday-yaku"]["done"] == 1 and topics["everyday-yaku"]["first_try_right"] == 0
    # A wrong answer comes back in "replay what I got wrong", like any other.
    replay = send(client, "/practice/replay", days="30")
    assert replay.status_code == 302
    assert served(app, question_id(replay.location)).exercise.main.data["request"] == WINS[0].request
    (game_id,) = game_ids(app)
    response = send(client, f"/practice/games/{game_id}/delete")
    assert response.status_code == 302 and game_ids(app) == []
    assert "deleted" in client.get("/practice/games/").get_data(as_text=True)
    assert client.get(f"/practice/q/{qid}").status_code == 200  # the answer stays
    topics = {t["topic"]: t for t in client.get("/api/progress").json["topics"]}  # type: ignore[index]
    assert topics["everyday-yaku"]["done"] == 1


def test_a_difference_with_the_log_is_flagged_and_explained(app: Flask, client: FlaskClient) -> None:
    # The second hand recorded as 2000-3900 (7,900 in all) where Tenhou's rules pay 1300-2600 (5,200).
    altered = GAME_JSON.replace("40符3飜1300-2600点", "40符3飜2000-3900点")
    response = client.post("/practice/games/", data={"csrf_token": csrf(client), "text": altered, "part": "han"})
    first = question_id(response.location)
    page, following = answer_and_next(client, app, first)
    assert "The log and our engine agree." in page
    page, _ = answer_and_next(client, app, question_id(following.location))
    assert "The log and our engine differ:" in page
    assert "points: ours 5200, the log&#39;s 7900" in page
    assert "Our answers follow Tenhou&#39;s rules" in page
    # The game page shows every win so, the differing one flagged.
    (game_id,) = game_ids(app)
    whole = client.get(f"/practice/games/{game_id}").get_data(as_text=True)
    assert whole.count("The log and our engine agree.") == len(WINS) - 1
    assert whole.count("The log and our engine differ:") == 1
    assert all(name in whole for name in PLAYERS)  # the owner sees the names of their own game


def test_practise_again_with_other_parts(app: Flask, client: FlaskClient) -> None:
    upload(client, GAME_XML, part="han")
    (game_id,) = game_ids(app)
    page = client.get("/practice/games/").get_data(as_text=True)
    assert "Practise again" in page and f"/practice/games/{game_id}/delete" in page
    response = send(client, f"/practice/games/{game_id}/practise", part="yaku")
    assert served(app, question_id(response.location)).exercise.kinds == ("yaku",)


# --- privacy ------------------------------------------------------------------------------------


def test_a_game_is_never_visible_to_anyone_else(app: Flask) -> None:
    ann, ben = user(app, "ann"), user(app, "ben")
    qid = question_id(upload(ann, GAME_XML).location)
    (game_id,) = game_ids(app)
    visitor = app.test_client()
    for someone in (ben, visitor):
        assert someone.get(f"/practice/games/{game_id}").status_code == 404
        assert send(someone, f"/practice/games/{game_id}/practise").status_code == 404
        assert send(someone, f"/practice/games/{game_id}/delete").status_code == 404
        assert someone.get(f"/api/games/{game_id}").status_code == 404
        headers = {"X-CSRF-Token": csrf(someone)}
        assert someone.delete(f"/api/games/{game_id}", headers=headers).status_code == 404
        assert someone.post(f"/api/games/{game_id}/sessions", json={}, headers=headers).status_code == 404
        assert someone.get(f"/practice/q/{qid}").status_code == 404
        assert "Aoi" not in someone.get("/practice/games/").get_data(as_text=True)
        assert someone.get("/api/games").json == {"games": []}
    assert game_ids(app) == [game_id]
    # A session on someone else's game cannot be started through the loop either.
    from tutor.db import connect
    from tutor.practice import sessions

    db = connect(app.config["DATABASE"])
    try:
        ben_id = next(db.query("SELECT id FROM users WHERE username = 'ben'"))["id"]
        with pytest.raises(sessions.Refusal) as refused:
            sessions.start_game(db, ben_id, game_id, {})
        assert refused.value.code == "not_found"
    finally:
        db.conn.close()


# --- bad input ----------------------------------------------------------------------------------

DRAWS_ONLY = write_game([EAST_2_DRAW])[0].encode()
BAD_LOGS = [
    pytest.param(b"hello, world", "this is not a game log", id="not-a-log"),
    pytest.param(GAME_XML[: len(GAME_XML) // 2], "XML is broken or truncated", id="truncated"),
    pytest.param(gzip.compress(GAME_XML)[:300], "cannot be uncompressed", id="truncated-gzip"),
    pytest.param(
        GAME_XML.replace(b'type="9"', b'type="25"'), "three-player game (sanma); supported: four-player", id="sanma"
    ),
    pytest.param(DRAWS_ONLY, "This log has no win to practise", id="no-wins"),
    pytest.param(b"", "the file is empty", id="empty-file"),
]


@pytest.mark.parametrize(("data", "message"), BAD_LOGS)
def test_a_log_that_cannot_be_used_is_refused_by_name_and_nothing_is_stored(
    app: Flask, client: FlaskClient, data: bytes, message: str
) -> None:
    response = upload(client, data, "mine.mjlog")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "This log cannot be used:" in page and message in page.replace("&#39;", "'")
    assert game_ids(app) == [] and count(app, "SELECT COUNT(*) AS n FROM game_wins") == 0
    api = client.post("/api/games", json={"log": data.decode("latin-1")}, headers={"X-CSRF-Token": csrf(client)})
    assert api.status_code == 400 and api.json["error"]["code"] == "bad_log"  # type: ignore[index]
    assert game_ids(app) == []


def test_an_oversized_log_gets_a_message_not_a_bare_413(app: Flask, client: FlaskClient) -> None:
    big = b"<mjloggm>" + b" " * (10 * 1024 * 1024) + b"</mjloggm>"
    response = upload(client, big)
    assert response.status_code == 400
    assert "The log is larger than 1 MB" in response.get_data(as_text=True)
    api = client.post("/api/games", json={"log": big.decode()}, headers={"X-CSRF-Token": csrf(client)})
    assert api.status_code == 400 and "larger than 1 MB" in api.json["error"]["message"]  # type: ignore[index]
    assert game_ids(app) == []
    # Between the app's usual 256 kB and 1 MB, a log is read like any other (an XML comment pads this one).
    padded = GAME_XML.replace(b"<mjloggm", b"<!--" + b" " * 400_000 + b"--><mjloggm", 1)
    assert upload(client, padded).status_code == 302


def test_nothing_chosen_and_bad_parts_are_named(app: Flask, client: FlaskClient) -> None:
    response = upload(client, None)
    assert response.status_code == 400 and "Choose a log file or paste the log" in response.get_data(as_text=True)
    response = upload(client, GAME_XML, part="dora")
    assert response.status_code == 400 and f"a hand can be asked for {', '.join(HAND_PARTS)}, not dora" in (
        response.get_data(as_text=True)
    )
    assert game_ids(app) == []


# --- the JSON API ---------------------------------------------------------------------------------


def test_the_api_imports_practises_and_compares(app: Flask, client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    headers = {"X-CSRF-Token": csrf(client)}
    created = client.post("/api/games", json={"log": GAME_JSON, "file": "game.json", "parts": ["han"]}, headers=headers)
    assert created.status_code == 201, created.json
    check(spec, "/api/games", "post", created)  # type: ignore[arg-type]
    body = created.json
    assert body["game"]["wins"] == len(WINS) and body["game"]["players"] == list(PLAYERS)  # type: ignore[index]
    session_id = body["session_id"]  # type: ignore[index]
    answered = 0
    while True:
        step = client.post("/api/questions/next", json={"session_id": session_id}, headers=headers).json
        if step["finished"]:  # type: ignore[index]
            break
        question = step["question"]  # type: ignore[index]
        assert question["show"]["request"] == WINS[answered].request if "request" in question["show"] else True
        qid = question["id"]
        wrong = {"han": "1"}
        result = client.post(f"/api/questions/{qid}/answer", json={"answers": wrong}, headers=headers)
        check(spec, "/api/questions/{question_id}/answer", "post", result)  # type: ignore[arg-type]
        logged = result.json["logged"]  # type: ignore[index]
        assert logged["recorded"]["text"] == JSON_WINS[answered].recorded.text
        assert logged["agrees"] and logged["seat"] == WINS[answered].request["seat_wind"]
        again = client.get(f"/api/questions/{qid}")
        assert again.json["answer"]["logged"] == logged  # type: ignore[index]
        answered += 1
    assert answered == len(WINS)
    game_id = body["game"]["id"]  # type: ignore[index]
    listed = client.get("/api/games")
    check(spec, "/api/games", "get", listed)  # type: ignore[arg-type]
    assert [g["id"] for g in listed.json["games"]] == [game_id]  # type: ignore[index]
    whole = client.get(f"/api/games/{game_id}")
    check(spec, "/api/games/{game_id}", "get", whole)  # type: ignore[arg-type]
    assert [h["recorded"]["points"] for h in whole.json["hands_won"]] == [w.recorded.points for w in WINS]  # type: ignore[index]
    again = client.post(f"/api/games/{game_id}/sessions", json={"parts": ["yaku"]}, headers=headers)
    check(spec, "/api/games/{game_id}/sessions", "post", again)  # type: ignore[arg-type]
    bad = client.post(f"/api/games/{game_id}/sessions", json={"parts": ["dora"]}, headers=headers)
    check(spec, "/api/games/{game_id}/sessions", "post", bad)  # type: ignore[arg-type]
    assert bad.status_code == 400
    assert client.get("/api/games/abc").status_code == 404
    gone = client.delete(f"/api/games/{game_id}", headers=headers)
    check(spec, "/api/games/{game_id}", "delete", gone)  # type: ignore[arg-type]
    assert client.get(f"/api/games/{game_id}").status_code == 404


def test_the_api_takes_a_multipart_file(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/api/games",
        data={"log": (io.BytesIO(gzip.compress(GAME_XML)), "game.mjlog"), "part": "points"},
        headers={"X-CSRF-Token": csrf(client)},
        content_type="multipart/form-data",
    )
    assert response.status_code == 201, response.json
    step = client.post(
        "/api/questions/next", json={"session_id": response.json["session_id"]}, headers={"X-CSRF-Token": csrf(client)}
    ).json  # type: ignore[index]
    assert [p["kind"] for p in step["question"]["parts"]] == ["points"]  # type: ignore[index]


# --- a class assignment from a log -----------------------------------------------------------------


def test_a_teacher_sets_an_assignment_from_a_log_and_students_see_seats_not_names(app: Flask) -> None:
    teacher = user(app, "sensei")
    room = open_class(app, teacher, log=(io.BytesIO(GAME_XML), "club-night.mjlog"), part=["han", "points"])
    page = teacher.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert "8 wins from a game log" in page
    ann = user(app, "ann")
    join(ann, room)
    page = ann.get(f"/classes/{room.class_id}/assignments/{room.assignment_id}").get_data(as_text=True)
    assert "8 wins from a game log" in page
    response = send(ann, f"/classes/{room.class_id}/assignments/{room.assignment_id}/start")
    qid = question_id(response.location)
    for position, win in enumerate(WINS, start=1):
        one = served(app, qid)
        assert one.position == position and one.exercise.main.data["request"] == win.request
        page, following = answer_and_next(ann, app, qid)
        assert "The log's result beside ours" in page and "winner: " in page
        assert not names_player(page)
        if position < len(WINS):
            qid = question_id(following.location)
    assert "/result" in following.location
    # The stored copy keeps no names at all.
    settings = json.loads(
        next(iter(_rows(app, "SELECT settings FROM assignments WHERE id = ?", room.assignment_id)))["settings"]
    )
    assert not names_player(json.dumps(settings))
    assert settings["size"] == len(WINS) and len(settings["hands"]) == len(WINS)
    # The teacher follows it like any assignment: the dashboard, the projector, a changed title.
    base = f"/classes/{room.class_id}/assignments/{room.assignment_id}"
    assert teacher.get(base).status_code == 200
    shown = teacher.get(f"{base}/present/{len(WINS)}")
    assert shown.status_code == 200 and not names_player(shown.get_data(as_text=True))
    assert send(teacher, f"{base}/edit", title="Club night, hand by hand", attempts_allowed="2").status_code == 302
    after = json.loads(_rows(app, "SELECT settings FROM assignments WHERE id = ?", room.assignment_id)[0]["settings"])
    assert after == settings


def test_an_assignment_log_that_cannot_be_used_is_named(app: Flask) -> None:
    teacher = user(app, "sensei")
    response = send(teacher, "/classes/", name="Club")
    class_id = int(response.location.rsplit("/", 1)[1])
    response = teacher.post(
        f"/classes/{class_id}/assignments/new",
        data={"csrf_token": csrf(teacher), "title": "My game", "log": (io.BytesIO(DRAWS_ONLY), "draws.mjlog")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert "This log cannot be used: This log has no win to practise" in response.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM assignments") == 0


def _rows(app: Flask, sql: str, *params: object) -> list[dict[str, Any]]:
    from tutor.db import connect

    db = connect(app.config["DATABASE"])
    try:
        return list(db.query(sql, list(params)))
    finally:
        db.conn.close()


# --- a guest's games ------------------------------------------------------------------------------


def test_a_guest_keeps_their_games_on_logging_in_and_stale_guests_go_with_them(app: Flask) -> None:
    from datetime import UTC, datetime, timedelta

    from tests.web.test_security import log_in, register
    from tutor.accounts import purge_guests
    from tutor.db import connect

    register(app.test_client(), "ann")
    guest = app.test_client()
    upload(guest, GAME_XML)
    log_in(guest, "ann")
    assert "game.mjlog" in guest.get("/practice/games/").get_data(as_text=True)  # moved into ann's account
    stale = app.test_client()
    upload(stale, GAME_JSON.encode(), "other.json")
    assert len(game_ids(app)) == 2
    db = connect(app.config["DATABASE"])
    try:
        assert purge_guests(db, timedelta(days=1), at=datetime.now(UTC) + timedelta(days=3)) == 1
    finally:
        db.conn.close()
    assert len(game_ids(app)) == 1 and count(app, "SELECT COUNT(*) AS n FROM game_wins") == len(WINS)


def test_an_assignment_log_over_the_limit_gets_a_message(app: Flask) -> None:
    teacher = user(app, "sensei")
    class_id = int(send(teacher, "/classes/", name="Club").location.rsplit("/", 1)[1])
    body = (
        b'--B\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n%s\r\n' % csrf(teacher).encode()
        + b'--B\r\nContent-Disposition: form-data; name="log"; filename="big.mjlog"\r\n\r\n'
        + b" " * (2 * 1024 * 1024)
        + b"\r\n--B--\r\n"
    )
    response = teacher.post(
        f"/classes/{class_id}/assignments/new", data=body, content_type="multipart/form-data; boundary=B"
    )
    assert response.status_code == 413 and "The log is larger than 1 MB" in response.get_data(as_text=True)
    # Below the limit, a log larger than the app's usual 256 kB reaches the form (and is read).
    padded = GAME_XML.replace(b"<mjloggm", b"<!--" + b" " * 400_000 + b"--><mjloggm", 1)
    response = teacher.post(
        f"/classes/{class_id}/assignments/new",
        data=b'--B\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n%s\r\n' % csrf(teacher).encode()
        + b'--B\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n'
        + b'--B\r\nContent-Disposition: form-data; name="log"; filename="big.mjlog"\r\n\r\n'
        + padded
        + b"\r\n--B--\r\n",
        content_type="multipart/form-data; boundary=B",
    )
    assert response.status_code == 302, response.get_data(as_text=True)
    assert count(app, "SELECT COUNT(*) AS n FROM assignments") == 1


def test_an_account_keeps_a_bounded_number_of_games(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.practice import mygames

    monkeypatch.setattr(mygames, "MAX_GAMES", 1)
    assert upload(client, GAME_XML).status_code == 302
    response = upload(client, GAME_XML)
    assert response.status_code == 400 and "You keep 1 games already: delete one" in response.get_data(as_text=True)
    assert len(game_ids(app)) == 1
