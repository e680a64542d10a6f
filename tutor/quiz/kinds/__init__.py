"""Every question kind, one module each, registered in :data:`tutor.quiz.questions.KINDS`.

Every module of this package is imported here, so a new kind is its module and
nothing else in Python. The kinds named in :data:`ORDER` come first, in that
order, which is the order pages, the API and error messages list them (the
hand questions first, then waits, furiten, dora tiles and the point table);
any other kind follows, by module name. To add a kind, see
docs/architecture.md ("How to extend it").
"""

import importlib
import pkgutil

from tutor.quiz.questions import KINDS

ORDER = ("yaku", "han", "fu", "points", "waits", "furiten", "dora", "dora_tile", "table", "standings")
"""Modules whose kinds are listed first, in this order (each registers its kind as it is imported)."""

for _module in (*ORDER, *sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in ORDER)):
    importlib.import_module(f"{__name__}.{_module}")

__all__ = ["KINDS", "ORDER"]
