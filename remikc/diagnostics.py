"""One record type for everything remikc has to say about a spec.

Every pass reports problems as `Diagnostic`s and raises `SpecError` once, with
all of them, so a user sees every mistake in a file in one run.  Rendering is
gcc-style: `file:line:col: error[E012]: ...`, the source line, a caret under the
offending text, then notes (other places involved) and a hint.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from .colours import paint


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A stretch of a source file; lines and columns count from 1, end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def to(self, other: Span) -> Span:
        """The span from the start of this one to the end of `other`."""
        return Span(self.file, self.line, self.column, other.end_line, other.end_column)


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


def tally(diagnostics: Iterable[Diagnostic]) -> str:
    """The errors and the warnings among `diagnostics`, counted apart: "2 error(s)", "1 error(s),
    1 warning(s)" (a spec with a warning beside its error does not have two errors)."""
    found = list(diagnostics)
    errors = sum(d.severity is Severity.ERROR for d in found)
    warnings = len(found) - errors
    return f"{errors} error(s)" + (f", {warnings} warning(s)" if warnings else "")


@dataclass(frozen=True, slots=True)
class Note:
    message: str
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    message: str
    span: Span | None
    severity: Severity = Severity.ERROR
    hint: str | None = None
    notes: tuple[Note, ...] = field(default=())

    def to_json(self) -> dict[str, object]:
        def place(span: Span | None) -> dict[str, object] | None:
            if span is None:
                return None
            return {
                "file": span.file,
                "line": span.line,
                "column": span.column,
                "end_line": span.end_line,
                "end_column": span.end_column,
            }

        return {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "span": place(self.span),
            "hint": self.hint,
            "notes": [{"message": n.message, "span": place(n.span)} for n in self.notes],
        }


class RemikcError(Exception):
    """The root of remikc's own errors: a caller catching it catches every failure remikc
    reports on purpose (a spec error, a file that cannot be written, bad cards, ...), and
    nothing else."""


class SpecError(RemikcError):
    """The one exception remikc raises for a bad spec; carries every diagnostic found."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(f"{d.span}: {d.message}" for d in self.diagnostics))


def error(code: str, message: str, span: Span | None, *, hint: str | None = None,
          notes: Iterable[Note] = ()) -> Diagnostic:
    return Diagnostic(code, message, span, Severity.ERROR, hint, tuple(notes))


def warning(code: str, message: str, span: Span | None, *, hint: str | None = None,
            notes: Iterable[Note] = ()) -> Diagnostic:
    """Something worth saying that is no error: printed as `warning[W001]`, it does not change
    the exit code or stop a build."""
    return Diagnostic(code, message, span, Severity.WARNING, hint, tuple(notes))


class Collector:
    """Gathers a pass's diagnostics so the pass can report them all, then fail once."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    def raise_if_errors(self) -> None:
        if any(d.severity is Severity.ERROR for d in self.items):
            raise SpecError(sorted(self.items, key=_order))


def _order(d: Diagnostic) -> tuple[object, ...]:
    if d.span is None:
        return ("", 0, 0, d.code)
    return (d.span.file, d.span.line, d.span.column, d.code)


def _excerpt(span: Span, sources: Mapping[str, str], colour: bool = False) -> list[str]:
    text = sources.get(span.file)
    if text is None:
        return []
    # lines as the parser counts them (`splitlines` would also split at \x1c, \x85, U+2028)
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines[-1]:
        lines.pop()
    if not 1 <= span.line <= len(lines):
        return []
    # an invisible or control character shows as one visible mark, so the caret still lines
    # up and nothing in a spec can drive the terminal
    line = "".join(ch if ch.isprintable() else "\ufffd" for ch in lines[span.line - 1].expandtabs(1))
    width = (span.end_column - span.column) if span.end_line == span.line else len(line) - span.column + 1
    width = max(1, width)
    gutter = f"{span.line:>5} | "
    caret = paint("^" * width, "caret", colour)
    return [gutter + line, " " * (len(gutter) - 2) + "| " + " " * (span.column - 1) + caret]


def excerpt(span: Span, sources: Mapping[str, str], colour: bool = False) -> list[str]:
    """The source line of `span` and a caret under it, as a diagnostic shows them (none when
    the file's text is not in `sources`)."""
    return _excerpt(span, sources, colour)


def _visible(text: str) -> str:
    """A message, note or hint with every invisible or control character but the line break
    written as its code point (`<U+001B>`): a spec's text quoted in one cannot drive the
    terminal.  The messages name such characters themselves (E002, E005); this is the guard."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else f"<U+{ord(ch):04X}>" for ch in text)


def render(diagnostic: Diagnostic, sources: Mapping[str, str], colour: bool = False) -> str:
    """gcc-style text: location, message, the source line with a caret, notes, hint; with
    `colour`, the severity, location, caret and hint in ANSI colours (the text is the same)."""
    where = paint(f"{diagnostic.span}:", "place", colour) + " " if diagnostic.span else "remikc: "
    severity = paint(f"{diagnostic.severity.value}[{diagnostic.code}]", diagnostic.severity.value, colour)
    out = [f"{where}{severity}: {_visible(diagnostic.message)}"]
    if diagnostic.span:
        out.extend(_excerpt(diagnostic.span, sources, colour))
    for note in diagnostic.notes:
        if note.span:
            out.append(f"{paint(f'{note.span}:', 'place', colour)} {paint('note', 'note', colour)}: "
                       f"{_visible(note.message)}")
            out.extend(_excerpt(note.span, sources, colour))
        else:
            out.append(f"{paint('note', 'note', colour)}: {_visible(note.message)}")
    if diagnostic.hint:
        out.append(f"{paint('hint', 'hint', colour)}: {_visible(diagnostic.hint)}")
    return "\n".join(out)


def render_all(diagnostics: Iterable[Diagnostic], sources: Mapping[str, str], colour: bool = False) -> str:
    return "\n\n".join(render(d, sources, colour) for d in diagnostics)


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """A hint naming the closest known word, or None when nothing is close."""
    import difflib

    options = sorted(set(choices))
    lowered = {c.lower(): c for c in options}
    if word.lower() in lowered:
        return f"did you mean `{lowered[word.lower()]}`?"
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if not close:
        close = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
        close = [lowered[c] for c in close]
    return f"did you mean `{close[0]}`?" if close else None
