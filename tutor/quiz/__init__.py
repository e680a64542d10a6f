"""Questions about hands, lenient answer reading, and grading by the engine."""

from .answers import AnswerError
from .questions import KINDS, Grade, Question, QuestionError

__all__ = ["KINDS", "AnswerError", "Grade", "Question", "QuestionError"]
