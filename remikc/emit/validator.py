"""`emit_validator(variant, sources) -> str`: the standalone module of a variant.

One file, standard library only: a header naming the spec and the hashes of the spec and of
the runtime, the variant's rules block (remikc/emit/rules.py), then the runtime's modules
inlined (remikc/emit/inline.py).  The output depends on the IR and the spec texts only: no
dates, no absolute paths, the same bytes on every run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from .. import __version__, ir
from .inline import MARKER, runtime
from .render import environment
from .rules import rules_block
from .safe import Code


def source_hash(lineage_texts: Mapping[str, str]) -> str:
    """sha256 over the spec files a variant is built from, base game first."""
    digest = hashlib.sha256()
    for path, text in lineage_texts.items():
        digest.update(path.encode("utf-8") + b"\0" + text.encode("utf-8") + b"\0")
    return "sha256:" + digest.hexdigest()


def emit_validator(variant: ir.Variant, lineage_texts: Mapping[str, str], show: Mapping[str, str]) -> str:
    """The module's source.  `lineage_texts`: each spec file's text, base first; `show`: how
    each spec path is written in the output (relative to the project)."""
    v = variant
    inlined = runtime()
    context = {
        "variant_id": v.id,
        "name": v.name("pl"),
        "version": __version__,
        "source": " <- ".join(show.get(p, p) for p in reversed(list(lineage_texts))),
        "spec_sha256": source_hash({show.get(p, p): t for p, t in lineage_texts.items()}),
        "runtime_sha256": inlined.sha256,
        "imports": inlined.imports,
        "rules": rules_block(v, show),
        "sections": inlined.sections,
        "marker": Code(MARKER),
    }
    return environment().get_template("validator.py.j2").render(context)
