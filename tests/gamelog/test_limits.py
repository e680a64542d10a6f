"""A log is refused past the size of any real game, each limit named (issue 27): a 59 kB gzip once held
7,200 wins, and a 6-10 kB nested or flat XML took about 240 MB of a worker's memory."""

from __future__ import annotations

import gzip
import json
import re
import tracemalloc
from pathlib import Path

import pytest

from tutor.gamelog import LogError, model, read_log

FIXTURES = Path(__file__).parent / "fixtures"
GAME = (FIXTURES / "game.mjlog").read_text(encoding="utf-8")
GAME_JSON = json.loads((FIXTURES / "game.json").read_text(encoding="utf-8"))
HAND = re.compile(r"<INIT .*?(?:<AGARI[^>]*/>\s*|<RYUUKYOKU[^>]*/>\s*)+(?=<INIT|</mjloggm>)", re.S)


def refusal(data: bytes | str) -> str:
    with pytest.raises(LogError) as refused:
        read_log(data, "big")
    return str(refused.value)


def test_the_real_fixtures_are_within_every_limit() -> None:
    for path in sorted([*FIXTURES.glob("*.mjlog"), *(FIXTURES / "real").glob("mr_*.json")]):
        assert read_log(path.read_bytes(), path.name).hands <= model.MAX_HANDS


def test_hands_per_game() -> None:
    hands = HAND.findall(GAME)
    assert len(hands) == 8
    head = GAME[: GAME.index("<INIT")]
    many = head + "".join(hands * 8) + "</mjloggm>\n"  # 64 hands, each a real one
    assert f"more than {model.MAX_HANDS} hands" in refusal(many)
    assert read_log(head + "".join(hands * 7) + "</mjloggm>\n").hands == 56  # 56 are read
    document = dict(GAME_JSON, log=GAME_JSON["log"] * 8)
    assert f"more than {model.MAX_HANDS} hands" in refusal(json.dumps(document, ensure_ascii=False))


def test_wins_per_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    double_ron = (FIXTURES / "real" / "dn_bug5.xml").read_bytes()
    assert read_log(double_ron).wins  # two winners in its last hand, within the limit
    monkeypatch.setattr(model, "MAX_WINS_PER_HAND", 1)
    assert "more than 1 wins in one hand" in refusal(double_ron)


def test_calls_per_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "MAX_CALLS_PER_HAND", 1)
    assert "more than 1 calls and kans in one hand" in refusal(GAME)
    assert "more than 1 calls and kans in one hand" in refusal(json.dumps(GAME_JSON, ensure_ascii=False))


def test_xml_depth_is_refused_early_and_cheaply() -> None:
    nested = "<mjloggm>" + "<a>" * 3000 + "</a>" * 3000 + "</mjloggm>"  # 24 kB
    tracemalloc.start()
    try:
        message = refusal(nested)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert f"nests more than {model.MAX_XML_DEPTH} levels" in message
    assert peak < 5_000_000, peak


def test_xml_element_count_is_refused_early_and_cheaply() -> None:
    flat = "<mjloggm>" + "<X/>" * 100_000 + "</mjloggm>"  # 400 kB of empty elements
    tracemalloc.start()
    try:
        message = refusal(flat)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert f"more than {model.MAX_XML_ELEMENTS} elements" in message
    assert peak < 10_000_000, peak


def test_unzipped_size() -> None:
    padded = GAME.replace("<mjloggm", "<!--" + " " * (model.MAX_TEXT_BYTES + 10) + "--><mjloggm", 1)
    bomb = gzip.compress(padded.encode())
    assert len(bomb) < 10_000
    assert f"larger than {model.MAX_TEXT_BYTES // 1024} kB" in refusal(bomb)


def test_work_per_log(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "READ_CPU_SECONDS", 0.0)
    assert "took more than 0.0 s of work" in refusal(GAME)
    assert "took more than 0.0 s of work" in refusal(json.dumps(GAME_JSON, ensure_ascii=False))


def test_names_yaku_and_indicators_are_bounded() -> None:
    long_name = "N" * (model.MAX_NAME_CHARS + 1)
    assert "name is longer than" in refusal(re.sub(r'n0="[^"]*"', f'n0="{long_name}"', GAME, count=1))
    document = dict(GAME_JSON, name=[long_name, "b", "c", "d"])
    assert "name is longer than" in refusal(json.dumps(document, ensure_ascii=False))
    many_ura = re.sub(r'doraHaiUra="[^"]*"', 'doraHaiUra="' + ",".join(["1"] * 50) + '"', GAME, count=1)
    assert "far longer than any real one" in refusal(many_ura)
    many_yaku = re.sub(r' yaku="([^"]*)"', lambda m: ' yaku="' + ",".join([m[1]] * 30) + '"', GAME, count=1)
    assert "far longer than any real one" in refusal(many_yaku)
    hand = next(h for h in GAME_JSON["log"] if h[16][0] == "和了")
    bloated = json.loads(json.dumps(GAME_JSON))
    bloated["log"] = [json.loads(json.dumps(hand))]
    bloated["log"][0][16][2] += ["立直(1飜)"] * (model.MAX_YAKU_ITEMS + 1)
    assert f"more than {model.MAX_YAKU_ITEMS} yaku" in refusal(json.dumps(bloated, ensure_ascii=False))
