"""Questions about hands, lenient answer reading, and grading by the engine."""

from tutor.quiz import kinds  # noqa: F401  (registers every question kind in KINDS)
from tutor.quiz.answers import AnswerError
from tutor.quiz.questions import KINDS, Grade, Question, QuestionError

__all__ = ["KINDS", "AnswerError", "Grade", "Question", "QuestionError"]
