"""``tutor score --jsonl``'s engine (tutor/engine/batch.py): what its speed-ups rely on."""

from __future__ import annotations

import gc
import json
import random

from tutor.engine.batch import answer_lines
from tutor.engine.generate import random_request

BAD_LINES = [
    b"{",
    b"[" * 5000 + b"]" * 5000,  # too deep for Python's parser
    b"\xff\xfe",
    b'{"hand": 5}',
    b'{"hand": "123m", "win": "5s"}',
    b'{"hand": "123m456m789p345s55s", "win": "5s", "rules": {"kazoe": 3}}',
    b'{"hand": "123m456m789p345s55s", "win": "5s", "melds": [{"kind": "chi", "tiles": "357s"}]}',
    b'{"hand": "123m456m789p345s55s", "win": "5s", "pao": "S", "discarder": "W"}',
]


def test_a_batch_leaves_no_cycles_for_the_collector() -> None:
    # answer_lines turns the cycle collector off while it works: sound only while answering a
    # line, refusals included, makes no reference cycles (reference counting frees everything).
    rng = random.Random(5)
    lines = [json.dumps(random_request(rng)).encode() for _ in range(300)] + BAD_LINES
    answer_lines(lines)  # fill the caches first: what they keep is not garbage
    gc.collect()
    collecting = gc.isenabled()
    gc.disable()
    try:
        answers = answer_lines(lines).splitlines()
        assert gc.collect() == 0
    finally:
        if collecting:
            gc.enable()
    assert len(answers) == len(lines)
    assert all(b'"error"' in answer for answer in answers[-len(BAD_LINES) : -1])


def test_a_batch_gives_the_collector_back_as_it_found_it() -> None:
    line = [b'{"hand": "123m456m789p345s55s", "win": "5s"}']
    assert gc.isenabled()
    answer_lines(line)
    assert gc.isenabled()
    gc.disable()
    try:
        answer_lines(line)
        assert not gc.isenabled()
    finally:
        gc.enable()
