"""Lessons: the course index, each lesson (read step by step, or whole), and grading its checks.

A learner's checks are remembered (:mod:`tutor.course.lesson_progress`): every graded answer is stored through
:func:`grade_question` (lessons and yaku notes alike), and a page drawn again shows each question answered
with its feedback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from tutor.course import lesson_progress
from tutor.course.curriculum import topic_of_lesson
from tutor.course.lessons import LessonBook, Page, Step
from tutor.course.path import LessonState, Reads, course_map, next_action
from tutor.drawing.words import say_plain
from tutor.quiz import Grade
from tutor.web.db import get_db
from tutor.web.i18n import current_language, gettext
from tutor.web.visitor import csrf_token, current_user, learner

bp = Blueprint("lessons", __name__, url_prefix="/lessons")


@dataclass(frozen=True)
class Checked:
    """An answer to a check-yourself question and its grade."""

    given: Any
    grade: Grade


def _book() -> LessonBook:
    book: LessonBook = current_app.extensions["lessons"].book(current_language())
    return book


def _lesson(slug: str) -> Page:
    page = _book().lessons.get(slug)
    if page is None:
        abort(404, gettext("There is no lesson called %(slug)r.", slug=slug))
    return page


def course_marks(pages: list[Page]) -> dict[str, lesson_progress.LessonMark]:
    """Read, right and answered for each lesson, for the visitor (nothing for someone not yet known)."""
    user = current_user()
    if user is None:
        return {}
    found = lesson_progress.course(get_db(), user.id, pages)
    return {page.slug: found[page.check_path] for page in pages}


@bp.get("/")
def index() -> str:
    """The course as a map of what the learner knows, led by "Continue" (:mod:`tutor.course.path`)."""
    book = _book()
    lessons = list(book.lessons.values())
    user = current_user()
    user_id = user.id if user else None
    db = get_db()
    reads = Reads(db, user_id, lessons) if user_id is not None else None  # one set of reads for both
    return render_template(
        "lessons/index.html",
        lessons=lessons,
        reference=list(book.reference.values()),
        problems=book.problems,
        path=next_action(db, user_id, lessons, lang=current_language(), reads=reads),
        states=course_map(db, user_id, lessons, lang=current_language(), reads=reads),
        known=user is not None,
    )


@bp.get("/<slug>")
def lesson(slug: str) -> str:
    """The whole lesson on one page (to read through or print); opening it marks nothing read."""
    return _show(_lesson(slug))


@bp.get("/<slug>/<int:number>")
def step(slug: str, number: int) -> str:
    """Step ``number`` of a lesson: one section and the checks that follow its teaching."""
    page = _lesson(slug)
    if not 1 <= number <= len(page.steps):
        abort(404, gettext("Lesson %(slug)r has no step %(number)s.", slug=slug, number=number))
    return _show_step(page, page.steps[number - 1])


@bp.post("/<slug>/<int:number>/next")
def next_step(slug: str, number: int) -> ResponseReturnValue:
    """Go on from a step. A step without checks is done once the learner goes on from it; a step with
    checks is done by answering them, so going on records nothing."""
    page = _lesson(slug)
    if not 1 <= number <= len(page.steps):
        abort(404, gettext("Lesson %(slug)r has no step %(number)s.", slug=slug, number=number))
    here = page.steps[number - 1]
    if not here.questions:
        lesson_progress.mark_step_read(get_db(), learner().id, page.check_path, here.id)
    if number < len(page.steps):
        return redirect(url_for("lessons.step", slug=slug, number=number + 1))
    return redirect(url_for("lessons.index", finished=slug))


def _show_step(page: Page, here: Step, fresh: dict[int, Checked] | None = None) -> str:
    book = _book()
    standing = _standing(page)
    return render_template(
        "lessons/step.html",
        lesson=page,
        number=list(book.lessons).index(page.slug) + 1,
        step=here,
        body=Markup(with_feedback(page, fresh, here.html)),
        done=standing.mark.steps_done,
        topic=topic_of_lesson(page.slug),
        level=standing.level,
    )


def _standing(page: Page) -> LessonState:
    """Where this visitor stands in the lesson: its steps done and the difficulty "Practise this" starts at
    (one read of the learner's marks and tallies for both)."""
    user = current_user()
    return course_map(get_db(), user.id if user else None, [page], lang=current_language())[0]


def _show(page: Page, fresh: dict[int, Checked] | None = None) -> str:
    """The lesson page; answered questions get their answer and feedback where the question stands."""
    body = with_feedback(page, fresh)
    book = _book()
    before, after = book.neighbours(page.slug)
    # "Lesson n" is the place in the course as listed, so a gap in the order numbers or a teacher's
    # lesson numbered 50 never shows a number the contents page does not.
    number = list(book.lessons).index(page.slug) + 1
    return render_template(
        "lessons/lesson.html",
        lesson=page,
        number=number,
        body=Markup(body),
        before=before,
        after=after,
        topic=topic_of_lesson(page.slug),
        level=_standing(page).level,
    )


@bp.get("/reference/<slug>")
def reference(slug: str) -> str:
    """A page outside the numbered course, such as the glossary."""
    page = _book().reference.get(slug)
    if page is None:
        abort(404, gettext("There is no lesson called %(slug)r.", slug=slug))
    return render_template("lessons/reference.html", page=page, body=Markup(page.html))


@bp.post("/<slug>/check/<int:number>")
def check(slug: str, number: int) -> ResponseReturnValue:
    """Grade one check-yourself question: JSON for the page's script, the lesson page without it."""
    page = _lesson(slug)
    graded = grade_question(page, number)
    if isinstance(graded, dict):
        return graded
    # Without the page's script the answer comes back on the step the question stands in.
    return _show_step(page, page.step_of(number), {number: graded})


def grade_question(page: Page, number: int) -> dict[str, object] | Checked:
    """Grade question ``number`` of a page (a lesson or a yaku note) from the posted form, and record
    the answer for the learner (a guest is made on first need, as for practice).

    The page's script asks for JSON and gets the verdict as a dict; a plain form post gets the
    answer and its Grade, for the caller to show on its own page.
    """
    if not 1 <= number <= len(page.questions):
        abort(404, gettext("Lesson %(slug)r has no question %(number)s.", slug=page.slug, number=number))
    question = page.questions[number - 1]
    # The kind reads its own fields (ticked boxes, one typed value, or an itemised fu question's rows).
    answer = question.read_form(request.form.getlist, "answer")
    grade = question.grade(answer)
    if not grade.problem:  # an answer that cannot be read is neither right nor wrong: nothing to remember
        lesson_progress.record_check(
            get_db(), learner().id, page.check_path, number, question.key, answer, grade.correct, grade.score
        )
    if request.accept_mimetypes.best == "application/json":
        return {
            "correct": grade.correct,
            "score": grade.score,
            # The page's script writes the verdict line as the template does, in the page's language.
            "verdict": gettext("Right!") if grade.correct else gettext("Not quite."),
            "answer_label": gettext("Answer:"),
            # The same words as plain text for other readers of this JSON: tiles named, never in MPSZ.
            "expected": say_plain(grade.expected, current_language()),
            "details": [say_plain(line, current_language()) for line in grade.details],
            "problem": say_plain(grade.problem, current_language()) if grade.problem else None,
            # The same feedback the page draws without the script (partials/feedback.html): one owner of
            # how feedback looks, tiles drawn as tiles and not written as codes.
            "html": render_template("partials/feedback.html", grade=grade),
        }
    return Checked(answer, grade)


def with_feedback(page: Page, fresh: dict[int, Checked] | None = None, html: str | None = None) -> str:
    """The page's HTML (or ``html``, a part of it such as one step) with this visitor's CSRF field in its
    question forms, and each question they answered (earlier, or ``fresh`` in this request) drawn with
    their answer and its feedback."""
    answered: dict[int, Checked] = {}
    user = current_user()
    if user is not None:
        saved = lesson_progress.page_checks(get_db(), user.id, page.check_path, [q.key for q in page.questions])
        # Grading is deterministic: the stored answer re-grades to exactly the feedback given then.
        answered = {n: Checked(c.given, page.questions[n - 1].grade(c.given)) for n, c in saved.items()}
    answered.update(fresh or {})
    body = page.html if html is None else html
    for number, checked in sorted(answered.items()):
        start, end = f"<!--question-{number}-->", f"<!--/question-{number}-->"
        first = body.find(start)
        last = body.find(end, first)
        if first < 0 or last < 0:
            continue
        form = render_template(
            "partials/question.html",
            question=page.questions[number - 1],
            number=number,
            slug=page.slug,
            check_path=page.check_path,
            given=checked.given,
            grade=checked.grade,
        )
        body = body[:first] + form + body[last + len(end) :]
    # Pages are rendered once per process; the per-visitor CSRF field goes in at each request.
    return body.replace("<!--csrf-->", f'<input type="hidden" name="csrf_token" value="{csrf_token()}">')
