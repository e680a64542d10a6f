"""Reading game logs: our own test games in both formats, every field of every request."""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest

from tutor.engine.tiles import Tile
from tutor.gamelog import GameLog, LogError, Win, compare, mjlog, read_log, tenhou6
from tutor.messages.catalogues import Problem

from .generator import FIXTURES, write_game
from .scripts import DAISANGEN_PAO, EAST_2_DRAW, GAME, PLAIN_GAME, RIICHI_DEALT_IN

FLAGS_OFF = {
    "tsumo": False,
    "riichi": False,
    "double_riichi": False,
    "ippatsu": False,
    "rinshan": False,
    "chankan": False,
    "haitei": False,
    "houtei": False,
    "tenhou": False,
    "chiihou": False,
}


def request(hand: str, win: str, melds: list[tuple[str, str]], flags: list[str], **fields: Any) -> dict[str, Any]:
    return {
        "hand": hand,
        "win": win,
        "melds": [{"kind": kind, "tiles": tiles} for kind, tiles in melds],
        **FLAGS_OFF,
        **{flag: True for flag in flags},
        "round_wind": "E",
        "ura_indicators": [],
        **fields,
    }


# The requests as we read the scripts in scripts.py by hand: one per win, in file order.
EXPECTED = [
    request(
        "23499m406p345789s",
        "6p",
        [],
        ["tsumo", "riichi", "double_riichi", "ippatsu"],
        seat_wind="E",
        dora_indicators=["1z"],
        ura_indicators=["2z"],
        honba=0,
        riichi_sticks=1,  # the winner's own riichi stick
    ),
    request(
        "678m23455p",
        "5p",
        [("chi", "340s"), ("minkan", "7777z")],
        ["tsumo", "rinshan"],
        seat_wind="S",
        dora_indicators=["1z"],  # an added kan won on its replacement tile flips no kan dora
        honba=1,
        riichi_sticks=0,
    ),
    request(
        "234567m33456p",
        "5p",
        [("ankan", "1111s")],
        ["tsumo", "riichi", "haitei"],  # riichi after his own closed kan: not double
        seat_wind="E",
        dora_indicators=["7m", "9p"],  # the closed kan's dora, flipped at once
        ura_indicators=["1z", "4z"],
        honba=1,
        riichi_sticks=2,  # one left by the drawn hand, one his own
    ),
    request(
        "123456m678p23499s",
        "6p",
        [],
        ["riichi", "houtei"],
        seat_wind="S",
        dora_indicators=["9p"],
        ura_indicators=["3z"],
        honba=2,
        riichi_sticks=1,
    ),
    request(
        "234m406p22789s",
        "6p",
        [("pon", "555z")],
        ["houtei"],
        seat_wind="N",
        dora_indicators=["9p"],
        honba=0,  # the double ron's second winner: honba and the stick go to the nearest (RULES.md 9.5)
        riichi_sticks=0,
    ),
    request(
        "123m456789s11z",
        "3m",
        [("minkan", "8888p")],
        ["chankan"],
        seat_wind="W",
        dora_indicators=["7m", "7p"],
        honba=0,
        riichi_sticks=0,
    ),
    request(
        "123m456p234789s55z",
        "5z",
        [],
        ["tsumo", "tenhou"],
        seat_wind="E",
        dora_indicators=["9s"],
        honba=0,
        riichi_sticks=0,
    ),
    request(
        "123m456p234789s55z",
        "5z",
        [],
        ["tsumo", "chiihou"],
        seat_wind="S",
        dora_indicators=["9s"],
        honba=1,
        riichi_sticks=0,
    ),
]
# (round, seat, player, han, points, yaku) as Tenhou records them (see scripts.py for the sums).
RECORDED = [
    (
        "East 1",
        0,
        "Aoi",
        6,
        18000,
        [("menzen_tsumo", 1), ("double_riichi", 2), ("ippatsu", 1), ("pinfu", 1), ("aka_dora", 1)],
    ),
    ("East 1, 1 honba", 1, "Ben", 3, 5200, [("rinshan", 1), ("yakuhai_chun", 1), ("aka_dora", 1)]),
    ("East 2, 1 honba", 1, "Ben", 3, 11700, [("menzen_tsumo", 1), ("riichi", 1), ("haitei", 1)]),
    ("East 2, 2 honba", 2, "Chen", 3, 3900, [("riichi", 1), ("houtei", 1), ("pinfu", 1)]),
    ("East 2, 2 honba", 0, "Aoi", 3, 3900, [("houtei", 1), ("yakuhai_haku", 1), ("aka_dora", 1)]),
    ("East 3", 0, "Aoi", 5, 8000, [("chankan", 1), ("dora", 4)]),
    ("East 4", 3, "Dai", 13, 48000, [("tenhou", 13)]),
    ("East 4, 1 honba", 0, "Aoi", 13, 32000, [("chiihou", 13)]),
]
MJLOG_FU = [20, 40, 60, 30, 30, 40, 30, 30]
TENHOU6_FU = [None, 40, 60, 30, 30, None, None, None]  # the viewer's text leaves fu out of limit hands
MJLOG_TEXT = [
    'ten="20,18000,2" yaku="0,1,21,2,2,1,7,1,54,1,53,0"',
    'ten="40,5200,0" yaku="4,1,20,1,54,1"',
    'ten="60,11700,0" yaku="0,1,1,1,5,1,53,0"',
    'ten="30,3900,0" yaku="1,1,6,1,7,1,53,0"',
    'ten="30,3900,0" yaku="6,1,18,1,54,1"',
    'ten="40,8000,1" yaku="3,1,52,4"',
    'ten="30,48000,5" yakuman="37"',
    'ten="30,32000,5" yakuman="38"',
]
TENHOU6_TEXT = [
    "跳満6000点∀",
    "40符3飜1300-2600点",
    "60符3飜3900点∀",
    "30符3飜3900点",
    "30符3飜3900点",
    "満貫8000点",
    "役満16000点∀",
    "役満8000-16000点",
]
HAND_NUMBERS = [1, 2, 4, 5, 5, 6, 7, 8]


def load(name: str) -> GameLog:
    return read_log((FIXTURES / name).read_bytes(), name)


@pytest.fixture(scope="module", params=["game.mjlog", "game.json"])
def game(request: pytest.FixtureRequest) -> GameLog:
    return load(request.param)


def test_the_committed_fixtures_are_what_the_generator_writes() -> None:
    for name, scripts, aka, kuitan in (("game", GAME, True, True), ("plain_table", PLAIN_GAME, False, False)):
        xml, six = write_game(scripts, aka=aka, kuitan=kuitan)
        assert (FIXTURES / f"{name}.mjlog").read_text(encoding="utf-8") == xml
        assert (FIXTURES / f"{name}.json").read_text(encoding="utf-8") == six


def test_the_game_as_a_whole(game: GameLog) -> None:
    assert game.players == ("Aoi", "Ben", "Chen", "Dai")
    assert game.rules == {}
    assert (game.hands, game.draws, len(game.wins)) == (8, 1, 8)


@pytest.mark.parametrize("name", ["game.mjlog", "game.json"])
@pytest.mark.parametrize(
    "number",
    range(8),
    ids=[
        "dealer-double-riichi-ippatsu",
        "chi-kakan-rinshan",
        "ankan-haitei",
        "double-ron-1-riichi-houtei",
        "double-ron-2-pon",
        "minkan-chankan",
        "tenhou",
        "chiihou",
    ],
)
def test_every_field_of_every_request(name: str, number: int) -> None:
    win = load(name).wins[number]
    assert win.request == EXPECTED[number]


@pytest.mark.parametrize("name", ["game.mjlog", "game.json"])
@pytest.mark.parametrize("number", range(8))
def test_what_the_log_recorded_and_where_it_came_from(name: str, number: int) -> None:
    win = load(name).wins[number]
    where, seat, player, han, points, yaku = RECORDED[number]
    fu = (MJLOG_FU if name.endswith("mjlog") else TENHOU6_FU)[number]
    text = (MJLOG_TEXT if name.endswith("mjlog") else TENHOU6_TEXT)[number]
    assert win.recorded.as_json() == {
        "han": han,
        "fu": fu,
        "yaku": [{"id": i, "han": h} for i, h in yaku],
        "yakuman": 1 if han == 13 else 0,
        "points": points,
        "text": text,
    }
    source = win.source.as_json()
    assert source == {
        "file": name,
        "round": where,
        "round_index": source["round_index"],
        "honba": source["honba"],
        "from_seat": source["from_seat"],
        "seat": seat,
        "player": player,
        "hand_number": HAND_NUMBERS[number],
    }
    assert (source["from_seat"] == seat) == win.request["tsumo"]
    # The round said in any language is that same round (issue 26), kept as numbers beside its English.
    assert str(win.source.round_title) == where and re.fullmatch(
        r"[东南][1-4]局(\d本场)?", win.source.round_title.text("zh")
    )
    assert win.notes == ()


@pytest.mark.parametrize("name", ["game.mjlog", "game.json", "plain_table.mjlog", "plain_table.json"])
def test_our_engine_agrees_with_every_recorded_score(name: str) -> None:
    log = load(name)
    assert log.wins
    for win in log.wins:
        comparison = compare(win)
        assert comparison.error is None
        assert comparison.differences == (), (win.source.round, comparison.differences)
        assert (comparison.han, comparison.points) == (win.recorded.han, win.recorded.points)


def test_the_melds_keep_the_called_tile_and_the_added_kan(game: GameLog) -> None:
    chi, kakan = game.wins[1].melds
    assert (chi.kind, chi.called, chi.from_seat, chi.contract_kind) == ("chi", Tile("3s"), 0, "chi")
    assert (kakan.kind, kakan.called, kakan.from_seat, kakan.contract_kind) == ("kakan", Tile("7z"), 3, "minkan")
    (ankan,) = game.wins[2].melds
    assert (ankan.kind, ankan.called, ankan.from_seat) == ("ankan", None, None)
    (pon,) = game.wins[4].melds
    assert (pon.kind, pon.called, pon.from_seat) == ("pon", Tile("5z"), 1)
    (minkan,) = game.wins[5].melds
    assert (minkan.kind, minkan.called, minkan.from_seat) == ("minkan", Tile("8p"), 2)
    assert minkan.as_json() == {"kind": "minkan", "tiles": "8888p", "called": "8p", "from_seat": 2}


@pytest.mark.parametrize("name", ["plain_table.mjlog", "plain_table.json"])
def test_a_table_without_red_fives_or_open_tanyao(name: str) -> None:
    log = load(name)
    assert log.rules == {"aka": False, "open_tanyao": False}
    (win,) = log.wins
    assert win.request["rules"] == {"aka": False, "open_tanyao": False}
    assert win.request["melds"][0] == {"kind": "chi", "tiles": "345s"}  # copy 88 is a plain 5s here
    assert (win.recorded.han, win.recorded.points) == (2, 2700)


def test_a_game_of_draws_has_no_win() -> None:
    xml, six = write_game([EAST_2_DRAW])
    for data in (xml, six):
        log = read_log(data)
        assert (log.hands, log.draws, log.wins) == (1, 1, ())


def test_a_gzipped_mjlog_reads_like_the_plain_one() -> None:
    plain = (FIXTURES / "game.mjlog").read_bytes()
    packed = read_log(gzip.compress(plain), "game.mjlog")
    assert [w.request for w in packed.wins] == EXPECTED


def test_the_log_and_the_moves_disagreeing_on_a_situation_yaku_is_noted() -> None:
    text = (FIXTURES / "game.mjlog").read_text(encoding="utf-8").replace('yaku="3,1,52,4"', 'yaku="3,1,2,1,52,4"')
    win = read_log(text).wins[5]
    assert win.notes == ("the log records ippatsu but the moves do not show it",)
    differences = compare(win).differences
    assert "the log records ippatsu but the moves do not show it" in differences
    assert any(d.startswith("han: ours 5, the log's 6") for d in differences)


# Tiles and meld codes -------------------------------------------------------------------------


def test_mjlog_tiles() -> None:
    assert [str(mjlog.tile(n)) for n in (0, 3, 4, 16, 17, 52, 88, 108, 135)] == [
        "1m",
        "1m",
        "2m",
        "0m",
        "5m",
        "0p",
        "0s",
        "1z",
        "7z",
    ]
    assert str(mjlog.tile(52, aka=False)) == "5p"
    with pytest.raises(LogError, match="out of range"):
        mjlog.tile(136)


def test_tenhou6_tiles_round_trip() -> None:
    numbers = [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53]
    assert [str(tenhou6.tile(n)) for n in (11, 19, 21, 35, 41, 47, 51, 52, 53)] == [
        "1m",
        "9m",
        "1p",
        "5s",
        "1z",
        "7z",
        "0m",
        "0p",
        "0s",
    ]
    assert [tenhou6.number_of(tenhou6.tile(n)) for n in numbers] == numbers
    for bad in (10, 20, 48, 50, 54, 60, "11"):
        with pytest.raises(LogError):
            tenhou6.tile(bad)


# Codes worked out by hand from the bit layout in mjlog.py's docstring.
@pytest.mark.parametrize(
    "code, meld",
    [
        # pon of 1p (kind 9), copies 0-2 (copy 3 left out), the called one is the 2nd, from opposite:
        # (9*3 + 1) << 9 | 0x08 | 3 << 5 | 2
        (14442, ("pon", (36, 37, 38), 37, 2)),
        # chi 3s4s5s (lowest 3s: suit 2, number 3 -> t = 2*7 + 2 = 16), 3s called, copies 0, 1, 2, from the left:
        # (16*3 + 0) << 10 | 0x04 | 0 << 3 | 1 << 5 | 2 << 7 | 3
        (49447, ("chi", (80, 85, 90), 80, 3)),
        # kan called on copy 2 of 8p (tile 66) from the left: 66 << 8 | 3
        (16899, ("minkan", (64, 65, 66, 67), 66, 3)),
        # closed kan of 1s (tiles 72-75): 72 << 8
        (18432, ("ankan", (72, 73, 74, 75), None, 0)),
        # chun (kind 33) added to a pon of copies 0-2 called from the next player: (33*3 + 0) << 9 | 0x10 | 3 << 5 | 1
        (50801, ("kakan", (132, 133, 134, 135), 135, 1)),
    ],
)
def test_meld_codes(code: int, meld: tuple[Any, ...]) -> None:
    assert mjlog.decode_meld(code) == meld
    kind, tiles, called, source = meld
    pon_tiles = tuple(t for t in tiles if t != called) if kind == "kakan" else tiles
    assert mjlog.encode_meld(kind, pon_tiles, called, source) == code


def test_every_chi_and_pon_code_round_trips() -> None:
    for kind in range(34):
        for left_out in range(4):
            tiles = tuple(kind * 4 + c for c in range(4) if c != left_out)
            for called in tiles:
                for source in (1, 2, 3):
                    code = mjlog.encode_meld("pon", tiles, called, source)
                    assert mjlog.decode_meld(code) == ("pon", tiles, called, source)
        if kind < 27 and kind % 9 < 7:
            tiles = (kind * 4 + 1, (kind + 1) * 4 + 3, (kind + 2) * 4)
            for called in tiles:
                assert mjlog.decode_meld(mjlog.encode_meld("chi", tiles, called, 3)) == ("chi", tiles, called, 3)


def test_nuki_is_a_three_player_call() -> None:
    with pytest.raises(LogError, match="three-player"):
        mjlog.decode_meld(0x20)


# Bad input ------------------------------------------------------------------------------------

GAME_XML = (FIXTURES / "game.mjlog").read_text(encoding="utf-8")
GAME_JSON = (FIXTURES / "game.json").read_text(encoding="utf-8")


def _json_with(change: Any) -> str:
    document = json.loads(GAME_JSON)
    change(document)
    return json.dumps(document, ensure_ascii=False)


def _drop_last_discard(document: dict[str, Any]) -> None:
    document["log"][1][6].pop()


BAD = [
    pytest.param(b"", "the file is empty", id="empty"),
    pytest.param(b"hello, world", "this is not a game log", id="not-a-log"),
    pytest.param(b"\x1f\x8b\x08\x00broken", "cannot be uncompressed", id="bad-gzip"),
    pytest.param(GAME_XML[: len(GAME_XML) // 2], "XML is broken or truncated", id="mjlog-cut"),
    pytest.param(
        GAME_XML[: GAME_XML.index("<AGARI")] + "</mjloggm>",
        "the log is truncated: it ends in the middle of East 1",
        id="mjlog-no-end",
    ),
    pytest.param("<html><body>Not found</body></html>", "root is <html>", id="html"),
    pytest.param('<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>', "declares a DOCTYPE", id="doctype"),
    pytest.param(GAME_XML.replace('n3="Dai"', 'n3=""'), "three-player game (sanma)", id="mjlog-sanma-names"),
    pytest.param(
        GAME_XML.replace('type="9"', 'type="25"'), "three-player game (sanma); supported: four-player", id="mjlog-sanma"
    ),
    pytest.param(GAME_XML.replace('<GO type="9" lobby="0"/>', ""), "no <GO> element", id="mjlog-no-rules"),
    pytest.param(
        GAME_XML.replace('hai="20,24,28,40,45,48,53,54"', 'hai="20,24,28,40,45,48,53,58"'),
        "does not match the moves",
        id="mjlog-wrong-hand",
    ),
    pytest.param(GAME_XML.replace("<D132/>", "<D131/>"), "does not hold it", id="mjlog-discard-not-held"),
    pytest.param(
        GAME_XML.replace('<DORA hai="60"/>', ""),
        "East 3: the log's dora indicators 7m7p do not match those revealed (7m)",
        id="mjlog-kan-dora-missing",
    ),
    pytest.param(
        GAME_XML.replace('m="17154" machi', 'm="16384" machi'),
        "the log's melds for the win (ankan 8888p) are not those the moves made",
        id="mjlog-wrong-meld",
    ),
    pytest.param(GAME_JSON[: len(GAME_JSON) - 40], "not valid JSON", id="json-cut"),
    pytest.param('{"title": "x"}', "not a tenhou.net/6 log", id="json-no-log"),
    pytest.param(_json_with(lambda d: d["log"][0].pop()), "not the 17-part list", id="json-short-hand"),
    pytest.param(
        _json_with(lambda d: d.update(rule={"disp": "三般南喰赤", "aka": 1})), "three-player game", id="json-sanma"
    ),
    pytest.param(
        _json_with(lambda d: d.update(rule={"disp": "x", "aka51": 1, "aka52": 2, "aka53": 1})),
        "red fives; supported: four-player games",
        id="json-two-red-5p",
    ),
    pytest.param(_json_with(lambda d: d["log"][0][16].__setitem__(0, "謎")), "unknown result '謎'", id="json-result"),
    pytest.param(
        _json_with(_drop_last_discard),
        "East 1, 1 honba: seat 1 has moves left after the hand ended",
        id="json-moves-dont-fit",
    ),
]


@pytest.mark.parametrize("data, message", BAD)
def test_bad_input_is_refused_with_a_message(data: str | bytes, message: str) -> None:
    with pytest.raises(LogError) as refusal:
        read_log(data)
    assert message in str(refusal.value)
    assert "\n" not in str(refusal.value)


def test_a_log_over_10_mb_is_refused_before_reading() -> None:
    with pytest.raises(LogError, match="at most 10 MB"):
        read_log(b"<" + b" " * (10 * 1024 * 1024))


def test_a_win_is_a_frozen_value() -> None:
    win = load("game.json").wins[0]
    assert isinstance(win, Win)
    with pytest.raises(AttributeError):
        win.request = {}  # type: ignore[misc]
    assert json.loads(json.dumps(win.as_json()))["request"] == EXPECTED[0]


def test_a_player_reconnecting_keeps_the_other_names() -> None:
    text = GAME_XML.replace('<TAIKYOKU oya="0"/>', '<TAIKYOKU oya="0"/>\n<BYE who="2"/>\n<UN n2="Chen%20again"/>')
    log = read_log(text)
    assert log.players == ("Aoi", "Ben", "Chen again", "Dai")
    assert log.wins[3].source.player == "Chen again"


def test_a_double_ron_listed_out_of_turn_order_is_refused() -> None:
    document = json.loads(GAME_JSON)
    result = document["log"][4][16]
    result[1:5] = [result[3], result[4], result[1], result[2]]
    with pytest.raises(LogError, match="East 2, 2 honba: seat 2's win is listed after seat 0's, out of turn order"):
        read_log(json.dumps(document, ensure_ascii=False))


def test_refusals_are_marked_sentences_with_parameters() -> None:
    """The app will say them in the learner's language: the msgid holds placeholders, not the values."""
    with pytest.raises(Problem) as refusal:
        read_log(GAME_XML.replace("<D132/>", "<D131/>"))
    said = refusal.value.said
    assert said.sentence == "{where}: {problem}" and str(said.params["where"]) == "East 1"
    assert refusal.value.text("zh").startswith("东1局：")
    inner = said.params["problem"]
    assert inner.sentence == "seat {seat} uses {tile} for a {what} but does not hold it"
    assert inner.params == {"seat": 0, "tile": "6z", "what": "discard"}  # tile 131 is the last hatsu
    assert refusal.value.text("en") == "East 1: seat 0 uses 6z for a discard but does not hold it"
    with pytest.raises(Problem) as sanma:
        read_log(GAME_XML.replace('type="9"', 'type="25"'))
    assert sanma.value.said.sentence == "this is a three-player game (sanma); supported: {supported}"


@pytest.mark.parametrize("name", ["game.mjlog", "game.json"])
def test_a_win_stored_as_a_record_comes_back_the_same(name: str) -> None:
    for win in load(name).wins:
        record = json.loads(json.dumps(win.as_record(), ensure_ascii=False))
        assert Win.from_record(record) == win
        assert Win.from_record(win.as_json()) == Win(win.request, win.recorded, win.source, ())


def test_a_riichi_whose_tile_deals_in_puts_no_stick_on_the_table() -> None:
    xml, six = write_game([RIICHI_DEALT_IN])
    for data in (xml, six):
        (win,) = read_log(data).wins
        assert win.request == request(
            "234567m345p55678s", "5s", [], [], seat_wind="W", dora_indicators=["1z"], honba=0, riichi_sticks=0
        )
        assert (win.recorded.han, win.recorded.fu, win.recorded.points) == (1, 40, 1300)
        assert compare(win).differences == ()


def test_an_mjlog_whose_sticks_do_not_match_the_moves_is_refused() -> None:
    text = GAME_XML.replace('<AGARI ba="1,2"', '<AGARI ba="1,1"')
    with pytest.raises(LogError, match="East 2, 1 honba: the log puts 1 riichi stick\\(s\\) on the table, the moves 2"):
        read_log(text)


def test_the_player_who_fed_the_third_dragon_is_responsible() -> None:
    xml, six = write_game([DAISANGEN_PAO])
    for data in (xml, six):
        (win,) = read_log(data).wins
        assert win.request == {
            **request(
                "234m99p",
                "9p",
                [("pon", "555z"), ("pon", "666z"), ("pon", "777z")],
                ["tsumo"],
                seat_wind="S",
                dora_indicators=["9m"],
                honba=0,
                riichi_sticks=0,
            ),
            "round_wind": "S",
            "pao": "N",  # seat 3, North while seat 0 deals
        }
        assert (win.recorded.han, win.recorded.yakuman, win.recorded.points) == (13, 1, 32000)
        assert win.notes == ()
        assert compare(win).differences == ()


def test_a_log_naming_another_responsible_player_is_noted() -> None:
    xml, _ = write_game([DAISANGEN_PAO])
    (win,) = read_log(xml.replace('paoWho="3"', 'paoWho="2"')).wins
    assert win.notes == ("the log makes seat 2 responsible (pao), the moves seat 3",)
