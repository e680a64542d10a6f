"""Strings that used to stay English on Chinese pages: chart words, the classroom's reveal phrases,
target labels and CSV header row, review times, engine refusals, and the punctuation of the situation
and point-table lines (whole sentences, so Chinese gets full-width punctuation)."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import date, timedelta
from types import SimpleNamespace

import pytest
from flask import Flask, render_template
from flask.testing import FlaskClient

from tests.web.test_classroom import open_class, user
from tutor.classroom import EXPORT_COLUMNS
from tutor.clock import moment
from tutor.drawing.charts import accuracy_line, bars, sparkline
from tutor.engine import messages
from tutor.engine.api import evaluate
from tutor.engine.hand import Hand, HandError
from tutor.web.views.progress import until

ASCII_PUNCTUATION = re.compile(r"[,:;()]")


@pytest.fixture(autouse=True)
def real_catalogue() -> None:
    messages.forget()  # another test may have read a test catalogue


def _text(markup: str) -> str:
    """What a reader sees: tags removed, entities read, whitespace squeezed."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def _in_chinese(app: Flask, render: object) -> str:
    with app.test_request_context("/?lang=zh"):
        app.preprocess_request()
        return str(render())  # type: ignore[operator]


# --- the situation line and the point-table question ------------------------------------------------


def test_the_situation_line_is_whole_chinese_sentences_with_full_width_punctuation(app: Flask) -> None:
    result = evaluate(
        {
            "hand": "123m456m789p345s55s",
            "win": "5s",
            "riichi": True,
            "ippatsu": True,
            "seat_wind": "S",
            "dora_indicators": ["1m"],
            "honba": 2,
            "riichi_sticks": 1,
            "discarder": "W",
        }
    )
    chinese = _text(_in_chinese(app, lambda: render_template("partials/situation.html", result=result)))
    assert chinese.startswith("闲家（自风南），东场：荣和")
    assert "立直、一发。" in chinese and "2 本场。" in chinese and "场上有 1 根立直棒。" in chinese
    assert not ASCII_PUNCTUATION.search(chinese), chinese
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        english = _text(render_template("partials/situation.html", result=result))
    assert english.startswith("Non-dealer (seat South), East round: won by ron on")
    assert "riichi, ippatsu." in english and "2 honba." in english


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"han": 3, "fu": 40, "dealer": False, "tsumo": False}, "3 番 40 符，闲家荣和。"),
        ({"han": 5, "dealer": True, "tsumo": True, "honba": 2}, "5 番，庄家自摸，2 本场。"),
    ],
)
def test_the_point_table_question_is_one_chinese_sentence(app: Flask, data: dict[str, object], expected: str) -> None:
    def show() -> str:
        macro = app.jinja_env.get_template("practice/kinds/table.html").make_module().show  # type: ignore[attr-defined]
        return str(macro(SimpleNamespace(data=data)))

    assert _text(_in_chinese(app, show)) == expected


# --- progress: charts and review times --------------------------------------------------------------


def test_charts_speak_chinese() -> None:
    empty = accuracy_line([], title="t", lang="zh")
    assert "还没有作答" in empty and "No answers" not in empty
    line = accuracy_line([(date(2024, 11, 3), 7, 10)], title="t", lang="zh")
    assert "11月3日" in line and "正确率：11月3日 70%（10 题）。" in line
    assert "还没有作答" in bars([("立直", 0, 0)], title="t", lang="zh")
    assert "无数据、50%；最近 50%。" in sparkline([None, 0.5], label="t", lang="zh")
    # English stays as it was.
    assert "No answers yet" in accuracy_line([], title="t") and "3 Nov" in accuracy_line(
        [(date(2024, 11, 3), 7, 10)], title="t"
    )


def test_review_times_are_in_the_request_language(app: Flask) -> None:
    later = (moment() + timedelta(days=3, hours=1)).isoformat()
    assert _in_chinese(app, lambda: until(later)) == "3天后"
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        assert until(later) == "in 3 days"
        assert until((moment() + timedelta(hours=23, minutes=30)).isoformat()) == "in 23 hours"


# --- the classroom ----------------------------------------------------------------------------------


def test_the_assignment_form_names_targets_and_reveal_times_in_chinese(app: Flask) -> None:
    teacher = user(app, "laoshi")
    room = open_class(app, teacher)
    page = _text(teacher.get(f"/classes/{room.class_id}/assignments/new?lang=zh").get_data(as_text=True))
    for chinese in ("平和", "断幺九", "符：嵌张", "符：门清荣和", "每答一题之后", "所有题目都答完之后", "截止时间之后"):
        assert chinese in page, chinese
    for english in ("Fu: kanchan", "Tanyao", "after each answer"):
        assert english not in page, english


def test_the_csv_header_row_is_in_the_teacher_language_and_the_json_keeps_the_ids(app: Flask) -> None:
    teacher = user(app, "sensei")
    room = open_class(app, teacher)
    # The CSV starts with a byte-order mark (Excel then reads it as UTF-8): read as utf-8-sig, as Excel does.
    english = next(
        csv.reader(io.StringIO(teacher.get(f"/classes/{room.class_id}/results.csv").data.decode("utf-8-sig")))
    )
    assert english == list(EXPORT_COLUMNS)
    export = teacher.get(f"/classes/{room.class_id}/results.csv?lang=zh").data.decode("utf-8-sig")
    chinese = next(csv.reader(io.StringIO(export)))
    assert len(chinese) == len(EXPORT_COLUMNS) and len(set(chinese)) == len(chinese)
    assert chinese[:2] == ["班级编号", "班级"] and chinese[-2:] == ["用时（毫秒）", "作答时间"]
    document = teacher.get(f"/classes/{room.class_id}/results.json").get_json()
    assert set(document["class"]) == {"id", "name", "created_at"}


# --- engine refusals --------------------------------------------------------------------------------


def test_engine_refusals_are_said_in_the_reader_language_and_keep_their_english() -> None:
    with pytest.raises(HandError) as refusal:
        Hand.parse("123m456m789p345s5x", win="5s")
    assert refusal.value.code == "bad_tiles"
    assert refusal.value.message == "hand: unknown suit 'x' at 18 in '123m456m789p345s5x' (use m, p, s or z)"
    assert refusal.value.text("zh") == "手牌：'123m456m789p345s5x' 第 18 个字符是未知的花色 'x'（请用 m、p、s 或 z）"


def test_the_score_api_refuses_in_chinese_with_the_same_code(client: FlaskClient) -> None:
    pao_on_pinfu = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S", "pao": "E"}
    for request, code in ((pao_on_pinfu, "bad_request"), ({"hand": "123m", "win": "1m", "tsumo": 1}, "bad_request")):
        english = client.post("/api/score", json=request).get_json()["error"]
        chinese = client.post("/api/score", json=request, headers={"Accept-Language": "zh-CN"}).get_json()["error"]
        assert english["code"] == chinese["code"] == code
        assert re.search(r"[\u4e00-\u9fff]", chinese["message"]) and chinese["message"] != english["message"]
    chinese = client.post("/api/score", json=pao_on_pinfu, headers={"Accept-Language": "zh"}).get_json()["error"]
    assert chinese["message"].startswith("荣和时的包牌需要 'discarder'（放铳的座位）")
    with_discarder = {**pao_on_pinfu, "discarder": "W"}
    chinese = client.post("/api/score", json=with_discarder, headers={"Accept-Language": "zh"}).get_json()["error"]
    assert chinese["message"] == "包牌只适用于大三元和大四喜（天凤规则），而这手牌两者都不是"


def test_the_calculator_shows_a_refusal_in_chinese(client: FlaskClient) -> None:
    page = _text(client.get("/calculator?hand=123m456m789p345s5x&win=5s&lang=zh").get_data(as_text=True))
    assert "未知的花色 'x'" in page


def test_refusals_no_view_worded_are_said_in_the_readers_language(client: FlaskClient) -> None:
    """An unknown address or a wrong method: Werkzeug's descriptions are English only, ours are marked."""
    for method, path, code in (
        ("GET", "/no-such-page", 404),
        ("GET", "/practice/start", 405),
        ("GET", "/api/nope", 404),
    ):
        english = client.open(path, method=method)
        chinese = client.open(path, method=method, headers={"Accept-Language": "zh"})
        assert english.status_code == chinese.status_code == code
        for response in (english, chinese):
            body = response.get_data(as_text=True)
            assert "The requested URL" not in body and "The method is not allowed" not in body
        if path.startswith("/api/"):
            said = chinese.json["error"]["message"]  # type: ignore[index]
        else:
            said = re.search(r"<h1>.*?</h1>\s*<p>(.*?)</p>", chinese.get_data(as_text=True), re.S).group(1)  # type: ignore[union-attr]
        assert re.search(r"[\u4e00-\u9fff]{6}", said), said
    assert "nothing at this address" in client.get("/no-such-page").get_data(as_text=True)
