"""What can go wrong in a class, said to the person who asked."""

from __future__ import annotations

from tutor.messages.catalogues import N_, Problem


class ClassroomError(Problem):
    """A request that cannot go ahead; the message is for the person who made it."""


class NotFound(LookupError):
    """No such class, assignment or student for this user (never says which, or whether it exists)."""


class TooManyAttempts(ClassroomError):
    def __init__(self, minutes: int) -> None:
        if minutes == 1:
            super().__init__(N_("Too many wrong join codes. Try again in 1 minute."))
        else:
            super().__init__(N_("Too many wrong join codes. Try again in {minutes} minutes."), minutes=minutes)
        self.minutes = minutes
