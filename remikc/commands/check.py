"""`remikc check PATH...`: read specs and verify their rules."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from typing import TextIO

from ..colours import paint
from ..diagnostics import SpecError, render_all, tally
from ..driver import Verifier, check_paths
from ..progress import Progress
from ..removals import annotate, removed_checks
from ..spec.workspace import SUFFIX, Workspace
from ..verify import Status, to_text
from ..verify import to_json as verify_json
from .common import (
    FINDINGS,
    OK,
    Subparsers,
    UsageError,
    add_command,
    colour,
    json_option,
    need_paths,
    positive,
    rlimit,
    skipped,
    workspace,
)

CHECK_FORMAT = "remikc-check/1"


def register(subparsers: Subparsers) -> None:
    check = add_command(subparsers, "check", "check specs and verify their rules (files or folders)")
    check.add_argument("paths", nargs="+", metavar="PATH",
                       help=f"{SUFFIX} files, or folders searched for them; `-` reads a spec "
                            "from standard input")
    json_option(check, "check")
    check.add_argument("--no-verify", action="store_true",
                       help="only read the specs: skip the Z3 checks")
    check.add_argument("--rlimit", type=rlimit, default=None, metavar="N",
                       help="solver work limit per question (Z3 rlimit); running out gives `?`")
    check.add_argument("--timings", action="store_true", help="show each check's solver time")
    check.add_argument("--jobs", type=positive, default=None, metavar="N",
                       help="variants verified side by side (default: the number of cores, up to 4)")
    check.add_argument("--no-cache", action="store_true",
                       help="prove everything again: neither read nor write the proof cache")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    need_paths(args.paths, args.given)
    done_run = check_paths(args.paths, workspace(args), cache=not args.no_cache)
    if not done_run.results:
        skipped(done_run.skipped, err)
        raise UsageError(f"remikc: no {SUFFIX} files in {' '.join(args.paths)}")
    reports = {}
    if not args.no_verify:
        verifier = Verifier(done_run.workspace, args.rlimit, args.jobs, cache=not args.no_cache)
        # the proofs take a while: say how far they got, on stderr (stdout stays as it was);
        # a tool reading JSON gets no plain lines, a person at a terminal the line all the same
        progress = Progress(err, plain=args.format != "json")

        def told(path: str, cached: bool, total: int) -> None:
            if not args.quiet:
                progress.step(f"{path}: {'from the proof cache' if cached else 'checked'}", total)

        if not args.quiet:
            progress.begin("proving…")
        try:
            done = verifier.reports([(r.path, r.variant) for r in done_run.results if r.variant], told)
        finally:
            progress.close()
        reports = {r.path: annotate(done[os.path.normpath(r.path)], _source(done_run.workspace, r.path))
                   for r in done_run.results if r.variant}
    violated = [path for path, report in reports.items() if not report.ok]
    undecided = [path for path, report in reports.items() if report.count(Status.UNKNOWN)]
    unknown = sum(report.count(Status.UNKNOWN) for report in reports.values())
    # a `?` is no clean bill of health: a script reading the exit code must not take it as proved
    ok = done_run.ok and not violated and not undecided
    if args.format == "json":
        files = []
        for r in done_run.results:
            entry: dict[str, object] = {
                "path": r.path, "variant": r.variant.id if r.variant else None,
                "ok": r.ok and r.path not in violated and r.path not in undecided,
                "diagnostics": [d.to_json() for d in r.diagnostics]}
            if r.path in reports:
                entry["verification"] = verification = verify_json(reports[r.path], timings=args.timings)
                if r.variant is not None and r.variant.parent is not None:
                    source = _source(done_run.workspace, r.path) or ""
                    verification["removed_checks"] = [x.to_json() for x in removed_checks(source)]
            files.append(entry)
        # `skipped`: the W002 warnings for special files in the folders, which belong to no file
        body = {"format": CHECK_FORMAT, "ok": ok, "files": files,
                "skipped": [d.to_json() for d in done_run.skipped]}
        out.write(json.dumps(body, ensure_ascii=False, indent=2) + "\n")
        return OK if ok else FINDINGS
    problems = done_run.unique_diagnostics()
    if problems:
        print(render_all(problems, done_run.workspace.sources, colour(err)), file=err)
        print(file=err)
        err.flush()
    for result in done_run.results:
        if result.path in reports:
            text = to_text(reports[result.path], timings=args.timings or args.verbose,
                           only_failed=args.quiet, all_rules=args.verbose,
                           sources=done_run.workspace.sources)
            if text:
                print(_marks(text, out), file=out)
        elif not (args.quiet and result.ok):
            mark = "✓" if result.ok else "✗"
            what = result.variant.id if result.variant else tally(result.diagnostics)
            print(_marks(f"{mark} {result.path}  {what}", out), file=out)
    if args.quiet:
        return OK if ok else FINDINGS
    failed = sum(not r.ok for r in done_run.results)
    summary = f"{len(done_run.results)} spec(s): {failed} with errors"
    if reports:
        summary += f", {len(violated)} with violated checks, {unknown} check(s) undecided"
        if unknown:
            summary += " (not a clean result: raise --rlimit to decide them)"
    print(summary, file=out)
    return OK if ok else FINDINGS


def _source(space: Workspace, path: str) -> str | None:
    """A spec's text, also where its IR came from the proof cache and the file was not read."""
    if path not in space.sources:
        with contextlib.suppress(SpecError):
            space.read(path)
    return space.sources.get(path)


_MARK = {"✓": "proved", "✗": "violated", "?": "unknown"}


def _marks(text: str, stream: TextIO) -> str:
    """`check`'s verdict marks (`✓`, `✗`, `?` first on a line) in colour on a coloured stream."""
    if not colour(stream):
        return text
    lines = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        if body[:1] in _MARK and body[1:2] == " ":
            line = line[:len(line) - len(body)] + paint(body[0], _MARK[body[0]], True) + body[1:]
        lines.append(line)
    return "\n".join(lines)
