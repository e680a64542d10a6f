"""A check may test only what came before it (issue 25): ``tutor check-lessons`` fails on a question that needs a
later lesson, from its kind and answer (payments need lesson 13, fu lesson 11, a yakuman lesson 10) or as declared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.app import resource_dir
from tutor.course.lessons import LessonBook
from tutor.course.prerequisites import asked_before_taught, stated

LANGS = ("en", "zh")
PINFU_RON = {"hand": "234567m23455p678s", "win": "4p", "riichi": True, "seat_wind": "S"}
"""Riichi, pinfu, tanyao: 3 han 30 fu, 3,900 on a non-dealer's ron."""
DAISANGEN = {
    "hand": "234m11p",
    "win": "4m",
    "seat_wind": "S",
    "melds": [{"kind": "pon", "tiles": t} for t in ("555z", "666z", "777z")],
}


def no_blocks(kind: str, context: object, lang: str) -> str:
    return ""


def lesson(folder: Path, order: int, slug: str, *questions: dict) -> None:
    body = "\n".join(f"```question\n{json.dumps({'after': 'teach', **q})}\n```\n" for q in questions)
    text = f"---\ntitle: {slug}\nslug: {slug}\norder: {order}\nsummary: s\n---\n\n## Teach\n\nProse.\n\n{body}"
    (folder / f"{order:02}-{slug}.md").write_text(text, encoding="utf-8")


def problems(folder: Path) -> list[str]:
    return asked_before_taught(LessonBook([folder], no_blocks))


def course(folder: Path, *first: dict) -> Path:
    lesson(folder, 1, "tiles", *first)
    for order, slug in ((7, "two-han"), (10, "yakuman"), (11, "fu"), (13, "points"), (17, "table-procedure")):
        lesson(folder, order, slug)
    return folder


@pytest.mark.parametrize("lang", LANGS)
def test_no_check_of_the_course_needs_a_later_lesson(lang: str) -> None:
    book = LessonBook([resource_dir("lessons") / lang], no_blocks, lang)
    assert not book.problems
    assert asked_before_taught(book) == []


def test_a_payment_before_the_points_lesson_fails_unless_its_amount_is_stated(tmp_path: Path) -> None:
    asked = problems(course(tmp_path, {"ask": "points", "request": PINFU_RON}))
    assert len(asked) == 1 and "needs lesson 13 (points)" in asked[0]
    told = {"ask": "points", "request": PINFU_RON, "prompt": "A 3 han 30 fu ron pays 3,900. What is paid?"}
    assert problems(course(tmp_path, told)) == []
    table = {"ask": "table", "han": 1, "fu": 30, "dealer": False, "tsumo": False}
    assert "needs lesson 13 (points)" in problems(course(tmp_path, table))[0]


def test_a_fu_count_needs_the_fu_lesson_except_the_fixed_counts_taught_with_their_yaku(tmp_path: Path) -> None:
    open_kan = {
        "hand": "234p678s99s",
        "win": "7s",
        "seat_wind": "S",
        "melds": [{"kind": "minkan", "tiles": "1111m"}, {"kind": "pon", "tiles": "555z"}],
    }
    assert "needs lesson 11 (fu)" in problems(course(tmp_path, {"ask": "fu", "request": open_kan}))[0]
    seven_pairs = {"hand": "1133m5577p22s4466z", "win": "6z", "tsumo": True, "seat_wind": "W"}
    assert "needs lesson 7 (two-han)" in problems(course(tmp_path, {"ask": "fu", "request": seven_pairs}))[0]


def test_a_yakuman_needs_the_yakuman_lesson_even_with_its_payment_stated(tmp_path: Path) -> None:
    told = {"ask": "points", "request": DAISANGEN, "prompt": "A yakuman ron pays 32,000."}
    asked = problems(course(tmp_path, told))
    assert len(asked) == 1 and "needs lesson 10 (yakuman)" in asked[0]
    assert "needs lesson 10 (yakuman)" in problems(course(tmp_path, {"ask": "yaku", "request": DAISANGEN}))[0]


def test_standings_and_declared_needs(tmp_path: Path) -> None:
    standing = {"ask": "standings", "scores": [35000, 28000, 22000, 15000], "sticks": 0, "rules": "tenhou", "seat": "E"}
    assert "needs lesson 17 (table-procedure)" in problems(course(tmp_path, standing))[0]
    declared = {"ask": "yaku", "request": PINFU_RON, "needs": ["fu"]}
    assert "needs lesson 11 (fu)" in problems(course(tmp_path, declared))[0]
    assert problems(course(tmp_path, {"ask": "yaku", "request": PINFU_RON})) == []


def test_an_amount_is_stated_only_as_a_whole_number() -> None:
    assert stated(4000, "4,000 all") and stated(4000, "each pays 4000.")
    assert not stated(4000, "14,000") and not stated(4000, "4,0001") and not stated(1000, "11,000")


def test_check_lessons_fails_on_a_teacher_s_check_asked_before_the_built_in_points_lesson(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli import main

    yaku = {"ask": "yaku", "request": PINFU_RON}
    lesson(tmp_path, 2, "early", yaku, yaku, yaku, {"ask": "points", "request": PINFU_RON})
    assert main(["check-lessons", str(tmp_path), "--lang", "en"]) == 1
    said = capsys.readouterr()
    assert "question 4 needs lesson 13 (points), which comes after this one (2)" in said.out + said.err
    lesson(tmp_path, 2, "early", yaku, yaku, yaku, yaku)
    assert main(["check-lessons", str(tmp_path), "--lang", "en"]) == 0
