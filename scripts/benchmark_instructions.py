"""The engine's cost in instructions (run by hand; needs valgrind): figures the machine's load does not move.

    .venv/bin/python scripts/benchmark_instructions.py [--tree DIR] [--hands 3000] [--seed 1] [FIGURE ...]

CPU seconds on the shared development machine swing by up to 2.5x; instruction counts
(valgrind's cachegrind, without its cache simulation) repeat to about 0.1%, so they are the
figure to compare before and after a small change. ``--tree`` measures another checkout (for
instance ``git archive`` of the commit before a change), imported from there.

The figures (FIGURE picks some; all by default):

* ``engine``: parse + score per hand (``score(*parse_request(r))``), the same hands scored a second time;
* ``contract``: ``score_request`` (the full response) per hand, unseen hands after as many others;
* ``mahjong``: the ``mahjong`` package through ``tests/oracle.py``, per hand, as ``contract``;
* ``process``: ``tutor score --jsonl --workers 1`` on ``--hands`` lines, the whole process;
* ``start``: the same process with no input;
* ``mahjong-process``: ``scripts/oracle_jsonl.py`` on the same lines, the whole process.

A per-hand figure is the difference between two runs that make the same requests and score
one batch more or less, divided by the hands in that batch, so process start and making the
requests cancel out. Every run has ``PYTHONHASHSEED=0`` and compiled bytecode, as
``benchmark_process.py`` does.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.engine.generate import random_request  # noqa: E402

FIGURES = ("engine", "contract", "mahjong", "process", "start", "mahjong-process")

# Run inside the measured process: make 2 x hands requests, answer ``scored`` of them.
_PER_HAND = """
import random, sys
from tutor.engine.generate import random_request
figure, hands, scored, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
batch = [random_request(rng) for _ in range(2 * hands)]
if figure == "engine":
    from tutor.engine.api import parse_request
    from tutor.engine.hand import HandError
    from tutor.engine.score import score
    def answer(request):
        try:
            return score(*parse_request(request))
        except HandError as refusal:
            return refusal
    batch = batch[:hands] * 2  # the second pass is the same hands again
elif figure == "contract":
    from tutor.engine.api import score_request as answer
else:
    from tests.oracle import oracle_score as answer
for request in batch[:scored]:
    answer(request)
"""


def instructions(command: list[str], tree: Path, stdin: Path | None = None) -> int:
    """Instructions executed by ``command`` (run in ``tree``), counted by cachegrind."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    valgrind = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    with open(stdin or os.devnull, "rb") as source:
        done = subprocess.run(
            [*valgrind, *command], stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tree, env=env
        )
    found = re.search(rb"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.decode(errors='replace')[-2000:]}")
    return int(found.group(1).replace(b",", b""))


def per_hand(figure: str, tree: Path, hands: int, seed: int) -> float:
    run = [sys.executable, "-c", _PER_HAND, figure, str(hands)]
    before = instructions([*run, str(hands), str(seed)], tree)
    after = instructions([*run, str(2 * hands), str(seed)], tree)
    return (after - before) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("figure", nargs="*", help=f"what to measure: {', '.join(FIGURES)} (default: all)")
    args = parser.parse_args()
    if set(args.figure) - set(FIGURES):
        parser.error(f"unknown figure(s) {', '.join(sorted(set(args.figure) - set(FIGURES)))}")
    tree = args.tree.resolve()
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(tree / "tutor"), str(tree / "tests" / "oracle.py")], check=True
    )
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        batch = Path(folder) / "batch.jsonl"
        batch.write_text("".join(json.dumps(random_request(rng)) + "\n" for _ in range(args.hands)))
        tutor = [sys.executable, "-m", "tutor", "score", "--jsonl", "--workers", "1"]
        print(f"{tree}: {args.hands} hands (seed {args.seed})")
        for figure in args.figure or FIGURES:
            if figure in ("engine", "contract", "mahjong"):
                print(f"{figure:16s} {per_hand(figure, tree, args.hands, args.seed) / 1000:10.1f}K instructions a hand")
            else:
                command = (
                    [sys.executable, str(tree / "scripts" / "oracle_jsonl.py")]
                    if figure == "mahjong-process"
                    else tutor
                )
                count = instructions(command, tree, None if figure == "start" else batch)
                print(f"{figure:16s} {count / 1e6:10.1f}M instructions")


if __name__ == "__main__":
    main()
