"""The `remikc` command: `main(argv, stdout, stderr) -> exit code`.

Exit codes: 0 everything is fine; 1 a spec has errors, a check is violated or
undecided, or an output cannot be written; 2 the command itself was wrong
(unknown option, missing file, a folder where one spec file is wanted, cards
that are not cards).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO, NoReturn, TextIO, cast

from . import __version__, console, ir
from .atomic import WriteError, check_folder, rewrite, write_atomic, write_files
from .diagnostics import Diagnostic, RemikcError, SpecError, did_you_mean, error, render_all
from .driver import Verifier, check_paths
from .interrupt import CtrlC
from .irdump import to_json as ir_json
from .irdump import to_text as ir_text
from .new_variant import skeleton
from .proofcache import explained
from .removals import annotate, removed_checks
from .sim.words import count, seeds
from .spec.workspace import (
    PACKAGED,
    STDIN,
    SUFFIX,
    VARIANT_ID,
    Workspace,
    is_packaged,
    packaged_ids,
    packaged_paths,
    parent_path,
    read_limited,
    shadows_shipped,
    spec_exists,
)
from .verify import Status, render_text
from .verify import to_json as verify_json

OK, FINDINGS, USAGE = 0, 1, 2
INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C

# `--format json` layouts: each names its kind and version in a `format` key, and has a JSON
# Schema in docs/schemas/<kind>.json.  The version goes up when a key is removed or renamed or
# its meaning or type changes; a new key leaves it (docs/cli.md, "JSON output").
CHECK_FORMAT = "remikc-check/1"
DIFF_FORMAT = "remikc-diff/1"
EXPLAIN_FORMAT = "remikc-explain/1"
ERRORS_FORMAT = "remikc-errors/1"
USAGE_FORMAT = "remikc-usage/1"
SWEEP_FORMAT = "remikc-sweep/1"


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


class _Parser(argparse.ArgumentParser):
    out: TextIO | None = None  # where --help and --version go: main()'s stdout (see `_routed`)

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
  1    a spec has errors, a check is violated or undecided, or an output cannot be written
  2    the command itself was wrong (unknown option, missing file, cards that are not cards)
  130  stopped by Ctrl-C"""

SPEC_HELP = (f"a {SUFFIX} file; `-` reads standard input (see --stdin-filename); "
             f"`{PACKAGED}/<id>{SUFFIX}` a seed variant shipped with remikc")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="remikc", description="Compile and verify the rules of Rummy variants.",
                     epilog=EXIT_CODES + "\n\n`remikc COMMAND --help` tells more about each command.",
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-V", "--version", action="version", version=f"remikc {__version__}",
                        help="print remikc's version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    # what every command takes: how much to say, and a name for a spec read from stdin
    common = _Parser(add_help=False)
    talk = common.add_mutually_exclusive_group()
    talk.add_argument("-q", "--quiet", action="store_true",
                      help="say only what is wrong (errors, warnings, failed checks): no progress, "
                           "no summary, nothing about what passed")
    talk.add_argument("-v", "--verbose", action="store_true",
                      help="say more: how long each step took and, for `check`, the spec lines "
                           "behind every check")
    reads = _Parser(add_help=False)
    reads.add_argument("--stdin-filename", metavar="NAME", default=None,
                       help=f"the file name a spec read from `-` stands for, e.g. specs/moj{SUFFIX}: "
                            "its id is checked against it and `extends` looks beside it "
                            "(default: no name check, `extends` looks in the current folder)")

    def command(name: str, summary: str, description: str | None = None, *,
                spec: bool = True) -> argparse.ArgumentParser:
        return commands.add_parser(
            name, help=summary, description=description or summary[0].upper() + summary[1:] + ".",
            epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter,
            parents=[common, reads] if spec else [common])

    def json_option(sub: argparse.ArgumentParser, kind: str) -> None:
        sub.add_argument("--format", choices=("text", "json"), default="text",
                         help=f"`text` for people (default); `json` for tools: "
                              f"\"format\": \"remikc-{kind}/1\", described by "
                              f"docs/schemas/{kind}.json")

    check = command("check", "check specs and verify their rules (files or folders)")
    check.add_argument("paths", nargs="+", metavar="PATH",
                       help=f"{SUFFIX} files, or folders searched for them; `-` reads a spec "
                            "from standard input")
    json_option(check, "check")
    check.add_argument("--no-verify", action="store_true",
                       help="only read the specs: skip the Z3 checks")
    check.add_argument("--rlimit", type=_rlimit, default=None, metavar="N",
                       help="solver work limit per question (Z3 rlimit); running out gives `?`")
    check.add_argument("--timings", action="store_true", help="show each check's solver time")
    check.add_argument("--jobs", type=_positive, default=None, metavar="N",
                       help="variants verified side by side (default: the number of cores, up to 4)")
    check.add_argument("--no-cache", action="store_true",
                       help="prove everything again: neither read nor write the proof cache")

    cache = command("cache", "the proof cache (.remikc_cache/ or $REMIKC_CACHE_DIR)",
                    "Manage the proof cache that `check`, `build` and `sweep` keep beside the specs\n"
                    "(proofs and rulebook examples).", spec=False)
    cache.add_argument("action", choices=("clear",), help="clear: delete the cached proofs and examples")
    cache.add_argument("paths", nargs="*", default=[], metavar="PATH",
                       help="spec files or folders whose caches to clear, or remikc:specs for the "
                            "shipped seeds' (default: here and the shipped seeds')")

    show = command("ir", "print a variant's resolved rules",
                   "Print a variant's rules once `extends` is resolved: every rule, whichever\n"
                   "file gives it.")
    show.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    json_option(show, "ir")

    build = command("build", "generate validator modules and rulebooks for the variants",
                    "Generate, for each variant, a validator module (stdlib-only Python) and\n"
                    "its rulebooks in Polish and Croatian (Markdown), written atomically into --out.",
                    spec=False)
    build.add_argument("paths", nargs="*", metavar="SPEC|DIR",
                       help=f"{SUFFIX} files or folders (default: specs/)")
    build.add_argument("--out", default="generated", metavar="DIR",
                       help="output folder (default: generated)")
    build.add_argument("--check", action="store_true",
                       help="write nothing; exit 1 and name the files a fresh build would change")
    build.add_argument("--pdf", action="store_true",
                       help="also write each rulebook as an A4 PDF (rulebook.pl.pdf, ...) through "
                       "WeasyPrint: pip install 'remikc[pdf]'; not compared by --check")
    build.add_argument("--no-cache", action="store_true",
                       help="find every rulebook example again: neither read nor write the proof "
                            "cache, where a build keeps them")

    explain = command("explain", "judge cards under a variant, with the rules used")
    explain.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    explain.add_argument("cards", metavar="CARDS",
                         help='cards as a spec writes them, e.g. "Q♥ K♥ A♥ 2♥" (ASCII: "Qh Kh Ah 2h")')
    mode = explain.add_mutually_exclusive_group()
    mode.add_argument("--opening", action="store_true",
                      help='judge a first lay-down: melds separated by "+", e.g. "6♠ 7♠ 8♠ + 10♦ 10♣ 10♥"')
    mode.add_argument("--hand", action="store_true", help="count the cards as a hand left at the end")
    explain.add_argument("--not-opened", action="store_true",
                         help="with --hand: the player never opened")
    json_option(explain, "explain")

    compare = command("diff", "what changes between two variants, with witnesses")
    compare.add_argument("first", metavar="A", help="the variant before: " + SPEC_HELP)
    compare.add_argument("second", metavar="B", help="the variant after, e.g. a house rule of A")
    json_option(compare, "diff")
    compare.add_argument("--rlimit", type=_rlimit, default=None, metavar="N",
                         help="solver work limit per question (Z3 rlimit)")

    new = command("new", "write a commented house-rule variant to start from", spec=False)
    new.add_argument("name", metavar="NAME",
                     help=f"the new variant's id, and its file's name: NAME{SUFFIX} "
                          "(lower-case letters, digits and `_`)")
    new.add_argument("--extends", required=True, metavar="ID",
                     help="the variant it changes: one in --dir, else a seed variant shipped "
                          "with remikc (`remikc list`)")
    new.add_argument("--dir", default="specs", metavar="DIR",
                     help="folder the new file goes into, beside a local parent (default: specs)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")

    listing = command("list", "list the seed variants shipped with remikc, and those in the "
                      "given folders", spec=False)
    listing.add_argument("paths", nargs="*", metavar="DIR|SPEC", help="folders or spec files to list")

    simulate = command("simulate", "play many games under a variant (or two) and report length, "
                       "stalemates and seat advantage")
    simulate.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    simulate.add_argument("second", metavar="SPEC2", nargs="?",
                          help="a second variant (e.g. a house rule) to compare with the first")
    simulate.add_argument("--games", type=_games, default=1000, metavar="N|auto",
                          help="games per variant (default: 1000); `auto`: in batches (50, then "
                               "doubling) until every interval is narrower than its --width-*, or "
                               "--max-games")
    simulate.add_argument("--max-games", type=_positive, default=2000, metavar="N",
                          help="with --games auto: the most games per variant (default: 2000)")
    simulate.add_argument("--width-turns", type=_width, default=10.0, metavar="W",
                          help="with --games auto: the widest interval wanted for a metric in turns "
                               "or deals (default: 10)")
    simulate.add_argument("--width-share", type=_width, default=10.0, metavar="PP",
                          help="... for a share, in percentage points (default: 10)")
    simulate.add_argument("--width-points", type=_width, default=50.0, metavar="W",
                          help="... for a metric in points (default: 50)")
    simulate.add_argument("--players", type=_positive, default=None, metavar="P",
                          help="players per game (default: the lowest count the variants allow)")
    simulate.add_argument("--seed", type=int, default=1, metavar="S",
                          help="game i is played with seed S+i (default: 1)")
    simulate.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                          help="how every seat plays (default: greedy)")
    simulate.add_argument("--max-deals", type=_positive, default=200, metavar="N",
                          help="stop a game the rules have not ended after N deals; it is reported "
                               "as capped, not finished (default: 200)")
    simulate.add_argument("--jobs", type=_positive, default=None, metavar="N",
                          help="games played at once, each in its own process (default: one per "
                               "core); the report is the same whatever N")
    simulate.add_argument("--scheduler", metavar="ADDRESS", default=None,
                          help="play the games on the Dask distributed cluster whose scheduler is "
                               "at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of local processes; "
                               "needs remikc[cluster] (docs/simulate.md)")
    json_option(simulate, "simulate")
    simulate.add_argument("--plot", metavar="FILE", default=None,
                          help="also draw the distributions into a picture, in the format its "
                               "extension names: .png, .svg, .pdf, ... (needs matplotlib)")
    sweep = command("sweep", "play a variant under each value of a rule (house variants made in "
                    "memory) and tabulate every metric against the value")
    sweep.add_argument("spec", metavar="SPEC", help=SPEC_HELP)
    sweep.add_argument("--vary", action="append", required=True, metavar="RULE=VALUES",
                       help="a rule and its values: section.key=A..B:STEP or A,B,C (numbers or "
                            "words); several --vary make a grid")
    sweep.add_argument("--games", type=_positive, default=200, metavar="N",
                       help="games per value (default: 200)")
    sweep.add_argument("--players", type=_positive, default=None, metavar="P",
                       help="players per game (default: the lowest count the variant allows)")
    sweep.add_argument("--seed", type=int, default=1, metavar="S",
                       help="game i of every value is played with seed S+i (default: 1)")
    sweep.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                       help="how every seat plays (default: greedy)")
    sweep.add_argument("--max-deals", type=_positive, default=200, metavar="N",
                       help="stop a game the rules have not ended after N deals (default: 200)")
    sweep.add_argument("--jobs", type=_positive, default=None, metavar="N",
                       help="games played at once, in worker processes (default: one per core)")
    sweep.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="play the games on the Dask distributed cluster whose scheduler is "
                            "at ADDRESS (e.g. tcp://10.0.0.5:8786) instead of local processes; "
                            "needs remikc[cluster] (docs/simulate.md)")
    sweep.add_argument("--no-cache", action="store_true",
                       help="prove every value again: neither read nor write the proof cache")
    json_option(sweep, "sweep")
    sweep.add_argument("--plot", metavar="FILE", default=None,
                       help="also chart every metric against the value, with its interval, in the "
                            "format the extension names: .png, .svg, .pdf, ... (needs matplotlib)")

    fmt = command("fmt", "lay spec files out in the one canonical layout (docs/dsl.md, \"Layout\")",
                  "Rewrite spec files in the canonical layout, keeping every comment and quoted\n"
                  "text; a file with syntax errors is left as it is and its errors are shown.")
    fmt.add_argument("paths", nargs="+", metavar="PATH",
                     help=f"{SUFFIX} files, or folders searched for them; `-` reads a spec from "
                          "standard input and writes it, laid out, to standard output")
    fmt.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 and name the files that would change")
    fmt.add_argument("--diff", action="store_true",
                     help="write nothing; print what would change as a unified diff")

    lsp = command("lsp", "run the language server for editors, on standard input and output",
                  "Run the remikc language server (LSP) over standard input and output, for\n"
                  "an editor to start: live errors, hover, completion, outline, go to\n"
                  "definition, quick fixes and formatting.  Needs `pip install 'remikc[lsp]'`.",
                  spec=False)
    lsp.add_argument("--stdio", action="store_true",
                     help="talk over standard input and output (the default and only way; "
                          "accepted because editors often pass it)")

    completion = command("completion", "print a shell completion script",
                         "Print a completion script for bash, zsh or tcsh, e.g.\n"
                         "  remikc completion bash > ~/.local/share/bash-completion/completions/remikc\n"
                         "  remikc completion zsh > ~/.zfunc/_remikc   (with ~/.zfunc in $fpath)",
                         spec=False)
    completion.add_argument("shell", choices=("bash", "zsh", "tcsh"), help="the shell to complete for")
    return parser


def _games(text: str) -> int | str:
    return "auto" if text == "auto" else _positive(text)


def _width(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}` is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError("must be a number above 0")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text}` is not a number") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be above 0")
    return value


def _rlimit(text: str) -> int:
    from .verify.findings import MAX_RLIMIT

    value = _positive(text)
    if value > MAX_RLIMIT:  # Z3 would take it modulo 2**32: 2**32 is 0, no limit at all
        raise argparse.ArgumentTypeError(f"must be at most {MAX_RLIMIT}, the largest work limit Z3 takes")
    return value


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None, stdin: BinaryIO | None = None) -> int:
    """Run one command.  Output goes through `console.Console`: ASCII cards and marks on a
    stream that cannot encode `♥ ✓`, and a write that fails (a full disk, a reader that went
    away) is one line on standard error and exit 1, never a traceback."""
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
            err.write("remikc: interrupted\n")
            code = INTERRUPTED
        finally:
            out.flush()  # now, for a failure to be caught here rather than at exit
        err.flush()
        return code
    except console.StreamError as exc:
        exc.console.silence()  # Python's flush at exit must not fail again
        with contextlib.suppress(console.StreamError):
            err.write(f"remikc: error: {exc}\n")
            err.flush()
        return FINDINGS


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
        args = _routed(_parser(), out).parse_args(words)
        if args.command is None:
            raise UsageError(_parser().format_help().rstrip())
        if getattr(args, "format", "text") == "json":
            cast(console.Console, out).json = True  # ASCII-safe JSON, not transliterated text
        if args.command == "explain":
            args.cards = console.argument(args.cards)
        args.given = _read_stdin(args, stdin)
        started = time.perf_counter()
        command = {"check": _check, "ir": _ir, "new": _new, "diff": _diff, "build": _build,
                   "explain": _explain, "simulate": _simulate, "sweep": _sweep, "list": _list,
                   "completion": _completion, "cache": _cache, "fmt": _fmt,
                   "lsp": _lsp}[args.command]
        with explained(err if args.verbose else None):  # a cache entry ignored, and why
            code = command(args, out, err)
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
        return FINDINGS
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


def _workspace(args: argparse.Namespace) -> Workspace:
    """A workspace that already holds the spec read from standard input, if any."""
    return Workspace(given=dict(getattr(args, "given", {})))


def _colour(stream: TextIO) -> bool:
    """Whether `stream` is coloured: decided once, when `main()` wrapped it (console.py)."""
    return bool(getattr(stream, "colour", False))


_MARK = {"✓": "proved", "✗": "violated", "?": "unknown"}


def _marks(text: str, stream: TextIO) -> str:
    """`check`'s verdict marks (`✓`, `✗`, `?` first on a line) in colour on a coloured stream."""
    if not _colour(stream):
        return text
    lines = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        if body[:1] in _MARK and body[1:2] == " ":
            line = line[:len(line) - len(body)] + console.paint(body[0], _MARK[body[0]], True) + body[1:]
        lines.append(line)
    return "\n".join(lines)


def _completion(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`remikc completion SHELL`: the script shtab writes from this very parser, so it
    completes every command and option there is, and file names where a spec goes."""
    import shtab

    out.write(shtab.complete(_parser(), args.shell))
    return OK


def _routed(parser: argparse.ArgumentParser, out: TextIO) -> argparse.ArgumentParser:
    """`parser`, and its commands' parsers, printing --help and --version to `out`."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _routed(command, out)
    if isinstance(parser, _Parser):
        parser.out = out
    return parser


def _need_paths(paths: Sequence[str], given: Mapping[str, bytes] | None = None) -> None:
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


def _need_folder(option: str, value: str, example: str) -> None:
    """An empty folder name is refused: `Path("")` is the current folder, where nobody asking
    for `{option} ''` (an unset shell variable, most often) meant the files to go."""
    if not value:
        raise UsageError(f"remikc: {option} '' names no folder: give one, e.g. {option} {example} "
                         f"(or {option} . for the current folder)")


def _need_spec_file(command: str, path: str, given: Mapping[str, bytes]) -> None:
    """`ir`, `diff`, `explain` and `simulate` read single specs: a folder is a slip for one of
    its files."""
    _need_paths([path], given)
    if path in given:
        return
    if os.path.isdir(path) or path.rstrip("/") == PACKAGED:
        inside = packaged_paths() if path.rstrip("/") == PACKAGED else sorted(Path(path).glob("*" + SUFFIX))
        example = f", e.g. {inside[0]}" if inside else ""
        files = {"diff": f"two {SUFFIX} files", "simulate": f"one or two {SUFFIX} files"}.get(
            command, f"one {SUFFIX} file")
        raise UsageError(f"remikc: {path} is a folder; `remikc {command}` takes {files}{example}")


def _errors(diagnostics: Sequence[Diagnostic], sources: Mapping[str, str], form: str,
            out: TextIO, err: TextIO) -> None:
    """Diagnostics as text on stderr, or, for `--format json`, on stdout shaped like a file
    of `check --format json`, so that a tool reading JSON gets its answer there either way."""
    if form == "json":
        body = {"format": ERRORS_FORMAT, "ok": False,
                "diagnostics": [d.to_json() for d in diagnostics]}
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
    else:
        print(render_all(diagnostics, sources, _colour(err)), file=err)


def _skipped(skipped: Sequence[Diagnostic], err: TextIO) -> None:
    """The W002 warnings for special files a folder held, on stderr."""
    if skipped:
        print(render_all(skipped, {}) + "\n", file=err)


def _source(workspace: Workspace, path: str) -> str | None:
    """A spec's text, also where its IR came from the proof cache and the file was not read."""
    if path not in workspace.sources:
        with contextlib.suppress(SpecError):
            workspace.read(path)
    return workspace.sources.get(path)


def _check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    _need_paths(args.paths, args.given)
    run = check_paths(args.paths, _workspace(args), cache=not args.no_cache)
    if not run.results:
        _skipped(run.skipped, err)
        raise UsageError(f"remikc: no {SUFFIX} files in {' '.join(args.paths)}")
    reports = {}
    if not args.no_verify:
        verifier = Verifier(run.workspace, args.rlimit, args.jobs, cache=not args.no_cache)
        done = verifier.reports([(r.path, r.variant) for r in run.results if r.variant])
        reports = {r.path: annotate(done[os.path.normpath(r.path)], _source(run.workspace, r.path))
                   for r in run.results if r.variant}
    violated = [path for path, report in reports.items() if not report.ok]
    undecided = [path for path, report in reports.items() if report.count(Status.UNKNOWN)]
    unknown = sum(report.count(Status.UNKNOWN) for report in reports.values())
    # a `?` is no clean bill of health: a script reading the exit code must not take it as proved
    ok = run.ok and not violated and not undecided
    if args.format == "json":
        files = []
        for r in run.results:
            entry: dict[str, object] = {
                "path": r.path, "variant": r.variant.id if r.variant else None,
                "ok": r.ok and r.path not in violated and r.path not in undecided,
                "diagnostics": [d.to_json() for d in r.diagnostics]}
            if r.path in reports:
                entry["verification"] = verification = verify_json(reports[r.path], timings=args.timings)
                if r.variant is not None and r.variant.parent is not None:
                    source = _source(run.workspace, r.path) or ""
                    verification["removed_checks"] = [x.to_json() for x in removed_checks(source)]
            files.append(entry)
        # `skipped`: the W002 warnings for special files in the folders, which belong to no file
        body = {"format": CHECK_FORMAT, "ok": ok, "files": files,
                "skipped": [d.to_json() for d in run.skipped]}
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
        return OK if ok else FINDINGS
    problems = run.unique_diagnostics()
    if problems:
        print(render_all(problems, run.workspace.sources, _colour(err)), file=err)
        print(file=err)
        err.flush()
    for result in run.results:
        if result.path in reports:
            text = render_text(reports[result.path], timings=args.timings or args.verbose,
                               only_failed=args.quiet, all_rules=args.verbose)
            if text:
                print(_marks(text, out), file=out)
        elif not (args.quiet and result.ok):
            mark = "✓" if result.ok else "✗"
            what = result.variant.id if result.variant else f"{len(result.diagnostics)} error(s)"
            print(_marks(f"{mark} {result.path}  {what}", out), file=out)
    if args.quiet:
        return OK if ok else FINDINGS
    failed = sum(not r.ok for r in run.results)
    summary = f"{len(run.results)} spec(s): {failed} with errors"
    if reports:
        summary += f", {len(violated)} with violated checks, {unknown} check(s) undecided"
        if unknown:
            summary += " (not a clean result: raise --rlimit to decide them)"
    print(summary, file=out)
    return OK if ok else FINDINGS


def _variant(workspace: Workspace, path: str, form: str, out: TextIO, err: TextIO) -> ir.Variant | None:
    """The variant of one spec file, or None once its errors are printed."""
    variants = _variants(workspace, [path], form, out, err)
    return variants[0] if variants else None


def _warn(workspace: Workspace, paths: Sequence[str], err: TextIO) -> None:
    """The warnings about `paths` (read already), as text on stderr whatever the format: they
    change no exit code, and stdout keeps the shape a tool expects."""
    shown: list[Diagnostic] = []
    for path in paths:
        shown += [d for d in workspace.warnings(path) if d not in shown]
    if shown:
        print(render_all(shown, workspace.sources, _colour(err)) + "\n", file=err)


def _variants(workspace: Workspace, paths: Sequence[str], form: str, out: TextIO,
              err: TextIO) -> list[ir.Variant] | None:
    """The variants of several spec files, or None once the errors of all of them are printed."""
    problems: list[Diagnostic] = []
    variants = []
    for path in paths:
        try:
            variants.append(workspace.variant(path))
        except SpecError as exc:
            problems += [d for d in exc.diagnostics if d not in problems]
    if problems:
        _errors(problems, workspace.sources, form, out, err)
        return None
    _warn(workspace, paths, err)
    return variants


def _cache(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .proofcache import clear

    _need_paths(args.paths)
    removed = clear(list(args.paths))
    for folder in removed:
        print(f"cleared {folder}", file=out)
    if not removed:
        print("no proof cache to clear", file=out)
    return OK


def _ir(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    _need_spec_file("ir", args.spec, args.given)
    workspace = _workspace(args)
    variant = _variant(workspace, args.spec, args.format, out, err)
    if variant is None:
        return FINDINGS
    out.write(ir_json(variant) if args.format == "json" else ir_text(variant))
    return OK


def _diff(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .verify import DEFAULT_RLIMIT
    from .verify.diff import diff
    from .verify.diff import render_text as diff_text
    from .verify.diff import to_json as diff_json

    _need_spec_file("diff", args.first, args.given)
    _need_spec_file("diff", args.second, args.given)
    variants = _variants(_workspace(args), (args.first, args.second), args.format, out, err)
    if variants is None:
        return FINDINGS
    a, b = variants
    result = diff(a, b, rlimit=args.rlimit or DEFAULT_RLIMIT)
    if args.format == "json":
        out.write(json.dumps({"format": DIFF_FORMAT, **diff_json(result)},
                             ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(diff_text(result))
    return OK


def _build(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .build import outputs, stale

    began = time.time()  # what a killed build left is older: its temporary files are removed
    paths = args.paths or ["specs"]
    _need_paths(paths)
    _need_folder("--out", args.out, "generated")
    target = Path(args.out)
    if args.pdf and args.check:
        raise UsageError("remikc: --check compares the text files only; PDFs depend on the "
                         "machine's fonts: drop --pdf")
    if args.pdf:
        from .emit.pdf import NoPdfRenderer, to_pdf

        try:
            to_pdf("<p></p>")  # the renderer is there before the solver's work, not after
        except NoPdfRenderer as exc:
            print(exc, file=err)
            return USAGE
    if not args.check:
        check_folder(target)  # before the solver's work, not after
    # `--check` writes nothing, the proof cache included; it reads what a build kept there
    built = outputs(paths, target, pdf=args.pdf, cache=not args.no_cache, keep=not args.check)
    if built.warnings:
        print(render_all(built.warnings, built.sources, _colour(err)) + "\n", file=err)
    if built.problems:
        print(render_all(built.problems, built.sources, _colour(err)), file=err)
        print("remikc: nothing built: fix the specs first", file=err)
        return FINDINGS
    if not built.files:
        raise UsageError(f"remikc: no {SUFFIX} files in {' '.join(paths)}")
    if args.check:
        found = stale(built, target, whole=not args.paths)
        for line in found:
            print(line, file=out)
        if not args.quiet:
            print(f"{len(found)} file(s) differ from a fresh build" if found else
                  f"{len(built.files)} file(s) up to date", file=out)
        return FINDINGS if found else OK
    written = write_files(target, built.files, since=began)
    changed = written.changed
    for leftover in (*written.removed, *write_files(target, built.pdfs, since=began).removed):
        print(f"remikc: removed {leftover}, left by an interrupted write", file=err)
    if not args.quiet:
        pdfs = f" and {len(built.pdfs)} PDF(s)" if built.pdfs else ""
        print(f"built {len(built.files)} file(s){pdfs} in {target}, {changed} changed", file=out)
    return OK


def _fmt(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`remikc fmt`: each file laid out (remikc/fmt.py), written back atomically if it
    changed; `-` to standard output.  A file that does not parse is left as it is."""
    import difflib

    from .fmt import format_text
    from .spec.workspace import find_specs

    _need_paths(args.paths, args.given)
    if any(is_packaged(p) or p.rstrip("/") == PACKAGED for p in args.paths):
        raise UsageError("remikc: the seed variants shipped with remikc are not formatted in place: "
                         "`remikc new` copies one to change")
    files, skipped = find_specs(list(args.paths))
    _skipped(skipped, err)
    if not files:
        raise UsageError(f"remikc: no {SUFFIX} files in {' '.join(args.paths)}")
    workspace = _workspace(args)
    problems: list[Diagnostic] = []
    changed = []
    for path in files:
        try:
            text = workspace.read(path)
            laid_out = format_text(text, path)
        except SpecError as exc:
            problems += exc.diagnostics
            continue
        if path in args.given and not (args.check or args.diff):
            # `-`: the text goes to standard output, changed or not, as the bytes of a file
            cast(console.Console, out).write_verbatim(laid_out)
            continue
        if laid_out == text:
            continue
        changed.append(path)
        if args.diff:
            cast(console.Console, out).write_verbatim("".join(difflib.unified_diff(
                text.splitlines(keepends=True), laid_out.splitlines(keepends=True), path, path)))
        elif args.check:
            print(f"would reformat {path}", file=out)
        else:
            rewrite(path, laid_out)  # a link stays a link; mode and owner stay
            if not args.quiet:
                print(f"formatted {path}", file=out)
    if problems:
        print(render_all(problems, workspace.sources, _colour(err)), file=err)
        print(f"remikc: {len({d.span.file for d in problems if d.span})} file(s) left as they are: "
              "fix their errors first", file=err)
    if not args.quiet and not args.given:
        verb = "would change" if args.check or args.diff else "formatted"
        # after a diff, on stderr: stdout holds the diff alone, for `patch` to read
        print(f"{len(files)} file(s): {len(changed)} {verb}", file=err if args.diff else out)
    return FINDINGS if problems or (args.check and changed) else OK


def _lsp(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`remikc lsp`: the language server (remikc/lsp/), if its optional dependency is there."""
    import importlib.util

    if importlib.util.find_spec("pygls") is None:
        raise UsageError("remikc: `remikc lsp` needs pygls 2, an optional dependency: "
                         "pip install 'remikc[lsp]'")
    from .lsp import serve

    serve()
    return OK


def _explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .build import validator_source
    from .explain import CARDS_ARGUMENT, BadCards, explain, read_play
    from .module import load_module

    _need_spec_file("explain", args.spec, args.given)
    if args.not_opened and not args.hand:
        raise UsageError("remikc: --not-opened goes with --hand: it says how a hand left at the "
                         "end counts for a player who never opened")
    mode = "opening" if args.opening else "hand" if args.hand else "meld"
    try:
        # the cards first: a typo in them should not wait for the spec to be compiled
        melds = read_play(args.cards, mode)
        workspace = _workspace(args)
        variant = _variant(workspace, args.spec, args.format, out, err)
        if variant is None:
            return FINDINGS
        module = load_module(variant.id, validator_source(variant, workspace))
        report = explain(variant, module, melds, mode, opened=not args.not_opened)
    except BadCards as exc:
        if exc.diagnostic is None and args.format != "json":
            raise UsageError(f"remikc: {exc}") from None
        found = exc.diagnostic or error("E014", str(exc), None)
        _errors([found], {CARDS_ARGUMENT: args.cards}, args.format, out, err)
        return USAGE
    if args.format == "json":
        out.write(json.dumps({"format": EXPLAIN_FORMAT, **report.to_json()},
                             ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(report.text())
    return OK


def _new(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not VARIANT_ID.fullmatch(args.name):
        raise UsageError(f"remikc: `{args.name}` is not a variant id: use lower-case letters, "
                         f"digits and `_`, starting with a letter{_id_suggestion(args.name)}")
    if not VARIANT_ID.fullmatch(args.extends):
        raise UsageError(f"remikc: --extends takes a variant id, not `{args.extends}`: the parent "
                         f"is <id>{SUFFIX} in the --dir folder (default: specs), or a seed variant "
                         "shipped with remikc")
    _need_folder("--dir", args.dir, "specs")
    if os.path.exists(args.dir) and not os.path.isdir(args.dir):
        raise UsageError(f"remikc: --dir {args.dir} is not a folder: give the folder of the "
                         f"new {SUFFIX} file")
    target = os.path.join(args.dir, args.name + SUFFIX)
    if args.name == args.extends:
        # `extends` looks beside the file first, so the new file would name itself, whether it
        # replaced a local parent or stood for the shipped one (E018 at the next check)
        raise UsageError(f"remikc: a variant cannot extend itself: {target} would say `extends "
                         f"\"{args.name}\"`, which names that file itself; give the new variant "
                         f"another name, e.g. {args.name}_domowy")
    # resolved as the loader will resolve the new file's `extends`: beside it, else shipped
    parent_file = parent_path(target, args.extends)
    if not spec_exists(parent_file):
        here = sorted(p.stem for p in Path(args.dir).glob("*" + SUFFIX)) if os.path.isdir(args.dir) else []
        known = sorted({*here, *packaged_ids()})
        close = did_you_mean(args.extends, known)
        raise UsageError(
            f"remikc: no variant `{args.extends}`: {parent_file} does not exist, and no seed "
            "variant of that id is shipped with remikc" + (f"; {close}" if close else "") +
            (f"\n  in {args.dir}: {', '.join(here)}" if here else f"\n  in {args.dir}: none") +
            f"\n  shipped with remikc: {', '.join(packaged_ids()) or 'none'}")
    workspace = Workspace()
    if os.path.exists(target):
        # not even with --force: the new file would replace a game that others are built on
        _not_a_parent(target, args, parent_file, workspace)
        if not args.force:
            raise UsageError(f"remikc: {target} already exists (use --force to overwrite it)")
    try:
        parent = workspace.variant(parent_file)
    except SpecError as exc:
        print(render_all(exc.diagnostics, workspace.sources, _colour(err)), file=err)
        print(f"remikc: fix {parent_file} before extending it", file=err)
        return FINDINGS
    write_atomic(target, skeleton(args.name, parent, parent_file))
    # read back as `check` will read it, to say whether a local parent shadows a shipped one
    # (a skeleton is valid by construction; were it not, `remikc check` would say so)
    with contextlib.suppress(SpecError):
        workspace.variant(target)
    _warn(workspace, [target], err)
    where = "" if not is_packaged(parent_file) else f" (shipped with remikc: {parent_file})"
    if not args.quiet:
        print(f"wrote {target}: a house variant of {parent.id}{where}; edit it, then run "
              f"`remikc check {target}`", file=out)
    return OK


def _not_a_parent(target: str, args: argparse.Namespace, parent_file: str,
                  workspace: Workspace) -> None:
    """UsageError if the existing `target` is a game that other specs extend: the parent the
    new file is to extend (or one of its ancestors), whose replacement would extend itself;
    or the parent of a spec in --dir, which would silently become a house variant of another
    game."""
    from .spec.workspace import find_specs

    ancestor = parent_file
    seen: set[str] = set()  # a chain that goes round in a circle is followed once
    while not is_packaged(ancestor) and os.path.isfile(ancestor) and ancestor not in seen:
        seen.add(ancestor)
        if os.path.samefile(ancestor, target):
            what = ("the variant it is to extend: replacing it would make it a house variant "
                    "of itself" if ancestor == parent_file else
                    f"an ancestor of `{args.extends}`: replacing it with a house variant of "
                    f"`{args.extends}` would make `extends` go round in a circle")
            raise UsageError(f"remikc: {target} is {what} (not even with --force); give the new "
                             "variant another name")
        try:
            extends = workspace.file(ancestor).spec.extends
        except SpecError:
            break  # a broken chain is for `remikc check` to report
        if extends is None or not VARIANT_ID.fullmatch(extends.value):
            break
        ancestor = parent_path(ancestor, extends.value)
    files, _ = find_specs([args.dir])
    children = []
    for path in files:
        if os.path.dirname(path) != os.path.dirname(target) or os.path.samefile(path, target):
            continue  # `extends` finds a parent in its own folder only
        try:
            extends = workspace.file(path).spec.extends
        except SpecError:
            continue
        if extends is not None and extends.value == args.name:
            children.append(path)
    if children:
        raise UsageError(
            f"remikc: {target} is the parent of {', '.join(children)} (`extends \"{args.name}\"`): "
            "replacing it would change that game too (not even with --force); give the new "
            "variant another name")


def _id_suggestion(name: str) -> str:
    """`: did you mean `moj_remik`?` for `moj-remik`: the same name made an id, if it can be."""
    import re
    import unicodedata

    plain = "".join(c for c in unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
                    if not unicodedata.combining(c))
    guess = re.sub(r"[^a-z0-9_]+", "_", plain.lower()).strip("_").lstrip("0123456789_")
    return f": did you mean `{guess}`?" if guess and VARIANT_ID.fullmatch(guess) else ""


def _list(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`remikc list [DIR|SPEC ...]`: id, Polish name and parent of the shipped seed variants,
    then of the variants under the paths given, folder by folder."""
    from .spec.workspace import find_specs

    _need_paths(args.paths)
    workspace = Workspace()
    groups: dict[str, list[str]] = {f"seed variants shipped with remikc ({PACKAGED})": packaged_paths()}
    files, skipped = find_specs(list(args.paths))
    _skipped(skipped, err)
    for path in files:
        if not is_packaged(path):
            groups.setdefault(os.path.dirname(path) or ".", []).append(path)
    broken = 0
    for title, paths in groups.items():
        print(f"{title}:", file=out)
        if not paths:
            print("  (none)", file=out)
        rows = []
        for path in paths:
            try:
                rules = workspace.file(path)
            except SpecError as exc:
                broken += 1
                rows.append((Path(path).name, f"✗ {len(exc.diagnostics)} error(s): "
                             f"remikc check {path}", ""))
                continue
            polish = rules.names.get("name.pl")
            parent = ""
            if rules.spec.extends is not None:
                parent_id = rules.spec.extends.value
                parent = f"extends {parent_id}"
                if not is_packaged(path) and VARIANT_ID.fullmatch(parent_id):
                    found = parent_path(path, parent_id)
                    if is_packaged(found):
                        parent += " (shipped with remikc)"
                    elif not spec_exists(found):
                        parent += " (missing)"
            if shadows_shipped(path):
                parent = "; ".join(filter(None, [parent, f"not the shipped {rules.id}: it differs"]))
            rows.append((rules.id, polish.value if polish is not None else "", parent))
        width = [max((len(row[i]) for row in rows), default=0) for i in range(2)]
        for ident, name, parent in rows:
            print(f"  {ident:<{width[0]}}  {name:<{width[1]}}  {parent}".rstrip(), file=out)
    return FINDINGS if broken else OK


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .sim import paired as sim_paired
    from .sim import plot as sim_plot
    from .sim.report import to_json as report_json
    from .sim.report import to_text as report_text
    from .sim.stats import summarize

    paths = [p for p in (args.spec, args.second) if p is not None]
    for path in paths:
        _need_spec_file("simulate", path, args.given)
    _plot_ahead(args.plot)
    workspace = _workspace(args)
    variants = _variants(workspace, paths, args.format, out, err)
    if variants is None:
        return FINDINGS
    players = _players(variants, args.players)

    from .sim import parallel
    from .sim.play import InvariantBreach, load_variant_module, run_games

    auto = args.games == "auto"
    played: list[list[Any]] = [[] for _ in variants]  # each variant's games, seed order
    compiled: dict[int, Any] = {}
    sources: dict[int, str] = {}
    stopped = ""  # with --games auto, why the batches stopped
    with contextlib.ExitStack() as stack:
        executor, jobs = _executor(stack, args)
        done, target = 0, (min(AUTO_FIRST, args.max_games) if auto else args.games)
        while True:
            for index, variant in enumerate(variants):
                progress = _Progress(variant.id, target - done, err, quiet=args.quiet)
                try:
                    if executor is None:
                        if index not in compiled:
                            compiled[index] = load_variant_module(variant, workspace)
                        records = run_games(compiled[index], games=target - done, players=players,
                                            seed=args.seed + done, bot=args.bot, progress=progress,
                                            max_deals=args.max_deals)
                    else:
                        from .build import validator_source

                        if index not in sources:
                            sources[index] = validator_source(variant, workspace)
                        work = parallel.chunks(variant, sources[index], games=target - done, players=players,
                                               seed=args.seed + done, bot=args.bot, jobs=jobs,
                                               max_deals=args.max_deals)
                        records = parallel.run_chunks(executor, work, progress)
                except (InvariantBreach, parallel.WorkerBreach) as breach:
                    progress.close()
                    print(breach.render(), file=err)
                    return FINDINGS
                except KeyboardInterrupt:
                    progress.close()  # the bar's line ends before `interrupted` is said
                    raise
                progress.close()
                played[index] += records
            done = target
            if not auto:
                break
            wide = _too_wide(sim_paired.paired(variants[0].id, played[0], variants[1].id, played[1])
                             if len(played) == 2 else sim_paired.single(variants[0].id, played[0]), args)
            if not wide:
                stopped = (f"--games auto: stopped after {count(done, 'game')}, every interval narrower than "
                           f"asked (turns {args.width_turns:g}, shares {args.width_share:g} pp, "
                           f"points {args.width_points:g})")
                break
            if done >= args.max_games:
                stopped = (f"--games auto: stopped at --max-games {args.max_games}; still wider than asked: "
                           + ", ".join(wide))
                break
            target = min(2 * done, args.max_games)
    results = [summarize(v.id, records, seed=args.seed, bot=args.bot)
               for v, records in zip(variants, played, strict=True)]
    both = None
    if len(played) == 2:
        both = sim_paired.paired(variants[0].id, played[0], variants[1].id, played[1])
    if args.format == "json":
        body = json.loads(report_json(results))
        body["paired"] = sim_paired.to_json(both) if both is not None else None
        if auto:
            body["auto"] = stopped
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
    else:
        out.write(report_text(results) + ("\n" + sim_paired.to_text(both) if both is not None else "")
                  + (f"\n{stopped}\n" if stopped else ""))
    if args.plot is not None:
        sim_plot.plot(args.plot, *results)
        if not args.quiet:
            print(f"wrote {args.plot}", file=err)
    return OK


def _executor(stack: contextlib.ExitStack, args: argparse.Namespace) -> tuple[Any, int]:
    """Where the games are played, and how many at once: the Dask cluster of `--scheduler`, or
    `--jobs` local processes (None: in this process)."""
    from .sim import parallel

    if args.scheduler is not None:
        if args.jobs is not None:
            raise UsageError("remikc: --jobs and --scheduler: the cluster's workers decide how many games "
                             "are played at once; give one or the other")
        try:
            executor = stack.enter_context(parallel.cluster_executor(args.scheduler))
        except parallel.ClusterError as exc:
            raise UsageError(f"remikc: {exc}") from None
        return executor, parallel.worker_threads(executor)
    jobs = args.jobs or parallel.default_jobs()
    return (stack.enter_context(parallel.local_executor(jobs)) if jobs > 1 else None), jobs


def _plot_ahead(target: str | None) -> None:
    """`--plot FILE` refused now (no matplotlib, an extension it cannot write, no such folder),
    not after thousands of games."""
    if target is None:
        return
    from .sim import plot as sim_plot

    try:
        sim_plot.require(target)
    except (sim_plot.PlotUnavailable, sim_plot.PlotFormatError) as exc:
        raise UsageError(f"remikc: {exc}") from None
    check_folder(Path(target).parent)


def _sweep(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from .sim import paired as sim_paired
    from .sim import parallel
    from .sim import sweep as sim_sweep
    from .sim.play import InvariantBreach, load_variant_module, run_games

    _need_spec_file("sweep", args.spec, args.given)
    try:
        varies = [sim_sweep.parse_vary(text) for text in args.vary]
    except sim_sweep.VaryError as exc:
        raise UsageError(f"remikc: {exc}") from None
    _plot_ahead(args.plot)
    workspace = _workspace(args)
    parent = _variant(workspace, args.spec, args.format, out, err)
    if parent is None:
        return FINDINGS
    home = args.spec
    if home == STDIN:
        # a spec read from `-` without --stdin-filename looks for its `extends` in the current
        # folder: its house variants are made there, and their `extends "ID"` must find the
        # text read, not a file or a shipped seed of that id, so the text is also given that name
        home = parent.id + SUFFIX
        workspace.given[home] = workspace.given[STDIN]
    try:
        points = sim_sweep.grid(home, parent.id, varies)
    except sim_sweep.VaryError as exc:
        raise UsageError(f"remikc: {exc}") from None
    variants = []
    for point in points:
        try:
            variants.append(sim_sweep.load_point(workspace, parent.id, point))
        except SpecError as exc:  # an unknown rule or a value the rule does not take
            raise UsageError(f"remikc: --vary {point.label}: the house variant it makes does not read:\n"
                             + render_all(exc.diagnostics, workspace.sources).rstrip()) from None
    players = _players([parent, *variants], args.players)
    # in this process: the variants exist only in memory; a point proved before (the same rules,
    # the same remikc and Z3) is taken from the proof cache, as `check` takes an unchanged spec
    verifier = Verifier(workspace, jobs=1, cache=not args.no_cache)
    rows: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        executor, jobs = _executor(stack, args)
        for point, variant in zip(points, variants, strict=True):
            report = verifier.report(point.path, variant)
            broken = [f.check for f in report.findings if f.status is Status.VIOLATED]
            if broken:
                rows.append({"point": point, "skipped": f"breaks {', '.join(broken)}", "found": None})
                continue
            progress = _Progress(point.label, args.games, err, quiet=args.quiet)
            try:
                if executor is None:
                    records = run_games(load_variant_module(variant, workspace), games=args.games,
                                        players=players, seed=args.seed, bot=args.bot, progress=progress,
                                        max_deals=args.max_deals)
                else:
                    from .build import validator_source

                    work = parallel.chunks(variant, validator_source(variant, workspace), games=args.games,
                                           players=players, seed=args.seed, bot=args.bot, jobs=jobs,
                                           max_deals=args.max_deals)
                    records = parallel.run_chunks(executor, work, progress)
            except (InvariantBreach, parallel.WorkerBreach) as breach:
                progress.close()
                print(breach.render(), file=err)
                return FINDINGS
            progress.close()
            rows.append({"point": point, "skipped": None, "found": sim_paired.single(variant.id, records)})
    if args.format == "json":
        out.write(json.dumps(_sweep_json(args, parent.id, players, varies, rows), ensure_ascii=False,
                             indent=2) + "\n")
    else:
        out.write(_sweep_text(args, parent.id, players, rows))
    played = [r for r in rows if r["found"] is not None]
    if args.plot is not None and played:
        from .sim import plot as sim_plot
        from .sim.words import count, seeds

        sim_plot.plot_sweep(args.plot, f"sweep of {parent.id}: {count(args.games, 'game')} per value, "
                            f"{count(players, 'player')}, {seeds(args.seed, args.games)}, {args.bot} bot",
                            [r["point"].label for r in played], [r["found"] for r in played])
        if not args.quiet:
            print(f"wrote {args.plot}", file=err)
    elif args.plot is not None and not args.quiet:
        print(f"no value was played: {args.plot} not written", file=err)
    return OK


def _sweep_text(args: argparse.Namespace, parent: str, players: int, rows: list[dict[str, Any]]) -> str:
    played = [r for r in rows if r["found"] is not None]
    level = played[0]["found"].level if played else 1 - 0.05
    lines = [f"sweep of {parent}: {count(args.games, 'game')} per value, {count(players, 'player')}, "
             f"{seeds(args.seed, args.games)}, {args.bot} bot; means with "
             f"{100 * level:.2f}% t-intervals (Bonferroni over the metrics)"]
    for r in rows:
        if r["skipped"]:
            lines.append(f"  skipped {r['point'].label}: {r['skipped']}")
    if played:
        for index, metric in enumerate(played[0]["found"].metrics):
            lines += ["", metric.name]
            cells = []
            for r in played:
                m = r["found"].metrics[index]
                if m.kind == "share":
                    cells.append((r["point"].label, f"{100 * m.difference:.1f}%",
                                  f"{100 * m.low:.1f}..{100 * m.high:.1f}%"))
                else:
                    cells.append((r["point"].label, f"{m.difference:.2f}", f"{m.low:.2f}..{m.high:.2f}"))
            widths = [max(len(c[i]) for c in cells) for i in range(3)]
            lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True)).rstrip()
                      for cell in cells]
    return "\n".join(lines) + "\n"


def _sweep_json(args: argparse.Namespace, parent: str, players: int, varies: list[Any],
                rows: list[dict[str, Any]]) -> dict[str, Any]:
    from .sim import paired as sim_paired

    return {
        "format": SWEEP_FORMAT,
        "spec": parent, "players": players, "games": args.games, "seed": args.seed, "bot": args.bot,
        "vary": [{"rule": v.rule, "values": list(v.values)} for v in varies],
        "correction": sim_paired.CORRECTION.lower(),
        "points": [{"values": dict(r["point"].settings), "variant": r["point"].variant_id,
                    "skipped": r["skipped"],
                    "level": None if r["found"] is None else round(r["found"].level, 6),
                    "metrics": None if r["found"] is None else [
                        {"name": m.name, "kind": m.kind, "n": m.n, "mean": round(m.difference, 4),
                         "interval": [round(m.low, 4), round(m.high, 4)] if m.n > 1 else None}
                        for m in r["found"].metrics]}
                   for r in rows],
    }


AUTO_FIRST = 50  # games in the first batch of --games auto


def _too_wide(found: Any, args: argparse.Namespace) -> list[str]:
    """The metrics whose interval is wider than `--width-*` asks, each with its width."""
    widths = {"turns": args.width_turns, "share": args.width_share / 100, "points": args.width_points}
    out = []
    for m in found.metrics:
        if m.width > widths[m.kind]:
            shown = f"{100 * m.width:.1f} pp" if m.kind == "share" else f"{m.width:.1f}"
            out.append(f"{m.name} ({shown})")
    return out


def _players(variants: Sequence[ir.Variant], asked: int | None) -> int:
    """`--players`, checked against every variant's range; by default the lowest count all allow."""
    ranges = [(v.id, v.players.value) for v in variants]
    allowed = " and ".join(f"{name} allows {players}" for name, players in ranges)
    if asked is not None:
        if any(asked not in players for _, players in ranges):
            raise UsageError(f"remikc: --players {asked} is not a player count of the game: {allowed}")
        return asked
    lowest = max(players.low for _, players in ranges)
    if any(lowest not in players for _, players in ranges):
        raise UsageError(f"remikc: no player count suits both variants: {allowed}")
    return lowest


class _Progress:
    """How far the games are, on standard error.  On a terminal a bar redrawn in place, with the
    rate and the time left: `remik51  [#####.....]  512/1000 games  3.1 games/s  2m37s left`;
    elsewhere (a log, a pipe) a plain line each tenth of the way; nothing with `quiet`."""

    WIDTH = 20
    STEP = 10  # percent between two plain lines

    def __init__(self, label: str, total: int, err: TextIO, *, quiet: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total, self.err, self.clock = label, total, err, clock
        self.terminal = err.isatty()
        self.quiet = quiet
        self.drawn = False
        self.started = clock()
        self.next_line = self.STEP  # the next percentage a plain line is written at

    def __call__(self, done: int) -> None:
        if self.quiet:
            return
        elapsed = self.clock() - self.started
        rate = f"  {done / elapsed:.1f} games/s" if elapsed > 0 else ""
        left = ""
        if elapsed > 0 and done < self.total:
            left = f"  {_duration(elapsed / done * (self.total - done))} left"
        if self.terminal:
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.err.write(f"\r{self.label}  [{bar}]  {done}/{count(self.total, 'game')}{rate}{left}\x1b[K")
            self.err.flush()
            self.drawn = True
            return
        percent = 100 * done // self.total
        if percent >= self.next_line:
            self.next_line = (percent // self.STEP + 1) * self.STEP
            self.err.write(f"{self.label}: {done}/{count(self.total, 'game')} ({percent}%){rate}{left}\n")
            self.err.flush()

    def close(self) -> None:
        if self.drawn:
            self.err.write("\n")
            self.err.flush()
            self.drawn = False


def _duration(seconds: float) -> str:
    """`45s`, `2m07s`, `1h05m`: a time left, as precise as it is worth."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole // 60 % 60:02d}m"
