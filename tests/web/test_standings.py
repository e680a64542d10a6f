"""The final standings page, its JSON route, the `tutor standings` command and the lessons' ```standings blocks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.course.lessons import LessonBook

ROOT = Path(__file__).resolve().parents[2]


def cells(page: str) -> list[list[str]]:
    """The result table's rows, as the text of their cells."""
    table = page.split('<table class="standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table, re.S)[1:]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)] for row in rows
    ]


def test_the_page_shows_an_empty_form(client: FlaskClient) -> None:
    page = client.get("/standings").get_data(as_text=True)
    assert 'name="east"' in page and 'name="north"' in page and 'name="sticks"' in page
    assert 'value="tenhou" checked' in page and 'value="uma-8-4"' in page
    assert "notice error" not in page and 'class="standings"' not in page


def test_the_page_ranks_the_players_and_shows_uma_and_oka(client: FlaskClient) -> None:
    query = {"east": "34,000", "south": "25000", "west": "25000", "north": "15000", "sticks": "1", "rules": "tenhou"}
    page = client.get("/standings", query_string=query).get_data(as_text=True)
    assert cells(page) == [
        ["1st", "East", "34,000", "+5.0", "+20.0", "+20.0", "+45.0"],
        ["2nd", "South", "25,000", "-5.0", "+10.0", "0.0", "+5.0"],
        ["3rd", "West", "25,000", "-5.0", "-10.0", "0.0", "-15.0"],
        ["4th", "North", "15,000", "-15.0", "-20.0", "0.0", "-35.0"],
    ]
    assert "go to first place, East" in page and "sat nearer the first dealer" in page


def test_the_page_computes_the_seed_example_under_uma_8_4(client: FlaskClient) -> None:
    query = {"east": "19700", "south": "-3000", "west": "54300", "north": "29000", "rules": "uma-8-4"}
    page = client.get("/standings", query_string=query).get_data(as_text=True)
    assert [row[:2] + row[-1:] for row in cells(page)] == [
        ["1st", "West", "+52.3"],
        ["2nd", "North", "+3.0"],
        ["3rd", "East", "-14.3"],
        ["4th", "South", "-41.0"],
    ]
    assert 'value="uma-8-4" checked' in page


BAD_FORMS = [
    pytest.param({"east": "lots"}, "East's score must be a whole number", id="east-not-a-number"),
    pytest.param({"south": ""}, "South's score must be a whole number", id="south-empty"),
    pytest.param({"west": "25000.5"}, "West's score must be a whole number", id="west-decimal"),
    pytest.param({"north": "15050"}, "North's score must be a whole number of points in hundreds", id="north-odd"),
    pytest.param({"sticks": "two"}, "riichi sticks left on the table must be a whole number", id="sticks-word"),
    pytest.param({"sticks": "-1"}, "riichi sticks left on the table must be a whole number", id="sticks-negative"),
    pytest.param({"north": "14000"}, "add up to 99,000 points, not 100,000", id="sum-short"),
    pytest.param({"sticks": "2"}, "add up to 102,000 points", id="sum-sticks"),
    pytest.param({"rules": "ema"}, "unknown rules", id="rules"),
    pytest.param({"east": "9" * 40}, "East's score must be a whole number", id="huge"),
]
GOOD = {"east": "35000", "south": "28000", "west": "22000", "north": "15000", "sticks": "0", "rules": "tenhou"}


@pytest.mark.parametrize(("change", "message"), BAD_FORMS)
def test_bad_input_gets_a_form_message_naming_the_field(
    client: FlaskClient, change: dict[str, str], message: str
) -> None:
    response = client.get("/standings", query_string={**GOOD, **change})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'class="notice error"' in page and message in page.replace("&#39;", "'")
    assert 'class="standings"' not in page


def test_the_json_route_answers_and_refuses_with_400(client: FlaskClient) -> None:
    good = client.get("/api/standings?scores=35000,28000,22000,15000&sticks=0&rules=tenhou")
    assert good.status_code == 200
    assert [(row["seat"], row["final"]) for row in good.json["standings"]] == [
        ("E", 45.0),
        ("S", 8.0),
        ("W", -18.0),
        ("N", -35.0),
    ]
    for query, message in [
        ("scores=35000,28000,22000", "four end scores separated by commas"),
        ("scores=35000,28000,22000,14000", "99,000"),
        ("scores=35000,28000,22000,x", "North's score"),
        ("scores=35000,28000,22000,15000&sticks=x", "riichi sticks"),
        ("scores=35000,28000,22000,15000&rules=wrc", "unknown rules"),
        ("", "four end scores"),
    ]:
        response = client.get(f"/api/standings?{query}")
        assert response.status_code == 400, query
        assert message in response.json["error"]["message"], (query, response.json)


def test_the_tables_page_links_the_standings_page(client: FlaskClient) -> None:
    assert 'href="/standings"' in client.get("/tables").get_data(as_text=True)


def tutor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )


def test_the_command_prints_a_table() -> None:
    done = tutor("standings", "35000", "28000", "22000", "15000")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Tenhou: start 25,000, return 30,000")
    assert lines[2].split() == ["1st", "East", "35,000", "+5.0", "+20.0", "+20.0", "+45.0"]
    assert lines[5].split() == ["4th", "North", "15,000", "-15.0", "-20.0", "0.0", "-35.0"]


def test_the_command_prints_json_with_sticks_and_other_rules() -> None:
    done = tutor("standings", "53300", "29000", "19700", "-3000", "--sticks", "1", "--rules", "uma-8-4", "--json")
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    assert body["rules"] == "uma-8-4" and body["sticks"] == 1
    assert [row["final"] for row in body["standings"]] == [52.3, 3.0, -14.3, -41.0]
    assert body["standings"][0]["points"] == 54300


def test_the_command_refuses_scores_that_do_not_add_up() -> None:
    done = tutor("standings", "35000", "28000", "22000", "14000")
    assert done.returncode == 2 and "99,000" in done.stderr and done.stdout == ""
    as_json = tutor("standings", "35000", "28000", "22000", "14000", "--json")
    assert as_json.returncode == 2 and "99,000" in json.loads(as_json.stdout)["error"]


# --- the lessons' ```standings blocks and standings questions ----------------------------------------


@pytest.fixture
def book(app: Flask) -> LessonBook:
    result: LessonBook = app.extensions["lessons"].book("en")
    return result


def test_the_table_procedure_lesson_draws_its_standings_and_asks_about_them(
    client: FlaskClient, book: LessonBook
) -> None:
    page = book.lessons["table-procedure"]
    # Five standings and one scored hand (what a 3,900 ron is paid with, in the point sticks section).
    assert page.examples == 6 and len(page.questions) >= 4
    assert sum(q.kind == "standings" for q in page.questions) >= 4
    html = client.get("/lessons/table-procedure").get_data(as_text=True)
    assert html.count('<table class="standings"') == 5
    assert "<caption>Rounding: East +49.0, South +16.0, West −15.0, North −50.0</caption>" in html


def test_the_lesson_links_other_lessons_by_slug_never_by_number() -> None:
    text = (ROOT / "lessons" / "en" / "17-table-procedure.md").read_text(encoding="utf-8")
    assert not re.search(r"\blesson \d+\b", text, re.I)
    assert "/lessons/reference/glossary#" in text and "/lessons/draws" in text


def test_a_standings_question_reads_final_points_as_players_write_them(post, book: LessonBook) -> None:  # type: ignore[no-untyped-def]
    kinds = [q.kind for q in book.lessons["table-procedure"].questions]
    first = kinds.index("standings") + 1

    def check(answer: str) -> dict[str, object]:
        response = post(
            f"/lessons/table-procedure/check/{first}", data={"answer": answer}, headers={"Accept": "application/json"}
        )
        assert response.status_code == 200
        result: dict[str, object] = response.json
        return result

    assert check("+45")["correct"] and check("45.0")["correct"]
    wrong = check("+25")
    assert not wrong["correct"] and wrong["expected"] == "+45.0 final points"
    assert "(35,000 − 30,000) / 1000 gives +5.0, uma +20.0, oka +20.0: +45.0" in str(wrong["details"])
    unreadable = check("forty")
    assert unreadable["problem"] and not unreadable["correct"]


BLOCK = "---\ntitle: Club\nslug: club\norder: 50\nsummary: Ours.\n---\n\n```standings\n{}\n```\n"


def _club(tmp_path: Path, payload: str) -> LessonBook:
    teacher = tmp_path / "mine"
    teacher.mkdir()
    (teacher / "50-club.md").write_text(BLOCK.format(payload))
    app = create_app(
        {"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"), "LESSONS_DIR": str(teacher)}
    )
    book: LessonBook = app.extensions["lessons"].book("en")
    return book


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        pytest.param(
            '{"scores": [35000, 28000, 22000, 15000], "caption": "East +46.0"}',
            "must quote final points, and they are +45.0, +8.0, -18.0, -35.0",
            id="wrong-caption",
        ),
        pytest.param(
            '{"scores": [35000, 28000, 22000, 15000], "caption": "A game"}', "must quote final points", id="no-number"
        ),
        pytest.param(
            '{"scores": [35000, 28000, 22000, 15000]}', "give scores, sticks, rules and a caption", id="no-caption"
        ),
        pytest.param('{"scores": [35000, 28000, 22000, 14000], "caption": "+45"}', "99,000", id="bad-sum"),
        pytest.param(
            '{"scores": [35000, 28000, 22000, 15000], "uma": 5, "caption": "+45"}', "nothing else", id="unknown-key"
        ),
    ],
)
def test_check_lessons_refuses_a_standings_block_whose_caption_does_not_match(
    tmp_path: Path, payload: str, problem: str
) -> None:
    book = _club(tmp_path, payload)
    assert "club" not in book.lessons
    assert any("50-club.md" in line and problem in line for line in book.problems), book.problems


def test_a_standings_block_with_a_true_caption_renders(tmp_path: Path) -> None:
    book = _club(tmp_path, '{"scores": [35000, 28000, 22000, 15000], "sticks": 0, "caption": "East +45, North −35.0"}')
    assert not book.problems and book.lessons["club"].examples == 1
    assert "<caption>East +45, North −35.0</caption>" in book.lessons["club"].html
