"""A rulebook as an A4 PDF, `to_pdf(html) -> bytes`, through WeasyPrint (`remikc[pdf]`).

The PDF is the HTML rulebook as its print stylesheet lays it out (A4 `@page`), so what a
printer gives and what the PDF holds are the same pages.  WeasyPrint is an optional extra:
it needs Pango from the system (Debian: `libpango-1.0-0 libpangoft2-1.0-0`), which a plain
`pip install remikc` should not demand.  Its bytes are the same for the same input on one
machine, but they depend on the fonts installed, so PDFs are not part of `generated/` and
`build --check` does not compare them (docs/rulebooks.md).

The same bytes, also where WeasyPrint subsets the fonts with fontTools (when HarfBuzz's subsetter
is missing): fontTools stamps each subset font with the time it was made, unless
`SOURCE_DATE_EPOCH` (https://reproducible-builds.org/specs/source-date-epoch/) says which time
to write.  Where the user has not set it, it is set to 0 while the PDF is written.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from ..diagnostics import RemikcError


class NoPdfRenderer(RemikcError):
    """`--pdf` without the `pdf` extra (or without the Pango it needs)."""


def to_pdf(html: str) -> bytes:
    try:
        import weasyprint  # type: ignore[import-untyped, unused-ignore]
    except (ImportError, OSError) as exc:  # OSError: WeasyPrint found, Pango not
        raise NoPdfRenderer(
            f"remikc: --pdf needs WeasyPrint, which is not usable here ({exc}).\n"
            "Install the extra: pip install 'remikc[pdf]' (on Debian also: apt-get install "
            "libpango-1.0-0 libpangoft2-1.0-0)") from None
    with _source_date():
        pdf: bytes = weasyprint.HTML(string=html).write_pdf()
    return pdf


@contextlib.contextmanager
def _source_date() -> Iterator[None]:
    """`SOURCE_DATE_EPOCH` set meanwhile (to 0, unless the user set it): the time stamped in the
    fonts fontTools subsets, which would otherwise be now."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = "0"
    try:
        yield
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH", None)
