"""Tenhou game logs, read into score requests (issue 14). No Flask here: the web layer calls this.

Use :func:`read_log` on the bytes or text of a log file; it recognises the format:

- Tenhou's **mjlog** XML (plain or gzip-compressed, as Tenhou saves it): :mod:`.mjlog`;
- the **tenhou.net/6** viewer's JSON: :mod:`.tenhou6`.

The result is a :class:`GameLog`; each :class:`Win` in ``log.wins`` (file order, every winner of
a double ron separately) carries

- ``request``: a score request of ``shared/api/score.md``, ready for
  :func:`tutor.engine.api.score_request` (every flag written out, true or false);
- ``recorded``: what the log says the hand was worth (:class:`Recorded`);
- ``source``: file, round, seat, player (:class:`Source`);
- ``melds``: the melds with their called tiles and added kans told apart (:class:`LoggedMeld`);
- ``notes``: situation yaku where the moves and the log's yaku list disagree.

:func:`compare` scores a win with our engine and lists how that differs from the record.
``win.as_record()`` / ``Win.from_record(record)`` store a win as JSON and rebuild it.

Every problem with the input raises :class:`LogError` with a one-line message. It is a
:class:`~tutor.messages.catalogues.Problem`: ``str()`` is the English, ``text(lang)`` says it in a
learner's language (the sentences are marked for the catalogues); notes and differences are
:class:`~tutor.messages.catalogues.Said` text likewise. :data:`SUPPORTED` says what is read.

A sketch of the later "Practise my games" step::

    log = read_log(upload_bytes, filename)        # LogError -> show refusal.text(lang), store nothing
    for win in log.wins:                           # in play order
        question_from(win.request)                 # the hand to score, like any practice question
        store(win.as_record())                     # the learner's own hand, rebuilt with Win.from_record
        afterwards_show(win.recorded, compare(win))  # the log's result beside ours
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.gamelog.model import (
    MAX_LOG_BYTES,
    SUPPORTED,
    GameLog,
    LogError,
    LoggedMeld,
    Recorded,
    Source,
    Win,
    log_text,
)
from tutor.messages.catalogues import N_, Joined, said

__all__ = [
    "MAX_LOG_BYTES",
    "SUPPORTED",
    "Comparison",
    "GameLog",
    "LogError",
    "LoggedMeld",
    "Recorded",
    "Source",
    "Win",
    "compare",
    "read_log",
]


def read_log(data: bytes | str, file: str = "-") -> GameLog:
    """Read an mjlog (XML or gzip) or a tenhou.net/6 JSON log; ``file`` names it in each win's source."""
    from tutor.gamelog.mjlog import read_mjlog, unpack
    from tutor.gamelog.tenhou6 import read_tenhou6

    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_LOG_BYTES:
        raise LogError(N_("the file is {size} MB; a game log is at most 10 MB"), size=f"{len(raw) / 1e6:.1f}")
    text = log_text(unpack(raw))
    head = text.lstrip(" \t\r\n")[:1]
    if head == "<":
        return read_mjlog(text, file)
    if head == "{":
        return read_tenhou6(text, file)
    if not text.strip():
        raise LogError(N_("the file is empty"))
    raise LogError(
        N_("this is not a game log: expected Tenhou's mjlog XML (<mjloggm ...>) or tenhou.net/6 JSON ({...})")
    )


@dataclass(frozen=True)
class Comparison:
    """Our engine's score of a win next to the recorded one."""

    han: int | None
    fu: int | None
    points: int | None
    """The hand's value before honba and sticks, as the log states it (all payments of a tsumo)."""
    yaku: tuple[tuple[str, int], ...]
    error: str | None
    """The engine's refusal (code: message), when it refused the request."""
    differences: tuple[str, ...]
    """Empty when we agree with the log; each is :class:`~tutor.messages.catalogues.Said` text."""


def _yaku_said(yaku: set[tuple[str, int]]) -> Joined | str:
    """Yaku and their han by name in the reader's language (``Pinfu 1, Riichi 1``), ``-`` for none."""
    from tutor.engine.messages import sayable

    if not yaku:
        return "-"
    return Joined(", ", [Joined(" ", [sayable(f"yaku.{name}.name"), str(han)]) for name, han in sorted(yaku)])


def compare(win: Win) -> Comparison:
    """Score ``win.request`` with our engine and compare with ``win.recorded``.

    Han, points and the yaku list are compared; fu only below mangan and outside yakuman, where
    it can change the points (the log and we may pick different readings of a limit hand).
    """
    from tutor.engine.api import score_request

    response = score_request({**win.request, "honba": 0, "riichi_sticks": 0})
    if "error" in response:
        problem = f"{response['error']['code']}: {response['error']['message']}"
        return Comparison(
            None, None, None, (), problem, (said(N_("our engine refuses the hand ({problem})"), problem=problem),)
        )
    points = response["total"]  # with no honba and no riichi sticks: the hand's own value
    yaku = tuple((y["id"], y["han"]) for y in response["yaku"])
    recorded = win.recorded
    differences: list[str] = []
    if response["han"] != recorded.han:
        differences.append(said(N_("han: ours {ours}, the log's {logged}"), ours=response["han"], logged=recorded.han))
    if recorded.fu is not None and not response["yakuman"] and response["han"] < 5 and response["fu"] != recorded.fu:
        differences.append(said(N_("fu: ours {ours}, the log's {logged}"), ours=response["fu"], logged=recorded.fu))
    if points != recorded.points:
        differences.append(said(N_("points: ours {ours}, the log's {logged}"), ours=points, logged=recorded.points))
    if sorted(yaku) != sorted(recorded.yaku):
        ours, theirs = _yaku_said(set(yaku) - set(recorded.yaku)), _yaku_said(set(recorded.yaku) - set(yaku))
        differences.append(said(N_("yaku: only ours {ours}; only the log's {logged}"), ours=ours, logged=theirs))
    differences += win.notes
    return Comparison(response["han"], response["fu"], points, yaku, None, tuple(differences))
