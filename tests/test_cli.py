"""The `remikc` command, run in-process: output, exit codes, files written."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from remikc import atomic
from remikc.cards import parse_cards
from remikc.cli import main
from remikc.explain import BadCards, explain
from remikc.spec.workspace import Workspace

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


def test_a_mistyped_command_or_choice_gets_the_closest_one():
    code, _, err = run("chek", str(SPECS))
    assert code == 2 and "invalid choice: 'chek'" in err and "hint: did you mean `check`?" in err
    code, _, err = run("check", "--format", "jsn", str(SPECS))
    assert code == 2 and "hint: did you mean `json`?" in err
    code, _, err = run("frobnicate")  # nothing close: no hint
    assert code == 2 and "hint" not in err


def test_cache_without_an_action_names_only_the_action():
    # PATH may be left out (`remikc cache clear` clears here): argparse named it required too
    code, _, err = run("cache")
    assert code == 2 and err.splitlines()[0] == "remikc cache: the following arguments are required: action"


@pytest.mark.parametrize("argv", [["check", "{}"], ["ir", "{}"], ["explain", "{}", "7♠ 8♠ 9♠"],
                                  ["diff", "{}", str(SPECS / "remik51.rules")], ["simulate", "{}"],
                                  ["sweep", "{}", "--vary", "game_end.target=100"], ["fmt", "{}"],
                                  ["list", "{}"], ["build", "{}"]])
@pytest.mark.parametrize("missing", ["remik51", "remik51.rules", "specs/remik51.rules"])
def test_a_missing_path_named_as_a_seed_says_where_the_seed_is(tmp_path, monkeypatch, argv, missing):
    """`remikc simulate remik51`: a bare id is how `extends` and `remikc list` name a seed, and
    no path; every command that takes one says where the shipped seed is."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*[word.format(missing) for word in argv])
    assert (code, out) == (2, "")
    assert err == (f"remikc: no such file or folder: {missing} "
                   "(the seed shipped with remikc is remikc:specs/remik51.rules)\n")


def test_a_missing_path_that_is_no_seed_gets_no_hint(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("simulate", "remik52") == (2, "", "remikc: no such file or folder: remik52\n")


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
        "value": 50, "text": "50", "from": "remik51_domowy", "assumed": None, "other": None, "at": None,
        # 000 and 004 offer +50 by agreement: the house quotes both, and states the value
        "sources": ["a niektórzy nawet liczą +50 jako karę", "a neki ga čak po kazni računaju i +50"],
        "mark": ""}
    assert rules["scoring.went_out"]["from"] == "remik51"
    # a reading of an ambiguous seed sentence names the other one, and is marked so
    assert rules["game_end.rounds"]["from"] == "remik51"
    assert rules["game_end.rounds"]["other"].startswith("a series:")
    assert rules["game_end.rounds"]["mark"] == "†" and rules["players"]["mark"] == "*"


def test_ir_text():
    code, out, _ = run("ir", str(SPECS / "karuzela.rules"))
    assert code == 0
    assert "knocking.max_hand" in out and "turn.draws" in out and "3 until meld" in out


def test_ir_of_a_bad_spec_exits_1():
    code, _, err = run("ir", str(MALFORMED / "bad_range.rules"))
    assert code == 1 and "E013" in err
    # as JSON: the errors on stdout, shaped as for the other commands
    code, out, _ = run("ir", str(MALFORMED / "bad_range.rules"), "--format", "json")
    body = json.loads(out)
    assert code == 1 and body["ok"] is False and [d["code"] for d in body["diagnostics"]] == ["E013"]


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


@pytest.mark.parametrize("parent", sorted(p.stem for p in SPECS.glob("*.rules")))
def test_a_skeleton_is_laid_out_as_fmt_lays_it_out(parent, tmp_path):
    """A house variant fresh from `remikc new` passes `remikc fmt --check` untouched (the
    project's CI runs it over specs/): a rule after a section is set apart by a blank line."""
    from remikc.fmt import format_text

    code, _, err = run("new", "moj_remik", "--extends", parent, "--dir", str(tmp_path))
    assert code == 0, err
    text = (tmp_path / "moj_remik.rules").read_text(encoding="utf-8")
    assert format_text(text, "moj_remik.rules") == text


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


def test_a_skeleton_lists_the_parents_checks_ready_to_remove(tmp_path):
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    assert run("new", "moj", "--extends", "remik51", "--dir", str(tmp_path))[0] == 0
    path = tmp_path / "moj.rules"
    text = path.read_text(encoding="utf-8")
    assert '  # remove check "an opening holds at least 6 cards"\n' in text
    path.write_text(text.replace("# remove check", "remove check"), encoding="utf-8")
    code, out, _ = run("check", "--format", "json", str(path))
    assert code == 0 and "property.1" not in out


def test_new_refuses_to_overwrite_and_bad_names(tmp_path):
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    assert run("new", "x", "--extends", "remik51", "--dir", str(tmp_path))[0] == 0
    code, _, err = run("new", "x", "--extends", "remik51", "--dir", str(tmp_path))
    assert code == 2 and "already exists" in err
    assert run("new", "Bad-Name", "--extends", "remik51", "--dir", str(tmp_path))[0] == 2
    assert run("new", "y", "--extends", "nope", "--dir", str(tmp_path))[0] == 2


# --- extends names a variant, never a path -------------------------------------------------

def test_extends_refuses_a_path_though_the_file_is_there(tmp_path):
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    house = tmp_path / "house"
    house.mkdir()
    (house / "moj.rules").write_text(
        'variant moj extends "../remik51" {\n  name pl "m"\n  name hr "m"\n}\n', encoding="utf-8")
    code, _, err = run("check", "--no-verify", str(house / "moj.rules"))
    assert code == 1
    first, _, caret, hint = err.splitlines()[:4]
    assert first == f"{house / 'moj.rules'}:1:21: error[E017]: `extends` takes a variant id, not `../remik51`"
    assert caret.endswith("|" + " " * 21 + "^" * len('"../remik51"'))
    assert hint.startswith('hint: did you mean `extends "remik51"`?')


def test_new_takes_a_variant_id_for_its_parent(tmp_path):
    (tmp_path / "specs").mkdir()
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    code, _, err = run("new", "x", "--extends", "../remik51", "--dir", str(tmp_path / "specs"))
    assert code == 2 and "--extends takes a variant id, not `../remik51`" in err
    assert not (tmp_path / "specs" / "x.rules").exists()


# --- outputs that cannot be written ---------------------------------------------------------

def _no_temp_files(folder: Path) -> bool:
    return not [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_build_into_a_file_is_a_clean_error(tmp_path):
    blocker = tmp_path / "out"
    blocker.write_text("mine\n", encoding="utf-8")
    for out in (blocker, blocker / "deeper"):
        code, stdout, err = run("build", "--out", str(out), str(SPECS / "remik_podstawowy.rules"))
        assert code == 2 and stdout == ""
        assert err == f"remikc: error: cannot write {out}: {'it' if out == blocker else blocker} " \
                      "is a file, not a folder\n"
    assert blocker.read_text(encoding="utf-8") == "mine\n"


def test_build_where_a_folder_cannot_be_made_writes_nothing(tmp_path):
    out = tmp_path / "gen"
    (out / "remik_podstawowy").mkdir(parents=True)
    (out / "remik_podstawowy_as").write_text("in the way\n", encoding="utf-8")
    code, _, err = run("build", "--out", str(out), str(SPECS / "remik_podstawowy.rules"),
                       str(SPECS / "remik_podstawowy_as.rules"))
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"remikc: error: cannot write {out / 'remik_podstawowy_as'}")
    assert err.endswith("is a file, not a folder\n")
    # every folder is made before any file is written: nothing of the other variant either
    assert list(out.rglob("*.*")) == [] and _no_temp_files(out)


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_build_into_proc_is_a_clean_error():
    code, _, err = run("build", "--out", "/proc/remikc-x", str(SPECS / "remik_podstawowy.rules"))
    assert code == 2
    assert err.startswith("remikc: error: cannot write /proc/remikc-x/remik_podstawowy/")
    assert "Traceback" not in err and err.count("\n") == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_writing_into_a_read_only_folder_is_a_clean_error(tmp_path):
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    tmp_path.chmod(0o555)
    try:
        code, _, err = run("new", "x", "--extends", "remik51", "--dir", str(tmp_path))
        assert (code, err) == (2, f"remikc: error: cannot write {tmp_path / 'x.rules'}: Permission denied\n")
        code, _, err = run("build", "--out", str(tmp_path / "gen"), str(SPECS / "remik51.rules"))
        assert (code, err) == (2, f"remikc: error: cannot write {tmp_path / 'gen'}: "
                                  f"{tmp_path} is not writable\n")
    finally:
        tmp_path.chmod(0o755)


def test_a_write_that_fails_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    """Whatever fails (here: the disk is full as the file is renamed into place), the target
    keeps what it had and the temporary file is gone; the user gets one line, no traceback."""
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    target = tmp_path / "x.rules"
    target.write_text("the old text\n", encoding="utf-8")

    def full(*_: object, **__: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "replace", full)
    code, _, err = run("new", "x", "--extends", "remik51", "--dir", str(tmp_path), "--force")
    assert (code, err) == (2, f"remikc: error: cannot write {target}: {os.strerror(errno.ENOSPC)}\n")
    assert target.read_text(encoding="utf-8") == "the old text\n"
    assert _no_temp_files(tmp_path)


def test_new_cannot_write_where_a_folder_stands_or_into_a_file(tmp_path):
    shutil.copy(SPECS / "remik51.rules", tmp_path)
    (tmp_path / "x.rules").mkdir()
    code, _, err = run("new", "x", "--extends", "remik51", "--dir", str(tmp_path), "--force")
    assert (code, err) == (2, f"remikc: error: cannot write {tmp_path / 'x.rules'}: it is a folder\n")
    assert _no_temp_files(tmp_path)
    code, _, err = run("new", "y", "--extends", "remik51", "--dir", str(tmp_path / "remik51.rules"))
    assert code == 2 and "is not a folder" in err


# --- undecided checks are not a clean result ------------------------------------------------

def test_undecided_checks_exit_1():
    code, out, _ = run("check", "--rlimit", "50", str(SPECS / "remik51.rules"))
    assert code == 1 and "? " in out
    assert out.splitlines()[-1].startswith("1 spec(s): 0 with errors, 0 with violated checks, ")
    assert "undecided (not a clean result: raise --rlimit to decide them)" in out
    code, out, _ = run("check", "--rlimit", "50", "--format", "json", str(SPECS / "remik51.rules"))
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["files"][0]["ok"] is False
    # nothing is violated: it is the `?` alone that makes the run unclean, everywhere
    verification = report["files"][0]["verification"]
    assert verification["ok"] is False
    # "removed": remik51 removes `incentives.opening` on purpose; nothing is "violated"
    assert {c["status"] for c in verification["checks"]} <= {"proved", "unknown", "removed"}


# --- the one-spec commands, and explain's cards ---------------------------------------------

@pytest.mark.parametrize("argv", [("ir", "SPECS"), ("diff", "SPECS", "REMIK51"), ("diff", "REMIK51", "SPECS"),
                                  ("explain", "SPECS", "Q♥ K♥ A♥")])
def test_a_folder_where_one_spec_is_wanted_is_a_usage_error(argv):
    names = {"SPECS": str(SPECS), "REMIK51": str(SPECS / "remik51.rules")}
    code, out, err = run(*(names.get(a, a) for a in argv))
    assert code == 2 and out == ""
    assert err.startswith(f"remikc: {SPECS} is a folder; `remikc {argv[0]}` takes ")
    assert "karuzela.rules" in err  # an example of what to give instead


@pytest.mark.parametrize(("argv", "message"), [
    (("",), "no cards given"),
    (("  ",), "no cards given"),
    (("J♠ J♥ J♦ + ", "--opening"), "meld 2 of the opening has no cards"),
    (("J♠ J♥ J♦ + | Q♠ K♠ A♠", "--opening"), "meld 2 of the opening has no cards"),
    (("+ J♠ J♥ J♦", "--opening"), "meld 1 of the opening has no cards"),
    (("J♠ J♥ J♦ + Q♠ K♠ A♠",), "`+` separates the melds of an opening: add --opening"),
    (("J♠", "--not-opened"), "--not-opened goes with --hand"),
])
def test_cards_of_the_wrong_shape_are_usage_errors(argv, message):
    code, out, err = run("explain", str(SPECS / "remik51.rules"), *argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"remikc: {message}")
    # with --format json the cards' error is JSON on stdout, like a bad card's; a flag used
    # without its partner is a usage error, in JSON as well since JSON was asked for
    code, out, err = run("explain", str(SPECS / "remik51.rules"), *argv, "--format", "json")
    assert code == 2
    if argv[-1] == "--not-opened":
        body = json.loads(out)
        assert err == "" and body["format"] == "remikc-usage/1" and body["exit_code"] == 2
        assert body["error"].startswith(f"remikc: {message}")
    else:
        (found,) = json.loads(out)["diagnostics"]
        assert found["code"] == "E014" and found["message"].startswith(message)


def test_a_bad_card_is_named_with_a_hint():
    code, out, err = run("explain", str(SPECS / "remik51.rules"), "Q♥ K♥ 11♥")
    assert (code, out) == (2, "")
    assert err == ("<cards>:1:7: error[E014]: `11♥` is not a card\n"
                   "    1 | Q♥ K♥ 11♥\n"
                   "      |       ^^^\n"
                   "hint: did you mean `J♥`? ranks are A 2 3 4 5 6 7 8 9 10 J Q K\n")
    code, out, err = run("explain", str(SPECS / "remik51.rules"), "6♠ 7♠ 8♠ + 10♦ 10♣ 10x",
                         "--opening", "--format", "json")
    assert (code, err) == (2, "")
    body = json.loads(out)
    assert body["ok"] is False
    (d,) = body["diagnostics"]
    assert (d["code"], d["message"]) == ("E014", "`10x` is not a card")
    # "10x" follows 19 characters of the argument
    assert (d["span"]["file"], d["span"]["column"], d["span"]["end_column"]) == ("<cards>", 20, 23)
    assert "is not a suit" in d["hint"]


def test_cards_are_read_like_the_compiler_reads_them():
    """ASCII suits, `T`, lower case and `JOKER` reach the validator as the cards they mean."""
    code, out, _ = run("explain", str(SPECS / "remik51.rules"), "th jh qh", "--format", "json")
    assert code == 0 and json.loads(out)["cards"] == "10♥ J♥ Q♥" and json.loads(out)["kind"] == "run"
    code, out, _ = run("explain", str(SPECS / "remik51.rules"), "joker 5s", "--hand", "--format", "json")
    assert code == 0 and json.loads(out)["cards"] == "JK 5♠"


def test_explain_opening_takes_commas_between_melds_as_specs_write_them():
    # a spec's example writes `opening 6♠ 7♠ 8♠, 10♦ 10♣ 10♥`: the same text judges the same
    code, out, _ = run("explain", str(SPECS / "remik51.rules"), "6♠ 7♠ 8♠, 10♦ 10♣ 10♥", "--opening",
                       "--format", "json")
    assert code == 0 and json.loads(out)["ok"] and json.loads(out)["points"] == 51


def test_explain_hand_gives_the_solver_advice():
    """`--hand` also says how best to lay the hand down: seed 000's 51-point opening."""
    code, out, _ = run("explain", str(SPECS / "remik51.rules"), "6♠ 7♠ 8♠ 10♦ 10♣ 10♥ 2♣", "--hand")
    assert code == 0
    assert "best lay-down: 6♠ 7♠ 8♠ | 10♥ 10♦ 10♣ (51 points); least deadwood 2" in out
    assert "best opening: 6♠ 7♠ 8♠ | 10♥ 10♦ 10♣ (51 points)" in out
    code, out, _ = run("explain", str(SPECS / "remik51.rules"), "6♠ 7♠ 8♠ 10♦ 2♣", "--hand",
                       "--format", "json")
    advice = json.loads(out)["advice"]
    assert advice["best_melds"] == ["6♠ 7♠ 8♠"] and advice["points"] == 21 and advice["deadwood"] == 12
    opening = advice["opening"]
    assert opening["ok"] is False and "21 points; an opening needs 51" in opening["reasons"][0]


def test_explain_hand_cites_the_rules_its_count_read(tmp_path):
    """Remik 51 (001): a hand counts its cards, a joker 20 (`joker_in_hand`); a player who never
    opened counts 100 (`not_opened`) whatever he holds.  An opened hand without a joker read
    neither rule; an unopened one read no card's value."""
    spec = str(SPECS / "remik51.rules")
    cited = lambda out: [r.split()[0] for r in json.loads(out)["rules"]]  # noqa: E731
    code, out, _ = run("explain", spec, "7♥ 8♥ 9♦", "--hand", "--format", "json")
    assert code == 0 and json.loads(out)["points"] == 7 + 8 + 9
    assert cited(out) == ["values.7", "values.8", "values.9"]
    code, out, _ = run("explain", spec, "7♥ JK", "--hand", "--format", "json")
    assert json.loads(out)["points"] == 7 + 20
    assert cited(out) == ["scoring.joker_in_hand", "values.7", "values.joker"]
    code, out, _ = run("explain", spec, "7♥ JK", "--hand", "--not-opened", "--format", "json")
    assert json.loads(out)["points"] == 100 and cited(out) == ["scoring.not_opened"]


def test_explain_names_a_house_variant_once(tmp_path):
    """A house whose name carries its id ("Remik 51 (rodzinny)") was shown as "Remik 51 (rodzinny)
    (rodzinny)"."""
    (tmp_path / "remik51.rules").write_text((SPECS / "remik51.rules").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    house = tmp_path / "rodzinny.rules"
    house.write_text('variant rodzinny extends "remik51" {\n  name pl "Remik 51 (rodzinny)"\n'
                     '  name hr "Remi 51 (obiteljski)"\n}\n', encoding="utf-8")
    code, out, _ = run("explain", str(house), "7♥ 8♥ 9♥")
    assert code == 0 and out.startswith("7♥ 8♥ 9♥ under Remik 51 (rodzinny):\n")
    code, out, _ = run("explain", str(house), "7♥ 8♥ 9♥", "--lang", "hr")
    assert out.startswith("7♥ 8♥ 9♥ under Remi 51 (obiteljski) (rodzinny):\n")


def test_explain_speaks_the_language_asked_for():
    # seed 000: "Q♥ K♥ 1♥ 2♥ jest nieprawidłowa"; the words are the module's (docs/validator.md)
    spec = str(SPECS / "remik51.rules")
    code, out, _ = run("explain", spec, "Q♥ K♥ A♥ 2♥", "--lang", "pl")
    assert code == 0
    assert re.search(r"^  - to nie jest sekwens: po królu nie zaczyna się od nowa \(K-A-2\) "
                     r"\(run\.wrap, " + re.escape(spec) + r":\d+\)$", out, re.M), out
    # a set has 3 to 4 cards (000); the joker as the Croatian rulebook writes it; its name for the game
    code, out, _ = run("explain", spec, "6♠ 7♠ 8♠ + 10♦ JK", "--opening", "--lang", "hr")
    assert out.startswith("6♠ 7♠ 8♠ + 10♦ JK under Remi 51 (remik51):\n")
    assert "  - skupina 2 (10♦ Džoker): komplet ima 2 karte, a mora imati od 3 do 4 karata (set.size, " in out
    # the solver's reasons too, in JSON as well: 6 + 7 + 8 = 21 of the 51 an opening needs (000)
    code, out, _ = run("explain", spec, "6♠ 7♠ 8♠ 10♦ 2♣", "--hand", "--lang", "pl", "--format", "json")
    (why,) = json.loads(out)["advice"]["opening"]["reasons"]
    assert why == ("najlepsze wyłożenie, które zostawia kartę do odrzucenia, jest warte 21 punktów; "
                   "otwarcie wymaga co najmniej 51")
    # English stays the default
    code, out, _ = run("explain", spec, "Q♥ K♥ A♥ 2♥")
    assert "  - not a run: it would go round the corner after the king (run.wrap, " in out
    code, out, err = run("explain", spec, "Q♥ K♥ A♥ 2♥", "--lang", "de")
    assert code == 2 and "invalid choice: 'de'" in err


def test_cards_the_validator_refuses_to_count_are_an_error_not_a_traceback():
    """The generated module raises ValueError for cards its deck could not deal."""
    variant = Workspace().variant(str(SPECS / "remik51.rules"))

    class Refusing:
        @staticmethod
        def hand_value(cards: str, *, opened: bool = True) -> int:
            raise ValueError(f"{cards}: 9 jokers, the deck has 4")

    with pytest.raises(BadCards) as caught:
        explain(variant, Refusing, [parse_cards("JK " * 9)], "hand")  # type: ignore[arg-type]
    assert caught.value.diagnostic is not None
    assert caught.value.diagnostic.code == "E014" and "9 jokers, the deck has 4" in str(caught.value)


def test_spec_errors_come_as_json_when_json_is_asked_for():
    bad = str(MALFORMED / "bad_range.rules")
    checked = json.loads(run("check", "--no-verify", "--format", "json", bad)[1])
    for argv in (("diff", bad, str(SPECS / "remik51.rules")), ("diff", str(SPECS / "remik51.rules"), bad),
                 ("explain", bad, "Q♥ K♥ A♥")):
        code, out, err = run(*argv, "--format", "json")
        assert (code, err) == (1, "")
        body = json.loads(out)
        assert body["ok"] is False
        (d,) = body["diagnostics"]
        assert (d["code"], d["span"]["line"], d["span"]["column"]) == ("E013", 7, 19)
        assert body["diagnostics"] == checked["files"][0]["diagnostics"]  # the same shape as check's


def test_an_empty_file_says_what_a_spec_starts_with(tmp_path):
    path = tmp_path / "pusty.rules"
    path.write_bytes(b"")
    code, _, err = run("check", "--no-verify", str(path))
    assert code == 1
    assert err.splitlines()[:2] == [
        f"{path}:1:1: error[E004]: the file holds no variant: expected `variant <id> {{`",
        "hint: a spec is `variant pusty { ... }`, its id the file's name; see docs/dsl.md"]


def test_a_spec_named_twice_is_checked_once(monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run("check", "--no-verify", "specs/remik51.rules", "specs/remik51.rules", "specs",
                       "./specs/remik51.rules", str(SPECS / "karuzela.rules"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "✓ specs/remik51.rules  remik51"  # first named, first checked
    assert len(lines) == 7 and lines[-1] == "6 spec(s): 0 with errors"
    assert sorted(lines[:-1]) == sorted(set(lines[:-1]))


# --- a house rule that breaks an inherited check ---------------------------------------------

def _house_breaking_the_six_card_opening(tmp_path: Path) -> tuple[Path, int]:
    """A house variant of remik51 opening at 20 points: three queens open, so the parent's
    check "an opening holds at least 6 cards" fails.  Returns the file and the number of its
    commented `# remove check` line, found in its text."""
    assert run("new", "niskie", "--extends", "remik51", "--dir", str(tmp_path))[0] == 0
    spec = tmp_path / "niskie.rules"
    text = spec.read_text(encoding="utf-8").replace("# override min_points 51", "override min_points 20")
    spec.write_text(text, encoding="utf-8")
    line = text.split("\n").index('  # remove check "an opening holds at least 6 cards"') + 1
    return spec, line


def test_a_broken_inherited_check_points_at_its_remove_check_line(tmp_path):
    spec, line = _house_breaking_the_six_card_opening(tmp_path)
    code, out, _ = run("check", str(spec))
    assert code == 1
    hint = f'to drop it, uncomment line {line}: remove check "an opening holds at least 6 cards"'
    house = out[out.index("✗ house.keeps"):out.index("✗ property.1")]
    assert hint in house  # under house.keeps, which fails because of it
    assert hint in out[out.index("✗ property.1"):]  # and under the check itself


def test_house_keeps_lists_the_checks_a_variant_removes(tmp_path):
    spec, line = _house_breaking_the_six_card_opening(tmp_path)
    text = spec.read_text(encoding="utf-8").replace('# remove check "an opening', 'remove check "an opening')
    # remik51's removal of incentives.opening rests on `scoring.not_opened` alone: a lower
    # opening (which the check reads) inherits it
    spec.write_text(text, encoding="utf-8")
    code, out, _ = run("check", str(spec))
    assert code == 0, out
    assert f'      removes check "an opening holds at least 6 cards" (line {line})\n' in out
    code, out, _ = run("check", "--format", "json", str(spec))
    verification = json.loads(out)["files"][0]["verification"]
    assert verification["removed_checks"] == [{"title": "an opening holds at least 6 cards", "line": line}]
    # a base game removes nothing and has no such key
    code, out, _ = run("check", "--format", "json", str(SPECS / "remik51.rules"))
    assert "removed_checks" not in json.loads(out)["files"][0]["verification"]
