"""The game at the table, replayed from its hands: the one owner of its rules (docs/table.md).

:func:`replay` takes the settings and the hands played and works out everything else: each hand's
payments with their reasons, the scores, the round, the dealer, honba and riichi sticks, and whether
the game is over and why. Nothing is stored but the list, so editing or removing a hand is replaying
the changed list.

A ron, then a dealer's tsumo:

>>> settings = Settings.make(("Ann", "Bo", "Cy", "Di"))
>>> game = replay(settings, [HandRecord(Win(1, Quick(3, 30), discarder=2))])
>>> game.scores, game.round_name.text("en"), game.dealer
((25000, 28900, 21100, 25000), 'East 2', 1)
>>> for change in game.played[0].changes:
...     print(f"{change.points:+,}", change.reason)
+3,900 Bo (South) wins 3 han 30 fu by ron from Cy (West)
-3,900 Cy (West) deals in to Bo (South): 3 han 30 fu
>>> game = replay(settings, [*game.hands, HandRecord(Win(1, Quick(2, 30)))])
>>> game.scores, game.title.text("zh"), game.honba
((24000, 31900, 20100, 24000), '东2局1本场', 1)

A refused hand is a :class:`~tutor.messages.catalogues.Problem` naming the hand and what is wrong:

>>> replay(settings, [HandRecord(Win(1, Quick(1, 20), discarder=2))])
Traceback (most recent call last):
...
tutor.messages.catalogues.Problem: hand 1 (East 1): no hand is worth 1 han 20 fu on a ron
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.engine import standings as ranking
from tutor.engine.api import evaluate
from tutor.engine.pao import PAO_YAKU, Settlement, settle, settle_base
from tutor.engine.points import LIMITS, base_points, payment, possible_cell
from tutor.engine.score import ScoreResult
from tutor.engine.situation import round_title
from tutor.messages.catalogues import N_, Problem, Sayable, Sentence
from tutor.table.records import (
    ABORTIVE,
    FU,
    MAX_YAKUMAN,
    PLAYERS,
    DoubleRon,
    Draw,
    Entered,
    HandRecord,
    Quick,
    Settings,
    Win,
)

WINDS = ("E", "S", "W", "N")
RIICHI = 1000
TENPAI_POOL = 3000
"""Points the noten players pay the tenpai players at an exhaustive draw (RULES.md §9.1)."""
NAGASHI_BASE = 2000
"""Nagashi mangan is paid as a mangan tsumo (RULES.md §9.3)."""

SEATED = {
    "E": N_("{name} (East)"),
    "S": N_("{name} (South)"),
    "W": N_("{name} (West)"),
    "N": N_("{name} (North)"),
}
LIMIT_NAMES = {
    "mangan": N_("mangan"),
    "haneman": N_("haneman"),
    "baiman": N_("baiman"),
    "sanbaiman": N_("sanbaiman"),
}
OWNED = frozenset(("seat_wind", "round_wind", "tsumo", "riichi", "honba", "riichi_sticks", "discarder", "pao"))
"""The fields of an entered hand's score request that the table fills in."""


@dataclass(frozen=True)
class Change:
    """One reason a player's score moved in a hand."""

    player: int
    points: int
    """Gained (positive) or paid (negative)."""
    reason: Sentence


@dataclass(frozen=True)
class Played:
    """One hand as the replay settled it."""

    number: int
    """1 for the first hand of the game."""
    round: str
    """The round wind: E, S or W."""
    hand: int
    """1 to 4: East 1 … East 4."""
    honba: int
    dealer: int
    """The dealer's player number."""
    record: HandRecord
    changes: tuple[Change, ...]
    """Every payment, riichi stick and tenpai payment of the hand, each with its reason."""
    scores: tuple[int, ...]
    """The four scores after the hand."""
    sticks: int
    """Riichi sticks on the table after the hand."""
    notes: tuple[Sentence, ...] = ()
    """What the hand started: the extension."""
    scored: tuple[tuple[int, ScoreResult], ...] = ()
    """The engine's result of each win entered with its tiles, by winner: its breakdown, for the table page."""
    requests: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    """The whole engine request each entered win was scored from (the game's fields filled in), by winner:
    what practice asks (:mod:`tutor.table.practice`)."""

    @property
    def title(self) -> Sentence:
        """``East 1``, or ``East 1, 2 honba``."""
        return round_title(self.round, self.hand, self.honba)

    @property
    def deltas(self) -> tuple[int, ...]:
        """Each player's points gained (or lost) in the hand, all reasons together."""
        return tuple(sum(c.points for c in self.changes if c.player == player) for player in range(PLAYERS))


@dataclass(frozen=True)
class GameState:
    """The game after the hands played: the next hand to play, or how the game ended."""

    settings: Settings
    hands: tuple[HandRecord, ...]
    played: tuple[Played, ...]
    scores: tuple[int, ...]
    round: str
    """The round wind of the next hand (or of the last one, once the game is over)."""
    hand: int
    honba: int
    sticks: int
    """Riichi sticks on the table."""
    over: bool = False
    ending: Sentence | None = None
    """Why the game is over."""
    ended_by: str | None = None
    """``last`` (the last hand is done), ``agari_yame``, ``tenpai_yame``, ``tobi``, ``extension_target`` or
    ``extension_end``."""

    @property
    def dealer(self) -> int:
        return self.hand - 1

    def seat(self, player: int) -> str:
        """A player's seat wind in the next hand: E S W N."""
        return WINDS[(player - self.dealer) % PLAYERS]

    @property
    def round_name(self) -> Sentence:
        return round_title(self.round, self.hand, 0)

    @property
    def title(self) -> Sentence:
        return round_title(self.round, self.hand, self.honba)

    def standings(self) -> ranking.Standings:
        """The final standings (or, before the end, the standings as they would be): rank, uma and oka,
        the riichi sticks on the table to first place (``tutor.engine.standings``).

        >>> settings = Settings.make(("Ann", "Bo", "Cy", "Di"))
        >>> game = replay(settings, [HandRecord(Draw(tenpai=(1,)), riichi=(2,))])
        >>> game.scores, game.sticks
        ((24000, 28000, 23000, 24000), 1)
        >>> [(row.seat, row.points, ranking.shown(row.final)) for row in game.standings().rows]
        [('S', 29000, '+39.0'), ('E', 24000, '+4.0'), ('N', 24000, '-16.0'), ('W', 23000, '-27.0')]
        """
        return ranking.standings(self.scores, self.sticks, self.settings.standing)


def replay(settings: Settings, hands: Sequence[HandRecord]) -> GameState:
    """Play ``hands`` in order from the start of the game; a hand that cannot be is refused with a
    :class:`~tutor.messages.catalogues.Problem` naming it."""
    state = GameState(settings, (), (), (settings.start,) * PLAYERS, "E", 1, 0, 0)
    for number, record in enumerate(hands, start=1):
        try:
            state = _play(state, number, record)
        except Problem as problem:
            raise Problem(
                N_("hand {number} ({round}): {problem}"), number=number, round=state.title, problem=problem.said
            ) from None
    return state


class _Hand:
    """The hand being settled: its seats, and the changes so far."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.names = state.settings.players
        self.dealer = state.dealer
        self.changes: list[Change] = []
        self.scored: list[tuple[int, ScoreResult]] = []
        self.requests: list[tuple[int, Mapping[str, Any]]] = []

    def wind(self, player: int) -> str:
        return WINDS[(player - self.dealer) % PLAYERS]

    def player_at(self, wind: str) -> int:
        return (self.dealer + WINDS.index(wind)) % PLAYERS

    def who(self, player: int) -> Sentence:
        """``Ann (East)``: the player's name and seat wind in this hand."""
        return Sentence(SEATED[self.wind(player)], name=self.names[player])

    def move(self, at: int, points: int, reason: str, /, **params: Any) -> None:
        """``at`` gains ``points`` (or pays, when negative) for ``reason``; nothing is noted for 0."""
        if points:
            self.changes.append(Change(at, points, Sentence(reason, **params)))


def _check_player(value: object, what: Sentence) -> int:
    if type(value) is not int or not 0 <= value < PLAYERS:
        raise Problem(
            N_("{what} must be a player, 0 to 3 (0 is East of the first hand), not {value}"), what=what, value=value
        )
    return value


def _players(values: object, what: Sentence) -> tuple[int, ...]:
    if not isinstance(values, tuple | list):
        raise Problem(N_("{what} must be a list of players"), what=what)
    players = tuple(_check_player(value, what) for value in values)
    if len(set(players)) != len(players):
        raise Problem(N_("{what} names the same player twice"), what=what)
    return players


def _play(state: GameState, number: int, record: HandRecord) -> GameState:
    if state.over:
        raise Problem(N_("the game is already over, so no hand can follow: {ending}"), ending=state.ending)
    if not isinstance(record, HandRecord):
        raise Problem(N_("each hand is a hand record: riichi declarations, then a win, a double ron or a draw"))
    hand = _Hand(state)
    scores = list(state.scores)
    riichi = _players(record.riichi, Sentence(N_("the riichi list")))
    for player in riichi:
        if scores[player] < RIICHI:
            raise Problem(
                N_("{player} has {points} points and cannot declare riichi: riichi needs at least 1,000"),
                player=hand.who(player),
                points=ranking.grouped(scores[player]),
            )
        hand.move(
            player,
            -RIICHI,
            N_("{player} declares riichi and puts a 1,000-point stick on the table"),
            player=hand.who(player),
        )
    sticks = state.sticks + len(riichi)
    notes: list[Sentence] = []
    result = record.result
    if isinstance(result, Win | DoubleRon):
        wins = (result,) if isinstance(result, Win) else (result.first, result.second)
        winners = _settle_wins(hand, wins, riichi, sticks)
        sticks = 0
        repeat = hand.dealer in winners
        kind = "win"
    elif isinstance(result, Draw):
        repeat = _settle_draw(hand, result, riichi)
        kind = "abortive" if result.abortive else "draw"
        if result.abortive:
            notes.append(
                Sentence(
                    N_(
                        "Abortive draw, {kind}: no payments; the dealer repeats and the riichi sticks stay on the table."
                    ),
                    kind=Sentence(ABORTIVE[result.abortive]),
                )
            )
    else:
        raise Problem(N_("a hand ends in a win, a double ron or a draw"))
    for change in hand.changes:
        scores[change.player] += change.points
    played = Played(
        number,
        state.round,
        state.hand,
        state.honba,
        hand.dealer,
        record,
        tuple(hand.changes),
        tuple(scores),
        sticks,
        tuple(notes),
        tuple(hand.scored),
        tuple(hand.requests),
    )
    return _next(state, played, repeat, kind)


def _settle_wins(hand: _Hand, wins: tuple[Win, ...], riichi: tuple[int, ...], sticks: int) -> tuple[int, ...]:
    """Pay each win; the honba and the sticks go to the winner nearest the discarder's right (RULES.md §9.5)."""
    for win in wins:
        if not isinstance(win, Win):
            raise Problem(N_("a double ron is two wins"))
        _check_player(win.winner, Sentence(N_("the winner")))
        if win.discarder is not None:
            _check_player(win.discarder, Sentence(N_("the discarder")))
            if win.discarder == win.winner:
                raise Problem(N_("{player} cannot win by ron on their own discard"), player=hand.who(win.winner))
        if win.pao is not None:
            _check_player(win.pao, Sentence(N_("the responsible player (pao)")))
            if win.pao == win.winner:
                raise Problem(
                    N_(
                        "{player} cannot be responsible (pao) for their own win: pao falls on the player whose discard was called"
                    ),
                    player=hand.who(win.winner),
                )
    first = wins[0]
    if len(wins) == 2:
        second = wins[1]
        if first.discarder is None or second.discarder is None:
            raise Problem(N_("a double ron is two wins by ron, not by tsumo"))
        if first.discarder != second.discarder:
            raise Problem(N_("the two wins of a double ron are off the same discard, so by the same discarder"))
        if first.winner == second.winner:
            raise Problem(N_("a double ron has two different winners"))
        if first.winner == second.discarder or second.winner == first.discarder:
            raise Problem(N_("the discarder of a double ron cannot also be one of its winners"))
        discarder = first.discarder
        nearest = min(wins, key=lambda win: (win.winner - discarder) % PLAYERS)
    else:
        nearest = first
    for win in wins:
        honba = hand.state.honba if win is nearest else 0
        taken = sticks if win is nearest else 0
        _settle_win(hand, win, riichi, honba, taken)
    return tuple(win.winner for win in wins)


def _settle_win(hand: _Hand, win: Win, riichi: tuple[int, ...], honba: int, sticks: int) -> None:
    """Score one win and pay it: a quick one from its han and fu, an entered one by the engine, in its seat."""
    rules = hand.state.settings.rules
    score = win.score
    if isinstance(score, Quick):
        han, fu, units = _quick(score, win.tsumo)
        if win.pao is not None and not units:
            raise Problem(N_("pao is only for a daisangen or daisuushii, which are yakuman: give the yakuman"))
        base, limit = base_points(han, fu, units, rules)
        settlement = settle_base(
            hand.wind(win.winner),
            base,
            tsumo=win.tsumo,
            honba=honba,
            riichi_sticks=sticks,
            discarder=None if win.discarder is None else hand.wind(win.discarder),
            pao=None if win.pao is None else hand.wind(win.pao),
            pao_base=base,  # the whole hand, as the table's rules (Tenhou's) have it
            rules=rules,
        )
    elif isinstance(score, Entered):
        result = _scored(hand, win, riichi, score, honba, sticks)
        hand.scored.append((win.winner, result))
        best = result.best
        assert best is not None  # evaluate refuses a hand without yaku
        han, fu, units, limit = best.han, best.fu, best.yakuman, best.limit
        settlement = settle(result)
    else:
        raise Problem(N_("a win's score is han and fu, or a hand entered with its tiles"))
    _pay(hand, settlement, win, _said(han, fu, units, limit), honba)


def _pay(hand: _Hand, settlement: Settlement, win: Win, value: Sentence, honba: int) -> None:
    winner = hand.who(win.winner)
    own = sum(share.hand for share in settlement.shares)
    if win.tsumo:
        hand.move(win.winner, own, N_("{winner} wins {value} by tsumo"), winner=winner, value=value)
    else:
        assert win.discarder is not None
        hand.move(
            win.winner,
            own,
            N_("{winner} wins {value} by ron from {payer}"),
            winner=winner,
            value=value,
            payer=hand.who(win.discarder),
        )
    roles = {
        "discarder": N_("{payer} deals in to {winner}: {value}"),
        "non_dealer": N_("{payer} pays for {winner}'s tsumo: {value}"),
        "dealer": N_("{payer} pays for {winner}'s tsumo: {value}"),
        "responsible": (
            N_("{payer} is responsible (pao) and pays all of {winner}'s tsumo: {value}")
            if win.tsumo
            else N_("{payer} is responsible (pao) and pays half of {winner}'s ron: {value}")
        ),
        "discarder_responsible": N_("{payer} is responsible (pao) and deals in to {winner}: pays all of {value}"),
    }
    if settlement.pao is not None:
        roles["discarder"] = N_("{payer} deals in to {winner} and pays the other half of {value} (pao)")
    for share in settlement.shares:
        payer = hand.player_at(share.seat)
        if share.role != "nothing":
            hand.move(payer, -share.hand, roles[share.role], payer=hand.who(payer), winner=winner, value=value)
    for share in settlement.shares:
        payer = hand.player_at(share.seat)
        hand.move(
            payer,
            -share.honba,
            N_("{payer} pays {winner} for {count} honba"),
            payer=hand.who(payer),
            winner=winner,
            count=honba,
        )
    collected = sum(share.honba for share in settlement.shares)
    hand.move(win.winner, collected, N_("{winner} collects {count} honba"), winner=winner, count=honba)
    hand.move(
        win.winner,
        settlement.riichi_sticks,
        N_("{winner} takes the riichi sticks on the table ({count})"),
        winner=winner,
        count=settlement.riichi_sticks // RIICHI,
    )


def _quick(score: Quick, tsumo: bool) -> tuple[int, int, int]:
    han, fu, units = score.han, score.fu, score.yakuman
    for value in (han, fu, units):
        if type(value) is not int or value < 0:
            raise Problem(N_("han, fu and yakuman are whole numbers, 0 or more, not {value!r}"), value=value)
    if units:
        if units > MAX_YAKUMAN:
            raise Problem(N_("a hand holds at most {most} yakuman, not {count}"), most=MAX_YAKUMAN, count=units)
        return 0, 0, units
    if not han:
        raise Problem(N_("a win needs at least 1 han (or a yakuman)"))
    if han >= 5 and fu == 0:
        return han, 0, 0
    if fu not in FU:
        raise Problem(N_("fu are 20, 25 or a multiple of 10 from 30 to 110, not {fu}"), fu=fu)
    if not possible_cell(han, fu, tsumo):
        how = Sentence(N_("tsumo") if tsumo else N_("ron"))
        raise Problem(N_("no hand is worth {han} han {fu} fu on a {how}"), han=han, fu=fu, how=how)
    return han, fu, 0


def _scored(hand: _Hand, win: Win, riichi: tuple[int, ...], score: Entered, honba: int, sticks: int) -> ScoreResult:
    """Score an entered hand with what the game says: seat and round wind, tsumo or ron, riichi, the honba
    and sticks this winner takes, the discarder and the responsible player, the game's rules."""
    if not isinstance(score.request, Mapping):
        raise Problem(N_("an entered hand is a score request: its tiles, melds, dora and flags"))
    request = dict(score.request)
    owned = sorted(OWNED.intersection(request))
    if owned:
        raise Problem(
            N_("the table fills in {fields} from the game: leave them out of the entered hand"),
            fields=", ".join(owned),
        )
    if "rules" in request:
        raise Problem(N_("an entered hand is scored by the game's rules: leave 'rules' out"))
    if request.get("double_riichi") is True and win.winner not in riichi:
        raise Problem(
            N_("{player} did not declare riichi in this hand, so cannot win with double riichi"),
            player=hand.who(win.winner),
        )
    state = hand.state
    request.update(
        seat_wind=hand.wind(win.winner),
        round_wind=state.round,
        tsumo=win.tsumo,
        riichi=win.winner in riichi,
        honba=honba,
        riichi_sticks=sticks,
        rules={"preset": state.settings.rules.name, **state.settings.rules.changes()},
    )
    if win.discarder is not None:
        request["discarder"] = hand.wind(win.discarder)
    if win.pao is not None:
        request["pao"] = hand.wind(win.pao)
    result = evaluate(request)  # a HandError is a Problem: not a winning hand, no yaku, pao that cannot be
    hand.requests.append((win.winner, request))
    return result


def _said(han: int, fu: int, units: int, limit: str | None) -> Sentence:
    """A win's value as players say it: ``3 han 30 fu``, ``4 han 40 fu, mangan``, ``6 han, haneman``, ``yakuman``."""
    if units:
        return Sentence(N_("yakuman")) if units == 1 else Sentence(N_("{count}× yakuman"), count=units)
    if limit == "kazoe_yakuman":
        return Sentence(N_("{han} han, counted yakuman"), han=han)
    if limit is None:
        return Sentence(N_("{han} han {fu} fu"), han=han, fu=fu)
    name = Sentence(LIMIT_NAMES[limit])
    if han < 5:
        return Sentence(N_("{han} han {fu} fu, {limit}"), han=han, fu=fu, limit=name)
    return Sentence(N_("{han} han, {limit}"), han=han, limit=name)


assert set(LIMIT_NAMES) | {"yakuman", "kazoe_yakuman"} == set(LIMITS)
assert set(PAO_YAKU) == {"daisangen", "daisuushii"}


def _settle_draw(hand: _Hand, draw: Draw, riichi: tuple[int, ...]) -> bool:
    """Pay an exhaustive draw (tenpai payments, or nagashi mangan instead); whether the dealer repeats."""
    tenpai = _players(draw.tenpai, Sentence(N_("the tenpai list")))
    nagashi = _players(draw.nagashi, Sentence(N_("the nagashi mangan list")))
    if draw.abortive is not None:
        if draw.abortive not in ABORTIVE:
            raise Problem(
                N_("unknown abortive draw {kind!r}: choose one of {known}"),
                kind=draw.abortive,
                known=", ".join(ABORTIVE),
            )
        if tenpai or nagashi:
            raise Problem(N_("an abortive draw has no tenpai payments and no nagashi mangan: leave both lists empty"))
        if draw.abortive == "suucha_riichi" and len(riichi) != PLAYERS:
            raise Problem(N_("four riichi (suucha riichi) needs all four players in the riichi list"))
        return True  # RULES.md §9.2: a dealer repeat with honba +1, no payments, sticks stay
    if nagashi:
        for achiever in nagashi:
            dealer = achiever == hand.dealer
            pay = payment(NAGASHI_BASE, dealer=dealer, tsumo=True)
            got = 0
            for payer in range(PLAYERS):
                if payer == achiever:
                    continue
                owed = (
                    pay.tsumo_dealer if payer == hand.dealer and pay.tsumo_dealer is not None else pay.tsumo_non_dealer
                ) or 0
                got += owed
                hand.move(
                    payer,
                    -owed,
                    N_("{payer} pays for {player}'s nagashi mangan"),
                    payer=hand.who(payer),
                    player=hand.who(achiever),
                )
            hand.move(
                achiever, got, N_("{player} makes nagashi mangan, paid as a mangan tsumo"), player=hand.who(achiever)
            )
    elif 0 < len(tenpai) < PLAYERS:
        gain, loss = TENPAI_POOL // len(tenpai), TENPAI_POOL // (PLAYERS - len(tenpai))
        for player in range(PLAYERS):
            if player in tenpai:
                hand.move(player, gain, N_("{player} is tenpai at the exhaustive draw"), player=hand.who(player))
            else:
                hand.move(player, -loss, N_("{player} is noten at the exhaustive draw"), player=hand.who(player))
    return hand.dealer in tenpai


def _next(state: GameState, played: Played, repeat: bool, kind: str) -> GameState:
    """The state after a hand: the next hand, or the end of the game (RULES.md §9.4, §9.7)."""
    settings = state.settings
    rounds = 1 if settings.length == "east" else 2
    at = WINDS.index(state.round)
    extension = at >= rounds
    all_last = at == rounds - 1 and state.hand == PLAYERS
    dealer = state.dealer
    names = settings.players
    scores = played.scores
    honba = state.honba + 1 if repeat or kind != "win" else 0
    following = GameState(
        settings,
        (*state.hands, played.record),
        (*state.played, played),
        scores,
        state.round,
        state.hand,
        honba,
        played.sticks,
    )

    def end(why: str, ending: Sentence) -> GameState:
        # Once over, the state stays at the last hand played.
        return replace(following, honba=state.honba, over=True, ending=ending, ended_by=why)

    def who(player: int) -> Sentence:
        return Sentence(SEATED[WINDS[(player - dealer) % PLAYERS]], name=names[player])

    below = [player for player in range(PLAYERS) if scores[player] < 0]
    if settings.tobi and below:
        return end(
            "tobi",
            Sentence(N_("The game is over: {player} went below zero (tobi)."), player=_listed([who(p) for p in below])),
        )
    reached = max(scores) >= settings.target
    sole_top = all(scores[dealer] > scores[p] for p in range(PLAYERS) if p != dealer)
    round_name = round_title(state.round, state.hand, 0)
    if extension or all_last:
        if repeat and kind in ("win", "draw"):
            if settings.agari_yame and sole_top and scores[dealer] >= settings.target:
                why = "agari_yame" if kind == "win" else "tenpai_yame"
                sentence = (
                    N_(
                        "The game is over: the last dealer, {player}, won as sole first with at least {target} points (agari-yame)."
                    )
                    if kind == "win"
                    else N_(
                        "The game is over: the last dealer, {player}, was tenpai as sole first with at least {target} points (tenpai-yame)."
                    )
                )
                return end(why, Sentence(sentence, player=who(dealer), target=ranking.grouped(settings.target)))
            return following  # the dealer repeats
        if repeat:  # an abortive draw
            if extension and reached:
                return end("extension_target", _reached(scores, settings.target, who))
            return following
        if reached:
            if extension:
                return end("extension_target", _reached(scores, settings.target, who))
            return end("last", Sentence(N_("The game is over: the last hand, {round}, is done."), round=round_name))
        if extension and state.hand == PLAYERS:
            return end(
                "extension_end",
                Sentence(N_("The game is over: the extension ended with its last hand, {round}."), round=round_name),
            )
        if all_last:
            wind = WINDS[rounds]
            note = Sentence(
                N_(
                    "No one has {target} points after {round}: the game goes on into the {wind} round, until someone has {target} (sudden death)."
                ),
                target=ranking.grouped(settings.target),
                round=round_name,
                wind=Sentence(ranking.SEAT_NAMES[wind]),
            )
            played = replace(played, notes=(*played.notes, note))
            following = replace(following, played=(*state.played, played))
            return replace(following, round=wind, hand=1)
    if repeat:
        return following
    if state.hand == PLAYERS:
        return replace(following, round=WINDS[at + 1], hand=1)
    return replace(following, hand=state.hand + 1)


def _reached(scores: tuple[int, ...], target: int, who: Callable[[int], Sentence]) -> Sentence:
    top = max(range(PLAYERS), key=lambda p: (scores[p], -p))
    return Sentence(
        N_("The game is over: {player} has at least {target} points after a hand of the extension."),
        player=who(top),
        target=ranking.grouped(target),
    )


def _listed(parts: list[Sentence]) -> Sayable:
    if len(parts) == 1:
        return parts[0]
    first, *rest = parts
    said: Sayable = first
    for part in rest:
        said = Sentence(N_("{earlier} and {next}"), earlier=said, next=part)
    return said
