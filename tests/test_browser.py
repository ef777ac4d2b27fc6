"""The HTML rulebooks in a real browser: on a phone and on a desk, and printed.

Every rulebook in generated/ is loaded by headless Chromium at 400 px and at 1200 px, and
nothing may stick out sideways (a page wider than the screen scrolls sideways on a phone);
then printed to PDF by Chromium, where every page must be A4 and every page but the last at
least half full (measured from the PDF: the lowest word on the page, by `pdftotext -bbox`).
The PDFs `remikc build --pdf` writes through WeasyPrint are held to the same rules.

Without Chromium or poppler-utils these tests skip, saying why; when `CI` is set they fail
instead, since .ci/run installs both.
"""

from __future__ import annotations

import html
import itertools
import json
import os
import re
import shutil
import subprocess
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "generated").glob("*/rulebook.*.html"))
WIDTHS = (400, 1200)
A4 = (595.28, 841.89)  # points
BROWSER = next((found for name in ("chromium", "chromium-browser", "google-chrome")
                if (found := shutil.which(name))), None)


def _need(tool: str | None, what: str) -> str:
    """The tool's path; else a skip with the reason, or a failure on CI, which installs it."""
    if tool is None:
        reason = f"{what} is not installed (Debian: apt-get install {what}); .ci/run installs it"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {reason}")
        pytest.skip(reason)
    return tool


def _browser(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    chromium = _need(BROWSER, "chromium")
    # --no-sandbox: CI runs as root; a home of its own: nothing of the user's profile is read
    command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--hide-scrollbars", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", *args]
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=False, env=env)


# --- on a phone and on a desk ---------------------------------------------------------------

# Each rulebook in an iframe of the given width (`srcdoc`: same origin, so the script may look
# inside); once all have loaded, the script writes what sticks out into the page.
_HARNESS = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
{frames}
<pre id="result">waiting</pre>
<script>
window.addEventListener("load", () => {{
  const out = [];
  for (const frame of document.querySelectorAll("iframe")) {{
    const doc = frame.contentDocument.documentElement;
    const width = doc.clientWidth;
    const wide = [...frame.contentDocument.querySelectorAll("body *")]
      .filter(e => e.getBoundingClientRect().right > width + 0.5)
      .map(e => e.tagName + ": " + e.textContent.slice(0, 60));
    out.push({{page: frame.dataset.page, width: +frame.dataset.width,
              client: width, scroll: doc.scrollWidth, wide: wide.slice(0, 3)}});
  }}
  document.getElementById("result").textContent = JSON.stringify(out);
}});
</script></body></html>"""


def test_no_rulebook_scrolls_sideways_on_a_phone_or_a_desk(tmp_path: Path) -> None:
    assert PAGES, "no HTML rulebooks in generated/: run `remikc build specs/`"
    frames = "\n".join(
        f'<iframe data-page="{page.relative_to(ROOT)}" data-width="{width}" '
        f'style="width:{width}px;height:700px;border:0;display:block" '
        f'srcdoc="{html.escape(page.read_text(encoding="utf-8"), quote=True)}"></iframe>'
        for page in PAGES for width in WIDTHS)
    harness = tmp_path / "harness.html"
    harness.write_text(_HARNESS.format(frames=frames), encoding="utf-8")
    run = _browser(tmp_path, "--virtual-time-budget=20000", "--dump-dom", harness.as_uri())
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1) != "waiting", f"the page did not report: {run.stderr[-2000:]}"
    results = json.loads(html.unescape(found.group(1)))
    assert len(results) == len(PAGES) * len(WIDTHS)
    assert {r["width"] for r in results} == set(WIDTHS)
    assert all(r["client"] == r["width"] for r in results)  # the frame really was that wide
    overflowing = [r for r in results if r["scroll"] > r["client"]]
    assert not overflowing, "\n".join(
        f"{r['page']} at {r['width']} px: {r['scroll']} px wide ({'; '.join(r['wide'])})"
        for r in overflowing)


def test_the_measure_sees_a_page_that_does_stick_out(tmp_path: Path) -> None:
    """The harness itself: a run of cards that may not wrap is reported at 400 px."""
    # the page's Content-Security-Policy would refuse the style attribute: taken out here
    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n', "",
                  PAGES[0].read_text(encoding="utf-8"))
    page = page.replace("<body>", '<body><p style="white-space:nowrap">' + "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ " * 12 + "</p>",
                        1)
    frames = (f'<iframe data-page="wide" data-width="400" style="width:400px;height:300px" '
              f'srcdoc="{html.escape(page, quote=True)}"></iframe>')
    harness = tmp_path / "harness.html"
    harness.write_text(_HARNESS.format(frames=frames), encoding="utf-8")
    run = _browser(tmp_path, "--virtual-time-budget=10000", "--dump-dom", harness.as_uri())
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found, run.stderr[-2000:]
    (result,) = json.loads(html.unescape(found.group(1)))
    assert result["scroll"] > result["client"] == 400


# --- printed ----------------------------------------------------------------------------------

def pdf_pages(pdf: Path) -> list[tuple[float, float, float, float]]:
    """Each page of `pdf`: width, height, the top of its highest word, the bottom of its lowest
    (points from the top; a page without words has both 0)."""
    pdftotext = _need(shutil.which("pdftotext"), "poppler-utils")
    text = subprocess.run([pdftotext, "-bbox", str(pdf), "-"], capture_output=True, text=True,
                          timeout=60, check=True).stdout
    pages = []
    for match in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', text, re.S):
        words = [(float(a), float(b)) for a, b in
                 re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"',
                            match.group(3))]
        top = min((w[0] for w in words), default=0.0)
        bottom = max((w[1] for w in words), default=0.0)
        pages.append((float(match.group(1)), float(match.group(2)), top, bottom))
    return pages


def half_full_problems(pages: list[tuple[float, float, float, float]]) -> list[str]:
    """A4, and every page but the last filled at least half way down its printable area (the
    area taken as from the highest first word of any page to as far from the foot)."""
    problems = [f"page {i}: {w:.1f} x {h:.1f} pt, not A4" for i, (w, h, _, _) in enumerate(pages, 1)
                if abs(w - A4[0]) > 1 or abs(h - A4[1]) > 1]
    margin = min(top for _, _, top, _ in pages)
    for i, (_, height, _, bottom) in enumerate(pages[:-1], 1):
        filled = (bottom - margin) / (height - 2 * margin)
        if filled < 0.5:
            problems.append(f"page {i} of {len(pages)} is only {filled:.0%} full")
    return problems


def page_feet(pdf: Path) -> list[str]:
    """The lowest line of text on each page of `pdf` (`pdftotext -bbox-layout`)."""
    pdftotext = _need(shutil.which("pdftotext"), "poppler-utils")
    text = subprocess.run([pdftotext, "-bbox-layout", str(pdf), "-"], capture_output=True, text=True,
                          timeout=60, check=True).stdout
    feet = []
    for page in re.findall(r"<page [^>]*>(.*?)</page>", text, re.S):
        lines = [(float(bottom), " ".join(html.unescape(w) for w in re.findall(r">([^<]*)</word>", words)))
                 for bottom, words in re.findall(r'<line xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" '
                                                  r'yMax="([\d.]+)">(.*?)</line>', page, re.S)]
        feet.append(max(lines)[1] if lines else "")
    return feet


def alone_at_the_foot(feet: list[str], page: str) -> list[str]:
    """Pages but the last whose lowest line is a heading or a table's header row of the HTML
    `page` the PDF was made from: a title with nothing of its own under it."""
    def text(fragment: str) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())

    headings = {text(h) for h in re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", page, re.S)}
    headers = {text(" ".join(re.findall(r"<th[^>]*>(.*?)</th>", row)))
               for row in re.findall(r"<thead>(.*?)</thead>", page, re.S)}
    return [f"page {i} of {len(feet)} ends with {foot!r}" for i, foot in enumerate(feet[:-1], 1)
            if " ".join(foot.split()) in headings | headers]


def test_the_foot_rule_reads_a_page(tmp_path: Path) -> None:
    page = "<h2>Punktacja</h2><table><thead><tr><th>Karta</th><th>Punkty</th></tr></thead></table>"
    assert alone_at_the_foot(["tekst", "Punktacja", "Karta Punkty", "koniec"], page) == [
        "page 2 of 4 ends with 'Punktacja'", "page 3 of 4 ends with 'Karta Punkty'"]
    assert alone_at_the_foot(["tekst", "Punktacja"], page) == []  # the last page may end anyhow


def test_half_full_rule_reads_a_pdf(tmp_path: Path) -> None:
    """The rule itself: A4 pages filled to the foot pass, a page a quarter full does not."""
    full = [(595.28, 841.89, 45.0, 790.0)] * 2 + [(595.28, 841.89, 45.0, 100.0)]
    assert half_full_problems(full) == []
    gap = [(595.28, 841.89, 45.0, 790.0), (595.28, 841.89, 45.0, 230.0), (595.28, 841.89, 45.0, 700.0)]
    assert half_full_problems(gap) == ["page 2 of 3 is only 25% full"]
    letter = [(612.0, 792.0, 45.0, 700.0)]
    assert half_full_problems(letter) == ["page 1: 612.0 x 792.0 pt, not A4"]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT / "generated")) for p in PAGES])
def test_printed_by_the_browser_on_a4_with_no_half_empty_page(tmp_path: Path, page: Path) -> None:
    pdf = tmp_path / "printed.pdf"
    run = _browser(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    assert pdf.exists(), run.stderr[-2000:]
    pages = pdf_pages(pdf)
    assert pages and all(bottom > 0 for *_, bottom in pages), "a page without text"
    assert half_full_problems(pages) == []
    assert alone_at_the_foot(page_feet(pdf), page.read_text(encoding="utf-8")) == []


def test_pdf_build_through_weasyprint(tmp_path: Path) -> None:
    """`remikc build --pdf`: one A4 PDF per rulebook language, the same bytes twice, no page but
    the last under half full, none ending with a heading or a table's header."""
    pytest.importorskip("weasyprint", reason="the `pdf` extra is not installed: pip install 'remikc[pdf]'")
    from remikc.cli import main

    spec = ROOT / "specs" / "remik51_domowy.rules"
    parent = ROOT / "specs" / "remik51.rules"
    for out in ("a", "b"):
        assert main(["build", "--pdf", "--quiet", "--out", str(tmp_path / out), str(parent), str(spec)]) == 0
    pdfs = sorted((tmp_path / "a").rglob("*.pdf"))
    assert [p.relative_to(tmp_path / "a").as_posix() for p in pdfs] == [
        "remik51/rulebook.hr.pdf", "remik51/rulebook.pl.pdf",
        "remik51_domowy/rulebook.hr.pdf", "remik51_domowy/rulebook.pl.pdf"]
    for pdf in pdfs:
        assert pdf.read_bytes() == (tmp_path / "b" / pdf.relative_to(tmp_path / "a")).read_bytes()
        assert half_full_problems(pdf_pages(pdf)) == []
        page = pdf.with_suffix(".html").read_text(encoding="utf-8")
        assert alone_at_the_foot(page_feet(pdf), page) == []


def test_a_pdf_is_the_same_bytes_whenever_it_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where HarfBuzz's subsetter is missing, WeasyPrint subsets the fonts with fontTools, which
    stamps each subset font with the time it was made (two builds under xdist once differed so):
    on that path, two PDFs of a page made 1,000 s apart are the same bytes."""
    pytest.importorskip("weasyprint", reason="the `pdf` extra is not installed: pip install 'remikc[pdf]'")
    import weasyprint.pdf.fonts  # type: ignore[import-untyped, unused-ignore]
    from fontTools.misc import timeTools  # type: ignore[import-untyped, unused-ignore]

    from remikc.emit.pdf import to_pdf

    monkeypatch.setattr(weasyprint.pdf.fonts, "harfbuzz_subset", None)
    clock = itertools.count(1_700_000_000, 1000)
    monkeypatch.setattr(timeTools, "time", types.SimpleNamespace(time=lambda: next(clock)))
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    page = '<html><body><h1>Remik 51</h1><p>Q♥ K♥ A♥ — sekwens, 30 punktów</p></body></html>'
    assert to_pdf(page) == to_pdf(page)


def test_pdf_without_the_extra_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from remikc.cli import main

    monkeypatch.setitem(sys.modules, "weasyprint", None)  # `import weasyprint` fails
    out = tmp_path / "out"
    assert main(["build", "--pdf", "--out", str(out), str(ROOT / "specs" / "remik51.rules")]) == 2
    err = capsys.readouterr().err
    assert "--pdf needs WeasyPrint" in err and "pip install 'remikc[pdf]'" in err
    assert not out.exists()  # refused before any work, nothing written
    assert main(["build", "--pdf", "--check", str(ROOT / "specs" / "remik51.rules")]) == 2


# --- the meld box ---------------------------------------------------------------------------------

# The rulebook from file:// in an iframe (the harness may look inside: --allow-file-access-from-files);
# each meld typed into the box and the button clicked, the verdict read back into the harness.
_BOX_HARNESS = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<iframe id="book" src="{page}" style="width:800px;height:600px"></iframe>
<pre id="result">waiting</pre>
<script>
const melds = {melds};
document.getElementById("book").addEventListener("load", (event) => {{
  const doc = event.target.contentDocument;
  const form = doc.getElementById("meld-check");
  const input = doc.getElementById("meld-check-cards");
  const out = [];
  for (const meld of melds) {{
    input.focus();
    input.value = meld;
    input.dispatchEvent(new Event("input", {{bubbles: true}}));
    form.querySelector("button").click();
    const verdict = doc.getElementById("meld-check-verdict");
    out.push({{meld, shown: !form.hidden, live: verdict.getAttribute("aria-live"), state: verdict.className,
              lines: [...verdict.querySelectorAll("p, li")].map((e) => e.textContent)}});
  }}
  const label = doc.querySelector("label[for=meld-check-cards]").textContent;
  document.getElementById("result").textContent = JSON.stringify({{label, out}});
}});
</script></body></html>"""

# one valid, two refused by different rules (a run round the corner; a set with a suit twice)
_BOX_MELDS = ("7♥ 8♥ 9♥", "Q♥ K♥ A♥ 2♥", "5♠ 5♠ 5♥")


@pytest.mark.parametrize("lang", ["pl", "hr"])
def test_the_meld_box_judges_what_the_reader_types(tmp_path: Path, lang: str, seed_modules) -> None:
    page = ROOT / "generated" / "remik51" / f"rulebook.{lang}.html"
    harness = tmp_path / "harness.html"
    harness.write_text(_BOX_HARNESS.format(page=page.as_uri(), melds=json.dumps(_BOX_MELDS)),
                       encoding="utf-8")
    run = _browser(tmp_path, "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom",
                   harness.as_uri())
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1) != "waiting", f"the page did not report: {run.stderr[-2000:]}"
    result = json.loads(html.unescape(found.group(1)))
    assert result["label"] == {"pl": "Sprawdź układ", "hr": "Provjeri kombinaciju"}[lang]
    module = seed_modules("remik51")
    ok, corner, suits = result["out"]
    assert all(r["shown"] and r["live"] == "polite" for r in result["out"])  # the script revealed it
    said = {"pl": "✓ sekwens za 24 punkty", "hr": "✓ niz za 24 boda"}[lang]
    assert ok["state"] == "ok" and ok["lines"] == [said]
    refused = {"pl": "✗ Zasady na to nie pozwalają:", "hr": "✗ Pravila to ne dopuštaju:"}[lang]
    for typed, meld, code in ((corner, _BOX_MELDS[1], "run.wrap"), (suits, _BOX_MELDS[2], "set.suits")):
        reasons = module.check_meld(meld).reasons
        assert [r.code for r in reasons] == [code]
        assert typed["state"] == "refused"
        assert typed["lines"] == [refused, *(r.message(lang) for r in reasons)]


@pytest.mark.parametrize("lang", ["pl", "hr"])
def test_the_meld_box_counts_no_points_where_melds_do_not_count(tmp_path: Path, lang: str) -> None:
    """Karuzela (003) has no opening and its melds score nothing: the box said "sekwens za 24
    punkty" and judged melds typed with + as an opening worth points, of a game the book says
    neither of.  A meld by its kind alone, as the book's examples say it; melds with + one by one."""
    page = ROOT / "generated" / "karuzela" / f"rulebook.{lang}.html"
    melds = ("7♥ 8♥ 9♥", "7♥ 8♥ 9♥ + 5♠ 5♦ 5♣", "7♥ 8♥ 9♥ + 5♠ 5♠ 5♦")
    harness = tmp_path / "harness.html"
    harness.write_text(_BOX_HARNESS.format(page=page.as_uri(), melds=json.dumps(melds)), encoding="utf-8")
    run = _browser(tmp_path, "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom",
                   harness.as_uri())
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1) != "waiting", f"the page did not report: {run.stderr[-2000:]}"
    one, two, bad = json.loads(html.unescape(found.group(1)))["out"]
    run_, set_ = {"pl": ("sekwens", "grupa"), "hr": ("niz", "komplet")}[lang]
    assert one["lines"] == [f"✓ {run_}"] and two["lines"] == [f"✓ {run_} + {set_}"]
    assert bad["state"] == "refused"
    text = page.read_text(encoding="utf-8")
    assert "otwarcia" not in text.split('id="meld-check"')[1].split("</form>")[0]  # no opening to type


def test_without_javascript_the_box_is_hidden_and_in_print_too() -> None:
    """The page reads whole without JavaScript: the box is `hidden` until the script shows it,
    and printing hides it again."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert '<form id="meld-check" class="meld-check" hidden>' in text
        assert "@media print {\n    .meld-check { display: none !important; }" in text
