"""Pao through the JSON API, the OpenAPI document and the calculator page."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.test_openapi import check

DRAGON_PONS = [{"kind": "pon", "tiles": tiles} for tiles in ("555z", "666z", "777z")]
RON = {"hand": "234m11p", "win": "4m", "melds": DRAGON_PONS, "seat_wind": "S", "pao": "N", "discarder": "W", "honba": 1}


def test_api_splits_a_pao_ron(client: FlaskClient) -> None:
    response = client.post("/api/score", json=RON)
    assert response.status_code == 200
    pays = {row["seat"]: row["pays"] for row in response.json["payments"]}
    assert pays == {"E": 0, "W": 16000, "N": 16300}
    assert response.json["pao"]["responsible"] == "N"


def test_api_pao_response_matches_the_openapi_document(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    assert "pao" in spec["components"]["schemas"]["ScoreRequest"]["properties"]
    check(spec, "/api/score", "post", client.post("/api/score", json=RON))


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({**RON, "pao": "S"}, "the winner's own seat"),
        ({**RON, "pao": "North"}, "'pao' must be a seat wind"),
        ({**RON, "hand": "234m11p", "melds": [*DRAGON_PONS[:2], {"kind": "pon", "tiles": "999s"}]}, "daisangen"),
        ({key: value for key, value in RON.items() if key != "discarder"}, "needs 'discarder'"),
    ],
)
def test_api_refuses_bad_pao_with_400(client: FlaskClient, body: dict[str, Any], words: str) -> None:
    response = client.post("/api/score", json=body)
    assert response.status_code == 400
    assert response.json["error"]["code"] == "bad_request"
    assert words in response.json["error"]["message"]


CALCULATOR = {
    "hand": "11122z",
    "win": "2z",
    "tsumo": "1",
    "seat": "E",
    **{f"meld{n}_kind": "pon" for n in (1, 2, 3)},
    **{f"meld{n}_tiles": tiles for n, tiles in zip((1, 2, 3), ("555z", "666z", "777z"), strict=True)},
}


def test_calculator_shows_who_pays_with_pao(client: FlaskClient) -> None:
    html = client.get("/calculator", query_string={**CALCULATOR, "pao": "N"}).data.decode()
    assert 'name="pao"' in html and '<option value="N" selected>' in html
    assert "North is responsible (pao)." in html
    assert "North, the responsible player, pays 96,000." in html


def test_calculator_without_pao_lists_no_payments(client: FlaskClient) -> None:
    html = client.get("/calculator", query_string=CALCULATOR).data.decode()
    assert 'class="settlement"' not in html and "responsible player, pays" not in html


def test_calculator_explains_a_bad_pao(client: FlaskClient) -> None:
    html = client.get("/calculator", query_string={**CALCULATOR, "pao": "E"}).data.decode()
    assert 'role="alert"' in html and "the winner's own seat" in unescape(html)
