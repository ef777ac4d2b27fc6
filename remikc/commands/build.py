"""`remikc build [SPEC|DIR...]`: validator modules and rulebooks, written atomically."""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path
from typing import TextIO

from ..atomic import check_folder, write_files
from ..diagnostics import render_all
from ..progress import Progress
from ..spec.workspace import SUFFIX
from ..verify.findings import Report, Status, to_text
from .common import FINDINGS, OK, USAGE, Subparsers, UsageError, add_command, colour, need_folder, need_paths


def register(subparsers: Subparsers) -> None:
    build = add_command(subparsers, "build", "generate validator modules and rulebooks for the variants",
                        "Generate, for each variant, a validator module (stdlib-only Python) and\n"
                        "its rulebooks in Polish and Croatian (Markdown, HTML), and the validator's\n"
                        "JavaScript twin (validator.mjs, validator.d.ts), written atomically into --out.",
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
    build.add_argument("--target", choices=("all", "py", "js"), default="all",
                       help="what to write: py the Python module, its package and the rulebooks; "
                            "js validator.mjs and validator.d.ts (docs/web.md); all (the default) both")
    build.add_argument("--no-cache", action="store_true",
                       help="prove the rules and find every rulebook example again: neither read "
                            "nor write the proof cache, where a build keeps them")
    build.add_argument("--no-verify", action="store_true",
                       help="build without proving the rules first (a spec whose checks fail is "
                            "built too); each rulebook says on its first page that it was not "
                            "verified")


def _unproved(report: Report) -> list[str]:
    """The checks of `report` that are neither proved nor removed on purpose."""
    return [f.check for f in report.findings if f.status in (Status.VIOLATED, Status.UNKNOWN)]


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..build import TARGETS, outputs, stale

    began = time.time()  # what a killed build left is older: its temporary files are removed
    paths = args.paths or ["specs"]
    if not args.paths and not os.path.exists("specs"):  # nobody typed `specs`: say where it came from
        raise UsageError(f"remikc: nothing to build: no SPEC or DIR given, and no folder `specs` (the "
                         f"default) here; give a {SUFFIX} file or a folder of them, e.g. `remikc build "
                         f"moj{SUFFIX}`")
    need_paths(paths)
    need_folder("--out", args.out, "generated")
    target = Path(args.out)
    if args.pdf and args.check:
        raise UsageError("remikc: --check compares the text files only; PDFs depend on the "
                         "machine's fonts: drop --pdf")
    if args.pdf:
        from ..emit.pdf import NoPdfRenderer, to_pdf

        try:
            to_pdf("<p></p>")  # the renderer is there before the solver's work, not after
        except NoPdfRenderer as exc:
            print(exc, file=err)
            return USAGE
    if not args.check:
        check_folder(target)  # before the solver's work, not after
    if args.no_verify:
        print("remikc: --no-verify: the rules are not proved; the rulebooks say so", file=err)
    progress = Progress(err, plain=False)  # a live line on a terminal; a log gets none

    def told(path: str, cached: bool, total: int) -> None:
        if not args.quiet:
            progress.step(f"{path}: {'from the proof cache' if cached else 'checked'}", total)

    if not args.quiet and not args.no_verify:
        progress.begin("proving…")
    try:
        # `--check` writes nothing, the proof cache included; it reads what a build kept there
        built = outputs(paths, target, pdf=args.pdf, cache=not args.no_cache, keep=not args.check,
                        verify=not args.no_verify, progress=told,
                        targets=TARGETS if args.target == "all" else (args.target,))
    finally:
        progress.close()
    if built.warnings:
        print(render_all(built.warnings, built.sources, colour(err)) + "\n", file=err)
    if built.problems:
        print(render_all(built.problems, built.sources, colour(err)), file=err)
        print("remikc: nothing built: fix the specs first", file=err)
        return FINDINGS
    if built.failed:
        for report in built.failed.values():
            print(to_text(report, only_failed=True, sources=built.sources), file=err)
        named = "; ".join(f"{path} ({', '.join(_unproved(report))})" for path, report in built.failed.items())
        print(f"remikc: nothing built: checks not proved in {named}; fix the specs (`remikc check` "
              "shows every check), or build anyway with --no-verify", file=err)
        return FINDINGS
    if not built.files:
        raise UsageError(f"remikc: no {SUFFIX} files in {' '.join(paths)}")
    if args.check:
        # a build of one target is not the whole folder: the other target's files are no leftovers
        found = stale(built, target, whole=not args.paths and args.target == "all")
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
