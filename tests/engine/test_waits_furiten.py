"""Waits of 13-tile hands and furiten (RULES.md §2.4, §8, §9.1)."""

from __future__ import annotations

import pytest

from tutor.engine.furiten import FuritenKind, furiten
from tutor.engine.hand import HandError, Meld
from tutor.engine.tiles import Tile, parse_tiles
from tutor.engine.waits import is_tenpai, winning_tiles


def waits(hand: str, *melds: tuple[str, str]) -> dict[str, set[str]]:
    return {
        str(w.tile): {wait.value for wait in w.waits}
        for w in winning_tiles(parse_tiles(hand), [Meld.parse(kind, tiles) for kind, tiles in melds])
    }


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("123m456p789s2355s", {"1s": {"ryanmen"}, "4s": {"ryanmen"}}, id="23-waits-on-1-and-4"),
        pytest.param("123m456p789s4655s", {"5s": {"kanchan", "tanki"}}, id="kanchan-46-or-tanki-on-5"),
        pytest.param("123m456p789s1255s", {"3s": {"penchan"}}, id="penchan-12"),
        pytest.param("123m456p789s8955s", {"7s": {"penchan"}}, id="penchan-89"),
        pytest.param("123m456p789s11z55s", {"1z": {"shanpon"}, "5s": {"shanpon"}}, id="shanpon"),
        pytest.param("123m456p789s567s1z", {"1z": {"tanki"}}, id="tanki"),
        pytest.param("123m456p111z5678s", {"5s": {"tanki"}, "8s": {"tanki"}}, id="nobetan-is-tanki"),
        pytest.param("123m456p11z23456s", {"1s": {"ryanmen"}, "4s": {"ryanmen"}, "7s": {"ryanmen"}}, id="sanmenchan"),
        pytest.param(
            "7888p123m456s789s", {"6p": {"ryanmen"}, "7p": {"tanki"}, "9p": {"ryanmen"}}, id="7888-waits-on-6-7-9"
        ),
        pytest.param("1133m5577p22s446z", {"6z": {"tanki"}}, id="seven-pairs-tanki"),
        pytest.param(
            "19m19p19s1234567z",
            {t: {"kokushi_13"} for t in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z")},
            id="kokushi-13-sided",
        ),
        pytest.param("119m9p19s1234567z", {"1p": {"kokushi"}}, id="kokushi-single"),
    ],
)
def test_winning_tiles(hand: str, expected: dict[str, set[str]]) -> None:
    assert waits(hand) == expected


def test_winning_tiles_with_melds() -> None:
    assert waits("4566m", ("pon", "777z"), ("chi", "123p"), ("ankan", "9999s")) == {
        "3m": {"ryanmen"},
        "6m": {"ryanmen", "tanki"},
    }


def test_nine_gates_waits_on_all_nine() -> None:
    assert sorted(waits("1112345678999p")) == [f"{n}p" for n in range(1, 10)]


def test_a_wait_on_a_tile_held_four_times_in_hand_is_not_tenpai() -> None:
    # RULES.md §9.1 (Tenhou): every winning tile already used up in the concealed hand: noten.
    hand = parse_tiles("1111m234p567s789s")
    (only,) = winning_tiles(hand)
    assert (str(only.tile), only.held, only.live, only.counts_for_tenpai) == ("1m", 4, False, False)
    assert not is_tenpai(hand)


def test_a_wait_on_a_tile_whose_copies_sit_in_a_call_is_still_tenpai() -> None:
    # RULES.md §9.1: if some of the four copies sit in the player's own calls, it still counts as tenpai.
    hand = parse_tiles("1m234p567s789s")
    melds = [Meld.parse("pon", "111m")]
    (only,) = winning_tiles(hand, melds)
    assert (only.held, only.live, only.counts_for_tenpai) == (4, False, True)
    assert is_tenpai(hand, melds)


def test_noten_hand_has_no_waits() -> None:
    assert winning_tiles(parse_tiles("139m258p147s1234z")) == []


def test_waits_need_13_tiles() -> None:
    with pytest.raises(HandError) as refused:
        winning_tiles(parse_tiles("123m"))
    assert refused.value.code == "wrong_tile_count"


# RULES.md §8, the seeds' situations
SEED_SITUATIONS = [
    # S2: 34567m waits on 2-5-8m; 2m discarded earlier blocks ron on 2m, 5m and 8m. Tsumo is fine.
    ("34567m234p567s88s", dict(discards="2m"), FuritenKind.DISCARD, ("2m", "5m", "8m")),
    # S2: a 13-sided kokushi wait with any yaochuu discarded earlier: the whole wait is furiten.
    ("19m19p19s1234567z", dict(discards="7z"), FuritenKind.DISCARD, ("1m", "9p", "5z")),
    # S3: waiting on 6p-7p-9p with 9p discarded: no ron on 6p, 7p or 9p.
    ("7888p123m456s789s", dict(discards="9p"), FuritenKind.DISCARD, ("6p", "7p", "9p")),
    # S3: declining a 9p (even for lack of yaku) blocks 6p and 7p too until your next draw.
    ("7888p123m456s789s", dict(passed_since_draw="9p"), FuritenKind.TEMPORARY, ("6p", "7p")),
    # After riichi, letting a winning tile go by lasts the whole hand.
    ("7888p123m456s789s", dict(riichi=True, passed_since_riichi="7p"), FuritenKind.RIICHI, ("6p", "9p")),
]


@pytest.mark.parametrize(("hand", "events", "kind", "blocked"), SEED_SITUATIONS)
def test_seed_furiten_situations(hand: str, events: dict, kind: FuritenKind, blocked: tuple[str, ...]) -> None:
    events = {k: (parse_tiles(v) if isinstance(v, str) else v) for k, v in events.items()}
    result = furiten(parse_tiles(hand), **events)
    assert result.kind is kind
    for tile in blocked:
        assert result.is_wait(Tile(tile))
        assert not result.can_ron(Tile(tile))
        assert result.can_tsumo(Tile(tile))


def test_not_furiten_when_discards_are_not_winning_tiles() -> None:
    result = furiten(
        parse_tiles("34567m234p567s88s"), discards=parse_tiles("1m9p"), passed_since_draw=parse_tiles("3m")
    )
    assert not result.is_furiten
    assert result.can_ron(Tile("5m"))
    assert not result.can_ron(Tile("3m"))  # not a winning tile at all


def test_the_longest_lasting_kind_is_named_first() -> None:
    result = furiten(
        parse_tiles("34567m234p567s88s"),
        discards=parse_tiles("8m"),
        riichi=True,
        passed_since_riichi=parse_tiles("5m"),
        passed_since_draw=parse_tiles("5m"),
    )
    assert result.kinds == (FuritenKind.DISCARD, FuritenKind.RIICHI, FuritenKind.TEMPORARY)
    assert result.because[0] == (FuritenKind.DISCARD, Tile("8m"))


def test_riichi_furiten_needs_riichi() -> None:
    result = furiten(parse_tiles("34567m234p567s88s"), passed_since_riichi=parse_tiles("5m"))
    assert not result.is_furiten
