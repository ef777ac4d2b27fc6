"""Files remikc writes get the mode the user's umask gives a new file, though written atomically
through a temporary file (which mkstemp makes 0600)."""

from __future__ import annotations

import io
import os
import shutil
import stat
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
