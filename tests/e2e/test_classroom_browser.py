"""End to end, in a real browser: a teacher sets an assignment, a student does it, the teacher reads the
results and presents a question on the projector. Two browser contexts, so two separate logins.

The fixtures (`server`, `browser`) and `shot` live in conftest.py.
"""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import register, shot

TIMEOUT = 10_000  # ms, for actions and navigations: every page here is served locally
SIZE = 3
DISPLAY_NAME = "Student <One>"  # must come back as text, not markup
QUESTION_URL = re.compile(r"/practice/q/[^/?#]+$")  # a question, not yet answered (ids are not only digits)


def _open(browser: Browser) -> tuple[BrowserContext, Page]:
    # Reduced motion: steps appear at once, so the screenshots are not caught mid-fade.
    context = browser.new_context(viewport={"width": 1100, "height": 900}, reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT)
    return context, context.new_page()


def _register(page: Page, server: str, username: str, role: str) -> None:
    register(page, server, username, role)
    expect(page.get_by_role("alert")).to_have_count(0)


def test_teacher_sets_an_assignment_a_student_does_it_and_the_teacher_presents_it(
    browser: Browser, server: str
) -> None:
    suffix = uuid.uuid4().hex[:8]
    teacher_context, teacher = _open(browser)
    student_context, student = _open(browser)
    try:
        # The teacher opens a class and sets three fu questions.
        _register(teacher, server, f"teacher-{suffix}", "teacher")
        teacher.goto(server + "/classes/")
        teacher.fill("input[name=name]", "Thursday club night")
        teacher.get_by_role("button", name="Create class").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+$"))
        class_url = teacher.url
        code = teacher.locator("[data-join-code]").inner_text().strip()
        assert code, "the class page shows no join code"

        teacher.get_by_role("link", name="New assignment").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+/assignments/new$"))
        teacher.fill("input[name=title]", "Fu, week 3")
        teacher.check("input[name=topic][value=fu]")
        teacher.fill("input[name=size]", str(SIZE))
        teacher.check("input[name=difficulty][value='1']")
        teacher.fill("input[name=seed]", "e2e")
        teacher.get_by_role("button", name="Set the assignment").click()
        teacher.wait_for_url(re.compile(r"/classes/\d+/assignments/\d+$"))
        dashboard_url = teacher.url
        assert dashboard_url.startswith(class_url + "/assignments/")
        expect(teacher.locator("[data-stat=done]")).to_have_text("0/0")

        # The student joins with the code and answers every question from the keyboard.
        _register(student, server, f"student-{suffix}", "learner")
        student.goto(server + "/classes/")
        student.fill("input[name=code]", code)
        student.fill("input[name=display_name]", DISPLAY_NAME)
        student.get_by_role("button", name="Join").click()
        student.wait_for_url(class_url)
        student.get_by_role("link", name="Fu, week 3").click()
        student.wait_for_url(dashboard_url)
        student.locator("[data-start]").click()
        student.wait_for_url(QUESTION_URL)
        seen: set[str] = set()
        for number in range(1, SIZE + 1):
            expect(student.locator(".practice-head")).to_contain_text(f"Question {number} of {SIZE}")
            question_id = student.url.rsplit("/", 1)[-1]
            assert question_id not in seen, f"question {question_id} came twice"
            seen.add(question_id)
            expect(student.locator("#answer-form")).to_contain_text("How many fu")
            box = student.locator("#answer-form input[name=fu]")
            expect(box).to_be_focused()  # app.js puts the cursor in the first text box
            student.keyboard.type("30")
            student.keyboard.press("Enter")
            student.wait_for_url(re.compile(rf"/practice/q/{re.escape(question_id)}#feedback$"))
            expect(student.locator(".feedback-panel h2.verdict")).to_have_text(
                re.compile(r"Right!|Not quite|Partly right")
            )
            expect(student.locator("[data-next]")).to_be_visible()
            student.keyboard.press("n")
            if number < SIZE:
                student.wait_for_url(QUESTION_URL)
                assert not student.url.endswith("/" + question_id), "N did not move on to the next question"
        student.wait_for_url(re.compile(r"/practice/session/\d+/result$"))

        # The teacher sees the student done, by name, and each question.
        teacher.reload()
        expect(teacher.locator("[data-stat=done]")).to_have_text("1/1")
        students = teacher.locator("[data-students]")
        expect(students).to_contain_text(DISPLAY_NAME)
        expect(students.locator("tbody tr")).to_have_count(1)
        expect(teacher.locator("[data-questions] tr[data-position]")).to_have_count(SIZE)
        for row in teacher.locator("[data-questions] tr[data-position]").all():
            expect(row.locator("td.num").first).to_have_text("1")  # answered by the one student
        shot(teacher, "classroom-dashboard")

        # Presentation mode: the answer unfolds a step at a time from the keyboard.
        teacher.get_by_role("link", name="Present on the projector").click()
        teacher.wait_for_url(dashboard_url + "/present/1")
        steps = teacher.locator("li.step")
        visible = teacher.locator("li.step:visible")
        total = steps.count()
        assert total >= 3, f"only {total} steps to reveal"
        expect(visible).to_have_count(0)
        teacher.keyboard.press("ArrowRight")
        teacher.keyboard.press("ArrowRight")
        expect(visible).to_have_count(2)
        expect(teacher).to_have_url(re.compile(r"[?&]step=2$"))
        teacher.keyboard.press("ArrowLeft")
        expect(visible).to_have_count(1)
        expect(teacher).to_have_url(re.compile(r"[?&]step=1$"))
        payment = teacher.locator("li.step-payment")
        expect(payment).to_have_count(1)
        for _ in range(total):
            if payment.is_visible():
                break
            teacher.keyboard.press("ArrowRight")
        expect(payment).to_be_visible()
        expect(visible).to_have_count(total)  # the payment is the last step
        shot(teacher, "classroom-present")
        teacher.keyboard.press("n")
        teacher.wait_for_url(dashboard_url + "/present/2")
        expect(teacher.locator(".present-head")).to_contain_text(f"Question 2 of {SIZE}")
        expect(visible).to_have_count(0)
    finally:
        student_context.close()
        teacher_context.close()
