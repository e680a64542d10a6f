"""The home page: where to start, or where to go on ("Continue", decided by :mod:`tutor.course.path`)."""

from __future__ import annotations

from flask import Blueprint, current_app, render_template

from tutor.course.path import next_action, stages
from tutor.web.db import get_db
from tutor.web.i18n import current_language
from tutor.web.visitor import current_user

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> str:
    book = current_app.extensions["lessons"].book(current_language())
    lessons = list(book.lessons.values())
    user = current_user()
    path = next_action(get_db(), user.id if user else None, lessons, lang=current_language())
    return render_template("home.html", lessons=lessons, path=path, stages=stages(lessons))
