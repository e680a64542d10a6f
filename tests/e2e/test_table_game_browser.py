"""A short game kept at the table on a phone (390x844), in English and in Chinese: a ron, a tsumo entered with
its tiles, a draw with two tenpai, a riichi whose player wins the sticks, an edit of the first hand, and the
end of the game. The scores and the final standings on the page are the replay's; axe finds nothing serious;
the page shows no tile code outside the input fields and, in Chinese, no English word.

Screenshots go to /tmp/shots-table2/ (phone and laptop, both languages).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import serious_violations
from tutor.engine.standings import shown
from tutor.table import Draw, Entered, HandRecord, Quick, Settings, Win, replay

SHOTS = Path("/tmp/shots-table2")
NAMES = {"en": ("Ann", "Bo", "Cy", "Di"), "zh": ("小明", "小红", "阿强", "老李")}
TSUMO_HAND = {"hand": "34m567p234678s55s2m"}
"""Ann's closed tsumo on the 2m (the last tile typed is the winning tile): menzen tsumo, tanyao, pinfu."""
RECORDS = [
    HandRecord(Win(1, Quick(1, 30), discarder=2)),  # hand 1 as edited (first entered as 3 han 30 fu)
    HandRecord(Win(3, Quick(2, 30))),
    HandRecord(Draw(tenpai=(0, 2)), riichi=(0,)),
    HandRecord(Win(1, Quick(2, 30), discarder=3), riichi=(1,)),
    HandRecord(Win(0, Entered({"hand": "34m567p234678s55s2m", "win": "2m"}))),
    HandRecord(Win(1, Quick(3, 30), discarder=0)),
]
TILE_CODE = re.compile(r"\b[0-9]+[mpsz]\b")
ENGLISH = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, reduced_motion="reduce"
    )
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def add(page: Page, kind: str, riichi: tuple[int, ...] = (), **fields: str) -> int:
    """Enter one hand as a player would, tap by tap; the taps (clicks, choices, typed fields) are counted."""
    taps = 0
    form = page.locator("form[data-table-hand]")
    for player in riichi:
        form.locator(f"input[name=riichi][value='{player}']").check()
        taps += 1
    form.locator(f"input[name=kind][value={kind}]").check()
    taps += 1
    for name, value in fields.items():
        if name in ("tenpai",):
            for seat in value:
                form.locator(f"input[name=tenpai][value='{seat}']").check()
                taps += 1
        elif name == "entry":
            form.locator(f"input[name=entry][value={value}]").check()
            taps += 1
        elif name in ("hand", "win"):
            form.locator(f"input[name={name}]").fill(value)
            taps += 1
        else:
            form.locator(f"select[name={name}]").select_option(value)
            taps += 1
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()
    problem = page.locator(".form-problem")
    assert problem.count() == 0, problem.first.inner_text()
    return taps + 1


def heard(snapshot: str) -> str:
    """What a screen reader says from an ARIA snapshot: names and text, without the roles, states and link
    targets, and without the input fields' own values (a tile input may hold MPSZ; the share link is a URL)."""
    said = []
    for line in snapshot.splitlines():
        if "/url:" in line or re.match(r"\s*- textbox\b", line):
            continue
        line = re.sub(r"^\s*-\s*[a-z]+\b", "", line)
        said.append(re.sub(r"\[[^\]]*\]", "", line))
    return "\n".join(said)


def scan(page: Page, language: str) -> None:
    main = page.locator("main")
    for text in (main.inner_text(), heard(main.aria_snapshot())):
        assert TILE_CODE.findall(text) == [], TILE_CODE.findall(text)
        if language == "zh":
            assert ENGLISH.findall(text) == [], ENGLISH.findall(text)[:20]
    assert serious_violations(page) == []


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_short_game_on_a_phone(phone: Page, server: str, language: str, browser: Browser) -> None:
    SHOTS.mkdir(exist_ok=True)
    page = phone
    names = NAMES[language]
    page.goto(f"{server}/table/?lang={language}")
    page.screenshot(path=str(SHOTS / f"new-{language}-390.png"), full_page=True)
    for n, name in enumerate(names):
        page.fill(f"input[name=name{n}]", name)
    page.check("input[name=length][value=east]")
    page.locator("form.table-new button[type=submit]").click()
    page.wait_for_url(re.compile(r"/table/\d+$"))
    game_url = page.url
    scan(page, language)
    add(page, "ron", winner="1", discarder="2", han="3", fu="30")
    add(page, "tsumo", winner="3", han="2", fu="30")
    add(page, "draw", riichi=(0,), tenpai="02")
    add(page, "ron", riichi=(1,), winner="1", discarder="3", han="2", fu="30")
    page.screenshot(path=str(SHOTS / f"game-{language}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(SHOTS / f"game-{language}-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    scan(page, language)
    taps = add(page, "tsumo", winner="0", entry="tiles", hand=TSUMO_HAND["hand"])
    # Tsumo, the winner, "the hand's tiles", the tiles, the button. The calculator takes as many for this hand:
    # the tiles, the seat wind, tsumo, the button, and the winning tile if it is not the last typed.
    assert taps == 5
    assert page.locator("details.table-breakdown").count() == 1
    add(page, "ron", winner="1", discarder="0", han="3", fu="30")
    # The first hand was 1 han 30 fu, not 3: change it; every hand after it is worked out again.
    page.locator("a[href$='/hands/1']").click()
    page.wait_for_url(re.compile(r"/hands/1$"))
    page.locator("form[data-table-hand] select[name=han]").select_option("1")
    page.locator("form[data-table-hand] button[type=submit]").click()
    page.wait_for_url(re.compile(r"/table/\d+"))

    game = replay(Settings.make(names, length="east"), RECORDS)
    assert game.over, "the game ends when Bo passes 30,000 in the extension"
    shown_scores = [page.locator(f"[data-player='{p}'] [data-score]").inner_text() for p in range(4)]
    assert [int(s.replace(",", "")) for s in shown_scores] == list(game.scores)
    finals = page.locator("table.standings tbody tr td:last-child").all_inner_texts()
    assert finals == [shown(row.final) for row in game.standings().rows]
    page.locator("details.table-breakdown summary").first.click()
    page.screenshot(path=str(SHOTS / f"end-{language}-390.png"), full_page=True)
    scan(page, language)

    laptop = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        other = laptop.new_page()
        shared = page.locator("input.share-link").input_value()
        other.goto(shared + f"?lang={language}")
        # Read only: the one form is "practise these hands", into the visitor's own progress.
        forms = other.locator("main form[method=post]")
        assert [forms.nth(i).get_attribute("action") for i in range(forms.count())] == [
            shared.removeprefix(shared.split("/table/", 1)[0]) + "/practise"
        ]
        texts = [other.locator(f"[data-player='{p}'] [data-score]").inner_text() for p in range(4)]
        assert texts == shown_scores
        other.screenshot(path=str(SHOTS / f"shared-{language}-1280.png"), full_page=True)
        response = other.goto(game_url)  # another visitor: the game itself is not theirs
        assert response is not None and response.status == 404
    finally:
        laptop.close()


def test_the_calculators_tile_picker_fills_the_hand(phone: Page, server: str) -> None:
    page = phone
    page.goto(f"{server}/table/")
    for n, name in enumerate(NAMES["en"]):
        page.fill(f"input[name=name{n}]", name)
    page.locator("form.table-new button[type=submit]").click()
    page.wait_for_url(re.compile(r"/table/\d+$"))
    form = page.locator("form[data-table-hand]")
    assert not form.locator("#palette").is_visible()  # han and fu first: the picker waits for "the hand's tiles"
    form.locator("input[name=entry][value=tiles]").check()
    for code in ("1m", "2m", "3m"):
        form.locator(f"#palette button[data-tile='{code}']").click()
    assert form.locator("#hand").input_value() == "123m"
    assert form.locator("#win").input_value() == "3m"
    assert serious_violations(page) == []
