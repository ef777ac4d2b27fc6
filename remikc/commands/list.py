"""`remikc list [DIR|SPEC...]`: the seed variants shipped with remikc, and those in the given
folders."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path
from typing import TextIO

from ..diagnostics import SpecError, tally
from ..spec.workspace import (
    PACKAGED,
    VARIANT_ID,
    Workspace,
    is_packaged,
    packaged_paths,
    parent_path,
    shadows_shipped,
    spec_exists,
)
from .common import FINDINGS, OK, Subparsers, add_command, need_paths, skipped


def register(subparsers: Subparsers) -> None:
    listing = add_command(subparsers, "list", "list the seed variants shipped with remikc, and those in the "
                          "given folders", spec=False)
    listing.add_argument("paths", nargs="*", metavar="DIR|SPEC", help="folders or spec files to list")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """`remikc list [DIR|SPEC ...]`: id, Polish name and parent of the shipped seed variants,
    then of the variants under the paths given, folder by folder."""
    from ..spec.workspace import find_specs

    need_paths(args.paths)
    workspace = Workspace()
    groups: dict[str, list[str]] = {f"seed variants shipped with remikc ({PACKAGED})": packaged_paths()}
    files, passed_over = find_specs(list(args.paths))
    skipped(passed_over, err)
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
                rows.append((Path(path).name, f"✗ {tally(exc.diagnostics)}: "
                             f"remikc check {shlex.quote(path)}", ""))
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
