"""Practise my games in a real browser, at a laptop and a phone size: upload a Tenhou log, score its first
hand, see the log's result beside ours; a file that is not a log is named in the page. Axe finds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser

from tests.e2e.conftest import shot
from tests.quiz.answering import right_answer
from tutor.gamelog import read_log
from tutor.quiz.questions import Question

AXE = Axe()
LOG = Path(__file__).parents[1] / "gamelog" / "fixtures" / "game.mjlog"
FIRST = read_log(LOG.read_bytes(), "game.mjlog").wins[0]
ALTERED = (LOG.parent / "game.json").read_text(encoding="utf-8").replace("40符3飜1300-2600点", "40符3飜2000-3900点")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_upload_a_log_and_score_its_first_hand(
    browser: Browser, server: str, width: int, height: int, tmp_path: Path
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(server + "/practice/games/")
        not_a_log = tmp_path / "notes.json"
        not_a_log.write_text("hello, world")
        page.set_input_files("input[name=log]", str(not_a_log))
        page.click("form.game-upload button[type=submit]")
        assert "this is not a game log" in page.locator(".form-problem").inner_text()
        assert [v["id"] for v in AXE.run(page).response["violations"]] == []
        shot(page, f"mygames-refused-{width}")

        page.set_input_files("input[name=log]", str(LOG))
        page.check("input[name=part][value=han]")
        page.check("input[name=part][value=points]")
        page.click("form.game-upload button[type=submit]")
        page.wait_for_url("**/practice/q/*")
        assert "Question 1 of 8" in page.locator(".eyebrow").inner_text()
        for kind in ("han", "points"):
            answer = right_answer(Question.from_json({"ask": kind, "request": FIRST.request}))
            page.fill(f"input[name={kind}]", str(answer))
        page.click("#answer-form button[type=submit]")
        assert page.locator(".verdict").inner_text() == "Right!"
        beside = page.locator(".logged-result")
        assert "The log and our engine agree." in beside.inner_text()
        assert "18,000" in beside.locator("table").inner_text()
        assert "Aoi" not in page.content()  # a seat, not the player's name
        beside.scroll_into_view_if_needed()
        assert [v["id"] for v in AXE.run(page).response["violations"]] == []
        shot(page, f"mygames-first-hand-{width}")

        page.goto(server + "/practice/games/")
        assert page.locator(".game-item").count() >= 1
        assert [v["id"] for v in AXE.run(page).response["violations"]] == []
        shot(page, f"mygames-list-{width}")

        # A pasted log whose second win the log scores differently: the game's page flags it.
        page.fill("textarea[name=text]", ALTERED)
        page.check("input[name=part][value=yaku]")
        page.click("form.game-upload button[type=submit]")
        page.wait_for_url("**/practice/q/*")
        page.goto(server + "/practice/games/")
        page.locator(".game-item a").first.click()
        assert page.locator(".logged-result.differs").count() == 1
        assert "points: ours 5200, the log's 7900" in page.locator(".logged-result.differs").inner_text()
        assert [v["id"] for v in AXE.run(page).response["violations"]] == []
        shot(page, f"mygames-game-{width}")
    finally:
        context.close()
