"""Friendly error pages (JSON under /api/) that never show a traceback."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, InternalServerError

from ..i18n import gettext

bp = Blueprint("errors", __name__)


def _wants_json() -> bool:
    return request.path.startswith("/api/")


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> ResponseReturnValue:
    code = error.code or 500
    if code < 400:  # redirects (e.g. /lessons to /lessons/) are not errors
        return error
    if _wants_json():
        name = "not_found" if code == 404 else "bad_request" if code < 500 else "server_error"
        return jsonify({"error": {"code": name, "message": error.description}}), code
    return render_template("errors/error.html", code=code, name=error.name, description=error.description), code


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
