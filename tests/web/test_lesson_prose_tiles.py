"""Lesson prose, captions and check prompts never ask a reader to read MPSZ: every tile in them is drawn
(a code right against a Chinese character, "你荣和8s", is a code too)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.web.test_zh_crawl import main_text

BARE_CODE = re.compile(r"(?<![0-9A-Za-z])[0-9]+[mpsz](?![A-Za-z])")
COURSE = Path(__file__).resolve().parents[2] / "lessons" / "en"


def course_pages() -> list[str]:
    pages = []
    for path in sorted(COURSE.glob("*.md")):
        slug = re.search(r"^slug: (.+)$", path.read_text(encoding="utf-8"), re.M)
        pages.append("/lessons/" + (slug.group(1) if slug else path.stem))
    pages += [f"/yaku/{note.stem}" for note in sorted((COURSE / "yaku").glob("*.md"))]
    return pages + [f"/lessons/reference/{page.stem}" for page in sorted((COURSE / "reference").glob("*.md"))]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_tile_code_is_left_in_the_courses_words(client: FlaskClient, lang: str) -> None:
    left = []
    for path in course_pages():
        text = main_text(client.get(path, query_string={"lang": lang}).get_data(as_text=True))
        left += [f"{path}: {text[max(0, m.start() - 20) : m.end()]!r}" for m in BARE_CODE.finditer(text)]
    assert left == [], "\n".join(left[:20])
