"""Tiles and MPSZ notation: parse, format, round trips, dora from indicators."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engine.tiles import (
    ALL_TILES,
    RED_FIVES,
    Tile,
    TileNotationError,
    dora_from_indicator,
    format_tiles,
    parse_tiles,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("123m", ["1m", "2m", "3m"], id="one-block"),
        pytest.param("406p", ["4p", "0p", "6p"], id="red-five-kept-in-order"),
        pytest.param("5p5p0m7p", ["5p", "5p", "0m", "7p"], id="suffix-per-tile"),
        pytest.param("11z789s", ["1z", "1z", "7s", "8s", "9s"], id="blocks-any-order"),
        pytest.param("321m", ["3m", "2m", "1m"], id="digits-unsorted"),
        pytest.param("1234567z", ["1z", "2z", "3z", "4z", "5z", "6z", "7z"], id="all-honours"),
        pytest.param("", [], id="empty"),
    ],
)
def test_parse(text: str, expected: list[str]) -> None:
    assert [str(t) for t in parse_tiles(text)] == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("12q", "unknown suit 'q' at 3", id="unknown-suit"),
        pytest.param("8z", "no honour tile '8z'", id="honour-8"),
        pytest.param("0z", "no honour tile '0z'", id="honour-0"),
        pytest.param("123", "have no suit letter", id="no-suit"),
        pytest.param("m123", "suit 'm' at 1", id="suit-first"),
        pytest.param("12 3m", "unexpected ' ' at 3", id="space"),
        pytest.param("1M", "unknown suit 'M'", id="capital"),
        pytest.param("１m", "unexpected '１'", id="full-width-digit"),
    ],
)
def test_parse_errors_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(TileNotationError, match=message):
        parse_tiles(text)


def test_format_sorts_by_suit_then_number_with_red_fives_among_fives() -> None:
    assert format_tiles(parse_tiles("11z789s406p123m")) == "123m406p789s11z"
    assert format_tiles(parse_tiles("0m5m5m")) == "550m"


every_tile = st.sampled_from(ALL_TILES + RED_FIVES)


@given(st.lists(every_tile, max_size=20))
def test_format_then_parse_gives_the_same_tiles_sorted(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(sorted(tiles))


@given(st.lists(every_tile, max_size=20))
def test_parse_then_format_is_stable(tiles: list[Tile]) -> None:
    text = "".join(str(t) for t in tiles)  # one suffix per tile, unsorted
    canonical = format_tiles(parse_tiles(text))
    assert format_tiles(parse_tiles(canonical)) == canonical


@pytest.mark.parametrize("tile", ALL_TILES + RED_FIVES, ids=str)
def test_repr_pastes_back(tile: Tile) -> None:
    assert eval(repr(tile)) is tile


def test_red_five_is_the_same_kind_as_its_five() -> None:
    assert Tile("0s").index == Tile("5s").index
    assert Tile("0s") != Tile("5s")
    assert Tile("0s").name == "red 5 of bamboo"


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("8m", "9m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("9s", "1s"),
        ("0p", "6p"),
        ("1z", "2z"),
        ("2z", "3z"),
        ("3z", "4z"),
        ("4z", "1z"),  # winds: E S W N E
        ("5z", "6z"),
        ("6z", "7z"),
        ("7z", "5z"),  # dragons: white green red white
    ],
)
def test_dora_follows_the_indicator(indicator: str, dora: str) -> None:
    assert str(dora_from_indicator(Tile(indicator))) == dora


def test_every_kind_is_the_dora_of_exactly_one_indicator() -> None:
    doras = [dora_from_indicator(t).index for t in ALL_TILES]
    assert sorted(doras) == list(range(34))
