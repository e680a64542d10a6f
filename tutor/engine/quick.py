"""A quick reader for the common shape of score request; anything else goes to the full parser.

Most requests are a JSON object with a hand, a winning tile, true/false
flags, winds, a few indicators and perhaps melds or rule options, all well
formed. :func:`quick_parse` reads exactly those, straight through, and
answers None for anything else, including every request the full parser
(:func:`.api.parse_request`) would refuse: the full parser then reads it
again and words the refusal. So the quick path changes no answer, only how
fast the common one comes; a test keeps the two readers in step.

>>> hand, situation, rules = quick_parse({"hand": "123m456m789p345s55s", "win": "5s", "riichi": True})
>>> str(hand), situation.riichi, rules.name
('123456m789p34555s win:5s', True, 'tenhou')
>>> quick_parse({"hand": "123m456m789p345s55s", "win": "5s", "tsumo": "yes"}) is None  # the full parser says why
True
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from tutor.engine.hand import Hand, HandError, Meld
from tutor.engine.rules import TENHOU, RuleError, RuleSet
from tutor.engine.situation import FLAGS, WIND_LETTERS, Situation
from tutor.engine.tiles import SUITS, Tile

_FIELDS = frozenset(("hand", "win", "melds", "seat_wind", "round_wind", "dora_indicators", "ura_indicators"))
_QUICK_FIELDS = _FIELDS | {"honba", "riichi_sticks", "rules", *FLAGS}
"""What the quick path reads; a request naming pao or a discarder goes to the full parser."""
_FLAGS = frozenset(FLAGS)
_FLAG_POSITION = {name: position for position, name in enumerate(FLAGS)}
_RIICHI, _DOUBLE_RIICHI = _FLAG_POSITION["riichi"], _FLAG_POSITION["double_riichi"]
_WINDS = frozenset(WIND_LETTERS)
_MAX_HAND_TEXT = 64
_MAX_COUNT = 999
_TILE = Tile._interned
"""Every single tile by its text (``"5m"``, ``"0p"``, ``"7z"``)."""
_DIGITS = {suit: {str(n): _TILE[f"{n}{suit}"] for n in range(10) if f"{n}{suit}" in _TILE} for suit in SUITS}
_RULES: dict[tuple[tuple[str, type, Any], ...], RuleSet] = {}
"""Rule sets read before, by their options: equal options give the same RuleSet object, so
the scorer's per-rules caches (keyed by identity) keep working across requests."""


def quick_parse(request: Any) -> tuple[Hand, Situation, RuleSet] | None:
    """The request read as :func:`.api.parse_request` reads it, or None when it is not the common
    shape (the full parser then decides, refusals included). Never raises."""
    if type(request) is not dict or not _QUICK_FIELDS.issuperset(request):
        return None
    get = request.get
    hand_text = get("hand")
    win_text = get("win")
    win = _TILE.get(win_text) if type(win_text) is str else None
    if type(hand_text) is not str or win is None or len(hand_text) > _MAX_HAND_TEXT:
        return None
    flags = [False] * len(FLAGS)  # Situation's true/false fields, in its order
    for name in _FLAGS.intersection(request):
        value = request[name]
        if value is True:
            flags[_FLAG_POSITION[name]] = True
        elif value is not False:
            return None
    seat_wind = get("seat_wind", "E")
    round_wind = get("round_wind", "E")
    honba = get("honba", 0)
    sticks = get("riichi_sticks", 0)
    if (
        type(seat_wind) is not str
        or seat_wind not in _WINDS
        or type(round_wind) is not str
        or round_wind not in _WINDS
        or type(honba) is not int
        or not 0 <= honba <= _MAX_COUNT
        or type(sticks) is not int
        or not 0 <= sticks <= _MAX_COUNT
    ):
        return None
    dora = _indicators(get("dora_indicators"))
    ura = get("ura_indicators")
    ura = () if ura is None else _indicators(ura)  # (most requests have none: no call for them)
    rules = get("rules")
    rules = TENHOU if rules is None else _rules(rules)
    melds = _melds(request["melds"]) if "melds" in request else ()
    concealed = _tiles(hand_text)
    if dora is None or ura is None or rules is None or melds is None or concealed is None:
        return None
    try:
        hand = Hand.build(concealed, win, melds)
    except HandError:
        return None
    if flags[_DOUBLE_RIICHI]:
        flags[_RIICHI] = True  # double riichi implies riichi
    situation = _situation((*flags, seat_wind, round_wind, dora, ura, honba, sticks, None, None))
    return hand, situation, rules


# Situation._make without its length check (the fields above are all there): one Python call less per request.
_situation = partial(tuple.__new__, Situation)


def _tiles(text: str) -> tuple[Tile, ...] | None:
    """MPSZ text read as :func:`.tiles.parse_tiles` reads good notation; None for anything else."""
    if _WELL_FORMED.fullmatch(text) is None:
        return None
    tiles: tuple[Tile, ...] = ()
    for block in _BLOCK.findall(text):
        part = _BLOCKS.get(block)
        if part is None:
            part = tuple(map(_DIGITS[block[-1]].__getitem__, block[:-1]))
            if len(_BLOCKS) < 8192:  # suit blocks recur from hand to hand ("123m", "55p" ...)
                _BLOCKS[block] = part
        tiles += part
    return tiles


# Good notation, as tiles.py reads it: blocks of digits, each closed by its suit letter (honours 1-7).
_WELL_FORMED = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_BLOCK = re.compile(r"[0-9]+[mpsz]")
_BLOCKS: dict[str, tuple[Tile, ...]] = {}


def _indicators(value: Any) -> tuple[Tile, ...] | None:
    if value is None:
        return ()
    if type(value) is not list or len(value) > 5:
        return None
    tiles = []
    for text in value:
        tile = _TILE.get(text) if type(text) is str else None
        if tile is None:
            return None
        tiles.append(tile)
    return tuple(tiles)


def _rules(value: Any) -> RuleSet | None:
    if type(value) is not dict:
        return None
    try:
        key = tuple((name, type(option), option) for name, option in value.items())
        rules = _RULES.get(key)
    except TypeError:  # an option that cannot be a key (a list ...): not the common shape
        return None
    if rules is None:
        try:
            rules = RuleSet.from_overrides(value)
        except RuleError:
            return None
        if len(_RULES) > 256:
            _RULES.clear()
        _RULES[key] = rules
    return rules


def _melds(value: Any) -> tuple[Meld, ...] | None:
    if type(value) is not list or len(value) > 4:
        return None
    melds = []
    for item in value:
        if type(item) is not dict or len(item) != 2:
            return None
        kind, tiles = item.get("kind"), item.get("tiles")
        if type(kind) is not str or type(tiles) is not str or len(tiles) > 16:
            return None
        try:
            melds.append(Meld.parse(kind, tiles))
        except HandError:
            return None
    return tuple(melds)
