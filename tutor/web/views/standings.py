"""The final standings page: four end scores in, rank, uma, oka and final points out.

A plain GET form like the calculator's, so every result has an address; the
arithmetic is :mod:`tutor.engine.standings`' and nothing here knows uma.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request

from tutor.engine.standings import RULE_SETS, SEAT_NAMES, SEATS, Standings, shown, standings
from tutor.messages.catalogues import N_, Problem, Sentence
from tutor.web.i18n import say

bp = Blueprint("standings", __name__)

FIELDS = {"E": "east", "S": "south", "W": "west", "N": "north"}
"""The form field of each seat's score."""


def whole_number(text: str, problem: Sentence) -> int:
    """A typed whole number (``35,000``, ``-3000``); raises Problem with ``problem`` when it is not one."""
    cleaned = text.strip().replace(",", "").replace(" ", "").replace("−", "-")
    digits = cleaned[1:] if cleaned.startswith(("-", "+")) else cleaned
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 9:
        raise Problem(problem)
    return int(cleaned)


def game_from_fields(fields: Any) -> Standings:
    """The standings of a submitted form (or query string); raises Problem naming the first bad field."""
    scores = []
    for seat in SEATS:
        text = fields.get(FIELDS[seat], "")
        bad = Sentence(
            N_("{seat}'s score must be a whole number of points, such as 35000, not {text!r}"),
            seat=Sentence(SEAT_NAMES[seat]),
            text=text,
        )
        scores.append(whole_number(text, bad))
    sticks_text = fields.get("sticks", "").strip() or "0"
    bad_sticks = Sentence(
        N_("the riichi sticks left on the table must be a whole number, 0 or more, not {text!r}"), text=sticks_text
    )
    sticks = whole_number(sticks_text, bad_sticks)
    return standings(scores, sticks, fields.get("rules", "tenhou"))


@bp.app_template_filter("final_points")
def final_points(tenths: int) -> str:
    """Tenths of a final point as players write them (+52.3); lesson blocks use it too."""
    return shown(tenths)


@bp.get("/standings")
def page() -> str:
    form = request.args
    game = problem = None
    if any(form.get(field) for field in FIELDS.values()):
        try:
            game = game_from_fields(form)
        except Problem as refusal:
            problem = say(refusal)
    return render_template(
        "standings/standings.html",
        form=form,
        game=game,
        problem=problem,
        fields=[(FIELDS[seat], SEAT_NAMES[seat]) for seat in SEATS],
        rule_sets=list(RULE_SETS.values()),
    )
