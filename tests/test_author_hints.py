"""An author check's hint leads to a spec that passes: the edit it names is applied as a family
would apply it, and the spec is checked again."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.diagnostics import SpecError
from remikc.spec.workspace import Workspace

# Two ways a family meets E021 over a shipped seed (found as the packaged parent: nothing is
# beside the file).  Classic Remik with the ace only high: the seed's `ace_to_ace allowed`
# and its ace priced `1 in low_run` (001) no longer fit.  Basic Remik (ace low, 002) with a
# run from ace to ace written in.
HIGH = """variant wysoki extends "remik_klasyczny" {
  name pl "As tylko wysoki"
  name hr "As samo visok"
  run {
    override ace high
  }
}
"""
ROUND = """variant dookola extends "remik_podstawowy" {
  name pl "Od asa do asa"
  name hr "Od asa do asa"
  run {
    ace_to_ace allowed
  }
}
"""


def _hints(path: Path) -> list[str]:
    """The hints of the E021 errors reading `path` gives (the workspace runs the consistency
    checks on every variant it reads)."""
    try:
        Workspace().variant(str(path))
    except SpecError as exc:
        return [d.hint or "" for d in exc.diagnostics if d.code == "E021"]
    return []


def _apply(text: str, hint: str) -> str:
    """The first edit `hint` names, made in the house variant's text."""
    lines = text.splitlines()
    if found := re.match(r"delete line (\d+) ", hint):
        del lines[int(found[1]) - 1]
    elif found := re.match(r"write `(remove \w+)` in `(\w+)`", hint):
        if lines[0].startswith(f"variant {found[2]} "):  # at the top of the variant
            lines.insert(len(lines) - 1, f"  {found[1]}")
        elif f"  {found[2]} {{" in lines:
            at = lines.index(f"  {found[2]} {{")
            lines.insert(at + 1, f"    {found[1]}")
        else:  # a section the house variant does not open yet
            lines.insert(len(lines) - 1, f"  {found[2]} {{\n    {found[1]}\n  }}")
    elif found := re.match(r"give the ace one value, as `(override A \d+)` in `values`", hint):
        lines.insert(len(lines) - 1, f"  values {{\n    {found[1]}\n  }}")
    else:
        raise AssertionError(f"no edit in {hint!r}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("spec", "expected"), [
    (HIGH, ["write `remove ace_to_ace` in `run`", "give the ace one value, as `override A 10`"]),
    (ROUND, ["delete line 5 (`ace_to_ace allowed`)"]),
])
def test_e021_hints_name_an_edit_that_is_no_dead_rule(tmp_path, spec, expected):
    """Not `ace_to_ace forbidden`, which `rules.dead` would report with the ace only high or
    only low; the ace's price first (the house meant an ace only high), the run's ace after."""
    path = tmp_path / f"{spec.split()[1]}.rules"
    path.write_text(spec, encoding="utf-8")
    hints = _hints(path)
    assert len(hints) == len(expected)
    for hint, start in zip(hints, expected, strict=True):
        assert hint.startswith(start), hint
        assert "ace_to_ace forbidden" not in hint


def test_following_the_e021_hints_gives_a_spec_that_passes(tmp_path):
    """Both edits of HIGH (ROUND's is to delete its one line, which leaves the parent)."""
    path = tmp_path / "wysoki.rules"
    text = HIGH
    for _ in range(3):  # each hint once, as the errors come
        path.write_text(text, encoding="utf-8")
        hints = _hints(path)
        if not hints:
            break
        for hint in hints:
            text = _apply(text, hint)
    assert not _hints(path)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", str(path)], out, err) == 0, out.getvalue() + err.getvalue() + text



# A family's Remik 51 without jokers: four of the seed's rules need them.  Two are rules their
# section must give (`jokers.per_meld`, `joker_swap.allowed`): removing one alone leaves its
# section without it (E016), whose hint would give it back.  The hint removes the section.
NO_JOKERS = """variant bez_jokerow extends "remik51" {
  name pl "Remik 51 bez jokerów"
  name hr "Remi 51 bez džokera"
  deck {
    override jokers 0
  }
}
"""


def test_following_the_hints_of_a_variant_without_jokers_reads_clean(tmp_path):
    path = tmp_path / "bez_jokerow.rules"
    path.write_text(NO_JOKERS, encoding="utf-8")
    hints = _hints(path)
    assert hints == [
        "write `remove joker` in `values` in `bez_jokerow`: the rule is `remik51`'s (remove it, or add "
        "jokers to the deck)",
        "write `remove jokers` in `bez_jokerow` (the section must give `per_meld`): the rule is "
        "`remik51`'s (or add jokers to the deck)",
        "write `remove joker_swap` in `bez_jokerow` (the section must give `allowed`): the rule is "
        "`remik51`'s (or add jokers to the deck)",
        "write `remove joker_in_hand` in `scoring` in `bez_jokerow`: the rule is `remik51`'s (remove "
        "it, or add jokers to the deck)",
    ]
    text = NO_JOKERS
    for hint in hints:
        text = _apply(text, hint)
    path.write_text(text, encoding="utf-8")
    Workspace().variant(str(path))  # no error left of any kind (an E016 raises SpecError)
    assert "  remove jokers\n  remove joker_swap\n" in text

# A family's Remik 51 without the opening: every rule of the seed that speaks of opening is the
# seed's, in a file the family does not edit; each hint names the edit in the family's own file.
NO_OPENING = """variant bez_otwarcia extends "remik51" {
  name pl "Remik 51 bez otwarcia"
  name hr "Remi 51 bez otvaranja"
  remove opening
}
"""
# the edits the hints name, made as they say
MENDED = """variant bez_otwarcia extends "remik51" {
  name pl "Remik 51 bez otwarcia"
  name hr "Remi 51 bez otvaranja"
  remove opening
  jokers {
    remove per_meld_at_opening
  }
  joker_swap {
    override allowed always
  }
  turn {
    draw {
      override discard_top always
    }
    override lay_off always
  }
  handing {
    remove opening_rules
  }
  scoring {
    remove not_opened
  }
  remove check "an opening holds at least 6 cards"
}
"""


def test_a_house_variants_e021_hints_name_the_edit_in_its_own_file(tmp_path):
    path = tmp_path / "bez_otwarcia.rules"
    path.write_text(NO_OPENING, encoding="utf-8")
    hints = _hints(path)
    assert hints == [
        "write `remove per_meld_at_opening` in `jokers` in `bez_otwarcia`: the rule is `remik51`'s "
        "(remove it: every meld follows `per_meld`)",
        "write `override allowed always` in `joker_swap` in `bez_otwarcia`: the rule is `remik51`'s "
        "(add an `opening` section, or say `always`)",
        "write `override discard_top always` in `turn { draw { ... } }` in `bez_otwarcia`, or `remove "
        "discard_top`: the rule is `remik51`'s (add an `opening` section, or say `always`)",
        "write `override lay_off always` in `turn` in `bez_otwarcia`: the rule is `remik51`'s (add an "
        "`opening` section, or say `always`)",
        "write `remove opening_rules` in `handing` in `bez_otwarcia`: the rule is `remik51`'s",
        "write `remove not_opened` in `scoring` in `bez_otwarcia`: the rule is `remik51`'s",
    ]
    # with those edits, the seed's own check fails, and its hint says how to drop it
    path.write_text(MENDED.replace('  remove check "an opening holds at least 6 cards"\n', ""),
                    encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 1
    assert ('hint: the check is `remik51`\'s; where your change means it no longer holds, write '
            '`remove check "an opening holds at least 6 cards"` in `bez_otwarcia`') in out.getvalue()
    path.write_text(MENDED, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 0, out.getvalue() + err.getvalue()
