"""The docs keep up with the code: every rule, section and error code is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from remikc.spec.schema import all_keys, all_sections

ROOT = Path(__file__).resolve().parent.parent
DSL = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
REMIKC = ROOT / "remikc"


def test_every_rule_and_section_is_in_the_reference():
    missing = [k.id for k in all_keys() if not re.search(rf"`(\w+ {{ )?{k.name}[` ]", DSL)]
    missing += [s.id for s in all_sections() if f"{s.name}" not in DSL]
    assert missing == []


def test_every_error_code_the_code_can_raise_is_documented():
    codes = set()
    for path in REMIKC.rglob("*.py"):
        codes |= set(re.findall(r'"([EW]\d{3})"', path.read_text(encoding="utf-8")))
    documented = set(re.findall(r"^\| ([EW]\d{3}) \|", DSL, re.M))
    assert codes and codes <= documented, codes - documented


def test_readme_commands_are_the_ones_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in readme and "<!-- main-command -->" in readme
    assert "README.md" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_subpackage_is_installed():
    """A regular (not editable) install ships only the packages pyproject.toml lists: every
    folder of remikc/ (code or data such as the templates), and specs/ as `remikc.specs`."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    folders = [p for p in REMIKC.rglob("*") if p.is_dir() and not any(
        part.startswith((".", "__")) for part in p.relative_to(ROOT).parts)]
    present = {".".join(p.relative_to(ROOT).parts) for p in [REMIKC, *folders]}
    assert present | set(setuptools["package-dir"]) == listed
    assert setuptools["package-dir"] == {"remikc.specs": "specs"}
    assert (ROOT / "specs" / "__init__.py").is_file()  # an editable install imports it then


def _shown_output(doc: str, command: str) -> list[str]:
    """The lines a doc shows under `$ <command>`, up to the end of its code block."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    block = text[text.index(f"$ {command}\n") + len(command) + 3:]
    return [line for line in block[:block.index("```")].splitlines() if line.strip() != "..."]


@pytest.mark.parametrize(("doc", "command"), [
    ("README.md", "remikc check specs/remik51.rules"),
    ("docs/verify.md", "remikc diff specs/remik_podstawowy.rules specs/remik_podstawowy_as.rules"),
])
def test_doc_examples_show_what_the_command_prints(doc, command, monkeypatch):
    import io

    from remikc.cli import main

    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    main(command.split()[1:], out, io.StringIO())
    printed = out.getvalue().splitlines()
    missing = [line for line in _shown_output(doc, command) if line not in printed]
    assert missing == []


def test_doc_command_lines_name_no_seed_by_its_bare_id():
    """`remikc simulate remik51 ...` fails (no such file or folder): a seed shipped with remikc
    is `remikc:specs/remik51.rules` on a command line (`remikc new NAME --extends ID` takes ids)."""
    from remikc.spec.workspace import packaged_ids

    command = re.compile(r"remikc (?:check|ir|explain|diff|simulate|sweep|fmt|build|list|cache clear)"
                         r"((?: [^\s`|]+)+)")
    bare = [f"{doc.relative_to(ROOT).as_posix()}: {found[0]}"
            for doc in DOCS for found in command.finditer(doc.read_text(encoding="utf-8"))
            if set(found[1].split()) & set(packaged_ids())]
    assert bare == []


def _keys_differ(shown: object, real: object, where: str) -> list[str]:
    """Where the keys of a doc's JSON example are not those of the real output, in order.  An
    object with a `"..."` key is abridged, and a list is compared by its first item."""
    if isinstance(shown, dict):
        if "..." in shown:
            return []
        if not isinstance(real, dict) or list(shown) != list(real):
            printed = list(real) if isinstance(real, dict) else real
            return [f"{where}: {list(shown)} shown, {printed!r} printed"]
        return [d for key in shown for d in _keys_differ(shown[key], real[key], f"{where}.{key}")]
    if isinstance(shown, list) and shown and isinstance(real, list) and real:
        return _keys_differ(shown[0], real[0], f"{where}[0]")
    return []


def test_the_simulate_json_example_has_the_keys_simulate_prints(monkeypatch):
    """docs/simulate.md shows `simulate --format json` of two specs, "keys always in this order":
    every key it shows, and no other, in that order (it lacked `format`, `capped` and `paired`)."""
    import io
    import json

    from remikc.cli import main

    text = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    shown = json.loads(text[text.index("## JSON\n"):].split("```json\n", 1)[1].split("```", 1)[0])
    monkeypatch.chdir(ROOT)
    out = io.StringIO()
    # remik51's two players reach no end: 5 deals is enough for the layout
    assert main(["simulate", "specs/remik51.rules", "specs/remik51_domowy.rules", "--games", "2",
                 "--max-deals", "5", "--jobs", "1", "-q", "--format", "json"], out, io.StringIO()) == 0
    real = json.loads(out.getvalue())
    assert shown.get("format") == real["format"]
    assert _keys_differ(shown, real, "") == []


# --- the `>>>` examples of README.md and docs/ ---------------------------------------------

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_BLOCK = re.compile(r"(?:<!-- doctest: (?P<folder>[\w/]+) -->\n)?```python\n(?P<body>.*?)```", re.S)


def _examples() -> list[tuple[str, int, str, str]]:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            if ">>>" in match["body"]:
                line = text[:match.start("body")].count("\n") + 1
                found.append((doc.relative_to(ROOT).as_posix(), line, match["folder"] or "generated/remik51",
                              match["body"]))
    return found


@pytest.mark.parametrize(("doc", "line", "folder", "body"), _examples(), ids=lambda x: str(x)[:30])
def test_doc_examples_run(monkeypatch, doc, line, folder, body):
    """Each ```python block with `>>>` runs as a doctest, with `validator` the generated module
    of Remik 51 (or of the folder a `<!-- doctest: generated/ID -->` line above names)."""
    import doctest
    import sys

    monkeypatch.syspath_prepend(str(ROOT / folder))
    monkeypatch.delitem(sys.modules, "validator", raising=False)
    test = doctest.DocTestParser().get_doctest(body, {}, f"{doc}:{line}", doc, line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    out: list[str] = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_the_doc_examples_are_found():
    assert len(_examples()) >= 2


def test_the_adding_a_rule_checklist_names_every_place_a_rule_is_read():
    """docs/internals.md lists the files a new rule touches: every file that reads an existing
    scoring rule today must be in that list."""
    checklist = (ROOT / "docs" / "internals.md").read_text(encoding="utf-8")
    checklist = checklist[checklist.index("## Adding a rule to the language"):]
    places = {p.relative_to(ROOT).as_posix() for folder in (REMIKC, ROOT / "docs")
              for p in folder.rglob("*.py" if folder == REMIKC else "*.md")
              if re.search(r"handing_multiplier|HANDING_MULTIPLIER", p.read_text(encoding="utf-8"))}
    places -= {"docs/internals.md"}
    assert places
    assert [place for place in sorted(places) if f"`{place}`" not in checklist] == []


def test_remikcs_own_errors_share_one_root():
    """A program embedding remikc catches `RemikcError` and gets every failure remikc reports
    on purpose."""
    from remikc.atomic import WriteError
    from remikc.cards import CardError
    from remikc.cli import UsageError
    from remikc.console import StreamError
    from remikc.diagnostics import RemikcError, SpecError
    from remikc.explain import BadCards
    from remikc.sim.play import InvariantBreach
    from remikc.sim.plot import PlotUnavailable

    for error in (WriteError, CardError, UsageError, StreamError, SpecError, BadCards, InvariantBreach,
                  PlotUnavailable):
        assert issubclass(error, RemikcError), error


def test_security_md_names_tests_that_exist():
    """SECURITY.md holds each guarantee to the tests it names (`tests/test_x.py::name`): each
    file is there and defines each test, and every guarantee names at least one."""
    import ast

    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    guarantees = text.split("## What remikc guarantees")[1].split("## What remikc does not")[0]
    numbered = re.split(r"\n(?=\d+\. \*\*)", "\n" + guarantees.strip())[1:]
    assert len(numbered) >= 11
    for guarantee in numbered:
        assert "Held by: `tests/" in guarantee, guarantee[:60]
    named = re.findall(r"`(tests/test_\w+\.py)::(\w+)`", text)
    assert len(named) > 40
    for file, name in named:
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        tests = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        assert name in tests, f"SECURITY.md names {file}::{name}, which is no test there"
