"""The long tables of a teacher's class pages as HTML: the skills heat map's cells
(``templates/partials/heatmap.html``) and the dashboard's row per student (``classroom/dashboard.html``).

A school-sized class fills tens of thousands of cells; one Jinja macro or loop body per cell costs more
than the page's queries, so the rows are written here in one pass, escaped as the template would have
escaped them (markupsafe). The table around them and every word a person reads (headings, translated
labels, passed in) stay in the templates.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from flask import render_template
from markupsafe import Markup, escape

from tutor.classroom.assignments import Assignment
from tutor.classroom.dashboard import AssignmentResults, Heatmap
from tutor.classroom.roster import Member
from tutor.kept import Kept
from tutor.web.i18n import current_language


def heat_rows(heat: Heatmap) -> Markup:
    """The heat map's body: a row per student, a cell per skill column (``right/done`` and its share)."""
    labels = [(skill, f" · {escape(label)}: ") for skill, label in heat.skills]
    # A cell is the same text but for the student's name: kept by (label, tally), a handful of small
    # numbers that repeat across the class.
    halves: dict[tuple[str, tuple[int, int]], tuple[str, str]] = {}
    empty = '\n      <td class="cell empty"></td>\n    '
    out: list[str] = []
    for someone, cells in heat.rows:
        name = str(escape(someone.display_name))
        out.append(f'\n    <tr><th scope="row">{name}</th>\n    ')
        for skill, label in labels:
            cell = cells.get(skill)
            if not cell:
                out.append(empty)
                continue
            half = halves.get((label, cell))
            if half is None:
                done, right = cell
                half = halves[(label, cell)] = (
                    f'\n      <td class="cell" style="--share: {right / done:.2f}" title="',
                    f'{label}{right}/{done}">{right}/{done}</td>\n    ',
                )
            out.append(f"{half[0]}{name}{half[1]}")
        out.append("</tr>\n  ")
    return Markup("".join(out))


def heat_totals(heat: Heatmap) -> Markup:
    """The class's row: each skill column's share of right first tries, in percent."""
    out = []
    for skill, _label in heat.skills:
        done, right = heat.totals[skill]
        out.append(f'<td class="cell" style="--share: {right / done:.2f}">{int(round(right / done * 100))} %</td>')
    return Markup("".join(out))


def student_rows(
    found: AssignmentResults,
    student_url: str,
    attempt_url: str,
    status_names: Mapping[str, str],
    shown: Sequence[Member] | None = None,
) -> Markup:
    """The dashboard's row per student: status, attempts, the counted attempt's answers, score and times.

    ``student_url`` and ``attempt_url`` are the pages' addresses with ``{id}`` where the student's (the
    attempt's) id goes; ``status_names`` the statuses as the reader's language says them; ``shown`` the
    students of the page (every student when None)."""
    size = found.assignment.size
    allowed = found.assignment.attempts_allowed
    names = {status: str(escape(name)) for status, name in status_names.items()}
    student_url, attempt_url = str(escape(student_url)), str(escape(attempt_url))
    out = []
    wanted = None if shown is None else {member.user_id for member in shown}
    for work in found.students:
        if wanted is not None and (work.member is None or work.member.user_id not in wanted):
            continue
        best = work.counted
        someone = work.member
        assert someone is not None  # the teacher's rows each name their student
        user_id = someone.user_id
        if best and best.answered:
            score = f'<a href="{attempt_url.replace("{id}", str(best.session_id))}">{_percent(work.percent)}</a>'
        else:
            score = "–"
        status = work.status
        out.append(
            f'\n      <tr data-student="{user_id}"><th scope="row"><a href="{student_url.replace("{id}", str(user_id))}">'
            f"{escape(someone.display_name)}</a></th>"
            f'\n        <td><span class="status status-{status.replace(" ", "-")}">{names[status]}</span></td>'
            f'<td class="num">{len(work.tries)}/{allowed}</td>'
            f'\n        <td class="num">{best.answered if best else 0}/{size}</td>'
            f'\n        <td class="num">{best.right if best else 0}</td>'
            f'\n        <td class="num" data-score>{score}</td>'
            f'\n        <td class="num">{_duration(best.time_ms if best else 0)}</td>'
            f"\n        <td>{_when(best.last_at if best else None)}</td></tr>\n    "
        )
    return Markup("".join(out))


def _percent(value: float | None) -> str:
    """As the ``percent`` macro (classroom/_macros.html) writes it."""
    return "–" if value is None else f"{int(round(value))} %"


def _duration(ms: int | None) -> str:
    """As the ``duration`` macro writes it: seconds under a minute, else minutes to a tenth."""
    if not ms:
        return "–"
    if ms < 60000:
        return f"{int(round(ms / 1000))} s"
    return f"{round(ms / 60000, 1)} min"


def _when(stamp: str | None) -> str:
    """As the ``when`` macro writes it: the UTC time to the minute, which the page shows in local time."""
    if not stamp:
        return "–"
    return f'<time datetime="{escape(stamp)}" data-local>{escape(stamp[:16].replace("T", " "))} UTC</time>'


HANDS = Kept[Markup](1000)
"""Questions' hands kept as HTML (a few kB each): fifty assignments of twenty, or twenty-five in two languages."""


def question_hand(assignment: Assignment, position: int) -> Markup:
    """What the dashboard's row shows of a shared question (``partials/context.html``: the hand and how it
    was won), rendered once per language and kept: the same twenty hands are drawn on every request. The
    key is what decides the drawing (the assignment and its settings, see :meth:`Assignment.shared_exercise`)
    and the words (the language), so a changed assignment is drawn and rendered again."""
    key = (assignment.id, json.dumps(assignment.settings, sort_keys=True), position, current_language())
    return HANDS.get(
        key, lambda: Markup(render_template("partials/context.html", q=assignment.shared_exercise(position).main))
    )
