"""`remikc fmt`: the canonical layout, comments kept, idempotent, and the IR never changes.

The expected layouts below are written out by hand from the rules in remikc/fmt.py's
docstring (and docs/dsl.md, "Layout"); the property tests then hold every spec, and many
re-spaced, re-indented and commented copies of them, to fmt(fmt(x)) == fmt(x) and to the
same resolved rules before and after.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import os
import re
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sentences import sentences

from remikc.cli import main
from remikc.diagnostics import Span, SpecError
from remikc.fmt import COMMENT_COLUMN, format_text
from remikc.spec.grammar import grammar
from remikc.spec.parser import parse
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
SPEC_FILES = sorted(SPECS.glob("*.rules"))

UGLY = '''# head


variant   ugly extends "remik51"{   # the house
override players 2..4 # fewer
      deck { standard 2 ; jokers 4 }
# about deal
deal {

  hand 10 for 2 players ,
         7 for 3..4 players   assumed "x  y" other "z"

}
   turn{draw{stock always
   discard_top when first_round or( opened and not handing)}
   }
check "t" : forall meld m : jokers( m ) <= cards(m)-1 # c
  # last
}
# tail

'''

# worked out by hand: sections two spaces in, continuations two more, `{` ends a line and
# `}` stands alone, `;` breaks the line, `assumed`/`other` each on their own line, one blank
# line around each section of the variant, none after `{` or before `}`, trailing comments
# two spaces after the code (each alone in its section)
UGLY_LAID_OUT = '''# head

variant ugly extends "remik51" {  # the house
  override players 2..4  # fewer

  deck {
    standard 2
    jokers 4
  }

  # about deal
  deal {
    hand 10 for 2 players,
      7 for 3..4 players
      assumed "x  y"
      other "z"
  }

  turn {
    draw {
      stock always
      discard_top when first_round or (opened and not handing)
    }
  }

  check "t": forall meld m: jokers(m) <= cards(m) - 1  # c
  # last
}
# tail
'''


def test_a_messy_file_gets_the_canonical_layout():
    assert format_text(UGLY, "ugly.rules") == UGLY_LAID_OUT


def test_the_canonical_layout_is_left_as_it_is():
    assert format_text(UGLY_LAID_OUT, "ugly.rules") == UGLY_LAID_OUT


def test_trailing_comments_line_up_within_a_section_up_to_the_column():
    text = ("variant v {\n  examples {\n    run A♦ 2♦ 3♦ # low\n    invalid Q♦ K♦ A♦ 2♦     # no\n"
            f"    run {'A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠'} # long\n  }}\n"
            "  players 2..4 # other section\n}\n")
    lines = format_text(text, "v.rules").splitlines()
    # the longest line of code that fits is `    invalid Q♦ K♦ A♦ 2♦` (23 characters): its
    # comment and the one above start two spaces after it, at column 26
    assert lines[2] == "    run A♦ 2♦ 3♦" + " " * 9 + "# low"
    assert lines[3] == "    invalid Q♦ K♦ A♦ 2♦  # no"
    # `    run A♠ ... Q♠` is 47 characters: a comment after it would pass COMMENT_COLUMN
    assert len("    run A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠") + 3 > COMMENT_COLUMN
    assert lines[4].endswith("K♠  # long")
    # the top level is a section of its own: its comment is not pulled to column 26
    assert lines[7] == "  players 2..4  # other section"


def test_declared_jokers_in_examples_are_laid_out_as_one_word_each():
    # docs/notation.md: `JK=A♥` (ASCII `jk=ad`, `joker=4c`) is one card; fmt spaces it as one
    text = ("variant v {\n examples {\n   set A♣   JK=A♥ jk=ad worth   30\n"
            " lay_off   joker=4c on A♣ 2♣ 3♣ # x\n }\n}\n")
    assert format_text(text, "v.rules") == ("variant v {\n  examples {\n    set A♣ JK=A♥ jk=ad worth 30\n"
                                            "    lay_off joker=4c on A♣ 2♣ 3♣  # x\n  }\n}\n")


def test_comments_and_quoted_texts_are_kept_word_for_word():
    laid_out = format_text(UGLY, "ugly.rules")
    for comment in ["# head", "# the house", "# fewer", "# about deal", "# c", "# last", "# tail"]:
        assert comment in laid_out.splitlines() or any(
            line.endswith(comment) or line.strip() == comment for line in laid_out.splitlines())
    assert '"x  y"' in laid_out  # two spaces inside a text stay two


def test_line_breaks_inside_a_setting_stay_where_they_were():
    text = "variant v {\n  deal {\n    hand 10 for 2 players, 7 for 3..4 players\n  }\n}\n"
    assert format_text(text, "v.rules") == text


def test_windows_line_endings_and_tabs_become_the_canonical_ones():
    text = "variant v {\r\n\tplayers\t2..4\r\n}\r\n"
    assert format_text(text, "v.rules") == "variant v {\n  players 2..4\n}\n"


def test_a_file_with_syntax_errors_raises_all_of_them():
    text = "variant v {\n  hand: 10\n  deal {\n    hand = 10\n  }\n}\n"
    with pytest.raises(SpecError) as caught:
        format_text(text, "v.rules")
    # the `:` of line 2 (column 7) and the `=` of line 4 (column 10)
    assert [(d.code, d.span) for d in caught.value.diagnostics] == [
        ("E001", Span("v.rules", 2, 7, 2, 8)), ("E002", Span("v.rules", 4, 10, 4, 11))]


# --- the command ------------------------------------------------------------------------

def _run(*argv: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err, io.BytesIO(stdin) if stdin is not None else None)
    return code, out.getvalue(), err.getvalue()


def test_fmt_rewrites_a_file_and_a_second_run_changes_nothing(tmp_path):
    path = tmp_path / "ugly.rules"
    path.write_text(UGLY, encoding="utf-8")
    code, out, _ = _run("fmt", str(path))
    assert code == 0 and f"formatted {path}" in out
    assert path.read_text(encoding="utf-8") == UGLY_LAID_OUT
    code, out, _ = _run("fmt", str(tmp_path))
    assert code == 0 and "1 file(s): 0 formatted" in out


def test_a_linked_spec_stays_a_link_and_its_file_is_formatted(tmp_path):
    """A spec kept elsewhere and linked into the project: fmt rewrites the file the link names,
    and the link stays a link (it used to become a copy, the real file left as it was)."""
    real = tmp_path / "shared" / "ugly.rules"
    real.parent.mkdir()
    real.write_text(UGLY, encoding="utf-8")
    link = tmp_path / "project" / "ugly.rules"
    link.parent.mkdir()
    link.symlink_to(real)
    code, out, _ = _run("fmt", str(link))
    assert code == 0 and f"formatted {link}" in out
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == UGLY_LAID_OUT
    assert sorted(p.name for p in real.parent.iterdir()) == ["ugly.rules"]  # no temporary left


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664], ids=lambda mode: f"{mode:o}")
def test_a_formatted_file_keeps_its_mode(tmp_path, mode):
    path = tmp_path / "ugly.rules"
    path.write_text(UGLY, encoding="utf-8")
    path.chmod(mode)
    assert _run("fmt", "-q", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == UGLY_LAID_OUT
    assert path.stat().st_mode & 0o7777 == mode


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root gives a file away")
def test_a_formatted_file_keeps_its_owner_and_group(tmp_path):
    path = tmp_path / "ugly.rules"
    path.write_text(UGLY, encoding="utf-8")
    os.chown(path, 4321, 4322)
    assert _run("fmt", "-q", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == UGLY_LAID_OUT
    assert (path.stat().st_uid, path.stat().st_gid) == (4321, 4322)


def test_check_names_the_files_that_would_change_and_writes_nothing(tmp_path):
    (tmp_path / "ugly.rules").write_text(UGLY, encoding="utf-8")
    (tmp_path / "fine.rules").write_text(UGLY_LAID_OUT.replace("ugly", "fine"), encoding="utf-8")
    code, out, _ = _run("fmt", "--check", str(tmp_path))
    assert code == 1
    assert f"would reformat {tmp_path / 'ugly.rules'}" in out and "fine.rules" not in out
    assert (tmp_path / "ugly.rules").read_text(encoding="utf-8") == UGLY


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path):
    path = tmp_path / "ugly.rules"
    path.write_text(UGLY, encoding="utf-8")
    code, out, _ = _run("fmt", "--diff", str(path))
    assert code == 0
    assert out.startswith(f"--- {path}\n+++ {path}\n@@ ")
    assert '-deal {\n' in out and "+  deal {\n" in out
    assert path.read_text(encoding="utf-8") == UGLY


def test_dash_reads_standard_input_and_writes_standard_output():
    code, out, err = _run("fmt", "-", stdin=UGLY.encode("utf-8"))
    assert (code, out, err) == (0, UGLY_LAID_OUT, "")


# A house variant as a Croatian family writes it: letters, a suit and quotation marks in its
# names, comments and notes, indented four spaces (fmt makes it two), a comment three spaces
# after its line (two).
KUCNA = """\
# Kućna pravila obitelji Šimić: „♥ broji dvostruko”
variant kucna extends "remik51" {
    name pl "Domowe: łatwiej ♥"
    name hr "Kućna: lakše ♥"
    note hr "Tko prvi izađe — pobjeđuje."   # Đurđa je tako rekla
}
"""
KUCNA_LAID_OUT = KUCNA.replace("\n    ", "\n  ").replace('"   #', '"  #')


@pytest.mark.parametrize("encoding", ["ascii", "cp1250"])
def test_dash_writes_the_file_as_utf8_whatever_the_console_encoding(encoding, tmp_path):
    """`fmt -` writes a file's bytes, not messages: under an ASCII or cp1250 console it used to
    transliterate (ć to c, ♥ to h, ł to l) or write a file remikc then refused as not UTF-8."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": encoding}
    for options in ([], ["--stdin-filename", "kucna.rules"]):
        run = subprocess.run([sys.executable, "-m", "remikc", "fmt", "-", *options], env=env, cwd=tmp_path,
                             input=KUCNA.encode("utf-8"), capture_output=True, timeout=60, check=False)
        assert (run.returncode, run.stderr) == (0, b"")
        assert run.stdout == KUCNA_LAID_OUT.encode("utf-8")
    path = tmp_path / "kucna.rules"
    path.write_text(KUCNA, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "remikc", "fmt", "--diff", str(path)], env=env,
                         capture_output=True, timeout=60, check=False)
    assert run.returncode == 0
    assert b'-    name hr "Ku\xc4\x87na: lak\xc5\xa1e \xe2\x99\xa5"\n' in run.stdout  # a patch that applies


def test_a_file_with_errors_is_left_untouched_and_its_errors_are_shown(tmp_path):
    path = tmp_path / "bad.rules"
    text = "variant bad {\n  players: 2..4\n  deal {\n"
    path.write_text(text, encoding="utf-8")
    before = path.stat().st_mtime_ns
    code, _, err = _run("fmt", str(path))
    assert code == 1
    assert f"{path}:2:10: error[E001]" in err and "E004" in err  # both mistakes, one run
    assert path.read_text(encoding="utf-8") == text and path.stat().st_mtime_ns == before


def test_the_shipped_seed_variants_are_not_formatted_in_place():
    code, _, err = _run("fmt", "remikc:specs")
    assert code == 2 and "remikc new" in err


def test_the_specs_are_laid_out_canonically():
    code, out, _ = _run("fmt", "--check", str(SPECS))
    assert (code, out) == (0, f"{len(SPEC_FILES)} file(s): 0 would change\n")


# --- properties -------------------------------------------------------------------------

def _unplaced(node: object) -> object:
    """An IR or syntax tree with every span taken out: what the rules say (a span becomes a
    mark: a setting's `override` is a span, and it says something)."""
    if isinstance(node, Span):
        return "at"
    if isinstance(node, (tuple, list)):
        return tuple(_unplaced(n) for n in node)
    if isinstance(node, dict):
        return {k: _unplaced(v) for k, v in node.items()}
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__, *(_unplaced(getattr(node, f.name)) for f in dataclasses.fields(node)))
    return node


@functools.lru_cache(maxsize=64)  # the specs themselves are read again and again
def _rules(path: Path, text: str) -> object:
    """The resolved variant of `text` read as `path` (its parents from specs/), spans aside."""
    return _unplaced(Workspace(given={str(path): text.encode("utf-8")}).variant(str(path)))


def _comments(text: str) -> list[str]:
    return [c.rstrip() for c in re.findall(r"#[^\n]*", re.sub(r'"[^"\n]*"', '""', text))]


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: p.stem)
def test_every_spec_keeps_its_rules_and_comments_and_formats_once(path):
    text = path.read_text(encoding="utf-8")
    once = format_text(text, str(path))
    assert format_text(once, str(path)) == once
    assert _rules(path, once) == _rules(path, text)
    assert _comments(once) == _comments(text)


@st.composite
def respaced(draw: st.DrawFn) -> tuple[Path, str, str]:
    """A spec, and a copy with its layout shaken: every line re-indented, blanks put between
    tokens (and taken out where a token needs none), trailing comments added and moved,
    blank lines doubled.  The rules stay the same."""
    path = draw(st.sampled_from(SPEC_FILES))
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    tokens: dict[int, list[object]] = {}
    for token in grammar().parse_interactive(text).iter_parse():
        if token.type != "_NL":
            tokens.setdefault(token.line, []).append(token)
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        row = tokens.get(number, [])
        comment = line[line.index("#", row[-1].end_column - 1):] if row and "#" in line[
            row[-1].end_column - 1:] else (line.strip() if not row else "")
        pad = draw(st.sampled_from(["", " ", "   ", "\t", "        "]))
        code = ""
        for i, token in enumerate(row):
            gap = "" if i == 0 else draw(st.sampled_from([" ", "  ", "\t", " \t "]))
            if (i and token.type in ("COMMA", "COLON", "RPAR")) or (i and str(row[i - 1]) in ("(", "..")):
                gap = draw(st.sampled_from(["", " "]))
            if (i and str(token) == "..") or (i and str(row[i - 1]) == ".." and token.type == "NUMBER"):
                gap = ""  # `3 ..4` is a range too, but a `-` could then read as a sign
            code += gap + str(token)
        if comment and not row:
            out.append(pad + comment)
            continue
        if code and not comment and draw(st.booleans()) and draw(st.booleans()):
            comment = "# fuzz"
        out.append(pad + code + (draw(st.sampled_from(["  ", " ", "\t"])) + comment if comment else ""))
        if not row and draw(st.integers(0, 9)) == 0:
            out.append("")
    return path, text, "\n".join(out)


# about 20 s of one core for the three properties in an ordinary run (tests/budgets.py)
FMT = settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FMT
@given(respaced())
def test_layout_never_changes_the_rules_and_fmt_is_idempotent(case):
    path, original, shaken = case
    once = format_text(shaken, str(path))
    assert format_text(once, str(path)) == once
    assert _rules(path, once) == _rules(path, original)
    assert [c for c in _comments(once) if c != "# fuzz"] == _comments(original)


@settings(FMT, max_examples=max(1, FMT.max_examples // 2))
@given(st.sampled_from(SPEC_FILES), st.data())
def test_spacing_and_indentation_never_matter(path, data):
    """Blanks inside lines and indentation are all fmt decides by itself: a copy of a spec
    re-spaced and re-indented formats to exactly what the spec formats to."""
    text = path.read_text(encoding="utf-8")
    shaken = "\n".join(data.draw(st.sampled_from(["", " ", "\t ", "      "])) + line.strip()
                       for line in text.split("\n"))
    assert format_text(shaken, str(path)) == format_text(text, str(path))


@FMT
@given(sentences(
    WORD=st.sampled_from(["deal", "hand", "x1", "A♥", "10♣", "when_", "m"]),
    STRING=st.text("abcdefghijklmnopqrstuvwxyz #;{}", max_size=6).map('"{}"'.format),
    NUMBER=st.integers(-20, 20).map(str),
))
def test_every_sentence_of_the_grammar_formats_to_the_same_syntax_tree(text):
    """Sentences of grammar.lark itself reach what the specs never write: `;` and `{ }` on
    one line, `other`, every operator of a check.  Spans aside, the tree stays the same."""
    try:
        before = parse(text, "g.rules")
    except SpecError:
        return  # not every sentence of the grammar is within the parser's limits
    once = format_text(text, "g.rules")
    assert format_text(once, "g.rules") == once
    assert _unplaced(parse(once, "g.rules")) == _unplaced(before)


@pytest.mark.soak
@settings(max_examples=examples(150), deadline=None,  # 3,000 under `--soak`'s profile
          suppress_health_check=[HealthCheck.too_slow])
@given(respaced())
def test_layout_never_changes_the_rules_soak(case):
    test_layout_never_changes_the_rules_and_fmt_is_idempotent.hypothesis.inner_test(case)
