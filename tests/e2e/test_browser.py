"""End to end, in a real browser: Debian's Chromium driven by Playwright against `tutor serve` (waitress).

The fixtures (`server`, `browser`, `page`) and `shot` live in conftest.py. Screenshots go to test-artifacts/
(git ignores it).
"""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import shot


def _first_numeric_question() -> tuple[str, int, str]:
    """A lesson question answered by typing, and its right answer (from the engine)."""
    from tutor import create_app

    app = create_app({"SECRET_KEY": "x", "DATABASE": ":memory:"})
    book = app.extensions["lessons"].book("en")
    for lesson in book.lessons.values():
        for number, question in enumerate(lesson.questions, start=1):
            if question.kind in ("han", "fu", "points"):
                expected = question.grade("0").expected.replace(" all", "")
                return lesson.slug, number, expected.split()[0] if question.kind != "points" else expected
    raise AssertionError("no lesson has a han, fu or points question")


def test_read_a_lesson_and_answer_a_question(server: str, page: Page) -> None:
    page.goto(server + "/lessons/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Lessons")
    page.get_by_role("link").filter(has_text="Tiles").first.click()
    expect(page.locator("h1")).to_be_visible()
    page.locator("[data-next-step]").click()  # the lesson is read in steps: step 2 draws the 136 tiles
    page.wait_for_url("**/lessons/tiles/2")
    assert page.locator("img.tile").count() > 10
    shot(page, "lesson")

    slug, number, answer = _first_numeric_question()
    page.goto(f"{server}/lessons/{slug}")
    form = page.locator(f"#question-{number}")
    form.scroll_into_view_if_needed()
    form.locator("input[name=answer]").fill("1")
    form.get_by_role("button", name="Check").click()
    expect(form.locator(".verdict")).to_contain_text("Not quite")
    form.locator("input[name=answer]").fill(answer)
    form.get_by_role("button", name="Check").click()
    expect(form.locator(".verdict.right")).to_contain_text("Right!")
    shot(page, "question")


def test_answer_a_question_on_a_yaku_page(server: str, page: Page) -> None:
    # Pinfu's second question: riichi, tsumo on a two-sided wait, so 20 fu.
    page.goto(f"{server}/yaku/pinfu")
    form = page.locator("#question-2")
    form.scroll_into_view_if_needed()
    form.locator("input[name=answer]").fill("30")
    form.get_by_role("button", name="Check").click()
    expect(form.locator(".verdict")).to_contain_text("Not quite")
    form.locator("input[name=answer]").fill("20")
    form.get_by_role("button", name="Check").click()
    expect(form.locator(".verdict.right")).to_contain_text("Right!")
    assert page.url.endswith("/yaku/pinfu"), "graded in place, not by reloading the page"
    shot(page, "yaku-question")


def test_build_a_hand_in_the_calculator_by_clicking_tiles(server: str, page: Page) -> None:
    page.goto(server + "/calculator")
    for code in ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "3s", "4s", "5s", "5s", "5s"]:
        page.locator(f"button[data-tile='{code}']").click()
    expect(page.locator("#hand")).to_have_value("123456m789p34555s")
    expect(page.locator("#win")).to_have_value("5s")
    page.get_by_label("riichi", exact=True).check()
    page.get_by_label("Seat wind").select_option("S")
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator(".breakdown .payment")).to_contain_text("2 han 30 fu: 2,000 (non-dealer ron)")
    expect(page.locator(".breakdown table.yaku")).to_contain_text("Pinfu")
    shot(page, "calculator")


def test_calculator_reports_a_bad_hand_without_crashing(server: str, page: Page) -> None:
    page.goto(server + "/calculator?hand=123q&win=1m")
    expect(page.get_by_role("alert")).to_contain_text("unknown suit 'q'")


def test_pages_fit_a_phone(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 320, "height": 640})
    try:
        phone = context.new_page()
        phone.goto(server + "/lessons/")
        lessons = phone.eval_on_selector_all(
            "main a[href^='/lessons/']", "links => links.map(a => a.getAttribute('href'))"
        )
        assert len(set(lessons)) >= 12
        for path in (
            *sorted(set(lessons)),
            "/calculator?hand=123p77z666z&win=3p&tsumo=1&meld1_kind=minkan&meld1_tiles=8888p",
            "/tables",
            "/yaku/",
            "/yaku/kokushi_13",
            "/yaku/sankantsu",
        ):
            phone.goto(server + path)
            overflow = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{path} is {overflow}px wider than a 320px phone"
            shot(phone, "phone" + path.split("?")[0].replace("/", "-").rstrip("-"))
    finally:
        context.close()


def test_unknown_page_is_friendly(server: str, page: Page) -> None:
    response = page.goto(server + "/no/such/page")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_contain_text("not in the wall")


def test_a_quiz_of_five_answered_with_the_keyboard(browser: Browser, server: str) -> None:
    from tests.quiz.answering import right_answer
    from tutor.quiz import Question

    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        page = context.new_page()
        page.goto(server + "/practice/")
        page.check("input[name=topic][value=table]")
        page.check("input[name=topic][value=furiten]")
        page.fill("input[name=size]", "5")
        page.fill("input[name=seed]", "e2e-keyboard")
        shot(page, "quiz-setup")
        page.click("button[value=quiz]")
        for number in range(1, 6):
            expect(page.locator(".practice-head")).to_contain_text(f"Question {number} of 5")
            question_id = page.url.rsplit("/", 1)[-1]
            shown = page.request.get(f"{server}/api/questions/{question_id}").json()
            part = shown["parts"][0]
            answer = right_answer(Question.from_json({"ask": part["kind"], **shown["show"]}))
            wrong_on_purpose = number == 3
            if isinstance(answer, list):
                wanted = (
                    ["ron"] if wrong_on_purpose and answer != ["ron"] else ["discard"] if wrong_on_purpose else answer
                )
                for value in wanted:
                    key = page.locator(f"form[data-answer] input[value='{value}']").get_attribute("data-key")
                    page.keyboard.press(str(key))
                page.locator("body").focus()
            else:
                page.keyboard.type("100" if wrong_on_purpose else str(answer))  # the text box has the focus
            if number == 1:
                shot(page, "quiz-question")
            with page.expect_navigation():
                page.keyboard.press("Enter")
            verdict = page.locator(".feedback-panel h2.verdict")
            expect(verdict).to_have_text("Not quite" if wrong_on_purpose else "Right!")
            if wrong_on_purpose:
                shot(page, "quiz-feedback-wrong")
            with page.expect_navigation():
                page.keyboard.press("n")
        expect(page.locator(".score-line")).to_contain_text("4 / 5")
        expect(page.locator(".review-list > li")).to_have_count(5)
        shot(page, "quiz-review")
        page.goto(server + "/progress/")
        expect(page.locator(".stat-row")).to_contain_text("5 questions")
        expect(page.locator(".stat-row")).to_contain_text("80 %")
        expect(page.locator("svg.chart").first).to_be_visible()
        shot(page, "progress")
    finally:
        context.close()
