"""Readings of ambiguous seed sentences (`assumed "why" other "reading"`) and
docs/assumptions.md, the table of every assumption, kept in step with the specs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from remikc import assumptions
from remikc.driver import check_paths
from remikc.spec.workspace import Workspace
from remikc.wording import language

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"


def _rule(variant: str, rule_id: str):
    v = Workspace().variant(str(SPECS / f"{variant}.rules"))
    rule = v.rule(rule_id)
    assert rule is not None, rule_id
    return rule


def test_the_table_is_up_to_date():
    """docs/assumptions.md is what `python -m remikc.assumptions` makes of specs/ today."""
    written = (ROOT / "docs" / "assumptions.md").read_text(encoding="utf-8")
    assert written == assumptions.table(assumptions.load(SPECS)), \
        "run `python -m remikc.assumptions` and commit docs/assumptions.md"


def test_check_mode_sees_a_stale_table(tmp_path, capsys):
    out = tmp_path / "assumptions.md"
    assert assumptions.main(["--out", str(out)]) == 0
    assert assumptions.main(["--check", "--out", str(out)]) == 0
    out.write_text(out.read_text(encoding="utf-8").replace("| `players` |", "| `people` |", 1),
                   encoding="utf-8")
    assert assumptions.main(["--check", "--out", str(out)]) == 1
    assert "out of date" in capsys.readouterr().err


def test_every_assumption_and_reading_is_in_the_table():
    """Counted in the spec files themselves: each `assumed "` a row, each `other "` a reading."""
    table = (ROOT / "docs" / "assumptions.md").read_text(encoding="utf-8")
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    lines = [line for p in SPECS.glob("*.rules") for line in p.read_text(encoding="utf-8").splitlines()
             if not line.lstrip().startswith("#")]
    assumed = sum(len(re.findall(r'\bassumed "', line)) for line in lines)
    other = sum(len(re.findall(r'\bother "', line)) for line in lines)
    assert len(rows) == assumed
    assert sum(1 for row in rows if not row.endswith("| — |")) == other
    assert f"{assumed} assumptions in 6 variants; {other} name another reading" in table
    # a reading of a quoted sentence is a row marked †: a `source` above its `assumed`
    blocks: list[str] = []  # each statement with its `source`, `assumed` and `other` lines
    for line in lines:
        if re.match(r"\s*(source|assumed|other)\b", line):
            blocks[-1] += line
        elif line.strip():
            blocks.append(line)
    quoted = sum(1 for b in blocks if re.search(r'\bsource "', b) and re.search(r'\bother "', b))
    assert quoted and sum(1 for row in rows if "| † |" in row) == quoted


@pytest.mark.parametrize("variant, rule_id, value, other_says", [
    # 000: "Gra kończy się, gdy jeden z graczy odrzuci swoją ostatnią kartę" - the game, or a deal
    # of a series
    ("remik51", "game_end.rounds", 1, "a series"),
    # 000: "a gracz może ją wziąć tylko wtedy, gdy zaczyna rozdawać" - any player, or the cutter
    ("remik51", "turn.draw.cut_card", None, "only the player who cut the pack"),
    # ... "tylko": not as the stock's last card either
    ("remik51", "stock_empty", None, "drawn as an ordinary card"),
    # "karta, którą gracz, który przecina talię ..., dobiera": any card, a joker too
    ("remik51", "deal.cut_card", None, "the cutter keeps it"),
    # 004: "ako uzmete kartu odavde, morate se otvoriti" (000: "musisz ją otworzyć")
    ("remik51", "turn.draw.discard_top", None, "one of the cards of that opening"),
    # 000: "położenie na stole przed sobą złożonych grup" - melds, one or more
    ("remik51", "opening.min_melds", 1, "at least two melds"),
    # 001: "jeden zamiast waleta i jednocześnie drugi zamiast damy"
    ("remik_klasyczny", "jokers.declare", None, "names the card"),
    # 001: the discard "widoczna dla wszystkich", against "dobiera ... ze stosu zakrytego"
    ("remik_klasyczny", "turn.draw.discard_top", None, "only the covered stock"),
    # 003 forbids only K-A-2 ("skręcanie z rogu"); A..A turns no corner, unless read widely
    ("karuzela", "run.ace_to_ace", True, "any run that uses an ace at both ends"),
    # 000: "Na początku grupa może mieć tylko jednego jokera"
    ("remik51", "jokers.per_meld_at_opening", 1, "first laid"),
])
def test_a_reading_names_the_other_one(variant, rule_id, value, other_says):
    rule = _rule(variant, rule_id)
    assert rule.assumed and rule.other and other_says in rule.other
    if value is not None:
        assert rule.value == value
    table = (ROOT / "docs" / "assumptions.md").read_text(encoding="utf-8")
    section = table.split(f"## {variant}:")[1].split("\n## ")[0]
    assert f"| `{rule_id}` |" in section and other_says in section


def test_no_other_reading_where_the_seed_is_plain_or_no_deal_could_tell():
    """003 says the player "musi powiedzieć" which card a joker is: the default for a joker laid
    without a word is an assumption, not a second reading of that sentence (reading 49).  002's
    high-or-low ace with one pack: no deal holds two aces of a suit, so A..A read either way is
    the same game, no choice to agree on."""
    declare = _rule("karuzela", "jokers.declare")
    assert declare.assumed and not declare.other
    assert any("musi powiedzieć" in q for q in declare.sources)
    ace = _rule("remik_podstawowy_as", "run.ace_to_ace")
    assert ace.assumed and not ace.other


def test_remik51_is_one_deal():
    """000: "Gra kończy się, gdy jeden z graczy odrzuci swoją ostatnią kartę" (004: "Igra se
    završava kada neko od igrača izbaci svoju poslednju kartu"): the game is the deal, with no
    target the seeds do not give."""
    assert _rule("remik51", "game_end.rounds").value == 1
    v = Workspace().variant(str(SPECS / "remik51.rules"))
    assert v.game_end.target is None


def test_a_house_variant_lists_only_its_own():
    table = (ROOT / "docs" / "assumptions.md").read_text(encoding="utf-8")
    domowy = table.split("## remik51_domowy:")[1].split("\n## ")[0]
    inherited = sum(1 for line in table.split("## remik51:")[1].split("\n## ")[0].splitlines()
                    if line.startswith("| `"))
    assert f"Extends `remik51`, whose {inherited} assumptions it keeps." in domowy
    assert "No assumption of its own." in domowy


def _with(tmp_path: Path, old: str, new: str) -> Path:
    path = tmp_path / "remik51.rules"
    text = (SPECS / "remik51.rules").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize("written", [
    '  players 2..5 assumed "why" other "three to six"\n',
    '  players 2..5\n    assumed "why"\n    other "three to six"\n',
    '  players 2..5 assumed "why"\n    other "three to six"\n',
])
def test_other_on_the_line_or_the_next(tmp_path, written):
    text = (SPECS / "remik51.rules").read_text(encoding="utf-8")
    start = text.index("  players 2..5\n")
    end = text.index("\n", text.index("assumed", start)) + 1
    path = tmp_path / "remik51.rules"
    path.write_text(text[:start] + written + text[end:], encoding="utf-8")
    rule = Workspace().variant(str(path)).rule("players")
    assert rule is not None and (rule.assumed, rule.other) == ("why", "three to six")


def test_other_without_assumed_is_refused_at_its_place(tmp_path):
    path = _with(tmp_path, "  players 2..5\n", '  players 2..5 other "x"\n')
    run = check_paths([str(path)])
    (result,) = run.results
    assert not result.ok
    (d,) = result.diagnostics
    assert d.span is not None and (d.span.line, d.span.column) == (13, 16)
    assert "other" in d.message


def test_the_rulebooks_print_the_other_readings():
    """Each reading the spec takes is marked †, and the other reading is given in the book's
    own language at the end, for the players to settle before they play."""
    for lang, title, other in (
            ("pl", "## 12. Do ustalenia przed grą", "gra to seria rozdań: punkty z każdego rozdania"),
            ("hr", "## 12. Dogovorite se prije igre", "igra je niz partija: bodovi svake partije")):
        book = (ROOT / "generated" / "remik51" / f"rulebook.{lang}.md").read_text(encoding="utf-8")
        readings = book.split(title)[1].split("\n## ")[0]
        assert other in readings
        assert "game_end" not in readings and "a series:" not in book  # no spec words
        assert readings.count("\n- ") == 11  # remik51's eleven readings
        html = (ROOT / "generated" / "remik51" / f"rulebook.{lang}.html").read_text(encoding="utf-8")
        assert '<section id="readings">' in html and other in html
    plain = (ROOT / "generated" / "remik_podstawowy" / "rulebook.pl.md").read_text(encoding="utf-8")
    assert "Do ustalenia" not in plain and "†" not in plain  # a variant without readings has none


@pytest.mark.parametrize("lang", ["pl", "hr"])
def test_every_reading_has_the_other_one_in_the_rulebooks_words(lang):
    """Each reading a seed spec marks is printed with the other one in the book's own language
    (`other.<variant>.<rule>`), never the catalogue's bare "it can be read otherwise"."""
    catalogue = language(lang)
    missing = [f"other.{v.id}.{rule.id}" for v in assumptions.load(SPECS) for rule in v.rules
               if rule.other and rule.origin == v.id and not catalogue.has(f"other.{v.id}.{rule.id}")]
    assert missing == []


# --- the seed's sentences: `source "..."` -----------------------------------------------------

def test_sources_keep_the_seeds_words_in_order_before_the_assumption(tmp_path):
    path = _with(tmp_path, "  players 2..5\n",
                 '  players 2..5 source "Gracze: od dwóch"\n    source "do pięciu"\n')
    rule = Workspace().variant(str(path)).rule("players")
    assert rule is not None and rule.sources == ("Gracze: od dwóch", "do pięciu")
    # 000/004 still do not say how many play: the quoted words do not read two ways, so `*`
    assert rule.assumed and rule.mark == "*"
    stated = Workspace().variant(str(SPECS / "remik51.rules")).rule("scoring.went_out")
    assert stated is not None and stated.sources == ("Ten gracz otrzymuje -40 punktów.",
                                                     "Taj igrač dobija -40 bodova")
    assert stated.mark == ""


def test_fmt_puts_each_source_on_a_line_of_its_own(tmp_path):
    from remikc.fmt import format_text

    text = ('variant v {\n  name pl "V"\n  name hr "V"\n  players 2..5 source "a" source "b" '
            'assumed "why" other "c"\n}\n')
    assert format_text(text, "v.rules") == (
        'variant v {\n  name pl "V"\n  name hr "V"\n  players 2..5\n    source "a"\n    source "b"\n'
        '    assumed "why"\n    other "c"\n}\n')


def test_a_source_after_the_assumption_is_refused_with_the_order(tmp_path):
    path = _with(tmp_path, "  players 2..5\n", '  players 2..5\n    source "a"\n')
    text = path.read_text(encoding="utf-8")
    reason = text.index("\n", text.index("    assumed", text.index("  players 2..5\n"))) + 1
    path.write_text(text[:reason] + '    source "b"\n' + text[reason:], encoding="utf-8")
    (result,) = check_paths([str(path)]).results
    (d,) = result.diagnostics
    assert d.code == "E001" and d.span is not None and d.span.line == 16
    assert d.hint is not None and "before `assumed`" in d.hint


@pytest.mark.parametrize("old, new", [
    ('"W naszej grze zbiory zamknięte będą wygaszone." because "greying out closed sets is '
     'presentation; that they take no more cards is `closed_at 4`"\n',
     '"W naszej grze zbiory zamknięte będą wygaszone." because "greying out closed sets is '
     'presentation; that they take no more cards is `closed_at 4`"\n      source "x"\n'),
    ('  name hr "Remi 51"\n', '  name hr "Remi 51"\n    source "Remi 51"\n'),
])
def test_only_a_rule_or_an_example_quotes_the_seed(tmp_path, old, new):
    (result,) = check_paths([str(_with(tmp_path, old, new))]).results
    assert [(d.code, d.message) for d in result.diagnostics] == [
        ("E012", "only a rule takes a `source`: this line states none")]
