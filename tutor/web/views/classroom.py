"""Classes in the browser: create and join, set assignments, follow the class, present a hand.

Every route that takes a class, assignment, student or attempt id checks it
against the logged-in user through :mod:`tutor.classroom` and answers 404 for
anything that is not theirs (the same answer as for an id that does not exist).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, stream_with_context, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import RequestEntityTooLarge

from tutor import classroom as rooms
from tutor.accounts import RESET_LIFETIME, AccountError, User, make_reset_link_token
from tutor.classroom.worksheet import Worksheet, assignment_worksheet
from tutor.course.curriculum import TARGET_TOPICS, TOPICS
from tutor.gamelog import LogError
from tutor.messages.catalogues import Problem
from tutor.practice import mygames, progress, sessions
from tutor.quiz.makers import HAND_PARTS
from tutor.quiz.mistakes import MISTAKES
from tutor.quiz.skills import info
from tutor.table import nights
from tutor.web.db import get_db
from tutor.web.i18n import current_language, gettext, say
from tutor.web.views.params import whole_number
from tutor.web.views.practice import serve_next
from tutor.web.views.presenting import render_presentation
from tutor.web.visitor import current_user

bp = Blueprint("classroom", __name__, url_prefix="/classes")
View = TypeVar("View", bound=Callable[..., ResponseReturnValue])


def _target_groups() -> list[tuple[str, list[tuple[str, str]]]]:
    groups = []
    for topic in TOPICS.values():
        members = [(t, info(topic.target_skill(t)).label) for t, home in TARGET_TOPICS.items() if home == topic.id]
        if members:
            groups.append((topic.title, members))
    return groups


TARGET_GROUPS = _target_groups()
"""The yaku and fu features an assignment's hands can be made for, each under the first topic that teaches it."""


@bp.context_processor
def target_names() -> dict[str, Any]:
    # The labels of TARGET_GROUPS are English; a page shows them in its own language.
    lang = current_language()
    return {"target_labels": {target: rooms.target_label(target, lang) for target in TARGET_TOPICS}}


def account_required(view: View) -> View:
    """Classes need a named account: guests and visitors are sent to log in (or register) and back."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        user = current_user()
        if user is None or user.is_guest:
            flash(
                gettext(
                    "Log in or create an account to use classes: your teacher needs to know whose answers are whose."
                )
            )
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def _me() -> User:
    user = current_user()
    assert user is not None  # account_required let the request through
    return user


def _teaching(class_id: int) -> rooms.Classroom:
    try:
        return rooms.class_for_teacher(get_db(), class_id, _me().id)
    except rooms.NotFound:
        abort(404, gettext("There is no such class of yours."))


def _teaching_open(class_id: int) -> rooms.Classroom:
    """A class of the teacher's that is still in use: an archived one takes nothing new."""
    classroom = _teaching(class_id)
    if classroom.archived:
        abort(
            400,
            gettext(
                "This class is archived: it is read-only. Nobody can join, no assignment can be set or changed, "
                "and no answers are taken."
            ),
        )
    return classroom


def _either(class_id: int) -> tuple[rooms.Classroom, bool]:
    """The class, and whether the user teaches it (else they are a member of it)."""
    db = get_db()
    for lookup, teaches in ((rooms.class_for_teacher, True), (rooms.class_for_member, False)):
        try:
            return lookup(db, class_id, _me().id), teaches
        except rooms.NotFound:
            continue
    abort(404, gettext("There is no such class of yours."))


def _assignment(classroom: rooms.Classroom, assignment_id: int) -> rooms.Assignment:
    try:
        return rooms.assignment(get_db(), classroom, assignment_id)
    except rooms.NotFound:
        abort(404, gettext("There is no such assignment in this class."))


def _student(classroom: rooms.Classroom, user_id: int) -> rooms.Member:
    try:
        return rooms.member(get_db(), classroom, user_id)
    except rooms.NotFound:
        abort(404, gettext("There is no such student in this class."))


def _picked(members: list[rooms.Member], wanted: str) -> rooms.Member:
    """The student a ``?student=`` names, from the roster the page has read already."""
    if not wanted.isdecimal():
        abort(400, gettext("Choose a student of the class."))
    found = next((m for m in members if m.user_id == int(wanted)), None)
    if found is None:
        abort(404, gettext("There is no such student in this class."))
    return found


# --- classes ----------------------------------------------------------------------------------------


@bp.get("/")
@account_required
def index(problem: str | None = None, status: int = 200) -> ResponseReturnValue:
    db = get_db()
    me = _me()
    every = [(c, len(rooms.roster(db, c.id)), len(rooms.assignments(db, c))) for c in rooms.teaching(db, me.id)]
    waiting = Counter(room.id for room, _ in rooms.to_do(db, me.id))
    member_of = [(classroom, waiting[classroom.id]) for classroom in rooms.enrolled(db, me.id)]
    # Archived classes are kept out of the lists, under their own "Archived" toggle.
    taught = [entry for entry in every if not entry[0].archived]
    joined = [entry for entry in member_of if not entry[0].archived]
    archived = [entry[0] for entry in every if entry[0].archived] + [c for c, _ in member_of if c.archived]
    return render_template(
        "classroom/index.html",
        taught=taught,
        joined=joined,
        archived=archived,
        problem=problem,
        code=request.values.get("code", ""),
    ), status


@bp.post("/")
@account_required
def create() -> ResponseReturnValue:
    try:
        classroom = rooms.create_class(get_db(), _me(), request.form.get("name", ""))
    except rooms.ClassroomError as problem:
        return index(say(problem), 400)
    flash(gettext("Class created. Students join with the code %(code)s.", code=classroom.code_for_people))
    return redirect(url_for("classroom.show", class_id=classroom.id))


@bp.route("/join", methods=("GET", "POST"))
@account_required
def join() -> ResponseReturnValue:
    """The join form (``?code=`` fills it in, for a link the teacher shares) and joining."""
    if request.method == "GET":
        return render_template("classroom/join.html", code=request.args.get("code", ""), problem=None)
    address = request.remote_addr or "unknown"
    try:
        classroom = rooms.join(
            get_db(), _me(), request.form.get("code", ""), address, request.form.get("display_name", "")
        )
    except rooms.TooManyAttempts as problem:
        page = render_template("classroom/join.html", code="", problem=say(problem))
        return page, 429, {"Retry-After": str(60 * problem.minutes)}
    except rooms.ClassroomError as problem:
        return render_template("classroom/join.html", code=request.form.get("code", ""), problem=say(problem)), 400
    flash(gettext("You joined %(name)s.", name=classroom.name))
    return redirect(url_for("classroom.show", class_id=classroom.id))


def _page_number() -> int:
    """The page of students asked for (``?page=``, from 1; anything else is page 1)."""
    return whole_number(request.args.get("page"), 1, 1, 10**6)


@bp.get("/<int:class_id>")
@account_required
def show(class_id: int) -> ResponseReturnValue:
    classroom, teaches = _either(class_id)
    db = get_db()
    tasks = rooms.assignments(db, classroom)
    if not teaches:
        work = [(a, rooms.student_work(db, a, _me().id)) for a in tasks]
        return render_template("classroom/class_student.html", classroom=classroom, work=work)
    page = rooms.roster_page(rooms.roster(db, classroom.id), _page_number())
    overview = rooms.overview(db, classroom, tasks, page.total)
    return render_template(
        "classroom/class_teacher.html",
        classroom=classroom,
        members=page.members,
        roster_page=page,
        overview=overview,
        heat=rooms.heatmap(db, classroom, students=page.members, lang=current_language()),
        mistakes=rooms.class_mistakes(db, classroom),
        mistake_labels=MISTAKES,
        join_link=url_for("classroom.join", code=classroom.code_for_people, _external=True),
        open_reports=rooms.open_report_count(db, classroom),
        nights=nights.nights(db, _me().id, classroom.id),
    )


@bp.post("/<int:class_id>/code")
@account_required
def new_code(class_id: int) -> ResponseReturnValue:
    try:
        classroom = rooms.new_join_code(get_db(), _teaching(class_id))
    except rooms.ClassroomError as refusal:
        flash(say(refusal))
        return redirect(url_for("classroom.show", class_id=class_id))
    flash(
        gettext(
            "New join code: %(code)s. The old code no longer works; everyone in the class stays.",
            code=classroom.code_for_people,
        )
    )
    return redirect(url_for("classroom.show", class_id=class_id))


@bp.post("/<int:class_id>/students/<int:user_id>/remove")
@account_required
def remove_student(class_id: int, user_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    student = _student(classroom, user_id)
    rooms.remove_member(get_db(), classroom, user_id)
    flash(gettext("%(student)s is no longer in %(name)s.", student=student.display_name, name=classroom.name))
    return redirect(url_for("classroom.show", class_id=class_id))


@bp.post("/<int:class_id>/students/<int:user_id>/rename")
@account_required
def rename_student(class_id: int, user_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    _student(classroom, user_id)
    try:
        rooms.rename_member(get_db(), classroom, user_id, request.form.get("display_name", ""))
    except rooms.ClassroomError as problem:
        flash(say(problem))
    return redirect(url_for("classroom.show", class_id=class_id) + "#roster")


@bp.post("/<int:class_id>/leave")
@account_required
def leave(class_id: int) -> ResponseReturnValue:
    classroom, teaches = _either(class_id)
    if teaches:
        abort(400, gettext("You teach this class; a teacher cannot leave it."))
    rooms.remove_member(get_db(), classroom, _me().id)
    flash(gettext("You left %(name)s.", name=classroom.name))
    return redirect(url_for("classroom.index"))


@bp.get("/<int:class_id>/students/<int:user_id>")
@account_required
def student(class_id: int, user_id: int, reset_link: str | None = None) -> ResponseReturnValue:
    """One student's work on every assignment of the class, for their teacher."""
    classroom = _teaching(class_id)
    someone = _student(classroom, user_id)
    db = get_db()
    work = [(a, rooms.student_work(db, a, user_id)) for a in rooms.assignments(db, classroom)]
    page = render_template(
        "classroom/student.html",
        classroom=classroom,
        student=someone,
        work=work,
        reset_link=reset_link,
        reset_hours=int(RESET_LIFETIME.total_seconds() // 3600),
    )
    return page, 200, {"Cache-Control": "no-store"}


@bp.post("/<int:class_id>/students/<int:user_id>/reset-link")
@account_required
def reset_link(class_id: int, user_id: int) -> ResponseReturnValue:
    """A one-time link for a student who forgot their password, shown to their teacher once (never flashed:
    the session cookie is signed, not secret)."""
    classroom = _teaching(class_id)
    _student(classroom, user_id)
    try:
        token = make_reset_link_token(get_db(), user_id, _me().id)
    except AccountError as refusal:  # the student teaches a class of their own, or the class is archived
        abort(400, say(refusal))
    return student(class_id, user_id, url_for("auth.reset", token=token, _external=True))


@bp.get("/<int:class_id>/attempts/<int:session_id>")
@account_required
def attempt(class_id: int, session_id: int) -> ResponseReturnValue:
    """A student's attempt, question by question, for their teacher."""
    classroom = _teaching(class_id)
    db = get_db()
    try:
        task, student_id = rooms.attempt_of(db, classroom, session_id)
    except rooms.NotFound:
        abort(404, gettext("There is no such attempt in this class."))
    someone = _student(classroom, student_id)
    results = progress.session_results(db, session_id)
    return render_template(
        "classroom/attempt.html", classroom=classroom, assignment=task, student=someone, results=results
    )


# --- assignments ------------------------------------------------------------------------------------


@bp.route("/<int:class_id>/assignments/new", methods=("GET", "POST"))
@account_required
def new_assignment(class_id: int) -> ResponseReturnValue:
    classroom = _teaching_open(class_id)
    problem = None
    if request.method == "POST":
        form: dict[str, Any] = {key: request.form.get(key) for key in request.form}
        form.update(
            topics=request.form.getlist("topic"),
            targets=request.form.getlist("target"),
            parts=request.form.getlist("part"),
        )
        form["itemised"] = request.form.get("itemised") == "on"
        try:
            form["hands"] = _log_hands()
            task = rooms.create_assignment(get_db(), classroom, form)
        except rooms.ClassroomError as refusal:
            problem = say(refusal)
        except LogError as refusal:
            problem = gettext("This log cannot be used: %(problem)s", problem=say(refusal))
        else:
            flash(gettext("Assignment “%(title)s” set: %(size)s questions.", title=task.title, size=task.size))
            return redirect(url_for("classroom.assignment", class_id=class_id, assignment_id=task.id))
    return _assignment_form(classroom, None, problem)


@bp.url_value_preprocessor
def larger_log_uploads(endpoint: str | None, values: dict[str, Any] | None) -> None:
    # A new assignment may carry a game log: the game pages' upload limit, raised before the CSRF check reads the form.
    if endpoint == "classroom.new_assignment":
        request.max_content_length = mygames.MAX_UPLOAD


@bp.errorhandler(RequestEntityTooLarge)
def log_too_large(problem: RequestEntityTooLarge) -> ResponseReturnValue:
    # The form cannot be shown again as typed (its body was refused unread): say why, plainly.
    message = gettext("This log cannot be used: %(problem)s", problem=gettext(mygames.TOO_LARGE))
    return render_template("errors/error.html", code=413, name=problem.name, description=message), 413


def _log_hands() -> list[dict[str, Any]] | None:
    """The hands of a game log uploaded (``log``) or pasted (``log_text``) for the assignment, seats only."""
    upload = request.files.get("log")
    player = request.form.get("log_player", "").strip() or None
    if upload is not None and upload.filename:
        return mygames.class_hands(upload.read(), upload.filename, player)
    text = request.form.get("log_text", "")
    return mygames.class_hands(text, "pasted log", player) if text.strip() else None


def _assignment_form(
    classroom: rooms.Classroom, task: rooms.Assignment | None, problem: str | None
) -> ResponseReturnValue:
    current: MultiDict[str, Any] = MultiDict()
    if task is not None:
        current = MultiDict(
            {
                "title": task.title,
                "attempts_allowed": task.attempts_allowed,
                "reveal": task.reveal,
                "opens_at": task.opens_at[:16],
                "opens_utc": task.opens_at,
                "due_at": (task.due_at or "")[:16],
                "due_utc": task.due_at,
            }
        )
    return render_template(
        "classroom/assignment_form.html",
        classroom=classroom,
        assignment=task,
        current=current,
        topics=TOPICS.values(),
        target_groups=TARGET_GROUPS,
        parts=HAND_PARTS,
        reveal=rooms.REVEAL,
        problem=problem,
    ), (400 if problem else 200)


@bp.route("/<int:class_id>/assignments/<int:assignment_id>/edit", methods=("GET", "POST"))
@account_required
def edit_assignment(class_id: int, assignment_id: int) -> ResponseReturnValue:
    """Change the title, times, attempts or reveal rule (extend a due time, say)."""
    classroom = _teaching(class_id)
    task = _assignment(classroom, assignment_id)
    problem = None
    if request.method == "POST":
        try:
            task = rooms.update_assignment(get_db(), task, request.form.to_dict())
        except rooms.ClassroomError as refusal:
            problem = say(refusal)
        else:
            flash(gettext("Assignment changed."))
            return redirect(url_for("classroom.assignment", class_id=class_id, assignment_id=assignment_id))
    return _assignment_form(classroom, task, problem)


@bp.post("/<int:class_id>/assignments/<int:assignment_id>/delete")
@account_required
def delete_assignment(class_id: int, assignment_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    task = _assignment(classroom, assignment_id)
    try:
        rooms.delete_assignment(get_db(), task)
    except rooms.ClassroomError as refusal:
        flash(say(refusal))
        return redirect(url_for("classroom.assignment", class_id=class_id, assignment_id=assignment_id))
    flash(gettext("Assignment “%(title)s” deleted.", title=task.title))
    return redirect(url_for("classroom.show", class_id=class_id))


@bp.get("/<int:class_id>/assignments/<int:assignment_id>")
@account_required
def assignment(class_id: int, assignment_id: int) -> ResponseReturnValue:
    classroom, teaches = _either(class_id)
    task = _assignment(classroom, assignment_id)
    db = get_db()
    if not teaches:
        work = rooms.student_work(db, task, _me().id)
        return render_template("classroom/assignment_student.html", classroom=classroom, assignment=task, work=work)
    found = rooms.results(db, classroom, task)
    # The totals are the whole class's; the rows of students and of the heat map go a page at a time.
    page = rooms.roster_page([work.member for work in found.students if work.member is not None], _page_number())
    return render_template(
        "classroom/dashboard.html",
        classroom=classroom,
        assignment=task,
        found=found,
        roster_page=page,
        heat=rooms.heatmap(db, classroom, task, students=page.members, lang=current_language()),
        reports=rooms.reports(db, classroom, task),
        mistake_labels=MISTAKES,
    )


@bp.post("/<int:class_id>/assignments/<int:assignment_id>/start")
@account_required
def start(class_id: int, assignment_id: int) -> ResponseReturnValue:
    classroom, teaches = _either(class_id)
    task = _assignment(classroom, assignment_id)
    if teaches:
        return redirect(url_for("classroom.present", class_id=class_id, assignment_id=assignment_id, position=1))
    try:
        session_id = rooms.start_attempt(get_db(), task, _me().id)
    except rooms.ClassroomError as problem:
        flash(say(problem))
        return redirect(url_for("classroom.assignment", class_id=class_id, assignment_id=assignment_id))
    return serve_next(session_id)


def _csv(classroom: rooms.Classroom, task: rooms.Assignment | None, filename: str) -> Response:
    # Streamed as the rows are read (with the request's database connection kept open meanwhile): a
    # large class's export starts at once and never sits whole in memory.
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in filename)[:80]
    chunks = rooms.results_csv(get_db(), classroom, task, lang=current_language())  # header in the teacher's language
    return Response(
        stream_with_context(chunks),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{safe}.csv"', "Cache-Control": "no-store"},
    )


@bp.get("/<int:class_id>/results.csv")
@account_required
def class_csv(class_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    return _csv(classroom, None, f"class-{classroom.id}-results")


@bp.get("/<int:class_id>/results.json")
@account_required
def class_json(class_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    return Response(
        stream_with_context(rooms.json_chunks(get_db(), classroom)),
        mimetype="application/json",
        headers={"Cache-Control": "no-store"},
    )


@bp.get("/<int:class_id>/assignments/<int:assignment_id>/results.csv")
@account_required
def assignment_csv(class_id: int, assignment_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    task = _assignment(classroom, assignment_id)
    return _csv(classroom, task, f"class-{classroom.id}-assignment-{task.id}")


@bp.get("/<int:class_id>/assignments/<int:assignment_id>/present/<int:position>")
@account_required
def present(class_id: int, assignment_id: int, position: int) -> ResponseReturnValue:
    """One question in large tiles for the projector; the answer unfolds a step at a time (``?step=``).

    A per-student-variant assignment shows one student's hands (``?student=``, by default the first on the
    roster): the question and the engine's answer to it, never what anyone answered."""
    classroom = _teaching(class_id)
    task = _assignment(classroom, assignment_id)
    if not 1 <= position <= task.size:
        abort(404, gettext("This assignment has questions 1 to %(size)s.", size=task.size))
    picker = None
    student: rooms.Member | None = None
    if task.variant:
        members = rooms.roster(get_db(), classroom.id)
        wanted = request.args.get("student", "")
        if wanted:
            student = _picked(members, wanted)
        elif members:
            student = members[0]
        picker = {"members": members, "picked": student.user_id if student else None}
    exercise = task.exercise(position, student.user_id if student else None)
    extra: dict[str, Any] = {"student": student.user_id} if student else {}

    def at(number: int) -> str | None:
        if not 1 <= number <= task.size:
            return None
        return url_for("classroom.present", class_id=class_id, assignment_id=assignment_id, position=number, **extra)

    if student is not None:
        note = gettext(
            "Each student has their own hands in this assignment: this is %(name)s's question %(position)s.",
            name=student.display_name,
            position=position,
        )
    elif task.variant:
        note = gettext("Each student has their own hands in this assignment; this is the class's shared version.")
    else:
        note = None
    return render_presentation(
        exercise,
        heading=gettext(
            "%(title)s · Question %(position)s of %(size)s", title=task.title, position=position, size=task.size
        ),
        back_url=url_for("classroom.assignment", class_id=class_id, assignment_id=assignment_id),
        base_url=str(at(position)),
        prev_url=at(position - 1),
        next_url=at(position + 1),
        note=note,
        variant_picker=picker,
    )


# --- archiving and deleting a class ------------------------------------------------------------------


@bp.post("/<int:class_id>/archive")
@account_required
def archive(class_id: int) -> ResponseReturnValue:
    classroom = rooms.archive_class(get_db(), _teaching(class_id))
    flash(
        gettext(
            "%(name)s is archived: it is read-only and listed under Archived. You can restore it.",
            name=classroom.name,
        )
    )
    return redirect(url_for("classroom.index"))


@bp.post("/<int:class_id>/restore")
@account_required
def restore(class_id: int) -> ResponseReturnValue:
    classroom = rooms.restore_class(get_db(), _teaching(class_id))
    flash(gettext("%(name)s is restored and in use again.", name=classroom.name))
    return redirect(url_for("classroom.show", class_id=class_id))


@bp.route("/<int:class_id>/delete", methods=("GET", "POST"))
@account_required
def delete_class(class_id: int) -> ResponseReturnValue:
    """The confirmation page (it offers the export first), and deleting once the class's name is typed."""
    classroom = _teaching(class_id)
    db = get_db()
    problem = None
    if request.method == "POST":
        typed = " ".join(request.form.get("confirm", "").split())
        if typed != classroom.name:
            problem = gettext("Type the class's name, %(name)s, to delete it.", name=classroom.name)
        else:
            rooms.delete_class(db, classroom)
            flash(gettext("%(name)s is deleted, with its assignments and every answer to them.", name=classroom.name))
            return redirect(url_for("classroom.index"))
    page = render_template(
        "classroom/delete.html", classroom=classroom, goes=rooms.what_goes(db, classroom), problem=problem
    )
    return page, (400 if problem else 200)


# --- reports on the class's questions ------------------------------------------------------------------


@bp.get("/<int:class_id>/reports")
@account_required
def reports(class_id: int) -> ResponseReturnValue:
    """What students reported about the class's questions (open ones; ``?all=1`` the closed ones too)."""
    classroom = _teaching(class_id)
    everything = request.args.get("all") == "1"
    found = rooms.class_reports(get_db(), classroom, include_closed=everything)
    page = render_template("classroom/reports.html", classroom=classroom, found=found, everything=everything)
    return page, 200, {"Cache-Control": "no-store"}


@bp.post("/<int:class_id>/reports/<int:report_id>/close")
@account_required
def close_report(class_id: int, report_id: int) -> ResponseReturnValue:
    classroom = _teaching(class_id)
    try:
        rooms.close_report(get_db(), classroom, report_id, _me().id)
    except rooms.NotFound:
        abort(404, gettext("There is no such report in this class."))
    flash(gettext("Report closed."))
    return redirect(url_for("classroom.reports", class_id=class_id))


# --- printable worksheet ------------------------------------------------------------------------------


@bp.get("/<int:class_id>/assignments/<int:assignment_id>/worksheet")
@account_required
def worksheet(class_id: int, assignment_id: int) -> ResponseReturnValue:
    """The assignment on paper. Its teacher gets the answer key too (``?key=0`` leaves it out) and, for a
    per-student-variant assignment, picks whose hands (``?student=``; the class's shared version by
    default); a student gets the questions of their own attempt, never the key."""
    classroom, _ = _either(class_id)  # who gets what: sessions.worksheet_rules
    task = _assignment(classroom, assignment_id)
    db = get_db()
    rules = sessions.worksheet_rules(db, task, _me().id)
    if rules.refused is not None:
        flash(say(rules.refused))
        return redirect(url_for("classroom.assignment", class_id=class_id, assignment_id=assignment_id))
    whose: int | None = None if rules.key else _me().id
    picker: dict[str, Any] | None = None
    note = None
    sheets: list[tuple[str | None, Worksheet]] | None = None
    if rules.key and task.variant:
        wanted = request.args.get("student", "")
        members = rooms.roster(db, classroom.id)
        if wanted == "all":  # one sheet per student, each on pages of its own, their name on it
            sheets = [(m.display_name, assignment_worksheet(task, m.user_id)) for m in members]
            note = gettext(
                "One worksheet per student, each with their own hands; the key lists them in the same order."
            )
        elif wanted:
            someone = _picked(members, wanted)
            whose = someone.user_id
            note = gettext(
                "Each student has their own hands in this assignment: these are %(name)s's.", name=someone.display_name
            )
        else:
            note = gettext("Each student has their own hands in this assignment; this is the class's shared version.")
        picker = {"members": members, "picked": whose, "everyone": True, "all": wanted == "all"}
    elif task.variant:
        note = gettext("These are your own hands for this assignment.")
    if not sheets:
        sheets = [(None, assignment_worksheet(task, whose if task.variant else None))]
    here: dict[str, Any] = request.args.to_dict()
    page = render_template(
        "worksheet.html",
        heading=task.title,
        subheading=gettext("%(name)s · %(size)s questions", name=classroom.name, size=task.size),
        sheets=sheets,
        with_key=rules.key and request.args.get("key", "1") != "0",
        back_url=url_for("classroom.assignment", class_id=class_id, assignment_id=assignment_id),
        note=note,
        variant_picker=picker,
        key_url=url_for("classroom.worksheet", class_id=class_id, assignment_id=assignment_id, **{**here, "key": "1"})
        if rules.key
        else None,
        no_key_url=url_for(
            "classroom.worksheet", class_id=class_id, assignment_id=assignment_id, **{**here, "key": "0"}
        ),
    )
    return page, 200, {"Cache-Control": "no-store"}


# --- game nights (issue 28): several games at the table for a class -------------------------------


def _night(classroom: rooms.Classroom, night_id: int) -> nights.Night:
    try:
        return nights.night(get_db(), _me().id, classroom.id, night_id)
    except nights.NotFound:
        abort(404, gettext("There is no such game night in this class."))


def _tables_from_form(text: str) -> list[list[str]]:
    """One table a line, its four players' names apart by commas (ASCII or Chinese) or slashes."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return [[name.strip() for name in re.split(r"[,，、/]", line)] for line in lines]


@bp.route("/<int:class_id>/nights/new", methods=("GET", "POST"))
@account_required
def new_night(class_id: int) -> ResponseReturnValue:
    classroom = _teaching_open(class_id)
    problem = None
    if request.method == "POST":
        length = "east" if request.form.get("length") == "east" else "hanchan"
        try:
            night = nights.create(
                get_db(), _me().id, classroom.id, _tables_from_form(request.form.get("tables", "")[:4000]), length
            )
        except Problem as refused:
            problem = say(refused)
        else:
            return redirect(url_for("classroom.night", class_id=classroom.id, night_id=night.id))
    return render_template(
        "classroom/night_new.html", classroom=classroom, problem=problem, form=request.form, most=nights.MAX_TABLES
    ), (400 if problem else 200)


@bp.get("/<int:class_id>/nights/<int:night_id>")
@account_required
def night(class_id: int, night_id: int) -> ResponseReturnValue:
    """Every table of the night with its standings, each table replayed now (live as the hands are entered)."""
    classroom = _teaching(class_id)
    found = _night(classroom, night_id)
    tables = [
        (
            game,
            state,
            state.standings(),
            url_for("table.shared", token=game.share_token, _external=True),
        )
        for game in found.tables
        for state in (game.state(),)
    ]
    return render_template("classroom/night.html", classroom=classroom, night=found, tables=tables)
