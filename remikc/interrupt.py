"""Ctrl-C that stops remikc at once, wherever it is, with one line and exit code 130.

Python raises KeyboardInterrupt only between two steps of Python code, so a long call into C
(Z3 deciding a question) would run on to its end.  `CtrlC` therefore also has the signal
written to a pipe (`signal.set_wakeup_fd`, which the C-level handler does at once) and a
thread reading it calls every registered stopper: the solver registers one that interrupts
its running questions.  The question comes back undecided, and Python's KeyboardInterrupt
follows as soon as control is back in Python, so no cut-short question is ever reported.

`seen` tells afterwards whether Ctrl-C was pressed: some places turn the KeyboardInterrupt
into another error (ctypes, calling Z3, into `ArgumentError`), and what counts is that the
user stopped the run, not what came of it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

_stoppers: list[Callable[[], None]] = []
_current: CtrlC | None = None


def pressed() -> bool:
    """Whether Ctrl-C was pressed during the current run."""
    return _current is not None and _current.seen


def on_interrupt(stopper: Callable[[], None]) -> None:
    """Have `stopper` called (from another thread) when Ctrl-C is pressed."""
    _stoppers.append(stopper)


def _in_finalizer(frame: Any) -> bool:
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False


class CtrlC:
    """While inside: Ctrl-C raises KeyboardInterrupt promptly and is noted in `seen`.  Only on
    the main thread, and not where SIGINT is ignored (a job started with `&` in a script)."""

    def __init__(self) -> None:
        self.seen = False
        self._previous: Any = None
        self._wakeup = -1
        self._pipe: tuple[int, int] | None = None
        self._again: threading.Timer | None = None

    def _handler(self, signum: int, frame: Any) -> None:
        self.seen = True
        if _in_finalizer(frame):
            # raised in a `__del__` (Z3 frees its objects there) it would be printed as
            # "Exception ignored" and lost: signal again a moment later, elsewhere
            self._again = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
            self._again.start()
            return
        raise KeyboardInterrupt

    def _watch(self, read: int) -> None:
        try:
            while True:
                data = os.read(read, 64)
                if not data:  # the write end closed: the run is over
                    return
                if signal.SIGINT in data:
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
        if threading.current_thread() is not threading.main_thread() or \
                signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            return self
        self._previous = signal.signal(signal.SIGINT, self._handler)
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
        if isinstance(exc, KeyboardInterrupt):
            self.seen = True
