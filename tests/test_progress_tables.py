"""The progress page's tally rows written in Python (tutor.web.progress_tables) are the markup the Jinja loops
wrote before (kept here as the oracle), and a topic's trend is named in the reader's language."""

from __future__ import annotations

import pytest
from flask import Flask, render_template_string

from tutor.drawing.charts import sparkline
from tutor.practice import progress
from tutor.practice.progress import Tally

# The old loops, but for three mends: counts are grouped by thousands (1,000); the topic's sparkline was
# titled with the English topic name on a Chinese page (``name=t.label`` beside ``_(t.label)``; tallies now
# come titled in the reader's language); and a name with ``<`` or ``&`` was escaped twice in a sparkline's
# title (by the template's gettext, then by the chart), hence ``|safe`` here.
OLD_TABLES = """{% set replay_form %}<form method="post" action="/practice/replay" class="inline-form"><input type="hidden" name="csrf_token" value="tok&amp;"><input type="hidden" name="days" value="30">{% endset %}
{% set drill_form %}<form method="post" action="/practice/drill" class="inline-form"><input type="hidden" name="csrf_token" value="tok&amp;">{% endset %}
{% set practise_5, replay_wrong, replay_all_wrong = _("practise 5"), _("replay wrong"), _("replay what I got wrong") %}
    <tbody>
    {% for t in topics %}
      <tr><th scope="row"><a href="{{ t.link }}">{{ t.label }}</a></th><td class="num">{{ t.done|grouped }}</td><td class="num">{% if t.accuracy is not none %}{{ (t.accuracy * 100)|round|int }} %{% else %}–{% endif %}</td><td class="trend">{% if t.trend %}{{ sparkline(t.trend, label=_("weekly first-try accuracy for %(name)s", name=t.label|safe)) }}{% endif %}</td>
      <td>{% if t.done and t.first_try_right < t.done %}{{ replay_form }}<input type="hidden" name="topic" value="{{ t.key }}"><button type="submit" class="link">{{ replay_all_wrong }}</button></form>{% endif %}</td></tr>
    {% endfor %}
    </tbody>
    <tbody>
    {% for t in rows %}
      <tr><th scope="row"><a href="{{ t.link }}">{{ t.label }}</a></th><td class="num">{{ t.done|grouped }}</td><td class="num">{% if t.accuracy is not none %}{{ (t.accuracy * 100)|round|int }} %{% else %}–{% endif %}</td><td class="trend">{% if t.trend %}{{ sparkline(t.trend, label=_("weekly first-try accuracy for %(name)s", name=t.label|safe)) }}{% endif %}</td>
      <td>{{ drill_form }}<input type="hidden" name="skill" value="{{ t.key }}"><button type="submit" class="link">{{ practise_5 }}</button></form>{% if t.first_try_right < t.done %} · {{ replay_form }}<input type="hidden" name="skill" value="{{ t.key }}"><button type="submit" class="link">{{ replay_wrong }}</button></form>{% endif %}</td></tr>
    {% endfor %}
    </tbody>"""

NEW_TABLES = """{% set replay_form %}<form method="post" action="/practice/replay" class="inline-form"><input type="hidden" name="csrf_token" value="tok&amp;"><input type="hidden" name="days" value="30">{% endset %}
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
def test_the_tally_rows_are_the_markup_the_template_wrote(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        app.preprocess_request()  # the request's language
        for topics, rows in ((TALLIES, TALLIES[::-1]), ([], []), (TALLIES[2:3], TALLIES[:1])):
            old = render_template_string(
                OLD_TABLES,
                topics=topics,
                rows=rows,
                sparkline=lambda values, label: sparkline(values, label=label, lang=lang),
            )
            assert render_template_string(NEW_TABLES, topics=topics, rows=rows) == old


def test_topics_and_their_trends_are_named_in_the_readers_language(app: Flask) -> None:
    from tutor.web.db import get_db

    with app.app_context():
        db = get_db()
        english = {t.key: t.label for t in progress.topic_tallies(db, 1, 30, "en")}
        chinese = {t.key: t.label for t in progress.topic_tallies(db, 1, 30, "zh")}
    assert english["fu"] == "Fu" and chinese["fu"] == "符"
    with app.test_request_context("/?lang=zh"):
        app.preprocess_request()
        tally = Tally("fu", chinese["fu"], 4, 1, "/lessons/fu", [0.25])
        row = str(render_template_string("{{ topic_rows([t], '', 'x') }}", t=tally))
    assert ">符</a>" in row and "Fu" not in row.replace("/lessons/fu", "")
