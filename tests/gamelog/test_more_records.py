"""Records made here for what real files had not shown (issue 26): pao on a ron, a counted (kazoe)
yakuman, and a double yakuman, in both formats, each agreeing with what Tenhou records."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.engine.api import score_request
from tutor.gamelog import compare, read_log

from .generator import HandScript, WinSpec, write_game
from .scripts import DAISANGEN_PAO

# The daisangen of scripts.DAISANGEN_PAO (seat 3 fed the third dragon), won by ron on seat 0's 9p instead
# of by tsumo. Tenhou: the discarder and the responsible player share it, 16,000 each of 32,000.
PAO_RON = replace(
    DAISANGEN_PAO,
    moves=[*DAISANGEN_PAO.moves[:-3], ("draw", 0, "9p"), ("discard", 0, "9p")],
    wins=[WinSpec(1, 0, "役満32000点", fu=40, limit=5, yaku=[("大三元", 13)], pao=3)],
)

# East 1, the dealer (seat 0) holds 2233445566778s and, after a go-around, draws 8s: chinitsu 6, ryanpeikou 3, tanyao 1,
# pinfu 1, menzen tsumo 1, and 2 dora (indicator 1s): 14 han counted as a yakuman, 16,000 all.
KAZOE = HandScript(
    round_index=0,
    honba=0,
    sticks=0,
    dora="1s",
    deal=("2233445566778s", "1234m19p19s12345z", "5678m2468p13567z", "3579m13579p1357z"),
    moves=[
        ("filler_to", 4),  # a go-around of draws and discards first: not a tenhou
        ("draw", 0, "8s"),
    ],
    wins=[
        WinSpec(
            0,
            0,
            "役満16000点∀",
            fu=20,
            limit=5,
            yaku=[("門前清自摸和", 1), ("平和", 1), ("断幺九", 1), ("二盃口", 3), ("清一色", 6), ("ドラ", 2)],
        )
    ],
)


def both(script: HandScript) -> list[tuple[str, object]]:
    xml, json_text = write_game([script])
    return [("mjlog", read_log(xml, "made.mjlog")), ("tenhou6", read_log(json_text, "made.json"))]


@pytest.mark.parametrize("index", [0, 1])
def test_pao_on_a_ron_is_shared_by_the_discarder_and_the_responsible_player(index: int) -> None:
    _, log = both(PAO_RON)[index]
    (win,) = log.wins  # type: ignore[attr-defined]
    assert win.request["pao"] == "N" and win.request["discarder"] == "E" and not win.request["tsumo"]
    assert compare(win).differences == () and win.recorded.points == 32000
    payments = {p["seat"]: p["pays"] for p in score_request(win.request)["payments"]}
    assert payments == {"E": 16000, "N": 16000, "W": 0}  # West is named, paying nothing


@pytest.mark.parametrize("index", [0, 1])
def test_a_counted_yakuman_is_read_and_agrees(index: int) -> None:
    _, log = both(KAZOE)[index]
    (win,) = log.wins  # type: ignore[attr-defined]
    assert win.recorded.points == 48000 and win.recorded.han == 14
    assert compare(win).differences == ()


# East 1, the dealer (seat 0) waits on 1z and 2z with 555666777z; seat 1 lets 1z go. Daisangen and
# tsuuiisou are two yakuman: Tenhou adds them, 2 units, 96,000 for a dealer's ron (the 1z set is made by
# ron, so not four concealed triplets).
DOUBLE = HandScript(
    round_index=0,
    honba=0,
    sticks=0,
    dora="9s",
    deal=("555666777z1122z", "123456789m1239p", "123456789s4563p", "123456789m789p3z"),
    moves=[("draw", 0, "4z"), ("discard", 0, "4z"), ("draw", 1, "1z"), ("discard", 1, "1z")],
    wins=[WinSpec(0, 1, "役満96000点", fu=50, limit=5, yaku=[("大三元", 13), ("字一色", 13)])],
)


@pytest.mark.parametrize("index", [0, 1])
def test_two_yakuman_in_one_hand_are_read_and_agree(index: int) -> None:
    _, log = both(DOUBLE)[index]
    (win,) = log.wins  # type: ignore[attr-defined]
    assert win.recorded.yakuman == 2 and win.recorded.points == 96000
    assert compare(win).differences == ()
