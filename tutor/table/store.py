"""Where the games at the table are kept: SQLite, one row per game and one per hand (migration m017).

Every write checks the changed list of hands with :func:`~tutor.table.replay` first, inside the same write
transaction, so a hand the rules refuse (a :class:`~tutor.messages.catalogues.Problem`) changes nothing, and
what is stored always replays. A game is its owner's: every call but :func:`shared` takes the owner's user
id, and another account's game is :class:`NotFound` like a game that does not exist.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from tutor.clock import now
from tutor.db import write_transaction
from tutor.messages.catalogues import N_, Problem
from tutor.table.game import GameState, replay
from tutor.table.records import HandRecord, Settings, hand_from_json, hand_to_json, settings_from_json, settings_to_json

MAX_GAMES = 100
"""The most games one account keeps; the oldest must be deleted first."""
MAX_HANDS = 120
"""The most hands one game holds (a hanchan with a long West extension stays far below)."""


class NotFound(LookupError):
    """No such game for this account, or no game with this share token."""


@dataclass(frozen=True)
class TableGame:
    id: int
    user_id: int
    settings: Settings
    hands: tuple[HandRecord, ...]
    share_token: str
    created_at: str
    updated_at: str

    def state(self) -> GameState:
        """The game replayed: scores, round, every hand's payments."""
        return replay(self.settings, self.hands)


def create(db: Database, user_id: int, settings: Settings, night_id: int | None = None) -> TableGame:
    """A new game with no hands yet; a :class:`Problem` when the account already keeps :data:`MAX_GAMES`.
    ``night_id``: the class game night it is a table of (:mod:`tutor.table.nights`, which opens the transaction)."""
    with write_transaction(db):
        count = db.execute("SELECT COUNT(*) FROM table_games WHERE user_id = ?", [user_id]).fetchone()[0]
        if count >= MAX_GAMES:
            raise Problem(N_("you keep {most} games already: delete one to start another"), most=MAX_GAMES)
        at = now()
        cursor = db.execute(
            "INSERT INTO table_games (user_id, settings, share_token, created_at, updated_at, night_id)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                user_id,
                json.dumps(settings_to_json(settings), ensure_ascii=False),
                secrets.token_urlsafe(18),
                at,
                at,
                night_id,
            ],
        )
        game_id = cursor.lastrowid
    assert game_id is not None
    return load(db, user_id, game_id)


def _game(db: Database, row: Any) -> TableGame:
    game_id, user_id, settings, token, created, updated = row
    hands = tuple(
        hand_from_json(json.loads(record))
        for (record,) in db.execute(
            "SELECT record FROM table_hands WHERE game_id = ? ORDER BY position", [game_id]
        ).fetchall()
    )
    return TableGame(game_id, user_id, settings_from_json(json.loads(settings)), hands, token, created, updated)


_COLUMNS = "id, user_id, settings, share_token, created_at, updated_at"


def load(db: Database, user_id: int, game_id: int) -> TableGame:
    """The owner's game; :class:`NotFound` for a game of another account or none."""
    row = db.execute(f"SELECT {_COLUMNS} FROM table_games WHERE id = ? AND user_id = ?", [game_id, user_id]).fetchone()
    if row is None:
        raise NotFound(game_id)
    return _game(db, row)


def shared(db: Database, token: str) -> TableGame:
    """The game behind a share link, to be shown read-only."""
    row = db.execute(f"SELECT {_COLUMNS} FROM table_games WHERE share_token = ?", [token]).fetchone()
    if row is None:
        raise NotFound(token)
    return _game(db, row)


def games(db: Database, user_id: int) -> list[TableGame]:
    """The account's games, the one played last first."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM table_games WHERE user_id = ? ORDER BY updated_at DESC, id DESC", [user_id]
    ).fetchall()
    return [_game(db, row) for row in rows]


def _rewrite(db: Database, user_id: int, game_id: int, change: Any) -> TableGame:
    """Load the game inside a write transaction, apply ``change`` to its list of hands, replay the new list
    (a Problem refuses it and nothing is written) and store it."""
    with write_transaction(db):
        game = load(db, user_id, game_id)
        hands: list[HandRecord] = change(list(game.hands))
        if len(hands) > MAX_HANDS:
            raise Problem(N_("a game holds at most {most} hands"), most=MAX_HANDS)
        replay(game.settings, hands)
        _store_hands(db, game_id, game.hands, hands)
        db.execute("UPDATE table_games SET updated_at = ? WHERE id = ?", [now(), game_id])
    return load(db, user_id, game_id)


def _store_hands(db: Database, game_id: int, old: Sequence[HandRecord], new: Sequence[HandRecord]) -> None:
    """Write only the positions that changed: adding a hand is one insert."""
    for position, record in enumerate(new):
        if position < len(old) and old[position] == record:
            continue
        db.execute(
            "INSERT INTO table_hands (game_id, position, record) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id, position) DO UPDATE SET record = excluded.record",
            [game_id, position, json.dumps(hand_to_json(record), ensure_ascii=False)],
        )
    db.execute("DELETE FROM table_hands WHERE game_id = ? AND position >= ?", [game_id, len(new)])


def _at(hands: list[HandRecord], position: int) -> int:
    if not 0 <= position < len(hands):
        raise Problem(N_("there is no hand {number} in this game"), number=position + 1)
    return position


def add(db: Database, user_id: int, game_id: int, record: HandRecord) -> TableGame:
    """Play one more hand (refused with a Problem when the rules refuse it, e.g. after the game ended)."""
    return _rewrite(db, user_id, game_id, lambda hands: [*hands, record])


def edit(db: Database, user_id: int, game_id: int, position: int, record: HandRecord) -> TableGame:
    """Put ``record`` in place of the hand at ``position`` (0 for the first); every hand after it replays."""

    def change(hands: list[HandRecord]) -> list[HandRecord]:
        hands[_at(hands, position)] = record
        return hands

    return _rewrite(db, user_id, game_id, change)


def remove(db: Database, user_id: int, game_id: int, position: int) -> TableGame:
    """Take out the hand at ``position``; every hand after it replays (and is refused if it no longer can be)."""

    def change(hands: list[HandRecord]) -> list[HandRecord]:
        del hands[_at(hands, position)]
        return hands

    return _rewrite(db, user_id, game_id, change)


def delete(db: Database, user_id: int, game_id: int) -> None:
    """Delete the owner's game and its hands."""
    with write_transaction(db):
        load(db, user_id, game_id)
        db.execute("DELETE FROM table_hands WHERE game_id = ?", [game_id])
        db.execute("DELETE FROM table_games WHERE id = ?", [game_id])
