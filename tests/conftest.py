"""Fixtures shared by every test: the app with a temporary database, its client and CLI runner."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.store import init_db


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tutor.sqlite"), "SECRET_KEY": "test"})
    with app.app_context():
        init_db()
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
