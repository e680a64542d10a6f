"""The scoring engine: pure Python, no web imports.

>>> from tutor.engine import score_request
>>> score_request({"hand": "234567m23455p678s", "win": "4p", "tsumo": True, "seat_wind": "S"})["points"]
{'tsumo_dealer': 1300, 'tsumo_non_dealer': 700}
"""

from .api import score_request
from .hand import Hand, HandError, Meld, MeldKind
from .rules import PRESETS, RuleSet
from .score import ScoreResult, score
from .situation import Situation
from .tiles import Tile, TileNotationError, format_tiles, parse_tiles

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
