"""The dashboard says answers in the teacher's words: a part named and said by its kind, and for per-student
hands the right answers of the hands a wrong answer was given to."""

from __future__ import annotations

from tutor.classroom.answers import part_answer, part_expected, read_exercise
from tutor.classroom.dashboard import rights
from tutor.drawing.words import words_html
from tutor.messages.catalogues import say_in
from tutor.quiz.exercise import Exercise


def fu_hand(hand: str, win: str) -> Exercise:
    request = {"hand": hand, "win": win, "riichi": True}
    return Exercise.from_json({"topic": "fu", "parts": [{"ask": "fu", "request": request}]})


def waits(hand: str) -> Exercise:
    return Exercise.from_json({"topic": "waits", "parts": [{"ask": "waits", "hand": hand}]})


def test_a_part_is_named_and_said_by_its_kind_in_either_language() -> None:
    ex = waits("23m456p789s123s11z")
    assert say_in(part_answer(ex, "waits", ["1m", "4m"]), "en") == "Winning tiles: 1 of characters, 4 of characters"
    assert say_in(part_answer(ex, "waits", ["1m", "4m"]), "zh") == "和牌张：1万、4万"
    assert words_html(part_answer(ex, "waits", ["1m"]), "zh").count('alt="1万"') == 1  # drawn, named
    assert say_in(part_expected(ex.part("waits")), "en") == "Winning tiles: 1 of characters, 4 of characters"
    # An unreadable question (an old row): the answer as it was given, the part still named.
    assert read_exercise("{}") is None and read_exercise("not json") is None
    assert say_in(part_answer(None, "fu", "30"), "zh") == "符：30"


def test_the_right_answers_of_the_hands_a_wrong_answer_was_given_to() -> None:
    fifty = fu_hand("123m456p789s11z555z", "3m")  # closed ron, dragons concealed, a double-wind pair: 50 fu
    thirty = fu_hand("234m456p789s234s55p", "4m")  # closed ron, nothing else: 30 fu
    assert say_in(fifty.part("fu").say_expected(), "en") != say_in(thirty.part("fu").say_expected(), "en")
    both = rights((fifty, thirty, fifty), "fu", 3)
    assert both is not None
    # Each right answer once, in the order the hands came; the list and brackets as the language writes them.
    first, second = (say_in(e.part("fu").say_expected(), "en") for e in (fifty, thirty))
    assert say_in(both, "en") == f"(right answer: {first}, {second})"
    assert say_in(both, "zh").startswith("（正确答案：") and "、" in say_in(both, "zh")
    # More students gave it than hands were read: the list says so.
    assert say_in(rights((fifty,), "fu", 5), "en").endswith(" …)")  # type: ignore[arg-type]
    assert rights((None,), "fu", 1) is None and rights((fifty,), "waits", 1) is None
