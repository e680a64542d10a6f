"""Said text with tiles in it: named in words where only text goes, drawn as tiles on a page.

A tile in a sentence is a parameter (:class:`Tiles`), never MPSZ text: ``str()`` and
:func:`~tutor.messages.catalogues.say_in` name it (``5 of circles``, ``East wind``), and
:func:`words_html` draws it, each tile with its name as its text alternative.

>>> from tutor.messages.catalogues import N_, said
>>> missed = said(N_("missed {tiles}"), tiles=Tiles("36m"))
>>> str(missed)
'missed 3 of characters, 6 of characters'
>>> words_html(missed).startswith('missed <span class="tiles tiles-small"')
True
"""

from __future__ import annotations

from html import escape

from tutor.drawing.tiles_html import group_label, names_in_text, tile_label, tiles_html, tiles_in_text
from tutor.engine.tiles import parse_tiles
from tutor.messages.catalogues import DEFAULT, Joined, Said, Sayable, Sentence, joined, say_in, translate


class Tiles(Sayable):
    """Tiles (MPSZ, as the quiz keeps them) said by their names in ``lang``, or drawn by :func:`words_html`."""

    def __init__(self, codes: str, *, group: bool = False) -> None:
        self.codes = " ".join(str(t) for t in parse_tiles(codes.replace(" ", "")))
        self.group = group
        """One group of the hand (``111m`` said ``1 of characters ×3``), not tiles one by one."""

    def text(self, lang: str) -> str:
        if self.group:
            return group_label("".join(self.codes.split()), lang)
        return joined([tile_label(code, lang) for code in self.codes.split()], lang)

    def __repr__(self) -> str:
        return f"Tiles({self.codes!r}{', group=True' if self.group else ''})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tiles) and (self.codes, self.group) == (other.codes, other.group)

    __hash__ = None  # type: ignore[assignment]


def say_plain(value: object, lang: str = DEFAULT) -> str:
    """Said text as plain text in ``lang`` (a CSV cell, a terminal line): every tile named in words,
    whether a :class:`Tiles` parameter or MPSZ left in the text.

    >>> from tutor.messages.catalogues import N_, said
    >>> say_plain(said(N_("missed {tiles}"), tiles=Tiles("36m"))), say_plain("indicator 4z")
    ('missed 3 of characters, 6 of characters', 'indicator North wind')
    """
    return names_in_text(say_in(value, lang), lang)


def words_html(value: object, lang: str = DEFAULT) -> str:
    """HTML for said text in ``lang``: its words escaped, each :class:`Tiles` in it (at any depth of
    sentences, their parameters and joined lists) drawn as small tiles."""
    if isinstance(value, Said):
        return words_html(value.sentence, lang)
    if isinstance(value, Tiles):
        return tiles_html("".join(value.codes.split()), size="small", lang=lang) if value.codes else ""
    if isinstance(value, Joined):
        return escape(value.separator_in(lang)).join(words_html(part, lang) for part in value.parts)
    if isinstance(value, Sentence) and value.params:
        # Each parameter stands in as a marker that escaping leaves alone, then is put back as HTML.
        markers = {name: f"\x00{number}\x00" for number, name in enumerate(value.params)}
        html = escape(translate(value.sentence, lang).format_map(markers))
        for name, marker in markers.items():
            html = html.replace(marker, words_html(value.params[name], lang))
        return html
    # Text that still carries MPSZ (an engine reason, a typed answer) has its codes drawn as well.
    return tiles_in_text(say_in(value, lang), lang=lang)
