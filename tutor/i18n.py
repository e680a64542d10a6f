"""Translatable interface strings (gettext) and the language of each request.

Templates mark strings with ``{{ _("Lessons") }}``; Python code with
:func:`gettext`. Catalogues live in ``tutor/translations/<lang>/LC_MESSAGES/messages.mo``
(make them with Babel: ``pybabel extract``/``init``/``compile``, see the README).
English needs none. Lessons have their own folder per language (``lessons/<lang>/``).
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, g, has_app_context, request

TRANSLATIONS = Path(__file__).resolve().parent / "translations"
DEFAULT = "en"


@cache
def catalogue(lang: str) -> _gettext.NullTranslations:
    return _gettext.translation("messages", TRANSLATIONS, languages=[lang], fallback=True)


def available_languages(lessons_root: Path) -> list[str]:
    """English, plus every language with lessons or an interface catalogue."""
    found = {DEFAULT}
    for root in (lessons_root, TRANSLATIONS):
        if root.is_dir():
            found.update(
                p.name for p in root.iterdir() if p.is_dir() and len(p.name) <= 5 and not p.name.startswith(".")
            )
    return sorted(found)


def current_language() -> str:
    return g.get("lang", DEFAULT) if has_app_context() else DEFAULT


def gettext(message: str, **variables: Any) -> str:
    text = catalogue(current_language()).gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, n: int, **variables: Any) -> str:
    text = catalogue(current_language()).ngettext(singular, plural, n)
    return text % {"num": n, **variables}


def init_app(app: Flask, languages: list[str]) -> None:
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]

    @app.before_request
    def choose_language() -> None:
        wanted = request.args.get("lang") or request.cookies.get("lang")
        g.lang = wanted if wanted in languages else request.accept_languages.best_match(languages) or DEFAULT

    app.jinja_env.globals["languages"] = languages
    app.jinja_env.globals["current_language"] = current_language
