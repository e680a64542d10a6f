"""A non-editable install carries the templates and lessons inside the package."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_templates_and_lessons_and_finds_them(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        check=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("riichi_tutor-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "tutor/templates/home.html" in names
    assert any(name.startswith("tutor/lessons/") for name in names)

    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel)],
        check=True,
        timeout=300,
    )
    code = "import tutor.app as a; print(a.resource_dir('templates')); print(a.resource_dir('lessons'))"
    env = {**os.environ, "PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=True
    )
    templates, lessons = done.stdout.split()
    assert templates == str(site / "tutor" / "templates")
    assert lessons == str(site / "tutor" / "lessons")
