"""What one answer request costs, through the Flask test client (run by hand).

    .venv/bin/python scripts/answer_cost.py [--answers 200] [--topic fu] [--parts yaku,han,fu,points]
    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no .venv/bin/python scripts/answer_cost.py \
        --answers 104 --way page --callgrind

Each learner (a client of its own) is served one question through ``/api/questions/next``, in practice and in
quiz mode; then every question is answered, half through the page (``POST /practice/q/<id>/answer``) and half
through the JSON API (``POST /api/questions/<id>/answer``) (``--way page`` or ``api``: all through one), with a fixed readable answer (so some are right,
some wrong, and the wrong ones are diagnosed). It prints the median wall and CPU milliseconds of the answer
requests, by way and mode.

With ``--callgrind``, under callgrind started with ``--instr-atstart=no``, it counts the instructions of the
answer requests alone: it switches callgrind on (``callgrind_control``) after the first 4 answers (the first
requests of a process load templates and catalogues) and off after the last one. Divide callgrind's total by
``--answers`` less 4 (switching costs about 0.6M instructions in all). Whole-run differences are no use
here: the same run repeated differs by some 15M instructions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient

from tutor import create_app
from tutor.practice import progress, selection
from tutor.web.db import init_db

ANSWERS = {"yaku": [], "han": "2", "fu": "30", "points": "1000", "table": "1000", "dora": "1"}
"""One readable answer per kind asked here (a fixed guess: right for some hands, wrong for others)."""


class Drawn:
    """Seeded stand-ins for the ``secrets`` calls that pick practice hands and question ids: every run asks
    the same hands under the same ids, so the instructions of two runs (or two commits) compare."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def token_hex(self, size: int) -> str:
        return self.rng.randbytes(size).hex()

    def choice(self, seq: str) -> str:
        return self.rng.choice(seq)


WARM = 4
"""Answers left out of a ``--callgrind`` count."""


def callgrind(state: str) -> None:
    """Switch callgrind's instrumentation of this process on or off."""
    subprocess.run(["callgrind_control", "--instr=" + state, str(os.getpid())], check=True, capture_output=True)


def token(client: FlaskClient) -> str:
    return str(client.get("/api/session").json["csrf_token"])  # type: ignore[index]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--topic", default="fu")
    parser.add_argument("--parts", default="", help="comma-separated parts a hand asks (default: the topic's)")
    parser.add_argument("--way", choices=("both", "page", "api"), default="both", help="answer through which")
    parser.add_argument("--callgrind", action="store_true", help="count only the answers after the first 4")
    args = parser.parse_args()
    parts = [p for p in args.parts.split(",") if p]
    selection.secrets = progress.secrets = Drawn(1)  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "tutor.sqlite"
        app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "bench"})
        with app.app_context():
            init_db()
        waiting: list[tuple[FlaskClient, str, str, str, list[str]]] = []
        for n in range(args.answers):
            client = app.test_client()
            client.environ_base["REMOTE_ADDR"] = f"10.1.{n // 250}.{n % 250 + 1}"  # guests are limited per address
            csrf = token(client)
            mode = ("practice", "quiz")[n % 2]
            body: dict[str, Any] = {"mode": mode, "topics": [args.topic], "parts": parts, "size": 5, "seed": str(n)}
            reply = client.post("/api/questions/next", json=body, headers={"X-CSRF-Token": csrf})
            assert reply.status_code == 200, reply.get_data(as_text=True)[:300]
            question = reply.json["question"]  # type: ignore[index]
            kinds = [part["kind"] for part in question["parts"]]
            way = ("page", "api")[(n // 2) % 2] if args.way == "both" else args.way
            waiting.append((client, csrf, question["id"], f"{way} {mode}", kinds))
        wall: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        for n, (client, csrf, question_id, label, kinds) in enumerate(waiting):
            if args.callgrind and n == WARM:
                callgrind("on")
            given = {kind: ANSWERS[kind] for kind in kinds}
            started, started_cpu = time.perf_counter(), time.process_time()
            if label.startswith("page"):
                form = {"csrf_token": csrf, **given}
                response = client.post(f"/practice/q/{question_id}/answer", data=form)
                assert response.status_code == 302, response.get_data(as_text=True)[:500]
            else:
                response = client.post(
                    f"/api/questions/{question_id}/answer", json={"answers": given}, headers={"X-CSRF-Token": csrf}
                )
                assert response.status_code == 200, response.json
            wall.setdefault(label, []).append(time.perf_counter() - started)
            cpu.setdefault(label, []).append(time.process_time() - started_cpu)
        if args.callgrind:
            callgrind("off")
        every = [t for times in cpu.values() for t in times]
        print(f"{args.answers} answers, topic {args.topic}, parts {','.join(parts) or 'default'}")
        for label in sorted(wall):
            print(
                f"  {label:14} n={len(wall[label]):4}  median wall {statistics.median(wall[label]) * 1000:6.2f} ms"
                f"  cpu {statistics.median(cpu[label]) * 1000:6.2f} ms"
            )
        print(f"  every answer   median cpu {statistics.median(every) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
