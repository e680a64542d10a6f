"""Fixtures for the browser tests: a real `tutor serve` (waitress) and Debian's Chromium driven by Playwright.

Screenshots go to test-artifacts/ (git ignores it).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def served_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The served app's folder: its database, instance folder and `server.log`."""
    return tmp_path_factory.mktemp("served")


@pytest.fixture(scope="session")
def server(served_folder: Path) -> Iterator[str]:
    """A real `tutor serve` on a free port, with its own database and instance folder."""
    folder = served_folder
    port = _free_port()
    env = {
        **os.environ,
        "TUTOR_DATABASE": str(folder / "tutor.sqlite"),
        "TUTOR_INSTANCE_PATH": str(folder / "instance"),
        "TUTOR_SECRET_KEY": "browser-tests",
    }
    log = open(folder / "server.log", "wb")  # noqa: SIM115 - closed after the server stops
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError((folder / "server.log").read_text()) from None
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=10)
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (.ci/run does)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    opened = context.new_page()
    yield opened
    context.close()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def register(page: Page, server: str, username: str, role: str) -> None:
    """Create an account through the registration form (the password every browser test uses)."""
    page.goto(server + "/auth/register")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "correct horse battery")
    page.check(f"input[name=role][value={role}]")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(lambda url: "/auth/register" not in url)


AXE = Axe()


def serious_violations(page: Page) -> list[str]:
    """axe's serious and critical findings on the page, each with its first offending element."""
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['nodes'][0]['target']} {v['nodes'][0].get('failureSummary', '')}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def post_form(page: Page, action: str, fields: dict[str, Any]) -> None:
    """Send a form from the page with its CSRF token, as the browser would (a stale tab, a second click, or
    answers typed fast); a list value is one field per value."""
    with page.expect_navigation():
        page.evaluate(
            """([action, fields]) => {
                const form = document.createElement('form');
                form.method = 'post';
                form.action = action;
                const token = document.querySelector('input[name=csrf_token]').value;
                const pairs = [['csrf_token', token]];
                for (const [name, value] of Object.entries(fields)) {
                    for (const one of (Array.isArray(value) ? value : [value])) pairs.push([name, String(one)]);
                }
                for (const [name, value] of pairs) {
                    const input = document.createElement('input');
                    input.type = 'hidden';
                    input.name = name;
                    input.value = value;
                    form.appendChild(input);
                }
                document.body.appendChild(form);
                form.submit();
            }""",
            [action, fields],
        )
