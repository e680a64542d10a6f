"""Fixtures shared by every test: the app with a temporary database, its client and CLI runner."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.security import generate_password_hash

from tutor import accounts, create_app
from tutor.engine import messages
from tutor.messages import catalogues
from tutor.web.db import init_db


@pytest.fixture(autouse=True, scope="session")
def quick_password_hashes() -> Iterator[None]:
    """Passwords hashed with one round of PBKDF2 instead of scrypt, in this process only.

    scrypt takes about 0.3 s a hash (and as long a check) by design, and the tests register and log
    in hundreds of users. Hashes stay salted and every log-in still checks one; servers the tests
    start as processes (e2e, durability) keep scrypt.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(accounts, "generate_password_hash", partial(generate_password_hash, method="pbkdf2:sha256:1"))
        yield


@pytest.fixture(scope="session")
def blank_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database file with every migration applied, made once: each test's app starts from a copy."""
    path = tmp_path_factory.mktemp("blank") / "tutor.sqlite"
    with create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"}).app_context():
        init_db()  # closing its connection checkpoints the WAL: the one file holds everything
    return path


@pytest.fixture
def app(tmp_path: Path, blank_database: Path) -> Iterator[Flask]:
    database = tmp_path / "tutor.sqlite"
    # The same file init_db() makes, without running the migrations and their fsyncs for every test.
    shutil.copyfile(blank_database, database)
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"})
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def csrf(client: FlaskClient) -> str:
    """The CSRF token of the client's session (what a page's forms carry)."""
    token = client.get("/api/session").json["csrf_token"]  # type: ignore[index]
    assert isinstance(token, str)
    return token


@pytest.fixture
def post(client: FlaskClient):  # type: ignore[no-untyped-def]
    """POST a form with the session's CSRF token, as the site's own pages do."""

    def send(path: str, data: dict[str, object] | None = None, **kwargs: object):  # type: ignore[no-untyped-def]
        return client.post(path, data={**(data or {}), "csrf_token": csrf(client)}, **kwargs)

    return send


TEST_CATALOGUES = Path(__file__).resolve().parent / "data" / "i18n"
"""A small Chinese catalogue for tests (the real one is tested in test_translations_zh.py)."""


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The test catalogue stands in for tutor/translations while a test runs."""
    monkeypatch.setattr(catalogues, "TRANSLATIONS", TEST_CATALOGUES)
    messages.forget()
    yield "zh"
    messages.forget()
