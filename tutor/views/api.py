"""The JSON API, described in ``/api/openapi.json`` (see :mod:`tutor.openapi`).

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

from .. import classroom, practice, progress
from ..engine.api import error, score_request
from ..engine.report import explanation_text
from ..openapi import document
from ..quiz.exercise import ExerciseGrade
from ..quiz.makers import ExerciseError
from ..quiz.questions import Question
from ..store import get_db
from ..web_session import csrf_token, current_user, learner
from .params import SQLITE_MAX, whole_number
from .practice import next_in_session, record

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.post("/score")
def score() -> ResponseReturnValue:
    body = request.get_json(silent=True)
    if body is None:
        return jsonify(error("bad_request", "the body must be a JSON object (Content-Type: application/json)")), 400
    response = score_request(body)
    return jsonify(response), (400 if "error" in response else 200)


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


@bp.post("/questions/next")
def next_question() -> ResponseReturnValue:
    """The next question of a session; without ``session_id`` a new session starts from the settings given."""
    body = _body()
    user = learner()
    db = get_db()
    session_id = body.get("session_id")
    if session_id is None:
        mode = body.get("mode", "practice")
        try:
            settings = practice.clean_settings(body, mode)
        except ExerciseError as problem:
            return jsonify(error("bad_request", str(problem))), 400
        session_id = progress.start_session(db, user.id, mode, settings)
    elif not isinstance(session_id, int) or isinstance(session_id, bool) or not 0 < session_id <= SQLITE_MAX:
        return jsonify(error("bad_request", "session_id must be a whole number (a session's id)")), 400
    try:
        row = progress.session(db, session_id, user.id)
    except progress.NotFound:
        return jsonify(error("not_found", f"you have no session {session_id}")), 404
    step = next_in_session(db, user.id, row)
    if step.closed:
        return jsonify(error("closed", step.closed)), 409
    question = question_json(step.served) if step.served is not None else None
    return jsonify({"question": question, "session_id": session_id, "finished": question is None})


def _own(question_id: str) -> progress.Served:
    user = current_user()
    try:
        if user is None:
            raise progress.NotFound(question_id)
        return progress.load(get_db(), question_id, user.id)
    except progress.NotFound:
        abort(404, f"you have no question {question_id!r}")


@bp.get("/questions/<question_id>")
def get_question(question_id: str) -> ResponseReturnValue:
    served = _own(question_id)
    body = question_json(served)
    if served.last_answer is not None:
        given = served.last_answer["given"]
        body["answer"] = grade_json(served, served.exercise.grade(given), served.last_answer["id"])
    return jsonify(body)


@bp.post("/questions/<question_id>/answer")
def answer(question_id: str) -> ResponseReturnValue:
    served = _own(question_id)
    body = _body()
    answers = body.get("answers")
    if not isinstance(answers, dict):
        return jsonify(error("bad_request", 'send {"answers": {part kind: answer}}')), 400
    if served.attempts:
        return jsonify(error("already_answered", "this question is answered; the first answer stands")), 409
    closed = classroom.answer_refused(get_db(), served.session_id, served.user_id)
    if closed:
        return jsonify(error("closed", closed)), 409
    grade = served.exercise.grade(answers)
    if not grade.readable:
        problem = "; ".join(f"{kind}: {text}" for kind, text in grade.problems.items())
        return jsonify({**error("unreadable_answer", problem), "problems": grade.problems}), 400
    answer_id = record(served, answers, grade)
    return jsonify(grade_json(served, grade, answer_id))


@bp.post("/questions/<question_id>/report")
def report(question_id: str) -> ResponseReturnValue:
    served = _own(question_id)
    remark = _body().get("remark")
    if not isinstance(remark, str) or not remark.strip():
        return jsonify(error("bad_request", 'send {"remark": "what looks wrong"}')), 400
    report_id = progress.report_question(get_db(), served.id, served.user_id, remark)
    return jsonify({"report_id": report_id, "question_id": served.id}), 201


@bp.get("/progress")
def progress_summary() -> ResponseReturnValue:
    user = current_user()
    days = request.args.get("days", "30")
    window = whole_number(days, 30, 1, 365)
    if user is None:
        return jsonify({"user": None, "days": window, "streak": 0, "due": 0, "topics": [], "weakest": []})
    db = get_db()
    classroom.release_revealed(db, user.id)
    return jsonify(
        {
            "user": _user_json(user),
            "days": window,
            "streak": progress.streak(db, user.id),
            "due": len(progress.due_skills(db, user.id, limit=999)),
            "topics": [
                {"topic": t.key, "title": t.label, "done": t.done, "first_try_right": t.first_try_right}
                for t in progress.topic_tallies(db, user.id, window)
            ],
            "weakest": [
                {
                    "skill": w.skill,
                    "label": w.label,
                    "right": w.right,
                    "done": w.done,
                    "recall": round(w.retrievability, 3),
                }
                for w in progress.weakest(db, user.id)
            ],
        }
    )


# --- shapes of the JSON -------------------------------------------------------------------------


def part_json(part: Question) -> dict[str, Any]:
    return part.public_json()


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


def grade_json(served: progress.Served, grade: ExerciseGrade, answer_id: int) -> dict[str, Any]:
    db = get_db()
    if not classroom.session_revealed(db, progress.session(db, served.session_id, served.user_id)):
        return {"question_id": served.id, "answer_id": answer_id, "revealed": False}
    result = served.exercise.main.result
    return {
        "revealed": True,
        "question_id": served.id,
        "answer_id": answer_id,
        "correct": grade.correct,
        "score": round(grade.score, 4),
        "parts": {
            kind: {"correct": g.correct, "score": round(g.score, 4), "expected": g.expected, "details": list(g.details)}
            for kind, g in grade.parts.items()
        },
        "mistakes": [{"id": m.id, "label": m.label, "lesson": m.lesson} for m in grade.mistakes],
        "explanation": explanation_text(result) if result is not None and result.best is not None else None,
    }


@bp.errorhandler(RequestEntityTooLarge)
def too_large(problem: RequestEntityTooLarge) -> ResponseReturnValue:
    # The contract answers every refused request with 400 and an error object.
    return jsonify(error("bad_request", "the request body is too large (a score request is a few hundred bytes)")), 400
