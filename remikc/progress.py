"""How far a long command has got, on standard error: `Progress(stream, total)`.

On a terminal, one line rewritten at each step and erased at the end, so the results on
standard output are read without it; on anything else (a log file, a pipe, a test's stream)
one plain line a step, which a log keeps.  Standard output is never written: what a tool or a
golden test reads there is the same bytes with or without progress.
"""

from __future__ import annotations

import shutil
from typing import TextIO

_ERASE = "\r\x1b[2K"  # back to the start of the line, and clear it


def is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """`step(label)` once per piece of work done, `close()` at the end.  `plain=False` keeps
    the plain lines back (a terminal still gets its rewritten line)."""

    def __init__(self, stream: TextIO, *, plain: bool = True) -> None:
        self.stream = stream
        self.live = is_terminal(stream)
        self.plain = plain
        self.done = 0
        self.shown = False

    def begin(self, text: str) -> None:
        """What is under way before the first step is done: on a terminal only (a log gets a
        line a step, and the first says the same soon enough)."""
        if self.live:
            self.stream.write(f"{_ERASE}remikc: {text}")
            self.stream.flush()
            self.shown = True

    def step(self, label: str, total: int) -> None:
        self.done += 1
        text = f"remikc: [{self.done}/{total}] {label}"
        if self.live:
            width = shutil.get_terminal_size().columns - 1
            # a line longer than the terminal wraps, and `\r` would only go back one row
            self.stream.write(_ERASE + (text if len(text) <= width else text[:max(width - 1, 0)] + "…"))
            self.shown = True
        elif self.plain:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write(_ERASE)
            self.stream.flush()
            self.shown = False
