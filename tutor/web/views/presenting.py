"""Presentation mode, shared by class assignments and the calculator: one question in large tiles for a
projector, its answer revealed a step at a time (``?step=`` says how far; the page's keys move it)."""

from __future__ import annotations

from typing import Any

from flask import render_template, request

from tutor.quiz.exercise import Exercise
from tutor.quiz.present import reveal_steps
from tutor.web.views.params import SQLITE_MAX, whole_number


def render_presentation(exercise: Exercise, **context: Any) -> str:
    """The page for ``exercise``; ``context`` gives heading, back_url, base_url, and perhaps prev_url,
    next_url and a note (see templates/present.html)."""
    steps = reveal_steps(exercise)
    shown = min(whole_number(request.args.get("step"), 0, 0, SQLITE_MAX), len(steps))
    return render_template("present.html", exercise=exercise, steps=steps, shown=shown, **context)
