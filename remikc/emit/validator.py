"""`emit_validator(variant, digests, show) -> str`: the standalone module of a variant.

One file, standard library only: a header naming the spec files with the sha256 of each
one's bytes (what `sha256sum` prints) and the hash of the runtime, the variant's rules block
(remikc/emit/rules.py), then the runtime's modules inlined (remikc/emit/inline.py).  The
output depends on the IR and the spec files only: no dates, no absolute paths, the same bytes
on every run.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import __version__, ir
from .inline import MARKER, runtime
from .render import environment
from .rules import rules_block
from .safe import Code, docstring


def emit_validator(variant: ir.Variant, lineage_digests: Mapping[str, str],
                   show: Mapping[str, str]) -> str:
    """The module's source.  `lineage_digests`: the sha256 of each spec file's bytes (as
    `sha256sum` prints it), base first; `show`: how each spec path is written in the output
    (relative to the project)."""
    v = variant
    inlined = runtime()
    context = {
        "variant_id": v.id,
        "name": v.name("pl"),
        "version": __version__,
        "source": " <- ".join(show.get(p, p) for p in reversed(list(lineage_digests))),
        # the file first, then its parents: `sha256sum`'s own layout, `<hex>  <path>`
        "spec_sha256": [_digest_lines(lineage_digests[p], show.get(p, p))
                        for p in reversed(list(lineage_digests))],
        "runtime_sha256": inlined.sha256,
        "imports": inlined.imports,
        "rules": rules_block(v, show),
        "sections": inlined.sections,
        "marker": Code(MARKER),
    }
    return environment().get_template("validator.py.j2").render(context)


def _digest_lines(digest: str, path: str) -> list[str]:
    """A spec file's digest line, `sha256sum`'s `<hex>  <path>`; a path too long for one
    line of the module (its ruff limit, 110) goes on the next, indented."""
    line = f"Spec sha256: {digest}  {path}"
    return [line] if len(docstring(line)) <= 110 else [f"Spec sha256: {digest}", f"    {path}"]
