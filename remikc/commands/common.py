"""What the commands share: the exit codes, `UsageError`, the argument parser's class and
helpers to declare a command, and the checks and messages several commands make (a spec
file that must exist, a variant read or its errors printed)."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeAlias

from .. import ir
from ..diagnostics import Diagnostic, RemikcError, SpecError, did_you_mean, render_all
from ..spec.workspace import (
    PACKAGED,
    SUFFIX,
    Workspace,
    is_packaged,
    packaged_ids,
    packaged_paths,
    spec_exists,
)

OK, FINDINGS, USAGE = 0, 1, 2
# remikc itself could not do its work (a file or stream that cannot be written): the code of a
# wrong command line, as ruff has it, so that 1 always means something is wrong with the specs
CANNOT_WRITE = USAGE

# `--format json` layouts: each names its kind and version in a `format` key, and has a JSON
# Schema in docs/schemas/<kind>.json.  The version goes up when a key is removed or renamed or
# its meaning or type changes; a new key leaves it (docs/cli.md, "JSON output").
ERRORS_FORMAT = "remikc-errors/1"


class UsageError(RemikcError):
    """The command itself was wrong: exit code 2.  `usage` is the command's usage line, when
    argparse found the mistake."""

    def __init__(self, message: str, usage: str | None = None) -> None:
        super().__init__(message)
        self.message, self.usage = message, usage

    def __str__(self) -> str:
        return self.message if self.usage is None else f"{self.message}\n{self.usage}"


# argparse's words for a command or an option value it does not know
_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")


class Parser(argparse.ArgumentParser):
    out: TextIO | None = None  # where --help and --version go: main()'s stdout (see `cli._routed`)

    def error(self, message: str) -> NoReturn:
        chosen = _INVALID_CHOICE.search(message)
        hint = did_you_mean(chosen[1], re.findall(r"'([^']*)'", chosen[2])) if chosen else None
        if hint:
            message = f"{message}\nhint: {hint}"
        raise UsageError(f"{self.prog}: {message}", self.format_usage().rstrip())

    def _print_message(self, message: str, file: Any = None) -> None:
        # --help and --version: to main()'s stdout, and a failed write is reported (argparse
        # would drop it)
        if message:
            (self.out if self.out is not None and file in (None, sys.stdout) else
             file or sys.stderr).write(message)


EXIT_CODES = """exit codes:
  0    everything is fine
  1    a spec has errors, a check is violated or undecided
  2    the command itself was wrong (unknown option, missing file, cards that are not cards),
       or remikc could not write an output (a folder not writable, a full disk)
  130  stopped by Ctrl-C
  143  stopped by SIGTERM (`timeout`, `kill`)"""

SPEC_HELP = (f"a {SUFFIX} file; `-` reads standard input (see --stdin-filename); "
             f"`{PACKAGED}/<id>{SUFFIX}` a seed variant shipped with remikc")

Subparsers: TypeAlias = "argparse._SubParsersAction[Parser]"
"""What a command's `register(subparsers)` adds it to."""


def add_command(subparsers: Subparsers, name: str, summary: str,
                description: str | None = None, *, spec: bool = True) -> argparse.ArgumentParser:
    """A command's parser, with what every command takes (how much to say) and, for a command
    that reads specs, a name for a spec read from standard input."""
    return subparsers.add_parser(
        name, help=summary, description=description or summary[0].upper() + summary[1:] + ".",
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_talk(), _reads()] if spec else [_talk()])


def _talk() -> Parser:
    common = Parser(add_help=False)
    talk = common.add_mutually_exclusive_group()
    talk.add_argument("-q", "--quiet", action="store_true",
                      help="say only what is wrong (errors, warnings, failed checks): no progress, "
                           "no summary, nothing about what passed")
    talk.add_argument("-v", "--verbose", action="store_true",
                      help="say more: how long each step took and, for `check`, the spec lines "
                           "behind every check")
    return common


def _reads() -> Parser:
    reads = Parser(add_help=False)
    reads.add_argument("--stdin-filename", metavar="NAME", default=None,
                       help=f"the file name a spec read from `-` stands for, e.g. specs/moj{SUFFIX}: "
                            "its id is checked against it and `extends` looks beside it "
                            "(default: no name check, `extends` looks in the current folder)")
    return reads


def json_option(sub: argparse.ArgumentParser, kind: str) -> None:
    sub.add_argument("--format", choices=("text", "json"), default="text",
                     help=f"`text` for people (default); `json` for tools: "
                          f"\"format\": \"remikc-{kind}/1\", described by "
                          f"docs/schemas/{kind}.json")


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}` is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be above 0")
    return value


def rlimit(text: str) -> int:
    from ..verify.findings import MAX_RLIMIT

    value = positive(text)
    if value > MAX_RLIMIT:  # Z3 would take it modulo 2**32: 2**32 is 0, no limit at all
        raise argparse.ArgumentTypeError(f"must be at most {MAX_RLIMIT}, the largest work limit Z3 takes")
    return value


def workspace(args: argparse.Namespace) -> Workspace:
    """A workspace that already holds the spec read from standard input, if any."""
    return Workspace(given=dict(getattr(args, "given", {})))


def colour(stream: TextIO) -> bool:
    """Whether `stream` is coloured: decided once, when `main()` wrapped it (console.py)."""
    return bool(getattr(stream, "colour", False))


def need_paths(paths: Sequence[str], given: Mapping[str, bytes] | None = None) -> None:
    for path in paths:
        if given and path in given:
            continue  # read from standard input already
        if is_packaged(path) or path.rstrip("/") == PACKAGED:
            if not (spec_exists(path) or path.rstrip("/") == PACKAGED):
                raise UsageError(f"remikc: no seed variant {path} is shipped with remikc "
                                 "(`remikc list` shows them)")
        elif not os.path.exists(path):
            raise UsageError(f"remikc: no such file or folder: {path}{_seed_hint(path)}")


def _seed_hint(path: str) -> str:
    """For a missing `remik51`, `remik51.rules` or `DIR/remik51.rules`: where the seed variant
    of that id is, ` (the seed shipped with remikc is remikc:specs/remik51.rules)`.  A bare id
    is how `extends` and `remikc list` name it, and an easy slip on the command line."""
    ident = Path(path).name.removesuffix(SUFFIX)
    if ident not in packaged_ids():
        return ""
    return f" (the seed shipped with remikc is {PACKAGED}/{ident}{SUFFIX})"


def need_folder(option: str, value: str, example: str) -> None:
    """An empty folder name is refused: `Path("")` is the current folder, where nobody asking
    for `{option} ''` (an unset shell variable, most often) meant the files to go."""
    if not value:
        raise UsageError(f"remikc: {option} '' names no folder: give one, e.g. {option} {example} "
                         f"(or {option} . for the current folder)")


def need_spec_file(command: str, path: str, given: Mapping[str, bytes]) -> None:
    """`ir`, `diff`, `explain` and `simulate` read single specs: a folder is a slip for one of
    its files."""
    need_paths([path], given)
    if path in given:
        return
    if os.path.isdir(path) or path.rstrip("/") == PACKAGED:
        inside = packaged_paths() if path.rstrip("/") == PACKAGED else sorted(Path(path).glob("*" + SUFFIX))
        example = f", e.g. {inside[0]}" if inside else ""
        files = {"diff": f"two {SUFFIX} files", "simulate": f"one or two {SUFFIX} files"}.get(
            command, f"one {SUFFIX} file")
        raise UsageError(f"remikc: {path} is a folder; `remikc {command}` takes {files}{example}")


def errors(diagnostics: Sequence[Diagnostic], sources: Mapping[str, str], form: str,
           out: TextIO, err: TextIO) -> None:
    """Diagnostics as text on stderr, or, for `--format json`, on stdout shaped like a file
    of `check --format json`, so that a tool reading JSON gets its answer there either way."""
    if form == "json":
        body = {"format": ERRORS_FORMAT, "ok": False,
                "diagnostics": [d.to_json() for d in diagnostics]}
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
    else:
        print(render_all(diagnostics, sources, colour(err)), file=err)


def skipped(found: Sequence[Diagnostic], err: TextIO) -> None:
    """The W002 warnings for special files a folder held, on stderr."""
    if found:
        print(render_all(found, {}) + "\n", file=err)


def variant(space: Workspace, path: str, form: str, out: TextIO, err: TextIO) -> ir.Variant | None:
    """The variant of one spec file, or None once its errors are printed."""
    found = variants(space, [path], form, out, err)
    return found[0] if found else None


def warn(space: Workspace, paths: Sequence[str], err: TextIO) -> None:
    """The warnings about `paths` (read already), as text on stderr whatever the format: they
    change no exit code, and stdout keeps the shape a tool expects."""
    shown: list[Diagnostic] = []
    for path in paths:
        shown += [d for d in space.warnings(path) if d not in shown]
    if shown:
        print(render_all(shown, space.sources, colour(err)) + "\n", file=err)


def variants(space: Workspace, paths: Sequence[str], form: str, out: TextIO,
             err: TextIO) -> list[ir.Variant] | None:
    """The variants of several spec files, or None once the errors of all of them are printed."""
    problems: list[Diagnostic] = []
    found = []
    for path in paths:
        try:
            found.append(space.variant(path))
        except SpecError as exc:
            problems += [d for d in exc.diagnostics if d not in problems]
    if problems:
        errors(problems, space.sources, form, out, err)
        return None
    warn(space, paths, err)
    return found
