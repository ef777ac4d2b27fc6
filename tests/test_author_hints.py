"""An author check's hint leads to a spec that passes: the edit it names is applied as a family
would apply it, and the spec is checked again."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.diagnostics import SpecError
from remikc.spec.workspace import Workspace

# Two ways a family meets E021 over a shipped seed (found as the packaged parent: nothing is
# beside the file).  Classic Remik with the ace only high: the seed's `ace_to_ace allowed`
# and its ace priced `1 in low_run` (001) no longer fit.  Basic Remik (ace low, 002) with a
# run from ace to ace written in.
HIGH = """variant wysoki extends "remik_klasyczny" {
  name pl "As tylko wysoki"
  name hr "As samo visok"
  run {
    override ace high
  }
}
"""
ROUND = """variant dookola extends "remik_podstawowy" {
  name pl "Od asa do asa"
  name hr "Od asa do asa"
  run {
    ace_to_ace allowed
  }
}
"""


def _hints(path: Path) -> list[str]:
    """The hints of the E021 errors reading `path` gives (the workspace runs the consistency
    checks on every variant it reads)."""
    try:
        Workspace().variant(str(path))
    except SpecError as exc:
        return [d.hint or "" for d in exc.diagnostics if d.code == "E021"]
    return []


def _apply(text: str, hint: str) -> str:
    """The first edit `hint` names, made in the house variant's text."""
    lines = text.splitlines()
    if found := re.match(r"delete line (\d+) ", hint):
        del lines[int(found[1]) - 1]
    elif found := re.match(r"write `(remove \w+)` in `(\w+)`", hint):
        at = lines.index(f"  {found[2]} {{")
        lines.insert(at + 1, f"    {found[1]}")
    elif found := re.match(r"give the ace one value, as `(override A \d+)` in `values`", hint):
        lines.insert(len(lines) - 1, f"  values {{\n    {found[1]}\n  }}")
    else:
        raise AssertionError(f"no edit in {hint!r}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("spec", "expected"), [
    (HIGH, ["write `remove ace_to_ace` in `run`", "give the ace one value, as `override A 10`"]),
    (ROUND, ["delete line 5 (`ace_to_ace allowed`)"]),
])
def test_e021_hints_name_an_edit_that_is_no_dead_rule(tmp_path, spec, expected):
    """Not `ace_to_ace forbidden`, which `rules.dead` would report with the ace only high or
    only low; the ace's price first (the house meant an ace only high), the run's ace after."""
    path = tmp_path / f"{spec.split()[1]}.rules"
    path.write_text(spec, encoding="utf-8")
    hints = _hints(path)
    assert len(hints) == len(expected)
    for hint, start in zip(hints, expected, strict=True):
        assert hint.startswith(start), hint
        assert "ace_to_ace forbidden" not in hint


def test_following_the_e021_hints_gives_a_spec_that_passes(tmp_path):
    """Both edits of HIGH (ROUND's is to delete its one line, which leaves the parent)."""
    path = tmp_path / "wysoki.rules"
    text = HIGH
    for _ in range(3):  # each hint once, as the errors come
        path.write_text(text, encoding="utf-8")
        hints = _hints(path)
        if not hints:
            break
        for hint in hints:
            text = _apply(text, hint)
    assert not _hints(path)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", str(path)], out, err) == 0, out.getvalue() + err.getvalue() + text
