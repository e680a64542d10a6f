"""The Flask application factory."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

PACKAGE_DIR = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """templates/ or lessons/: inside the package when installed from a wheel, at the top of a checkout otherwise."""
    installed = PACKAGE_DIR / name
    return installed if installed.is_dir() else PACKAGE_DIR.parent / name


def create_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_path=os.environ.get("TUTOR_INSTANCE_PATH") or str(Path.cwd() / "instance"),
        template_folder=str(resource_dir("templates")),
    )
    app.config.from_mapping(
        DATABASE=os.environ.get("TUTOR_DATABASE") or str(Path(app.instance_path) / "tutor.sqlite"),
        LESSONS_DIR=os.environ.get("TUTOR_LESSONS_DIR"),
        MAX_CONTENT_LENGTH=256 * 1024,
    )
    if config:
        app.config.update(config)
    app.config["SECRET_KEY"] = (
        app.config.get("SECRET_KEY") or os.environ.get("TUTOR_SECRET_KEY") or _instance_secret(app)
    )

    from . import store
    from .views import api, home

    store.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(api.bp)
    return app


def _instance_secret(app: Flask) -> str:
    """A secret key made on first run and kept in the instance folder (never in the repository)."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
