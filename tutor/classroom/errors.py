"""What can go wrong in a class, said to the person who asked."""

from __future__ import annotations


class ClassroomError(ValueError):
    """A request that cannot go ahead; the message is for the person who made it."""


class NotFound(LookupError):
    """No such class, assignment or student for this user (never says which, or whether it exists)."""


class TooManyAttempts(ClassroomError):
    def __init__(self, minutes: int) -> None:
        super().__init__(f"Too many wrong join codes. Try again in {minutes} minute{'s' if minutes != 1 else ''}.")
        self.minutes = minutes
