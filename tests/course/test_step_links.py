"""Links in lesson text open the step that holds their heading: a lesson is read a step at a time, so a link
to ``/lessons/fu#the-pair`` must not open the whole lesson (or a step without that heading)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from flask import Flask

from tests.web.test_lessons import _teacher_app
from tutor.course.lessons import ID, LessonBook, Page

LANGUAGES = ("en", "zh")
HREF = re.compile(r'href="(/lessons/[^"]*|#[^"]*)"')


def _pages(book: LessonBook) -> list[Page]:
    return [*book.lessons.values(), *book.yaku_notes.values(), *book.reference.values()]


def _ids(html: str) -> set[str]:
    return set(ID.findall(html))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_to_a_lesson_heading_opens_the_step_that_holds_it(app: Flask, lang: str) -> None:
    book: LessonBook = app.extensions["lessons"].book(lang)
    to_headings = 0
    for page in _pages(book):
        for html in [page.html, *(step.html for step in page.steps)]:
            for href in HREF.findall(html):
                path, _, anchor = href.partition("#")
                slug = path.removeprefix("/lessons/").split("/")[0]
                if path and slug not in book.lessons:
                    continue  # the course index, a reference page
                if not path:  # a heading of this very page: it is on the page, or in the step shown
                    assert unquote(anchor) in _ids(html), (page.path, href)
                    continue
                target = book.lessons[slug]
                found = re.fullmatch(rf"/lessons/{re.escape(slug)}/(\d+)", path)
                assert found, f"{page.path}: {href} opens the whole lesson, not one of its steps"
                number = int(found.group(1))
                assert 1 <= number <= len(target.steps), (page.path, href)
                if anchor:
                    to_headings += 1
                    assert unquote(anchor) in _ids(target.steps[number - 1].html), f"{page.path}: {href}"
                else:
                    assert number == 1, (page.path, href)
    # Lesson 11 (fu) links to the points preview in lesson 1, and lesson 1 to pao in lesson 15, on the lesson
    # page and in the step that holds each link.
    assert to_headings >= 4


def test_a_teachers_links_go_to_the_steps_of_their_headings(tmp_path: Path) -> None:
    """Within a lesson and across lessons; the whole-lesson page keeps its own ``#heading`` links."""
    text = (
        "---\ntitle: Mine\nslug: mine\norder: 50\nsummary: x\n---\n\n"
        "## First\n\nSee [the third part](#third) and [pao](/lessons/draws#pao-the-responsibility-payment), "
        "or [the fu lesson](/lessons/fu), or [here](#first).\n\n"
        "## Second\n\nMore.\n\n### Third {.step}\n\nLast, back to [the first](#first).\n"
    )
    book: LessonBook = _teacher_app(tmp_path, "50-mine.md", text).extensions["lessons"].book("en")
    page, draws = book.lessons["mine"], book.lessons["draws"]
    pao = next(step.number for step in draws.steps if step.id == "pao-the-responsibility-payment")
    first, _, third = page.steps
    assert 'href="/lessons/mine/3#third"' in first.html and 'href="#first"' in first.html
    assert f'href="/lessons/draws/{pao}#pao-the-responsibility-payment"' in first.html
    assert 'href="/lessons/fu/1"' in first.html
    assert 'href="/lessons/mine/1#first"' in third.html
    assert 'href="#third"' in page.html and f'href="/lessons/draws/{pao}#pao' in page.html


def test_the_pao_link_in_the_tiles_lesson_opens_the_pao_step(app: Flask) -> None:
    for lang in LANGUAGES:
        book: LessonBook = app.extensions["lessons"].book(lang)
        pao = next(s for s in book.lessons["draws"].steps if s.id == "pao-the-responsibility-payment")
        tiles = book.lessons["tiles"]
        assert any(
            f'href="/lessons/draws/{pao.number}#pao-the-responsibility-payment"' in step.html for step in tiles.steps
        ), lang
        client = app.test_client()
        page = client.get(f"/lessons/draws/{pao.number}?lang={lang}").get_data(as_text=True)
        assert 'id="pao-the-responsibility-payment"' in page
