"""Misconception diagnosis: each known mistake, recomputed on real hands, named when a learner makes it."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tutor.course.lessons import render_page
from tutor.engine.targets import random_hand
from tutor.quiz import KINDS, Question
from tutor.quiz.kinds.hand import HandNumberQuestion
from tutor.quiz.mistakes import MISTAKES, Answer, Mistake, diagnose, right_answer, working

LESSONS = Path(__file__).resolve().parents[2] / "lessons" / "en"
S = {"seat_wind": "S"}
RIICHI = {"riichi": True, "seat_wind": "S"}
PINFU_TANYAO = "234567m23455p678s"
"""Closed, two-sided wait on 4p: pinfu and tanyao (RULES.md §6.4)."""
OPEN_TANYAO = {"hand": "234567m23455p", "win": "4p", "melds": [{"kind": "chi", "tiles": "678s"}], **S}
"""The same shape with 678s called: tanyao only, 20 fu raised to 30 on a ron."""
HAKU_KANCHAN = {"hand": "234m567p234s88s", "win": "6p", "melds": [{"kind": "pon", "tiles": "555z"}], **S}
"""Open haku hand won by ron on a kanchan: 20 + 4 + 2 = 26 → 30 fu."""
SHANPON_RON = {"hand": "222m456p678s11p999s", "win": "9s", **RIICHI}
"""Ron on 9s from a 11p/99s shanpon: the 999s triplet counts as open (30 + 4 + 4 = 38 → 40 fu)."""
CLOSED_KAN = {"hand": "345m456p789s11p", "win": "5m", "melds": [{"kind": "ankan", "tiles": "2222m"}], **RIICHI}
TWO_PONS = [{"kind": "pon", "tiles": "999m"}, {"kind": "pon", "tiles": "777z"}]
DOUBLE_WIND_PAIR = {"hand": "234m456p11z", "win": "4p", "melds": TWO_PONS, "seat_wind": "E"}
"""The dealer in the East round, pair of East: 20 + 4 + 4 + 4 (pair) = 32 → 40 fu."""
KAN_DORA = {
    "hand": "234m345s678s66m",
    "melds": [{"kind": "ankan", "tiles": "7777p"}],
    "win": "6m",
    **RIICHI,
    "dora_indicators": ["1s", "3s"],
    "ura_indicators": ["2m", "5s"],
}
"""Riichi, tanyao, 1 dora and 2 ura dora: 5 han (the dora lesson's kan example)."""
FOUR_HAN_30 = {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "dora_indicators": ["1m"]}
"""4 han 30 fu: 7700 on Tenhou, 8000 with kiriage."""


def ask(kind: str, request: dict[str, Any] | None = None, **table: Any) -> Question:
    if kind == "table":
        return Question.from_json({"ask": "table", **table})
    return Question.from_json({"ask": kind, "request": request})


def as_text(answer: Answer) -> str:
    """An answer as a learner would type it."""
    return str(answer) if isinstance(answer, int) else "/".join(map(str, answer))


def ids(question: Question, answer: str) -> list[str]:
    return [m.id for m in diagnose(question, answer)]


# (mistake, question, what the learner typed, the whole diagnosis expected). Where two mistakes
# give the same number on a hand, both are named, most specific first.
DIAGNOSED = [
    ("ron-triplet-closed", ask("fu", SHANPON_RON), "50", ["ron-triplet-closed"]),
    ("ron-triplet-closed", ask("han", {**SHANPON_RON, "hand": "222m444p678s11p999s"}), "3", ["ron-triplet-closed"]),
    ("kan-as-triplet", ask("fu", {**CLOSED_KAN, "tsumo": True}), "30", ["kan-as-triplet"]),
    ("kan-as-triplet", ask("fu", CLOSED_KAN), "40", ["kan-as-triplet", "closed-ron-forgot-10"]),
    (
        "called-triplet-as-closed",
        ask("fu", {"hand": "234m456p11s", "win": "4p", "melds": TWO_PONS, **S}),  # 28 → 30; 36 → 40 counted closed
        "40",
        ["called-triplet-as-closed", "open-ron-10-fu"],
    ),
    ("open-ron-10-fu", ask("fu", HAKU_KANCHAN), "40", ["open-ron-10-fu"]),
    ("open-ron-10-fu", ask("points", HAKU_KANCHAN), "1,300", ["open-ron-10-fu"]),
    (
        "closed-ron-forgot-10",
        ask("fu", {"hand": "123m456m789p345s55s", "win": "5s", **RIICHI}),
        "20",
        ["closed-ron-forgot-10"],
    ),
    (
        "closed-ron-forgot-10",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI}),
        "2600",
        ["closed-ron-forgot-10"],
    ),
    ("pinfu-tsumo-30", ask("fu", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **S}), "30 fu", ["pinfu-tsumo-30"]),
    (
        "pinfu-tsumo-30",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **S}),
        "1000/2000",
        ["pinfu-tsumo-30"],
    ),
    ("open-20-fu", ask("fu", OPEN_TANYAO), "20", ["open-20-fu"]),
    ("open-20-fu", ask("points", OPEN_TANYAO), "700", ["open-20-fu"]),
    ("chiitoitsu-rounded", ask("fu", {"hand": "1133m5577p22s4466z", "win": "6z", **S}), "30", ["chiitoitsu-rounded"]),
    (
        "chiitoitsu-rounded",
        ask("points", {"hand": "1133m5577p22s4466z", "win": "6z", **S}),
        "2000",
        ["chiitoitsu-rounded"],
    ),
    # A double-wind pair counted at 2 is 2 fu short; leaving the pair out is 4 short, and both round to 30.
    ("double-wind-2", ask("fu", DOUBLE_WIND_PAIR), "30", ["double-wind-2", "pair-fu-forgotten"]),
    (
        "pair-fu-forgotten",
        ask(  # 20 + 8 (closed 777z) + 4 (22z, the double wind) + 2 (tsumo) = 34 → 40 fu; 30 without the pair
            "points",
            {
                "hand": "456p234s22777z",
                "win": "6p",
                "melds": [{"kind": "chi", "tiles": "456s"}],
                "tsumo": True,
                "seat_wind": "S",
                "round_wind": "S",
            },
        ),
        "300/500",
        ["pair-fu-forgotten"],
    ),
    (
        "wait-fu-forgotten",
        ask(  # 20 + 2 (kanchan) + 4 (333s) + 2 (pon 222p) + 4 (pon 777z) = 32 → 40; 30 without the wait
            "fu",
            {
                "hand": "567m333s88p",
                "win": "6m",
                "melds": [{"kind": "pon", "tiles": "222p"}, {"kind": "pon", "tiles": "777z"}],
                **S,
            },
        ),
        "30",
        ["wait-fu-forgotten"],
    ),
    (
        "tsumo-fu-forgotten",
        ask("fu", {"hand": "567999p111333s33z", "win": "3s", "tsumo": True, "seat_wind": "E"}),
        "40",
        ["tsumo-fu-forgotten"],
    ),
    ("dora-forgotten", ask("han", KAN_DORA), "4", ["dora-forgotten"]),
    ("dora-forgotten", ask("dora", KAN_DORA), "2", ["dora-forgotten"]),
    ("ura-forgotten", ask("han", KAN_DORA), "3 han", ["ura-forgotten"]),
    ("aka-forgotten", ask("han", {"hand": "234567m23405p678s", "win": "4p", **RIICHI}), "3", ["aka-forgotten"]),
    (
        "indicator-as-dora",
        ask("han", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "dora_indicators": ["5p"]}),
        "5",
        ["indicator-as-dora"],
    ),
    (
        "open-han-not-reduced",
        ask("han", {"hand": "123456789m11z", "win": "9m", "melds": [{"kind": "pon", "tiles": "777z"}], **S}),
        "6",
        ["open-han-not-reduced"],
    ),
    (
        "double-wind-triplet-1-han",
        ask("han", {"hand": "22234456m345s111z", "win": "2m", "seat_wind": "E"}),
        "1",
        ["double-wind-triplet-1-han"],
    ),
    (
        "menzen-tsumo-forgotten",
        ask("han", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **S}),
        "2",
        ["menzen-tsumo-forgotten"],
    ),
    ("open-menzen-tsumo", ask("han", {**OPEN_TANYAO, "tsumo": True}), "2", ["open-menzen-tsumo"]),
    ("kiriage", ask("points", FOUR_HAN_30), "8000", ["kiriage"]),
    ("kiriage", ask("table", han=3, fu=60), "8000", ["kiriage"]),
    ("kiriage-forgotten", ask("points", {**FOUR_HAN_30, "rules": {"kiriage": True}}), "7700", ["kiriage-forgotten"]),
    (
        "no-mangan-cap",
        ask("points", {"hand": "234m678m444p345s88s", "win": "4s", **RIICHI, "dora_indicators": ["7s"]}),
        "10,300",
        ["no-mangan-cap"],
    ),
    ("no-mangan-cap", ask("table", han=4, fu=40), "10300", ["no-mangan-cap"]),
    (
        "dealer-as-non-dealer",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, "riichi": True, "seat_wind": "E"}),
        "1300/2600",
        ["dealer-as-non-dealer"],
    ),
    ("dealer-as-non-dealer", ask("table", han=3, fu=30, dealer=True), "3900", ["dealer-as-non-dealer"]),
    (
        "non-dealer-as-dealer",
        ask("points", {"hand": "123m456m789p345s55s", "win": "5s", **RIICHI}),
        "2900",
        ["non-dealer-as-dealer"],
    ),
    (
        "honba-100-on-ron",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "honba": 2, "riichi_sticks": 2}),
        "4100",
        ["honba-100-on-ron"],
    ),
    (
        "honba-forgotten",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "honba": 2, "riichi_sticks": 2}),
        "3900",
        ["honba-forgotten"],
    ),
    (
        "riichi-sticks-in-payment",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "honba": 2, "riichi_sticks": 2}),
        "6500",
        ["riichi-sticks-in-payment"],
    ),
    (
        "honba-300-each-on-tsumo",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **RIICHI, "honba": 2}),
        "1900/3200",
        ["honba-300-each-on-tsumo"],
    ),
    ("honba-forgotten", ask("table", han=2, fu=40, tsumo=True, honba=1), "700/1300", ["honba-forgotten"]),
    (
        "tsumo-total",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, "riichi": True, "seat_wind": "E"}),
        "7800",
        ["tsumo-total"],
    ),
    ("no-payment-rounding", ask("points", FOUR_HAN_30), "7680", ["no-payment-rounding"]),
    ("no-fu-rounding", ask("fu", {"hand": "234m678m222p55s789s", "win": "2p", **RIICHI}), "32", ["no-fu-rounding"]),
    (
        "no-fu-rounding",
        ask("points", {"hand": "234m678m222p55s789s", "win": "2p", **RIICHI}),
        "1100",
        ["no-fu-rounding"],
    ),
    ("lower-reading", ask("fu", {"hand": "123m456m789p345s55s", "win": "5s", **RIICHI}), "40", ["lower-reading"]),
    ("lower-reading", ask("han", {"hand": "111222333m456p77s", "win": "7s", **RIICHI}), "2", ["lower-reading"]),
    ("lower-reading", ask("points", {"hand": "111222333m456p77s", "win": "7s", **RIICHI}), "2600", ["lower-reading"]),
]

# (mistake, a question it cannot explain: the hand lacks what the mistake is about, or the mistake
# would give the right answer anyway).
NOT_APPLYING = [
    ("ron-triplet-closed", ask("fu", {**SHANPON_RON, "tsumo": True})),  # won by tsumo the triplet is closed
    ("ron-triplet-closed", ask("fu", {**SHANPON_RON, "hand": "123m456p789s11p999s"})),  # 789s + closed 999s read
    ("kan-as-triplet", ask("fu", SHANPON_RON)),
    ("called-triplet-as-closed", ask("fu", OPEN_TANYAO)),
    ("open-ron-10-fu", ask("fu", {**HAKU_KANCHAN, "tsumo": True})),
    ("open-ron-10-fu", ask("fu", OPEN_TANYAO)),  # 20 + 10 is the right 30 anyway
    ("closed-ron-forgot-10", ask("fu", OPEN_TANYAO)),
    ("pinfu-tsumo-30", ask("fu", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI})),
    ("open-20-fu", ask("fu", HAKU_KANCHAN)),
    ("chiitoitsu-rounded", ask("fu", OPEN_TANYAO)),
    ("double-wind-2", ask("fu", {**DOUBLE_WIND_PAIR, "rules": {"double_wind_pair_fu": 2}})),
    # 30 + 4 (double wind) + 2 (kanchan) = 36 and 34 both round to 40: it does not matter here.
    ("double-wind-2", ask("fu", {"hand": "234m456p678s789s11z", "win": "8s", "riichi": True, "seat_wind": "E"})),
    ("pair-fu-forgotten", ask("fu", OPEN_TANYAO)),
    ("wait-fu-forgotten", ask("fu", OPEN_TANYAO)),
    ("tsumo-fu-forgotten", ask("fu", HAKU_KANCHAN)),
    ("dora-forgotten", ask("han", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI})),
    ("ura-forgotten", ask("han", {"hand": PINFU_TANYAO, "win": "4p", **S, "ura_indicators": ["1m"]})),  # no riichi
    ("aka-forgotten", ask("han", {"hand": "234567m23405p678s", "win": "4p", **RIICHI, "rules": {"aka": False}})),
    ("indicator-as-dora", ask("han", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "dora_indicators": ["1z"]})),
    ("open-han-not-reduced", ask("han", {"hand": "123456789m11z777z", "win": "9m", **S})),  # closed
    ("double-wind-triplet-1-han", ask("han", {"hand": "22234456m345s111z", "win": "2m", "seat_wind": "S"})),
    ("menzen-tsumo-forgotten", ask("han", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI})),
    ("open-menzen-tsumo", ask("han", OPEN_TANYAO)),
    ("kiriage", ask("points", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI})),
    ("kiriage", ask("points", {**FOUR_HAN_30, "rules": {"kiriage": True}})),
    ("kiriage-forgotten", ask("points", FOUR_HAN_30)),
    ("no-mangan-cap", ask("points", FOUR_HAN_30)),  # 1920: under the cap
    ("no-mangan-cap", ask("table", han=5, fu=40)),  # a limit hand: fu do not count at all
    ("dealer-as-non-dealer", ask("points", OPEN_TANYAO)),
    ("non-dealer-as-dealer", ask("table", han=3, fu=30, dealer=True)),
    ("honba-100-on-ron", ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **RIICHI, "honba": 2})),
    ("honba-300-each-on-tsumo", ask("points", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI, "honba": 2})),
    ("honba-forgotten", ask("points", FOUR_HAN_30)),
    (
        "riichi-sticks-in-payment",
        ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **RIICHI, "riichi_sticks": 2}),
    ),
    ("tsumo-total", ask("points", FOUR_HAN_30)),
    ("no-payment-rounding", ask("table", han=2, fu=25)),  # 25 × 16 × 4 = 1600 exactly
    ("no-fu-rounding", ask("fu", {"hand": "1133m5577p22s4466z", "win": "6z", **S})),  # 25 is never rounded
    ("no-fu-rounding", ask("fu", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI})),  # 30 needs no rounding
    ("lower-reading", ask("fu", {"hand": PINFU_TANYAO, "win": "4p", **RIICHI})),  # one reading only
]


@pytest.mark.parametrize(
    ("mistake_id", "question", "typed", "expected"), DIAGNOSED, ids=[f"{m}-{q.kind}-{t}" for m, q, t, _ in DIAGNOSED]
)
def test_the_mistaken_answer_is_diagnosed(mistake_id: str, question: Question, typed: str, expected: list[str]) -> None:
    assert mistake_id in expected
    assert not question.grade(typed).correct
    assert ids(question, typed) == expected
    assert question.kind in MISTAKES[mistake_id].kinds


@pytest.mark.parametrize(("mistake_id", "question"), NOT_APPLYING, ids=[f"{m}-{q.kind}" for m, q in NOT_APPLYING])
def test_the_mistake_does_not_apply(mistake_id: str, question: Question) -> None:
    assert MISTAKES[mistake_id].answers(question) == {}
    for other in MISTAKES.values():
        for answer in other.answers(question):
            assert mistake_id not in ids(question, as_text(answer))


@pytest.mark.parametrize("question", [case[1] for case in [*DIAGNOSED, *NOT_APPLYING]])
def test_the_right_answer_is_never_diagnosed(question: Question) -> None:
    shown = question.grade("1").expected  # the right answer as the tutor shows it: "40 fu", "2600 all", ...
    assert question.grade(shown).correct
    assert diagnose(question, shown) == []


def test_every_mistake_has_a_case_that_diagnoses_it_and_one_it_does_not_apply_to() -> None:
    assert set(MISTAKES) == {case[0] for case in DIAGNOSED}
    assert set(MISTAKES) == {case[0] for case in NOT_APPLYING}


def test_mistakes_are_declared_well() -> None:
    for key, known in MISTAKES.items():
        assert key == known.id and re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", known.id)
        assert known.label[0].islower() and not known.label.endswith(".")
        assert known.kinds and known.kinds <= {"han", "fu", "dora", "points", "table"}


def test_every_lesson_link_leads_to_a_heading() -> None:
    # Rendered as the site renders them (Markdown's toc ids), without the blocks' templates.
    pages = [render_page(path, lambda kind, context, lang: "", lesson=True) for path in LESSONS.glob("*.md")]
    html = {page.slug: page.html for page in pages}
    for known in MISTAKES.values():
        slug, _, anchor = known.lesson.removeprefix("/lessons/").partition("#")
        assert slug in html, known.lesson
        assert not anchor or f'id="{anchor}"' in html[slug], known.lesson


def test_a_diagnosis_names_the_reading_used() -> None:
    question = ask("points", {"hand": "111222333m456p77s", "win": "7s", **RIICHI})
    (found,) = diagnose(question, "2600")
    assert found.id == "lower-reading"
    assert found.label.startswith(MISTAKES["lower-reading"].label)
    assert "123m 123m 123m 456p 77s, tanki wait on 7s" in found.label
    assert found.lesson == MISTAKES["lower-reading"].lesson


def test_a_diagnosis_names_the_yaku_that_lost_a_han() -> None:
    question = ask("han", {"hand": "123456789m11z", "win": "9m", "melds": [{"kind": "pon", "tiles": "777z"}], **S})
    (found,) = diagnose(question, "6")
    assert "Ittsu is 1 han open, not 2" in found.label and "Honitsu is 2 han open, not 3" in found.label


def test_a_ron_triplet_counted_closed_can_make_a_false_sanankou() -> None:
    question = ask("han", {**SHANPON_RON, "hand": "222m444p678s11p999s"})
    (found,) = diagnose(question, "3")
    assert found.label.endswith("(and so counted Sanankou)")


def test_answers_are_read_leniently() -> None:
    question = ask("points", {"hand": "234m678m444p345s88s", "win": "4s", **RIICHI, "dora_indicators": ["7s"]})
    for typed in ("10300", "10,300", "10300 points", " 10300 "):
        assert ids(question, typed) == ["no-mangan-cap"]


def test_no_diagnosis_for_unreadable_answers_or_other_kinds_of_question() -> None:
    assert diagnose(ask("fu", OPEN_TANYAO), "lots") == []
    assert diagnose(ask("fu", OPEN_TANYAO), "20/30") == []
    assert diagnose(ask("points", OPEN_TANYAO), "1/2/3") == []
    assert diagnose(Question.from_json({"ask": "yaku", "request": OPEN_TANYAO}), "pinfu") == []
    assert diagnose(Question.from_json({"ask": "waits", "hand": "23m456p789s123s11z"}), "4m") == []
    assert working(Question.from_json({"ask": "waits", "hand": "23m456p789s123s11z"})) is None


def test_a_swapped_tsumo_split_is_not_a_mistake_we_can_see() -> None:
    # Why there is no tsumo-split-wrong: the two numbers are read sorted, so the swap grades right.
    question = ask("points", {"hand": PINFU_TANYAO, "win": "4p", "tsumo": True, **S})
    assert question.grade("1300/700").correct
    assert diagnose(question, "1300/700") == []


# --- over many generated hands -------------------------------------------------------------------


def _check_question(question: Question) -> None:
    right = right_answer(question)
    base = working(question)
    assert right is not None and base is not None
    # The working that mistakes bend reproduces the engine's answer exactly.
    assert base.answer(question.kind) == right
    shown = question.grade("1").expected
    assert diagnose(question, shown) == []
    assert diagnose(question, as_text(right)) == []
    for known in MISTAKES.values():
        for answer, diagnosed in known.answers(question).items():
            assert answer != right
            assert isinstance(diagnosed, Mistake) and diagnosed.id == known.id
            assert known.id in ids(question, as_text(answer))


NUMBER_HAND_KINDS = [kind for kind, question in KINDS.items() if issubclass(question, HandNumberQuestion)]
"""Every kind asked of a scored hand and answered with a number (han, fu, points, dora, ...)."""


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generated_hands_never_diagnose_the_right_answer(difficulty: int) -> None:
    for seed in range(120):
        request = random_hand(random.Random(seed), difficulty)
        for kind in NUMBER_HAND_KINDS:
            question = ask(kind, request)
            try:
                _check_question(question)
            except AssertionError as problem:
                raise AssertionError(f"{kind} question on {request}: {problem}") from None


def test_table_questions_never_diagnose_the_right_answer() -> None:
    for han in range(1, 14):
        for fu in (20, 25, 30, 40, 50, 60, 70, 110):
            for dealer in (False, True):
                for tsumo in (False, True):
                    for honba in (0, 2):
                        data = {"han": han, "fu": fu, "dealer": dealer, "tsumo": tsumo, "honba": honba}
                        _check_question(Question.from_json({"ask": "table", **data}))
