"""Many games at once: `play_games` spreads the seeds over a `concurrent.futures` executor.

The games are cut into chunks of consecutive seeds; each chunk carries the variant's IR and
the text of its generated module (a worker shares no files with the caller), is played by
`remikc.sim.play.run_games` in a worker, and the records come back in seed order, so the
report is the same whatever the number of workers.  `jobs=1` plays in this process.

`cluster_executor(ADDRESS)` is the same for a Dask distributed cluster (`--scheduler`):
`Client.get_executor()` is a `concurrent.futures` executor, so the chunks travel the same
way; the workers must run this remikc version (checked before any game, and again by each
chunk, for a worker that joins later).  A cluster is trusted fully: Dask sends pickles both
ways, so whoever runs the scheduler or a worker runs code in this process, and this process
runs code on them.  Only connect to a cluster you run.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from .. import __version__, ir
from ..diagnostics import RemikcError
from .record import GameRecord


def default_jobs() -> int:
    """The cores this process may run on (the default of `--jobs`)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class WorkerBreach(RemikcError):
    """An invariant broken in a worker: its report, as `InvariantBreach.render` wrote it there
    (an exception with its own fields does not travel back between processes)."""

    def __init__(self, text: str) -> None:
        super().__init__(text.splitlines()[0] if text else "invariant broken")
        self.text = text

    def render(self) -> str:
        return self.text


@dataclass(frozen=True)
class Chunk:
    """Seeds `first`..`first + count - 1` of one variant, and all a worker needs to play them."""

    variant: ir.Variant
    source: str  # the generated module's text
    key: str  # its sha256: a worker compiles each module once
    players: int
    first: int
    count: int
    bot: str
    max_deals: int
    check: str = "all"  # the invariants checked (remikc.sim.play.run_games)
    run_first: int | None = None  # the seed of the run's game 0, which `check="sample"` counts from
    version: str = __version__  # the remikc that cut it: a worker of another version refuses it


_COMPILED: dict[str, object] = {}


def play_chunk(chunk: Chunk) -> list[GameRecord] | str:
    """The games of a chunk, or the report of the invariant one of them broke.  Runs in a worker."""
    from ..module import load_module
    from . import play

    if chunk.version != __version__:
        return (f"a worker runs remikc {__version__}, this remikc is {chunk.version}: install the same "
                f"version on every worker\n")
    compiled = _COMPILED.get(chunk.key)
    if compiled is None:
        if len(_COMPILED) >= 8:
            _COMPILED.clear()
        module = load_module(f"remikc_sim_{chunk.variant.id}", chunk.source)
        compiled = _COMPILED[chunk.key] = play.Compiled(chunk.variant, module)
    try:
        return play.run_games(compiled, games=chunk.count, players=chunk.players,  # type: ignore[arg-type]
                              seed=chunk.first, bot=chunk.bot, max_deals=chunk.max_deals,
                              check=chunk.check, first=chunk.run_first)
    except play.InvariantBreach as breach:
        return breach.render()


def chunks(variant: ir.Variant, source: str, *, games: int, players: int, seed: int, bot: str,
           jobs: int, max_deals: int, check: str = "all", run_first: int | None = None) -> list[Chunk]:
    """The games cut into chunks: about eight per worker (so a slow chunk does not leave the
    others idle at the end), at most 25 games each (so progress moves).  `run_first`: the seed of
    the run's game 0 (`seed` when None)."""
    size = max(1, min(25, -(-games // (jobs * 8))))
    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    start = seed if run_first is None else run_first
    return [Chunk(variant, source, key, players, first, min(size, seed + games - first), bot, max_deals,
                  check, start)
            for first in range(seed, seed + games, size)]


def _start_worker(parent: int | None = None) -> None:
    """A worker's start.  Ctrl-C reaches every process of the terminal's group: the main process
    alone handles it (one line, exit 130) and ends the workers it knows.  A worker it was still
    starting when Ctrl-C came is not among them, and would wait for work for ever, holding the
    terminal's output open: each worker ends itself once `parent` (the main process) is gone.
    `timeout`'s SIGTERM reaches the whole group too: the worker leaves it, so that the main process
    ends the workers itself, as on Ctrl-C (killed by the group's SIGTERM mid-game, workers once left
    the main process waiting for ever at its exit, on a loaded machine; remikc/driver.py does the
    same for `check`'s workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "setpgid"):  # (POSIX; a group of its own, as it can)
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), name="remikc-orphan-watch", daemon=True).start()


def _end_with(parent: int) -> None:
    """Ends this process once its parent is gone (an orphan is given another parent)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


@contextlib.contextmanager
def local_executor(jobs: int) -> Iterator[Executor]:
    """`jobs` worker processes, started fresh ("spawn": no state of this process leaks in, the
    same on every platform).  Left by an exception (Ctrl-C, a breach), the games not started
    are cancelled and the workers ended at once, instead of waiting for every game queued."""
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        # the workers first: the pool's own threads then see them gone and stop, where a
        # shutdown alone would wait for the games already handed out
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        # and its manager thread ended before the interpreter's exit wakes it: Python 3.11's
        # exit hook can race the thread closing its wake-up pipe ("Exception ignored ... Bad file
        # descriptor" after "remikc: terminated"); with the workers gone it ends at once
        manager = getattr(pool, "_executor_manager_thread", None)
        if manager is not None:
            manager.join(timeout=5)
        raise
    pool.shutdown(wait=True)


def run_chunks(executor: Executor, work: list[Chunk],
               progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Every chunk's games, in seed order; `progress(games done)` as chunks come back.  The first
    breach, in seed order, is raised as `WorkerBreach` once every chunk is in."""
    futures: list[Future[list[GameRecord] | str]] = [executor.submit(play_chunk, c) for c in work]
    done = 0
    for future in _as_done(futures):
        result = future.result()
        done += len(result) if not isinstance(result, str) else 0
        if progress is not None and not isinstance(result, str):
            progress(done)
    records: list[GameRecord] = []
    for future in futures:
        result = future.result()
        if isinstance(result, str):
            raise WorkerBreach(result)
        records += result
    return records


def _as_done(futures: list[Future[list[GameRecord] | str]]) -> Iterator[Future[list[GameRecord] | str]]:
    from concurrent.futures import as_completed

    return as_completed(futures)


# --- a Dask distributed cluster -------------------------------------------------------------------

CLUSTER_HINT = "--scheduler needs Dask distributed: pip install 'remikc[cluster]'"
CONNECT_SECONDS = 10.0  # to reach the scheduler, and for a first worker to be there


class ClusterError(RemikcError):
    """The cluster cannot take the work: Dask not installed, the scheduler not reached, no
    worker, or a worker running another remikc.  A usage error: nothing was played."""


def _worker_version() -> str:
    return __version__


def worker_threads(executor: Executor) -> int:
    """How many games a cluster plays at once (its workers' threads), for cutting the chunks."""
    client = getattr(executor, "_client", None)
    if client is None:
        return 1
    threads: dict[str, int] = client.nthreads()
    return max(1, sum(threads.values()))


@contextlib.contextmanager
def cluster_executor(address: str, *, seconds: float | None = None) -> Iterator[Executor]:
    """The executor of the Dask cluster whose scheduler is at `address` (`tcp://host:8786`),
    after checking that it has workers and that each runs this remikc version."""
    seconds = CONNECT_SECONDS if seconds is None else seconds
    try:
        # untyped: Any, as far as mypy is concerned
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError(CLUSTER_HINT) from None
    _check_address(address)
    client = _connected(distributed, address, seconds)
    try:
        try:
            client.wait_for_workers(1, timeout=seconds)
        except Exception:
            raise ClusterError(f"--scheduler {address}: the scheduler has no worker (start one with "
                               f"`dask worker {address}`)") from None
        versions = client.run(_worker_version)
        other = {worker: version for worker, version in versions.items() if version != __version__}
        if other:
            shown = ", ".join(f"{worker} runs {version}" for worker, version in sorted(other.items()))
            raise ClusterError(f"--scheduler {address}: the workers must run remikc {__version__}: {shown}")
        yield client.get_executor(pure=False)  # two chunks are never the same work
    finally:
        client.close()


def _check_address(address: str) -> None:
    """Refuse an address Dask cannot read before a client is made of it: a client that fails
    while reading its address is left half made, and closing it at exit waited 20 s and
    printed `Exception ignored in: Client.__del__ ... TimeoutError`."""
    from distributed.comm import registry
    from distributed.comm.addressing import parse_address, parse_host_port

    if not address.strip():
        raise ClusterError("--scheduler '' names no scheduler: give its address, e.g. tcp://HOST:8786")
    scheme, place = parse_address(address)
    why = None
    try:
        registry.get_backend(scheme)
    except ValueError:
        why = f"Dask knows no address scheme `{scheme}://`"
    else:
        if scheme in ("tcp", "tls", "ws", "wss"):
            try:
                host, _port = parse_host_port(place, default_port=8786)
                why = None if host else "it names no host"
            except ValueError:
                why = "its port is not a number"
        elif not place:
            why = "it names no place"
    if why is not None:
        raise ClusterError(f"--scheduler {address}: not a Dask scheduler's address: {why} "
                           "(e.g. tcp://HOST:8786)")


def _connected(distributed: Any, address: str, seconds: float) -> Any:
    """A client of the scheduler at `address`, connected and greeted within `seconds`.  Dask
    bounds the TCP connection by its `timeout` but not the scheduler's first answer, so an
    address that accepts a connection and never speaks (another service's port) would hang the
    command for ever: the client is made in a thread of its own, and given up on at the
    deadline (a client that connects after it is closed there).  Dask's own timeout, for
    the connection alone, is half of it: an address where nothing listens gets Dask's reason."""
    lock = threading.Lock()
    made: list[Any] = []
    failed: list[BaseException] = []
    given_up = threading.Event()

    def connect() -> None:
        try:
            client = distributed.Client(address, timeout=seconds / 2, set_as_default=False)
        except Exception as exc:  # no scheduler there, or it refused us
            failed.append(exc)
            return
        with lock:
            if not given_up.is_set():
                made.append(client)
                return
        client.close()

    thread = threading.Thread(target=connect, name="remikc-scheduler-connect", daemon=True)
    thread.start()
    thread.join(seconds)
    with lock:
        if not made and not failed:
            given_up.set()
            raise ClusterError(f"--scheduler {address}: no Dask scheduler answered within {seconds:g} s "
                               "(is it a Dask scheduler's address?)")
    if failed:
        exc = failed[0]
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ClusterError(f"--scheduler {address}: no Dask scheduler reached ({why})")
    return made[0]
