"""Every page of the app asked for in Chinese (``?lang=zh``) is a Chinese page.

The pages come from the app's URL map, filled with the ids of a real class (a teacher, an assignment,
a student's attempt), so a new page is crawled without touching this file. For each HTML page: the
``lang`` attribute, a Chinese first heading, and a body whose words are Chinese: English is left only
in tile codes, romaji beside Chinese names and proper names, so Latin letters stay well below the
Chinese characters in the page's main text.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_bad_input import _fill, _routes, world  # noqa: F401 (a fixture)

CJK = re.compile(r"[\u3400-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
COURSE = Path(__file__).resolve().parents[2] / "lessons" / "en"
SKIPPED = ("/tiles/", "/api/", "/static/")
"""Pictures, JSON and files: nothing there is prose."""


def main_text(page: str) -> str:
    """The words a reader sees in <main>: no scripts, styles, code (tile codes, requests) or tags."""
    found = re.search(r"<main\b.*?</main>", page, re.S)
    body = found.group(0) if found else page
    body = re.sub(r"<(script|style|code|pre|kbd|svg|textarea)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return html.unescape(body)


def _pages(app: Flask, ids: dict[str, str]) -> list[str]:
    """Every GET page of the URL map with real ids, and every lesson, reference page and yaku note."""
    paths = []
    for method, rule, arguments in _routes(app):
        if method != "GET" or rule.startswith(SKIPPED) or rule.endswith((".csv", ".json", ".svg")):
            continue
        if {"slug", "yaku_id"} & set(arguments):
            continue  # below, one by one
        paths.append(_fill(rule, ids))
    for path in sorted(COURSE.glob("*.md")) + sorted((COURSE / "reference").glob("*.md")):
        slug = re.search(r"^slug: (.+)$", path.read_text(encoding="utf-8"), re.M)
        section = "/lessons/reference/" if path.parent.name == "reference" else "/lessons/"
        paths.append(section + (slug.group(1) if slug else path.stem))
    paths += [f"/yaku/{note.stem}" for note in sorted((COURSE / "yaku").glob("*.md"))]
    return paths


def test_every_page_is_chinese_with_lang_zh(app: Flask, world: tuple[FlaskClient, dict[str, str]]) -> None:  # noqa: F811
    client, ids = world
    crawled, english = 0, []
    for path in _pages(app, ids):
        response = client.get(path, query_string={"lang": "zh"}, follow_redirects=True)
        if response.mimetype != "text/html" or response.status_code >= 400:
            continue
        crawled += 1
        page = response.get_data(as_text=True)
        assert '<html lang="zh-Hans"' in page, path
        # The title, not the first heading: a class's page is headed by the class's own name.
        title = re.search(r"<title>(.*?)</title>", page, re.S)
        assert title and CJK.search(title.group(1)), (path, title.group(1) if title else None)
        text = main_text(page)
        latin, chinese = len(LATIN.findall(text)), len(CJK.findall(text))
        if latin > chinese:
            english.append(f"{path}: {latin} Latin letters, {chinese} Chinese characters")
    assert crawled >= 90, f"only {crawled} pages crawled"
    assert english == [], "pages that read as English with ?lang=zh:\n" + "\n".join(english)
