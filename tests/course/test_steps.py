"""Lessons in short steps (issue 24): every lesson is a sequence of steps, each check stands after the section
its author says teaches it, a step is done when its checks are answered (or, without checks, when the learner
goes on from it), and opening a lesson marks nothing done."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import right_answer
from tests.web.test_lessons import _teacher_app
from tutor.app import resource_dir
from tutor.course.lessons import BLOCK, LessonBook

LANGUAGES = ("en", "zh")


def book(app: Flask, lang: str) -> LessonBook:
    found: LessonBook = app.extensions["lessons"].own_book(lang)
    return found


def state(client: FlaskClient, slug: str) -> str:
    page = client.get("/lessons/").get_data(as_text=True)
    found = re.search(rf'<li data-lesson-state="(\w+)" id="lesson-\d+"><a href="/lessons/{slug}/\d+"', page)
    assert found, slug
    return found.group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_has_steps_and_every_question_stands_in_one(app: Flask, lang: str) -> None:
    lessons = book(app, lang).lessons
    assert len(lessons) == 17
    for page in lessons.values():
        assert len(page.steps) >= 3, page.slug
        placed = [number for step in page.steps for number in step.questions]
        assert placed == list(range(1, len(page.questions) + 1)), page.slug
        assert [step.number for step in page.steps] == list(range(1, len(page.steps) + 1))
        assert all(step.title for step in page.steps), page.slug


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_check_declares_its_section_and_stands_after_it(lang: str) -> None:
    """Read from the files themselves: each question says which ## section teaches it (``"after"``), and it
    stands in that section or a later one, never all of them in a final "check yourself" heap."""
    for path in sorted((resource_dir("lessons") / lang).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        # Steps open at every ## heading and at each ### heading marked {.step}.
        headings = [
            (m.start(), m.group(0)) for m in re.finditer(r"^(?:## .*|### .*\{[^}]*\.step\}[ \t]*)$", text, re.M)
        ]
        sections_with_checks = set()
        for match in BLOCK.finditer(text):
            if match.group(1) != "question":
                continue
            declared = json.loads(match.group(2)).get("after")
            assert declared, f"{path.name}: a question does not say which section teaches it"
            standing = max(at for at, (start, _) in enumerate(headings) if start < match.start())
            sections_with_checks.add(standing)
            taught = [at for at, (_, line) in enumerate(headings) if _anchor(line) == declared]
            assert taught, f"{path.name}: no heading {declared!r}"
            assert standing >= taught[0], f"{path.name}: a question stands before {declared!r}"
        assert len(sections_with_checks) >= 1, path.name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_opens_with_a_heading_right_under_the_lessons_title(app: Flask, lang: str) -> None:
    """A step its author cut at a ### heading shows that heading as an <h2>, as a ## step does, so the step's
    page (the lesson's title its <h1>) skips no heading level; the whole lesson keeps it an <h3>."""
    cut_at_h3 = 0
    for page in book(app, lang).lessons.values():
        for step in page.steps:
            first = re.search(r"<h([1-6])\b", step.html)
            assert first and first.group(1) == "2", (page.slug, step.number)
            if step.id and re.search(rf'<h3 [^>]*id="{re.escape(step.id)}"', page.html):
                cut_at_h3 += 1
    assert cut_at_h3 >= 20


def test_checks_are_spread_through_the_lessons(app: Flask) -> None:
    """Most lessons ask in more than one step, and no step asks more than six checks."""
    pages = book(app, "en").lessons.values()
    assert sum(len([s for s in page.steps if s.questions]) > 1 for page in pages) >= 12
    assert max(len(s.questions) for page in pages for s in page.steps) <= 6


def _anchor(heading: str) -> str:
    from markdown.extensions.toc import slugify_unicode

    attrs = re.search(r"\s*\{([^}]*)\}\s*$", heading)
    explicit = re.search(r"#([\w-]+)", attrs.group(1)) if attrs else None
    if explicit:
        return explicit.group(1)
    text = heading[: attrs.start()] if attrs else heading
    return str(slugify_unicode(text.lstrip("#").strip(), "-"))


def test_a_chinese_question_stands_in_the_same_step_as_the_english_one(app: Flask) -> None:
    english, chinese = book(app, "en").lessons, book(app, "zh").lessons
    for slug, page in chinese.items():
        assert len(page.steps) == len(english[slug].steps), slug
        assert [s.questions for s in page.steps] == [s.questions for s in english[slug].steps], slug


def test_a_teachers_question_placed_before_its_section_is_refused(tmp_path: Path) -> None:
    question = '```question\n{"after": "%s", "ask": "han", "request": {"hand": "234m567p345s88s111z", "win": "1z", "riichi": true, "seat_wind": "S"}}\n```\n'
    text = "---\ntitle: Mine\nslug: mine\norder: 50\nsummary: x\n---\n\n## First\n\nText.\n\n{q}\n## Second\n\nMore.\n"
    for folder in "abc":
        (tmp_path / folder).mkdir()
    early = _teacher_app(tmp_path / "a", "50-mine.md", text.replace("{q}", question % "second"))
    problems = early.extensions["lessons"].book("en").problems
    assert problems and "before 'second'" in problems[0]
    unknown = _teacher_app(tmp_path / "b", "50-mine.md", text.replace("{q}", question % "nowhere"))
    assert "no step heading has that id" in unknown.extensions["lessons"].book("en").problems[0]
    fine = _teacher_app(tmp_path / "c", "50-mine.md", text.replace("{q}", question % "first"))
    page = fine.extensions["lessons"].book("en").lessons["mine"]
    assert [(s.id, s.questions) for s in page.steps] == [("first", (1,)), ("second", ())]


def test_opening_a_lesson_marks_nothing_done(app: Flask, client: FlaskClient) -> None:
    client.post("/lessons/fu/check/1", data={"answer": "1", "csrf_token": csrf(client)})  # now a known guest
    for path in ("/lessons/tiles", "/lessons/tiles/1", "/lessons/tiles/2", "/lessons/tiles/8"):
        assert client.get(path).status_code == 200
    assert state(client, "tiles") == "new"
    step = client.get("/lessons/tiles/1").get_data(as_text=True)
    total = len(book(app, "en").lessons["tiles"].steps)
    assert f"Step 1 of {total}" in step and "step-done" not in step


def test_a_step_is_done_by_going_on_or_by_answering_its_checks(app: Flask, client: FlaskClient) -> None:
    tiles = book(app, "en").lessons["tiles"]
    token = csrf(client)
    # Step 1 has no checks: going on from it is reading it to the end.
    assert client.post("/lessons/tiles/1/next", data={"csrf_token": token}).headers["Location"] == "/lessons/tiles/2"
    assert state(client, "tiles") == "started"
    page = client.get("/lessons/tiles/2").get_data(as_text=True)
    assert re.search(r'aria-current="step">.*?</li>', page)
    assert re.search(r'<li><a href="/lessons/tiles/1"[^>]*>[^<]*</a> <span class="step-done">', page)
    # A step with checks is not done by going on from it, only by answering every check.
    with_checks = next(s for s in tiles.steps if s.questions)
    client.post(f"/lessons/tiles/{with_checks.number}/next", data={"csrf_token": token})
    step = client.get(f"/lessons/tiles/{with_checks.number}").get_data(as_text=True)
    assert "Answer the checks above to finish this step." in step
    for number in with_checks.questions:
        answer = right_answer(tiles.questions[number - 1])
        client.post(f"/lessons/tiles/check/{number}", data={"answer": answer, "csrf_token": token})
    step = client.get(f"/lessons/tiles/{with_checks.number}").get_data(as_text=True)
    assert "Step done: every check here is answered." in step
    # Every step done: the lesson is read, and the last step's button leaves for the course list.
    for s in tiles.steps:
        last = client.post(f"/lessons/tiles/{s.number}/next", data={"csrf_token": token})
        for number in s.questions:
            answer = right_answer(tiles.questions[number - 1])
            client.post(f"/lessons/tiles/check/{number}", data={"answer": answer, "csrf_token": token})
    assert last.headers["Location"].startswith("/lessons/?finished=tiles")
    assert state(client, "tiles") == "done"
    finished = client.get(last.headers["Location"]).get_data(as_text=True)
    assert "Lesson 1, Tiles, notation and the table: every step done." in finished


def test_a_plain_form_check_comes_back_on_its_step(client: FlaskClient) -> None:
    page = client.post("/lessons/fu/check/2", data={"answer": "40", "csrf_token": csrf(client)}).get_data(as_text=True)
    assert 'id="question-2"' in page and 'class="verdict wrong"' in page
    assert re.search(r"Step \d+ of \d+", page) and 'id="question-1"' not in page


def test_a_missing_step_is_a_404_page(client: FlaskClient) -> None:
    assert client.get("/lessons/tiles/0").status_code == 404
    assert client.get("/lessons/tiles/99").status_code == 404
    assert client.post("/lessons/tiles/99/next", data={"csrf_token": csrf(client)}).status_code == 404


def test_a_check_graded_by_the_page_script_gets_the_pages_own_feedback(client: FlaskClient) -> None:
    """The JSON carries the feedback partial as drawn without the script, so both ways look the same."""
    headers = {"Accept": "application/json"}
    graded = client.post("/lessons/fu/check/2", data={"answer": "40", "csrf_token": csrf(client)}, headers=headers)
    html = graded.json["html"]
    assert html.strip().startswith('<p class="verdict wrong">') and graded.json["expected"] in html
    page = client.post("/lessons/fu/check/2", data={"answer": "40", "csrf_token": csrf(client)}).get_data(as_text=True)
    assert html.strip() in page  # the step the plain form comes back on draws the very same feedback
