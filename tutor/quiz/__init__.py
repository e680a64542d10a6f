"""Questions about hands, lenient answer reading, and grading by the engine."""

from . import kinds  # noqa: F401  (registers every question kind in KINDS)
from .answers import AnswerError
from .questions import KINDS, Grade, Question, QuestionError

__all__ = ["KINDS", "AnswerError", "Grade", "Question", "QuestionError"]
