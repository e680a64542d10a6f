"""Small charts for the progress page, drawn on the server as inline SVG.

No JavaScript and nothing fetched: each function returns one ``<svg>`` element
as :class:`markupsafe.Markup`, ready to drop into a template.

* :func:`accuracy_line`: first-try accuracy per day, a line over a time axis.
* :func:`sparkline`: a tiny trend for a table cell, the latest value emphasised.
* :func:`bars`: horizontal bars of accuracy per label (topic, yaku).

Every chart is an accessible image: ``role="img"`` and ``aria-labelledby``
naming its ``<title>`` and a ``<desc>`` that says the data in words (a summary
when the data is long). The ``viewBox`` fixes the drawing's proportions and
``width="100%"`` lets it shrink to a phone; the stylesheet should cap the width
(see the classes below). Colours come from ``currentColor`` by default and from
CSS classes when the stylesheet styles them, so light and dark themes both work.
Every piece of text is escaped; coordinates have at most one decimal; the same
input always gives the same bytes (ids are a hash of the drawing).

The words a chart draws and its description are marked sentences, said in the
``lang`` each chart takes (English by default; dates in another language come
from Babel); the caller translates ``title`` and ``label``.

>>> svg = bars([("Riichi", 7, 10), ("<b>Pinfu</b>", 0, 0)], title="Accuracy per yaku")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-bars" role="img"')
True
>>> print(svg.split("</desc>")[0].split(">")[-1])
Riichi: 7 of 10 right (70 %); &lt;b&gt;Pinfu&lt;/b&gt;: no answers yet.
>>> "7/10 (70 %)" in svg, svg == bars([("Riichi", 7, 10), ("<b>Pinfu</b>", 0, 0)], title="Accuracy per yaku")
(True, True)
>>> "No answers yet" in accuracy_line([], title="Accuracy per day")
True
>>> percent(2, 3), percent(1, 8), percent(0, 0)
(67, 13, None)
"""

# CSS classes the stylesheet should style (every one has a currentColor fallback in the SVG itself):
#   .chart        the root <svg> of every chart; give it a max-width and `height: auto`
#   .chart-line   the accuracy line (accuracy_line) and the trend (sparkline): stroke
#   .chart-point  the dots on the accuracy line, one per day with answers: fill
#   .chart-last   the emphasised latest dot of a sparkline: fill
#   .chart-grid   gridlines and ticks: stroke (keep it faint)
#   .chart-label  axis labels, bar labels and values: fill
#   .chart-empty  the "No answers yet" message: fill
#   .chart-bar    the filled part of a bar: fill
#   .chart-track  the full-width track behind a bar: fill
#   .chart-spark, .chart-trend, .chart-bars  the root <svg>, by kind of chart

from __future__ import annotations

import functools
import math
import re
import unicodedata
import zlib
from collections.abc import Sequence
from datetime import date

from markupsafe import Markup, escape

from tutor.messages.catalogues import DEFAULT, N_, joined, translate, translation

__all__ = ["accuracy_line", "bars", "percent", "sparkline"]

# Label size in viewBox units. A 560-unit chart shrinks to about 296 px on a 320 px phone, where this is
# 10.5 px text; the stylesheet caps charts at 28rem (about 475 px), where it is 17 px, the size of body text.
FONT = 20
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
EMPTY = N_("No answers yet")
EMPTY_SAID = N_("No answers yet.")
LONG = 10  # descriptions list up to this many items one by one, then summarise
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # characters XML 1.0 forbids (even escaped)


# Numbers and words ------------------------------------------------------------------------------------------------


def percent(right: int, total: int) -> int | None:
    """Whole percent of ``right`` out of ``total``, halves rounded up; None when there is no answer."""
    if total <= 0:
        return None
    return (200 * right + total) // (2 * total)


def _n(value: float) -> str:
    """A coordinate with at most one decimal and no trailing zero: ``12.0`` -> ``12``, ``-0.04`` -> ``0``."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _text(value: object) -> str:
    """Escaped text for an element or attribute, without the control characters XML cannot carry."""
    return str(escape(NOT_XML.sub("", str(value))))


@functools.lru_cache(maxsize=1024)  # Babel takes tens of µs a date; a 90-day chart names each day twice
def _day(day: date, with_year: bool = False, lang: str = DEFAULT) -> str:
    """``3 Nov`` (or ``3 Nov 2024``) in English; in another language, its locale's short date (``11月3日``)."""
    if lang != DEFAULT:
        from babel.dates import format_skeleton

        locale = {"zh": "zh_Hans"}.get(lang, lang)
        return str(format_skeleton("yMMMd" if with_year else "MMMd", day, locale=locale))
    text = f"{day.day} {MONTHS[day.month - 1]}"
    return f"{text} {day.year}" if with_year else text


def _say(sentence: str, lang: str, **params: object) -> str:
    """A marked sentence in ``lang`` with its ``{name}`` parameters."""
    return translate(sentence, lang).format(**params)


def _questions(total: int, lang: str = DEFAULT) -> str:
    return translation(lang).ngettext("{count} question", "{count} questions", total).format(count=total)


def _check(right: int, total: int, what: object) -> None:
    if not 0 <= right <= total:
        raise ValueError(f"{what}: right must be between 0 and total, got {right}/{total}")


def _em(text: str) -> float:
    """Rough width of ``text`` in em for a system sans-serif: wide East Asian characters are square."""
    return sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.6 for c in text)


def _fit(text: str, room: float) -> str:
    """``text``, cut with an ellipsis when it would be wider than ``room`` units at :data:`FONT`."""
    if _em(text) * FONT <= room:
        return text
    while text and _em(text + "…") * FONT > room:
        text = text[:-1]
    return text.rstrip() + "…"


# The <svg> element ---------------------------------------------------------------------------------------------------


def _svg(kind: str, width: float, height: float, title: str, desc: str, body: str, font: float | None = FONT) -> Markup:
    """Wrap ``body`` in an accessible root element whose ids are a hash of everything drawn."""
    # A checksum is enough to keep the ids of a page's charts apart, and quicker to make than a hash.
    ident = f"c{zlib.crc32(f'{kind}|{width}|{height}|{title}|{desc}|{body}'.encode()):08x}"
    size = "" if font is None else f' font-size="{_n(font)}"'
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart {kind}" role="img"'
        f' aria-labelledby="{ident}-title {ident}-desc" viewBox="0 0 {_n(width)} {_n(height)}" width="100%"{size}>'
        f'<title id="{ident}-title">{_text(title)}</title><desc id="{ident}-desc">{_text(desc)}</desc>{body}</svg>'
    )


def _label(x: float, y: float, text: str, anchor: str = "start") -> str:
    """A ``<text>`` (inside a ``chart-label`` group, which gives it its colour)."""
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f'<text x="{_n(x)}" y="{_n(y)}"{a}>{_text(text)}</text>'


def _empty(x: float, y: float, lang: str = DEFAULT) -> str:
    text = translate(EMPTY, lang)
    return f'<text class="chart-empty" x="{_n(x)}" y="{_n(y)}" text-anchor="middle" fill="currentColor">{_text(text)}</text>'


# Accuracy per day ----------------------------------------------------------------------------------------------------


def accuracy_line(
    points: Sequence[tuple[date, int, int]], *, title: str, width: int = 560, height: int = 180, lang: str = DEFAULT
) -> Markup:
    """A line chart of first-try accuracy per day; each point is ``(day, right, total)``.

    The x axis is a time axis from the first to the last day with answers, so
    days without answers show as distance. Days with ``total == 0`` (like days
    missing from ``points``) get no dot and the line connects their neighbours:
    a learner who practises once a week still sees one trend line. Points may
    come in any order; a day given twice counts both. The y axis runs from
    0 % (bottom) to 100 % (top) with gridlines at 0, 50 and 100 %. Each dot's
    area grows with the number of questions that day and its tooltip gives the
    numbers. One day draws a single dot in the middle; no answers at all draw
    the empty grid with "No answers yet".
    """
    if width < 200 or height < 100:
        raise ValueError("an accuracy chart needs at least 200 x 100 units")
    days: dict[date, list[int]] = {}
    for day, right, total in points:
        _check(right, total, day)
        if total:
            tally = days.setdefault(day, [0, 0])
            tally[0] += right
            tally[1] += total
    data = sorted((day, r, t) for day, (r, t) in days.items())

    left, right_margin, top, bottom = 3.6 * FONT, 10.0, 12.0, FONT + 12.0
    plot_x0, plot_x1 = left + 8, width - right_margin
    y_top, y_bottom = top, height - bottom

    def y_of(pc: float) -> float:
        return y_bottom - (y_bottom - y_top) * pc / 100

    grid = "".join(
        f'<line x1="{_n(left)}" y1="{_n(y_of(pc))}" x2="{_n(width - 2)}" y2="{_n(y_of(pc))}"/>' for pc in (100, 50, 0)
    )
    labels = [_label(left - 6, y_of(pc) + FONT * 0.35, _pc(pc / 100, lang), "end") for pc in (100, 50, 0)]
    parts = [f'<g class="chart-grid" stroke="currentColor" stroke-opacity=".25" stroke-width="1">{grid}</g>']

    if not data:
        parts.append(f'<g class="chart-label" fill="currentColor" fill-opacity=".75">{"".join(labels)}</g>')
        parts.append(_empty((plot_x0 + plot_x1) / 2, y_of(50) - FONT * 0.6, lang))
        return _svg("chart-trend", width, height, title, translate(EMPTY_SAID, lang), "".join(parts))

    first, last = data[0][0], data[-1][0]
    span = (last - first).days
    with_year = first.year != last.year

    def x_of(day: date) -> float:
        if span == 0:
            return (plot_x0 + plot_x1) / 2
        return plot_x0 + (plot_x1 - plot_x0) * (day - first).days / span

    # Up to four dates along the bottom: both ends and evenly spaced days between, as many as fit side by side.
    # The end labels hang inwards from their ticks, the middle ones are centred on theirs; one label is the last day.
    def dated(n: int) -> list[tuple[float, str, str]]:
        if n == 1:
            return [(x_of(last), _day(last, with_year, lang), "end" if span else "middle")]
        picked = [date.fromordinal(first.toordinal() + round(i * span / (n - 1))) for i in range(n)]
        anchors = ["start"] + ["middle"] * (n - 2) + ["end"]
        return [(x_of(day), _day(day, with_year, lang), anchor) for day, anchor in zip(picked, anchors, strict=True)]

    def extent(x: float, text: str, anchor: str) -> tuple[float, float]:
        size = _em(text) * FONT
        start = {"start": x, "middle": x - size / 2, "end": x - size}[anchor]
        return start, start + size

    for n in (4, 3, 2, 1):
        ticks = dated(n)
        spans = [extent(*tick) for tick in ticks]
        if n <= span + 1 and all(a[1] + 8 <= b[0] for a, b in zip(spans, spans[1:], strict=False)):
            break
    for x, text, anchor in ticks:
        labels.append(_label(x, height - 6, text, anchor))
    marks = "".join(f"M{_n(x)} {_n(y_bottom)}v4" for x, _, _ in ticks)
    parts.append(f'<path class="chart-grid" d="{marks}" stroke="currentColor" stroke-opacity=".4"/>')
    parts.append(f'<g class="chart-label" fill="currentColor" fill-opacity=".75">{"".join(labels)}</g>')

    most = max(t for _, _, t in data)
    xy = [(_n(x_of(day)), _n(y_of(100 * r / t))) for day, r, t in data]  # written twice: line and dots
    if len(xy) > 1:
        line = " ".join(f"{cx},{cy}" for cx, cy in xy)
        parts.append(
            f'<polyline class="chart-line" points="{line}" fill="none" stroke="currentColor" stroke-width="2"'
            ' stroke-linejoin="round" stroke-linecap="round"/>'
        )
    dots = []
    tip = translate(N_("{day}: {right}/{total} ({percent} %)"), lang).format  # a tooltip per dot: looked up once
    for (cx, cy), (day, r, t) in zip(xy, data, strict=True):
        radius = 2.5 + 3.5 * math.sqrt(t / most)
        said_day = tip(day=_day(day, with_year, lang), right=r, total=t, percent=percent(r, t))
        dots.append(f'<circle cx="{cx}" cy="{cy}" r="{_n(radius)}"><title>{_text(said_day)}</title></circle>')
    parts.append(f'<g class="chart-point" fill="currentColor">{"".join(dots)}</g>')

    def said(day: date, r: int, t: int) -> str:
        return _say(
            N_("{percent} % on {day} ({questions})"),
            lang,
            percent=percent(r, t),
            day=_day(day, with_year, lang),
            questions=_questions(t, lang),
        )

    if len(data) <= LONG:
        desc = _say(N_("Accuracy {days}."), lang, days=joined([said(*point) for point in data], lang))
    else:
        right_all, total_all = sum(r for _, r, _ in data), sum(t for _, _, t in data)
        low = min(data, key=lambda p: (p[1] * 1.0 / p[2], p[0]))
        high = max(data, key=lambda p: (p[1] * 1.0 / p[2], -p[0].toordinal()))
        desc = _say(
            N_(
                "Accuracy on {count} days from {first} to {last}: overall {right} of {total} right ({percent} %);"
                " lowest {lowest}; highest {highest}; latest {latest}."
            ),
            lang,
            count=len(data),
            first=_day(first, with_year, lang),
            last=_day(last, with_year, lang),
            right=right_all,
            total=total_all,
            percent=percent(right_all, total_all),
            lowest=said(*low),
            highest=said(*high),
            latest=said(*data[-1]),
        )
    return _svg("chart-trend", width, height, title, desc, "".join(parts))


# Sparkline -----------------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _spark_columns(count: int, width: int, pad: float) -> tuple[str, ...]:
    """The x coordinate of each of ``count`` values across a sparkline (a progress page draws dozens
    of sparklines of the same length)."""
    if count == 1:
        return (_n(width / 2),)
    return tuple(_n(pad + (width - 2 * pad) * i / (count - 1)) for i in range(count))


@functools.lru_cache(maxsize=4096)
def _spark_row(value: float, height: int, pad: float) -> str:
    """The y coordinate of a value (0 to 1) in a sparkline: the shares right that learners' trends show
    (a half, two thirds ...) come back again and again."""
    return _n(height - pad - (height - 2 * pad) * value)


def sparkline(
    values: Sequence[float | None], *, label: str, width: int = 120, height: int = 28, lang: str = DEFAULT
) -> Markup:
    """A tiny trend for a table cell: ``values`` from 0 to 1 left to right, None where there is no data.

    The line breaks at a None (a value alone between gaps is a dot) and the
    last value with data is a larger dot. Values outside 0..1 are clamped and
    NaN counts as None. ``label`` names the chart (its ``<title>``). With no
    data at all it draws a faint dashed line.

    >>> svg = str(sparkline([0.5, None, 1.0, 0.75], label="Riichi"))
    >>> svg.split('class="chart-line" d="')[1].split('"')[0]  # the run of the last two values
    'M79 3L117 8.5'
    >>> svg.split('class="chart-point"')[1].split("</g>")[0]  # the first value, alone between gaps
    ' fill="currentColor"><circle cx="3" cy="14" r="2"/>'
    >>> svg.split("<desc")[1].split(">")[1].split("<")[0]
    '50 %, no data, 100 %, 75 %; latest 75 %.'
    """
    if width < 20 or height < 10:
        raise ValueError("a sparkline needs at least 20 x 10 units")
    # A progress page draws dozens of these from shares right (floats from 0 to 1): those pass as they are.
    clean = [v if v is None or (type(v) is float and 0.0 <= v <= 1.0) else _clamped(v) for v in values]
    pad = 3.0
    seen = [v for v in clean if v is not None]
    if not seen:
        mid = height / 2
        body = (
            f'<path class="chart-grid" d="M{_n(pad)} {_n(mid)}H{_n(width - pad)}" stroke="currentColor"'
            ' stroke-opacity=".4" stroke-dasharray="3 3"/>'
        )
        return _svg("chart-spark", width, height, label, translate(N_("No data yet."), lang), body, font=None)

    # The line is a path of runs of consecutive values with data. A run of one value is a dot instead,
    # unless it holds the last value with data, which gets the larger dot drawn below.
    xs = _spark_columns(len(clean), width, pad)
    path, dots = [], []
    run: list[str] = []  # the current run's points, "x y"
    lone = ""  # the dot of a run of one value, drawn once a later value shows it is not the last
    x = y = ""  # the point of the latest value with data
    for i, v in enumerate(clean):
        if v is None:
            if len(run) > 1:
                path.append("M" + "L".join(run))
            elif run:
                lone = f'<circle cx="{x}" cy="{y}" r="2"/>'
            run = []
        else:
            if lone:
                dots.append(lone)
                lone = ""
            x, y = xs[i], _spark_row(v, height, pad)
            run.append(f"{x} {y}")
    if len(run) > 1:
        path.append("M" + "L".join(run))
    parts = [
        f'<path class="chart-grid" d="M0 {_spark_row(0.5, height, pad)}H{_n(width)}" stroke="currentColor" stroke-opacity=".2"/>'
    ]
    if path:
        parts.append(
            f'<path class="chart-line" d="{"".join(path)}" fill="none" stroke="currentColor" stroke-width="1.5"'
            ' stroke-linejoin="round" stroke-linecap="round"/>'
        )
    if dots:
        parts.append(f'<g class="chart-point" fill="currentColor">{"".join(dots)}</g>')
    parts.append(f'<circle class="chart-last" cx="{x}" cy="{y}" r="2.5" fill="currentColor"/>')

    final = seen[-1]
    if len(clean) <= LONG:
        no_data = translate(N_("no data"), lang)
        desc = _say(
            N_("{values}; latest {latest}."),
            lang,
            values=joined([no_data if v is None else _pc(v, lang) for v in clean], lang),
            latest=_pc(final, lang),
        )
    else:
        desc = _say(
            N_("{count} values, {seen} with data, from {low} to {high}; latest {latest}."),
            lang,
            count=len(clean),
            seen=len(seen),
            low=_pc(min(seen), lang),
            high=_pc(max(seen), lang),
            latest=_pc(final, lang),
        )
    return _svg("chart-spark", width, height, label, desc, "".join(parts), font=None)


def _clamped(value: float) -> float | None:
    """A value that is not a float from 0 to 1, as a sparkline draws it: clamped, and NaN as None."""
    return None if math.isnan(value) else min(1.0, max(0.0, float(value)))


PERCENT = N_("{percent} %")
"""A percentage as the reader's language writes it (``72 %``; ``72%`` in Chinese)."""


def _pc(value: float, lang: str) -> str:
    return translate(PERCENT, lang).format(percent=math.floor(100 * value + 0.5))


# Bars ----------------------------------------------------------------------------------------------------------------


def bars(rows: Sequence[tuple[str, int, int]], *, title: str, width: int = 560, lang: str = DEFAULT) -> Markup:
    """Horizontal bars of accuracy, one per ``(label, right, total)`` row, in the order given.

    Each row is the label on a line of its own (cut with "…" when wider than
    the chart; the row's tooltip and the description keep it whole), then the
    bar on its track with the value just right of it, e.g. ``7/10 (70 %)``. A row
    without answers says "no answers" beside an empty track. No rows at all
    draw "No answers yet". The height follows the number of rows.
    """
    if width < 320:
        raise ValueError("a bar chart needs at least 320 units of width")
    for label, right, total in rows:
        _check(right, total, label)
    if not rows:
        return _svg(
            "chart-bars", width, 3 * FONT, title, translate(EMPTY_SAID, lang), _empty(width / 2, 1.85 * FONT, lang)
        )

    # One row: the label across the whole width, then the bar on its track with the value right of it.
    values = [
        translate(N_("no answers"), lang)
        if not total
        else translate(N_("{right}/{total} ({percent} %)"), lang).format(
            right=right, total=total, percent=percent(right, total)
        )
        for _, right, total in rows
    ]
    bar, gap = 14.0, 16.0
    pitch = FONT * 1.2 + 2 + bar + gap
    height = len(rows) * pitch - gap + 2
    track_width = width - max(_em(value) for value in values) * FONT - 8
    if track_width < width / 3:
        raise ValueError("a bar chart this narrow leaves no room for its bars")
    parts, texts = [], []
    for i, ((label, right, total), value) in enumerate(zip(rows, values, strict=True)):
        y = i * pitch
        bar_y = y + FONT * 1.2 + 2
        texts.append(_label(0, y + FONT * 0.9, _fit(label, width)))
        texts.append(_label(track_width + 8, bar_y + bar / 2 + FONT * 0.35, value))
        track = (
            f'<rect class="chart-track" x="0" y="{_n(bar_y)}" width="{_n(track_width)}" height="{_n(bar)}" rx="3"'
            ' fill="currentColor" fill-opacity=".15"/>'
        )
        fill = ""
        if right:
            fill = (
                f'<rect class="chart-bar" x="0" y="{_n(bar_y)}" width="{_n(max(3.0, track_width * right / total))}"'
                f' height="{_n(bar)}" rx="3" fill="currentColor"/>'
            )
        tip = _say(N_("{label}: {value}"), lang, label=label, value=value)
        parts.append(f"<g><title>{_text(tip)}</title>{track}{fill}</g>")
    body = f'{"".join(parts)}<g class="chart-label" fill="currentColor">{"".join(texts)}</g>'

    def said(label: str, right: int, total: int) -> str:
        pc = percent(right, total)
        if pc is None:
            return _say(N_("{label}: no answers yet"), lang, label=label)
        return _say(
            N_("{label}: {right} of {total} right ({percent} %)"),
            lang,
            label=label,
            right=right,
            total=total,
            percent=pc,
        )

    if len(rows) <= LONG:
        listed = joined([said(*row) for row in rows], lang, N_("{earlier}; {next}"))
        desc = _say(N_("{items}."), lang, items=listed)
    else:
        answered = [row for row in rows if row[2]]
        right_all, total_all = sum(r for _, r, _ in rows), sum(t for _, _, t in rows)
        if answered:
            high = max(answered, key=lambda row: row[1] / row[2])
            low = min(answered, key=lambda row: row[1] / row[2])
            desc = _say(
                N_(
                    "{rows} rows, {answered} with answers; overall {right} of {total} right ({percent} %);"
                    " highest {highest}; lowest {lowest}."
                ),
                lang,
                rows=len(rows),
                answered=len(answered),
                right=right_all,
                total=total_all,
                percent=percent(right_all, total_all),
                highest=said(*high),
                lowest=said(*low),
            )
        else:
            desc = _say(N_("{rows} rows, {answered} with answers."), lang, rows=len(rows), answered=0)
    return _svg("chart-bars", width, height, title, desc, body)
