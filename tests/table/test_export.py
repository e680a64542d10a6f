"""tutor.table.export: a table game as a tenhou.net/6 log that our own reader reads back to the same wins."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.gamelog import compare, read_log
from tutor.table import DoubleRon, Draw, Entered, HandRecord, Quick, Settings, Win, replay
from tutor.table.export import export

SETTINGS = Settings.make(("Ann", "Bo", "Cy", "Di"))


def entered(hand: str, win: str, **more: Any) -> Entered:
    return Entered({"hand": hand, "win": win, **more})


HANDS = [
    # 1 East 1: Bo ron off Cy, tanyao pinfu and a dora (riichi by Bo).
    HandRecord(Win(1, entered("34m567p234678s55s2m", "2m", dora_indicators=["1m"]), discarder=2), riichi=(1,)),
    # 2 East 2: a quick hand: no tiles, left out.
    HandRecord(Win(3, Quick(2, 30), discarder=0)),
    # 3 East 3: a draw: left out (no win to read back), its sticks and honba carry on.
    HandRecord(Draw(tenpai=(0, 2)), riichi=(0,)),
    # 4 East 3, 1 honba: Cy, the dealer, tsumo with a red five: menzen tsumo, iipeikou, aka dora, and the stick.
    HandRecord(Win(2, entered("112233m406p77z789s", "3m")), riichi=()),
    # 5 East 3, 2 honba: Di ron off Ann with a hand of chun: yakuhai.
    HandRecord(Win(3, entered("777z123m456p789s1p1p", "1p"), discarder=0)),
    # 6 East 4: an ippatsu: the turns cannot give it without more made up, left out.
    HandRecord(Win(0, entered("34m567p234678s55s2m", "2m", ippatsu=True)), riichi=(0,)),
    # 7 a double ron: left out.
    HandRecord(DoubleRon(Win(0, Quick(1, 30), discarder=1), Win(2, Quick(1, 30), discarder=1))),
    # 8 South 1, 1 honba: Ann, the dealer, tsumo with a thirteen-sided kokushi: a yakuman.
    HandRecord(Win(0, entered("19m19p19s1234567z1m", "1m"))),
]


def test_the_reader_reads_every_entered_win_back() -> None:
    game = replay(SETTINGS, HANDS)
    text, left_out = export(SETTINGS, HANDS)
    assert left_out == (2, 3, 6, 7)
    log = read_log(text, "table.json")
    assert log.players == ("Ann", "Bo", "Cy", "Di")
    ours = [(played, played.scored[0]) for played in game.played if played.number not in left_out]
    assert len(log.wins) == len(ours) == 4
    for win, (played, (winner, result)) in zip(log.wins, ours, strict=True):
        best = result.best
        assert best is not None
        assert (win.request["seat_wind"], played.record.result.tsumo) == (  # type: ignore[union-attr]
            "ESWN"[(winner - played.dealer) % 4],
            win.request.get("tsumo", False),
        )
        if best.yakuman:
            assert win.recorded.yakuman == best.yakuman
        else:
            assert (win.recorded.han, win.recorded.fu) == (best.han, best.fu)
            assert sorted(win.recorded.yaku) == sorted((y.id, y.han) for y in best.yaku)
        assert {name for name, _ in win.recorded.yaku} == {y.id for y in best.yaku}
        # Our engine, scoring the hand the reader rebuilt from the made-up turns, agrees with the log.
        found = compare(win)
        assert found.differences == (), (played.number, found.differences)
        assert found.points == win.recorded.points


def test_each_hand_keeps_the_games_round_honba_sticks_and_scores() -> None:
    game = replay(SETTINGS, HANDS)
    text, left_out = export(SETTINGS, HANDS)
    log = json.loads(text)["log"]
    kept = [played for played in game.played if played.number not in left_out]
    for hand, played in zip(log, kept, strict=True):
        before = game.played[played.number - 2].scores if played.number > 1 else (25000,) * 4
        assert hand[1] == list(before)
        assert hand[0][1] == played.honba
        assert hand[16][1] == list(played.deltas)


def test_a_game_of_quick_hands_exports_no_hand() -> None:
    text, left_out = export(SETTINGS, HANDS[1:3])
    assert left_out == (1, 2) and json.loads(text)["log"] == []


def test_tutor_import_log_gives_back_every_exported_win(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text, _ = export(SETTINGS, HANDS)
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    assert main(["import-log", str(path)]) == 0
    said = capsys.readouterr().out
    assert "4 win(s) in 4 hand(s) (0 without a win); our engine agrees on every one." in said
