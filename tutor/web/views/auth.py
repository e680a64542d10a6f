"""Register, log in, log out, change a password. A guest who registers keeps everything they practised."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from tutor.accounts import (
    MIN_PASSWORD,
    AccountError,
    TooManyLogins,
    authenticate,
    change_password,
    merge_guest,
    register,
    reset_link_user,
    reset_password,
)
from tutor.web.db import get_db
from tutor.web.i18n import gettext, say
from tutor.web.visitor import current_user, log_in, log_out

bp = Blueprint("auth", __name__, url_prefix="/auth")


def local_path(target: str) -> str | None:
    """``target`` as a path on this site, or None: a crafted ``next`` must not lead to another site.

    Browsers drop tabs and newlines anywhere in a URL and read ``\\`` as ``/``, so ``/\t/evil.example``
    and ``/\\evil.example`` both mean ``//evil.example``: control characters and whitespace go first,
    then only ``/`` followed by neither ``/`` nor ``\\`` passes, and nothing with a scheme or host.
    """
    cleaned = "".join(ch for ch in target if ch.isprintable() and not ch.isspace())
    if not cleaned.startswith("/") or cleaned[1:2] in ("/", "\\"):
        return None
    parts = urlsplit(cleaned)
    return None if parts.scheme or parts.netloc else cleaned


def _next_url() -> str:
    return local_path(request.values.get("next", "")) or url_for("progress.dashboard")


def _address() -> str:
    return request.remote_addr or "unknown"


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
            if user.is_teacher and local_path(request.values.get("next", "")) in (None, "/"):
                # A new teacher's first job is a class: land where one is made, not on an empty progress page.
                return redirect(url_for("classroom.index"))
            return redirect(_next_url())
    return render_template(
        "auth/register.html", problem=problem, next=request.values.get("next", ""), least=MIN_PASSWORD
    ), (400 if problem else 200)


@bp.route("/login", methods=("GET", "POST"))
def login() -> ResponseReturnValue:
    problem = None
    status = 200
    headers: dict[str, str] = {}
    if request.method == "POST":
        try:
            user = authenticate(
                get_db(), request.form.get("username", ""), request.form.get("password", ""), _address()
            )
        except TooManyLogins as refusal:
            problem, status = say(refusal), 429
            headers["Retry-After"] = str(refusal.seconds)
        except AccountError as refusal:
            problem, status = say(refusal), 400
        else:
            guest = current_user()
            if guest is not None and guest.is_guest:
                merge_guest(get_db(), guest, user)
            log_in(user)
            return redirect(_next_url())
    return render_template("auth/login.html", problem=problem, next=request.values.get("next", "")), status, headers


@bp.route("/password", methods=("GET", "POST"))
def password() -> ResponseReturnValue:
    """Change the password of a named account; every other session of the account is logged out."""
    user = current_user()
    if user is None or user.is_guest:
        return redirect(url_for("auth.login", next=url_for("auth.password")))
    problem = None
    status = 200
    headers: dict[str, str] = {}
    if request.method == "POST":
        try:
            changed = change_password(
                get_db(), user, request.form.get("current", ""), request.form.get("password", ""), _address()
            )
        except TooManyLogins as refusal:
            problem, status = say(refusal), 429
            headers["Retry-After"] = str(refusal.seconds)
        except AccountError as refusal:
            problem, status = say(refusal), 400
        else:
            log_in(changed)  # this session goes on under the new generation
            flash(gettext("Your password is changed. Everywhere else you were logged in, you are now logged out."))
            return redirect(url_for("progress.dashboard"))
    return render_template("auth/password.html", problem=problem, least=MIN_PASSWORD), status, headers


@bp.route("/reset/<token>", methods=("GET", "POST"))
def reset(token: str) -> ResponseReturnValue:
    """A one-time link from a teacher: choose a new password, then you are logged in."""
    db = get_db()
    headers = {"Cache-Control": "no-store"}
    try:
        user = reset_link_user(db, token)
    except AccountError as refusal:
        return render_template("auth/reset.html", problem=say(refusal), account=None, least=MIN_PASSWORD), 404, headers
    problem = None
    if request.method == "POST":
        try:
            changed = reset_password(db, token, request.form.get("password", ""))
        except AccountError as refusal:
            problem = say(refusal)
        else:
            log_in(changed)
            flash(gettext("Your new password is set. You are logged in."))
            return redirect(url_for("progress.dashboard"))
    page = render_template("auth/reset.html", problem=problem, account=user, least=MIN_PASSWORD)
    return page, 400 if problem else 200, headers


@bp.post("/logout")
def logout() -> ResponseReturnValue:
    log_out()
    return redirect(url_for("home.index"))
