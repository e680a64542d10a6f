"""What the table keeps: the game's settings and one record per hand played (docs/table.md).

Players are numbered 0 to 3 in the seats of the first hand: player 0 is the first dealer (East of
East 1), player 1 sits on their right (South), and so on. A player keeps their number for the whole
game while the seat winds move round; every record names players by number.

>>> settings = Settings.make(("Ann", "Bo", "Cy", "Di"))
>>> settings.start, settings.target, settings.length
(25000, 30000, 'hanchan')
>>> Settings.make(("Ann", "Bo", "Cy", "Ann"))
Traceback (most recent call last):
...
tutor.messages.catalogues.Problem: two players are called 'Ann': give each player a name of their own
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from tutor.engine import standings as ranking
from tutor.engine.rules import TENHOU, RuleSet
from tutor.messages.catalogues import N_, Problem

PLAYERS = 4
MAX_NAME = 24
"""The longest player name, in characters."""
LENGTHS = ("east", "hanchan")
ABORTIVE = {
    "kyuushu_kyuuhai": N_("nine terminals (kyuushu kyuuhai)"),
    "suufon_renda": N_("four winds (suufon renda)"),
    "suukaikan": N_("four kans (suukaikan)"),
    "suucha_riichi": N_("four riichi (suucha riichi)"),
    "sanchahou": N_("triple ron (sanchahou)"),
}
"""The abortive draws of the Tenhou rules (RULES.md §9.2), by id, with their names."""
FU = (20, 25, *range(30, 120, 10))
"""Every fu count a hand can be worth."""
MAX_YAKUMAN = 6
"""The most yakuman units one hand is entered with (different yakuman add up)."""


@dataclass(frozen=True)
class Settings:
    """How the game is played: made once, before the first hand, by :meth:`make`."""

    players: tuple[str, str, str, str]
    """The four names, in the seats of the first hand (player 0 is the first dealer)."""
    length: Literal["east", "hanchan"] = "hanchan"
    """``east``: the East round only (tonpuusen); ``hanchan``: East and South."""
    standing: ranking.StandingRules = ranking.TENHOU
    """Starting points, return, uma and oka: how the end scores become final points."""
    rules: RuleSet = TENHOU
    """The scoring rules (red fives, kuitan, kiriage, double yakuman) for hands entered with their tiles."""
    tobi: bool = True
    """A player below zero ends the game (RULES.md §9.7)."""
    agari_yame: bool = True
    """The last dealer who wins (or is tenpai) as sole first with the target ends the game (RULES.md §9.7)."""

    @property
    def start(self) -> int:
        """The points each player starts with."""
        return self.standing.start

    @property
    def target(self) -> int:
        """The points that end the game at its last hand or in the extension: the return (30,000 on Tenhou)."""
        return self.standing.kaeshi

    @classmethod
    def make(
        cls,
        players: tuple[str, ...] | list[str],
        *,
        length: str = "hanchan",
        start: int = 25_000,
        kaeshi: int = 30_000,
        uma: tuple[int, int] = (20, 10),
        red_fives: bool = True,
        kuitan: bool = True,
        kiriage: bool = False,
        double_yakuman: bool = False,
        tobi: bool = True,
        agari_yame: bool = True,
    ) -> Settings:
        """Settings from loose choices (Tenhou's by default), each checked: a :class:`Problem` names the first
        one that cannot be.

        >>> Settings.make(["Ann", "Bo", "Cy", "Di"], start=30_000, uma=(8, 4)).standing.oka
        0
        """
        names = tuple(name.strip() if isinstance(name, str) else name for name in players)
        if len(names) != PLAYERS:
            raise Problem(N_("a game has four players, not {count}"), count=len(names))
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or not name:
                raise Problem(N_("every player needs a name"))
            if len(name) > MAX_NAME:
                raise Problem(N_("the name {name!r} is longer than {most} characters"), name=name, most=MAX_NAME)
            if name.casefold() in seen:
                raise Problem(N_("two players are called {name!r}: give each player a name of their own"), name=name)
            seen.add(name.casefold())
        if length not in LENGTHS:
            raise Problem(
                N_("the game is 'east' (East round only) or 'hanchan' (East and South), not {length!r}"), length=length
            )
        for value in (start, kaeshi):
            if isinstance(value, bool) or not isinstance(value, int) or value % 100 or not 1000 <= value <= 1_000_000:
                raise Problem(
                    N_("starting points and the return are whole hundreds from 1,000 to 1,000,000, not {value!r}"),
                    value=value,
                )
        if kaeshi < start:
            raise Problem(
                N_("the return ({kaeshi}) cannot be below the starting points ({start})"),
                kaeshi=ranking.grouped(kaeshi),
                start=ranking.grouped(start),
            )
        big, small = uma
        if not all(type(n) is int for n in uma) or not 0 <= small <= big <= 100:
            raise Problem(N_("uma X-Y needs whole numbers with 0 ≤ Y ≤ X ≤ 100, not {uma}"), uma=f"{big}-{small}")
        for flag in (red_fives, kuitan, kiriage, double_yakuman, tobi, agari_yame):
            if not isinstance(flag, bool):
                raise Problem(N_("a rule is on or off (true or false), not {value!r}"), value=flag)
        standing = next(
            (
                known
                for known in ranking.RULE_SETS.values()
                if (known.start, known.kaeshi, known.uma) == (start, kaeshi, uma)
            ),
            None,
        ) or replace(
            ranking.TENHOU,
            id="table",
            name=N_("This table's starting points, return and uma, rounded to the thousand"),
            start=start,
            kaeshi=kaeshi,
            uma=(big, small),
            source=N_("Chosen by the players for this game."),
        )
        rules = TENHOU._replace(aka=red_fives, open_tanyao=kuitan, kiriage=kiriage, double_yakuman=double_yakuman)
        seated = (names[0], names[1], names[2], names[3])
        return cls(seated, "east" if length == "east" else "hanchan", standing, rules, tobi, agari_yame)


@dataclass(frozen=True)
class Quick:
    """A win's value as a player who only wants the score gives it: han and fu, or yakuman units.

    ``Quick(3, 30)`` is 3 han 30 fu; ``Quick(yakuman=1)`` a yakuman. From 5 han the fu do not count and
    may be left at 0.
    """

    han: int = 0
    fu: int = 0
    yakuman: int = 0
    """Yakuman units (0 for an ordinary hand): 2 for two yakuman, or for a double yakuman where the rules pay it."""


@dataclass(frozen=True)
class Entered:
    """A win entered with its tiles: an engine score request (``tutor.engine.api``) without the fields the
    table owns (seat and round wind, tsumo, riichi, honba, sticks, discarder, pao), which the replay fills
    in from the game, so that the hand is scored again whenever an earlier hand changes."""

    request: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Win:
    """One player's win."""

    winner: int
    score: Quick | Entered
    discarder: int | None = None
    """Who dealt in, for a ron; ``None`` for a tsumo."""
    pao: int | None = None
    """The player responsible (pao) for a daisangen or daisuushii, whose discard completed it (RULES.md §9.6)."""

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True)
class DoubleRon:
    """Two players win off the same discard (RULES.md §9.5); list them in any order.

    The discarder pays each winner in full; the honba and the riichi sticks go to the winner first in turn
    order from the discarder. Here Cy (2) deals in to Ann (0, the dealer: 2 han 30 fu, 2,900) and to Di (3:
    1 han 30 fu, 1,000); Di sits on Cy's right, so Di also takes Bo's riichi stick:

    >>> from tutor.table import replay
    >>> both = DoubleRon(Win(0, Quick(2, 30), discarder=2), Win(3, Quick(1, 30), discarder=2))
    >>> replay(Settings.make(("Ann", "Bo", "Cy", "Di")), [HandRecord(both, riichi=(1,))]).scores
    (27900, 24000, 21100, 27000)
    """

    first: Win
    second: Win


@dataclass(frozen=True)
class Draw:
    """A hand no one won: an exhaustive draw (who was tenpai; who made nagashi mangan), or, with ``abortive``
    naming the kind (:data:`ABORTIVE`), an abortive draw, which has neither."""

    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    """Players who made nagashi mangan (RULES.md §9.3); its payments replace the tenpai payments."""
    abortive: str | None = None


@dataclass(frozen=True)
class HandRecord:
    """One hand as it was played: who declared riichi (each puts 1,000 on the table), then how it ended."""

    result: Win | DoubleRon | Draw
    riichi: tuple[int, ...] = ()


# --- JSON: how the store keeps a game (tutor/table/store.py) -------------------------------------


def settings_to_json(settings: Settings) -> dict[str, Any]:
    """The choices :meth:`Settings.make` takes, so that loading a game checks them again."""
    rules = settings.rules
    return {
        "players": list(settings.players),
        "length": settings.length,
        "start": settings.standing.start,
        "kaeshi": settings.standing.kaeshi,
        "uma": list(settings.standing.uma),
        "red_fives": bool(rules.aka),
        "kuitan": bool(rules.open_tanyao),
        "kiriage": bool(rules.kiriage),
        "double_yakuman": bool(rules.double_yakuman),
        "tobi": settings.tobi,
        "agari_yame": settings.agari_yame,
    }


def settings_from_json(data: Mapping[str, Any]) -> Settings:
    """The settings :func:`settings_to_json` wrote (a :class:`Problem` when they cannot be)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("players"), list):
        raise Problem(N_("these are not a table game's settings"))
    choices = {key: data[key] for key in _SETTING_KEYS if key in data}
    uma = choices.get("uma", [20, 10])
    if not isinstance(uma, list | tuple) or len(uma) != 2:
        raise Problem(N_("these are not a table game's settings"))
    choices["uma"] = (uma[0], uma[1])
    return Settings.make(data["players"], **choices)


_SETTING_KEYS = (
    "length",
    "start",
    "kaeshi",
    "uma",
    "red_fives",
    "kuitan",
    "kiriage",
    "double_yakuman",
    "tobi",
    "agari_yame",
)


def _win_to_json(win: Win) -> dict[str, Any]:
    score: dict[str, Any]
    if isinstance(win.score, Quick):
        score = {"han": win.score.han, "fu": win.score.fu, "yakuman": win.score.yakuman}
    else:
        score = {"request": dict(win.score.request)}
    return {"winner": win.winner, "discarder": win.discarder, "pao": win.pao, **score}


def hand_to_json(record: HandRecord) -> dict[str, Any]:
    """One hand record as plain JSON values; :func:`hand_from_json` reads it back to an equal record.

    >>> record = HandRecord(Win(1, Quick(3, 30), discarder=2), riichi=(0,))
    >>> hand_to_json(record)
    {'riichi': [0], 'kind': 'win', 'winner': 1, 'discarder': 2, 'pao': None, 'han': 3, 'fu': 30, 'yakuman': 0}
    >>> hand_from_json(hand_to_json(record)) == record
    True
    """
    result = record.result
    body: dict[str, Any]
    if isinstance(result, Win):
        body = {"kind": "win", **_win_to_json(result)}
    elif isinstance(result, DoubleRon):
        body = {"kind": "double_ron", "wins": [_win_to_json(result.first), _win_to_json(result.second)]}
    else:
        body = {
            "kind": "draw",
            "tenpai": list(result.tenpai),
            "nagashi": list(result.nagashi),
            "abortive": result.abortive,
        }
    return {"riichi": list(record.riichi), **body}


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise Problem(N_("this is not a hand of a table game"))
    return value


def _maybe(value: Any) -> int | None:
    return None if value is None else _whole(value)


def _seats(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise Problem(N_("this is not a hand of a table game"))
    return tuple(_whole(v) for v in value)


def _win_from_json(data: Any) -> Win:
    if not isinstance(data, Mapping):
        raise Problem(N_("this is not a hand of a table game"))
    score: Quick | Entered
    if "request" in data:
        if not isinstance(data["request"], Mapping):
            raise Problem(N_("this is not a hand of a table game"))
        score = Entered(dict(data["request"]))
    else:
        score = Quick(_whole(data.get("han", 0)), _whole(data.get("fu", 0)), _whole(data.get("yakuman", 0)))
    return Win(_whole(data.get("winner")), score, _maybe(data.get("discarder")), _maybe(data.get("pao")))


def hand_from_json(data: Any) -> HandRecord:
    """The record :func:`hand_to_json` wrote; a :class:`Problem` for anything else. (The replay checks
    the rules: this only checks the shape.)"""
    if not isinstance(data, Mapping):
        raise Problem(N_("this is not a hand of a table game"))
    kind = data.get("kind")
    result: Win | DoubleRon | Draw
    if kind == "win":
        result = _win_from_json(data)
    elif kind == "double_ron":
        wins = data.get("wins")
        if not isinstance(wins, list) or len(wins) != 2:
            raise Problem(N_("this is not a hand of a table game"))
        result = DoubleRon(_win_from_json(wins[0]), _win_from_json(wins[1]))
    elif kind == "draw":
        abortive = data.get("abortive")
        if abortive is not None and not isinstance(abortive, str):
            raise Problem(N_("this is not a hand of a table game"))
        result = Draw(_seats(data.get("tenpai", [])), _seats(data.get("nagashi", [])), abortive)
    else:
        raise Problem(N_("this is not a hand of a table game"))
    return HandRecord(result, _seats(data.get("riichi", [])))
