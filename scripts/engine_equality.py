"""Equality check for engine changes that must not change results (run by hand).

    PYTHONPATH=<checkout> .venv/bin/python scripts/engine_equality.py [--requests 40000] [--dump FILE]

Answers a fixed, seeded mix of requests with the ``tutor`` package that
``PYTHONPATH`` names and prints one SHA-256 digest per section. Run it on the
commit before a speed change and on the change itself: every digest must be
the same. ``--dump`` writes every answer line, so two dumps can be diffed to
find the first request that differs.

The mix: random contract requests (``generate.random_request``), a quarter of
them with rule overrides, some naming a pao player or a discarder, some
spoiled on purpose (refusals), some in Chinese; every one answered through
``score_request`` and, in English, as the ``--jsonl`` batch bytes; a sample
also as the terminal breakdown (``format_result``), the full explanation and
``why_not`` sentences.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
from typing import Any

from tutor.engine.api import evaluate, score_request
from tutor.engine.batch import score_stream
from tutor.engine.generate import random_request
from tutor.engine.hand import HandError
from tutor.engine.report import explanation_text, format_result, why_not
from tutor.engine.yaku import YAKU

RULE_CHOICES: dict[str, list[Any]] = {
    "preset": ["tenhou", "classic"],
    "open_tanyao": [True, False],
    "aka": [True, False],
    "double_yakuman": [False, True],
    "kazoe": ["yakuman", "sanbaiman", "unlimited"],
    "kiriage": [False, True],
    "open_pinfu_fu": [True, False],
    "pinfu_tsumo_fu": [False, True],
    "double_wind_pair_fu": [2, 4],
    "renhou": [False, True],
    "daisharin": [False, True, "any_suit"],
    "daichisei": [False, True],
    "pao_scope": ["whole", "yakuman"],
    "pao_honba": ["responsible", "discarder"],
}


def requests(count: int, seed: int) -> list[tuple[Any, str]]:
    """``count`` (request, language) pairs, the same for a given seed on every commit."""
    rng = random.Random(seed)
    mix: list[tuple[Any, str]] = []
    for number in range(count):
        request: Any = random_request(rng)
        if number % 4 == 1:
            request["rules"] = {key: rng.choice(values) for key, values in RULE_CHOICES.items() if rng.random() < 0.3}
        if number % 10 == 3:
            request["pao"] = rng.choice("ESWN")
        if number % 10 in (3, 6) and not request["tsumo"]:
            request["discarder"] = rng.choice("ESWN")
        if number % 13 == 5:
            request = _spoiled(request, rng)
        mix.append((request, "zh" if number % 5 == 2 else "en"))
    return mix


def _spoiled(request: dict[str, Any], rng: random.Random) -> Any:
    """A request with one thing wrong (or, now and then, nothing a parser can read)."""
    how = rng.randrange(9)
    if how == 0:
        request["hand"] = request["hand"][1:]  # a tile short (or a suit letter lost)
    elif how == 1:
        request["win"] = rng.choice(["1m", "9p", "7z", "0s", "5", "12m", 5])
    elif how == 2:
        request[rng.choice(["tsumo", "riichi", "ippatsu"])] = rng.choice(["yes", 1, None, True])
    elif how == 3:
        request["seat_wind"] = rng.choice(["X", "e", 1, "S"])
    elif how == 4:
        request["melds"] = rng.choice([[{"kind": "pon", "tiles": "123m"}], "pon", [{"kind": "kan", "tiles": "1111m"}]])
    elif how == 5:
        request["dora_indicators"] = rng.choice([["1m", "2m", "3m", "4m", "5m", "6m"], "1m", [1], ["1m1m"]])
    elif how == 6:
        request["rules"] = rng.choice([{"kazoe": "lots"}, {"preset": "x"}, [], {"aka": "yes"}])
    elif how == 7:
        request["extra"] = 1
    else:
        return rng.choice([[], "hand", None, 3, {"hand": "123m"}])
    return request


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--dump", help="write every answer line to this file")
    args = parser.parse_args()
    mix = requests(args.requests, args.seed)
    sections: dict[str, list[str]] = {"score_request": [], "jsonl": [], "text": []}
    for request, lang in mix:
        sections["score_request"].append(json.dumps(score_request(request, lang), ensure_ascii=False))
    source = io.BytesIO(b"".join(json.dumps(request).encode() + b"\n" for request, _ in mix))
    out = io.BytesIO()
    score_stream(source, out, workers=1)
    sections["jsonl"] = out.getvalue().decode().split("\n")
    yaku_ids = sorted(YAKU)
    for number, (request, lang) in enumerate(mix[::20]):
        try:
            result = evaluate(request)
        except HandError as refusal:
            sections["text"].append(f"refused {refusal.code}")
            continue
        sections["text"].append(format_result(result, lang))
        sections["text"].append(explanation_text(result, lang=lang))
        sections["text"].append(why_not(result, yaku_ids[number % len(yaku_ids)], lang))
    for name, lines in sections.items():
        print(f"{name:14s} {len(lines):6d} lines  sha256 {digest(lines)}")
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as dump:
            for name, lines in sections.items():
                dump.writelines(f"{name}\t{line!r}\n" for line in lines)


if __name__ == "__main__":
    main()
