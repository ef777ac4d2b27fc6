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


def _hints(path: Path, codes: tuple[str, ...] = ("E021",)) -> list[str]:
    """The hints of the errors of `codes` reading `path` gives (the workspace runs the
    consistency checks on every variant it reads)."""
    try:
        Workspace().variant(str(path))
    except SpecError as exc:
        return [d.hint or "" for d in exc.diagnostics if d.code in codes]
    return []


def _apply(text: str, hint: str) -> str:
    """The first edit `hint` names, made in the house variant's text."""
    lines = text.splitlines()
    if found := re.match(r"delete line (\d+) ", hint):
        del lines[int(found[1]) - 1]
    elif found := re.search(r"write `((?:remove|override) [^`]+)` in `([^`]+)`", hint):
        path = re.findall(r"\w+", found[2])  # `turn { draw { ... } }`: turn, draw
        if lines[0].startswith(f"variant {found[2]} "):  # at the top of the variant
            lines.insert(len(lines) - 1, f"  {found[1]}")
        elif len(path) == 1 and f"  {path[0]} {{" in lines:
            at = lines.index(f"  {path[0]} {{")
            lines.insert(at + 1, f"    {found[1]}")
        else:  # sections the house variant does not open yet
            assert f"  {path[0]} {{" not in lines, hint
            depth = len(path)
            block = [f"{'  ' * (i + 1)}{name} {{" for i, name in enumerate(path)]
            block += [f"{'  ' * (depth + 1)}{found[1]}"] + [f"{'  ' * i}}}" for i in range(depth, 0, -1)]
            lines[len(lines) - 1:len(lines) - 1] = block
    elif found := re.search(r"change `([^`]+)` to `([^`]+)` on line (\d+) ", hint):
        at = int(found[3]) - 1
        assert f" {found[1]}" in lines[at], (hint, lines[at])
        lines[at] = lines[at].replace(f" {found[1]}", f" {found[2]}", 1)
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


# Classic Remik with sets only: the seed's opening asks for a clean run (001), and its ace is
# priced as the low end of a run.
SETS_ONLY = """variant tylko_grupy extends "remik_klasyczny" {
  name pl "Tylko grupy"
  name hr "Samo grupe"
  remove run
}
"""


# Karuzela played by three to five: the seed's deck is one pack for two players and two for
# three to five (003), a table that now speaks of a count the game no longer has.
THREE_TO_FIVE = """variant od_trzech extends "karuzela" {
  name pl "Karuzela od trzech"
  name hr "Karusel od troje"
  override players 3..5
}
"""


# Remik 51 without handing: the seed's cut card is drawn `when handing`, and its scores for
# handing have nothing to score.
NO_HANDING = """variant bez_podawania extends "remik51" {
  name pl "Remik 51 bez podawania"
  name hr "Remi 51 bez predaje"
  remove handing
}
"""


# Remik 51 without the cut card: the seed draws it `when handing` and scores handing with it.
NO_CUT_CARD = """variant bez_karty extends "remik51" {
  name pl "Remik 51 bez karty spod stosu"
  name hr "Remi 51 bez karte ispod špila"
  deal {
    remove cut_card
  }
}
"""


# Remik 51 scored as the winner collecting the others' cards: its fixed scores for going out
# and handing (000) belong to penalty scoring.
WINNER_COLLECTS = """variant zbiera extends "remik51" {
  name pl "Zwycięzca zbiera"
  name hr "Pobjednik skuplja"
  scoring {
    override method winner_collects
  }
}
"""


@pytest.mark.parametrize(("spec", "expected"), [
    (NO_JOKERS, [
        "write `remove joker` in `values` in `bez_jokerow`: the rule is `remik51`'s (remove it, or add "
        "jokers to the deck)",
        "write `remove jokers` in `bez_jokerow` (the section must give `per_meld`): the rule is "
        "`remik51`'s (or add jokers to the deck)",
        "write `remove joker_swap` in `bez_jokerow` (the section must give `allowed`): the rule is "
        "`remik51`'s (or add jokers to the deck)",
        "write `remove joker_in_hand` in `scoring` in `bez_jokerow`: the rule is `remik51`'s (remove "
        "it, or add jokers to the deck)",
    ]),
    (SETS_ONLY, [
        "give the ace one value, as `override A 10` in `values`",
        "write `remove clean_run` in `opening` in `tylko_grupy`: the rule is `remik_klasyczny`'s "
        "(remove it, or add a `run` section)",
    ]),
    (NO_HANDING, [
        "write `override cut_card never` in `turn { draw { ... } }` in `bez_podawania`, or `remove "
        "cut_card`: the rule is `remik51`'s (add a `handing` section, or say `never`)",
        *(f"write `remove {name}` in `scoring` in `bez_podawania`: the rule is `remik51`'s (remove it, "
          f"or add `handing {{ ... }}`)"
          for name in ("handed", "handed_with_cut_card", "handing_multiplier")),
    ]),
    (NO_CUT_CARD, [
        "write `remove cut_card` in `turn { draw { ... } }` in `bez_karty`: the rule is `remik51`'s "
        "(remove it, or add `cut_card under_stock` to `deal`)",
        "write `remove handed_with_cut_card` in `scoring` in `bez_karty`: the rule is `remik51`'s "
        "(remove it, or add `cut_card under_stock` to `deal`)",
    ]),
    (WINNER_COLLECTS, [
        "write `remove went_out` in `scoring` in `zbiera`: the rule is `remik51`'s (remove it: the "
        "winner scores the others' cards)",
        "write `remove handed` in `scoring` in `zbiera`: the rule is `remik51`'s (remove it: to reward "
        "handing, use `handing_multiplier`)",
    ]),
    (THREE_TO_FIVE, [
        "write `override standard 2` in `deck` in `od_trzech`: the rule is `karuzela`'s",
        "write `override jokers 2` in `deck` in `od_trzech`: the rule is `karuzela`'s",
    ]),
])
def test_following_the_hints_of_a_house_variant_reads_clean(tmp_path, spec, expected):
    """Each hint is an edit in the family's own file, and made as it says it leaves no error
    (it once said `remove per_meld`, which left `jokers` without a rule it must give, E016; and
    "give one value per player count the game allows", at the seed's line)."""
    path = tmp_path / f"{spec.split()[1]}.rules"
    path.write_text(spec, encoding="utf-8")
    hints = _hints(path, ("E020", "E021"))
    assert hints == expected
    text = spec
    for hint in hints:
        text = _apply(text, hint)
    path.write_text(text, encoding="utf-8")
    Workspace().variant(str(path))  # no error left of any kind (an E016 raises SpecError)


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


def test_each_e021_a_removed_section_brings_about_points_at_the_remove_line(tmp_path):
    """The six errors stand at remik51's lines, in a file the family does not edit: each has a
    note at line 4 of their own file, `remove opening`, which all of them stem from."""
    path = tmp_path / "bez_otwarcia.rules"
    path.write_text(NO_OPENING, encoding="utf-8")
    with pytest.raises(SpecError) as raised:
        Workspace().variant(str(path))
    found = [d for d in raised.value.diagnostics if d.code == "E021"]
    assert len(found) == 6 and all(d.span is not None and d.span.file != str(path) for d in found)
    for d in found:
        notes = [(n.message, n.span.file, n.span.line, n.span.column) for n in d.notes if n.span is not None]
        assert notes == [("`bez_otwarcia` removes `opening` here", str(path), 4, 3)], d.message


def test_a_winner_who_collects_is_told_the_highest_total_wins(tmp_path):
    """Remik 51 scored as the winner collecting (its E021s made as they say): the seed's
    `winner lowest` now has the player who takes the others' cards lose by them, which
    `scoring.winner` reported with the lines and no edit.  Its hint and `rules.dead`'s, made
    as they say, leave a variant that passes."""
    path = tmp_path / "zbiera.rules"
    path.write_text(WINNER_COLLECTS, encoding="utf-8")
    text = WINNER_COLLECTS
    for hint in _hints(path):
        text = _apply(text, hint)
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 1
    hints = re.findall(r"^ *hint: (.*)$", out.getvalue(), re.M)
    assert hints == [
        "the winner of a deal takes points (`method winner_collects`): write `override winner highest` "
        "in `game_end` in `zbiera`",
        "write `remove handed_with_cut_card` in `scoring` in `zbiera`, or change the rule that makes it "
        "dead",
    ]
    for hint in hints:
        text = _apply(text, hint)
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 0, out.getvalue() + err.getvalue()


def test_penalties_on_karuzela_are_told_the_lowest_total_wins_and_its_bonus_turns_round(tmp_path):
    """Karuzela scored by penalties, as a family writes it once the E016 and E021 are made
    (`went_out`, no `all_out_bonus`): every hint `remikc check` gives, made as it says, round
    after round, until the variant passes.  The seed's `winner highest` and its +25 a deal won
    (003) turn round with the scoring; the undercut and the tie with the knocker score nothing."""
    path = tmp_path / "kary.rules"
    text = ('variant kary extends "karuzela" {\n  name pl "Kary"\n  name hr "Kazne"\n'
            "  scoring {\n    override method penalties\n    went_out -40\n    remove all_out_bonus\n"
            "  }\n}\n")
    said = []
    for _ in range(4):
        path.write_text(text, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        if main(["check", "-q", "--no-cache", str(path)], out, err) == 0:
            break
        hints = re.findall(r"^ *hint: (.*)$", out.getvalue(), re.M)
        assert hints, out.getvalue() + err.getvalue()
        said.append(hints)
        for hint in hints:
            text = _apply(text, hint)
    else:
        raise AssertionError(f"still failing after {said}")
    assert said == [
        ["every card left in hand counts against its holder (`method penalties`): write `override winner "
         "lowest` in `game_end` in `kary`",
         "write `remove undercut_bonus` in `scoring` in `kary`, or change the rule that makes it dead",
         "write `remove tie_with_knocker` in `scoring` in `kary`, or change the rule that makes it dead"],
        ["where the lowest total wins a bonus is taken off: write `override round_win_bonus -25` in "
         "`game_end` in `kary`, or `remove round_win_bonus`"],
    ]


def test_a_winner_turned_round_on_the_familys_own_line_is_changed_there(tmp_path):
    """Karuzela with the lowest total winning, written on the family's own line: the hint
    changes that line (an `override` line, so not "write `winner highest`"), and alone: the
    +25 a deal won, against the lowest total, mends with it."""
    path = tmp_path / "nisko.rules"
    text = ('variant nisko extends "karuzela" {\n  name pl "Nisko"\n  name hr "Nisko"\n'
            "  game_end {\n    override winner lowest\n  }\n}\n")
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 1
    hints = re.findall(r"^ *hint: (.*)$", out.getvalue(), re.M)
    assert hints == ["the winner of a deal takes points (`method differences`): change `lowest` to "
                     f"`highest` on line 5 of {path}"]
    path.write_text(_apply(text, hints[0]), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 0, out.getvalue() + err.getvalue()


def test_a_run_round_the_corner_is_told_the_ace_must_be_high_and_low(tmp_path):
    """Remik podstawowy with runs round the corner (`wrap allowed`), its ace low only (002: "as
    jest niski"): `runs.wrap` said no run can go round the corner, and nothing of why.  K-A-2
    turns round an ace counted high after the king and low before the two: the hint names the
    ace's edit; made, with the 14-card run's choice it asks for, the variant passes."""
    path = tmp_path / "dookola.rules"
    text = ('variant dookola extends "remik_podstawowy" {\n  name pl "Dookoła"\n  name hr "Okolo"\n'
            "  run {\n    override wrap allowed\n  }\n}\n")
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 1
    hints = re.findall(r"^ *hint: (.*)$", out.getvalue(), re.M)
    assert hints == ["a run goes round the corner through an ace that counts high and low at once: write "
                     "`override ace low or high` in `run` in `dookola`, and say whether the 14-card run from "
                     "ace to ace counts (`ace_to_ace allowed` or `forbidden`)"]
    text = _apply(text, hints[0]).replace("    override ace low or high\n",
                                          "    override ace low or high\n    ace_to_ace forbidden\n")
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "-q", "--no-cache", str(path)], out, err) == 0, out.getvalue() + err.getvalue()
