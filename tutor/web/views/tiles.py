"""Tile pictures, drawn by our own code (see tutor/drawing/tiles_svg.py)."""

from __future__ import annotations

from flask import Blueprint, Response, abort

from tutor.drawing.tiles_svg import TILE_CODES, sprite_svg, tile_svg
from tutor.web.i18n import gettext

bp = Blueprint("tiles", __name__)
ONE_YEAR = 365 * 24 * 3600


def _svg(body: str) -> Response:
    response = Response(body, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = f"public, max-age={ONE_YEAR}, immutable"
    return response


@bp.get("/tiles/<code>.svg")
def tile(code: str) -> Response:
    """``/tiles/5p.svg``; ``/tiles/5p-sideways.svg`` is the tile turned as a called tile lies, a wide picture,
    so it takes exactly the room of an upright tile turned."""
    name, sideways = (code.removesuffix("-sideways"), True) if code.endswith("-sideways") else (code, False)
    if name not in TILE_CODES:
        abort(404, gettext("There is no tile %(code)r.", code=code))
    return _svg(tile_svg(name, sideways=sideways))


@bp.get("/tiles.svg")
def sprite() -> Response:
    return _svg(sprite_svg())
