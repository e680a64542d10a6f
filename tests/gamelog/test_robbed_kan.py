"""A robbed added kan does not break ippatsu (issue 26; RULES.md 3.1: "The robbed kan is void: no kan
dora flipped and ippatsu not broken"), in both formats, on a record written here move by move.

Seen on a real record: riichi, ippatsu, chankan, pinfu, red five, 8,000, which we scored 7,700 and
noted "the log records ippatsu but the moves do not show it".
"""

from __future__ import annotations

from tutor.gamelog import compare, read_log

from .generator import HandScript, WinSpec, write_game

# East 2 (seat 1 deals). Seat 2 pons 3m from seat 1 before anything else happens; seat 0 declares riichi
# on 9s waiting on 3m/6m (45m, haku pair); seat 1 draws and discards; seat 2 draws the fourth 3m and adds
# it to the pon; seat 0 robs it, within the go-around after the riichi with no call in between: the kan
# never happened, so ippatsu stands. Riichi 1 + ippatsu 1 + chankan 1 = 3 han. Fu: 20 + closed ron 10
# + haku pair 2 = 32 -> 40. A non-dealer's 3 han 40 fu by ron: 5200.
ROBBED = HandScript(
    round_index=1,
    honba=0,
    sticks=0,
    dora="7s",
    ura="3z",
    deal=("45m456789p234s55z", "3579m13579p1357s", "33m2468p2468s666z", "1144m88p99s11223z"),
    moves=[
        ("draw", 1, "6z"),
        ("discard", 1, "3m"),
        ("pon", 2, "333m", "3m"),
        ("discard", 2, "2p"),
        ("draw", 3, "7z"),
        ("discard", 3, "7z"),
        ("draw", 0, "1z"),
        ("discard", 0, "1z"),
        ("draw", 1, "9s"),
        ("discard", 1, "9s"),
        ("draw", 2, "8m"),
        ("discard", 2, "8m"),
        ("draw", 3, "7z"),
        ("discard", 3, "7z"),
        ("draw", 0, "9s"),
        ("riichi", 0, "9s"),
        ("draw", 1, "8s"),
        ("discard", 1, "8s"),
        ("draw", 2, "3m"),
        ("kakan", 2, "3m"),
    ],
    wins=[WinSpec(0, 2, "40符3飜5200点", fu=40, limit=0, yaku=[("立直", 1), ("一発", 1), ("槍槓", 1), ("裏ドラ", 0)])],
)


def test_a_robbed_added_kan_leaves_ippatsu_in_both_formats() -> None:
    xml, text = write_game([ROBBED])
    for data, name in ((xml, "robbed.mjlog"), (text, "robbed.json")):
        (win,) = read_log(data, name).wins
        assert win.request["chankan"] and win.request["riichi"], name
        assert win.request["ippatsu"], name
        assert win.notes == (), (name, [str(n) for n in win.notes])  # the log is right: no note blames it
        found = compare(win)
        assert found.error is None and found.differences == (), (name, [str(d) for d in found.differences])
        assert (found.han, found.fu, found.points) == (3, 40, 5200)


def test_a_kan_that_stands_still_breaks_ippatsu() -> None:
    # The same hand, but the kan is not robbed: seat 2 draws its replacement tile 6m and discards it, and
    # seat 0 wins on it: no ippatsu (the kan came between), and the moves say so. Riichi 1, 40 fu: 1300.
    moves = [*ROBBED.moves, ("draw", 2, "6m"), ("discard", 2, "6m")]
    stands = HandScript(
        round_index=ROBBED.round_index,
        honba=0,
        sticks=0,
        dora=ROBBED.dora,
        ura=ROBBED.ura,
        deal=ROBBED.deal,
        moves=moves,
        wins=[WinSpec(0, 2, "40符1飜1300点", fu=40, limit=0, yaku=[("立直", 1), ("裏ドラ", 0)])],
    )
    xml, text = write_game([stands])
    for data, name in ((xml, "stands.mjlog"), (text, "stands.json")):
        (win,) = read_log(data, name).wins
        assert win.request["riichi"] and not win.request["ippatsu"] and not win.request["chankan"], name
        assert win.notes == (), name
        assert compare(win).differences == (), name
