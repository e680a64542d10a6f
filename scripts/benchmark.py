"""Throughput of our engine against the `mahjong` package, in one run (run by hand).

    .venv/bin/python scripts/benchmark.py [--hands 5000] [--seed 1] [--repeat 5]

Both engines score the same batch of random contract requests. Each side
starts from the request dict: ours parses and scores it, the oracle converts
it to mahjong's 136-tile format and calls its HandCalculator. The best of
``--repeat`` timed passes is reported (the machine is shared, so the minimum
is the least noisy figure).

The whole-process comparison (``tutor score --jsonl`` against a script that
answers the same contract with mahjong, process start included) is
``scripts/benchmark_process.sh``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository root

from tests.oracle import oracle_score
from tutor.engine.api import parse_request, score_request
from tutor.engine.generate import random_request
from tutor.engine.hand import HandError
from tutor.engine.score import score


def ours_engine(request: dict) -> object:
    try:
        return score(*parse_request(request))
    except HandError as refusal:
        return refusal


def best_of(repeat: int, batch: list[dict], answer) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for request in batch:
            answer(request)
        best = min(best, time.perf_counter() - start)
    return len(batch) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    batch = [random_request(rng) for _ in range(args.hands)]
    print(f"{len(batch)} random hands (seed {args.seed}), best of {args.repeat} passes")
    theirs = best_of(args.repeat, batch, oracle_score)
    engine = best_of(args.repeat, batch, ours_engine)
    contract = best_of(args.repeat, batch, score_request)
    print(f"mahjong package           {theirs:9.0f} hands/s")
    print(f"tutor engine (parse+score) {engine:8.0f} hands/s   ratio {engine / theirs:.2f}x")
    print(
        f"tutor score_request (JSON-ready response with explanation) {contract:.0f} hands/s   ratio {contract / theirs:.2f}x"
    )


if __name__ == "__main__":
    main()
