"""What a game log holds, once read: the wins as score requests, and the replay that derives them.

Both readers (:mod:`.mjlog`, :mod:`.tenhou6`) turn their format into the same calls on a
:class:`HandReplay` (deal, draw, discard, call, kan, new dora indicator, win), one replay per
hand. The replay keeps each player's concealed tiles and melds and the few facts the situation
flags need, so every flag of a request is derived from the order of events, never copied from
the log's yaku list; the yaku list is compared afterwards (:attr:`Win.notes`).

The public values are plain, immutable and JSON-ready through ``as_json()``:

- :class:`GameLog`: the players, the rules read from the log, every :class:`Win` in file
  order and how many hands ended without a win.
- :class:`Win`: ``request`` (a score request of ``shared/api/score.md``), ``recorded``
  (:class:`Recorded`: han, fu, yaku, points before honba and sticks, the log's own text),
  ``source`` (:class:`Source`: file, round, seat, player) and ``melds`` with the detail the
  contract has no field for (added kan, called tile, who it was called from).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.engine.situation import STANDARD_FLAGS, WIND_LETTERS, round_title
from tutor.engine.tiles import DRAGONS, WINDS, Tile, format_tiles, parse_tiles
from tutor.messages.catalogues import N_, Joined, Problem, Sayable, Sentence, said

MAX_LOG_BYTES = 10 * 1024 * 1024
"""Largest file read (``tutor import-log`` reads no more); the text inside is held to :data:`MAX_TEXT_BYTES`."""

# Limits past the size of any real game (issue 27). A log costs work, not bytes: a 59 kB gzip held
# 7,200 wins. Each limit is named in its refusal.
MAX_TEXT_BYTES = 1024 * 1024
"""The log's text, unzipped: a whole hanchan is 30-80 kB of mjlog XML (with its wall seed) or 5-20 kB of JSON."""
MAX_HANDS = 60
"""Hands in one game, draws included: a long hanchan has about 25, a tonpuusen about 12."""
MAX_WINS_PER_HAND = 3
"""Winners of one hand: a double ron is 2 (a triple ron, where a table allows it, 3)."""
MAX_CALLS_PER_HAND = 20
"""Calls and kans in one hand, all seats: 4 melds each is 16, and up to 4 of them added kans."""
MAX_XML_DEPTH = 3
"""Nesting of an mjlog's elements: <mjloggm> and its children are 2; one more is allowed."""
MAX_XML_ELEMENTS = 20_000
"""Elements in an mjlog: a hand is about 150-250 (draws, discards, calls), so 60 hands stay under 15,000."""
MAX_NAME_CHARS = 64
"""A player's name: Tenhou's are at most 8 characters, other clients' not much longer."""
MAX_YAKU_ITEMS = 40
"""Yaku (with dora) a win lists: a real hand has at most a dozen."""
MAX_RESULT_CHARS = 200
"""A win's result text as the log writes it (e.g. "30符1飜1000点")."""
READ_CPU_SECONDS = 3.0
"""CPU time one log may take to read (the thread's own, so a busy server does not cut a real game short):
a real game takes about 0.02 s."""
LIVE_WALL = 70
"""Draws a four-player hand allows (136 tiles - 52 dealt - 14 dead wall); the 70th is the last."""
SUPPORTED = N_(
    "four-player games (tonpuusen or hanchan) with one red five per suit or none, with or without open tanyao"
)
"""What the readers accept, for the messages that refuse the rest (a marked sentence)."""
SUPPORTED_SAID = Sentence(SUPPORTED)


class LogError(Problem):
    """A log that cannot be read: not a log, truncated, inconsistent, or rules we do not support.

    The message is a marked sentence (``str()`` is the English; ``text(lang)`` says it in a language).
    """


_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
    (b"\xef\xbb\xbf", "utf-8"),
)


class ReadBudget:
    """The CPU time a read may still take (:data:`READ_CPU_SECONDS`); readers call :meth:`check` as they go."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = READ_CPU_SECONDS if seconds is None else seconds
        self.started = time.thread_time()

    def check(self) -> None:
        if time.thread_time() - self.started > self.seconds:
            raise LogError(
                N_("reading the log took more than {seconds} s of work; no real game takes that long"),
                seconds=self.seconds,
            )


def checked_name(name: str) -> str:
    """A player's name, refused when far longer than any client allows (it is stored with every win)."""
    if len(name) > MAX_NAME_CHARS:
        raise LogError(N_("a player's name is longer than {most} characters"), most=MAX_NAME_CHARS)
    return name


def too_many_yaku() -> LogError:
    return LogError(N_("a win lists more than {most} yaku; no real hand has that many"), most=MAX_YAKU_ITEMS)


def too_many_hands() -> LogError:
    return LogError(N_("the log has more than {most} hands; no real game has that many"), most=MAX_HANDS)


def log_text(raw: bytes) -> str:
    """The text of a log file: UTF-8, or UTF-16/32 when a byte-order mark says so; else LogError.

    Both readers look at text, never bytes: a check such as "no DOCTYPE" made on the bytes would
    miss it in UTF-16, whose every other byte is zero, while the XML parser reads it fine.
    """
    encoding = "utf-8"
    for bom, name in _BOMS:
        if raw.startswith(bom):
            raw, encoding = raw[len(bom) :], name
            break
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        raise LogError(N_("the file is not UTF-8 text (nor UTF-16 or UTF-32 with a byte-order mark)")) from None
    if len(text) > MAX_TEXT_BYTES:
        raise LogError(
            N_("the log's text is larger than {size} kB; a whole game is under 200 kB"), size=MAX_TEXT_BYTES // 1024
        )
    if "\x00" in text:
        # UTF-16 without a byte-order mark reads as UTF-8 with a zero byte after each letter.
        raise LogError(N_("the file is not UTF-8 text (nor UTF-16 or UTF-32 with a byte-order mark)"))
    return text


@dataclass(frozen=True)
class Recorded:
    """The result as the log states it."""

    han: int
    """Han of the hand (13 per yakuman unit for yakuman hands)."""
    fu: int | None
    """Fu as recorded; None when the log does not state it (tenhou.net/6 omits it on limit hands)."""
    yaku: tuple[tuple[str, int], ...]
    """(our yaku id, han) in the log's order; dora, ura_dora and aka_dora with their count, 0 left out."""
    points: int
    """The hand's value as the log states it, before honba and riichi sticks (a tsumo: all payments)."""
    text: str
    """The log's own result string."""
    yakuman: int = 0
    """Yakuman units (0 for ordinary hands)."""

    @property
    def title(self) -> Sentence:
        """The result said in any language ("2 han 40 fu, 2700 points"; 2番40符，2700点), where
        :attr:`text` is the log's own (Japanese, or mjlog's attributes)."""
        if self.fu is None:
            return Sentence(N_("{han} han, {points} points"), han=self.han, points=self.points)
        return Sentence(N_("{han} han {fu} fu, {points} points"), han=self.han, fu=self.fu, points=self.points)

    def as_json(self) -> dict[str, Any]:
        return {
            "han": self.han,
            "fu": self.fu,
            "yaku": [{"id": name, "han": han} for name, han in self.yaku],
            "yakuman": self.yakuman,
            "points": self.points,
            "text": self.text,
        }


@dataclass(frozen=True)
class Source:
    """Where a win comes from."""

    file: str
    round: str
    """E.g. ``"East 2, 1 honba"``."""
    seat: int
    """The winner's seat in the log, 0-3 (0 is the first player listed, East in East 1)."""
    player: str | None
    hand_number: int
    """1 for the first hand of the game, counting draws."""
    round_index: int | None = None
    """0-3 East 1-4, 4-7 South 1-4, ...; None on a win stored before this was kept (``round`` is then read)."""
    honba: int = 0
    from_seat: int | None = None
    """The seat the winner took the tile from (the winner's own for a tsumo); None on a win stored before
    this was kept."""

    @property
    def round_title(self) -> Sayable:
        """The round, said in any language (东2局1本场): what pages and the CLI show, never ``round``."""
        if self.round_index is None:
            return _stored_round(self.round)
        return round_name(self.round_index, self.honba)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "round": self.round,
            "round_index": self.round_index,
            "honba": self.honba,
            "from_seat": self.from_seat,
            "seat": self.seat,
            "player": self.player,
            "hand_number": self.hand_number,
        }


def _stored_round(name: str) -> Sayable:
    """The round of a win stored before ``round_index`` was kept, from its English name (``East 2, 1 honba``)."""
    found = re.fullmatch(r"(East|South|West|North) ([1-4])(?:, ([0-9]{1,3}) honba)?", name)
    if found is None:
        return Joined("", [name])
    return round_title(found[1][0], int(found[2]), int(found[3] or 0))


@dataclass(frozen=True)
class LoggedMeld:
    """A meld with what the contract leaves out: added kan apart from open kan, the called tile."""

    kind: str
    """``chi``, ``pon``, ``minkan`` (called kan), ``kakan`` (added kan) or ``ankan``."""
    tiles: tuple[Tile, ...]
    called: Tile | None
    """The tile taken from another player (the added tile for a kakan; None for an ankan)."""
    from_seat: int | None
    """The seat it was called from (for a kakan: of the pon it grew from)."""

    @property
    def contract_kind(self) -> str:
        """The score contract knows one open kan: an added kan is a ``minkan`` there."""
        return "minkan" if self.kind == "kakan" else self.kind

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tiles": format_tiles(self.tiles),
            "called": str(self.called) if self.called else None,
            "from_seat": self.from_seat,
        }


@dataclass(frozen=True)
class Win:
    """One winner of one hand (a double ron gives two)."""

    request: dict[str, Any]
    recorded: Recorded
    source: Source
    melds: tuple[LoggedMeld, ...]
    notes: tuple[str, ...] = ()
    """Where the events and the log's own yaku list disagree (empty when they agree); each is
    :class:`~tutor.messages.catalogues.Said` text, English that the app can say in another language."""

    def as_json(self) -> dict[str, Any]:
        """The ``tutor import-log --jsonl`` line: request, recorded, source."""
        return {"request": self.request, "recorded": self.recorded.as_json(), "source": self.source.as_json()}

    def as_record(self) -> dict[str, Any]:
        """Everything, JSON-ready, to store a win and rebuild it with :meth:`from_record`."""
        return {
            **self.as_json(),
            "melds": [meld.as_json() for meld in self.melds],
            "notes": [str(note) for note in self.notes],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Win:
        """The inverse of :meth:`as_record` (of :meth:`as_json` too, with no melds or notes)."""
        recorded = dict(record["recorded"])
        recorded["yaku"] = tuple((y["id"], y["han"]) for y in recorded["yaku"])
        melds = tuple(
            LoggedMeld(
                m["kind"],
                tuple(parse_tiles(m["tiles"])),
                Tile(m["called"]) if m["called"] else None,
                m["from_seat"],
            )
            for m in record.get("melds", ())
        )
        return cls(
            dict(record["request"]),
            Recorded(**recorded),
            Source(**record["source"]),
            melds,
            tuple(record.get("notes", ())),
        )


@dataclass(frozen=True)
class HandScores:
    """Every player's score after one hand (a win or a draw), as the log states it."""

    hand_number: int
    round_index: int
    honba: int
    won: bool
    """A win ended the hand (else a draw)."""
    after: tuple[int, ...]
    """The four scores after the hand, in points, seats in the log's order."""

    @property
    def round_title(self) -> Sentence:
        return round_name(self.round_index, self.honba)

    def as_json(self) -> dict[str, Any]:
        return {
            "hand_number": self.hand_number,
            "round_index": self.round_index,
            "honba": self.honba,
            "won": self.won,
            "after": list(self.after),
        }


@dataclass(frozen=True)
class FinalScores:
    """The game's end as the log states it: the scores, and the final points (uma and oka) when stated."""

    scores: tuple[int, ...]
    points: tuple[float, ...] | None = None

    def as_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "points": None if self.points is None else list(self.points)}


def scores_after(values: Sequence[int], scale: int) -> tuple[int, ...] | None:
    """The four scores after a hand from Tenhou's "before, change" pairs (``sc``; ``scale`` 100 for an
    mjlog's hundreds), or None when there are not four pairs."""
    if len(values) < 8:
        return None
    return tuple((values[2 * seat] + values[2 * seat + 1]) * scale for seat in range(4))


@dataclass(frozen=True)
class GameLog:
    """A whole game log, read."""

    format: str
    """``"mjlog"`` or ``"tenhou6"``."""
    players: tuple[str, ...]
    rules: dict[str, Any]
    """Score-contract rule overrides the lobby needs ({} for Tenhou's usual red-five table)."""
    wins: tuple[Win, ...]
    hands: int
    """Hands played, draws included."""
    draws: int
    """Hands that ended without a win."""
    scores: tuple[HandScores, ...] = ()
    """Every player's score after each hand whose log states it, in play order."""
    start: tuple[int, ...] | None = None
    """The scores the game started with (the first hand's), when the log states them."""
    final: FinalScores | None = None
    """The game's end as the log states it (an mjlog's ``owari``, tenhou.net/6's ``sc``), else None."""

    def scores_json(self) -> dict[str, Any]:
        """What the game page draws of the scores, JSON-ready (stored with the game)."""
        return {
            "start": None if self.start is None else list(self.start),
            "hands": [hand.as_json() for hand in self.scores],
            "final": None if self.final is None else self.final.as_json(),
        }


def round_name(round_index: int, honba: int) -> Sentence:
    """A round of a log (``round_index`` 0 is East 1), said in any language.

    >>> str(round_name(1, 1)), round_name(1, 1).text("zh")
    ('East 2, 1 honba', '东2局1本场')
    """
    return round_title(WIND_LETTERS[round_index // 4 % 4], round_index % 4 + 1, honba)


@dataclass
class _Seat:
    concealed: list[Tile] = field(default_factory=list)
    melds: list[LoggedMeld] = field(default_factory=list)
    discarded: bool = False
    """Has made a discard this hand (so a win is no longer tenhou/chiihou, riichi no longer double)."""
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    last_draw: Tile | None = None


class HandReplay:
    """One hand, event by event. Readers call the methods in the log's order; mistakes raise LogError."""

    def __init__(
        self,
        *,
        file: str,
        hand_number: int,
        round_index: int,
        honba: int,
        sticks: int,
        dealer: int,
        dora: Sequence[Tile],
        players: Sequence[str | None],
        rules: dict[str, Any],
    ) -> None:
        self.file = file
        self.hand_number = hand_number
        self.round_index = round_index
        self.honba = honba
        self.sticks = sticks
        self.dealer = dealer
        self.dora = list(dora)
        self.players = players
        self.rules = rules
        self.seats = [_Seat() for _ in range(4)]
        self.draws = 0
        self.calls_made = False
        """A call or kan by anyone: ends every first-turn privilege (double riichi, tenhou, chiihou)."""
        self.pending_riichi: int | None = None
        self.rinshan_due: int | None = None
        """A kan was just declared by this seat: its next draw is the replacement tile."""
        self.last: tuple[str, int, Tile | None] = ("start", dealer, None)
        """The latest event: (what, seat, tile) with what in draw, rinshan, discard, kakan, ankan, call."""
        self.wins: list[Win] = []
        self.sticks_paid = False
        self.pao: dict[int, int] = {}
        """Winner-to-be -> the seat whose discard completed their third dragon or fourth wind set."""
        self.calls = 0
        self.kan_standing = False
        """An added kan was just declared: it interrupts (ippatsu, first turns) once it stands, see :meth:`kakan`."""

    @property
    def where(self) -> Sentence:
        return round_name(self.round_index, self.honba)

    def fail(self, problem: str, **params: Any) -> LogError:
        """A problem in this hand (a marked sentence with its parameters), prefixed with the round."""
        return LogError(N_("{where}: {problem}"), where=self.where, problem=Sentence(problem, **params))

    # Events -------------------------------------------------------------------------------------

    def deal(self, seat: int, tiles: Sequence[Tile]) -> None:
        if len(tiles) != 13:
            raise self.fail(N_("seat {seat} is dealt {count} tiles, not 13"), seat=seat, count=len(tiles))
        self.seats[seat].concealed = list(tiles)

    def draw(self, seat: int, tile: Tile) -> None:
        self._settle_riichi()
        self._settle_kan()
        player = self.seats[seat]
        rinshan = self.rinshan_due == seat
        self.rinshan_due = None
        self.draws += 1
        if self.draws > LIVE_WALL:
            raise self.fail(N_("more than {most} draws in one hand"), most=LIVE_WALL)
        player.concealed.append(tile)
        player.last_draw = tile
        self.last = ("rinshan" if rinshan else "draw", seat, tile)

    def discard(self, seat: int, tile: Tile, riichi: bool = False) -> None:
        self._settle_kan()
        player = self.seats[seat]
        self._take(seat, [tile], "discard")
        if player.riichi:
            player.ippatsu = False  # the riichi player's next discard ends ippatsu
        if riichi:
            if player.riichi:
                raise self.fail(N_("seat {seat} declares riichi twice"), seat=seat)
            self.pending_riichi = seat
            player.double_riichi = not player.discarded and not self.calls_made
        player.discarded = True
        self.last = ("discard", seat, tile)

    def call(self, seat: int, kind: str, tiles: Sequence[Tile], called: Tile, from_seat: int) -> None:
        """A chi, pon or called kan (minkan) of ``from_seat``'s latest discard."""
        self._settle_riichi()
        self._settle_kan()
        self._count_call()
        if self.last[0] != "discard" or self.last[1] != from_seat or self.last[2] != called:
            raise self.fail(
                N_("seat {seat} calls {tile} from seat {source}, which did not just discard it"),
                seat=seat,
                tile=str(called),
                source=from_seat,
            )
        own = list(tiles)
        own.remove(called)
        self._take(seat, own, kind)
        self.seats[seat].melds.append(LoggedMeld(kind, tuple(sorted(tiles)), called, from_seat))
        if kind != "chi" and self._completes_big_set(seat, called):
            self.pao[seat] = from_seat  # RULES.md 9.6: that discarder is responsible
        self._interrupt()
        if kind == "minkan":
            self.rinshan_due = seat
        self.last = ("call", seat, called)

    def ankan(self, seat: int, tiles: Sequence[Tile]) -> None:
        self._settle_riichi()
        self._settle_kan()
        self._count_call()
        self._take(seat, tiles, "closed kan")
        self.seats[seat].melds.append(LoggedMeld("ankan", tuple(sorted(tiles)), None, None))
        self._interrupt()
        self.rinshan_due = seat
        self.last = ("ankan", seat, tiles[0])

    def kakan(self, seat: int, tile: Tile) -> None:
        self._settle_riichi()
        self._settle_kan()
        self._count_call()
        melds = self.seats[seat].melds
        position = next((i for i, m in enumerate(melds) if m.kind == "pon" and m.tiles[0].index == tile.index), None)
        if position is None:
            raise self.fail(N_("seat {seat} adds {tile} to a pon it does not have"), seat=seat, tile=str(tile))
        meld = melds[position]
        self._take(seat, [tile], "added kan")
        melds[position] = LoggedMeld("kakan", tuple(sorted((*meld.tiles, tile))), tile, meld.from_seat)
        # Not an interruption yet: a kan robbed by chankan never took place, so it breaks no one's ippatsu
        # (RULES.md 3.1). It counts from the next event, the replacement draw, which shows it stood.
        self.kan_standing = True
        self.rinshan_due = seat
        self.last = ("kakan", seat, tile)

    def new_dora(self, tile: Tile) -> None:
        self._settle_kan()
        if len(self.dora) >= 5:
            raise self.fail(N_("more than 5 dora indicators"))
        self.dora.append(tile)

    # The win ------------------------------------------------------------------------------------

    def win(
        self,
        who: int,
        from_who: int,
        recorded: Recorded,
        *,
        ura: Sequence[Tile] = (),
        dora: Sequence[Tile] | None = None,
        win_tile: Tile | None = None,
        concealed: Sequence[Tile] | None = None,
        sticks: int | None = None,
        pao: int | None = None,
        gain: int | None = None,
    ) -> Win:
        """Record a win. ``dora``, ``win_tile``, ``concealed`` and ``sticks`` are what the log states
        (mjlog does, tenhou.net/6 does not): each is checked against the replay. ``pao`` is the seat
        the log makes responsible, if any: compared with the moves (a difference becomes a note).
        ``gain`` is the winner's score change as the log states it, in points: a table that pays
        1,500 a honba shows there, and is refused (the score contract pays 300)."""
        if len(self.wins) >= MAX_WINS_PER_HAND:
            raise self.fail(N_("more than {most} wins in one hand"), most=MAX_WINS_PER_HAND)
        if len(ura) > 5 or len(recorded.text) > MAX_RESULT_CHARS or len(recorded.yaku) > MAX_YAKU_ITEMS:
            raise self.fail(N_("the win's record is far longer than any real one (ura indicators, yaku or result)"))
        player = self.seats[who]
        tsumo = who == from_who
        what, seat, tile = self.last
        chankan = False
        if tsumo:
            if seat != who or what not in ("draw", "rinshan") or tile is None:
                raise self.fail(N_("seat {seat} wins by tsumo but did not just draw"), seat=who)
            win = tile
            hand = list(player.concealed)
        else:
            if seat != from_who or what not in ("discard", "kakan") or tile is None:
                raise self.fail(
                    N_("seat {seat} wins by ron on seat {source}, who did not just discard"), seat=who, source=from_who
                )
            win = tile
            chankan = what == "kakan"
            hand = [*player.concealed, win]
        if win_tile is not None and win_tile != win:
            raise self.fail(
                N_("the log says seat {seat} won on {logged}, but the moves give {tile}"),
                seat=who,
                logged=str(win_tile),
                tile=str(win),
            )
        if concealed is not None and sorted(concealed) != sorted(hand):
            raise self.fail(
                N_("the log's winning hand {logged} does not match the moves ({hand})"),
                logged=format_tiles(concealed),
                hand=format_tiles(hand),
            )
        if dora is not None and list(dora) != self.dora:
            raise self.fail(
                N_("the log's dora indicators {logged} do not match those revealed ({revealed})"),
                logged=format_tiles(dora),
                revealed=format_tiles(self.dora),
            )
        last_tile = self.draws == LIVE_WALL
        clean_first_draw = tsumo and not player.discarded and not self.calls_made
        flags = {
            "tsumo": tsumo,
            "riichi": player.riichi,
            "double_riichi": player.double_riichi and player.riichi,
            "ippatsu": player.riichi and player.ippatsu,
            "rinshan": tsumo and what == "rinshan",
            "chankan": chankan,
            "haitei": tsumo and last_tile and what == "draw",
            "houtei": not tsumo and last_tile and what == "discard",
            "tenhou": clean_first_draw and who == self.dealer,
            "chiihou": clean_first_draw and who != self.dealer,
        }
        if self.wins:
            # A double ron: honba and sticks go only to the winner nearest the discarder in turn
            # order (RULES.md 9.5), whom the logs list first.
            first = self.wins[0].source.seat
            if tsumo or (who - from_who) % 4 <= (first - from_who) % 4:
                raise self.fail(
                    N_("seat {seat}'s win is listed after seat {first}'s, out of turn order"), seat=who, first=first
                )
        honba = 0 if self.sticks_paid else self.honba
        table_sticks = 0 if self.sticks_paid else self.sticks
        if sticks is not None and not self.sticks_paid and sticks != table_sticks:
            raise self.fail(
                N_("the log puts {logged} riichi stick(s) on the table, the moves {sticks}"),
                logged=sticks,
                sticks=table_sticks,
            )
        self.sticks_paid = True
        if gain is not None and honba and gain == recorded.points + 1500 * honba + 1000 * table_sticks:
            raise self.fail(
                N_("this table pays 1,500 points a honba, which we cannot score (we pay 300); supported: {supported}"),
                supported=SUPPORTED_SAID,
            )
        request: dict[str, Any] = {
            "hand": format_tiles(hand),
            "win": str(win),
            "melds": [{"kind": m.contract_kind, "tiles": format_tiles(m.tiles)} for m in player.melds],
            **{flag: flags[flag] for flag in STANDARD_FLAGS},
            "seat_wind": WIND_LETTERS[(who - self.dealer) % 4],
            "round_wind": WIND_LETTERS[self.round_index // 4 % 4],
            "dora_indicators": [str(t) for t in self.dora],
            "ura_indicators": [str(t) for t in ura],
            "honba": honba,
            "riichi_sticks": table_sticks,
        }
        responsible = self.pao.get(who)
        if responsible is not None and responsible != who:
            request["pao"] = WIND_LETTERS[(responsible - self.dealer) % 4]
            if not tsumo:
                request["discarder"] = WIND_LETTERS[(from_who - self.dealer) % 4]
        if self.rules:
            request["rules"] = dict(self.rules)
        notes = _cross_check(flags, recorded)
        if pao != responsible:
            notes.append(
                said(
                    N_("the log makes seat {logged} responsible (pao), the moves seat {seat}"),
                    logged="-" if pao is None else pao,
                    seat="-" if responsible is None else responsible,
                )
            )
        source = Source(
            self.file, str(self.where), who, self.players[who], self.hand_number, self.round_index, self.honba, from_who
        )
        result = Win(request, recorded, source, tuple(player.melds), tuple(notes))
        self.wins.append(result)
        return result

    # Helpers ------------------------------------------------------------------------------------

    def _take(self, seat: int, tiles: Iterable[Tile], what: str) -> None:
        concealed = self.seats[seat].concealed
        for tile in tiles:
            try:
                concealed.remove(tile)
            except ValueError:
                raise self.fail(
                    N_("seat {seat} uses {tile} for a {what} but does not hold it"),
                    seat=seat,
                    tile=str(tile),
                    what=what,
                ) from None

    def _completes_big_set(self, seat: int, called: Tile) -> bool:
        """Does this call make the seat's third dragon set or fourth wind set (the pao calls)?"""
        for group, needed in ((DRAGONS, 3), (WINDS, 4)):
            if called.index in group:
                sets = {
                    m.tiles[0].index for m in self.seats[seat].melds if m.kind != "chi" and m.tiles[0].index in group
                }
                return len(sets) == needed
        return False

    def _count_call(self) -> None:
        self.calls += 1
        if self.calls > MAX_CALLS_PER_HAND:
            raise self.fail(N_("more than {most} calls and kans in one hand"), most=MAX_CALLS_PER_HAND)

    def _settle_kan(self) -> None:
        """The added kan declared just before was not robbed: now it interrupts like any call."""
        if self.kan_standing:
            self.kan_standing = False
            self._interrupt()

    def _interrupt(self) -> None:
        self.calls_made = True
        for player in self.seats:
            player.ippatsu = False

    def _settle_riichi(self) -> None:
        """A riichi discard nobody ronned: the stick is on the table and ippatsu begins."""
        if self.pending_riichi is not None:
            player = self.seats[self.pending_riichi]
            player.riichi = player.ippatsu = True
            self.sticks += 1
            self.pending_riichi = None


_FLAG_YAKU = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
)
"""Situation yaku a log records under the same name as the flag the moves set."""


def _cross_check(flags: dict[str, bool], recorded: Recorded) -> list[str]:
    """Situation yaku the moves show but the log does not record, or the other way round."""
    if recorded.yakuman and not (flags["tenhou"] or flags["chiihou"]):
        return []  # a yakuman hand lists only its yakuman: the situation yaku are not there to compare
    listed = {name for name, _ in recorded.yaku}
    if flags["double_riichi"]:
        flags = {**flags, "riichi": False}  # double riichi replaces riichi in the yaku list
    notes: list[str] = []
    for yaku in _FLAG_YAKU:
        if recorded.yakuman and yaku not in ("tenhou", "chiihou"):
            continue
        if flags[yaku] and yaku not in listed:
            notes.append(said(N_("the moves show {yaku} but the log does not record it"), yaku=yaku))
        elif yaku in listed and not flags[yaku]:
            notes.append(said(N_("the log records {yaku} but the moves do not show it"), yaku=yaku))
    return notes
