"""The `tutor` command, run as a real process."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import cli
from tutor.cli import build_parser
from tutor.drawing.tiles_html import TILE_CODES

GOOD = {"hand": "123m456m789p345s55s", "win": "5s", "riichi": True, "seat_wind": "S"}


def tutor(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env} if env else None,
    )


def test_score_json_prints_the_contract_response() -> None:
    done = tutor("score", "--json", stdin=json.dumps(GOOD))
    assert done.returncode == 0, done.stderr
    response = json.loads(done.stdout)
    assert (response["han"], response["fu"], response["points"]) == (2, 30, {"ron": 2000})


def test_score_json_refusal_exits_2_with_the_error_object() -> None:
    done = tutor("score", "--json", stdin=json.dumps({**GOOD, "hand": "123m456m789p345s5s"}))
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "wrong_tile_count"


def test_score_json_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_text(json.dumps(GOOD))
    done = tutor("score", "--json", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 2000


def test_score_json_invalid_json_is_a_bad_request() -> None:
    done = tutor("score", "--json", stdin="{not json")
    assert done.returncode == 2
    assert json.loads(done.stdout)["error"]["code"] == "bad_request"


def test_score_jsonl_answers_every_line_in_order() -> None:
    lines = [
        json.dumps(GOOD),
        "not json",
        "[1, 2]",
        "",
        json.dumps({**GOOD, "win": "9m"}),
        json.dumps({**GOOD, "tsumo": True}),
    ]
    done = tutor("score", "--jsonl", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    responses = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(responses) == len(lines)
    assert responses[0]["total"] == 2000
    assert [r.get("error", {}).get("code") for r in responses[1:5]] == [
        "bad_request",
        "bad_request",
        "bad_request",
        "win_not_in_hand",
    ]
    assert responses[5]["fu"] == 20


def test_score_jsonl_missing_file_exits_nonzero(tmp_path: Path) -> None:
    done = tutor("score", "--jsonl", str(tmp_path / "missing.jsonl"))
    assert done.returncode != 0
    assert "cannot read" in done.stderr


def test_score_prints_a_breakdown_for_people() -> None:
    done = tutor("score", stdin=json.dumps(GOOD))
    assert done.returncode == 0, done.stderr
    for words in (
        # Tiles by name, never MPSZ: the reader need not know the notation they typed (the JSON keeps it).
        "Hand:  1-2-3-4-5-6 of characters; 7-8-9 of circles; 3-4-5-5-5 of bamboo",
        "ryanmen wait on 5 of bamboo",
        "Riichi",
        "Pinfu",
        "Base (futei): 20 fu",
        "2 han 30 fu: 2000 (non-dealer ron)",
    ):
        assert words in done.stdout
    assert TILE_CODES.search(done.stdout) is None, done.stdout


def test_score_from_options() -> None:
    done = tutor(
        "score",
        "--hand",
        "123p77z666z",
        "--win",
        "3p",
        "--tsumo",
        "--meld",
        "minkan:8888p",
        "--meld",
        "pon:999m",
        "--seat",
        "S",
    )
    assert done.returncode == 0, done.stderr
    assert "1 han 50 fu: 400/800 (non-dealer tsumo)" in done.stdout


def test_score_refusal_for_people_goes_to_stderr() -> None:
    done = tutor("score", "--hand", "123m", "--win", "1m")
    assert done.returncode == 2
    assert done.stderr.startswith("error: 3 concealed tiles make 3")


def test_the_engine_and_the_score_command_never_import_flask() -> None:
    code = "import sys, tutor.engine, tutor.cli; tutor.cli.main(['score', '--hand', '123m456m789p345s55s', '--win', '5s', '--riichi']); print('flask' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip().endswith("False")


def test_score_jsonl_loads_only_what_scoring_needs(tmp_path: Path) -> None:
    # Process start is a large part of a batch's cost: the standings rules, pathlib (and the
    # urllib behind it) and the web app stay out of `tutor score --jsonl`.
    batch = tmp_path / "batch.jsonl"
    batch.write_text(json.dumps(GOOD) + "\n")
    code = (
        "import sys, tutor.cli; tutor.cli.main(['score', '--jsonl', sys.argv[1]]); "
        "print(sorted({'tutor.engine.standings', 'pathlib', 'urllib.parse', 'flask'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code, str(batch)], capture_output=True, text=True, timeout=60)
    answer, loaded = done.stdout.strip().split("\n")
    assert json.loads(answer)["han"] == 2
    assert loaded == "[]"


@pytest.mark.parametrize(
    ("argv", "file", "workers"),
    [
        (["score", "--jsonl"], None, None),
        (["score", "--jsonl", "-"], "-", None),
        (["score", "--jsonl", "batch.jsonl"], "batch.jsonl", None),
        (["score", "--jsonl", "--workers", "1"], None, 1),
        (["score", "--jsonl", "--workers", "0", "in/batch.jsonl"], "in/batch.jsonl", 0),
        (["score", "--jsonl", "batch.jsonl", "--workers", "2"], "batch.jsonl", 2),
        (["score", "--jsonl", "--workers=3"], None, 3),
        (["score", "--workers", "4", "--jsonl", "-"], "-", 4),
    ],
)
def test_score_reads_a_batch_command_line(
    argv: list[str], file: str | None, workers: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches: list[tuple[str | None, int | None]] = []
    monkeypatch.setattr(cli, "_score_batch", lambda path, count: batches.append((path, count)) or 0)
    assert cli.main(argv) == 0
    assert batches == [(file, workers)]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["score", "--jsonl", "--workers"], "argument --workers: expected one argument"),
        (["score", "--jsonl", "--workers", "two"], "argument --workers: invalid int value: 'two'"),
        (["score", "--jsonl", "a.jsonl", "b.jsonl"], "unrecognized arguments: b.jsonl"),
        (["score", "--json", "--jsonl"], "argument --jsonl: not allowed with argument --json"),
        (["score", "--jsonl", "--lang", "xx"], "argument --lang: invalid choice: 'xx'"),
        (["score", "--jsonl", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_score_refuses_a_bad_command_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage: tutor score ") and f"tutor score: error: {words}" in error


def test_score_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["score", "--help"])
    assert stop.value.code == 0
    shown = capsys.readouterr().out
    for option in ("--json", "--jsonl", "--workers", "--lang", "--hand", "--win", "--meld", "--pao", "--tsumo"):
        assert option in shown


@pytest.mark.parametrize("command", ["score", "serve", "init-db", "generate", "export-class", "backup", "purge-guests"])
def test_every_command_has_help(command: str) -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "==SUPPRESS==" or getattr(a, "choices", None))
    assert command in subparsers.choices
    assert subparsers.choices[command].description
    done = tutor(command, "--help")
    assert done.returncode == 0 and "usage: tutor" in done.stdout


def test_docs_cli_documents_every_command() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text()
    for command in build_parser()._subparsers._group_actions[0].choices:  # type: ignore[union-attr]
        assert f"tutor {command}" in page, f"docs/cli.md does not describe `tutor {command}`"


def test_score_jsonl_on_a_big_file_gives_the_same_answers_with_several_workers(tmp_path: Path) -> None:
    import random

    from tutor.engine.batch import PARALLEL_MIN_LINES
    from tutor.engine.generate import random_request

    rng = random.Random(11)
    lines = [json.dumps(random_request(rng)) for _ in range(PARALLEL_MIN_LINES + 50)]
    lines[7] = "not json"
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines) + "\n")
    parallel = tutor("score", "--jsonl", "--workers", "2", str(path))
    serial = tutor("score", "--jsonl", "--workers", "1", str(path))
    assert parallel.returncode == serial.returncode == 0
    assert parallel.stdout == serial.stdout
    answers = parallel.stdout.splitlines()
    assert len(answers) == len(lines)
    assert json.loads(answers[7])["error"]["code"] == "bad_request"


def test_score_jsonl_answers_a_line_without_a_final_newline() -> None:
    done = tutor("score", "--jsonl", stdin=json.dumps(GOOD))
    assert [json.loads(line)["total"] for line in done.stdout.splitlines()] == [2000]


def test_generate_prints_requests_that_score_with_the_target() -> None:
    done = tutor("generate", "--yaku", "sanshoku", "--count", "3", "--seed", "11", "--jsonl")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3
    scored = tutor("score", "--jsonl", stdin=done.stdout)
    for line in scored.stdout.splitlines():
        assert "sanshoku" in {y["id"] for y in json.loads(line)["yaku"]}
    assert tutor("generate", "--yaku", "sanshoku", "--count", "3", "--seed", "11", "--jsonl").stdout == done.stdout


def test_generate_refuses_an_unknown_target_and_lists_the_valid_ones() -> None:
    done = tutor("generate", "--target", "pinfoo")
    assert done.returncode == 2
    assert "unknown target 'pinfoo'" in done.stderr and "pinfu" in done.stderr and "kanchan" in done.stderr
    topic = tutor("generate", "--topic", "nothing")
    assert topic.returncode == 2 and "everyday-yaku" in topic.stderr


def _class_database(tmp_path: Path) -> dict[str, str]:
    """A database with a class of two students who answered a two-question assignment."""
    from tests.classroom.test_classroom import answer_all
    from tutor import classroom
    from tutor.accounts import register
    from tutor.db import connect, migrations

    path = tmp_path / "tutor.sqlite"
    db = connect(path)
    migrations.apply(db)
    teacher, ann, ben = (register(db, name, "correct horse") for name in ("tara", "ann", "ben"))
    room = classroom.create_class(db, teacher, "Club, Thursday")
    task = classroom.create_assignment(db, room, {"title": "Fu", "topics": ["fu"], "size": 2, "seed": "x"})
    for student, rights in ((ann, [True, True]), (ben, [True, False])):
        classroom.join(db, student, room.join_code, "127.0.0.1")
        answer_all(db, task, student, rights)
    db.conn.close()
    return {"TUTOR_DATABASE": str(path), "TUTOR_INSTANCE_PATH": str(tmp_path / "instance")}


def test_export_class_writes_every_answer_as_csv_or_json(tmp_path: Path) -> None:
    env = _class_database(tmp_path)
    listing = tutor("export-class", "--list", env=env)
    assert listing.returncode == 0 and "tara" in listing.stdout and "2 students" in listing.stdout
    done = tutor("export-class", "1", env=env)
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    assert [(r["student"], r["position"], r["correct"]) for r in rows] == [
        ("ann", "1", "1"),
        ("ann", "2", "1"),
        ("ben", "1", "1"),
        ("ben", "2", "0"),
    ]
    assert {r["class"] for r in rows} == {"Club, Thursday"}
    target = tmp_path / "out.json"
    assert tutor("export-class", "1", "--format", "json", "-o", str(target), env=env).returncode == 0
    document = json.loads(target.read_text())
    assert [s["right"] for s in document["assignments"][0]["students"]] == [2, 1]
    assert len(document["answers"]) == 4
    missing = tutor("export-class", "7", env=env)
    assert missing.returncode == 2 and "there is no class 7" in missing.stderr


def test_backup_copies_the_live_database_and_checks_it(tmp_path: Path) -> None:
    env = _class_database(tmp_path)
    live = sqlite3.connect(env["TUTOR_DATABASE"])
    live.execute("PRAGMA journal_mode = WAL")
    live.execute("INSERT INTO meta (key, value) VALUES ('note', 'written just before the backup')")
    live.commit()  # still in the WAL file, not yet checkpointed: the backup must include it
    folder = tmp_path / "backups"
    folder.mkdir()
    done = tutor("backup", str(folder), env=env)
    assert done.returncode == 0, done.stderr
    assert "integrity check ok" in done.stdout
    (copy_path,) = folder.glob("tutor-*.sqlite")
    copy = sqlite3.connect(copy_path)
    for table in ("answers", "memberships", "assignments", "users"):
        query = f"SELECT COUNT(*) FROM {table}"
        assert copy.execute(query).fetchone() == live.execute(query).fetchone(), table
    assert copy.execute("SELECT value FROM meta WHERE key = 'note'").fetchone() == ("written just before the backup",)
    assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert not list(folder.glob("*.partial"))
    live.close()
    nowhere = tutor("backup", str(tmp_path / "no" / "such" / "folder" / "x.sqlite"), env=env)
    assert nowhere.returncode == 1 and "tutor backup:" in nowhere.stderr


def test_purge_guests_from_the_command_line(tmp_path: Path) -> None:
    env = {"TUTOR_DATABASE": str(tmp_path / "db.sqlite"), "TUTOR_INSTANCE_PATH": str(tmp_path / "instance")}
    done = tutor("purge-guests", "--older-than", "30", env=env)
    assert done.returncode == 0 and "Deleted 0 guest accounts" in done.stdout
    assert tutor("purge-guests", "--older-than", "0", env=env).returncode == 2


DEEP = "[" * 20_000 + "]" * 20_000
"""One line of JSON nested 20,000 deep: Python's parser gives up with RecursionError."""


def test_score_jsonl_answers_a_too_deeply_nested_line_with_bad_request_and_goes_on() -> None:
    done = tutor(
        "score", "--jsonl", "--workers", "1", stdin="\n".join([json.dumps(GOOD), DEEP, json.dumps(GOOD)]) + "\n"
    )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 3
    assert answers[1]["error"]["code"] == "bad_request" and "deeply" in answers[1]["error"]["message"]
    assert answers[0]["total"] == answers[2]["total"] == 2000


def test_score_jsonl_file_with_a_too_deeply_nested_line_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join([DEEP, json.dumps(GOOD)]) + "\n")
    done = tutor("score", "--jsonl", str(path))
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["error"]["code"] == "bad_request" and second["total"] == 2000


def test_score_json_too_deeply_nested_is_a_bad_request() -> None:
    done = tutor("score", "--json", stdin=DEEP)
    assert done.returncode == 2, done.stderr
    assert json.loads(done.stdout)["error"]["code"] == "bad_request"
