"""Writing files so that nothing is ever half-written.

A file that cannot be written raises `WriteError`, whose text names the file and
the reason, ready for the CLI to print instead of a traceback.
"""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from .diagnostics import RemikcError


class WriteError(RemikcError):
    """`cannot write <path>: <reason>`."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path = Path(path)
        self.reason = reason


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


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Write `text` (or bytes, for a picture) to a temporary file beside `path`, then rename it
    into place.  The file gets the mode a plain `open()` would give it (`file_mode`), not the
    temporary file's 0600."""
    target = Path(path)
    _make_folder(target, target.parent)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise WriteError(target, _reason(exc)) from None
    try:
        data = text.encode("utf-8") if isinstance(text, str) else text
        with os.fdopen(fd, "wb") as handle:
            if hasattr(os, "fchmod"):  # POSIX; elsewhere the mode bits mean little
                os.fchmod(handle.fileno(), file_mode())
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            reason = "it is a folder" if target.is_dir() else _reason(exc)
            raise WriteError(target, reason) from None
        raise


def write_files(files: Mapping[Path, str]) -> int:
    """Write the files whose text differs from what is on disk; return how many.

    Every folder is made first, so that the usual failures (a file where a folder should be,
    a folder that cannot be made) come before any file is replaced."""
    for path in sorted(files):
        _make_folder(path, path.parent)
    changed = 0
    for path, text in sorted(files.items()):
        if not _same(path, text):
            write_atomic(path, text)
            changed += 1
    return changed


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


def _same(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False  # missing or unreadable: write it, and let that fail with its own reason


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
