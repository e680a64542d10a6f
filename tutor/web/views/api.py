"""The JSON API, described in ``/api/openapi.json`` (see :mod:`tutor.web.openapi`).

``POST /api/score`` answers the score contract (../shared/api/score.md) and changes nothing.
The practice routes use the browser's session cookie (a guest account is made on first use)
and, like every state-changing request, the CSRF token from ``GET /api/session`` in an
``X-CSRF-Token`` header.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge

from tutor.engine.api import error, score_request
from tutor.engine.report import explanation_text
from tutor.messages.catalogues import N_, Problem
from tutor.practice import progress, sessions, statistics
from tutor.practice.sessions import Refusal
from tutor.quiz.exercise import ExerciseGrade
from tutor.quiz.questions import Question
from tutor.web.db import get_db
from tutor.web.i18n import current_language, gettext, say
from tutor.web.openapi import document
from tutor.web.views.games import logged_json
from tutor.web.views.params import SQLITE_MAX, whole_number
from tutor.web.views.standings import FIELDS, game_from_fields
from tutor.web.visitor import csrf_token, current_user, learner

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/score")
def score() -> ResponseReturnValue:
    body = request.get_json(silent=True)
    if body is None:
        return jsonify(error("bad_request", "the body must be a JSON object (Content-Type: application/json)")), 400
    # Ids and numbers are the contract; the sentences follow the request's language (English by default).
    response = score_request(body, current_language())
    return jsonify(response), (400 if "error" in response else 200)


@bp.get("/standings")
def final_standings() -> ResponseReturnValue:
    """Final standings of four end scores (``?scores=35000,28000,22000,15000&sticks=0&rules=tenhou``)."""
    scores = request.args.get("scores", "").split(",")
    if len(scores) != len(FIELDS):
        message = gettext("scores must be four end scores separated by commas, East first (the first dealer)")
        return jsonify(error("bad_request", message)), 400
    fields = {**dict(zip(FIELDS.values(), scores, strict=True)), **request.args.to_dict()}
    try:
        game = game_from_fields(fields)
    except Problem as problem:
        return jsonify(error("bad_request", say(problem))), 400
    return jsonify(game.to_json(current_language()))


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    return jsonify(document())


@bp.get("/session")
def session_info() -> ResponseReturnValue:
    user = current_user()
    return jsonify({"csrf_token": csrf_token(), "user": _user_json(user)})


def _user_json(user: Any) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"id": user.id, "username": user.username, "role": user.role, "is_guest": user.is_guest}


def _body() -> dict[str, Any]:
    body = request.get_json(silent=True)
    if body is None and not request.data:
        return {}
    if not isinstance(body, dict):
        abort(400, "the body must be a JSON object (Content-Type: application/json)")
    return body


def _refused(problem: Refusal) -> ResponseReturnValue:
    body = error(problem.code, say(problem))
    if problem.problems:
        body["problems"] = {kind: say(text) for kind, text in problem.problems.items()}
    return jsonify(body), problem.status


def _user_id() -> int | None:
    user = current_user()
    return user.id if user else None


@bp.post("/questions/next")
def next_question() -> ResponseReturnValue:
    """The next question of a session; without ``session_id`` a new session starts from the settings given."""
    body = _body()
    user = learner()
    db = get_db()
    session_id = body.get("session_id")
    try:
        if session_id is None:
            session_id = sessions.start(db, user.id, body.get("mode", "practice"), body)
        elif not isinstance(session_id, int) or isinstance(session_id, bool) or not 0 < session_id <= SQLITE_MAX:
            raise Refusal("bad_request", "session_id must be a whole number (a session's id)")
        step = sessions.next_step(db, user.id, session_id)
    except Refusal as problem:
        return _refused(problem)
    question = question_json(step.served) if step.served is not None else None
    return jsonify({"question": question, "session_id": session_id, "finished": question is None})


@bp.get("/questions/<question:question_id>")
def get_question(question_id: str) -> ResponseReturnValue:
    try:
        shown = sessions.show(get_db(), sessions.own_question(get_db(), _user_id(), question_id))
    except Refusal as problem:
        return _refused(problem)
    body = question_json(shown.served)
    if shown.served.last_answer is not None:
        grade = grade_json(shown.served, shown.grade, shown.served.last_answer["id"], shown.outcome)
        body["answer"] = _logged(grade, shown.served, shown.session)
    return jsonify(body)


@bp.post("/questions/<question:question_id>/answer")
def answer(question_id: str) -> ResponseReturnValue:
    answers = _body().get("answers")
    try:
        served = sessions.own_question(get_db(), _user_id(), question_id)  # an unknown question is 404 first
        if not isinstance(answers, dict):
            raise Refusal("bad_request", 'send {"answers": {part kind: answer}}')
        done = sessions.answer(get_db(), served, answers)
    except Refusal as problem:
        return _refused(problem)
    return jsonify(_logged(grade_json(done.served, done.grade, done.answer_id), done.served, done.session))


@bp.post("/questions/<question:question_id>/show-answer")
def show_answer(question_id: str) -> ResponseReturnValue:
    """The right answers instead of a guess, recorded as shown (the same step as the page's button)."""
    try:
        done = sessions.show_answer(get_db(), sessions.own_question(get_db(), _user_id(), question_id))
    except Refusal as problem:
        return _refused(problem)
    return jsonify(_logged(grade_json(done.served, done.grade, done.answer_id, "shown"), done.served, done.session))


@bp.post("/questions/<question:question_id>/skip")
def skip(question_id: str) -> ResponseReturnValue:
    """Pass on a question, recorded as skipped; ask ``/questions/next`` for the next one."""
    try:
        done = sessions.skip(get_db(), sessions.own_question(get_db(), _user_id(), question_id))
    except Refusal as problem:
        return _refused(problem)
    return jsonify({"question_id": question_id, "answer_id": done.answer_id, "outcome": "skipped"})


@bp.post("/questions/<question:question_id>/report")
def report(question_id: str) -> ResponseReturnValue:
    try:
        report_id = sessions.report(
            get_db(), sessions.own_question(get_db(), _user_id(), question_id), _body().get("remark")
        )
    except Refusal as problem:
        return _refused(problem)
    return jsonify({"report_id": report_id, "question_id": question_id}), 201


@bp.get("/progress")
def progress_summary() -> ResponseReturnValue:
    user = current_user()
    days = request.args.get("days", "30")
    window = whole_number(days, 0, 1, 365)
    if not window:  # a program asked for something else: say so rather than answer for 30 days
        return _refused(
            Refusal("bad_request", N_("days must be a whole number from 1 to 365, not “{days}”"), days=days)
        )
    if user is None:
        return jsonify({"user": None, "days": window, "streak": 0, "due": 0, "topics": [], "weakest": []})
    db = get_db()
    sessions.release(db, user.id)
    return jsonify(
        {
            "user": _user_json(user),
            "days": window,
            "streak": statistics.streak(db, user.id),
            "due": len(progress.due_skills(db, user.id, limit=999)),
            "topics": [
                {"topic": t.key, "title": t.label, "done": t.done, "first_try_right": t.first_try_right}
                for t in statistics.topic_tallies(db, user.id, window, current_language())
            ],
            "weakest": [
                {
                    "skill": w.skill,
                    "label": w.label,
                    "right": w.right,
                    "done": w.done,
                    "recall": round(w.retrievability, 3),
                }
                for w in statistics.weakest(db, user.id, lang=current_language())
            ],
        }
    )


# --- shapes of the JSON -------------------------------------------------------------------------


def part_json(part: Question) -> dict[str, Any]:
    return part.public_json(current_language())


def question_json(served: progress.Served) -> dict[str, Any]:
    exercise = served.exercise
    shown = {key: value for key, value in exercise.main.data.items() if key not in ("itemised", "offer")}
    return {
        "id": served.id,
        "session_id": served.session_id,
        "position": served.position,
        "topic": exercise.topic,
        "target": exercise.target,
        "difficulty": exercise.difficulty,
        "show": shown,
        "parts": [part_json(part) for part in exercise.parts],
        "answered": served.attempts > 0,
    }


def grade_json(
    served: progress.Served, grade: ExerciseGrade | None, answer_id: int, outcome: str | None = "answered"
) -> dict[str, Any]:
    """An answer's grade, or only that it was saved while its assignment holds the grades back (None),
    in the request's language. ``outcome`` (once revealed): answered, or left as shown or skipped."""
    if grade is None:
        return {"question_id": served.id, "answer_id": answer_id, "revealed": False}
    result = served.exercise.main.result
    lang = current_language()
    return {
        "revealed": True,
        "outcome": outcome,
        "question_id": served.id,
        "answer_id": answer_id,
        "correct": grade.correct,
        "score": round(grade.score, 4),
        "parts": {
            kind: {
                "correct": g.correct,
                "score": round(g.score, 4),
                "expected": say(g.expected),
                "details": [say(line) for line in g.details],
            }
            for kind, g in grade.parts.items()
        },
        "mistakes": [{"id": m.id, "label": say(m.said), "lesson": m.lesson} for m in grade.mistakes],
        "explanation": explanation_text(result, lang=lang) if result is not None and result.best is not None else None,
    }


def _logged(result: dict[str, Any], served: progress.Served, session: dict[str, Any]) -> dict[str, Any]:
    """A graded hand from a game log (own or a class's) also gets the log's result beside ours."""
    if result.get("revealed"):
        found = logged_json(served, session)
        if found is not None:
            result["logged"] = found
    return result


@bp.errorhandler(RequestEntityTooLarge)
def too_large(problem: RequestEntityTooLarge) -> ResponseReturnValue:
    # The contract answers every refused request with 400 and an error object.
    return jsonify(error("bad_request", "the request body is too large (a score request is a few hundred bytes)")), 400
