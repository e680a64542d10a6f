"""Write N random score requests as JSON lines (for the process benchmark and for teachers).

    python scripts/make_batch.py 3000 --seed 1 > batch.jsonl
"""

from __future__ import annotations

import argparse
import json
import random

from tutor.engine.generate import random_request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for _ in range(args.count):
        print(json.dumps(random_request(rng)))


if __name__ == "__main__":
    main()
