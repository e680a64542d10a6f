"""``NamedTuple`` for the engine's small immutable values, quick to define when a process starts.

``typing.NamedTuple`` checks every field's annotation, and under ``from __future__ import
annotations`` each one is a string that it compiles into a ``typing.ForwardRef``: defining
the engine's fifteen value classes (a hundred fields) that way cost ``tutor score`` about as
much as scoring sixty hands. At run time nothing reads those checked annotations, so this
module makes the same classes the way ``typing`` does (:func:`collections.namedtuple`, then
the class body's docstrings, methods and properties), leaving the annotations as written.
Type checkers see ``typing.NamedTuple`` itself.

>>> class Point(NamedTuple):
...     '''A point.'''
...     x: int
...     y: int = 0
...
...     def norm(self) -> int:
...         return abs(self.x) + abs(self.y)
>>> Point(3, -4).norm(), Point(1), Point(1)._replace(y=2), Point.__doc__, Point.__mro__[1:]
(7, Point(x=1, y=0), Point(x=1, y=2), 'A point.', (<class 'tuple'>, <class 'object'>))
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False  # (`typing` itself stays out of a starting process: type checkers take this as true)
if TYPE_CHECKING:
    from typing import Any
    from typing import NamedTuple as NamedTuple
else:
    # What typing.NamedTuple keeps for itself: a class body may not define these ...
    _PROHIBITED = frozenset(
        (
            "__new__",
            "__init__",
            "__slots__",
            "__getnewargs__",
            "_fields",
            "_field_defaults",
            "_make",
            "_replace",
            "_asdict",
            "_source",
        )
    )
    # ... and these are not copied onto the class.
    _SPECIAL = frozenset(("__module__", "__name__", "__annotations__"))

    class _NamedTupleMeta(type):
        def __new__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> type:
            if bases != (_NamedTuple,):
                raise TypeError("a NamedTuple class inherits from NamedTuple alone")
            annotations = namespace.get("__annotations__", {})
            defaults = []
            for field in annotations:
                if field in namespace:
                    defaults.append(namespace[field])
                elif defaults:
                    raise TypeError(f"field {field} without a default follows a field with one")
            made = namedtuple(name, annotations, defaults=defaults, module=namespace["__module__"])
            made.__annotations__ = made.__new__.__annotations__ = dict(annotations)
            for key, value in namespace.items():
                if key in _PROHIBITED:
                    raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
                if key not in _SPECIAL and key not in made._fields:
                    setattr(made, key, value)
            return made

    _NamedTuple = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})
    NamedTuple = _NamedTuple
