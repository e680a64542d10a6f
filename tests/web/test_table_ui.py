"""Hands drawn as at the table, the calculator's answers and refusals, presentation mode's step texts, and
where the home page and a new teacher's account lead (the browser half is tests/e2e/test_table_ui_browser.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from tests.conftest import csrf
from tutor.drawing.tiles_html import hand_drawing, held_drawing, tiles_html, tiles_in_text
from tutor.drawing.tiles_svg import TILE_CODES, tile_svg
from tutor.engine.hand import Hand
from tutor.quiz.questions import Question

SVG = "{http://www.w3.org/2000/svg}"


# --- tile pictures --------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", TILE_CODES)
def test_a_sideways_tile_is_the_upright_tile_turned(code: str) -> None:
    upright = ET.fromstring(tile_svg(code))
    turned = ET.fromstring(tile_svg(code, sideways=True))
    *_, width, height = (float(v) for v in upright.attrib["viewBox"].split())
    *_, turned_width, turned_height = (float(v) for v in turned.attrib["viewBox"].split())
    assert (turned_width, turned_height) == (height, width)
    # The same artwork, turned: every element of the face is inside the one turned group.
    assert turned.find(f"{SVG}g[@transform='translate(0 58) rotate(-90)']") is not None
    assert turned.find(f"{SVG}title").text == upright.find(f"{SVG}title").text  # type: ignore[union-attr]


def test_a_tile_is_named_in_the_readers_language(client: FlaskClient) -> None:
    html = tiles_html("0p 7z 4's", win="7z", lang="zh")
    assert re.findall(r'alt="([^"]*)"', html) == ["赤五筒", "中（和牌）", "4索（鸣牌）"]
    assert 'alt="red 5 of circles"' in tiles_html("0p")
    # Pages pass their language on: the calculator's drawings, and a Chinese lesson's inline tiles.
    for path, name in (
        ("/calculator?hand=123m456p789s22z777z&win=2z&lang=zh", "南风（和牌）"),
        ("/lessons/tiles?lang=zh", "1万"),
    ):
        page = client.get(path).get_data(as_text=True)
        assert f'alt="{name}"' in page and " of circles" not in page, path


def test_the_rules_a_hand_was_scored_under_are_said_in_the_readers_language(client: FlaskClient) -> None:
    hand = "/calculator?hand=123m456p789s22z777z&win=2z&preset=classic"
    assert "Rules: Classic rules." in client.get(hand).get_data(as_text=True)
    assert "传统规则" in client.get(hand + "&lang=zh").get_data(as_text=True)


def test_sideways_tiles_are_served_and_unknown_ones_refused(client: FlaskClient) -> None:
    response = client.get("/tiles/4p-sideways.svg")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert 'viewBox="0 0 80 60"' in response.get_data(as_text=True)
    assert client.get("/tiles/8z-sideways.svg").status_code == 404
    assert client.get("/tiles/4p-sideways-sideways.svg").status_code == 404


# --- drawings -------------------------------------------------------------------------------------------


def test_the_winning_tile_stands_apart_after_the_concealed_tiles() -> None:
    hand = Hand.parse("123p66677z789s", win="3p", melds=[("chi", "546m")])
    html = tiles_html(hand_drawing(hand), win="3p")
    groups = re.findall(r'<span class="tile-group([^"]*)">(.*?)</span>', html)
    assert [kind for kind, _ in groups] == ["", " win-group", " meld"]
    assert groups[1][1].count("<img") == 1 and 'alt="3 of circles, winning tile"' in groups[1][1]
    assert "3p.svg" not in groups[0][1]  # taken out of its sorted place, not copied
    # The chi's called tile is the one written first, turned at its left.
    assert re.findall(r'src="/tiles/(\w+?)(-sideways)?\.svg"', groups[2][1]) == [
        ("5m", "-sideways"),
        ("4m", ""),
        ("6m", ""),
    ]


def test_a_red_winning_tile_is_the_red_one_set_apart() -> None:
    html = tiles_html("505p 11z", win="0p")
    apart = re.search(r'<span class="tile-group win-group">(.*?)</span>', html)
    assert apart is not None and "0p.svg" in apart.group(1)


def test_a_winning_tile_only_in_a_meld_is_not_set_apart() -> None:
    assert "win-group" not in tiles_html("11z 5'55p", win="5p")


def test_waits_and_furiten_questions_draw_melds_as_the_breakdown_does(app: Flask) -> None:
    question = Question.from_json(
        {"ask": "waits", "hand": "23m456p789s11z", "melds": [{"kind": "chi", "tiles": "312s"}]}
    )
    with app.test_request_context("/"):
        html = render_template_string('{% import "practice/kinds/_fields.html" as f %}{{ f.hand(q) }}', q=question)
    assert held_drawing("23m456p789s11z", [{"kind": "chi", "tiles": "312s"}]) == "23m456p789s11z 3'12s"
    assert 'src="/tiles/3s-sideways.svg"' in html and html.count("<img") == 13


def test_tile_codes_in_a_sentence_are_drawn_and_only_numbers_between_them_grouped() -> None:
    drawn = tiles_in_text(
        "Closed kan of honours 1111z: 32 fu; 12000 <all>",
        plain=lambda t: t.replace("12000", "12,000"),
    )
    assert drawn.count('src="/tiles/1z.svg"') == 4
    assert "1111z" not in drawn.split("aria-label")[0]
    assert "12,000 &lt;all&gt;" in drawn


# --- the calculator ---------------------------------------------------------------------------------------


def test_the_calculator_form_lands_at_its_result(client: FlaskClient) -> None:
    page = client.get("/calculator").get_data(as_text=True)
    assert 'action="/calculator#result"' in page
    scored = client.get("/calculator?hand=123m456m789p345s55s&win=5s&riichi=1").get_data(as_text=True)
    assert 'id="result"' in scored and "2 han" not in scored.split('id="result"')[0]


def test_an_empty_hand_is_named(client: FlaskClient) -> None:
    response = client.get("/calculator?hand=&win=&seat=E")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert re.search(r'role="alert" id="result"><p>The hand is empty', page)
    assert "The hand is empty" not in client.get("/calculator").get_data(as_text=True)  # a first visit is no error


def test_an_added_kan_scores_as_an_open_kan(client: FlaskClient) -> None:
    query = "hand=234m44p678p&win=8p&meld1_kind=chi&meld1_tiles=678s&meld2_kind={}&meld2_tiles=0555p"
    added = client.get("/calculator?" + query.format("kakan")).get_data(as_text=True)
    opened = client.get("/calculator?" + query.format("minkan")).get_data(as_text=True)
    payment = re.compile(r'<p class="payment"><strong>(.*?)</strong>')
    assert payment.search(added) and payment.search(added).group(1) == payment.search(opened).group(1)  # type: ignore[union-attr]
    assert "Open kan" in added and "open hand" in added
    assert 'src="/tiles/0p-sideways.svg"' in added  # the called red five, as written first


# --- presentation mode ------------------------------------------------------------------------------------


def test_a_kan_is_drawn_in_presentation_mode_never_formatted_as_a_number(client: FlaskClient) -> None:
    page = client.get(
        "/calculator/present?hand=678p88p&win=8p&seat=S&meld1_kind=pon&meld1_tiles=777z"
        "&meld2_kind=ankan&meld2_tiles=1111z&meld3_kind=chi&meld3_tiles=435s&step=99"
    ).get_data(as_text=True)
    steps = re.search(r'<ol class="steps".*?</ol>', page, re.S)
    assert steps is not None
    assert "1,111" not in steps.group(0)
    kan_step = re.search(r"Closed kan of honours (.*?): 32 fu", steps.group(0))
    assert kan_step is not None and kan_step.group(1).count('src="/tiles/1z.svg"') == 4
    assert re.search(r"\d,\d{3} \(non-dealer ron\)", steps.group(0))  # the points keep their separators
    # Every step shown, and the reveal button still there, saying there is nothing more.
    assert re.search(r'data-reveal class="button" aria-disabled="true"', page)


# --- where pages lead -------------------------------------------------------------------------------------


def test_the_home_page_leads_to_practice_progress_and_classes(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    for path in ("/practice/", "/progress/", "/classes/"):
        assert f'class="card" href="{path}"' in page, path


@pytest.mark.parametrize(
    ("role", "next_page", "lands"),
    [("teacher", "/", "/classes/"), ("teacher", "/yaku/", "/yaku/"), ("learner", "/", "/")],
)
def test_a_new_teacher_lands_where_classes_are_made(app: Flask, role: str, next_page: str, lands: str) -> None:
    client = app.test_client()
    response = client.post(
        "/auth/register",
        data={
            "csrf_token": csrf(client),
            "username": f"new-{role}",
            "password": "correct horse",
            "role": role,
            "next": next_page,
        },
    )
    assert response.status_code == 302 and response.location == lands
