"""`jokers { only_in runs }`: the house rule "jokers only in runs", through every pass.

A family's Remik 51 where a joker may stand in a run but never in a set: the validator refuses
a set with a joker and says which rule; 5♠ JK JK, which Remik 51 lets the player read either
way (`ambiguous higher`), is only ever a run, so the verifier finds `ambiguous` dead and hints
its removal; the rulebook states the rule and lists it among the changes."""

from __future__ import annotations

import io
from pathlib import Path

from house import house_variant

from remikc.cli import main
from remikc.emit.rulebook import rulebook
from remikc.spec.workspace import Workspace
from remikc.verify import verify
from remikc.wording import language

ONLY_RUNS = "  jokers {\n    only_in runs\n    remove ambiguous\n  }"


def test_a_set_with_a_joker_is_refused_and_a_run_with_one_is_not(tmp_path: Path) -> None:
    _, v = house_variant(tmp_path, "tylko_sekwensy", "remik51", ONLY_RUNS)
    refused = v.check_meld(v.parse_cards("5♠ 5♥ JK"))
    assert not refused.ok and [r.code for r in refused.reasons] == ["set.jokers"]
    assert refused.reasons[0].rule == "jokers.only_in"
    assert "w grupie" in refused.reasons[0].message("pl")
    # two jokers and a five: Remik 51 reads it as a set or a run; here only as the run 5-6-7
    both = v.check_meld(v.parse_cards("5♠ JK JK"))
    assert both.ok and both.kind == "run" and both.points == 5 + 6 + 7
    run = v.check_meld(v.parse_cards("7♥ 8♥ JK"))
    assert run.ok and run.kind == "run"
    # a set of naturals is still a set
    assert v.check_meld(v.parse_cards("7♥ 7♦ 7♣")).kind == "set"


def test_jokers_in_sets_only_refuse_a_run_with_one(tmp_path: Path) -> None:
    _, v = house_variant(tmp_path, "tylko_grupy", "remik51",
                         "  jokers {\n    only_in sets\n    remove ambiguous\n  }")
    refused = v.check_meld(v.parse_cards("7♥ 8♥ JK"))
    assert not refused.ok and [r.code for r in refused.reasons] == ["run.jokers"]
    assert v.check_meld(v.parse_cards("7♥ 7♦ JK")).kind == "set"


def test_the_verifier_finds_the_choice_between_readings_dead(tmp_path: Path) -> None:
    """Without `remove ambiguous`, the parent's `ambiguous higher` can never take effect: no
    meld reads both ways once a set holds no joker."""
    (tmp_path / "f").mkdir()
    house_variant(tmp_path / "f", "tylko_sekwensy", "remik51", ONLY_RUNS)  # the parent beside it
    spec = tmp_path / "f" / "dom.rules"
    spec.write_text('variant dom extends "remik51" {\n  name pl "Dom"\n  name hr "Dom"\n'
                    '  jokers {\n    only_in runs\n  }\n}\n', encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "--no-cache", str(spec)], out, err) == 1
    text = out.getvalue()
    assert "✗ rules.dead" in text and "`jokers.ambiguous`" in text
    assert "jokers stand in runs only (`only_in runs`)" in text
    assert "write `remove ambiguous` in `jokers`" in text


def test_the_house_variant_passes_its_checks_and_its_book_states_the_rule(tmp_path: Path) -> None:
    variant, _ = house_variant(tmp_path, "tylko_sekwensy", "remik51", ONLY_RUNS)
    parent = Workspace().variant(str(tmp_path / "remik51.rules"))
    report = verify(variant, parent=verify(parent))
    assert [f.check for f in report.findings if f.status.value in ("violated", "unknown")] == []
    for code, said in (("pl", "Joker może leżeć tylko w sekwensie: w grupie jokera być nie może."),
                       ("hr", "Džoker smije biti samo u nizu: u kompletu džokera ne smije biti.")):
        book = rulebook(variant, language(code), None, parent)
        texts = [s.text for s in book.sentences()]
        assert said in texts
        # the list of changes: the rule added, the choice between readings removed
        assert any(s.text.startswith(said) for s in book.differences)
        assert len(book.differences) == 3  # the heading and the two changes
        # what a joker may stand for names the one kind of meld, never "any card of a meld"
        # (then which card it is, a sentence of its own with the rule's mark)
        declared = {"pl": "Joker może zastąpić w sekwensie dowolną kartę.",
                    "hr": "Džoker smije zamijeniti bilo koju kartu u nizu."}[code]
        place = {"pl": "Joker jest tą kartą, której miejsce zajmuje.",
                 "hr": "Džoker predstavlja kartu na čijem mjestu leži."}[code]
        assert texts[texts.index(declared) + 1:texts.index(declared) + 3] == [place, said]
        assert not any("zastąpić w układzie" in t or "bilo koju kartu u grupi:" in t for t in texts)
