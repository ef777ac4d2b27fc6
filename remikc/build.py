"""What `remikc build` produces: `outputs(paths) -> {file: text}`, nothing written.

The CLI writes the files (atomically) or, with `--check`, compares them with
what is on disk.  Paths inside generated files are shown relative to the
folder the build runs in, so the output does not depend on where the project
lives.
"""

from __future__ import annotations

import os
import types
from dataclasses import dataclass
from pathlib import Path

from . import ir
from .diagnostics import Diagnostic
from .driver import check_paths
from .emit.validator import emit_validator
from .loader import SUFFIX, Workspace


@dataclass
class Build:
    files: dict[Path, str]
    problems: list[Diagnostic]
    sources: dict[str, str]


def lineage_files(variant: ir.Variant) -> list[str]:
    """The spec files a variant is built from, base game first."""
    folder = os.path.dirname(variant.source)
    return [os.path.join(folder, v + SUFFIX) if v != variant.id else variant.source
            for v in reversed(variant.lineage)]


def shown(path: str) -> str:
    return Path(os.path.relpath(path)).as_posix()


def validator_source(variant: ir.Variant, workspace: Workspace) -> str:
    files = lineage_files(variant)
    texts = {path: workspace.read(path) for path in files}
    return emit_validator(variant, texts, {path: shown(path) for path in files})


def outputs(paths: list[str], out: Path) -> Build:
    run = check_paths(paths)
    problems = run.unique_diagnostics()
    files: dict[Path, str] = {}
    if not problems:
        for result in run.results:
            assert result.variant is not None
            v = result.variant
            files[out / v.id / "validator.py"] = validator_source(v, run.workspace)
    return Build(files, problems, run.workspace.sources)


def stale(build: Build, out: Path, *, whole: bool) -> list[str]:
    """Files that differ from a fresh build (missing, changed, or, for a whole build, left over)."""
    found = []
    for path, text in sorted(build.files.items()):
        if not path.exists():
            found.append(f"{path}: missing")
        elif path.read_text(encoding="utf-8") != text:
            found.append(f"{path}: out of date")
    if whole and out.exists():
        for path in sorted(p for p in out.rglob("*") if p.is_file()):
            # tool caches (__pycache__, .ruff_cache, .mypy_cache) are not part of the build
            if path not in build.files and not any(
                    part == "__pycache__" or part.startswith(".") for part in path.relative_to(out).parts):
                found.append(f"{path}: not produced by the build")
    return found


def load_module(name: str, source: str) -> types.ModuleType:
    """A generated module run from its source, as `remikc explain` and the tests use it."""
    module = types.ModuleType(name)
    exec(compile(source, f"<remikc {name}>", "exec"), module.__dict__)  # our own output
    return module
