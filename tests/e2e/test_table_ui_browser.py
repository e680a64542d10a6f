"""What a learner sees and touches, in a real browser at a laptop (1280x800) and a phone (390x844): hands
drawn as at the table, a calculator that answers in view, presentation mode on a 720p projector, a compact
phone header with 44 px touch targets, and axe's accessibility rules over the main pages.

The fixtures (`server`, `browser`) and `shot` live in conftest.py; screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import register, serious_violations, shot

SIZES = [(1280, 800), (390, 844)]
# An open hand: a chi of 3-4-5s with the 4s called, a pon of red dragons, a closed kan of East; ron on 8p.
OPEN_HAND = (
    "/calculator?hand=678p88p&win=8p&seat=S&meld1_kind=chi&meld1_tiles=435s"
    "&meld2_kind=pon&meld2_tiles=777z&meld3_kind=ankan&meld3_tiles=1111z"
)


@pytest.fixture(params=SIZES, ids=["laptop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[tuple[Page, int]]:
    width, height = request.param
    phone = width < 500
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone, reduced_motion="reduce"
    )
    context.set_default_timeout(10_000)
    try:
        yield context.new_page(), width
    finally:
        context.close()


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found


# --- hands as at the table ----------------------------------------------------------------------------


def test_a_called_tile_is_an_upright_tile_turned(sized: tuple[Page, int], server: str) -> None:
    page, width = sized
    page.goto(server + OPEN_HAND)
    hand = ".breakdown p.hand"
    upright = box(page, f"{hand} img.tile:not(.sideways)")
    called = box(page, f"{hand} img.tile.sideways")
    assert abs(called["width"] - upright["height"]) <= 1 and abs(called["height"] - upright["width"]) <= 1, (
        upright,
        called,
    )
    assert upright["height"] >= 28, "a hand's tiles stay readable"
    # The same at the small size: the meld preview next to the calculator's meld field.
    small_upright = box(page, "[data-preview=meld1] img.tile:not(.sideways)")
    small_called = box(page, "[data-preview=meld1] img.tile.sideways")
    assert abs(small_called["width"] - small_upright["height"]) <= 1
    assert abs(small_called["height"] - small_upright["width"]) <= 1
    # The chi's called tile is the 4s, turned at the left of the meld.
    assert page.locator(f"{hand} .meld").first.locator("img").first.get_attribute("src") == "/tiles/4s-sideways.svg"
    expect(page.locator(".breakdown .situation")).to_contain_text("open hand")
    # The winning tile stands apart, after the concealed tiles and before the melds.
    groups = page.locator(f"{hand} .tile-group")
    assert groups.nth(1).get_attribute("class") == "tile-group win-group"
    assert groups.nth(1).locator("img").get_attribute("alt") == "8 of circles, winning tile"
    gap = box(page, f"{hand} .win-group")["x"] - (
        box(page, f"{hand} .tile-group")["x"] + box(page, f"{hand} .tile-group")["width"]
    )
    assert gap >= 8, f"the winning tile is only {gap}px from the hand"
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    page.locator(hand).scroll_into_view_if_needed()
    shot(page, f"table-open-hand-{width}")


# --- the calculator -----------------------------------------------------------------------------------


def test_the_calculator_result_is_in_view_after_scoring(sized: tuple[Page, int], server: str) -> None:
    page, width = sized
    height = page.viewport_size["height"] if page.viewport_size else 0
    page.goto(server + "/calculator")
    # The hand from the palette; a click on a hand tile makes it the winning tile.
    for code in ["2m", "3m", "4m", "5m", "6m", "7m", "2p", "3p", "4p", "6s", "7s", "8s", "5p", "5p"]:
        page.locator(f"#palette button[data-tile='{code}']").click()
    page.locator("#hand-preview img[data-code='6s']").click()
    expect(page.locator("#win")).to_have_value("6s")
    expect(page.locator("#hand-preview .win-group img")).to_have_attribute("alt", "6 of bamboo, winning tile")
    # A dora indicator from the palette too.
    page.locator("input[name=target][value=dora]").check()
    page.locator("#palette button[data-tile='4p']").click()
    expect(page.locator("input[name=dora]")).to_have_value("4p")
    page.get_by_label("riichi", exact=True).check()
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#result .breakdown .payment")).to_be_visible()
    top = box(page, "#result")["y"]
    assert 0 <= top < height, f"the result's top is at {top}px, outside the {height}px window"
    expect(page.locator("#result .breakdown")).to_contain_text("Tanyao")
    # A closed hand and its winning tile share one row, even on a phone.
    rest, apart = box(page, "#result .hand .tile-group"), box(page, "#result .hand .win-group")
    assert abs((rest["y"] + rest["height"]) - (apart["y"] + apart["height"])) < 2, (rest, apart)
    expect(page.locator("#result .situation")).to_contain_text("Dora indicators")
    assert serious_violations(page) == []
    shot(page, f"table-calculator-result-{width}")


def test_melds_are_picked_with_their_called_tile(sized: tuple[Page, int], server: str) -> None:
    page, width = sized
    page.goto(server + "/calculator")
    page.locator("input[name=target][value=meld1]").check()
    page.locator("select[name=meld1_kind]").select_option("chi")
    for code in ["6s", "7s", "8s"]:
        page.locator(f"#palette button[data-tile='{code}']").click()
    expect(page.locator("input[name=meld1_tiles]")).to_have_value("678s")
    page.locator("input[name=target][value=meld2]").check()
    page.locator("select[name=meld2_kind]").select_option("kakan")
    page.locator("#palette button[data-tile='0p']").click()
    expect(page.locator("input[name=meld2_tiles]")).to_have_value("0555p")
    assert page.locator("[data-preview=meld2] img").first.get_attribute("src") == "/tiles/0p-sideways.svg"
    page.locator("input[name=target][value=hand]").check()
    for code in ["2m", "3m", "4m", "4p", "4p", "6p", "7p", "8p"]:
        page.locator(f"#palette button[data-tile='{code}']").click()
    page.get_by_role("button", name="Score the hand").click()
    expect(page.locator("#result .breakdown .payment")).to_contain_text("2 han")  # tanyao, open, and the red five
    expect(page.locator("#result .breakdown")).to_contain_text("Open kan")
    shot(page, f"table-calculator-melds-{width}")


def test_an_empty_hand_is_named_not_ignored(sized: tuple[Page, int], server: str) -> None:
    page, _ = sized
    page.goto(server + "/calculator")
    page.get_by_role("button", name="Score the hand").click()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The hand is empty")
    top = box(page, "#result")["y"]
    assert 0 <= top < (page.viewport_size or {"height": 0})["height"]


# --- presentation mode --------------------------------------------------------------------------------


def test_presentation_fits_a_projector_and_draws_kans_as_tiles(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(server + OPEN_HAND.replace("/calculator?", "/calculator/present?"))
        steps = page.locator("[data-step]")
        total = steps.count()
        assert total >= 5
        reveal = page.locator("[data-reveal]")
        for shown in range(1, total + 2):  # one press more than there are steps: the button stays
            page.keyboard.press("ArrowRight")
            expect(reveal).to_be_visible()
            newest = steps.nth(min(shown, total) - 1)
            expect(newest).to_be_visible()
            step_box = newest.bounding_box()
            controls = box(page, ".present-controls")
            assert step_box is not None and step_box["y"] >= 0
            assert step_box["y"] + step_box["height"] <= controls["y"] + 1, f"step {shown} is under the controls"
            assert controls["y"] + controls["height"] <= 720 + 1
        assert reveal.get_attribute("aria-disabled") == "true"
        text = page.locator(".steps").inner_text()
        assert "1,111" not in text and "1111z" not in text
        kan_step = page.locator("[data-step]", has_text="kan").first
        assert kan_step.locator("img[src='/tiles/1z.svg']").count() == 4, "the kan is drawn as four East tiles"
        payment = page.locator(".step-payment")
        expect(payment).to_contain_text(re.compile(r"\d,\d{3}"))  # points still have their separators
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0
        assert serious_violations(page) == []
        shot(page, "table-present-1280x720")
    finally:
        context.close()


# --- phone: header, touch targets, tables ---------------------------------------------------------------


def test_the_phone_header_is_compact_and_targets_are_finger_sized(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server + "/calculator")
        header = box(page, "header.site")
        assert header["height"] <= 70, f"the header takes {header['height']}px of 844"
        menu = page.get_by_role("button", name="Menu")
        expect(page.get_by_role("link", name="Practice")).to_be_hidden()
        menu.click()
        expect(menu).to_have_attribute("aria-expanded", "true")
        expect(page.get_by_role("link", name="Practice")).to_be_visible()
        shot(page, "table-phone-menu-open")
        menu.click()
        for selector in (
            "#palette .tile-button",
            "button[type=submit]",
            ".checks label",
            ".pick-target label",
            "select",
        ):
            for index in range(min(page.locator(selector).count(), 6)):
                found = page.locator(selector).nth(index).bounding_box()
                assert found is not None and found["height"] >= 44, f"{selector} #{index}: {found}"
                if selector == "#palette .tile-button":
                    assert found["width"] >= 44, f"{selector} #{index}: {found}"
        # Choices on a practice question, and no keyboard hints on a touch screen.
        page.goto(server + "/practice/")
        page.check("input[name=topic][value=furiten]")
        page.click("button[name=mode][value=practice]")
        choice = page.locator("form[data-answer] label.choice").first
        found = choice.bounding_box()
        assert found is not None and found["height"] >= 44
        assert page.locator("kbd").evaluate_all("keys => keys.filter(k => k.offsetParent !== null).length") == 0
        shot(page, "table-phone-practice")
    finally:
        context.close()


def test_the_home_page_leads_everywhere(sized: tuple[Page, int], server: str) -> None:
    page, width = sized
    page.goto(server + "/")
    cards = page.locator(".cards a.card")
    hrefs = set(cards.evaluate_all("cards => cards.map(c => c.getAttribute('href'))"))
    assert {"/practice/", "/progress/", "/classes/", "/lessons/", "/calculator"} <= hrefs, hrefs
    assert serious_violations(page) == []
    shot(page, f"table-home-{width}")


# --- accessibility over the main pages ------------------------------------------------------------------


def _class_with_a_student(browser: Browser, server: str) -> tuple[BrowserContext, BrowserContext, str, str]:
    """A teacher's class with one assignment and a student who joined: (teacher, student, class, dashboard)."""
    suffix = uuid.uuid4().hex[:8]
    contexts = []
    for _ in range(2):
        # Reduced motion: a revealed step is checked at its final colours, not halfway through fading in.
        context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
        context.set_default_timeout(10_000)
        contexts.append(context)
    teacher, student = (c.new_page() for c in contexts)
    for page, name, role in ((teacher, f"t-{suffix}", "teacher"), (student, f"s-{suffix}", "learner")):
        register(page, server, name, role)
    assert teacher.url.endswith("/classes/"), "a new teacher lands where classes are made"
    teacher.fill("input[name=name]", "Wednesday beginners")
    teacher.get_by_role("button", name="Create class").click()
    teacher.wait_for_url(re.compile(r"/classes/\d+$"))
    class_url = teacher.url
    code = teacher.locator("[data-join-code]").inner_text().strip()
    teacher.get_by_role("link", name="New assignment").click()
    teacher.fill("input[name=title]", "Open hands")
    teacher.check("input[name=topic][value=fu]")
    teacher.fill("input[name=size]", "2")
    teacher.fill("input[name=seed]", "e2e-table")
    teacher.get_by_role("button", name="Set the assignment").click()
    teacher.wait_for_url(re.compile(r"/classes/\d+/assignments/\d+$"))
    dashboard = teacher.url
    student.goto(server + "/classes/")
    student.fill("input[name=code]", code)
    student.fill("input[name=display_name]", "Student Two")
    student.get_by_role("button", name="Join").click()
    student.wait_for_url(class_url)
    return contexts[0], contexts[1], class_url, dashboard


def test_axe_finds_nothing_serious_on_the_main_pages(browser: Browser, server: str) -> None:
    teacher_context, student_context, class_url, dashboard = _class_with_a_student(browser, server)
    try:
        pages = {
            "home": "/",
            "lesson": "/lessons/",
            "yaku": "/yaku/pinfu",
            "calculator": OPEN_HAND + "#result",
            "progress": "/progress/",
            "present": OPEN_HAND.replace("/calculator?", "/calculator/present?") + "&step=99",
        }
        for width, height in SIZES:
            phone = width < 500
            for context in (teacher_context, student_context):
                context.pages[0].set_viewport_size({"width": width, "height": height})
            teacher, student = teacher_context.pages[0], student_context.pages[0]
            student.goto(server + "/lessons/")
            pages["lesson"] = student.locator("main a[href^='/lessons/']").first.get_attribute("href") or "/lessons/"
            for name, path in pages.items():
                student.goto(server + path)
                assert serious_violations(student) == [], f"{name} at {width}px"
                shot(student, f"table-axe-{name}-{width}")
            for name, page, path in (("dashboard", teacher, dashboard), ("class-student", student, class_url)):
                page.goto(path)
                assert serious_violations(page) == [], f"{name} at {width}px"
                overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 0, f"{name} is {overflow}px wider than the window at {width}px"
                shot(page, f"table-axe-{name}-{width}")
            if phone:
                # The teacher's dashboard hands are drawn large enough to read.
                teacher.goto(dashboard)
                tile = box(teacher, ".per-question .mini img.tile")
                assert tile["height"] >= 30, tile
    finally:
        teacher_context.close()
        student_context.close()


# --- the page's language reaches what app.js writes ----------------------------------------------------


def test_what_the_script_writes_is_in_the_pages_language(browser: Browser, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(server + "/calculator?lang=zh")
        for code in ["2m", "3m"]:
            page.locator(f"#palette button[data-tile='{code}']").click()
        titles = [page.locator("#hand-preview button").nth(n).get_attribute("title") for n in range(2)]
        assert titles == ["把2万定为和牌", "取出3万"], titles  # the tiles named, in Chinese sentences
        page.goto(server + "/lessons/fu?lang=zh")
        first = page.locator("#question-1")
        first.locator("input[name=answer]").fill("30")
        first.get_by_role("button", name="检查").click()  # graded in place by app.js
        verdict = first.locator(".verdict")
        expect(verdict).to_have_count(1)
        assert re.match(r"^(正确！|不太对。) 答案：", verdict.inner_text()), verdict.inner_text()
    finally:
        context.close()
