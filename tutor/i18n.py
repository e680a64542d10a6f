"""The language of each request, and rendering messages in it (the web app's edge of the message layer).

Python code never holds a finished sentence for the page: the engine returns
message ids with parameters (:mod:`tutor.engine.messages`), and other Python
code marks its English sentences with :func:`~tutor.engine.catalogues.N_` (or
:func:`gettext` inside a request). Both are rendered here, in the language
chosen for the request: ``?lang=xx``, then the ``lang`` cookie, then the
best match of Accept-Language, then English.

Templates mark strings with ``{{ _("Lessons") }}``, translate a marked label
with ``{{ _(label) }}`` and render engine results with the filters and
globals :func:`init_app` installs (``y|yaku_name``, ``item|fu_text`` ...).
Catalogues live in ``tutor/translations/<lang>/LC_MESSAGES/messages.po``
(``make messages``, see the README); :mod:`tutor.engine.catalogues` compiles them.
Lessons have their own folder per language (``lessons/<lang>/``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, g, has_app_context, request

from .engine import catalogues, messages
from .engine.catalogues import DEFAULT
from .engine.fu import FuItem
from .engine.report import describe_reading, payment_line, settlement_text
from .engine.score import YakuHit


def available_languages(lessons_root: Path) -> list[str]:
    """English, plus every language with lessons or an interface catalogue."""
    found = {DEFAULT}
    for root in (lessons_root, catalogues.TRANSLATIONS):
        if root.is_dir():
            found.update(
                p.name for p in root.iterdir() if p.is_dir() and len(p.name) <= 5 and not p.name.startswith(".")
            )
    return sorted(found)


def current_language() -> str:
    return g.get("lang", DEFAULT) if has_app_context() else DEFAULT


def gettext(message: str, **variables: Any) -> str:
    """A marked English sentence in the request's language, ``%(name)s`` filled in."""
    text = catalogues.translate(message, current_language())
    return text % variables if variables else text


def ngettext(singular: str, plural: str, n: int, **variables: Any) -> str:
    text = catalogues.translation(current_language()).ngettext(singular, plural, n)
    return text % {"num": n, **variables}


def say(said: catalogues.Problem | catalogues.Sayable | str) -> str:
    """A refusal, sentence or :class:`~tutor.engine.catalogues.Said` text from Python code (a quiz prompt,
    feedback line, choice label) in the request's language; plain text passes through."""
    return catalogues.say_in(said, current_language())


def message(message_id: str, **params: Any) -> str:
    """An engine message (``fu.base``, ``limit.mangan`` ...) in the request's language."""
    return messages.text(message_id, current_language(), **params)


def init_app(app: Flask, languages: list[str]) -> None:
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]

    @app.before_request
    def choose_language() -> None:
        wanted = request.args.get("lang") or request.cookies.get("lang")
        g.lang = wanted if wanted in languages else request.accept_languages.best_match(languages) or DEFAULT

    app.jinja_env.globals.update(
        languages=languages,
        current_language=current_language,
        message=message,
        say=say,
        describe_reading=lambda reading: describe_reading(reading, current_language()),
        payment_line=lambda result: payment_line(result, current_language()),
        settlement_text=lambda result: settlement_text(result, current_language()),
    )
    app.jinja_env.filters.update(
        yaku_name=lambda hit: messages.yaku_name(hit.id, current_language()),
        yaku_reason=_yaku_reason,
        yaku_about=lambda rule: messages.text(f"yaku.{rule.id}.about", current_language()),
        fu_text=lambda item: item.render(current_language()) if isinstance(item, FuItem) else item,
    )


def _yaku_reason(hit: YakuHit) -> str:
    return hit.render_reason(current_language())
