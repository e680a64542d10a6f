"""The team's corpus (tests/data/corpus.jsonl) through `tutor score --jsonl`, the way other tools call it.

Each line names its source and the values RULES.md states for it; yaku are
compared as a set of ids.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "data" / "corpus.jsonl"


def test_tutor_score_jsonl_agrees_with_the_corpus() -> None:
    cases = [json.loads(line) for line in CORPUS.read_text().splitlines()]
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "score", "--jsonl"],
        input="".join(json.dumps(case["request"]) + "\n" for case in cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(cases)
    wrong = []
    for case, answer in zip(cases, answers, strict=True):
        for field, expected in case["expect"].items():
            if field == "error":
                got = answer.get("error", {}).get("code")
            elif field == "yaku":
                got, expected = sorted(y["id"] for y in answer.get("yaku", [])), sorted(expected)
            else:
                got = answer.get(field)
            if got != expected:
                wrong.append(f"{case['name']} ({case['source']}): {field} {got!r}, expected {expected!r}")
    assert not wrong, "\n".join(wrong)
