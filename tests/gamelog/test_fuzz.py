"""The log readers never raise on bad input (issue 27): whatever a file holds, ``read_log`` either reads
it or refuses it with its own :class:`LogError`, which the app shows as a ``bad_log`` 400 and
``tutor import-log`` as one line and exit status 2.

A seeded mutation loop over the real fixtures (both formats) stands for the fuzzing: it fails on
any other exception and names the mutation that caused it. Seeded, so a failure is repeatable.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tutor.gamelog import GameLog, LogError, read_log

FIXTURES = Path(__file__).parent / "fixtures"
XML_FILES = sorted([*FIXTURES.glob("*.mjlog"), *(FIXTURES / "real").glob("*.xml")])
JSON_FILES = sorted([*FIXTURES.glob("*.json"), *(FIXTURES / "real").glob("*.json")])
GAME = (FIXTURES / "game.mjlog").read_text(encoding="utf-8")

ATTRIBUTE_VALUES = ("x", "9", "7", "-1", "", "136", "9" * 30, "1,2", ",", "0", "4", "1e5", "é", "²", " 3", "+3")
JSON_VALUES: tuple[Any, ...] = (None, "x", -1, 9, 99, 60, 0, [], {}, "r", "p", "c11", 1.5, True, "r60", "²", 10**30)
CALL_LETTERS = ("p", "c", "m", "a", "k", "r", "60", "²", "1", "")


def mutate_xml(text: str, rng: random.Random) -> str:
    """One change: an attribute's value (whole, or one number of a list), an attribute or an element removed."""
    attributes = list(re.finditer(r'(\w+)="([^"]*)"', text))
    found = rng.choice(attributes)
    choice = rng.random()
    if choice < 0.7:
        value = rng.choice(ATTRIBUTE_VALUES)
        if rng.random() < 0.3 and found[2]:
            parts = found[2].split(",")
            parts[rng.randrange(len(parts))] = value
            value = ",".join(parts)
        return text[: found.start(2)] + value + text[found.end(2) :]
    if choice < 0.85:
        return text[: found.start()] + text[found.end() :]
    element = rng.choice(list(re.finditer(r"<[^>]+/>", text)))
    return text[: element.start()] + text[element.end() :]


def mutate_json(document: Any, rng: random.Random) -> None:
    """One change in place: a value replaced, a character of a string changed, a list item dropped or added."""
    places: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            places.append((node, key))
            walk(child)

    walk(document)
    parent, key = rng.choice(places)
    value, choice = parent[key], rng.random()
    if isinstance(value, str) and choice < 0.6:
        at = rng.randrange(len(value) + 1)
        parent[key] = value[:at] + rng.choice(CALL_LETTERS) + value[at + 1 :]
    elif type(value) is int and choice < 0.6:
        parent[key] = rng.choice((value + 1, value - 1, -value, value * 10, 60, 0, str(value), f"r{value}"))
    elif isinstance(parent, list) and choice < 0.7:
        del parent[key]
    elif isinstance(parent, list) and choice < 0.8:
        parent.insert(key, rng.choice(JSON_VALUES))
    else:
        parent[key] = rng.choice(JSON_VALUES)


def fuzz(cases: int, seed: int, make: Callable[[random.Random], str]) -> dict[str, int]:
    """Read ``cases`` mutated logs; any exception but LogError fails the test with the input that raised it."""
    rng = random.Random(seed)
    outcomes = {"read": 0, "refused": 0}
    for _ in range(cases):
        data = make(rng)
        try:
            read_log(data.encode("utf-8"), "fuzz")
        except LogError:
            outcomes["refused"] += 1
        except Exception as problem:  # the very thing this test looks for
            pytest.fail(f"{type(problem).__name__}: {problem} on input:\n{data[:3000]}")
        else:
            outcomes["read"] += 1
    return outcomes


def mutated_xml(rng: random.Random) -> str:
    text = rng.choice(XML_FILES).read_text(encoding="utf-8")
    for _ in range(rng.randint(1, 3)):
        text = mutate_xml(text, rng)
    return text


def mutated_json(rng: random.Random) -> str:
    document = json.loads(rng.choice(JSON_FILES).read_text(encoding="utf-8"))
    for _ in range(rng.randint(1, 3)):
        mutate_json(document, rng)
    return json.dumps(document, ensure_ascii=False)


def test_mutated_mjlogs_are_read_or_refused_never_raise() -> None:
    outcomes = fuzz(2000, 27, mutated_xml)
    # Both outcomes happen: the mutations neither all break the file nor all miss.
    assert outcomes["refused"] > 1000 and outcomes["read"] > 200, outcomes


def test_mutated_tenhou6_logs_are_read_or_refused_never_raise() -> None:
    outcomes = fuzz(2000, 27, mutated_json)
    assert outcomes["refused"] > 1000 and outcomes["read"] > 60, outcomes


def replaced(old: str, new: str, text: str = GAME) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


FIRST_AGARI = '" who="0" fromWho="0" sc='
BAD_ATTRIBUTES = [
    pytest.param(replaced(FIRST_AGARI, '" who="x" fromWho="0" sc='), "<AGARI who='x'> is not a seat", id="agari-who-x"),
    pytest.param(replaced(FIRST_AGARI, '" who="9" fromWho="0" sc='), "<AGARI who='9'> is not a seat", id="agari-who-9"),
    pytest.param(replaced(FIRST_AGARI, '" who="0" fromWho="-1" sc='), "<AGARI fromWho='-1'>", id="agari-fromwho"),
    pytest.param(replaced('machi="57"', 'machi="x"'), "<AGARI machi='x'> is not a number", id="agari-machi"),
    pytest.param(replaced('machi="57"', 'machi=""'), "<AGARI machi=''> is not a number", id="agari-machi-empty"),
    pytest.param(replaced('" oya="0" hai0', '" oya="x" hai0'), "<INIT oya='x'> is not a seat", id="init-oya"),
    pytest.param(replaced('<REACH who="0"', '<REACH who="x"'), "<REACH who='x'> is not a seat", id="reach-who"),
    pytest.param(replaced('<N who="1"', '<N who="7"'), "<N who='7'> is not a seat", id="n-who"),
    pytest.param(replaced('m="49159"/>', 'm="x"/>'), "<N m='x'> is not a number", id="n-m"),
    pytest.param(replaced('<N who="1" m="49159"/>', '<N who="1" m="²"/>'), "<N m='²'> is not a number", id="n-m-digit"),
    pytest.param(replaced(FIRST_AGARI, '" who="0" fromWho="0" paoWho="x" sc='), "paoWho='x'", id="agari-pao"),
    pytest.param(replaced('machi="57"', 'machi="' + "9" * 5000 + '"'), "is not a number", id="agari-machi-huge"),
]


@pytest.mark.parametrize(("text", "named"), BAD_ATTRIBUTES)
def test_each_bad_attribute_found_in_the_issue_is_refused_by_name(text: str, named: str) -> None:
    with pytest.raises(LogError) as refused:
        read_log(text.encode(), "bad.mjlog")
    assert named in str(refused.value)


def test_a_bad_call_string_in_json_is_refused_by_name() -> None:
    document = json.loads((FIXTURES / "real" / "mr_complex_nakis.json").read_text(encoding="utf-8"))
    part, at = next((p, i) for p in (5, 8, 11, 14) for i, t in enumerate(document["log"][0][p]) if isinstance(t, str))
    call = document["log"][0][part][at]
    letter = next(ch for ch in call if ch.isalpha())
    for bad, named in (("²", "is not a call string"), ("", "the tile after")):
        broken = json.loads(json.dumps(document))
        # A superscript digit among the tiles, or the call letter left with no tile after it.
        broken["log"][0][part][at] = call[:1] + bad + call[2:] if bad else call.replace(letter, "") + letter
        with pytest.raises(LogError) as refused:
            read_log(json.dumps(broken, ensure_ascii=False), "bad.json")
        assert named in str(refused.value)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_the_doctype_check_holds_in_every_encoding(encoding: str) -> None:
    bomb = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE m [<!ENTITY a "aaaa">]><mjloggm>&a;</mjloggm>'
    with pytest.raises(LogError) as refused:
        read_log(bomb.encode(encoding), "bomb.mjlog")
    # Decoded first (a byte-order mark), then refused for its DOCTYPE; or refused as not UTF-8 (no mark).
    assert "DOCTYPE" in str(refused.value) or "not UTF-8 text" in str(refused.value)
    if encoding in ("utf-16", "utf-32"):  # these write a byte-order mark
        assert "DOCTYPE" in str(refused.value)


def test_a_log_in_utf16_with_a_byte_order_mark_is_read_like_utf8() -> None:
    read = read_log(GAME.encode("utf-16"), "game.mjlog")
    assert isinstance(read, GameLog) and read.wins == read_log(GAME.encode(), "game.mjlog").wins
    json_text = (FIXTURES / "game.json").read_text(encoding="utf-8")
    assert read_log(json_text.encode("utf-16"), "game.json").wins == read_log(json_text, "game.json").wins


BAD = replaced(FIRST_AGARI, '" who="9" fromWho="0" sc=')


def test_the_page_and_the_api_refuse_a_bad_attribute_with_bad_log(app: Flask, client: FlaskClient) -> None:
    token = csrf(client)
    page = client.post("/practice/games/", data={"csrf_token": token, "text": BAD})
    assert page.status_code == 400
    assert "This log cannot be used:" in page.get_data(as_text=True)
    assert "is not a seat (0-3)" in page.get_data(as_text=True)
    api = client.post("/api/games", json={"log": BAD}, headers={"X-CSRF-Token": token})
    assert api.status_code == 400 and api.json is not None
    assert api.json["error"]["code"] == "bad_log" and "<AGARI who='9'> is not a seat" in api.json["error"]["message"]


def test_import_log_says_one_line_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.mjlog"
    path.write_text(BAD, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "import-log", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "<AGARI who='9'> is not a seat (0-3)" in done.stderr


def test_a_lone_surrogate_in_a_json_log_is_refused() -> None:
    # JSON may escape one; stored as a player's name or the points text it failed as a 500.
    document = json.loads((FIXTURES / "game.json").read_text(encoding="utf-8"))
    for place in ("name", "points"):
        broken = json.loads(json.dumps(document))
        if place == "name":
            broken["name"][0] = "Ao\ud800"
        else:
            broken["log"][0][16][2][3] += "\udfff"
        with pytest.raises(LogError, match="lone surrogate"):
            read_log(json.dumps(broken), "bad.json")  # ensure_ascii: the file holds the escape
