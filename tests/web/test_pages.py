"""Every page renders; errors are friendly; numbers on pages come from the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.drawing.tiles_svg import TILE_CODES
from tutor.engine.yaku import YAKU


@pytest.mark.parametrize("path", ["/", "/lessons/", "/yaku/", "/tables", "/calculator"])
def test_page_renders(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert b"<h1" in response.data


@pytest.mark.parametrize("yaku_id", list(YAKU))
def test_every_yaku_has_a_page(client: FlaskClient, yaku_id: str) -> None:
    response = client.get(f"/yaku/{yaku_id}")
    assert response.status_code == 200
    assert YAKU[yaku_id].name.encode() in response.data


def test_home_links_to_every_area(client: FlaskClient) -> None:
    html = client.get("/").data.decode()
    for path in ("/lessons/", "/yaku/", "/calculator", "/tables"):
        assert f'href="{path}"' in html


def test_yaku_index_groups_by_han(client: FlaskClient) -> None:
    html = client.get("/yaku/").data.decode()
    assert html.index("1 han") < html.index("2 han") < html.index("Yakuman") < html.index("Local yaku")
    assert html.count('href="/yaku/') >= len(YAKU)


@pytest.mark.parametrize("code", TILE_CODES)
def test_tile_images(client: FlaskClient, code: str) -> None:
    response = client.get(f"/tiles/{code}.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert "max-age" in response.headers["Cache-Control"]


def test_unknown_tile_is_404(client: FlaskClient) -> None:
    assert client.get("/tiles/8z.svg").status_code == 404


def test_unknown_page_is_friendly(client: FlaskClient) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert b"not in the wall" in response.data
    assert b'href="/lessons/"' in response.data


def test_unknown_api_route_answers_json(client: FlaskClient) -> None:
    response = client.get("/api/nothing")
    assert response.status_code == 404
    assert response.json["error"]["code"] == "not_found"


def test_server_error_is_friendly_and_leaks_nothing(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "x"})

    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("secret detail /etc/passwd")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert b"Something went wrong" in response.data
    assert b"secret detail" not in response.data and b"Traceback" not in response.data


def test_calculator_scores_a_hand_from_the_form(client: FlaskClient) -> None:
    query = {
        "hand": "123p 77z 666z",
        "win": "3p",
        "tsumo": "1",
        "seat": "S",
        "meld1_kind": "minkan",
        "meld1_tiles": "8888p",
        "meld2_kind": "pon",
        "meld2_tiles": "999m",
    }
    html = client.get("/calculator", query_string=query).data.decode()
    assert "1 han 50 fu: 400/800 (non-dealer tsumo)" in html
    # The fu item's tiles are drawn: four 8p pictures between the words, not the code.
    assert re.search(
        r"Open kan of simples <span class=\"tiles tiles-small\"[^>]*>(?:<[^>]*8p\.svg[^>]*>|<span[^>]*>|</span>)+: 8 fu",
        html,
    )
    assert html.count('src="/tiles/8p.svg" alt="8 of circles"') >= 8  # the meld drawn, and the fu item
    assert "46 fu, rounded up to 50" in html
    # The reading is drawn too: its groups and its winning tile as tiles, not as codes.
    reading = re.search(r'<p class="reading">(.*?)</p>', html, re.S)
    assert reading is not None and "123p" not in reading.group(1)
    assert reading.group(1).count('src="/tiles/3p.svg"') == 2 and 'src="/tiles/7z.svg"' in reading.group(1)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"hand": "123q", "win": "1m"}, "unknown suit"),
        ({"hand": "123m456m789p345s55s", "win": "9s"}, "is not among the hand tiles"),
        ({"hand": "123m456m789p345s55s", "win": "5s", "honba": "many"}, "Honba must be a whole number, not “many”"),
        ({"hand": "123m456m789p345s55s", "win": "5s", "dora": "9x"}, "dora indicators"),
        ({"hand": "456m789p345s55s", "win": "5s", "meld1_tiles": "123m"}, "choose chi, pon"),
        ({"hand": "456m789p345s55s", "win": "5s", "meld1_kind": "chi", "meld1_tiles": "123m"}, "no yaku"),
    ],
)
def test_calculator_explains_a_bad_hand(client: FlaskClient, query: dict[str, str], message: str) -> None:
    response = client.get("/calculator", query_string=query)
    assert response.status_code == 200
    assert message in response.data.decode()
    assert 'role="alert"' in response.data.decode()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"meld1_kind": "chi", "meld1_tiles": "340s", "riichi": "on"}, "立直需要门前清，但这手牌有副露（吃 "),
        ({"meld1_tiles": "340s"}, "副露 1：请为 "),
        ({"meld1_kind": "chi", "meld1_tiles": "340s", "honba": "x"}, "本场必须是整数，不能是“x”"),
        ({"meld1_kind": "chi", "meld1_tiles": "340s", "tsumo": "on"}, "是和牌形，但没有役"),
        ({"hand": "123m456m789p345s55s", "win": "5s", "haitei": "on"}, "海底捞月是自摸牌山的最后一张，所以必须是自摸"),
    ],
)
def test_calculator_refuses_in_chinese_with_its_tiles_drawn(
    client: FlaskClient, query: dict[str, str], message: str
) -> None:
    """A refusal on a Chinese page names flags and melds in Chinese and draws its tiles: no MPSZ, no
    request field name, no English."""
    page = client.get("/calculator", query_string={"lang": "zh", "hand": "123m345p789s55z", "win": "1m", **query})
    alert = re.search(r'role="alert" id="result"><p>(.*?)</p>', page.get_data(as_text=True), re.S)
    assert alert is not None
    said = re.sub(r"<[^>]+>", "", alert.group(1))
    assert message in said and ("<img" in alert.group(1)) == ("honba" not in query and "haitei" not in query)
    assert re.findall(r"[A-Za-z_]{2,}", said) == [] and not re.search(r"[0-9]+[mpsz]", said), said


def test_tables_come_from_the_engine(client: FlaskClient) -> None:
    html = client.get("/tables").data.decode()
    assert "7,700" in html and "11,600" in html and "2,000/3,900" in html and "3,900 all" in html
    assert html.count('class="impossible"') == 16


def test_language_falls_back_to_english(client: FlaskClient) -> None:
    html = client.get("/lessons/?lang=xx").data.decode()
    assert '<html lang="en">' in html


def test_lessons_are_rendered_once_per_process(app: Flask, client: FlaskClient) -> None:
    client.get("/lessons/")
    book = app.extensions["lessons"].book("en")
    client.get("/lessons/")
    assert app.extensions["lessons"].book("en") is book


def test_lesson_page_weight_is_under_200_kb(client: FlaskClient) -> None:
    for slug in ("fu", "tiles", "yakuman", "waits", "counting-fu", "point-table", "table-scoring"):
        response = client.get(f"/lessons/{slug}")
        if response.status_code != 200:
            continue
        html = response.data.decode()
        assets = set(re.findall(r'(?:src|href)="(/(?:static|tiles)/[^"]+)"', html))
        weight = len(response.data) + sum(_size(client, asset) for asset in assets)
        assert weight < 200_000, f"{slug}: {weight} bytes"


def _size(client: FlaskClient, path: str) -> int:
    with client.get(path) as asset:  # static files are streamed: close them
        return len(asset.data)


def test_no_asset_comes_from_another_site(client: FlaskClient) -> None:
    for path in ("/", "/lessons/", "/calculator"):
        html = client.get(path).data.decode()
        assert not re.search(r'(?:src|href)="(?:https?:)?//', html), path


def test_secret_key_is_made_once_and_kept_in_the_instance_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TUTOR_INSTANCE_PATH", str(tmp_path / "instance"))
    monkeypatch.delenv("TUTOR_SECRET_KEY", raising=False)
    first = create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    second = create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) >= 32
    assert (tmp_path / "instance" / "secret_key").read_text().strip() == first.config["SECRET_KEY"]
