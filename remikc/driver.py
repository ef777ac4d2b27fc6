"""One entry point for the CLI, the tests and `build`: load and check specs.

No pass reads files or prints; this module is where files are read, and it
hands back results for the caller to print.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from . import ir
from .diagnostics import Diagnostic, Note, Span, SpecError, error
from .spec.workspace import SUFFIX, Workspace, find_specs, parent_path

if TYPE_CHECKING:
    from .verify import Report


@dataclass(frozen=True, slots=True)
class FileResult:
    path: str
    variant: ir.Variant | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def ok(self) -> bool:
        return self.variant is not None and not any(
            d.severity.value == "error" for d in self.diagnostics)


@dataclass
class CheckRun:
    workspace: Workspace = field(default_factory=Workspace)
    results: list[FileResult] = field(default_factory=list)
    skipped: list[Diagnostic] = field(default_factory=list)  # W002: special files not read

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def unique_diagnostics(self) -> list[Diagnostic]:
        """Each diagnostic once, though a broken base game breaks all its house variants."""
        seen: set[tuple[object, ...]] = set()
        out: list[Diagnostic] = []
        for d in [*self.skipped, *(d for result in self.results for d in result.diagnostics)]:
            key = (d.code, d.span, d.message)
            if key not in seen:
                seen.add(key)
                out.append(d)
        return out


def check_paths(paths: Sequence[str], workspace: Workspace | None = None, *, cache: bool = False
                ) -> CheckRun:
    """Load every `.rules` file under `paths` and run the checks that need no solver.

    `cache`: take a spec's IR from the proof cache when none of its files changed (see
    `proofcache.load_variant`), and keep the IR of each spec read cleanly for next time."""
    run = CheckRun(workspace or Workspace())
    files, run.skipped = find_specs(list(paths))
    for path in files:
        run.results.append(_load_cached(path, run.workspace) if cache else load_one(path, run.workspace))
    _one_file_per_id(run)
    return run


def _one_file_per_id(run: CheckRun) -> None:
    """E031 on every file whose variant id an earlier file of the same command has: `build`
    writes a variant to OUT/<id>/, so the second would silently replace the first.  The id is
    the file's name (E022 holds every other spec to that)."""
    first: dict[str, FileResult] = {}
    for i, result in enumerate(run.results):
        ident = Path(result.path).name.removesuffix(SUFFIX)
        if ident not in first:
            first[ident] = result
            continue
        earlier = first[ident].path
        run.results[i] = replace(result, diagnostics=(*result.diagnostics, error(
            "E031", f"variant `{ident}` twice in one command: here and in {earlier}",
            _id_span(run.workspace, result.path),
            notes=[Note(f"`{ident}` is also here", _id_span(run.workspace, earlier))],
            hint=f"a build writes a variant to OUT/{ident}/, so one would replace the other: "
            "check or build them in separate commands, or rename one (its file and its "
            "`variant` line)")))


def _id_span(workspace: Workspace, path: str) -> Span:
    """Where `path` names its variant; its first character when it does not parse."""
    try:
        return workspace.file(path).spec.id.span
    except SpecError:
        return Span(path, 1, 1, 1, 2)


def _load_cached(path: str, workspace: Workspace) -> FileResult:
    from .proofcache import load_variant, store_variant

    variant = load_variant(path)
    if variant is not None:
        # the workspace hands this IR to whoever asks for the file (the verifier asks for
        # parents by their normalised path), as if it had read it
        for key in {path, os.path.normpath(path)}:
            workspace.known(key, variant)
        return FileResult(path, variant, ())
    result = load_one(path, workspace)
    if result.variant is not None and not result.diagnostics:
        files: list[tuple[str, str | None]] = []
        current, lineage = path, result.variant.lineage
        for i, _ in enumerate(lineage):
            parent = lineage[i + 1] if i + 1 < len(lineage) else None
            files.append((current, parent))
            if parent is not None:
                current = parent_path(current, parent)
        store_variant(path, files, result.variant)
    return result


def load_one(path: str, workspace: Workspace) -> FileResult:
    try:
        variant = workspace.variant(path)
    except SpecError as exc:
        return FileResult(path, None, exc.diagnostics)
    return FileResult(path, variant, workspace.warnings(path))


class Verifier:
    """Verifies variants, a parent before its house variants (for `house.keeps`).

    Variants are independent once their parents are done, and each has a Z3 context of its
    own, so they are verified side by side in `jobs` processes with the same results as one
    after another."""

    def __init__(self, workspace: Workspace, rlimit: int | None = None, jobs: int | None = None,
                 *, cache: bool = False, keep: bool = True) -> None:
        from .proofcache import ProofCache
        from .verify.findings import DEFAULT_RLIMIT

        self.workspace = workspace
        self.rlimit = rlimit or DEFAULT_RLIMIT
        self.jobs = jobs if jobs is not None else min(os.cpu_count() or 1, 4)
        # off unless asked for (the CLI asks): a library caller or a test gets fresh proofs
        # `keep` False: read the cache, write nothing to it (`build --check` writes nothing)
        self.cache = ProofCache(keep=keep) if cache else None
        self._reports: dict[str, Report] = {}
        self._keys: dict[str, str] = {}

    def report(self, path: str, variant: ir.Variant) -> Report:
        return self.reports([(path, variant)])[os.path.normpath(path)]

    def reports(self, wanted: list[tuple[str, ir.Variant]],
                progress: Callable[[str, bool, int], None] | None = None) -> dict[str, Report]:
        """Reports by normalised path, for `wanted` and the parents they need.  `progress` is
        told of each variant as its report is ready: its path, whether it came from the proof
        cache, and how many variants this call verifies in all."""
        todo: dict[str, ir.Variant] = {}
        parents: dict[str, str | None] = {}  # found once: a round asks of every variant left
        for path, variant in wanted:
            self._collect(path, variant, todo, parents)
        total = len(todo)
        while todo:
            ready = [p for p in todo if parents[p] is None or parents[p] in self._reports]
            missing = []
            for p in ready:
                if self._cached(p, todo[p], parents[p]):
                    if progress is not None:
                        progress(p, True, total)
                else:
                    missing.append(p)
            jobs = [(p, self._reports.get(parent) if (parent := parents[p]) is not None else None)
                    for p in missing]
            for path, report in self._run(jobs):
                self._reports[path] = report
                if self.cache is not None:
                    self.cache.store(path, self._keys[path], report)
                if progress is not None:
                    progress(path, False, total)
            for path in ready:
                del todo[path]
        return self._reports

    def _cached(self, path: str, variant: ir.Variant, parent_path: str | None) -> bool:
        """Take the report from the proof cache if it holds one for exactly this question."""
        if self.cache is None:
            return False
        from .proofcache import key

        parent = self._keys[parent_path] if parent_path is not None else None
        self._keys[path] = key(variant, self.rlimit, parent)
        report = self.cache.load(path, variant, self._keys[path])
        if report is None:
            return False
        self._reports[path] = report
        return True

    def _collect(self, path: str, variant: ir.Variant, todo: dict[str, ir.Variant],
                 parents: dict[str, str | None]) -> None:
        """`variant` and its ancestors not yet verified into `todo`, each with the path of its
        parent in `parents`.  A loop, not recursion: an `extends` chain may be a thousand files
        long."""
        key = os.path.normpath(path)
        while key not in self._reports and key not in todo:
            todo[key] = variant
            if variant.parent is None:
                parents[key] = None
                return
            parent = self._parent_path(key, variant)
            parents[key] = parent
            key = parent
            variant = self.workspace.variant(key)

    def _parent_path(self, path: str, variant: ir.Variant) -> str:
        assert variant.parent is not None
        return os.path.normpath(self.workspace.parent_path(path, variant.parent))

    def _run(self, jobs: list[tuple[str, Report | None]]) -> Iterator[tuple[str, Report]]:
        """Each job's path and report, as each is done."""
        if self.jobs <= 1 or len(jobs) <= 1:
            for path, parent in jobs:
                yield path, _verify_one(path, self.rlimit, parent, self.workspace)
            return
        import multiprocessing

        context = multiprocessing.get_context("fork")
        # a Pool, not a ProcessPoolExecutor: leaving the `with` on Ctrl-C terminates the
        # workers at once, rather than waiting for their questions to finish
        with context.Pool(min(self.jobs, len(jobs)), initializer=_ignore_interrupts) as pool:
            # each worker reads the files afresh (a workspace is not worth pickling); a spec
            # read from standard input goes along
            given = Workspace(given=self.workspace.given) if self.workspace.given else None
            work = pool.imap_unordered(_verify_job, [(path, self.rlimit, parent, given)
                                                     for path, parent in jobs])
            yield from work


def _verify_job(job: tuple[str, int, Report | None, Workspace | None]) -> tuple[str, Report]:
    return job[0], _verify_one(*job)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C and `timeout`'s SIGTERM reach the whole process group, and it is the
    main process that stops the run (and ends the workers) with one line.  The worker leaves
    the group: killed by the group's SIGTERM, a worker waiting for its next job took the job
    queue's lock with it, and the Pool, which forks another in its place, then waited for the
    lock for ever in `terminate`.  SIGTERM itself, the Pool's way to end a worker, takes its
    default action (a worker inherits the main process's handler, remikc/interrupt.py), and the
    worker drops the main's wakeup pipe, through which its signals would wake the main's
    watcher.  A worker whose main process is gone ends with its next job: the queue is closed."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.set_wakeup_fd(-1)
    if hasattr(os, "setpgid"):  # (fork, and so this, is POSIX's; a group of its own, as it can)
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)


def _verify_one(path: str, rlimit: int, parent: Report | None, workspace: Workspace | None) -> Report:
    from .verify import keep_parent, verify

    variant = (workspace or Workspace()).variant(path)
    report = verify(variant, rlimit=rlimit, parent=parent)
    return keep_parent(report, parent) if parent is not None else report
