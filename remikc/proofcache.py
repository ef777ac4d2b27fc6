"""The proof cache: a variant's verified report, kept so an unchanged spec is not proved again.

A report is stored under a key made of everything its verdicts depend on:

- the resolved IR of the variant (its parents' rules are merged into it, and every line
  number a finding names is part of it, so a moved line is a new key);
- for a house variant, the key of its parent's report (`house.keeps` compares the two);
- the remikc version (with a digest of its source), the Z3 version and the solver work
  limit (`--rlimit`).

`remikc build` keeps a variant's rulebook examples (the plays the solver finds, `ex-` files)
the same way, keyed by the resolved IR, remikc and Z3: they are most of what a build costs, and
each is the least play of its kind, so a cached one is the one the solver would find again.

Each entry is a JSON file (never pickle: a cache file is data, not code) named by its key,
holding one finding per check id.  Entries are written with `write_atomic` (a temporary file
renamed into place, with the user's umask), so two runs sharing the folder at most both
write the same entry; a reader sees a whole file or none.  An entry that cannot be read or
does not match its key is a miss, never an error: the cache only ever saves work.

A cache folder is no proof of anything: it may come with a spec (an archive, a pull request)
or be shared ($REMIKC_CACHE_DIR), and an edited report would print ✓ for a failing check.
So every entry carries an HMAC-SHA256 (`mac`) of its contents and its file name, under a key
of this user's (`user_key`: 32 random bytes in `KEY_FILE` of the user's own cache folder,
never the folder the entries are in, mode 0600, made on first use).  An entry whose `mac`
does not match (edited, or written by another user or on another machine) is ignored and
worked out again, and `-v` says so (`explained`).

The folder is `$REMIKC_CACHE_DIR` when set, else `.remikc_cache/` beside each spec (for a seed
spec shipped with remikc, or one read from standard input with no `--stdin-filename`,
`$XDG_CACHE_HOME/remikc` or `~/.cache/remikc`).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from . import __version__, ir
from .atomic import WriteError, write_atomic
from .cards import Card, format_cards, parse_card, parse_cards
from .diagnostics import Span

if TYPE_CHECKING:  # not at run time: importing the verifier imports Z3
    from .verify.findings import Finding, Report
    from .verify.witness import Examples, Play

FOLDER = ".remikc_cache"
# the names of the files remikc writes there: `cache clear` deletes nothing else, since
# $REMIKC_CACHE_DIR may be a folder the user keeps other files in
_ENTRY = re.compile(r"(ir-|ex-)?[0-9a-f]{64}\.json")
ENV = "REMIKC_CACHE_DIR"
FORMAT = 3
KEY_FILE = "key"
"""The name of the user's cache key in `shipped_folder()`."""
# what reading an entry that is not what remikc wrote may raise (JSON nested past Python's
# recursion limit included): a miss, never an error
_UNREADABLE = (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError)


@functools.cache
def z3_version() -> str:
    """The installed Z3's version, from its package metadata when that is beside it: importing
    Z3 costs more than a `remikc check` whose proofs are all cached takes otherwise."""
    import importlib.util

    spec = importlib.util.find_spec("z3")
    if spec is not None and spec.origin is not None:
        site = Path(spec.origin).parent.parent
        found = sorted(p.name for p in site.glob("z3_solver-*.dist-info"))
        if len(found) == 1:
            return found[0].removeprefix("z3_solver-").removesuffix(".dist-info")
    import z3

    return str(z3.get_version_string())


@functools.cache
def code_version() -> str:
    """The remikc version and a digest of its own source: between releases the version stays
    the same while the checks change, and a cache must not answer for code that is gone."""
    package = Path(__file__).resolve().parent
    digest = hashlib.sha256(__version__.encode())
    for source in sorted([*package.rglob("*.py"), *package.glob("*.lark")]):
        digest.update(source.relative_to(package).as_posix().encode() + b"\0" + source.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def folder_for(spec_path: str) -> Path:
    """Where the report of the spec at `spec_path` is cached.  A seed spec shipped with remikc
    (`remikc:specs/...`) lies inside the installed package, and `remikc:specs` is no folder of
    the user's: its reports go to the user's cache folder (`shipped_folder`), as do those of a
    spec read from standard input without `--stdin-filename`, which lies in no folder (beside
    it would be wherever the command ran)."""
    from .spec.workspace import STDIN, is_packaged

    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen)
    if is_packaged(spec_path) or spec_path == STDIN:
        return shipped_folder()
    return Path(spec_path).resolve().parent / FOLDER


def shipped_folder() -> Path:
    """The cache of the shipped seed specs: `$XDG_CACHE_HOME/remikc`, else `~/.cache/remikc`."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "remikc"


# --- the user's key: what vouches for an entry -------------------------------------------------

_KEY_BYTES = 32
_said = logging.getLogger("remikc.cache")


class _NoKey(Exception):
    """The user's key cannot be used: the reason, in words."""


def user_key() -> bytes | None:
    """This user's cache key, made on first use; None (and the reason, said with `-v`) when it
    cannot be read or made, and then the cache is neither read nor written."""
    folder = shipped_folder()
    try:
        try:
            return _read_key(folder / KEY_FILE)
        except FileNotFoundError:
            _make_key(folder)
            return _read_key(folder / KEY_FILE)
    except (OSError, _NoKey) as exc:
        why = exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc)
        _said.info("the proof cache is off: its key %s cannot be used (%s)", folder / KEY_FILE, why)
        return None


def _read_key(path: Path) -> bytes:
    """The key in `path`, once it is sure to be this user's alone: a regular file (a link is not
    followed), owned by this user, that no one else may read or write."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _NoKey("it is not a regular file")
        if os.name == "posix" and info.st_uid != os.getuid():
            raise _NoKey("another user owns it")
        if os.name == "posix" and info.st_mode & 0o077:  # elsewhere the mode bits mean little
            raise _NoKey(f"others may read or write it (mode {info.st_mode & 0o777:o}): "
                         "delete it, and a new one is made")
        data = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) != _KEY_BYTES:
        raise _NoKey("it is not a key remikc made: delete it, and a new one is made")
    return data


def _make_key(folder: Path) -> None:
    """A new key in `folder`, unless another process makes one first.  It is written whole
    (mode 0600) under a temporary name, then linked to its name: a link never replaces a file,
    so of two processes making a key at once, one links its key and the other reads that one,
    and nobody ever reads half a key."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{KEY_FILE}.", suffix=".tmp", dir=folder)  # mode 0600
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(secrets.token_bytes(_KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileExistsError):  # another process made it: that one it is
            os.link(tmp, folder / KEY_FILE)
    finally:
        os.unlink(tmp)


def _mac(key: bytes, name: str, data: dict[str, Any]) -> str:
    """The HMAC of the entry `data` stored as the file `name`.  The file name is part of it, so
    an entry cannot be passed off as another's; the contents are taken as read (keys sorted,
    one spelling), so what is vouched for is exactly what is used."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(key, b"remikc proof cache\0" + name.encode("utf-8") + b"\0" + text.encode("utf-8"),
                    hashlib.sha256).hexdigest()


def _seal(path: Path, data: dict[str, Any], indent: int | None = 1) -> None:
    """Write the entry `data` to `path` with its `mac`; nothing without a key.  A folder that
    cannot be written to (a read-only project) costs only the saving."""
    key = user_key()
    if key is None:
        return
    sealed = {**data, "mac": _mac(key, path.name, data)}
    with contextlib.suppress(WriteError, OSError):
        write_atomic(path, json.dumps(sealed, ensure_ascii=False, indent=indent) + "\n")


_LARGEST_ENTRY = 64 * 1024 * 1024
"""An entry's size cap: the largest IR remikc reads (docs/dsl.md's spec size limit) keeps
well under it; a larger file is no entry of remikc's, and is not read whole."""


def _opened(path: Path) -> dict[str, Any] | None:
    """The entry at `path`, without its `mac`, if this user's key vouches for it; else None:
    no such file, no key, or an entry that fails the check (said with `-v`)."""
    try:
        raw = _read_entry(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        _said.info("ignored the proof cache entry %s: %s", path, exc.strerror or exc)
        return None
    if len(raw) > _LARGEST_ENTRY:
        _said.info("ignored the proof cache entry %s: larger than any entry remikc writes", path)
        return None
    key = user_key()
    if key is None:
        return None
    try:
        data: dict[str, Any] = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
        mac = data.pop("mac", None)
        trusted = isinstance(mac, str) and hmac.compare_digest(mac, _mac(key, path.name, data))
    except _UNREADABLE:
        trusted = False
    if not trusted:
        _said.info("ignored the proof cache entry %s: it fails its check (changed, or written by "
                   "another user or on another machine); worked out again", path)
        return None
    return data


def _read_entry(path: Path) -> bytes:
    """The bytes of the entry file `path`, up to one past `_LARGEST_ENTRY`.  remikc writes
    entries by renaming regular files into place: a link, a named pipe (which would wait for a
    writer for ever) or a device planted under an entry's name is refused, not read."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "it is no regular file")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(_LARGEST_ENTRY + 1)
    finally:
        os.close(fd)


class _Once(logging.Filter):
    """Each thing the cache says, said once: the key of a cache that is off is looked for at
    every entry."""

    def __init__(self) -> None:
        super().__init__()
        self.said: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if text in self.said:
            return False
        self.said.add(text)
        return True


@contextlib.contextmanager
def explained(stream: TextIO | None) -> Iterator[None]:
    """What the cache ignores and why (an entry that fails its check, a key it cannot use),
    written to `stream` (`-v`) while the block runs; None: said nowhere."""
    if stream is None:
        yield
        return
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("remikc: %(message)s"))
    handler.addFilter(_Once())
    level = _said.level
    _said.addHandler(handler)
    _said.setLevel(logging.INFO)
    try:
        yield
    finally:
        _said.removeHandler(handler)
        _said.setLevel(level)


def ir_hash(variant: ir.Variant) -> str:
    """A digest of the resolved IR.  Every IR node is a frozen dataclass of numbers, strings,
    enums and tuples, so its repr is the same text in every process and on every machine.
    The files it names count by where they are, not how the command line spelt them:
    `specs/x.rules`, `./specs/x.rules` and its absolute path are one question."""
    text = _FILE_FIELD.sub(lambda m: f"{m[1]}={_canonical(ast.literal_eval(m[2]))!r}", repr(variant))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# a field of the IR's repr that names a file: a span's, and the variant's own source
_FILE_FIELD = re.compile(r"\b(file|source)=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def _canonical(file: str) -> str:
    """Where `file` is: a shipped seed (`remikc:specs/...`) or a name in angle brackets (a
    spec made in memory) as it is, a file on the disk by its real absolute path."""
    from .spec.workspace import is_packaged

    if is_packaged(file) or file.startswith("<"):
        return file
    return os.path.realpath(file)


def _spellings(variant: ir.Variant) -> dict[str, str]:
    """The files `variant` names, from where they are to how this run spelt them."""
    return {_canonical(f): f for f in (ast.literal_eval(m[2]) for m in _FILE_FIELD.finditer(repr(variant)))}


def key(variant: ir.Variant, rlimit: int, parent_key: str | None) -> str:
    parts = {"format": FORMAT, "ir": ir_hash(variant), "parent": parent_key, "remikc": code_version(),
             "z3": z3_version(), "rlimit": rlimit}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


class ProofCache:
    """Reads and writes cached reports; `hits` and `misses` count this run's look-ups."""

    def __init__(self, *, keep: bool = True) -> None:
        self.hits = 0
        self.misses = 0
        self.keep = keep  # False: reports are read, none is written

    def load(self, spec_path: str, variant: ir.Variant, entry_key: str) -> Report | None:
        from .verify.findings import Report

        data = _opened(folder_for(spec_path) / f"{entry_key}.json")
        try:
            if data is None or data.get("key") != entry_key or data.get("variant") != variant.id:
                raise ValueError("not this variant's entry")
            spelt = _spellings(variant)
            findings = tuple(_finding(f, variant, spelt) for f in data["findings"])
        except _UNREADABLE:
            self.misses += 1
            return None
        self.hits += 1
        return Report(variant, findings, cached=True)

    def store(self, spec_path: str, entry_key: str, report: Report) -> None:
        if not self.keep:
            return
        _seal(folder_for(spec_path) / f"{entry_key}.json",
              {"format": FORMAT, "key": entry_key, "variant": report.variant.id,
               "findings": [_plain(f) for f in report.findings]})


def examples_key(variant: ir.Variant) -> str:
    parts = {"format": FORMAT, "examples": ir_hash(variant), "remikc": code_version(), "z3": z3_version()}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def load_examples(spec_path: str, variant: ir.Variant) -> Examples | None:
    """The rulebook examples `store_examples` kept for exactly this variant, else None."""
    entry_key = examples_key(variant)
    data = _opened(folder_for(spec_path) / f"ex-{entry_key}.json")
    try:
        if data is None or data.get("key") != entry_key or data.get("variant") != variant.id:
            raise ValueError("not this variant's entry")
        return _examples(data["examples"])
    except _UNREADABLE:  # a CardError is a ValueError
        return None


def store_examples(spec_path: str, variant: ir.Variant, found: Examples) -> None:
    entry_key = examples_key(variant)
    _seal(folder_for(spec_path) / f"ex-{entry_key}.json",
          {"format": FORMAT, "key": entry_key, "variant": variant.id, "examples": _plain_examples(found)})


def _plain_examples(e: Examples) -> dict[str, object]:
    """Examples as JSON, cards in the notation (`7♠ 8♠ 9♠`)."""
    def play(p: Play | None) -> object:
        return None if p is None else {"cards": format_cards(p.cards), "points": p.points, "kind": p.kind}

    def shown(meld_card_after: tuple[tuple[Card, ...], Card, Play] | None) -> object:
        if meld_card_after is None:
            return None
        meld, card, after = meld_card_after
        return {"meld": format_cards(meld), "card": str(card), "after": play(after)}

    return {"run": play(e.run), "set": play(e.set), "joker": play(e.joker),
            "corner": None if e.corner is None else format_cards(e.corner),
            "ace_to_ace": play(e.ace_to_ace),
            "opening": None if e.opening is None else {"melds": [format_cards(m) for m in e.opening[0]],
                                                       "points": e.opening[1]},
            "lay_off": shown(e.lay_off), "swap": shown(e.swap), "hands": [play(h) for h in e.hands],
            "ambiguous": None if e.ambiguous is None else [format_cards(c) for c in e.ambiguous]}


def _examples(data: dict[str, Any]) -> Examples:
    """The inverse of `_plain_examples`; a value of the wrong shape raises."""
    from .verify.witness import Examples, Play

    def play(d: dict[str, Any] | None) -> Play | None:
        if d is None:
            return None
        kind = d["kind"]
        if not isinstance(d["points"], int) or kind not in (None, "run", "set"):
            raise ValueError("not a play")
        return Play(parse_cards(d["cards"]), d["points"], kind)

    def shown(d: dict[str, Any] | None) -> tuple[tuple[Card, ...], Card, Play] | None:
        if d is None:
            return None
        after = play(d["after"])
        if after is None:
            raise ValueError("a play with nothing after it")
        return parse_cards(d["meld"]), parse_card(d["card"]), after

    opening, both, hands = data["opening"], data["ambiguous"], tuple(play(h) for h in data["hands"])
    if any(h is None for h in hands) or (opening is not None and not isinstance(opening["points"], int)):
        raise ValueError("not examples")
    return Examples(
        run=play(data["run"]), set=play(data["set"]), joker=play(data["joker"]),
        corner=None if data["corner"] is None else parse_cards(data["corner"]),
        ace_to_ace=play(data["ace_to_ace"]),
        opening=None if opening is None else (tuple(parse_cards(m) for m in opening["melds"]),
                                              opening["points"]),
        lay_off=shown(data["lay_off"]), swap=shown(data["swap"]), hands=tuple(filter(None, hands)),
        ambiguous=None if both is None else (parse_cards(both[0]), parse_cards(both[1])))


def clear(spec_paths: list[str]) -> list[Path]:
    """Delete the cache folders the specs under `spec_paths` use; the folders deleted.  A spec
    file's is the folder beside it, a folder's every cache folder in it and below, a shipped
    seed's (`remikc:specs...`) the user's cache folder; no path at all: the current folder's
    and the shipped seeds' (which any project's house variants may have needed).  Each path
    must exist (the command line checks): a mistyped one clears nothing it did not name."""
    from .spec.workspace import PACKAGED, is_packaged

    chosen = os.environ.get(ENV)
    folders: set[Path] = {Path(chosen)} if chosen else set()
    for given in ([] if chosen else spec_paths or [".", PACKAGED]):
        if is_packaged(given) or given.rstrip("/") == PACKAGED:
            folders.add(shipped_folder())
        elif Path(given).is_dir():
            folders.update(p for p in Path(given).rglob(FOLDER) if p.is_dir())
        else:
            folders.add(folder_for(given))
    removed = []
    for folder in sorted(folders):
        if not folder.is_dir():
            continue
        for entry in folder.glob("*.json"):  # only what remikc wrote, then the folder if empty
            if _ENTRY.fullmatch(entry.name):
                entry.unlink(missing_ok=True)
        for leftover in folder.glob(".*.tmp"):
            leftover.unlink(missing_ok=True)
        if not any(folder.iterdir()):
            shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def _plain(f: Finding) -> dict[str, object]:
    return {"check": f.check, "title": f.title, "status": f.status.value, "summary": f.summary,
            "details": list(f.details), "reads": None if f.reads is None else sorted(f.reads),
            "held": [[place, sorted(reads)] for place, reads in f.held],
            "witnesses": [None if w is None else list(w) for w in f.witnesses],
            "rules": [{"id": r.id, "value": str(r.value), "origin": r.origin,
                       "span": [_canonical(r.span.file), r.span.line, r.span.column, r.span.end_line,
                                r.span.end_column]} for r in f.rules]}


def _finding(data: dict[str, object], variant: ir.Variant, spelt: dict[str, str]) -> Finding:
    """A stored finding, its spans naming the files as this run spells them (`spelt`)."""
    from .verify.findings import Finding, Status

    rules = []
    for r in data["rules"]:  # type: ignore[attr-defined]
        file, *place = r["span"]
        span = Span(spelt.get(file, file), *place)
        rule = variant.rule(r["id"])
        if rule is None or rule.span != span:  # a line that is no rule: an example, a check
            rule = ir.Rule(r["id"], r["value"], span, r["origin"])
        rules.append(rule)
    reads = data.get("reads")
    held = tuple((str(place), frozenset(str(r) for r in read))
                 for place, read in data.get("held", []))  # type: ignore[attr-defined]
    # a house variant's check tries these first, as guesses proved or dropped: never an answer
    witnesses = tuple(None if w is None else tuple(map(int, w)) for w in data.get("witnesses", []))  # type: ignore[attr-defined]
    return Finding(str(data["check"]), str(data["title"]), Status(data["status"]), str(data["summary"]),
                   tuple(rules), tuple(str(d) for d in data["details"]),  # type: ignore[attr-defined]
                   reads=None if reads is None else frozenset(str(r) for r in reads),  # type: ignore[attr-defined]
                   held=held, witnesses=witnesses)


# --- the fast path: a spec read before, unchanged, is not parsed again ----------------------
#
# Parsing is most of what an unchanged `remikc check specs/` costs once its proofs are cached,
# so the resolved IR of a spec is kept too, under the spec's path, with the path and SHA-256
# of every file it was built from (the spec and each parent).  It is used only while each of
# those files hashes the same and `extends` still finds the same parent file; a spec read with
# a warning is never kept (its warnings would have to be kept too).

_IR_MODULES = ("remikc.ir", "remikc.spec.syntax", "remikc.cards", "remikc.diagnostics")


def _encode(value: object) -> object:
    """The IR as JSON: dataclasses and enums tagged with their type, tuples as lists."""
    import dataclasses
    from enum import Enum

    if isinstance(value, Enum):
        return {"e": f"{type(value).__module__}.{type(value).__qualname__}", "v": value.value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"t": f"{type(value).__module__}.{type(value).__qualname__}",
                "f": {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"no JSON form for {type(value).__name__}")


@functools.cache
def _ir_type(name: str) -> type:
    import importlib

    module, _, cls_name = name.rpartition(".")
    if module not in _IR_MODULES or not cls_name.isidentifier():
        raise ValueError(f"not an IR type: {name}")
    cls = getattr(importlib.import_module(module), cls_name)
    if not isinstance(cls, type):
        raise ValueError(f"not an IR type: {name}")
    return cls


def _decode(data: object) -> object:
    """The inverse of `_encode`; only classes of the IR's own modules are ever built."""
    if isinstance(data, list):
        return tuple(_decode(v) for v in data)
    if isinstance(data, dict):
        cls = _ir_type(str(data.get("t") or data.get("e")))
        if "e" in data:
            return cls(data["v"])
        fields = data["f"]
        assert isinstance(fields, dict)
        return cls(**{k: _decode(v) for k, v in fields.items()})
    return data


def _digest(path: str) -> str:
    from .spec.workspace import _read_bytes

    return hashlib.sha256(_read_bytes(path)).hexdigest()


def _ir_entry(spec_path: str) -> Path:
    where = hashlib.sha256(f"{os.path.abspath(spec_path)}\0{code_version()}".encode()).hexdigest()
    return folder_for(spec_path) / f"ir-{where}.json"


def load_variant(spec_path: str) -> ir.Variant | None:
    """The resolved IR of `spec_path` when no file it was built from changed, else None."""
    from .spec.workspace import parent_path, shadows_shipped

    data = _opened(_ir_entry(spec_path))
    try:
        if data is None or data.get("format") != FORMAT or data.get("path") != spec_path:
            return None
        files = data["files"]  # [[path, sha256, parent id or None], ...], the spec first
        for (path, digest, parent_id), following in zip(files, [*files[1:], None], strict=True):
            if _digest(path) != digest:
                return None
            if parent_id is not None:  # `extends` must still find the same file, unshadowed
                if following is None or parent_path(path, parent_id) != following[0]:
                    return None
                if shadows_shipped(following[0]):
                    return None
        variant = _decode(data["variant"])
    except (*_UNREADABLE, AssertionError):
        return None
    return variant if isinstance(variant, ir.Variant) else None


def store_variant(spec_path: str, files: list[tuple[str, str | None]], variant: ir.Variant) -> None:
    """Keep the IR of `spec_path`, built from `files` (each file's path and its parent's id)."""
    try:
        data = {"format": FORMAT, "path": spec_path,
                "files": [[path, _digest(path), parent] for path, parent in files],
                "variant": _encode(variant)}
    except (OSError, TypeError):
        return
    _seal(_ir_entry(spec_path), data, indent=None)
