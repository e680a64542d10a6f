"""A bounded, thread-safe memory of values that take milliseconds to make and are asked for again and
again (an assignment's drawn questions, their rendered hands)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``size`` values, the least recently used forgotten first.

    A value is made outside the lock, so a slow one never holds up the other threads; two threads may
    then both make it, and either's is kept (making is deterministic: they are equal).

    >>> squares = Kept[int](2)
    >>> squares.get(3, lambda: 3 * 3), squares.get(4, lambda: 16), squares.get(5, lambda: 25)
    (9, 16, 25)
    >>> len(squares), squares.get(3, lambda: -1)  # 3 was the least recently used: forgotten, made again
    (2, -1)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()``'s, kept from now on."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = make()
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._values)
