"""Any JSON value as an answer, to any kind of question: graded or refused as unreadable, never a crash.

The JSON API passes answers through as the client sent them, so this is the API's guard against 500s.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.quiz.exercise import PICK_KINDS, Exercise
from tutor.quiz.makers import HAND_PARTS, TOPICS, make_exercise

# Every hand part is asked of the topics of scored hands (the others ask what their kind makes).
EXERCISES = [make_exercise(topic, str(seed), 2, HAND_PARTS) for topic in TOPICS for seed in range(2)] + [
    make_exercise("fu", "itemised", 2, ("fu",), itemised=True)
]
PARTS = [(exercise, part.kind) for exercise in EXERCISES for part in exercise.parts]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def _grade(exercise: Exercise, kind: str, answer: Any) -> None:
    part = exercise.part(kind).grade(answer)
    assert (part.problem is None) == bool(part.expected), part  # graded (with the answer), or why not
    assert 0.0 <= part.score <= 1.0
    whole = exercise.grade(dict.fromkeys(exercise.kinds, answer))
    # The exercise refuses this part exactly when the part alone does; an empty answer is "no answer",
    # except for a pick part, where picking nothing is an answer.
    refused = kind not in PICK_KINDS if answer in (None, "", []) else part.problem is not None
    assert (kind in whole.problems) == refused


@settings(max_examples=300, deadline=None)
@given(case=st.sampled_from(PARTS), answer=JSON)
def test_any_json_answer_is_graded_or_refused(case: tuple[Exercise, str], answer: Any) -> None:
    _grade(*case, answer)


def test_numbers_sent_as_json_numbers_are_read_like_text() -> None:
    exercise = make_exercise("fu", "7", 1)
    right = exercise.grade({"fu": "0"}).parts["fu"].expected.split()[0]
    assert exercise.grade({"fu": int(right)}).correct
    assert exercise.grade({"fu": [int(right)]}).correct
    assert not exercise.grade({"fu": True}).readable  # true is not a number of fu
