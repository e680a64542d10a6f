"""Reading learners' answers leniently: "1,000/2,000", "2000-1000", "30fu", "3 han".

A malformed answer raises :class:`AnswerError` with a message for the learner
(a :class:`~tutor.messages.catalogues.Problem`, said in the reader's language);
it is never marked wrong.

>>> parse_number("30 fu")
30
>>> parse_points("1,000/2,000")
(1000, 2000)
>>> parse_points("2000-1000")
(1000, 2000)
>>> parse_points("4000 all")
(4000,)

Chinese units and full-width characters are read too:

>>> parse_number("３０符"), parse_number("3番"), parse_points("每家2000点"), parse_points("1000／2000")
(30, 3, (2000,), (1000, 2000))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from tutor.engine.points import Payment
from tutor.engine.tiles import Tile, TileNotationError, parse_tiles
from tutor.messages.catalogues import N_, Problem

Answer = int | tuple[int, ...]
"""A number (han, fu, dora) or a payment as :func:`parse_points` reads it."""


class AnswerError(Problem):
    """An answer that cannot be read; the message (a marked sentence) says what is expected."""


_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?!\d)|\d+")
# Units may touch the number ("30fu"), so no word boundary before them.
_UNITS = re.compile(
    r"(?<![a-z])(fu|han|points?|pts|all|each|of|dora)(?![a-z])|符|番|翻|点|點|分|每家|各家|各|宝牌|枚|张|個|个",
    re.IGNORECASE,
)
_LEFTOVER = re.compile(r"[^\s/\-|,.:;+x×、]")


def _numbers(text: str) -> list[int]:
    if not isinstance(text, str):
        raise AnswerError(N_("type the answer as a number"))
    # NFKC turns full-width digits and punctuation (３０, ／, ，) typed with a Chinese input method into ASCII.
    cleaned = _UNITS.sub(" ", unicodedata.normalize("NFKC", text).strip())
    numbers = [int(n.replace(",", "")) for n in _NUMBER.findall(cleaned)]
    if _LEFTOVER.search(_NUMBER.sub(" ", cleaned)):
        raise AnswerError(N_("{answer} is not a number; type digits such as 30 or 7,700"), answer=repr(text.strip()))
    return numbers


def parse_number(text: str) -> int:
    """One whole number, with or without a unit: ``"30"``, ``"30fu"``, ``"3 han"``, ``"7,700"``."""
    numbers = _numbers(text)
    if len(numbers) != 1:
        raise AnswerError(N_("type one number") if numbers else N_("type a number"))
    return numbers[0]


def parse_points(text: str) -> tuple[int, ...]:
    """A payment: ``"7700"`` (ron or "all"), or a non-dealer tsumo as two numbers in either order."""
    numbers = _numbers(text)
    if not 1 <= len(numbers) <= 2:
        raise AnswerError(N_("type one number (ron, or each player's payment for a dealer tsumo) or two as 1000/2000"))
    return tuple(sorted(numbers))


def parse_tile_choice(values: Iterable[str] | str) -> set[int]:
    """Tile kinds picked from checkboxes (``["3m", "6m"]``) or typed as MPSZ (``"36m"``)."""
    items = [values] if isinstance(values, str) else list(values)
    kinds: set[int] = set()
    for item in items:
        try:
            kinds.update(t.index for t in parse_tiles(item.replace(" ", "")))
        except TileNotationError as problem:
            raise AnswerError(
                N_("{answer} is not tile notation such as 3m or 147p ({problem})"), answer=repr(item), problem=problem
            ) from None
    return kinds


def tile_kinds_text(kinds: Iterable[int]) -> str:
    """Kinds written as compact MPSZ: ``{2, 5}`` → ``"36m"``."""
    from tutor.engine.tiles import format_tiles

    return format_tiles(Tile.of(k) for k in kinds)


def payment_answer(paid: Payment) -> tuple[int, ...]:
    """A payment in the form :func:`parse_points` reads answers: sorted numbers."""
    if paid.ron is not None:
        return (paid.ron,)
    if paid.tsumo_dealer is not None:
        return tuple(sorted((paid.tsumo_non_dealer or 0, paid.tsumo_dealer)))
    return (paid.tsumo_non_dealer or 0,)
