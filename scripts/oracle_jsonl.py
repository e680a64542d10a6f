"""Answer score requests (JSON lines on stdin) with the `mahjong` package.

The whole-process yardstick for ``tutor score --jsonl``: one request per input
line, one contract response per output line, errors inline. See
scripts/benchmark_process.sh.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository root

from tests.oracle import oracle_score


def main() -> None:
    out = sys.stdout
    for line in sys.stdin:
        try:
            request = json.loads(line)
            response = oracle_score(request)
        except Exception as problem:  # the oracle has no validation of its own; report, keep going
            response = {"error": {"code": "bad_request", "message": str(problem)}}
        if "error" not in response:
            yaku = ", ".join(f"{y['id']} {y['han']}" for y in response["yaku"])
            fu = " + ".join(f"{d['fu']} {d['reason']}" for d in response["fu_breakdown"])
            response["yakuman"] = sum(y["han"] // 13 for y in response["yaku"] if y["han"] >= 13)
            response["explanation"] = f"{yaku}; fu: {fu}"
        out.write(json.dumps(response) + "\n")


if __name__ == "__main__":
    main()
