"""`remikc simulate|sweep --scheduler`: the games on a Dask distributed cluster, here one
in-process `LocalCluster` (threads, no dashboard), give the report of a local run; a
scheduler that cannot be reached, or workers of another remikc, are usage errors."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.sim import parallel

distributed = pytest.importorskip("distributed", reason="remikc[cluster] (dask[distributed]) not installed")

ROOT = Path(__file__).resolve().parents[1]
SPEC = str(ROOT / "specs" / "remik_podstawowy.rules")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_a_cluster_run_equals_the_local_one(scheduler: str) -> None:
    reports = []
    for where in (["--jobs", "1"], ["--scheduler", scheduler]):
        code, out, err = run("simulate", SPEC, "--games", "5", "--players", "2", "--seed", "3",
                             "--format", "json", "-q", *where)
        assert code == 0, err
        reports.append(json.loads(out))
    assert reports[0] == reports[1]
    assert reports[1]["games"] == 5 and reports[1]["seed"] == 3


def test_a_sweep_on_the_cluster_equals_the_local_one(scheduler: str) -> None:
    reports = []
    for where in (["--jobs", "1"], ["--scheduler", scheduler]):
        code, out, err = run("sweep", SPEC, "--vary", "game_end.target=100,200", "--games", "2",
                             "--players", "2", "--format", "json", "-q", *where)
        assert code == 0, err
        reports.append(json.loads(out))
    assert reports[0] == reports[1]


def test_workers_of_another_version_are_refused(scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the worker is a thread of this process: it answers with the function patched here
    monkeypatch.setattr(parallel, "_worker_version", lambda: "0.0.1-other")
    code, out, err = run("simulate", SPEC, "--games", "2", "--players", "2", "-q", "--scheduler", scheduler)
    assert (code, out) == (2, "")
    assert f"the workers must run remikc {parallel.__version__}" in err and "runs 0.0.1-other" in err


def test_a_chunk_cut_by_another_version_is_refused_by_the_worker() -> None:
    chunk = parallel.Chunk(None, "", "", 2, 1, 1, "greedy", 10, version="0.0.1-other")  # type: ignore[arg-type]
    refused = parallel.play_chunk(chunk)
    assert isinstance(refused, str) and "this remikc is 0.0.1-other" in refused


def test_an_unreachable_scheduler_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 1.0)
    # port 9 (discard) on this machine: nothing listens there
    code, out, err = run("simulate", SPEC, "--games", "2", "--players", "2", "-q",
                         "--scheduler", "tcp://127.0.0.1:9")
    assert (code, out) == (2, "")
    assert err.startswith("remikc: --scheduler tcp://127.0.0.1:9: no Dask scheduler reached")
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [["simulate"], ["sweep", "--vary", "game_end.target=100,200"]])
def test_a_scheduler_address_that_never_speaks_is_given_up_at_the_deadline(
        command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """An address that accepts the TCP connection and never answers (another service's port):
    Dask's own timeout stops at the connection, so `--scheduler` waited for ever.  It gives up
    at the deadline (10 s, here 1 s) with a usage error, and the socket is the real one."""
    import socket
    import threading

    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 1.0)
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)  # the system accepts connections; nobody ever reads or writes them
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        result: list[tuple[int, str, str]] = []
        attempt = threading.Thread(target=lambda: result.append(run(
            command[0], SPEC, *command[1:], "--games", "2", "--players", "2", "-q", "--scheduler", address)),
            daemon=True)
        attempt.start()
        attempt.join(30)
        assert not attempt.is_alive(), "simulate --scheduler still waits on a silent address after 30 s"
    assert result == [(2, "", f"remikc: --scheduler {address}: no Dask scheduler answered within 1 s "
                              "(is it a Dask scheduler's address?)\n")]


@pytest.mark.parametrize(("address", "said"), [
    ("foo://x", "remikc: --scheduler foo://x: not a Dask scheduler's address: Dask knows no address "
                "scheme `foo://` (e.g. tcp://HOST:8786)"),
    ("", "remikc: --scheduler '' names no scheduler: give its address, e.g. tcp://HOST:8786"),
    ("tcp://:8786", "remikc: --scheduler tcp://:8786: not a Dask scheduler's address: it names no host "
                    "(e.g. tcp://HOST:8786)"),
], ids=["unknown_scheme", "empty", "no_host"])
def test_an_address_dask_cannot_read_is_one_line_and_nothing_later(address: str, said: str) -> None:
    """The message, and nothing after it: a client half made of such an address used to wait
    20 s at exit and print `Exception ignored in: Client.__del__ ... TimeoutError`."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "remikc", "simulate", SPEC, "--games", "2", "-q",
                           "--scheduler", address], capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", said + "\n")


def test_the_docs_say_a_cluster_is_trusted_fully() -> None:
    for doc in (ROOT / "docs" / "simulate.md", ROOT / "SECURITY.md"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        assert "trusted fully" in text and "pickle" in text, doc


def test_scheduler_and_jobs_together_are_refused() -> None:
    code, _out, err = run("simulate", SPEC, "--games", "2", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and "--jobs and --scheduler" in err


def test_without_dask_the_option_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # `from distributed import ...` now fails
    code, _out, err = run("simulate", SPEC, "--games", "2", "-q", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and "pip install 'remikc[cluster]'" in err
