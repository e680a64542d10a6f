"""Recorded outputs that tests compare against (tests/data/golden/).

A golden file holds what the code gave for a small seeded fixture when it was recorded, so a test can
say "the same as before" without keeping the old code. To record again after an intended change, run
the tests that use it with ``TUTOR_RECORD_GOLDEN=1`` set, then read the diff of tests/data/golden/ in
git before committing it: a recording is only as right as the output it was taken from.

    TUTOR_RECORD_GOLDEN=1 .venv/bin/python -m pytest -q tests/test_class_tables.py tests/test_progress_tables.py \
        tests/test_class_scale.py tests/test_progress_aggregates.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

FOLDER = Path(__file__).resolve().parent / "data" / "golden"


def recording() -> bool:
    return os.environ.get("TUTOR_RECORD_GOLDEN") == "1"


def golden_text(name: str, text: str) -> str:
    """The recorded text named ``name`` (written from ``text`` when recording)."""
    path = FOLDER / name
    if recording():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
    with path.open(encoding="utf-8", newline="") as recorded:  # CSV lines end in \r\n: kept as they are
        return recorded.read()


def golden_json(name: str, value: Any) -> Any:
    """The recorded JSON value named ``name`` (written from ``value`` when recording), read back as JSON,
    so compare it with ``json.loads(json.dumps(value))`` (tuples become lists)."""
    path = FOLDER / name
    if recording():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_compact(value), encoding="utf-8")
    return json.loads(path.read_text(encoding="utf-8"))


def _compact(value: Any) -> str:
    """A dict a key per line (so that a diff shows which figure moved), each value on its line."""
    if not isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True) + "\n"
    lines = [
        f"{json.dumps(key)}: {json.dumps(value[key], ensure_ascii=False, sort_keys=True)}" for key in sorted(value)
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def as_json(value: Any) -> Any:
    """``value`` as JSON would give it back (tuples as lists, dataclasses as the caller turned them)."""
    return json.loads(json.dumps(value, ensure_ascii=False))
