"""The practice loop's refusals in a real browser, at a laptop and a phone size: each page names the
problem, keeps the first answer in view, and passes axe's accessibility rules."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import post_form, shot

AXE = Axe()


def accessible(page: Page) -> list[str]:
    return [f"{v['id']} ({v['impact']})" for v in AXE.run(page).response["violations"]]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_refusals_are_named_in_the_page(browser: Browser, server: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(server + "/practice/")
        page.check("input[name=topic][value=table]")
        page.click("button[name=mode][value=practice]")
        page.fill("input[name=table]", "lots")
        page.click("#answer-form button[type=submit]")
        assert "is not a number" in page.locator(".form-problem").inner_text()
        assert accessible(page) == []
        shot(page, f"loop-unreadable-{width}")

        page.fill("input[name=table]", "1000")
        page.click("#answer-form button[type=submit]")
        question_id = page.locator(".qid code").inner_text()
        post_form(page, f"/practice/q/{question_id}/answer", {"table": "2000"})
        assert "your first answer stands" in page.locator(".form-problem").inner_text()
        assert page.input_value("input[name=table]") == "1000"  # the answer that stands, not the refused one
        assert accessible(page) == []
        shot(page, f"loop-already-answered-{width}")

        post_form(page, "/practice/start", {"mode": "replay", "replay": "zzzzzzzz"})
        assert "no question 'zzzzzzzz' to replay" in page.locator(".form-problem").inner_text()
        assert accessible(page) == []
    finally:
        context.close()
