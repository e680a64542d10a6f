"""`tutor import-log`, run as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tutor.cli import build_parser

from .generator import FIXTURES
from .test_gamelog import EXPECTED


def tutor(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True, timeout=60)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


GAME = str(FIXTURES / "game.mjlog")
GAME_JSON = str(FIXTURES / "game.json")


def test_the_command_is_documented() -> None:
    parser = build_parser()
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert "exits 2" in choices["import-log"].description
    done = tutor("import-log", "--help")
    assert done.returncode == 0 and "usage: tutor import-log" in done.stdout


def test_jsonl_prints_one_line_per_win_in_file_order() -> None:
    done = tutor("import-log", "--jsonl", GAME, GAME_JSON)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["request"] for line in lines] == EXPECTED + EXPECTED
    assert set(lines[0]) == {"request", "recorded", "source"}
    assert [line["source"]["file"] for line in lines] == [GAME] * 8 + [GAME_JSON] * 8
    assert lines[3]["recorded"]["points"] == 3900


def test_standard_input_is_read_for_a_dash() -> None:
    done = tutor("import-log", "--jsonl", "-", stdin=Path(GAME_JSON).read_bytes())
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout.splitlines()[0])
    assert first["request"] == EXPECTED[0] and first["source"]["file"] == "<stdin>"


def test_the_readable_list_shows_both_scores_and_exits_0_when_they_agree() -> None:
    done = tutor("import-log", GAME)
    assert done.returncode == 0, done.stderr
    assert "East 2, 2 honba  seat 0 (Aoi), North seat, ron" in done.stdout
    assert "  log:  3 han 60 fu, 11700 points" in done.stdout
    assert "  ours: 3 han 60 fu, 11700 points" in done.stdout
    assert "DIFFERS" not in done.stdout
    assert done.stdout.rstrip().endswith("8 win(s) in 8 hand(s) (1 without a win); our engine agrees on every one.")


def test_a_disagreement_is_flagged_and_exits_1(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.mjlog"
    wrong.write_text(Path(GAME).read_text(encoding="utf-8").replace('ten="40,5200,0"', 'ten="40,5300,0"'))
    done = tutor("import-log", str(wrong))
    assert done.returncode == 1
    assert "  DIFFERS: points: ours 5200, the log's 5300" in done.stdout
    assert "our engine disagrees on 1." in done.stdout


def test_a_yaku_disagreement_names_the_yaku_in_the_readers_language(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.mjlog"
    wrong.write_text(Path(GAME).read_text(encoding="utf-8").replace('yaku="4,1,20,1,54,1"', 'yaku="4,1,18,1,54,1"'))
    english = tutor("import-log", str(wrong))
    assert english.returncode == 1
    assert "  DIFFERS: yaku: only ours Yakuhai: chun 1; only the log's Yakuhai: haku 1" in english.stdout
    chinese = tutor("import-log", "--lang", "zh", str(wrong))
    assert "  不一致：役：仅本站有 役牌：中 1；仅牌谱有 役牌：白 1" in chinese.stdout, chinese.stdout


def test_bad_files_exit_2_with_one_line_and_no_output(tmp_path: Path) -> None:
    cases = {
        "notes.txt": (b"my notes", "this is not a game log"),
        "cut.json": (Path(GAME_JSON).read_bytes()[:300], "not valid JSON"),
        "sanma.mjlog": (Path(GAME).read_bytes().replace(b'type="9"', b'type="25"'), "three-player"),
        "huge.json": (b"{" + b" " * (10 * 1024 * 1024 + 1), "larger than 10 MB"),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        done = tutor("import-log", GAME, str(path))
        assert done.returncode == 2, name
        assert done.stdout == "", name  # nothing printed for the good file either
        assert done.stderr.startswith(f"tutor import-log: {path}: ") and message in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    done = tutor("import-log", str(tmp_path / "nope.mjlog"))
    assert done.returncode == 2
    assert "cannot read it" in done.stderr and "Traceback" not in done.stderr


def test_the_reader_never_imports_flask() -> None:
    code = f"import sys, tutor.gamelog as g; g.read_log(open({GAME!r}, 'rb').read()); print('flask' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=os.environ)
    assert done.stdout.strip() == "False", done.stderr


def test_a_win_our_engine_refuses_is_still_listed_with_the_refusal() -> None:
    """A recorded hand the engine cannot read (here: one tile short) is listed as the log wrote it, tiles
    by name, with our refusal: never a traceback."""
    from dataclasses import replace

    from tutor.cli import _win_lines
    from tutor.gamelog import compare, read_log

    win = read_log(Path(GAME).read_bytes(), GAME).wins[0]
    short = replace(win, request={**win.request, "hand": win.request["hand"][1:]})
    comparison = compare(short)
    assert comparison.error is not None
    lines = _win_lines(short, comparison).splitlines()
    assert lines[1].startswith("  3-4-9-9 of characters") and " wins on 6 of circles" in lines[1]
    assert "  ours: refused: wrong_tile_count" in lines[3]
