"""Shared fixtures: the project's specs, loaded once per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc import ir
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


@pytest.fixture(scope="session")
def workspace() -> Workspace:
    return Workspace()


@pytest.fixture(scope="session")
def load(workspace: Workspace):  # type: ignore[no-untyped-def]
    def _load(variant_id: str) -> ir.Variant:
        return workspace.variant(str(SPECS / f"{variant_id}.rules"))

    return _load


@pytest.fixture(autouse=True)
def _own_proof_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets an empty proof cache of its own (subprocesses inherit it): no test
    reads proofs another test left, whatever order they run in, and none writes
    `.remikc_cache/` into the project's spec folders."""
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(tmp_path_factory.mktemp("proofs")))
