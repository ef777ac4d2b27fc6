"""Ctrl-C that stops remikc at once, wherever it is, with one line and exit code 130; SIGTERM
(`timeout`, `kill`, a service manager) the same way, with exit code 143.

Python raises KeyboardInterrupt only between two steps of Python code, so a long call into C
(Z3 deciding a question) would run on to its end.  `CtrlC` therefore also has the signal
written to a pipe (`signal.set_wakeup_fd`, which the C-level handler does at once) and a
thread reading it calls every registered stopper: the solver registers one that interrupts
its running questions.  The question comes back undecided, and Python's KeyboardInterrupt
follows as soon as control is back in Python, so no cut-short question is ever reported.

SIGTERM takes the same way: its default action ends the process on the spot, which would leave
`simulate`'s workers and their semaphores behind, a `remikc:` line unsaid, and no `finally` run.

`seen` tells afterwards whether Ctrl-C was pressed: some places turn the KeyboardInterrupt
into another error (ctypes, calling Z3, into `ArgumentError`), and what counts is that the
user stopped the run, not what came of it.

The KeyboardInterrupt is never raised inside Z3's Python API or a finalizer: it is put off,
by signalling again a moment later, until the run is back in code of its own.  Z3's objects
are not made to be cut short: one interrupted in its constructor, between taking its
term and its context, fails in its `__del__` ("Exception ignored in: AstRef.__del__ ...
has no attribute 'ctx'", printed after `remikc: interrupted`), or releases a reference it
never took.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn

_stoppers: list[Callable[[], None]] = []
_current: CtrlC | None = None


def pressed() -> bool:
    """Whether Ctrl-C was pressed during the current run."""
    return _current is not None and _current.seen


def stop() -> NoReturn:
    """Raise the KeyboardInterrupt of the Ctrl-C pressed, for code that found `pressed()`: the
    handler's own, if it put one off, is then not raised a second time while the run unwinds."""
    if _current is not None:
        _current.stopping()
    raise KeyboardInterrupt


def on_interrupt(stopper: Callable[[], None]) -> None:
    """Have `stopper` called (from another thread) when Ctrl-C is pressed."""
    _stoppers.append(stopper)


# A queue.Queue's lock is taken in a Python `__enter__` (threading.Condition's): an exception
# raised there after the taking, before the `with` holds it, leaves it taken for good.  The main
# thread puts into one in `ProcessPoolExecutor.submit`; the pool's manager thread then waits on
# it forever, and so does the interpreter's exit, which joins that thread (`simulate --jobs`
# hung under `timeout` about once in 20 runs, SIGTERM 1.4 s in)
_QUEUE = os.sep + "queue.py"
_THREADING = os.sep + "threading.py"


def _not_now(frame: Any) -> bool:
    """Whether the code `frame` runs in, or any code that called it, is a finalizer, Z3's Python
    API or a queue's lock being taken or let go: no place for a KeyboardInterrupt (see the
    module's docstring)."""
    z3 = sys.modules.get("z3")  # not imported: none of its code is running
    z3_folder = os.path.dirname(z3.__file__) + os.sep if z3 is not None and z3.__file__ else None
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or (z3_folder and code.co_filename.startswith(z3_folder)):
            return True
        if code.co_filename.endswith(_QUEUE) or (
                code.co_filename.endswith(_THREADING) and code.co_name in ("__enter__", "__exit__")):
            return True
        frame = frame.f_back
    return False


class CtrlC:
    """While inside: Ctrl-C raises KeyboardInterrupt promptly and is noted in `seen`.  Only on
    the main thread, and not where SIGINT is ignored (a job started with `&` in a script).
    SIGTERM, where its action is the default one, too, noted in `terminated` as well."""

    def __init__(self) -> None:
        self.seen = False
        self.terminated = False
        self._previous_term: Any = None
        self._previous: Any = None
        self._wakeup = -1
        self._pipe: tuple[int, int] | None = None
        self._again: threading.Timer | None = None
        # a KeyboardInterrupt is on its way; the signal was sent again by `_signal_again`.
        # Reentrant: the handler runs on the main thread, which may hold it when the signal comes
        self._raised = False
        self._resent = False
        self._lock = threading.RLock()

    def _handler(self, signum: int, frame: Any) -> None:
        self.seen = True
        with self._lock:
            resent, self._resent = self._resent, False
            if resent and self._raised:
                return  # put off, then raised by `stop` meanwhile: the run is stopping already
            if _not_now(frame):
                # raised in a `__del__` it would be printed as "Exception ignored" and lost,
                # and in Z3's API it would leave a half-made object: signal again a moment later
                self._again = threading.Timer(0.05, self._signal_again, args=(signum,))
                self._again.start()
                return
            self._raised = True
        raise KeyboardInterrupt

    def _terminate(self, signum: int, frame: Any) -> None:
        with self._lock:
            if self.terminated and not self._resent:
                # `timeout` sends SIGTERM to the process and again to its group: the second must
                # not cut short the clean-up the first began (the workers ended, their semaphores
                # freed).  The first's own, put off and sent again (`_signal_again`), goes on
                self.seen = True
                return
            self.terminated = True
        self._handler(signum, frame)

    def _signal_again(self, signum: int) -> None:
        with self._lock:
            if self._raised or _current is not self:
                return
            self._resent = True
            os.kill(os.getpid(), signum)

    def stopping(self) -> None:
        """A KeyboardInterrupt for the Ctrl-C pressed is being raised (see `stop`)."""
        with self._lock:
            self._raised = True

    def _watch(self, read: int) -> None:
        try:
            while True:
                data = os.read(read, 64)
                if not data:  # the write end closed: the run is over
                    return
                if signal.SIGINT in data or signal.SIGTERM in data:
                    self.seen = True
                    for stopper in list(_stoppers):
                        with contextlib.suppress(Exception):
                            stopper()
        except OSError:
            return
        finally:
            os.close(read)

    def __enter__(self) -> CtrlC:
        global _current
        _current = self
        if threading.current_thread() is not threading.main_thread():
            return self
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._previous = signal.signal(signal.SIGINT, self._handler)
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            self._previous_term = signal.signal(signal.SIGTERM, self._terminate)
        if self._previous is None and self._previous_term is None:
            return self
        read, write = os.pipe()
        try:
            os.set_blocking(write, False)
            self._wakeup = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        except (ValueError, OSError):  # Windows wants a socket here: Ctrl-C between questions
            os.close(read)
            os.close(write)
            return self
        self._pipe = (read, write)
        threading.Thread(target=self._watch, args=(read,), name="remikc-ctrl-c", daemon=True).start()
        return self

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        global _current
        _current = None
        if self._again is not None:
            self._again.cancel()  # the run is over: nothing left to stop
        if self._pipe is not None:
            signal.set_wakeup_fd(self._wakeup)
            os.close(self._pipe[1])  # ends the watching thread, which closes the read end
            self._pipe = None
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None
        if self._previous_term is not None:
            # after a SIGTERM the process is ending: another one, come late, is ignored (above)
            signal.signal(signal.SIGTERM, signal.SIG_IGN if self.terminated else self._previous_term)
            self._previous_term = None
        if isinstance(exc, KeyboardInterrupt):
            self.seen = True
