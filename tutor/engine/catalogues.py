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

import gettext
import io
from functools import cache
from pathlib import Path
from typing import Any

TRANSLATIONS = Path(__file__).resolve().parents[1] / "translations"
"""Where the catalogues live; tests point it at a catalogue of their own."""
DEFAULT = "en"


def N_(message: str) -> str:
    """Mark a sentence for extraction without translating it here: it is translated where it is shown.

    Babel's extractor knows ``N_`` by default, so a marked label lands in ``messages.pot``.
    """
    return message


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalogue of one language; English and languages without a ``.po`` translate nothing."""
    po = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT or not po.is_file():
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
    catalogue = translation(lang)
    return catalogue.pgettext(context, message) if context else catalogue.gettext(message)


def forget() -> None:
    """Read the catalogues again on next use (after ``make messages``, or in tests)."""
    translation.cache_clear()


class Sentence:
    """A marked English sentence (:func:`N_`) with ``{name}`` parameters, said in any language when it is
    shown; ``str()`` is the English. A parameter that is itself a Sentence is said in the same language.

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
        return said.format(**{k: v.text(lang) if isinstance(v, Sentence) else v for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.text(DEFAULT)

    def __repr__(self) -> str:
        return f"Sentence({self.sentence!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentence) and (self.sentence, self.params) == (other.sentence, other.params)

    __hash__ = None  # type: ignore[assignment]  # parameters may be lists


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
