"""The Flask application factory."""

from __future__ import annotations

import os
import re
import secrets
import time
from pathlib import Path
from typing import Any

from flask import Flask, Response, g, render_template
from flask.json.provider import DefaultJSONProvider
from markupsafe import Markup

PACKAGE_DIR = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """templates/ or lessons/: inside the package when installed from a wheel, at the top of a checkout otherwise."""
    installed = PACKAGE_DIR / name
    return installed if installed.is_dir() else PACKAGE_DIR.parent / name


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, except that two kinds of body are unreadable JSON like any other (a 400 from every
    route that reads JSON): one nested too deeply for the parser (not a RecursionError), and one with a
    lone surrogate such as ``"\\ud800"`` in a string or key. JSON allows that escape, but such a string
    is no text: it cannot be encoded as UTF-8, so it would fail later, wherever it is stored or shown."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            value = super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("the JSON is nested too deeply") from None
        if _has_surrogate(value):
            raise ValueError("a JSON string holds a lone surrogate (\\ud800-\\udfff), which is not text")
        return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_surrogate(value: Any) -> bool:
    """Does any string or key in a parsed JSON value hold a surrogate code point (a lone one:
    the parser joins an escaped pair into one character)?"""
    pending = [value]
    while pending:  # a loop, not recursion: the value may be nested as deeply as the parser allows
        item = pending.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Settings come from ``config``, else the environment (TUTOR_DATABASE,
    TUTOR_SECRET_KEY, TUTOR_LESSONS_DIR, TUTOR_INSTANCE_PATH, TUTOR_TRUSTED_PROXIES, TUTOR_SERVER_TIMING,
    TUTOR_SECURE_COOKIES), else defaults in the instance folder."""
    app = Flask(
        __name__,
        instance_path=os.environ.get("TUTOR_INSTANCE_PATH") or str(Path.cwd() / "instance"),
        template_folder=str(resource_dir("templates")),
        static_folder=str(PACKAGE_DIR / "web" / "static"),
    )
    app.json = JSONProvider(app)
    app.config.from_mapping(
        DATABASE=os.environ.get("TUTOR_DATABASE") or str(Path(app.instance_path) / "tutor.sqlite"),
        LESSONS_DIR=os.environ.get("TUTOR_LESSONS_DIR"),
        MAX_CONTENT_LENGTH=256 * 1024,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
    )
    if config:
        app.config.update(config)
    _write_wait(app)
    app.config["SECRET_KEY"] = (
        app.config.get("SECRET_KEY") or os.environ.get("TUTOR_SECRET_KEY") or _instance_secret(app)
    )

    from tutor.course.lessons import LessonLibrary
    from tutor.web import db as web_db
    from tutor.web import i18n, visitor
    from tutor.web.views import (
        api,
        auth,
        calculator,
        classroom,
        errors,
        games,
        home,
        lessons,
        practice,
        progress,
        reference,
        standings,
        table,
        tables,
        tiles,
    )
    from tutor.web.views.params import QuestionId, RowId

    app.url_map.converters["int"] = RowId  # before any route is added
    app.url_map.converters["question"] = QuestionId
    lessons_root = resource_dir("lessons")
    i18n.init_app(app, i18n.available_languages())
    web_db.init_app(app)
    visitor.init_app(app)
    app.extensions["lessons"] = LessonLibrary(
        lambda lang: _lesson_folders(app, lessons_root, lang), _block_renderer(app)
    )
    blueprints = (
        home.bp,
        lessons.bp,
        reference.bp,
        calculator.bp,
        tables.bp,
        standings.bp,
        tiles.bp,
        practice.bp,
        progress.bp,
        classroom.bp,
        games.bp,
        table.bp,
    )
    for blueprint in (*blueprints, auth.bp, api.bp, games.api_bp, errors.bp):
        app.register_blueprint(blueprint)
    from tutor.drawing.charts import sparkline
    from tutor.drawing.tiles_html import (
        hand_drawing,
        held_drawing,
        names_in_text,
        tile_label,
        tiles_html,
        tiles_in_text,
    )
    from tutor.drawing.words import words_html
    from tutor.engine.tiles import parse_tiles
    from tutor.web.i18n import current_language
    from tutor.web.question_hands import question_hand

    app.jinja_env.filters["tiles"] = lambda text, **options: Markup(
        tiles_html(str(text), lang=current_language(), **options)
    )
    # Feedback sentences: MPSZ codes in them drawn as tiles, honours named too.
    app.jinja_env.filters["tiles_in_text"] = lambda text: Markup(tiles_in_text(str(text), lang=current_language()))
    # Where tiles are already drawn just above (a lesson's worked example), the words name them instead.
    app.jinja_env.filters["tile_names"] = lambda text: names_in_text(str(text), current_language())
    app.jinja_env.filters["tile_name"] = lambda code: tile_label(str(code), current_language())
    app.jinja_env.filters["grouped"] = grouped_numbers
    # Presentation steps: tile codes drawn too, and only the words between them given thousands separators.
    app.jinja_env.filters["step_text"] = lambda text: Markup(
        tiles_in_text(str(text), grouped_numbers, current_language())
    )
    # An answer said by its question's kind (Question.say_answer): words in the page's language, tiles drawn.
    app.jinja_env.filters["words"] = lambda value: Markup(words_html(value, current_language()))
    app.jinja_env.filters["tile_codes"] = lambda text: [str(t) for t in parse_tiles(text)]
    app.jinja_env.globals.update(
        hand_drawing=hand_drawing,
        held_drawing=held_drawing,
        question_hand=question_hand,
        # A chart's title is text: a sentence the template translated (escaped Markup) is turned back into it.
        sparkline=lambda values, label: sparkline(
            values, label=label.unescape() if isinstance(label, Markup) else label, lang=current_language()
        ),
    )  # describe_reading, payment_line: i18n.init_app
    _time_requests(app)
    _security_headers(app)
    proxies = app.config.get("TRUSTED_PROXIES") or os.environ.get("TUTOR_TRUSTED_PROXIES") or "0"
    if str(proxies).isdecimal() and int(proxies) > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        # Behind a reverse proxy every request comes from the proxy; the join-code limit per address
        # needs the client's own address, which only a proxy we trust may tell us (X-Forwarded-For).
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=int(proxies), x_proto=int(proxies))  # type: ignore[method-assign]
    return app


def _setting(app: Flask, name: str) -> bool:
    """A yes/no setting: ``config[name]``, else ``TUTOR_<name>=1`` in the environment."""
    value = app.config.get(name)
    if value is None:
        value = os.environ.get(f"TUTOR_{name}", "")
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def _write_wait(app: Flask) -> None:
    """How long a writer waits for the write lock before a 503 (``WRITE_WAIT``, else ``TUTOR_WRITE_WAIT``, in seconds)."""
    from tutor.db import connection

    value = app.config.get("WRITE_WAIT", os.environ.get("TUTOR_WRITE_WAIT") or connection.WRITE_WAIT)
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f"TUTOR_WRITE_WAIT must be a number of seconds, not {value!r}") from None
    if not 0 < seconds <= 60:
        raise ValueError(f"TUTOR_WRITE_WAIT must be more than 0 and at most 60 seconds, not {value!r}")
    app.config["WRITE_WAIT"] = seconds
    connection.set_write_wait(seconds)


def _time_requests(app: Flask) -> None:
    """A Server-Timing header, only when asked for (debug, or SERVER_TIMING / TUTOR_SERVER_TIMING=1):
    what the load scripts read as server time. Otherwise it would tell anyone how long a log-in took."""
    asked = _setting(app, "SERVER_TIMING")

    @app.before_request
    def start_clock() -> None:
        if asked or app.debug:
            g.started = time.perf_counter()

    @app.after_request
    def report_time(response: Response) -> Response:
        if "started" in g:
            response.headers["Server-Timing"] = f"app;dur={(time.perf_counter() - g.started) * 1000:.2f}"
        return response


CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        # Inline style attributes stay allowed: charts and meters set their size through a CSS variable
        # computed per row (style="--share: 0.42"), and the tile symbols hide their <svg> with
        # style="display:none". Styles cannot run code; scripts stay 'self' only (no inline script).
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)


SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
"""What every response says the browser may not do; the server's own error pages carry them too (serving.py)."""


def _security_headers(app: Flask) -> None:
    """Headers on every response that tell the browser what this site never does; cookies marked
    Secure when TUTOR_SECURE_COOKIES=1 (behind HTTPS)."""
    if _setting(app, "SECURE_COOKIES"):
        app.config["SESSION_COOKIE_SECURE"] = True

    @app.after_request
    def add_headers(response: Response) -> Response:
        headers = response.headers
        headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        headers.update({name: value for name, value in SECURITY_HEADERS.items() if name != "Content-Security-Policy"})
        if g.get("user") is not None:
            headers["Cache-Control"] = "no-store"  # someone's own page: never kept by a shared cache or the browser
        if response.status_code == 429:
            # Every refusal for too many requests says when to come back, whichever view made it.
            headers.setdefault("Retry-After", "60")
        return response


def _lesson_folders(app: Flask, root: Path, lang: str) -> list[Path]:
    """Where a language's lessons are: built in, then the teacher's folder (English at its top or in en/).

    The same places for every language, whether they exist or not, so LessonLibrary can lay each
    translation over the English of the same place.
    """
    folders = [root / lang]
    extra = app.config.get("LESSONS_DIR")
    if extra:
        extra_path = Path(extra)
        folders.append(extra_path if lang == "en" and not (extra_path / lang).is_dir() else extra_path / lang)
    return folders


def _block_renderer(app: Flask) -> Any:
    """Lessons render worked examples and questions with the site's own templates, in their language."""

    def render(kind: str, context: dict[str, Any], lang: str) -> str:
        with app.app_context():
            g.lang = lang
            return render_template(f"partials/{kind}.html", **context)

    return render


def _instance_secret(app: Flask) -> str:
    """A secret key made on first run and kept in the instance folder (never in the repository)."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # Readable by the owner only from the moment it exists (no window with the umask's mode);
            # O_EXCL: when two processes start at once, the second reads the first one's key.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as file:
                file.write(secrets.token_hex(32))
    return path.read_text().strip()


_BIG_NUMBER = re.compile(r"(?<![\d,])\d{4,}(?![\d,])")


def grouped_numbers(text: object) -> str:
    """Point amounts with the request language's thousands separators (Babel), as lessons write them:
    ``32000 all`` → ``32,000 all``."""
    from tutor.web.i18n import format_number

    return _BIG_NUMBER.sub(lambda m: format_number(int(m.group())), str(text))
