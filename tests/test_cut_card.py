"""Remik 51's cut card, played both ways round under every variant that has one: the stock run
down to it, and a joker cut.  The referee is held to the readings the spec marks, and the
rulebooks must print each reading with the other one, in both languages.

000: "Istnieje również zasada związana z kartą, którą gracz, który przecina talię na początku,
dobiera i umieszcza pod wszystkimi innymi kartami. Ta karta może być użyta podczas rozdawania, a
gracz może ją wziąć tylko wtedy, gdy zaczyna rozdawać."
004 (the original): "Ta karta može da posluži pri handiranju i igrač može da je uzme samo ako
kreće u handiranje. Ako igrač ovako handira dobija -120 poena."

The readings: it is taken only to hand ("tylko", "samo"), so not as the stock's last card either;
by any player who hands ("a gracz", "igrač", where both texts say "Ten gracz" / "Taj igrač" for a
player just named); and it is whatever card was cut, a joker too (neither text sets one apart).

Seat 0 deals; seat 1 plays first, dealt the extra card, and does not draw on his first turn.
"""

from __future__ import annotations

import os
import re
import types
from pathlib import Path
from typing import Any

import pytest

from remikc import ir
from remikc.build import load_module, validator_source
from remikc.emit.book_layout import to_markdown
from remikc.emit.rulebook import rulebook
from remikc.spec.workspace import Workspace
from remikc.wording import language

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
SEEDS = Path(os.environ.get("REMIKC_SEEDS") or ROOT.parent / "shared" / "seeds")
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the seed texts are not at {SEEDS} "
                                 "(set REMIKC_SEEDS)")

# A family's house rule, as families write them: Remik 51 with its own score for the cut card.
HOUSE = '''variant nasz extends "remik51" {
  name pl "Remik 51 u nas"
  name hr "Remi 51 kod nas"
  scoring {
    override handed_with_cut_card -100
  }
}
'''

# What handing with the cut card scores, by variant:
# remik51, 004: "Ako igrač ovako handira dobija -120 poena."
# remik51_domowy, 000: "Gdzieś na to zwycięstwo wyliczone jest -140" (the agreement it takes up)
# nasz: its own line, `override handed_with_cut_card -100`
WITH_CUT_CARD = {"remik51": -120, "remik51_domowy": -140, "nasz": -100}
# 000: "gracze, którzy nie otwierają, otrzymują w tym przypadku podwójnie, tj. +200"
NEVER_OPENED_WHEN_HANDED = 200


def test_every_variant_with_a_cut_card_is_played_here() -> None:
    workspace = Workspace()
    with_cut = {p.stem for p in SPECS.glob("*.rules")
                if (cut := workspace.variant(str(p)).deal.cut_card) is not None and cut.value}
    assert with_cut == set(WITH_CUT_CARD) - {"nasz"}


@pytest.fixture(scope="module")
def variants(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ir.Variant]:
    workspace = Workspace()
    house = tmp_path_factory.mktemp("house") / "nasz.rules"
    house.write_text(HOUSE, encoding="utf-8")
    out = {v: workspace.variant(str(SPECS / f"{v}.rules")) for v in ("remik51", "remik51_domowy")}
    out["nasz"] = workspace.variant(str(house))
    return out


@pytest.fixture(scope="module", params=sorted(WITH_CUT_CARD))
def game(request: pytest.FixtureRequest, variants: dict[str, ir.Variant]) -> tuple[str, types.ModuleType]:
    v = variants[request.param]
    return v.id, load_module(v.id, validator_source(v, Workspace()))


def play(m: types.ModuleType, g: Any, *actions: Any) -> Any:
    for action in actions:
        after = m.apply(g, action)
        assert after, f"{action!r} refused: {after!r}"
        g = after
    return g


def refused(m: types.ModuleType, g: Any, action: Any, rule: str) -> None:
    answer = m.apply(g, action)
    assert not answer and any(r.rule == rule for r in answer.reasons), answer


@pytest.mark.parametrize("cut", ["A♣", "JK"])
def test_the_stock_run_down_to_the_cut_card_leaves_it_for_a_hand(game: tuple[str, types.ModuleType],
                                                                  cut: str) -> None:
    """"tylko wtedy, gdy zaczyna rozdawać": once the cards above it are gone, a player who cannot
    hand does not draw it as the stock's last card; he gets a card of the discards shuffled into
    a new stock above it, and it waits there for a player who hands."""
    variant, m = game
    # seat 0 holds K♠ K♥ K♦ (30) + 10♦ J♦ Q♦ (30) + 2♣ 3♣: with the cut card (A♣, or a joker
    # standing for it) A♣ 2♣ 3♣ (10 + 2 + 3 = 15) he lays 75, at least 51, and throws 9♥
    g = m.new_game(2, hands=["K♠ K♥ K♦ 10♦ J♦ Q♦ 2♣ 3♣ 9♥", "2♦ 5♥ 9♣ K♣ 7♦ 4♥"], stock="4♠",
                   cut_card=cut)
    g = play(m, g, m.Discard("2♦"))  # seat 1
    g = play(m, g, m.Draw("stock"))  # seat 0 takes 4♠, the last card above the cut card
    assert m.parse_card("4♠") in g.hands[0] and g.stock == (m.parse_card(cut),)
    g = play(m, g, m.Discard("4♠"))
    # seat 1 (2♦ gone: 4♥ 5♥ 7♦ 9♣ K♣) cannot hand: the cut card is not his to take ...
    assert m.Draw("cut") not in m.legal_actions(g)
    refused(m, g, m.Draw("cut"), "turn.draw.cut_card")
    # ... and not as a stock card either: his draw is 2♦, the discards but the top card (4♠)
    g = play(m, g, m.Draw("stock"))
    assert m.parse_card("2♦") in g.hands[1] and m.parse_card(cut) not in g.hands[1]
    assert g.cut and g.stock == (m.parse_card(cut),) and g.discards == (m.parse_card("4♠"),)
    g = play(m, g, m.Discard("2♦"))
    # seat 0 hands with it, under the new stock as it was under the first
    assert m.Draw("cut") in m.legal_actions(g)
    g = play(m, g, m.Draw("cut"), m.Lay(melds=["K♠ K♥ K♦", "10♦ J♦ Q♦", f"{cut} 2♣ 3♣"]), m.Discard("9♥"))
    assert (g.result.ended_by, g.result.seat, g.result.with_cut_card) == ("handed", 0, True)
    assert g.result.scores == (WITH_CUT_CARD[variant], NEVER_OPENED_WHEN_HANDED)


def test_a_joker_cut_waits_for_any_player_who_hands(game: tuple[str, types.ModuleType]) -> None:
    """The card the cutter "dobiera i umieszcza pod wszystkimi innymi kartami" is any card: a
    joker cut lies face up under the stock like any other, "tylko" for a hand, and "a gracz" may
    take it: seat 0 did above, seat 1 does here."""
    variant, m = game
    # seat 1, with the joker: 7♠ 8♠ JK 10♠ (7 + 8 + 9 + 10 = 34) + K♥ K♦ K♣ (30) = 64, throws 2♦
    g = m.new_game(2, hands=["2♣ 5♥ 9♣ K♠", "7♠ 8♠ 10♠ K♥ K♦ K♣ 2♦ 5♣"], stock="4♥ 6♦ 3♠", cut_card="JK")
    assert m.view(g, 0).cut_card == m.view(g, 1).cut_card == m.Card(m.parse_card("JK"))  # face up
    g = play(m, g, m.Discard("5♣"))  # seat 1
    # seat 0 (2♣ 5♥ 9♣ K♠) cannot hand, even with a joker: it is not his to take
    assert m.Draw("cut") not in m.legal_actions(g)
    refused(m, g, m.Draw("cut"), "turn.draw.cut_card")
    g = play(m, g, m.Draw("stock"), m.Discard("4♥"))
    assert g.cut and g.stock[0] == m.parse_card("JK")
    assert m.Draw("cut") in m.legal_actions(g)
    g = play(m, g, m.Draw("cut"), m.Lay(melds=["7♠ 8♠ JK 10♠", "K♥ K♦ K♣"]), m.Discard("2♦"))
    assert (g.result.ended_by, g.result.seat, g.result.with_cut_card) == ("handed", 1, True)
    assert g.result.scores == (NEVER_OPENED_WHEN_HANDED, WITH_CUT_CARD[variant])


# The alternative each reading names: what the game does NOT play (the tests above play the
# other way), as the spec words it and as each rulebook prints it after "Inaczej:" /
# "Drugo čitanje:", next to the chosen reading's own sentence.
READINGS = {
    "deal.cut_card": ("the cutter keeps it",
                      {"pl": ("nie wybierając (może to być także joker)",
                              "a jokera przekładający nie kładzie pod stosem do dobierania"),
                       "hr": ("naslijepo jednu kartu — to može biti i džoker",
                              "a džokera onaj koji siječe ne stavlja ispod špila")}),
    "turn.draw.cut_card": ("only the player who cut the pack may take it",
                           {"pl": ("może wziąć każdy gracz, nie tylko ten, który przekładał",
                                   "kartę spod stosu do dobierania może wziąć tylko gracz, "
                                   "który przekładał talię"),
                            "hr": ("smije uzeti svaki igrač, ne samo onaj koji je sjekao špil",
                                   "kartu ispod špila smije uzeti samo igrač koji je sjekao špil")}),
    "stock_empty": ("is drawn as an ordinary card",
                    {"pl": ("ona zostaje na spodzie i dalej czeka na remika",
                            "następny gracz dobiera ją jak zwykłą kartę"),
                     "hr": ("ona ostaje na dnu te i dalje čeka handiranje",
                            "sljedeći je igrač kupi kao običnu kartu")}),
}
OTHERWISE = {"pl": "Inaczej:", "hr": "Drugo čitanje:"}


@pytest.mark.parametrize("variant", sorted(WITH_CUT_CARD))
def test_the_spec_marks_each_reading_with_the_one_the_game_does_not_play(
        variants: dict[str, ir.Variant], variant: str) -> None:
    v = variants[variant]
    for rule_id, (other, _) in READINGS.items():
        rule = v.rule(rule_id)
        assert rule is not None and rule.assumed and rule.other and other in rule.other, rule_id


@pytest.mark.parametrize("variant", sorted(WITH_CUT_CARD))
@pytest.mark.parametrize("lang", ["pl", "hr"])
def test_the_rulebook_prints_the_reading_played_and_the_other(variants: dict[str, ir.Variant],
                                                              variant: str, lang: str) -> None:
    v = variants[variant]
    parent = variants[v.parent] if v.parent else None
    book = rulebook(v, language(lang), parent=parent)
    text = to_markdown(book, [v.source])
    body, readings = re.split(rf"\n## \d+\. {re.escape(book.readings_title)}\n", text)
    for rule_id, (_, said) in READINGS.items():
        chosen, other = said[lang]
        # the rule's own sentence says the reading played, with the spec's mark: † where 000
        # quotes a sentence read two ways (the cut card's lie, who may take it), * where it
        # says nothing (the stock running down to the cut card)
        rule = v.rule(rule_id)
        assert rule is not None
        mark = {"†": "†", "*": "\\*"}[rule.mark]
        assert re.search(re.escape(chosen) + r"[^\n]*" + re.escape(mark), body), (rule_id, chosen)
        # and at the end: the same sentence, then the other reading
        (line,) = [line for line in readings.splitlines() if chosen in line]
        played, printed = line.split(f" {OTHERWISE[lang]} ")
        assert chosen in played and other in printed and chosen not in printed, line


@needs_seeds
def test_the_sentences_quoted_here_are_the_seeds() -> None:
    flat = {p.name[:3]: " ".join(p.read_text(encoding="utf-8").split()) for p in SEEDS.glob("0*.txt")}
    for seed, sentence in [
            ("000", "a gracz może ją wziąć tylko wtedy, gdy zaczyna rozdawać"),
            ("000", "dobiera i umieszcza pod wszystkimi innymi kartami"),
            ("004", "igrač može da je uzme samo ako kreće u handiranje"),
            ("004", "Ako igrač ovako handira dobija -120 poena"),
            ("000", "Gdzieś na to zwycięstwo wyliczone jest -140"),
            ("000", "otrzymują w tym przypadku podwójnie, tj. +200"),
            ("000", "Ten gracz otrzymuje -40 punktów"),
            ("004", "Taj igrač dobija -40 bodova")]:
        assert sentence in flat[seed], (seed, sentence)
