"""The score contract (``../shared/api/score.md``): JSON request in, JSON response out.

:func:`score_request` is the one function behind ``tutor score --json``,
``tutor score --jsonl`` and ``POST /api/score``. It never raises for bad
input: every refusal is an ``{"error": {"code", "message"}}`` object.

>>> response = score_request({"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"})
>>> response["han"], response["fu"], response["points"], response["total"]
(2, 30, {'ron': 2000}, 2000)
>>> score_request({"hand": "123m456m789p345s55s", "win": "5s", "tsumo": "yes"})["error"]["code"]
'bad_request'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn

from tutor.engine.hand import Hand, HandError, Meld
from tutor.engine.pao import check_pao, check_seats, settle, settlement_json
from tutor.engine.points import contract_points
from tutor.engine.report import contract_fields, describe_reading
from tutor.engine.rules import TENHOU, RuleError, RuleSet
from tutor.engine.score import ReadingScore, ScoreResult, score
from tutor.engine.situation import FLAGS, WIND_LETTERS, Situation
from tutor.engine.tiles import Tile, TileNotationError, parse_tiles
from tutor.messages.catalogues import DEFAULT, N_, Sentence

FIELDS = frozenset(
    (
        "hand",
        "win",
        "melds",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_indicators",
        "honba",
        "riichi_sticks",
        "rules",
        "pao",
        "discarder",
        *FLAGS,
    )
)
MAX_HAND_TEXT = 64
"""Longest "hand" string read; 14 tiles with a suffix each is 28 characters."""
MAX_COUNT = 999
"""Largest honba or riichi stick count accepted."""
MAX_ALTERNATIVES = 3
"""Other readings listed in a response, best first."""


def error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def build_request(
    hand: str,
    win: str,
    *,
    seat: str = "E",
    round_wind: str = "E",
    melds: Sequence[tuple[str, str]] = (),
    flags: Iterable[str] = (),
    dora: str = "",
    ura: str = "",
    honba: int = 0,
    sticks: int = 0,
    preset: str | None = None,
    pao: str = "",
    discarder: str = "",
) -> dict[str, Any]:
    """A score request from loose fields, as the calculator's form and ``tutor score --hand`` give them:
    indicators as tile text (``"3m5p"``), melds as (kind, tiles). Blank fields are left out.

    >>> build_request("123m456m789p345s5s", "5s", melds=[("pon", "777z")], flags=["tsumo"], dora="4s")
    {'hand': '123m456m789p345s5s', 'win': '5s', 'seat_wind': 'E', 'round_wind': 'E', \
'melds': [{'kind': 'pon', 'tiles': '777z'}], 'tsumo': True, 'dora_indicators': ['4s'], 'honba': 0, 'riichi_sticks': 0}
    """
    request: dict[str, Any] = {
        "hand": hand.replace(" ", ""),
        "win": win.strip(),
        "seat_wind": seat,
        "round_wind": round_wind,
    }
    if melds:
        request["melds"] = [{"kind": kind, "tiles": tiles.replace(" ", "")} for kind, tiles in melds]
    for flag in flags:
        request[flag] = True
    for text, name, what in ((dora, "dora_indicators", "dora"), (ura, "ura_indicators", "ura")):
        if text.replace(" ", ""):
            try:
                request[name] = [str(t) for t in parse_tiles(text.replace(" ", ""))]
            except TileNotationError as problem:
                sentence = N_("dora indicators: {problem}") if what == "dora" else N_("ura indicators: {problem}")
                raise HandError("bad_tiles", sentence, problem=problem.said) from None
    request.update(honba=honba, riichi_sticks=sticks)
    if preset and preset != "tenhou":
        request["rules"] = {"preset": preset}
    if pao:
        request["pao"] = pao
    if discarder:
        request["discarder"] = discarder
    return request


def score_request(request: Any, lang: str = DEFAULT) -> dict[str, Any]:
    """Score one contract request (a parsed JSON value); always returns a JSON-ready dict.
    The human-readable fields are in ``lang``; ids and numbers are the same in every language."""
    try:
        result = _winning(request)
        if result.status == "no_yaku":
            # The commonest refusal (about one random hand in six): said straight away, without
            # making and raising a HandError that would say the same sentence.
            return error("no_yaku", _no_yaku_message(result).text(lang))
        if result.situation.pao is not None:
            check_pao(result)
        return response(result, lang)
    except HandError as refusal:
        return error(refusal.code, refusal.text(lang))


def evaluate(request: Any) -> ScoreResult:
    """Read and score a request; every refusal, no_yaku included, raises HandError."""
    result = _winning(request)
    if result.status == "no_yaku":
        raise HandError("no_yaku", _no_yaku_message(result))
    if result.situation.pao is not None:
        check_pao(result)
    return result


def _winning(request: Any) -> ScoreResult:
    """Read and score a request; a request the engine cannot read, or a hand that is not a winning
    shape, raises HandError (a winning shape without yaku is a result, status no_yaku)."""
    hand, situation, rules = parse_request(request)
    result = score(hand, situation, rules)
    if result.status == "not_a_winning_hand":
        raise HandError(
            "not_a_winning_hand",
            N_(
                "The hand {hand} is not complete: it reads neither as four groups and a pair, "
                "nor as seven pairs, nor as thirteen orphans"
            ),
            hand=hand.said(),
        )
    return result


def _no_yaku_message(result: ScoreResult) -> Sentence:
    dora = sum(d.han for d in result.dora) if result.dora else 0
    if dora:
        return Sentence(
            N_(
                "The hand {hand} is a winning shape but has no yaku, so it cannot win (its {dora} dora do not count: dora are not yaku)"
            ),
            hand=result.hand.said(),
            dora=dora,
        )
    return Sentence(N_("The hand {hand} is a winning shape but has no yaku, so it cannot win"), hand=result.hand.said())


def parse_request(request: Any) -> tuple[Hand, Situation, RuleSet]:
    """Check a request's types and read it; raises HandError with the contract code.

    One reader for every request, in one pass. The fields are checked in a fixed order, whatever
    the order of the request's keys, and the first problem found is the one refused. Each group of
    fields is checked in one go, and only a request that fails the check has its problem found and
    worded (by a ``_refuse_...`` function), so the common request costs little to read.

    >>> hand, situation, rules = parse_request({"hand": "123m456m789p345s55s", "win": "5s", "riichi": True})
    >>> str(hand), situation.riichi, rules.name
    ('123456m789p34555s win:5s', True, 'tenhou')
    """
    if type(request) is not dict:
        if not isinstance(request, Mapping):
            raise HandError(
                "bad_request", N_("a score request must be a JSON object, not {type}"), type=_json_type(request)
            )
        request = dict(request)
    if not FIELDS.issuperset(request):
        unknown = sorted(set(request) - FIELDS)
        raise HandError(
            "bad_request",
            N_("unknown field(s) {unknown}; known fields: {known}"),
            unknown=", ".join(map(repr, unknown)),
            known=", ".join(sorted(FIELDS)),
        )
    get = request.get
    hand_text = get("hand")
    win_text = get("win")
    if not (isinstance(hand_text, str) and isinstance(win_text, str)):
        _refuse_tile_fields(hand_text, win_text)
    if len(hand_text) > MAX_HAND_TEXT:
        raise HandError(
            "bad_request", N_("'hand' is {count} characters long; a hand is at most 14 tiles"), count=len(hand_text)
        )
    flags = [False] * len(FLAGS)  # Situation's true/false fields, in its order
    for name in _FLAG_SET.intersection(request):
        value = request[name]
        if value is True:
            flags[_FLAG_POSITION[name]] = True
        elif value is not False:
            _refuse_flags(request)
    seat_wind = get("seat_wind", "E")
    round_wind = get("round_wind", "E")
    if not (_is_wind(seat_wind) and _is_wind(round_wind)):
        _refuse_winds(seat_wind, round_wind)
    pao = get("pao")
    discarder = get("discarder")
    if pao is not None or discarder is not None:
        _check_seats(seat_wind, flags[_TSUMO], pao, discarder)
    honba = get("honba", 0)
    sticks = get("riichi_sticks", 0)
    if not (_is_count(honba) and _is_count(sticks)):
        _refuse_counts(honba, sticks)
    dora = _indicators(request, "dora_indicators") if "dora_indicators" in request else ()
    ura = _indicators(request, "ura_indicators") if "ura_indicators" in request else ()
    rules_value = get("rules")
    rules = TENHOU if rules_value is None else _rules(rules_value)
    melds = _melds(request["melds"]) if "melds" in request else ()
    concealed = _tiles("hand", hand_text)
    win = _TILE.get(win_text)
    hand = Hand.build(concealed, _win(win_text) if win is None else win, melds)
    if flags[_DOUBLE_RIICHI]:
        flags[_RIICHI] = True  # double riichi implies riichi
    situation = Situation._make((*flags, seat_wind, round_wind, dora, ura, honba, sticks, pao, discarder))
    return hand, situation, rules


_WIND_VALUES = frozenset(WIND_LETTERS)
_FLAG_SET = frozenset(FLAGS)
_FLAG_POSITION = {name: position for position, name in enumerate(FLAGS)}
_TSUMO, _RIICHI, _DOUBLE_RIICHI = (_FLAG_POSITION[name] for name in ("tsumo", "riichi", "double_riichi"))
_TILE = Tile._interned
"""Every single tile by its text (``"5m"``, ``"0p"``, ``"7z"``): a winning tile or an indicator is one."""
_RULES: dict[tuple[tuple[str, type, Any], ...], RuleSet] = {}
"""Rule sets read before, by their options: equal options give the same RuleSet object, so the
scorer's per-rules caches (keyed by identity) keep working from one request to the next."""


def _is_wind(value: Any) -> bool:
    return type(value) is str and value in _WIND_VALUES


def _is_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _refuse_tile_fields(hand_text: Any, win_text: Any) -> None:
    for name, value in (("hand", hand_text), ("win", win_text)):
        if value is None:
            raise HandError(
                "bad_request", N_('the request needs {name!r} (MPSZ tiles, e.g. "123m456p789s11z")'), name=name
            )
        if not isinstance(value, str):
            raise HandError(
                "bad_request",
                N_("{name!r} must be a string of MPSZ tiles, not {type}"),
                name=name,
                type=_json_type(value),
            )


def _refuse_flags(request: dict[str, Any]) -> NoReturn:
    """Name the first flag, in Situation's order, that is not true or false (the order of a set of
    names would change from one process to the next)."""
    for name in FLAGS:
        value = request.get(name, False)
        if value is not True and value is not False:
            raise HandError(
                "bad_request", N_("{name!r} must be true or false, not {type}"), name=name, type=_json_type(value)
            )
    raise AssertionError("every flag is true or false")  # pragma: no cover - called on a bad flag only


def _refuse_winds(seat_wind: Any, round_wind: Any) -> NoReturn:
    name, value = ("seat_wind", seat_wind) if not _is_wind(seat_wind) else ("round_wind", round_wind)
    raise HandError(
        "bad_request", N_('{name!r} must be one of "E", "S", "W", "N", not {value}'), name=name, value=repr(value)
    )


def _check_seats(seat_wind: str, tsumo: bool, pao: Any, discarder: Any) -> None:
    """Refuse a pao or discarder that is not a seat wind, or seats that cannot be."""
    for name, value in (("pao", pao), ("discarder", discarder)):
        if value is not None and not _is_wind(value):
            raise HandError(
                "bad_request",
                N_('{name!r} must be a seat wind, one of "E", "S", "W", "N" (E is the dealer), not {value}'),
                name=name,
                value=repr(value),
            )
    check_seats(seat_wind, tsumo, pao, discarder)


def _refuse_counts(honba: Any, sticks: Any) -> NoReturn:
    name, value = ("honba", honba) if not _is_count(honba) else ("riichi_sticks", sticks)
    raise HandError(
        "bad_request",
        N_("{name!r} must be a whole number from 0 to {most}, not {value}"),
        name=name,
        most=MAX_COUNT,
        value=repr(value),
    )


def _is_object(value: Any) -> bool:
    """A JSON object: a dict (asked first, because asking ``Mapping``, an abstract class, costs more
    than reading a meld) or another mapping."""
    return type(value) is dict or isinstance(value, Mapping)


def _rules(value: Any) -> RuleSet:
    if not _is_object(value):
        raise HandError("bad_request", N_("'rules' must be an object, not {type}"), type=_json_type(value))
    try:
        key = tuple((name, type(option), option) for name, option in value.items())
        rules = _RULES.get(key)
    except TypeError:  # an option that cannot be a key (a list ...): RuleSet says what is wrong with it
        key, rules = None, None
    if rules is None:
        try:
            rules = RuleSet.from_overrides(value)
        except RuleError as problem:
            raise HandError("bad_request", problem.said) from None
        if key is not None:
            if len(_RULES) > 256:
                _RULES.clear()
            _RULES[key] = rules
    return rules


def _tiles(name: str, text: str) -> tuple[Tile, ...]:
    try:
        return parse_tiles(text)
    except TileNotationError as problem:
        raise HandError("bad_tiles", N_("{name}: {problem}"), name=name, problem=problem.said) from None


def _win(text: str) -> Tile:
    tiles = _tiles("win", text)
    if len(tiles) != 1:
        raise HandError("bad_tiles", N_("'win' must be exactly one tile, not {text!r}"), text=text)
    return tiles[0]


def _melds(value: Any) -> tuple[Meld, ...]:
    if isinstance(value, (list, tuple)) and not value:
        return ()
    if not isinstance(value, (list, tuple)):
        raise HandError(
            "bad_request",
            N_("'melds' must be a list of objects like {example}, not {type}"),
            example='{"kind": "pon", "tiles": "777p"}',
            type=_json_type(value),
        )
    if len(value) > 4:
        raise HandError("wrong_tile_count", N_("{count} melds; a hand has at most 4"), count=len(value))
    melds = []
    for position, item in enumerate(value, start=1):
        if not _is_object(item) or len(item) != 2 or "kind" not in item or "tiles" not in item:
            raise HandError(
                "bad_request",
                N_('meld {position} must be an object with exactly "kind" and "tiles", not {value}'),
                position=position,
                value=repr(item)[:240],
            )
        kind, tiles = item["kind"], item["tiles"]
        if not isinstance(kind, str) or not isinstance(tiles, str) or len(tiles) > 16:
            raise HandError(
                "bad_request", N_('meld {position}: "kind" and "tiles" must be short strings'), position=position
            )
        melds.append(Meld.parse(kind, tiles))
    return tuple(melds)


def _indicators(request: Mapping[str, Any], name: str) -> tuple[Tile, ...]:
    value = request[name]
    if value is None or value == []:
        return ()
    if not isinstance(value, list):
        raise HandError(
            "bad_request",
            N_('{name!r} must be a list of tiles like ["1m"], not {type}'),
            name=name,
            type=_json_type(value),
        )
    if len(value) > 5:
        raise HandError(
            "bad_request",
            N_("{name!r} has {count} indicators; there are at most 5 (one plus one per kan)"),
            name=name,
            count=len(value),
        )
    tiles = []
    for text in value:
        tile = _TILE.get(text) if type(text) is str else None
        if tile is not None:
            tiles.append(tile)
            continue
        if not isinstance(text, str):
            raise HandError(
                "bad_request",
                N_("{name!r} must hold tiles written as strings, not {type}"),
                name=name,
                type=_json_type(text),
            )
        parsed = _tiles(name, text)
        if len(parsed) != 1:
            raise HandError(
                "bad_tiles", N_("{name}: each indicator is one tile, not {value}"), name=name, value=repr(text)[:240]
            )
        tiles.append(parsed[0])
    return tuple(tiles)


_JSON_TYPES = {
    str: N_("a string"),
    int: N_("a number"),
    float: N_("a number"),
    list: N_("a list"),
    dict: N_("an object"),
}


def _json_type(value: Any) -> str | Sentence:
    """What a JSON value is, in words (said in the reader's language where it is a sentence)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    kind = _JSON_TYPES.get(type(value))
    return Sentence(kind) if kind else type(value).__name__


def response(result: ScoreResult, lang: str = DEFAULT) -> dict[str, Any]:
    """The contract's response for a scored hand, with the chosen reading and the others; its
    sentences (fu reasons, explanation, readings) in ``lang``."""
    best = result.best
    assert best is not None and best.payment is not None
    # The other readings are listed in "alternatives", not in the explanation.
    fu_breakdown, explanation, reading = contract_fields(result, lang)
    points, total = contract_points(best.payment)
    answer = {
        "han": best.han,
        "fu": best.fu,
        "yaku": [{"id": y.id, "han": y.han} for y in best.yaku],
        "yakuman": best.yakuman,
        "fu_breakdown": fu_breakdown,
        "limit": best.limit,
        "points": points,
        "total": total,
        "explanation": explanation,
        "reading": reading,
        "alternatives": [_alternative(a, lang) for a in result.alternatives[:MAX_ALTERNATIVES]]
        if result.alternatives
        else [],
    }
    s = result.situation
    if s.pao is not None or s.discarder is not None:
        # "points" stays the hand's table value; who actually pays it is listed player by player.
        settlement = settle(result)
        answer["payments"] = settlement_json(settlement)
        if settlement.pao is not None:
            answer["pao"] = {
                "responsible": settlement.pao,
                "yaku": list(settlement.pao_yaku),
                "scope": settlement.scope,
            }
    return answer


def _alternative(other: ReadingScore, lang: str = DEFAULT) -> dict[str, Any]:
    return {
        "reading": describe_reading(other.reading, lang),
        "han": other.han,
        "fu": other.fu,
        "yaku": [{"id": y.id, "han": y.han} for y in other.yaku],
        "points": contract_points(other.payment)[0] if other.payment else None,
    }
