"""A new learner walks the course path (issue 24), in English and in Chinese, on a phone and a laptop: home →
lesson 1 step 1 in one click; answering a step's checks moves "Continue" to the next step; after lesson 1 the
home page offers lesson 2; a due review comes before a new lesson; a student sees a due assignment first; and
a beginner reaches a graded answer from home in three actions. Screenshots go to /tmp/shots-path/."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import register, serious_violations
from tests.quiz.answering import right_answer
from tutor import classroom as rooms
from tutor import create_app
from tutor.accounts import get_user
from tutor.accounts import register as new_account
from tutor.course.lessons import LessonBook
from tutor.db import connect

SHOTS = Path("/tmp/shots-path")
SIZES = [(390, 844), (1280, 800)]
LANGUAGES = ["en", "zh"]
HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def book() -> LessonBook:
    """The lessons as the server has them (the questions and their right answers; steps are the same in both
    languages)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": ":memory:"})
    found: LessonBook = app.extensions["lessons"].book("en")
    return found


def snap(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def opened(browser: Browser, width: int, lang: str) -> tuple[BrowserContext, Page]:
    touch = width < 500
    context = browser.new_context(
        viewport={"width": width, "height": 844 if touch else 800}, has_touch=touch, is_mobile=touch, locale=lang
    )
    return context, context.new_page()


def continue_kind(page: Page, server: str, lang: str) -> str:
    page.goto(f"{server}/?lang={lang}")
    return str(page.locator("[data-continue]").get_attribute("data-continue"))


def continue_href(page: Page) -> str:
    return str(page.locator("a[data-continue-link]").get_attribute("href"))


def answer_check(page: Page, number: int, given: Any) -> None:
    form = page.locator(f"#question-{number}")
    if isinstance(given, list):
        for value in given:
            form.locator(f"input[name=answer][value='{value}']").check()
    else:
        form.locator("input[name=answer]").fill(str(given))
    form.locator("button[type=submit]").click()
    expect(form.locator(".verdict")).to_have_count(1)


def finish_step(page: Page, book: LessonBook, slug: str, number: int) -> None:
    lesson = book.lessons[slug]
    for question in lesson.steps[number - 1].questions:
        answer_check(page, question, right_answer(lesson.questions[question - 1]))


def user_of_question(served_folder: Path, url: str) -> int:
    question = url.rstrip("/").rsplit("/", 1)[-1].split("?")[0].split("#")[0]
    db = connect(served_folder / "tutor.sqlite")
    try:
        return int(next(db.query("SELECT user_id FROM questions WHERE id = ?", [question]))["user_id"])
    finally:
        db.conn.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_new_learner_walks_the_course(
    browser: Browser, server: str, served_folder: Path, book: LessonBook, lang: str, width: int, height: int
) -> None:
    context, page = opened(browser, width, lang)
    tag = f"{lang}-{width}"
    try:
        # A new visitor: "Start lesson 1" and the course in one line; one click to lesson 1, step 1.
        assert continue_kind(page, server, lang) == "start"
        expect(page.locator("[data-course-line]")).to_be_visible()
        if lang == "zh":
            assert HAN.search(page.locator("[data-continue]").inner_text())
            expect(page.locator("[data-continue-link]")).to_have_text("开始第一课")
        assert serious_violations(page) == []
        snap(page, f"home-new-{tag}")
        page.locator("a[data-continue-link]").click()
        page.wait_for_url(re.compile(r"/lessons/tiles/1$"))
        expect(page.locator("[data-step-count]")).to_contain_text("1")
        assert serious_violations(page) == []
        snap(page, f"lesson-step-{tag}")

        # Going on from a step without checks moves Continue to the next step.
        page.locator("[data-next-step]").click()
        page.wait_for_url(re.compile(r"/lessons/tiles/2$"))
        assert continue_kind(page, server, lang) == "step"
        assert continue_href(page) == "/lessons/tiles/2"

        # The first step with checks: Continue stays there until they are answered, then moves on.
        tiles = book.lessons["tiles"]
        asking = next(s for s in tiles.steps if s.questions)
        for number in range(2, asking.number):
            page.goto(f"{server}/lessons/tiles/{number}")
            page.locator("[data-next-step]").click()
            page.wait_for_load_state()
        assert continue_kind(page, server, lang) == "step"
        assert continue_href(page) == f"/lessons/tiles/{asking.number}"
        page.goto(f"{server}/lessons/tiles/{asking.number}")
        finish_step(page, book, "tiles", asking.number)
        expect(page.locator("[data-step-hint]")).to_have_text(
            "Step done: every check here is answered." if lang == "en" else "本步完成：这里的自测题都已作答。"
        )
        page.locator(f"#question-{asking.questions[-1]}").scroll_into_view_if_needed()
        assert serious_violations(page) == []
        snap(page, f"lesson-step-checked-{tag}")
        assert continue_kind(page, server, lang) == "step"
        assert continue_href(page) == f"/lessons/tiles/{asking.number + 1}"

        # The rest of lesson 1; then the home page offers lesson 2, step 1.
        for step in tiles.steps[asking.number :]:
            page.goto(f"{server}/lessons/tiles/{step.number}")
            finish_step(page, book, "tiles", step.number)
            page.locator("[data-next-step]").click()
            page.wait_for_load_state()
        assert continue_kind(page, server, lang) == "lesson"
        assert continue_href(page) == "/lessons/hand-shape/1"
        snap(page, f"home-continue-{tag}")

        # The map: lesson 1 read (every check right: done), "Practise this" starts at once.
        page.goto(f"{server}/lessons/?lang={lang}")
        expect(page.locator("#lesson-1")).to_have_attribute("data-lesson-state", "done")
        assert serious_violations(page) == []
        snap(page, f"course-map-{tag}")
        page.locator("[data-practise=furiten]").click()
        page.wait_for_url(re.compile(r"/practice/q/"))
        assert serious_violations(page) == []
        snap(page, f"quiz-question-{tag}")
        page.locator("#answer-form input[data-key='1']").check()
        page.locator("[data-check-answer]").click()
        page.wait_for_url(re.compile(r"/practice/q/"))
        expect(page.locator(".feedback-panel .verdict")).to_have_count(1)

        # Once a skill is due, review comes before the next lesson.
        learner = user_of_question(served_folder, page.url)
        db = connect(served_folder / "tutor.sqlite")
        try:
            db.execute("UPDATE skill_states SET due_at = '2000-01-01T00:00:00+00:00' WHERE user_id = ?", [learner])
        finally:
            db.conn.close()
        assert continue_kind(page, server, lang) == "review"
        expect(page.locator("button[data-continue-link]")).to_be_visible()
        assert serious_violations(page) == []
        snap(page, f"home-review-{tag}")
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_student_sees_a_due_assignment_first(
    browser: Browser, server: str, served_folder: Path, lang: str, width: int, height: int
) -> None:
    context, page = opened(browser, width, lang)
    name = f"stu{lang}{width}"
    try:
        page.goto(f"{server}/?lang=en")  # the shared register helper reads the English form
        register(page, server, name, "learner")
        db = connect(served_folder / "tutor.sqlite")
        try:
            teacher = new_account(db, f"t{name}", "correct horse battery", role="teacher")
            room = rooms.create_class(db, teacher, "Club")
            due = (datetime.now(UTC) + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M")
            form = {"title": "Fu", "topics": ["fu"], "size": 3, "difficulty": 1, "seed": "s", "due_at": due}
            task = rooms.create_assignment(db, room, form)
            student = get_user(db, int(next(db.query("SELECT id FROM users WHERE username = ?", [name]))["id"]))
            assert student is not None
            rooms.join(db, student, room.join_code, "10.1.2.3")
        finally:
            db.conn.close()
        page.goto(f"{server}/?lang={lang}")
        first = page.locator("[data-assignments], [data-continue]").first
        expect(first).to_have_attribute("data-assignments", "")
        assert serious_violations(page) == []
        snap(page, f"home-assignment-{lang}-{width}")
        page.locator(f"button[data-assignment='{task.id}']").click()
        page.wait_for_url(re.compile(r"/practice/q/"))
    finally:
        context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_beginner_reaches_a_graded_answer_in_three_actions(
    browser: Browser, server: str, lang: str, width: int, height: int
) -> None:
    context, page = opened(browser, width, lang)
    try:
        page.goto(f"{server}/?lang={lang}")
        actions = 0
        page.locator("[data-try-now]").click()  # 1: "try one question now"
        actions += 1
        page.wait_for_url(re.compile(r"/practice/q/"))
        page.locator("#answer-form label.choice").first.click()  # 2: pick a yaku
        actions += 1
        page.locator("[data-check-answer]").click()  # 3: Check
        actions += 1
        page.wait_for_url(re.compile(r"/practice/q/"))
        expect(page.locator(".feedback-panel .verdict")).to_have_count(1)
        assert actions <= 3
        if lang == "zh":
            assert HAN.search(page.locator(".feedback-panel .verdict").inner_text())
        assert serious_violations(page) == []
        snap(page, f"quiz-graded-{lang}-{width}")
        # The quiz settings say which drills ask their own question.
        page.goto(f"{server}/practice/?lang={lang}")
        expect(page.locator("[data-drills-note]")).to_be_visible()
        page.locator("[data-drills-note]").scroll_into_view_if_needed()
        assert serious_violations(page) == []
        snap(page, f"quiz-settings-{lang}-{width}")
    finally:
        context.close()
