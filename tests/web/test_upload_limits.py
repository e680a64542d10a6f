"""Game-log uploads are limited by what they cost (issue 27): per guest and per address by the hour,
per account by the day (every upload counts, read or refused: reading is the work), and what an
account stores is capped and shown. Four anonymous clients once grew the database by 62 MB a minute."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.web.test_security import register
from tutor.db import connect
from tutor.practice import mygames

GAME = (Path(__file__).parents[1] / "gamelog" / "fixtures" / "game.mjlog").read_text(encoding="utf-8")


def api_upload(client: FlaskClient, log: str = GAME, address: str = "10.0.0.1"):  # type: ignore[no-untyped-def]
    return client.post(
        "/api/games",
        json={"log": log, "file": "game.mjlog"},
        headers={"X-CSRF-Token": csrf(client)},
        environ_base={"REMOTE_ADDR": address},
    )


def page_upload(client: FlaskClient, log: str = GAME, address: str = "10.0.0.1"):  # type: ignore[no-untyped-def]
    return client.post(
        "/practice/games/",
        data={"csrf_token": csrf(client), "text": log},
        environ_base={"REMOTE_ADDR": address},
    )


def games_stored(app: Flask) -> int:
    return int(connect(app.config["DATABASE"]).execute("SELECT COUNT(*) FROM game_logs").fetchone()[0])


def test_a_guest_is_limited_by_the_hour_and_refused_uploads_count(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mygames, "UPLOADS_PER_GUEST", 3)
    assert api_upload(client).status_code == 201
    assert api_upload(client, "not a log").status_code == 400  # refused, but it was read: it counts
    assert api_upload(client).status_code == 201
    refused = api_upload(client)
    assert refused.status_code == 429 and refused.json is not None
    assert (
        refused.json["error"]["code"] == "too_many_requests"
        and "Too many game logs" in refused.json["error"]["message"]
    )
    assert 0 < int(refused.headers["Retry-After"]) <= 3600
    page = page_upload(client)
    assert page.status_code == 429 and "Too many game logs uploaded" in page.get_data(as_text=True)
    assert "Retry-After" in page.headers
    assert games_stored(app) == 2


def test_the_guests_of_one_address_share_a_limit(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mygames, "UPLOADS_PER_ADDRESS", 2)
    for _ in range(2):
        assert api_upload(app.test_client()).status_code == 201  # a new guest each time
    assert api_upload(app.test_client()).status_code == 429
    assert api_upload(app.test_client(), address="10.0.0.2").status_code == 201  # another address is not held up
    # A registered account behind the same address is not a guest: its own daily limit applies.
    named = app.test_client()
    register(named, "named")
    assert api_upload(named).status_code == 201


def test_a_registered_account_is_limited_by_the_day(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mygames, "UPLOADS_PER_ACCOUNT", 2)
    client = app.test_client()
    register(client, "player")
    assert api_upload(client).status_code == 201
    assert api_upload(client, address="10.9.9.9").status_code == 201
    refused = api_upload(client, address="10.8.8.8")  # whatever address it comes from
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 3600


def test_storage_per_account_is_capped_and_shown(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = app.test_client()
    register(client, "keeper")
    assert api_upload(client).status_code == 201
    page = client.get("/practice/games/").get_data(as_text=True)
    assert "1 of 200 games kept" in page and f"kB of {mygames.STORAGE_ACCOUNT // 1024} kB" in page
    used = mygames.storage(connect(app.config["DATABASE"]), 1, False).used
    assert 3_000 < used < 20_000  # one real game: a few kB
    monkeypatch.setattr(mygames, "STORAGE_ACCOUNT", used + 1000)  # room for less than another game
    refused = api_upload(client)
    assert refused.status_code == 400 and refused.json is not None
    assert f"more than the {(used + 1000) // 1024} kB an account keeps" in refused.json["error"]["message"]
    assert games_stored(app) == 1


def test_a_guest_keeps_less(app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mygames, "STORAGE_GUEST", 1000)
    refused = api_upload(client)
    assert refused.status_code == 400 and "an account keeps" in refused.json["error"]["message"]  # type: ignore[index]
