"""Writing files so that nothing is ever half-written.

Every file is written to a temporary file beside it (`.NAME.XXXXXXXX.tmp`, mode 0600 while
it is written), then renamed into place.  A file that replaces another keeps that file's mode
(a rebuild under umask 077 leaves a 0644 output 0644); a new one gets the mode `open()` would
give it (`file_mode`).  A process killed between the two steps leaves its temporary file:
`write_files` removes those older than the run in the folders it writes, and `temporary`
names them for `build --check`.

`write_files` writes a tree of outputs (`build --out DIR`) without ever following a link
inside DIR: each folder is opened relative to the one above it with `O_NOFOLLOW` and every
file is made and renamed through that folder's descriptor, so a link planted in DIR (or
swapped in while the build runs) cannot send a file elsewhere.  `rewrite` is an editor's
save of one file (`fmt`): a link is followed to the file it names, which keeps its mode,
owner and group.

A file that cannot be written raises `WriteError`, whose text names the file and the reason,
ready for the CLI to print instead of a traceback.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import secrets
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import RemikcError


class WriteError(RemikcError):
    """`cannot write <path>: <reason>`."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path = Path(path)
        self.reason = reason


_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
"""The name of a temporary file remikc writes (`_write`; tempfile's names before it)."""


def temporary(name: str) -> bool:
    """Whether `name` is that of a temporary file remikc writes a file through."""
    return _TEMPORARY.fullmatch(name) is not None


def check_folder(folder: str | Path) -> None:
    """Raise `WriteError` now if files plainly cannot go into `folder` (made if missing):
    a build takes a while, and should not fail only at its end."""
    existing = Path(folder)
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    which = "it" if existing == Path(folder) else str(existing)
    if existing.exists() and not existing.is_dir():
        raise WriteError(folder, f"{which} is a file, not a folder")
    if existing.is_dir() and not os.access(existing, os.W_OK | os.X_OK):
        raise WriteError(folder, f"{which} is not writable")


@functools.cache
def file_mode() -> int:
    """The mode of a new file under the process's umask, as `open()` would give it: 0644 under
    the usual umask 022.  The umask can only be read by setting it, so it is read once."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


@dataclass(frozen=True)
class _Folder:
    """A folder files are written in: by an open descriptor where the platform allows (then no
    link above a name can be swapped in between two steps), else by its path."""

    path: Path
    fd: int | None = None

    def at(self, name: str) -> str:
        """`name` as the `os` functions take it, with `dir_fd=self.fd`."""
        return name if self.fd is not None else str(self.path / name)


# `os.replace` takes the descriptors where `os.rename` does (the set names only the latter)
_DIR_FD = {os.open, os.rename, os.mkdir, os.stat, os.unlink} <= os.supports_dir_fd \
    and hasattr(os, "O_NOFOLLOW")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Write `text` (or bytes, for a picture) to `path` through a temporary file beside it.  A
    file it replaces keeps its mode; a new one gets `file_mode()`."""
    target = Path(path)
    _make_folder(target, target.parent)
    _write(_Folder(target.parent), target.name, _bytes(text), target)


def rewrite(path: str | Path, text: str) -> None:
    """Replace the text of the existing file `path`, as an editor saves it: a link is followed
    and the file it names rewritten (the link stays a link), with its mode, owner and group."""
    target = Path(os.path.realpath(path))
    try:
        info = os.stat(target)
    except OSError as exc:
        raise WriteError(path, _reason(exc)) from None
    _write(_Folder(target.parent), target.name, _bytes(text), Path(path),
           mode=stat.S_IMODE(info.st_mode), owner=(info.st_uid, info.st_gid))


@dataclass(frozen=True)
class Written:
    """What `write_files` did: how many files it `changed`, and the temporary files a killed
    run had left that it `removed`."""

    changed: int
    removed: tuple[Path, ...] = ()


def write_files(root: Path, files: Mapping[Path, str | bytes], *, since: float | None = None) -> Written:
    """Write the files under `root` whose bytes differ from what is there.

    Every folder is made first, so that the usual failures (a file where a folder should be, a
    link, a folder that cannot be made) come before any file is replaced.  No link inside
    `root` is followed, a folder's or a file's: it is refused (`WriteError`).  `since`: the
    time the run began; remikc's own temporary files older than it in these folders are what
    a killed run left, and are removed."""
    if not files:
        return Written(0)
    _make_folder(min(files), root)  # the error names a file, as a failure further down would
    removed: list[Path] = []
    with _opened_tree(root, {path.parent for path in files}) as folders:
        if since is not None:
            for folder in folders.values():
                removed += _remove_stale(folder, since)
        changed = 0
        for path, data in sorted(files.items()):
            folder = folders[path.parent]
            content = _bytes(data)
            if not _same(folder, path.name, content, path):
                _write(folder, path.name, content, path, no_link=True)
                changed += 1
    return Written(changed, tuple(sorted(removed)))


@contextlib.contextmanager
def _opened_tree(root: Path, wanted: set[Path]) -> Iterator[dict[Path, _Folder]]:
    """Each folder of `wanted` (all under `root`), made if missing and open, reached from
    `root` one name at a time without following a link."""
    if not _DIR_FD:  # no descriptors to walk with: a link is refused when seen, by path
        for folder in sorted(wanted):
            _no_link_below(root, folder)
            _make_folder(folder, folder)
        yield {folder: _Folder(folder) for folder in wanted}
        return
    opened: dict[Path, _Folder] = {}
    try:
        try:
            opened[root] = _Folder(root, os.open(root, os.O_RDONLY | os.O_DIRECTORY))
        except OSError as exc:
            raise WriteError(root, _reason(exc)) from None
        for folder in sorted(wanted):
            above = root
            for part in folder.relative_to(root).parts:
                below = above / part
                if below not in opened:
                    opened[below] = _Folder(below, _open_below(opened[above], part, below))
                above = below
        yield {folder: opened[folder] for folder in wanted}
    finally:
        for done in opened.values():
            if done.fd is not None:
                os.close(done.fd)


def _open_below(above: _Folder, name: str, shown: Path) -> int:
    """The folder `name` in `above`, made if missing, opened without following a link."""
    assert above.fd is not None
    flags = os.O_RDONLY | os.O_DIRECTORY | _NOFOLLOW
    try:
        os.mkdir(name, 0o777, dir_fd=above.fd)
    except FileExistsError:
        pass  # a folder, or what the opening below finds in the way
    except OSError as exc:
        raise WriteError(shown, f"cannot make the folder: {_reason(exc)}") from None
    try:
        return os.open(name, flags, dir_fd=above.fd)
    except OSError as exc:
        raise WriteError(shown, _what_is_there(above, name, exc)) from None


def _no_link_below(root: Path, folder: Path) -> None:
    below = root
    for part in folder.relative_to(root).parts:
        below /= part
        if below.is_symlink():
            raise WriteError(below, _LINK)


_LINK = "it is a symbolic link, and remikc follows no link inside the folder it writes to"


def _what_is_there(folder: _Folder, name: str, exc: OSError) -> str:
    """Why `name` in `folder` could not be opened or written, in words."""
    try:
        mode = os.stat(folder.at(name), dir_fd=folder.fd, follow_symlinks=False).st_mode
    except OSError:
        return _reason(exc)
    if stat.S_ISLNK(mode):
        return _LINK
    if isinstance(exc, NotADirectoryError) and not stat.S_ISDIR(mode):
        return "it is a file, not a folder"
    if isinstance(exc, IsADirectoryError):
        return "it is a folder"
    return _reason(exc)


def _write(where: _Folder, name: str, data: bytes, shown: Path, *, mode: int | None = None,
           owner: tuple[int, int] | None = None, no_link: bool = False) -> None:
    """`data` into `name` in `where` through a temporary file beside it.  The file gets `mode`
    (else the mode of the file it replaces, else `file_mode()`) and, where given, `owner`
    (user and group).  `no_link`: a link where the file goes is refused, not replaced."""
    try:
        old = os.stat(where.at(name), dir_fd=where.fd, follow_symlinks=False)
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise WriteError(shown, _reason(exc)) from None
    if old is not None and stat.S_ISLNK(old.st_mode) and no_link:
        raise WriteError(shown, _LINK)
    if old is not None and stat.S_ISDIR(old.st_mode):
        raise WriteError(shown, "it is a folder")
    if mode is None:
        mode = stat.S_IMODE(old.st_mode) if old is not None and stat.S_ISREG(old.st_mode) else file_mode()
    tmp = f".{name}.{secrets.token_hex(4)}.tmp"
    try:
        fd = os.open(where.at(tmp), os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600,
                     dir_fd=where.fd)
    except OSError as exc:
        raise WriteError(shown, _reason(exc)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            if owner is not None and hasattr(os, "fchown"):
                _keep_owner(handle.fileno(), owner, shown)
            if hasattr(os, "fchmod"):  # POSIX; elsewhere the mode bits mean little
                os.fchmod(handle.fileno(), mode)  # after the owner: a chown clears set-id bits
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(where.at(tmp), where.at(name), src_dir_fd=where.fd, dst_dir_fd=where.fd)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(where.at(tmp), dir_fd=where.fd)
        if isinstance(exc, OSError):
            raise WriteError(shown, _what_is_there(where, name, exc)) from None
        raise


def _keep_owner(fd: int, owner: tuple[int, int], shown: Path) -> None:
    info = os.fstat(fd)
    if (info.st_uid, info.st_gid) == owner:
        return
    try:
        os.fchown(fd, *owner)
    except PermissionError:
        raise WriteError(shown, f"it belongs to user {owner[0]}, group {owner[1]}, and written anew it "
                         "would be yours: only its owner (or root) can rewrite it") from None


def _remove_stale(folder: _Folder, since: float) -> list[Path]:
    """Remove remikc's temporary files in `folder` last written before `since` (a killed run's);
    the files removed."""
    try:
        names = os.listdir(folder.fd if folder.fd is not None else folder.path)
    except OSError:
        return []
    removed = []
    for name in names:
        if not temporary(name):
            continue
        with contextlib.suppress(OSError):
            info = os.stat(folder.at(name), dir_fd=folder.fd, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < since:
                os.unlink(folder.at(name), dir_fd=folder.fd)
                removed.append(folder.path / name)
    return removed


def _make_folder(target: Path, folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        try:
            check_folder(folder)  # for a clearer reason than "File exists" or "Not a directory"
        except WriteError as clearer:
            raise WriteError(target, clearer.reason) from None
        raise WriteError(target, f"cannot make the folder {exc.filename or folder}: "
                         f"{_reason(exc)}") from None


def _same(folder: _Folder, name: str, data: bytes, shown: Path) -> bool:
    """Whether `name` in `folder` holds `data` already; a link there is refused."""
    try:
        fd = os.open(folder.at(name), os.O_RDONLY | _NOFOLLOW | _NONBLOCK, dir_fd=folder.fd)
    except FileNotFoundError:
        return False
    except OSError as exc:
        if _what_is_there(folder, name, exc) == _LINK:
            raise WriteError(shown, _LINK) from None
        return False  # unreadable: write it, and let that fail with its own reason
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(len(data) + 1) == data
    finally:
        os.close(fd)


def _bytes(text: str | bytes) -> bytes:
    return text.encode("utf-8") if isinstance(text, str) else text


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
