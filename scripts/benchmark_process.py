"""Whole-process benchmark (run by hand): `tutor score --jsonl` against a script that
answers the same contract with the `mahjong` package, process start included.

    .venv/bin/python scripts/benchmark_process.py [--hands 3000] [--runs 7] [--seed 1]

Both read the same batch of random requests from a file and write one
response per line to a file. Each command runs ``--runs`` times; the best and
the median wall times are printed, and the best CPU time (user + system of the
process and its workers), which a busy shared machine disturbs less: the
last column compares CPU seconds with the mahjong script's. ``tutor score``
is timed twice: with its default (one worker per core for big files) and with
``--workers 1``. It runs as ``python -m tutor`` from this checkout, so the
code measured is the code beside this script.

Both sides get compiled bytecode first, so neither pays for compiling its
sources on every start (this machine sets PYTHONDONTWRITEBYTECODE).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.engine.generate import random_request  # noqa: E402


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], stdin_path: Path, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each run."""
    times, cpu = [], []
    for _ in range(runs):
        with open(stdin_path, "rb") as stdin, open(os.devnull, "wb") as sink:
            start, start_cpu = time.perf_counter(), _children_cpu()
            subprocess.run(command, stdin=stdin, stdout=sink, check=True, cwd=ROOT)
            times.append(time.perf_counter() - start)
            cpu.append(_children_cpu() - start_cpu)
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    python = sys.executable
    subprocess.run(
        [python, "-m", "compileall", "-q", str(ROOT / "tutor"), str(ROOT / "tests" / "oracle.py")], check=True
    )
    with tempfile.TemporaryDirectory() as folder:
        batch = Path(folder) / "batch.jsonl"
        batch.write_text("".join(json.dumps(random_request(rng)) + "\n" for _ in range(args.hands)))
        # This checkout's package (run from ROOT), whatever the environment's editable install points at.
        tutor = [python, "-m", "tutor", "score", "--jsonl"]
        commands = {
            "mahjong script": [python, str(ROOT / "scripts" / "oracle_jsonl.py")],
            "tutor score --jsonl": tutor,
            "tutor score --jsonl --workers 1": [*tutor, "--workers", "1"],
        }
        print(f"{args.hands} random requests (seed {args.seed}), {args.runs} runs each, {os.cpu_count()} cores")
        results = {name: timed(command, batch, args.runs) for name, command in commands.items()}
    theirs, theirs_cpu = min(results["mahjong script"][0]), min(results["mahjong script"][1])
    for name, (times, cpu) in results.items():
        best = min(times)
        print(
            f"{name:34s} best {best * 1000:6.0f} ms   median {statistics.median(times) * 1000:6.0f} ms   {theirs / best:4.2f}x"
            f"   CPU {min(cpu) * 1000:6.0f} ms   {theirs_cpu / min(cpu):4.2f}x per CPU second"
        )


if __name__ == "__main__":
    main()
