"""The `tutor` command in Chinese (issue 23): `--lang zh` prints errors, seats, rounds and summaries in
Chinese; English stays only in tile input, romaji and proper names (file names, players)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.drawing.tiles_html import TILE_CODES
from tutor.gamelog.model import Source, round_name

from .gamelog.generator import FIXTURES

GAME = str(FIXTURES / "game.mjlog")
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{4,}\b")
"""A Latin word of four letters or more: never on Chinese output outside tiles, romaji and names."""


def tutor(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def english_words(text: str) -> list[str]:
    return ENGLISH_WORD.findall(text)


def test_score_in_chinese_refuses_a_bad_hand_in_chinese() -> None:
    done = tutor("score", "--lang", "zh", "--hand", "123m", "--win", "1m")
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.startswith("错误：") and "14 张" in done.stderr
    assert not english_words(done.stderr), done.stderr
    english = tutor("score", "--hand", "123m", "--win", "1m")
    assert english.stderr.startswith("error: ") and "a winning hand has 14" in english.stderr


def test_score_json_in_chinese_says_where_the_json_is_broken_in_chinese() -> None:
    done = tutor("score", "--json", "--lang", "zh", stdin='{"hand": "123m",\n "win" 1}')
    assert done.returncode == 2
    problem = json.loads(done.stdout)["error"]
    assert problem["code"] == "bad_request"  # the contract's id stays as it is, in every language
    assert problem["message"] == "输入不是有效的 JSON（第 2 行第 8 列）"
    english = json.loads(tutor("score", "--json", stdin='{"hand": "123m",\n "win" 1}').stdout)["error"]
    assert english["message"] == "the input is not valid JSON (line 2, column 8)"


def test_score_json_in_chinese_refuses_a_hand_in_chinese() -> None:
    request = {"hand": "123m456m789p345s5s", "win": "5s"}
    done = tutor("score", "--json", "--lang", "zh", stdin=json.dumps(request))
    problem = json.loads(done.stdout)["error"]
    assert problem["code"] == "wrong_tile_count" and "14 张" in problem["message"]


def test_score_in_chinese_cannot_read_a_missing_file_in_chinese(tmp_path: Path) -> None:
    done = tutor("score", "--lang", "zh", str(tmp_path / "nothing.json"))
    assert done.returncode != 0 and "无法读取" in done.stderr and "没有这个文件" in done.stderr
    assert done.stderr == f"tutor score：无法读取 {tmp_path / 'nothing.json'}：没有这个文件\n"


def test_score_in_chinese_names_the_seat_and_round_with_their_chinese_names() -> None:
    done = tutor("score", "--lang", "zh", "--hand", "123m456m789p345s55s", "--win", "5s", "--seat", "S", "--round", "W")
    assert done.returncode == 0, done.stderr
    assert "和牌：荣和 5索，南家，西场" in done.stdout
    english = tutor("score", "--hand", "123m456m789p345s55s", "--win", "5s", "--seat", "S", "--round", "W")
    assert "Win:   5 of bamboo by ron, South seat, West round" in english.stdout


def test_score_in_chinese_says_every_tile_and_refusal_in_chinese() -> None:
    """The breakdown and a refusal name tiles, melds and flags in words: no MPSZ, no request field."""
    done = tutor("score", "--lang", "zh", "--hand", "22m345p406s789s555z", "--win", "5z", "--riichi")
    assert done.returncode == 0, done.stderr
    assert "手牌：2万×2；345筒；456789索（含赤五）；白×3" in done.stdout
    assert "拆法：345筒；456索；789索；白×3；2万×2，双碰听，和了 白" in done.stdout
    assert TILE_CODES.search(done.stdout) is None and not english_words(done.stdout), done.stdout
    open_riichi = ("--hand", "123m345p789s55z", "--win", "1m", "--meld", "chi:340s", "--riichi")
    refused = tutor("score", "--lang", "zh", *open_riichi)
    assert refused.returncode == 2 and refused.stderr == "错误：立直需要门前清，但这手牌有副露（吃 345索（含赤五））\n"
    no_yaku = tutor(
        "score", "--lang", "zh", "--hand", "123m789s55z", *open_riichi[2:-1], "--meld", "pon:111p", "--tsumo"
    )
    assert no_yaku.returncode == 2 and "副露 吃 345索（含赤五）、碰 1筒×3" in no_yaku.stderr, no_yaku.stderr
    for said in (refused.stderr, no_yaku.stderr):
        assert TILE_CODES.search(said) is None and not english_words(said), said


def test_score_in_chinese_names_every_payer_with_jia() -> None:
    request = {
        "hand": "11122z",
        "win": "2z",
        "pao": "N",
        "discarder": "W",
        "melds": [{"kind": "pon", "tiles": tiles} for tiles in ("555z", "666z", "777z")],
    }
    done = tutor("score", "--lang", "zh", stdin=json.dumps(request))
    assert done.returncode == 0, done.stderr
    for line in (
        "南家不用支付。",
        "西家放铳，支付 48,000。",
        "北家作为包牌责任者，支付 48,000。",
        "东家作为和牌者，共得 96,000。",
    ):
        assert line in done.stdout
    assert not english_words(done.stdout.replace("11122z", "")), done.stdout


def test_standings_in_chinese() -> None:
    done = tutor("standings", "35000", "28000", "22000", "15000", "--lang", "zh")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].split() == ["顺位", "座位", "点数", "素点", "顺位马", "头名赏", "最终"]
    assert lines[0] == "天凤：起始 25,000，返点 30,000，头名赏 +20，顺位马 20-10，按千点取整"
    assert lines[2].split()[:3] == ["一位", "东", "35,000"]
    assert not english_words(done.stdout), done.stdout
    # Columns line up on the screen: a Chinese character takes two columns, as the headings' do.
    assert len({_screen_width(line) for line in lines[1:6]}) == 1
    # The last line says where the rule set comes from: Tenhou's published rule (as lesson 17 says it).
    assert lines[-1].startswith("天凤公布的规则")


def _screen_width(line: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def test_standings_in_chinese_refuses_scores_that_do_not_add_up_in_chinese() -> None:
    done = tutor("standings", "35000", "28000", "22000", "1500", "--lang", "zh")
    assert done.returncode == 2 and "100,000" in done.stderr and not english_words(done.stderr)
    as_json = tutor("standings", "35000", "28000", "22000", "1500", "--lang", "zh", "--json")
    assert as_json.returncode == 2 and not english_words(json.loads(as_json.stdout)["error"])


def test_standings_offers_only_the_languages_it_speaks() -> None:
    done = tutor("standings", "35000", "28000", "22000", "15000", "--lang", "xx")
    assert done.returncode == 2 and "invalid choice" in done.stderr


def test_import_log_in_chinese_names_rounds_seats_and_yaku_in_chinese() -> None:
    done = tutor("import-log", "--lang", "zh", GAME)
    assert done.returncode == 0, done.stderr
    assert f"{GAME}  东2局2本场  座位 0（Aoi），北家，荣和" in done.stdout
    assert "  牌谱：3 番 60 符，11700 点" in done.stdout and "  本站：3 番 60 符，11700 点" in done.stdout
    assert "立直、双立直、一发" in done.stdout and "门前清自摸和 1" in done.stdout
    assert done.stdout.rstrip().endswith("8 局中 8 次和牌（1 局无人和牌）；本站引擎与牌谱全部一致。")
    # What is left in Latin letters: the file's name, the players' names and the log's own record.
    said = re.sub(r'ten="[^"]*" yaku(man)?="[^"]*"', "", done.stdout.replace(GAME, ""))
    assert set(english_words(said)) <= {"kakan", "ankan", "minkan", "Chen"}, english_words(said)


def test_import_log_in_chinese_cannot_read_a_missing_file_in_chinese(tmp_path: Path) -> None:
    done = tutor("import-log", "--lang", "zh", str(tmp_path / "gone.mjlog"))
    assert done.returncode == 2 and "无法读取（没有这个文件）" in done.stderr


def test_import_log_in_chinese_says_why_a_file_is_not_a_log_in_chinese(tmp_path: Path) -> None:
    empty = tmp_path / "empty.mjlog"
    empty.write_bytes(b"")
    done = tutor("import-log", "--lang", "zh", str(empty))
    assert done.returncode == 2
    assert done.stderr == f"tutor import-log：{empty}：文件是空的\n"  # the command's name, as typed


@pytest.mark.parametrize("honba", [0, 1, 3])
def test_every_round_the_log_reader_names_is_said_in_chinese(honba: int) -> None:
    for index in range(16):
        round_title = round_name(index, honba)
        chinese = round_title.text("zh")
        assert not english_words(chinese), (round_title, chinese)
        assert re.fullmatch(r"[东南西北][1-4]局(\d+本场)?", chinese), chinese
        # A win stored before the round's number was kept is said from its English name, the same way.
        stored = Source("f", str(round_title), 0, None, 1)
        assert stored.round_title.text("zh") == chinese
    assert round_name(2, 2).text("zh") == "东3局2本场" and str(round_name(2, 2)) == "East 3, 2 honba"
    assert Source("f", "somewhere", 0, None, 1).round_title.text("zh") == "somewhere"


def test_check_lessons_in_chinese_reports_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-lessons", "--lang", "zh"]) == 0
    out, err = capsys.readouterr()
    assert "篇役种说明" in out and "个页面还没有中文版" in out
    assert "worked example" not in out and "untranslated" not in out and not err
    lines = [line.rsplit("  ", 1)[0] for line in out.splitlines()]  # the last cell is the file's path
    assert lines[0].startswith("第  1 课《") and "tiles" not in lines[0]  # a lesson by its title, not its slug
    assert not [w for line in lines for w in english_words(line)]


def test_check_lessons_reports_a_chinese_problem_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "50-club.md").write_text("---\ntitle: 短\nslug: club\norder: 50\nsummary: 短。\n---\n\n[[1m]]\n")
    assert main(["check-lessons", str(tmp_path), "--lang", "zh"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("问题：") and "50-club.md" in err and "PROBLEM" not in err


def test_standings_in_chinese_name_players_as_seats_with_jia() -> None:
    tie = tutor("standings", "30000", "30000", "25000", "15000", "--lang", "zh")
    assert "东家和南家都以 30,000 结束；东家离第一位庄家更近（上家优先），所以顺位更高。" in tie.stdout
    game = json.loads(tutor("standings", "45000", "30000", "28000", "-3000", "--lang", "zh", "--json").stdout)
    assert [row["working"][:6] for row in game["standings"]] == [
        "东家，一位：",
        "南家，二位：",
        "西家，三位：",
        "北家，四位：",
    ]
    below = tutor("standings", "45000", "31000", "27000", "-3000", "--sticks", "0", "--lang", "zh")
    assert "北家以负分结束（-3,000）" in below.stdout


def test_every_payment_sentence_in_chinese_names_the_seat_with_jia() -> None:
    """The engine's payment sentences (pay.*, pao.*) get the seat's name (东家), the page's situation line
    a bare wind (东) that its sentence follows with 家: either way 东家放铳, never 东 放铳 or 东家 放铳."""
    from tutor.engine.messages import ENGLISH, text
    from tutor.engine.pao import seat_name
    from tutor.messages.catalogues import translate

    assert [seat_name(seat, "zh") for seat in "ESWN"] == ["东家", "南家", "西家", "北家"]
    ids = [key for key in ENGLISH if key.startswith(("pay.", "pao.responsible")) and "{seat}" in ENGLISH[key]]
    assert len(ids) >= 12
    for key in ids:
        params = {"seat": seat_name("W", "zh"), "points": "8,300", "hand": "8,000", "honba": "300", "total": "8,300"}
        said = text(key, "zh", yaku="大三元", **params)
        assert "西家" in said and not re.search(r"西家 |西 ", said), (key, said)
    dealt_in = translate("%(seat)s dealt in.", "zh") % {"seat": translate("East", "zh")}
    responsible = translate("%(seat)s is responsible (pao).", "zh") % {"seat": translate("North", "zh")}
    assert (dealt_in, responsible) == ("东家放铳。", "北家承担包牌责任。")


def test_generate_in_chinese_prints_a_worksheet_in_chinese() -> None:
    english = tutor("generate", "--count", "4", "--seed", "3", "--difficulty", "3")
    done = tutor("generate", "--count", "4", "--seed", "3", "--difficulty", "3", "--lang", "zh")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "  1. 55万（含赤五）；345677889筒（含赤五）；234索，荣和 6筒，北家，东场；立直、宝牌指示牌 8万、里宝牌指示牌 2筒、1 本场、场上 1 根立直棒"
    )
    assert english.stdout.splitlines()[0].startswith(
        "  1. 5-5 of characters (with the red 5); 3-4-5-6-7-7-8-8-9 of circles (with the red 5); 2-3-4 of bamboo"
        " wins on 6 of circles by ron, seat North, East round"
    )
    # Melds by their Chinese names too (碰, 吃, 明杠, 暗杠); no tile code in either language.
    assert english_words(done.stdout) == [] and TILE_CODES.search(done.stdout + english.stdout) is None


def test_generate_in_chinese_names_flags_and_rules_in_chinese() -> None:
    from tutor.cli import _worksheet_line

    request = {"hand": "123m456m789p345s5s", "win": "5s", "tsumo": False, "seat_wind": "E", "round_wind": "S"}
    line = _worksheet_line({**request, "double_riichi": True, "ippatsu": True, "rules": {"kiriage": True}}, "zh")
    assert line == "123456万；789筒；3455索，荣和 5索，东家，南场；双立直、一发、天凤规则，并改为切上满贯：开"


def test_generate_in_chinese_refuses_a_count_below_one_in_chinese() -> None:
    done = tutor("generate", "--count", "0", "--lang", "zh")
    assert done.returncode == 2 and done.stderr.strip() == "tutor generate：--count 至少为 1"


def test_score_refuses_a_file_that_is_not_utf8_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"hand": "\xff"}')
    done = tutor("score", "--json", "--lang", "zh", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"] == {"code": "bad_request", "message": "输入不是 UTF-8 文本"}
    english = tutor("score", str(path))
    assert english.returncode == 2 and english.stderr == "error: the input is not UTF-8 text\n"


def test_check_lessons_refuses_a_folder_that_is_not_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nothing"
    assert main(["check-lessons", str(missing), "--lang", "zh"]) == 2
    assert capsys.readouterr().err == f"tutor check-lessons：没有文件夹 {missing}\n"
    assert main(["check-lessons", str(missing)]) == 2
    assert capsys.readouterr().err == f"tutor check-lessons: there is no folder {missing}\n"
