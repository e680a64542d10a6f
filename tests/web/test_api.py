"""POST /api/score: the score contract over HTTP."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

GOOD = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"}


def test_scores_a_hand(client: FlaskClient) -> None:
    response = client.post("/api/score", json=GOOD)
    assert response.status_code == 200
    assert (response.json["han"], response.json["fu"], response.json["points"]) == (2, 30, {"ron": 2000})


def test_scores_a_yakuman(client: FlaskClient) -> None:
    response = client.post("/api/score", json={"hand": "19m19p19s1234567z1m", "win": "1m", "seat_wind": "E"})
    assert response.status_code == 200
    assert (response.json["yakuman"], response.json["points"]) == (1, {"ron": 48000})


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({**GOOD, "hand": "123q"}, "bad_tiles"),
        ({**GOOD, "hand": "11111m456m789p34s"}, "too_many_copies"),
        ({**GOOD, "hand": "123m456m789p345s5s"}, "wrong_tile_count"),
        ({**GOOD, "win": "9s"}, "win_not_in_hand"),
        ({**GOOD, "hand": "123m456m789p345s56s", "win": "6s"}, "not_a_winning_hand"),
        ({"hand": "456m789p345s55s", "win": "5s", "melds": [{"kind": "chi", "tiles": "123m"}]}, "no_yaku"),
        ({**GOOD, "ippatsu": True, "riichi": False}, "bad_request"),
        ([1, 2, 3], "bad_request"),
    ],
)
def test_refusals_are_400_with_the_error_object(client: FlaskClient, body: object, code: str) -> None:
    response = client.post("/api/score", json=body)
    assert response.status_code == 400
    assert response.json["error"]["code"] == code
    assert response.json["error"]["message"]


def test_a_body_that_is_not_json_is_a_bad_request(client: FlaskClient) -> None:
    response = client.post("/api/score", data="hand=123m", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "bad_request"


def test_a_huge_body_is_a_bad_request_not_a_crash(client: FlaskClient) -> None:
    response = client.post("/api/score", data='{"hand": "' + "1m" * 200_000 + '"}', content_type="application/json")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "bad_request"


def test_json_nested_20000_deep_is_a_400(client: FlaskClient) -> None:
    deep = "[" * 20_000 + "]" * 20_000
    response = client.post("/api/score", data=deep, content_type="application/json")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "bad_request"
