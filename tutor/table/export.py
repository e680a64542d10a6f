"""A table game as a tenhou.net/6 JSON log (the shape :mod:`tutor.gamelog.tenhou6` reads), as far as it can be
faithful.

A tenhou.net/6 hand is every seat's deal, draws and discards, and a reader works out the win's situation from
those turns. The table keeps no turns: a hand given as han and fu has no tiles at all, so it cannot be written
in this format; a hand entered with its tiles can, when a made-up deal and turns give exactly its situation.
This module writes those hands: a win (ron or tsumo, not a double ron) of a closed hand with no melds, one dora
indicator, no situational flag (ippatsu, haitei, rinshan …) and no riichi but the winner's. Every seat
draws and discards tiles that do not complete the winner's hand for a full go-round first (so no riichi is a
double riichi and no win a tenhou or chiihou), the winner's riichi discard is followed by one more of theirs
(so the win is not ippatsu), and then the win happens. Each hand keeps the game's own round, honba, sticks and
scores; every other hand is left out and named by :func:`export`.

>>> from tutor.table import Entered, HandRecord, Quick, Settings, Win
>>> settings = Settings.make(("Ann", "Bo", "Cy", "Di"))
>>> hands = [HandRecord(Win(1, Quick(3, 30), discarder=2)),
...          HandRecord(Win(0, Entered({"hand": "34m567p234678s55s2m", "win": "2m"}), discarder=3), riichi=(0,))]
>>> log, left_out = export(settings, hands)
>>> left_out
(1,)
>>> from tutor.gamelog.tenhou6 import read_tenhou6
>>> [(win.recorded.han, win.recorded.fu, win.recorded.points) for win in read_tenhou6(log).wins]
[(3, 30, 3900)]
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from tutor.engine.hand import HandError
from tutor.engine.points import payment
from tutor.engine.score import ScoreResult
from tutor.engine.tiles import Tile, dora_from_indicator, parse_tiles
from tutor.engine.waits import winning_tiles
from tutor.gamelog.tenhou6 import number_of
from tutor.gamelog.yakulist import TENHOU_YAKU
from tutor.table.game import WINDS, GameState, Played, replay
from tutor.table.records import Entered, HandRecord, Settings, Win

PLAIN_FIELDS = frozenset(("hand", "win", "dora_indicators", "ura_indicators"))
"""The fields of an entered hand that made-up turns reproduce exactly; any other field (a meld, a flag) may not."""
LIMIT_TEXT = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満"}
JAPANESE = {ours: name for ours, name in reversed(TENHOU_YAKU)}
"""Our yaku id to Tenhou's name (the first of the names for one id)."""
WIND_KANJI = dict(zip(WINDS, "東南西北", strict=True))


def export(settings: Settings, hands: Sequence[HandRecord]) -> tuple[str, tuple[int, ...]]:
    """The game as tenhou.net/6 JSON, and the numbers (1 for the first) of the hands it leaves out."""
    log, left_out = _written(replay(settings, hands))
    rules = settings.rules
    document = {
        "title": ["Riichi Tutor", "table game"],
        "name": list(settings.players),
        "rule": {
            "disp": "般南" + ("喰" if rules.open_tanyao else "") + ("赤" if rules.aka else ""),
            "aka": int(rules.aka),
        },
        "log": log,
    }
    return json.dumps(document, ensure_ascii=False), tuple(left_out)


def left_out(game: GameState) -> tuple[int, ...]:
    """The numbers of the hands an export of this (already replayed) game leaves out: what the page names."""
    return _written(game)[1]


def _written(game: GameState) -> tuple[list[list[Any]], tuple[int, ...]]:
    """Each hand that made-up turns can give exactly, in the log's 17 parts, and the numbers of the others."""
    log: list[list[Any]] = []
    left: list[int] = []
    scores = [game.settings.start] * 4
    sticks = 0
    for played in game.played:
        written = _hand(played, scores, sticks)
        if written is None:
            left.append(played.number)
        else:
            log.append(written)
        scores, sticks = list(played.scores), played.sticks
    return log, tuple(left)


def _hand(played: Played, scores: list[int], sticks: int) -> list[Any] | None:
    """One hand's 17 parts, or None when made-up turns could not give exactly its situation."""
    record = played.record
    win = record.result
    if not isinstance(win, Win) or not isinstance(win.score, Entered) or win.pao is not None:
        return None
    request = win.score.request
    if set(request) - PLAIN_FIELDS or set(record.riichi) - {win.winner} or len(played.scored) != 1:
        return None
    dora = list(request.get("dora_indicators", []))
    ura = list(request.get("ura_indicators", []))
    if len(dora) > 1 or len(ura) > 1 or (ura and win.winner not in record.riichi):
        return None
    try:
        concealed = list(parse_tiles(str(request["hand"])))
        winning = Tile(str(request["win"]))
        concealed.remove(next(t for t in concealed if str(t) == str(winning)))
        waits = {w.tile.index for w in winning_tiles(concealed)}
        indicators = [Tile(t) for t in dora]
        ura_tiles = [Tile(t) for t in ura]
    except (HandError, ValueError, StopIteration):
        return None
    result = played.scored[0][1]
    dealer = played.dealer
    used = Counter(t.index for t in [*concealed, winning, *indicators, *ura_tiles])
    if not indicators:
        # The format needs an indicator; one whose dora is not in the hand changes nothing.
        held = {t.index for t in [*concealed, winning]}
        spare = next(i for i in range(34) if dora_from_indicator(Tile.of(i)).index not in held and used[i] < 4)
        indicators = [Tile.of(spare)]
        used[spare] += 1
    fillers = _fillers(used, waits)
    if fillers is None:
        return None
    starts: list[list[Tile]] = [[] for _ in range(4)]
    starts[win.winner] = concealed
    for seat in range(4):
        if seat != win.winner:
            starts[seat] = [next(fillers) for _ in range(13)]
    takes: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    riichi = win.winner in record.riichi
    winner_turns = 0
    turn = 0
    while True:
        seat = (dealer + turn) % 4
        ready = turn >= 4 and (not riichi or winner_turns >= 3)
        if seat == win.winner and win.tsumo and ready:
            takes[seat].append(number_of(winning))
            break
        if win.discarder == seat and ready and winner_turns >= (3 if riichi else 1):
            takes[seat].append(number_of(winning))
            discards[seat].append(60)
            break
        takes[seat].append(number_of(next(fillers)))
        if seat == win.winner:
            winner_turns += 1
            discards[seat].append("r60" if riichi and winner_turns == 2 else 60)
        else:
            discards[seat].append(60)
        turn += 1
    seats: list[Any] = []
    for seat in range(4):
        seats += [[number_of(t) for t in starts[seat]], takes[seat], discards[seat]]
    detail = [win.winner, win.winner if win.tsumo else win.discarder, win.winner, _points(result, win, dealer)]
    detail += _yaku(result, WINDS[(win.winner - dealer) % 4])
    outcome = ["和了", list(played.deltas), detail]
    head = [(0 if played.round == "E" else 4 if played.round == "S" else 8) + played.hand - 1, played.honba, sticks]
    return [head, list(scores), [number_of(t) for t in indicators], [number_of(t) for t in ura_tiles], *seats, outcome]


FILLERS_NEEDED = 3 * 13 + 4 * 5
"""The other seats' deals and every draw before the win (at most five go-rounds)."""


def _fillers(used: Counter[int], waits: set[int]) -> Iterator[Tile] | None:
    """Tiles for the other seats and every draw: none completes the winner's hand, none is a red five; None
    when too few are left."""
    left = [Tile.of(i) for i in range(34) if i not in waits for _ in range(4 - used[i])]
    return iter(left) if len(left) >= FILLERS_NEEDED else None


def _points(result: ScoreResult, win: Win, dealer: int) -> str:
    """The points text, honba and sticks left out: ``30符2飜2000点``, ``満貫2000-4000点``, ``役満16000点∀``."""
    best = result.best
    assert best is not None
    paid = payment(best.base, win.winner == dealer, win.tsumo)
    if paid.ron is not None:
        value = f"{paid.ron}"
    elif win.winner == dealer:
        value = f"{paid.tsumo_non_dealer}"  # each player
    else:
        value = f"{paid.tsumo_non_dealer}-{paid.tsumo_dealer}"
    everyone = "∀" if win.tsumo and win.winner == dealer else ""
    if best.yakuman:
        said = "役満"
    elif best.limit:
        said = LIMIT_TEXT[best.limit]
    else:
        said = f"{best.fu}符{best.han}飜"
    return f"{said}{value}点{everyone}"


def _yaku(result: ScoreResult, seat: str) -> list[str]:
    best = result.best
    assert best is not None
    written = []
    for hit in best.yaku:
        name = JAPANESE.get(hit.id)
        if hit.id == "yakuhai_seat_wind":
            name = "自風" + WIND_KANJI[seat]
        elif hit.id == "yakuhai_round_wind":
            name = "場風" + WIND_KANJI[result.situation.round_wind]
        if name is None:
            continue
        written.append(
            f"{name}({'ダブル役満' if hit.yakuman > 1 else '役満'})" if hit.yakuman else f"{name}({hit.han}飜)"
        )
    return written
