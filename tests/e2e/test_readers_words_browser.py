"""Every question kind answered in a real browser, in English and in Chinese, right in a quiz and wrong in
practice; then the feedback and the quiz review read as a sighted learner reads them (the page's text)
and as a screen reader says them (the accessibility tree's names): no tile code, no internal id, and on
a Chinese page no English word (romaji and tile input aside)."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import post_form, serious_violations, shot
from tests.quiz.answering import form_fields
from tests.web.test_practice_review_words import EXERCISES, SNAKE_ID, TILE_CODE
from tutor.quiz.exercise import Exercise

LATIN_WORD = re.compile(r"[A-Za-z]{4,}")
QUESTION_PAGE = re.compile(r"/practice/q/([2-9a-z]{8})$")


def names(tree: str) -> list[str]:
    """Every accessible name in an ARIA snapshot (``- img "East wind"``: the quoted part)."""
    return [json.loads(f'"{name}"') for name in re.findall(r'"((?:[^"\\]|\\.)*)"', tree)]


def foreign(page: Page, lang: str, question_id: str = "") -> list[str]:
    """Codes, ids and (on a Chinese page) English words in <main>, seen or heard."""
    main = page.locator("main")
    text = main.inner_text().replace(question_id, " ") if question_id else main.inner_text()
    heard = [name.replace(question_id, " ") if question_id else name for name in names(main.aria_snapshot())]
    said = [text, *heard]
    found = [code for words in said for code in TILE_CODE.findall(words) + SNAKE_ID.findall(words)]
    if lang == "zh":
        found += [word for words in said for word in LATIN_WORD.findall(words)]
    return sorted(set(found))


def put(database: Path, question_id: str, exercise: dict[str, Any]) -> None:
    """Make the served question ask ``exercise`` (one of each kind, fixed, so every kind is seen)."""
    with sqlite3.connect(database) as db:
        db.execute("UPDATE questions SET payload = ? WHERE id = ?", [json.dumps(exercise), question_id])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_kind_right_and_wrong_is_said_in_the_readers_words(
    browser: Browser, server: str, served_folder: Path, lang: str
) -> None:
    database = served_folder / "tutor.sqlite"
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="zh-CN" if lang == "zh" else "en")
    page = context.new_page()
    try:
        for mode, right in (("practice", False), ("quiz", True)):
            page.goto(f"{server}/practice/?lang={lang}")
            post_form(
                page,
                "/practice/start",
                {"mode": mode, "topic": "table", "size": len(EXERCISES), "seed": str(len(mode))},
            )  # a seed is the learner's own text: digits
            for position, exercise in enumerate(EXERCISES):
                found = QUESTION_PAGE.search(page.url)
                assert found, page.url
                question_id = found.group(1)
                put(database, question_id, exercise)
                page.goto(page.url)
                post_form(page, f"/practice/q/{question_id}/answer", form_fields(Exercise.from_json(exercise), right))
                kinds = [part["ask"] for part in exercise["parts"]]
                assert page.locator(".verdict").count(), (kinds, page.url)
                assert foreign(page, lang, question_id) == [], (mode, kinds)
                if position in (0, 1, 5):  # the four-part hand, the itemised fu rows, the waits
                    shot(page, f"words-{lang}-{mode}-{kinds[0]}-1280")
                    page.set_viewport_size({"width": 390, "height": 844})
                    shot(page, f"words-{lang}-{mode}-{kinds[0]}-390")
                    page.set_viewport_size({"width": 1280, "height": 800})
                if position < len(EXERCISES) - 1:
                    post_form(page, page.locator("form[action$='/next']").get_attribute("action") or "", {})
            if mode == "quiz":
                page.goto(page.url.rsplit("/practice/", 1)[0] + "/practice/")
        # The quiz's review: every question with the answer given and the right one.
        session = sqlite3.connect(database).execute("SELECT MAX(id) FROM practice_sessions").fetchone()[0]
        page.goto(f"{server}/practice/session/{session}/result?lang={lang}")
        assert page.locator(".review-list > li").count() == len(EXERCISES)
        assert foreign(page, lang) == []
        assert serious_violations(page) == []
        shot(page, f"words-{lang}-review-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, f"words-{lang}-review-390")
    finally:
        context.close()


def test_the_calculators_picker_names_its_tiles_in_chinese(browser: Browser, server: str) -> None:
    """Tiles clicked into a hand are drawn with their names, and the buttons to take one out say which."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")
    page = context.new_page()
    try:
        page.goto(f"{server}/calculator?lang=zh")
        for code in ("1m", "0p", "7z"):
            page.locator(f"#palette [data-tile='{code}']").click()
        preview = page.locator("#hand-preview")
        heard = names(preview.aria_snapshot()) + [
            preview.locator("img").nth(n).get_attribute("alt") or "" for n in range(preview.locator("img").count())
        ]
        heard += [
            preview.locator("button").nth(n).get_attribute("title") or ""
            for n in range(preview.locator("button").count())
        ]
        assert any("赤五筒" in name for name in heard) and any("中" in name for name in heard), heard
        assert not [name for name in heard if TILE_CODE.search(name) or LATIN_WORD.search(name)], heard
        assert page.locator("#hand").input_value() == "1m0p7z"  # the notation stays where people type it
    finally:
        context.close()
