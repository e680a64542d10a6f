"""Practise my games: game logs a learner imports, kept as their own and asked hand by hand. No Flask here.

A learner uploads or pastes a Tenhou log (:mod:`tutor.gamelog` reads it); :func:`import_game` stores
the game and every win in one transaction (a log that cannot be read, or has no win to ask, stores
nothing). Each stored game belongs to one account (a guest's too) and every lookup takes the owner:
another account's game is :class:`NotFound`, the same as a game that does not exist.

The hands are asked through the practice loop (:func:`tutor.practice.sessions.start_game`, mode ``"game"``):
:func:`game_exercise` turns the next win's score request into an ordinary exercise of the parts the
learner chose (yaku, han, fu, points), so grading, storage, progress and review are those of any
practice question. After a hand's feedback, :func:`beside` puts the log's recorded result next to our
engine's, with each difference named and, where it is a known rule difference, explained.

A teacher can set a class assignment from a log (:func:`class_hands`): the hands are copied into the
assignment's settings, so the class scores the same real hands whatever becomes of the file. Player
names are personal: a class's copy keeps seats only, and pages show seats, not names, wherever a
hand is asked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlite_utils import Database

from tutor.clock import moment as current_moment
from tutor.clock import now, stamp
from tutor.db import write_transaction
from tutor.engine.situation import WIND_LETTERS
from tutor.engine.standings import (
    SEAT_NAMES,  # a hand's winner is named by seat, never by player
    SEATS,
    shown,
    standings,
)
from tutor.engine.tiles import parse_tiles
from tutor.gamelog import Comparison, GameLog, LogError, Win, compare, read_log
from tutor.gamelog.model import round_name
from tutor.messages.catalogues import N_, Problem, Sayable, said
from tutor.quiz.exercise import Exercise
from tutor.quiz.kinds.hand import HandQuestion, parts_of_hand
from tutor.quiz.makers import HAND_PARTS
from tutor.quiz.questions import KINDS, Question, QuestionError

MAX_UPLOAD = 1024 * 1024
"""The largest upload the game routes take (the app's usual limit is 256 kB). A whole hanchan is
10-30 kB as Tenhou's gzipped mjlog, 20-60 kB as tenhou.net/6 JSON and under 200 kB as plain XML:
1 MB leaves room for long games without letting anyone post megabytes to a page."""
TOO_LARGE = N_(
    "The log is larger than 1 MB: that is not one game (a whole game is under 200 kB;"
    " Tenhou's .mjlog file about 10-30 kB). Upload the log of a single game."
)
NO_LOG = N_("Choose a log file or paste the log's text.")
NO_WINS = N_("This log has no win to practise: every hand ended in a draw.")
NONE_ASKABLE = N_("None of this log's wins can be asked: our engine refuses each of them.")
MAX_TITLE = 80
MAX_GAMES = 200
"""Games one account may keep (delete old ones to import more): each is a few kB of JSON."""
TOO_MANY = N_("You keep {most} games already: delete one to import another.")


UPLOADS_PER_GUEST = 10
"""Uploads (read or refused) one guest account may make in an hour."""
UPLOADS_PER_ADDRESS = 30
"""Uploads all the guests of one address may make in an hour (a class behind one address registers)."""
UPLOADS_PER_ACCOUNT = 100
"""Uploads a registered account may make in a day."""
STORAGE_GUEST = 512 * 1024
STORAGE_ACCOUNT = 4 * 1024 * 1024
"""Bytes of stored hands a guest / a registered account may keep: a real game stores about 1 kB a win,
6-15 kB in all, so 4 MB is some 300 games (and MAX_GAMES comes first)."""
TOO_MUCH_STORED = N_(
    "Your games would take {size} kB, more than the {most} kB an account keeps: delete a game to import another."
)


class TooManyUploads(Problem):
    """Too many uploads lately, from this guest or address, or by this account today (answered with 429)."""

    def __init__(self, minutes: int) -> None:
        if minutes == 1:
            super().__init__(N_("Too many game logs uploaded. Try again in 1 minute."))
        else:
            super().__init__(N_("Too many game logs uploaded. Try again in {minutes} minutes."), minutes=minutes)
        self.minutes = minutes


@dataclass(frozen=True)
class Storage:
    """What an account's games take, against its cap (shown on the games page)."""

    used: int
    most: int


class NotFound(LookupError):
    """No such game for this account (another account's game is not found either)."""


@dataclass(frozen=True)
class Game:
    id: int
    user_id: int
    title: str
    format: str
    """``"mjlog"`` or ``"tenhou6"``."""
    players: tuple[str, ...]
    """The names in the log, East (of the first hand) first: shown to the owner only."""
    rules: dict[str, Any]
    hands: int
    """Hands played, draws included."""
    wins: int
    askable: int
    """Wins that can be asked (our engine scores them)."""
    created_at: str
    seat: int | None = None
    """The learner's seat (0-3, in :attr:`players`' order), once chosen; None: not chosen."""
    scores: dict[str, Any] | None = None
    """The scores after each hand and the game's end (:meth:`tutor.gamelog.GameLog.scores_json`); None for a
    game imported before they were kept."""


@dataclass(frozen=True)
class Hand:
    """One stored win of a game, in play order."""

    position: int
    win: Win
    problem: str | None
    """Why it is not asked (our engine's refusal), or None when it is."""


# --- reading and storing ------------------------------------------------------------------------


def read_upload(data: bytes | str, file: str) -> tuple[GameLog, list[tuple[Win, str | None]]]:
    """Read a log and check each win can be asked; raises LogError naming the problem."""
    log = read_log(data, file)
    if not log.wins:
        raise LogError(NO_WINS)
    checked = [(win, refusal(win.request)) for win in log.wins]
    if all(problem for _, problem in checked):
        raise LogError(NONE_ASKABLE)
    return log, checked


def refusal(request: Mapping[str, Any]) -> str | None:
    """Why our engine cannot ask this hand (None: it can)."""
    try:
        result = Question.from_json({"ask": "han", "request": dict(request)}).result
    except QuestionError as problem:
        return str(problem)
    return None if result is not None and result.best is not None and result.payment is not None else "no yaku"


def _title(file: str) -> str:
    name = file.replace("\\", "/").rsplit("/", 1)[-1].strip()
    return (name or "-")[:MAX_TITLE]


def count_upload(db: Database, user_id: int, address: str, guest: bool, at: datetime | None = None) -> None:
    """Count an upload before it is read (reading is the work a flood would cost), or refuse it with
    :class:`TooManyUploads`: per guest and per address by the hour, per registered account by the day."""
    moment = current_moment(at)
    with write_transaction(db):
        db.execute("DELETE FROM upload_attempts WHERE at < ?", [stamp(moment - timedelta(days=1))])
        if guest:
            limits = [
                ("user_id = ?", user_id, UPLOADS_PER_GUEST, timedelta(hours=1)),
                ("guest = 1 AND address = ?", address, UPLOADS_PER_ADDRESS, timedelta(hours=1)),
            ]
        else:
            limits = [("user_id = ?", user_id, UPLOADS_PER_ACCOUNT, timedelta(days=1))]
        for where, value, most, window in limits:
            row = next(
                db.query(
                    f"SELECT COUNT(*) AS n, MIN(at) AS oldest FROM upload_attempts WHERE {where} AND at >= ?",
                    [value, stamp(moment - window)],
                )
            )
            if row["n"] >= most:
                free_at = datetime.fromisoformat(row["oldest"]) + window
                raise TooManyUploads(max(1, -(-int((free_at - moment).total_seconds()) // 60)))
        db.execute(
            "INSERT INTO upload_attempts (user_id, address, guest, at) VALUES (?, ?, ?, ?)",
            [user_id, address, int(guest), stamp(moment)],
        )


def storage(db: Database, user_id: int, guest: bool) -> Storage:
    """The bytes this account's stored hands take, and its cap."""
    row = next(
        db.query(
            "SELECT IFNULL(SUM(LENGTH(CAST(w.record AS BLOB))), 0) AS used FROM game_wins w"
            " JOIN game_logs g ON g.id = w.game_id WHERE g.user_id = ?",
            [user_id],
        )
    )
    return Storage(int(row["used"]), STORAGE_GUEST if guest else STORAGE_ACCOUNT)


def import_game(db: Database, user_id: int, data: bytes | str, file: str, guest: bool = False) -> Game:
    """Read a log and store it with its wins as this account's own, all or nothing (within the
    account's :func:`storage` cap and :data:`MAX_GAMES`)."""
    title = _title(file)
    log, checked = read_upload(data, title)
    return store_log(db, user_id, log, checked, title, guest)


def store_log(
    db: Database, user_id: int, log: GameLog, checked: Sequence[tuple[Win, str | None]], title: str, guest: bool
) -> Game:
    """Store a read log (``checked``: each win with why it cannot be asked, or None) as this account's own
    game, all or nothing: an imported log, or a game at the table (:mod:`tutor.table.practice`)."""
    records = [json.dumps(win.as_record(), ensure_ascii=False, sort_keys=True) for win, _ in checked]
    size = sum(len(record.encode()) for record in records)
    with write_transaction(db):
        kept = next(db.query("SELECT COUNT(*) AS n FROM game_logs WHERE user_id = ?", [user_id]))["n"]
        if kept >= MAX_GAMES:
            raise LogError(TOO_MANY, most=MAX_GAMES)
        held = storage(db, user_id, guest)
        if held.used + size > held.most:
            raise LogError(TOO_MUCH_STORED, size=-(-(held.used + size) // 1024), most=held.most // 1024)
        cursor = db.execute(
            "INSERT INTO game_logs"
            " (user_id, title, format, players, rules, hands, wins, askable, created_at, seat, scores)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                user_id,
                title[:MAX_TITLE] or "-",
                log.format,
                json.dumps(list(log.players), ensure_ascii=False),
                json.dumps(log.rules, sort_keys=True),
                log.hands,
                len(checked),
                sum(1 for _, problem in checked if problem is None),
                now(),
                remembered_seat(db, user_id, log.players),
                json.dumps(log.scores_json()),
            ],
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        for position, ((_, problem), record) in enumerate(zip(checked, records, strict=True), start=1):
            db.execute(
                "INSERT INTO game_wins (game_id, position, record, problem) VALUES (?, ?, ?, ?)",
                [game_id, position, record, problem],
            )
    return game(db, user_id, game_id)


def _game(row: Mapping[str, Any]) -> Game:
    return Game(
        row["id"],
        row["user_id"],
        row["title"],
        row["format"],
        tuple(json.loads(row["players"])),
        json.loads(row["rules"]),
        row["hands"],
        row["wins"],
        row["askable"],
        row["created_at"],
        row.get("seat"),
        json.loads(row["scores"]) if row.get("scores") else None,
    )


def games(db: Database, user_id: int) -> list[Game]:
    """This account's games, the latest first."""
    rows = db.query("SELECT * FROM game_logs WHERE user_id = ? ORDER BY id DESC", [user_id])
    return [_game(row) for row in rows]


def game(db: Database, user_id: int, game_id: int) -> Game:
    rows = list(db.query("SELECT * FROM game_logs WHERE id = ? AND user_id = ?", [game_id, user_id]))
    if not rows:
        raise NotFound(f"no game {game_id}")
    return _game(rows[0])


def hands(db: Database, user_id: int, game_id: int) -> list[Hand]:
    """Every stored win of one of this account's games, in play order."""
    game(db, user_id, game_id)
    rows = db.query("SELECT * FROM game_wins WHERE game_id = ? ORDER BY position", [game_id])
    return [Hand(row["position"], Win.from_record(json.loads(row["record"])), row["problem"]) for row in rows]


def remembered_seat(db: Database, user_id: int, players: Sequence[str]) -> int | None:
    """The seat of ``players`` whose name this learner chose in an earlier game (the latest choice first),
    or None: a name chosen once is picked for them next time."""
    rows = db.query(
        "SELECT players, seat FROM game_logs WHERE user_id = ? AND seat IS NOT NULL ORDER BY id DESC LIMIT 50",
        [user_id],
    )
    for row in rows:
        names = json.loads(row["players"])
        name = names[row["seat"]] if 0 <= row["seat"] < len(names) else ""
        if name and name in players:
            return list(players).index(name)
    return None


NO_SUCH_SEAT = N_("Choose one of the game's four players.")


def choose_seat(db: Database, user_id: int, game_id: int, seat: Any) -> Game:
    """Record which player the learner was in one of their games (0-3), or forget it (None)."""
    found = game(db, user_id, game_id)
    if seat is not None and (type(seat) is not int or not 0 <= seat < len(found.players)):
        raise Problem(NO_SUCH_SEAT)
    with write_transaction(db):
        db.execute("UPDATE game_logs SET seat = ? WHERE id = ? AND user_id = ?", [seat, game_id, user_id])
    return game(db, user_id, game_id)


def delete_game(db: Database, user_id: int, game_id: int) -> Game:
    """Delete a game and its stored hands. Answers already given stay in the learner's progress (each
    question keeps its own copy of the hand); a session still on the game ends at its next question."""
    found = game(db, user_id, game_id)
    with write_transaction(db):
        db.execute("DELETE FROM game_wins WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM game_logs WHERE id = ? AND user_id = ?", [game_id, user_id])
    return found


# --- asking the hands ---------------------------------------------------------------------------


def topic_of(parts: Sequence[str]) -> str:
    """The practice topic a game hand counts under in progress, from what it asks first."""
    asked = [p for p in HAND_PARTS if p in parts] or list(HAND_PARTS)
    first = KINDS[asked[0]]
    assert issubclass(first, HandQuestion)  # HAND_PARTS are hand kinds
    return first.progress_topic


def exercise_of(request: Mapping[str, Any], parts: Sequence[str], itemised: bool, seed: str) -> Exercise:
    """The exercise asking ``parts`` (all four when none) of a logged hand, as a made hand is asked them (a limit
    hand's fu are not asked: see :func:`tutor.quiz.kinds.hand.parts_of_hand`)."""
    asked = [p for p in HAND_PARTS if p in parts] or list(HAND_PARTS)
    payloads = parts_of_hand(dict(request), asked, itemised)
    return Exercise.from_json({"topic": topic_of(parts), "parts": payloads, "difficulty": 2, "seed": seed})


@dataclass(frozen=True)
class Asked:
    """One hand of a game as practice asks it: the winner's own hand (``payer`` None: the parts chosen), or
    what the learner paid for someone else's win (``payer``: the learner's seat wind in that hand)."""

    record: dict[str, Any]
    payer: str | None = None


def asked_hands(records: Sequence[dict[str, Any]], seat: int | None) -> list[Asked]:
    """The hands practice asks, in play order: every win (``seat`` None), or the learner's: the wins of
    ``seat`` and the wins ``seat`` paid for (dealt into, or another's tsumo). A win stored before the
    seat it was won from was kept is asked only of its winner."""
    if seat is None:
        return [Asked(record) for record in records]
    asked = []
    for record in records:
        source, request = record["source"], record["request"]
        winner, taken_from = source["seat"], source.get("from_seat")
        if winner == seat:
            asked.append(Asked(record))
        elif taken_from is not None and taken_from in (seat, winner):
            dealer = (winner - WIND_LETTERS.index(request["seat_wind"])) % 4
            asked.append(Asked(record, WIND_LETTERS[(seat - dealer) % 4]))
    return asked


def _askable_records(db: Database, user_id: int, game_id: Any) -> list[dict[str, Any]]:
    """The stored records of the askable wins of the learner's game, in play order (at most 180)."""
    rows = db.query(
        "SELECT w.record FROM game_wins w JOIN game_logs g ON g.id = w.game_id"
        " WHERE g.id = ? AND g.user_id = ? AND w.problem IS NULL ORDER BY w.position",
        [game_id, user_id],
    )
    return [json.loads(row["record"]) for row in rows]


def _asked(db: Database, user_id: int, settings: Mapping[str, Any], position: int) -> Asked | None:
    """Hand ``position`` (1, 2, ...) a game session asks, or None past the last."""
    seat = settings.get("seat") if settings.get("whose") == "mine" else None
    asked = asked_hands(_askable_records(db, user_id, settings.get("game")), seat)
    return asked[position - 1] if 1 <= position <= len(asked) else None


def paid_request(asked: Asked) -> dict[str, Any]:
    """The winner's request with the discarder named (a ron's payer), for a "paid" question."""
    request = dict(asked.record["request"])
    if not request["tsumo"] and asked.payer is not None:
        request["discarder"] = asked.payer
    return request


def game_exercise(db: Database, user_id: int, settings: Mapping[str, Any], position: int) -> Exercise | None:
    """Hand ``position`` (1, 2, ...) of what a session on the learner's own game asks; None past the last
    (or once the game is deleted)."""
    asked = _asked(db, user_id, settings, position)
    if asked is None:
        return None
    seed = f"game/{settings['game']}/{position}"
    if asked.payer is not None:
        return _paid_exercise(asked, seed)
    return exercise_of(asked.record["request"], settings["parts"], settings["itemised"], seed)


def _paid_exercise(asked: Asked, seed: str) -> Exercise:
    """ "How much did you pay, and why": the one question a hand the learner paid for asks."""
    part = {"ask": "paid", "request": paid_request(asked), "payer": asked.payer}
    return Exercise.from_json({"topic": "points", "parts": [part], "difficulty": 2, "seed": seed})


def game_size(db: Database, user_id: int, game_id: int, seat: int | None) -> int:
    """How many hands a session on this game asks: every askable win, or the learner's (``seat``)."""
    return len(asked_hands(_askable_records(db, user_id, game_id), seat))


def class_hands(data: bytes | str, file: str, player: str | None = None) -> list[dict[str, Any]]:
    """The askable wins of a log as a class assignment keeps them: no player names, no file name.

    ``player`` (a name in the log) limits them to that player's hands: their wins, and the wins they paid
    for, each kept with the ``payer``'s seat wind so that it is asked as a "paid" question."""
    log, checked = read_upload(data, file)
    seat = None
    if player:
        if player not in log.players:
            raise LogError(NO_SUCH_PLAYER, player=player[:MAX_TITLE], players=", ".join(p for p in log.players if p))
        seat = log.players.index(player)
    records = [win.as_record() for win, problem in checked if problem is None]
    hands = []
    for asked in asked_hands(records, seat):
        record = dict(asked.record)
        record["source"] = {**record["source"], "player": None, "file": "-"}
        if asked.payer is not None:
            record["payer"] = asked.payer
        hands.append(record)
    if not hands:
        raise LogError(NOTHING_FOR_PLAYER, player=player or "")
    return hands


NO_SUCH_PLAYER = N_("This log has no player named {player}; its players are {players}.")
NOTHING_FOR_PLAYER = N_("{player} neither won nor paid for a win that can be asked in this log.")


def hand_exercise(settings: Mapping[str, Any], position: int) -> Exercise:
    """Question ``position`` of an assignment set from a log (its settings carry the ``hands``)."""
    record = settings["hands"][position - 1]
    if record.get("payer"):
        return _paid_exercise(Asked(record, record["payer"]), f"log/{position}")
    request = record["request"]
    return exercise_of(request, settings.get("parts") or (), bool(settings.get("itemised")), f"log/{position}")


# --- the log's result beside ours ---------------------------------------------------------------


@dataclass(frozen=True)
class Beside:
    """A logged win: what the log recorded, what our engine makes of it, and why they differ."""

    win: Win
    ours: Comparison
    explanations: tuple[str, ...]
    """Said text: the rule differences that account for the differences, where we know them."""

    @property
    def agrees(self) -> bool:
        return not self.ours.differences

    @property
    def seat(self) -> str:
        """The winner's seat wind in that hand (a marked word): pages show it instead of a name."""
        return SEAT_NAMES.get(str(self.win.request.get("seat_wind")), N_("East"))


MANGAN = {True: 12000, False: 8000}
"""A mangan's value before honba and sticks, for the dealer and for anyone else."""
WIND_TILES = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
KIRIAGE_CELLS = ((4, 30), (3, 60))
"""The cells kiriage mangan rounds up to a mangan (RULES.md section 8)."""
GENERAL = N_(
    "Our answers follow Tenhou's rules (no kiriage mangan, open tanyao on, one red five per suit, double wind"
    " pair 4 fu). A log from another lobby or rule set can differ there; if this looks like our mistake,"
    " report the question."
)


def _double_wind_pair(win: Win) -> bool:
    """Whether the winner's pair could be a double wind (seat and round wind alike, two of it concealed)."""
    seat, round_wind = win.request.get("seat_wind"), win.request.get("round_wind")
    if seat != round_wind or seat not in WIND_TILES:
        return False
    return [str(t) for t in parse_tiles(str(win.request.get("hand", "")))].count(WIND_TILES[seat]) == 2


def beside(win: Win) -> Beside:
    """Compare a logged win with our engine's score, and name the known rule differences that account for
    what differs (the general note comes last, whenever anything differs)."""
    ours = compare(win)
    if not ours.differences:
        return Beside(win, ours, ())
    recorded = win.recorded
    dealer = win.request.get("seat_wind") == "E"
    explanations: list[str] = []
    if (ours.han, ours.fu) in KIRIAGE_CELLS and recorded.points == MANGAN[dealer]:
        explanations.append(
            said(
                N_(
                    "The log pays {han} han {fu} fu as a mangan: that lobby plays kiriage mangan (rounding"
                    " 30 fu 4 han and 60 fu 3 han up to mangan), which Tenhou does not."
                ),
                han=ours.han,
                fu=ours.fu,
            )
        )
    if recorded.yakuman and ours.han is not None and ours.han != recorded.han and ours.han >= 13:
        explanations.append(
            said(
                N_(
                    "Lobbies count yakuman differently: Tenhou counts each yakuman once (no double yakuman"
                    " hands) and adds different ones together."
                )
            )
        )
    if ours.fu is not None and recorded.fu is not None and ours.fu != recorded.fu and _double_wind_pair(win):
        explanations.append(
            said(N_("Some rules give a double wind pair 2 fu, not 4 (Tenhou): this hand's pair is a double wind."))
        )
    if win.notes:
        explanations.append(
            said(N_("The log's yaku list and the moves disagree on a situation yaku: we score what the moves show."))
        )
    explanations.append(said(GENERAL))
    return Beside(win, ours, tuple(explanations))


def logged_win(
    db: Database, session: Mapping[str, Any], position: int, assignment: Mapping[str, Any] | None = None
) -> Win | None:
    """The logged win behind question ``position`` of a session on a game: the learner's own (mode
    ``"game"``), or a class's (``assignment``: the settings of the assignment the session is an attempt at,
    set from a log); None for any other question."""
    settings = session["settings"]
    if session["mode"] == "game":
        asked = _asked(db, session["user_id"], settings, position)
        return Win.from_record(asked.record) if asked is not None else None
    hands = assignment.get("hands") if assignment else None
    if hands and 1 <= position <= len(hands):
        return Win.from_record(hands[position - 1])
    return None


# --- the game drawn -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreRow:
    """Every player's score after one hand, for the game's page."""

    title: Sayable
    won: bool
    after: tuple[int, ...]


@dataclass(frozen=True)
class EndRow:
    """One player at the game's end: our standings engine's final points beside the log's."""

    rank: int
    seat: int
    """0-3, in the log's order (the seat of the first hand)."""
    score: int
    ours: str
    """Our final points as players write them (+45.0)."""
    logged: str | None
    """The log's, when it states them."""

    @property
    def agrees(self) -> bool:
        return self.logged is None or self.logged == self.ours


@dataclass(frozen=True)
class GameEnd:
    rows: tuple[EndRow, ...]
    sticks: int
    """Riichi sticks left on the table at the end (they go to first place)."""
    problem: Problem | None = None
    """Why our engine cannot rank these scores (they do not add up), or None."""

    @property
    def agrees(self) -> bool:
        return all(row.agrees for row in self.rows)


def score_rows(found: Game) -> list[ScoreRow]:
    """The scores after each hand, as the log states them (none for a game imported before they were kept)."""
    hands = (found.scores or {}).get("hands") or []
    return [
        ScoreRow(round_name(h["round_index"], h["honba"]), bool(h["won"]), tuple(h["after"]))
        for h in hands
        if len(h.get("after", ())) == 4
    ]


def game_end(found: Game) -> GameEnd | None:
    """The final standings by our engine (:func:`tutor.engine.standings.standings`, Tenhou's rules) next to
    the log's final points; None when the log states no scores."""
    kept = found.scores or {}
    final = kept.get("final") or {}
    hands = kept.get("hands") or []
    scores = final.get("scores") or (hands[-1]["after"] if hands else None)
    start = kept.get("start")
    if not scores or len(scores) != 4 or not start or len(start) != 4:
        return None
    # What is missing from the start's total is riichi sticks still on the table (first place takes them).
    sticks, rest = divmod(sum(start) - sum(scores), 1000)
    logged = final.get("points")
    try:
        if rest or sticks < 0:
            raise Problem(N_("the end scores do not add up to the start's"))
        ranked = standings(tuple(scores), sticks, "tenhou")
    except Problem as problem:
        return GameEnd((), 0, problem)
    rows = tuple(
        EndRow(
            row.rank,
            SEATS.index(row.seat),
            row.score,
            shown(row.final),
            shown(round(logged[SEATS.index(row.seat)] * 10)) if logged and len(logged) == 4 else None,
        )
        for row in ranked.rows
    )
    return GameEnd(rows, sticks)
