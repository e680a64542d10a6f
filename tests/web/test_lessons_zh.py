"""The course in Chinese: each zh page matches its English edition, and untranslated pages fall back per page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.conftest import csrf
from tutor import create_app
from tutor.app import _block_renderer, resource_dir
from tutor.course.lessons import BLOCK, FRONT_MATTER, LessonBook, LessonLibrary, too_few_questions
from tutor.engine import messages
from tutor.messages.catalogues import translate

ROOT = resource_dir("lessons")
ZH_FILES = sorted((ROOT / "zh").rglob("*.md"))
NOTICE = "This page has not been translated yet; the English original follows."
HAN = re.compile(r"[\u4e00-\u9fff]")
NUMBER = re.compile(r"[+\-−]?\d+(?:[,.]\d+)*")
"""A number a caption states: 2, 30, 2,900, 700/1,300 as two numbers, +45, -14.3."""
CLUB = (
    "---\ntitle: {title}\nslug: club\norder: 50\nsummary: {summary}\n---\n\n{body} [[123m]]\n\n"
    '```question\n{{"ask": "han", "prompt": "{prompt}", "request": {{"hand": "234m567p345s88s111z", "win": "1z", '
    '"riichi": true, "seat_wind": "S"}}}}\n```\n'
)
NOTE = '{body}\n\n```question\n{{"ask": "han", "request": {{"hand": "234m567p345s88s111z", "win": "1z", "riichi": true}}}}\n```\n'


def _edition(path: Path) -> tuple[dict[str, str], list[tuple[str, Any]]]:
    """A page's front matter and its blocks' requests, captions and prompts (the words) left out, and the
    sections questions come after (each edition names its own headings: tests/course/test_steps.py checks
    that a question stands in the same step in both)."""
    text = path.read_text(encoding="utf-8")
    meta: dict[str, str] = {}
    front = FRONT_MATTER.match(text)
    if front:
        meta = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in front.group(1).splitlines())}
    blocks = []
    for kind, body in BLOCK.findall(text):
        request = json.loads(body)
        blocks.append((kind, {k: v for k, v in request.items() if k not in ("caption", "prompt", "after")}))
    return meta, blocks


def _captions(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [json.loads(body).get("caption", "") for _, body in BLOCK.findall(text)]


def _english_of(path: Path) -> Path:
    """The English file with the zh file's slug, in the same part of the book (course, yaku/ or reference/)."""
    part = path.parent.relative_to(ROOT / "zh")
    slug = _edition(path)[0].get("slug", path.stem)
    for candidate in sorted((ROOT / "en" / part).glob("*.md")):
        if _edition(candidate)[0].get("slug", candidate.stem) == slug:
            return candidate
    raise AssertionError(f"{path}: no English page has the slug {slug!r}")


def test_there_are_chinese_pages() -> None:
    assert len(ZH_FILES) >= 8


@pytest.mark.parametrize("path", ZH_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_chinese_page_has_the_english_page_s_examples_and_questions(path: Path) -> None:
    zh_meta, zh_blocks = _edition(path)
    english = _english_of(path)
    en_meta, en_blocks = _edition(english)
    assert zh_meta.get("order") == en_meta.get("order")
    assert [kind for kind, _ in zh_blocks] == [kind for kind, _ in en_blocks], english
    for number, (zh_block, en_block) in enumerate(zip(zh_blocks, en_blocks, strict=True), start=1):
        assert zh_block == en_block, f"block {number} of {path.name} differs from {english.name}"
    for number, (zh_caption, en_caption) in enumerate(zip(_captions(path), _captions(english), strict=True), 1):
        missing = [n for n in NUMBER.findall(en_caption) if n not in NUMBER.findall(zh_caption)]
        assert not missing, f"block {number} of {path.name}: the caption leaves out {missing}: {zh_caption!r}"
    if zh_meta.get("title"):
        assert HAN.search(zh_meta["title"]) and zh_meta["title"] != en_meta["title"]


def test_the_edition_check_sees_a_changed_request(tmp_path: Path) -> None:
    """The comparison above ignores captions and prompts, and nothing else."""
    en = ROOT / "en" / "01-tiles.md"
    text = en.read_text(encoding="utf-8")
    changed = tmp_path / "01-tiles.md"
    changed.write_text(text.replace('"dora_indicators": ["9m"]', '"dora_indicators": ["8m"]'), encoding="utf-8")
    assert _edition(changed)[1] != _edition(en)[1]
    recaptioned = tmp_path / "other.md"
    recaptioned.write_text(re.sub(r'"caption": "[^"]*"', '"caption": "说明"', text), encoding="utf-8")
    assert _edition(recaptioned)[1] == _edition(en)[1]
    assert NUMBER.findall("2 han 30 fu: 2,900, 700/1,300, −14.3") == ["2", "30", "2,900", "700", "1,300", "−14.3"]


def test_every_chinese_page_renders_with_enough_questions(app: Flask) -> None:
    book: LessonBook = app.extensions["lessons"].own_book("zh")
    assert not book.problems, "\n".join(book.problems)
    assert not too_few_questions(book), "\n".join(too_few_questions(book))
    assert all(page.lang == "zh" for page in book.lessons.values())


def test_the_chinese_course_lists_every_lesson(app: Flask) -> None:
    english = app.extensions["lessons"].book("en")
    chinese = app.extensions["lessons"].book("zh")
    assert list(chinese.lessons) == list(english.lessons)
    page = app.test_client().get("/lessons/?lang=zh").get_data(as_text=True)
    listed = re.findall(r'<li[^>]*><a href="/lessons/([\w-]+)/1"', page)  # each opens at its first step
    assert listed == list(english.lessons)
    for slug, lesson in chinese.lessons.items():
        assert lesson.title in page
        marked = f'href="/lessons/{slug}/1" lang="en"' in page
        assert marked == (lesson.lang == "en"), slug
    assert "牌、记法与牌桌" in page


def test_a_translated_lesson_is_shown_in_chinese(app: Flask) -> None:
    page = app.test_client().get("/lessons/tiles?lang=zh").get_data(as_text=True)
    assert "<h1>牌、记法与牌桌</h1>" in page
    # A worked example's caption, its tiles drawn and named (the author wrote 9m and 1m).
    assert re.search(r'指示牌 <span class="tiles tiles-small">.*?alt="9万".*?，所以 <span.*?alt="1万".*?是宝牌', page)
    assert "宝牌指示牌是北。" in page  # a question's prompt
    assert translate(NOTICE, "zh") not in page and '<article class="lesson">' in page
    english = app.test_client().get("/lessons/tiles?lang=en").get_data(as_text=True)
    assert "<h1>Tiles, notation and the table</h1>" in english
    # The engine's breakdown of a worked example speaks the page's language (the double East example).
    seat_wind = {lang: messages.yaku_name("yakuhai_seat_wind", lang) for lang in ("zh", "en")}
    assert seat_wind["zh"] != seat_wind["en"]
    assert seat_wind["zh"] in page and seat_wind["en"] not in page
    assert seat_wind["en"] in english


def test_a_translated_lesson_asks_the_english_lesson_s_questions(app: Flask) -> None:
    book = app.extensions["lessons"].book("zh")
    assert book.lessons["tiles"].questions[0].to_json() == app.extensions["lessons"].book("en").lessons[
        "tiles"
    ].questions[0].to_json() | {"prompt": book.lessons["tiles"].questions[0].prompt}


@pytest.fixture
def small_course(tmp_path: Path, app: Flask) -> tuple[Flask, list[str]]:
    """The app with a small course of its own: English lesson and pinfu note, the lesson alone in Chinese.

    Blocks are rendered by the site's templates; the languages they were rendered in are recorded.
    """
    (tmp_path / "en" / "yaku").mkdir(parents=True)
    (tmp_path / "zh").mkdir()
    (tmp_path / "en" / "50-club.md").write_text(
        CLUB.format(title="Club rules", summary="Ours.", body="We play.", prompt="How many han?")
    )
    (tmp_path / "en" / "60-more.md").write_text(
        CLUB.format(title="More rules", summary="Also ours.", body="More play.", prompt="How many?").replace(
            "slug: club\norder: 50", "slug: more\norder: 60"
        )
    )
    (tmp_path / "en" / "yaku" / "pinfu.md").write_text(NOTE.format(body="The flat hand."))
    (tmp_path / "zh" / "50-club.md").write_text(
        CLUB.format(title="俱乐部规则", summary="我们的。", body="我们这样打。", prompt="几番？")
    )
    rendered: list[str] = []
    site = _block_renderer(app)

    def render(kind: str, context: Any, lang: str) -> str:
        rendered.append(lang)
        html: str = site(kind, context, lang)
        return html

    app.extensions["lessons"] = LessonLibrary(
        lambda lang: [tmp_path / lang] if (tmp_path / lang).is_dir() else [], render
    )
    return app, rendered


def test_blocks_of_a_chinese_page_are_rendered_in_chinese(small_course: tuple[Flask, list[str]]) -> None:
    app, rendered = small_course
    app.extensions["lessons"].own_book("zh")
    assert rendered == ["zh"]
    app.extensions["lessons"].book("zh")
    assert sorted(rendered) == ["en", "en", "en", "zh"]  # the English pages, once each, in English


def test_an_untranslated_lesson_shows_the_english_page_with_a_notice(small_course: tuple[Flask, list[str]]) -> None:
    app, _ = small_course
    client = app.test_client()
    index = client.get("/lessons/?lang=zh").get_data(as_text=True)
    assert "俱乐部规则" in index and '<a href="/lessons/more/1" lang="en">More rules</a>' in index
    assert index.count('class="untranslated-mark"') == 1
    page = client.get("/lessons/more?lang=zh").get_data(as_text=True)
    assert translate(NOTICE, "zh") in page
    assert '<article class="lesson" lang="en">' in page and "<h1>More rules</h1>" in page
    assert 'rel="prev" href="/lessons/club" lang="zh"' in page
    translated = client.get("/lessons/club?lang=zh").get_data(as_text=True)
    assert "<h1>俱乐部规则</h1>" in translated and translate(NOTICE, "zh") not in translated
    english = client.get("/lessons/more?lang=en").get_data(as_text=True)
    assert NOTICE not in english and '<article class="lesson">' in english


def test_an_untranslated_lesson_s_questions_are_still_graded(small_course: tuple[Flask, list[str]]) -> None:
    app, _ = small_course
    client = app.test_client()
    token = csrf(client)
    for answer, correct in (("5", False), ("2", True)):  # riichi and the round wind's triplet
        response = client.post(
            "/lessons/more/check/1?lang=zh",
            data={"answer": answer, "csrf_token": token},
            headers={"Accept": "application/json"},
        )
        assert response.status_code == 200 and response.json is not None
        assert response.json["correct"] is correct and response.json["expected"]


def test_an_untranslated_yaku_note_shows_the_english_note_with_a_notice(
    small_course: tuple[Flask, list[str]],
) -> None:
    app, _ = small_course
    page = app.test_client().get("/yaku/pinfu?lang=zh").get_data(as_text=True)
    assert translate(NOTICE, "zh") in page
    assert '<div class="prose" lang="en">' in page and "The flat hand." in page
    english = app.test_client().get("/yaku/pinfu?lang=en").get_data(as_text=True)
    assert NOTICE not in english and '<div class="prose">' in english


def test_a_teacher_s_chinese_lessons_replace_and_fill_in(tmp_path: Path) -> None:
    """A teacher's folder: English lessons at its top, Chinese ones in zh/; each falls back on its own."""
    teacher = tmp_path / "mine"
    (teacher / "zh").mkdir(parents=True)
    (teacher / "50-club.md").write_text(
        CLUB.format(title="Club rules", summary="Ours.", body="We play.", prompt="How many han?")
    )
    (teacher / "zh" / "51-house.md").write_text(
        CLUB.format(title="本馆规则", summary="只有中文。", body="中文。", prompt="几番？").replace(
            "slug: club\norder: 50", "slug: house\norder: 51"
        )
    )
    # The teacher's own English tiles lesson replaces the built-in one, in Chinese too: theirs is the one they teach.
    (teacher / "01-tiles.md").write_text(
        CLUB.format(title="Our tiles", summary="Ours.", body="Our set.", prompt="How many han?").replace(
            "slug: club\norder: 50", "slug: tiles\norder: 1"
        )
    )
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"), "LESSONS_DIR": str(teacher)}
    )
    chinese = app.extensions["lessons"].book("zh")
    assert chinese.lessons["club"].lang == "en" and chinese.lessons["house"].lang == "zh"
    assert chinese.lessons["tiles"].title == "Our tiles" and chinese.lessons["tiles"].lang == "en"
    assert chinese.lessons["hand-shape"].lang == "zh"  # built-in, translated
    (teacher / "zh" / "01-tiles.md").write_text(
        CLUB.format(title="我们的牌", summary="我们的。", body="我们的牌。", prompt="几番？").replace(
            "slug: club\norder: 50", "slug: tiles\norder: 1"
        )
    )
    again = create_app(
        {"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db2.sqlite"), "LESSONS_DIR": str(teacher)}
    )
    assert again.extensions["lessons"].book("zh").lessons["tiles"].title == "我们的牌"
    assert again.extensions["lessons"].book("en").lessons["tiles"].title == "Our tiles"
    assert "house" not in app.extensions["lessons"].book("en").lessons
    page = app.test_client().get("/lessons/club?lang=zh").get_data(as_text=True)
    assert translate(NOTICE, "zh") in page and "<h1>Club rules</h1>" in page


def test_check_lessons_checks_chinese_and_lists_what_is_untranslated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tutor.cli import main

    teacher = tmp_path / "mine"
    (teacher / "zh").mkdir(parents=True)
    (teacher / "zh" / "50-club.md").write_text("---\ntitle: 短\nslug: club\norder: 50\nsummary: 短。\n---\n\n[[1m]]\n")
    assert main(["check-lessons", str(teacher)]) == 1
    out, err = capsys.readouterr()
    assert "== en" in out and "== zh" in out
    assert "zh/50-club.md" in err and err.count("PROBLEM") == 1
    listed = set(re.findall(r"^  untranslated (.+)$", out, re.M))
    # Translations keep the English file names, so what is listed is exactly what zh/ lacks.
    english = sorted((ROOT / "en").rglob("*.md"))
    assert listed == {str(path) for path in english if not (ROOT / "zh" / path.relative_to(ROOT / "en")).exists()}
    assert main(["check-lessons", "--lang", "zh"]) == 0
    out, err = capsys.readouterr()
    assert "第  1 课《牌、记法与牌桌》" in out and "== en" not in out and not err
