"""Specs built to exhaust the stack or `int()` end in E006 / E007 with a span, not a traceback.

Each spec extends tests/specs/malformed/base.rules.  The depth arithmetic (docs/dsl.md,
`MAX_DEPTH` = 100): sections count one level each, and so does every `and`, `or`, `not`,
`implies`, comparison, `+`/`-`, function call and `forall`/`exists` inside a check or a
condition.  Parentheses count nothing.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.spec.parser import MAX_DEPTH, MAX_DIGITS

BASE = Path(__file__).parent / "specs" / "malformed" / "base.rules"
HEAD = 'variant deep extends "base" {\n  name pl "x"\n  name hr "x"\n'  # lines 1-3
CHECK = '  check "c": forall meld m: '  # 28 characters: the property starts at column 29
WHEN = "  turn {\n    draw {\n      override discard_top when "  # the condition: line 6, column 33


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def spec(tmp_path: Path, body: str) -> str:
    shutil.copy(BASE, tmp_path / "base.rules")
    path = tmp_path / "deep.rules"
    path.write_text(HEAD + body + "}\n", encoding="utf-8")
    return str(path)


def nots_in_check(n: int) -> str:
    return CHECK + "not " * n + "cards(m) >= 3\n"


def ors_in_check(terms: int) -> str:
    return CHECK + " or ".join(["cards(m) >= 3"] * terms) + "\n"


def pluses_in_check(terms: int) -> str:
    return CHECK + " + ".join(["cards(m)"] * terms) + " >= 3\n"


def foralls(n: int) -> str:
    return '  check "c": ' + "forall meld m: " * n + "cards(m) >= 3\n"


def nots_in_when(n: int) -> str:
    return WHEN + "not " * n + "first_round\n    }\n  }\n"


def ands_in_when(terms: int) -> str:
    return WHEN + " and ".join(["first_round"] * terms) + "\n    }\n  }\n"


def sections(n: int) -> str:
    return "  x {\n" * n + "  }\n" * n


# (construct, the largest accepted size, the first place too deep in a 5,000-size spec)
# worked out by hand:
#   nots_in_check: forall (1) + n `not` + `>=` (1) + `cards()` (1) = n + 3 <= 100, so 97;
#     `not` number 100 is level 101, at column 29 + 4 * 99 = 425
#   ors_in_check: forall + (terms - 1) `or` + `>=` + `cards()` = terms + 2, so 98; `or`
#     nests to the left, so the too-deep `or` is the one over the first terms: column 29
#   pluses_in_check: forall + `>=` + (terms - 1) `+` + `cards()` = terms + 2, so 98; column 29
#   foralls: n forall + `>=` + `cards()` = n + 2, so 98; forall number 101 is level 101,
#     at column 14 + 15 * 100 = 1514
#   nots_in_when: turn + draw (2) + n `not` = n + 2, so 98; `not` number 99 is level 101,
#     at column 33 + 4 * 98 = 425
#   ands_in_when: turn + draw + (terms - 1) `and` = terms + 1, so 99; column 33
#   sections: n sections, so 100; section 101 opens on line 3 + 101 = 104, column 3
CASES = [
    (nots_in_check, 97, (4, 425, "`not`")),
    (ors_in_check, 98, (4, 29, "`or`")),
    (pluses_in_check, 98, (4, 29, "`+`/`-`")),
    (foralls, 98, (4, 1514, "`forall`/`exists`")),
    (nots_in_when, 98, (6, 425, "`not`")),
    (ands_in_when, 99, (6, 33, "`and`")),
    (sections, 100, (104, 3, "section")),
]


def test_the_limits_are_the_documented_ones():
    assert (MAX_DEPTH, MAX_DIGITS) == (100, 18)
    dsl = (Path(__file__).parent.parent / "docs" / "dsl.md").read_text(encoding="utf-8")
    assert "| E006 |" in dsl and "| E007 |" in dsl and "100 levels" in dsl and "18 digits" in dsl


@pytest.mark.parametrize("make, largest, where", CASES, ids=[c[0].__name__ for c in CASES])
def test_attacker_sized_nesting_is_a_diagnostic(tmp_path, make, largest, where):
    line, column, what = where
    path = spec(tmp_path, make(5000))
    for command in (["check", "--no-verify"], ["check"], ["build", "--out", str(tmp_path / "g")]):
        code, _, err = run(*command, path)
        assert code == 1 and "Traceback" not in err and "RecursionError" not in err, err[-2000:]
        assert f"deep.rules:{line}:{column}: error[E006]: nested too deeply: this {what} is " \
               f"more than 100 levels inside sections and expressions" in err, err[:500]
        assert "hint: remikc reads at most 100 levels" in err
    assert not (tmp_path / "g").exists()


@pytest.mark.parametrize("make, largest, where", CASES, ids=[c[0].__name__ for c in CASES])
def test_the_limit_is_exact(tmp_path, make, largest, where):
    code, _, err = run("check", "--no-verify", spec(tmp_path, make(largest)))
    # the nested sections are unknown (`x`), which is E010, not E006
    assert "E006" not in err and (code == 0 or "error[E010]" in err), err[:500]
    code, _, err = run("check", "--no-verify", spec(tmp_path, make(largest + 1)))
    assert code == 1 and "error[E006]" in err


def test_a_spec_at_the_limit_goes_through_every_pass(tmp_path):
    """Lowering, Z3, the rulebooks and the generated modules all recurse over the nesting the
    parser lets through: a spec at the limit everywhere is checked, built and simulated."""
    path = spec(tmp_path, nots_in_when(98) + ors_in_check(98) + pluses_in_check(98) + foralls(98))
    code, out, err = run("check", path)
    assert code == 0, err[-2000:]
    assert "property" in out
    code, out, err = run("build", "--out", str(tmp_path / "g"), path)
    assert code == 0, err[-2000:]
    assert (tmp_path / "g" / "deep" / "validator.py").is_file()
    code, out, err = run("simulate", path, "--games", "2")
    assert code == 0, err[-2000:]
    code, out, err = run("diff", path, str(tmp_path / "base.rules"))
    assert code == 0, err[-2000:]


def test_parentheses_do_not_count(tmp_path):
    deep = CHECK + "(" * 5000 + "cards(m) >= 3" + ")" * 5000 + "\n"
    code, _, err = run("check", spec(tmp_path, deep))
    assert code == 0, err[-2000:]


def test_a_4301_digit_number_is_a_diagnostic(tmp_path):
    # line 5 is `    override hand 777...`: 18 characters before the number
    path = spec(tmp_path, "  deal {\n    override hand " + "7" * 4301 + "\n  }\n")
    code, _, err = run("check", path)
    assert code == 1 and "Traceback" not in err
    assert "deep.rules:5:19: error[E007]: number too large: 4301 digits, remikc reads at most 18" in err


@pytest.mark.parametrize("text, column", [("2.." + "9" * 5000, 23), ("9" * 19 + "..", 20)])
def test_a_huge_range_end_is_a_diagnostic(tmp_path, text, column):
    # `  override players ` is 19 characters: the range starts at column 20
    code, _, err = run("check", "--no-verify", spec(tmp_path, f"  override players {text}\n"))
    assert code == 1 and f"deep.rules:4:{column}: error[E007]: number too large" in err


def test_eighteen_digits_are_read_and_leading_zeros_are_not_digits(tmp_path):
    body = ("  deal {\n    override hand " + "0" * 5000 + "7\n  }\n"
            + CHECK + "cards(m) < 999999999999999999\n")
    path = spec(tmp_path, body)
    code, out, err = run("ir", path, "--format", "json")
    assert code == 0, err[-2000:]
    assert '"value": 7' in out
    code, out, err = run("check", path)
    assert code == 0, err[-2000:]


def test_a_thousand_file_extends_chain_is_verified_parent_first(tmp_path, monkeypatch):
    """The verifier collects a variant's ancestors in a loop: 1,200 files each extending the
    one before used to exhaust the stack before any solver ran.  The solver itself is
    replaced here (1,200 verifications would take minutes); the order is what is tested."""
    from remikc.driver import Verifier
    from remikc.spec.workspace import Workspace

    text = BASE.read_text(encoding="utf-8").replace("variant base {", "variant v0 {")
    (tmp_path / "v0.rules").write_text(text, encoding="utf-8")
    for i in range(1, 1200):
        (tmp_path / f"v{i}.rules").write_text(
            f'variant v{i} extends "v{i - 1}" {{\n  name pl "x"\n  name hr "x"\n}}\n', encoding="utf-8")
    workspace = Workspace()
    last = str(tmp_path / "v1199.rules")
    verified: list[str] = []

    def run_jobs(self: Verifier, jobs: list[tuple[str, object]]) -> list[tuple[str, str]]:
        verified.extend(Path(path).stem for path, _ in jobs)
        return [(path, f"report of {Path(path).stem}") for path, _ in jobs]

    monkeypatch.setattr(Verifier, "_run", run_jobs)
    reports = Verifier(workspace, jobs=1).reports([(last, workspace.variant(last))])
    assert verified == [f"v{i}" for i in range(1200)]  # each after its parent
    assert reports[last] == "report of v1199" and len(reports) == 1200
