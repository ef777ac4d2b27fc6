"""remikc as a user gets it: the sdist built from this tree, the wheel built from that sdist,
installed (not editable) into a fresh environment, run from an empty folder.

Everything is offline: the sdist and the wheel are built with the setuptools of the test
environment (no build isolation), the wheel is installed with `--no-index --no-deps`, and the
new environment sees the dependencies (lark, z3, jinja2, babel) through a .pth file naming
the folders this interpreter imports them from; remikc itself only from the wheel."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from remikc import __version__

ROOT = Path(__file__).resolve().parent.parent
SEEDS = sorted(p.name for p in (ROOT / "specs").glob("*.rules"))
DEPENDENCIES = ("lark", "z3", "jinja2", "markupsafe", "babel")


def _run(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None,
         ok: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=600, check=False)
    if ok:
        assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
    return done


def _hook(hook: str, source: Path, out: Path) -> Path:
    """Run a PEP 517 hook of setuptools in `source`; the file it made in `out`."""
    out.mkdir(exist_ok=True)
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(out)!r}))"
    done = _run(sys.executable, "-c", code, cwd=source)
    return out / done.stdout.strip().splitlines()[-1]


def _home(module: str) -> str:
    """The sys.path entry this interpreter imports `module` from."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    depth = 2 if spec.submodule_search_locations else 1
    return str(Path(spec.origin).parents[depth - 1])


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> tuple[Path, Path]:
    """(sdist, wheel): the sdist from a copy of this tree, the wheel from the unpacked sdist,
    as `python -m build` makes them."""
    pytest.importorskip("setuptools")
    tmp = tmp_path_factory.mktemp("dist")
    source = tmp / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))
    sdist = _hook("build_sdist", source, tmp / "out")
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+, 3.11.4+
            archive.extractall(tmp / "unpacked", filter="data")
        else:
            archive.extractall(tmp / "unpacked")
    [unpacked] = (tmp / "unpacked").iterdir()
    wheel = _hook("build_wheel", unpacked, tmp / "out")
    return sdist, wheel


def test_the_sdist_carries_what_the_tests_read(dists):
    sdist, _ = dists
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted = {"LICENSE", "README.md", "pyproject.toml", ".ci/run", "docs/dsl.md",
              "tests/conftest.py", "tests/test_package.py", "tests/specs/malformed/base.rules",
              "generated/remik51/validator.py", "generated/remik51/validator.mjs",
              "generated/remik51/validator.d.ts", "tests/web.py", "remikc/spec/grammar.lark",
              "specs/__init__.py"}
    wanted |= {f"specs/{name}" for name in SEEDS}
    assert wanted <= names, wanted - names
    assert not [n for n in names if "__pycache__" in n or n.startswith((".venv", ".git/"))]


def test_the_wheel_carries_the_data_files(dists):
    _, wheel = dists
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"remikc-{__version__}.dist-info/METADATA").decode("utf-8")
    templates = {f"remikc/templates/{p.name}" for p in (ROOT / "remikc" / "templates").glob("*.j2")}
    templates |= {"remikc/templates/rulebook.css"}
    templates |= {f"remikc/runtime_js/{p.name}" for p in (ROOT / "remikc" / "runtime_js").glob("*.mjs")}
    wanted = {"remikc/spec/grammar.lark", "remikc/py.typed", "remikc/wording/pl.py", "remikc/wording/hr.py",
              "remikc/specs/__init__.py", f"remikc-{__version__}.dist-info/licenses/LICENSE"}
    wanted |= templates | {f"remikc/specs/{name}" for name in SEEDS}
    assert templates and wanted <= names, wanted - names
    assert not [n for n in names if n.startswith(("tests/", "specs/", "generated/"))]
    assert "License-Expression: MIT" in metadata.splitlines()


@pytest.fixture(scope="module")
def installed(dists, tmp_path_factory) -> Path:
    """A fresh environment with the wheel installed; its bin/ folder."""
    _, wheel = dists
    venv = tmp_path_factory.mktemp("venv")
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=venv)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
         "--no-deps", "--no-cache-dir", wheel, cwd=venv)
    site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=venv)
    homes = sorted({_home(module) for module in DEPENDENCIES})
    (Path(site.stdout.strip()) / "remikc_test_dependencies.pth").write_text(
        "\n".join(homes) + "\n", encoding="utf-8")
    return python.parent


def test_installed_from_the_wheel_it_works_from_an_empty_folder(installed, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    remikc = installed / "remikc"
    work = tmp_path / "work"
    work.mkdir()

    def remikc_run(*argv: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        return _run(remikc, *argv, cwd=work, env=env, ok=ok)

    where = _run(installed / "python", "-c", "import remikc; print(remikc.__file__)", cwd=work, env=env)
    assert Path(where.stdout.strip()).is_relative_to(installed.parent)  # the wheel, not this tree

    listed = remikc_run("list")
    assert listed.stdout.splitlines()[0] == "seed variants shipped with remikc (remikc:specs):"
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == [
        name.removesuffix(".rules") for name in SEEDS]

    made = remikc_run("new", "moj", "--extends", "remik51", "--dir", "specs")
    # specs/ was not there: `new` made it, and says so
    assert made.stdout.startswith("wrote specs/moj.rules (in specs, a new folder): a house variant of "
                                  "remik51 (shipped with remikc: remikc:specs/remik51.rules)")
    assert [p.relative_to(work).as_posix() for p in work.rglob("*")] == ["specs", "specs/moj.rules"]
    child = work / "specs" / "moj.rules"
    text = child.read_text(encoding="utf-8")
    assert 'variant moj extends "remik51" {' in text and "# override went_out -40\n" in text
    child.write_text(text.replace("# override went_out -40", "override went_out -60"), encoding="utf-8")

    checked = remikc_run("check", "specs/moj.rules")
    # standard error, a pipe here, holds the plain progress lines (the parent first) and nothing else
    assert [line.rsplit(": ", 1)[0] for line in checked.stderr.splitlines()] == [
        "remikc: [1/2] remikc:specs/remik51.rules", "remikc: [2/2] specs/moj.rules"]
    assert "✓ house.keeps" in checked.stdout
    assert checked.stdout.splitlines()[-1] == \
        "1 spec(s): 0 with errors, 0 with violated checks, 0 check(s) undecided"

    compared = remikc_run("diff", "remikc:specs/remik51.rules", "specs/moj.rules")
    assert "went_out" in compared.stdout and "-40" in compared.stdout and "-60" in compared.stdout

    played = remikc_run("simulate", "specs/moj.rules", "--games", "2")
    assert played.stdout.startswith("2 games, 2 players, seed 1")

    built = remikc_run("build", "specs/moj.rules")
    # the module, its package, its JavaScript twin and types, 4 rulebooks
    assert built.stdout.startswith("built 8 file(s) in generated")
    validator = work / "generated" / "moj" / "validator.py"
    source = validator.read_text(encoding="utf-8")
    assert "Spec: specs/moj.rules <- remikc:specs/remik51.rules\n" in source
    assert str(installed.parent) not in source and "site-packages" not in source
    verdict = _run(installed / "python", "-c", "import validator; "
                   "print(validator.check_meld('Q♥ K♥ A♥ 2♥').ok, validator.hand_value('A♥'))",
                   cwd=validator.parent, env=env)
    assert verdict.stdout.split() == ["False", "10"]

    # and a mistake still gets its place, caret and hint
    child.write_text(text.replace("  name pl", "  nme pl", 1), encoding="utf-8")
    broken = remikc_run("check", "--no-verify", "specs/moj.rules", ok=False)
    assert broken.returncode == 1 and broken.stderr.startswith("specs/moj.rules:")
