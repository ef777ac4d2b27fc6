"""ANSI colours for a terminal: `paint(text, style, colour)`.  Whether a stream is coloured is
decided once, when `main()` wraps it (remikc/console.py); diagnostics and `check`'s verdict
marks are painted here."""

from __future__ import annotations

STYLES = {"error": "1;31", "warning": "1;33", "note": "1", "hint": "36", "place": "1",
          "caret": "1;31", "proved": "32", "violated": "1;31", "unknown": "33"}
"""ANSI styles by what they mark: a diagnostic's severity, its location and caret, a hint,
and the three verdicts of a check."""


def paint(text: str, style: str, colour: bool) -> str:
    """`text` in `style` (a key of STYLES) when `colour`, else as it is."""
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if colour and text else text
