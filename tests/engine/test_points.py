"""The point tables of RULES.md §7.3, every cell, and the limits of §7.1."""

from __future__ import annotations

import pytest

from tutor.engine.points import base_points, payment
from tutor.engine.rules import RuleSet

# RULES.md §7.3, fu 20-110 × han 1-4; "-" marks cells that cannot occur under the adopted rules.
NON_DEALER_RON = """
20 - - - -
25 - 1600 3200 6400
30 1000 2000 3900 7700
40 1300 2600 5200 8000
50 1600 3200 6400 8000
60 2000 3900 7700 8000
70 2300 4500 8000 8000
80 2600 5200 8000 8000
90 2900 5800 8000 8000
100 3200 6400 8000 8000
110 3600 7100 8000 8000
"""
NON_DEALER_TSUMO = """
20 - 400/700 700/1300 1300/2600
25 - - 800/1600 1600/3200
30 300/500 500/1000 1000/2000 2000/3900
40 400/700 700/1300 1300/2600 2000/4000
50 400/800 800/1600 1600/3200 2000/4000
60 500/1000 1000/2000 2000/3900 2000/4000
70 600/1200 1200/2300 2000/4000 2000/4000
80 700/1300 1300/2600 2000/4000 2000/4000
90 800/1500 1500/2900 2000/4000 2000/4000
100 800/1600 1600/3200 2000/4000 2000/4000
110 900/1800 1800/3600 2000/4000 2000/4000
"""
DEALER_RON = """
20 - - - -
25 - 2400 4800 9600
30 1500 2900 5800 11600
40 2000 3900 7700 12000
50 2400 4800 9600 12000
60 2900 5800 11600 12000
70 3400 6800 12000 12000
80 3900 7700 12000 12000
90 4400 8700 12000 12000
100 4800 9600 12000 12000
110 5300 10600 12000 12000
"""
DEALER_TSUMO = """
20 - 700 1300 2600
25 - - 1600 3200
30 500 1000 2000 3900
40 700 1300 2600 4000
50 800 1600 3200 4000
60 1000 2000 3900 4000
70 1200 2300 4000 4000
80 1300 2600 4000 4000
90 1500 2900 4000 4000
100 1600 3200 4000 4000
110 1800 3600 4000 4000
"""


def cells(table: str, dealer: bool, tsumo: bool) -> list:
    params = []
    for line in table.strip().splitlines():
        fu, *by_han = line.split()
        for han, expected in enumerate(by_han, start=1):
            if expected == "-":
                continue
            if dealer and tsumo:
                expected = f"{expected} all"
            kind = f"{'dealer' if dealer else 'non-dealer'}-{'tsumo' if tsumo else 'ron'}"
            params.append(pytest.param(int(fu), han, dealer, tsumo, expected, id=f"{kind}-{fu}fu-{han}han"))
    return params


TABLE = (
    cells(NON_DEALER_RON, False, False)
    + cells(NON_DEALER_TSUMO, False, True)
    + cells(DEALER_RON, True, False)
    + cells(DEALER_TSUMO, True, True)
)


@pytest.mark.parametrize(("fu", "han", "dealer", "tsumo", "expected"), TABLE)
def test_point_table(fu: int, han: int, dealer: bool, tsumo: bool, expected: str) -> None:
    base, _ = base_points(han, fu, 0, RuleSet())
    assert str(payment(base, dealer, tsumo)) == expected


def test_the_table_has_every_cell() -> None:
    assert len(TABLE) == 4 * 11 * 4 - 2 * (4 + 1) - 2 * (1 + 2)


@pytest.mark.parametrize(
    ("han", "limit", "non_dealer_ron", "dealer_tsumo"),
    [
        (5, "mangan", 8000, 4000),
        (6, "haneman", 12000, 6000),
        (7, "haneman", 12000, 6000),
        (8, "baiman", 16000, 8000),
        (10, "baiman", 16000, 8000),
        (11, "sanbaiman", 24000, 12000),
        (12, "sanbaiman", 24000, 12000),
        (13, "kazoe_yakuman", 32000, 16000),
        (26, "kazoe_yakuman", 32000, 16000),
    ],
)
def test_limits(han: int, limit: str, non_dealer_ron: int, dealer_tsumo: int) -> None:
    base, reached = base_points(han, 30, 0, RuleSet())
    assert reached == limit
    assert payment(base, dealer=False, tsumo=False).ron == non_dealer_ron
    assert payment(base, dealer=True, tsumo=True).tsumo_non_dealer == dealer_tsumo


def test_mangan_cap_applies_below_5_han() -> None:
    # 4 han 40 fu is 2560 base points: without the cap a non-dealer ron would pay 10,300.
    assert base_points(4, 40, 0, RuleSet()) == (2000, "mangan")
    assert base_points(3, 70, 0, RuleSet()) == (2000, "mangan")
    assert base_points(3, 60, 0, RuleSet()) == (1920, None)


@pytest.mark.parametrize(
    ("kazoe", "han", "base", "limit"),
    [
        ("yakuman", 13, 8000, "kazoe_yakuman"),
        ("yakuman", 27, 8000, "kazoe_yakuman"),
        ("sanbaiman", 13, 6000, "sanbaiman"),
        ("unlimited", 13, 8000, "kazoe_yakuman"),
        ("unlimited", 26, 16000, "kazoe_yakuman"),
        ("unlimited", 39, 24000, "kazoe_yakuman"),
    ],
)
def test_kazoe_rule(kazoe: str, han: int, base: int, limit: str) -> None:
    assert base_points(han, 40, 0, RuleSet(kazoe=kazoe)) == (base, limit)


@pytest.mark.parametrize("units", [1, 2, 3])
def test_yakuman_units_add(units: int) -> None:
    base, limit = base_points(13 * units, 0, units, RuleSet())
    assert (base, limit) == (8000 * units, "yakuman")
    assert payment(base, dealer=False, tsumo=True).total == 32000 * units


def test_honba_and_riichi_sticks() -> None:
    ron = payment(2000, dealer=False, tsumo=False, honba=2, riichi_sticks=3)
    assert (ron.ron, ron.total) == (8600, 11600)
    tsumo = payment(2000, dealer=False, tsumo=True, honba=2, riichi_sticks=1)
    assert (tsumo.tsumo_non_dealer, tsumo.tsumo_dealer, tsumo.total) == (2200, 4200, 9600)
