"""The command line as people know it from ruff, black and mypy: -V, help for every
argument with the exit codes, -q and -v, colour, `-` for standard input, completion."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from remikc import console
from remikc.cli import _parser, main

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
MALFORMED = Path(__file__).parent / "specs" / "malformed"


def run(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(stdin) if stdin is not None else None)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _no_colour_settings(monkeypatch):
    """Each test says what colour settings it has; the shell running the suite does not."""
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)


# --- version and help ------------------------------------------------------------------------

@pytest.mark.parametrize("flag", ["-V", "--version"])
def test_version(flag):
    from remikc import __version__

    assert run(flag) == (0, f"remikc {__version__}\n", "")


def _commands() -> dict[str, argparse.ArgumentParser]:
    (action,) = [a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_every_argument_of_every_command_has_help():
    missing = [f"{name} {action.dest}" for name, command in _commands().items()
               for action in command._actions if not action.help]
    assert missing == []


@pytest.mark.parametrize("argv", [["--help"], *[[c, "--help"] for c in _commands()]])
def test_help_states_the_exit_codes(argv):
    code, out, err = run(*argv)
    assert (code, err) == (0, "")
    for line in ("  0    everything is fine", "  1    a spec has errors", "  2    the command itself",
                 "  130  stopped by Ctrl-C", "  143  stopped by SIGTERM"):
        assert line in out


def test_build_help_mentions_the_rulebooks():
    assert "rulebooks in Polish and Croatian" in run("build", "--help")[1]
    assert "rulebooks" in run("--help")[1].split("build", 1)[1].split("\n")[0]


def test_spec_and_format_have_help():
    out = run("ir", "--help")[1]
    assert "  SPEC                  a .rules file; `-` reads standard input" in out
    assert '`json` for tools: "format": "remikc-ir/1"' in " ".join(out.split())


# --- -q and -v -----------------------------------------------------------------------------

def test_quiet_check_of_clean_specs_says_nothing():
    assert run("check", "-q", str(SPECS)) == (0, "", "")


def test_quiet_check_says_only_what_is_wrong():
    code, out, err = run("check", "-q", str(SPECS / "remik51.rules"), str(MALFORMED / "decimal_point.rules"))
    assert code == 1
    # the broken spec's line and its diagnostic; nothing of remik51, which passes, no summary
    assert out == f"✗ {MALFORMED / 'decimal_point.rules'}  1 error(s)\n"
    assert "error[E002]: a number with a decimal point" in err


def test_verbose_check_gives_timings_and_the_rule_lines_of_proved_checks():
    _, plain, _ = run("check", str(SPECS / "remik51_domowy.rules"))
    code, out, err = run("check", "-v", "--no-cache", str(SPECS / "remik51_domowy.rules"))
    assert code == 0
    assert " ms]" in out and " ms]" not in plain
    # the plain run's report, from the cache: no time of this run to show, and it says so
    cached = run("check", "-v", str(SPECS / "remik51_domowy.rules"))[1]
    assert " ms]" not in cached and cached.startswith("remik51_domowy  ") and \
        cached.split("\n", 1)[0].endswith("  [from the proof cache]")
    # a proved check's spec lines (the check of the rulebook's examples cites none; the
    # author's check cites its `check` line)
    lines = (SPECS / "remik51.rules").read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines, 1) if text.lstrip().startswith('check "'))
    assert f"specs/remik51.rules:{line}: `check`" in out and f":{line}: `check`" not in plain
    # the progress lines of the parent and the file (stderr is no terminal here), then the time
    *progress, took = err.splitlines()
    assert [line.rsplit(": ", 1)[1] for line in progress] == ["checked", "checked"]
    assert took.startswith("remikc: check took ") and took.endswith(" s")


def test_quiet_and_verbose_exclude_each_other():
    code, _, err = run("check", "-q", "-v", str(SPECS))
    assert code == 2 and "not allowed with argument" in err


@pytest.mark.parametrize("command", [["check"], ["diff", str(SPECS / "karuzela.rules")]])
def test_an_rlimit_z3_cannot_hold_is_a_usage_error(command):
    """Z3 keeps the work limit in 32 bits: 4294967296 was taken as 0, no limit at all."""
    spec = str(SPECS / "karuzela.rules")
    for too_large in ("4294967296", "8589934597"):
        code, out, err = run(*command, "--rlimit", too_large, spec)
        assert (code, out) == (2, "")
        assert "argument --rlimit: must be at most 4294967295, the largest work limit Z3 takes" in err
    assert run("check", "--no-verify", "--rlimit", "4294967295", spec)[0] == 0


def test_the_verifier_refuses_an_rlimit_out_of_z3s_range(load):
    from remikc.verify import verify

    with pytest.raises(ValueError, match="rlimit must be 1 to 4294967295"):
        verify(load("karuzela"), rlimit=2**32)


def test_quiet_new_writes_the_file_and_says_nothing(tmp_path):
    assert run("new", "-q", "cicha", "--extends", "remik51", "--dir", str(tmp_path)) == (0, "", "")
    assert (tmp_path / "cicha.rules").exists()


# --- colour --------------------------------------------------------------------------------

class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


RED_ERROR = "\x1b[1;31merror[E002]\x1b[0m"


def _errors_on(stream: io.StringIO) -> str:
    main(["check", "--no-verify", str(MALFORMED / "decimal_point.rules")], io.StringIO(), stream)
    return stream.getvalue()


def test_colour_on_a_terminal():
    text = _errors_on(Terminal())
    assert RED_ERROR in text and "\x1b[36mhint\x1b[0m: numbers" in text


def test_no_colour_when_not_a_terminal():
    assert "\x1b[" not in _errors_on(io.StringIO())


def test_no_colour_with_no_color_even_on_a_terminal_or_forced(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in _errors_on(Terminal())
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" not in _errors_on(Terminal())


def test_force_color_colours_a_pipe(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert RED_ERROR in _errors_on(io.StringIO())
    monkeypatch.setenv("FORCE_COLOR", "0")  # a common way to say "no"
    assert "\x1b[" not in _errors_on(io.StringIO())


def test_colour_is_decided_per_stream(monkeypatch):
    # stdout a pipe, stderr a terminal: the marks stay plain, the diagnostics are coloured
    out, err = io.StringIO(), Terminal()
    main(["check", "--no-verify", str(SPECS / "remik51.rules"), str(MALFORMED / "decimal_point.rules")],
         out, err)
    assert "\x1b[" not in out.getvalue() and RED_ERROR in err.getvalue()
    out, err = Terminal(), io.StringIO()
    main(["check", "--no-verify", str(SPECS / "remik51.rules")], out, err)
    assert out.getvalue().startswith("\x1b[32m✓\x1b[0m ")


def test_dumb_terminal_gets_no_colour():
    assert console.wants_colour(Terminal(), {"TERM": "dumb"}) is False
    assert console.wants_colour(Terminal(), {}) is True
    assert console.wants_colour(Terminal(), {"TERM": "dumb", "FORCE_COLOR": "1"}) is True


def test_json_is_never_coloured(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    code, out, _ = run("check", "--format", "json", "--no-verify", str(MALFORMED / "decimal_point.rules"))
    assert code == 1 and "\x1b" not in out
    json.loads(out)


# --- standard input ------------------------------------------------------------------------

def test_check_reads_a_spec_from_stdin():
    code, out, err = run("check", "--no-verify", "-", stdin=(SPECS / "remik51.rules").read_bytes())
    assert (code, err) == (0, "")
    assert out == "✓ <stdin>  remik51\n1 spec(s): 0 with errors\n"


def test_stdin_filename_gives_the_id_check_and_extends_their_folder():
    house = (SPECS / "remik51_domowy.rules").read_bytes()
    # named as it is in specs/: its id matches, and `extends "remik51"` is found beside it
    code, out, _ = run("check", "--no-verify", "-", "--stdin-filename", str(SPECS / "remik51_domowy.rules"),
                       stdin=house)
    assert code == 0 and out.startswith(f"✓ {SPECS / 'remik51_domowy.rules'}  remik51_domowy\n")
    # under another name: the id check speaks of that name
    code, _, err = run("check", "--no-verify", "-", "--stdin-filename", "specs/moj.rules", stdin=house)
    assert code == 1
    assert "specs/moj.rules:4:9: error[E022]: variant `remik51_domowy` is in a file named `moj.rules`" in err


def test_a_file_name_that_is_no_id_is_not_offered_as_the_variants_new_id():
    """`Duże Litery` is no variant id: the hint says to rename the file only."""
    house = (SPECS / "remik51_domowy.rules").read_bytes()
    code, _, err = run("check", "--no-verify", "-", "--stdin-filename", "specs/Duże Litery.rules",
                       stdin=house)
    assert code == 1 and "error[E022]: variant `remik51_domowy` is in a file named `Duże Litery.rules`" in err
    assert "hint: rename the file to `remik51_domowy.rules`: `extends` finds a variant by its file name" \
        in err
    code, _, err = run("check", "--no-verify", "-", "--stdin-filename", "specs/moj.rules", stdin=house)
    assert "hint: rename the file to `remik51_domowy.rules` or the variant to `moj`:" in err


def test_a_spec_with_an_error_and_a_warning_counts_them_apart(tmp_path):
    """W005 (an override that changes nothing) is a warning beside the E011: one error, not two."""
    spec = tmp_path / "ostrz.rules"
    spec.write_text('variant ostrz extends "remik51" {\n  name pl "o"\n  name hr "o"\n'
                    "  set {\n    override suits distinct\n    clossed 4\n  }\n}\n", encoding="utf-8")
    code, out, err = run("check", str(spec), "--no-verify")
    assert code == 1 and "warning[W005]" in err and "error[E011]" in err
    assert f"✗ {spec}  1 error(s), 1 warning(s)\n" in out


@pytest.mark.parametrize(("argv", "unknown"), [(["check", "--games", "3", "x.rules"], "--games"),
                                               (["simulate", "a.rules", "b.rules", "c.rules"], "c.rules")])
def test_an_unknown_argument_shows_the_commands_usage(argv, unknown):
    # was: the usage of remikc itself ("usage: remikc [-h] [-V] COMMAND ..."), as for no command
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert err.startswith(f"remikc {argv[0]}: unrecognized arguments: {unknown}\n"
                          f"usage: remikc {argv[0]} [-h]"), err


def test_errors_in_a_spec_from_stdin_show_its_lines():
    text = b'variant zly {\n  name pl "x"\n  players 2..4 = 3\n}\n'
    code, _, err = run("check", "-", stdin=text)
    assert code == 1
    assert err.startswith("<stdin>:3:16: error[E002]: unexpected character `=`\n"
                          "    3 |   players 2..4 = 3\n"
                          "      |                ^\n")


@pytest.mark.parametrize("argv", [["ir", "-"], ["explain", "-", "7♠ 8♠ 9♠"],
                                  ["diff", str(SPECS / "remik51.rules"), "-"],
                                  ["simulate", "-", "--games", "1", "-q"],
                                  ["sweep", "-", "--vary", "game_end.target=100", "--games", "1", "--players",
                                   "2", "--max-deals", "1", "--jobs", "1", "-q"]])
def test_every_command_that_reads_a_spec_reads_stdin(argv):
    code, out, err = run(*argv, stdin=(SPECS / "karuzela.rules").read_bytes())
    assert (code, err) == (0, "") and out


def test_stdin_is_read_once_and_its_name_needs_a_dash():
    assert run("diff", "-", "-", stdin=b"")[0] == 2
    code, _, err = run("ir", str(SPECS / "remik51.rules"), "--stdin-filename", "x.rules")
    assert code == 2 and "no spec is `-`" in err


def test_stdin_through_a_real_pipe():
    result = subprocess.run([sys.executable, "-m", "remikc", "check", "--no-verify", "-"],
                            input=(SPECS / "remik51.rules").read_bytes(), capture_output=True, cwd=ROOT)
    assert result.returncode == 0 and result.stdout.decode().startswith("✓ <stdin>  remik51")


# --- completion ----------------------------------------------------------------------------

@pytest.mark.parametrize("shell", ["bash", "zsh", "tcsh"])
def test_completion_knows_every_command_and_option(shell):
    code, out, err = run("completion", shell)
    assert (code, err) == (0, "")
    assert all(command in out for command in _commands())
    if shell != "tcsh":  # shtab's tcsh script completes the commands only
        for option in ("--stdin-filename", "--no-verify", "--extends", "--games"):
            assert option in out


def test_bash_completion_is_valid_bash(tmp_path):
    script = tmp_path / "remikc.bash"
    script.write_text(run("completion", "bash")[1], encoding="utf-8")
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- names that are not ids ----------------------------------------------------------------

@pytest.mark.parametrize(("name", "suggestion"), [("moj-remik", "moj_remik"), ("Mój Remik", "moj_remik"),
                                                   ("Remik-Łódź", "remik_lodz")])
def test_new_suggests_an_id(tmp_path, name, suggestion):
    code, _, err = run("new", name, "--extends", "remik51", "--dir", str(tmp_path))
    assert code == 2 and err.rstrip().endswith(f"did you mean `{suggestion}`?")


def test_new_with_an_unknown_parent_lists_the_variants(tmp_path):
    (tmp_path / "nasz.rules").write_text("", encoding="utf-8")
    code, _, err = run("new", "moj", "--extends", "remik_51", "--dir", str(tmp_path))
    assert code == 2
    lines = err.splitlines()
    assert lines[0].endswith("did you mean `remik51`?")
    assert lines[1] == f"  in {tmp_path}: nasz"
    assert lines[2] == ("  shipped with remikc: karuzela, remik51, remik51_domowy, remik_klasyczny, "
                        "remik_podstawowy, remik_podstawowy_as")


# --- every mistake in one run ------------------------------------------------------------------

@pytest.mark.parametrize("name, codes", [
    # the file's name (E022), reading a rule (E011), merging with the parent (E019)
    ("three_passes.rules", ["E022", "E011", "E019"]),
    # the id (E022), reading a value (E012), rules that make sense only together (E021),
    # an unknown rule (E011): in the order of the file
    ("three_passes_consistency.rules", ["E022", "E012", "E021", "E011"]),
])
def test_mistakes_of_different_passes_come_in_one_run(name: str, codes: list[str]):
    code, out, _ = run("check", "--no-verify", "--format", "json", str(MALFORMED / name))
    assert code == 1
    (spec,) = json.loads(out)["files"]
    assert [d["code"] for d in spec["diagnostics"]] == codes
