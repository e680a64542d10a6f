"""A teacher who reads Chinese, in a real browser at a laptop and a phone size: the class page, the
assignment dashboard and presentation mode are in Chinese, the steps a class sees on the projector are
Chinese sentences, the CSV export's header row is in the teacher's language, and axe finds no problem."""

from __future__ import annotations

import csv
import io
import re
import uuid

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import serious_violations, shot

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{5,}\b")
"""An English word of five letters or more: tile codes (123m), romaji in brackets and numbers are shorter
or are checked separately."""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_a_teacher_presents_a_question_in_chinese(browser: Browser, server: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN", reduced_motion="reduce")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(server + "/auth/register")
        assert page.get_attribute("html", "lang") == "zh-Hans"
        page.fill("input[name=username]", f"laoshi-{uuid.uuid4().hex[:8]}")
        page.fill("input[name=password]", "correct horse battery")
        page.check("input[name=role][value=teacher]")
        page.locator("form.stacked button[type=submit]").click()
        page.wait_for_url(lambda url: "/auth/register" not in url)

        page.goto(server + "/classes/")
        page.fill("input[name=name]", "周四麻将班")
        page.locator("input[name=name]").press("Enter")
        page.wait_for_url(re.compile(r"/classes/\d+$"))
        class_url = page.url
        assert CJK.search(page.locator("h1").inner_text())

        page.goto(class_url + "/assignments/new")
        page.fill("input[name=title]", "符的练习")
        page.check("input[name=topic][value=fu]")
        page.fill("input[name=size]", "2")
        page.fill("input[name=seed]", "zh-e2e")
        page.locator("input[name=title]").press("Enter")
        page.wait_for_url(re.compile(r"/classes/\d+/assignments/\d+$"))
        dashboard = page.url
        headings = page.locator("main h1, main h2").all_inner_texts()
        assert headings and all(CJK.search(h) for h in headings if h.strip() != "符的练习"), headings
        assert serious_violations(page) == []
        shot(page, f"zh-teacher-dashboard-{width}")

        # The CSV export's header row is in the teacher's language.
        # (The page's own request context shares the login cookie but not the browser's Accept-Language.)
        exported = page.request.get(class_url + "/results.csv", headers={"Accept-Language": "zh-CN"})
        assert exported.ok
        header = next(csv.reader(io.StringIO(exported.text())))
        assert header and all(CJK.search(name) for name in header), header

        # Presentation mode: every step unfolds as a Chinese sentence.
        page.goto(dashboard + "/present/1")
        assert page.get_attribute("html", "lang") == "zh-Hans"
        steps = page.locator("li.step")
        total = steps.count()
        assert total >= 3
        for _ in range(total):
            page.keyboard.press("ArrowRight")
        expect(page.locator("li.step:visible")).to_have_count(total)
        for text in steps.all_inner_texts():
            assert CJK.search(text), text
            assert not LATIN_WORD.search(text.replace("Tenhou", "")), text
        assert serious_violations(page) == []
        shot(page, f"zh-teacher-present-{width}")
    finally:
        context.close()
