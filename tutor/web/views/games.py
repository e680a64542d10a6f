"""Practise my games: upload or paste a game log, work through its hands, see the log's result beside ours.

The page (``/practice/games/``) and the JSON API (``/api/games``) read the request and call
:mod:`tutor.practice.mygames` (the games) and :mod:`tutor.practice.sessions` (the practice loop); the questions are then
answered like any other (``/practice/q/...``, ``/api/questions/...``). These routes take uploads up to
:data:`tutor.practice.mygames.MAX_UPLOAD` (the app's usual limit is smaller) and refuse a larger one with a
message, as they refuse a file that is not a log.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlite_utils import Database
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge

from tutor.classroom import assignment_of_session
from tutor.engine.api import error
from tutor.engine.messages import yaku_name
from tutor.gamelog import SUPPORTED, LogError, Win
from tutor.messages.catalogues import Problem
from tutor.practice import mygames, sessions
from tutor.practice.progress import Served
from tutor.practice.sessions import Refusal
from tutor.quiz.makers import HAND_PARTS
from tutor.web.db import get_db
from tutor.web.i18n import current_language, gettext, say
from tutor.web.views.params import SQLITE_MAX
from tutor.web.views.practice import serve_next
from tutor.web.visitor import current_user, learner

bp = Blueprint("games", __name__, url_prefix="/practice/games")
api_bp = Blueprint("games_api", __name__, url_prefix="/api/games")
PASTED = "pasted log"


@bp.url_value_preprocessor
@api_bp.url_value_preprocessor
def larger_uploads(endpoint: str | None, values: dict[str, Any] | None) -> None:
    # Runs before the app's before_request hooks (the CSRF check reads the form): the limit has to be
    # raised before anything reads the body.
    request.max_content_length = mygames.MAX_UPLOAD


@bp.app_context_processor
def yaku_labels() -> dict[str, Any]:
    return {"yaku_label": lambda yaku_id: yaku_name(yaku_id, current_language())}


def _log_from_request() -> tuple[bytes | str, str]:
    """The uploaded file (field ``log``), else the pasted text (``text``); LogError when neither."""
    upload = request.files.get("log")
    if upload is not None and upload.filename:
        return upload.read(), upload.filename
    body = request.get_json(silent=True) if request.is_json else None
    text = body.get("log") if isinstance(body, dict) else request.form.get("text")
    if isinstance(text, str) and text.strip():
        name = body.get("file") if isinstance(body, dict) else None
        return text, name if isinstance(name, str) and name.strip() else PASTED
    raise LogError(mygames.NO_LOG)


def _parts_from_form() -> dict[str, Any]:
    return {
        "parts": request.form.getlist("part"),
        "itemised": request.form.get("itemised") == "on",
        "whose": request.form.get("whose") or None,
    }


# --- pages --------------------------------------------------------------------------------------


@bp.get("/")
def index(
    problem: str | None = None, status: int = 200, unread: bool = False, retry_after: int = 0
) -> ResponseReturnValue:
    """Upload or paste a log; the games imported so far, to practise again or delete. ``unread``: the
    request's body was refused unread (too large), so the form comes back empty."""
    user = current_user()
    found = mygames.games(get_db(), user.id) if user else []
    form = MultiDict() if unread or request.method != "POST" else request.form
    kept = mygames.storage(get_db(), user.id, user.is_guest) if user and found else None
    page = render_template(
        "games/index.html",
        games=found,
        parts=HAND_PARTS,
        problem=problem,
        supported=SUPPORTED,
        form=form,
        storage=kept,
        most_games=mygames.MAX_GAMES,
    )
    return page, status, ({"Retry-After": str(retry_after)} if retry_after else {})


def _import(db: Database, data: bytes | str, file: str) -> mygames.Game:
    """Count the upload against the limits (before reading it: reading is the work), then import it."""
    user = learner()
    mygames.count_upload(db, user.id, request.remote_addr or "unknown", user.is_guest)
    return mygames.import_game(db, user.id, data, file, guest=user.is_guest)


@bp.post("/")
def upload() -> ResponseReturnValue:
    """Import a log (nothing is stored if it cannot be read) and start on its first hand."""
    db = get_db()
    try:
        chosen = sessions.game_parts(_parts_from_form())
        data, file = _log_from_request()
        game = _import(db, data, file)
    except Refusal as problem:
        return index(say(problem), problem.status)
    except mygames.TooManyUploads as problem:
        return index(say(problem), 429, retry_after=60 * problem.minutes)
    except LogError as problem:
        return index(gettext("This log cannot be used: %(problem)s", problem=say(problem)), 400)
    return serve_next(sessions.start_game(db, game.user_id, game.id, chosen))


def _own_game(game_id: int) -> mygames.Game:
    user = current_user()
    try:
        if user is None:
            raise mygames.NotFound(game_id)
        return mygames.game(get_db(), user.id, game_id)
    except mygames.NotFound:
        abort(404, gettext("There is no such game for you."))


@bp.get("/<int:game_id>")
def show(game_id: int) -> ResponseReturnValue:
    """Every hand of a game: the log's result beside ours."""
    game = _own_game(game_id)
    found = mygames.hands(get_db(), game.user_id, game.id)
    return render_template(
        "games/game.html",
        game=game,
        hands=[(h, mygames.beside(h.win)) for h in found],
        score_rows=mygames.score_rows(game),
        end=mygames.game_end(game),
        parts=HAND_PARTS,
        form=MultiDict(),
    )


def _seat_from(value: Any) -> int | None:
    """A seat as a form or JSON gives it ("0"-"3", 0-3; "" or null: forget it); -1 for anything else."""
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return int(value) if isinstance(value, str) and value in ("0", "1", "2", "3") else -1


@bp.post("/<int:game_id>/seat")
def seat(game_id: int) -> ResponseReturnValue:
    """Which player the learner was: practice then asks their wins and what they paid."""
    game = _own_game(game_id)
    try:
        chosen = mygames.choose_seat(get_db(), game.user_id, game.id, _seat_from(request.form.get("seat")))
    except Problem as problem:
        flash(say(problem))
        return redirect(url_for("games.show", game_id=game.id))
    if chosen.seat is not None:
        flash(gettext("You were %(name)s in this game.", name=chosen.players[chosen.seat]))
    return redirect(url_for("games.show", game_id=game.id))


@bp.post("/<int:game_id>/practise")
def practise(game_id: int) -> ResponseReturnValue:
    game = _own_game(game_id)
    try:
        session_id = sessions.start_game(get_db(), game.user_id, game.id, _parts_from_form())
    except Refusal as problem:
        return index(say(problem), problem.status)
    return serve_next(session_id)


@bp.post("/<int:game_id>/delete")
def delete(game_id: int) -> ResponseReturnValue:
    game = _own_game(game_id)
    mygames.delete_game(get_db(), game.user_id, game.id)
    flash(gettext("Game “%(title)s” deleted. Your answers to its hands stay in your progress.", title=game.title))
    return redirect(url_for("games.index"))


@bp.errorhandler(RequestEntityTooLarge)
def too_large_page(problem: RequestEntityTooLarge) -> ResponseReturnValue:
    return index(gettext("This log cannot be used: %(problem)s", problem=gettext(mygames.TOO_LARGE)), 400, unread=True)


def logged_beside(served: Served, session: dict[str, Any]) -> mygames.Beside | None:
    """For the question page: the logged win behind a question of a game session, compared with ours."""
    db = get_db()
    task = assignment_of_session(db, session)
    win = mygames.logged_win(db, session, served.position, task.settings if task else None)
    return mygames.beside(win) if win is not None else None


# --- JSON ---------------------------------------------------------------------------------------


def game_json(game: mygames.Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "format": game.format,
        "players": list(game.players),
        "hands": game.hands,
        "wins": game.wins,
        "askable": game.askable,
        "seat": game.seat,
        "created_at": game.created_at,
    }


def beside_json(found: mygames.Beside) -> dict[str, Any]:
    """The log's result and ours for one win (seat, not the player's name)."""
    win: Win = found.win
    lang = current_language()
    ours = found.ours
    return {
        "round": say(win.source.round_title),
        "seat": str(win.request.get("seat_wind")),
        "recorded": {
            **win.recorded.as_json(),
            "yaku": [{"id": name, "han": han, "name": yaku_name(name, lang)} for name, han in win.recorded.yaku],
        },
        "ours": {
            "han": ours.han,
            "fu": ours.fu,
            "points": ours.points,
            "yaku": [{"id": name, "han": han, "name": yaku_name(name, lang)} for name, han in ours.yaku],
            "error": ours.error,
        },
        "agrees": found.agrees,
        "differences": [say(text) for text in ours.differences],
        "explanations": [say(text) for text in found.explanations],
    }


def _refused(code: str, message: str, status: int = 400) -> ResponseReturnValue:
    return jsonify(error(code, message)), status


@api_bp.get("")
def api_list() -> ResponseReturnValue:
    user = current_user()
    return jsonify({"games": [game_json(g) for g in mygames.games(get_db(), user.id)] if user else []})


@api_bp.post("")
def api_upload() -> ResponseReturnValue:
    """Import a log (JSON ``{"log": text, "file": name, "parts": [...]}`` or a multipart ``log`` file) and start a
    practice session on it; its questions come from ``/api/questions/next`` with the ``session_id``."""
    db = get_db()
    body = request.get_json(silent=True) if request.is_json else None
    if request.is_json and not isinstance(body, dict):
        return _refused("bad_request", gettext('The body must be a JSON object with the log\'s text under "log".'))
    try:
        chosen = sessions.game_parts(body if isinstance(body, dict) else _parts_from_form())
        data, file = _log_from_request()
        game = _import(db, data, file)
    except Refusal as problem:
        return _refused(problem.code, say(problem), problem.status)
    except mygames.TooManyUploads as problem:
        response = jsonify(error("too_many_requests", say(problem)))
        return response, 429, {"Retry-After": str(60 * problem.minutes)}
    except LogError as problem:
        return _refused("bad_log", say(problem))
    session_id = sessions.start_game(db, game.user_id, game.id, chosen)
    return jsonify({"game": game_json(game), "session_id": session_id}), 201


def _api_game(game_id: str) -> mygames.Game:
    # A plain path segment (the OpenAPI paths name it {game_id}); anything but a row id is no game.
    user = current_user()
    try:
        if user is None or not (game_id.isascii() and game_id.isdigit()) or not 0 < int(game_id) <= SQLITE_MAX:
            raise mygames.NotFound(game_id)
        return mygames.game(get_db(), user.id, int(game_id))
    except mygames.NotFound:
        abort(404, gettext("There is no such game for you."))


@api_bp.get("/<game_id>")
def api_show(game_id: str) -> ResponseReturnValue:
    """A game with every hand: the log's result beside ours."""
    game = _api_game(game_id)
    hands = []
    for hand in mygames.hands(get_db(), game.user_id, game.id):
        hands.append(
            {"position": hand.position, "asked": hand.problem is None, **beside_json(mygames.beside(hand.win))}
        )
    return jsonify({**game_json(game), "hands_won": hands})


@api_bp.post("/<game_id>/seat")
def api_seat(game_id: str) -> ResponseReturnValue:
    """``{"seat": 0-3}`` (or null to forget it): which player the learner was in this game."""
    game = _api_game(game_id)
    body = request.get_json(silent=True)
    value = body.get("seat", -1) if isinstance(body, dict) else -1
    try:
        # JSON gives a number or null; a string is not a seat there.
        chosen = mygames.choose_seat(
            get_db(), game.user_id, game.id, -1 if isinstance(value, str) else _seat_from(value)
        )
    except Problem as problem:
        return _refused("bad_request", say(problem))
    return jsonify(game_json(chosen))


@api_bp.post("/<game_id>/sessions")
def api_practise(game_id: str) -> ResponseReturnValue:
    game = _api_game(game_id)
    body = request.get_json(silent=True)
    try:
        session_id = sessions.start_game(get_db(), game.user_id, game.id, body if isinstance(body, dict) else {})
    except Refusal as problem:
        return _refused(problem.code, say(problem), problem.status)
    return jsonify({"session_id": session_id}), 201


@api_bp.delete("/<game_id>")
def api_delete(game_id: str) -> ResponseReturnValue:
    game = _api_game(game_id)
    mygames.delete_game(get_db(), game.user_id, game.id)
    return jsonify({"deleted": game.id})


@api_bp.errorhandler(RequestEntityTooLarge)
def too_large_json(problem: RequestEntityTooLarge) -> ResponseReturnValue:
    return _refused("bad_log", gettext(mygames.TOO_LARGE))


def logged_json(served: Served, session: dict[str, Any]) -> dict[str, Any] | None:
    """For the question JSON once answered: the logged result beside ours, for a question from a game."""
    found = logged_beside(served, session)
    return beside_json(found) if found is not None else None
