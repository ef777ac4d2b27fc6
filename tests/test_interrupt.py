"""Ctrl-C stops every command with exit code 130 and one line, no traceback: SIGINT is sent
to a real `remikc` process, as a terminal sends it.  The waits are generous and nothing
asserts how long the stop took: the machine may be busy."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT / "specs" / "remik51.rules"
WAIT = 120  # seconds a stopped run may take to end, on a loaded machine


def many_variants(folder: Path, count: int = 60) -> Path:
    """`count` copies of remik51, each under its own id: about half a second of solver work
    each, so the run is surely still going when Ctrl-C comes."""
    text = SEED.read_text(encoding="utf-8")
    for i in range(count):
        (folder / f"copy{i}.rules").write_text(
            text.replace("variant remik51 {", f"variant copy{i} {{", 1), encoding="utf-8")
    return folder


def interrupted(*argv: str, after: float = 3.0) -> tuple[int, str, str]:
    """Run `remikc argv`, send SIGINT after `after` seconds, and return what it left."""
    env = {**os.environ, "NO_COLOR": "1"}
    process = subprocess.Popen([sys.executable, "-m", "remikc", *argv], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    time.sleep(after)
    assert process.poll() is None, "the run ended before it could be interrupted"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=WAIT)
    return process.returncode, out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_check_during_the_solver_work(tmp_path, jobs):
    code, out, err = interrupted("check", "--jobs", jobs, str(many_variants(tmp_path)))
    assert (code, err) == (130, "remikc: interrupted\n")
    # no report at all: above all no check reported undecided because it was cut short
    assert out == ""


def test_ctrl_c_stops_build_and_writes_nothing(tmp_path):
    target = tmp_path / "out"
    specs = tmp_path / "specs"
    specs.mkdir()
    code, _out, err = interrupted("build", "--out", str(target), str(many_variants(specs)))
    assert (code, err) == (130, "remikc: interrupted\n")
    assert not target.exists() or not any(target.iterdir())


def test_ctrl_c_stops_simulate(tmp_path):
    code, out, err = interrupted("simulate", str(SEED), "--games", "1000000")
    assert (code, out, err) == (130, "", "remikc: interrupted\n")


# A question Z3 works on for minutes (a chain of products of integers): Ctrl-C comes while
# the solver, not Python, is running.
HARD_QUESTION = """
import sys, z3
from remikc.interrupt import CtrlC
from remikc.verify.solver import Session
from types import SimpleNamespace

xs = [z3.Int(f"x{i}") for i in range(40)]
session = Session.__new__(Session)
session.enc = SimpleNamespace(t=SimpleNamespace(literals={}))
session.solver = z3.Solver()
session.rlimit = 10**12
session.pending = []
for i in range(39):
    session.solver.add(xs[i] * xs[i + 1] - 7 * xs[i] + 3 == xs[i * 7 % 40] * xs[i * 3 % 40] + 11,
                       xs[i] > 1, xs[i] < 10**6)
print("asking", flush=True)
try:
    with CtrlC():  # as remikc.cli.main runs every command
        outcome = session.ask()
except KeyboardInterrupt:
    print("stopped", flush=True)
    sys.exit(130)
print("answered", outcome.status, flush=True)
"""


def test_ctrl_c_inside_z3_stops_rather_than_giving_an_undecided_answer():
    process = subprocess.Popen([sys.executable, "-c", HARD_QUESTION], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert process.stdout is not None
    assert process.stdout.readline() == "asking\n"
    time.sleep(2)  # into the solver's work
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=WAIT)
    assert (process.returncode, out, err) == (130, "stopped\n", "")
