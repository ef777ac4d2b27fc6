"""The seed specs shipped with remikc (`remikc.specs`): `extends` finds them when no file
beside the spec has the id, a differing local file shadows them with a warning, and
generated files name them `remikc:specs/<id>.rules` wherever remikc is installed.

tests/test_package.py runs the same from a real wheel installed in a fresh environment."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.spec.workspace import Workspace, packaged_ids

SPECS = Path(__file__).resolve().parent.parent / "specs"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def empty(tmp_path, monkeypatch) -> Path:
    """An empty folder, the current one: no specs/ beside anything."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_seed_spec_is_shipped():
    assert packaged_ids() == tuple(sorted(p.stem for p in SPECS.glob("*.rules")))


def test_new_over_a_shipped_parent_writes_only_the_child(empty):
    code, out, err = run("new", "moj", "--extends", "remik51")
    assert (code, err) == (0, "")
    assert out.startswith("wrote moj.rules: a house variant of remik51 (shipped with remikc: "
                          "remikc:specs/remik51.rules)")
    assert sorted(str(p.relative_to(empty)) for p in empty.rglob("*")) == ["moj.rules"]
    text = (empty / "moj.rules").read_text(encoding="utf-8")
    assert text.startswith("# moj: house rules over Remik 51 (remikc:specs/remik51.rules).\n")
    child = Workspace().variant("moj.rules")
    assert child.lineage == ("moj", "remik51")
    assert [(r.id, r.value) for r in child.rules] == [
        (r.id, r.value) for r in Workspace().variant(str(SPECS / "remik51.rules")).rules]
    code, out, err = run("check", "moj.rules")
    # standard error holds only the progress lines, one per variant proved (docs/cli.md)
    assert code == 0 and all(line.startswith("remikc: [") for line in err.splitlines()), (out, err)
    assert "✓ house.keeps" in out and "0 with violated checks, 0 check(s) undecided" in out


def test_new_never_writes_into_the_shipped_seed_folder(empty):
    seeds = Path(__file__).resolve().parent.parent / "specs"
    before = sorted(p.name for p in seeds.iterdir())
    code, out, err = run("new", "moj", "--extends", "remik51", "--dir", str(seeds))
    assert code == 2 and "remikc's own folder of seed variants" in err
    assert sorted(p.name for p in seeds.iterdir()) == before and out == ""


def test_a_shipped_parent_is_shown_by_its_package_name(empty):
    assert run("new", "moj", "--extends", "remik51_domowy", "--dir", ".")[0] == 0
    code, out, err = run("build", "--out", "gen", "moj.rules")
    assert (code, err) == (0, ""), err
    validator = (empty / "gen" / "moj" / "validator.py").read_text(encoding="utf-8")
    assert f"Spec: {empty.name}/moj.rules <- remikc:specs/remik51_domowy.rules <- " \
           "remikc:specs/remik51.rules\n" in validator
    # the lines of remik51's three `values` rules, named by the package path
    seed = (SPECS / "remik51.rules").read_text(encoding="utf-8").splitlines()
    start = next(i for i, row in enumerate(seed) if row.strip() == "values {")
    lines = [i + 1 for i, row in enumerate(seed[start + 1:start + 12], start=start + 1)
             if row.startswith("    ") and not row.startswith("     ")][:3]
    assert f"remikc:specs/remik51.rules:{', '.join(map(str, lines))})" in validator
    for path in (empty / "gen").rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            assert str(SPECS) not in text and str(empty) not in text and "site-packages" not in text
    # and the error messages name it the same way
    code, out, _ = run("ir", "moj.rules")
    assert code == 0 and "remikc:specs/remik51.rules:" in out


def test_a_differing_local_parent_shadows_the_shipped_one_with_a_warning(empty):
    text = (SPECS / "remik51.rules").read_text(encoding="utf-8")
    assert "    min_points 51\n" in text
    (empty / "remik51.rules").write_text(text.replace("    min_points 51\n", "    min_points 40\n"),
                                         encoding="utf-8")
    code, out, err = run("new", "moj", "--extends", "remik51", "--dir", ".")
    assert code == 0 and out.startswith("wrote moj.rules: a house variant of remik51; ")
    assert "moj.rules:10:21: warning[W001]: `remik51` here is remik51.rules, not the seed " \
           "variant `remik51` shipped with remikc (remikc:specs/remik51.rules): the two differ\n" in err
    assert Workspace().variant("moj.rules").opening.min_points.value == 40  # the local one

    code, out, err = run("check", "--no-verify", "moj.rules")
    assert code == 0 and "1 spec(s): 0 with errors" in out
    first, line, caret, hint = err.strip().splitlines()
    assert first.startswith("moj.rules:10:21: warning[W001]: ")
    assert line == '   10 | variant moj extends "remik51" {'
    assert caret == "      |" + " " * 21 + "^" * len('"remik51"')
    assert hint.startswith("hint: a .rules file beside this one comes first")

    code, out, _ = run("check", "--no-verify", "--format", "json", "moj.rules")
    body = json.loads(out)
    assert code == 0 and body["ok"] is True
    [found] = body["files"][0]["diagnostics"]
    assert (found["severity"], found["code"], found["span"]["line"]) == ("warning", "W001", 10)

    # a warning stops no build (not verified: the local copy asks 40 to open, and remik51's own
    # examples of a 51-point opening fail its checks, which would stop it)
    code, out, err = run("build", "--no-verify", "--out", "gen", "moj.rules")
    assert code == 0 and "warning[W001]" in err and (empty / "gen" / "moj" / "validator.py").is_file()

    # and the listing says which local file differs from the shipped one
    code, out, _ = run("list", ".")
    assert code == 0
    assert [line.split() for line in out.splitlines()[-3:]] == [
        [".:"], ["moj", "Remik", "51", "(moj)", "extends", "remik51"],
        ["remik51", "Remik", "51", "not", "the", "shipped", "remik51:", "it", "differs"]]


def test_a_copy_of_a_shipped_spec_is_no_shadow(empty):
    (empty / "remik51.rules").write_bytes((SPECS / "remik51.rules").read_bytes())
    assert run("new", "moj", "--extends", "remik51", "--dir", ".")[::2] == (0, "")
    assert run("check", "--no-verify", "moj.rules")[::2] == (0, "")
    # the project's own specs/ is what remikc ships: no warnings there either
    code, _, err = run("check", "--no-verify", str(SPECS))
    assert (code, err) == (0, "")


def test_a_shipped_parent_extends_the_shipped_grandparent(empty):
    """A local remik51.rules is no part of the chain of the shipped remik51_domowy."""
    (empty / "remik51.rules").write_text("not even a spec\n", encoding="utf-8")
    assert run("new", "moj", "--extends", "remik51_domowy", "--dir", ".")[0] == 0
    child = Workspace().variant("moj.rules")
    assert child.lineage == ("moj", "remik51_domowy", "remik51")
    assert child.opening.min_points.span.file == "remikc:specs/remik51.rules"


def test_list_shows_the_shipped_variants_then_local_ones(empty):
    code, out, err = run("list")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "seed variants shipped with remikc (remikc:specs):"
    assert [line.split()[0] for line in lines[1:]] == list(packaged_ids())
    assert [line.split() for line in lines if line.split()[0] == "remik51_domowy"] == [
        ["remik51_domowy", "Remik", "51", "(zasady", "domowe)", "extends", "remik51"]]

    (empty / "mine").mkdir()
    assert run("new", "moj", "--extends", "karuzela", "--dir", "mine")[0] == 0
    (empty / "mine" / "zly.rules").write_text("variant zly {\n", encoding="utf-8")
    code, out, _ = run("list", "mine")
    assert code == 1  # a file that cannot be read is a finding
    assert [re.split(r"\s{2,}", line.strip()) for line in out.splitlines()[-3:]] == [
        ["mine:"],
        ["moj", "Karuzela (remik manipulacyjny) (moj)", "extends karuzela (shipped with remikc)"],
        ["zly.rules", "✗ 1 error(s): remikc check mine/zly.rules"]]
    assert run("list", "nowhere")[0] == 2


def test_list_quotes_the_command_it_offers_for_a_broken_file(empty):
    (empty / "Duże Litery.rules").write_text("variant zly {\n", encoding="utf-8")
    code, out, _ = run("list", ".")
    assert code == 1 and "✗ 1 error(s): remikc check 'Duże Litery.rules'" in out  # pasted, it runs


def test_new_says_it_made_the_folder_dir_names(empty):
    """A typo in --dir makes a folder nobody meant: the line says so (and an id-named file only is
    offered as a parent there)."""
    code, out, _ = run("new", "moj", "--extends", "remik51", "--dir", "dom/rodzinne")
    assert code == 0 and (empty / "dom" / "rodzinne" / "moj.rules").is_file()
    assert out.startswith("wrote dom/rodzinne/moj.rules (in dom/rodzinne, a new folder): a house variant of "
                          "remik51")
    code, out, _ = run("new", "drugi", "--extends", "remik51", "--dir", "dom/rodzinne")
    assert code == 0 and out.startswith("wrote dom/rodzinne/drugi.rules: a house variant")
    (empty / "dom" / "rodzinne" / "Duże Litery.rules").write_text("", encoding="utf-8")
    code, _, err = run("new", "x", "--extends", "brak", "--dir", "dom/rodzinne")
    assert code == 2 and "\n  in dom/rodzinne: drugi, moj\n" in err


def test_build_without_a_path_where_there_is_no_specs_folder_says_so(empty):
    # was: "remikc: no such file or folder: specs", a name nobody had typed
    code, out, err = run("build")
    assert code == 2 and out == ""
    assert err.startswith("remikc: nothing to build: no SPEC or DIR given, and no folder `specs` (the "
                          "default) here")
    assert list(empty.iterdir()) == []


def test_an_unknown_parent_names_the_shipped_variants_too(empty):
    code, _, err = run("new", "x", "--extends", "remik52")
    assert code == 2 and "no seed variant of that id is shipped with remikc" in err
    assert not (empty / "specs").exists()
    (empty / "x.rules").write_text('variant x extends "remik52" {\n  name pl "x"\n  name hr "x"\n}\n',
                                   encoding="utf-8")
    code, _, err = run("check", "--no-verify", "x.rules")
    assert code == 1
    assert "error[E017]: unknown variant `remik52`: there is no remik52.rules next to this file, " \
           "nor a seed variant `remik52` shipped with remikc" in err
    assert "hint: did you mean `remik51`?" in err


def test_commands_take_the_shipped_specs_by_name(empty):
    code, out, _ = run("check", "--no-verify", "remikc:specs")
    assert code == 0 and f"{len(packaged_ids())} spec(s): 0 with errors" in out
    code, out, _ = run("ir", "remikc:specs/remik51.rules")
    assert code == 0 and "source: remikc:specs/remik51.rules" in out
    code, _, err = run("ir", "remikc:specs/nope.rules")
    assert code == 2 and "no seed variant remikc:specs/nope.rules" in err
    assert run("ir", "remikc:specs/../specs/remik51.rules")[0] == 2
    assert os.listdir(empty) == []
