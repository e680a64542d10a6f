"""The practice loop, in one place: start a session, serve the next question, take an answer, grade it,
record it, and decide what the learner may see. No Flask here.

Everything a learner does (practice, quiz, review, replay, drill, an assignment's attempt) runs through
these functions; the browser pages (:mod:`tutor.web.views.practice`) and the JSON API (:mod:`tutor.web.views.api`)
only read the request and show the outcome, so both refuse the same things with the same codes. A step
that cannot go ahead raises :class:`Refusal`, whose ``code`` says why:

========================  ======  ======================================================================
code                      status  when
========================  ======  ======================================================================
``bad_request``           400     settings, ids or a remark that cannot be used (the message says which)
``unreadable_answer``     400     an answer that cannot be read (``problems`` names each part)
``not_found``             404     no such session or question for this learner
``already_answered``      409     the first answer stands
``closed``                409     the assignment is not open, the student left the class, or its answers
                                  are not revealed yet (for a replay)
========================  ======  ======================================================================

A question can be left without an answer: :func:`show_answer` (recorded as "shown": not known, so its
skills come back soon) or :func:`skip` (recorded as "skipped": counted nowhere); see :mod:`tutor.practice.progress`.
The policy says where each is offered (:attr:`Policy.may_show_answer`, :attr:`Policy.may_skip`).

What an assignment allows (open, due, membership, reveal) is decided by :func:`policy`, once per step,
for every mode: nothing of an assignment question whose answers are still held back can be replayed,
graded or shown before its reveal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database

from tutor.classroom import Assignment, archived_reason, assignment_of_session, is_member, teaches
from tutor.clock import moment, stamp
from tutor.db import write_transaction
from tutor.messages.catalogues import N_, Joined, Problem, Sentence
from tutor.practice import mygames, progress, selection, statistics
from tutor.quiz.exercise import ExerciseGrade
from tutor.quiz.makers import ExerciseError
from tutor.quiz.skills import skills_touched

MAX_THINKING_MS = 3_600_000
"""Time beyond an hour says the tab was left open, not how long the hand took."""
MAX_REMARK = 2000
REPORTS_PER_QUESTION = 3
"""Reports one learner may send about one question in a day (a second thought, a correction)."""
REPORTS_PER_DAY = 30
"""Reports one learner may send in a day, over all questions: each is read by a person."""
NO_SESSION = N_("you have no session {id}")


class Refusal(Problem):
    """A step that cannot go ahead; the message is for the person who asked (``text(lang)`` says it in
    their language, ``str()`` in English)."""

    STATUS = {
        "bad_request": 400,
        "unreadable_answer": 400,
        "not_found": 404,
        "already_answered": 409,
        "closed": 409,
        "too_many_requests": 429,
    }

    def __init__(
        self, code: str, sentence: str | Sentence, problems: Mapping[str, str] | None = None, **params: Any
    ) -> None:
        super().__init__(sentence, **params)
        self.code = code
        self.problems = dict(problems or {})

    @property
    def status(self) -> int:
        return self.STATUS[self.code]


ALREADY_ANSWERED = N_("This question is already answered: your first answer stands. Ask for the next one.")


# --- what an assignment allows ------------------------------------------------------------------


@dataclass(frozen=True)
class Policy:
    """What a session allows at one moment. Ordinary practice allows everything; an attempt at a class
    assignment follows the assignment's times, its roster and its reveal rule."""

    assignment: Assignment | None = None
    refused: Sentence | None = None
    """Why no answer can be taken now (not open yet, past due, no longer in the class)."""
    revealed: bool = True
    """Whether right and wrong may be shown now."""
    holds_back: bool = False
    """Whether an answer given now stays out of the learner's own progress until it is revealed."""

    @property
    def may_show_answer(self) -> bool:
        """Whether "Show answer" is offered: only where right and wrong may be seen now and nothing is
        held back (an assignment that reveals at the end or at its due time never shows one early)."""
        return self.refused is None and self.revealed and not self.holds_back

    @property
    def may_skip(self) -> bool:
        """Whether "Skip" is offered: wherever an answer may be given (a skip gives nothing away; in a
        quiz or an assignment it scores 0, as a question left blank)."""
        return self.refused is None


def policy(db: Database, session: Mapping[str, Any], user_id: int, at: datetime | None = None) -> Policy:
    """The rules of one session now (see :class:`Policy`)."""
    task = assignment_of_session(db, session)
    if task is None:
        return Policy()
    refused = (
        task.closed_reason(at)
        if is_member(db, task.class_id, user_id)
        else Sentence(N_("You are no longer in this class."))
    )
    refused = archived_reason(db, task.class_id) or refused  # an archived class takes no answers
    complete = task.reveal == "end" and _complete(db, session)
    return Policy(task, refused, task.revealed(complete, at), not task.revealed(False, at))


@dataclass(frozen=True)
class SheetRules:
    """What the printable worksheet of an assignment may show to one person."""

    refused: Sentence | None = None
    """Why they may not have it at all (not open yet for a student); None when they may."""
    key: bool = False
    """Whether the answer key comes with it: only ever for the assignment's teacher."""


def worksheet_rules(db: Database, task: Assignment, user_id: int, at: datetime | None = None) -> SheetRules:
    """The assignment's teacher gets the worksheet with its key; a student of the class gets the questions
    of their own attempt (never the key: answers are shown only where :func:`policy` reveals them, one
    question at a time), and nothing before the assignment opens."""
    if teaches(db, task.class_id, user_id):
        return SheetRules(None, key=True)
    if not is_member(db, task.class_id, user_id):
        return SheetRules(Sentence(N_("You are no longer in this class.")))
    if task.state(at) == "upcoming":
        return SheetRules(task.closed_reason(at))
    return SheetRules(None, key=False)


def _complete(db: Database, session: Mapping[str, Any]) -> bool:
    """Whether every question of a quiz-like session has its answer."""
    size = session["settings"].get("size")
    if not size:
        return session.get("finished_at") is not None
    row = next(
        db.query(
            "SELECT COUNT(DISTINCT a.question_id) AS n FROM questions q JOIN answers a ON a.question_id = q.id"
            " WHERE q.session_id = ?",
            [session["id"]],
        )
    )
    return bool(row["n"] >= size)


def release(db: Database, user_id: int, at: datetime | None = None) -> int:
    """Let held answers count in the learner's progress once their assignment reveals them (the attempt
    complete, or the due time past); returns how many sessions were released. Cheap when nothing is held.
    Every page that shows progress, and every choice of what to ask next, calls this first."""
    ready = [
        session_id
        for session_id in progress.held_sessions(db, user_id)
        if policy(db, progress.session(db, session_id, user_id), user_id, at).revealed
    ]
    progress.release(db, user_id, ready)
    return len(ready)


# --- sessions -----------------------------------------------------------------------------------


def start(db: Database, user_id: int, mode: str, raw: Mapping[str, Any]) -> int:
    """A new session from settings as a form or a JSON body gives them; returns its id.

    A replay may only ask again questions the learner has answered and may see the answers of."""
    try:
        settings = selection.clean_settings(raw, mode)
    except ExerciseError as problem:
        raise Refusal("bad_request", problem.said) from None
    if mode == "replay":
        if not settings["replay"]:
            raise Refusal("bad_request", N_("a replay lists the ids of questions you have answered"))
        for question_id in settings["replay"]:
            reason = _not_replayable(db, user_id, question_id)
            if reason:
                raise Refusal("bad_request", reason)
    return progress.start_session(db, user_id, mode, settings)


def game_parts(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The parts a game's hands are asked for (``parts``, ``itemised``), checked; Refusal naming a bad one."""
    try:
        chosen = selection.clean_settings({"parts": raw.get("parts"), "itemised": raw.get("itemised")}, "practice")
    except ExerciseError as problem:
        raise Refusal("bad_request", problem.said) from None
    return {"parts": chosen["parts"], "itemised": chosen["itemised"]}


def start_game(db: Database, user_id: int, game_id: int, raw: Mapping[str, Any]) -> int:
    """A session asking the hands of one of the learner's own imported games, in play order, for the
    parts chosen in ``raw`` (yaku, han, fu, points; none chosen: all four). See :mod:`tutor.practice.mygames`."""
    chosen = game_parts(raw)
    try:
        found = mygames.game(db, user_id, game_id)
    except mygames.NotFound:
        raise Refusal("not_found", N_("you have no game {id}"), id=game_id) from None
    # Your own hands once your seat is known (wins and what you paid), unless all players' wins are asked for.
    whose = raw.get("whose") or ("mine" if found.seat is not None else "all")
    if whose not in ("mine", "all"):
        raise Refusal("bad_request", N_("'whose' is 'mine' or 'all', not {whose!r}"), whose=str(whose)[:20])
    if whose == "mine" and found.seat is None:
        raise Refusal("bad_request", N_("Choose which player you were in this game first."))
    size = mygames.game_size(db, user_id, found.id, found.seat if whose == "mine" else None)
    if not size and not raw.get("whose"):
        whose, size = "all", found.askable  # a seat picked for you that has nothing to ask: everyone's wins
    if not size:
        raise Refusal("bad_request", N_("You neither won nor paid for a win in this game: practise all players' wins."))
    settings = {
        **chosen,
        "game": found.id,
        "seat": found.seat,
        "whose": whose,
        "size": size,
        "topics": [mygames.topic_of(chosen["parts"])],
        "difficulty": 2,
    }
    return progress.start_session(db, user_id, "game", settings)


def start_replay(
    db: Database, user_id: int, days: int, topic: str | None = None, skill: str | None = None
) -> int | None:
    """A session asking again the questions answered wrong (of a topic or skill, in the last ``days``);
    None when there are none."""
    ids = statistics.wrong_questions(db, user_id, days=days, topic=topic, skill=skill)
    return start(db, user_id, "replay", {"replay": ids}) if ids else None


def _not_replayable(db: Database, user_id: int, question_id: str, at: datetime | None = None) -> Sentence | None:
    """Why a question cannot be asked again (None if it can): only one's own answered questions, and
    an assignment's only once their answers are revealed, or a replay would give them away."""
    try:
        served = progress.load(db, question_id, user_id)
    except progress.NotFound:
        return Sentence(N_("you have no question {id!r} to replay"), id=question_id)
    if served.last_answer is None:
        return Sentence(N_("question {id} is not answered yet: answer it where it was asked"), id=question_id)
    session = progress.session(db, served.session_id, user_id)
    if not policy(db, session, user_id, at).revealed:
        return Sentence(N_("question {id} belongs to an assignment whose answers are not revealed yet"), id=question_id)
    return None


def session(db: Database, user_id: int, session_id: int) -> dict[str, Any]:
    try:
        return progress.session(db, session_id, user_id)
    except progress.NotFound:
        raise Refusal("not_found", NO_SESSION, id=session_id) from None


@dataclass(frozen=True)
class Step:
    """The question to answer now, or None when the session is over (and is now marked finished)."""

    session: dict[str, Any]
    served: progress.Served | None


def next_step(db: Database, user_id: int, session_id: int, at: datetime | None = None) -> Step:
    """The session's next question. One still waiting for its answer comes back (a reload or a double
    click never skips a question); a closed assignment takes nothing more."""
    row = session(db, user_id, session_id)
    rules = policy(db, row, user_id, at)
    if rules.refused:
        raise Refusal("closed", rules.refused)
    waiting = progress.pending(db, row["id"])
    if waiting:
        return Step(row, progress.load(db, waiting))
    release(db, user_id, at)  # what to ask next depends on the skill states
    asked = progress.asked(db, row["id"])
    if row["mode"] == "replay" and asked < len(row["settings"]["replay"]):
        # Checked again: the teacher may have moved an assignment's reveal since the replay started.
        reason = _not_replayable(db, user_id, row["settings"]["replay"][asked], at)
        if reason:
            raise Refusal("closed", reason)
    exercise = selection.next_exercise(db, user_id, row, asked)
    if exercise is None:
        progress.finish_session(db, row["id"])
        return Step(row, None)
    try:
        return Step(row, progress.serve(db, user_id, row["id"], exercise, position=asked + 1))
    except progress.PositionTaken:  # a simultaneous request served it first: answer that one
        return Step(row, progress.load(db, str(progress.pending(db, row["id"]))))


# --- questions and answers ----------------------------------------------------------------------


def own_question(db: Database, user_id: int | None, question_id: str) -> progress.Served:
    """A question served to this learner (``None``: nobody yet, so nothing is theirs): the first check of
    every step on a question. A request loads its question here once (which solves its hand) and passes
    it to :func:`show`, :func:`answer`, :func:`show_answer`, :func:`skip` or :func:`report`."""
    try:
        if user_id is None:
            raise progress.NotFound(question_id)
        return progress.load(db, question_id, user_id)
    except progress.NotFound:
        raise Refusal("not_found", N_("you have no question {id!r}"), id=question_id) from None


@dataclass(frozen=True)
class Shown:
    """A served question with what may be shown of it: ``grade`` only once its answer is revealed."""

    served: progress.Served
    session: dict[str, Any]
    policy: Policy
    grade: ExerciseGrade | None

    @property
    def answered(self) -> bool:
        return self.served.last_answer is not None

    @property
    def given(self) -> dict[str, Any]:
        return dict(self.served.last_answer["given"]) if self.served.last_answer else {}

    @property
    def outcome(self) -> str | None:
        """How the question was left: "answered", "shown" or "skipped" (None: not yet)."""
        return str(self.served.last_answer.get("outcome") or "answered") if self.served.last_answer else None


def show(db: Database, served: progress.Served, at: datetime | None = None) -> Shown:
    """What may be shown of a question loaded with :func:`own_question` (loaded once per request: the
    grade below is the request's only one)."""
    row = progress.session(db, served.session_id, served.user_id)
    rules = policy(db, row, served.user_id, at)
    grade = None
    if served.last_answer is not None and rules.revealed:
        if served.last_answer.get("outcome", "answered") == "answered":
            # Grading is deterministic, so the stored answer re-grades to exactly the feedback given then.
            grade = served.exercise.grade(served.last_answer["given"])
        else:  # shown or skipped: the right answers, with nothing claimed right or wrong
            grade = served.exercise.answer_shown()
    return Shown(served, row, rules, grade)


@dataclass(frozen=True)
class Answered:
    """A recorded first answer: the question as it was served, the answer's id, and its grade."""

    served: progress.Served
    session: dict[str, Any]
    answer_id: int
    grade: ExerciseGrade | None
    """None while the assignment holds right and wrong back."""


def _answerable(db: Database, served: progress.Served, at: datetime | None) -> tuple[dict[str, Any], Policy]:
    """The checks every way of leaving a question makes first, in one order: whose question (made by
    :func:`own_question`, which loaded ``served``), already answered, assignment closed."""
    if served.attempts:
        raise Refusal("already_answered", ALREADY_ANSWERED)
    row = progress.session(db, served.session_id, served.user_id)
    rules = policy(db, row, served.user_id, at)
    if rules.refused:
        raise Refusal("closed", N_("{reason} Your answer was not recorded."), reason=rules.refused)
    return row, rules


def answer(db: Database, served: progress.Served, given: Mapping[str, Any], at: datetime | None = None) -> Answered:
    """Grade and record the first answer to a question loaded with :func:`own_question`. The checks come
    in one order for every caller: whose question, already answered, assignment closed, answer readable.

    The question is loaded, its hand solved and the answer graded once: the grade returned is the one
    recorded, and the skills and mistakes are read off it."""
    row, rules = _answerable(db, served, at)
    grade = served.exercise.grade(given)
    if not grade.readable:
        each = Joined("; ", (Joined(": ", (kind, text)) for kind, text in grade.problems.items()))
        raise Refusal("unreadable_answer", "{each}", grade.problems, each=each)
    elapsed = (moment(at) - datetime.fromisoformat(served.served_at)).total_seconds() * 1000
    touched = skills_touched(served.exercise, grade, given)
    try:
        answer_id = progress.record_answer(
            db, served, given, grade, touched, min(int(elapsed), MAX_THINKING_MS), held=rules.holds_back
        )
    except progress.AlreadyAnswered:  # another request's answer got in first
        raise Refusal("already_answered", ALREADY_ANSWERED) from None
    revealed = rules.revealed
    if rules.holds_back:  # the attempt's last answer may reveal it
        release(db, served.user_id, at)
        revealed = policy(db, row, served.user_id, at).revealed
    return Answered(served, row, answer_id, grade if revealed else None)


def show_answer(db: Database, served: progress.Served, at: datetime | None = None) -> Answered:
    """The learner asks for the answer instead of guessing: recorded as "shown" (every skill the
    question trains rated as not known; see :mod:`tutor.practice.progress`), and the right answers returned."""
    return _leave(db, served, "shown", at)


def skip(db: Database, served: progress.Served, at: datetime | None = None) -> Answered:
    """The learner passes on a question: recorded as "skipped" (no skill touched, no tally), so the
    session moves on. The grade returned is None: a skip shows nothing."""
    return _leave(db, served, "skipped", at)


SHOW_HELD = N_("This assignment holds its answers back until your teacher reveals them: answer the question instead.")


def _leave(db: Database, served: progress.Served, outcome: str, at: datetime | None) -> Answered:
    """Record a question left without an answer; the same checks, in the same order, as :func:`answer`."""
    row, rules = _answerable(db, served, at)
    if outcome == "shown" and not rules.may_show_answer:
        raise Refusal("closed", SHOW_HELD)
    shown = served.exercise.answer_shown()
    touched: dict[str, bool] = {}
    if outcome == "shown":  # not known: every skill the question trains comes back soon
        touched = {skill: False for skill in skills_touched(served.exercise, shown, {})}
    elapsed = (moment(at) - datetime.fromisoformat(served.served_at)).total_seconds() * 1000
    try:
        answer_id = progress.record_answer(
            db, served, {}, shown, touched, min(int(elapsed), MAX_THINKING_MS), held=rules.holds_back, outcome=outcome
        )
    except progress.AlreadyAnswered:
        raise Refusal("already_answered", ALREADY_ANSWERED) from None
    if rules.holds_back:  # a skip may complete an attempt that reveals at its end
        release(db, served.user_id, at)
    return Answered(served, row, answer_id, shown if outcome == "shown" else None)


def report(db: Database, served: progress.Served, remark: object) -> int:
    """Store a learner's "this question looks wrong" about a question loaded with :func:`own_question`;
    returns the report's id."""
    if not isinstance(remark, str) or not remark.strip():
        raise Refusal("bad_request", N_("Say in a few words what looks wrong, so we can check it."))
    with write_transaction(db):  # counted and stored under one lock: reports sent at once cannot slip past
        mine = next(
            db.query(
                "SELECT SUM(question_id = ?) AS here, COUNT(*) AS today FROM reports WHERE user_id = ? AND created_at >= ?",
                [served.id, served.user_id, stamp(moment() - timedelta(days=1))],
            )
        )
        if (mine["here"] or 0) >= REPORTS_PER_QUESTION:
            raise Refusal("too_many_requests", N_("You have reported this question already; we will look at it."))
        if mine["today"] >= REPORTS_PER_DAY:
            raise Refusal("too_many_requests", N_("You have sent many reports today. Please send more tomorrow."))
        return progress.report_question(db, served.id, served.user_id, remark.strip()[:MAX_REMARK])


@dataclass(frozen=True)
class Results:
    """A quiz or attempt so far, question by question; grades left out while they are held back."""

    session: dict[str, Any]
    rows: list[dict[str, Any]]
    policy: Policy

    @property
    def answered(self) -> list[dict[str, Any]]:
        return [r for r in self.rows if r["answered"]]

    @property
    def score(self) -> float:
        return sum(r["score"] or 0 for r in self.answered) if self.policy.revealed else 0.0


def results(db: Database, user_id: int | None, session_id: int, at: datetime | None = None) -> Results:
    if user_id is None:
        raise Refusal("not_found", NO_SESSION, id=session_id)
    row = session(db, user_id, session_id)
    rules = policy(db, row, user_id, at)
    rows = progress.session_results(db, session_id)
    for one in rows:
        one["answered"] = one["correct"] is not None
        if not rules.revealed:
            for key in ("correct", "score", "parts", "mistakes"):
                one[key] = None
    return Results(row, rows, rules)
