"""`remikc fmt PATH...`: each file laid out (remikc/fmt.py), written back atomically if it
changed; `-` to standard output.  A file that does not parse is left as it is."""

from __future__ import annotations

import argparse
from typing import TextIO, cast

from .. import console
from ..atomic import rewrite
from ..diagnostics import Diagnostic, SpecError, render_all
from ..spec.workspace import PACKAGED, SUFFIX, is_packaged
from .common import FINDINGS, OK, Subparsers, UsageError, add_command, colour, need_paths, skipped, workspace


def register(subparsers: Subparsers) -> None:
    fmt = add_command(subparsers, "fmt",
                      "lay spec files out in the one canonical layout (docs/dsl.md, \"Layout\")",
                      "Rewrite spec files in the canonical layout, keeping every comment and quoted\n"
                      "text; a file with syntax errors is left as it is and its errors are shown.")
    fmt.add_argument("paths", nargs="+", metavar="PATH",
                     help=f"{SUFFIX} files, or folders searched for them; `-` reads a spec from "
                          "standard input and writes it, laid out, to standard output")
    fmt.add_argument("--check", action="store_true",
                     help="write nothing; exit 1 and name the files that would change")
    fmt.add_argument("--diff", action="store_true",
                     help="write nothing; print what would change as a unified diff")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    import difflib

    from ..fmt import format_text
    from ..spec.workspace import find_specs

    need_paths(args.paths, args.given)
    if any(is_packaged(p) or p.rstrip("/") == PACKAGED for p in args.paths):
        raise UsageError("remikc: the seed variants shipped with remikc are not formatted in place: "
                         "`remikc new` copies one to change")
    files, passed_over = find_specs(list(args.paths))
    skipped(passed_over, err)
    if not files:
        raise UsageError(f"remikc: no {SUFFIX} files in {' '.join(args.paths)}")
    space = workspace(args)
    problems: list[Diagnostic] = []
    changed = []
    for path in files:
        try:
            text = space.read(path)
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
        print(render_all(problems, space.sources, colour(err)), file=err)
        print(f"remikc: {len({d.span.file for d in problems if d.span})} file(s) left as they are: "
              "fix their errors first", file=err)
    if not args.quiet and not args.given:
        verb = "would change" if args.check or args.diff else "formatted"
        # after a diff, on stderr: stdout holds the diff alone, for `patch` to read
        print(f"{len(files)} file(s): {len(changed)} {verb}", file=err if args.diff else out)
    return FINDINGS if problems or (args.check and changed) else OK
