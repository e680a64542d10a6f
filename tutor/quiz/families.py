"""Skill families: the kinds of skill (``yaku:pinfu``, ``fu:kanchan``, ``table:...``), each declared once.

A family says what its skills are called, which names a drill can train, how
to drill one and where it is taught. :mod:`tutor.quiz.skills` declares the
families of the standard kinds and looks every skill up here; a question kind
that trains a new family declares it in its own module with :func:`family`.
This module reads nothing at import time, so a kind's module may import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.quiz.exercise import Exercise

Label = Callable[[str, str], str | None]
"""A family's label of a skill's name in a language; None when the name is none of the family's."""
Drill = Callable[[str, str, int], "Exercise | None"]
"""A family's exercise on a name (name, seed, difficulty); None: any hand will do."""


@dataclass(frozen=True)
class Family:
    """A kind of skill (``yaku:``, ``fu:``, ``table:`` ...), declared once with :func:`family`."""

    id: str
    group: str
    """The heading its skills are listed under (marked ``N_``)."""
    example: str
    """A name a drill trains, for the registry's tests ("" for a family no drill trains yet)."""
    label: Label
    known: Callable[[str], bool]
    """Whether a name is one a drill can train (a drill for anything else is refused)."""
    drill: Drill
    lesson: Callable[[str], str] | None = None
    """Where a name is taught; None: the lesson of the first topic that trains it (the curriculum)."""


FAMILIES: dict[str, Family] = {}
"""Every skill family by id: the kinds' own, then those of :mod:`tutor.quiz.skills`."""


def family(
    id: str,
    group: str,
    example: str,
    *,
    known: Callable[[str], bool],
    drill: Drill,
    lesson: Callable[[str], str] | None = None,
) -> Callable[[Label], Label]:
    """Declare a skill family; the decorated function labels its skills."""

    def register(label: Label) -> Label:
        if id in FAMILIES:
            raise ValueError(f"skill family {id!r} declared twice")
        FAMILIES[id] = Family(id, group, example, label, known, drill, lesson)
        return label

    return register
