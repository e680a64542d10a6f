"""Final standings (RULES.md 9.7-9.8): rank, oka, uma, rounding, ties, sticks, busting."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.standings import RULE_SETS, TENHOU, UMA_8_4, shown, standings
from tutor.messages.catalogues import Problem


def finals(*scores: int, sticks: int = 0, rules: str = "tenhou") -> dict[str, str]:
    game = standings(scores, sticks, rules)
    return {row.seat: shown(row.final) for row in game.rows}


def test_the_seed_example_of_rules_9_8() -> None:
    """S3's worked figures, verified in RULES.md 9.8: 54,300 / 29,000 / 19,700 / -3,000 at uma 8-4."""
    game = standings((54300, 29000, 19700, -3000), rules="uma-8-4")
    assert [(r.rank, shown(r.base), shown(r.uma), shown(r.oka), shown(r.final)) for r in game.rows] == [
        (1, "+24.3", "+8.0", "+20.0", "+52.3"),
        (2, "-1.0", "+4.0", "0.0", "+3.0"),
        (3, "-10.3", "-4.0", "0.0", "-14.3"),
        (4, "-33.0", "-8.0", "0.0", "-41.0"),
    ]


def test_the_seed_example_in_another_seat_order_ranks_by_score() -> None:
    assert finals(-3000, 19700, 29000, 54300, rules="uma-8-4") == {
        "N": "+52.3",
        "W": "+3.0",
        "S": "-14.3",
        "E": "-41.0",
    }


def test_tenhou_oka_is_20_and_uma_20_10() -> None:
    assert TENHOU.oka == 200 and TENHOU.uma_by_rank == (200, 100, -100, -200)
    assert UMA_8_4.oka == 200 and UMA_8_4.uma_by_rank == (80, 40, -40, -80)
    assert finals(35000, 28000, 22000, 15000) == {"E": "+45.0", "S": "+8.0", "W": "-18.0", "N": "-35.0"}


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        pytest.param((30000, 30000, 25000, 15000), ["E", "S", "W", "N"], id="tie-for-first-east-wins"),
        pytest.param((25000, 30000, 30000, 15000), ["S", "W", "E", "N"], id="tie-south-before-west"),
        pytest.param((20000, 20000, 20000, 40000), ["N", "E", "S", "W"], id="three-way-tie"),
        pytest.param((25000, 25000, 25000, 25000), ["E", "S", "W", "N"], id="all-equal"),
    ],
)
def test_ties_go_to_the_seat_nearer_the_first_dealer(scores: tuple[int, ...], expected: list[str]) -> None:
    game = standings(scores)
    assert [row.seat for row in game.rows] == expected
    assert any("sat nearer the first dealer" in str(note) for note in game.notes)


def test_a_tie_for_first_gives_oka_and_top_uma_to_the_earlier_seat() -> None:
    assert finals(30000, 30000, 25000, 15000) == {"E": "+40.0", "S": "+10.0", "W": "-15.0", "N": "-35.0"}


def test_leftover_sticks_go_to_first_place() -> None:
    game = standings((34000, 25000, 25000, 15000), sticks=1)
    east = game.seat("E")
    assert (east.score, east.points, shown(east.final)) == (34000, 35000, "+45.0")
    assert game.seat("S").points == 25000
    assert any("go to first place, East" in str(note) for note in game.notes)


def test_sticks_never_change_who_is_first() -> None:
    # South leads by 100; the two sticks (2,000) only add to South's lead.
    game = standings((29900, 30000, 24100, 14000), sticks=2)
    assert game.rows[0].seat == "S" and game.rows[0].points == 32000


def test_tenhou_rounds_to_the_thousand_4_down_5_up_and_first_place_takes_the_difference() -> None:
    game = standings((40000, 35500, 24500, 0))
    south, west, north, east = game.seat("S"), game.seat("W"), game.seat("N"), game.seat("E")
    assert shown(south.base) == "+6.0"  # 35,500 counts as 36,000
    assert shown(west.base) == "-5.0"  # 24,500 counts as 25,000
    assert shown(north.final) == "-50.0"  # zero is not a bust: no note, no special case
    assert shown(east.final) == "+49.0"  # its own sum would be +50; the others come to -49
    assert any("instead of zero" in str(note) for note in game.notes)
    assert not any("below zero" in str(note) for note in game.notes)


def test_four_hundred_rounds_down() -> None:
    assert finals(40400, 34400, 15600, 9600) == {"E": "+50.0", "S": "+14.0", "W": "-24.0", "N": "-40.0"}


def test_a_negative_score_counts_in_full() -> None:
    game = standings((62000, 30000, 11000, -3000))
    assert shown(game.seat("N").final) == "-53.0"
    assert shown(game.seat("E").final) == "+72.0"
    assert any("North finished below zero (-3,000)" in str(note) for note in game.notes)


def test_negative_scores_round_by_size() -> None:
    # -1,500 counts as -2,000 (5 up, by size): -32 - 20 = -52.
    assert finals(61500, 30000, 10000, -1500)["N"] == "-52.0"


@pytest.mark.parametrize(
    ("scores", "sticks", "rules", "message"),
    [
        pytest.param((35000, 28000, 22000, 14000), 0, "tenhou", "add up to 99,000 points, not 100,000", id="short"),
        pytest.param((35000, 28000, 22000, 15000), 1, "tenhou", "add up to 101,000 points", id="stick-extra"),
        pytest.param((35000, 28000, 37000), 0, "tenhou", "give four end scores", id="three"),
        pytest.param((35050, 28000, 22000, 14950), 0, "tenhou", "East's score must be", id="not-hundreds"),
        pytest.param((35000, 28000, 22000, 15000), -1, "tenhou", "riichi sticks left", id="negative-sticks"),
        pytest.param((35000, 28000, 22000, 15000), 0, "ema", "unknown rules 'ema'", id="unknown-rules"),
    ],
)
def test_bad_input_is_refused_saying_why(scores: tuple[int, ...], sticks: int, rules: str, message: str) -> None:
    with pytest.raises(Problem, match=message.replace("(", r"\(")):
        standings(scores, sticks, rules)


def test_the_working_sentence_shows_the_sum() -> None:
    game = standings((54300, 29000, 19700, -3000), rules="uma-8-4")
    assert (
        str(game.working(game.rows[3])) == "North, 4th: (-3,000 − 30,000) / 1000 gives -33.0, uma -8.0, oka 0.0: -41.0."
    )


def test_json_has_every_player_first_place_first() -> None:
    body = standings((15000, 22000, 28000, 35000)).to_json()
    assert [row["seat"] for row in body["standings"]] == ["N", "W", "S", "E"]
    assert [row["final"] for row in body["standings"]] == [45.0, 8.0, -18.0, -35.0]


scores_of_a_game = st.lists(st.integers(-300, 1300), min_size=3, max_size=3).map(
    lambda three: [value * 100 for value in three]
)


@settings(max_examples=300, deadline=None)
@given(three=scores_of_a_game, sticks=st.integers(0, 6), rules=st.sampled_from(sorted(RULE_SETS)))
def test_final_points_always_sum_to_zero(three: list[int], sticks: int, rules: str) -> None:
    """Every rule set here has oka = the points the return takes, so the results sum to zero."""
    scores = [*three, 100_000 - sticks * 1000 - sum(three)]
    game = standings(scores, sticks, rules)
    assert sum(row.final for row in game.rows) == 0
    assert [row.rank for row in game.rows] == [1, 2, 3, 4]
    assert all(a.points >= b.points for a, b in zip(game.rows, game.rows[1:], strict=False))


@settings(max_examples=200, deadline=None)
@given(three=scores_of_a_game)
def test_a_higher_score_never_gets_fewer_final_points(three: list[int]) -> None:
    scores = [*three, 100_000 - sum(three)]
    game = standings(scores, rules="uma-8-4")
    finals_in_rank_order = [row.final for row in game.rows]
    assert finals_in_rank_order == sorted(finals_in_rank_order, reverse=True)


def test_first_places_working_says_when_its_own_points_were_rounded_and_then_adjusted() -> None:
    game = standings((40400, 35500, 24500, -400))
    # Others: +16, -15, and -400 counting as 0: -50; so East gets +49, not its own +50.
    assert str(game.working(game.seat("E"))) == (
        "East, 1st: 40,400 counts as 40,000; (40,000 − 30,000) / 1000 + uma +20.0 + oka +20.0 would be +50.0, "
        "but the other three results add up to -49.0, so East gets +49.0."
    )
    assert str(game.working(game.seat("N"))).startswith("North, 4th: -400 counts as 0;")
