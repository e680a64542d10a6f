"""Lessons: the course index, each lesson, and grading its check-yourself questions."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from ..i18n import current_language, gettext, say
from ..lessons import LessonBook, Page
from ..quiz import Grade
from ..web_session import csrf_token

bp = Blueprint("lessons", __name__, url_prefix="/lessons")


def _book() -> LessonBook:
    book: LessonBook = current_app.extensions["lessons"].book(current_language())
    return book


def _lesson(slug: str) -> Page:
    page = _book().lessons.get(slug)
    if page is None:
        abort(404, gettext("There is no lesson called %(slug)r.", slug=slug))
    return page


@bp.get("/")
def index() -> str:
    book = _book()
    return render_template("lessons/index.html", lessons=list(book.lessons.values()), problems=book.problems)


@bp.get("/<slug>")
def lesson(slug: str) -> str:
    return _show(_lesson(slug))


def _show(page: Page, feedback: dict[int, Grade] | None = None) -> str:
    """The lesson page; graded questions get their feedback where the question stands."""
    body = with_feedback(page, feedback)
    book = _book()
    before, after = book.neighbours(page.slug)
    # "Lesson n" is the place in the course as listed, so a gap in the order numbers or a teacher's
    # lesson numbered 50 never shows a number the contents page does not.
    number = list(book.lessons).index(page.slug) + 1
    return render_template(
        "lessons/lesson.html", lesson=page, number=number, body=Markup(body), before=before, after=after
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
    return graded if isinstance(graded, dict) else _show(page, {number: graded})


def grade_question(page: Page, number: int) -> dict[str, object] | Grade:
    """Grade question ``number`` of a page (a lesson or a yaku note) from the posted form.

    The page's script asks for JSON and gets the verdict as a dict; a plain form post gets the
    Grade, for the caller to show on its own page.
    """
    if not 1 <= number <= len(page.questions):
        abort(404, gettext("Lesson %(slug)r has no question %(number)s.", slug=page.slug, number=number))
    question = page.questions[number - 1]
    # The kind reads its own fields (ticked boxes, one typed value, or an itemised fu question's rows).
    answer = question.read_form(request.form.getlist, "answer")
    grade = question.grade(answer)
    if request.accept_mimetypes.best == "application/json":
        return {
            "correct": grade.correct,
            "score": grade.score,
            "expected": say(grade.expected),
            "details": [say(line) for line in grade.details],
            "problem": say(grade.problem) if grade.problem else None,
        }
    return grade


def with_feedback(page: Page, feedback: dict[int, Grade] | None = None) -> str:
    """The page's HTML with this visitor's CSRF field in its question forms and any feedback in place."""
    # Pages are rendered once per process; the per-visitor CSRF field goes in at each request.
    body = page.html.replace("<!--csrf-->", f'<input type="hidden" name="csrf_token" value="{csrf_token()}">')
    for number, grade in (feedback or {}).items():
        marker = f"<!--feedback-{number}-->"
        body = body.replace(marker, render_template("partials/feedback.html", grade=grade))
    return body
