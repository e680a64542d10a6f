"""The learner's progress: accuracy per topic and per yaku over time, streak, weakest skills."""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import lru_cache
from typing import Literal

from babel.dates import format_timedelta
from flask import Blueprint, current_app, render_template, request

from tutor import classroom
from tutor.clock import moment, now
from tutor.course.lesson_progress import LessonMark
from tutor.course.lessons import Page
from tutor.drawing.charts import accuracy_line
from tutor.practice import progress, sessions, statistics
from tutor.quiz.skills import info
from tutor.web.db import get_db
from tutor.web.i18n import current_language, gettext, language_tag
from tutor.web.views.lessons import course_marks
from tutor.web.views.params import whole_number
from tutor.web.visitor import current_user

bp = Blueprint("progress", __name__, url_prefix="/progress")

WINDOWS = (7, 30, 90)


def until(when: str) -> str:
    """``in 9 minutes``, ``in 3 hours``, ``in 4 days`` (``4天后``): when a review comes due, in the
    request's language (Babel's words for a time span), counted down to the whole unit."""
    seconds = (datetime.fromisoformat(when) - moment()).total_seconds()
    unit: Literal["day", "hour", "minute"] = "minute"
    count = 1
    names: tuple[tuple[Literal["day", "hour", "minute"], int], ...] = (("day", 86400), ("hour", 3600), ("minute", 60))
    for name, size in names:
        if seconds >= size:
            unit, count = name, int(seconds // size)
            break
    return _in(unit, count, language_tag().replace("-", "_"))


@lru_cache(maxsize=1024)  # Babel takes tens of µs; a page says "in 3 days" for several skills
def _in(unit: Literal["day", "hour", "minute"], count: int, locale: str) -> str:
    span = timedelta(**{f"{unit}s": count})
    return str(format_timedelta(span, granularity=unit, threshold=1, add_direction=True, locale=locale))


@bp.get("/")
def dashboard() -> str:
    user = current_user()
    days = request.args.get("days", "30")
    window = whole_number(days, 30, 1, 365)
    window = window if window in WINDOWS else 30
    if user is None:
        return render_template("progress/dashboard.html", user=None, window=window, windows=WINDOWS)
    db = get_db()
    sessions.release(db, user.id)  # class answers count here once their teacher reveals them
    daily = statistics.daily_accuracy(db, user.id, window)
    done = sum(total for _, _, total in daily)
    right = sum(r for _, r, _ in daily)
    topics = statistics.topic_tallies(db, user.id, window, current_language())
    skills = statistics.skills_by_family(db, user.id, window, ("yaku", "fu"), current_language())
    return render_template(
        "progress/dashboard.html",
        user=user,
        window=window,
        windows=WINDOWS,
        done=done,
        right=right,
        streak=statistics.streak(db, user.id),
        chart=accuracy_line(
            daily, title=gettext("First-try accuracy, last %(days)s days", days=window), lang=current_language()
        ),
        topics=topics,
        yaku=skills["yaku"],
        fu=skills["fu"],
        weakest=statistics.weakest(db, user.id, lang=current_language()),
        assignments=[] if user.is_guest else classroom.to_do(db, user.id),
        mistakes=statistics.mistake_counts(db, user.id, window),
        due=len(progress.due_skills(db, user.id, limit=99)),
        skill_info=lambda skill: info(skill, current_language()),
        now_iso=now(),
        until=until,
        course=_course(),
    )


def _course() -> list[tuple[Page, LessonMark]]:
    """Each lesson of the course with what the learner did with it (read, checks right of total)."""
    lessons = list(current_app.extensions["lessons"].book(current_language()).lessons.values())
    marks = course_marks(lessons)
    return [(page, marks[page.slug]) for page in lessons if page.slug in marks]
