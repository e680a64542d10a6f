"""Every question kind, one module each, registered in :data:`tutor.quiz.questions.KINDS`.

The import order below is the order pages, the API and error messages list
the kinds: the hand questions first, then waits, furiten, dora tiles and the
point table. To add a kind, see docs/architecture.md ("How to extend it").
"""

from tutor.quiz.questions import KINDS

# Each module registers its kind as it is imported: this order is the order of KINDS.
# isort: off
from tutor.quiz.kinds import yaku, han, fu, points, waits, furiten, dora, dora_tile, table, standings  # noqa: F401
# isort: on

__all__ = ["KINDS"]
