"""Batch scoring, the engine behind ``tutor score --jsonl``: one request per line in, one response per line out.

A line that is not valid JSON, not a JSON object, or nested too deeply to
read, gets a ``bad_request`` line and the batch goes on. Answers keep the order of the requests.

Two ways through a batch:

* a stream (a pipe or a terminal): answer whatever complete lines have
  arrived, write those answers in one go, repeat. A program can send one line
  and wait for its answer.
* a file of many lines on a machine with several cores: split the lines into
  contiguous slices, answer each slice in a forked worker, write the slices
  back in order.
"""

from __future__ import annotations

import gc
import json
import os
import stat
from typing import Any, BinaryIO

from tutor.engine.api import error, score_request

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; without it the standard parser reads every line
    orjson = None  # type: ignore[assignment]

PARALLEL_MIN_LINES = 1000
"""Below this many lines one process is quicker than forking workers."""
_SLICE = 256
"""Lines of a file answered and written at a time by one process."""

# Responses are fresh trees without cycles: skip the encoder's cycle check.
_json_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
_lstrip = bytes.lstrip


def _encode(response: dict[str, Any]) -> bytes:
    """``json.dumps(response, ensure_ascii=False)`` as UTF-8, byte for byte.

    orjson writes the same strings and numbers four times quicker, but without the spaces after
    "," and ":". Indented, it puts each item on a line of its own and a space after each ":"; a
    string never holds a raw newline (it is written as \\n), so every newline in that text is
    one of orjson's: a "," that ends a line gets its space back and the line breaks and indents go.
    What orjson refuses (a number past 64 bits, a lone surrogate ...) takes the standard encoder.
    """
    if orjson is not None:
        try:
            indented = orjson.dumps(response, option=orjson.OPT_INDENT_2)
        except TypeError:
            pass
        else:
            return b"".join(map(_lstrip, indented.replace(b",\n", b", \n").split(b"\n")))
    return _json_encode(response).encode()


# orjson reads a number of 19 digits or more as a float when it is past 64 bits, where Python's
# parser keeps an int (and a refusal quotes it): such lines take the standard parser. A line holds
# 19 digits in a row when, with every digit written as 0, it holds nineteen 0s in a row: found in C
# in one pass (a regular expression for [0-9]{19} starts again inside every run of digits, and the
# digit runs of a hand's tiles made it cost more than the rest of reading the line).
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0000000000")
_LONG_NUMBER = b"0" * 19


def _has_long_number(line: bytes) -> bool:
    return _LONG_NUMBER in line.translate(_DIGITS_AS_ZERO)


def _read(line: bytes) -> Any:
    """The JSON value of a line, as ``json.loads`` reads it (orjson, about three times quicker, where
    it reads the same value; the standard parser for everything else, and for the error messages)."""
    if orjson is not None and not _has_long_number(line):
        try:
            return orjson.loads(line)
        except ValueError:  # not JSON orjson accepts (lone surrogates, NaN, deep nesting ...): ask json
            pass
    return json.loads(line.decode())


def answer_line(line: bytes) -> bytes:
    """The response (JSON text as UTF-8, no newline) for one request line."""
    try:
        request = _read(line)
    except ValueError as problem:  # invalid JSON, or bytes that are not UTF-8
        response = error("bad_request", f"this line is not valid JSON: {problem}")
    except RecursionError:  # e.g. [[[[...]]]] thousands deep: Python's parser recurses once per level
        response = error("bad_request", "this line's JSON is nested too deeply to read")
    else:
        response = score_request(request)
    return _encode(response)


def answer_lines(lines: list[bytes]) -> bytes:
    """The response lines for request lines, in order, each ending with a newline."""
    if not lines:
        return b""
    # A request's objects, its response included, form trees without cycles that reference counting
    # frees as soon as the line is answered (a test keeps it so): the cycle collector, which would
    # otherwise look over the young objects every 700 allocations, has nothing to find in them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return b"\n".join(map(answer_line, lines)) + b"\n"
    finally:
        if collecting:
            gc.enable()


def default_workers() -> int:
    """One worker per core (at most 4), or 1 where processes cannot be forked."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(os.cpu_count() or 1, 4))


def score_stream(source: BinaryIO, out: BinaryIO, workers: int | None = None) -> None:
    """Answer every request line of ``source`` on ``out``."""
    workers = default_workers() if workers is None else workers
    if _is_regular_file(source):
        lines = source.read().split(b"\n")
        if not lines[-1].strip():
            lines.pop()  # the newline after the last request, or an empty file
        if workers > 1 and len(lines) >= PARALLEL_MIN_LINES:
            _answer_in_parallel(lines, out, workers)
        else:
            # A slice at a time: the answers to a whole file would be several times its size in
            # memory (twice, joined), and fresh memory costs a page fault per 4 kB.
            for start in range(0, len(lines), _SLICE):
                out.write(answer_lines(lines[start : start + _SLICE]))
        out.flush()
        return
    read = getattr(source, "read1", source.read)
    pending = b""
    while chunk := read(1 << 16):
        pending += chunk
        *complete, pending = pending.split(b"\n")
        if complete:
            out.write(answer_lines(complete))
            out.flush()
    if pending.strip():
        out.write(answer_lines([pending]))
    out.flush()


def _is_regular_file(stream: BinaryIO) -> bool:
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):  # in-memory streams have no file descriptor
        return False


def _answer_in_parallel(lines: list[bytes], out: BinaryIO, workers: int) -> None:
    """Answer contiguous slices in forked workers (each writes to its own temporary file)."""
    import tempfile  # only batches that fork need it

    size = -(-len(lines) // workers)
    slices = [lines[start : start + size] for start in range(0, len(lines), size)]
    children: list[tuple[int, BinaryIO | None, list[bytes]]] = []
    for part in slices[1:]:
        try:
            spool = tempfile.TemporaryFile()  # noqa: SIM115 - it outlives this block: read after the worker ends
            pid = os.fork()
        except OSError:  # no room for a spool file, or no more processes: this one answers the rest
            children.append((-1, None, part))
            continue
        if pid == 0:  # the worker: answer its slice, then leave without running the parent's cleanup
            code = 1
            try:
                spool.write(answer_lines(part))
                spool.flush()
                code = 0
            finally:
                os._exit(code)
        children.append((pid, spool, part))
    out.write(answer_lines(slices[0]))
    for pid, spooled, part in children:
        if spooled is not None and os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0:
            spooled.seek(0)
            out.write(spooled.read())
        else:  # the worker failed or never started: answer its slice here rather than lose it
            out.write(answer_lines(part))
        if spooled is not None:
            spooled.close()
