"""A teacher reads their class in a real browser, in English and in Chinese, at a laptop's and a phone's
size (issue 23): the class page, the dashboard of an assignment a student answered half wrong, that
student's attempt, the worksheet with its key and a question presented with its answer. What the page
shows and what a screen reader hears (text, alt texts, labels, titles) holds tiles and names, never a tile
code or an internal id, and no English on a Chinese page; axe finds nothing serious. Screenshots go to
test-artifacts/ (test-artifacts/words-*.png)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser

from tests.e2e.conftest import serious_violations, shot
from tests.web.test_class_words import class_with, problems
from tutor import create_app
from tutor.db import connect

SIZES = [(1280, 800), (390, 844)]
HEARD = """() => [...document.querySelectorAll('[aria-label], [alt], [title]')]
    .filter(e => !e.closest('[hidden], [aria-hidden="true"]'))
    .map(e => [e.getAttribute('aria-label'), e.getAttribute('alt'), e.getAttribute('title')].filter(Boolean).join(' '))
    .join(' ')"""
"""The accessible names a screen reader can meet on the page (and the titles a mouse shows)."""


def _half_wrong_session(app: Flask, username: str) -> int:
    db = connect(app.config["DATABASE"])
    try:
        (session,) = db.execute(
            "SELECT s.id FROM practice_sessions s JOIN users u ON u.id = s.user_id WHERE u.username = ?", [username]
        ).fetchone()
    finally:
        db.conn.close()
    return int(session)


@pytest.fixture(scope="module")
def readers(server: str, served_folder: Path) -> list[tuple[str, dict[str, str]]]:
    """The served database gets two classes whose two students answered every kind of question (one half
    wrong), one with the same hands for all and one with each student's own, written through the app's own
    routes. Who reads what: each class's teacher, and the half-wrong student of the first."""
    app = create_app({"TESTING": True, "DATABASE": str(served_folder / "tutor.sqlite"), "SECRET_KEY": "x"})
    found = []
    for variant in (False, True):
        suffix = random.randrange(10**5, 10**6)  # digits in each name: a name is no English word
        names = (f"sensei{suffix}", f"ann{suffix}", f"ben{suffix}")
        room, _ = class_with(app, variant=variant, names=names)
        base = f"/classes/{room.class_id}"
        task = f"{base}/assignments/{room.assignment_id}"
        attempt = f"{base}/attempts/{_half_wrong_session(app, names[2])}"
        kind = "variant" if variant else "shared"
        if variant:
            found.append((names[0], {f"dashboard-{kind}": task, f"attempt-{kind}": attempt}))
            continue
        found.append(
            (
                names[0],
                {
                    "class": base,
                    f"dashboard-{kind}": task,
                    f"attempt-{kind}": attempt,
                    "worksheet": f"{task}/worksheet",
                    "present": f"{task}/present/2?step=99",
                },
            )
        )
        found.append((names[2], {"student-class": base, "student-assignment": task}))
    return found


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_teacher_and_student_read_the_class_in_words(
    browser: Browser, server: str, readers: list[tuple[str, dict[str, str]]], lang: str, width: int, height: int
) -> None:
    for username, pages in readers:
        context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
        context.set_default_timeout(15_000)
        page = context.new_page()
        try:
            page.goto(server + "/auth/login")
            page.fill("input[name=username]", username)
            page.fill("input[name=password]", "correct horse")
            page.locator("form button[type=submit]").first.click()
            page.wait_for_url(lambda url: "/auth/login" not in url)
            for name, path in pages.items():
                page.goto(server + path + ("&" if "?" in path else "?") + f"lang={lang}")
                assert page.get_attribute("html", "lang") == ("zh-Hans" if lang == "zh" else "en")
                said = page.inner_text("body") + " " + page.evaluate(HEARD)
                found = [word for word in problems(said, lang) if word != username]
                assert not found, (name, found)
                assert serious_violations(page) == [], name
                shot(page, f"words-{name}-{lang}-{width}")
        finally:
            context.close()
