"""The scoring engine: pure Python, no web imports.

>>> from tutor.engine import score_request
>>> score_request({"hand": "234567m23455p678s", "win": "4p", "tsumo": True, "seat_wind": "S"})["points"]
{'tsumo_dealer': 1300, 'tsumo_non_dealer': 700}
"""

from tutor.engine.api import score_request
from tutor.engine.hand import Hand, HandError, Meld, MeldKind
from tutor.engine.rules import PRESETS, RuleSet
from tutor.engine.score import ScoreResult, score
from tutor.engine.situation import Situation
from tutor.engine.tiles import Tile, TileNotationError, format_tiles, parse_tiles

__all__ = [
    "Hand",
    "HandError",
    "Meld",
    "MeldKind",
    "PRESETS",
    "RuleSet",
    "ScoreResult",
    "Situation",
    "Tile",
    "TileNotationError",
    "format_tiles",
    "parse_tiles",
    "score",
    "score_request",
]
