"""A house's own words: `note` lines, the `wording` section, the seed's `option`s, and the
rulebook's variations ("Odmiany" / "Varijante")."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc.diagnostics import Severity, SpecError
from remikc.emit.book import HouseNote
from remikc.emit.book_layout import to_html, to_markdown
from remikc.emit.rulebook import rulebook
from remikc.spec.workspace import Workspace
from remikc.wording import language
from remikc.wording.keys import OUT, placeholders, table

ROOT = Path(__file__).resolve().parent.parent
BASE = (Path(__file__).parent / "specs" / "malformed" / "base.rules").read_text(encoding="utf-8")
HEAD = 'variant child extends "base" {\n  name pl "Dziecko"\n  name hr "Dijete"\n'


def _load(tmp_path: Path, body: str, base: str = BASE) -> tuple[Workspace, str]:
    (tmp_path / "base.rules").write_text(base, encoding="utf-8")
    path = tmp_path / "child.rules"
    path.write_text(HEAD + body + "}\n", encoding="utf-8")
    return Workspace(), str(path)


def _errors(tmp_path: Path, body: str) -> list[tuple[str, int, str]]:
    workspace, path = _load(tmp_path, body)
    with pytest.raises(SpecError) as caught:
        workspace.variant(path)
    return [(d.code, d.span.line if d.span else 0, d.message) for d in caught.value.diagnostics
            if d.severity is Severity.ERROR]


# --- notes ---------------------------------------------------------------------------------

def test_notes_are_read_with_their_place_and_inherited(tmp_path: Path) -> None:
    base = BASE.replace('  name hr "Baza"\n', '  name hr "Baza"\n  note pl "Baza: u nas."\n'
                        '  note hr "Baza: kod nas."\n')
    workspace, path = _load(tmp_path, '''  scoring {
    note pl "Punkty liczy babcia."
    note hr "Bodove broji baka."
  }
  deal {
    note pl hand "Siedem, nie osiem."
    note hr hand "Sedam, ne osam."
  }
''', base)
    v = workspace.variant(path)
    assert sorted((n.place, n.language, n.text, n.origin) for n in v.notes) == [
        ("", "hr", "Baza: kod nas.", "base"), ("", "pl", "Baza: u nas.", "base"),
        ("deal.hand", "hr", "Sedam, ne osam.", "child"), ("deal.hand", "pl", "Siedem, nie osiem.", "child"),
        ("scoring", "hr", "Bodove broji baka.", "child"), ("scoring", "pl", "Punkty liczy babcia.", "child")]
    assert workspace.warnings(path) == ()


def test_a_parents_note_is_changed_only_with_override(tmp_path: Path) -> None:
    base = BASE.replace('  name hr "Baza"\n', '  name hr "Baza"\n  note pl "Stara."\n  note hr "Stara."\n')
    (tmp_path / "x").mkdir()
    workspace, path = _load(tmp_path / "x", '  override note pl "Nowa."\n', base)
    v = workspace.variant(path)
    assert {(n.language, n.text) for n in v.notes} == {("pl", "Nowa."), ("hr", "Stara.")}
    (tmp_path / "y").mkdir()
    workspace, path = _load(tmp_path / "y", '  note pl "Nowa."\n', base)
    with pytest.raises(SpecError) as caught:
        workspace.variant(path)
    (d,) = caught.value.diagnostics
    assert d.code == "E019" and "already given by `base`" in d.message and d.span and d.span.line == 4
    assert d.hint and "override" in d.hint


def test_a_note_in_one_language_only_warns_and_stops_nothing(tmp_path: Path) -> None:
    workspace, path = _load(tmp_path, '  scoring {\n    note pl "Tylko po polsku."\n  }\n')
    v = workspace.variant(path)
    assert v.notes and v.notes[0].place == "scoring"
    (w,) = workspace.warnings(path)
    assert (w.code, w.severity, w.span.line if w.span else 0) == ("W003", Severity.WARNING, 5)
    assert "`hr` rulebook" in w.message and w.hint == 'add `note hr "..."` beside it, in the same place'
    assert w.to_json()["severity"] == "warning"


def test_check_shows_the_warning_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from remikc.cli import main

    _, path = _load(tmp_path, '  note hr "Samo hrvatski."\n')
    assert main(["check", "--no-verify", path]) == 0
    err = capsys.readouterr().err
    assert "warning[W003]" in err and "`pl` rulebook" in err


@pytest.mark.parametrize("body, code, line, message", [
    ('  note de "Hallo."\n', "E012", 4, "`de` is not a rulebook language"),
    ('  note pl\n', "E012", 4, "expected `note <language>"),
    ('  scoring {\n    note pl went_in "x"\n  }\n', "E011", 5, "no rule `went_in` in `scoring`"),
    ('  note pl "a"\n  note pl "b"\n', "E015", 5, "given twice"),
    ('  override note pl "a"\n', "E019", 4, "nothing to override"),
    ('  note pl "  "\n', "E012", 4, "a note needs some text"),
])
def test_bad_notes(tmp_path: Path, body: str, code: str, line: int, message: str) -> None:
    found = _errors(tmp_path, body)
    assert any(c == code and n == line and message in m for c, n, m in found), found


# --- own wording ---------------------------------------------------------------------------

def test_own_wording_replaces_a_sentence_in_that_language_only(tmp_path: Path) -> None:
    workspace, path = _load(tmp_path, '''  wording {
    pl "deal.hand" "U nas każdy bierze {n:card_acc} i ani jednej więcej."
    pl "title" one "x" other "y"
  }
''')
    with pytest.raises(SpecError) as caught:  # `title` counts nothing: no plural forms
        workspace.variant(path)
    assert [d.code for d in caught.value.diagnostics] == ["E025"]
    workspace, path = _load(tmp_path, '''  wording {
    pl "deal.hand" "U nas każdy bierze {n:card_acc} i ani jednej więcej."
    hr "deal.hand" one "Svatko dobije jednu kartu." few "Svatko dobije {n} karte."
                   other "Svatko dobije {n:card}."
  }
''')
    v = workspace.variant(path)
    pl = to_markdown(rulebook(v, language("pl")), ["child.rules"])
    assert "U nas każdy bierze 7 kart i ani jednej więcej." in pl
    assert "Każdy gracz dostaje" not in pl
    hr = to_markdown(rulebook(v, language("hr")), ["child.rules"])
    assert "Svatko dobije 7 karata." in hr  # 7 is `other` in Croatian: its form, its noun


@pytest.mark.parametrize("line, message", [
    ('pl "deal.hands" "x {n}"', "the pl catalogue has no sentence `deal.hands`"),
    ('pl "deal.hand" "Każdy dostaje karty."', "leaves out `{n:card_acc}`"),
    ('pl "deal.hand" "{n:card_acc} {m}"', "`deal.hand` has no placeholder `{m}`"),
    ('pl "deal.hand" "{n:kart}"', "`kart` in `{n:kart}` is no noun"),
    ('pl "deal.hand" "{n!r}"', "is not a placeholder a wording may use"),
    ('pl "deal.hand" "{n.__class__}"', "is not a placeholder a wording may use"),
    ('pl "deal.hand" "{n:card_acc"', "braces do not match"),
    ('pl "deal.hand" one "{n:card_acc}" few "{n:card_acc}"', "plural forms need `other`"),
    ('hr "deal.hand" many "{n:card}" other "{n:card}"', "`many` is not a plural category of `hr`"),
    ('pl "deal.hand" other "{n}" other "{n}"', "the form `other` is given twice"),
    ('de "deal.hand" "{n}"', "`de` is not a rulebook language"),
])
def test_bad_wording_is_found_when_the_spec_is_read(tmp_path: Path, line: str, message: str) -> None:
    found = _errors(tmp_path, f"  wording {{\n    {line}\n  }}\n")
    assert len(found) == 1 and found[0][1] == 5 and message in found[0][2], found


def test_keys_doc_is_made_from_the_catalogue() -> None:
    """docs/wording-keys.md is what `python -m remikc.wording.keys` makes of the catalogues
    today: a key renamed there must be renamed in the doc too."""
    assert OUT.read_text(encoding="utf-8") == table(), "run: python -m remikc.wording.keys"
    rows = [line.split(" | ")[0].removeprefix("| ") for line in table().splitlines()[12:]]
    assert rows == [f"`{key}`" for key in language("pl").messages]  # every key, once, in order
    # a sentence in plural forms: its placeholders from all the forms, and marked `plural`
    key, forms = next((k, m) for k, m in language("pl").messages.items() if not isinstance(m, str))
    assert f"| `{key}` | " + " ".join(f"`{p}`" for p in placeholders(forms)) + " | plural |" in table()
    assert placeholders({"one": "jedna {x:card}", "other": "{n:card} {x:card}"}) == ["{x:card}", "{n:card}"]
    assert set(language("pl").messages) == set(language("hr").messages)


# --- the rulebooks: notes where they belong, variations at the end ---------------------------

def test_remik51_domowy_prints_its_notes_where_they_belong(load) -> None:  # type: ignore[no-untyped-def]
    v = load("remik51_domowy")
    base = load("remik51")
    book = rulebook(v, language("pl"), None, base)
    assert [n.text for n in book.notes] == ["Przed pierwszym rozdaniem ustalamy, kto zapisuje punkty."]
    scoring = next(s for s in book.sections if s.key == "scoring")
    at = [i for i, b in enumerate(scoring.blocks) if isinstance(b, HouseNote)]
    assert [scoring.blocks[i].text for i in at] == ["Dlatego lepiej nie trzymać jokera na ręce do końca."]
    before = scoring.blocks[at[0] - 1]
    assert "scoring.joker_in_hand" in getattr(before, "rules", ())  # right after the rule it is on
    assert all(not isinstance(b, HouseNote) for s in book.sections if s.key != "scoring" for b in s.blocks)
    page = to_html(rulebook(v, language("hr"), None, base), ["x"])
    assert ('<aside class="house-note"><strong>Kućna napomena:</strong> Zato je bolje ne držati '
            'džokera') in page


def test_a_note_is_text_escaped_never_markup(tmp_path: Path) -> None:
    workspace, path = _load(tmp_path, '  note pl "<script>x</script> *gwiazdka* [l](http://x)"\n'
                                      '  note hr "<b>"\n')
    v = workspace.variant(path)
    page = to_html(rulebook(v, language("pl")), ["x"])
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>" not in page
    text = to_markdown(rulebook(v, language("pl")), ["x"])
    assert r"\*gwiazdka\*" in text and r"\[l\]" in text


def test_variations_name_each_house_variant_and_the_seeds_options(load) -> None:  # type: ignore[no-untyped-def]
    base, house = load("remik51"), load("remik51_domowy")
    book = rulebook(base, language("pl"), None, None, "", children=[house])
    assert book.variations_title == "Odmiany"
    # the house variant plays both of the seed's options (its rules quote them): they are not
    # quoted again as options the game leaves out
    (first,) = book.variations
    assert first.title == "Remik 51 (zasady domowe)" and not first.not_modelled
    # the two changes of the house variant, one sentence each, with its values
    assert len(first.items) == 2
    assert "−140" in first.items[0].text and "50" in first.items[1].text
    assert {i.rules for i in first.items} == {("scoring.handed_with_cut_card",), ("scoring.joker_in_hand",)}
    hr = rulebook(base, language("hr"), None, None, "", children=[house])
    assert hr.variations_title == "Varijante" and len(hr.variations) == 1
    # without the house variant among the specs, the seed's options "by agreement", in this
    # language's words, quoted under a heading that says the game described leaves them out
    alone = rulebook(base, language("pl"))
    (options,) = alone.variations
    assert options.not_modelled and "gra opisana wyżej tego nie obejmuje" in options.title
    assert [i.text for i in options.items] == [
        "„Gdzieś na to zwycięstwo wyliczone jest -140”",
        "„a niektórzy nawet liczą +50 jako karę”"]
    hr_alone = rulebook(base, language("hr")).variations
    assert "Negde se za ovu pobedu računa i -140" in hr_alone[0].items[0].text
    # a house variant names none
    assert rulebook(house, language("pl"), None, base).variations == ()


def test_an_option_translated_by_the_author_is_named_in_the_other_books_language(tmp_path: Path) -> None:
    """002 is Polish; its option "by agreement" is named in the Croatian book too where the spec
    translates it, with the seed's own words beside the translation."""
    workspace, path = _load(tmp_path, """  not_modelled {
    option pl "Ostatnią kartę się odrzuca." hr "Zadnja se karta odbacuje." because "an option"
    option pl "Tylko po polsku." because "not translated"
  }
""")
    v = workspace.variant(path)
    assert [(n.language, n.translations) for n in v.not_modelled] == [
        ("pl", (("hr", "Zadnja se karta odbacuje."),)), ("pl", ())]
    (pl,) = rulebook(v, language("pl")).variations
    assert [i.text for i in pl.items] == ["„Ostatnią kartę się odrzuca.”", "„Tylko po polsku.”"]
    (hr,) = rulebook(v, language("hr")).variations
    assert [i.text for i in hr.items] == [
        "Zadnja se karta odbacuje. (u izvornom tekstu, na poljskom: „Ostatnią kartę się odrzuca.”)"]
    # the shipped seed: its Croatian book names the option 002 gives
    hr_book = (ROOT / "generated" / "remik_podstawowy" / "rulebook.hr.md").read_text(encoding="utf-8")
    assert "posljednja karta iz ruke odbaci" in hr_book and "„Niektórzy gracze wymagają" in hr_book


@pytest.mark.parametrize(("line", "said"), [
    ('option pl "A." pl "B." because "x"', "`pl` is given twice"),
    ('option pl "A." hr "B." hr "C." because "x"', "`hr` is given twice"),
    ('option pl "A." de "B." because "x"', "`de` is not a rulebook language"),
    ('option pl "A." hr B because "x"', "expected the option in `hr` words"),
])
def test_a_translated_option_that_cannot_be_read_says_why(tmp_path: Path, line: str, said: str) -> None:
    errors = _errors(tmp_path, f"  not_modelled {{\n    {line}\n  }}\n")
    assert len(errors) == 1 and said in errors[0][2], errors


def test_generated_rulebooks_carry_notes_and_variations() -> None:
    generated = ROOT / "generated"
    pl = (generated / "remik51" / "rulebook.pl.md").read_text(encoding="utf-8")
    assert "## 13. Odmiany" in pl and "### Remik 51 (zasady domowe)" in pl
    assert pl.index("## 13. Odmiany") > pl.index("## 12. Do ustalenia przed grą")  # the last section
    hr = (generated / "remik51" / "rulebook.hr.html").read_text(encoding="utf-8")
    assert "<h2>13. Varijante</h2>" in hr and "<h3>Remi 51 (kućna pravila)</h3>" in hr
    house = (generated / "remik51_domowy" / "rulebook.pl.md").read_text(encoding="utf-8")
    assert "> **Uwaga domowa:** Dlatego lepiej nie trzymać jokera na ręce do końca." in house


def test_a_section_note_closes_the_part_that_says_most_of_its_rules(tmp_path: Path) -> None:
    """`turn.direction` is said with the deal, but a note on `turn` belongs with the turn."""
    workspace, path = _load(tmp_path, '''  turn {
    direction clockwise
    note pl "O turze."
    note hr "O potezu."
  }
  deal {
    note pl "O rozdaniu."
    note hr "O dijeljenju."
  }
  values {
    note pl A "As za jeden."
    note hr A "As za jedan."
  }
''')
    book = rulebook(workspace.variant(path), language("pl"))
    where = {b.text: (s.key, i == len(s.blocks) - 1) for s in book.sections
             for i, b in enumerate(s.blocks) if isinstance(b, HouseNote)}
    assert where == {"O turze.": ("turn", True), "O rozdaniu.": ("deal", True),
                     "As za jeden.": ("cards", True)}  # the table of values ends it
    players = next(s for s in book.sections if s.key == "cards")
    at = next(i for i, b in enumerate(players.blocks) if isinstance(b, HouseNote))
    assert "values.A" in getattr(players.blocks[at - 1], "rules", ())  # after the table of values


def test_a_house_variant_removes_a_parents_note(tmp_path: Path) -> None:
    base = BASE.replace('  name hr "Baza"\n', '  name hr "Baza"\n  note pl "Babcia."\n  note hr "Baka."\n'
                        ).replace("  scoring {\n", '  scoring {\n    note pl method "Po staremu."\n'
                                  '    note hr method "Po starom."\n', 1)
    (tmp_path / "a").mkdir()
    workspace, path = _load(tmp_path / "a", '  remove note pl\n  scoring {\n    remove note hr method\n  }\n',
                            base)
    v = workspace.variant(path)
    assert sorted((n.place, n.language) for n in v.notes) == [("", "hr"), ("scoring.method", "pl")]
    for body, message in [
        ('  remove note pl\n  note pl "Znowu."\n', "removed and given again in the same file"),
        ('  deal {\n    remove note pl\n  }\n', "nothing to remove: no parent gives the note `deal` in `pl`"),
    ]:
        (tmp_path / "b").mkdir(exist_ok=True)
        workspace, path = _load(tmp_path / "b", body, base)
        with pytest.raises(SpecError) as caught:
            workspace.variant(path)
        assert [(d.code, message in d.message) for d in caught.value.diagnostics] == [("E019", True)], \
            caught.value.diagnostics


# --- an override that changes nothing --------------------------------------------------------

HOUSE51 = 'variant nasz extends "remik51" {\n  name pl "Nasz"\n  name hr "Naš"\n'


def test_an_override_restating_the_parents_value_warns(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from remikc.cli import main

    # remik51.rules has `players 2..5` and `handing_multiplier 2`; `2 ..5` is the same range
    path = tmp_path / "nasz.rules"
    path.write_text(HOUSE51 + "  override players 2 ..5\n  scoring {\n"
                    "    override handing_multiplier 2\n    override joker_in_hand 50\n  }\n}\n",
                    encoding="utf-8")
    assert main(["check", "--no-verify", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.count("warning[W005]") == 2, err
    assert f"{path}:4:" in err and f"{path}:6:" in err and "^" in err
    assert "the parent `remik51` already has this `players`" in err
    assert "already has this `scoring.handing_multiplier`" in err
    assert "joker_in_hand`" not in err  # 50 is no restatement: the parent says 20
    assert "remove the line, or write the value you meant" in err


def test_an_override_with_another_value_does_not_warn(tmp_path: Path) -> None:
    path = tmp_path / "nasz.rules"
    path.write_text(HOUSE51 + "  override players 2..4\n}\n", encoding="utf-8")
    assert [w.code for w in Workspace().warnings(str(path))] == []


# --- a dead rule: where it is, and the edit that fixes it ---------------------------------------

def _dead(path: Path) -> tuple[str, tuple[str, ...]]:
    from remikc.verify.base import Probe
    from remikc.verify.checks import CHECKS
    from remikc.verify.dead import dead_rules

    v = Workspace().variant(str(path))
    check = next(c for c in CHECKS if c.id == "rules.dead")
    found = dead_rules(Probe(v), check)
    return found.summary, found.details


def test_a_dead_inherited_rule_names_the_parents_file_and_hints_remove(tmp_path: Path) -> None:
    # one joker per meld makes remik51's `per_meld_at_opening 1` say nothing more
    path = tmp_path / "nasz.rules"
    path.write_text(HOUSE51 + "  jokers {\n    override per_meld 1\n  }\n}\n", encoding="utf-8")
    summary, details = _dead(path)
    seed = (Path(__file__).resolve().parents[1] / "specs" / "remik51.rules").read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(seed.splitlines(), start=1)
                if row.strip() == "per_meld_at_opening 1")
    assert (f"`jokers.per_meld_at_opening` (remikc:specs/remik51.rules:{line}) can never take effect"
            in summary)
    # and `ambiguous higher` (000/004: 5♠ JK JK) with it: two naturals fix every meld's reading
    assert details == ("hint: write `remove per_meld_at_opening` in `jokers` in `nasz`, "
                       "or change the rule that makes it dead",
                       "hint: write `remove ambiguous` in `jokers` in `nasz`, "
                       "or change the rule that makes it dead")


def test_a_dead_rule_of_the_house_hints_deleting_its_line(tmp_path: Path) -> None:
    path = tmp_path / "nasz.rules"
    path.write_text(HOUSE51 + "  run {\n    override ace low\n    override ace_to_ace forbidden\n  }\n}\n",
                    encoding="utf-8")
    summary, details = _dead(path)
    assert f"`run.ace_to_ace` ({path}:6) can never take effect" in summary
    assert details == (f"hint: delete line 6 of {path} (`run.ace_to_ace`), "
                       "or change the rule that makes it dead",)
