"""Lessons: the course index, each lesson, and grading its check-yourself questions.

A learner's checks are remembered (:mod:`tutor.course.lesson_progress`): every graded answer is stored through
:func:`grade_question` (lessons and yaku notes alike), and a page drawn again shows each question answered
with its feedback.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from tutor.course import lesson_progress
from tutor.course.curriculum import topic_of_lesson
from tutor.course.lessons import LessonBook, Page
from tutor.db import skip_if_busy
from tutor.quiz import Grade
from tutor.web.db import get_db
from tutor.web.i18n import current_language, gettext, say
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
    found = lesson_progress.course(get_db(), user.id, [(p.check_path, [q.key for q in p.questions]) for p in pages])
    return {page.slug: found[page.check_path] for page in pages}


@bp.get("/")
def index() -> str:
    book = _book()
    lessons = list(book.lessons.values())
    return render_template(
        "lessons/index.html",
        lessons=lessons,
        reference=list(book.reference.values()),
        problems=book.problems,
        marks=course_marks(lessons),
    )


@bp.get("/<slug>")
def lesson(slug: str) -> str:
    page = _lesson(slug)
    user = current_user()
    if user is not None:  # a visitor not yet known is not made a guest just for reading
        with skip_if_busy():  # a reader never waits on writers: a read not noted now is noted next time
            lesson_progress.mark_read(get_db(), user.id, page.check_path)
    return _show(page)


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
            "expected": say(grade.expected),
            "details": [say(line) for line in grade.details],
            "problem": say(grade.problem) if grade.problem else None,
        }
    return Checked(answer, grade)


def with_feedback(page: Page, fresh: dict[int, Checked] | None = None) -> str:
    """The page's HTML with this visitor's CSRF field in its question forms, and each question they
    answered (earlier, or ``fresh`` in this request) drawn with their answer and its feedback."""
    answered: dict[int, Checked] = {}
    user = current_user()
    if user is not None:
        saved = lesson_progress.page_checks(get_db(), user.id, page.check_path, [q.key for q in page.questions])
        # Grading is deterministic: the stored answer re-grades to exactly the feedback given then.
        answered = {n: Checked(c.given, page.questions[n - 1].grade(c.given)) for n, c in saved.items()}
    answered.update(fresh or {})
    body = page.html
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
