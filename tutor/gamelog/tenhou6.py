"""The tenhou.net/6 log viewer's JSON (also written by other clients' log converters).

Format notes (from public descriptions of the format, in our words)
--------------------------------------------------------------------
One JSON object: ``"name"`` the four player names, ``"rule"`` the table's rules
(``"disp"``, a label such as ``"般南喰赤"`` in which 喰 means open tanyao and 赤 red fives,
and ``"aka"`` 1 or 0, or ``"aka51"``/``"aka52"``/``"aka53"`` per suit), and ``"log"``, one
array per hand::

    [[round, honba, sticks], [four scores], [dora indicators], [ura indicators],
     seat 0's start, seat 0's takes, seat 0's discards, ... the same for seats 1-3,
     [result]]

- ``round`` 0-3 is East 1-4, 4-7 South 1-4; the dealer is seat ``round % 4``. ``sticks`` are
  riichi sticks left from earlier hands. The dora list holds every indicator revealed by the end
  of the hand, kan dora included.
- A tile is a two-digit number: 11-19 1m-9m, 21-29 1p-9p, 31-39 1s-9s, 41-47 East South West
  North haku hatsu chun; 51, 52, 53 the red 5m, 5p, 5s.
- *Takes* are the tiles a seat drew, in order, or a string for a call of someone's discard:
  the letter ``c`` (chi), ``p`` (pon) or ``m`` (called kan) stands just before the called tile,
  and where it stands tells whom it came from: first, the previous player (chi is always so);
  after one tile, the player opposite; further right, the next player. ``"p414141"`` is a pon of
  East from the previous player, ``"2121m2121"``... ``"212121m21"`` a kan called from the next.
- *Discards* are tiles, ``60`` for the tile just drawn (tsumogiri), ``"r"`` before a tile for
  the riichi discard (``"r60"`` too), ``0`` for the turn a called kan replaces, and strings for
  kans made on one's own turn: ``a`` in a closed kan (``"424242a42"``), ``k`` before the added
  tile of an added kan (a pon's string with ``p`` turned into ``k`` + the added tile). A kan is
  followed by the replacement draw among the takes.
- The result is ``["和了", [score changes], [who, from, pao, "points text", "yaku(N飜)", ...]]``
  for a win (two change/detail pairs for a double ron; ``who == from`` is a tsumo; ``pao`` is
  the responsible player of a daisangen or daisuushii, the winner's own seat when none), or a draw
  such as ``["流局", [...]]``. The points text is e.g. ``"30符1飜1000点"`` (ron),
  ``"30符2飜500-1000点"`` (a non-dealer's tsumo: each non-dealer, then the dealer),
  ``"40符3飜2600点∀"`` (a dealer's tsumo: each player), ``"満貫8000点"``; honba and sticks are
  not in it. Yakuman are written ``"国士無双(役満)"``.

Nothing says when a kan's dora was flipped or when a hand's turns interleave, so the reader
replays the turns: after each discard, a seat whose next take calls that very tile from the
discarder takes the turn, otherwise the next seat draws. A seat may let a tile go and call the
same tile from the same player later (real logs do), so where a call fits the reader also tries
letting it go, and keeps the order in which every seat holds the tiles it uses and the hand ends
where its win can happen (:func:`_order`).

Log converters for Mahjong Soul write its own yaku names (Japanese, or English such as
``"Riichi(1飜)"``) and, set to English, ``Fu``/``Han`` in the points text; both are read.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tutor.engine.tiles import Tile
from tutor.gamelog.model import (
    MAX_HANDS,
    MAX_RESULT_CHARS,
    MAX_YAKU_ITEMS,
    SUPPORTED_SAID,
    FinalScores,
    GameLog,
    HandReplay,
    HandScores,
    LogError,
    ReadBudget,
    Recorded,
    Win,
    checked_name,
    too_many_hands,
    too_many_yaku,
)
from tutor.gamelog.yakulist import by_name
from tutor.messages.catalogues import N_

DRAW_RESULTS = frozenset(
    ("流局", "全員聴牌", "全員不聴", "流し満貫", "九種九牌", "四風連打", "四家立直", "三家和了", "四槓散了")
)
_POINTS = re.compile(r"(\d+)(?:-(\d+))?点(∀?)$")
_YAKU = re.compile(r"^(.+)\((?:(\d+)飜|(役満)|(ダブル役満))\)$")
_RED = {51: Tile("0m"), 52: Tile("0p"), 53: Tile("0s")}


def tile(number: Any) -> Tile:
    """A tenhou.net/6 tile number.

    >>> tile(11), tile(29), tile(47), tile(52)
    (Tile('1m'), Tile('9p'), Tile('7z'), Tile('0p'))
    """
    if type(number) is not int:
        raise LogError(N_("{value!r} is not a tile number"), value=number)
    if number in _RED:
        return _RED[number]
    suit, digit = divmod(number, 10)
    if 1 <= suit <= 3 and 1 <= digit <= 9 or suit == 4 and 1 <= digit <= 7:
        return Tile.of((suit - 1) * 9 + digit - 1)
    raise LogError(N_("{number} is not a tenhou.net/6 tile (11-19, 21-29, 31-39, 41-47, 51-53)"), number=number)


def number_of(t: Tile) -> int:
    """The inverse of :func:`tile` (writes test logs)."""
    if t.red:
        return 50 + "mps".index(t.suit) + 1
    return (t.index // 9 + 1) * 10 + t.number


def read_tenhou6(data: bytes | str, file: str = "-") -> GameLog:
    """Read a tenhou.net/6 JSON log into a :class:`GameLog`."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError) as problem:
        if _json_lines(data):
            raise not_tenhou6() from None
        raise LogError(
            N_("the tenhou.net/6 log is not valid JSON, perhaps truncated ({problem})"), problem=str(problem)
        ) from None
    try:
        # JSON may escape a lone surrogate ("\\ud800"), which no text holds: refused here, not when
        # a player's name or the points text is stored.
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise LogError(N_("the tenhou.net/6 log holds a lone surrogate (\\ud800-\\udfff), which is not text")) from None
    if not isinstance(document, dict) or not isinstance(document.get("log"), list):
        raise not_tenhou6()
    first = document["log"][0] if document["log"] else None
    if first is not None and not (isinstance(first, list) and first and isinstance(first[0], list)):
        # Not one hand cut short: the very first is no [[round, honba, sticks], ...] list.
        raise not_tenhou6()
    rules = _rules(document.get("rule"))
    names = document.get("name") or ["", "", "", ""]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise LogError(N_('"name" must be a list of player names'))
    if len(names) == 3 or (len(names) == 4 and names[3] == "" and all(names[:3])):
        raise LogError(N_("this is a three-player game (sanma); supported: {supported}"), supported=SUPPORTED_SAID)
    if len(names) != 4:
        raise LogError(N_('"name" lists {count} players; a four-player log lists 4'), count=len(names))
    players: list[str | None] = [checked_name(n) or None for n in names]
    wins: list[Win] = []
    draws = 0
    if len(document["log"]) > MAX_HANDS:
        raise too_many_hands()
    budget = [FILE_STEPS + HAND_STEPS * len(document["log"])]
    clock = ReadBudget()
    scores: list[HandScores] = []
    for number, kyoku in enumerate(document["log"], start=1):
        clock.check()
        found, drawn = _hand(kyoku, number, file, players, rules, budget)
        wins += found
        draws += drawn
        after = _scores_after_hand(kyoku)
        if after is not None:
            scores.append(HandScores(number, kyoku[0][0], kyoku[0][1], bool(found), after))
    if not document["log"]:
        raise LogError(N_('the "log" list is empty: no hand to read'))
    first = document["log"][0][1]
    start = tuple(first) if _four_ints(first) else None
    return GameLog(
        "tenhou6", tuple(names), rules, tuple(wins), len(document["log"]), draws, tuple(scores), start, _final(document)
    )


def _four_ints(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 4 and all(type(v) is int and abs(v) < 10**7 for v in value)


def _scores_after_hand(kyoku: list[Any]) -> tuple[int, ...] | None:
    """The scores after a hand (read already, so well formed): its start plus every change its result lists."""
    before, result = kyoku[1], kyoku[16]
    changes = [part for part in result[1:] if _four_ints(part)] if isinstance(result, list) else []
    if not _four_ints(before) or not changes:
        return None
    return tuple(before[seat] + sum(change[seat] for change in changes) for seat in range(4))


def _final(document: dict[str, Any]) -> FinalScores | None:
    """The game's end as the viewer's JSON may state it: ``"sc": [score, final points, ...]`` for each seat."""
    sc = document.get("sc")
    if not isinstance(sc, list) or len(sc) != 8:
        return None
    if not all(type(v) in (int, float) and abs(v) < 10**7 and v == v for v in sc):
        return None
    return FinalScores(
        tuple(int(sc[2 * seat]) for seat in range(4)), tuple(float(sc[2 * seat + 1]) for seat in range(4))
    )


def not_tenhou6() -> LogError:
    """Another JSON format (mjai events, a client's own record, ...): said as such, not as a damaged log."""
    return LogError(
        N_(
            'this JSON is not a tenhou.net/6 log, which is one object with a "log" list of hands, each '
            "[[round, honba, sticks], scores, ...]; save the game from the tenhou.net/6 viewer or as Tenhou's mjlog"
        )
    )


def _json_lines(data: bytes | str) -> bool:
    """Whether ``data`` is JSON lines (one object a line, as mjai logs are) rather than one broken document."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    lines = [line for line in text.splitlines()[:3] if line.strip()]
    if len(lines) < 2:
        return False
    try:
        return all(isinstance(json.loads(line), dict) for line in lines[:2])
    except (ValueError, RecursionError):
        return False


TENHOU_LABEL = "般上特鳳若銀琥孔東南喰赤速祝暗２５25"
"""The characters of Tenhou's own rule labels (``"鳳南喰赤"``): the room (般 上 特 鳳, and the newer
若 銀 琥 孔), 東 or 南, 喰 open tanyao, 赤 red fives, 速 fast, 祝 chips (with 2 or 5 a unit), 暗 dimmed
discards. 三 (three players) is refused before; any other character is a rule we do not know."""


def _rules(rule: Any) -> dict[str, Any]:
    if rule is None:
        return {}
    if not isinstance(rule, dict):
        raise LogError(N_('"rule" must be an object'))
    disp = str(rule.get("disp", ""))
    if "三" in disp or "3-Player" in disp:
        raise LogError(
            N_("this is a three-player game (sanma, {rule!r}); supported: {supported}"),
            rule=disp,
            supported=SUPPORTED_SAID,
        )
    rules: dict[str, Any] = {}
    counts = [rule[key] for key in ("aka", "aka51", "aka52", "aka53") if key in rule]
    if any(type(c) is not int or c not in (0, 1) for c in counts):
        raise LogError(
            N_("this table uses {rule!r} red fives; supported: {supported}"), rule=rule, supported=SUPPORTED_SAID
        )
    if "aka" in rule and any(key in rule for key in ("aka51", "aka52", "aka53")):
        counts = counts[1:]  # the per-suit counts say more than the total flag
    if counts and len(set(counts)) > 1:
        raise LogError(
            N_("this table has red fives in some suits only; supported: {supported}"), supported=SUPPORTED_SAID
        )
    if counts and counts[0] == 0:
        rules["aka"] = False
    # Tenhou's own labels start with the lobby (般 上 特 鳳) and name open tanyao (喰) when allowed.
    if disp[:1] in ("般", "上", "特", "鳳", "若", "銀", "琥", "孔"):
        unknown = sorted(set(disp) - set(TENHOU_LABEL))
        if unknown:
            raise LogError(
                N_("the table's rule label {rule!r} has {marks}, a rule we do not know; supported: {supported}"),
                rule=disp,
                marks="".join(unknown),
                supported=SUPPORTED_SAID,
            )
        if "喰" not in disp:
            rules["open_tanyao"] = False
        if "祝" in disp:
            # A chip lobby: Tenhou pays 4 han 30 fu as mangan there (see mjlog.LOBBY_BITS, 0x200).
            rules["kiriage"] = True
    return rules


def _marker(text: str, letters: str) -> tuple[str, int, list[Tile]]:
    """(letter, its position, the tiles in order) of a call string such as ``"21p2121"``."""
    found = [(i, ch) for i, ch in enumerate(text) if ch.isalpha()]
    if len(found) != 1 or found[0][1] not in letters:
        raise LogError(
            N_("{text!r} is not a call string (one of {letters} among tile numbers)"),
            text=text,
            letters=", ".join(letters),
        )
    position, letter = found[0]
    digits = text[:position] + text[position + 1 :]
    # ASCII digits only: str.isdigit() also takes '²', which int() refuses.
    if len(digits) % 2 or not (digits.isascii() and digits.isdigit()):
        raise LogError(N_("{text!r} is not a call string (tile numbers are two digits each)"), text=text)
    return letter, position, [tile(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]


def _source(caller: int, letter: str, position: int) -> int:
    if letter == "c" or position == 0:
        return (caller + 3) % 4
    if position == 2:
        return (caller + 2) % 4
    return (caller + 1) % 4


def _hand(
    kyoku: Any, number: int, file: str, players: list[str | None], rules: dict[str, Any], budget: list[int]
) -> tuple[list[Win], int]:
    if not isinstance(kyoku, list) or len(kyoku) != 17:
        raise LogError(
            N_("hand {number} of the log is not the 17-part list a tenhou.net/6 hand is (truncated?)"), number=number
        )
    head = kyoku[0]
    if not (isinstance(head, list) and len(head) == 3 and all(type(v) is int and v >= 0 for v in head)):
        raise LogError(N_("hand {number} does not start with [round, honba, sticks]"), number=number)
    round_index, honba, sticks = head
    for part, name in ((kyoku[2], "dora"), (kyoku[3], "ura")):
        if not isinstance(part, list):
            raise LogError(N_("hand {number}: the {name} indicators are not a list"), number=number, name=name)
    if not kyoku[2]:
        raise LogError(N_("hand {number}: no dora indicator"), number=number)
    replay = HandReplay(
        file=file,
        hand_number=number,
        round_index=round_index,
        honba=honba,
        sticks=sticks,
        dealer=round_index % 4,
        dora=[tile(n) for n in kyoku[2]],
        players=players,
        rules=rules,
    )
    takes: list[list[Any]] = []
    discards: list[list[Any]] = []
    starts: list[list[Tile]] = []
    for seat in range(4):
        start, took, threw = kyoku[4 + 3 * seat : 7 + 3 * seat]
        if not all(isinstance(part, list) for part in (start, took, threw)):
            raise replay.fail(N_("seat {seat}'s tiles are not lists"), seat=seat)
        starts.append([tile(n) for n in start])
        replay.deal(seat, starts[-1])
        takes.append(list(took))
        discards.append(list(threw))
    result = kyoku[16]
    ending = None
    if isinstance(result, list) and len(result) >= 3 and isinstance(result[2], list) and len(result[2]) >= 2:
        who, from_who = result[2][:2]
        if type(who) is int and type(from_who) is int:
            ending = (who, from_who)
    _play(replay, takes, discards, starts, ending, budget)
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise replay.fail(N_("the hand has no result"))
    if result[0] in DRAW_RESULTS:
        return [], 1
    if result[0] != "和了" or len(result) < 3 or len(result) % 2 == 0:
        raise replay.fail(N_("unknown result {result!r}"), result=result[0])
    wins = []
    for changes, detail in zip(result[1::2], result[2::2], strict=True):
        wins.append(_win(replay, detail, [tile(n) for n in kyoku[3]], changes))
    return wins, 0


_Event = tuple[Any, ...]
"""A move to make on the :class:`HandReplay`: its method's name, then the arguments."""
SEARCH_STEPS = 2_000
"""Moves tried at most while putting one hand's turns in order (real hands need under 100)."""
FILE_STEPS = 20_000
"""Moves tried at most for a whole file, plus :data:`HAND_STEPS` per hand: a crafted file full of
ambiguous calls must not keep the reader busy for long."""
HAND_STEPS = 120


@dataclass
class _Turns:
    """Where a replay of a hand's takes and discards has got to (see :func:`_order`)."""

    took: list[int]
    threw: list[int]
    hands: list[Counter[Tile]]
    pons: list[list[Tile]]
    last: tuple[str, int, Tile | None]
    turn: int
    drawing: bool
    events: list[_Event]

    def copy(self) -> _Turns:
        return _Turns(
            list(self.took),
            list(self.threw),
            [Counter(h) for h in self.hands],
            [list(p) for p in self.pons],
            self.last,
            self.turn,
            self.drawing,
            list(self.events),
        )


@dataclass
class _Search:
    takes: list[list[Any]]
    discards: list[list[Any]]
    ending: tuple[int, int] | None
    """(winner, from whom) of the hand's first win: the turns must end where it can happen."""
    replay: HandReplay
    limit: int = SEARCH_STEPS
    steps: int = 0
    first_failure: tuple[list[_Event], LogError | None] | None = None
    """The moves of the first order tried (always calling when a call fits) and why it fails."""


def _play(
    replay: HandReplay,
    takes: list[list[Any]],
    discards: list[list[Any]],
    starts: list[list[Tile]],
    ending: tuple[int, int] | None,
    budget: list[int],
) -> None:
    """Replay the turns (see the module docstring) in the order :func:`_order` finds.

    ``budget`` holds the moves the file may still try; this hand's tries are taken from it.
    """
    search = _Search(takes, discards, ending, replay, limit=min(SEARCH_STEPS, budget[0]))
    state = _Turns(
        [0] * 4, [0] * 4, [Counter(s) for s in starts], [[] for _ in range(4)], replay.last, replay.dealer, True, []
    )
    events = _order(search, state)
    budget[0] -= search.steps
    if events is None:
        # No order fits: make the first order tried, so that its first impossible move is named.
        if search.first_failure is None:
            raise replay.fail(N_("the turns cannot be put in an order that fits the tiles"))
        events, problem = search.first_failure
        for event in events:
            getattr(replay, event[0])(*event[1:])
        if problem is not None:
            raise problem
        return
    for event in events:
        getattr(replay, event[0])(*event[1:])


def _order(search: _Search, state: _Turns) -> list[_Event] | None:
    """The hand's moves in play order, or None when none fits.

    The JSON lists each seat's takes and discards separately. Usually the order is forced: after
    a discard, the seat whose next take calls that very tile takes the turn, else the next seat
    draws. But a seat may let a tile go and call the same tile from the same player later, so
    where a call fits, both are tried (the call first), as is every seat that could call; an
    order is kept when every seat's tiles allow its moves, all moves are used and the hand ends
    where its win (if any) can happen.
    """
    takes, discards, replay = search.takes, search.discards, search.replay

    def fail(problem: LogError | None) -> None:
        if search.first_failure is None:
            search.first_failure = (state.events, problem)

    def holds(seat: int, tiles: list[Tile]) -> bool:
        need = Counter(tiles)
        return all(state.hands[seat][t] >= n for t, n in need.items())

    def use(seat: int, tiles: list[Tile]) -> None:
        state.hands[seat].subtract(tiles)

    while True:
        search.steps += 1
        if search.steps > search.limit:
            fail(replay.fail(N_("the turns cannot be put in an order that fits the tiles")))
            return None
        turn = state.turn
        if state.drawing:
            if state.took[turn] >= len(takes[turn]):
                break
            value = takes[turn][state.took[turn]]
            if not isinstance(value, int):
                fail(
                    replay.fail(N_("seat {seat}'s take {take!r} is a call where a draw was due"), seat=turn, take=value)
                )
                return None
            state.took[turn] += 1
            drawn = tile(value)
            state.events.append(("draw", turn, drawn))
            state.hands[turn][drawn] += 1
            state.last = ("draw", turn, drawn)
        if state.threw[turn] >= len(discards[turn]):
            break  # a tsumo (or a ron on the latest discard) ended the hand
        move = discards[turn][state.threw[turn]]
        state.threw[turn] += 1
        if isinstance(move, str) and ("a" in move or "k" in move):
            letter, _, tiles = _marker(move, "ak")  # an added kan's tiles: its pon's and the added one
            if letter == "a":
                state.events.append(("ankan", turn, tiles))
                if not holds(turn, tiles):
                    fail(None)
                    return None
                use(turn, tiles)
            else:
                added = _after(move, "k")
                state.events.append(("kakan", turn, added))
                pon = next((t for t in state.pons[turn] if t.index == added.index), None)
                if pon is None or not holds(turn, [added]):
                    fail(None)
                    return None
                state.pons[turn].remove(pon)
                use(turn, [added])
                state.last = ("kakan", turn, added)
            state.drawing = True  # the replacement tile
            continue
        riichi = isinstance(move, str) and move.startswith("r")
        value = move[1:] if riichi else move
        if riichi:
            try:
                value = int(value)
            except ValueError:
                raise replay.fail(N_("{move!r} is not a riichi discard"), move=move) from None
        if value == 60:
            if state.last[:2] != ("draw", turn) or state.last[2] is None:
                fail(replay.fail(N_("seat {seat} discards the tile just drawn (60) without having drawn"), seat=turn))
                return None
            discarded = state.last[2]
        else:
            discarded = tile(value)
        state.events.append(("discard", turn, discarded, riichi))
        if not holds(turn, [discarded]):
            fail(None)
            return None
        use(turn, [discarded])
        state.last = ("discard", turn, discarded)
        callers = _callers(takes, state.took, turn, discarded)
        if not callers:
            state.turn = (turn + 1) % 4
            state.drawing = True
            continue
        for caller in [*callers, None]:
            branch = state.copy()
            if caller is None:
                branch.turn = (turn + 1) % 4
                branch.drawing = True
            elif not _call(branch, caller, takes, discards, turn):
                if search.first_failure is None:
                    search.first_failure = (branch.events, None)
                continue
            found = _order(search, branch)
            if found is not None:
                return found
        return None
    left = [seat for seat in range(4) if state.took[seat] < len(takes[seat]) or state.threw[seat] < len(discards[seat])]
    if left:
        fail(
            replay.fail(
                N_("seat {seat} has moves left after the hand ended: the turns do not fit together"), seat=left[0]
            )
        )
        return None
    if search.ending is not None:
        who, from_who = search.ending
        what, seat, _ = state.last
        fits = seat == who and what == "draw" if who == from_who else seat == from_who and what in ("discard", "kakan")
        if not fits:
            fail(None)  # the win itself then says what does not fit
            return None
    return state.events


def _call(state: _Turns, caller: int, takes: list[list[Any]], discards: list[list[Any]], discarder: int) -> bool:
    """Make ``caller``'s next take, a call of ``discarder``'s latest discard; False if its tiles are not held."""
    text = takes[caller][state.took[caller]]
    state.took[caller] += 1
    letter, position, tiles = _marker(text, "cpm")
    called = _after(text, letter)
    kind = {"c": "chi", "p": "pon", "m": "minkan"}[letter]
    state.events.append(("call", caller, kind, tiles, called, _source(caller, letter, position)))
    own = list(tiles)
    own.remove(called)
    if any(state.hands[caller][t] < n for t, n in Counter(own).items()):
        return False
    state.hands[caller].subtract(own)
    if kind == "pon":
        state.pons[caller].append(called)
    state.last = ("call", caller, called)
    state.turn = caller
    state.drawing = kind == "minkan"
    if state.drawing and state.threw[caller] < len(discards[caller]) and discards[caller][state.threw[caller]] == 0:
        state.threw[caller] += 1  # the discard a called kan replaces
    return True


def _after(text: str, letter: str) -> Tile:
    """The tile just after the call letter: the called (or added) tile."""
    position = text.index(letter)
    digits = text[position + 1 : position + 3]
    if not re.fullmatch("[0-9]{2}", digits):
        raise LogError(
            N_("{text!r} is not a call string (the tile after {letter!r} is missing)"), text=text, letter=letter
        )
    return tile(int(digits))


def _callers(takes: list[list[Any]], took: list[int], discarder: int, discarded: Tile) -> list[int]:
    """The seats whose next take is a call of ``discarder``'s tile ``discarded``: pon or kan before chi."""
    found = []
    for seat in range(4):
        if seat == discarder or took[seat] >= len(takes[seat]):
            continue
        value = takes[seat][took[seat]]
        if isinstance(value, str):
            letter, position, _ = _marker(value, "cpm")
            if _source(seat, letter, position) == discarder and _after(value, letter) == discarded:
                found.append((letter == "c", seat))
    return [seat for _, seat in sorted(found)]


def _win(replay: HandReplay, detail: Any, ura: list[Tile], changes: Any = None) -> Win:
    if not (isinstance(detail, list) and len(detail) >= 4 and all(type(v) is int for v in detail[:3])):
        raise replay.fail(N_("a win's details are not [who, from, pao, points, yaku...]"))
    who, from_who = detail[0], detail[1]
    if not (0 <= who <= 3 and 0 <= from_who <= 3):
        raise replay.fail(N_("win by seat {seat} from seat {source}: seats are 0-3"), seat=who, source=from_who)
    text = detail[3]
    if len(detail) > 4 + MAX_YAKU_ITEMS:
        raise too_many_yaku()
    if isinstance(text, str) and len(text) > MAX_RESULT_CHARS:  # before the regular expression, which it would slow
        raise replay.fail(N_("the win's record is far longer than any real one (ura indicators, yaku or result)"))
    if not isinstance(text, str) or not (points := _POINTS.search(text)):
        raise replay.fail(N_("the points text {text!r} is not like '30符1飜1000点'"), text=text)
    first, second, everyone = int(points[1]), points[2], points[3]
    value = 3 * first if everyone else 2 * first + int(second) if second else first
    yaku: list[tuple[str, int]] = []
    units = 0
    for item in detail[4:]:
        match = _YAKU.match(item) if isinstance(item, str) else None
        name = by_name(match[1]) if match else None
        if not match or name is None:
            raise replay.fail(N_("unknown yaku {yaku!r}"), yaku=item)
        han = int(match[2]) if match[2] else 13 if match[3] else 26
        if not match[2]:
            units += han // 13
        if han:
            yaku.append((name, han))
    # Tenhou writes 符 and 飜; Mahjong Soul converters set to English write Fu and Han.
    fu = re.search(r"(\d+)(?:符|Fu)", text)
    han_text = re.search(r"(\d+)(?:飜|Han)", text)
    han = int(han_text[1]) if han_text else 13 * units if units else sum(h for _, h in yaku)
    recorded = Recorded(han, int(fu[1]) if fu else None, tuple(yaku), value, text, units)
    pao = detail[2] if detail[2] != who else None  # the winner's own seat there means no pao
    gain = changes[who] if isinstance(changes, list) and len(changes) == 4 and type(changes[who]) is int else None
    return replay.win(who, from_who, recorded, ura=ura if replay.seats[who].riichi else (), pao=pao, gain=gain)
