"""`extends`: a house variant is a small delta; overriding is explicit."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc.diagnostics import SpecError
from remikc.loader import Workspace

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
