"""tutor.drawing.tiles_svg: every tile is a small, self-contained, accessible SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from tutor.drawing.tiles_svg import KANJI, TILE_CODES, sprite_svg, tile_name, tile_svg

SVG = "{http://www.w3.org/2000/svg}"
TILE_BUDGET = 2500  # bytes per standalone tile
SPRITE_BUDGET = 60_000


def colours(svg: str) -> set[str]:
    """The fill and stroke colours a document uses, lower-cased."""
    return {c.lower() for c in re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"', svg)}


def is_red(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r >= 0xB0 and g <= 0x50 and b <= 0x50


def test_the_codes_are_the_38_tiles() -> None:
    assert len(TILE_CODES) == len(set(TILE_CODES)) == 38
    assert {"1m", "9m", "1p", "9p", "1s", "9s", "1z", "7z", "0m", "0p", "0s", "back"} <= set(TILE_CODES)


@pytest.mark.parametrize("code", TILE_CODES)
def test_each_tile_is_a_standalone_svg_titled_with_its_name(code: str) -> None:
    root = ET.fromstring(tile_svg(code))
    assert root.tag == f"{SVG}svg"
    x, y, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert (x, y) == (0, 0) and width * 4 == height * 3  # 3:4 portrait
    assert "width" not in root.attrib and "height" not in root.attrib  # CSS sizes it
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == tile_name(code)
    assert root[0] is title  # the accessible name comes first


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("1m", "1 of characters"),
        ("3m", "3 of characters"),
        ("5p", "5 of circles"),
        ("0p", "red 5 of circles"),
        ("0m", "red 5 of characters"),
        ("0s", "red 5 of bamboo"),
        ("7s", "7 of bamboo"),
        ("9p", "9 of circles"),
        ("1z", "East wind"),
        ("2z", "South wind"),
        ("3z", "West wind"),
        ("4z", "North wind"),
        ("5z", "White dragon"),
        ("6z", "Green dragon"),
        ("7z", "Red dragon"),
        ("back", "Face-down tile"),
    ],
)
def test_names(code: str, name: str) -> None:
    assert tile_name(code) == name


@pytest.mark.parametrize("suit", "mps")
def test_red_fives_use_a_red_the_plain_five_does_not(suit: str) -> None:
    only_in_red_five = colours(tile_svg(f"0{suit}")) - colours(tile_svg(f"5{suit}"))
    assert any(is_red(c) for c in only_in_red_five), only_in_red_five


@pytest.mark.parametrize("code", [c for c in TILE_CODES if c[1:] in ("m", "p", "s")])
def test_suited_tiles_carry_an_arabic_digit_for_readers_without_cjk_fonts(code: str) -> None:
    digit = "5" if code[0] == "0" else code[0]
    texts = [t.text for t in ET.fromstring(tile_svg(code)).iter(f"{SVG}text")]
    assert digit in texts


def test_all_tiles_differ() -> None:
    assert len({tile_svg(code) for code in TILE_CODES}) == len(TILE_CODES)


@pytest.mark.parametrize("code", [*TILE_CODES, "sprite"])
def test_nothing_external_or_executable(code: str) -> None:
    document = sprite_svg() if code == "sprite" else tile_svg(code)
    for forbidden in ("<script", "href=", "http:", "https:", "<image", "url(", "@import"):
        # The namespace URI is the one http string allowed: it is an identifier, never fetched.
        assert forbidden not in document.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_documents_are_ascii_so_no_charset_can_garble_them() -> None:
    assert all(tile_svg(code).isascii() for code in TILE_CODES)
    assert sprite_svg().isascii()


# Every tile that shows Chinese characters, with the characters it shows.
KANJI_TILES = {
    **{f"{n}m": f"{numeral}萬" for n, numeral in enumerate("一二三四五六七八九", start=1)},
    "0m": "五萬",
    **{f"{n}z": glyph for n, glyph in enumerate("東南西北", start=1)},
    "6z": "發",
    "7z": "中",
}


def kanji_paths(svg: str) -> list[str]:
    """The code points (as ``u842c``) of the drawn characters, in document order."""
    return [
        name
        for path in ET.fromstring(svg).iter(f"{SVG}path")
        if "kanji" in (classes := path.attrib.get("class", "").split())
        for name in classes
        if name != "kanji"
    ]


def test_the_kanji_cover_exactly_the_characters_the_tiles_show() -> None:
    assert set(KANJI) == set("".join(KANJI_TILES.values()))


@pytest.mark.parametrize("code", [*TILE_CODES, "sprite"])
def test_no_text_needs_a_cjk_font(code: str) -> None:
    document = sprite_svg() if code == "sprite" else tile_svg(code)
    for text in ET.fromstring(document).iter(f"{SVG}text"):
        assert text.text is not None and all(ord(char) < 0x2E80 for char in text.text), text.text


@pytest.mark.parametrize(("code", "glyphs"), KANJI_TILES.items())
def test_characters_are_drawn_as_our_own_strokes(code: str, glyphs: str) -> None:
    assert kanji_paths(tile_svg(code)) == [f"u{ord(glyph):x}" for glyph in glyphs]
    for path in ET.fromstring(tile_svg(code)).iter(f"{SVG}path"):
        if "kanji" in path.attrib.get("class", ""):
            assert path.attrib["fill"] == "none"  # pen strokes, not outlines
            assert path.attrib["stroke-linecap"] == path.attrib["stroke-linejoin"] == "round"


def test_tiles_without_characters_draw_none() -> None:
    for code in TILE_CODES:
        if code not in KANJI_TILES:
            assert kanji_paths(tile_svg(code)) == [], code


def test_wan_and_the_numeral_follow_the_tile_colours() -> None:
    """The numeral is ink over a red 萬; on the red five both are the brighter red."""

    def stroke_of(code: str, glyph: str) -> str:
        root = ET.fromstring(tile_svg(code))
        path = next(p for p in root.iter(f"{SVG}path") if f"u{ord(glyph):x}" in p.attrib.get("class", ""))
        return path.attrib["stroke"].lower()

    assert not is_red(stroke_of("5m", "五")) and is_red(stroke_of("5m", "萬"))
    assert is_red(stroke_of("0m", "五")) and stroke_of("0m", "五") == stroke_of("0m", "萬") != stroke_of("5m", "萬")
    assert is_red(stroke_of("7z", "中")) and not is_red(stroke_of("6z", "發"))


@pytest.mark.parametrize("glyph", KANJI)
def test_glyph_strokes_are_plain_path_data_inside_their_box(glyph: str) -> None:
    data = KANJI[glyph]
    assert re.fullmatch(r"M[0-9 MLHVQ]+", data), data  # absolute commands only, whole numbers
    assert all(0 <= int(number) <= 100 for number in re.findall(r"\d+", data))


def test_sizes() -> None:
    sizes = {code: len(tile_svg(code).encode()) for code in TILE_CODES}
    assert max(sizes.values()) < TILE_BUDGET, max(sizes.items(), key=lambda item: item[1])
    assert len(sprite_svg().encode()) < SPRITE_BUDGET


def test_the_sprite_has_one_symbol_per_tile() -> None:
    root = ET.fromstring(sprite_svg())
    assert root.tag == f"{SVG}svg"
    symbols = root.findall(f"{SVG}symbol")
    assert [s.attrib["id"] for s in symbols] == [f"tile-{code}" for code in TILE_CODES]
    for code, symbol in zip(TILE_CODES, symbols, strict=True):
        assert symbol.attrib["viewBox"] == ET.fromstring(tile_svg(code)).attrib["viewBox"]
        title = symbol.find(f"{SVG}title")
        assert title is not None and title.text == tile_name(code)


@pytest.mark.parametrize("code", ["8z", "0z", "10m", "", "5x", "m5", "Back", "back ", "５m"])
def test_unknown_codes_raise_naming_the_code(code: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(code))):
        tile_svg(code)
    with pytest.raises(ValueError, match=re.escape(repr(code))):
        tile_name(code)
