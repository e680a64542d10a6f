"""The home page: where to start."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from tutor.web.i18n import current_language

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    book = current_app.extensions["lessons"].book(current_language())
    return render_template("home.html", lessons=list(book.lessons.values()))
