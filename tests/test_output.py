"""Files remikc writes get the mode the user's umask gives a new file, though written atomically
through a temporary file (made 0600), and a file they replace keeps its mode; `build --out`
follows no link inside the folder, and a killed build's temporary files do not stay."""

from __future__ import annotations

import io
import os
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from remikc import atomic
from remikc.cli import main

SPECS = Path(__file__).resolve().parent.parent / "specs"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


@pytest.fixture
def umask() -> Iterator[Callable[[int], None]]:
    """Sets the process umask for one test (`umask(0o022)`), then puts the old one back."""
    old = os.umask(0o022)
    os.umask(old)

    def set_mask(mask: int) -> None:
        os.umask(mask)
        atomic.file_mode.cache_clear()

    yield set_mask
    os.umask(old)
    atomic.file_mode.cache_clear()


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_built_file_follows_the_umask(tmp_path, umask):
    umask(0o022)
    out = tmp_path / "gen"
    code = main(["build", "--out", str(out), str(SPECS / "remik_podstawowy.rules")],
                io.StringIO(), io.StringIO())
    assert code == 0
    built = sorted(p for p in out.rglob("*") if p.is_file())
    assert built and {p.name for p in built} >= {"validator.py", "rulebook.pl.md"}
    assert {_mode(p) for p in built} == {0o644}


@pytest.mark.parametrize(("mask", "mode"), [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_new_and_write_atomic_follow_the_umask(tmp_path, umask, mask, mode):
    umask(mask)
    target = tmp_path / "a.txt"
    atomic.write_atomic(target, "x\n")
    assert _mode(target) == mode
    # replacing a file too
    atomic.write_atomic(target, b"y\n")
    assert _mode(target) == mode and target.read_bytes() == b"y\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]  # no temporary file left
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    code = main(["new", "moj", "--extends", "remik51", "--dir", str(tmp_path)],
                io.StringIO(), io.StringIO())
    assert code == 0 and _mode(tmp_path / "moj.rules") == mode


def _build(out: Path, *options: str) -> tuple[int, str, str]:
    stdout, stderr = io.StringIO(), io.StringIO()
    code = main(["build", "--out", str(out), *options, str(SPECS / "karuzela.rules")], stdout, stderr)
    return code, stdout.getvalue(), stderr.getvalue()


LINK = "it is a symbolic link, and remikc follows no link inside the folder it writes to"


def test_build_follows_no_link_inside_the_output_folder(tmp_path):
    """`DIR/karuzela -> elsewhere` planted in a shared output folder: the build refuses it (exit
    1, one line) and writes nothing there; so is a link where a file goes."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "karuzela").symlink_to(elsewhere)
    assert _build(out) == (2, "", f"remikc: error: cannot write {out / 'karuzela'}: {LINK}\n")
    assert list(elsewhere.iterdir()) == []
    (out / "karuzela").unlink()
    (out / "karuzela").mkdir()
    victim = elsewhere / "mine.py"
    victim.write_text("mine\n", encoding="utf-8")
    (out / "karuzela" / "validator.py").symlink_to(victim)
    validator = out / "karuzela" / "validator.py"
    assert _build(out) == (2, "", f"remikc: error: cannot write {validator}: {LINK}\n")
    assert victim.read_text(encoding="utf-8") == "mine\n"
    assert (out / "karuzela" / "validator.py").is_symlink()
    assert [p.name for p in elsewhere.iterdir()] == ["mine.py"]


def test_a_folder_swapped_for_a_link_while_writing_sends_nothing_elsewhere(tmp_path, monkeypatch):
    """The folders are walked by descriptor: a link swapped in for a folder once its first file
    is written (another user racing the build) sends no file through it."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    files: dict[Path, str | bytes] = {out / "v" / f"f{i}.txt": f"{i}\n" for i in range(3)}
    real = os.fsync
    swapped: list[bool] = []

    def swap_then_sync(fd: int) -> None:
        if not swapped:
            swapped.append(True)
            (out / "v").rename(out / "moved")
            (out / "v").symlink_to(elsewhere)
        real(fd)

    monkeypatch.setattr(os, "fsync", swap_then_sync)
    assert atomic.write_files(out, files) == atomic.Written(3)
    assert list(elsewhere.iterdir()) == []
    assert sorted(p.name for p in (out / "moved").iterdir()) == ["f0.txt", "f1.txt", "f2.txt"]


def test_a_killed_builds_temporaries_are_named_then_removed(tmp_path):
    """A kill between a temporary file's write and its rename leaves `.NAME.XXXXXXXX.tmp`:
    `build --check` names it, and the next build removes it (one older than the build only:
    a newer one may be another build's, still writing); other hidden files are not ours."""
    out = tmp_path / "out"
    assert _build(out, "-q")[0] == 0
    folder = out / "karuzela"
    left = folder / ".validator.py.k1ll3d_x.tmp"
    fresh = folder / ".rulebook.pl.md.ongoing1.tmp"
    mine = folder / ".keep"
    for path in (left, fresh, mine):
        path.write_text("half a file", encoding="utf-8")
    hour_ago = time.time() - 3600
    os.utime(left, (hour_ago, hour_ago))
    later = time.time() + 3600  # written after the next build begins
    os.utime(fresh, (later, later))
    code, stdout, _ = _build(out, "--check")
    assert code == 1
    assert stdout.splitlines() == [f"{fresh}: left over from an interrupted write",
                                   f"{left}: left over from an interrupted write",
                                   "2 file(s) differ from a fresh build"]
    assert _build(out, "-q") == (0, "", f"remikc: removed {left}, left by an interrupted write\n")
    assert not left.exists() and fresh.exists() and mine.exists()


def test_a_rebuild_keeps_the_modes_of_the_files_it_replaces(tmp_path, umask):
    """Under umask 077 a rebuild used to make every replaced output 0600; it keeps each file's
    mode (a new file gets the umask's)."""
    umask(0o022)
    out = tmp_path / "out"
    assert _build(out, "-q")[0] == 0
    folder = out / "karuzela"
    for name in ("validator.py", "rulebook.hr.md"):
        (folder / name).write_text("# edited\n", encoding="utf-8")
    (folder / "rulebook.hr.md").chmod(0o640)
    (folder / "rulebook.pl.md").unlink()
    umask(0o077)
    assert _build(out, "-q")[0] == 0
    modes = {p.name: _mode(p) for p in folder.iterdir()}
    assert modes == {"__init__.py": 0o644, "validator.py": 0o644, "rulebook.hr.md": 0o640,
                     "rulebook.pl.md": 0o600, "rulebook.pl.html": 0o644, "rulebook.hr.html": 0o644,
                     "validator.mjs": 0o644, "validator.d.ts": 0o644}
    assert all("# edited" not in (folder / name).read_text(encoding="utf-8")
               for name in ("validator.py", "rulebook.hr.md"))
