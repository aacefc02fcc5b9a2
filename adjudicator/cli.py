"""The JSON command line (``spec/adjudicator-cli.md``).

    python -m adjudicator resolve  < position.json  > result.json
    python -m adjudicator start kapitalisten --options '{"players": 8}'  > position.json
    python -m adjudicator map standard
    python -m adjudicator variants

Bad input never gives a traceback: exit status 2 and ``{"error", "path"}``. Input and
output are UTF-8, as JSON is (RFC 8259), whatever the locale says.
"""

from __future__ import annotations

import gc
import io
import json
import sys
from typing import Any, TextIO

from adjudicator.errors import AdjudicatorError, PositionError
from adjudicator.game import start
from adjudicator.io import load_json, position_to_json, resolve_json
from adjudicator.variants import VARIANTS, find_variant

USAGE = (
    "usage: python -m adjudicator resolve [--pretty] < position.json\n"
    "       python -m adjudicator start VARIANT [--options JSON] [--seed N] [--pretty]\n"
    "       python -m adjudicator map [VARIANT]\n"
    "       python -m adjudicator variants"
)


def _emit(obj: Any, out: TextIO, indent: int | None = None) -> None:
    # Built here, fresh, with no cycle in it: the encoder need not look for one.
    out.write(json.dumps(obj, ensure_ascii=False, indent=indent, check_circular=False))
    out.write("\n")


def _error(message: str, path: str, out: TextIO) -> int:
    _emit({"error": message, "path": path}, out)
    return 2


def main(argv: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one command; returns the exit status (0, or 2 for bad input).

    Without ``stdin`` and ``stdout``, the process's own, read and written as UTF-8.
    """
    if stdin is None:
        stdin = _utf_8(sys.stdin, "utf-8-sig")  # a byte order mark may be ignored (RFC 8259)
    if stdout is None:
        stdout = _utf_8(sys.stdout, "utf-8")
    if not argv or argv[0] in ("-h", "--help", "help"):
        stdout.write(USAGE + "\n")
        return 0 if argv else 2
    command, args = argv[0], argv[1:]
    if command == "variants":
        _emit(sorted(VARIANTS), stdout)
        return 0
    if command == "map":
        if len(args) > 1:
            return _error("map takes one variant name", "", stdout)
        try:
            variant = find_variant(args[0] if args else "standard")
        except AdjudicatorError as e:
            return _error(str(e), "variant", stdout)
        _emit(variant.map.to_json(), stdout)
        return 0
    if command == "start":
        return _start(args, stdout)
    if command == "resolve":
        if args not in ([], ["--pretty"]):
            return _error(
                "resolve reads its input from standard input; its only option is --pretty",
                "",
                stdout,
            )
        return _resolve(stdin, stdout, 2 if args else None)
    return _error(f"unknown command {command!r}; {USAGE}", "", stdout)


def _utf_8(stream: TextIO, encoding: str) -> TextIO:
    """The stream, switched to ``encoding``: the locale's encoding (ASCII in a C locale,
    or whatever PYTHONIOENCODING says) would refuse to read or write other text."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(encoding=encoding, errors="strict")
    return stream


def _resolve(stdin: TextIO, stdout: TextIO, indent: int | None) -> int:
    if stdin is None:  # the process's standard input is closed: Python has none
        return _error("there is no standard input to read the position from", "", stdout)
    try:
        data = load_json(stdin.read())
    except UnicodeDecodeError as e:
        return _error(f"the input is not JSON: {e}", "", stdout)
    except PositionError as e:
        return _error(e.message, e.path, stdout)
    # What is loaded by now (the modules, the maps, the input) lives until the end: the
    # collector need not look at it again. Phases make many short-lived objects and few
    # cycles (reference counting frees them): the collector runs, but less often.
    gc.freeze()
    gc.set_threshold(100_000, 20, 100)
    try:
        if isinstance(data, list):
            answers = []
            for n, item in enumerate(data):
                try:
                    answers.append(resolve_json(item))
                except PositionError as e:
                    raise e.at(f"[{n}]") from None
            _emit(answers, stdout, indent)
        else:
            _emit(resolve_json(data), stdout, indent)
    except PositionError as e:
        return _error(e.message, e.path, stdout)
    except AdjudicatorError as e:
        return _error(str(e), "", stdout)
    except RecursionError:
        return _error("the input is nested too deeply", "", stdout)
    return 0


def _start(args: list[str], stdout: TextIO) -> int:
    """The opening position of a new game of a variant: the input ``resolve`` takes."""
    if not args or args[0].startswith("--"):
        return _error("start takes a variant name first", "", stdout)
    name, rest = args[0], args[1:]
    options: Any = None
    seed = 0
    indent: int | None = None
    while rest:
        flag, rest = rest[0], rest[1:]
        if flag == "--pretty":
            indent = 2
            continue
        if flag not in ("--options", "--seed") or not rest:
            return _error("start's options are --options JSON, --seed N and --pretty", "", stdout)
        value, rest = rest[0], rest[1:]
        if flag == "--seed":
            if not (value.isascii() and value.isdigit()) or len(value) > 19:
                return _error("the seed is a whole number from 0", "seed", stdout)
            seed = int(value)
            continue
        try:
            options = load_json(value)
        except PositionError as e:
            return _error(e.message, "options", stdout)
        if not isinstance(options, dict):
            return _error("the options are a JSON object", "options", stdout)
    try:
        variant = find_variant(name)
    except AdjudicatorError as e:
        return _error(str(e), "variant", stdout)
    try:
        position = start(variant, options, seed=seed)
    except PositionError as e:
        return _error(e.message, e.path, stdout)
    _emit(position_to_json(position), stdout, indent)
    return 0
