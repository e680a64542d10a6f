"""You in your games, in a real browser (issue 26), at a laptop and a phone size, in English and Chinese:
upload a real Tenhou game, say which player you were, answer what you paid for a win, and see the game
drawn: tiles, scores after each hand, the final standings beside the log's. Axe finds nothing serious."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import serious_violations, shot
from tutor.gamelog import read_log
from tutor.practice.mygames import Asked, asked_hands, paid_request
from tutor.quiz.questions import Question

LOG = Path(__file__).parents[1] / "gamelog" / "fixtures" / "real" / "dn_bug5.xml"
RECORDS = [json.loads(json.dumps(win.as_record())) for win in read_log(LOG.read_bytes(), "bug5.xml").wins]
SHOTS = Path("/tmp/shots-games")
WORDS = {
    "en": {"right": "Right!", "seat": "Which player were you?", "scores": "Scores after each hand"},
    "zh": {"right": "正确！", "seat": "你是哪位玩家？", "scores": "每局后的点数"},
}


def first_paid() -> tuple[int, Asked]:
    """A seat whose first hand to practise is one they paid for, and that hand."""
    for seat in range(4):
        asked = asked_hands(RECORDS, seat)
        if asked and asked[0].payer is not None:
            return seat, asked[0]
    raise AssertionError("no seat starts with a payment")


def snap(page: Page, name: str) -> None:
    shot(page, name)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_pick_a_seat_answer_a_payment_and_see_the_game_drawn(
    browser: Browser, server: str, width: int, height: int, lang: str
) -> None:
    seat, hand = first_paid()
    paid = Question.from_json({"ask": "paid", "request": paid_request(hand), "payer": hand.payer})
    words = WORDS[lang]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(f"{server}/practice/games/?lang={lang}")
        page.set_input_files("input[name=log]", str(LOG))
        page.click("form.game-upload button[type=submit]")
        page.wait_for_url("**/practice/q/*")

        page.goto(server + "/practice/games/")
        page.locator(".game-item a").first.click()
        assert words["seat"] in page.locator(".seat-form").inner_text()
        page.check(f"input[name=seat][value='{seat}']")
        page.click("form.seat-form button[type=submit]")
        page.wait_for_url("**/practice/games/*")
        assert page.locator("input[name=whose][value=mine]").is_checked()
        page.click("form[action$='/practise'] button[type=submit]")
        page.wait_for_url("**/practice/q/*")
        assert page.locator(".paid-seat").count() == 1
        page.fill("input[name=paid]", paid.right_answer())
        assert serious_violations(page) == []
        snap(page, f"games-paid-question-{lang}-{width}")
        page.click("#answer-form button[type=submit]")
        assert page.locator(".verdict").inner_text() == words["right"]
        feedback = page.locator("main").inner_text()
        assert f"{int(paid.right_answer()):,}" in feedback
        assert serious_violations(page) == []
        snap(page, f"games-paid-feedback-{lang}-{width}")

        page.goto(server + "/practice/games/")
        page.locator(".game-item a").first.click()
        page.wait_for_url(lambda url: url.rstrip("/") != server + "/practice/games")
        page.wait_for_load_state()  # the whole game page, before its tiles are counted
        assert words["scores"] in page.locator("main").inner_text()
        assert page.locator(".logged-result .hand img").count() >= 14 * len(RECORDS)
        assert page.locator("table.game-end tbody tr").count() == 4
        assert page.locator("table.game-end .differs").count() == 0
        details = page.locator("details.raw-log").first
        assert not details.locator("code").is_visible()
        details.locator("summary").click()
        assert details.locator("code").is_visible()
        if lang == "zh":
            text = page.locator("main").inner_text()
            assert "东1局" in text and not re.search(r"\b(East|South) [1-4]\b|\bhonba\b|\bpoints\b", text)
        assert serious_violations(page) == []
        snap(page, f"games-drawn-{lang}-{width}")
    finally:
        context.close()
