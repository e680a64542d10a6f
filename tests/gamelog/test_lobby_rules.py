"""Every lobby's rules read right (issue 26): each bit of an mjlog's lobby type, a tournament lobby's
own settings, Tenhou's rule labels in tenhou.net/6 JSON, a table paying 1,500 a honba, and other JSON
formats, on records made here by changing one thing in a committed one.

A rule we cannot score is refused by name, never read silently as Tenhou's usual rules.
"""

from __future__ import annotations

import json
import re

import pytest

from tutor.gamelog import LogError, compare, read_log
from tutor.gamelog.mjlog import KNOWN_BITS, LOBBY_BITS

from .generator import FIXTURES

GAME_XML = (FIXTURES / "game.mjlog").read_text(encoding="utf-8")
GAME_JSON = json.loads((FIXTURES / "game.json").read_text(encoding="utf-8"))
CHIP_XML = (FIXTURES / "real" / "dn_chip_excerpt.xml").read_text(encoding="utf-8")
NEWATTR_XML = (FIXTURES / "real" / "dn_newattr2023.xml").read_text(encoding="utf-8")


def with_type(xml: str, kind: int) -> str:
    return re.sub(r'<GO type="\d+"', f'<GO type="{kind}"', xml, count=1)


def refusal(data: str) -> str:
    with pytest.raises(LogError) as refused:
        read_log(data)
    return str(refused.value)


# The lobby type's bits -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bit, rules",
    [
        (0x001, {}),
        (0x002, {"aka": False}),
        (0x004, {"open_tanyao": False}),
        (0x008, {}),
        (0x020, {}),
        (0x040, {}),
        (0x080, {}),
        (0x0A0, {}),
        (0x100, {}),
        (0x200, {"kiriage": True}),
        (0x600, {"kiriage": True}),
        (0x800, {}),
    ],
)
def test_each_described_bit_is_read_into_the_rules_it_means(bit: int, rules: dict[str, object]) -> None:
    log = read_log(with_type(GAME_XML, bit))
    assert log.rules == rules
    for win in log.wins:
        assert win.request.get("rules", {}) == rules


def test_every_bit_below_0x1000_is_described_and_sanma_refused() -> None:
    assert KNOWN_BITS == 0xFFF and all(LOBBY_BITS[1 << n] for n in range(12))
    assert "three-player" in refusal(with_type(GAME_XML, 0x11))


@pytest.mark.parametrize("kind", [0x1000, 0x1009, 0x8000 | 0x29, 1 << 20])
def test_an_undescribed_bit_is_refused_naming_it(kind: int) -> None:
    message = refusal(with_type(GAME_XML, kind))
    assert f"0x{kind & ~0xFFF:x}" in message and "not publicly described" in message


def test_a_negative_type_is_refused() -> None:
    assert "not publicly described" in refusal(with_type(GAME_XML, -1))


def test_the_chip_lobby_pays_kiriage_mangan_as_tenhou_did() -> None:
    """A real chip lobby (type 553 = 0x229): the dealer's riichi tsumo tanyao red five, 4 han 30 fu,
    was paid 4,000 all (12,000) by Tenhou; without kiriage it is 3,900 all (11,700)."""
    (win,) = read_log(CHIP_XML).wins
    assert win.request["rules"] == {"kiriage": True}
    assert win.recorded.points == 12000 and compare(win).differences == ()
    # The same record with the chip bit cleared: read as Tenhou's usual rules, and 300 short.
    (plain,) = read_log(with_type(CHIP_XML, 553 & ~0x200)).wins
    assert "rules" not in plain.request
    assert "points: ours 11700, the log's 12000" in compare(plain).differences
    # Type 1569 (0x621: chips, 5 a unit, tonpuusen) reads the same.
    assert read_log(with_type(CHIP_XML, 1569)).rules == {"kiriage": True}


# A tournament lobby's own settings -----------------------------------------------------------


def test_the_tournament_settings_seen_on_a_checked_record_are_read() -> None:
    log = read_log(NEWATTR_XML)
    assert log.rules == {} and all(compare(win).differences == () for win in log.wins)


@pytest.mark.parametrize("name", ["rule", "csrule"])
def test_other_tournament_settings_are_refused_naming_the_attribute(name: str) -> None:
    changed = re.sub(rf' {name}="[^"]*"', f' {name}="1,2,3"', NEWATTR_XML, count=1)
    message = refusal(changed)
    assert f"<GO {name}='1,2,3'>" in message and "tournament lobby" in message


# 1,500 a honba ------------------------------------------------------------------------------


def test_a_table_paying_1500_a_honba_is_refused_in_mjlog() -> None:
    """East 1, 1 honba: seat 1's tsumo worth 5,200; at 300 a honba the winner gains 5,500, at 1,500 6,700."""
    hand = re.compile(r'(<AGARI ba="1,0"[^>]*who="1"[^>]*sc=")([^"]*)"')
    assert hand.search(GAME_XML)
    paid = hand.sub(r'\g<1>250,-27,250,55,250,-14,250,-14"', GAME_XML, count=1)
    assert len(read_log(paid).wins) == len(read_log(GAME_XML).wins)
    paid_more = hand.sub(r'\g<1>250,-39,250,67,250,-14,250,-14"', GAME_XML, count=1)
    message = refusal(paid_more)
    assert "1,500 points a honba" in message and message.startswith("East 1, 1 honba: ")


def test_a_table_paying_1500_a_honba_is_refused_in_tenhou6() -> None:
    document = json.loads(json.dumps(GAME_JSON))
    assert document["log"][1][16][1] == [-2700, 5500, -1400, -1400]  # 5,200 + 300
    read_log(json.dumps(document))
    document["log"][1][16][1] = [-3900, 6700, -1400, -1400]
    assert "1,500 points a honba" in refusal(json.dumps(document))


# Tenhou's rule labels in tenhou.net/6 JSON ----------------------------------------------------


@pytest.mark.parametrize(
    "label, rules",
    [
        ("般南喰赤", {}),
        ("鳳南喰赤速", {}),
        ("般南赤", {"open_tanyao": False}),
        ("特南喰赤祝２", {"kiriage": True}),
        ("上東喰赤祝５", {"kiriage": True}),
        ("若南喰赤暗", {}),
    ],
)
def test_tenhou_labels_are_read(label: str, rules: dict[str, object]) -> None:
    document = {**GAME_JSON, "rule": {"disp": label, "aka": 1}}
    assert read_log(json.dumps(document)).rules == rules


def test_an_unknown_mark_in_a_tenhou_label_is_refused_naming_it() -> None:
    document = {**GAME_JSON, "rule": {"disp": "般南喰赤謎", "aka": 1}}
    message = refusal(json.dumps(document))
    assert "'般南喰赤謎' has 謎" in message


# Other JSON formats ----------------------------------------------------------------------------

MJAI = '{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku","bakaze":"E"}\n{"type":"end_game"}\n'


@pytest.mark.parametrize(
    "text",
    [
        MJAI,
        '{"head": {"uuid": "x"}, "data": "..."}',
        '{"title": "x"}',
        '{"log": [{"type": "start_kyoku"}]}',
        '{"log": [[1, 2, 3]]}',
    ],
    ids=["mjai-lines", "client-record", "no-log", "log-of-events", "log-of-numbers"],
)
def test_other_json_is_said_to_be_another_format(text: str) -> None:
    message = refusal(text)
    assert message.startswith("this JSON is not a tenhou.net/6 log"), message
    assert "17-part" not in message and "truncated" not in message


def test_a_tenhou6_log_cut_inside_a_later_hand_still_says_so() -> None:
    document = json.loads(json.dumps(GAME_JSON))
    document["log"][2] = document["log"][2][:5]
    assert "17-part list" in refusal(json.dumps(document))
