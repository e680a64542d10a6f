"""Keys on a practice question with choices and a number box (yaku + han), at a laptop and a phone
size: digits tick the numbered choices and never type into the han box, Enter sends only a whole
answer, nothing takes the focus on load, and the page passes axe's serious and critical rules."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import serious_violations, shot


def start_yaku_and_han(page: Page, server: str) -> None:
    page.goto(server + "/practice/")
    page.check("input[name=topic][value=everyday-yaku]")
    page.check("input[name=part][value=yaku]")
    page.check("input[name=part][value=han]")
    page.click("button[name=mode][value=practice]")
    page.wait_for_selector("#answer-form input[data-key='3']")


@pytest.mark.parametrize(("width", "height", "touch"), [(1280, 800, False), (390, 844, True)])
def test_digits_tick_choices_and_enter_sends_what_was_meant(
    browser: Browser, server: str, width: int, height: int, touch: bool
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    try:
        start_yaku_and_han(page, server)
        # The first answer control has the focus on a laptop: the first choice, never the han box (the digits
        # meant for the choices would type into it). A touch screen gets no focus at all (it would open the
        # keyboard).
        focused = page.evaluate("document.activeElement.getAttribute('data-key')")
        assert focused == (None if touch else "1")
        first, third = (page.get_attribute(f"input[data-key='{n}']", "value") for n in (1, 3))

        page.keyboard.press("1")
        page.wait_for_timeout(800)  # with ten choices or more, a lone digit waits a moment for a second one
        page.keyboard.press("3")
        page.wait_for_timeout(800)
        assert page.is_checked("input[data-key='1']") and page.is_checked("input[data-key='3']")
        assert not page.is_checked("input[data-key='2']")
        assert page.input_value("input[name=han]") == ""

        # Enter with the han box empty sends nothing: the form asks for the han and focuses the box.
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.post_data or "") if r.method == "POST" else None)
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        assert sent == []
        assert page.evaluate("document.activeElement.name") == "han"

        shot(page, f"practice-keys-ticked-{width}")
        assert serious_violations(page) == []
        page.keyboard.type("2")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        posted = parse_qs(sent[0])
        assert sorted(posted["yaku"]) == sorted([first, third])
        assert posted["han"] == ["2"]  # what was typed in the box, not the digits meant for the choices
        assert page.locator(".feedback-panel .verdict").count() == 1
        # On the feedback, nothing is focused on a touch screen; on a laptop "Next" is, so N or Enter go on.
        page.wait_for_load_state()
        focused = page.evaluate("document.activeElement.matches('[data-next]')")
        assert focused is (not touch)
        shot(page, f"practice-keys-feedback-{width}")
        assert serious_violations(page) == []
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_waits_feedback_marks_choices_and_show_answer_and_skip(
    browser: Browser, server: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(server + "/practice/")
        page.check("input[name=topic][value=waits]")
        page.click("button[name=mode][value=practice]")
        page.wait_for_selector("#answer-form input[data-key='1']")
        assert page.locator("input[placeholder]").count() == 0
        # Every tile has a number: one digit, or two typed together. (A one-suit hand offers its 9 tiles:
        # skip to a hand that offers more.)
        for _ in range(20):
            if page.locator("#answer-form .choice").count() > 9:
                break
            with page.expect_navigation():
                page.click("button:has-text('Skip')")
        assert page.locator("#answer-form input[data-key]").count() == page.locator("#answer-form .choice").count()
        page.keyboard.press("1")
        page.wait_for_timeout(800)
        page.keyboard.press("1")
        page.keyboard.press("2")
        assert page.is_checked("input[data-key='1']") and page.is_checked("input[data-key='12']")
        assert not page.is_checked("input[data-key='2']")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        # After grading every ticked or right choice says which it was, in words.
        marked = page.locator(".choices.marked .choice-mark")
        assert marked.count() >= 2
        assert set(marked.all_inner_texts()) <= {"✓ right", "○ missed", "✗ wrong"}
        assert page.locator("label.choice.wrong, label.choice.hit").count() == 2  # the two ticked
        shot(page, f"practice-waits-marked-{width}")
        assert serious_violations(page) == []

        with page.expect_navigation():
            page.click("[data-next]")
        page.wait_for_selector("#answer-form")
        skipped_url = page.url
        with page.expect_navigation():
            page.click("button:has-text('Skip')")
        assert page.url != skipped_url  # on to the next question
        with page.expect_navigation():
            page.click("button:has-text('Show answer')")  # no answer typed: nothing stops it
        assert page.locator(".feedback-panel .verdict").inner_text() == "The answer, as you asked"
        assert page.locator(".choice.wrong, .choice.hit, .choice.missed").count() == 0
        shot(page, f"practice-show-answer-{width}")
        assert serious_violations(page) == []
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_dora_feedback_explains_with_tiles(browser: Browser, server: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(server + "/practice/")
        page.check("input[name=topic][value=dora]")
        page.click("button[name=mode][value=practice]")
        for _ in range(12):  # the topic also asks "which tile is dora": skip those
            page.wait_for_selector("#answer-form")
            if page.locator("input[name=dora]").count():
                break
            with page.expect_navigation():
                page.click("button:has-text('Skip')")
        page.fill("input[name=dora]", "99")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        lines = page.locator(".part-feedback .details li").all_inner_texts()
        assert lines[0] == "you said 99 han of dora"
        assert any(line.startswith("Indicator") and "is dora:" in line for line in lines)
        # The indicator and its dora are drawn as tiles, not written as codes.
        indicator_line = page.locator(".part-feedback .details li", has_text="Indicator").first
        assert indicator_line.locator("img.tile").count() == 2
        shot(page, f"practice-dora-feedback-{width}")
        assert serious_violations(page) == []
    finally:
        context.close()
