"""Choosing the language: the switch on every page, the cookie, the account, Accept-Language, the
JSON API and the CLI; and a crawl of the main pages in Simplified Chinese."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tutor.cli import main
from tutor.engine import messages
from tutor.web.db import get_db
from tutor.web.i18n import format_number

CJK = re.compile(r"[\u4e00-\u9fff]")
PINFU_RIICHI = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"}
NAVIGATION = ["课程", "役种", "点数计算器", "点数表", "练习", "进度", "班级"]


@pytest.fixture(autouse=True)
def real_catalogue() -> None:
    messages.forget()  # another test may have read a test catalogue


def _html_lang(page: TestResponse) -> str:
    found = re.search(r'<html lang="([^"]+)">', page.text)
    assert found, page.text[:200]
    return found.group(1)


def _headings(page: TestResponse) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in re.findall(r"<h1[^>]*>(.*?)</h1>", page.text, re.S)
    ]


# --- the switch -------------------------------------------------------------------------------------


def test_every_page_has_a_switch_that_keeps_the_page_and_its_query(client: FlaskClient) -> None:
    page = client.get("/calculator?hand=123m456m789p345s55s&win=5s")
    switch = re.search(r'<nav class="languages"[^>]*>(.*?)</nav>', page.text, re.S)
    assert switch, "no language switch in the header"
    links = dict(
        (html.unescape(name), html.unescape(href))
        for href, name in re.findall(r'href="([^"]+)"[^>]*>([^<]+)</a>', switch.group(1))
    )
    assert links == {
        "English": "/calculator?hand=123m456m789p345s55s&win=5s&lang=en",
        "中文": "/calculator?hand=123m456m789p345s55s&win=5s&lang=zh",
    }
    assert 'aria-current="true">English' in switch.group(1)
    chinese = client.get(links["中文"]).text
    assert 'lang="zh-Hans" hreflang="zh-Hans" aria-current="true">中文' in chinese


def test_a_page_answering_a_form_switches_to_the_page_the_form_was_on(client: FlaskClient) -> None:
    token = client.get("/api/session").json["csrf_token"]  # type: ignore[index]
    refused = client.post(
        "/practice/start",
        data={"csrf_token": token, "mode": "quiz", "size": "99"},
        headers={"Referer": "http://localhost/practice/?topic=table"},
    )
    assert refused.status_code == 400
    assert 'href="/practice/?topic=table&amp;lang=zh"' in refused.text
    elsewhere = client.post(
        "/practice/start",
        data={"csrf_token": token, "mode": "quiz", "size": "99"},
        headers={"Referer": "https://example.org/practice/"},
    )
    assert 'href="/?lang=zh"' in elsewhere.text


def test_choosing_a_language_is_remembered_in_a_cookie(client: FlaskClient) -> None:
    chosen = client.get("/yaku/?lang=zh")
    assert "lang=zh" in chosen.headers["Set-Cookie"] and "Max-Age=31536000" in chosen.headers["Set-Cookie"]
    later = client.get("/tables")  # no ?lang: the cookie decides
    assert _html_lang(later) == "zh-Hans" and "点数表" in _headings(later)[0]
    client.get("/?lang=en")
    assert _html_lang(client.get("/tables")) == "en"


def test_an_unknown_language_is_ignored(client: FlaskClient) -> None:
    page = client.get("/tables?lang=xx")  # a page without forms: no session cookie either
    assert _html_lang(page) == "en" and "Set-Cookie" not in page.headers


# --- Accept-Language ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "tag"),
    [
        ("zh-CN,zh;q=0.9", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("zh-Hans-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("fr-FR, zh-CN;q=0.5", "zh-Hans"),
        ("en-US,en;q=0.9,zh-CN;q=0.8", "en"),
        # Traditional Chinese is not what the zh catalogue holds: English, unless Simplified is also asked.
        ("zh-TW", "en"),
        ("zh-HK,zh-Hant;q=0.9", "en"),
        ("zh-TW,zh-CN;q=0.5", "zh-Hans"),
        ("de-DE", "en"),
    ],
)
def test_the_first_visit_follows_accept_language(client: FlaskClient, header: str, tag: str) -> None:
    page = client.get("/", headers={"Accept-Language": header})
    assert _html_lang(page) == tag
    assert "Accept-Language" in page.headers["Vary"]


def test_a_chosen_language_wins_over_accept_language(client: FlaskClient) -> None:
    client.get("/?lang=en")
    assert _html_lang(client.get("/", headers={"Accept-Language": "zh-CN"})) == "en"


# --- the account ---------------------------------------------------------------------------------------


def _language_of(app: Flask, username: str) -> str | None:
    with app.app_context():
        row = get_db().execute("SELECT language FROM users WHERE username = ?", [username]).fetchone()
    return None if row is None else row[0]


def test_a_signed_in_switch_is_kept_on_the_account_and_comes_back_at_log_in(
    app: Flask, client: FlaskClient, post: Callable[..., Any]
) -> None:
    post("/auth/register", {"username": "mei", "password": "a long pass phrase 7"})
    assert _language_of(app, "mei") is None  # never chose: the browser decides
    client.get("/progress/?lang=zh")
    assert _language_of(app, "mei") == "zh"
    # Another browser, English by its header and with no cookie, logs in: the account's language returns.
    other = app.test_client()
    token = other.get("/api/session").json["csrf_token"]  # type: ignore[index]
    landed = other.post(
        "/auth/login",
        data={"username": "mei", "password": "a long pass phrase 7", "csrf_token": token},
        headers={"Accept-Language": "en"},
    )
    assert landed.status_code == 302 and "lang=zh" in landed.headers["Set-Cookie"]
    assert _html_lang(other.get("/", headers={"Accept-Language": "en"})) == "zh-Hans"
    other.get("/?lang=en")
    assert _language_of(app, "mei") == "en"


def test_a_language_chosen_as_a_guest_goes_to_the_new_account(
    app: Flask, client: FlaskClient, post: Callable[..., Any]
) -> None:
    client.get("/practice/?lang=zh")
    post("/auth/register", {"username": "lan", "password": "a long pass phrase 7"})
    assert _language_of(app, "lan") == "zh"


# --- a crawl in Chinese --------------------------------------------------------------------------------

PAGES = {
    "/": "学会立直麻将的计分",
    "/yaku/": None,
    "/yaku/pinfu": "平和",
    "/yaku/kokushi": "国士无双",
    "/calculator": "手牌计算器",
    "/calculator?hand=123m456m789p345s55s&win=5s&riichi=1&seat=S": "手牌计算器",
    "/tables": "点数表",
    "/practice/": None,
    "/progress/": "你的进度",
    "/classes/": "登录",  # a guest is sent to log in first
    "/auth/login": None,
    "/auth/register": None,
    "/lessons/": None,
    "/no-such-page": "牌山里没有这一页",
}


@pytest.mark.parametrize("path", list(PAGES))
def test_the_main_pages_are_chinese_with_lang_zh(client: FlaskClient, path: str) -> None:
    page = client.get(path + ("&" if "?" in path else "?") + "lang=zh", follow_redirects=True)
    assert page.status_code == (404 if path == "/no-such-page" else 200)
    assert _html_lang(page) == "zh-Hans"
    nav = re.search(r'<nav aria-label="主导航">(.*?)</nav>', page.text, re.S)
    assert nav, "the main navigation is not labelled in Chinese"
    assert [html.unescape(a) for a in re.findall(r">([^<>]+)</a>", nav.group(1))] == NAVIGATION
    headings = _headings(page)
    assert headings and all(CJK.search(h) for h in headings), headings
    if PAGES[path]:
        assert PAGES[path] in headings[0]
    footer = re.search(r'<footer class="site">(.*?)</footer>', page.text, re.S)
    assert footer and "天凤规则" in footer.group(1)


def test_the_calculator_result_is_chinese(client: FlaskClient) -> None:
    served = client.get("/calculator?hand=123m456m789p345s55s&win=5s&riichi=1&seat=S&lang=zh").text
    page = html.unescape(re.sub(r"<[^>]+>", " ", served))  # what a reader sees, not field names
    assert "门前清时宣告了立直" in page and "底符：20 符" in page and "2 番 30 符：2,000（闲家荣和）" in page
    for english in ("Riichi", "Pinfu", "Base (futei)", "non-dealer ron", "double riichi", "ippatsu"):
        assert english not in page


def test_the_yaku_page_keeps_the_japanese_name_and_romaji(client: FlaskClient) -> None:
    headings = _headings(client.get("/yaku/chanta?lang=zh"))
    assert headings[0].split() == ["混全带幺九", "混全帯幺九", "Chanta"]  # Chinese, Japanese, romaji
    assert _headings(client.get("/yaku/pinfu?lang=zh"))[0].split() == ["平和", "Pinfu"]  # written alike once
    assert _headings(client.get("/yaku/pinfu?lang=en"))[0].split() == ["Pinfu", "平和"]
    facts = client.get("/yaku/chanta?lang=zh").text
    assert ">纯全带幺九</a>" in facts and ">混老头</a>" in facts  # "not counted with" names the others in Chinese


def test_numbers_are_grouped_for_the_locale(client: FlaskClient) -> None:
    assert format_number(32000, "zh") == "32,000" and format_number(32000, "en") == "32,000"
    assert "12,000" in client.get("/tables?lang=zh").text


# --- the JSON API and the CLI --------------------------------------------------------------------------


def test_the_score_api_answers_in_the_session_language_and_keeps_machine_fields(client: FlaskClient) -> None:
    english = client.post("/api/score", json=PINFU_RIICHI).json
    client.get("/?lang=zh")  # the browser's chosen language: the cookie
    chinese = client.post("/api/score", json=PINFU_RIICHI).json
    assert english is not None and chinese is not None
    assert chinese["fu_breakdown"][1]["reason"] == "门清荣和：10 符"
    assert "平和：1 番（四组顺子、普通雀头、两面听）" in chinese["explanation"]
    assert chinese["reading"]["text"].endswith("和了 5s")
    for field in ("han", "fu", "yaku", "yakuman", "limit", "points", "total"):
        assert chinese[field] == english[field], field
    assert {k: v for k, v in chinese["reading"].items() if k != "text"} == {
        k: v for k, v in english["reading"].items() if k != "text"
    }


def test_the_score_api_follows_accept_language_without_a_cookie(client: FlaskClient) -> None:
    body = client.post("/api/score", json=PINFU_RIICHI, headers={"Accept-Language": "zh-CN"}).json
    assert body is not None and body["fu_breakdown"][0]["reason"] == "底符：20 符"


def test_tutor_score_lang_zh(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["score", "--hand", "123m456m789p345s55s", "--win", "5s", "--riichi", "--seat", "S"]
    assert main([*args, "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "  立直   1 番   门前清时宣告了立直" in out and "2 番 30 符：2000（闲家荣和）" in out
    assert main([*args, "--lang", "zh", "--json"]) == 0
    chinese = json.loads(capsys.readouterr().out)
    assert main([*args, "--json"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert chinese["fu_breakdown"][0]["reason"] == "底符：20 符" and english["fu_breakdown"][0]["reason"].startswith(
        "Base"
    )
    assert (chinese["points"], chinese["yaku"]) == (english["points"], english["yaku"])
