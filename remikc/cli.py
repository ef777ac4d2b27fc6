"""The `remikc` command: `main(argv, stdout, stderr) -> exit code`.

Exit codes: 0 everything is fine; 1 a spec has errors, a check is violated or
undecided; 2 the command itself was wrong (unknown option, missing file, a
folder where one spec file is wanted, cards that are not cards) or remikc could
not do its work: a file or a stream could not be written.

This module parses the command line, reads a spec given as `-` from standard input and
wraps the two streams in a `console.Console`; each command is a module of remikc/commands/.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO, TextIO, cast

from . import __version__, console
from .atomic import WriteError
from .commands import COMMANDS
from .commands.common import CANNOT_WRITE, EXIT_CODES, USAGE, Parser, UsageError
from .interrupt import CtrlC
from .proofcache import explained
from .spec.workspace import STDIN, SUFFIX, read_limited

INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C
TERMINATED = 143  # 128 + SIGTERM, as shells report a command stopped by `kill`

USAGE_FORMAT = "remikc-usage/1"


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="remikc", description="Compile and verify the rules of Rummy variants.",
                    epilog=EXIT_CODES + "\n\n`remikc COMMAND --help` tells more about each command.",
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-V", "--version", action="version", version=f"remikc {__version__}",
                        help="print remikc's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS.values():
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None, stdin: BinaryIO | None = None) -> int:
    """Run one command.  Output goes through `console.Console`: ASCII cards and marks on a
    stream that cannot encode `♥ ✓`, and a write that fails (a full disk, a reader that went
    away) is one line on standard error and exit 2, never a traceback."""
    out = console.Console(sys.stdout if stdout is None else stdout, "standard output")
    err = console.Console(sys.stderr if stderr is None else stderr, "standard error")
    interrupt = CtrlC()
    try:
        try:
            with interrupt:
                code = _run(argv, cast(TextIO, out), cast(TextIO, err), stdin)
        except BaseException:
            if not interrupt.seen:
                raise
            # Ctrl-C: one line and 130, no traceback; what was written stays written, and
            # the outputs are atomic, so no half-written file is left
            out.flush()
            err.write("remikc: terminated\n" if interrupt.terminated else "remikc: interrupted\n")
            code = TERMINATED if interrupt.terminated else INTERRUPTED
        finally:
            out.flush()  # now, for a failure to be caught here rather than at exit
        err.flush()
        return code
    except console.StreamError as exc:
        exc.console.silence()  # Python's flush at exit must not fail again
        with contextlib.suppress(console.StreamError):
            err.write(f"remikc: error: {exc}\n")
            err.flush()
        return CANNOT_WRITE


def _asks_for_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for `--format json`, read before (and whatever) argparse
    makes of it: a usage error then comes as JSON too."""
    for i, word in enumerate(argv):
        if word == "--":
            return False
        if word == "--format=json" or (word == "--format" and argv[i + 1:i + 2] == ["json"]):
            return True
    return False


def _usage_json(exc: UsageError) -> str:
    body = {"format": USAGE_FORMAT, "ok": False, "exit_code": USAGE, "error": exc.message,
            "usage": exc.usage}
    return json.dumps(body, ensure_ascii=False, indent=2) + "\n"


def _run(argv: Sequence[str] | None, out: TextIO, err: TextIO, stdin: BinaryIO | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = _parser()
        args, extra = _routed(parser, out).parse_known_args(words)
        if extra:  # refused by the command's own parser, whose usage it shows (not remikc's)
            _command(parser, args.command).error(f"unrecognized arguments: {' '.join(extra)}")
        if args.command is None:
            raise UsageError(_parser().format_help().rstrip())
        if getattr(args, "format", "text") == "json":
            cast(console.Console, out).json = True  # ASCII-safe JSON, not transliterated text
        args.given = _read_stdin(args, stdin)
        args.parser = parser  # for `remikc completion`, which completes this very parser
        started = time.perf_counter()
        with explained(err if args.verbose else None):  # a cache entry ignored, and why
            code = COMMANDS[args.command].run(args, out, err)
        if args.verbose:
            print(f"remikc: {args.command} took {time.perf_counter() - started:.2f} s", file=err)
        return code
    except UsageError as exc:
        if _asks_for_json(words):  # a tool reading JSON gets its answer on stdout either way
            cast(console.Console, out).json = True
            out.write(_usage_json(exc))
        else:
            print(str(exc), file=err)
        return USAGE
    except WriteError as exc:
        print(f"remikc: error: {exc}", file=err)
        return CANNOT_WRITE
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0)


# where each command reads specs: the arguments that may be `-`
_SPEC_ARGUMENTS = {"check": ("paths",), "fmt": ("paths",), "ir": ("spec",), "explain": ("spec",),
                   "diff": ("first", "second"), "simulate": ("spec", "second"), "sweep": ("spec",)}


def _read_stdin(args: argparse.Namespace, stdin: BinaryIO | None) -> dict[str, bytes]:
    """A spec given as `-`: read from standard input, once, under the name --stdin-filename
    gives (its id is checked against that name and `extends` looks beside it), else `STDIN`.
    Returns {name: bytes} and puts the name in the arguments in place of `-`."""
    names = _SPEC_ARGUMENTS.get(args.command, ())
    dashes = 0
    for name in names:
        value = getattr(args, name)
        dashes += value.count("-") if isinstance(value, list) else value == "-"
    stdin_name = getattr(args, "stdin_filename", None)
    if not dashes:
        if stdin_name is not None:
            raise UsageError(f"remikc: --stdin-filename names the spec read from `-`, and no "
                             f"spec is `-`: write `remikc {args.command} - --stdin-filename "
                             f"{stdin_name}`")
        return {}
    if dashes > 1:
        raise UsageError("remikc: `-` (standard input) can be given once")
    if stdin_name is not None and not stdin_name.endswith(SUFFIX):
        raise UsageError(f"remikc: --stdin-filename takes a spec file's name, ending in {SUFFIX}: "
                         f"`{Path(stdin_name).stem}{SUFFIX}`")
    label = stdin_name or STDIN
    for name in names:
        value = getattr(args, name)
        if isinstance(value, list):
            setattr(args, name, [label if v == "-" else v for v in value])
        elif value == "-":
            setattr(args, name, label)
    source = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
    try:
        data = read_limited(source) if source is not None else b""  # past the limit: E030
    except OSError as exc:
        raise UsageError(f"remikc: cannot read standard input: {exc.strerror or exc}") from None
    return {label: data}


def _command(parser: argparse.ArgumentParser, name: str | None) -> argparse.ArgumentParser:
    """The parser of the command `name`, or `parser` itself where there is none."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            return cast(argparse.ArgumentParser, action.choices[name])
    return parser


def _routed(parser: argparse.ArgumentParser, out: TextIO) -> argparse.ArgumentParser:
    """`parser`, and its commands' parsers, printing --help and --version to `out`."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _routed(command, out)
    if isinstance(parser, Parser):
        parser.out = out
    return parser

