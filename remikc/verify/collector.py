"""Z3 objects freed in the thread that made them: `frees_contexts`, with nothing of Z3 in it,
so that importing the verifier's package (for its report types) does not import Z3."""

from __future__ import annotations

import functools
import gc
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
_collector = threading.Lock()
_inside = 0  # frees_contexts calls running (nested, or in several threads)
_was_enabled = True


def frees_contexts(run: Callable[P, R]) -> Callable[P, R]:
    """While `run` works, only its own thread frees Z3 objects; its contexts are freed before
    it returns, in that thread.

    Z3 terms, sessions and encoders sit in reference cycles, so the garbage collector frees
    them, in whichever thread it next runs in.  Beside a Dask client's or in-process worker's
    threads (`simulate --scheduler`, `sweep`) that thread was another one, freeing a context
    while this one was asking Z3 a question: `Z3_del_context` hung, spinning, or the process
    crashed (test_sim_cluster.py, one run in a few).  So the collector is off while `run`
    works (objects outside cycles are still freed at once, by the thread that drops them) and
    runs here at the end: on the youngest generation only when no collection ran meanwhile,
    since then nothing `run` made has left it (a full collection costs time in proportion to
    the whole heap: 0.3 s at three million objects, after every verification of a test
    session); a full one when another call's collection, or anyone's, may have moved its
    objects on.
    """
    @functools.wraps(run)
    def collected(*args: P.args, **kwargs: P.kwargs) -> R:
        global _inside, _was_enabled
        with _collector:
            if _inside == 0:
                _was_enabled = gc.isenabled()
                gc.disable()
            _inside += 1
            before = _collections()
        try:
            return run(*args, **kwargs)
        finally:
            gc.collect(0 if _collections() == before else 2)
            with _collector:
                _inside -= 1
                if _inside == 0 and _was_enabled:
                    gc.enable()
    return collected


def _collections() -> int:
    """How many collections, of any generation, this process has run."""
    return sum(generation["collections"] for generation in gc.get_stats())
