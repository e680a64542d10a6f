"""The calculator: build a hand, set the situation, read the full breakdown.

A plain GET form, so it works without JavaScript and every result has a
shareable address; the form's address ends in ``#result``, so the page opens at
the result (or at what is wrong). The page's script only adds tile pickers: for
the hand (a click on a hand tile makes it the winning tile), the melds (the
called tile first) and the dora and ura indicators.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tutor.engine.api import build_request, evaluate
from tutor.engine.hand import HandError
from tutor.engine.rules import PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS
from tutor.engine.situation import FLAG_NAMES, STANDARD_FLAGS
from tutor.messages.catalogues import N_, Sentence
from tutor.quiz.exercise import Exercise
from tutor.quiz.questions import QuestionError
from tutor.web.i18n import gettext, message, say
from tutor.web.views.presenting import render_presentation

bp = Blueprint("calculator", __name__)

MELD_KINDS = ("chi", "pon", "minkan", "ankan", "kakan")
# An added kan (a pon with its fourth tile added) scores as an open kan: the engine knows one kind for both.
SCORED_AS = {"kakan": "minkan"}
MELD_SLOTS = 4
COUNTED_FIELDS = {"honba": Sentence(N_("Honba")), "sticks": Sentence(N_("Riichi sticks"))}
"""The form's number fields, named as their labels name them."""


def request_from_form(form: Any) -> dict[str, Any]:
    """A score request from the calculator's fields; raises HandError for fields that make no sense."""
    melds = []
    for slot in range(1, MELD_SLOTS + 1):
        kind, tiles = form.get(f"meld{slot}_kind", ""), form.get(f"meld{slot}_tiles", "").replace(" ", "")
        if kind and tiles:
            melds.append((SCORED_AS.get(kind, kind), tiles))
        elif tiles:
            raise HandError(
                "bad_request",
                N_("Meld {slot}: choose chi, pon, open kan or closed kan for {tiles}"),
                slot=slot,
                tiles=tiles,
            )
    counts = []
    for field, label in COUNTED_FIELDS.items():
        text = form.get(field, "").strip() or "0"
        if not (text.isascii() and text.isdigit()):
            raise HandError("bad_request", N_("{field} must be a whole number, not “{text}”"), field=label, text=text)
        counts.append(int(text))
    return build_request(
        form.get("hand", ""),
        form.get("win", ""),
        seat=form.get("seat", "E"),
        round_wind=form.get("round", "E"),
        melds=melds,
        flags=[flag for flag in STANDARD_FLAGS if form.get(flag)],
        dora=form.get("dora", ""),
        ura=form.get("ura", ""),
        honba=counts[0],
        sticks=counts[1],
        preset=form.get("preset", "tenhou"),
        pao=form.get("pao", ""),
        discarder=form.get("discarder", ""),
    )


@bp.get("/calculator")
def calculator() -> str:
    form = request.args
    result = score_request = None
    problem: str | HandError | None = None
    if "hand" in form and not form["hand"].strip():
        # The form was sent with no tiles: say so, rather than show the empty form again as if nothing happened.
        problem = gettext(
            "The hand is empty: type its tiles (123m456p789s...) or click the tiles to add them, then score it."
        )
    elif form.get("hand"):
        try:
            score_request = request_from_form(form)
            result = evaluate(score_request)
        except HandError as refusal:
            problem = refusal  # said with its tiles drawn (|words), in the page's language
    return render_template(
        "calculator/calculator.html",
        form=form,
        result=result,
        problem=problem,
        score_request=score_request,
        flags=STANDARD_FLAGS,
        flag_names=FLAG_NAMES,
        meld_kinds=MELD_KINDS,
        meld_slots=range(1, MELD_SLOTS + 1),
        # (value, the preset's name and its description, in the page's language)
        presets=[
            (
                name,
                gettext(PRESET_NAMES.get(name, name)),
                message(f"rules.{name}") if name in PRESET_DESCRIPTIONS else "",
            )
            for name in PRESETS
        ],
    )


@bp.get("/calculator/present")
def present() -> ResponseReturnValue:
    """The calculator's hand in presentation mode, to discuss it on a projector ("Present this hand")."""
    form = request.args
    try:
        exercise = Exercise.from_json(
            {"topic": "points", "parts": [{"ask": "points", "request": request_from_form(form)}]}
        )
    except HandError as refusal:
        abort(400, say(refusal))
    except QuestionError as refusal:
        abort(400, str(refusal))
    fields: dict[str, Any] = {key: value for key, value in form.items() if key != "step"}
    return render_presentation(
        exercise,
        heading=gettext("Calculator"),
        back_url=url_for("calculator.calculator", **fields),
        base_url=url_for("calculator.present", **fields),
    )
