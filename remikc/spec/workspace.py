"""Find, read and resolve spec files: `Workspace.variant(path) -> ir.Variant`.

A variant lives in `<id>.rules`; `extends "<parent>"` names `<parent>.rules`
in the same folder or, when there is none, the seed variant of that id shipped
with remikc (`parent_path`, the one place that rule is written down).  The
shipped seed specs are named `remikc:specs/<id>.rules` wherever remikc is
installed (`PACKAGED`), in messages and generated files alike.
Each file is read and collected once per workspace, so checking a folder of
house rules does not re-parse their base game.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import os
import re
import stat
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING

from .. import ir
from ..diagnostics import Diagnostic, Note, Severity, Span, SpecError, did_you_mean, error, warning
from . import syntax
from .bind import FileRules, bind_all
from .house import one_language_notes
from .lower import lower_all
from .parser import parse_partial

if TYPE_CHECKING:
    from importlib.abc import Traversable

SUFFIX = ".rules"

VARIANT_ID = re.compile(r"[a-z][a-z0-9_]*")
"""A variant id.  `extends` and `remikc new --extends` take nothing else, so a parent is
always a file beside its child: a path would make a spec depend on where it is checked from,
and could reach any file on the machine."""


PACKAGED = "remikc:specs"
"""The folder of the seed specs shipped with remikc (the package `remikc.specs`), as paths
name it: `remikc:specs/remik51.rules`.  Such a path is read from the package, never from
the disk by that name, so a spec and its generated files read the same wherever remikc is
installed."""


MAX_SPEC_BYTES = 4 * 1024 * 1024
"""The largest spec remikc reads, 4 MiB: the seed specs are a few kilobytes, and a thousand-file
`extends` chain is too.  A file, standard input, a parent or an editor's document past it is
refused (E030) after reading one byte more than this, never read whole."""


def read_limited(stream: IO[bytes]) -> bytes:
    """What `stream` holds, but no more than `MAX_SPEC_BYTES` and one byte: enough to tell a
    spec from something too large (standard input may be `/dev/zero`)."""
    chunks, left = [], MAX_SPEC_BYTES + 1
    while left > 0:
        chunk = stream.read(min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def oversized(text: str) -> bool:
    """Whether `text` (an editor's document, held as text) is past `MAX_SPEC_BYTES` in UTF-8."""
    return len(text) > MAX_SPEC_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_SPEC_BYTES


def too_large(path: str) -> Diagnostic:
    """E030 for a spec past `MAX_SPEC_BYTES`."""
    return error("E030", f"cannot read {path}: it is larger than {MAX_SPEC_BYTES // 2**20} MiB, "
                 "the largest spec remikc reads", None,
                 hint="a spec is a few kilobytes of text: is this the file you meant?")


STDIN = "<stdin>"
"""The name of a spec read from standard input without `--stdin-filename`: its id is not
checked against a file name, and its `extends` is looked for in the current folder."""


def parent_path(source: str, parent_id: str, given: Collection[str] = ()) -> str:
    """The file of variant `parent_id`, the parent of the spec in `source`: beside it, else the
    shipped seed variant of that id (a shipped spec's parent is always shipped too).  When
    neither exists, the file beside it, for the error to name.  `given`: the names of specs
    read elsewhere (standard input, `Workspace.given`), which count as files there are, under
    the name they were given by: the house variants `sweep` makes of a spec read from `-` find
    it as their parent, not a file or a seed of its id."""
    if not is_packaged(source):
        beside = os.path.join(os.path.dirname(source), parent_id + SUFFIX)
        named = given_name(beside, given)
        if named is not None:
            return named
        if os.path.isfile(beside) or parent_id not in packaged_ids():
            return beside
    return f"{PACKAGED}/{parent_id}{SUFFIX}"


def given_name(path: str, given: Collection[str]) -> str | None:
    """The name among `given` that is `path`, however either spells it (`./specs/x.rules`,
    `specs/x.rules`), else None."""
    if path in given:
        return path
    wanted = os.path.normpath(path)
    return next((name for name in given if name != STDIN and os.path.normpath(name) == wanted), None)


def is_packaged(path: str) -> bool:
    """Whether `path` names a shipped seed spec (`remikc:specs/...`), existing or not."""
    return path.replace("\\", "/").startswith(PACKAGED + "/")


def spec_exists(path: str) -> bool:
    """Whether `path` is a spec file there is: on the disk, or shipped with remikc."""
    if is_packaged(path):
        name = Path(path).name
        return path == f"{PACKAGED}/{name}" and name.removesuffix(SUFFIX) in packaged_ids() \
            and name.endswith(SUFFIX)
    return os.path.isfile(path)


@functools.cache
def _packaged_folder() -> Traversable | None:
    try:
        return importlib.resources.files("remikc.specs")
    except ModuleNotFoundError:
        # remikc run from a source tree it was not installed from: the specs are beside it
        folder = Path(__file__).resolve().parent.parent / "specs"
        return folder if (folder / "__init__.py").is_file() else None


def is_seed_folder(folder: str) -> bool:
    """Whether `folder` on the disk is the folder the shipped seed specs are read from (in a
    source checkout, its specs/; installed, the package's)."""
    shipped = _packaged_folder()
    return isinstance(shipped, Path) and os.path.isdir(folder) and \
        Path(folder).resolve() == shipped.resolve()


@functools.cache
def packaged_ids() -> tuple[str, ...]:
    """The ids of the seed variants shipped with remikc, sorted."""
    folder = _packaged_folder()
    if folder is None:
        return ()
    ids = (entry.name.removesuffix(SUFFIX) for entry in folder.iterdir()
           if entry.name.endswith(SUFFIX) and entry.is_file())
    return tuple(sorted(i for i in ids if VARIANT_ID.fullmatch(i)))


def packaged_paths() -> list[str]:
    """The shipped seed specs, as paths (`remikc:specs/remik51.rules`)."""
    return [f"{PACKAGED}/{i}{SUFFIX}" for i in packaged_ids()]


def shadows_shipped(path: str) -> bool:
    """Whether the file `path` (not a shipped one) has the id of a seed variant shipped with
    remikc but not the same text: then `extends` from beside it means another game than the
    shipped one.  A copy, or the project's own specs/ that remikc ships, is the same game."""
    variant_id = Path(path).name.removesuffix(SUFFIX)
    if is_packaged(path) or variant_id not in packaged_ids():
        return False
    try:
        return _read_bytes(path) != _read_bytes(f"{PACKAGED}/{variant_id}{SUFFIX}")
    except OSError:
        return False  # the reading proper says what is wrong


def _read_bytes(path: str) -> bytes:
    if not is_packaged(path):
        return _read_regular(path)
    folder = _packaged_folder()
    name = Path(path).name
    if folder is None or not spec_exists(path):
        raise FileNotFoundError(2, "no such seed variant is shipped with remikc", path)
    with folder.joinpath(name).open("rb") as handle:
        return read_limited(handle)


def _read_regular(path: str) -> bytes:
    """The bytes of the regular file `path`; `OSError` for anything else.  Reading a named pipe
    would wait for a writer forever, and a device may never end: the file is opened without
    blocking and checked with `fstat` (what was opened, not what the name meant a moment ago)
    before it is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        kind = _special_kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise OSError(0, f"it is {kind}, not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return read_limited(handle)
    finally:
        os.close(fd)


def _special_kind(mode: int) -> str | None:
    """What a file of `mode` is, in words, unless it is a regular file (None)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


@dataclass
class Workspace:
    """Spec files read so far (`sources` feeds diagnostics their source lines)."""

    sources: dict[str, str] = field(default_factory=dict)
    given: dict[str, bytes] = field(default_factory=dict)  # read elsewhere (stdin), by name
    _sha256: dict[str, str] = field(default_factory=dict)  # of each file's bytes as read
    _files: dict[str, FileRules | SpecError] = field(default_factory=dict)
    _variants: dict[str, ir.Variant | SpecError] = field(default_factory=dict)
    _warnings: dict[str, tuple[Diagnostic, ...]] = field(default_factory=dict)
    _partial: dict[str, FileRules] = field(default_factory=dict)  # read with errors, as far as it goes
    # each variant's chain, base first, and the warnings found on it: the variants of a long
    # chain then walk only their own link, not every link above them again
    _chains: dict[str, tuple[tuple[FileRules, ...], tuple[Diagnostic, ...]]] = field(default_factory=dict)

    def parent_path(self, source: str, parent_id: str) -> str:
        """`parent_path`, the specs read from standard input counted as files there are."""
        return parent_path(source, parent_id, self.given)

    def read(self, path: str) -> str:
        if path not in self.sources:
            try:
                named = given_name(path, self.given)
                data = self.given[named] if named is not None else _read_bytes(path)
            except OSError as exc:
                raise SpecError([error("E030", f"cannot read {path}: {exc.strerror}", None)]) from None
            if len(data) > MAX_SPEC_BYTES:
                raise SpecError([too_large(path)])
            self._sha256[path] = hashlib.sha256(data).hexdigest()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                line = data[: exc.start].count(b"\n") + 1
                col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
                self.sources[path] = data.decode("utf-8", errors="replace")
                raise SpecError([error("E030", "the file is not UTF-8 text",
                                       Span(path, line, col, line, col + 1),
                                       hint="save it as UTF-8")]) from None
            self.sources[path] = text.removeprefix("\ufeff")
        return self.sources[path]

    def sha256(self, path: str) -> str:
        """The sha256 of the bytes of `path`, as `sha256sum` prints it (a byte-order mark and
        all), read once with its text; of the UTF-8 of a text put in `sources` by hand."""
        text = self.read(path)
        return self._sha256.get(path) or hashlib.sha256(text.encode("utf-8")).hexdigest()

    def file(self, path: str) -> FileRules:
        cached = self._files.get(path)
        if cached is None:
            try:
                text = self.read(path)
                if _blank(text):
                    raise SpecError([_no_variant(path)])
                spec, syntax_errors = parse_partial(text, path)
                if spec is None:
                    raise SpecError(syntax_errors)
                cached, problems = bind_all(spec)
                problems.extend(syntax_errors)
                problems.extend(_id_problems(spec, path))
                if any(d.severity is Severity.ERROR for d in problems.items):
                    # kept, so that lowering can report its own mistakes in the same run
                    self._partial[path] = cached
                problems.raise_if_errors()
            except SpecError as exc:
                cached = exc
            self._files[path] = cached
        if isinstance(cached, SpecError):
            raise cached
        return cached

    def known(self, path: str, variant: ir.Variant) -> None:
        """Take `variant` as what `path` reads to, with no warnings, as if it had been read
        (the proof cache keeps resolved variants: their text need not be read again)."""
        self._variants[path] = variant
        self._warnings[path] = ()

    def forget(self, path: str) -> None:
        """Drop what was worked out from the text of `path`, to read a new text of it (the
        `sweep` puts each grid point's text under one name): its file, variant and warnings,
        and every chain that runs through it."""
        old = self._files.pop(path, None)
        self._partial.pop(path, None)
        self._sha256.pop(path, None)
        for memo in (self._variants, self._warnings):
            memo.pop(path, None)
        self._chains.pop(path, None)
        if old is not None and not isinstance(old, SpecError):
            for below in [p for p, (files, _) in self._chains.items() if any(f is old for f in files)]:
                del self._chains[below]
                self._variants.pop(below, None)

    def warnings(self, path: str) -> tuple[Diagnostic, ...]:
        """What is worth saying about `path` that is no error, once `variant(path)` (or
        `chain(path)`) has read it: a local parent that shadows a shipped seed variant."""
        return self._warnings.get(path, ())

    def chain(self, path: str) -> list[FileRules]:
        """The files from the base game down to `path`."""
        warnings: list[Diagnostic] = []
        try:
            return self._chain(path, warnings)
        except SpecError as exc:
            raise SpecError([*warnings, *exc.diagnostics]) from None
        finally:
            self._warnings[path] = tuple(warnings)

    def _chain(self, path: str, warnings: list[Diagnostic], leaf: FileRules | None = None
               ) -> list[FileRules]:
        """The files from the base game down to `path` (to `leaf`, the file at `path` as read
        with errors, when given), the warnings found on the way into `warnings`.  A loop, not
        recursion: an `extends` chain may be a thousand files long."""
        known = self._chains.get(path) if leaf is None else None
        if known is None:
            return list(self._walked(path, leaf, warnings))
        warnings.extend(known[1])
        return list(known[0])

    def _walked(self, path: str, leaf: FileRules | None, warnings: list[Diagnostic]
                ) -> tuple[FileRules, ...]:
        """`_chain`, worked out: up from `path` to a variant whose chain is known (or to the base
        game), then down again, keeping each variant's chain on the way (not the leaf's)."""
        walked: list[tuple[str, FileRules, Diagnostic | None]] = []  # up from the leaf
        seen = {os.path.normpath(path)}
        current, child = path, leaf or self.file(path)
        above: tuple[tuple[FileRules, ...], tuple[Diagnostic, ...]] = ((), ())
        while True:
            if child.spec.extends is None:
                walked.append((current, child, None))
                break
            parent_id = child.spec.extends.value
            if not VARIANT_ID.fullmatch(parent_id):
                raise SpecError([_not_an_id(child, parent_id)])
            path_of_parent = self.parent_path(current, parent_id)
            if os.path.normpath(path_of_parent) in seen:
                raise SpecError([_circle([f for _, f, _ in walked] + [child], parent_id)])
            if path_of_parent not in self.given and not spec_exists(path_of_parent):
                raise SpecError([_unknown_parent(child, parent_id, os.path.dirname(current))])
            shadow = self._shadowing(child, path_of_parent)
            if shadow is not None:
                warnings.append(shadow)
            walked.append((current, child, shadow))
            try:
                parent = self.file(path_of_parent)
            except SpecError as exc:
                raise SpecError([*exc.diagnostics, error(
                    "E017", f"the parent variant `{parent_id}` has errors",
                    child.spec.extends.span, hint=f"fix {path_of_parent} first")]) from None
            # a chain kept is whole and without a circle: a circle through this walk would have
            # run through that chain's own walk, which then failed and kept nothing
            found = self._chains.get(path_of_parent)
            if found is not None:
                above = found
                warnings.extend(found[1])
                break
            seen.add(os.path.normpath(path_of_parent))
            current, child = path_of_parent, parent
        files, said = above
        for at, (where, file, shadow) in reversed(list(enumerate(walked))):
            files, said = (*files, file), ((shadow,) if shadow is not None else ()) + said
            if at or leaf is None:
                self._chains[where] = (files, said)
        return files

    def _shadowing(self, child: FileRules, parent: str) -> Diagnostic | None:
        """W001 when `parent`, found beside `child`, has the id of a shipped seed variant but
        not its text.  The same text (the project's own specs/, or a copy of a seed spec) is
        the same variant, and says nothing worth a warning."""
        assert child.spec.extends is not None
        parent_id = child.spec.extends.value
        if not shadows_shipped(parent):
            return None
        shipped = f"{PACKAGED}/{parent_id}{SUFFIX}"
        return warning(
            "W001", f"`{parent_id}` here is {parent}, not the seed variant `{parent_id}` shipped "
            f"with remikc ({shipped}): the two differ", child.spec.extends.span,
            hint=f"a {SUFFIX} file beside this one comes first; rename it (and its `variant` "
            f"line) to keep both, or delete it to extend the shipped `{parent_id}`")

    def variant(self, path: str) -> ir.Variant:
        cached = self._variants.get(path)
        if cached is None:
            try:
                built, problems = lower_all(self.chain(path))
                problems.raise_if_errors()
                assert built is not None
                cached = built
                # an override that changes nothing, a note in one language only: worth
                # saying, and they stop nothing
                self._warnings[path] += (*problems.items, *one_language_notes(cached.notes))
            except SpecError as exc:
                cached = self._every_mistake(path, exc)
            self._variants[path] = cached
        if isinstance(cached, SpecError):
            raise cached
        return cached

    def _every_mistake(self, path: str, exc: SpecError) -> SpecError:
        """`exc`, the errors of the file at `path`, with the mistakes the later passes find in
        the rest of it: every mistake in one run.  Only for a file that was read and parsed
        (a syntax error leaves no tree to go on with) and whose parents are sound."""
        partial = self._partial.get(path)
        if partial is None:
            return exc
        warnings: list[Diagnostic] = []
        try:
            chain = self._chain(path, warnings, partial)
        except SpecError as more:
            return SpecError(_in_order([*exc.diagnostics, *more.diagnostics]))
        _, later = lower_all(chain)
        return SpecError(_in_order([*warnings, *exc.diagnostics, *later.items]))


def _in_order(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Each once, in the order of the file."""
    unique = {(d.code, d.span, d.message): d for d in diagnostics}
    return sorted(unique.values(), key=lambda d: ("", 0, 0) if d.span is None
                  else (d.span.file, d.span.line, d.span.column))


def _id_problems(spec: syntax.Spec, path: str) -> list[Diagnostic]:
    """E022: the variant's id is not an id, or not its file's name."""
    ident = spec.id.text
    expected = Path(path).name.removesuffix(SUFFIX)
    if not VARIANT_ID.fullmatch(ident):
        # ids name files and are what `extends` may say: keep them plain
        lower_id = re.sub(r"[^a-z0-9_]", "_", ident.lower()).lstrip("0123456789_") or "v"
        return [error(
            "E022", f"`{ident}` is not a variant id: use lower-case letters, "
            "digits and `_`, starting with a letter", spec.id.span,
            hint=f"e.g. `variant {lower_id}` in `{lower_id}{SUFFIX}`")]
    if path == STDIN:
        return []  # no file name to match: `--stdin-filename` gives one
    if not Path(path).name.endswith(SUFFIX):
        # `rodzinny.txt`: the id is right, the file's name is not a spec's
        return [error(
            "E022", f"variant `{ident}` is in `{Path(path).name}`, whose name "
            f"does not end in `{SUFFIX}`", spec.id.span,
            hint=f"rename the file to `{ident}{SUFFIX}`: `check` finds spec "
            f"files in folders, and `extends` finds a variant, by that name")]
    if ident != expected:
        # the variant renamed after the file only where the file's name is an id (`Duże Litery` is not)
        other = f" or the variant to `{expected}`" if VARIANT_ID.fullmatch(expected) else ""
        return [error(
            "E022", f"variant `{ident}` is in a file named `{Path(path).name}`",
            spec.id.span, hint=f"rename the file to `{ident}{SUFFIX}`{other}: `extends` finds a "
            "variant by its file name")]
    return []


def _circle(chain: list[FileRules], back_to: str) -> Diagnostic:
    """`chain` from the file asked for up to the one whose parent closes the loop."""
    loop = " -> ".join([f.id for f in chain] + [back_to])
    start, *rest = [f.spec.extends for f in chain]
    assert start is not None
    return error("E018", f"`extends` goes round in a circle: {loop}", start.span,
                 notes=[Note(f"`{f.id}` extends `{link.value}`", link.span)
                        for f, link in zip(chain[1:], rest, strict=True) if link is not None],
                 hint="a base game must extend nothing")


def _not_an_id(child: FileRules, parent_id: str) -> Diagnostic:
    assert child.spec.extends is not None
    # `"../specs/remik51.rules"` most likely means `"remik51"`: offer the id when there is one
    guess = re.split(r"[/\\]", parent_id)[-1].removesuffix(SUFFIX)
    where = f"the parent must be <id>{SUFFIX} in the same folder as this file"
    hint = (f'did you mean `extends "{guess}"`? {where}' if VARIANT_ID.fullmatch(guess) else
            f"a variant id is lower-case letters, digits and `_`, starting with a letter; {where}")
    return error("E017", f"`extends` takes a variant id, not `{parent_id}`",
                 child.spec.extends.span, hint=hint)


def _unknown_parent(child: FileRules, parent_id: str, folder: str) -> Diagnostic:
    assert child.spec.extends is not None
    here = [] if is_packaged(folder + "/") else sorted(  # those an `extends` could name
        name for p in Path(folder or ".").glob("*" + SUFFIX)
        if VARIANT_ID.fullmatch(name := p.name.removesuffix(SUFFIX)))
    known = sorted({*here, *packaged_ids()})
    hint = did_you_mean(parent_id, known)
    if hint is None:
        hint = ("variants here: " + ", ".join(here) + "; " if here else
                f"no {SUFFIX} files in {folder or '.'}; ")
        hint += "shipped with remikc: " + (", ".join(packaged_ids()) or "none")
    return error("E017", f"unknown variant `{parent_id}`: there is no {parent_id}{SUFFIX} "
                 f"next to this file, nor a seed variant `{parent_id}` shipped with remikc",
                 child.spec.extends.span, hint=hint)


def _blank(text: str) -> bool:
    return all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines())


def _no_variant(path: str) -> Diagnostic:
    # the parser would say "ends too early; expected `;`, `variant`...": true, but no help
    stem = Path(path).name.removesuffix(SUFFIX)
    name = stem if VARIANT_ID.fullmatch(stem) else "<id>"
    return error("E004", "the file holds no variant: expected `variant <id> {`",
                 Span(path, 1, 1, 1, 2),
                 hint=f"a spec is `variant {name} {{ ... }}`, its id the file's name; "
                 "see docs/dsl.md")


def spec_files(paths: list[str]) -> list[str]:
    """The `.rules` files named by `paths` (files, or folders searched recursively), in the
    order first named, each once: a file named twice, or as itself and through its folder,
    would be checked and built twice.  `remikc:specs` names the shipped seed specs."""
    return find_specs(paths)[0]


def find_specs(paths: list[str]) -> tuple[list[str], list[Diagnostic]]:
    """`spec_files`, and a W002 warning for each `*.rules` in a folder that is no regular file
    (a named pipe, a socket, a device, a folder): skipped, since reading a pipe would wait
    forever.  A file named on its own is kept, for the reading to refuse it with E030."""
    found: dict[str, str] = {}
    skipped: list[Diagnostic] = []
    for path in paths:
        p = Path(path)
        if path.rstrip("/") == PACKAGED:
            named = packaged_paths()
        elif is_packaged(path):
            named = [path]
        elif p.is_dir():
            named = []
            for f in sorted(p.rglob("*" + SUFFIX)):
                kind = _kind_of(f)
                if kind is None:
                    named.append(str(f))
                else:
                    skipped.append(warning(
                        "W002", f"skipped {f}: it is {kind}, not a regular file", None,
                        hint=f"only regular files are read as specs; rename it if it is no "
                        f"{SUFFIX} file"))
        else:
            named = [path]
        for file in named:
            found.setdefault(os.path.realpath(file), file)
    return list(found.values()), skipped


def _kind_of(path: Path) -> str | None:
    """What `path` is if not a regular file (following links), else None.  A broken link is
    kept (None): reading it says what is wrong (E030)."""
    try:
        return _special_kind(path.stat().st_mode)
    except OSError:
        return None
