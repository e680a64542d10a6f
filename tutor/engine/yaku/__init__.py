"""Every yaku as a small rule object, registered in :data:`YAKU`.

Modules register in the order results list yaku: situational first, then
the tile yaku, the yakuman and the optional local yaku.
"""

from tutor.engine.yaku import local, situational, standard, yakuman  # noqa: F401  (they register themselves)
from tutor.engine.yaku.registry import YAKU, Hit, Miss, Verdict, Yaku
from tutor.engine.yaku.standard import pinfu_shape

__all__ = ["YAKU", "Hit", "Miss", "Verdict", "Yaku", "pinfu_shape"]
