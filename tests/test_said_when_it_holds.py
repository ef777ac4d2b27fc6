"""Only what can happen is printed: a catalogue sentence whose clause depends on another rule
is split, and the clause said only where that rule holds; the key before the split still
takes a spec's own words (docs/dsl.md, "Own wording")."""

from __future__ import annotations

import pytest
from house import house_variant

from remikc.emit.rulebook import rulebook
from remikc.wording import language

STOCK_ONLY = {"pl": "Karty ze stosu kart odrzuconych nie może przy tym wziąć.",
              "hr": "Kartu s hrpe odbačenih karata pritom ne smije uzeti."}
ANY_PILE = {"pl": "Nie ma przy tym znaczenia, z którego stosu dobrał kartę.",
            "hr": "Pritom nije bitno je li kartu uzeo sa špila ili s hrpe odbačenih karata."}
REMIK = {"pl": "Kto w jednej turze wyłoży naraz wszystkie karty oprócz ostatniej, którą odrzuca, a "
               "wcześniej nie położył na stole żadnej karty, robi remika.",
         "hr": "Igrač handira ako u jednom potezu odjednom izloži sve grupe, a prije toga nije na stol "
               "stavio nijednu kartu, i ostane mu samo jedna karta za odbacivanje."}
# Remik 51 (000/004) with the discard pile for players who have opened only: a remik has not
# opened, so he drew from the stock, and "whichever pile" is false in this game.
OPENED_ONLY = "  turn {\n    draw {\n      override discard_top when opened\n    }\n  }"


def _texts(v, code):
    return [s.text for s in rulebook(v, language(code)).sentences()]


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_whichever_pile_only_where_a_remik_may_take_the_discard(tmp_path, load, code):
    seed = _texts(load("remik51"), code)
    assert f"{REMIK[code]} {ANY_PILE[code]}" in seed  # 000/004: "nie ma znaczenia, z którego stosu"
    v, _ = house_variant(tmp_path, "tylko_po_otwarciu", "remik51", OPENED_ONLY)
    house = _texts(v, code)
    # the remik defined, and said to draw as the game lets a player who has not opened
    assert f"{REMIK[code]} {STOCK_ONLY[code]}" in house
    assert not any(ANY_PILE[code] in text for text in house)


def test_the_key_before_the_split_still_takes_a_spec_s_words(tmp_path):
    own = "U nas remik to wyłożenie wszystkiego naraz, z ostatnią kartą odrzuconą."
    body = OPENED_ONLY + f'\n  wording {{\n    pl "handing.keep_discard" "{own}"\n  }}'
    v, _ = house_variant(tmp_path, "po_swojemu", "remik51", body)
    house = _texts(v, "pl")
    assert own in house and REMIK["pl"] not in house


def test_rules_dead_reports_ambiguous_where_no_meld_reads_two_ways(tmp_path, load):
    """Classic Remik (001) reads 10♣ JK JK K♣ by `ambiguous higher`; with one joker per meld
    two naturals fix every meld's reading, and the rule never decides anything."""
    from remikc.verify.base import Probe
    from remikc.verify.dead import _ambiguous
    from remikc.verify.findings import DEFAULT_RLIMIT

    assert _ambiguous(Probe(load("remik_klasyczny"), DEFAULT_RLIMIT)) is None
    v, _ = house_variant(tmp_path, "jeden_joker", "remik_klasyczny",
                         "  jokers {\n    override per_meld 1\n  }")
    said = _ambiguous(Probe(v, DEFAULT_RLIMIT))
    assert isinstance(said, str) and "no meld reads both as a set and as a run" in said
