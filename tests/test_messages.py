"""The message layer: every marked sentence is in the catalogues, and a second language renders.

The real translations live in ``tutor/translations/<lang>/``; the second
language here is a tiny test catalogue (``tests/data/i18n/zh``) of a handful
of entries, enough to see an engine fu item, a yaku name and reason, a
mistake and a skill label, a template string, a quiz prompt, feedback and an
answer problem, and a page in another language.
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from tutor import create_app
from tutor.engine import messages
from tutor.engine.api import evaluate
from tutor.engine.fu import BASE
from tutor.engine.report import explanation_text, format_result, why_not
from tutor.messages.catalogues import N_, Sentence, say_in
from tutor.quiz.questions import Question
from tutor.quiz.skills import label
from tutor.web.db import init_db
from tutor.web.i18n import say

from .conftest import TEST_CATALOGUES

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "tutor" / "translations" / "messages.pot"
PINFU_RIICHI = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"}
NOT_PINFU = {"hand": "123m456m789p345s11z", "win": "5s", "riichi": True}


def _read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def _ids(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


# --- every marked string is in the catalogues ---------------------------------------------------


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[tuple[str | None, str]]:
    """What ``pybabel extract`` finds in the code and templates today (as ``make messages`` runs it)."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    done = subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-o", str(pot), "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return _ids(_read(pot))


def test_messages_pot_holds_every_marked_string(extracted: set[tuple[str | None, str]]) -> None:
    checked_in = _ids(_read(POT))
    missing, stale = sorted(extracted - checked_in, key=str), sorted(checked_in - extracted, key=str)
    assert not missing and not stale, f"run `make messages`: missing {missing[:10]}, no longer used {stale[:10]}"


def test_the_engine_catalogue_is_extracted_with_its_ids(extracted: set[tuple[str | None, str]]) -> None:
    engine = {(message_id, english) for message_id, english in messages.catalogue().items()}
    assert engine <= extracted
    assert ("yaku.pinfu.value_pair", "the pair {pair} is a value tile and earns fu") in extracted


def test_the_test_catalogue_only_translates_real_messages() -> None:
    stray = _ids(_read(TEST_CATALOGUES / "zh" / "LC_MESSAGES" / "messages.po")) - _ids(_read(POT))
    assert not stray


# --- a second language ----------------------------------------------------------------------------


def test_an_engine_fu_item_renders_in_a_second_language(chinese: str) -> None:
    assert BASE.render(chinese) == "底符：20 符"
    assert BASE.render() == BASE.text == "Base (futei): 20 fu"


def test_a_yaku_name_and_reason_render_in_a_second_language(chinese: str) -> None:
    result = evaluate(PINFU_RIICHI)
    riichi = next(y for y in result.yaku if y.id == "riichi")
    assert (riichi.render_name(chinese), riichi.render_reason(chinese)) == ("立直", "门前清时宣告了立直")
    assert why_not(evaluate(NOT_PINFU), "pinfu", chinese) == "雀头 11z 是役牌，有符"
    assert "立直：1 番（门前清时宣告了立直）" in explanation_text(result, lang=chinese)


def test_english_is_what_it_was_and_untranslated_messages_fall_back_to_english(chinese: str) -> None:
    result = evaluate(PINFU_RIICHI)
    english = format_result(result)
    assert "Riichi" in english and "立直" not in english
    chinese_text = format_result(result, chinese)
    assert "底符：20 符" in chinese_text and "Yaku:" in chinese_text  # "Yaku:" has no entry in the test catalogue
    assert messages.text("limit.haneman", chinese) == "Haneman"


def test_a_mistake_and_a_skill_label_render_in_a_second_language(chinese: str) -> None:
    assert label("mistake:closed-ron-forgot-10", chinese) == "忘了门清荣和的 10 符"
    assert label("mistake:closed-ron-forgot-10") == "Forgot the 10 fu for a closed ron"
    assert label("furiten:discard", chinese) == "舍牌振听"
    assert label("yaku:pinfu", chinese) == "平和"


@pytest.fixture
def chinese_client(chinese: str, tmp_path: Path) -> FlaskClient:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tutor.sqlite"), "SECRET_KEY": "test"})
    with app.app_context():
        init_db()
    return app.test_client()


def test_pages_render_templates_and_engine_messages_in_a_second_language(chinese_client: FlaskClient) -> None:
    html = chinese_client.get("/calculator?hand=123m456m789p345s55s&win=5s&riichi=1&seat=S&lang=zh").get_data(
        as_text=True
    )
    assert '<html lang="zh-Hans">' in html
    assert "课程" in html  # the navigation, a template string
    assert "立直" in html and "门前清时宣告了立直" in html  # a yaku name and reason
    assert "门清荣和：10 符" in html  # a fu item
    english = chinese_client.get("/calculator?hand=123m456m789p345s55s&win=5s&riichi=1&seat=S&lang=en")
    assert "Closed hand won by ron (menzen kafu): 10 fu" in english.get_data(as_text=True)


def test_the_language_comes_from_the_cookie_and_accept_language(chinese_client: FlaskClient) -> None:
    assert '<html lang="zh-Hans">' in chinese_client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).text
    chinese_client.set_cookie("lang", "zh")
    assert "课程" in chinese_client.get("/yaku/").text


def test_a_view_message_renders_in_a_second_language(chinese_client: FlaskClient) -> None:
    page = chinese_client.get("/tiles/9z.svg?lang=zh")
    assert page.status_code == 404 and "没有牌 &#39;9z&#39;。" in page.text


def test_the_score_json_says_its_sentences_in_the_request_language_and_keeps_its_ids(
    chinese_client: FlaskClient,
) -> None:
    english = chinese_client.post("/api/score", json=PINFU_RIICHI).json
    chinese = chinese_client.post("/api/score", json=PINFU_RIICHI, headers={"Accept-Language": "zh"}).json
    assert english is not None and chinese is not None
    assert english["fu_breakdown"][0]["reason"] == "Base (futei): 20 fu"
    assert chinese["fu_breakdown"][0]["reason"] == "底符：20 符"
    machine = ("han", "fu", "yaku", "yakuman", "limit", "points", "total")
    assert {k: chinese[k] for k in machine} == {k: english[k] for k in machine}
    assert [item["fu"] for item in chinese["fu_breakdown"]] == [item["fu"] for item in english["fu_breakdown"]]


def test_a_practice_refusal_renders_in_a_second_language_in_the_api_and_the_form(chinese_client: FlaskClient) -> None:
    token = chinese_client.get("/api/session").json["csrf_token"]  # type: ignore[index]
    refused = chinese_client.post(
        "/api/questions/next?lang=zh", json={"mode": "quiz", "size": 99}, headers={"X-CSRF-Token": token}
    )
    assert refused.status_code == 400 and refused.json["error"]["message"] == "一次测验有 1 到 50 道题"  # type: ignore[index]
    form = chinese_client.post("/practice/start?lang=zh", data={"csrf_token": token, "mode": "quiz", "size": "99"})
    assert form.status_code == 400 and "一次测验有 1 到 50 道题" in form.text


def test_a_nested_sentence_is_said_in_one_language(chinese: str) -> None:
    closed = Sentence(N_("This assignment closed at {when}."), when="2026-12-04 18:30 UTC")
    said = Sentence(N_("{reason} Your answer was not recorded."), reason=closed)
    assert said.text(chinese) == "这项作业已于 2026-12-04 18:30 UTC 截止。你的答案没有记录。"
    assert str(said) == "This assignment closed at 2026-12-04 18:30 UTC. Your answer was not recorded."


# --- quiz prompts, feedback and answer problems -----------------------------------------------------


def test_a_quiz_prompt_feedback_and_answer_problem_are_english_text_said_in_a_second_language(chinese: str) -> None:
    question = Question.from_json({"ask": "fu", "request": PINFU_RIICHI})
    assert question.text == "How many fu, after rounding?"
    assert say_in(question.text, chinese) == "进位后是多少符？"
    assert question.public_json(chinese)["prompt"] == "进位后是多少符？"
    graded = question.grade("20")
    # Feedback is the English of old wherever text is used (comparisons, stored rows) ...
    assert graded.details[0] == "you said 20 fu; it is 30 fu" and graded.expected == "30 fu"
    assert json.loads(json.dumps(graded.details))[0] == "you said 20 fu; it is 30 fu"
    # ... and said in the reader's language, the engine's fu items included.
    assert say_in(graded.details[0], chinese) == "你答的是 20 符；正确答案是 30 符"
    assert say_in(graded.expected, chinese) == "30 符"
    assert say_in(graded.details[1], chinese).startswith("底符：20 符; 门清荣和：10 符")
    problem = question.grade("lots").problem
    assert problem == "'lots' is not a number; type digits such as 30 or 7,700"
    assert say_in(problem, chinese) == "'lots' 不是数字；请输入数字，例如 30 或 7,700"


def test_why_a_claimed_yaku_does_not_count_is_said_by_the_engine_in_the_same_language(chinese: str) -> None:
    question = Question.from_json({"ask": "yaku", "request": NOT_PINFU})
    detail = next(d for d in question.grade(["riichi", "pinfu"]).details if "does not count" in d)
    assert detail == "Pinfu does not count: the pair 11z is a value tile and earns fu"
    assert say_in(detail, chinese) == "平和不成立：雀头 11z 是役牌，有符"


def test_quiz_text_is_said_in_the_request_language_through_say(chinese_client: FlaskClient) -> None:
    app = chinese_client.application
    graded = Question.from_json({"ask": "fu", "request": PINFU_RIICHI}).grade("20")
    with app.test_request_context("/?lang=zh"):
        app.preprocess_request()
        assert say(graded.details[0]) == "你答的是 20 符；正确答案是 30 符"
        assert say("a teacher's own prompt") == "a teacher's own prompt"  # plain text passes through
    with app.test_request_context("/?lang=en"):
        app.preprocess_request()
        assert say(graded.details[0]) == "you said 20 fu; it is 30 fu"


def test_the_practice_question_page_and_api_say_the_quiz_in_a_second_language(chinese_client: FlaskClient) -> None:
    client = chinese_client
    token = client.get("/api/session").json["csrf_token"]  # type: ignore[index]
    started = client.post("/practice/start", data={"csrf_token": token, "mode": "practice", "topic": "table"})
    question_id = started.location.rsplit("/", 1)[-1]
    assert "这是多少点？" in client.get(f"/practice/q/{question_id}?lang=zh").text
    assert (
        "What do the other players pay for this win, honba included?"
        in client.get(f"/practice/q/{question_id}?lang=en").text
    )
    unread = client.post(f"/practice/q/{question_id}/answer?lang=zh", data={"csrf_token": token, "table": "lots"})
    assert unread.status_code == 400 and "'lots' 不是数字；请输入数字，例如 30 或 7,700" in html.unescape(unread.text)
    refused = client.post(
        f"/api/questions/{question_id}/answer?lang=zh",
        json={"answers": {"table": "lots"}},
        headers={"X-CSRF-Token": token},
    )
    assert refused.json["problems"]["table"].startswith("'lots' 不是数字")  # type: ignore[index]
    client.post(f"/practice/q/{question_id}/answer", data={"csrf_token": token, "table": "1"})
    page = client.get(f"/practice/q/{question_id}?lang=zh").text
    assert "你答的是 1；正确答案是" in page and "点数:" in page
    assert "you said 1; it is" in client.get(f"/practice/q/{question_id}?lang=en").text
    body = client.get(f"/api/questions/{question_id}?lang=zh").json
    assert body["parts"][0]["prompt"] == "这是多少点？"  # type: ignore[index]
    assert body["answer"]["parts"]["table"]["details"][0].startswith("你答的是 1；")  # type: ignore[index]
