"""The `remikc` command, run in-process: output, exit codes, files written."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from remikc.cli import main
from remikc.loader import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
MALFORMED = Path(__file__).parent / "specs" / "malformed"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_check_all_specs_is_clean():
    code, out, err = run("check", "--no-verify", str(SPECS))
    assert code == 0, err
    assert out.count("✓") == len(list(SPECS.glob("*.rules"))) and err == ""
    assert "6 spec(s): 0 with errors" in out


def test_check_reports_errors_with_exit_1():
    code, _, err = run("check", str(MALFORMED / "unknown_rule.rules"))
    assert code == 1
    assert "unknown_rule.rules:7:14: error[E011]: unknown rule `hnd` in `deal`" in err
    assert "did you mean `hand`?" in err and "^^^" in err


def test_check_json():
    code, out, _ = run("check", "--format", "json", str(MALFORMED / "bad_range.rules"),
                       str(SPECS / "karuzela.rules"))
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    bad, good = report["files"]
    verification = good.pop("verification")
    assert good == {"path": str(SPECS / "karuzela.rules"), "variant": "karuzela", "ok": True,
                    "diagnostics": []}
    assert verification["ok"] is True and verification["variant"] == "karuzela"
    assert {c["status"] for c in verification["checks"]} == {"proved"}
    (d,) = bad["diagnostics"]
    assert (d["code"], d["span"]["line"], d["span"]["column"]) == ("E013", 7, 19)
    assert d["hint"] == "did you mean `2..3`?"


def test_usage_errors_exit_2():
    assert run("check", "no/such/path.rules")[0] == 2
    assert run("frobnicate")[0] == 2
    assert run()[0] == 2
    assert run("ir")[0] == 2
    code, _, err = run("check", "--format", "xml", str(SPECS))
    assert code == 2 and "invalid choice" in err


def test_ir_json_is_stable_and_complete():
    code, out, _ = run("ir", str(SPECS / "remik51.rules"), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "remikc-ir/1" and data["id"] == "remik51"
    assert data["names"] == {"pl": "Remik 51", "hr": "Remi 51"}
    assert data["rules"]["opening.min_points"]["value"] == 51
    assert data["rules"]["scoring.went_out"]["value"] == -40
    assert data["rules"]["players"]["assumed"]
    assert data["rules"]["turn.draw.discard_top"]["value"] == {
        "any": [{"flag": "first_round"}, {"flag": "opened"}, {"flag": "opens_this_turn"}]}
    assert data["rules"]["turn.draw.discard_top"]["text"] == "when first_round or opened or opens_this_turn"
    # the same bytes every time
    assert run("ir", str(SPECS / "remik51.rules"), "--format", "json")[1] == out


def test_ir_of_a_house_variant_says_where_each_rule_comes_from():
    _, out, _ = run("ir", str(SPECS / "remik51_domowy.rules"), "--format", "json")
    rules = json.loads(out)["rules"]
    assert rules["scoring.joker_in_hand"] | {"at": None} == {
        "value": 50, "text": "50", "from": "remik51_domowy", "assumed": None, "at": None}
    assert rules["scoring.went_out"]["from"] == "remik51"


def test_ir_text():
    code, out, _ = run("ir", str(SPECS / "karuzela.rules"))
    assert code == 0
    assert "knocking.max_hand" in out and "turn.draws" in out and "3 until meld" in out


def test_ir_of_a_bad_spec_exits_1():
    code, _, err = run("ir", str(MALFORMED / "bad_range.rules"))
    assert code == 1 and "E013" in err


def test_new_writes_a_skeleton_that_checks_clean(tmp_path):
    for spec in SPECS.glob("*.rules"):
        shutil.copy(spec, tmp_path)
    code, _, err = run("new", "moj_remik", "--extends", "remik51", "--dir", str(tmp_path))
    assert code == 0, err
    path = tmp_path / "moj_remik.rules"
    text = path.read_text(encoding="utf-8")
    assert 'variant moj_remik extends "remik51" {' in text
    assert "# override went_out -40" in text
    assert "\n      # override discard_top when first_round or opened or opens_this_turn\n" in text
    assert '\n  name pl "Remik 51 (moj_remik)"\n  name hr "Remi 51 (moj_remik)"\n' in text
    child = Workspace().variant(str(path))
    parent = Workspace().variant(str(tmp_path / "remik51.rules"))
    assert [(r.id, r.value) for r in child.rules] == [(r.id, r.value) for r in parent.rules]

    # uncommenting one line changes exactly that rule
    path.write_text(text.replace("# override went_out -40", "override went_out -60"), encoding="utf-8")
    changed = Workspace().variant(str(path))
    assert changed.scoring.went_out.value == -60 and changed.scoring.went_out.origin == "moj_remik"
    assert run("check", str(path))[0] == 0


def test_every_rule_line_of_a_skeleton_can_be_uncommented(tmp_path):
    """Each commented line is valid DSL: uncommented as is, it overrides with the same value."""
    for spec in SPECS.glob("*.rules"):
        shutil.copy(spec, tmp_path)
    for parent in ("remik51", "remik_klasyczny", "karuzela", "remik_podstawowy"):
        assert run("new", "sprawdz", "--extends", parent, "--dir", str(tmp_path), "--force")[0] == 0
        path = tmp_path / "sprawdz.rules"
        text = path.read_text(encoding="utf-8").replace("# override ", "override ")
        path.write_text(text, encoding="utf-8")
        code, _, err = run("check", str(path))
        assert code == 0, err


def test_new_refuses_to_overwrite_and_bad_names(tmp_path):
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    assert run("new", "x", "--extends", "remik51", "--dir", str(tmp_path))[0] == 0
    code, _, err = run("new", "x", "--extends", "remik51", "--dir", str(tmp_path))
    assert code == 2 and "already exists" in err
    assert run("new", "Bad-Name", "--extends", "remik51", "--dir", str(tmp_path))[0] == 2
    assert run("new", "y", "--extends", "nope", "--dir", str(tmp_path))[0] == 2
