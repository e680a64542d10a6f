"""Practice, quizzes and review in the browser: one question at a time, graded by the engine.

Each step is a plain form (works without JavaScript): start a session, answer,
see the feedback, ask for the next question. Answers are stored as they come.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from sqlite_utils import Database
from werkzeug.datastructures import MultiDict

from .. import classroom, practice, progress
from ..engine.yaku import YAKU
from ..quiz.exercise import Exercise, ExerciseGrade
from ..quiz.makers import HAND_PARTS, TOPICS, ExerciseError
from ..quiz.skills import skills_touched
from ..store import get_db
from ..web_session import current_user, learner
from .params import whole_number

bp = Blueprint("practice", __name__, url_prefix="/practice")

PART_NAMES = Exercise.part_names()
MAX_THINKING_MS = 3_600_000  # time beyond an hour says the tab was left open, not how long the hand took


@bp.app_context_processor
def practice_names() -> dict[str, Any]:
    """Names the practice, progress and classroom pages share."""
    return {
        "topic_titles": {t.id: t.title for t in TOPICS.values()},
        "topic_lessons": {t.id: t.lesson for t in TOPICS.values()},
        "part_names": PART_NAMES,
        "yaku_pages": YAKU,
    }


@bp.get("/")
def index(problem: str | None = None) -> str:
    """Choose topics, difficulty and what to ask; ``problem`` is a refused form's message."""
    user = current_user()
    db = get_db()
    if user:
        classroom.release_revealed(db, user.id)
    tallies = {t.key: t for t in progress.topic_tallies(db, user.id)} if user else {}
    due = len(progress.due_skills(db, user.id, limit=99)) if user else 0
    return render_template(
        "practice/index.html", topics=TOPICS.values(), tallies=tallies, due=due, parts=HAND_PARTS, problem=problem
    )


@bp.post("/start")
def start() -> ResponseReturnValue:
    """Start a practice session, a quiz or a review, and go to its first question."""
    mode = request.form.get("mode", "practice")
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
        settings = practice.clean_settings(raw, mode)
    except ExerciseError as problem:
        return index(str(problem)), 400
    user = learner()
    session_id = progress.start_session(get_db(), user.id, mode, settings)
    return serve_next(session_id)


@bp.post("/replay")
def replay() -> ResponseReturnValue:
    """Ask again, exactly, the questions answered wrong (of a topic or skill, in the last days)."""
    user = learner()
    db = get_db()
    days = request.form.get("days", "30")
    ids = progress.wrong_questions(
        db,
        user.id,
        days=whole_number(days, 30, 1, 365),
        topic=request.form.get("topic") or None,
        skill=request.form.get("skill") or None,
    )
    if not ids:
        flash("Nothing to replay: no wrong answers there in that time.")
        return redirect(url_for("progress.dashboard"))
    settings = practice.clean_settings({"replay": ids}, "replay")
    return serve_next(progress.start_session(db, user.id, "replay", settings))


@bp.post("/drill")
def drill() -> ResponseReturnValue:
    """Five questions on one skill (from the progress page's weakest skills)."""
    user = learner()
    try:
        settings = practice.clean_settings(
            {"skill": request.form.get("skill", ""), "difficulty": request.form.get("difficulty", 2)}, "drill"
        )
    except ExerciseError as problem:
        abort(400, str(problem))
    return serve_next(progress.start_session(get_db(), user.id, "drill", settings))


@bp.post("/session/<int:session_id>/next")
def next_question(session_id: int) -> ResponseReturnValue:
    return serve_next(session_id)


@dataclass(frozen=True)
class Next:
    """What a session does next: a question to show, or why it takes no more answers; neither means
    the session is over (and is now marked finished)."""

    served: progress.Served | None = None
    closed: str | None = None


def next_in_session(db: Database, user_id: int, row: dict[str, Any]) -> Next:
    """The step every mode goes through, in the browser and the JSON API alike: a question still
    waiting for its answer comes back (a reload or a double click never skips one), a closed
    assignment takes nothing more, else the next question is made and served."""
    closed = classroom.answer_refused(db, row["id"], user_id)
    if closed:
        return Next(closed=closed)
    waiting = progress.pending(db, row["id"])
    if waiting:
        return Next(served=progress.load(db, waiting))
    classroom.release_revealed(db, user_id)  # what to ask next depends on the skill states
    exercise = practice.next_exercise(db, user_id, row)
    if exercise is None:
        progress.finish_session(db, row["id"])
        return Next()
    return Next(served=progress.serve(db, user_id, row["id"], exercise))


def serve_next(session_id: int) -> ResponseReturnValue:
    """Ask the session's next question (or end it) and show it."""
    user = learner()
    db = get_db()
    try:
        row = progress.session(db, session_id, user.id)
    except progress.NotFound:
        abort(404, "There is no such practice session for you.")
    step = next_in_session(db, user.id, row)
    if step.closed:
        flash(step.closed)
        return redirect(url_for("practice.result", session_id=session_id))
    if step.served is not None:
        return redirect(url_for("practice.question", question_id=step.served.id))
    if row["mode"] in ("quiz", "assignment"):
        return redirect(url_for("practice.result", session_id=session_id))
    return render_template("practice/done.html", session=row, next_due=progress.next_due(db, user.id))


@bp.get("/q/<question_id>")
def question(question_id: str) -> str:
    served = _served(question_id)
    return _render_question(served)


def _served(question_id: str) -> progress.Served:
    user = current_user()
    if user is None:
        abort(404, "There is no such question for you.")
    try:
        return progress.load(get_db(), question_id, user.id)
    except progress.NotFound:
        abort(404, "There is no such question for you.")


def _render_question(
    served: progress.Served, grade: ExerciseGrade | None = None, given: dict[str, Any] | None = None, status: int = 200
) -> Any:
    db = get_db()
    row = progress.session(db, served.session_id, served.user_id)
    task = classroom.assignment_of_session(db, row)
    answered = served.last_answer is not None
    if answered and grade is None:
        # Grading is deterministic, so the stored answer re-grades to exactly the feedback given then.
        given = served.last_answer["given"]
        grade = served.exercise.grade(given)
    size = row["settings"].get("size") or len(row["settings"].get("replay", [])) or None
    return render_template(
        "practice/question.html",
        served=served,
        exercise=served.exercise,
        session=row,
        grade=grade,
        answered=answered,
        given=given or {},
        size=size,
        assignment=task,
        revealed=classroom.session_revealed(db, row),
    ), status


@bp.post("/q/<question_id>/answer")
def answer(question_id: str) -> ResponseReturnValue:
    served = _served(question_id)
    given = answers_from_form(served.exercise, request.form)
    grade = served.exercise.grade(given)
    if not grade.readable:
        return _render_question(served, grade, given, status=400)
    if served.attempts:
        flash("This question is already answered: your first answer stands. Ask for the next one.")
        return redirect(url_for("practice.question", question_id=question_id))
    closed = classroom.answer_refused(get_db(), served.session_id, served.user_id)
    if closed:
        flash(closed + " Your answer was not recorded.")
        return redirect(url_for("practice.question", question_id=question_id))
    record(served, given, grade)
    return redirect(url_for("practice.question", question_id=question_id) + "#feedback")


def record(served: progress.Served, given: dict[str, Any], grade: ExerciseGrade) -> int:
    """Store a readable answer with the skills it touched."""
    served_at = datetime.fromisoformat(served.served_at)
    elapsed = int((datetime.now(UTC) - served_at).total_seconds() * 1000) if served.attempts == 0 else None
    touched = skills_touched(served.exercise, grade, given)
    time_ms = min(elapsed, MAX_THINKING_MS) if elapsed is not None else None
    db = get_db()
    held = classroom.holds_back(db, progress.session(db, served.session_id, served.user_id))
    answer_id = progress.record_answer(db, served, given, grade, touched, time_ms, held=held)
    if held:
        classroom.release_revealed(db, served.user_id)  # the attempt's last answer may reveal it
    return answer_id


def answers_from_form(exercise: Exercise, form: MultiDict[str, str]) -> dict[str, Any]:
    """Each part's answer from the form: picks for choice questions, rows for itemised fu, else text."""
    return exercise.read_form(form.getlist)


@bp.post("/q/<question_id>/report")
def report(question_id: str) -> ResponseReturnValue:
    served = _served(question_id)
    remark = request.form.get("remark", "").strip()
    if not remark:
        flash("Say in a few words what looks wrong, so we can check it.")
    else:
        progress.report_question(get_db(), served.id, served.user_id, remark)
        flash(f"Thank you: question {served.id} is reported and will be checked.")
    return redirect(url_for("practice.question", question_id=question_id))


@bp.get("/session/<int:session_id>/result")
def result(session_id: int) -> str:
    user = current_user()
    if user is None:
        abort(404, "There is no such quiz for you.")
    db = get_db()
    try:
        row = progress.session(db, session_id, user.id)
    except progress.NotFound:
        abort(404, "There is no such quiz for you.")
    results = progress.session_results(db, session_id)
    answered = [r for r in results if r["correct"] is not None]
    score = sum(r["score"] for r in answered)
    task = classroom.assignment_of_session(db, row)
    return render_template(
        "practice/result.html",
        session=row,
        results=results,
        score=score,
        answered=answered,
        assignment=task,
        revealed=classroom.session_revealed(db, row),
    )
