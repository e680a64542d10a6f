"""The ``tutor`` command. Each subcommand parses its arguments and calls one API function.

Imports are kept inside the commands so ``tutor score`` never loads Flask.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tutor.engine.situation import FLAGS, STANDARD_FLAGS, WIND_LETTERS
from tutor.messages.catalogues import N_

if TYPE_CHECKING:
    import argparse

    from tutor.course.lessons import LessonLibrary


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        # `tutor score` builds its own options only: setting up every command's (and importing the
        # standings rules for one of them) costs a process about as much as scoring a hundred hands.
        if argv[:1] == ["score"]:
            parser, words = _score_parser(), argv[1:]
        else:
            parser, words = build_parser(), argv
        args = parser.parse_args(words)
        if not hasattr(args, "run"):
            parser.print_help()
            return 1
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader stopped early (`tutor generate --list | head`): not an error worth a traceback.
        sys.stderr.close()
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser, commands = _top_parser()
    _add_score(commands)

    serve = commands.add_parser("serve", help="serve the web app with waitress", description="Serve the web app.")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=5000)
    serve.add_argument(
        "--threads",
        type=int,
        default=4,
        help="worker threads per process (default 4: Python runs one at a time, more only queue)",
    )
    serve.add_argument("--processes", type=int, metavar="N", help="server processes (default: one per core, at most 4)")
    serve.add_argument("--debug", action="store_true", help="use Flask's development server with the reloader")
    serve.set_defaults(run=run_serve)

    check = commands.add_parser(
        "check-lessons",
        help="render every lesson and yaku note and report problems",
        description="Render every lesson and yaku note (worked examples scored, questions solved) and list any problem. "
        "Exit 1 when a file has a problem, a lesson has fewer than 4 check-yourself questions or a yaku note has none.",
    )
    check.add_argument("folder", nargs="?", help="a folder of your own lessons to check too (as TUTOR_LESSONS_DIR)")
    check.add_argument(
        "--lang",
        choices=_languages(),
        help="check one language only, and report in it (default: English and every language with a lessons "
        "folder, reported in English)",
    )
    check.set_defaults(run=run_check_lessons)

    generate = commands.add_parser(
        "generate",
        help="make practice hands to order (a yaku, a fu feature or a topic)",
        description="Make random practice hands, reproducible with --seed: a worksheet, or with --jsonl score "
        "requests in the contract format, one per line (pipe them into `tutor score --jsonl` for the answers).",
    )
    aim = generate.add_mutually_exclusive_group()
    aim.add_argument(
        "--yaku",
        "--target",
        dest="target",
        help="a yaku id (pinfu, chiitoitsu, ...) or fu feature (kanchan, closed-kan, ...)",
    )
    aim.add_argument("--topic", help="a lesson topic (everyday-yaku, one-han, fu, dora, ...)")
    generate.add_argument("--difficulty", type=int, default=2, choices=(1, 2, 3), help="1 plain, 2 mixed, 3 busy")
    generate.add_argument("--count", type=int, default=1, metavar="N", help="how many hands (default 1)")
    generate.add_argument("--seed", type=int, help="random seed: the same seed gives the same hands")
    generate.add_argument("--jsonl", action="store_true", help="print score requests as JSON lines")
    generate.add_argument("--list", action="store_true", help="list the targets and topics, then stop")
    generate.add_argument(
        "--lang",
        default="en",
        choices=_languages(),
        help="language of the worksheet (default en; --jsonl's requests are the same in every language)",
    )
    generate.set_defaults(run=run_generate)

    init_db = commands.add_parser(
        "init-db", help="create or upgrade the database", description="Create or upgrade the database (safe to repeat)."
    )
    init_db.set_defaults(run=run_init_db)

    export = commands.add_parser(
        "export-class",
        help="write a class's results as CSV or JSON",
        description="Write a class's results: CSV has one row per answer (first tries); JSON has the class, "
        "its roster, each assignment with every student's standing and per-question figures, and the answers.",
    )
    export.add_argument("class_id", nargs="?", type=int, help="the class (see --list)")
    export.add_argument("--format", choices=("csv", "json"), default="csv")
    export.add_argument("--output", "-o", metavar="FILE", help="write here instead of standard output")
    export.add_argument("--list", action="store_true", help="list the classes (id, teacher, students, name)")
    export.set_defaults(run=run_export_class)

    backup = commands.add_parser(
        "backup",
        help="copy the live database safely",
        description="Copy the database while the server runs, in one step (SQLite's VACUUM INTO), so writers go on meanwhile; the copy is "
        "checked with PRAGMA integrity_check before it is kept.",
    )
    backup.add_argument("destination", help="a file to write, or a folder (a dated file name is chosen)")
    backup.set_defaults(run=run_backup)

    purge = commands.add_parser(
        "purge-guests",
        help="delete old guest accounts",
        description="Delete guest accounts made more than DAYS days ago and not used since, with everything "
        "they practised. Registered accounts are never touched.",
    )
    purge.add_argument("--older-than", metavar="DAYS", type=int, required=True, help="days without practice")
    purge.set_defaults(run=run_purge_guests)

    reports = commands.add_parser(
        "reports",
        help="list reported questions",
        description='List what learners reported with "report this question": the open reports, oldest first '
        "(id, when, question id, class and assignment if any, who, and the note). Teachers close the reports "
        "on their own classes' questions from the class's reports page.",
    )
    reports.add_argument("--all", action="store_true", help="closed reports too")
    reports.add_argument("--json", action="store_true", help="print JSON (a list of reports) instead of lines")
    reports.set_defaults(run=run_reports)

    from tutor.engine.standings import RULE_SETS

    final = commands.add_parser(
        "standings",
        help="final standings of a game: rank, uma and oka",
        description="Rank four end scores (seat order East, South, West, North of the first hand) and compute the "
        "final points with oka and uma. The scores and the sticks left must add up to 4 x the starting points.",
    )
    final.add_argument("scores", nargs=4, type=int, metavar="SCORE", help="end scores, e.g. 35000 28000 22000 15000")
    final.add_argument("--sticks", type=int, default=0, metavar="N", help="riichi sticks left on the table")
    final.add_argument("--rules", default="tenhou", choices=list(RULE_SETS), help="rule set (default tenhou)")
    final.add_argument("--json", action="store_true", help="print JSON instead of a table")
    final.add_argument(
        "--lang", default="en", choices=_languages(), help="language of the table, the notes and errors (default en)"
    )
    final.set_defaults(run=run_standings)

    imports = commands.add_parser(
        "import-log",
        help="read Tenhou game logs: every win as a score request",
        description="Read Tenhou game logs (the mjlog XML, plain or gzipped, or the tenhou.net/6 viewer's JSON). "
        "Lists every win with the log's recorded score beside our engine's, and flags each win where they "
        "disagree (exit 1 then); with --jsonl prints one JSON line per win instead: "
        '{"request": ..., "recorded": ..., "source": ...}. A file that cannot be read exits 2 with one line '
        "saying why, and nothing is printed for any file.",
    )
    imports.add_argument("files", nargs="+", metavar="FILE", help="a log file; '-' reads standard input")
    imports.add_argument("--jsonl", action="store_true", help="one JSON line per win, in file order")
    imports.add_argument(
        "--lang",
        default="en",
        choices=_languages(),
        help="language of the list, the summary and errors (default en; --jsonl's JSON is the same in every language)",
    )
    imports.set_defaults(run=run_import_log)
    return parser


def _top_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction[argparse.ArgumentParser]]:
    import argparse

    parser = argparse.ArgumentParser(prog="tutor", description="Riichi Tutor: learn riichi mahjong scoring.")
    return parser, parser.add_subparsers(title="commands", metavar="COMMAND")


def _score_parser() -> argparse.ArgumentParser:
    """``tutor score``'s parser built alone, as :func:`build_parser` adds it among the commands.

    (No top-level parser above it: argparse looks up its own words in gettext's catalogues for every
    parser it makes, and one parser fewer keeps a batch's start lighter.)
    """
    import argparse

    return _score_options(argparse.ArgumentParser(prog="tutor score", description=_SCORE_DESCRIPTION))


def _add_score(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    _score_options(
        commands.add_parser("score", help="score hands (the score API contract)", description=_SCORE_DESCRIPTION)
    )


_SCORE_DESCRIPTION = (
    "Score a hand. Reads a JSON request (FILE or standard input) or builds one from --hand/--win. "
    "Prints a breakdown, or contract JSON with --json (one request) or --jsonl (one request per line). "
    'Pao (responsibility payment, daisangen and daisuushii only): "pao" is the seat wind (E S W N, absolute) '
    'of the player whose discard was called to complete the hand, and on a ron "discarder" the seat that dealt in; '
    'the response then lists "payments" per player (Tenhou: a tsumo is paid all by the responsible player, '
    "a ron half each, the honba by the responsible player; rules pao_scope and pao_honba change that)."
)


def _score_options(score: argparse.ArgumentParser) -> argparse.ArgumentParser:
    mode = score.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print the contract's JSON response")
    mode.add_argument(
        "--jsonl", action="store_true", help="batch: one JSON request per input line, one response per output line"
    )
    score.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="--jsonl on a file: processes to use (default: one per core, at most 4)",
    )
    score.add_argument("file", nargs="?", help="file holding the request(s); standard input when omitted or '-'")
    score.add_argument(
        "--lang",
        default="en",
        choices=_languages(),
        help="language of the breakdown and of --json's sentences (fu reasons, explanation); ids and numbers "
        "never change (default en; --jsonl stays English)",
    )
    quick = score.add_argument_group("build the request from options instead of JSON")
    quick.add_argument("--hand", help="concealed tiles including the winning tile, e.g. 123m456m789p345s55s")
    quick.add_argument("--win", help="the winning tile, e.g. 5s")
    quick.add_argument(
        "--meld", action="append", default=[], metavar="KIND:TILES", help="a meld such as pon:777p (repeatable)"
    )
    quick.add_argument("--seat", default="E", choices=list(WIND_LETTERS), help="seat wind (E = dealer)")
    quick.add_argument("--round", default="E", choices=list(WIND_LETTERS), help="round wind")
    quick.add_argument("--dora", action="append", default=[], metavar="TILE", help="a dora indicator (repeatable)")
    quick.add_argument("--ura", action="append", default=[], metavar="TILE", help="an ura dora indicator (repeatable)")
    quick.add_argument("--honba", type=int, default=0)
    quick.add_argument("--sticks", type=int, default=0, help="riichi sticks on the table")
    quick.add_argument("--preset", help="rules preset (tenhou, classic)")
    quick.add_argument(
        "--pao",
        choices=list(WIND_LETTERS),
        help="seat wind of the player responsible (pao) for a daisangen or daisuushii",
    )
    quick.add_argument(
        "--discarder", choices=list(WIND_LETTERS), help="on a ron, the seat wind of the player who dealt in"
    )
    for flag in STANDARD_FLAGS:
        quick.add_argument(f"--{flag.replace('_', '-')}", action="store_true")
    score.set_defaults(run=run_score)
    return score


def _languages() -> list[str]:
    """English and every language with an interface catalogue (``tutor/translations/<lang>``)."""
    from tutor.messages.catalogues import languages

    return languages()


def run_standings(args: argparse.Namespace) -> int:
    from tutor.engine.standings import grouped, shown, standings
    from tutor.messages.catalogues import Problem, translate

    try:
        game = standings(args.scores, args.sticks, args.rules)
    except Problem as problem:
        if args.json:
            print(json.dumps({"error": problem.text(args.lang)}))
        else:
            print(problem.text(args.lang), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(game.to_json(args.lang), ensure_ascii=False, indent=2))
        return 0
    lang = args.lang
    print(translate(game.rules.name, lang))
    headings = [
        translate(word, lang)
        for word in (N_("Rank"), N_("Seat"), N_("Points"), N_("Base"), N_("Uma"), N_("Oka"), N_("Final"))
    ]
    widths = (5, 6, 8, 7, 7, 7, 7)
    print(_columns(headings, widths))
    for row in game.rows:
        cells = (translate(row.rank_name, lang), translate(row.seat_name, lang), grouped(row.points))
        numbers = (shown(row.base), shown(row.uma), shown(row.oka), shown(row.final))
        print(_columns([*cells, *numbers], widths))
    for note in game.notes:
        print(note.text(lang))
    print(translate(game.rules.source, lang))
    return 0


def _columns(cells: Sequence[str], widths: Sequence[int]) -> str:
    """One row of a table for the terminal: the first two cells (words) to the left, the rest (numbers)
    to the right, each padded by the columns it takes on screen (一位 takes four, as "1st " does)."""
    import unicodedata

    out = []
    for number, (cell, width) in enumerate(zip(cells, widths, strict=True)):
        wide = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in cell)
        pad = " " * max(0, width - wide)
        out.append(cell + pad if number < 2 else pad + cell)
    return " ".join(out)


def run_score(args: argparse.Namespace) -> int:
    from tutor.engine.api import error, evaluate, response

    if args.jsonl:
        return _score_batch(args.file, args.workers)
    from tutor.engine.hand import HandError

    if not (args.hand or args.win):
        try:
            with _open_input(args.file, args.lang) as stream:
                text = stream.read()
        except UnicodeDecodeError:
            return _refuse(args, error("bad_request", _say(N_("the input is not UTF-8 text"), args.lang)))
        try:
            request = json.loads(text)
        except json.JSONDecodeError as problem:
            # Where, not json's English reason: the reader may not read English.
            where = N_("the input is not valid JSON (line {line}, column {column})")
            return _refuse(
                args, error("bad_request", _say(where, args.lang, line=problem.lineno, column=problem.colno))
            )
        except RecursionError:
            deep = _say(N_("the input's JSON is nested too deeply to read"), args.lang)
            return _refuse(args, error("bad_request", deep))
    try:
        if args.hand or args.win:
            request = _request_from_options(args)
        result = evaluate(request)
    except HandError as refusal:
        return _refuse(args, error(refusal.code, refusal.text(args.lang)))
    if args.json:
        print(json.dumps(response(result, args.lang), ensure_ascii=False))
    else:
        from tutor.drawing.tiles_html import names_in_text
        from tutor.engine.report import format_result

        # People read tiles by name (the JSON keeps MPSZ, for programs).
        print(names_in_text(format_result(result, args.lang), args.lang))
    return 0


def _score_batch(path: str | None, workers: int | None) -> int:
    """``tutor score --jsonl``: one response line per request line."""
    import gc

    from tutor.engine.batch import score_stream

    # What is loaded by now (modules, tables) lives as long as the process: leave it out of
    # the collector's passes, which a long batch would otherwise make over it again and again.
    gc.freeze()
    with _open_input(path, binary=True) as stream:
        score_stream(stream, sys.stdout.buffer, workers)
    return 0


def _refuse(args: argparse.Namespace, response: dict[str, Any]) -> int:
    """A refused request: the contract's error object with --json, else one line for people (the code,
    an id for programs, is in the JSON only)."""
    if args.json:
        print(json.dumps(response, ensure_ascii=False))
    else:
        from tutor.drawing.tiles_html import names_in_text

        message = names_in_text(response["error"]["message"], args.lang)
        print(_say(N_("error: {message}"), args.lang, message=message), file=sys.stderr)
    return 2


def _say(sentence: str, lang: str, **params: Any) -> str:
    """A marked sentence (``N_``) with its parameters, in ``lang``: what every command prints for people."""
    from tutor.messages.catalogues import Sentence

    return Sentence(sentence, **params).text(lang)


def _cannot_read(problem: OSError, lang: str) -> str:
    """Why a file cannot be read, in ``lang``: the usual reasons by name, any other as the system says it."""
    import errno

    reasons = {
        errno.ENOENT: N_("there is no such file"),
        errno.EACCES: N_("permission denied"),
        errno.EISDIR: N_("it is a folder"),
    }
    reason = reasons.get(problem.errno or 0)
    return _say(reason, lang) if reason else str(problem.strerror)


def _open_input(path: str | None, lang: str = "en", binary: bool = False) -> Any:
    if path in (None, "-"):
        return sys.stdin.buffer if binary else sys.stdin
    try:
        return open(path, "rb") if binary else open(path, encoding="utf-8")
    except OSError as problem:
        why = _say(N_("tutor score: cannot read {path}: {reason}"), lang, path=path, reason=_cannot_read(problem, lang))
        raise SystemExit(why) from None


def _request_from_options(args: argparse.Namespace) -> dict[str, Any]:
    from tutor.engine.api import build_request

    return build_request(
        args.hand or "",
        args.win or "",
        seat=args.seat,
        round_wind=args.round,
        melds=[tuple(meld.partition(":")[::2]) for meld in args.meld],
        flags=[flag for flag in STANDARD_FLAGS if getattr(args, flag)],
        dora="".join(args.dora),
        ura="".join(args.ura),
        honba=args.honba,
        sticks=args.sticks,
        preset=args.preset,
        pao=args.pao or "",
        discarder=args.discarder or "",
    )


def run_import_log(args: argparse.Namespace) -> int:
    from tutor.gamelog import MAX_LOG_BYTES, LogError, compare, read_log

    lang = args.lang
    logs = []
    for name in args.files:
        try:
            if name == "-":
                data = sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
            else:
                with open(name, "rb") as stream:
                    data = stream.read(MAX_LOG_BYTES + 1)
        except OSError as problem:
            reason = _cannot_read(problem, lang)
            print(
                _say(N_("tutor import-log: {file}: cannot read it ({reason})"), lang, file=name, reason=reason),
                file=sys.stderr,
            )
            return 2
        try:
            if len(data) > MAX_LOG_BYTES:
                raise LogError(N_("the file is larger than 10 MB; a game log is far smaller"))
            logs.append(read_log(data, "<stdin>" if name == "-" else name))
        except LogError as problem:
            print(_say(N_("tutor import-log: {file}: {problem}"), lang, file=name, problem=problem), file=sys.stderr)
            return 2
    if args.jsonl:
        for log in logs:
            for win in log.wins:
                print(json.dumps(win.as_json(), ensure_ascii=False))
        return 0
    wins = disagree = 0
    for log in logs:
        for win in log.wins:
            wins += 1
            comparison = compare(win)
            disagree += bool(comparison.differences)
            print(_win_lines(win, comparison, lang))
    hands, draws = sum(log.hands for log in logs), sum(log.draws for log in logs)
    if disagree:
        verdict = _say(N_("our engine disagrees on {count}"), lang, count=disagree)
    else:
        verdict = _say(N_("our engine agrees on every one"), lang)
    summary = N_("{wins} win(s) in {hands} hand(s) ({draws} without a win); {verdict}.")
    print(_say(summary, lang, wins=wins, hands=hands, draws=draws, verdict=verdict))
    return 1 if disagree else 0


def _win_lines(win: Any, comparison: Any, lang: str = "en") -> str:
    """One win for `tutor import-log`: where, the hand, the log's score, ours; tiles, yaku, seats and
    rounds named in ``lang``."""
    from tutor.drawing.tiles_html import names_in_text
    from tutor.engine.hand import Hand, HandError
    from tutor.engine.messages import yaku_name
    from tutor.engine.pao import seat_name
    from tutor.messages.catalogues import Sentence, joined, say_in

    request, recorded, source = win.request, win.recorded, win.source
    if source.player:
        who = _say(N_("seat {number} ({player})"), lang, number=source.seat, player=source.player)
    else:
        who = _say(N_("seat {number}"), lang, number=source.seat)
    how = _say(N_("tsumo") if request["tsumo"] else N_("ron"), lang)
    where = _say(N_("{who}, {seat} seat, {how}"), lang, who=who, seat=seat_name(request["seat_wind"], lang), how=how)
    lines = [f"{source.file}  {source.round_title.text(lang)}  {where}"]
    melds = [(m.contract_kind, m.as_json()["tiles"]) for m in win.melds]
    extras = [yaku_name(flag, lang) for flag in FLAGS if flag != "tsumo" and request.get(flag)]
    try:
        said = Hand.parse(request["hand"], request["win"], melds).said()
    except HandError:  # a hand our engine refuses is still listed (its refusal follows), as the log wrote it
        said = Sentence(
            N_("{hand} wins on {win}"), hand=request["hand"] + "".join(f" {m[1]}" for m in melds), win=request["win"]
        )
    hand = names_in_text(said.text(lang), lang)
    lines.append("  " + hand + (_say(N_("; {extras}"), lang, extras=joined(extras, lang)) if extras else ""))

    def listed(yaku: Sequence[tuple[str, int]]) -> str:
        return joined([f"{yaku_name(name, lang)} {han}" for name, han in yaku], lang)

    logged = recorded.title.text(lang)
    lines.append(
        _say(
            N_("  log:  {score}  ({yaku})  {text}"), lang, score=logged, yaku=listed(recorded.yaku), text=recorded.text
        )
    )
    if comparison.error:
        lines.append(_say(N_("  ours: refused: {problem}"), lang, problem=comparison.error))
    else:
        ours = _say(
            N_("{han} han {fu} fu, {points} points"),
            lang,
            han=comparison.han,
            fu=comparison.fu,
            points=comparison.points,
        )
        lines.append(_say(N_("  ours: {score}  ({yaku})"), lang, score=ours, yaku=listed(comparison.yaku)))
    lines += [
        _say(N_("  DIFFERS: {difference}"), lang, difference=names_in_text(say_in(difference, lang), lang))
        for difference in comparison.differences
    ]
    return "\n".join(lines)


def run_serve(args: argparse.Namespace) -> int:
    from tutor import create_app
    from tutor.web.db import init_db

    app = create_app()
    with app.app_context():
        init_db()
    if args.debug:
        app.run(host=args.host, port=args.port, debug=True)
        return 0
    from tutor.engine.batch import default_workers
    from tutor.web.serving import serve

    # One process per core (at most 4), the same rule as batch scoring's workers.
    serve(app, args.host, args.port, args.threads, args.processes or default_workers())
    return 0


def run_check_lessons(args: argparse.Namespace) -> int:
    import os

    from tutor import create_app

    if args.folder and not os.path.isdir(args.folder):
        # Checked here: the site itself quietly serves the built-in lessons when the folder is missing.
        said = args.lang or "en"
        print(_say(N_("tutor check-lessons: there is no folder {folder}"), said, folder=args.folder), file=sys.stderr)
        return 2
    config: dict[str, Any] = {"SECRET_KEY": "check-lessons"}
    if args.folder:
        config["LESSONS_DIR"] = args.folder
    app = create_app(config)
    library = app.extensions["lessons"]
    languages = [args.lang] if args.lang else _lesson_languages(args.folder)
    failed = False
    for lang in languages:
        if len(languages) > 1:
            print(f"== {lang}")
        # One language checked is reported in it (its authors read it); several, in English.
        failed |= _check_book(library, lang, lang if args.lang else "en")
    return 1 if failed else 0


def _lesson_languages(folder: str | None) -> list[str]:
    """English first, then every language that has a folder of lessons, built in or the teacher's."""
    from pathlib import Path

    from tutor.app import resource_dir

    roots = [resource_dir("lessons")] + ([Path(folder)] if folder else [])
    found = {p.name for root in roots if root.is_dir() for p in root.iterdir() if p.is_dir() and len(p.name) <= 5}
    return ["en"] + sorted(found - {"en", "yaku", "reference"})


def _check_book(library: LessonLibrary, lang: str, said: str = "en") -> bool:
    """Report one language's own pages, in ``said``; True when one has a problem. Pages still in English are only listed."""
    from tutor.course.lessons import too_few_questions
    from tutor.course.prerequisites import asked_before_taught
    from tutor.messages.catalogues import LANGUAGES

    book = library.own_book(lang)
    for page in book.lessons.values():
        # Named by its title (in the book's language), not its slug: the file's path follows anyway.
        line = N_("lesson {order} {title}: {examples} worked example(s), {questions} question(s)  {path}")
        print(
            _say(
                line,
                said,
                order=f"{page.order:>2}",
                title=page.title,
                examples=page.examples,
                questions=len(page.questions),
                path=page.path,
            )
        )
    notes = book.yaku_notes.values()
    print(
        _say(
            N_("{notes} yaku notes, {examples} worked examples and {questions} questions in them"),
            said,
            notes=len(book.yaku_notes),
            examples=sum(p.examples for p in notes),
            questions=sum(len(p.questions) for p in notes),
        )
    )
    if lang != "en":
        missing = library.book(lang).untranslated()
        language = LANGUAGES[lang].name if lang in LANGUAGES else lang
        print(
            _say(
                N_("{count} page(s) not translated into {language} yet (readers get the English):"),
                said,
                count=len(missing),
                language=language,
            )
        )
        for page in missing:
            print(_say(N_("  untranslated {path}"), said, path=page.path))
    problems = book.problems + too_few_questions(book) + asked_before_taught(book)
    for problem in problems:
        print(_say(N_("PROBLEM {problem}"), said, problem=problem), file=sys.stderr)
    return bool(problems)


def run_generate(args: argparse.Namespace) -> int:
    import random

    from tutor.course.curriculum import TOPICS, hand_for_topic
    from tutor.engine import targets

    if args.list:
        for name, target in sorted(targets.TARGETS.items()):
            print(f"{target.kind:<4} {name:<24} {target.about}")
        for topic in sorted(TOPICS.values(), key=lambda t: t.id):
            if topic.targets or topic.hands:
                made = ", ".join(topic.targets) or getattr(topic.hands, "__name__", "")
                print(f"topic {topic.id:<23} {made}")
        return 0
    if args.count < 1:
        print(_say(N_("tutor generate: --count must be at least 1"), args.lang), file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    try:
        for number in range(1, args.count + 1):
            if args.target:
                request = targets.hand_for(args.target, rng, args.difficulty)
            elif args.topic:
                request = hand_for_topic(args.topic, rng, args.difficulty)
            else:
                request = targets.random_hand(rng, args.difficulty)
            line = (
                json.dumps(request, ensure_ascii=False)
                if args.jsonl
                else f"{number:>3}. {_worksheet_line(request, args.lang)}"
            )
            print(line)
    except targets.TargetError as problem:
        print(f"tutor generate: {problem}", file=sys.stderr)
        return 2
    return 0


def _worksheet_line(request: dict[str, Any], lang: str = "en") -> str:
    """One hand for a printed worksheet: tiles, calls, the win and the situation in words, in ``lang``
    (tiles by name: ``4-4-8-8-8 of bamboo``, ``碰 3万×3``)."""
    from tutor.drawing.tiles_html import names_in_text
    from tutor.engine.hand import Meld
    from tutor.engine.messages import text, yaku_name
    from tutor.engine.pao import seat_name
    from tutor.engine.rules import RuleSet
    from tutor.messages.catalogues import joined

    melds = [Meld.parse(m["kind"], m["tiles"]).said().text(lang) for m in request.get("melds", [])]
    hand = request["hand"] + "".join(f" [{meld}]" for meld in melds)
    line = _say(
        N_("{hand} wins on {win} by {how}, seat {seat}, {round} round"),
        lang,
        hand=hand,
        win=request["win"],
        how=_say(N_("tsumo") if request["tsumo"] else N_("ron"), lang),
        seat=seat_name(request["seat_wind"], lang),
        round=text(f"round.{request['round_wind']}", lang),
    )
    extras = [yaku_name(flag, lang) for flag in FLAGS if flag != "tsumo" and request.get(flag)]
    if request.get("dora_indicators"):
        extras.append(_say(N_("dora indicator {tiles}"), lang, tiles=" ".join(request["dora_indicators"])))
    if request.get("ura_indicators"):
        extras.append(_say(N_("ura indicator {tiles}"), lang, tiles=" ".join(request["ura_indicators"])))
    if request.get("honba"):
        extras.append(_say(N_("{count} honba"), lang, count=request["honba"]))
    if request.get("riichi_sticks"):
        extras.append(_say(N_("{count} riichi stick(s) on the table"), lang, count=request["riichi_sticks"]))
    if request.get("rules"):
        extras.append(RuleSet.from_overrides(request["rules"]).describe(lang))
    return names_in_text(line + (_say(N_("; {extras}"), lang, extras=joined(extras, lang)) if extras else ""), lang)


def run_init_db(args: argparse.Namespace) -> int:
    from tutor import create_app
    from tutor.web.db import init_db

    app = create_app()
    with app.app_context():
        version = init_db()
        print(f"Database ready at {app.config['DATABASE']} (schema version {version}).")
    return 0


def run_export_class(args: argparse.Namespace) -> int:
    from tutor import classroom, create_app
    from tutor.db import connect
    from tutor.web.db import init_db

    app = create_app()
    with app.app_context():
        init_db()
    db = connect(app.config["DATABASE"])
    try:
        if args.list or args.class_id is None:
            if not args.list:
                print("tutor export-class: give a class id; the classes are:", file=sys.stderr)
            for room, teacher, students in classroom.every_class(db):
                print(f"{room.id:>5}  {teacher:<20} {students:>4} students  {room.name}")
            return 0 if args.list else 2
        try:
            room = classroom.class_by_id(db, args.class_id)
        except classroom.NotFound:
            print(f"tutor export-class: there is no class {args.class_id} (see --list)", file=sys.stderr)
            return 2
        out = open(args.output, "w", newline="", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
        try:
            # The chunks the web exports stream: a large class is written as it is read.
            if args.format == "json":
                out.writelines(classroom.json_chunks(db, room))
                out.write("\n")
            else:
                out.writelines(classroom.results_csv(db, room))
        finally:
            if args.output:
                out.close()
    finally:
        db.conn.close()
    return 0


def run_reports(args: argparse.Namespace) -> int:
    from tutor import classroom, create_app
    from tutor.db import connect
    from tutor.web.db import init_db

    app = create_app()
    with app.app_context():
        init_db()
    db = connect(app.config["DATABASE"])
    try:
        found = classroom.every_report(db, include_closed=args.all)
    finally:
        db.conn.close()
    if args.json:
        fields = ("id", "status", "created_at", "closed_at", "question_id", "class_id", "assignment_id", "remark")
        rows = [{**{key: getattr(r, key) for key in fields}, "reporter": r.reporter} for r in found]
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0
    if not found:
        print("No open reports." if not args.all else "No reports.")
    for r in found:
        where = f"class {r.class_id} · {r.assignment_title} q{r.position}" if r.class_id else "practice"
        remark = " ".join(r.remark.split())
        print(f"{r.id:>5}  {r.status:<6} {r.created_at[:16]}  {r.question_id}  {where} · {r.reporter}: {remark}")
    return 0


def run_purge_guests(args: argparse.Namespace) -> int:
    from datetime import timedelta

    from tutor import create_app
    from tutor.accounts import purge_guests
    from tutor.db import connect
    from tutor.web.db import init_db

    if args.older_than < 1:
        print("tutor purge-guests: --older-than needs at least 1 day", file=sys.stderr)
        return 2
    app = create_app()
    with app.app_context():
        init_db()
    db = connect(app.config["DATABASE"])
    try:
        gone = purge_guests(db, timedelta(days=args.older_than))
    finally:
        db.conn.close()
    print(f"Deleted {gone} guest account{'' if gone == 1 else 's'} unused for {args.older_than} days or more.")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    import sqlite3
    from pathlib import Path

    from tutor import create_app
    from tutor.db import backup

    app = create_app()
    source = Path(app.config["DATABASE"])
    if not source.exists():
        print(f"tutor backup: there is no database at {source}", file=sys.stderr)
        return 2
    try:
        target = backup(source, args.destination)
    except (sqlite3.Error, OSError) as problem:
        print(f"tutor backup: {problem}", file=sys.stderr)
        return 1
    print(f"Backed up {source} to {target} ({target.stat().st_size:,} bytes, integrity check ok).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
