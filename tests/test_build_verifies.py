"""`remikc build` verifies first, as a compiler refuses to emit code with errors: a spec whose
checks are not all proved builds nothing (exit 1, the failed checks named) unless
`--no-verify`, which says so on standard error and on each rulebook's first page."""

from __future__ import annotations

import io
from pathlib import Path

from remikc.cli import main
from remikc.emit.book_layout import to_html, to_markdown
from remikc.emit.rulebook import rulebook
from remikc.wording import language

# A family's house rule over the shipped Remik 51 (found as the packaged seed: nothing beside
# it), whose one change is inert: remik51 already doubles (000: "liczą punkty podwójnie"), and
# a multiplier of 1 multiplies nothing, which `rules.dead` reports.
INERT = """variant dom extends "remik51" {
  name pl "Remik u nas"
  name hr "Remi kod nas"
  scoring {
    override handing_multiplier 1
  }
}
"""

NOTICE = {"pl": "Uwaga: tych zasad nie sprawdzono.", "hr": "Napomena: ova pravila nisu provjerena."}


def _build(tmp_path: Path, *options: str) -> tuple[int, str, str, Path]:
    spec = tmp_path / "dom.rules"
    spec.write_text(INERT, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "out"
    code = main(["build", *options, "--out", str(target), str(spec)], out, err)
    return code, out.getvalue(), err.getvalue(), target


def test_a_spec_whose_checks_fail_builds_nothing(tmp_path):
    code, out, err, target = _build(tmp_path)
    assert code == 1, out + err
    assert not target.exists() or not any(target.rglob("*"))
    # the failed checks named, with the spec and the way round
    last = err.rstrip().splitlines()[-1]
    assert last.startswith("remikc: nothing built: checks not proved in ")
    assert "dom.rules (rules.dead, house.keeps)" in last and "--no-verify" in last
    # and why, as `remikc check` says it: the dead rule and its line
    assert "✗ rules.dead" in err and "handing_multiplier 1" in err and out == ""


def test_no_verify_builds_and_says_so_in_both_languages(tmp_path):
    code, out, err, target = _build(tmp_path, "--no-verify")
    assert code == 0, out + err
    assert "--no-verify" in err and "not proved" in err
    for lang, notice in NOTICE.items():
        md = (target / "dom" / f"rulebook.{lang}.md").read_text(encoding="utf-8")
        # first thing under the title, before the list of changes
        body = md.split("\n---\n", 1)[1].strip().split("\n\n")
        assert body[0].startswith("# ") and body[1].startswith(f"**{notice}")
        html = (target / "dom" / f"rulebook.{lang}.html").read_text(encoding="utf-8")
        assert html.index(notice) < html.index('class="differences"')
        # every rule printed, the dead one too: "multiplied by 1"
        assert {"pl": "mnoży się przez 1", "hr": "množe s 1"}[lang] in md


def test_a_verified_rulebook_has_no_notice_and_an_unverified_one_does(load):
    """In-process, no build: the notice stands first exactly when the book was not verified."""
    v = load("remik_podstawowy")
    for lang, notice in NOTICE.items():
        for verified in (True, False):
            book = rulebook(v, language(lang), verified=verified)
            md, html = to_markdown(book, [v.source]), to_html(book, [v.source])
            title = f"# {book.title}\n\n"
            assert (f"{title}**{notice}" in md) is not verified
            assert (notice in md) is not verified and (notice in html) is not verified
