"""The time, in one place: every stored moment is a UTC ISO string, to the second.

They sort as text and SQLite's date functions read them. Functions that decide
by the time take an optional ``at`` so tests can ask about any moment.

>>> stamp(datetime(2026, 12, 4, 18, 30, 5, 999, tzinfo=UTC))
'2026-12-04T18:30:05+00:00'
>>> readable('2026-12-04T18:30:05+00:00')
'2026-12-04 18:30 UTC'
"""

from __future__ import annotations

from datetime import UTC, date, datetime


def moment(at: datetime | None = None) -> datetime:
    """``at`` in UTC, or the current moment."""
    return (at or datetime.now(UTC)).astimezone(UTC)


def stamp(at: datetime | None = None) -> str:
    """A moment as stored: UTC, ISO 8601, whole seconds."""
    return moment(at).isoformat(timespec="seconds")


def now() -> str:
    """The current moment as stored."""
    return stamp()


def today() -> date:
    return moment().date()


def readable(stored: str) -> str:
    """A stored moment as people read it in messages."""
    return datetime.fromisoformat(stored).strftime("%Y-%m-%d %H:%M UTC")
