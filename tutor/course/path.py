"""A path through the course: what a learner should do now, and a map of what they know. No Flask here.

:func:`next_action` is the one place that decides "Continue" (the home page and the lessons index only
show what it says), in this order:

1. the next step of a lesson in progress (begun and not read to its end);
2. reviews that are due;
3. a short drill of the weakest skill, when one is clearly weak;
4. the next lesson not read yet (lesson 1, step 1 for someone new);
5. with every lesson read and nothing due, practice.

A student's assignments that are open and not done come before all of these (:attr:`Path.assignments`).
:func:`course_map` gives, per lesson, steps done, checks right, practice accuracy on its topic and the
review state of its skills, with the level a practice session on it starts at.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property

from sqlite_utils import Database

from tutor.classroom import Assignment, Classroom, to_do
from tutor.course import lesson_progress
from tutor.course.curriculum import Topic, skill_in_topics, topic_of_lesson
from tutor.course.lesson_progress import LessonMark
from tutor.course.lessons import Page
from tutor.messages.catalogues import DEFAULT, N_
from tutor.practice import progress, statistics

WEAK_SHARE = 0.75
"""A skill is weak enough to drill when fewer than this share of its first tries were right ..."""
WEAK_TRIES = 1
"""... over at least this many first tries."""
STEADY_SHARE, STEADY_TRIES = 0.8, 10
"""Practice on a lesson's topic starts at difficulty 1, and at 2 once this share of at least this many
first tries on it were right."""


@dataclass(frozen=True)
class Action:
    """What "Continue" leads to, and the facts its reason is said with."""

    kind: str
    """"start" (lesson 1 for someone new), "step" (a lesson in progress), "review", "drill", "lesson" (the
    next lesson), or "practice" (every lesson read, nothing due)."""
    lesson: Page | None = None
    number: int = 0
    """The lesson's place in the course (from 1), for "start", "step" and "lesson"."""
    step: int = 1
    """The step to open, for "start", "step" and "lesson"."""
    due: int = 0
    """Skills due for review, for "review"."""
    weakness: statistics.Weakness | None = None
    """The skill to drill, for "drill"."""


@dataclass(frozen=True)
class Path:
    """What the home page and the lessons index lead with."""

    action: Action
    assignments: list[tuple[Classroom, Assignment]] = field(default_factory=list)
    """A student's open assignments not done yet, the soonest due first: shown before the action."""
    new: bool = False
    """Nothing done yet: the page offers "Start lesson 1" and a one-line map of the course."""


@dataclass(frozen=True)
class LessonState:
    """One lesson on the map of what the learner knows."""

    page: Page
    number: int
    mark: LessonMark
    topic: Topic | None
    tally: statistics.Tally | None
    """Practice on the lesson's topic (None: none yet, or no topic)."""
    due: list[str]
    """The topic's skills due for review, the most overdue first."""
    seen: int
    """The topic's skills with a review state (answered at least once in practice)."""
    level: int
    """The difficulty a practice session on it starts at."""

    @property
    def open_step(self) -> int:
        """The step the lesson's link opens: the first not done, else the first."""
        return self.mark.next_step or 1


class Reads:
    """What a known learner's path and map read from the database, each read once when first asked: the
    lessons index shows both "Continue" and the map from the same reads.
    """

    def __init__(self, db: Database, user_id: int, lessons: Sequence[Page], at: datetime | None = None) -> None:
        self.db, self.user_id, self.lessons, self.at = db, user_id, lessons, at

    @cached_property
    def marks(self) -> dict[str, LessonMark]:
        return lesson_progress.course(self.db, self.user_id, self.lessons)

    @cached_property
    def due(self) -> list[str]:
        """Skills due for review, the most overdue first (enough for any count a page shows)."""
        return progress.due_skills(self.db, self.user_id, limit=500, at=self.at)

    @cached_property
    def record(self) -> dict[str, tuple[int, int]]:
        return progress.skill_record(self.db, self.user_id)


def _blank(page: Page) -> LessonMark:
    return LessonMark(False, 0, 0, len(page.questions), (False,) * len(page.steps))


def next_action(
    db: Database,
    user_id: int | None,
    lessons: Sequence[Page],
    at: datetime | None = None,
    lang: str = DEFAULT,
    reads: Reads | None = None,
) -> Path:
    """What this learner (None: a visitor not known yet) should do now; ``lessons`` in course order.
    ``reads`` shares the learner's reads with :func:`course_map` on the same page."""
    first = Action("start", lessons[0], 1, 1) if lessons else Action("practice")
    if user_id is None:
        return Path(first, new=True)
    reads = reads or Reads(db, user_id, lessons, at)
    assignments = to_do(db, user_id, at)
    states = [
        (number, page, reads.marks.get(page.check_path) or _blank(page)) for number, page in enumerate(lessons, 1)
    ]
    for number, page, mark in states:
        if mark.started and not mark.read:
            return Path(Action("step", page, number, mark.next_step or 1), assignments)
    due = reads.due
    if due:
        return Path(Action("review", due=len(due)), assignments)
    weak = [
        w
        for w in statistics.weakest(db, user_id, limit=5, at=at, lang=lang)
        if w.done >= WEAK_TRIES and w.right / w.done < WEAK_SHARE
    ]
    if weak:
        return Path(Action("drill", weakness=weak[0]), assignments)
    begun = any(mark.started for _, _, mark in states) or bool(reads.record)
    for number, page, mark in states:
        if not mark.read:
            kind = "lesson" if begun else "start"
            return Path(Action(kind, page, number, mark.next_step or 1), assignments, new=not begun)
    return Path(Action("practice"), assignments)


def level(tally: statistics.Tally | None) -> int:
    """The difficulty practice on a topic starts at: 1, and 2 once the learner is steady on it."""
    if tally and tally.done >= STEADY_TRIES and tally.first_try_right / tally.done >= STEADY_SHARE:
        return 2
    return 1


def course_map(
    db: Database,
    user_id: int | None,
    lessons: Sequence[Page],
    at: datetime | None = None,
    lang: str = DEFAULT,
    reads: Reads | None = None,
) -> list[LessonState]:
    """Per lesson: steps done, checks right, practice on its topic, and its skills' review state."""
    marks: dict[str, LessonMark] = {}
    tallies: dict[str, statistics.Tally] = {}
    due: list[str] = []
    record: dict[str, tuple[int, int]] = {}
    if user_id is not None:
        reads = reads or Reads(db, user_id, lessons, at)
        marks, due, record = reads.marks, reads.due, reads.record
        tallies = {t.key: t for t in statistics.topic_tallies(db, user_id, lang=lang)}
    found = []
    for number, page in enumerate(lessons, 1):
        topic = topic_of_lesson(page.slug)
        tally = tallies.get(topic.id) if topic else None
        mine = [s for s in due if topic and skill_in_topics(s, [topic.id])]
        seen = sum(1 for s in record if topic and skill_in_topics(s, [topic.id]))
        mark = marks.get(page.check_path) or _blank(page)
        found.append(LessonState(page, number, mark, topic, tally, mine, seen, level(tally)))
    return found


STAGES = (
    (N_("Reading hands"), "tiles"),
    (N_("Yaku"), "everyday-yaku"),
    (N_("Fu"), "fu"),
    (N_("Points"), "points"),
    (N_("At the table"), "draws"),
)
"""The course in a line: each stage's name and the lesson it starts at (a stage whose lesson is missing,
in a teacher's own course, is left out)."""


@dataclass(frozen=True)
class Stage:
    name: str
    """Marked with ``N_``: said in the reader's language by the page."""
    first: int
    last: int
    slug: str


def stages(lessons: Sequence[Page]) -> list[Stage]:
    """The stages of the course with the lesson numbers each covers, in course order."""
    places = {page.slug: number for number, page in enumerate(lessons, 1)}
    starts = sorted((places[slug], name, slug) for name, slug in STAGES if slug in places)
    if not starts or starts[0][0] != 1:
        return []
    found = []
    for at, (first, name, slug) in enumerate(starts):
        last = starts[at + 1][0] - 1 if at + 1 < len(starts) else len(lessons)
        found.append(Stage(name, first, last, slug))
    return found
