"""A class game night and "practise these hands" in a real browser, on a phone (390x844) and a laptop
(1280x800), in English and Chinese: a teacher opens a class, starts a night of two tables, keeps one table's
score (a ron as han and fu, a tsumo entered with its tiles), follows both tables' standings on the night's
page, then turns the table's hands into practice. axe finds nothing serious or critical; the pages (visible
text and the ARIA snapshot) show no tile code, and in Chinese no English word.

Screenshots go to /tmp/shots-table3/.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.test_table_game_browser import add, scan

SHOTS = Path("/tmp/shots-table3")
SIZES = [(390, 844), (1280, 800)]
TABLES = {"en": "Ann, Bo, Cy, Di\nEd, Flo, Gus, Hal", "zh": "小明，小红，阿强，老李\n大伟，小芳，阿亮，老王"}
CLASS = {"en": "Thursday club", "zh": "周四麻将班"}


@pytest.fixture(params=[(lang, size) for lang in ("en", "zh") for size in SIZES], ids=lambda p: f"{p[0]}-{p[1][0]}")
def teacher(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[tuple[Page, str, int]]:
    language, (width, height) = request.param
    phone = width < 500
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="zh-CN" if language == "zh" else "en-GB",
        has_touch=phone,
        is_mobile=phone,
        reduced_motion="reduce",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{server}/auth/register?lang={language}")
    page.fill("input[name=username]", f"night-{uuid.uuid4().hex[:8]}")
    page.fill("input[name=password]", "correct horse battery")
    page.check("input[name=role][value=teacher]")
    page.locator("form.stacked button[type=submit]").click()
    page.wait_for_url(lambda url: "/auth/register" not in url)
    try:
        yield page, language, width
    finally:
        context.close()


def test_a_game_night_and_practising_a_tables_hands(teacher: tuple[Page, str, int], server: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page, language, width = teacher
    name = f"{language}-{width}"
    page.goto(server + "/classes/")
    page.fill("input[name=name]", CLASS[language])
    page.locator("input[name=name]").press("Enter")
    page.wait_for_url(re.compile(r"/classes/\d+$"))
    page.locator("a[href$='/nights/new']").click()
    page.wait_for_url(re.compile(r"/nights/new$"))
    scan(page, language)
    page.fill("textarea[name=tables]", TABLES[language])
    page.locator("form.stacked button[type=submit]").click()
    page.wait_for_url(re.compile(r"/nights/\d+$"))
    night_url = page.url
    assert page.locator("[data-night-table]").count() == 2
    # Table 1's score, kept on its own page: Bo's 3 han 30 fu ron off Cy, then Di's tsumo entered with tiles.
    page.locator("[data-night-table] a.button").first.click()
    page.wait_for_url(re.compile(r"/table/\d+$"))
    add(page, "ron", winner="1", discarder="2", han="3", fu="30")
    add(page, "tsumo", winner="3", entry="tiles", hand="34m567p234678s55s2m")
    page.goto(night_url)
    scores = page.locator("[data-night-table]").first.locator("[data-score]").all_inner_texts()
    # Bo +3,900, Cy -3,900, and the deal passes to Bo; then Di's tsumo (menzen tsumo, tanyao, pinfu: 3 han 20 fu)
    # is 700-1,300: Bo, the dealer now, pays 1,300, Ann and Cy 700 each. Listed by rank: Di, Bo, Ann, Cy.
    assert scores == ["27,700", "27,600", "24,300", "20,400"], scores
    assert page.locator("[data-night-table]").nth(1).locator("[data-score]").all_inner_texts() == ["25,000"] * 4
    scan(page, language)
    page.screenshot(path=str(SHOTS / f"night-{name}.png"), full_page=True)
    # Practise table 1's hands: the tsumo entered with tiles becomes a question; the han-and-fu ron is left out.
    page.locator("[data-night-table] a.button").first.click()
    page.wait_for_url(re.compile(r"/table/\d+$"))
    practise = page.locator("section[aria-labelledby=practise-title]")
    practise.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"table-practise-{name}.png"), full_page=True)
    practise.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/practice/games/\d+$"))
    assert page.locator(".flash, [role=status]").count() >= 1
    scan(page, language)
    page.screenshot(path=str(SHOTS / f"practise-game-{name}.png"), full_page=True)
