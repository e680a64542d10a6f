"""A table game as practice material (tutor/table/practice.py): each win entered with its tiles becomes a
logged win whose request is the one the replay scored (the game's seat, round wind, riichi, honba, sticks and
discarder filled in), our engine agrees with it, and each win given as han and fu is named as left out."""

from __future__ import annotations

from tutor.gamelog import compare
from tutor.table import DoubleRon, Draw, Entered, HandRecord, Quick, Settings, Win, replay
from tutor.table.practice import practice_log, practisable

SETTINGS = Settings.make(("Ann", "Bo", "Cy", "Di"))
PINFU = {"hand": "234m567p234678s55s", "win": "2m", "dora_indicators": ["1m"]}
HANDS = (
    HandRecord(Win(1, Quick(3, 30), discarder=2)),  # 1: Bo's quick ron off Cy: left out
    HandRecord(Draw(tenpai=(0,)), riichi=(0,)),  # 2: Ann riichi, a stick stays; Bo, dealing, noten: Cy deals
    # 3: East 3, 1 honba, a double ron off Ann: Cy (the dealer) entered with tiles, Di as han and fu: left out.
    HandRecord(DoubleRon(Win(2, Entered(PINFU), discarder=0), Win(3, Quick(2, 30), discarder=0))),
    HandRecord(Win(0, Entered({"hand": "234m567p234678s55s", "win": "2m"})), riichi=(0,)),  # 4: Ann's riichi tsumo
)


def test_entered_wins_become_logged_wins_with_the_games_situation() -> None:
    found = practice_log(SETTINGS, HANDS, "Ann · Bo · Cy · Di")
    assert found.left_out == (1, 3)
    assert practisable(replay(SETTINGS, HANDS)) == (2, (1, 3))
    cy, ann = found.log.wins
    assert (cy.source.seat, cy.source.from_seat, cy.source.player, cy.source.hand_number) == (2, 0, "Cy", 3)
    state = replay(SETTINGS, HANDS[:2])
    # Cy deals East 3: East; Ann, who dealt in, West. The honba of the draw; Ann's stick is on the table.
    assert (state.round, state.hand, state.honba, state.sticks) == ("E", 3, 1, 1)
    assert cy.request["seat_wind"] == "E" and cy.request["discarder"] == "W" and cy.request["round_wind"] == "E"
    assert cy.request["riichi_sticks"] == 1  # Cy is the first winner in turn from Ann: the stick and honba are theirs
    assert (cy.request["honba"], cy.request["tsumo"], cy.request["riichi"]) == (1, False, False)
    assert ann.request["tsumo"] is True and ann.request["riichi"] is True
    assert ann.source.from_seat == 0 and ann.source.seat == 0
    for win in (cy, ann):
        assert compare(win).differences == ()  # the "log's" result is our engine's
        assert win.recorded.points == compare(win).points
    assert found.log.format == "table" and found.log.hands == 4 and found.log.draws == 1
    assert [h.after for h in found.log.scores] == [p.scores for p in replay(SETTINGS, HANDS).played]


def test_a_game_of_quick_wins_has_nothing_to_practise() -> None:
    found = practice_log(SETTINGS, HANDS[:2], "")
    assert found.log.wins == () and found.left_out == (1,)
