"""The proof cache: an unchanged spec is answered from `.remikc_cache/`, a changed one is
proved again, and nothing about the cache can change a verdict.

Each test has a cache folder of its own (conftest sets `$REMIKC_CACHE_DIR`), so the order
tests run in never matters.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from remikc import driver, proofcache
from remikc.cli import main
from remikc.driver import Verifier, check_paths
from remikc.verify import Status
from remikc.verify.findings import DEFAULT_RLIMIT

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
# A base game and a house variant of it.  The cache works the same whatever the rules say, so the
# pair is the seed game quickest to prove (Karuzela, about 1 s cold where remik_podstawowy takes 4:
# its `deal.ends`), and a one-rule house variant of it; every test here proves the pair cold at least once.
PAIR = ("karuzela", "karuzela_as")
HOUSE = """\
# A house rule of Karuzela: an ace left in hand counts 15, not 1.
variant karuzela_as extends "karuzela" {
  name pl "Karuzela: as za 15"
  name hr "Vrtuljak: as za 15"

  values {
    override A 15
  }
}
"""


@pytest.fixture
def specs(tmp_path: Path) -> Path:
    folder = tmp_path / "specs"
    folder.mkdir()
    shutil.copy(SPECS / "karuzela.rules", folder / "karuzela.rules")
    (folder / "karuzela_as.rules").write_text(HOUSE, encoding="utf-8")
    return folder


def _proved(folder: Path, monkeypatch: pytest.MonkeyPatch, **options: object) -> tuple[dict, list[str]]:
    """Verify every spec in `folder` with the cache on: the reports, and the specs proved afresh."""
    proved: list[str] = []
    real = driver._verify_one

    def counting(path: str, *args: object) -> object:
        proved.append(Path(path).stem)
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(driver, "_verify_one", counting)
    run = check_paths([str(folder)], cache=True)
    verifier = Verifier(run.workspace, jobs=1, cache=True, **options)  # type: ignore[arg-type]
    done = verifier.reports([(r.path, r.variant) for r in run.results])
    return {Path(p).stem: r for p, r in done.items()}, sorted(proved)


def _plain(report) -> list[tuple[object, ...]]:
    return [(f.check, f.status, f.summary, f.details, [(r.id, r.span.line) for r in f.rules])
            for f in report.findings]


def test_an_unchanged_spec_is_not_proved_again(specs, monkeypatch):
    first, proved = _proved(specs, monkeypatch)
    assert proved == sorted(PAIR)
    again, proved = _proved(specs, monkeypatch)
    assert proved == []
    for name in PAIR:
        assert _plain(again[name]) == _plain(first[name])


def test_a_changed_house_variant_alone_is_proved_again(specs, monkeypatch):
    _proved(specs, monkeypatch)
    house = specs / "karuzela_as.rules"
    house.write_text(house.read_text(encoding="utf-8").replace("15", "14"), encoding="utf-8")
    _, proved = _proved(specs, monkeypatch)
    assert proved == ["karuzela_as"]


def test_a_changed_parent_proves_its_house_variant_again(specs, monkeypatch):
    """The house variant's file is untouched, but its resolved rules (and `house.keeps`, which
    compares it with the parent) depend on the parent."""
    _proved(specs, monkeypatch)
    base = specs / "karuzela.rules"
    text = base.read_text(encoding="utf-8")
    base.write_text("# a comment moves every line down by one\n" + text, encoding="utf-8")
    reports, proved = _proved(specs, monkeypatch)
    assert proved == sorted(PAIR)
    # the lines a finding names are those of the edited file, not the cached ones
    before = {r.id: r.span.line for r in check_paths([str(SPECS / "karuzela.rules")])
              .results[0].variant.rules}
    after = {r.id: r.span.line for r in reports["karuzela"].variant.rules}
    assert all(after[k] == before[k] + 1 for k in before if before[k] > 0 and k in after)


def test_a_spec_named_another_way_is_the_same_question(specs, monkeypatch):
    """`specs/x.rules`, `./specs/x.rules` and the absolute path are one file: the second and
    third runs are answered from the cache, and each names the file as its command line spelt it."""
    monkeypatch.chdir(specs.parent)
    proved: list[str] = []
    real = driver._verify_one
    monkeypatch.setattr(driver, "_verify_one", lambda path, *a: proved.append(path) or real(path, *a))
    outputs = {}
    spellings = ("specs/karuzela_as.rules", "./specs/karuzela_as.rules", str(specs / "karuzela_as.rules"))
    for spelling in spellings:
        out = io.StringIO()
        assert main(["check", "--jobs", "1", spelling], out, io.StringIO()) == 0
        outputs[spelling] = out.getvalue()
    assert proved == ["specs/karuzela.rules", "specs/karuzela_as.rules"]  # the first run's alone
    for spelling, text in outputs.items():
        assert text.startswith(f"karuzela_as  {spelling}\n"), text
        assert text.replace(spelling, "SPEC") == outputs["specs/karuzela_as.rules"].replace(
            "specs/karuzela_as.rules", "SPEC")


def test_another_work_limit_is_another_question(specs, monkeypatch):
    _proved(specs, monkeypatch)
    _, proved = _proved(specs, monkeypatch, rlimit=50)
    assert proved == sorted(PAIR)


def test_no_cache_neither_reads_nor_writes(specs, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    assert main(["check", "--no-cache", "--jobs", "1", str(specs)], io.StringIO(), io.StringIO()) == 0
    assert not cache.exists()
    assert main(["check", "--jobs", "1", str(specs)], io.StringIO(), io.StringIO()) == 0
    written = sorted(p.name for p in cache.iterdir())
    assert len([n for n in written if n.startswith("ir-")]) == 2  # the two specs' IR
    assert len([n for n in written if not n.startswith("ir-")]) == 2  # and their two reports


def test_the_cached_answer_prints_the_same(specs):
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        assert main(["check", "--jobs", "1", str(specs)], out, io.StringIO()) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1] and "✓ house.keeps" in outputs[0]


def test_timings_of_a_cached_report_say_it_was_cached(specs):
    """A report read from the cache took no solver time this run: `--timings` says where it came
    from instead of printing 0 ms for every check, and its JSON says `"cached": true`."""
    spec = str(specs / "karuzela.rules")

    def check(*options: str) -> str:
        out = io.StringIO()
        assert main(["check", "--jobs", "1", "--timings", *options, spec], out, io.StringIO()) == 0
        return out.getvalue()

    proved, cached = (json.loads(check("--format", "json"))["files"][0]["verification"] for _ in range(2))
    assert (proved["cached"], cached["cached"]) == (False, True)
    assert all("seconds" in f for f in proved["checks"]) and not any("seconds" in f for f in cached["checks"])
    fresh, kept = check("--no-cache"), check()
    assert fresh.startswith(f"karuzela  {spec}\n") and " ms]\n" in fresh
    assert kept.startswith(f"karuzela  {spec}  [from the proof cache]\n") and " ms]" not in kept
    assert kept.replace("  [from the proof cache]", "") == re.sub(r"  \[\d+ ms\]", "", fresh)


def test_a_broken_or_foreign_entry_is_a_miss_not_a_verdict(specs, tmp_path, monkeypatch):
    """Entries are JSON: a truncated file, pickle bytes, or an entry that claims a ✗ under
    another key are all ignored, and the spec is proved again."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    first, _ = _proved(specs, monkeypatch)
    entries = sorted(p for p in cache.iterdir() if not p.name.startswith("ir-"))
    entries[0].write_bytes(b"\x80\x04\x95 pickled")
    data = json.loads(entries[1].read_text(encoding="utf-8"))
    data["key"] = "0" * 64
    data["findings"][0]["status"] = "violated"
    entries[1].write_text(json.dumps(data), encoding="utf-8")
    for ir_entry in cache.glob("ir-*.json"):
        ir_entry.write_text('{"format": 1, "path"', encoding="utf-8")  # cut short
    again, proved = _proved(specs, monkeypatch)
    assert proved == sorted(PAIR)
    for name in PAIR:
        assert _plain(again[name]) == _plain(first[name])
        assert again[name].count(Status.VIOLATED) == 0


def test_an_ir_entry_builds_nothing_but_ir_types(specs, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    path = str(specs / "karuzela.rules")
    check_paths([path], cache=True)
    (entry,) = cache.glob("ir-*.json")
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["variant"] = {"t": "os.system", "f": {"command": "echo no"}}
    entry.write_text(json.dumps(data), encoding="utf-8")
    assert proofcache.load_variant(path) is None


def test_the_ir_fast_path_follows_every_file_a_spec_is_built_from(specs, monkeypatch):
    house = str(specs / "karuzela_as.rules")
    fresh = check_paths([house], cache=True).results[0].variant
    assert proofcache.load_variant(house) == fresh
    parent = specs / "karuzela.rules"
    text = parent.read_text(encoding="utf-8")
    parent.write_text(text + "\n", encoding="utf-8")
    assert proofcache.load_variant(house) is None  # the parent changed
    # read again, it now differs from the shipped seed spec of that name: a W001 warning, so
    # its IR is not kept (a cached answer could not repeat the warning)
    again = check_paths([house], cache=True).results[0]
    assert [d.code for d in again.diagnostics] == ["W001"]
    assert proofcache.load_variant(house) is None
    parent.write_text(text, encoding="utf-8")
    assert proofcache.load_variant(house) == fresh  # the same bytes as when it was kept
    os.remove(parent)  # `extends` no longer finds the same file: the shipped seed spec now
    assert proofcache.load_variant(house) is None


def test_entries_beside_the_specs_by_default_with_the_users_umask(specs, monkeypatch):
    monkeypatch.delenv("REMIKC_CACHE_DIR")
    proofcache_mode = proofcache.write_atomic.__module__
    assert proofcache_mode == "remikc.atomic"
    from remikc import atomic as output

    output.file_mode.cache_clear()
    old = os.umask(0o027)
    try:
        assert main(["check", "--jobs", "1", str(specs)], io.StringIO(), io.StringIO()) == 0
    finally:
        os.umask(old)
        output.file_mode.cache_clear()
    folder = specs / ".remikc_cache"
    entries = list(folder.glob("*.json"))
    assert len(entries) == 4
    assert {e.stat().st_mode & 0o777 for e in entries} == {0o640}
    out = io.StringIO()
    assert main(["cache", "clear", str(specs)], out, io.StringIO()) == 0
    assert not folder.exists() and "cleared" in out.getvalue()
    assert main(["cache", "clear", str(specs)], out, io.StringIO()) == 0
    assert "no proof cache to clear" in out.getvalue()


def test_two_runs_sharing_the_cache_agree(specs, tmp_path):
    """Two processes started together on one empty cache both write every entry; each reads
    whole files only, and both print what a run without the cache prints."""
    env = {**os.environ, "REMIKC_CACHE_DIR": str(tmp_path / "shared")}
    command = [sys.executable, "-m", "remikc", "check", "--jobs", "1", str(specs)]
    runs = [subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True, encoding="utf-8")
            for _ in range(2)]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    plain = subprocess.run([*command, "--no-cache"], env=env, stdout=subprocess.PIPE, text=True,
                           encoding="utf-8", check=True, timeout=300).stdout
    assert outputs == [plain, plain]
    later = subprocess.run(command, env=env, stdout=subprocess.PIPE, text=True, encoding="utf-8",
                           check=True, timeout=300).stdout
    assert later == plain
    assert not list((tmp_path / "shared").glob(".*.tmp"))  # no half-written file left behind


def test_other_remikc_code_is_another_question(specs, monkeypatch):
    """Between releases the version number stays while the checks change: the key holds a
    digest of remikc's source, so a cache left by other code is not read."""
    _proved(specs, monkeypatch)
    monkeypatch.setattr(proofcache, "code_version", lambda: "0.1.0+another")
    assert proofcache.load_variant(str(specs / "karuzela.rules")) is None
    _, proved = _proved(specs, monkeypatch)
    assert proved == sorted(PAIR)


def test_cache_clear_deletes_only_what_remikc_wrote(specs, tmp_path, monkeypatch):
    cache = tmp_path / "mine"
    cache.mkdir()
    (cache / "notes.json").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    assert main(["check", "--jobs", "1", str(specs)], io.StringIO(), io.StringIO()) == 0
    assert len(list(cache.glob("*.json"))) == 5
    # and the rulebook examples a build keeps
    out = tmp_path / "out"
    assert main(["build", "-q", "--out", str(out), str(specs)], io.StringIO(), io.StringIO()) == 0
    assert len(list(cache.glob("ex-*.json"))) == 2
    assert main(["cache", "clear"], io.StringIO(), io.StringIO()) == 0
    assert [p.name for p in cache.iterdir()] == ["notes.json"]


# --- the rulebook examples `build` keeps -----------------------------------------------------

@pytest.mark.parametrize("variant_id", sorted(p.stem for p in SPECS.glob("*.rules")))
def test_kept_examples_read_back_as_the_solver_found_them(variant_id, seed_examples):
    """Every seed variant's examples (runs, sets, jokers, openings, lay-offs, swaps, hands), kept
    as JSON and read back: the same cards, points and kinds, so a rebuild from the cache prints
    the rulebook a fresh build prints."""
    found = seed_examples(variant_id)
    assert proofcache._examples(json.loads(json.dumps(proofcache._plain_examples(found)))) == found


def _build(folder: Path, out: Path, *options: str) -> int:
    return main(["build", "-q", "--out", str(out), *options, str(folder)], io.StringIO(), io.StringIO())


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_a_rebuild_takes_the_examples_from_the_cache(specs, tmp_path, monkeypatch):
    """The second build of unchanged specs asks the solver for no example and writes the same
    bytes; a changed house variant alone has its examples found again."""
    import remikc.build
    from remikc.verify import witness

    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    assert _build(specs, tmp_path / "a") == 0
    assert len(list(cache.glob("ex-*.json"))) == 2
    found: list[str] = []

    def counting(variant):  # type: ignore[no-untyped-def]
        found.append(variant.id)
        return witness.examples(variant)

    monkeypatch.setattr(remikc.build, "examples", counting)
    assert _build(specs, tmp_path / "b") == 0
    assert found == [] and _files(tmp_path / "b") == _files(tmp_path / "a")
    house = specs / "karuzela_as.rules"
    house.write_text(house.read_text(encoding="utf-8").replace("override A 15", "override A 20"),
                     encoding="utf-8")
    assert _build(specs, tmp_path / "c") == 0
    assert found == ["karuzela_as"]


def test_build_no_cache_and_check_keep_no_examples(specs, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    assert _build(specs, tmp_path / "a", "--no-cache") == 0
    assert not cache.exists()
    # `--check` writes nothing, the cache included (it reads what a build kept)
    assert _build(specs, tmp_path / "a", "--check") == 0
    assert not cache.exists()


# Damages done to each kept entry: what does not read, and what reads but the validator refutes
DAMAGES = {
    "not_cards": lambda e: e["run"].update(cards="7♠ 8♠ X"),
    "no_run": lambda e: e["run"].update(cards="7♠ 9♠ J♠"),  # cards, but no run
    "points_as_text": lambda e: e["run"].update(points="17"),
    "melds_as_text": lambda e: e.update(opening={"melds": "7♠ 8♠ 9♠", "points": 24}),
    "hands_as_a_dict": lambda e: e.update(hands={"a": 1}),
    "no_swap": lambda e: e.pop("swap"),
    # Karuzela's swap: 7♥ JK 9♥ <- 8♥
    "another_meld_after_the_swap": lambda e: e["swap"]["after"].update(cards="2♠ 3♠ 4♠"),
}


def test_a_damaged_examples_entry_is_found_again(specs, tmp_path, monkeypatch):
    """A kept entry that does not read, or reads as a play the generated validator refutes, is
    a miss: the build finds the examples again and prints what a fresh build prints.  One build
    keeps the entries; each damage is done to them as it kept them."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    assert _build(specs, tmp_path / "a") == 0
    assert len(list(cache.glob("ex-*.json"))) == 2
    kept = tmp_path / "kept"
    shutil.copytree(cache, kept)
    fresh = _files(tmp_path / "a")
    for name, damage in DAMAGES.items():
        shutil.rmtree(cache)
        shutil.copytree(kept, cache)
        for entry in cache.glob("ex-*.json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            damage(data["examples"])
            entry.write_text(json.dumps(data), encoding="utf-8")
        assert _build(specs, tmp_path / name) == 0, name
        assert _files(tmp_path / name) == fresh, name


def test_a_shipped_spec_is_cached_in_the_users_cache_folder(tmp_path, monkeypatch):
    """`remikc:specs/...` names no folder of the user's: checking or building a shipped spec
    (with no $REMIKC_CACHE_DIR) writes nothing into the working folder (it used to make a
    `remikc:specs/.remikc_cache/` there).  Its report and examples go to $XDG_CACHE_HOME/remikc,
    so a house variant of a shipped game does not prove its parent on every run."""
    monkeypatch.delenv("REMIKC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    for argv in (["check", "-q"], ["build", "-q", "--out", "g"]):
        assert main([*argv, "remikc:specs/karuzela.rules"], io.StringIO(), io.StringIO()) == 0
    assert sorted(p.name for p in work.iterdir()) == ["g"]
    kept = {p.name[:3] for p in (tmp_path / "xdg" / "remikc").glob("*.json")}
    assert kept >= {"ex-", "ir-"} and len(kept) == 3  # and the report, named by its key alone
    _, proved = _proved(Path("remikc:specs/karuzela.rules"), monkeypatch)
    assert proved == []
    assert main(["cache", "clear"], io.StringIO(), io.StringIO()) == 0
    # the user's key stays: clearing entries forgets no one
    assert [p.name for p in (tmp_path / "xdg" / "remikc").iterdir()] == [proofcache.KEY_FILE]


def test_a_spec_from_stdin_is_cached_in_the_users_cache_folder(specs, tmp_path, monkeypatch):
    """A spec piped in with no `--stdin-filename` lies in no folder: its report goes to
    $XDG_CACHE_HOME/remikc, not into whatever folder the command ran in (it used to make a
    `.remikc_cache/` there), and the next run is answered from it."""
    monkeypatch.delenv("REMIKC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    text = (specs / "karuzela.rules").read_bytes()
    for _ in range(2):
        out = io.StringIO()
        assert main(["check", "--timings", "-"], out, io.StringIO(), io.BytesIO(text)) == 0
    assert list(work.iterdir()) == []
    assert len(list((tmp_path / "xdg" / "remikc").glob("*.json"))) == 1
    assert "[from the proof cache]" in out.getvalue()


def test_cache_clear_clears_what_it_names_and_nothing_else(specs, tmp_path, monkeypatch):
    """A mistyped path is a usage error that clears nothing (it used to clear every cache below
    the folder the path would have been in, and the shipped seeds'); a spec file clears the
    folder beside it, a folder the caches in it and below, `remikc:specs` the shipped seeds'."""
    monkeypatch.delenv("REMIKC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.chdir(tmp_path)
    inner = specs / "house"
    inner.mkdir()
    shutil.move(specs / "karuzela_as.rules", inner / "karuzela_as.rules")
    shutil.copy(specs / "karuzela.rules", inner / "karuzela.rules")
    shipped = tmp_path / "xdg" / "remikc"

    def fill() -> None:
        for path in ("specs/karuzela.rules", "specs/house/karuzela_as.rules", "remikc:specs/karuzela.rules"):
            assert main(["check", "-q", "--jobs", "1", path], io.StringIO(), io.StringIO()) == 0

    def kept() -> list[str]:  # the folders holding entries (the user's key is no entry)
        return sorted(str(p.relative_to(tmp_path)) for p in (specs, inner, shipped.parent)
                      for p in [p / ".remikc_cache" if p != shipped.parent else shipped]
                      if p.exists() and any(p.glob("*.json")))

    fill()
    everything = ["specs/.remikc_cache", "specs/house/.remikc_cache", "xdg/remikc"]
    assert kept() == everything
    for typo in ("nope", "specs/karuzla.rules"):
        err = io.StringIO()
        assert main(["cache", "clear", typo], io.StringIO(), err) == 2
        assert err.getvalue() == f"remikc: no such file or folder: {typo}\n"
    assert kept() == everything
    assert main(["cache", "clear", "specs/karuzela.rules"], io.StringIO(), io.StringIO()) == 0
    assert kept() == everything[1:]
    fill()
    assert main(["cache", "clear", "specs"], io.StringIO(), io.StringIO()) == 0
    assert kept() == ["xdg/remikc"]
    assert main(["cache", "clear", "remikc:specs"], io.StringIO(), io.StringIO()) == 0
    assert kept() == []
    fill()
    assert main(["cache", "clear"], io.StringIO(), io.StringIO()) == 0  # here, and the shipped seeds'
    assert kept() == []


def test_a_cache_entry_nested_past_the_recursion_limit_is_a_miss(specs, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    assert _build(specs, tmp_path / "a") == 0
    _proved(specs, monkeypatch)
    for entry in cache.glob("*.json"):
        text = entry.read_text(encoding="utf-8")
        entry.write_text(text[:text.rindex("}")] + ', "pad": ' + "[" * 50_000 + "]" * 50_000 + "}",
                         encoding="utf-8")
    # a report entry is a miss: proved again (the build, which verifies first, would prove it too)
    _, proved = _proved(specs, monkeypatch)
    assert sorted(proved) == list(PAIR)
    # and so is an examples entry: found again, the same bytes built
    assert _build(specs, tmp_path / "b") == 0
    assert _files(tmp_path / "b") == _files(tmp_path / "a")


# --- entries vouched for by the user's key ---------------------------------------------------

FIVE = """\
# A house rule of Karuzela that breaks a check its parent passes: sets of five, of four suits.
variant karuzela_piec extends "karuzela" {
  name pl "Karuzela: grupy do pięciu"
  name hr "Vrtuljak: grupe do pet"
  set {
    override size 3..5
  }
}
"""


def _leaves(value: object, at: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """The place of every value in a JSON document that holds no other (an empty list too)."""
    if isinstance(value, dict) and value:
        return [p for k, v in value.items() for p in _leaves(v, (*at, k))]
    if isinstance(value, list) and value:
        return [p for i, v in enumerate(value) for p in _leaves(v, (*at, i))]
    return [at]


def _flipped(data: object, at: tuple[object, ...]) -> object:
    """A copy of `data` with the value at `at` changed: a text, a number, a yes or no, an empty
    list, each into another of its kind (null into 0)."""
    copy = json.loads(json.dumps(data))
    holder = copy
    for step in at[:-1]:
        holder = holder[step]
    value = holder[at[-1]]
    holder[at[-1]] = (not value if isinstance(value, bool) else value + 1 if isinstance(value, int)
                      else value + "!" if isinstance(value, str) else [0] if value == [] else 0)
    return copy


def _every_field_flipped_is_refused(entry: Path, used: object) -> int:
    """Change each field of `entry` in turn (the `mac` too) and call `used()`, which must say the
    entry was not used; the untouched entry, written out another way, must still be used."""
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps(data, indent=3, sort_keys=True), encoding="utf-8")
    assert used(), "the untouched entry is used, however it is laid out"
    places = _leaves(data)
    for at in places:
        entry.write_text(json.dumps(_flipped(data, at), ensure_ascii=False), encoding="utf-8")
        assert not used(), f"{entry.name} with {'/'.join(map(str, at))} changed was used"
    entry.write_text(json.dumps({**data, "also": 1}), encoding="utf-8")
    assert not used(), "a field added was used"
    return len(places)


def test_every_field_of_every_kind_of_entry_is_vouched_for(specs, tmp_path, monkeypatch):
    """A cache folder may come with a spec: a report edited from ✗ to ✓, an IR whose rules say
    what the spec does not (`min_points 51` -> 5), or a rulebook example that is no play must
    not be believed.  Each field of a report, an IR and an examples entry is changed in turn,
    and each time the entry is refused."""
    from remikc.verify.witness import examples

    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    spec = str(specs / "karuzela.rules")
    reports, _ = _proved(specs, monkeypatch)
    variant = reports["karuzela"].variant
    proofcache.store_examples(spec, variant, examples(variant))
    report_key = proofcache.key(variant, DEFAULT_RLIMIT, None)
    (ir_entry,) = [e for e in cache.glob("ir-*.json")
                   if json.loads(e.read_text(encoding="utf-8"))["path"] == spec]
    counted = {
        "report": _every_field_flipped_is_refused(
            cache / f"{report_key}.json", lambda: proofcache.ProofCache().load(spec, variant, report_key)),
        "ir": _every_field_flipped_is_refused(ir_entry, lambda: proofcache.load_variant(spec)),
        "examples": _every_field_flipped_is_refused(
            cache / f"ex-{proofcache.examples_key(variant)}.json",
            lambda: proofcache.load_examples(spec, variant)),
    }
    # every finding, every rule of the IR and every example was in it: not a handful of fields
    assert counted["report"] > 100 and counted["ir"] > 1000 and counted["examples"] > 20, counted


def test_a_report_edited_to_proved_is_proved_again_and_v_says_so(specs, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    (specs / "karuzela_piec.rules").write_text(FIVE, encoding="utf-8")
    spec = str(specs / "karuzela_piec.rules")

    def check(*options: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        code = main(["check", "--jobs", "1", *options, spec], out, err)
        return code, out.getvalue(), err.getvalue()

    code, fresh, _ = check()
    assert code == 1 and "✗ house.keeps" in fresh
    edited = 0
    for entry in cache.glob("[0-9a-f]*.json"):
        text = entry.read_text(encoding="utf-8")
        if '"violated"' in text:
            entry.write_text(text.replace('"violated"', '"proved"'), encoding="utf-8")
            edited += 1
    assert edited == 1
    code, again, err = check("-v")
    assert code == 1 and "✗ house.keeps" in again
    assert re.search(r"^remikc: ignored the proof cache entry \S+\.json: it fails its check", err, re.M), err


def test_entries_written_under_another_users_key_are_not_used(specs, tmp_path, monkeypatch):
    """Another user's (or machine's) entries were sealed with their key: this user's refuses
    them, and the checks are proved again."""
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(tmp_path / "shared"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "theirs"))
    _proved(specs, monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "mine"))
    _, proved = _proved(specs, monkeypatch)
    assert proved == sorted(PAIR)
    assert proofcache.load_variant(str(specs / "karuzela.rules")) is not None  # now under mine


def test_the_key_is_the_users_own_and_made_once(tmp_path, monkeypatch):
    """The key lives in the user's cache folder, never in $REMIKC_CACHE_DIR (a shared folder),
    readable by the user alone; processes making it at the same moment all get the one key."""
    import threading

    shared = tmp_path / "shared"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    start = threading.Barrier(8)
    keys: list[bytes | None] = []

    def make() -> None:
        start.wait()
        keys.append(proofcache.user_key())

    threads = [threading.Thread(target=make) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    folder = tmp_path / "xdg" / "remikc"
    assert len(set(keys)) == 1 and keys[0] is not None and len(keys[0]) == 32
    assert [p.name for p in folder.iterdir()] == [proofcache.KEY_FILE]  # no temporary left
    assert (folder / proofcache.KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert not shared.exists()
    assert proofcache.user_key() == keys[0]


@pytest.mark.parametrize("spoil", ["readable", "link", "short"])
def test_a_key_others_could_know_turns_the_cache_off(specs, tmp_path, monkeypatch, spoil):
    """A key file others may read, a link (to a file someone else chose) or no key remikc made
    is not used, nor replaced: the cache is off, and `-v` says why."""
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    key = tmp_path / "xdg" / "remikc" / proofcache.KEY_FILE
    assert proofcache.user_key() is not None
    if spoil == "readable":
        key.chmod(0o644)
    elif spoil == "link":
        elsewhere = tmp_path / "known"
        elsewhere.write_bytes(b"k" * 32)
        elsewhere.chmod(0o600)
        key.unlink()
        key.symlink_to(elsewhere)
    else:
        key.write_bytes(b"short")
    assert proofcache.user_key() is None
    err = io.StringIO()
    assert main(["check", "-v", "--jobs", "1", str(specs / "karuzela.rules")], io.StringIO(), err) == 0
    assert err.getvalue().count(f"remikc: the proof cache is off: its key {key} cannot be used (") == 1
    assert not (tmp_path / "cache").exists()  # nothing written either


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_under_an_entrys_name_is_not_waited_on(specs, tmp_path, monkeypatch):
    """A cache folder shipped as an archive may hold a named pipe where an entry goes: reading
    it would wait for a writer for ever.  It is ignored (`-v` says why) and the spec checked."""
    import threading

    cache = tmp_path / "cache"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    spec = str(specs / "karuzela.rules")
    check_paths([spec], cache=True)
    (entry,) = cache.glob("ir-*.json")
    entry.unlink()
    os.mkfifo(entry)
    result: list[tuple[int, str]] = []

    def check() -> None:
        err = io.StringIO()
        result.append((main(["check", "-v", "--no-verify", spec], io.StringIO(), err), err.getvalue()))

    worker = threading.Thread(target=check, daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():
        os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))  # let it go, then fail
        worker.join(10)
        pytest.fail("check waited on a named pipe in the proof cache")
    ((code, err),) = result
    assert code == 0
    assert f"remikc: ignored the proof cache entry {entry}: it is no regular file" in err
