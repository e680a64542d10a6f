"""The engine's shortcuts must never change an answer.

* the scoring plan (yaku ``shape`` and ``hand_only``) never hides a yaku;
* the contract's one-pass explanation is the explanation the report module builds;
* ``--jsonl`` lines are read as ``json.loads`` reads them and written as ``json.dumps`` writes them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.engine.test_parse import ODD_VALUES
from tutor.engine import api, batch
from tutor.engine.api import evaluate, parse_request
from tutor.engine.context import WinContext
from tutor.engine.decompose import readings
from tutor.engine.generate import STYLES, random_request
from tutor.engine.hand import HandError
from tutor.engine.report import contract_fields, explanation_text, reading_summary
from tutor.engine.yaku import YAKU
from tutor.messages.catalogues import languages


@pytest.mark.parametrize("style", STYLES)
def test_the_plan_never_hides_a_yaku(style: str) -> None:
    """The plan's shortcuts never hide a yaku: a yaku counts only on readings of its ``shape`` and only where
    the hand has the features it ``needs``, and a ``hand_only`` yaku gives every reading one verdict."""
    rng = random.Random(f"plan-{style}")
    hits = 0
    for _ in range(400):
        request = random_request(rng, style)
        request["rules"] = {"renhou": True, "daisharin": "any_suit", "daichisei": True}
        try:
            hand, situation, rules = parse_request(request)
        except HandError:
            continue
        ctx = WinContext(hand, situation, rules)
        all_readings = readings(hand, situation.tsumo)
        for rule in YAKU.values():
            verdicts = [rule.check(reading, ctx) for reading in all_readings]
            for reading, verdict in zip(all_readings, verdicts, strict=True):
                if verdict.hit:
                    hits += 1
                    assert rule.shape in (None, reading.shape), f"{rule.id} hit a {reading.shape} reading: {request}"
                    assert not rule.needs & ~ctx.features, f"{rule.id} hit without the features it needs: {request}"
            if rule.hand_only and len(verdicts) > 1:
                assert all(v == verdicts[0] for v in verdicts), f"{rule.id} differs between readings: {request}"
    assert hits > 100


def test_hand_only_yaku_are_shared_across_several_readings() -> None:
    # 222333444m: three triplets or three sequences; tanyao and riichi hold whatever the reading.
    result = evaluate({"hand": "222333444m456p88s", "win": "8s", "riichi": True})
    assert result.alternatives
    for reading in (result.best, *result.alternatives):
        assert reading is not None
        assert {"riichi", "tanyao"} <= {y.id for y in reading.yaku}


@pytest.mark.parametrize("lang", languages())
def test_the_one_pass_contract_fields_are_the_report_s(lang: str) -> None:
    rng = random.Random(f"fields-{lang}")
    compared = 0
    for _ in range(600):
        request = random_request(rng)
        if rng.random() < 0.2 and not request["tsumo"]:
            request["discarder"] = "N" if request["seat_wind"] != "N" else "W"
        try:
            result = evaluate(request)
        except HandError:
            continue
        fu_breakdown, explanation, reading = contract_fields(result, lang)
        assert explanation == explanation_text(result, alternatives=False, lang=lang)
        assert reading == reading_summary(result.best.reading, lang=lang)  # type: ignore[union-attr]
        expected = [{"fu": item.fu, "reason": item.render(lang)} for item in result.fu_items if item.fu]
        assert fu_breakdown == ([] if result.yakuman else expected)
        compared += 1
    assert compared > 400


@pytest.mark.parametrize(
    "line",
    [
        b'{"hand": "123m456m789p345s55s", "win": "5s", "honba": 2}',
        b'{"hand": "123m", "honba": 99999999999999999999999}',  # past 64 bits: orjson would make it a float
        b'{"honba": -9223372036854775809}',
        b'{"honba": 18446744073709551615}',
        b'{"honba": 1.0, "riichi_sticks": 1E2}',
        b'{"honba": NaN}',
        b'{"hand": "\\ud800"}',  # a lone surrogate
        b'{"a": 1, "b": 2, "a": 3}',
        b"\xef\xbb\xbf{}",
        b'{"hand": "\xff"}',
        b"[" * 2000 + b"]" * 2000,
        b" {} \r",
        b"",
    ],
)
def test_jsonl_lines_are_read_as_the_standard_parser_reads_them(line: bytes) -> None:
    def read(reader: Any) -> str:
        try:
            return repr(reader(line))
        except (ValueError, RecursionError) as problem:
            return f"{type(problem).__name__}: {problem}"

    assert read(batch._read) == read(lambda raw: json.loads(raw.decode()))


def _odd_responses() -> list[Any]:
    """Responses of every kind: scored hands (pao and discarders included), refusals, in both languages."""
    rng = random.Random("encode")
    answers: list[Any] = []
    for number in range(1500):
        request: Any = random_request(rng)
        if number % 7 == 1 and not request["tsumo"]:
            request["discarder"] = rng.choice("ESWN")
        if number % 11 == 2:
            request["pao"] = rng.choice("ESWN")
        if number % 13 == 3:
            request[rng.choice(["win", "seat_wind", "melds"])] = rng.choice(ODD_VALUES)
        answers.append(api.score_request(request, "zh" if number % 5 == 4 else "en"))
    strings = ["", 'quote " and \\ backslash', "tab\tnew\nline\r\x00\x1f\x7f", "中文 ，：", "\u2028\u2029", "\ud800"]
    answers += [{"error": {"code": "bad_request", "message": text}} for text in strings]
    answers += [{"a": [], "b": {}, "c": [[], {}], "d": None, "e": True, "f": False, "g": -(2**63), "h": 2**64}]
    answers += [{"nested": [{"x": [1, [2, [3, {"y": ", : ,"}]]]}], "key, with: separators": 'value ", "'}]
    return answers


def test_jsonl_answers_are_written_as_the_standard_encoder_writes_them() -> None:
    responses = _odd_responses()
    assert sum("error" in r for r in responses) > 100 and sum("payments" in r for r in responses) > 50
    for response in responses:
        try:
            expected = json.dumps(response, ensure_ascii=False).encode()
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for it, either way
            with pytest.raises(UnicodeEncodeError):
                batch._encode(response)
            continue
        assert batch._encode(response) == expected
