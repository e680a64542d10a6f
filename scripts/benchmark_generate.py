"""How long the practice generator takes per hand, for every target (run by hand).

    .venv/bin/python scripts/benchmark_generate.py [HANDS_PER_TARGET]

Prints the median, p99 and worst time per hand for each target at each
difficulty, then the overall p99. The goal (issue 4) is p99 under 20 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from tutor.engine.targets import DIFFICULTIES, TARGETS, furiten_situation, hand_for, tenpai_hand


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    per_target = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    everything: list[float] = []
    rows = []
    makers = {name: (lambda rng, d, name=name: hand_for(name, rng, d)) for name in TARGETS}
    makers["(tenpai)"] = tenpai_hand
    makers["(furiten)"] = furiten_situation
    # Warm the engine's caches first, as a running server has.
    for _ in range(200):
        hand_for("pinfu", random.Random(0), 3)
    for name, make in sorted(makers.items()):
        for difficulty in DIFFICULTIES:
            rng = random.Random(f"{name}/{difficulty}")
            times = []
            for _ in range(per_target):
                start = time.perf_counter()
                make(rng, difficulty)
                times.append((time.perf_counter() - start) * 1000)
            everything += times
            rows.append((percentile(times, 0.99), name, difficulty, statistics.median(times), max(times)))
    print(f"{'target':<26}{'level':>6}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
    for p99, name, difficulty, median, worst in sorted(rows, reverse=True)[:15]:
        print(f"{name:<26}{difficulty:>6}{median:>11.2f}{p99:>9.2f}{worst:>9.2f}")
    print(f"... {len(rows)} target/level pairs, {len(everything)} hands in all")
    print(
        f"overall: median {statistics.median(everything):.2f} ms, p99 {percentile(everything, 0.99):.2f} ms, "
        f"max {max(everything):.2f} ms"
    )


if __name__ == "__main__":
    main()
