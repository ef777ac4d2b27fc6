"""House variants made in a test: a delta of a real spec, read through the real `extends`
machinery (the parent is copied next to the delta, as a user's folder would hold it)."""

from __future__ import annotations

import shutil
import types
from pathlib import Path

from remikc import ir
from remikc.build import load_module, validator_source
from remikc.spec.consistency import check_consistency
from remikc.spec.workspace import Workspace

SPECS = Path(__file__).resolve().parent.parent / "specs"


def house_variant(folder: Path, variant_id: str, parent: str,
                  body: str) -> tuple[ir.Variant, types.ModuleType]:
    """The variant `variant_id extends parent { body }` and its generated module."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(SPECS / f"{parent}.rules", folder / f"{parent}.rules")
    path = folder / f"{variant_id}.rules"
    path.write_text(f'variant {variant_id} extends "{parent}" {{\n  name pl "{variant_id}"\n'
                    f'  name hr "{variant_id}"\n{body}\n}}\n', encoding="utf-8")
    workspace = Workspace()
    v = workspace.variant(str(path))
    found = check_consistency(v)
    assert not found, [d.message for d in found]
    return v, load_module(v.id, validator_source(v, workspace))
