"""Practice, quizzes and review in the browser: one question at a time, graded by the engine.

Each step is a plain form (works without JavaScript): start a session, answer,
see the feedback, ask for the next question. Answers are stored as they come.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlite_utils import Database
from werkzeug.datastructures import MultiDict

from tutor.classroom.worksheet import quiz_worksheet
from tutor.course.curriculum import TOPICS
from tutor.engine.yaku import YAKU
from tutor.practice import mygames, progress, sessions, statistics
from tutor.practice.sessions import Refusal
from tutor.quiz.exercise import Exercise
from tutor.quiz.makers import HAND_PARTS, ExerciseError
from tutor.web.db import get_db
from tutor.web.i18n import gettext, say
from tutor.web.views.params import whole_number
from tutor.web.visitor import current_user, learner

bp = Blueprint("practice", __name__, url_prefix="/practice")

PART_NAMES = Exercise.part_names()


@bp.app_context_processor
def practice_names() -> dict[str, Any]:
    """Names the practice, progress and classroom pages share, in the request's language."""
    return {
        "topic_titles": {t.id: gettext(t.title) for t in TOPICS.values()},
        "topic_lessons": {t.id: t.lesson for t in TOPICS.values()},
        "part_names": {kind: gettext(name) for kind, name in PART_NAMES.items()},
        "yaku_pages": YAKU,
    }


@bp.get("/")
def index(problem: str | None = None) -> str:
    """Choose topics, difficulty and what to ask; ``problem`` is a refused form's message."""
    user = current_user()
    db = get_db()
    if user:
        sessions.release(db, user.id)
    tallies = {t.key: t for t in statistics.topic_tallies(db, user.id)} if user else {}
    due = len(progress.due_skills(db, user.id, limit=99)) if user else 0
    return render_template(
        "practice/index.html", topics=TOPICS.values(), tallies=tallies, due=due, parts=HAND_PARTS, problem=problem
    )


@bp.post("/start")
def start() -> ResponseReturnValue:
    """Start a practice session, a quiz or a review, and go to its first question."""
    raw: dict[str, Any] = {
        "topics": request.form.getlist("topic"),
        "difficulty": request.form.get("difficulty", 2),
        "parts": request.form.getlist("part"),
        "itemised": request.form.get("itemised") == "on",
        "size": request.form.get("size", 10),
        "seed": request.form.get("seed", ""),
        "replay": request.form.getlist("replay"),
    }
    try:
        session_id = sessions.start(get_db(), learner().id, request.form.get("mode", "practice"), raw)
    except Refusal as problem:
        return index(say(problem)), problem.status
    return serve_next(session_id)


@bp.post("/replay")
def replay() -> ResponseReturnValue:
    """Ask again, exactly, the questions answered wrong (of a topic or skill, in the last days)."""
    days = whole_number(request.form.get("days", "30"), 30, 1, 365)
    topic, skill = request.form.get("topic") or None, request.form.get("skill") or None
    session_id = sessions.start_replay(get_db(), learner().id, days, topic, skill)
    if session_id is None:
        flash(gettext("Nothing to replay: no wrong answers there in that time."))
        return redirect(url_for("progress.dashboard"))
    return serve_next(session_id)


@bp.post("/drill")
def drill() -> ResponseReturnValue:
    """Five questions on one skill (from the progress page's weakest skills)."""
    raw = {"skill": request.form.get("skill", ""), "difficulty": request.form.get("difficulty", 2)}
    try:
        session_id = sessions.start(get_db(), learner().id, "drill", raw)
    except Refusal as problem:
        abort(problem.status, say(problem))
    return serve_next(session_id)


@bp.post("/session/<int:session_id>/next")
def next_question(session_id: int) -> ResponseReturnValue:
    return serve_next(session_id)


def serve_next(session_id: int) -> ResponseReturnValue:
    """Ask the session's next question (or end it) and show it."""
    user = learner()
    db = get_db()
    try:
        step = sessions.next_step(db, user.id, session_id)
    except Refusal as problem:
        if problem.code == "not_found":
            abort(404, gettext("There is no such practice session for you."))
        return _render_result(session_id, say(problem), problem.status)
    if step.served is not None:
        return redirect(url_for("practice.question", question_id=step.served.id))
    if step.session["mode"] in ("quiz", "assignment", "game"):
        return redirect(url_for("practice.result", session_id=session_id))
    return render_template("practice/done.html", session=step.session, next_due=progress.next_due(db, user.id))


@bp.get("/q/<question_id>")
def question(question_id: str) -> ResponseReturnValue:
    return _render_question(_own(question_id))


def _user_id() -> int | None:
    user = current_user()
    return user.id if user else None


def _own(question_id: str) -> progress.Served:
    """The request's one load of its question (sessions.own_question); 404 when it is not the visitor's."""
    try:
        return sessions.own_question(get_db(), _user_id(), question_id)
    except Refusal:
        abort(404, gettext("There is no such question for you."))


def _render_question(
    served: progress.Served, given: dict[str, Any] | None = None, refusal: Refusal | None = None
) -> tuple[str, int]:
    """The question page: the question, and once answered (and revealed) its feedback; after a refused
    answer, the refusal's message (and status) with the answer as typed."""
    db = get_db()
    shown = sessions.show(db, served)
    row = shown.session
    return render_template(
        "practice/question.html",
        served=shown.served,
        exercise=shown.served.exercise,
        session=row,
        grade=shown.grade,
        answered=shown.answered,
        # A refused second answer shows the first one, which stands; any other refusal keeps what was typed.
        given=given if given is not None and not shown.answered else shown.given,
        problems=refusal.problems if refusal else {},
        problem=say(refusal) if refusal and not refusal.problems else None,
        size=_size(row),
        assignment=shown.policy.assignment,
        revealed=shown.policy.revealed,
        outcome=shown.outcome,
        mark_choices=shown.answered and shown.policy.revealed,
        may_show_answer=shown.policy.may_show_answer,
        may_skip=shown.policy.may_skip,
        logged=_logged(db, shown),
    ), (refusal.status if refusal else 200)


def _size(session: Mapping[str, Any]) -> int | None:
    """How many questions a session asks: a quiz's size, a replay's list; None for open-ended practice and review."""
    settings = session["settings"]
    return settings.get("size") or len(settings.get("replay", [])) or None


def _logged(db: Database, shown: sessions.Shown) -> mygames.Beside | None:
    """A hand from a game log, once answered and revealed: the log's result beside ours."""
    if not shown.answered or not shown.policy.revealed:
        return None
    task = shown.policy.assignment
    win = mygames.logged_win(db, shown.session, shown.served.position, task.settings if task else None)
    return mygames.beside(win) if win is not None else None


def _refused(served: progress.Served, problem: Refusal, given: dict[str, Any] | None = None) -> tuple[str, int]:
    """The question page again with the refusal's message. An answer that got in first from another
    request changed the question since this request loaded it: only then is it read again, to show the
    answer that stands."""
    if problem.code == "already_answered" and not served.attempts:
        served = _own(served.id)
    return _render_question(served, given, problem)


@bp.post("/q/<question_id>/answer")
def answer(question_id: str) -> ResponseReturnValue:
    served = _own(question_id)
    given = answers_from_form(served.exercise, request.form)
    try:
        sessions.answer(get_db(), served, given)
    except Refusal as problem:
        return _refused(served, problem, given)
    return redirect(url_for("practice.question", question_id=question_id) + "#feedback")


@bp.post("/q/<question_id>/show")
def show_answer(question_id: str) -> ResponseReturnValue:
    """ "Show answer": recorded as shown, not as a guess (sessions.show_answer), then the answers in place."""
    served = _own(question_id)
    try:
        sessions.show_answer(get_db(), served)
    except Refusal as problem:
        return _refused(served, problem)
    return redirect(url_for("practice.question", question_id=question_id) + "#feedback")


@bp.post("/q/<question_id>/skip")
def skip(question_id: str) -> ResponseReturnValue:
    """ "Skip": recorded as skipped (sessions.skip), then straight to the next question."""
    served = _own(question_id)
    try:
        sessions.skip(get_db(), served)
    except Refusal as problem:
        return _refused(served, problem)
    return serve_next(served.session_id)


def answers_from_form(exercise: Exercise, form: MultiDict[str, str]) -> dict[str, Any]:
    """Each part's answer from the form: picks for choice questions, rows for itemised fu, else text."""
    return exercise.read_form(form.getlist)


@bp.post("/q/<question_id>/report")
def report(question_id: str) -> ResponseReturnValue:
    try:
        sessions.report(get_db(), _own(question_id), request.form.get("remark", ""))
    except Refusal as problem:
        flash(say(problem))
    else:
        flash(gettext("Thank you: question %(id)s is reported and will be checked.", id=question_id))
    return redirect(url_for("practice.question", question_id=question_id))


@bp.get("/session/<int:session_id>/result")
def result(session_id: int) -> ResponseReturnValue:
    return _render_result(session_id)


def _render_result(session_id: int, problem: str | None = None, status: int = 200) -> tuple[str, int]:
    try:
        found = sessions.results(get_db(), _user_id(), session_id)
    except Refusal:
        abort(404, gettext("There is no such quiz for you."))
    return render_template(
        "practice/result.html",
        session=found.session,
        size=_size(found.session),
        results=found.rows,
        score=found.score,
        answered=found.answered,
        assignment=found.policy.assignment,
        revealed=found.policy.revealed,
        problem=problem,
    ), status


@bp.get("/worksheet")
def worksheet() -> ResponseReturnValue:
    """A seeded quiz as a printable worksheet, with its answer key (``?key=0`` leaves it out).

    ``seed`` and ``topics`` (comma-separated or repeated) choose the hands, as for a quiz; ``difficulty``,
    ``parts``, ``size`` and ``targets`` as on the practice page."""
    args = request.args

    def names(key: str) -> list[str]:
        return [name.strip() for value in args.getlist(key) for name in value.split(",") if name.strip()]

    # From the practice page's form: the CSRF token and the mode button stay out of the address (a token
    # in a URL ends up in history and logs), and a quiz without a seed gets one, so a reload prints the
    # same hands.
    if not args.get("seed", "").strip() or "csrf_token" in args or "mode" in args:
        chosen: dict[str, Any] = {k: v for k, v in args.to_dict(flat=False).items() if k not in ("csrf_token", "mode")}
        chosen["seed"] = args.get("seed", "").strip() or secrets.token_hex(3)
        return redirect(url_for("practice.worksheet", **chosen))
    raw: dict[str, Any] = {
        "seed": args.get("seed", ""),
        "topics": names("topics") + names("topic"),
        "targets": names("targets"),
        "parts": names("parts") + names("part"),
        "difficulty": args.get("difficulty", 2),
        "size": args.get("size", 10),
        "itemised": args.get("itemised") in ("1", "on", "true"),
    }
    try:
        sheet = quiz_worksheet(raw)
    except ExerciseError as problem:
        abort(400, say(problem.said))
    with_key = args.get("key", "1") != "0"
    here: dict[str, Any] = request.args.to_dict(flat=False)
    return render_template(
        "worksheet.html",
        heading=gettext("Quiz %(seed)s", seed=sheet.settings["seed"]),
        subheading=", ".join(gettext(TOPICS[t].title) for t in sheet.settings["topics"]),
        sheets=[(None, sheet)],
        with_key=with_key,
        back_url=url_for("practice.index"),
        key_url=url_for("practice.worksheet", **{**here, "key": "1"}),
        no_key_url=url_for("practice.worksheet", **{**here, "key": "0"}),
    )
