"""Register, log in, log out. A guest who registers keeps everything they practised."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from ..accounts import AccountError, authenticate, merge_guest, register
from ..i18n import gettext, say
from ..store import get_db
from ..web_session import current_user, log_in, log_out

bp = Blueprint("auth", __name__, url_prefix="/auth")


def _next_url() -> str:
    # Only local paths, so a crafted link cannot send someone to another site after logging in.
    target = request.values.get("next", "")
    return target if target.startswith("/") and not target.startswith("//") else url_for("progress.dashboard")


@bp.route("/register", methods=("GET", "POST"))
def register_view() -> ResponseReturnValue:
    problem = None
    if request.method == "POST":
        guest = current_user()
        try:
            user = register(
                get_db(),
                request.form.get("username", ""),
                request.form.get("password", ""),
                "teacher" if request.form.get("role") == "teacher" else "learner",
                guest=guest if guest is not None and guest.is_guest else None,
            )
        except AccountError as refusal:
            problem = say(refusal)
        else:
            log_in(user)
            flash(gettext("Welcome, %(name)s! Your progress is saved to your account.", name=user.name))
            return redirect(_next_url())
    return render_template("auth/register.html", problem=problem, next=request.values.get("next", "")), (
        400 if problem else 200
    )


@bp.route("/login", methods=("GET", "POST"))
def login() -> ResponseReturnValue:
    problem = None
    if request.method == "POST":
        try:
            user = authenticate(get_db(), request.form.get("username", ""), request.form.get("password", ""))
        except AccountError as refusal:
            problem = say(refusal)
        else:
            guest = current_user()
            if guest is not None and guest.is_guest:
                merge_guest(get_db(), guest, user)
            log_in(user)
            return redirect(_next_url())
    return render_template("auth/login.html", problem=problem, next=request.values.get("next", "")), (
        400 if problem else 200
    )


@bp.post("/logout")
def logout() -> ResponseReturnValue:
    log_out()
    return redirect(url_for("home.index"))
