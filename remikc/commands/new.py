"""`remikc new NAME --extends ID`: a commented house-rule variant to start from."""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
from pathlib import Path
from typing import TextIO

from ..atomic import write_atomic
from ..diagnostics import SpecError, did_you_mean, render_all
from ..new_variant import skeleton
from ..spec.workspace import (
    SUFFIX,
    VARIANT_ID,
    Workspace,
    is_packaged,
    is_seed_folder,
    packaged_ids,
    parent_path,
    spec_exists,
)
from .common import FINDINGS, OK, Subparsers, UsageError, add_command, colour, need_folder, warn


def register(subparsers: Subparsers) -> None:
    new = add_command(subparsers, "new", "write a commented house-rule variant to start from", spec=False)
    new.add_argument("name", metavar="NAME",
                     help=f"the new variant's id, and its file's name: NAME{SUFFIX} "
                          "(lower-case letters, digits and `_`)")
    new.add_argument("--extends", required=True, metavar="ID",
                     help="the variant it changes: one in --dir, else a seed variant shipped "
                          "with remikc (`remikc list`)")
    new.add_argument("--dir", default=".", metavar="DIR",
                     help="folder the new file goes into, beside a local parent (default: the "
                          "current folder; never remikc's own seed folder)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if not VARIANT_ID.fullmatch(args.name):
        raise UsageError(f"remikc: `{args.name}` is not a variant id: use lower-case letters, "
                         f"digits and `_`, starting with a letter{_id_suggestion(args.name)}")
    if not VARIANT_ID.fullmatch(args.extends):
        raise UsageError(f"remikc: --extends takes a variant id, not `{args.extends}`: the parent "
                         f"is <id>{SUFFIX} in the --dir folder (default: the current one), or a seed variant "
                         "shipped with remikc")
    need_folder("--dir", args.dir, "specs")
    if os.path.exists(args.dir) and not os.path.isdir(args.dir):
        raise UsageError(f"remikc: --dir {args.dir} is not a folder: give the folder of the "
                         f"new {SUFFIX} file")
    if is_seed_folder(args.dir):
        # written there, a family's variant would be listed and shipped as one of remikc's seeds
        raise UsageError(f"remikc: --dir {args.dir} is remikc's own folder of seed variants: "
                         "write the house variant in a folder of yours (--dir, or the current one)")
    target = os.path.normpath(os.path.join(args.dir, args.name + SUFFIX))  # `moj.rules`, not `./moj.rules`
    if args.name == args.extends:
        # `extends` looks beside the file first, so the new file would name itself, whether it
        # replaced a local parent or stood for the shipped one (E018 at the next check)
        raise UsageError(f"remikc: a variant cannot extend itself: {target} would say `extends "
                         f"\"{args.name}\"`, which names that file itself; give the new variant "
                         f"another name, e.g. {args.name}_domowy")
    # resolved as the loader will resolve the new file's `extends`: beside it, else shipped
    parent_file = parent_path(target, args.extends)
    if not spec_exists(parent_file):
        # the files `extends` could name: those named by an id (not `Duże Litery.rules`)
        here = sorted(p.stem for p in Path(args.dir).glob("*" + SUFFIX) if VARIANT_ID.fullmatch(p.stem)) \
            if os.path.isdir(args.dir) else []
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
        print(render_all(exc.diagnostics, workspace.sources, colour(err)), file=err)
        print(f"remikc: fix {parent_file} before extending it", file=err)
        return FINDINGS
    made = not os.path.isdir(args.dir)  # a folder that --dir names and that is not there yet is made
    write_atomic(target, skeleton(args.name, parent, parent_file))
    # read back as `check` will read it, to say whether a local parent shadows a shipped one
    # (a skeleton is valid by construction; were it not, `remikc check` would say so)
    with contextlib.suppress(SpecError):
        workspace.variant(target)
    warn(workspace, [target], err)
    where = "" if not is_packaged(parent_file) else f" (shipped with remikc: {parent_file})"
    if not args.quiet:
        folder = f" (in {args.dir}, a new folder)" if made else ""
        print(f"wrote {target}{folder}: a house variant of {parent.id}{where}; edit it, then run "
              f"`remikc check {shlex.quote(target)}`", file=out)
    return OK


def _not_a_parent(target: str, args: argparse.Namespace, parent_file: str,
                  workspace: Workspace) -> None:
    """UsageError if the existing `target` is a game that other specs extend: the parent the
    new file is to extend (or one of its ancestors), whose replacement would extend itself;
    or the parent of a spec in --dir, which would silently become a house variant of another
    game."""
    from ..spec.workspace import find_specs

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

