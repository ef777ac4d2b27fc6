"""Find, read and resolve spec files: `Workspace.variant(path) -> ir.Variant`.

A variant lives in `<id>.rules`; `extends "<parent>"` names `<parent>.rules`
in the same folder.  Each file is read and collected once per workspace, so
checking a folder of house rules does not re-parse their base game.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from . import ir
from .collect import FileRules, collect
from .diagnostics import Diagnostic, Note, SpecError, did_you_mean, error
from .lower import lower
from .parser import parse

SUFFIX = ".rules"


@dataclass
class Workspace:
    """Spec files read so far (`sources` feeds diagnostics their source lines)."""

    sources: dict[str, str] = field(default_factory=dict)
    _files: dict[str, FileRules | SpecError] = field(default_factory=dict)
    _variants: dict[str, ir.Variant | SpecError] = field(default_factory=dict)

    def read(self, path: str) -> str:
        if path not in self.sources:
            try:
                data = Path(path).read_bytes()
            except OSError as exc:
                raise SpecError([error("E030", f"cannot read {path}: {exc.strerror}", None)]) from None
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                line = data[: exc.start].count(b"\n") + 1
                col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
                from .diagnostics import Span

                self.sources[path] = data.decode("utf-8", errors="replace")
                raise SpecError([error("E030", "the file is not UTF-8 text",
                                       Span(path, line, col, line, col + 1),
                                       hint="save it as UTF-8")]) from None
            self.sources[path] = text.removeprefix("\ufeff")
        return self.sources[path]

    def file(self, path: str) -> FileRules:
        cached = self._files.get(path)
        if cached is None:
            try:
                spec = parse(self.read(path), path)
                cached = collect(spec)
                expected = Path(path).name.removesuffix(SUFFIX)
                if cached.id != expected:
                    raise SpecError([error(
                        "E022", f"variant `{cached.id}` is in a file named `{Path(path).name}`",
                        spec.id.span, hint=f"rename the file to `{cached.id}{SUFFIX}` or the "
                        f"variant to `{expected}`: `extends` finds a variant by its file name")])
            except SpecError as exc:
                cached = exc
            self._files[path] = cached
        if isinstance(cached, SpecError):
            raise cached
        return cached

    def chain(self, path: str) -> list[FileRules]:
        """The files from the base game down to `path`."""
        chain = [self.file(path)]
        seen = {os.path.normpath(path): chain[0]}
        current = path
        while chain[0].spec.extends is not None:
            child = chain[0]
            assert child.spec.extends is not None
            parent_id = child.spec.extends.value
            folder = os.path.dirname(current)
            parent_path = os.path.join(folder, parent_id + SUFFIX)
            if os.path.normpath(parent_path) in seen:
                raise SpecError([_circle(list(reversed(chain)), parent_id)])
            if not os.path.isfile(parent_path):
                raise SpecError([_unknown_parent(child, parent_id, folder)])
            try:
                parent = self.file(parent_path)
            except SpecError as exc:
                raise SpecError([*exc.diagnostics, error(
                    "E017", f"the parent variant `{parent_id}` has errors",
                    child.spec.extends.span, hint=f"fix {parent_path} first")]) from None
            seen[os.path.normpath(parent_path)] = parent
            chain.insert(0, parent)
            current = parent_path
        return chain

    def variant(self, path: str) -> ir.Variant:
        cached = self._variants.get(path)
        if cached is None:
            try:
                cached = lower(self.chain(path))
            except SpecError as exc:
                cached = exc
            self._variants[path] = cached
        if isinstance(cached, SpecError):
            raise cached
        return cached


def _circle(chain: list[FileRules], back_to: str) -> Diagnostic:
    """`chain` from the file asked for up to the one whose parent closes the loop."""
    loop = " -> ".join([f.id for f in chain] + [back_to])
    start, *rest = [f.spec.extends for f in chain]
    assert start is not None
    return error("E018", f"`extends` goes round in a circle: {loop}", start.span,
                 notes=[Note(f"`{f.id}` extends `{link.value}`", link.span)
                        for f, link in zip(chain[1:], rest, strict=True) if link is not None],
                 hint="a base game must extend nothing")


def _unknown_parent(child: FileRules, parent_id: str, folder: str) -> Diagnostic:
    assert child.spec.extends is not None
    known = sorted(p.name.removesuffix(SUFFIX) for p in Path(folder or ".").glob("*" + SUFFIX))
    hint = did_you_mean(parent_id, known)
    if hint is None:
        hint = ("variants here: " + ", ".join(known)) if known else f"no {SUFFIX} files in {folder or '.'}"
    return error("E017", f"unknown variant `{parent_id}`: there is no {parent_id}{SUFFIX} "
                 f"next to this file", child.spec.extends.span, hint=hint)


def spec_files(paths: list[str]) -> list[str]:
    """The `.rules` files named by `paths` (files, or folders searched recursively)."""
    found: list[str] = []
    for path in paths:
        p = Path(path)
        if p.is_dir():
            found.extend(str(f) for f in sorted(p.rglob("*" + SUFFIX)))
        else:
            found.append(path)
    return found
