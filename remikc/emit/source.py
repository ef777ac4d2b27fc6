"""A variant's generated module as source text, and the spec paths its header names: all the
simulator needs of a build, so `simulate` and its workers import neither the rulebooks nor the
verifier (nor z3)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from .. import ir
from ..spec.workspace import Workspace, is_packaged, parent_path
from .validator import emit_validator


def lineage_files(variant: ir.Variant, given: Collection[str] = ()) -> list[str]:
    """The spec files a variant is built from, base game first; `given`, the names of specs
    read from standard input, as for `parent_path`."""
    files = [variant.source]
    for parent in variant.lineage[1:]:
        files.append(parent_path(files[-1], parent, given))
    return files[::-1]


def shown(path: str) -> str:
    """A spec path as generated files write it: relative to its project (the nearest folder
    above it with a pyproject.toml or .git), else to its folder's parent; never to where
    remikc happens to run, so a build gives the same bytes from any folder.  A seed spec
    shipped with remikc is `remikc:specs/<id>.rules` wherever remikc is installed."""
    if is_packaged(path):
        return path
    spec = Path(path).resolve()
    for folder in spec.parents:
        if (folder / "pyproject.toml").exists() or (folder / ".git").exists():
            return spec.relative_to(folder).as_posix()
    return spec.relative_to(spec.parent.parent).as_posix()


def validator_source(variant: ir.Variant, workspace: Workspace, *, as_given: bool = False) -> str:
    """The generated module of `variant`, its spec paths as `shown` writes them; with
    `as_given`, as the command line gave them (relative to the current folder, as every
    message of a command writes them), for a module that answers a command, not one for
    generated/."""
    files = lineage_files(variant, workspace.given)
    digests = {path: workspace.sha256(path) for path in files}
    return emit_validator(variant, digests, {path: path if as_given else shown(path) for path in files})


def web_sources(variant: ir.Variant, workspace: Workspace, validator_py: str) -> dict[str, str]:
    """`validator.mjs` and `validator.d.ts` of `variant` (remikc/emit/web.py), by file name: the
    rules those of `validator_py`, its generated Python module; spec paths as `shown`."""
    from .web import emit_dts, emit_js

    files = lineage_files(variant, workspace.given)
    digests = {path: workspace.sha256(path) for path in files}
    show = {path: shown(path) for path in files}
    return {"validator.mjs": emit_js(variant, validator_py, digests, show),
            "validator.d.ts": emit_dts(variant, " <- ".join(show[p] for p in reversed(files)))}
