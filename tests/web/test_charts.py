"""tutor.drawing.charts: small, accessible, well-formed SVG charts that stay inside their viewBox."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup

from tutor.drawing.charts import accuracy_line, bars, percent, sparkline

SVG = "{http://www.w3.org/2000/svg}"
NASTY = '<script>&"'
DAY = date(2024, 11, 3)


def days(*triples: tuple[int, int, int]) -> list[tuple[date, int, int]]:
    """(offset in days from 3 Nov 2024, right, total) -> points."""
    return [(DAY + timedelta(offset), right, total) for offset, right, total in triples]


def ninety_days() -> list[tuple[date, int, int]]:
    return [(DAY + timedelta(i), (i * 7) % 11, 10 + i % 5) for i in range(90)]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def view_box(root: ET.Element) -> tuple[float, float]:
    x, y, width, height = (float(v) for v in root.attrib["viewBox"].split())
    assert (x, y) == (0, 0)
    return width, height


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib.get("class", "").split()]


def circles(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{SVG}circle"))


def f(element: ET.Element, name: str) -> float:
    return float(element.attrib[name])


def texts(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter(f"{SVG}text")]


def grid_y(root: ET.Element) -> dict[str, float]:
    """The y of each horizontal gridline, keyed by the label drawn beside it ("100 %", "50 %", "0 %")."""
    lines = sorted(f(line, "y1") for line in root.iter(f"{SVG}line"))
    return dict(zip(("100 %", "50 %", "0 %"), lines, strict=True))


def path_points(d: str) -> list[tuple[float, float]]:
    """Absolute points of a path made of M, L, H (absolute) and v (relative vertical) steps."""
    points: list[tuple[float, float]] = []
    x = y = 0.0
    for command, args in re.findall(r"([MLHVv])([^MLHVv]*)", d):
        numbers = [float(n) for n in args.replace(",", " ").split()]
        if command in "ML":
            x, y = numbers
        elif command == "H":
            x = numbers[0]
        elif command == "V":
            y = numbers[0]
        else:
            y += numbers[0]
        points.append((x, y))
    return points


EXAMPLES: dict[str, Callable[[], Markup]] = {
    "line-90-days": lambda: accuracy_line(ninety_days(), title="Accuracy per day"),
    "line-short": lambda: accuracy_line(days((0, 7, 10), (1, 3, 4), (5, 1, 5)), title="Accuracy per day"),
    "line-single": lambda: accuracy_line(days((0, 7, 10)), title="Accuracy per day"),
    "line-empty": lambda: accuracy_line([], title="Accuracy per day"),
    "line-years": lambda: accuracy_line(days((0, 1, 2), (70, 2, 2)), title="Across new year"),
    "line-narrow": lambda: accuracy_line(ninety_days(), title="Narrow", width=240, height=120),
    "spark": lambda: sparkline([0.5, 0.6, None, 0.7, 1.0, 0.0], label="Riichi"),
    "spark-one": lambda: sparkline([0.4], label="One"),
    "spark-none": lambda: sparkline([None, None], label="None"),
    "spark-empty": lambda: sparkline([], label="Empty"),
    "spark-long": lambda: sparkline([i / 30 if i % 4 else None for i in range(31)], label="Long"),
    "bars": lambda: bars([("Riichi", 7, 10), ("Pinfu", 0, 0), ("Chiitoitsu", 0, 3), ("Tanyao", 5, 5)], title="Yaku"),
    "bars-empty": lambda: bars([], title="Yaku"),
    "bars-long": lambda: bars([(f"Topic {i}", i, 12) for i in range(13)], title="Topics"),
    "bars-narrow": lambda: bars([("Riichi", 999, 1000)], title="Narrow", width=320),
}


@pytest.fixture(params=sorted(EXAMPLES))
def example(request: pytest.FixtureRequest) -> tuple[str, Markup]:
    return request.param, EXAMPLES[request.param]()


def test_every_chart_is_a_well_formed_accessible_image(example: tuple[str, Markup]) -> None:
    _, svg = example
    assert isinstance(svg, Markup)
    root = parse(svg)
    assert root.tag == f"{SVG}svg"
    assert root.attrib["role"] == "img"
    assert root.attrib["width"] == "100%" and "height" not in root.attrib
    assert "chart" in root.attrib["class"].split()
    title, desc = root[0], root[1]
    assert title.tag == f"{SVG}title" and desc.tag == f"{SVG}desc"
    assert root.attrib["aria-labelledby"].split() == [title.attrib["id"], desc.attrib["id"]]
    assert title.text and desc.text and desc.text.endswith(".")
    width, height = view_box(root)
    assert width > 0 and height > 0


def test_every_chart_is_deterministic(example: tuple[str, Markup]) -> None:
    name, svg = example
    assert EXAMPLES[name]() == svg


def test_different_charts_have_different_ids() -> None:
    ids = {parse(make()).attrib["aria-labelledby"] for make in EXAMPLES.values()}
    assert len(ids) == len(EXAMPLES)


def test_coordinates_stay_inside_the_viewbox(example: tuple[str, Markup]) -> None:
    _, svg = example
    root = parse(svg)
    width, height = view_box(root)

    def inside(x: float, y: float) -> None:
        assert 0 <= x <= width and 0 <= y <= height, (x, y)

    for element in root.iter():
        tag, a = element.tag.removeprefix(SVG), element.attrib
        if tag == "circle":
            r = f(element, "r")
            inside(f(element, "cx") - r, f(element, "cy") - r)
            inside(f(element, "cx") + r, f(element, "cy") + r)
        elif tag == "line":
            inside(f(element, "x1"), f(element, "y1"))
            inside(f(element, "x2"), f(element, "y2"))
        elif tag in ("rect", "text"):
            inside(f(element, "x"), f(element, "y"))
            if tag == "rect":
                inside(f(element, "x") + f(element, "width"), f(element, "y") + f(element, "height"))
        elif tag == "polyline":
            for pair in a["points"].split():
                inside(*(float(v) for v in pair.split(",")))
        elif tag == "path":
            for point in path_points(a["d"]):
                inside(*point)


def test_numbers_have_at_most_one_decimal(example: tuple[str, Markup]) -> None:
    _, svg = example
    assert not re.search(r"\d\.\d\d", svg.split("</desc>")[1])


def test_a_90_day_line_chart_is_small() -> None:
    assert len(accuracy_line(ninety_days(), title="Accuracy per day").encode()) < 12_000


# accuracy_line ------------------------------------------------------------------------------------------------------


def test_100_percent_is_at_the_top_and_0_percent_at_the_bottom() -> None:
    root = parse(accuracy_line(days((0, 10, 10), (1, 0, 5), (2, 5, 10)), title="t"))
    grid = grid_y(root)
    assert grid["100 %"] < grid["50 %"] < grid["0 %"]
    top, bottom, middle = (f(c, "cy") for c in circles(root))
    assert (top, bottom, middle) == (grid["100 %"], grid["0 %"], grid["50 %"])
    _, height = view_box(root)
    assert top < height / 4 and bottom > height / 2
    labels = {e.text: float(e.attrib["y"]) for e in root.iter(f"{SVG}text") if e.text and e.text.endswith(" %")}
    assert labels["100 %"] < labels["50 %"] < labels["0 %"]


def test_the_line_joins_the_dots_in_date_order() -> None:
    root = parse(accuracy_line(days((2, 1, 2), (0, 3, 4), (1, 2, 2)), title="t"))  # given out of order
    (line,) = root.iter(f"{SVG}polyline")
    joined = [tuple(float(v) for v in pair.split(",")) for pair in line.attrib["points"].split()]
    dots = [(f(c, "cx"), f(c, "cy")) for c in circles(root)]
    assert joined == dots
    assert [x for x, _ in dots] == sorted(x for x, _ in dots)
    assert [c.find(f"{SVG}title").text for c in circles(root)] == [  # type: ignore[union-attr]
        "3 Nov: 3/4 (75 %)",
        "4 Nov: 2/2 (100 %)",
        "5 Nov: 1/2 (50 %)",
    ]


def test_days_without_answers_are_skipped_and_the_line_connects_their_neighbours() -> None:
    root = parse(accuracy_line(days((0, 1, 2), (1, 0, 0), (2, 2, 2)), title="t"))
    assert len(circles(root)) == 2
    (line,) = root.iter(f"{SVG}polyline")
    assert len(line.attrib["points"].split()) == 2
    assert "(0 questions)" not in root[1].text  # type: ignore[operator]


def test_the_x_axis_is_time_so_gaps_keep_their_width() -> None:
    root = parse(accuracy_line(days((0, 1, 1), (1, 1, 1), (10, 1, 1)), title="t"))
    a, b, c = (f(e, "cx") for e in circles(root))
    assert c - b == pytest.approx(9 * (b - a), abs=0.5)


def test_dots_grow_with_the_number_of_questions() -> None:
    root = parse(accuracy_line(days((0, 1, 1), (1, 5, 10), (2, 30, 40)), title="t"))
    radii = [f(c, "r") for c in circles(root)]
    assert radii == sorted(radii) and radii[0] < radii[-1]


def test_a_day_given_twice_counts_both() -> None:
    root = parse(accuracy_line(days((0, 1, 2), (0, 3, 4)), title="t"))
    (dot,) = circles(root)
    assert dot.find(f"{SVG}title").text == "3 Nov: 4/6 (67 %)"  # type: ignore[union-attr]


def test_dates_are_labelled_like_3_nov() -> None:
    root = parse(accuracy_line(days((0, 1, 2), (30, 2, 2)), title="t"))
    labels = texts(root)
    assert "3 Nov" in labels and "3 Dec" in labels
    assert 2 <= len([t for t in labels if not t.endswith("%")]) <= 4


def test_dates_show_the_year_when_the_chart_crosses_one() -> None:
    labels = texts(parse(accuracy_line(days((0, 1, 2), (70, 2, 2)), title="t")))
    assert "3 Nov 2024" in labels and "12 Jan 2025" in labels


def test_a_single_point_draws_one_dot_in_the_middle_without_a_line() -> None:
    root = parse(accuracy_line(days((0, 7, 10)), title="t"))
    width, _ = view_box(root)
    (dot,) = circles(root)
    assert width / 3 < f(dot, "cx") < 2 * width / 3
    assert list(root.iter(f"{SVG}polyline")) == []
    assert "3 Nov" in texts(root)
    assert root[1].text == "Accuracy 70 % on 3 Nov (10 questions)."


@pytest.mark.parametrize("points", [[], days((0, 0, 0), (3, 0, 0))])
def test_no_answers_draw_a_friendly_empty_chart(points: list[tuple[date, int, int]]) -> None:
    root = parse(accuracy_line(points, title="t"))
    assert circles(root) == [] and list(root.iter(f"{SVG}polyline")) == []
    assert "No answers yet" in texts(root)
    assert {"100 %", "50 %", "0 %"} <= set(texts(root))
    assert root[1].text == "No answers yet."


def test_a_short_series_is_described_day_by_day() -> None:
    root = parse(accuracy_line(days((0, 7, 10), (1, 1, 1)), title="Accuracy per day"))
    assert root[0].text == "Accuracy per day"
    assert root[1].text == "Accuracy 70 % on 3 Nov (10 questions), 100 % on 4 Nov (1 question)."


def test_a_long_series_is_summarised() -> None:
    desc = parse(accuracy_line(ninety_days(), title="t"))[1].text or ""
    assert len(desc) < 400
    assert desc.startswith("Accuracy on 90 days from 3 Nov 2024 to 31 Jan 2025: overall ")
    assert "lowest 0 % on 3 Nov 2024" in desc and "highest 100 % on 28 Nov 2024" in desc and "latest " in desc


def test_impossible_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and total"):
        accuracy_line(days((0, 3, 2)), title="t")
    with pytest.raises(ValueError, match="between 0 and total"):
        bars([("Riichi", -1, 2)], title="t")


# sparkline ----------------------------------------------------------------------------------------------------------


def test_a_sparkline_maps_1_to_the_top_and_0_to_the_bottom() -> None:
    root = parse(sparkline([1.0, 0.0], label="t"))
    _, height = view_box(root)
    (line,) = by_class(root, "chart-line")
    (first, second) = path_points(line.attrib["d"])
    assert first[1] < height / 4 and second[1] > 3 * height / 4


def test_none_breaks_a_sparkline() -> None:
    root = parse(sparkline([0.5, 0.6, None, 0.7, 0.8, None, 0.3, None, 0.2], label="t"))
    (line,) = by_class(root, "chart-line")
    assert line.attrib["d"].count("M") == 2  # 0.5-0.6 and 0.7-0.8; 0.3 and 0.2 stand alone
    lonely = by_class(root, "chart-point")[0].findall(f"{SVG}circle")
    assert len(lonely) == 1  # 0.3 between two gaps; the last value, 0.2, is the emphasised dot
    (last,) = by_class(root, "chart-last")
    others = [x for x, _ in path_points(line.attrib["d"])] + [f(dot, "cx") for dot in lonely]
    assert f(last, "cx") > max(others) and f(last, "cx") > 0.9 * view_box(root)[0]
    assert root[1].text == "50 %, 60 %, no data, 70 %, 80 %, no data, 30 %, no data, 20 %; latest 20 %."


def test_the_last_value_with_data_is_emphasised() -> None:
    root = parse(sparkline([0.2, 0.9, None, None], label="t"))
    width, height = view_box(root)
    (last,) = by_class(root, "chart-last")
    assert f(last, "cx") < width / 2 and f(last, "cy") < height / 2
    assert f(last, "r") > 2
    assert (root[1].text or "").endswith("latest 90 %.")


def test_a_single_value_sparkline_is_one_dot() -> None:
    root = parse(sparkline([0.4], label="t"))
    assert by_class(root, "chart-line") == []
    (dot,) = circles(root)
    assert "chart-last" in dot.attrib["class"]


@pytest.mark.parametrize("values", [[], [None], [None, float("nan")]])
def test_a_sparkline_without_data_says_so(values: list[float | None]) -> None:
    root = parse(sparkline(values, label="t"))
    assert circles(root) == [] and by_class(root, "chart-line") == []
    assert root[1].text == "No data yet."


def test_sparkline_values_are_clamped_to_0_1() -> None:
    assert sparkline([-0.5, 1.5], label="t") == sparkline([0.0, 1.0], label="t")


def test_a_long_sparkline_is_summarised() -> None:
    desc = parse(sparkline([i / 40 for i in range(41)], label="t"))[1].text
    assert desc == "41 values, 41 with data, from 0 % to 100 %; latest 100 %."


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.floats(0, 1), st.sampled_from([0, 1, -0.5, 2.0, float("nan")])), max_size=16))
def test_a_sparkline_draws_each_run_of_values(values: list[float | None]) -> None:
    """A run of two or more values with data is a stretch of the line; a run of one is a small dot, except
    the last value with data, which is the larger dot alone."""
    data = [v is not None and not math.isnan(v) for v in values]
    runs = [len(run) for run in "".join("x" if d else " " for d in data).split()]
    root = parse(sparkline(values, label="t"))
    lines = by_class(root, "chart-line")
    assert (lines[0].attrib["d"].count("M") if lines else 0) == sum(1 for n in runs if n > 1)
    points = by_class(root, "chart-point")
    lone = len(points[0].findall(f"{SVG}circle")) if points else 0
    assert lone == sum(1 for n in runs[:-1] if n == 1)
    assert len(by_class(root, "chart-last")) == (1 if runs else 0)
    if runs:
        (last,) = by_class(root, "chart-last")
        last_index = max(i for i, d in enumerate(data) if d)
        assert f(last, "cx") == pytest.approx(
            3 + 114 * last_index / (len(values) - 1) if len(values) > 1 else 60, abs=0.051
        )


# bars ---------------------------------------------------------------------------------------------------------------


def test_bars_are_labelled_and_proportional_in_the_order_given() -> None:
    root = parse(bars([("Tanyao", 5, 5), ("Riichi", 7, 10), ("Pinfu", 0, 0), ("Chiitoitsu", 0, 3)], title="t"))
    labels = texts(root)
    assert labels == [
        "Tanyao",
        "5/5 (100 %)",
        "Riichi",
        "7/10 (70 %)",
        "Pinfu",
        "no answers",
        "Chiitoitsu",
        "0/3 (0 %)",
    ]
    tracks, filled = by_class(root, "chart-track"), by_class(root, "chart-bar")
    assert len(tracks) == 4 and len(filled) == 2  # no bar for no answers or none right
    full = f(tracks[0], "width")
    assert f(filled[0], "width") == full
    assert f(filled[1], "width") == pytest.approx(0.7 * full, abs=0.1)
    rows = [f(track, "y") for track in tracks]
    assert rows == sorted(rows)
    assert root[1].text == (
        "Tanyao: 5 of 5 right (100 %); Riichi: 7 of 10 right (70 %); Pinfu: no answers yet;"
        " Chiitoitsu: 0 of 3 right (0 %)."
    )


def test_the_chart_grows_with_the_rows() -> None:
    one = view_box(parse(bars([("a", 1, 2)], title="t")))[1]
    three = view_box(parse(bars([("a", 1, 2)] * 3, title="t")))[1]
    assert three > 2.5 * one


def test_no_rows_draw_a_friendly_empty_chart() -> None:
    root = parse(bars([], title="t"))
    assert texts(root) == ["No answers yet"]
    assert root[1].text == "No answers yet."


def test_a_long_label_is_cut_but_kept_whole_in_the_words() -> None:
    label = "A very long user-chosen topic name about fu counting for closed ron hands with three kans"
    root = parse(bars([(label, 1, 2)], title="t"))
    shown = texts(root)[0]
    assert shown.endswith("…") and len(shown) < len(label)
    assert label in (root[1].text or "")
    assert root.find(f"{SVG}g/{SVG}title").text == f"{label}: 1/2 (50 %)"  # type: ignore[union-attr]


def test_many_rows_are_summarised() -> None:
    desc = parse(bars([(f"Topic {i}", i, 12) for i in range(13)], title="t"))[1].text
    assert desc == (
        "13 rows, 13 with answers; overall 78 of 156 right (50 %);"
        " highest Topic 12: 12 of 12 right (100 %); lowest Topic 0: 0 of 12 right (0 %)."
    )


# Text ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make",
    [
        lambda text: bars([(text, 1, 2)], title=text),
        lambda text: accuracy_line(days((0, 1, 2)), title=text),
        lambda text: sparkline([0.5], label=text),
    ],
    ids=["bars", "line", "sparkline"],
)
def test_every_text_is_escaped(make: Callable[[str], Markup]) -> None:
    svg = make(NASTY)
    assert "<script" not in svg and '&"' not in svg
    root = parse(svg)
    assert root[0].text == NASTY
    assert all(NASTY in (e.text or "") for e in root.iter() if e.text and "script" in e.text)


def test_control_characters_do_not_break_the_xml() -> None:
    root = parse(bars([("Ri\x00ichi\x1b", 1, 2)], title="Ya\x08ku"))
    assert root[0].text == "Yaku" and texts(root)[0] == "Riichi"


def test_percent_rounds_halves_up() -> None:
    assert [percent(1, 8), percent(3, 8), percent(1, 3), percent(2, 3), percent(0, 0)] == [13, 38, 33, 67, None]
