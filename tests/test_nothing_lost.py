"""Nothing is silently lost or overwritten, and nothing blocks (issue #24, items 3 and 6).

- two specs of one variant id in one command are an error (E031) naming both files;
- `remikc new` never replaces a spec that others are built on, even with `--force`;
- a named pipe (or other special file) called `*.rules` in a folder is skipped with W002,
  and named on its own is refused with E030, instead of blocking forever;
- a spec past 4 MiB (a file, standard input, a parent, an editor's document) is E030, read no
  further than one byte past the limit;
- `build --out ''` (and `new --dir ''`) is refused instead of writing into the current folder.
`--plot` formats are tested in tests/test_sim_stats.py.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.spec.workspace import MAX_SPEC_BYTES

BASE = Path(__file__).parent / "specs" / "malformed" / "base.rules"  # `variant base {` at 2:9


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def run_with_stdin(data: bytes, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(data))
    return code, out.getvalue(), err.getvalue()


def house(folder: Path, name: str, parent: str) -> Path:
    """A valid house variant `name` of `parent`, in `folder`; `variant` on line 1, column 9."""
    path = folder / f"{name}.rules"
    path.write_text(f'variant {name} extends "{parent}" {{\n  name pl "x"\n  name hr "x"\n}}\n',
                    encoding="utf-8")
    return path


@pytest.fixture
def two_bases(tmp_path: Path) -> tuple[Path, Path]:
    """a/base.rules and b/base.rules: one id, two files (b's with one more player)."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(BASE, tmp_path / "a" / "base.rules")
    text = BASE.read_text(encoding="utf-8").replace("players 2..4", "players 2..5")
    (tmp_path / "b" / "base.rules").write_text(text, encoding="utf-8")
    return tmp_path / "a", tmp_path / "b"


# --- one id, one command -----------------------------------------------------------------


def test_one_id_in_two_folders_is_an_error_naming_both(two_bases):
    a, b = two_bases
    code, out, err = run("check", "--no-verify", str(a), str(b))
    assert code == 1
    assert (f"{b}/base.rules:2:9: error[E031]: variant `base` twice in one command: here and in "
            f"{a}/base.rules") in err
    assert f"{a}/base.rules:2:9: note: `base` is also here" in err
    assert "a build writes a variant to OUT/base/, so one would replace the other" in err
    assert f"✓ {a}/base.rules  base" in out and f"✗ {b}/base.rules" in out


def test_one_id_in_two_folders_builds_nothing(two_bases, tmp_path):
    a, b = two_bases
    code, _, err = run("build", "--out", str(tmp_path / "out"), str(a / "base.rules"), str(b))
    assert code == 1 and "error[E031]" in err and "remikc: nothing built" in err
    assert not (tmp_path / "out").exists()


def test_one_id_in_json(two_bases):
    a, b = two_bases
    code, out, _ = run("check", "--no-verify", "--format", "json", str(a), str(b))
    first, second = json.loads(out)["files"]
    assert code == 1 and first["ok"] is True and second["ok"] is False
    (d,) = second["diagnostics"]
    assert (d["code"], d["span"]["line"], d["span"]["column"]) == ("E031", 2, 9)
    assert d["notes"][0]["span"]["file"] == str(a / "base.rules")


def test_one_file_named_twice_is_no_clash(two_bases):
    a, _ = two_bases
    code, out, err = run("check", "--no-verify", str(a), str(a / "base.rules"), str(a) + "/")
    assert code == 0, err
    assert "1 spec(s): 0 with errors" in out


# --- remikc new never replaces a parent ----------------------------------------------------


@pytest.mark.parametrize("force", [["--force"], []])
def test_new_refuses_to_replace_the_variant_it_extends(two_bases, force):
    a, _ = two_bases
    before = (a / "base.rules").read_bytes()
    code, out, err = run("new", "base", "--extends", "base", "--dir", str(a), *force)
    assert code == 2 and out == ""
    assert (f"remikc: a variant cannot extend itself: {a}/base.rules would say `extends \"base\"`, "
            "which names that file itself; give the new variant another name, e.g. base_domowy") in err
    assert (a / "base.rules").read_bytes() == before


def test_new_refuses_a_local_variant_that_extends_its_shipped_namesake(tmp_path):
    # remik51.rules beside itself would be its own parent (`extends` looks beside it first)
    code, _, err = run("new", "remik51", "--extends", "remik51", "--dir", str(tmp_path))
    assert code == 2 and "a variant cannot extend itself" in err
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_to_replace_an_ancestor_of_its_parent(two_bases):
    a, _ = two_bases
    house(a, "child", "base")
    before = (a / "base.rules").read_bytes()
    code, _, err = run("new", "base", "--extends", "child", "--dir", str(a), "--force")
    assert code == 2
    assert (f"{a}/base.rules is an ancestor of `child`: replacing it with a house variant of "
            "`child` would make `extends` go round in a circle") in err
    assert (a / "base.rules").read_bytes() == before


def test_new_refuses_to_replace_the_parent_of_another_spec(two_bases):
    a, _ = two_bases
    house(a, "child", "base")
    before = (a / "base.rules").read_bytes()
    # remik51 is shipped with remikc: a valid parent, unrelated to `base`
    code, _, err = run("new", "base", "--extends", "remik51", "--dir", str(a), "--force")
    assert code == 2
    assert (f"{a}/base.rules is the parent of {a}/child.rules (`extends \"base\"`): replacing it "
            "would change that game too") in err
    assert (a / "base.rules").read_bytes() == before


def test_new_follows_a_circular_parent_chain_once(tmp_path):
    house(tmp_path, "p", "q")
    house(tmp_path, "q", "p")
    house(tmp_path, "mine", "p")
    # `p` is broken (a circle): the check of the ancestors ends, and the parent's errors show
    code, _, err = _within(30, "new", "mine", "--extends", "p", "--dir", str(tmp_path), "--force")
    assert code == 1 and "error[E018]" in err and f"remikc: fix {tmp_path}/p.rules before" in err


def test_new_force_still_replaces_a_spec_nobody_extends(two_bases):
    a, _ = two_bases
    old = house(a, "mine", "base")
    code, out, err = run("new", "mine", "--extends", "remik51", "--dir", str(a), "--force")
    assert code == 0, err
    assert 'variant mine extends "remik51" {' in old.read_text(encoding="utf-8")
    assert f"wrote {old}: a house variant of remik51" in out


# --- special files ---------------------------------------------------------------------------


def _within(seconds: float, *argv: str) -> tuple[int, str, str]:
    """`run(*argv)` in a thread; fails (instead of hanging the suite) if it is still blocked
    after `seconds`, then unblocks it by opening and closing every FIFO it may wait on."""
    result: list[tuple[int, str, str]] = []
    worker = threading.Thread(target=lambda: result.append(run(*argv)), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        for arg in argv:
            for fifo in [Path(arg)] + (list(Path(arg).rglob("*")) if Path(arg).is_dir() else []):
                if fifo.is_fifo():
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(10)
        pytest.fail(f"remikc {' '.join(argv)} blocked for {seconds} s")
    return result[0]


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@needs_fifo
def test_a_fifo_in_a_folder_is_skipped_with_a_warning(tmp_path):
    shutil.copy(BASE, tmp_path / "base.rules")
    os.mkfifo(tmp_path / "pipe.rules")
    code, out, err = _within(30, "check", "--no-verify", str(tmp_path))
    assert code == 0, err
    assert (f"remikc: warning[W002]: skipped {tmp_path}/pipe.rules: it is a named pipe (FIFO), "
            "not a regular file") in err
    assert "1 spec(s): 0 with errors" in out
    code, out, _ = _within(30, "check", "--no-verify", "--format", "json", str(tmp_path))
    body = json.loads(out)
    assert code == 0 and [f["variant"] for f in body["files"]] == ["base"]
    assert [(d["code"], d["severity"]) for d in body["skipped"]] == [("W002", "warning")]


def test_a_folder_named_like_a_spec_is_skipped_too(tmp_path):
    shutil.copy(BASE, tmp_path / "base.rules")
    (tmp_path / "old.rules").mkdir()
    code, out, err = run("check", "--no-verify", str(tmp_path))
    assert code == 0 and "1 spec(s): 0 with errors" in out, err
    assert f"skipped {tmp_path}/old.rules: it is a folder, not a regular file" in err


@needs_fifo
def test_a_fifo_named_on_its_own_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe.rules")
    code, _, err = _within(30, "check", "--no-verify", str(tmp_path / "pipe.rules"))
    assert code == 1
    assert (f"error[E030]: cannot read {tmp_path}/pipe.rules: it is a named pipe (FIFO), not a "
            "regular file") in err
    code, _, err = _within(30, "ir", str(tmp_path / "pipe.rules"))
    assert code == 1 and "it is a named pipe (FIFO)" in err


@needs_fifo
def test_a_folder_of_only_a_fifo_has_no_specs(tmp_path):
    os.mkfifo(tmp_path / "pipe.rules")
    code, _, err = _within(30, "check", "--no-verify", str(tmp_path))
    assert code == 2
    assert "warning[W002]: skipped" in err and f"remikc: no .rules files in {tmp_path}" in err


@needs_fifo
def test_build_and_list_skip_a_fifo(tmp_path):
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copy(BASE, specs / "base.rules")
    os.mkfifo(specs / "pipe.rules")
    code, out, err = _within(30, "list", str(specs))
    assert code == 0 and "warning[W002]" in err and "  base  Baza" in out
    code, out, err = _within(300, "build", "--out", str(tmp_path / "out"), str(specs))
    assert code == 0, err
    assert "warning[W002]" in err and (tmp_path / "out" / "base" / "validator.py").is_file()


# --- the largest spec read ---------------------------------------------------------------------

TOO_LARGE = "it is larger than 4 MiB, the largest spec remikc reads"


def _padded(size: int, head: str = BASE.read_text(encoding="utf-8")) -> bytes:
    """`head`, a sound spec, with comment lines after it up to `size` bytes exactly."""
    data = head.encode("utf-8")
    line = b"# " + b"x" * 97 + b"\n"
    data += line * ((size - len(data)) // len(line))
    return data + b"#" * (size - len(data) - 1) + b"\n"


def test_the_size_limit_is_4_mib():
    assert MAX_SPEC_BYTES == 4 * 1024 * 1024


def test_a_spec_file_up_to_the_limit_is_read_and_one_byte_more_is_e030(tmp_path):
    path = tmp_path / "base.rules"
    path.write_bytes(_padded(MAX_SPEC_BYTES))
    assert run("check", "--no-verify", "-q", str(path)) == (0, "", "")
    path.write_bytes(_padded(MAX_SPEC_BYTES + 1))
    code, _, err = run("check", "--no-verify", str(path))
    assert code == 1
    assert f"error[E030]: cannot read {path}: {TOO_LARGE}\nhint: a spec is a few kilobytes" in err


def test_a_parent_past_the_limit_is_e030_and_its_child_says_so(tmp_path):
    (tmp_path / "base.rules").write_bytes(_padded(MAX_SPEC_BYTES + 1))
    child = house(tmp_path, "rodzinny", "base")
    code, _, err = run("check", "--no-verify", str(child))
    assert code == 1
    assert f"cannot read {tmp_path / 'base.rules'}: {TOO_LARGE}" in err
    assert "error[E017]: the parent variant `base` has errors" in err


def test_a_sparse_3_gib_file_is_refused_without_being_read(tmp_path):
    path = tmp_path / "base.rules"
    with open(path, "wb") as handle:
        handle.truncate(3 * 1024**3)  # no disk used, but 3 GiB to read
    code, _, err = _within(30, "check", "--no-verify", str(path))
    assert code == 1 and f"cannot read {path}: {TOO_LARGE}" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_standard_input_is_read_up_to_the_limit_only():
    """`remikc check - < /dev/zero` used to read until memory ran out; it stops one byte past
    the limit, in a real process reading a real endless input."""
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([sys.executable, "-m", "remikc", "check", "--no-verify", "-"], stdin=zero,
                              capture_output=True, timeout=60, check=False)
    assert done.returncode == 1
    assert f"error[E030]: cannot read <stdin>: {TOO_LARGE}".encode() in done.stderr
    code, _, err = run_with_stdin(_padded(MAX_SPEC_BYTES + 1), "fmt", "-")
    assert code == 1 and f"cannot read <stdin>: {TOO_LARGE}" in err


def test_an_editors_document_past_the_limit_is_e030():
    from remikc.lsp import analysis

    found = analysis.diagnostics("/nowhere/base.rules",
                                 {"/nowhere/base.rules": _padded(MAX_SPEC_BYTES + 1).decode("utf-8")})
    assert [(d.code, d.message) for d in found] == [("E030", f"cannot read /nowhere/base.rules: {TOO_LARGE}")]
    assert analysis.outline("/nowhere/base.rules", _padded(MAX_SPEC_BYTES + 1).decode("utf-8")) == []


# --- empty folder names ----------------------------------------------------------------------


def test_build_out_empty_is_refused(tmp_path, monkeypatch):
    shutil.copy(BASE, tmp_path / "base.rules")
    monkeypatch.chdir(tmp_path)
    code, out, err = run("build", "--out", "", "base.rules")
    assert code == 2 and out == ""
    assert ("remikc: --out '' names no folder: give one, e.g. --out generated (or --out . for "
            "the current folder)") in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base.rules"]


def test_new_dir_empty_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run("new", "mine", "--extends", "remik51", "--dir", "")
    assert code == 2 and "remikc: --dir '' names no folder" in err
    assert list(tmp_path.iterdir()) == []
