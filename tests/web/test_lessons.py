"""Lessons and yaku notes: every page renders, every example and question comes from the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import csrf
from tests.quiz.answering import right_answer
from tutor import create_app
from tutor.app import resource_dir
from tutor.course.lessons import LESSON_QUESTIONS, NOTE_QUESTIONS, LessonBook, shared_book, too_few_questions
from tutor.engine.yaku import YAKU
from tutor.web.db import init_db

LESSON_FILES = sorted((resource_dir("lessons") / "en").glob("*.md"))
SLUGS = [f.stem.split("-", 1)[1] for f in LESSON_FILES]
CLUB = "---\ntitle: Club rules\nslug: club\norder: 50\nsummary: Ours.\n---\n\nWe play [[123m]].\n"


@pytest.fixture
def book(app: Flask) -> LessonBook:
    result: LessonBook = app.extensions["lessons"].book("en")
    return result


def test_every_lesson_and_note_renders(book: LessonBook) -> None:
    assert not book.problems, "\n".join(book.problems)


def test_the_course_has_its_lessons(book: LessonBook) -> None:
    assert len(book.lessons) >= 12
    orders = [page.order for page in book.lessons.values()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


@pytest.mark.parametrize("slug", SLUGS)
def test_lesson_has_examples_and_questions(book: LessonBook, slug: str) -> None:
    page = book.lessons[slug]
    assert page.examples >= 1, f"{slug}: no worked example scored by the engine"
    assert len(page.questions) >= LESSON_QUESTIONS, f"{slug}: {len(page.questions)} check-yourself questions"


@pytest.mark.parametrize("slug", SLUGS)
def test_lesson_page_renders(client: FlaskClient, slug: str) -> None:
    response = client.get(f"/lessons/{slug}")
    assert response.status_code == 200
    assert b"<h1>" in response.data


@pytest.mark.parametrize("slug", SLUGS)
def test_each_question_accepts_the_engine_s_answer(post, book: LessonBook, slug: str) -> None:  # type: ignore[no-untyped-def]
    page = book.lessons[slug]
    for number, question in enumerate(page.questions, start=1):
        answer = right_answer(question)
        response = post(
            f"/lessons/{slug}/check/{number}", data={"answer": answer}, headers={"Accept": "application/json"}
        )
        assert response.status_code == 200
        assert response.json["correct"], (slug, number, answer, response.json)


def test_a_malformed_answer_gets_a_message_not_a_wrong_mark(post, book: LessonBook) -> None:  # type: ignore[no-untyped-def]
    slug, number = next(
        (page.slug, n)
        for page in book.lessons.values()
        for n, q in enumerate(page.questions, 1)
        if q.kind in ("han", "fu", "points")
    )
    response = post(f"/lessons/{slug}/check/{number}", data={"answer": "lots"}, headers={"Accept": "application/json"})
    assert response.json["problem"] and not response.json["correct"]
    page = post(f"/lessons/{slug}/check/{number}", data={"answer": "lots"})
    assert b"is not a number" in page.data


def test_every_yaku_has_a_reference_note_with_an_example(book: LessonBook) -> None:
    missing = [y for y in YAKU if y not in book.yaku_notes]
    assert not missing, f"no yaku note for {missing}"
    without_example = [y for y, note in book.yaku_notes.items() if note.examples < 1]
    assert not without_example, f"yaku notes without a worked example: {without_example}"


def test_every_yaku_is_taught_in_a_lesson(book: LessonBook) -> None:
    linked = set()
    for page in book.lessons.values():
        linked.update(re.findall(r'href="/yaku/([a-z_0-9]+)"', page.html))
    missing = [y for y in YAKU if y not in linked]
    assert not missing, f"no lesson links to {missing}"


def test_no_lesson_claims_30_fu_is_the_minimum(book: LessonBook) -> None:
    # Pinfu tsumo is 20 fu and chiitoitsu 25: 30 is the least only for a closed ron.
    for page in [*book.lessons.values(), *book.yaku_notes.values()]:
        text = re.sub(r"<[^>]+>", "", page.html)
        for sentence in re.split(r"(?<=[.!?])\s", text):
            if re.search(r"\b30 fu\b", sentence) and re.search(r"minimum|at least|lowest|fewest", sentence, re.I):
                assert re.search(r"\bron\b", sentence, re.I), f"{page.path}: {sentence!r}"


def test_the_fu_lesson_teaches_the_special_cases(book: LessonBook) -> None:
    fu = next(page for page in book.lessons.values() if page.slug == "fu")
    text = fu.html
    for fact in ("20 fu", "25 fu", "30 fu"):
        assert fact in text


def _teacher_app(tmp_path: Path, name: str, text: str) -> Flask:
    """The app with a teacher's lesson folder holding one file."""

    teacher = tmp_path / "mine"
    teacher.mkdir()
    (teacher / name).write_text(text)
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"), "LESSONS_DIR": str(teacher)}
    )
    with app.app_context():  # checks are remembered, so answering one needs the database
        init_db()
    return app


def test_a_broken_lesson_is_reported_with_its_file(tmp_path: Path) -> None:
    app = _teacher_app(
        tmp_path,
        "99-broken.md",
        '---\ntitle: Broken\nslug: broken\norder: 99\nsummary: x\n---\n\n[[123q]]\n\n```score\n{"hand": "123m", "win": "1m"}\n```\n',
    )
    problems = app.extensions["lessons"].book("en").problems
    assert len(problems) == 1 and "99-broken.md" in problems[0] and "123q" in problems[0]


def test_a_teacher_can_add_and_replace_lessons(tmp_path: Path) -> None:
    app = _teacher_app(
        tmp_path,
        "50-extra.md",
        "---\ntitle: Club rules\nslug: club\norder: 50\nsummary: Ours.\n---\n\nWe play [[123m]].\n",
    )
    client = app.test_client()
    assert b"Club rules" in client.get("/lessons/").data
    assert client.get("/lessons/club").status_code == 200


def test_a_lesson_answer_without_the_csrf_token_is_refused(client: FlaskClient) -> None:
    response = client.post("/lessons/fu/check/1", data={"answer": "30"})
    assert response.status_code == 400 and b"CSRF" in response.data
    page = client.get("/lessons/fu").get_data(as_text=True)
    assert 'name="csrf_token"' in page and "<!--csrf-->" not in page


def test_the_lessons_are_built_once_for_every_app_of_the_process(app: Flask, tmp_path: Path) -> None:
    book = app.extensions["lessons"].book("en")
    again = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "again.sqlite")})
    assert again.extensions["lessons"].book("en") is book
    # A teacher's folder makes a book of its own.
    assert _teacher_app(tmp_path, "50-club.md", CLUB).extensions["lessons"].book("en") is not book


def test_a_shared_book_is_made_again_when_a_file_changes(tmp_path: Path) -> None:
    (tmp_path / "50-club.md").write_text(CLUB)
    book = shared_book([tmp_path], lambda kind, context, lang: "")
    assert shared_book([tmp_path], lambda kind, context, lang: "") is book
    (tmp_path / "50-club.md").write_text(CLUB.replace("Club rules", "House rules"))
    changed = shared_book([tmp_path], lambda kind, context, lang: "")
    assert changed is not book and changed.lessons["club"].title == "House rules"


ITEMISED_LESSON = """---
title: Fu row by row
slug: fu-rows
order: 60
summary: Ours.
---

A closed ron with a pinfu shape but a pair of dragons: [[123m456m789p345s77z | win=5s]].

```question
{"ask": "fu", "itemised": true, "request": {"hand": "123m456m789p345s77z", "win": "5s", "riichi": true}}
```
"""


def test_an_itemised_fu_question_in_a_lesson_is_answered_row_by_row(tmp_path: Path) -> None:
    # The lesson form names each row's input "answer.<row id>", as the fu kind reads it.
    app = _teacher_app(tmp_path, "60-fu-rows.md", ITEMISED_LESSON)
    question = app.extensions["lessons"].book("en").lessons["fu-rows"].questions[0]
    assert question.itemised
    client = app.test_client()
    page = client.get("/lessons/fu-rows").get_data(as_text=True)
    rows = {row.id: row.fu for row in question.fu_rows() if not row.given}
    assert all(f'name="answer.{row}"' in page for row in rows)

    def check(fields: dict[str, int]) -> dict[str, object]:
        data = {f"answer.{row}": str(fu) for row, fu in fields.items()}
        response = client.post(
            "/lessons/fu-rows/check/1",
            data={**data, "csrf_token": csrf(client)},
            headers={"Accept": "application/json"},
        )
        assert response.status_code == 200
        return response.json  # type: ignore[no-any-return]

    right = check(rows)
    assert right["correct"] and right["problem"] is None, right
    wrong = check({**rows, "pair": rows["pair"] + 2})
    assert not wrong["correct"] and wrong["problem"] is None, wrong


def test_a_furiten_question_in_a_lesson_with_nothing_picked_asks_for_one_answer(tmp_path: Path) -> None:
    text = ITEMISED_LESSON.replace(
        '{"ask": "fu", "itemised": true, "request": {"hand": "123m456m789p345s77z", "win": "5s", "riichi": true}}',
        '{"ask": "furiten", "hand": "23m456p789s123s11z", "discards": "1m", "tile": "4m"}',
    )
    client = _teacher_app(tmp_path, "60-fu-rows.md", text).test_client()
    response = client.post(
        "/lessons/fu-rows/check/1", data={"csrf_token": csrf(client)}, headers={"Accept": "application/json"}
    )
    assert response.json is not None and response.json["problem"] == "give one answer"


# Issue 12's course order, by slug. Lessons not written yet (waits, counting-fu, ...) are simply absent here,
# and a lesson added later may slot in anywhere: only the relative order of these is checked.
COURSE_ORDER = (
    "tiles",
    "hand-shape",
    "waits",
    "everyday-yaku",
    "furiten",
    "one-han",
    "two-han",
    "three-six-han",
    "dora",
    "yakuman",
    "fu",
    "counting-fu",
    "points",
    "point-table",
    "draws",
    "table-scoring",
    "table-procedure",
)


def test_the_lessons_come_in_the_course_order(book: LessonBook) -> None:
    listed = [slug for slug in book.lessons if slug in COURSE_ORDER]
    assert listed == sorted(listed, key=COURSE_ORDER.index)
    assert {"tiles", "furiten", "dora", "yakuman", "draws"} <= set(listed)


def test_a_lesson_page_numbers_itself_by_its_place_and_links_its_neighbours(
    client: FlaskClient, book: LessonBook
) -> None:
    slugs = list(book.lessons)
    at = slugs.index("furiten")
    page = client.get("/lessons/furiten").get_data(as_text=True)
    assert f"Lesson {at + 1}<" in page
    assert (
        f'rel="prev" href="/lessons/{slugs[at - 1]}"' in page and f'rel="next" href="/lessons/{slugs[at + 1]}"' in page
    )


def test_every_page_has_enough_check_yourself_questions(book: LessonBook) -> None:
    assert not too_few_questions(book), "\n".join(too_few_questions(book))
    assert all(len(note.questions) >= NOTE_QUESTIONS for note in book.yaku_notes.values())


def test_a_short_lesson_or_a_note_without_questions_is_a_problem(tmp_path: Path) -> None:
    (tmp_path / "yaku").mkdir()
    (tmp_path / "50-club.md").write_text(CLUB)
    (tmp_path / "yaku" / "pinfu.md").write_text("Flat hand: [[123m]].\n")
    book = shared_book([tmp_path], lambda kind, context, lang: "")
    problems = too_few_questions(book)
    assert len(problems) == 2
    assert "50-club.md: 0 check-yourself question(s); a lesson needs at least 4" in problems[0]
    assert "pinfu.md: 0 check-yourself question(s); a yaku note needs at least 1" in problems[1]
    # A problem for the author, not a page the site refuses to show.
    assert not book.problems


def test_check_lessons_fails_on_a_teacher_lesson_with_too_few_questions(tmp_path: Path) -> None:
    from tutor.cli import main

    (tmp_path / "50-club.md").write_text(CLUB)
    assert main(["check-lessons", str(tmp_path)]) == 1


@pytest.mark.parametrize("yaku_id", sorted(YAKU))
def test_each_yaku_note_question_accepts_the_engine_s_answer(post, book: LessonBook, yaku_id: str) -> None:  # type: ignore[no-untyped-def]
    note = book.yaku_notes[yaku_id]
    for number, question in enumerate(note.questions, start=1):
        answer = right_answer(question)
        response = post(
            f"/yaku/{yaku_id}/check/{number}", data={"answer": answer}, headers={"Accept": "application/json"}
        )
        assert response.status_code == 200
        assert response.json["correct"], (yaku_id, number, answer, response.json)


def test_a_yaku_note_question_posts_to_its_own_page(client: FlaskClient, post) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/yaku/pinfu").get_data(as_text=True)
    assert 'action="/yaku/pinfu/check/1#question-1"' in page
    assert 'name="csrf_token"' in page and "<!--csrf-->" not in page
    # Without the page's script the form posts plainly and the note comes back with the verdict in place.
    assert 'class="verdict wrong"' in post("/yaku/pinfu/check/2", data={"answer": "30"}).get_data(as_text=True)
    assert 'class="verdict right"' in post("/yaku/pinfu/check/2", data={"answer": "20"}).get_data(as_text=True)
    assert post("/yaku/pinfu/check/9", data={"answer": "30"}).status_code == 404
    assert post("/yaku/nonsense/check/1", data={"answer": "30"}).status_code == 404


def test_a_questions_prompt_draws_the_tiles_it_names(client: FlaskClient) -> None:
    page = client.get("/lessons/fu").get_data(as_text=True)
    prompts = re.findall(r"<legend>(.*?)</legend>", page, re.S)
    # The fu lesson asks, for one, about a hand won by tsumo on 2p.
    assert any('src="/tiles/2p.svg"' in prompt for prompt in prompts)
    assert all(not re.search(r"(?<![\w/])[1-9][mps](?![\w.])", re.sub(r"<[^>]+>", " ", p)) for p in prompts)


@pytest.mark.parametrize(("lang", "scope"), [("en", "does not teach tile efficiency"), ("zh", "不教牌效")])
def test_the_lessons_index_lists_the_reference_pages_and_says_what_it_does_not_teach(
    client: FlaskClient, lang: str, scope: str
) -> None:
    page = client.get(f"/lessons/?lang={lang}").get_data(as_text=True)
    assert scope in page
    pages = sorted(path.stem for path in (resource_dir("lessons") / lang / "reference").glob("*.md"))
    assert {"glossary", "house-rules", "nagashi-mangan"} <= set(pages)
    for slug in pages:
        assert f'href="/lessons/reference/{slug}"' in page, slug
