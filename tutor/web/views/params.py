"""Numbers from query strings and forms, read so that no input can reach the database or the clock
out of range: "²" passes ``str.isdigit`` but not ``int``, and 10**30 fits Python but not SQLite."""

from __future__ import annotations

from typing import Any

from werkzeug.routing import BaseConverter, IntegerConverter, Map

SQLITE_MAX = 2**63 - 1


def whole_number(text: str | None, default: int, low: int, high: int) -> int:
    """A plain whole number from ``low`` to ``high``; anything else (blank, "²", "-3", 10**30) is ``default``.

    >>> whole_number("30", 7, 1, 365), whole_number("²", 7, 1, 365), whole_number("9" * 30, 7, 1, 365)
    (30, 7, 7)
    """
    text = (text or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        return default
    number = int(text)
    return number if low <= number <= high else default


class RowId(IntegerConverter):
    """``<int:...>`` in every route: a number too big for an SQLite row id matches no page (404)."""

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max", SQLITE_MAX)
        super().__init__(map, *args, **kwargs)


class QuestionId(BaseConverter):
    """``<question:...>``: a question's id, never ``next``, so that ``/api/questions/next`` (POST only) is
    not also read as the question named "next" (a GET would then be advertised, and answered 404)."""

    regex = r"(?!next\b)[^/]+"
