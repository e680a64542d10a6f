"""Who is asking, and proof that they meant to: the logged-in user on ``g`` and CSRF tokens.

Every POST, PUT, PATCH or DELETE must carry the session's CSRF token, as a
``csrf_token`` form field or an ``X-CSRF-Token`` header (JSON clients get it
from ``GET /api/session``). Only ``POST /api/score`` is exempt: it is a pure
function of its body and changes nothing.
"""

from __future__ import annotations

import hmac
import os
import secrets
import sqlite3
from contextlib import suppress
from datetime import timedelta

from flask import Flask, abort, current_app, g, request, session
from werkzeug.exceptions import TooManyRequests

from tutor.accounts import GUEST_LIMIT_ADDRESS, TooManyGuests, User, create_guest, end_sessions, get_user, set_language
from tutor.db import skip_if_busy
from tutor.web import i18n
from tutor.web.db import get_db
from tutor.web.i18n import say

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_EXEMPT = frozenset({"api.score"})


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(32)
    return str(token)


def _check_csrf() -> None:
    if request.method in SAFE_METHODS or request.endpoint in CSRF_EXEMPT:
        return
    if request.routing_exception is not None:
        return  # no such page or method here: the 404 or 405 says so, not a complaint about the form
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token") or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(str(sent), str(expected)):
        abort(
            400,
            "This form has expired or did not come from this site (missing or wrong CSRF token). "
            "Reload the page and try again.",
        )


def current_user() -> User | None:
    """The logged-in user (a guest included), looked up once per request and only when asked:
    tile images and score calls never touch the users table.

    The cookie carries the user's session generation when it was issued; logging out, registering
    and changing the password start a new one, and a cookie of an older generation is logged out
    (a cookie from before generations existed counts as generation 0)."""
    if "user" not in g:
        user_id = session.get("user_id")
        found = get_user(get_db(), user_id) if isinstance(user_id, int) else None
        if found is not None and session.get("gen", 0) != found.generation:
            found = None
        g.user = found
        if user_id is not None and g.user is None:
            # The account is gone (e.g. a guest merged into another) or this session was ended.
            session.pop("user_id", None)
            session.pop("gen", None)
    user: User | None = g.user
    return user


def learner() -> User:
    """The user, making a guest account on first need so no answer is ever lost."""
    user = current_user()
    if user is None:
        limit = current_app.config.get("GUEST_LIMIT", GUEST_LIMIT_ADDRESS)
        try:
            user = create_guest(get_db(), request.remote_addr or "unknown", int(limit))
        except TooManyGuests as refusal:
            raise TooManyRequests(say(refusal), retry_after=60 * refusal.minutes) from None
        log_in(user, keep_token=True)  # the page or client that asked still holds the current token
    return user


def log_in(user: User, keep_token: bool = False) -> None:
    token = session.get("csrf")
    session.clear()  # a new CSRF token whenever someone logs in to an account
    if keep_token and token:
        session["csrf"] = token
    session["user_id"] = user.id
    session["gen"] = user.generation
    session.permanent = True
    g.user = user
    _language_at_log_in(user)


def _language_at_log_in(user: User) -> None:
    """Logging in brings back the account's language; an account that never chose one keeps the one
    chosen in this browser."""
    if user.language and i18n.use_language(user.language):
        return
    if not user.is_guest and i18n.chosen_in_browser():
        _keep_language(user, i18n.current_language())


def _keep_switched_language() -> None:
    """A signed-in person who switches language keeps it on the account (a guest: in the cookie only)."""
    lang = i18n.switched_language()
    if lang is None or "user_id" not in session:
        return
    user = current_user()
    if user is not None and not user.is_guest and user.language != lang:
        _keep_language(user, lang)


def _keep_language(user: User, lang: str) -> None:
    # A read-only or busy database: the cookie still remembers it (and a reader never waits on writers).
    with suppress(sqlite3.OperationalError), skip_if_busy():
        set_language(get_db(), user.id, lang)


def log_out() -> None:
    """End this session and every other cookie of the same user (copies included)."""
    user = current_user()
    if user is not None:
        end_sessions(get_db(), user.id)
    session.clear()
    g.user = None


def init_app(app: Flask) -> None:
    # Flask's defaults are HttpOnly but no SameSite; a cross-site form post then carries no cookie at all.
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = app.config.get("SESSION_COOKIE_SAMESITE") or "Lax"
    app.config["PERMANENT_SESSION_LIFETIME"] = timedelta(days=60)
    # Re-signing an unchanged cookie on every response costs more than the rest of a small request.
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    # Guest accounts one address may make per hour (TUTOR_GUEST_LIMIT; 0: no limit, e.g. for load checks).
    limit = os.environ.get("TUTOR_GUEST_LIMIT", "")
    app.config.setdefault("GUEST_LIMIT", int(limit) if limit.isdecimal() else GUEST_LIMIT_ADDRESS)
    app.before_request(_check_csrf)
    app.before_request(_keep_switched_language)  # after i18n's choose_language (init_app order)
    app.jinja_env.globals.update(csrf_token=csrf_token, current_user=current_user)
