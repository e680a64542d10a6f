"""The glossary: a reference page outside the numbered course, linked from lesson 1."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tutor.app import resource_dir

GLOSSARY = resource_dir("lessons") / "en" / "reference" / "glossary.md"
# The terms the course leans on from lesson 1 on: each must have a row with its Japanese and Chinese.
TERMS = ["ron", "tsumo", "han", "fu", "yaku", "yakuman", "mangan", "dora", "furiten", "riichi", "tenpai", "honba"]
TERMS += ["riichi sticks (kyoutaku)", "pao", "kan", "chi", "pon", "noten", "dealer (oya)", "aka dora (red five)"]


def rows() -> dict[str, list[str]]:
    """Glossary table rows by term: the cells after the term (Japanese, Chinese, meaning)."""
    found = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 4 and cells[0] not in ("Term", "---"):
            found[cells[0]] = cells[1:]
    return found


def test_the_glossary_page_renders(client: FlaskClient) -> None:
    response = client.get("/lessons/reference/glossary")
    assert response.status_code == 200
    assert "<h1>Glossary</h1>" in response.get_data(as_text=True)


def test_an_unknown_reference_page_is_404(client: FlaskClient) -> None:
    assert client.get("/lessons/reference/nothing-here").status_code == 404


@pytest.mark.parametrize("term", TERMS)
def test_each_core_term_has_japanese_chinese_and_a_meaning(term: str) -> None:
    japanese, chinese, meaning = rows()[term]
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese), f"{term}: no kanji or kana"
    assert re.search(r"[\u4e00-\u9fff]", chinese), f"{term}: no Chinese term"
    assert len(meaning.split()) >= 3, f"{term}: no meaning"


def test_every_row_is_complete() -> None:
    for term, cells in rows().items():
        assert all(cells), f"{term}: an empty cell"


def test_lesson_one_links_the_glossary_and_explains_breakdowns(client: FlaskClient) -> None:
    page = client.get("/lessons/tiles").get_data(as_text=True)
    assert 'href="/lessons/reference/glossary"' in page
    assert "How to read a breakdown." in page
    before_first_example = page.split('<figure class="example">', 1)[0]
    assert "How to read a breakdown." in before_first_example


def test_glossary_anchors_used_by_lessons_exist(client: FlaskClient) -> None:
    glossary = client.get("/lessons/reference/glossary").get_data(as_text=True)
    ids = set(re.findall(r'<h2 id="([^"]+)"', glossary))
    for path in sorted((resource_dir("lessons") / "en").rglob("*.md")):
        for anchor in re.findall(r"/lessons/reference/glossary#([\w-]+)", path.read_text(encoding="utf-8")):
            assert anchor in ids, f"{path.name}: no glossary section #{anchor}"
