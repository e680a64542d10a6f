"""JSON API: ``POST /api/score`` answers the score contract (../shared/api/score.md)."""

from __future__ import annotations

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from ..engine.api import error, score_request

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/score")
def score() -> ResponseReturnValue:
    body = request.get_json(silent=True)
    if body is None:
        return jsonify(error("bad_request", "the body must be a JSON object (Content-Type: application/json)")), 400
    response = score_request(body)
    return jsonify(response), (400 if "error" in response else 200)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(problem: RequestEntityTooLarge) -> ResponseReturnValue:
    # The contract answers every refused request with 400 and an error object.
    return jsonify(error("bad_request", "the request body is too large (a score request is a few hundred bytes)")), 400
