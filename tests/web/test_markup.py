"""Pages are built the way browsers will read them: no block (a form, a list, a table, a heading ...)
opened inside a paragraph. The HTML parser ends the paragraph there, so what follows falls out of its
line (the progress page's "review now" button sat above its sentence this way)."""

from __future__ import annotations

from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_bad_input import world  # noqa: F401 (a fixture)
from tests.web.test_zh_crawl import _pages
from tutor.db import connect

BLOCKS = {
    "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figure", "footer", "form",
    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul",
}  # fmt: skip
"""The elements whose start tag closes an open <p> (the HTML standard's list, less the rare ones)."""


class _Paragraphs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open = False
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.open and tag in BLOCKS:
            self.found.append(f"<{tag}> at line {self.getpos()[0]}")
        if tag == "p":
            self.open = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "div", "li", "td", "th", "main", "section", "form"):
            self.open = False


def blocks_in_paragraphs(page: str) -> list[str]:
    parser = _Paragraphs()
    parser.feed(page)
    return parser.found


def test_the_checker_finds_a_form_inside_a_paragraph() -> None:
    assert blocks_in_paragraphs("<p>due · <form><button>now</button></form></p>") == ["<form> at line 1"]
    assert blocks_in_paragraphs("<div>due · <form><button>now</button></form></div><p>fine</p>") == []


def test_no_page_opens_a_block_inside_a_paragraph(app: Flask, world: tuple[FlaskClient, dict[str, str]]) -> None:  # noqa: F811
    teacher, ids = world
    # The student of the class, with every skill due: the progress page then offers "review now".
    db = connect(app.config["DATABASE"])
    try:
        assert db.execute("UPDATE skill_states SET due_at = '2000-01-01T00:00:00+00:00' WHERE user_id = 2").rowcount
    finally:
        db.conn.close()
    student = app.test_client()
    with student.session_transaction() as cookie:
        cookie["user_id"], cookie["gen"] = 2, 0
    assert "review now" in student.get("/progress/").get_data(as_text=True)
    found = []
    for client in (teacher, student):
        for path in _pages(app, ids):
            response = client.get(path, follow_redirects=True)
            if response.mimetype == "text/html" and response.status_code < 400:
                found += [f"{path}: {where}" for where in blocks_in_paragraphs(response.get_data(as_text=True))]
    assert found == []
