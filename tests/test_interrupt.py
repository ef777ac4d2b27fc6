"""Ctrl-C stops every command with exit code 130 and one line, no traceback: SIGINT is sent
to a real `remikc` process, as a terminal sends it; SIGTERM likewise, with 143.  The waits are
generous and nothing asserts how long the stop took: the machine may be busy.

Each child starts with SIGINT's default action, as a command typed at a terminal does, even
where the test run itself ignores SIGINT (a job started with `&`, `nohup`, some CI runners):
a child would inherit the ignoring, and remikc rightly leaves an ignored SIGINT ignored.
Whatever happens, a started child is killed before the test ends."""

from __future__ import annotations

import contextlib
import gc
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from remikc.interrupt import CtrlC

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


def _sigint_as_at_a_terminal() -> None:
    """In the child, before it runs Python: SIGINT's default action (`preexec_fn`)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def started(command: list[str], **options: Any) -> Iterator[subprocess.Popen[str]]:
    """`command` running, with SIGINT as at a terminal, in a process group of its own; the whole
    group is killed on the way out, whatever the test found: a child that did not stop, or the
    workers it started, would otherwise run on after its test failed (and hold its pipes open)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                               preexec_fn=_sigint_as_at_a_terminal, start_new_session=True, **options)
    try:
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def interrupted(*argv: str, after: float = 3.0, wait: float = WAIT) -> tuple[int, str, str]:
    """Run `remikc argv`, send SIGINT after `after` seconds, and return what it left."""
    env = {**os.environ, "NO_COLOR": "1"}
    with started([sys.executable, "-m", "remikc", *argv], env=env) as process:
        time.sleep(after)
        assert process.poll() is None, "the run ended before it could be interrupted"
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=wait)
        return process.returncode, out, err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_check_during_the_solver_work(tmp_path, jobs):
    code, out, err = interrupted("check", "--jobs", jobs, str(many_variants(tmp_path)))
    # the variants proved before Ctrl-C came said so (stderr is no terminal: a line each)
    *progress, last = err.split("\n")[:-1]
    assert (code, last) == (130, "remikc: interrupted")
    proved = re.compile(r"remikc: \[\d+/60\] .*copy\d+\.rules: checked")
    assert all(proved.fullmatch(line) for line in progress), progress
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


def terminated(*argv: str, after: float = 3.0, wait: float = WAIT) -> tuple[int, str, str]:
    """Run `remikc argv` and send SIGTERM after `after` seconds as `timeout` sends it: to the
    process, then to its whole group (the workers it started too); return what it left."""
    env = {**os.environ, "NO_COLOR": "1"}
    with started([sys.executable, "-m", "remikc", *argv], env=env) as process:
        time.sleep(after)
        assert process.poll() is None, "the run ended before it could be stopped"
        process.send_signal(signal.SIGTERM)
        os.killpg(process.pid, signal.SIGTERM)
        out, err = process.communicate(timeout=wait)
        return process.returncode, out, err


def test_sigterm_stops_simulate_and_its_workers_cleanly():
    """`timeout 60 remikc simulate ...`: SIGTERM ended the process on the spot (killed by the
    signal, no line), and the workers' semaphores were reported leaked at exit; now one line
    and 143, and the second SIGTERM (`timeout` sends one to the group as well) does not cut the
    clean-up short."""
    code, out, err = terminated("simulate", str(SEED), "--games", "1000000", "--jobs", "2")
    assert (code, out, err.splitlines()[-1:]) == (143, "", ["remikc: terminated"]), err
    assert "leaked" not in err and "Traceback" not in err, err


def test_sigterm_stops_check_during_the_solver_work(tmp_path):
    code, out, err = terminated("check", str(many_variants(tmp_path)))
    assert (code, out, err.splitlines()[-1:]) == (143, "", ["remikc: terminated"]), err


def test_ctrl_c_stops_a_child_of_a_run_that_ignores_sigint():
    """The test run started where SIGINT is ignored: its children still stop on Ctrl-C."""
    ignored = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        code, out, err = interrupted("simulate", str(SEED), "--games", "1000000", wait=60)
    finally:
        signal.signal(signal.SIGINT, ignored)
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
    with started([sys.executable, "-c", HARD_QUESTION]) as process:
        assert process.stdout is not None
        assert process.stdout.readline() == "asking\n"
        time.sleep(2)  # into the solver's work
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=WAIT)
        assert (process.returncode, out, err) == (130, "stopped\n", "")


@pytest.fixture
def python_sigint() -> Iterator[None]:
    """Python's own SIGINT handler, which CtrlC takes over, even in a test run that ignores SIGINT."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


@pytest.fixture
def default_sigterm() -> Iterator[None]:
    """SIGTERM's default action, which CtrlC takes over, whatever the test run set."""
    before = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


@pytest.mark.usefixtures("python_sigint", "default_sigterm")
@pytest.mark.parametrize("signals", [(signal.SIGINT,), (signal.SIGTERM,), (signal.SIGTERM, signal.SIGTERM)],
                         ids=["sigint", "sigterm", "sigterm-twice"])
def test_ctrl_c_inside_a_z3_constructor_waits_until_the_object_is_made(monkeypatch, signals):
    """SIGINT comes while Z3's Python API builds a term, between taking the term and its
    context: the KeyboardInterrupt comes once the object is whole, so no half-made object
    fails in its finalizer ("Exception ignored in: AstRef.__del__", printed after `remikc:
    interrupted`).  In this process: the signal is sent from inside the constructor.  SIGTERM
    the same, also sent twice as `timeout` sends it (to the process, then to its group): the
    second is ignored, and the first's put-off KeyboardInterrupt comes all the same (it was
    taken for the second and swallowed, and `simulate` ran on after `timeout`)."""
    import z3

    real = z3.z3._get_ctx

    def signalled_from_a_constructor(ctx):  # type: ignore[no-untyped-def]
        if sys._getframe(1).f_code.co_name == "__init__":  # AstRef.__init__, not Bool itself
            monkeypatch.setattr(z3.z3, "_get_ctx", real)
            for signum in signals:
                os.kill(os.getpid(), signum)
        return real(ctx)

    unraisable: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: unraisable.append(repr(u.exc_value)))
    monkeypatch.setattr(z3.z3, "_get_ctx", signalled_from_a_constructor)
    made = None
    with pytest.raises(KeyboardInterrupt), CtrlC() as ctrl_c:
        made = z3.Bool("made")
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:  # where the KeyboardInterrupt belongs: remikc's code
            pass
    assert ctrl_c.seen and made is not None and made.sort().ctx is made.ctx
    del made
    gc.collect()
    assert unraisable == []


# A main process gone before it could end its worker: Ctrl-C that came while the worker was
# still being started (so the main process did not know it yet), or a main process killed.
ORPHANED = """
import os
from remikc.sim.parallel import local_executor

with local_executor(1) as pool:
    print(pool.submit(os.getpid).result(), flush=True)
    os._exit(0)  # gone, without ending the worker
"""


def _alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie nobody has reaped yet has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


def test_a_worker_ends_itself_when_the_main_process_is_gone():
    """The worker would otherwise wait for work for ever, holding the terminal's output open
    (a run of `simulate --games 1000000` Ctrl-C'd as it started its workers never gave its
    output back).  It ends itself within a few seconds of its parent."""
    with started([sys.executable, "-c", ORPHANED]) as process:
        assert process.stdout is not None
        worker = int(process.stdout.readline())
        try:
            deadline = time.monotonic() + WAIT
            while _alive(worker) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert not _alive(worker), "the worker outlived its main process"
        finally:  # (`started` kills the main process's group, the worker's too, on the way out)
            if _alive(worker):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(worker, signal.SIGKILL)


def _worker_signals() -> tuple[bool, bool, bool, int]:
    """In a pool worker: whether SIGTERM and SIGINT act as a worker's should, whether it is
    out of the main process's group, and its pid."""
    term_default = signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    previous = signal.set_wakeup_fd(-1)  # (-1 again: nothing to restore in a worker)
    return (term_default and previous == -1, signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
            os.getpgid(0) == os.getpid(), os.getpid())


def test_a_forked_checker_ends_on_the_pools_sigterm_while_a_command_runs():
    """`check --jobs 2` forks its workers while CtrlC holds SIGTERM (and the wakeup pipe): a worker
    inherited that handler, and the Pool's `terminate`, which ends workers by SIGTERM, once waited
    for ever on one (a `build --check` hung at no CPU).  A worker takes SIGTERM's default action,
    wakes no watcher of the main process, and leaves its process group (the next test); it is
    gone once the pool is left."""
    import multiprocessing

    from remikc.driver import _ignore_interrupts

    before = signal.signal(signal.SIGTERM, signal.SIG_DFL)  # as in a command run from a shell
    try:
        with CtrlC():
            assert signal.getsignal(signal.SIGTERM) != signal.SIG_DFL  # the command's own handler
            with multiprocessing.get_context("fork").Pool(1, initializer=_ignore_interrupts) as pool:
                term_ok, int_ignored, own_group, pid = pool.apply(_worker_signals)
            assert term_ok and int_ignored and own_group
            deadline = time.monotonic() + WAIT
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not _alive(pid), "the worker outlived the pool"
    finally:
        signal.signal(signal.SIGTERM, before)


# `timeout` sends SIGTERM to the whole group; the main process leaves its Pool as remikc's
# handler makes it (a KeyboardInterrupt).  Workers killed by it left the job queue's lock held.
GROUP_SIGTERM = """
import multiprocessing, os, signal, time
from remikc.driver import _ignore_interrupts

def stop(signum, frame):
    raise KeyboardInterrupt

signal.signal(signal.SIGTERM, stop)
try:
    with multiprocessing.get_context("fork").Pool(2, initializer=_ignore_interrupts) as pool:
        pool.apply(os.getpid)
        time.sleep(0.5)  # both idle: one waits for a job with the queue's lock held
        os.killpg(0, signal.SIGTERM)
        time.sleep(60)
except KeyboardInterrupt:
    print("ended", flush=True)
"""


@pytest.mark.parametrize("run", range(3))
def test_a_sigterm_to_the_whole_group_leaves_the_checkers_pool_free_to_end(run):
    """Killed by `timeout`'s SIGTERM to the group, a worker waiting for its next job took the
    job queue's lock with it, the Pool forked another in its place, and `terminate` waited for
    the lock for ever (one run in three or four here).  The workers are out of the group."""
    with started([sys.executable, "-c", GROUP_SIGTERM]) as process:
        out, err = process.communicate(timeout=WAIT)
    assert (process.returncode, out) == (0, "ended\n"), err


def test_no_interrupt_while_a_queue_lock_is_being_taken():
    """A KeyboardInterrupt raised in `threading.Condition.__enter__` after the lock is taken
    leaves a queue's lock taken for good: `ProcessPoolExecutor.submit` puts into one on the main
    thread, and the pool's manager thread and the interpreter's exit then wait forever
    (`simulate --jobs 2` under `timeout` hung about once in 20 runs).  Such frames put the
    interrupt off; the run's own code, and waits on a condition, do not."""
    from remikc import interrupt

    def frame_in(filename: str, name: str) -> Any:
        code = compile(f"def {name}():\n    return sys._getframe()\n", filename, "exec")
        space: dict[str, Any] = {"sys": sys}
        exec(code, space)
        return space[name]()

    assert interrupt._not_now(frame_in(os.path.join("lib", "queue.py"), "put"))
    assert interrupt._not_now(frame_in(os.path.join("lib", "threading.py"), "__enter__"))
    assert not interrupt._not_now(frame_in(os.path.join("lib", "threading.py"), "wait"))
    assert not interrupt._not_now(frame_in(os.path.join("remikc", "sim", "parallel.py"), "run_chunks"))
