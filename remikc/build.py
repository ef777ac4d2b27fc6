"""What `remikc build` produces: `outputs(paths) -> {file: text}`, nothing written.

The CLI writes the files (atomically) or, with `--check`, compares them with
what is on disk.  Paths inside generated files are shown relative to the
folder the build runs in, so the output does not depend on where the project
lives.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import ir, proofcache
from .atomic import temporary
from .cards import Card, format_cards
from .diagnostics import Diagnostic, Severity, error, warning
from .driver import CheckRun, Verifier, check_paths
from .emit.book_layout import to_html, to_markdown
from .emit.package import emit_package
from .emit.rulebook import book_language, rulebook
from .emit.source import lineage_files, shown, validator_source, web_sources
from .emit.taught import taught
from .emit.web import box
from .module import VariantModule, load_module
from .spec.workspace import Workspace, parent_path
from .verify.witness import Examples, examples
from .wording import LANGUAGES, language

if TYPE_CHECKING:
    from .verify import Report


@dataclass
class Build:
    files: dict[Path, str]
    problems: list[Diagnostic]
    sources: dict[str, str]
    warnings: list[Diagnostic] = field(default_factory=list)  # to show; they stop nothing
    # `build --pdf`: each rulebook as an A4 PDF; not compared by `build --check` (their bytes
    # depend on the fonts of the machine, remikc/emit/pdf.py)
    pdfs: dict[Path, bytes] = field(default_factory=dict)
    # each spec given whose checks are not all proved (violated or undecided): nothing is built
    failed: dict[str, Report] = field(default_factory=dict)
    verified: bool = True  # False: built with `--no-verify`, the rulebooks say so


TARGETS = ("py", "js")
"""What `build --target` may name: `py` the Python module, its package and the rulebooks; `js`
the JavaScript module and its types (remikc/emit/web.py)."""


def outputs(paths: list[str], out: Path, *, pdf: bool = False, cache: bool = False, keep: bool = True,
            verify: bool = True, progress: Callable[[str, bool, int], None] | None = None,
            targets: Collection[str] = TARGETS) -> Build:
    """Every generated file of the variants under `paths`: the validator, the package that
    imports it by the variant's name, and, in each language, the rulebook as Markdown and as
    HTML (and, with `pdf`, as an A4 PDF); and the JavaScript module with its types.  `targets`
    (`TARGETS`) says which of those: `py` the Python module, its package and the rulebooks,
    `js` validator.mjs and validator.d.ts.  `cache`: take each variant's proofs and rulebook
    examples from the proof cache where it holds them and, with `keep`, keep those found there
    (remikc/proofcache.py).

    `verify`: as a compiler refuses to emit code that does not compile, nothing is built for
    specs whose checks are not all proved (`Build.failed`); `progress` is told of each
    variant verified, as `Verifier.reports` tells it.  Without `verify` the rulebooks say on
    their first page that the rules were not verified."""
    run = check_paths(paths)
    problems = [d for d in run.unique_diagnostics() if d.severity is Severity.ERROR]
    warnings = [d for d in run.unique_diagnostics() if d.severity is not Severity.ERROR]
    files: dict[Path, str] = {}
    failed = _failed(run, cache=cache, keep=keep, progress=progress) if verify and not problems else {}
    if not problems and not failed:
        for result in run.results:
            assert result.variant is not None
            v = result.variant
            source = validator_source(v, run.workspace)
            if "py" in targets:
                files[out / v.id / "validator.py"] = source
                files[out / v.id / "__init__.py"] = emit_package(v)
            if "js" in targets:
                for name, text in web_sources(v, run.workspace, source).items():
                    files[out / v.id / name] = text
            if "py" not in targets:
                continue
            # the house variants of `v` among the specs given: its rulebook names them
            children = sorted((r.variant for r in run.results
                               if r.variant is not None and r.variant.parent == v.id),
                              key=lambda child: child.id)
            books, said = rulebooks(v, run.workspace, load_module(v.id, source), children,
                                     cache=cache, keep=keep, verified=verify, validator_py=source)
            problems += [d for d in said if d.severity is Severity.ERROR]
            warnings += [d for d in said if d.severity is not Severity.ERROR]
            for name, text in books.items():
                files[out / v.id / name] = text
    if problems:
        files = {}
    pdfs = {}
    if pdf:
        from .emit.pdf import to_pdf

        pdfs = {path.with_suffix(".pdf"): to_pdf(text) for path, text in files.items()
                if path.suffix == ".html"}
    return Build(files, problems, run.workspace.sources, warnings, pdfs, failed, verify)


def _failed(run: CheckRun, *, cache: bool, keep: bool,
            progress: Callable[[str, bool, int], None] | None) -> dict[str, Report]:
    """The reports of the specs given whose checks are not all proved: one violated, or one
    left undecided (`remikc check` takes neither as a clean result).  A check the spec removes
    on purpose is no failure."""
    from .verify import Status

    verifier = Verifier(run.workspace, cache=cache, keep=keep)
    wanted = [(r.path, r.variant) for r in run.results if r.variant is not None]
    done = verifier.reports(wanted, progress)
    reports = {path: done[os.path.normpath(path)] for path, _ in wanted}
    return {path: report for path, report in reports.items()
            if not report.ok or report.count(Status.UNKNOWN)}


def rulebooks(v: ir.Variant, workspace: Workspace, module: VariantModule,
              children: Sequence[ir.Variant] = (), *, cache: bool = False, keep: bool = True,
              verified: bool = True, validator_py: str | None = None
              ) -> tuple[dict[str, str], list[Diagnostic]]:
    """The rulebooks of `v`, their examples found by the solver (or, with `cache`, kept from an
    earlier build of the same rules) and checked by `module`, the variant's own generated
    validator: an example it does not confirm stops the build (E040); a scripted deal it does
    not play is left out with a warning (W004).  `verified` False: the rules were not
    verified (`build --no-verify`), and each book says so on its first page.  `validator_py`:
    the variant's generated module, whose rules the HTML book's meld box judges by (no box
    without it)."""
    found = proofcache.load_examples(v.source, v) if cache else None
    refuted = recheck(found, module) if found is not None else []
    # none kept, or a kept entry the validator refutes (damaged): found again, never printed
    if found is None or refuted:
        found = examples(v)
        if cache and keep:
            proofcache.store_examples(v.source, v, found)
        refuted = recheck(found, module)
    wrong = [error("E040", f"the rulebook example {text} does not hold under the generated "
                   f"validator of `{v.id}`", v.players.span,
                   hint="this is a bug in remikc: the solver and the validator disagree")
             for text in refuted]
    parent = None
    if v.parent is not None:
        parent = workspace.variant(parent_path(v.source, v.parent))
    ids = (v.id,) + ((parent.id,) if parent is not None else ())
    lessons, refused, unplayed = taught(v, ids, module)
    wrong += [error("E040", f"the example {text} in the spec does not hold under the generated "
                    f"validator of `{v.id}`", v.players.span,
                    hint="the spec's `examples` and its rules disagree: fix the example or the rule")
              for text in refused]
    wrong += [warning("W004", f"the rulebook's scored deal ({text}) does not play under these rules",
                      v.players.span, hint="the rulebook shows the solver's scored round instead")
              for text in unplayed]
    sources = [shown(p) for p in reversed(lineage_files(v))]
    books = {}
    for code in LANGUAGES:
        book = rulebook(v, language(code), found, parent, shown(v.source), lessons, children,
                        verified=verified)
        books[f"rulebook.{code}.md"] = to_markdown(book, sources)
        meld = found.run or found.set  # the hint's example: a meld the variant's rules accept
        typed = tuple(str(c) for c in meld.cards) if meld is not None else ()
        typed = () if any(c.startswith("JK") for c in typed) else typed
        said = book_language(v, language(code))
        checker = box(validator_py, said, typed) if validator_py is not None else None
        books[f"rulebook.{code}.html"] = to_html(book, sources, checker)
    return books, wrong


def recheck(e: Examples, module: VariantModule) -> list[str]:
    """The examples the generated validator does not confirm, in words."""
    wrong: list[str] = []

    def show(cards: tuple[Card, ...]) -> str:
        return format_cards(cards)

    for play in (e.run, e.set, e.joker, e.ace_to_ace):
        if play is not None:
            verdict = module.check_meld(show(play.cards))
            if (verdict.ok, verdict.kind, verdict.points) != (True, play.kind, play.points):
                wrong.append(f"{show(play.cards)} ({play.kind}, {play.points})")
    if e.corner is not None:
        allowed = module.WRAP
        if bool(module.check_meld(show(e.corner))) != allowed:
            wrong.append(f"{show(e.corner)} (round the corner)")
    if e.opening is not None:
        melds, points = e.opening
        verdict = module.check_opening([show(m) for m in melds])
        # and the module's solver must find a lay-down of those cards worth as much
        best = module.best_melds(show(tuple(c for m in melds for c in m)), opening=True)
        if (verdict.ok, verdict.points) != (True, points) or best.points < points:
            wrong.append(" + ".join(show(m) for m in melds) + f" (opening, {points})")
    # the meld after a lay-off or a swap is printed too: it must be the meld and the card
    if e.lay_off is not None:
        meld, card, after = e.lay_off
        verdict = module.check_lay_off(show(meld), str(card))
        if ((verdict.ok, verdict.points) != (True, after.points)
                or sorted(after.cards) != sorted((*meld, card))):
            wrong.append(f"{card} laid off on {show(meld)}")
    if e.swap is not None:
        meld, card, after = e.swap
        verdict = module.check_joker_swap(show(meld), str(card))
        kept = [c for c in meld if not c.is_joker]
        if ((verdict.ok, verdict.points) != (True, after.points)
                or sorted(after.cards) != sorted((*kept, card))):
            wrong.append(f"{card} for the joker of {show(meld)}")
    for hand in e.hands:
        if module.hand_value(show(hand.cards)) != hand.points:
            wrong.append(f"{show(hand.cards)} left in hand ({hand.points})")
    return wrong


def stale(build: Build, out: Path, *, whole: bool) -> list[str]:
    """Files that differ from a fresh build (missing, changed, or, for a whole build, left over),
    and the temporary files a killed build left in its folders (a build removes them)."""
    found = []
    for path, text in sorted(build.files.items()):
        if not path.exists():
            found.append(f"{path}: missing")
        elif path.read_text(encoding="utf-8") != text:
            found.append(f"{path}: out of date")
    folders = sorted({path.parent for path in build.files} | ({out} if whole else set()))
    for folder in folders:
        if folder.is_dir():
            found += [f"{p}: left over from an interrupted write" for p in sorted(folder.iterdir())
                      if temporary(p.name) and p.is_file()]
    if whole and out.exists():
        for path in sorted(p for p in out.rglob("*") if p.is_file()):
            # tool caches (__pycache__, .ruff_cache, .mypy_cache) are not part of the build,
            # nor are PDFs (`build --pdf`), whose bytes depend on the machine's fonts
            if path not in build.files and path.suffix != ".pdf" and not any(
                    part == "__pycache__" or part.startswith(".") for part in path.relative_to(out).parts):
                found.append(f"{path}: not produced by the build")
    return found
