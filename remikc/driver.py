"""One entry point for the CLI, the tests and `build`: load and check specs.

No pass reads files or prints; this module is where files are read, and it
hands back results for the caller to print.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import ir
from .diagnostics import Diagnostic, SpecError
from .loader import Workspace, spec_files


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

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def unique_diagnostics(self) -> list[Diagnostic]:
        """Each diagnostic once, though a broken base game breaks all its house variants."""
        seen: set[tuple[object, ...]] = set()
        out: list[Diagnostic] = []
        for result in self.results:
            for d in result.diagnostics:
                key = (d.code, d.span, d.message)
                if key not in seen:
                    seen.add(key)
                    out.append(d)
        return out


def check_paths(paths: Sequence[str], workspace: Workspace | None = None) -> CheckRun:
    """Load every `.rules` file under `paths` and run the checks that need no solver."""
    run = CheckRun(workspace or Workspace())
    for path in spec_files(list(paths)):
        run.results.append(load_one(path, run.workspace))
    return run


def load_one(path: str, workspace: Workspace) -> FileResult:
    try:
        variant = workspace.variant(path)
    except SpecError as exc:
        return FileResult(path, None, exc.diagnostics)
    return FileResult(path, variant, ())
