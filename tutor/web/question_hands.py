"""What the assignment dashboard's row per question shows of a shared question: its hand, rendered once
per language and kept (``partials/context.html``)."""

from __future__ import annotations

import json

from flask import render_template
from markupsafe import Markup

from tutor.classroom.assignments import Assignment
from tutor.kept import Kept
from tutor.web.i18n import current_language

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
