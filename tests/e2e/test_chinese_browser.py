"""The tutor in Simplified Chinese in a real browser, at a laptop and a phone size: a browser that asks
for zh-CN gets Chinese pages, a learner answers a practice question and reads Chinese feedback, the
calculator explains a hand in Chinese, nothing spills sideways at 390 px, and axe finds no problem."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import shot

AXE = Axe()
CJK = re.compile(r"[\u4e00-\u9fff]")
SIZES = [(1280, 800), (390, 844)]


def accessible(page: Page) -> list[str]:
    return [f"{v['id']} ({v['impact']})" for v in AXE.run(page).response["violations"]]


def fits_the_width(page: Page) -> list[str]:
    """Elements whose text runs past the right edge of the viewport (clipped or overlapping CJK text)."""
    spilled: list[str] = page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            const out = [];
            for (const el of document.querySelectorAll('main *, header.site *')) {
                const box = el.getBoundingClientRect();
                if (box.width && box.right > width + 1 && el.closest('.table-scroll, pre, table') === null) {
                    out.push(el.tagName + '.' + el.className + ': ' + (el.textContent || '').trim().slice(0, 40));
                }
            }
            return out;
        }"""
    )
    return spilled


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_learner_practises_in_chinese(browser: Browser, server: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN")
    page = context.new_page()
    try:
        page.goto(server + "/")  # no ?lang: the browser's Accept-Language (zh-CN) decides
        assert page.get_attribute("html", "lang") == "zh-Hans"
        assert page.locator("h1").first.inner_text() == "学会立直麻将的计分"
        assert page.locator("header.site nav[aria-label='主导航'] a").first.inner_text() == "课程"
        assert page.locator("nav.languages a[aria-current]").inner_text() == "中文"
        assert fits_the_width(page) == []
        assert accessible(page) == []
        shot(page, f"zh-home-{width}")

        page.goto(server + "/practice/")
        page.check("input[name=topic][value=table]")
        page.click("button[name=mode][value=practice]")
        prompt = page.locator(".part legend").first.inner_text()
        assert prompt.startswith("这次和牌其他玩家要支付多少点") and not re.search(r"[A-Za-z]{4,}", prompt), prompt
        page.fill("input[name=table]", "1")
        page.click("#answer-form button[type=submit]")
        verdict = page.locator("#feedback .verdict").inner_text()
        assert verdict in ("不太对", "部分正确") or verdict.startswith("部分正确"), verdict
        details = page.locator("#feedback .details li").first.inner_text()
        assert details.startswith("你答的是 1；正确答案是"), details
        feedback = page.locator("#feedback").inner_text()
        assert "了解更多" in feedback and "基本点" in feedback
        # Left in English only: tile codes, romaji and numbers.
        assert not re.search(r"\b(you said|it is|Not quite|Learn more|han|fu|points)\b", feedback), feedback
        assert fits_the_width(page) == []
        assert accessible(page) == []
        shot(page, f"zh-practice-feedback-{width}")

        page.goto(server + "/calculator?hand=123m456m789p345s55s&win=5s&riichi=1&seat=S&dora=4s")
        result = page.locator(".breakdown").first.inner_text()
        assert "立直" in result and "平和" in result and "底符：20 符" in result
        assert "宝牌" in page.locator(".breakdown table").first.inner_text()  # 4s shows 5s: dora
        assert fits_the_width(page) == []
        assert accessible(page) == []
        shot(page, f"zh-calculator-{width}")

        # The switch goes back to English on the same page, and the choice is remembered.
        page.click("nav.languages a[hreflang=en]")
        assert page.get_attribute("html", "lang") == "en"
        assert "Riichi" in page.locator(".breakdown").first.inner_text()
        page.goto(server + "/")
        assert page.get_attribute("html", "lang") == "en"
    finally:
        context.close()
