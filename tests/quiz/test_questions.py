"""Grading every question kind: right, wrong, partly right and unreadable answers."""

from __future__ import annotations

import pytest

from tutor.quiz import KINDS, Question, QuestionError
from tutor.quiz.answers import AnswerError, parse_number, parse_points, parse_tile_choice
from tutor.quiz.kinds.hand import HandNumberQuestion

# Riichi + pinfu, 2 han 30 fu, non-dealer ron: 2000.
PINFU = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"}
# Open hand: pon of 777z (chun) and a closed triplet of 111m, tanki on 5s: 20+8+4+2 = 34 -> 40 fu.
OPEN_HAND = {"hand": "111m234p55s789s", "win": "5s", "melds": [{"kind": "pon", "tiles": "777z"}], "seat_wind": "S"}
# Dealer tsumo, riichi + menzen tsumo + pinfu + tanyao: 4 han 20 fu -> 2600 all.
DEALER_TSUMO = {"hand": "234m678m234p56788s", "win": "5s", "tsumo": True, "riichi": True}
# The same with indicator 1m: one 2m in the hand is one dora.
WITH_DORA = {**DEALER_TSUMO, "dora_indicators": ["1m"]}


def ask(kind: str, **data: object) -> Question:
    return Question.from_json({"ask": kind, **data})


@pytest.mark.parametrize(
    ("kind", "request_", "right", "wrong"),
    [
        ("han", PINFU, "2", "3"),
        ("han", PINFU, "2 han", "1 han"),
        ("fu", PINFU, "30", "40"),
        ("fu", PINFU, "30fu", "20 fu"),
        ("fu", OPEN_HAND, "40", "30"),
        ("points", PINFU, "2,000", "2900"),
        ("points", DEALER_TSUMO, "2600 all", "2600/5200"),
        ("dora", WITH_DORA, "1", "2"),
    ],
)
def test_number_questions_right_and_wrong(kind: str, request_: dict[str, object], right: str, wrong: str) -> None:
    question = ask(kind, request=request_)
    good, bad = question.grade(right), question.grade(wrong)
    assert good.correct and good.score == 1.0 and good.problem is None
    assert not bad.correct and bad.score == 0.0 and bad.problem is None
    assert "you said" in bad.details[0]


def test_tsumo_split_in_either_order_and_with_separators() -> None:
    question = ask(
        "points", request={"hand": "234m678m234p56788s", "win": "5s", "tsumo": True, "riichi": True, "seat_wind": "S"}
    )
    assert question.grade("1300/2600").correct
    assert question.grade("2,600-1,300").correct
    assert not question.grade("1300").correct


@pytest.mark.parametrize("kind", [k for k, question in KINDS.items() if issubclass(question, HandNumberQuestion)])
@pytest.mark.parametrize("answer", ["lots", "", "3 han 4", "30/40/50"])
def test_unreadable_numbers_get_a_message_not_a_mark(kind: str, answer: str) -> None:
    grade = ask(kind, request=PINFU).grade(answer)
    if kind == "points" and answer == "3 han 4":
        assert grade.problem is None  # two numbers read as a tsumo split: a wrong answer, not an unreadable one
        return
    assert grade.problem and not grade.correct and grade.score == 0.0


def test_yaku_right_partial_and_wrongly_claimed() -> None:
    question = ask("yaku", request=PINFU)
    assert question.expected_yaku() == {"riichi", "pinfu"}
    assert question.grade(["riichi", "pinfu"]).correct
    partial = question.grade(["riichi"])
    assert not partial.correct and partial.score == 0.5 and any("missed Pinfu" in d for d in partial.details)
    claimed = question.grade(["riichi", "pinfu", "tanyao"])
    assert not claimed.correct and claimed.score == 0.5
    assert any(d.startswith("Tanyao does not count: terminals and honours break tanyao") for d in claimed.details)
    assert question.grade(["nonsense"]).problem == "unknown yaku: nonsense"


def test_a_yaku_pushed_out_by_another_is_explained_even_with_dora() -> None:
    # Ryanpeikou replaces iipeikou; the dora line beside them is not a yaku and must not trip the reason.
    question = ask(
        "yaku", request={"hand": "112233m445566p55s", "win": "5s", "riichi": True, "dora_indicators": ["1m"]}
    )
    graded = question.grade(["riichi", "ryanpeikou", "iipeikou"])
    assert "Iipeikou does not count: Ryanpeikou replaces it" in graded.details


def test_yaku_choices_hold_the_answer_the_traps_and_what_the_teacher_offers() -> None:
    value_pair = {"hand": "123m456m789p345s77z", "win": "5s", "riichi": True}
    values = [v for v, _ in ask("yaku", request=value_pair).choices()]
    assert {"riichi", "pinfu", "yakuhai_chun"} <= set(values)  # pinfu and chun: the traps of a chun pair
    offered = [v for v, _ in ask("yaku", request=value_pair, offer=["sanshoku"]).choices()]
    assert "sanshoku" in offered
    with pytest.raises(QuestionError, match="offer"):
        ask("yaku", request=value_pair, offer=["no_such_yaku"])


def test_waits_right_partial_wrong_and_unreadable() -> None:
    question = ask("waits", hand="2345m123p456p789s")  # waits on 2m and 5m
    assert question.grade(["2m", "5m"]).correct
    assert question.grade("25m").correct  # typed as MPSZ
    partial = question.grade(["2m"])
    assert not partial.correct and partial.score == 0.5 and "missed 5m" in partial.details[0]
    wrong = question.grade(["2m", "5m", "8m"])
    assert not wrong.correct and "8m would not complete the hand" in wrong.details[0]
    assert question.grade(["9x"]).problem


def test_a_tile_whose_four_copies_are_in_the_hand_is_no_winning_tile() -> None:
    # 1112345679999m reads as waiting on 8m and on a fifth 9m; no fifth 9m exists (issue 25).
    question = ask("waits", hand="1112345679999m")
    assert question.right_choices() == {"8m"}
    assert question.grade(["8m"]).correct
    assert not question.grade(["8m", "9m"]).correct


@pytest.mark.parametrize("seed", range(40))
def test_no_made_waits_question_expects_a_tile_that_cannot_exist(seed: int) -> None:
    from tutor.engine.tiles import parse_tiles
    from tutor.quiz.makers import make_exercise

    question = make_exercise("waits", str(seed), difficulty=3).main
    melded = [t for meld in question.data.get("melds", []) for t in parse_tiles(meld["tiles"])]
    tiles = [*parse_tiles(question.data["hand"]), *melded]
    for tile in question.right_choices():
        copies = sum(1 for held in tiles if held.index == parse_tiles(tile)[0].index)  # a red five is a five
        assert copies < 4, (question.data, tile)


@pytest.mark.parametrize(
    ("situation", "right", "wrong"),
    [
        ({"hand": "34567m234p567s88s", "discards": "2m", "tile": "8m"}, "discard", "ron"),
        ({"hand": "34567m234p567s88s", "passed_since_draw": "5m", "tile": "8m"}, "temporary", "ron"),
        (
            {"hand": "34567m234p567s88s", "riichi": True, "passed_since_riichi": "2m", "tile": "5m"},
            "riichi",
            "temporary",
        ),
        ({"hand": "34567m234p567s88s", "tile": "8m"}, "ron", "discard"),
        ({"hand": "34567m234p567s88s", "tile": "9m"}, "not_a_wait", "ron"),
    ],
)
def test_furiten_each_kind(situation: dict[str, object], right: str, wrong: str) -> None:
    question = ask("furiten", **situation)
    assert question.grade([right]).correct
    graded = question.grade([wrong])
    assert not graded.correct and graded.details  # the reason is always given
    assert question.grade(["maybe"]).problem == "pick one of the choices"


def test_dora_tile_wraps_around_and_grades_each_indicator() -> None:
    question = ask("dora_tile", indicators="9m4z7z")
    assert question.grade(["1m", "1z", "5z"]).correct
    partial = question.grade(["1m", "1z"])
    assert not partial.correct and 0 < partial.score < 1
    assert not question.grade(["1m", "1z", "5z", "2m"]).correct
    assert "indicator 7z → dora 5z" in question.grade([]).details
    with pytest.raises(QuestionError):
        ask("dora_tile", indicators="")


@pytest.mark.parametrize(
    ("cell", "right"),
    [
        ({"han": 3, "fu": 30, "dealer": False, "tsumo": False}, "3900"),
        ({"han": 3, "fu": 30, "dealer": True, "tsumo": True}, "2000 all"),
        ({"han": 2, "fu": 40, "dealer": False, "tsumo": True}, "700/1300"),
        ({"han": 4, "fu": 40, "dealer": False, "tsumo": False}, "8000"),  # the mangan cap under 5 han
        ({"han": 6, "dealer": True, "tsumo": False}, "18000"),  # fu may be left out from 5 han
        ({"han": 1, "fu": 30, "dealer": False, "tsumo": False, "honba": 2}, "1600"),
    ],
)
def test_table_drill(cell: dict[str, object], right: str) -> None:
    question = ask("table", **cell)
    assert question.grade(right).correct
    assert not question.grade("100").correct
    assert question.grade("a lot").problem


def test_table_question_below_five_han_needs_fu() -> None:
    with pytest.raises(QuestionError, match="fu"):
        ask("table", han=3, dealer=False, tsumo=False)


def test_itemised_fu_one_row_per_source() -> None:
    question = ask("fu", request=OPEN_HAND, itemised=True)
    rows = {row.id: row for row in question.fu_rows()}
    assert rows["base"].given and rows["base"].fu == 20
    assert [rows[r].fu for r in ("win", "pair", "wait", "bump", "total")] == [0, 0, 2, 0, 40]
    groups = {rows[r].label: rows[r].fu for r in rows if r.startswith("group")}
    # Each row names its tiles as players say them, never in MPSZ.
    one, two, seven, red = "1 of characters ×3", "2-3-4 of circles", "7-8-9 of bamboo", "Red dragon ×3"
    assert groups == {f"Group {one}": 8, f"Group {two}": 0, f"Group {seven}": 0, f"Group {red} (called)": 4}
    ids = {row.label: row.id for row in question.fu_rows()}
    right = {ids[f"Group {one}"]: "8", ids[f"Group {red} (called)"]: "4", "wait": "2", "total": "40"}
    graded = question.grade(right)
    assert graded.correct and graded.expected == "20 + 8 + 4 + 2 → 40 fu"
    wrong = question.grade({**right, ids[f"Group {one}"]: "4"})  # a triplet counted as open
    assert not wrong.correct and 0 < wrong.score < 1
    assert f"Group {one}: you said 4, it is 8 (Closed triplet of terminals 111m: 8 fu)" in wrong.details
    assert question.grade({**right, "total": "forty"}).problem


def test_itemised_fu_shows_closed_ron_as_twenty_plus_ten() -> None:
    rows = {row.id: row for row in ask("fu", request=PINFU, itemised=True).fu_rows()}
    assert (rows["base"].fu, rows["win"].fu, rows["total"].fu) == (20, 10, 30)
    assert "menzen kafu" in rows["win"].items[0].text


def test_itemised_fu_shows_the_open_hand_bump_as_its_own_row() -> None:
    open_pinfu = {"hand": "234m567p23455s", "win": "2s", "melds": [{"kind": "chi", "tiles": "678s"}]}
    rows = {row.id: row for row in ask("fu", request=open_pinfu, itemised=True).fu_rows()}
    assert (rows["bump"].fu, rows["total"].fu) == (2, 30)


def test_itemised_fu_on_seven_pairs_asks_only_the_total() -> None:
    question = ask("fu", request={"hand": "1133557799m2244p", "win": "2p", "riichi": True}, itemised=True)
    assert [row.id for row in question.fu_rows()] == ["total"] and not question.itemised
    assert question.grade("25").correct


def test_a_question_round_trips_through_json_and_has_a_stable_key() -> None:
    question = ask("fu", request=PINFU, itemised=True)
    again = Question.from_json(question.to_json())
    assert again == question and again.key == question.key and len(question.key) == 10


@pytest.mark.parametrize(
    "bad",
    [
        {"ask": "nonsense"},
        {"ask": "han"},
        {"ask": "han", "request": {"hand": "123m", "win": "1m"}},
        {"ask": "waits", "hand": "12q"},
        {"ask": "table", "han": "three", "fu": 30},
        "not an object",
    ],
)
def test_bad_question_payloads_are_refused_with_a_reason(bad: object) -> None:
    with pytest.raises(QuestionError):
        Question.from_json(bad)


def test_lenient_answer_reading() -> None:
    assert parse_number(" 30 fu ") == 30
    assert parse_number("7,700") == 7700
    assert parse_points("1,000/2,000") == parse_points("2000-1000") == (1000, 2000)
    assert parse_points("4000 all") == (4000,)
    assert parse_tile_choice(["3m", "6m"]) == parse_tile_choice("36m") == {2, 5}
    for bad in ("thirty", "1,00", "30 fu and change"):
        with pytest.raises(AnswerError):
            parse_number(bad)
