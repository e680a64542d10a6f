"""Friendly error pages (JSON under /api/) that never show a traceback.

A database that cannot be used just now (a read-only file, a disk error) is a 503 that says to try
again, and the request's connection is dropped so that the next request opens a fresh one: the
server recovers by itself once the file is writable again.
"""

from __future__ import annotations

import sqlite3

from flask import Blueprint, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, InternalServerError

from tutor.db import WriteBusy, is_unavailable
from tutor.messages.catalogues import N_
from tutor.web.db import discard_db
from tutor.web.i18n import gettext

bp = Blueprint("errors", __name__)

# What a refusal says when no view gave a reason of its own: Werkzeug's descriptions are English only.
REASONS = {
    400: N_("The request could not be read: something in it is missing or malformed."),
    403: N_("You may not open this page."),
    404: N_("There is nothing at this address. Check the link, or start again from the home page."),
    405: N_("This address does not take that kind of request."),
    413: N_("What you sent is too large."),
    429: N_("Too many requests just now. Please wait a moment and try again."),
}
OTHER_REASON = N_("This request cannot be answered.")


def _wants_json() -> bool:
    return request.path.startswith("/api/")


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> ResponseReturnValue:
    code = error.code or 500
    if code < 400:  # redirects (e.g. /lessons to /lessons/) are not errors
        return error
    description = error.description
    if description == type(error).description:  # Werkzeug's own words, not a view's (already translated)
        description = gettext(REASONS.get(code, OTHER_REASON))
    # The headers the refusal carries itself: a 405's Allow (which methods the address takes, RFC 9110), a
    # 429's Retry-After when it knows (app.py gives every other 429 its default).
    headers = {key: value for key, value in error.get_headers() if key in ("Allow", "Retry-After")}
    if _wants_json():
        name = ERROR_CODES.get(code, "bad_request" if code < 500 else "server_error")
        return jsonify({"error": {"code": name, "message": description}}), code, headers
    page = render_template("errors/error.html", code=code, name=error.name, description=description)
    return page, code, headers


ERROR_CODES = {404: "not_found", 405: "method_not_allowed", 429: "too_many_requests"}
"""The JSON error code of a status, where it is not ``bad_request`` (4xx) or ``server_error`` (5xx)."""


RETRY_AFTER = 5
"""Seconds a client is asked to wait after a 503 (the Retry-After header)."""


@bp.app_errorhandler(sqlite3.Error)
def database_error(error: sqlite3.Error) -> ResponseReturnValue:
    if not isinstance(error, WriteBusy):  # the write lock was busy: the connection itself is fine
        discard_db()  # whatever else went wrong, the next request gets a fresh connection
    if not is_unavailable(error):
        return server_error(error)
    current_app.logger.warning("database unavailable on %s: %s", request.path, error)
    message = gettext("The database cannot be written to just now. Please try again in a moment.")
    headers = {"Retry-After": str(RETRY_AFTER)}
    if _wants_json():
        return jsonify({"error": {"code": "unavailable", "message": message}}), 503, headers
    page = render_template("errors/error.html", code=503, name="Service Unavailable", description=message)
    return page, 503, headers


@bp.app_errorhandler(Exception)
def server_error(error: Exception) -> ResponseReturnValue:
    current_app.logger.exception("unhandled error on %s", request.path)
    wrapped = InternalServerError()
    if _wants_json():
        return jsonify({"error": {"code": "server_error", "message": "Something went wrong on our side."}}), 500
    return render_template(
        "errors/error.html",
        code=500,
        name=wrapped.name,
        description=gettext("Something went wrong on our side; it has been logged."),
    ), 500
