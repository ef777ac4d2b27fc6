"""A rulebook as an A4 PDF, `to_pdf(html) -> bytes`, through WeasyPrint (`remikc[pdf]`).

The PDF is the HTML rulebook as its print stylesheet lays it out (A4 `@page`), so what a
printer gives and what the PDF holds are the same pages.  WeasyPrint is an optional extra:
it needs Pango from the system (Debian: `libpango-1.0-0 libpangoft2-1.0-0`), which a plain
`pip install remikc` should not demand.  Its bytes are the same for the same input on one
machine, but they depend on the fonts installed, so PDFs are not part of `generated/` and
`build --check` does not compare them (docs/rulebooks.md).
"""

from __future__ import annotations

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
    pdf: bytes = weasyprint.HTML(string=html).write_pdf()
    return pdf
