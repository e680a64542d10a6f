"""A Chinese lesson in a real browser, at laptop and phone size: Chinese text, nothing clipped or spilling over."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import shot

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

# Every text element of the page whose content is wider than its box (clipped or spilling out);
# prose tables scroll sideways on purpose (style.css), so they and their cells are left out.
OVERFLOWING = """() => [...document.querySelectorAll('h1, h2, h3, p, li, figcaption, legend, label, a, dt, dd')]
    .filter(e => !e.closest('table') && e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1
                 && getComputedStyle(e).display !== 'inline')
    .map(e => e.tagName + ': ' + e.textContent.trim().slice(0, 40))"""


@pytest.mark.parametrize("size", SIZES)
def test_a_chinese_lesson_reads_at_laptop_and_phone_size(server: str, browser: Browser, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    try:
        page.goto(f"{server}/lessons/tiles?lang=zh")
        expect(page.locator("h1")).to_have_text("牌、记法与牌桌")
        assert page.locator("html").get_attribute("lang", timeout=1000) != "en"
        assert page.locator("article.lesson").get_attribute("lang") is None  # written in Chinese, not a fallback
        expect(page.locator("figure.example figcaption").first).to_contain_text("庄家的双东")
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways at {size} size: {width}"
        assert page.evaluate(OVERFLOWING) == []
        page.screenshot(path=f"test-artifacts/lesson-zh-{size}.png")
        shot(page, f"lesson-zh-{size}-full")

        page.goto(f"{server}/lessons/?lang=zh")
        assert page.locator("ol.lesson-list > li").count() >= 17
        assert page.evaluate(OVERFLOWING) == []
        shot(page, f"lessons-zh-{size}")
    finally:
        context.close()
