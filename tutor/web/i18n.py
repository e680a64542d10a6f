"""The language of each request, and rendering messages in it (the web app's edge of the message layer).

Python code never holds a finished sentence for the page: the engine returns
message ids with parameters (:mod:`tutor.engine.messages`), and other Python
code marks its English sentences with :func:`~tutor.messages.catalogues.N_` (or
:func:`gettext` inside a request). Both are rendered here, in the language
chosen for the request: ``?lang=xx``, then the ``lang`` cookie, then the
best match of Accept-Language, then English.

The languages are declared once, in :data:`tutor.messages.catalogues.LANGUAGES`
(a language is offered when its catalogue is there). The language switch in
every page's header is a ``?lang=`` link per language (no script needed), named
as its readers call it; a language whose catalogue is still partial says so, in
the reader's language ("日本語 (partial)"); a ``?lang=`` that changes the language is remembered in the
``lang`` cookie and, for a signed-in account, in ``users.language``, which
logging in brings back. Chinese is Simplified Chinese (``zh``, served as
``zh-Hans``): Accept-Language ``zh``, ``zh-CN``, ``zh-SG`` and ``zh-Hans``
choose it, but ``zh-TW``, ``zh-HK``, ``zh-MO`` and ``zh-Hant`` do not (those
readers asked for Traditional characters, which we do not have; the switch
still offers 中文).

Templates mark strings with ``{{ _("Lessons") }}``, translate a marked label
with ``{{ _(label) }}`` and render engine results with the filters and
globals :func:`init_app` installs (``y|yaku_name``, ``item|fu_text`` ...).
Catalogues live in ``tutor/translations/<lang>/LC_MESSAGES/messages.po``
(``make messages``, see docs/translations.md); :mod:`tutor.messages.catalogues` compiles them.
Lessons have their own folder per language (``lessons/<lang>/``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from babel.lists import format_list
from babel.numbers import format_decimal
from flask import Flask, Response, current_app, g, has_app_context, request
from werkzeug.datastructures import MultiDict

from tutor.engine import messages
from tutor.engine.fu import FuItem
from tutor.engine.report import describe_reading, payment_line, settlement_text
from tutor.engine.score import YakuHit
from tutor.engine.situation import WIND_LETTERS
from tutor.engine.standings import SEAT_NAMES
from tutor.messages import catalogues
from tutor.messages.catalogues import DEFAULT, LANGUAGES, N_


def available_languages() -> list[str]:
    """English, then every declared language whose catalogue is there (:data:`LANGUAGES`)."""
    return catalogues.languages()


PARTIAL = N_("%(language)s (partial)")
"""The switch's name of a language whose catalogue is partial."""
TRADITIONAL = ("zh-tw", "zh-hk", "zh-mo", "zh-hant")
"""Accept-Language tags that ask for Traditional Chinese, which the ``zh`` catalogue is not."""
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600


def current_language() -> str:
    return g.get("lang", DEFAULT) if has_app_context() else DEFAULT


def language_tag(lang: str | None = None) -> str:
    """The BCP 47 tag of ``lang`` (the request's language by default): ``zh`` is ``zh-Hans``."""
    lang = lang or current_language()
    found = LANGUAGES.get(lang)
    return found.tag if found and found.tag else lang


def language_label(lang: str) -> str:
    """``lang`` in the switch: as its readers call it, marked in the reader's language when partial."""
    found = LANGUAGES.get(lang)
    if found is None:
        return lang
    return gettext(PARTIAL, language=found.name) if found.partial else found.name


def from_accept_language(header: Iterable[tuple[str, float]], languages: list[str]) -> str | None:
    """The first language of an Accept-Language header (best quality first) that we have.

    >>> from werkzeug.datastructures import LanguageAccept
    >>> from_accept_language(LanguageAccept([("zh-TW", 1), ("en", 0.5)]), ["en", "zh"])
    'en'
    >>> from_accept_language(LanguageAccept([("zh-Hans-CN", 1)]), ["en", "zh"])
    'zh'
    """
    for asked, _quality in header:
        tag = str(asked).lower().replace("_", "-")
        if tag in languages:
            return tag
        if tag.startswith(TRADITIONAL):
            continue
        primary = tag.split("-", 1)[0]
        if primary in languages:
            return primary
    return None


def format_number(number: int | float, lang: str | None = None) -> str:
    """A number with the grouping of the language's locale (Babel): ``32000`` → ``32,000``."""
    return _formatted(number, language_tag(lang))


@functools.lru_cache(maxsize=4096, typed=True)  # Babel takes about 15 µs a number; pages show the same counts again
def _formatted(number: int | float, tag: str) -> str:
    return str(format_decimal(number, locale=tag.replace("-", "_")))


def wind_name(seat: str | int) -> str:
    """A seat or round wind by name in the page's language (``East``, 东): its letter, or a seat number 0-3
    counted from the first dealer."""
    return gettext(SEAT_NAMES[WIND_LETTERS[seat % 4] if isinstance(seat, int) else seat])


def gettext(message: str, **variables: Any) -> str:
    """A marked English sentence in the request's language, ``%(name)s`` filled in."""
    text = catalogues.translate(message, current_language())
    return text % variables if variables else text


def ngettext(singular: str, plural: str, n: int, **variables: Any) -> str:
    text = catalogues.translation(current_language()).ngettext(singular, plural, n)
    return text % {"num": n, **variables}


def say(said: catalogues.Problem | catalogues.Sayable | str) -> str:
    """A refusal, sentence or :class:`~tutor.messages.catalogues.Said` text from Python code (a quiz prompt,
    feedback line, choice label) in the request's language; plain text passes through."""
    return catalogues.say_in(said, current_language())


def message(message_id: str, **params: Any) -> str:
    """An engine message (``fu.base``, ``limit.mangan`` ...) in the request's language."""
    return messages.text(message_id, current_language(), **params)


def init_app(app: Flask, languages: list[str]) -> None:
    app.extensions["languages"] = languages
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]

    @app.before_request
    def choose_language() -> None:
        asked = request.args.get("lang")
        remembered = request.cookies.get(COOKIE)
        if asked in languages:
            g.lang = asked
            if asked != remembered:
                g.remember_lang = asked  # the visitor module keeps it on a signed-in account too
        elif remembered in languages:
            g.lang = remembered
        else:
            g.lang = from_accept_language(request.accept_languages, languages) or DEFAULT

    @app.after_request
    def remember_language(response: Response) -> Response:
        lang = g.get("remember_lang")
        if lang:
            secure = bool(current_app.config.get("SESSION_COOKIE_SECURE"))  # like the session's, behind HTTPS
            response.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, samesite="Lax", httponly=True, secure=secure)
        if response.mimetype in ("text/html", "application/json"):
            # The same URL answers in the language of the cookie or the header; tile images do not.
            response.vary.update(("Cookie", "Accept-Language"))
        return response

    app.jinja_env.globals.update(
        languages=languages,
        language_label=language_label,
        language_tag=language_tag,
        switch_language_url=_switch_url,
        current_language=current_language,
        message=message,
        say=say,
        wind_name=wind_name,
        describe_reading=lambda reading: describe_reading(reading, current_language()),
        payment_line=lambda result: payment_line(result, current_language()),
        settlement_text=lambda result: settlement_text(result, current_language()),
    )
    app.jinja_env.filters.update(
        listed=listed,
        yaku_name=lambda hit: messages.yaku_name(hit.id, current_language()),
        yaku_reason=_yaku_reason,
        yaku_about=lambda rule: messages.text(f"yaku.{rule.id}.about", current_language()),
        fu_text=lambda item: item.render(current_language()) if isinstance(item, FuItem) else item,
    )


def listed(items: Iterable[object]) -> str:
    """Items as the request's language lists them: ``a, b, and c``; ``a、b和c`` in Chinese (Babel's CLDR data)."""
    return str(format_list([str(item) for item in items], locale=language_tag().replace("-", "_")))


def _yaku_reason(hit: YakuHit) -> str:
    return hit.render_reason(current_language())


def _switch_url(lang: str) -> str:
    """This page in ``lang``: the same path and query with ``lang`` set (a plain link, no script).

    A page answering a form (a POST whose address has no GET page) links to the page the form was
    on instead, when it is on this site, and to the start otherwise."""
    path, query = request.path, request.args
    rule = request.url_rule
    if request.method != "GET" and (rule is None or "GET" not in (rule.methods or ())):
        came_from = urlsplit(request.referrer or "")
        same_site = came_from.netloc == request.host and came_from.path.startswith("/")
        path, query = (came_from.path, MultiDict(parse_qsl(came_from.query))) if same_site else ("/", MultiDict())
    args = [(key, value) for key, value in query.items(multi=True) if key != "lang"]
    args.append(("lang", lang))
    return f"{_on_site(path)}?{urlencode(args)}"


def _on_site(path: str) -> str:
    r"""A path as a link that stays on this site, whatever the request's path held (a 404 page links
    the address it was asked for).

    Everything but the characters a path may hold plainly is percent-encoded: a browser reads a
    backslash as a slash, so ``/\evil.example/x`` (asked as ``/%5Cevil.example/x``) would otherwise
    be a link to another host. A path starting with two slashes is one to another host too.

    >>> _on_site("/\\evil.example/x"), _on_site("//evil.example/x"), _on_site("/lessons/fu")
    ('/%5Cevil.example/x', '/evil.example/x', '/lessons/fu')
    """
    return "/" + quote(path, safe="/:@!$&'()*+,;=").lstrip("/")


def switched_language() -> str | None:
    """The language this request switched to with ``?lang=`` (None when it kept the one it had)."""
    lang: str | None = g.get("remember_lang")
    return lang


def use_language(lang: str) -> bool:
    """Serve this request in ``lang`` and remember it in the cookie (at log-in: the account's language).
    False, changing nothing, when the app has no such language."""
    if lang not in current_app.extensions.get("languages", ()):
        return False
    g.lang = g.remember_lang = lang
    return True


def chosen_in_browser() -> bool:
    """Whether this request's language was chosen (the ``lang`` cookie), not guessed from Accept-Language."""
    return request.cookies.get(COOKIE) == current_language()
