"""Every shipped catalogue (``tutor/translations/<lang>/LC_MESSAGES/messages.po``, whatever languages
there are): declared in :data:`~tutor.messages.catalogues.LANGUAGES`, in step with messages.pot, every
placeholder kept, and complete, unless it is declared partial, which the language switch then says.

When ``make messages`` brings new sentences in, these tests name each one still to translate.
The Chinese catalogue's own words are checked in test_translations_zh.py.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from tutor import create_app
from tutor.engine import messages
from tutor.messages import catalogues
from tutor.messages.catalogues import DEFAULT, LANGUAGES, Language

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "tutor" / "translations"
POT = TRANSLATIONS / "messages.pot"
SHIPPED = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))
"""Every catalogue in the repository: the tests loop over these, never over a list of languages."""

PLACEHOLDER = re.compile(r"%\((\w+)\)[sdrif]|\{(\w+)(![rsa])?(:[^{}]*)?\}")
"""A gettext parameter (``%(name)s``, ``%(id)r``) or a Sentence parameter (``{name}``, ``{text!r}``)."""


def _read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _code(po: Path) -> str:
    return po.parent.parent.name


def _key(message: Message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def _show(key: tuple[str | None, str]) -> str:
    context, english = key
    return f"[{context}] {english!r}" if context else repr(english)


def placeholders(text: str) -> Counter[str]:
    """The parameters a sentence uses, as written (``%(n)s``, ``{tiles}``, ``{text!r}``), counted.

    >>> sorted(placeholders("{row}: you said {given}, it is {fu} (%(n)s, {text!r})").elements())
    ['%(n)s', '{fu}', '{given}', '{row}', '{text!r}']
    """
    return Counter(match.group(0) for match in PLACEHOLDER.finditer(text))


def untranslated(pot: Catalog, catalogue: Catalog) -> list[tuple[str | None, str]]:
    """The messages of the pot the catalogue does not translate (missing, empty or fuzzy)."""
    missing = []
    for wanted in pot:
        if not wanted.id:
            continue
        found = catalogue.get(wanted.id, wanted.context)
        strings = [] if found is None else [found.string] if isinstance(found.string, str) else list(found.string)
        if found is None or found.fuzzy or not strings or not all(s and s.strip() for s in strings):
            missing.append(_key(wanted))
    return missing


def completeness_problem(code: str, pot: Catalog, catalogue: Catalog) -> str | None:
    """Why a shipped catalogue does not pass: undeclared, incomplete and not declared partial, or
    declared partial though complete (the switch would still say "partial")."""
    language = LANGUAGES.get(code)
    if language is None:
        return f"{code}: declare the language in LANGUAGES (tutor/messages/catalogues.py), partial=True until done"
    missing = untranslated(pot, catalogue)
    if missing and not language.partial:
        return (
            f"{code}: {len(missing)} message(s) of messages.pot have no translation (or a fuzzy one); translate "
            "them, or declare the language partial=True:\n" + "\n".join(_show(key) for key in missing)
        )
    if not missing and language.partial:
        return f"{code}: every message is translated: the language is no longer partial in LANGUAGES"
    return None


@pytest.fixture(scope="module")
def pot() -> Catalog:
    return _read(POT)


def test_the_repository_ships_a_catalogue_beyond_english() -> None:
    # Otherwise the tests below, which loop over the shipped catalogues, would check nothing.
    assert SHIPPED


@pytest.mark.parametrize("po", SHIPPED, ids=_code)
def test_every_shipped_catalogue_is_complete_unless_declared_partial(pot: Catalog, po: Path) -> None:
    problem = completeness_problem(_code(po), pot, _read(po))
    assert problem is None, problem


def test_every_declared_language_ships_a_catalogue_and_is_offered() -> None:
    shipped = {_code(po) for po in SHIPPED}
    assert set(LANGUAGES) - {DEFAULT} == shipped
    assert catalogues.languages() == list(LANGUAGES) and catalogues.languages()[0] == DEFAULT


@pytest.mark.parametrize("po", SHIPPED, ids=_code)
def test_every_shipped_catalogue_holds_exactly_the_messages_of_the_pot(pot: Catalog, po: Path) -> None:
    wanted = {_key(m) for m in pot if m.id}
    held = {_key(m) for m in _read(po) if m.id}
    missing, stale = sorted(wanted - held, key=str), sorted(held - wanted, key=str)
    assert not missing and not stale, (
        f"run `make messages` to bring {po.relative_to(ROOT)} in step with the .pot;\nmissing:\n"
        + "\n".join(_show(k) for k in missing)
        + "\nno longer in the .pot:\n"
        + "\n".join(_show(k) for k in stale)
    )


@pytest.mark.parametrize("po", SHIPPED, ids=_code)
def test_every_translation_keeps_the_placeholders_of_its_english(po: Path) -> None:
    catalogue = _read(po)
    wrong = []
    for message in catalogue:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, str):
            english = placeholders(message.id)
            said = [message.string]
        else:
            # A language with one plural form has it stand for the singular and the plural alike.
            english = placeholders(message.id[0]) | placeholders(message.id[1])
            said = [s for s in message.string if s]
        for text in said:
            got = placeholders(text)
            if got != english and not (len(said) > 1 and got <= english):
                missing, extra = sorted((english - got).elements()), sorted((got - english).elements())
                wrong.append(f"{_show(_key(message))}: missing {missing}, extra {extra} in {text!r}")
    assert not wrong, "placeholders differ from the English:\n" + "\n".join(wrong)


def test_the_placeholder_check_sees_both_styles() -> None:
    # The check above is only as good as its pattern: a dropped parameter of either style shows.
    assert placeholders("进位后是 {fu} 符") != placeholders("{total} fu rounded up to {fu}")
    assert placeholders("没有牌。") != placeholders("There is no tile %(code)r.")
    assert placeholders("{text!r} 不是") == placeholders("{text!r} is not")


# --- a new language with one string translated: it does not pass silently --------------------------


@pytest.fixture
def japanese(tmp_path: Path, pot: Catalog, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A catalogue folder holding the real Chinese and a Japanese catalogue of one translated string."""
    for po in SHIPPED:
        shutil.copytree(po.parent.parent, tmp_path / _code(po))
    catalogue = Catalog(locale="ja")
    for message in pot:
        if message.id:
            catalogue.add(message.id, "レッスン" if message.id == "Lessons" else "", context=message.context)
    folder = tmp_path / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.po").open("wb") as out:
        write_po(out, catalogue)
    monkeypatch.setattr(catalogues, "TRANSLATIONS", tmp_path)
    messages.forget()
    yield folder / "messages.po"  # type: ignore[misc]
    messages.forget()


def test_a_catalogue_of_one_string_fails_until_declared_then_until_marked_partial(
    japanese: Path, pot: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = _read(japanese)
    assert "declare the language" in str(completeness_problem("ja", pot, catalogue))
    assert "ja" not in catalogues.languages()  # not offered either, until declared
    monkeypatch.setitem(LANGUAGES, "ja", Language("ja", "日本語"))
    problem = str(completeness_problem("ja", pot, catalogue))
    assert f"{len(untranslated(pot, catalogue))} message(s)" in problem and "partial=True" in problem
    assert len(untranslated(pot, catalogue)) == len([m for m in pot if m.id]) - 1
    monkeypatch.setitem(LANGUAGES, "ja", Language("ja", "日本語", partial=True))
    assert completeness_problem("ja", pot, catalogue) is None
    assert catalogues.languages()[-1] == "ja"


def _switch(html: str) -> str:
    found = re.search(r'<nav class="languages"[^>]*>(.*?)</nav>', html, re.S)
    assert found, html[:300]
    return found.group(1)


def test_the_switch_says_a_partial_language_is_partial_in_the_readers_language(
    japanese: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(LANGUAGES, "ja", Language("ja", "日本語", partial=True))
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tutor.sqlite"), "SECRET_KEY": "test"})
    client = app.test_client()
    english = _switch(client.get("/lessons/?lang=en").text)
    assert 'hreflang="ja">日本語 (partial)</a>' in english and ">中文</a>" in english
    chinese = _switch(client.get("/lessons/?lang=zh").text)
    assert 'hreflang="ja">日本語（部分翻译）</a>' in chinese
    japanese_page = client.get("/lessons/?lang=ja").text
    assert '<html lang="ja">' in japanese_page and "レッスン" in japanese_page  # its one string, and English
    assert 'aria-current="true">日本語 (partial)</a>' in _switch(japanese_page)
