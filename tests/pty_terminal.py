"""A program run in a pseudo-terminal, driven as a person at a keyboard would: `Terminal(argv)`
starts it with a pty as its standard input, output and error; `expect(pattern)` waits for the
screen to show a pattern (the escape sequences taken out); `line(text)` types a line and
Enter; `close()` kills what is left.  Every wait has a timeout."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import termios
import time
from collections.abc import Sequence
from pathlib import Path

# CSI and OSC sequences, and the carriage returns and bells of a prompt redrawn
_ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]"            # CSI: cursor, colour, erase
                      r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"     # OSC: the window's title
                      r"|\x1b[()][0-9A-Za-z]|\x1b[=>78]|[\r\x07]")


class Terminal:
    def __init__(self, argv: Sequence[str], *, cwd: Path, env: dict[str, str], rows: int = 50,
                 columns: int = 160) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        try:
            self.process = subprocess.Popen(list(argv), stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
                                            env=env, start_new_session=True, close_fds=True)
        finally:
            os.close(slave)
        self.seen = ""  # everything shown so far, escapes taken out
        self.read_to = 0  # where the last `expect` matched up to

    def _read(self, until: float) -> bool:
        left = until - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the program ended and its side of the pty is closed
            return False
        if not data:
            return False
        self.seen += _ESCAPES.sub("", data.decode("utf-8", "replace"))
        return True

    def expect(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        """The first match of `pattern` shown since the last match; AssertionError after
        `timeout` seconds or once the program has ended without showing it."""
        wanted = re.compile(pattern)
        until = time.monotonic() + timeout
        while True:
            found = wanted.search(self.seen, self.read_to)
            if found:
                self.read_to = found.end()
                return found
            if not self._read(until):
                tail = self.seen[self.read_to:][-3000:]
                raise AssertionError(f"{pattern!r} not shown within {timeout} s; the screen since:\n{tail}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode("utf-8"))

    def line(self, text: str) -> None:
        self.type(text + "\r")

    def wait(self, timeout: float = 60) -> int:
        """The exit code, once the program ends (the rest of its output read)."""
        until = time.monotonic() + timeout
        while self.process.poll() is None and time.monotonic() < until:
            self._read(until)
        while self._read(time.monotonic() + 0.2):
            pass
        return self.process.wait(timeout=max(1.0, until - time.monotonic()))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)
        os.close(self.master)
