"""The progress page's tally rows (templates/partials/tallies.html) are the markup recorded in
tests/data/golden/ (see tests/golden.py to record it again), with the tallies' figures and names escaped
once, and a topic's trend is named in the reader's language."""

from __future__ import annotations

import re

import pytest
from flask import Flask, render_template_string
from markupsafe import escape

from tests.golden import golden_text
from tutor.practice import statistics
from tutor.practice.statistics import Tally
from tutor.web.i18n import format_number, gettext

TABLES = """{% from "partials/tallies.html" import topic_rows, skill_rows -%}
{% set replay_form %}<form method="post" action="/practice/replay" class="inline-form"><input type="hidden" name="csrf_token" value="tok&amp;"><input type="hidden" name="days" value="30">{% endset %}
{% set drill_form %}<form method="post" action="/practice/drill" class="inline-form"><input type="hidden" name="csrf_token" value="tok&amp;">{% endset %}
{% set practise_5, replay_wrong, replay_all_wrong = _("practise 5"), _("replay wrong"), _("replay what I got wrong") %}
    <tbody>
    {{ topic_rows(topics, replay_form, replay_all_wrong) }}
    </tbody>
    <tbody>
    {{ skill_rows(rows, drill_form, practise_5, replay_form, replay_wrong) }}
    </tbody>"""

TALLIES = [
    Tally("yaku:pinfu", "Pinfu", 12, 7, "/lessons/yaku#pinfu", [0.5, None, 1.0, 0.0, 2 / 3, None, 0.125]),
    Tally("fu:kanchan", 'Fu: <kanchan> & "x"', 3, 3, "/lessons/fu?a=1&b=2", [1.0]),
    Tally("table:1", "满贯 'tsumo'", 0, 0, "/lessons/points", []),  # not met in the window
    Tally("dora:count", "Dora", 7, 0, "/lessons/dora", [None] * 12 + [0.0]),
    Tally(
        "waits:x",
        "Waits",
        1000,
        995,
        "/lessons/waits",
        [0.995, 0.9949, 0.125, 0.875, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
    ),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tally_rows_are_as_recorded(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        app.preprocess_request()  # the request's language
        shown = [
            render_template_string(TABLES, topics=topics, rows=rows)
            for topics, rows in ((TALLIES, TALLIES[::-1]), ([], []), (TALLIES[2:3], TALLIES[:1]))
        ]
        title = gettext("weekly first-try accuracy for %(name)s", name=TALLIES[1].label)
    tables = "\n<!-- next -->\n".join(shown)
    assert tables == golden_text(f"tally-rows-{lang}.html", tables)
    topics, skills = shown[0].split("</tbody>")[:2]
    assert topics.count("<tr>") == skills.count("<tr>") == len(TALLIES)
    # A name is escaped once, in its cell and in its trend's title; the figures are the tallies'.
    assert "&lt;kanchan&gt; &amp; &#34;x&#34;</a>" in topics and "<kanchan>" not in shown[0]
    assert "<title id=" in topics and f">{escape(title)}</title>" in topics and "&amp;lt;" not in topics
    assert re.findall(r'<td class="num">([^<]*)</td><td class="num">([^<]*)</td>', topics) == [
        (
            format_number(t.done, lang),
            "–" if t.accuracy is None else f"{round(t.accuracy * 100)}{' %' if lang == 'en' else '%'}",
        )
        for t in TALLIES
    ]
    # Replay is offered where a first try went wrong; every skill row offers a drill.
    offered = [t.key for t in TALLIES if t.done and t.first_try_right < t.done]
    assert re.findall(r'name="topic" value="([^"]*)"', topics) == offered
    assert re.findall(r'action="/practice/replay"[^>]*>.*?name="skill" value="([^"]*)"', skills) == [
        t.key for t in TALLIES[::-1] if t.first_try_right < t.done
    ]
    assert skills.count('action="/practice/drill"') == len(TALLIES)
    assert "<tr>" not in shown[1]


def test_topics_and_their_trends_are_named_in_the_readers_language(app: Flask) -> None:
    from tutor.web.db import get_db

    with app.app_context():
        db = get_db()
        english = {t.key: t.label for t in statistics.topic_tallies(db, 1, 30, "en")}
        chinese = {t.key: t.label for t in statistics.topic_tallies(db, 1, 30, "zh")}
    assert english["fu"] == "Fu" and chinese["fu"] == "符"
    with app.test_request_context("/?lang=zh"):
        app.preprocess_request()
        tally = Tally("fu", chinese["fu"], 4, 1, "/lessons/fu", [0.25])
        row = str(
            render_template_string(
                '{% from "partials/tallies.html" import topic_rows %}{{ topic_rows([t], "", "x") }}', t=tally
            )
        )
    assert ">符</a>" in row and "Fu" not in row.replace("/lessons/fu", "")
