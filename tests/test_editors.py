"""The editor tooling's scripts, run as a user runs them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(os.name != "posix" or shutil.which("bash") is None, reason="a bash script")
def test_pack_vscode_says_what_it_needs_and_installs_nothing(tmp_path: Path):
    """Without node and npm the script says so and stops; it never reaches for the system's
    package manager (an `apt-get` that only leaves a mark stands in for it)."""
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("bash", "dirname", "sed", "realpath", "mktemp", "rm", "mkdir", "cp", "id"):
        found = shutil.which(tool)
        if found is not None:
            (tools / tool).symlink_to(found)
    marker = tmp_path / "apt-get ran"
    for manager in ("apt-get", "sudo"):
        (tools / manager).write_text(f"#!{shutil.which('bash')}\necho > '{marker}'\n", encoding="utf-8")
        (tools / manager).chmod(0o755)
    script = ROOT / "editors" / "pack-vscode"
    run = subprocess.run([str(tools / "bash"), str(script), str(tmp_path / "x.vsix")],
                         env={"PATH": str(tools), "HOME": str(tmp_path)}, capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.startswith("pack-vscode: needs Node.js (20 or newer) and npm; node npm not found")
    assert "apt-get install nodejs npm" in run.stderr  # the way to get them, said, not done
    assert not marker.exists() and not (tmp_path / "x.vsix").exists()
