"""`extends`: a house variant is a small delta; overriding is explicit."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc.diagnostics import SpecError
from remikc.spec.workspace import Workspace

BASE = (Path(__file__).parent / "specs" / "malformed" / "base.rules").read_text(encoding="utf-8")


def _variant(tmp_path: Path, name: str, text: str):
    (tmp_path / "base.rules").write_text(BASE, encoding="utf-8")
    path = tmp_path / f"{name}.rules"
    path.write_text(text, encoding="utf-8")
    return Workspace().variant(str(path))


def test_child_inherits_and_overrides(tmp_path):
    v = _variant(tmp_path, "child", '''variant child extends "base" {
  name pl "Dziecko"
  name hr "Dijete"
  deal {
    override hand 9
  }
  knocking {
    max_hand 5
  }
  scoring {
    tie_with_knocker others_win
  }
}
''')
    assert v.deal.hand.value.at(3) == 9 and v.deal.hand.origin == "child"
    assert v.set.size.origin == "base"
    assert v.knocking is not None and v.knocking.max_hand.origin == "child"
    assert v.lineage == ("child", "base")
    assert v.name("pl") == "Dziecko"


def test_grandchild_sees_both_ancestors(tmp_path):
    (tmp_path / "base.rules").write_text(BASE, encoding="utf-8")
    (tmp_path / "mid.rules").write_text('''variant mid extends "base" {
  name pl "m"
  name hr "m"
  values {
    override A 15
  }
}
''', encoding="utf-8")
    (tmp_path / "leaf.rules").write_text('''variant leaf extends "mid" {
  name pl "l"
  name hr "l"
  values {
    override A 11
  }
}
''', encoding="utf-8")
    v = Workspace().variant(str(tmp_path / "leaf.rules"))
    assert v.values.of_rank(1).points == 11
    assert v.lineage == ("leaf", "mid", "base")


def test_names_are_not_inherited(tmp_path):
    with pytest.raises(SpecError) as caught:
        _variant(tmp_path, "nameless", 'variant nameless extends "base" {\n}\n')
    assert {d.code for d in caught.value.diagnostics} == {"E016"}
    assert len(caught.value.diagnostics) == 2  # no pl and no hr name


def test_overriding_a_rule_of_the_base_file_itself_is_an_error(tmp_path):
    with pytest.raises(SpecError) as caught:
        _variant(tmp_path, "base2", BASE.replace("variant base", "variant base2")
                 .replace("    hand 7", "    override hand 7"))
    (d,) = caught.value.diagnostics
    assert d.code == "E019" and "`base2` extends no variant" in d.message


# --- remove ------------------------------------------------------------------------------

def _errors(tmp_path: Path, body: str, name: str = "child") -> list:
    with pytest.raises(SpecError) as caught:
        _variant(tmp_path, name,
                 f'variant {name} extends "base" {{\n  name pl "x"\n  name hr "x"\n{body}}}\n')
    return caught.value.diagnostics


def test_remove_drops_a_parent_section(tmp_path):
    v = _variant(tmp_path, "runs_only", 'variant runs_only extends "base" {\n  name pl "x"\n  name hr "x"\n'
                 '  remove set\n}\n')
    assert v.set is None and v.run is not None
    assert not any(r.id.startswith("set.") for r in v.rules)


def test_remove_drops_one_rule_and_a_required_one_is_then_missing(tmp_path):
    (d,) = _errors(tmp_path, "  run {\n    remove ace\n  }\n")
    assert d.code == "E016" and "ace" in d.message


def test_remove_what_the_parent_does_not_give(tmp_path):
    (d,) = _errors(tmp_path, "  remove knocking\n")
    assert d.code == "E019" and d.message == "nothing to remove: `base` has no `knocking`"
    assert d.span.line == 4


def test_remove_then_give_again_is_an_error(tmp_path):
    (d,) = _errors(tmp_path, "  remove set\n  set {\n    size 3..4\n    suits any\n  }\n")
    assert d.code == "E019" and "removed and given again" in d.message
    assert [n.span.line for n in d.notes] == [6]


def test_remove_a_misspelt_name(tmp_path):
    (d,) = _errors(tmp_path, "  run {\n    remove wrapp\n  }\n")
    assert d.code == "E011" and d.message == "nothing called `wrapp` in `run`" and "`wrap`" in (d.hint or "")


def test_remove_in_a_base_game(tmp_path):
    with pytest.raises(SpecError) as caught:
        _variant(tmp_path, "base3", BASE.replace("variant base", "variant base3")
                 .replace("  stock_empty reshuffle", "  stock_empty reshuffle\n  remove set"))
    (d,) = caught.value.diagnostics
    assert d.code == "E019" and "`base3` extends no variant" in d.message


def test_remik51_without_jokers(tmp_path):
    """A house rule the seeds do not give but players ask for: the same game, no jokers."""
    specs = Path(__file__).resolve().parent.parent / "specs"
    (tmp_path / "remik51.rules").write_text((specs / "remik51.rules").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    path = tmp_path / "bez_jokerow.rules"
    path.write_text('variant bez_jokerow extends "remik51" {\n  name pl "x"\n  name hr "x"\n'
                    '  deck {\n    override jokers 0\n  }\n  values {\n    remove joker\n  }\n'
                    '  remove jokers\n  remove joker_swap\n  scoring {\n    remove joker_in_hand\n  }\n}\n',
                    encoding="utf-8")
    v = Workspace().variant(str(path))
    assert v.jokers is None and v.joker_swap is None and v.values.joker is None
    assert v.scoring.joker_in_hand is None and v.opening is not None  # the rest is Remik 51
    assert v.opening.min_points.value == 51 and v.opening.min_points.origin == "remik51"


def _house_of_remik51(tmp_path: Path, body: str):
    specs = Path(__file__).resolve().parent.parent / "specs"
    (tmp_path / "remik51.rules").write_text((specs / "remik51.rules").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    path = tmp_path / "moj.rules"
    path.write_text(f'variant moj extends "remik51" {{\n  name pl "x"\n  name hr "x"\n{body}}}\n',
                    encoding="utf-8")
    return Workspace().variant(str(path))


def test_remove_check_drops_a_parents_property_and_keeps_the_others_numbers(tmp_path):
    """A house rule may change what the parent's author asserted: `remove check "<title>"`."""
    two_jokers = '  check "no set holds two jokers": forall set s: jokers(s) <= 1\n'
    inherited = _house_of_remik51(tmp_path, two_jokers)
    assert [(c.title, c.number) for c in inherited.checks] == [
        ("an opening holds at least 6 cards", 1), ("no set holds two jokers", 2)]
    v = _house_of_remik51(tmp_path, '  remove check "an opening holds at least 6 cards"\n' + two_jokers)
    # property.2 is still property.2: `house.keeps` compares it with the same check
    assert [(c.title, c.number) for c in v.checks] == [("no set holds two jokers", 2)]


@pytest.mark.parametrize(("body", "message", "hint"), [
    ('  remove check "an opening holds 6 cards"\n', 'nothing to remove: no inherited check "an opening '
     'holds 6 cards"', "did you mean `an opening holds at least 6 cards`?"),
    ('  remove check "an opening holds at least 6 cards"\n  check "an opening holds at least 6 cards": '
     'forall opening o: cards(o) >= 7\n', 'check "an opening holds at least 6 cards" is removed and given '
     "again in the same file", None),
])
def test_remove_check_must_name_an_inherited_check(tmp_path, body, message, hint):
    with pytest.raises(SpecError) as caught:
        _house_of_remik51(tmp_path, body)
    (d,) = caught.value.diagnostics
    assert (d.code, d.message, d.hint, d.span.line) == ("E019", message, hint, 4)


def test_a_check_removed_by_the_parent_cannot_be_removed_again(tmp_path):
    _house_of_remik51(tmp_path, '  remove check "an opening holds at least 6 cards"\n')
    path = tmp_path / "wnuk.rules"
    path.write_text('variant wnuk extends "moj" {\n  name pl "x"\n  name hr "x"\n'
                    '  remove check "an opening holds at least 6 cards"\n}\n', encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        Workspace().variant(str(path))
    (d,) = caught.value.diagnostics
    assert d.code == "E019" and "no inherited check" in d.message


def _family(hand: int, middle_hand: str = "") -> dict[str, str]:
    """A grandchild of base, through a middle variant: the grandchild deals `hand` cards."""
    return {
        "middle": f'variant middle extends "base" {{\n  name pl "M"\n  name hr "M"\n{middle_hand}}}\n',
        "leaf": f'variant leaf extends "middle" {{\n  name pl "L"\n  name hr "L"\n'
                f'  deal {{\n    override hand {hand}\n  }}\n}}\n',
    }


def test_a_long_chain_is_walked_once_and_each_variant_keeps_its_own(tmp_path):
    """Each variant's chain is kept by the workspace: the leaf's, and on the way its parents'."""
    (tmp_path / "base.rules").write_text(BASE, encoding="utf-8")
    for name, text in _family(9).items():
        (tmp_path / f"{name}.rules").write_text(text, encoding="utf-8")
    workspace = Workspace()
    leaf, middle = str(tmp_path / "leaf.rules"), str(tmp_path / "middle.rules")
    assert [f.id for f in workspace.chain(leaf)] == ["base", "middle", "leaf"]
    assert [f.id for f in workspace.chain(middle)] == ["base", "middle"]
    assert workspace.chain(middle)[-1] is workspace.chain(leaf)[-2]  # the same file, read once


def test_a_forgotten_text_is_read_again_and_so_are_the_chains_through_it(tmp_path):
    """`Workspace.forget` (the sweep puts each grid point's text under one name): the new text
    is read, and a variant below a forgotten parent is made again from the parent's new text."""
    (tmp_path / "base.rules").write_text(BASE, encoding="utf-8")
    for name, text in _family(9).items():
        (tmp_path / f"{name}.rules").write_text(text, encoding="utf-8")
    workspace = Workspace()
    leaf, middle = str(tmp_path / "leaf.rules"), str(tmp_path / "middle.rules")
    assert workspace.variant(leaf).deal.hand.value.at(3) == 9
    workspace.sources[leaf] = _family(8)["leaf"]
    workspace.forget(leaf)
    assert workspace.variant(leaf).deal.hand.value.at(3) == 8
    assert workspace.variant(leaf).knocking is None
    knocking = "  knocking {\n    max_hand 5\n  }\n  scoring {\n    tie_with_knocker others_win\n  }\n"
    workspace.sources[middle] = _family(8, knocking)["middle"]
    workspace.forget(middle)
    assert workspace.variant(middle).knocking is not None
    leaf_now = workspace.variant(leaf)
    assert leaf_now.knocking is not None and leaf_now.knocking.max_hand.origin == "middle"
