"""Translation catalogues, shared by the engine, the quiz and the web app (no Flask here).

They live in the engine because the engine renders its own messages in any
language (:mod:`tutor.engine.messages`), and the engine imports nothing from
outside itself; the quiz and the web app, above it, import them from here.

English is the source language: every sentence is written in English in the
code and marked for ``pybabel extract`` (``N_`` or ``_``, or the engine's
message catalogue, see :mod:`tutor.engine.messages`). Another language is a
``tutor/translations/<lang>/LC_MESSAGES/messages.po``; it is compiled in memory
the first time the language is asked for, so the repository holds no ``.mo``
file that could go stale (``make messages`` extracts and updates the ``.po``).

>>> translate("Lessons", "en")
'Lessons'
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import gettext
    from pathlib import Path

    TRANSLATIONS: Path
    """Where the catalogues live; tests point it at a catalogue of their own."""

DEFAULT = "en"


@dataclass(frozen=True)
class Language:
    """A language the tutor speaks: declared once in :data:`LANGUAGES`, with its catalogue beside it."""

    code: str
    """Its code: the folder of its catalogue and lessons, ``?lang=``, ``tutor score --lang``."""
    name: str
    """What its own readers call it (the switch in the header)."""
    tag: str = ""
    """Its BCP 47 tag where that is more than its code (``<html lang>``, number formats): ``zh-Hans``."""
    partial: bool = False
    """Its catalogue is still being translated: the switch says so (untranslated sentences show in
    English), and the completeness test lets it be incomplete."""


LANGUAGES: dict[str, Language] = {
    language.code: language
    for language in (
        # Adding a language is its catalogue (docs/architecture.md) and one line here.
        Language("en", "English"),
        Language("zh", "中文", tag="zh-Hans"),
    )
}
"""Every language, English (the source) first, in the order the switch lists them."""

_FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "translations")


def __getattr__(name: str) -> Any:
    # TRANSLATIONS is made the first time it is asked for: pathlib (and urllib and ipaddress behind it)
    # costs a `tutor score` process more to import than a few dozen hands take to score, and English
    # needs no catalogue.
    if name == "TRANSLATIONS":
        from pathlib import Path

        folder = globals()["TRANSLATIONS"] = Path(_FOLDER)
        return folder
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _translations() -> Path:
    folder: Path | None = globals().get("TRANSLATIONS")
    return folder if folder is not None else __getattr__("TRANSLATIONS")


def languages() -> list[str]:
    """English and every language of :data:`LANGUAGES` whose catalogue
    (``TRANSLATIONS/<lang>/LC_MESSAGES/messages.po``) is there, found without pathlib (``tutor score``
    lists them in its options)."""
    folder = os.fspath(globals().get("TRANSLATIONS", _FOLDER))
    return [
        code
        for code in LANGUAGES
        if code == DEFAULT or os.path.exists(os.path.join(folder, code, "LC_MESSAGES", "messages.po"))
    ]


def N_(message: str) -> str:
    """Mark a sentence for extraction without translating it here: it is translated where it is shown.

    Babel's extractor knows ``N_`` by default, so a marked label lands in ``messages.pot``.
    """
    return message


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalogue of one language; English and languages without a ``.po`` translate nothing."""
    import gettext  # only here: English, all `tutor score --jsonl` says, asks for no catalogue

    if lang == DEFAULT:
        return gettext.NullTranslations()
    po = _translations() / lang / "LC_MESSAGES" / "messages.po"
    if not po.is_file():
        return gettext.NullTranslations()
    # Babel is only needed once a language other than English has a catalogue.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries stay out, as with `pybabel compile`
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translate(message: str, lang: str, context: str | None = None) -> str:
    """``message`` (a marked English sentence) in ``lang``, or unchanged when the catalogue lacks it."""
    if lang == DEFAULT:
        return message  # English is the source: no catalogue to ask (a refusal says its English on every request)
    catalogue = translation(lang)
    return catalogue.pgettext(context, message) if context else catalogue.gettext(message)


def forget() -> None:
    """Read the catalogues again on next use (after ``make messages``, or in tests)."""
    translation.cache_clear()


class Sayable:
    """Something said to a learner in any language: :meth:`text` says it in one, ``str()`` is the English.

    A :class:`Sentence` is the usual one; :class:`Rendered` defers to the engine, which renders its
    own messages in any language; :class:`Joined` lists several.
    """

    def text(self, lang: str) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text(DEFAULT)


class Sentence(Sayable):
    """A marked English sentence (:func:`N_`) with ``{name}`` parameters, said in any language when it is
    shown; ``str()`` is the English. A parameter that is itself sayable is said in the same language.

    >>> closed = Sentence(N_("This assignment closed at {when}."), when="2026-12-04 18:30 UTC")
    >>> str(Sentence(N_("{reason} Your answer was not recorded."), reason=closed))
    'This assignment closed at 2026-12-04 18:30 UTC. Your answer was not recorded.'
    """

    def __init__(self, sentence: str, **params: Any) -> None:
        self.sentence = sentence
        self.params = params

    def text(self, lang: str) -> str:
        said = translate(self.sentence, lang)
        if not self.params:
            return said
        return said.format_map({k: say_in(v, lang) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"Sentence({self.sentence!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentence) and (self.sentence, self.params) == (other.sentence, other.params)

    __hash__ = None  # type: ignore[assignment]  # parameters may be lists


class Rendered(Sayable):
    """Text the engine renders in any language, held as the function that renders it, so that it is
    rendered in the reader's language when shown: ``Rendered(lambda lang: why_not(result, "pinfu", lang))``.
    """

    def __init__(self, render: Callable[[str], str]) -> None:
        self.render = render

    def text(self, lang: str) -> str:
        return self.render(lang)

    def __repr__(self) -> str:
        return f"Rendered({self!s})"


SEPARATORS = frozenset((N_(", "), N_("; "), N_(": "), N_(" and ")))
"""The separators :class:`Joined` says in the reader's language (the catalogue holds each one's form)."""


class Joined(Sayable):
    """Parts (sayable, or plain text such as tile notation) said one after another with a separator.

    >>> str(Joined(", ", [Sentence(N_("Pinfu")), "5s"]))
    'Pinfu, 5s'
    """

    def __init__(self, separator: str, parts: Iterable[object]) -> None:
        self.separator = separator
        self.parts = tuple(parts)

    def separator_in(self, lang: str) -> str:
        """The separator as ``lang`` writes it: list punctuation is the language's (``、`` and ``；`` in
        Chinese), any other separator as given."""
        return translate(self.separator, lang) if self.separator in SEPARATORS else self.separator

    def text(self, lang: str) -> str:
        return self.separator_in(lang).join(say_in(part, lang) for part in self.parts)

    def __repr__(self) -> str:
        return f"Joined({self.separator!r}, {self.parts!r})"


class Said(str):
    """A sayable's English, usable wherever text is (compared, joined, stored as JSON, written to a CSV),
    that the edge can still say in the reader's language with :meth:`text` (or ``tutor.web.i18n.say``).

    The quiz hands its prompts, feedback and refusals out as ``Said``: code and stored rows keep
    the English of old, and pages say them in the request's language.

    >>> hint = said(N_("you said {given}; it is {expected}"), given=20, expected=30)
    >>> hint == "you said 20; it is 30", hint.text("en")
    (True, 'you said 20; it is 30')
    """

    sentence: Sayable

    def __new__(cls, sentence: Sayable) -> Said:
        english = super().__new__(cls, sentence.text(DEFAULT))
        english.sentence = sentence
        return english

    def text(self, lang: str) -> str:
        # The English was made once, when the sentence was; saying it again could re-run the engine.
        return str.__str__(self) if lang == DEFAULT else self.sentence.text(lang)

    def __reduce__(self) -> tuple[type[Said], tuple[Sayable]]:
        return Said, (self.sentence,)


def joined(parts: Sequence[str], lang: str, pattern: str = N_("{earlier}, {next}")) -> str:
    """Items one after another in ``lang``: ``a, b, c`` (``a、b、c`` in Chinese); ``pattern`` adds the next."""
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = translate(pattern, lang).format(earlier=text, next=part)
    return text


def said(sentence: str | Sayable, **params: Any) -> Said:
    """A marked sentence (:func:`N_`) with its parameters, or any sayable, as :class:`Said` text."""
    return Said(sentence if isinstance(sentence, Sayable) else Sentence(sentence, **params))


def say_in(value: object, lang: str) -> str:
    """Anything shown to a learner, in ``lang``: a sayable, :class:`Said` text or a :class:`Problem`
    is said in it; plain text (a teacher's own prompt, tile notation) and numbers are shown as they are."""
    if isinstance(value, _SAYS_ITSELF):
        return value.text(lang)
    return str(value)


class Problem(ValueError):
    """A refusal whose message is a :class:`Sentence`, so whoever shows it can say it in the reader's
    language (``str()`` is the English).

    >>> problem = Problem(N_("a quiz has 1 to {most} questions"), most=50)
    >>> str(problem), problem.text("en")
    ('a quiz has 1 to 50 questions', 'a quiz has 1 to 50 questions')
    """

    def __init__(self, sentence: str | Sentence, **params: Any) -> None:
        self.said = sentence if isinstance(sentence, Sentence) else Sentence(sentence, **params)
        super().__init__(str(self.said))

    def text(self, lang: str) -> str:
        return self.said.text(lang)


_SAYS_ITSELF = (Said, Sayable, Problem)
"""What :func:`say_in` asks to say itself (a tuple made once: ``Said | Sayable | Problem`` is a new union on every call)."""
