"""Issue 11's Teachers and Lessons-that-remember items in a real browser, at a laptop (1280x800) and a phone
(390x844): the printable worksheet (PDF at A4 and Letter, the key on pages of its own), presenting a
per-student variant, reports read and closed, a class archived and its delete page, and lessons whose checks
are remembered. Each page passes axe (no serious or critical violation); screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import ARTIFACTS, register, serious_violations, shot

SIZES = [(1280, 800), (390, 844)]
TIMEOUT = 15_000


def pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def _open(browser: Browser, width: int, height: int) -> tuple[BrowserContext, Page]:
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT)
    return context, context.new_page()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_teacher_prints_presents_reads_reports_and_archives(
    browser: Browser, server: str, width: int, height: int
) -> None:
    suffix = uuid.uuid4().hex[:6]
    teacher_context, teacher = _open(browser, width, height)
    student_context, student = _open(browser, width, height)
    other_context, other = _open(browser, width, height)
    try:
        register(teacher, server, f"tara-{suffix}", "teacher")
        teacher.goto(server + "/classes/")
        teacher.fill("input[name=name]", f"Club {suffix}")
        teacher.get_by_role("button", name="Create class").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+$"))
        class_url = teacher.url
        code = teacher.locator("[data-join-code]").inner_text().strip()
        teacher.goto(class_url + "/assignments/new")
        teacher.fill("input[name=title]", "Fu and points")
        teacher.check("input[name=topic][value=fu]")
        teacher.check("input[name=topic][value=points]")
        teacher.fill("input[name=size]", "4")
        teacher.check("input[name=difficulty][value='1']")
        teacher.fill("input[name=seed]", "print")
        teacher.check("input[name=variant][value=each]")
        teacher.get_by_role("button", name="Set the assignment").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+/assignments/\d+$"))
        dashboard_url = teacher.url

        for page, name in ((student, f"ann-{suffix}"), (other, f"ben-{suffix}")):
            register(page, server, name, "learner")
            page.goto(server + "/classes/")
            page.fill("input[name=code]", code)
            page.fill("input[name=display_name]", name.split("-")[0].title())
            page.get_by_role("button", name="Join").click()
            page.wait_for_url(class_url)

        # The student starts, answers one question and reports it.
        student.goto(dashboard_url)
        student.locator("[data-start]").click()
        student.wait_for_url(re.compile(r"/practice/q/[^/?#]+$"))
        # Each student has their own hands (fu or points): asking for the answer works for either.
        student.get_by_role("button", name="Show answer").click()
        expect(student.locator(".feedback-panel")).to_be_visible()
        student.locator("details.report summary").click()
        student.fill("textarea[name=remark]", "The fu look wrong to me")
        student.get_by_role("button", name="Send report").click()
        student.wait_for_load_state()

        # The worksheet: questions, answer lines, and the key on pages of its own.
        teacher.goto(dashboard_url)
        teacher.get_by_role("link", name="Printable worksheet").click()
        teacher.wait_for_url(re.compile(r"/worksheet$"))
        expect(teacher.locator("[data-question]")).to_have_count(4)
        expect(teacher.locator("[data-answer]")).to_have_count(4)
        # Shared version, every student, Ann, Ben.
        expect(teacher.locator("[data-variant-picker] select option")).to_have_count(4)
        assert serious_violations(teacher) == []
        shot(teacher, f"worksheet-screen-{width}")
        teacher.emulate_media(media="print")
        assert teacher.locator("header.site").is_hidden() and teacher.locator(".ws-toolbar").is_hidden()
        assert teacher.locator("[data-answer-key]").evaluate("el => getComputedStyle(el).breakBefore") == "page"
        questions_top = teacher.locator("[data-question='1']").bounding_box()
        assert questions_top is not None
        shot(teacher, f"worksheet-print-{width}")
        with_key = {fmt: teacher.pdf(format=fmt, print_background=True) for fmt in ("A4", "Letter")}
        teacher.emulate_media(media="screen")
        teacher.goto(teacher.url + "?key=0")
        expect(teacher.locator("[data-answer-key]")).to_have_count(0)
        without = {fmt: teacher.pdf(format=fmt) for fmt in ("A4", "Letter")}
        for fmt in ("A4", "Letter"):
            assert with_key[fmt].startswith(b"%PDF") and without[fmt].startswith(b"%PDF")
            # The key adds pages of its own: it never shares the questions' last page.
            assert pdf_pages(with_key[fmt]) >= pdf_pages(without[fmt]) + 1, fmt
            assert pdf_pages(without[fmt]) >= 1

        # Every student's sheet at once: each on pages of its own.
        teacher.locator("[data-variant-picker] select").select_option(value="all")
        teacher.locator("[data-variant-picker] button").click()
        teacher.wait_for_url(re.compile(r"student=all"))
        expect(teacher.locator("[data-student-sheet]")).to_have_count(2)
        teacher.emulate_media(media="print")
        everyone = teacher.pdf(format="A4")
        teacher.emulate_media(media="screen")
        assert pdf_pages(everyone) >= 2 * pdf_pages(without["A4"])
        teacher.goto(teacher.url.split("?")[0] + "?key=0")

        # The student's worksheet: their own hands, never a key, even asked for.
        student.goto(teacher.url.replace("?key=0", "?key=1"))
        expect(student.locator("[data-question]")).to_have_count(4)
        expect(student.locator("[data-answer-key]")).to_have_count(0)

        # Presenting the variant assignment: it says so, and shows the chosen student's hands.
        teacher.goto(dashboard_url + "/present/1")
        expect(teacher.locator(".present-head")).to_contain_text("Each student has their own hands")
        picker = teacher.locator("[data-variant-picker] select")
        first_hand = teacher.locator(".present-question .hand").inner_html()
        picker.select_option(label="Ben")
        teacher.locator("[data-variant-picker] button").click()
        teacher.wait_for_url(re.compile(r"student=\d+"))
        expect(teacher.locator(".present-head")).to_contain_text("Ben's question 1")
        assert teacher.locator(".present-question .hand").inner_html() != first_hand
        assert serious_violations(teacher) == []
        shot(teacher, f"present-variant-{width}")

        # The report: read with the question drawn, then closed.
        teacher.goto(class_url)
        teacher.locator("[data-open-reports] a").click()
        teacher.wait_for_url(re.compile(r"/reports$"))
        expect(teacher.locator(".report-remark")).to_have_text("The fu look wrong to me")
        expect(teacher.locator(".report .hand")).to_have_count(1)
        assert serious_violations(teacher) == []
        shot(teacher, f"class-reports-{width}")
        teacher.get_by_role("button", name="Close the report").click()
        expect(teacher.locator("[data-no-reports]")).to_be_visible()

        # Archive: read-only, under the Archived toggle; the delete page offers the export first.
        teacher.goto(class_url)
        teacher.get_by_role("button", name="Archive the class").click()
        teacher.wait_for_url(server + "/classes/")
        archived = teacher.locator("details[data-archived]")
        expect(archived).to_contain_text(f"Club {suffix}")
        archived.locator("summary").click()
        assert serious_violations(teacher) == []
        shot(teacher, f"classes-archived-{width}")
        student.goto(class_url)
        expect(student.locator("[data-archived-notice]")).to_be_visible()
        teacher.goto(class_url + "/delete")
        expect(teacher.get_by_role("link", name="Every answer (CSV)")).to_be_visible()
        assert serious_violations(teacher) == []
        shot(teacher, f"class-delete-{width}")
        teacher.fill("input[name=confirm]", "not the name")
        teacher.get_by_role("button", name="Delete the class for good").click()
        expect(teacher.locator(".form-problem")).to_contain_text("Type the class's name")
        teacher.fill("input[name=confirm]", f"Club {suffix}")
        teacher.get_by_role("button", name="Delete the class for good").click()
        teacher.wait_for_url(server + "/classes/")
        expect(teacher.locator(".flash")).to_contain_text("is deleted")
    finally:
        for context in (teacher_context, student_context, other_context):
            context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_seeded_quiz_worksheet_prints_at_a4_and_letter(
    browser: Browser, server: str, width: int, height: int
) -> None:
    context, page = _open(browser, width, height)
    try:
        page.goto(server + "/practice/?topic=waits")
        expect(page.locator("input[name=topic][value=waits]")).to_be_checked()
        page.fill("input[name=size]", "3")
        page.locator("[data-worksheet-button]").click()
        page.wait_for_url(re.compile(r"/practice/worksheet\?.*seed=[0-9a-f]{6}"))
        expect(page.locator("[data-question]")).to_have_count(3)
        assert serious_violations(page) == []
        page.emulate_media(media="print")
        for fmt in ("A4", "Letter"):
            assert pdf_pages(page.pdf(format=fmt)) >= 2  # the questions, then the key on its own page
        shot(page, f"worksheet-quiz-print-{width}")
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_lesson_remembers_its_checks(browser: Browser, server: str, width: int, height: int) -> None:
    context, page = _open(browser, width, height)
    try:
        page.goto(server + "/lessons/fu")
        first = page.locator("#question-1")
        first.locator("input[name=answer]").fill("30")
        first.get_by_role("button", name="Check").click()  # graded in place by app.js
        expect(first.locator(".verdict")).to_have_count(1)
        second = page.locator("#question-2")
        second.locator("input[name=answer]").fill("40")
        second.get_by_role("button", name="Check").click()
        expect(second.locator(".verdict")).to_have_count(1)
        page.reload()
        expect(page.locator("#question-1 input[name=answer]")).to_have_value("30")
        expect(page.locator("#question-2 input[name=answer]")).to_have_value("40")
        expect(page.locator("#question-1 .verdict.right")).to_have_count(1)
        expect(page.locator("#question-2 .verdict.wrong")).to_have_count(1)
        expect(page.locator(".practise-this input[name=topic]")).to_have_attribute("value", "fu")
        page.locator("#question-2").scroll_into_view_if_needed()
        assert serious_violations(page) == []
        shot(page, f"lesson-remembered-{width}")
        page.locator("#question-2").screenshot(path=str(ARTIFACTS / f"lesson-remembered-question-{width}.png"))

        page.goto(server + "/lessons/")
        entry = page.locator("li[data-lesson-state]", has=page.locator("a[href^='/lessons/fu/']"))
        expect(entry).to_contain_text("1 of 5 checks right")
        assert serious_violations(page) == []
        shot(page, f"lesson-list-marks-{width}")
        page.goto(server + "/progress/")
        expect(page.locator("tr[data-lesson=fu] [data-checks]")).to_have_text("1/5")
        page.locator("#course").scroll_into_view_if_needed()
        assert serious_violations(page) == []
        shot(page, f"progress-course-{width}")
    finally:
        context.close()
