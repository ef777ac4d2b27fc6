"""The spare interpreter the language server keeps ready for the next save's check."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from remikc.lsp import spare

SPECS = Path(__file__).resolve().parents[1] / "specs"


def _run(monkeypatch: pytest.MonkeyPatch, stdin: str) -> tuple[int, str]:
    """The exit code, and standard output and error as one text."""
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", out)
    return spare.main(), out.getvalue()


def test_the_server_gone_before_a_save_the_spare_runs_nothing(monkeypatch):
    assert _run(monkeypatch, "") == (0, "")


def test_a_command_line_is_run_as_remikc_would(monkeypatch):
    line = json.dumps(["check", "--no-verify", "--format", "json", str(SPECS / "remik51.rules")])
    code, out = _run(monkeypatch, line + "\n")
    assert code == 0
    body = json.loads(out)
    assert [Path(f["path"]).name for f in body["files"]] == ["remik51.rules"]


def test_a_spec_with_an_error_exits_1_as_the_command_does(monkeypatch, tmp_path):
    bad = tmp_path / "zly.rules"
    bad.write_text('variant zly extends "remik51" {\n  name pl "Zły"\n  name hr "Loš"\n'
                   '  opening { override min_points lots }\n}\n', encoding="utf-8")
    code, out = _run(monkeypatch, json.dumps(["check", "--no-verify", str(bad)]) + "\n")
    assert code == 1
    assert "zly.rules:4:33: error" in out


@pytest.mark.parametrize("line", ['{"check": 1}', '["check", 3]'])
def test_anything_but_a_list_of_arguments_is_refused(monkeypatch, line):
    assert _run(monkeypatch, line + "\n") == (2, "")
