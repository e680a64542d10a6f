"""The progress page's tally tables as HTML: a row per topic and per yaku or fu feature met
(``templates/progress/dashboard.html``).

A busy learner's page has sixty-odd such rows, each with a trend sparkline and one or two small forms;
written by a Jinja loop, they were half the page's time. Written here in one pass, escaped as the
template would have escaped them (markupsafe). The table around them and every heading stays in the
template; the words of the buttons and the forms (with their CSRF token) come from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from tutor.drawing.charts import sparkline
from tutor.practice.progress import Tally
from tutor.web.i18n import current_language, format_number, gettext


def _cells(tally: Tally, lang: str) -> str:
    """The row's heading (linked to its lesson), first tries, the share right and the weekly trend."""
    share = "–" if tally.accuracy is None else f"{int(round(tally.accuracy * 100))} %"
    trend = ""
    if tally.trend:
        title = gettext("weekly first-try accuracy for %(name)s", name=tally.label)
        trend = str(sparkline(tally.trend, label=title, lang=lang))
    return (
        f'\n      <tr><th scope="row"><a href="{escape(tally.link)}">{escape(tally.label)}</a></th>'
        f'<td class="num">{format_number(tally.done, lang)}</td><td class="num">{share}</td><td class="trend">{trend}</td>'
    )


def _form(opened: Markup, field: str, value: str, label: str) -> str:
    """A one-button form: ``opened`` is the ``<form>`` start with its hidden fields, from the template."""
    return (
        f'{opened}<input type="hidden" name="{field}" value="{escape(value)}">'
        f'<button type="submit" class="link">{escape(label)}</button></form>'
    )


def topic_rows(tallies: Sequence[Tally], replay_form: Markup, replay_label: str) -> Markup:
    """A row per practice topic; a topic with a wrong first try offers to replay those questions."""
    lang = current_language()
    out = []
    for tally in tallies:
        replay = ""
        if tally.done and tally.first_try_right < tally.done:
            replay = _form(replay_form, "topic", tally.key, replay_label)
        out.append(f"{_cells(tally, lang)}\n      <td>{replay}</td></tr>\n    ")
    return Markup("".join(out))


def skill_rows(
    tallies: Sequence[Tally], drill_form: Markup, drill_label: str, replay_form: Markup, replay_label: str
) -> Markup:
    """A row per yaku or fu feature met: practise five questions on it, and replay the ones got wrong."""
    lang = current_language()
    out = []
    for tally in tallies:
        actions = _form(drill_form, "skill", tally.key, drill_label)
        if tally.first_try_right < tally.done:
            actions += " · " + _form(replay_form, "skill", tally.key, replay_label)
        out.append(f"{_cells(tally, lang)}\n      <td>{actions}</td></tr>\n    ")
    return Markup("".join(out))
