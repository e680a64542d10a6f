"""The game at the table: settings, hand records and the replay that keeps the score (docs/table.md).

It scores with the engine and speaks through the message core; it never loads Flask.
"""

from tutor.table.game import Change, GameState, Played, replay
from tutor.table.records import (
    DoubleRon,
    Draw,
    Entered,
    HandRecord,
    Quick,
    Settings,
    Win,
    hand_from_json,
    hand_to_json,
    settings_from_json,
    settings_to_json,
)

__all__ = [
    "Change",
    "DoubleRon",
    "Draw",
    "Entered",
    "GameState",
    "HandRecord",
    "Played",
    "Quick",
    "Settings",
    "Win",
    "hand_from_json",
    "hand_to_json",
    "replay",
    "settings_from_json",
    "settings_to_json",
]
