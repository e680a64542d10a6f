"""The response layer's shortcuts must never change a sentence.

* a reading's sentence and its explanation line, kept as the text around the groups, read as the
  sentence rendered whole, in every language, and a catalogue that says the groups twice still works;
* a dora line, kept as the text around its indicators, reads as the line rendered whole;
* a no_yaku refusal, said without raising, is the refusal ``evaluate`` raises, and names the hand's melds
  alike when a meld's text is the one kept.
"""

from __future__ import annotations

import random

import pytest

from tutor.engine import messages
from tutor.engine.api import evaluate, parse_request, score_request
from tutor.engine.generate import random_request
from tutor.engine.hand import HandError, Meld
from tutor.engine.report import _describe, _reading_texts, _yaku_line, contract_fields, describe_reading
from tutor.engine.score import YakuHit, score
from tutor.engine.tiles import index_name
from tutor.messages.catalogues import languages

TILES = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _readings(count: int) -> list:
    rng = random.Random(15)
    found = []
    while len(found) < count:
        try:
            result = score(*parse_request(random_request(rng)))
        except HandError:
            continue
        if result.best is not None:
            found.append(result.best.reading)
            found.extend(other.reading for other in result.alternatives)
    return found


@pytest.mark.parametrize("lang", languages())
def test_a_framed_reading_reads_as_the_sentence_rendered_whole(lang: str, chinese: str) -> None:
    shapes = set()
    for reading in _readings(600):
        shapes.add(reading.shape)
        description, line = _reading_texts(reading, lang)
        whole = _describe(reading, lang)
        assert description == whole == describe_reading(reading, lang)
        assert line == messages.text("report.reading", lang, reading=whole)
    assert len(shapes) == 3  # standard, seven pairs and thirteen orphans were all read


@pytest.mark.parametrize(
    "sentence", ["{groups:>40}, {wait} wait on {win}", "{groups!r}, {wait} wait on {win}", "{wait} wait on {win}"]
)
def test_a_sentence_that_pads_converts_or_leaves_out_the_groups_is_rendered_whole(
    sentence: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(messages._SENTENCES, "reading.standard", sentence)
    messages.forget()
    try:
        for reading in _readings(50):
            description, line = _reading_texts(reading, "en")
            assert description == _describe(reading, "en")
            assert line == "Reading: " + description
    finally:
        monkeypatch.undo()
        messages.forget()


def test_a_sentence_that_names_the_groups_twice_is_rendered_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(messages._SENTENCES, "reading.standard", "{groups} ({groups}), {wait} wait on {win}")
    messages.forget()
    try:
        result = evaluate({"hand": "123m456m789p345s55s", "win": "5s", "riichi": True})
        fields = contract_fields(result)
        groups = "123m 456m 789p 345s 55s"
        assert fields[2]["text"] == f"{groups} ({groups}), ryanmen wait on {index_name(22)}"
        assert fields[1].startswith(f"Reading: {groups} ({groups}), ryanmen wait")
    finally:
        monkeypatch.undo()
        messages.forget()
    assert describe_reading(result.best.reading) == "123m 456m 789p 345s 55s, ryanmen wait on 5s"


@pytest.mark.parametrize("lang", languages())
def test_a_no_yaku_refusal_is_the_one_evaluate_raises(lang: str, chinese: str) -> None:
    rng = random.Random(16)
    refused = 0
    while refused < 40:
        request = random_request(rng)
        try:
            evaluate(request)
        except HandError as refusal:
            assert score_request(request, lang) == {"error": {"code": refusal.code, "message": refusal.text(lang)}}
            refused += refusal.code == "no_yaku"
    with_dora = {"hand": "123m456m789p222s55s", "win": "2s", "dora_indicators": ["1s"]}
    answer = score_request(with_dora, lang)["error"]
    assert answer["code"] == "no_yaku" and answer["message"] == evaluate_refusal(with_dora, lang)


def evaluate_refusal(request: dict, lang: str) -> str:
    with pytest.raises(HandError) as refusal:
        evaluate(request)
    return refusal.value.text(lang)


def _whole_yaku_line(y: YakuHit, lang: str) -> str:
    return messages.text("report.yaku", lang, name=y.render_name(lang), han=y.han, reason=y.render_reason(lang))


@pytest.mark.parametrize("lang", languages())
def test_a_framed_dora_line_reads_as_the_line_rendered_whole(lang: str, chinese: str) -> None:
    rng = random.Random(17)
    dora_lines = 0
    for _ in range(1500):
        request = random_request(rng)
        request["dora_indicators"] = [rng.choice(TILES) for _ in range(rng.randint(1, 5))]
        try:
            result = evaluate(request)
        except HandError:
            continue
        for y in result.yaku:
            assert _yaku_line(y, lang) == _whole_yaku_line(y, lang)
            dora_lines += y.id in ("dora", "ura_dora")
    assert dora_lines > 300


def test_a_dora_sentence_that_names_the_indicators_twice_is_rendered_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(messages._SENTENCES, "yaku.dora.hit", "{count} dora: {indicators} ({indicators})")
    messages.forget()
    try:
        result = evaluate({"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "dora_indicators": ["3m", "4s"]})
        dora = next(y for y in result.yaku if y.id == "dora")
        assert _yaku_line(dora) == "Dora: 4 han (4 dora: 3m→4m 4s→5s (3m→4m 4s→5s))"
    finally:
        monkeypatch.undo()
        messages.forget()


def test_a_refusal_names_the_hand_and_its_melds_each_time_alike() -> None:
    request = {"hand": "123m456m789p55s", "win": "5s", "melds": [{"kind": "pon", "tiles": "222s"}]}
    expected = (
        "The hand 123456m789p55s with pon 222s (winning on 5s) is a winning shape but has no yaku, so it cannot win"
    )
    for _ in range(2):  # the second time the meld's text is the one kept
        assert score_request(request) == {"error": {"code": "no_yaku", "message": expected}}
    assert str(Meld.parse("chi", "354s")) == str(Meld.parse("chi", "354s")) == "chi:345s"
