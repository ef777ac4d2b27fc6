"""Standard output and standard error that never crash remikc.

`main()` wraps each of its two streams in a `Console` once, at start-up:

- A stream that can encode the card suits and the verdict marks (`♠ ♥ ♦ ♣ ✓ ✗`: UTF-8, a
  terminal, a test's `StringIO`) gets the text unchanged.
- Any other stream (a redirected stream on a Polish or Croatian Windows machine is cp1250 or
  cp1252; `LC_ALL=C` with `PYTHONUTF8=0` is ASCII) gets ASCII card notation, `10h Qs Ad Kc
  JK` (which remikc also reads back), and ASCII marks: `+` proved, `x` violated, `?`
  undecided.  The choice is made per stream and holds for everything written to it.  What
  else the stream cannot encode is transliterated (`ł` to `l`, `ć` to `c`, `—` to `-`, `→`
  to `->`, `×` to `x`); what the stream can encode stays as it is, so cp1250 shows Polish
  and Croatian letters right.  A character with no transliteration is written as a
  `\\uXXXX` escape.
- With `--format json` a stream that cannot encode the suits gets pure-ASCII JSON instead:
  every non-ASCII character inside a string is a `\\uXXXX` escape (as `ensure_ascii` makes
  them), so a tool reading the JSON gets exactly the cards, `"Q\\u2665"` for `Q♥`.
- A file's own text (`fmt -`, and `fmt --diff` for `patch` to read) is no message: it goes out
  as UTF-8 bytes whatever the stream's encoding (`Console.write_verbatim`), since a name, a
  comment or a quotation transliterated is another file.
- A write that fails (a full disk, a closed pipe) raises `StreamError`, which `main()` turns
  into one line on standard error and exit code 1 instead of a traceback.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, TextIO

from .diagnostics import RemikcError

SYMBOLS = "♠♥♦♣✓✗"
"""What a stream must encode for remikc to write cards and marks as they are."""

ASCII_SYMBOLS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "✓": "+", "✗": "x"}
"""Card suits and verdict marks on a stream that cannot encode all of `SYMBOLS`."""

_TRANSLITERATION = {
    "—": "-", "–": "-", "‒": "-", "−": "-", "…": "...", "×": "x", "·": ".", "•": "*",
    "→": "->", "←": "<-", "⇒": "=>", "↔": "<->", "≤": "<=", "≥": ">=", "≠": "!=", "±": "+-",
    "„": '"', "“": '"', "”": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "‚": "'",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ",
    "♤": "s", "♡": "h", "♢": "d", "♧": "c", **ASCII_SYMBOLS,
}

ERRORS = "remikc-ascii"
"""The codec error handler a `Console` sets on its stream: transliteration, see `_replace`."""


def _ascii(char: str) -> str:
    """`char` in ASCII: transliterated, stripped of its accents, or as a `\\uXXXX` escape."""
    if char in _TRANSLITERATION:
        return _TRANSLITERATION[char]
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if bare and bare.isascii():
        return bare
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _replace(exc: UnicodeError) -> tuple[str | bytes, int]:
    """The error handler `ERRORS`: what the stream cannot encode, in ASCII.  A lone surrogate
    from `surrogateescape` (a file name or argument in bytes the locale could not decode) is
    written back as the byte it stands for, as `surrogateescape` would."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start:exc.end]
    if all(0xDC80 <= ord(c) <= 0xDCFF for c in text):
        return bytes(ord(c) - 0xDC00 for c in text), exc.end
    return "".join(_ascii(c) for c in text), exc.end


codecs.register_error(ERRORS, _replace)


def can_encode(stream: object, text: str = SYMBOLS) -> bool:
    """Whether `stream` can write `text` as it is: true for a stream without an encoding
    (`StringIO`)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def escape_json(text: str) -> str:
    """JSON text with every non-ASCII character as a `\\uXXXX` escape (a surrogate pair past
    U+FFFF), as `json.dumps(..., ensure_ascii=True)` writes it.  JSON's syntax is ASCII, so
    such a character can only stand inside a string, where the escape means the same."""
    if text.isascii():
        return text
    out = []
    for char in text:
        code = ord(char)
        if code < 0x80:
            out.append(char)
        elif code <= 0xFFFF:
            out.append(f"\\u{code:04x}")
        else:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
    return "".join(out)


def argument(text: str) -> str:
    """A command-line argument the locale could not decode (`LC_ALL=C` holds `Q♥` as
    surrogate escapes), read as UTF-8 when it is UTF-8; otherwise as it came."""
    if not any(0xDC80 <= ord(c) <= 0xDCFF for c in text):
        return text
    try:
        return os.fsencode(text).decode("utf-8")
    except (UnicodeError, ValueError):
        return text


def wants_colour(stream: object, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour what goes to `stream`, decided once per stream at start-up: never
    when NO_COLOR is set (no-color.org; it wins, as in CPython), always when FORCE_COLOR is
    (unless `0`), else on a terminal that is not `TERM=dumb`."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR") and env.get("FORCE_COLOR") != "0":
        return True
    if env.get("TERM") == "dumb":
        return False
    try:
        return bool(getattr(stream, "isatty")())  # noqa: B009 (a stream may lack it)
    except (AttributeError, ValueError, OSError):
        return False


STYLES = {"error": "1;31", "warning": "1;33", "note": "1", "hint": "36", "place": "1",
          "caret": "1;31", "proved": "32", "violated": "1;31", "unknown": "33"}
"""ANSI styles by what they mark: a diagnostic's severity, its location and caret, a hint,
and the three verdicts of a check."""


def paint(text: str, style: str, colour: bool) -> str:
    """`text` in `style` (a key of STYLES) when `colour`, else as it is."""
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if colour and text else text


class StreamError(RemikcError):
    """A write to standard output or standard error failed: `cannot write to standard
    output: No space left on device`."""

    def __init__(self, console: Console, cause: OSError) -> None:
        super().__init__(f"cannot write to {console.name}: {cause.strerror or cause}")
        self.console = console
        self.cause = cause


class Console:
    """A text stream for remikc's output: ASCII notation where the stream needs it (decided
    once, here), and `StreamError` for a write that fails.  Everything else is the stream's
    (`isatty`, `fileno`, ...)."""

    def __init__(self, stream: TextIO | None, name: str) -> None:
        # a stream closed before Python started is None: write into nothing rather than fail
        self.stream: TextIO = stream if stream is not None else io.StringIO()
        self.name = name
        self.unicode = can_encode(self.stream)
        self.colour = wants_colour(self.stream)
        self.json = False  # set by main() for `--format json`
        reconfigure = getattr(self.stream, "reconfigure", None)
        if reconfigure is not None and getattr(self.stream, "errors", ERRORS) != ERRORS:
            with contextlib.suppress(Exception):  # a stream that cannot change its errors
                reconfigure(errors=ERRORS)

    def render(self, text: str) -> str:
        """`text` as this stream writes it."""
        if self.unicode:
            return text
        if self.json:
            return escape_json(text)
        return text.translate(_SYMBOL_TABLE)

    def write(self, text: str) -> int:
        try:
            return self.stream.write(self.render(text))
        except OSError as exc:
            raise StreamError(self, exc) from None

    def write_verbatim(self, text: str) -> None:
        """`text` as UTF-8 bytes to the stream's binary layer, whatever its encoding, with the
        bytes a surrogate escape stands for written back as they came; a stream with no binary
        layer (a test's `StringIO`) takes it as text."""
        buffer = getattr(self.stream, "buffer", None)
        try:
            if buffer is None:
                self.stream.write(text)
                return
            self.stream.flush()  # what was written as text before goes first
            buffer.write(text.encode("utf-8", "surrogateescape"))
            buffer.flush()
        except OSError as exc:
            raise StreamError(self, exc) from None

    def writelines(self, lines: Iterable[str]) -> None:
        # through `write`, not the stream's own: the same notation and the same StreamError
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            raise StreamError(self, exc) from None
        except ValueError:  # already closed: nothing left to flush
            pass

    def is_process_stream(self) -> bool:
        """Whether this is the process's own standard output or error (not a test's stream)."""
        return any(self.stream is s for s in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__))

    def silence(self) -> None:
        """Point the stream's file descriptor at the null device, so that Python's own flush
        at exit does not fail again (the Python docs' recipe for a broken pipe)."""
        if not self.is_process_stream():
            return
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.stream.fileno())
            os.close(null)

    def __getattr__(self, name: str) -> Any:
        if name == "stream":  # not yet set (a copy being made): no endless recursion
            raise AttributeError(name)
        return getattr(self.stream, name)


_SYMBOL_TABLE = str.maketrans(ASCII_SYMBOLS)
