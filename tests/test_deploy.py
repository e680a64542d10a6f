"""The sample deployment in deploy/: nginx accepts the site, systemd accepts the units, and they agree."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
SITE = DEPLOY / "nginx-riichi-tutor.conf"
UNITS = [DEPLOY / "riichi-tutor.service", DEPLOY / "riichi-tutor-backup.service", DEPLOY / "riichi-tutor-backup.timer"]


def _unit(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    parser.read_string(path.read_text())
    return parser


def test_the_nginx_site_proxies_to_the_port_the_service_serves_on() -> None:
    upstream = re.search(r"server 127\.0\.0\.1:(\d+);", SITE.read_text())
    served = re.search(r"--port (\d+)", _unit(UNITS[0])["Service"]["ExecStart"])
    assert upstream and served and upstream[1] == served[1]
    assert "TUTOR_TRUSTED_PROXIES=1" in UNITS[0].read_text()  # the app reads X-Forwarded-For only when told


def test_nginx_accepts_the_site(tmp_path: Path) -> None:
    if shutil.which("nginx") is None:
        pytest.fail("nginx is missing: install Debian's nginx-light (.ci/run does)")
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n    access_log off;\n    include {SITE};\n}}\n"
    )
    done = subprocess.run(
        ["nginx", "-t", "-p", str(tmp_path), "-c", str(main)], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert "syntax is ok" in done.stderr


@pytest.mark.parametrize("unit", UNITS, ids=lambda path: path.name)
def test_systemd_units_parse(unit: Path) -> None:
    parsed = _unit(unit)
    assert parsed.sections()[0] == "Unit"
    if unit.suffix == ".service":
        assert parsed["Service"]["ExecStart"].split()[0].endswith("/tutor")
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is missing: install Debian's systemd (.ci/run does)")
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=30)
    # The tutor command is not installed under /srv here; anything else is a mistake in the unit.
    problems = [line for line in done.stderr.splitlines() if line.strip() and "is not executable" not in line]
    assert not problems, done.stderr
