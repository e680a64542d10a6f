"""The three-player note: a reference page that says what changes and that the engine is four-player only."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_the_sanma_note_renders_and_says_the_engine_is_four_player(client: FlaskClient) -> None:
    response = client.get("/lessons/reference/sanma")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<h1>Three-player mahjong (sanma)</h1>" in page
    assert "This site scores four-player hands only." in page
    # The changes RULES.md records for Tenhou's three-player rules (section 10, item 29, and the 2,000 tenpai pool).
    for fact in ("108 tiles", "No chi", "抜き北", "ツモ損", "2,000"):
        assert fact in page, fact


def test_the_sanma_note_is_linked_from_the_glossary_and_the_tiles_lesson(client: FlaskClient) -> None:
    for path in ("/lessons/reference/glossary", "/lessons/tiles"):
        assert 'href="/lessons/reference/sanma"' in client.get(path).get_data(as_text=True), path


def test_the_sanma_note_is_not_a_numbered_lesson(client: FlaskClient) -> None:
    contents = client.get("/lessons/").get_data(as_text=True)
    numbered = contents.split('<ol class="lesson-list">', 1)[1].split("</ol>", 1)[0]
    assert "/sanma" not in numbered  # the reference list below the lessons may name it
    assert 'href="/lessons/reference/sanma"' in contents.split("</ol>", 1)[1]
    assert client.get("/lessons/sanma").status_code == 404
