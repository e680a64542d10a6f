"""Throughput of our engine against the `mahjong` package, in one run (run by hand).

    .venv/bin/python scripts/benchmark.py [--hands 5000] [--seed 1] [--repeat 5]

Both engines score the same batch of random contract requests. Each side
starts from the request dict: ours parses and scores it, the oracle converts
it to mahjong's 136-tile format and calls its HandCalculator.

Two variants: the same batch in every pass (caches of earlier passes help
both sides), and an unseen batch in every pass (``--repeat`` batches drawn
before timing, each scored once by each side). Within a pass the three sides
run one after the other on the same batch, so a busy spell on the shared
machine hits all three. Times are CPU seconds of this process
(``time.process_time``: time spent waiting for a core is not counted); the
best of ``--repeat`` passes is reported, as hands per CPU second.

The whole-process comparison (``tutor score --jsonl`` against a script that
answers the same contract with mahjong, process start included) is
``scripts/benchmark_process.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
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


SIDES: dict[str, Callable[[dict], object]] = {
    "mahjong": oracle_score,
    "engine": ours_engine,
    "contract": score_request,
}


def best_rates(batches: list[list[dict]]) -> dict[str, float]:
    """Hands per CPU second of each side, best pass; one pass per batch."""
    best = dict.fromkeys(SIDES, float("inf"))
    for batch in batches:
        for name, answer in SIDES.items():
            start = time.process_time()
            for request in batch:
                answer(request)
            best[name] = min(best[name], time.process_time() - start)
    return {name: len(batches[0]) / seconds for name, seconds in best.items()}


def report(title: str, rates: dict[str, float]) -> None:
    theirs = rates["mahjong"]
    print(title)
    print(f"  mahjong package                                  {theirs:8.0f} hands/s")
    print(
        f"  tutor engine (parse + score)                     {rates['engine']:8.0f} hands/s   ratio {rates['engine'] / theirs:.2f}x"
    )
    print(
        f"  tutor score_request (full response, explanation) {rates['contract']:8.0f} hands/s   ratio {rates['contract'] / theirs:.2f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    same = [random_request(rng) for _ in range(args.hands)]
    unseen = [[random_request(rng) for _ in range(args.hands)] for _ in range(args.repeat)]
    print(f"{args.hands} random hands (seed {args.seed}), best of {args.repeat} passes, per CPU second")
    report("same hands each pass", best_rates([same] * args.repeat))
    report("unseen hands each pass", best_rates(unseen))


if __name__ == "__main__":
    main()
