"""The code passes the project's linter and formatter settings (pyproject.toml [tool.ruff])."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["tutor", "tests", "scripts"]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args, *SOURCES], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_ruff_check() -> None:
    done = ruff("check", "--no-cache")
    assert done.returncode == 0, done.stdout


def test_ruff_format() -> None:
    done = ruff("format", "--check", "--no-cache")
    assert done.returncode == 0, done.stdout


def test_the_tutor_package_type_checks_strictly() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "tutor"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout
