"""Output that never crashes on a stream: remikc run as a subprocess with stdout and stderr
in cp1250, cp1252 or ASCII (a redirected stream on a Polish or Croatian Windows machine, a
`LC_ALL=C` shell), into a full disk and into a closed pipe.

On a stream that cannot encode `♥ ✓` remikc writes ASCII cards (`Qh Kh Ah 2h`) and marks
(`+` proved, `x` violated), keeps what the stream can encode (Polish letters in cp1250) and
transliterates the rest; JSON stays JSON, with `\\u` escapes.  A write that fails is one line
on stderr and exit 1.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from remikc import console
from remikc.cli import main

ROOT = Path(__file__).resolve().parent.parent
REMIK51 = "specs/remik51.rules"

# Line 5 is wrong (`hnd`), and quotes Polish text with a suit: the diagnostic shows it.
BAD_SPEC = """variant zly {
  name pl "Remik"
  name hr "Remi"
  deal {
    hnd 14   # „zaczyna z piętnastoma kartami” — ♥ ż
  }
}
"""


def remikc(*argv: str, env: dict[str, str] | None = None,
           stdout: object = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    """`python -m remikc ARGV` in the project folder, with only `env` of the encoding
    settings (none of the caller's own)."""
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("LC_", "PYTHONIO", "PYTHONUTF8")) and k not in ("LANG", "LANGUAGE")}
    return subprocess.run([sys.executable, "-m", "remikc", *argv], cwd=ROOT, stdout=stdout,
                          stderr=subprocess.PIPE, env=base | (env or {}), timeout=120, check=False)


CP1250 = {"PYTHONIOENCODING": "cp1250", "LANG": "C.UTF-8"}
CP1252 = {"PYTHONIOENCODING": "cp1252", "LANG": "C.UTF-8"}
ASCII = {"LC_ALL": "C", "PYTHONUTF8": "0"}


def decoded(run: subprocess.CompletedProcess[bytes], encoding: str) -> tuple[str, str]:
    assert b"Traceback" not in run.stdout + run.stderr, run.stderr.decode(encoding, "replace")
    return run.stdout.decode(encoding), run.stderr.decode(encoding)


# --- text in a narrow encoding ----------------------------------------------------------------


@pytest.mark.parametrize(("env", "encoding"), [(CP1250, "cp1250"), (ASCII, "ascii")])
def test_explain_writes_ascii_cards(env: dict[str, str], encoding: str) -> None:
    # the argument itself is UTF-8: under LC_ALL=C it reaches Python as surrogate escapes
    run = remikc("explain", REMIK51, "Q♥ K♥ A♥ 2♥", env=env)
    out, err = decoded(run, encoding)
    assert run.returncode == 0 and err == ""
    assert out.startswith("Qh Kh Ah 2h under Remik 51 (remik51):\n  refused as a meld:\n")
    assert "it would go round the corner after the king" in out


def test_explain_reads_ascii_cards_back() -> None:
    """What the ASCII notation prints, remikc reads: the same verdict for `Qh Kh Ah 2h`."""
    run = remikc("explain", REMIK51, "Qh Kh Ah 2h", env=ASCII)
    out, _ = decoded(run, "ascii")
    assert run.returncode == 0 and out.startswith("Qh Kh Ah 2h under Remik 51 (remik51):\n")


@pytest.mark.parametrize(("env", "encoding"), [(CP1250, "cp1250"), (ASCII, "ascii")])
def test_check_no_verify_marks(env: dict[str, str], encoding: str) -> None:
    run = remikc("check", "--no-verify", REMIK51, "specs/remik51_domowy.rules", env=env)
    out, err = decoded(run, encoding)
    assert run.returncode == 0 and err == ""
    assert out == ("+ specs/remik51.rules  remik51\n"
                   "+ specs/remik51_domowy.rules  remik51_domowy\n"
                   "2 spec(s): 0 with errors\n")


def test_check_with_verify_in_cp1250() -> None:
    run = remikc("check", REMIK51, env=CP1250)
    out, err = decoded(run, "cp1250")
    # standard error, a pipe here, holds the one plain progress line and nothing else
    assert run.returncode == 0 and err in ("remikc: [1/1] specs/remik51.rules: checked\n",
                                           "remikc: [1/1] specs/remik51.rules: from the proof cache\n")
    lines = out.splitlines()
    assert lines[0] == "remik51  specs/remik51.rules"
    marks = [line for line in lines if re.match(r"  \S ", line)]
    # `-`: a check the spec removes on purpose (remik51 removes `incentives.opening`)
    assert marks and all(line.startswith(("  + ", "  - incentives.opening ")) for line in marks)
    assert "  + melds.alive  " in out and "  + runs.wrap  " in out
    # every card in ASCII notation, none with a suit symbol
    assert re.search(r"\b(10|[2-9AJQK])[shdc] (10|[2-9AJQK])[shdc]\b", out)
    assert not re.search("[♠♥♦♣✓✗]", out)
    assert lines[-1] == "1 spec(s): 0 with errors, 0 with violated checks, 0 check(s) undecided"


def test_violated_check_is_x() -> None:
    run = remikc("check", "tests/specs/inconsistent/set_of_five.rules", env=ASCII)
    out, _ = decoded(run, "ascii")
    assert run.returncode == 1
    assert re.search(r"^  x \S", out, re.MULTILINE)


def test_polish_letters_stay_in_cp1250(tmp_path: Path) -> None:
    spec = tmp_path / "zly.rules"
    spec.write_text(BAD_SPEC, encoding="utf-8")
    run = remikc("check", "--no-verify", str(spec), env=CP1250)
    out, err = decoded(run, "cp1250")
    assert run.returncode == 1
    # cp1250 has „ ” — ę ż: only the heart becomes ASCII
    assert "    5 |     hnd 14   # „zaczyna z piętnastoma kartami” — h ż\n" in err
    # every mistake in one run: the misspelt `hnd`, and the eight rules and sections a game
    # needs that the file leaves out (players, deck, values, turn, stock_empty, going_out,
    # scoring, game_end)
    assert f"x {spec}  9 error(s)\n" in out


def test_other_letters_are_transliterated_in_cp1252(tmp_path: Path) -> None:
    spec = tmp_path / "zly.rules"
    spec.write_text(BAD_SPEC, encoding="utf-8")
    run = remikc("check", "--no-verify", str(spec), env=CP1252)
    _, err = decoded(run, "cp1252")
    # cp1252 has „ ” — but not ę ż
    assert "    5 |     hnd 14   # „zaczyna z pietnastoma kartami” — h z\n" in err


def test_ir_keeps_croatian_letters_in_cp1250_only() -> None:
    run = remikc("ir", "specs/remik51_domowy.rules", env=CP1250)
    out, _ = decoded(run, "cp1250")
    assert run.returncode == 0
    assert out.startswith("remik51_domowy: Remik 51 (zasady domowe) / Remi 51 (kućna pravila)\n")
    run = remikc("ir", "specs/remik51_domowy.rules", env=ASCII)
    out, _ = decoded(run, "ascii")
    assert out.startswith("remik51_domowy: Remik 51 (zasady domowe) / Remi 51 (kucna pravila)\n")


def test_diff_in_ascii() -> None:
    run = remikc("diff", "specs/remik_podstawowy.rules", "specs/remik_podstawowy_as.rules", env=ASCII)
    out, err = decoded(run, "ascii")
    assert run.returncode == 0 and err == ""
    # the ace high or low makes Q K A a run; README shows it as `Q♥ K♥ A♥`
    assert "    melds: Qh Kh Ah: a run in remik_podstawowy_as, not a meld in remik_podstawowy\n" in out
    assert "values.A        1 -> 15" in out  # `→` transliterated


def test_bad_card_hint_in_ascii() -> None:
    run = remikc("explain", REMIK51, "Q♥ 11♥", env=ASCII)
    _, err = decoded(run, "ascii")
    assert run.returncode == 2
    assert "did you mean `Jh`?" in err


# --- JSON ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("env", "encoding"), [(CP1250, "cp1250"), (ASCII, "ascii")])
def test_json_stays_exact(env: dict[str, str], encoding: str) -> None:
    run = remikc("explain", "--format", "json", REMIK51, "Q♥ K♥ A♥ 2♥", env=env)
    assert run.returncode == 0
    assert run.stdout.isascii()  # escapes, not transliteration: the cards come back exact
    report = json.loads(run.stdout.decode(encoding))
    assert report["cards"] == "Q♥ K♥ A♥ 2♥" and report["ok"] is False
    assert '"cards": "Q\\u2665 K\\u2665 A\\u2665 2\\u2665"' in run.stdout.decode(encoding)


def test_ir_json_in_cp1250_has_croatian_name() -> None:
    run = remikc("ir", "--format", "json", "specs/remik51_domowy.rules", env=CP1250)
    assert run.returncode == 0 and run.stdout.isascii()
    assert "Remi 51 (kućna pravila)" in json.dumps(json.loads(run.stdout), ensure_ascii=False)


def test_json_in_utf8_is_unchanged() -> None:
    run = remikc("explain", "--format", "json", REMIK51, "Q♥ K♥ A♥ 2♥", env={"PYTHONIOENCODING": "utf-8"})
    assert '"cards": "Q♥ K♥ A♥ 2♥"' in run.stdout.decode("utf-8")


# --- writes that fail ---------------------------------------------------------------------

needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
NO_SPACE = "remikc: error: cannot write to standard output: No space left on device\n"


@needs_dev_full
@pytest.mark.parametrize("argv", [
    ("ir", REMIK51),
    ("check", "--no-verify", REMIK51),
    ("explain", "--format", "json", REMIK51, "Q♥ K♥ A♥"),
    ("--version",),
    ("explain", "--help"),
])
def test_full_disk_is_one_line(argv: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        run = remikc(*argv, stdout=full)
    assert run.returncode == 2
    assert run.stderr.decode() == NO_SPACE


@needs_dev_full
def test_full_disk_in_cp1250() -> None:
    with open("/dev/full", "w") as full:
        run = remikc("explain", REMIK51, "Q♥ K♥ A♥ 2♥", env=CP1250, stdout=full)
    assert (run.returncode, run.stderr.decode("cp1250")) == (2, NO_SPACE)


@needs_dev_full
def test_full_stderr_is_exit_2_without_a_word() -> None:
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "remikc", "explain", REMIK51, "Q♥ 11♥"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=full, check=False, timeout=60)
    assert run.returncode == 2 and run.stdout == b""


@pytest.mark.parametrize("argv", [("ir", REMIK51), ("check", "--no-verify", "specs")])
def test_closed_pipe_is_one_line(argv: tuple[str, ...]) -> None:
    """`remikc ir ... | head -0`: the reader is gone before remikc writes.  Exit 2 and one line
    on stderr that says so, no traceback."""
    assert _reader_gone(*argv) == (2, b"remikc: error: cannot write to standard output: Broken pipe\n")


def _reader_gone(*argv: str) -> tuple[int, bytes]:
    """remikc's exit code and stderr when its stdout is closed before it writes."""
    process = subprocess.Popen([sys.executable, "-m", "remikc", *argv], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read()
    process.stderr.close()
    return process.wait(timeout=60), err


def test_a_closed_pipe_under_fmt_diff_is_one_line(tmp_path: Path) -> None:
    """`remikc fmt --diff` writes the diff line by line (`writelines`): a reader gone is the
    same one line as any other write's."""
    spec = tmp_path / "remik51.rules"
    text = (ROOT / REMIK51).read_text(encoding="utf-8")
    spec.write_text(text.replace("\n  ", "\n      "), encoding="utf-8")  # indented past the layout
    assert _reader_gone("fmt", "--diff", str(spec)) == \
        (2, b"remikc: error: cannot write to standard output: Broken pipe\n")


def test_head_reads_the_first_line() -> None:
    """`remikc ir SPEC | head -1` in a shell: the first line, and no traceback."""
    run = subprocess.run(f"{sys.executable} -m remikc ir {REMIK51} | head -1", shell=True, cwd=ROOT,
                         capture_output=True, check=False, timeout=60)
    assert run.stdout == b"remik51: Remik 51 / Remi 51\n"
    # whether remikc wrote before or after head left is up to the scheduler: at most the line
    assert run.stderr in (b"", b"remikc: error: cannot write to standard output: Broken pipe\n")


# --- the console itself ------------------------------------------------------------------


def test_console_decides_per_stream() -> None:
    assert console.can_encode(io.StringIO())
    assert console.can_encode(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not console.can_encode(io.TextIOWrapper(io.BytesIO(), encoding="cp1250"))
    # Korean cp949 has ♠ ♥ ♣ but not ♦: still ASCII for every suit, never a mix
    raw = io.BytesIO()
    korean = console.Console(io.TextIOWrapper(raw, encoding="cp949"), "standard output")
    korean.write("K♠ K♥ K♦ K♣ ✓\n")
    korean.writelines(["- Q♥\n", "+ Q♦\n"])
    korean.flush()
    assert raw.getvalue() == b"Ks Kh Kd Kc +\n- Qh\n+ Qd\n"


def test_console_transliterates_what_the_stream_lacks() -> None:
    raw = io.BytesIO()
    out = console.Console(io.TextIOWrapper(raw, encoding="ascii"), "standard output")
    out.write("10♥ ✗ łódź — 3 × 4 → Đ… \U0001f0a1\n")
    out.flush()
    assert raw.getvalue() == b"10h x lodz - 3 x 4 -> D... \\U0001f0a1\n"


def test_escape_json_is_ensure_ascii() -> None:
    body = {"cards": "Q♥ 10♠", "name": "kućna", "card": "\U0001f0a1", "x": 'a"\\'}
    text = json.dumps(body, ensure_ascii=False, indent=2)
    assert console.escape_json(text) == json.dumps(body, ensure_ascii=True, indent=2)


def test_in_process_string_streams_keep_unicode() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["explain", str(ROOT / REMIK51), "Q♥ K♥ A♥ 2♥"], out, err) == 0
    assert out.getvalue().startswith("Q♥ K♥ A♥ 2♥ under Remik 51 (remik51):")


def test_in_process_help_goes_to_the_given_stdout() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["--version"], out, err) == 0
    assert out.getvalue().startswith("remikc ") and err.getvalue() == ""
