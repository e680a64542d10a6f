"""Riichi Tutor: lessons, a scoring engine that explains itself, practice and classrooms.

The web app is built by :func:`create_app`; the engine in :mod:`tutor.engine`
never imports Flask, so ``tutor score`` starts fast.
"""

from __future__ import annotations

from typing import Any


def create_app(config: dict[str, Any] | None = None) -> Any:
    """Build the Flask app (imported lazily so the engine and CLI stay light)."""
    from tutor.app import create_app as _create_app

    return _create_app(config)
