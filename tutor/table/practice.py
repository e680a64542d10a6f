"""A game at the table as "practise my games" material: its hands entered with tiles become wins of a
:class:`~tutor.gamelog.GameLog`, which :func:`tutor.practice.mygames.store_log` keeps like an imported log's.

The replay (:func:`tutor.table.replay`) fills each entered hand's engine request with what the game says (seat
and round wind, tsumo, riichi, honba, sticks, discarder, pao, the game's rules): that request is the win asked.
A win given only as han and fu has no tiles, so there is nothing to ask of its hand: it is left out, and
:func:`practice_log` returns the numbers of the hands left out so that the page can say so. No Flask here.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from tutor.engine.api import score_request
from tutor.gamelog import GameLog, Win
from tutor.gamelog.model import HandScores, Recorded, Source
from tutor.messages.catalogues import N_, Problem
from tutor.practice import mygames
from tutor.table.game import WINDS, GameState, replay
from tutor.table.records import PLAYERS, DoubleRon, Entered, HandRecord, Settings
from tutor.table.records import Win as TableWin
from tutor.table.store import TableGame

ROUND_INDEX = {wind: index * 4 for index, wind in enumerate(WINDS)}


@dataclass(frozen=True)
class PracticeLog:
    log: GameLog
    left_out: tuple[int, ...]
    """The numbers (1, 2, ...) of the wins given only as han and fu: they have no tiles to ask."""


def _wins(record: HandRecord) -> tuple[TableWin, ...]:
    result = record.result
    if isinstance(result, DoubleRon):
        return (result.first, result.second)
    return (result,) if isinstance(result, TableWin) else ()


def practisable(state: GameState) -> tuple[int, tuple[int, ...]]:
    """How many wins of a replayed game can be practised, and the numbers of the hands left out (a win given
    as han and fu), without scoring anything again: what the table page shows on every request."""
    count, left_out = 0, set()
    for played in state.played:
        requests = dict(played.requests)
        for win in _wins(played.record):
            if isinstance(win.score, Entered) and win.winner in requests:
                count += 1
            else:
                left_out.add(played.number)
    return count, tuple(sorted(left_out))


def practice_log(settings: Settings, hands: tuple[HandRecord, ...], title: str) -> PracticeLog:
    """The table game as a log whose wins are its hands entered with tiles (players 0-3 are the log's seats)."""
    state: GameState = replay(settings, hands)
    wins: list[Win] = []
    left_out: list[int] = []
    scores: list[HandScores] = []
    for played in state.played:
        round_index = ROUND_INDEX[played.round] + played.hand - 1
        requests = dict(played.requests)
        for win in _wins(played.record):
            if not isinstance(win.score, Entered) or win.winner not in requests:
                left_out.append(played.number)
                continue
            request = dict(requests[win.winner])
            response = score_request({**request, "honba": 0, "riichi_sticks": 0})
            recorded = Recorded(
                response["han"],
                response["fu"],
                tuple((y["id"], y["han"]) for y in response["yaku"]),
                response["total"],
                "",
                response["yakuman"],
            )
            taken = win.winner if win.discarder is None else win.discarder
            source = Source(
                title,
                str(played.title),
                win.winner,
                settings.players[win.winner],
                played.number,
                round_index,
                played.honba,
                taken,
            )
            wins.append(Win(request, recorded, source, ()))
        scores.append(HandScores(played.number, round_index, played.honba, bool(_wins(played.record)), played.scores))
    log = GameLog(
        "table",
        tuple(settings.players),
        {},
        tuple(wins),
        len(state.played),
        sum(1 for played in state.played if not _wins(played.record)),
        tuple(scores),
        (settings.start,) * PLAYERS,
    )
    return PracticeLog(log, tuple(sorted(set(left_out))))


NOTHING_TO_PRACTISE = N_(
    "None of this game's wins was entered with its tiles, so there is no hand to practise: a win given as"
    " han and fu has no tiles to ask."
)


def to_practice(db: Database, user_id: int, game: TableGame, guest: bool) -> tuple[mygames.Game, tuple[int, ...]]:
    """Keep the game's hands entered with tiles as ``user_id``'s own "practise my games" game (anyone with
    the share link may: each player practises into their own progress), and say which hands were left out.
    A :class:`Problem` when there is no such hand, or the account keeps too many games."""
    found = practice_log(game.settings, game.hands, " · ".join(game.settings.players))
    if not found.log.wins:
        raise Problem(NOTHING_TO_PRACTISE)
    checked = [(win, mygames.refusal(win.request)) for win in found.log.wins]
    title = " · ".join(game.settings.players)
    return mygames.store_log(db, user_id, found.log, checked, title, guest), found.left_out
