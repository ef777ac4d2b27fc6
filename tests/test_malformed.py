"""Every malformed spec under tests/specs/malformed gets exactly the diagnostics it expects.

Each case file states its expectations in header comments:
    # expect: <code> <line>:<col> <start of the message>
    # hint: <text the hint must contain>
The diagnostics found must be exactly the expected ones (code and position),
so a new spurious error fails the test as surely as a missing one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from remikc.diagnostics import render
from remikc.driver import check_paths

FOLDER = Path(__file__).parent / "specs" / "malformed"
# `rodzinny.txt`: a spec saved under a name that is not a spec file's
CASES = sorted(p for p in [*FOLDER.glob("*.rules"), *FOLDER.glob("*.txt")] if p.name != "base.rules")
EXPECT = re.compile(r"^# expect: ([EW]\d{3}) (\d+):(\d+) (.*)$", re.M)
HINT = re.compile(r"^# hint: (.*)$", re.M)


def _header(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def test_there_are_enough_cases():
    assert len(CASES) >= 15
    assert all(EXPECT.search(_header(p)) for p in CASES), "every case states what it expects"


def test_the_base_they_extend_is_valid():
    run = check_paths([str(FOLDER / "base.rules")])
    assert run.ok, run.results[0].diagnostics


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_malformed_spec(path: Path):
    header = _header(path)
    expected = sorted((code, int(line), int(col)) for code, line, col, _ in EXPECT.findall(header))
    run = check_paths([str(path)])
    (result,) = run.results
    assert not result.ok
    here = [d for d in result.diagnostics if d.span and Path(d.span.file).name == path.name]
    found = sorted((d.code, d.span.line, d.span.column) for d in here)  # type: ignore[union-attr]
    assert found == expected, "\n".join(render(d, run.workspace.sources) for d in result.diagnostics)
    for code, line, col, message in EXPECT.findall(header):
        match = [d for d in here if (d.code, d.span.line, d.span.column) == (code, int(line), int(col))]  # type: ignore[union-attr]
        assert any(d.message.startswith(message.strip()) for d in match), [d.message for d in match]
    for hint in HINT.findall(header):
        assert any(d.hint and hint.strip() in d.hint for d in here), [d.hint for d in here]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_rendering_shows_the_line_and_a_caret(path: Path):
    run = check_paths([str(path)])
    diagnostic = run.results[0].diagnostics[0]
    text = render(diagnostic, run.workspace.sources)
    first, source, caret = text.splitlines()[:3]
    assert first.startswith(f"{diagnostic.span.file}:{diagnostic.span.line}:{diagnostic.span.column}: error[")
    assert source.strip().startswith(str(diagnostic.span.line))
    assert caret.rstrip().endswith("^")
    # the caret stands under the column the message names
    assert caret.index("^") - caret.index("|") - 1 == diagnostic.span.column
