"""What the command line promises whatever the command: the paths it names a spec by,
progress on standard error only, and exit code 2 for a failure of the tool itself."""

from __future__ import annotations

import errno
import io
import json
import os
from pathlib import Path

import pytest

from remikc import driver
from remikc.cli import main
from remikc.spec.workspace import Workspace
from remikc.verify import Report

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"

HOUSE = """variant dlugie extends "remik51" {
  name pl "Długie sekwensy"
  name hr "Dugi nizovi"
  run {
    override size 4..
  }
}
"""


def run(*argv: str, err: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), err or io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """A family's house variant in a folder of its own, `domowe/dlugie.rules`."""
    folder = tmp_path / "domowe"
    folder.mkdir()
    (folder / "dlugie.rules").write_text(HOUSE, encoding="utf-8")
    return folder / "dlugie.rules"


@pytest.mark.parametrize("where, spec", [("domowe", "dlugie.rules"), (".", "domowe/dlugie.rules")])
def test_every_command_names_the_spec_as_it_was_given(house: Path, monkeypatch: pytest.MonkeyPatch,
                                                       where: str, spec: str):
    monkeypatch.chdir(house.parent.parent / where)
    # line 5 of HOUSE is `override size 4..`; a 3-card run breaks it
    code, out, _ = run("explain", spec, "7♥ 8♥ 9♥")
    assert code == 0
    assert f"(run.size, {spec}:5)" in out  # the reason, from the compiled module
    assert f"run.size 4.. ({spec}:5)" in out  # the rules applied
    code, out, _ = run("ir", spec)
    assert code == 0 and f" {spec}:5" in out
    code, _, err = run("check", "--no-verify", spec.replace("dlugie", "brak"))
    assert code == 2 and spec.replace("dlugie", "brak") in err


def _unproved(path: str, rlimit: int, parent: Report | None, workspace: Workspace | None) -> Report:
    """A report with no findings, at once: what is tested here is what `check` says while it
    waits, not what Z3 proves."""
    return Report((workspace or Workspace()).variant(path))


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_check_says_how_far_it_got_on_stderr_only(house: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(driver, "_verify_one", _unproved)
    monkeypatch.chdir(house.parent)
    argv = ("check", "--no-cache", "--jobs", "1", "dlugie.rules")
    code, plain_out, plain_err = run(*argv)
    assert code == 0
    # the parent is verified first (its checks are kept by the house variant), then the file
    assert plain_err == ("remikc: [1/2] remikc:specs/remik51.rules: checked\n"
                         "remikc: [2/2] dlugie.rules: checked\n")
    code, tty_out, tty_err = run(*argv, err=_Terminal())
    assert code == 0 and tty_out == plain_out  # stdout the same bytes either way
    erase = "\r\x1b[2K"
    assert tty_err == (f"{erase}remikc: proving…"  # at once, before the first proof is done
                       f"{erase}remikc: [1/2] remikc:specs/remik51.rules: checked"
                       f"{erase}remikc: [2/2] dlugie.rules: checked{erase}")
    assert run(*argv, "-q")[2] == ""
    assert run(*argv, "-q", err=_Terminal())[2] == ""
    # a tool reading JSON: no plain lines beside it; a person at a terminal still sees the line
    code, out, err = run(*argv, "--format", "json")
    assert json.loads(out)["ok"] and err == ""
    assert run(*argv, "--format", "json", err=_Terminal())[2].endswith(erase)


def test_a_proof_cache_hit_is_progress_too(house: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(driver, "_verify_one", _unproved)
    monkeypatch.chdir(house.parent)
    run("check", "--jobs", "1", "dlugie.rules")
    _, _, err = run("check", "--jobs", "1", "dlugie.rules")
    assert err.splitlines() == ["remikc: [1/2] remikc:specs/remik51.rules: from the proof cache",
                                "remikc: [2/2] dlugie.rules: from the proof cache"]


class _FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_an_output_that_cannot_be_written_is_exit_2_not_1(house: Path, tmp_path: Path):
    """1 says the specs are wrong; remikc failing to write what it made is 2 (as ruff has it)."""
    blocker = tmp_path / "generated"
    blocker.write_text("not a folder\n", encoding="utf-8")
    code, _, err = run("build", "--out", str(blocker), str(house))
    assert (code, err) == (2, f"remikc: error: cannot write {blocker}: it is a file, not a folder\n")
    err_stream = io.StringIO()
    code = main(["ir", str(house)], _FullDisk(), err_stream)
    assert (code, err_stream.getvalue()) == (
        2, f"remikc: error: cannot write to standard output: {os.strerror(errno.ENOSPC)}\n")
    # a spec with an error stays 1, and the help says which is which
    house.write_text(HOUSE.replace("size 4..", "size 4..x"), encoding="utf-8")
    assert run("ir", str(house))[0] == 1
    help_text = run("build", "--help")[1]
    assert "2    the command itself was wrong" in help_text and "could not write an output" in help_text
