"""tutor.table.store: a game and its hands kept in SQLite, every write checked by the replay first."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from tutor.accounts import create_guest, register
from tutor.db import connect
from tutor.messages.catalogues import Problem
from tutor.table import (
    DoubleRon,
    Draw,
    Entered,
    HandRecord,
    Quick,
    Settings,
    Win,
    hand_from_json,
    hand_to_json,
    settings_from_json,
    settings_to_json,
    store,
)

RON = HandRecord(Win(1, Quick(3, 30), discarder=2))
DRAW = HandRecord(Draw(tenpai=(0, 1)), riichi=(0,))
TSUMO = HandRecord(Win(1, Quick(2, 30)))
ENTERED = HandRecord(
    Win(3, Entered({"hand": "234m567p234678s55s", "win": "2m", "dora_indicators": ["1m"]}), discarder=0),
    riichi=(3,),
)


@pytest.fixture
def db(tmp_path: Path, blank_database: Path) -> Iterator[Database]:
    path = tmp_path / "tutor.sqlite"
    shutil.copyfile(blank_database, path)
    database = connect(path)
    yield database
    database.close()


def test_every_kind_of_record_round_trips_through_json() -> None:
    records = [
        RON,
        DRAW,
        TSUMO,
        ENTERED,
        HandRecord(Win(0, Quick(yakuman=1), discarder=1, pao=2)),
        HandRecord(DoubleRon(Win(0, Quick(2, 30), discarder=2), Win(3, Quick(1, 30), discarder=2)), riichi=(1,)),
        HandRecord(Draw(nagashi=(2,), tenpai=(2, 3))),
        HandRecord(Draw(abortive="kyuushu_kyuuhai")),
    ]
    for record in records:
        assert hand_from_json(hand_to_json(record)) == record


def test_settings_round_trip_through_json() -> None:
    settings = Settings.make(
        ("Ann", "Bo", "Cy", "Di"), length="east", start=30_000, kaeshi=30_000, uma=(30, 10), kiriage=True, tobi=False
    )
    assert settings_from_json(settings_to_json(settings)) == settings
    assert settings_from_json(settings_to_json(Settings.make(("A", "B", "C", "D")))) == Settings.make(
        ("A", "B", "C", "D")
    )


@pytest.mark.parametrize(
    "data",
    [None, [], {"kind": "win"}, {"kind": "draw", "tenpai": "0"}, {"kind": "double_ron", "wins": [{}]}, {"kind": "x"}],
)
def test_a_record_of_another_shape_is_a_problem(data: object) -> None:
    with pytest.raises(Problem):
        hand_from_json(data)


def test_a_game_is_stored_and_replays(db: Database) -> None:
    user = create_guest(db, "1.2.3.4", 100)
    game = store.create(db, user.id, Settings.make(("Ann", "Bo", "Cy", "Di")))
    assert game.hands == () and len(game.share_token) >= 20
    store.add(db, user.id, game.id, RON)
    store.add(db, user.id, game.id, DRAW)
    loaded = store.load(db, user.id, game.id)
    assert loaded.hands == (RON, DRAW)
    assert loaded.state().scores == (25500, 30400, 19600, 23500)
    assert store.shared(db, game.share_token).hands == (RON, DRAW)
    assert [g.id for g in store.games(db, user.id)] == [game.id]


def test_edit_and_remove_replay_everything_after(db: Database) -> None:
    user = create_guest(db, "1.2.3.4", 100)
    game = store.create(db, user.id, Settings.make(("Ann", "Bo", "Cy", "Di")))
    for record in (RON, DRAW, TSUMO):
        store.add(db, user.id, game.id, record)
    edited = store.edit(db, user.id, game.id, 0, HandRecord(Win(1, Quick(1, 30), discarder=2)))
    assert edited.hands[0] == HandRecord(Win(1, Quick(1, 30), discarder=2))
    # Bo: +1,000 (the ron, now 1 han), +1,500 (tenpai with Ann), then as dealer 2 han 30 fu tsumo with 1 honba
    # (1,100 all) and Ann's stick.
    assert edited.state().scores[1] == 25000 + 1000 + 1500 + 3 * 1100 + 1000
    removed = store.remove(db, user.id, game.id, 1)
    assert removed.hands == (HandRecord(Win(1, Quick(1, 30), discarder=2)), TSUMO)
    rows = db.execute("SELECT position FROM table_hands WHERE game_id = ? ORDER BY position", [game.id]).fetchall()
    assert rows == [(0,), (1,)]


def test_a_refused_hand_changes_nothing(db: Database) -> None:
    user = create_guest(db, "1.2.3.4", 100)
    game = store.create(db, user.id, Settings.make(("Ann", "Bo", "Cy", "Di")))
    store.add(db, user.id, game.id, RON)
    before = store.load(db, user.id, game.id)
    with pytest.raises(Problem, match="1 han 20 fu"):
        store.add(db, user.id, game.id, HandRecord(Win(1, Quick(1, 20), discarder=2)))
    with pytest.raises(Problem, match="own discard"):
        store.edit(db, user.id, game.id, 0, HandRecord(Win(1, Quick(3, 30), discarder=1)))
    with pytest.raises(Problem, match="no hand 5"):
        store.remove(db, user.id, game.id, 4)
    assert store.load(db, user.id, game.id) == before


def test_no_hand_is_stored_after_the_game_ended(db: Database) -> None:
    # Ann's dealer yakuman ron off Bo leaves Bo below zero: tobi ends the game.
    user = create_guest(db, "1.2.3.4", 100)
    game = store.create(db, user.id, Settings.make(("Ann", "Bo", "Cy", "Di")))
    store.add(db, user.id, game.id, RON)
    store.add(db, user.id, game.id, HandRecord(Win(0, Quick(yakuman=1), discarder=1)))  # Bo is below 0: over
    with pytest.raises(Problem, match="already over"):
        store.add(db, user.id, game.id, TSUMO)
    assert len(store.load(db, user.id, game.id).hands) == 2


def test_another_account_finds_no_game(db: Database) -> None:
    owner = create_guest(db, "1.2.3.4", 100)
    other = register(db, "someone", "a long enough password")
    game = store.create(db, owner.id, Settings.make(("Ann", "Bo", "Cy", "Di")))
    for call in (
        lambda: store.load(db, other.id, game.id),
        lambda: store.add(db, other.id, game.id, RON),
        lambda: store.edit(db, other.id, game.id, 0, RON),
        lambda: store.remove(db, other.id, game.id, 0),
        lambda: store.delete(db, other.id, game.id),
        lambda: store.shared(db, "not-a-token"),
    ):
        with pytest.raises(store.NotFound):
            call()
    assert store.games(db, other.id) == []
    store.add(db, owner.id, game.id, RON)
    assert db.execute("SELECT COUNT(*) FROM table_hands").fetchone()[0] == 1
    store.delete(db, owner.id, game.id)
    assert db.execute("SELECT COUNT(*) FROM table_hands").fetchone()[0] == 0


def test_a_game_night_is_all_or_nothing_and_its_teachers_only(db: Database) -> None:
    from tutor import classroom as rooms
    from tutor.table import nights

    tara = register(db, "tara", "a long enough password", role="teacher")
    tom = register(db, "tom", "a long enough password", role="teacher")
    room = rooms.create_class(db, tara, "Class A")
    for _ in range(store.MAX_GAMES - 1):
        store.create(db, tara.id, Settings.make(("A", "B", "C", "D")))
    with pytest.raises(Problem):  # the second table would be game 101: neither table, nor the night, is kept
        nights.create(db, tara.id, room.id, [("Ann", "Bo", "Cy", "Di"), ("Ed", "Flo", "Gus", "Hal")], "hanchan")
    assert db.execute("SELECT COUNT(*) FROM game_nights").fetchone()[0] == 0
    assert len(store.games(db, tara.id)) == store.MAX_GAMES - 1
    store.delete(db, tara.id, store.games(db, tara.id)[0].id)
    night = nights.create(db, tara.id, room.id, [("Ann", "Bo", "Cy", "Di"), ("Ed", "Flo", "Gus", "Hal")], "east")
    assert [t.settings.players for t in night.tables] == [("Ann", "Bo", "Cy", "Di"), ("Ed", "Flo", "Gus", "Hal")]
    assert all(t.user_id == tara.id and t.settings.length == "east" for t in night.tables)
    with pytest.raises(nights.NotFound):
        nights.night(db, tom.id, room.id, night.id)
    with pytest.raises(nights.NotFound):
        nights.night(db, tara.id, room.id + 1, night.id)
    assert nights.nights(db, tom.id, room.id) == []
    assert [(n.id, n.table_count) for n in nights.nights(db, tara.id, room.id)] == [(night.id, 2)]
    store.delete(db, tara.id, night.tables[0].id)  # a table deleted on its own page leaves the night one table
    assert [n.table_count for n in nights.nights(db, tara.id, room.id)] == [1]
