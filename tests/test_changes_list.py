"""A house variant's list of changes, computed from the IR delta: each changed rule once, the
sentence now and the sentence before both true and different, added and removed rules
stated, card values compared card by card.  House variants as families write them, over the
seeds (in-process: the rulebook is laid out, nothing is proved)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from house import house_variant

from remikc import ir
from remikc.emit.rulebook import rulebook
from remikc.spec.workspace import Workspace
from remikc.wording import language

# "as the game it extends had it", the parent by its name (a reader took "w grze podstawowej" for
# Remik podstawowy, another game)
BEFORE = {"pl": re.compile(r" \(W grze [^:(]+(?: \([^)]*\))?: "),
          "hr": re.compile(r" \(U igri [^:(]+(?: \([^)]*\))?: ")}
VALUE_BEFORE = {"pl": re.compile(r" \(w grze [^:(]+: "), "hr": re.compile(r" \(u igri [^:(]+: ")}


def _changes(tmp_path: Path, parent: str, body: str, code: str = "pl") -> list[tuple[str, tuple[str, ...]]]:
    v, _ = house_variant(tmp_path, "u_nas", parent, body)
    old = Workspace().variant(str(tmp_path / f"{parent}.rules"))
    book = rulebook(v, language(code), None, old)
    items = [(s.text, s.rules) for s in book.differences[1:]]
    _well_formed(items, v, old, code)
    return items


def _well_formed(items: list[tuple[str, tuple[str, ...]]], v: ir.Variant, old: ir.Variant,
                 code: str) -> None:
    """No item twice, no rule in two items, each item's two sentences different, and every
    rule named is one whose IR value differs (or that one side lacks)."""
    texts = [text for text, _ in items]
    assert len(texts) == len(set(texts)), texts
    named = [rule for _, rules in items for rule in rules]
    assert len(named) == len(set(named)), named
    for text, rules in items:
        assert rules
        for rule in rules:
            mine, theirs = v.rule(rule), old.rule(rule)
            assert mine is None or theirs is None or mine.value != theirs.value, rule
        if found := BEFORE[code].search(text):  # the sentence now ends before the bracket opens
            assert text[found.start() - 1] in ".!?…", text
        for mark in (BEFORE[code], VALUE_BEFORE[code]):
            if found := mark.search(text):
                now, before = text[:found.start()], text[found.end():]
                assert now.strip(" .") != before.rstrip(").").strip(" ."), text


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_an_ace_only_value_change_lists_only_the_ace(tmp_path, code):
    """001 prices the ace 1 before the 2 and 10 elsewhere; J Q K count 10 too, in one row of
    the table.  A house that counts the ace 10 everywhere changed the ace, not J, Q, K."""
    items = _changes(tmp_path, "remik_klasyczny", "  values {\n    override A 10\n  }", code)
    assert [rules for _, rules in items] == [("values.A",)]
    text = items[0][0]
    # the ace by its name, as a player says it (a native reader: not "Karta A")
    start = {"pl": "As jest wart 10 punktów (w grze Remik klasyczny: 1 punkt",
             "hr": "As vrijedi 10 bodova (u igri Klasični remi: 1 bod"}[code]
    assert text.startswith(start), text
    assert "J, Q, K" not in text and "J," not in text


def test_discard_to_go_out_is_listed_as_the_change_it_is(tmp_path):
    """002 goes out by laying, laying off or discarding the last card; the option it names
    asks for a discard.  Both read "Celem gry jest pozbycie się wszystkich kart z ręki": the
    item is the sentence on going out, which says the last card must be discarded."""
    items = _changes(tmp_path, "remik_podstawowy", "  going_out {\n    override by discard\n  }")
    assert len(items) == 1 and "going_out.by" in items[0][1]
    text = items[0][0]
    assert text.startswith("Rozdanie kończy się, gdy ktoś pozbędzie się wszystkich kart. Ostatnią "
                           "kartę trzeba odrzucić")
    assert "Celem gry" not in text


def test_the_deck_is_one_item(tmp_path):
    items = _changes(tmp_path, "remik51", "  deck {\n    override standard 3\n    override jokers 6\n  }")
    assert items == [("Karty: 3 talie po 52 karty i 6 jokerów, razem 162 karty. (W grze Remik 51: "
                      "Karty: 2 talie po 52 karty i 4 jokery, razem 108 kart.)",
                      ("deck.standard", "deck.jokers"))]


def test_an_added_rule_is_stated_once(tmp_path):
    """Karuzela (003) counts a joker 25 and says nothing of one left in hand: a house that
    makes it count 50 adds a rule, stated once, as a rule the parent lacks (it counts for the
    winner, who takes the differences: "liczy się", not "kosztuje")."""
    items = _changes(tmp_path, "karuzela", "  scoring {\n    joker_in_hand 50\n  }")
    assert items == [("Joker pozostały na ręce liczy się za 50 punktów. (W grze Karuzela (remik "
                      "manipulacyjny): tej zasady nie ma.)", ("scoring.joker_in_hand",))]


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_handing_added_says_what_a_remik_is(tmp_path, code):
    """Karuzela (003 has no handing) with a family's remik: the list said only "handing, one may
    also lay cards off onto others' melds", of a play the list never named; the sentence that
    says what a remik is, and that it scores nothing more, is the change."""
    items = _changes(tmp_path, "karuzela", "  handing {\n    lay_off allowed\n  }", code)
    assert [rules for _, rules in items] == [("handing.lay_off",)]
    assert items[0][0] == {
        "pl": "Kto w jednej turze wyłoży naraz wszystkie karty, a wcześniej nie położył na stole żadnej "
              "karty, robi remika. Robiąc remika, wolno też dokładać karty do cudzych układów. Remik nie "
              "daje dodatkowych punktów: liczy się tak jak każde inne pozbycie się wszystkich kart. (W "
              "grze Karuzela (remik manipulacyjny): tej zasady nie ma.)",
        "hr": "Igrač handira ako u jednom potezu odjednom izloži sve karte, a prije toga nije na stol "
              "stavio nijednu kartu. Tko handira, smije dodavati karte i u tuđe grupe. Handiranje ne "
              "donosi dodatne bodove: računa se kao i svako drugo rješavanje svih karata. (U igri "
              "Vrtuljak (Karuzela): tog pravila nema.)"}[code]


def test_handing_removed_says_what_no_longer_is(tmp_path):
    """Remik podstawowy (002) without its remik: "no longer: one may lay off onto others' melds
    when handing" alone left out what handing was; the item says it whole."""
    items = _changes(tmp_path, "remik_podstawowy", "  remove handing\n  scoring {\n"
                     "    remove handing_multiplier\n  }")
    texts = [text for text, _ in items]
    assert any(t.startswith("Nie obowiązuje: Kto w jednej turze pozbędzie się wszystkich kart")
               and "robi remika. Robiąc remika, wolno też dokładać karty do cudzych układów." in t
               for t in texts), texts


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_a_clean_run_no_longer_needed_is_said_whole(tmp_path, code):
    """Remik klasyczny (001) opens with a clean run among the melds; a grandmother's house opens
    without one.  In the book the sentence follows the opening's points ("among them"); in the
    list it stands alone, so it names the opening's melds itself."""
    body = "  opening {\n    override clean_run not_required\n  }"
    items = _changes(tmp_path, "remik_klasyczny", body, code)
    assert items == [({"pl": "Nie obowiązuje: Wśród układów wyłożonych przy otwarciu musi być co najmniej "
                             "jeden „czysty” sekwens, czyli bez jokera.",
                       "hr": "Ne vrijedi: Među grupama izloženima pri otvaranju mora biti barem jedan "
                             "„čisti” niz, bez džokera."}[code], ("opening.clean_run",))]


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_a_part_of_the_game_removed_is_one_item(tmp_path, code):
    """Remik 51 (000/004) lets an opened player swap a table joker for the card it stands for,
    from his hand, and take the joker to lay it again.  A house without the swap lists that as
    one item: its three sentences apart gave "no longer: you must hold that card in hand" (the
    sentence said "that card" then)."""
    items = _changes(tmp_path, "remik51", "  remove joker_swap", code)
    assert [rules for _, rules in items] == [
        ("joker_swap.allowed", "joker_swap.card_from", "joker_swap.retrieved_joker")]
    text = items[0][0]
    swap, card = {"pl": ("Nie obowiązuje: Po otwarciu",
                         "Kartę, na którą wymieniasz jokera, musisz mieć na ręce."),
                  "hr": ("Ne vrijedi: Nakon otvaranja",
                         "Kartu za koju mijenjaš džokera moraš imati u ruci.")}[code]
    assert text.startswith(swap) and card in text


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_a_rearranging_rule_changed_names_the_card_a_swap_takes(tmp_path, code):
    """Karuzela (003): the card for a table joker may come from another meld, which is
    rearranging, so it needs a card from hand.  A house asking 2 lists that sentence beside the
    rearranging rule, away from the one before it in the book: it says which card it speaks of
    (it said "taking it from another meld")."""
    body = "  turn {\n    rearrange {\n      override min_from_hand 2\n    }\n  }"
    items = _changes(tmp_path, "karuzela", body, code)
    assert len(items) == 1
    assert {"pl": "Wzięcie karty za jokera z innego układu to przekładanie układów: także wtedy trzeba w "
                  "tej turze położyć na stole co najmniej 2 karty z ręki.",
            "hr": "Uzeti kartu za džokera iz druge grupe znači premještati grupe: i tada u tom potezu moraš "
                  "staviti na stol barem 2 karte iz ruke."}[code] in items[0][0]


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_where_the_card_for_a_joker_comes_from_is_said_whole(tmp_path, code):
    """Karuzela (003: "Ta karta może pochodzić z ręki gracza lub z innej grupy lub sekwencji na
    stole.") and a house that wants it from the hand: both sentences name the card they speak
    of, read side by side in the list ("this card" named none)."""
    items = _changes(tmp_path, "karuzela", "  joker_swap {\n    override card_from hand\n  }", code)
    assert [rules for _, rules in items] == [("joker_swap.card_from",)]
    assert items[0][0].startswith({
        "pl": "Kartę, na którą wymieniasz jokera, musisz mieć na ręce. (W grze Karuzela (remik "
              "manipulacyjny): Kartę, na którą wymieniasz jokera, możesz wziąć z ręki albo z innego "
              "układu na stole.",
        "hr": "Kartu za koju mijenjaš džokera moraš imati u ruci. (U igri Vrtuljak (Karuzela): Karta za "
              "koju mijenjaš džokera smije doći iz ruke ili iz druge grupe na stolu."}[code])


@pytest.mark.parametrize(("rule", "said"), [
    ("target_bonus", "Nie obowiązuje: Gracz, który osiągnął wynik kończący grę (albo każdy z graczy, którzy "
                     "go osiągnęli), dostaje 100 punktów premii."),
    ("round_win_bonus", "Nie obowiązuje: Każdy gracz, który nie osiągnął wyniku kończącego grę, dostaje 25 "
                        "punktów premii za każde wygrane rozdanie."),
])
def test_a_game_end_bonus_removed_says_whose_it_was(tmp_path, rule, said):
    """Karuzela (003): "Ten gracz (lub ci gracze) otrzymują premię w wysokości 100 punktów.",
    "Każdy inny gracz otrzymuje premię w wysokości 25 punktów za każdą wygraną rundę."  A house
    without one of them lists it alone: "this score" and "the other players" named nobody."""
    items = _changes(tmp_path, "karuzela", f"  game_end {{\n    remove {rule}\n  }}")
    assert items == [(said, (f"game_end.{rule}",))]


def test_a_reading_no_meld_needs_is_said_to_be_moot(tmp_path):
    """Remik klasyczny (001) lets a meld that reads both as a set and as a run be called either;
    such a meld is one natural card and two jokers.  A grandmother's house with one joker a
    meld removes the rule (the verifier calls it dead): the list says it cannot happen, not
    that the players lost a choice."""
    body = "  jokers {\n    override per_meld 1\n    remove ambiguous\n  }"
    items = _changes(tmp_path, "remik_klasyczny", body)
    removed = [text for text, rules in items if rules == ("jokers.ambiguous",)]
    assert len(removed) == 1
    assert removed[0].startswith("Nie obowiązuje zasada z gry Remik klasyczny: „Układ, który da się odczytać")
    assert removed[0].endswith("W tej odmianie taki układ nie może powstać.")


def test_a_removed_joker_limit_at_the_opening_is_not_said_to_lapse(tmp_path):
    """Remik 51 (000/004): one joker per meld at the opening, more later.  One joker per meld
    throughout still holds at the opening: no "no longer: one joker at the opening"."""
    items = _changes(tmp_path, "remik51",
                     "  jokers {\n    override per_meld 1\n    remove per_meld_at_opening\n  }")
    assert len(items) == 1
    text, rules = items[0]
    assert set(rules) == {"jokers.per_meld", "jokers.per_meld_at_opening"}
    assert text.startswith("W układzie może być najwyżej jeden joker. (W grze Remik 51: Przy otwarciu")
    assert "Nie obowiązuje" not in text


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_a_bonus_beside_a_doubled_remik_is_said_not_to_be_doubled(tmp_path, code):
    """Remik podstawowy (002) doubles a remik's points; a family adds 25 for going out.  The book
    said "all the deal's points are counted double", where the referee doubles the points for the
    others' cards and adds the bonus after: a remik with A♦ 2♣ 3♦ 6♥ 8♣ 9♥ J♠ (1 + 2 + 3 + 6 + 8 +
    9 + 10 = 39) left in the other hand scores 2 * 39 + 25 = 103, not 2 * (39 + 25) = 128."""
    v, m = house_variant(tmp_path, "u_nas", "remik_podstawowy", "  scoring {\n    all_out_bonus 25\n  }")
    book = rulebook(v, language(code), None, Workspace().variant(str(tmp_path / "remik_podstawowy.rules")))
    said = [s.text for section in book.sections for s in section.blocks if hasattr(s, "text")]
    doubled, bonus = {
        "pl": ("Gdy zwycięzca zrobi remika, punkty za karty pozostałych graczy liczy się podwójnie.",
               "Kto wygra, wykładając wszystkie swoje karty, dostaje 25 punktów premii, której nie mnoży się "
               "za remika."),
        "hr": ("Ako je pobjednik handirao, bodovi za karte ostalih igrača udvostručuju se.",
               "Tko pobijedi izloživši sve svoje karte, dobiva 25 bodova nagrade, koja se ne množi ni kad je "
               "handirao.")}[code]
    assert doubled in said and bonus in said
    # the list of changes says it so too, of the one rule that changed
    items = _changes(tmp_path, "remik_podstawowy", "  scoring {\n    all_out_bonus 25\n  }", code)
    assert [rules for _, rules in items] == [("scoring.all_out_bonus",)] and items[0][0].startswith(bonus)
    game = m.new_game(2, hands=["A♦ 2♣ 3♦ 6♥ 8♣ 9♥ J♠", "3♠ 4♠ 5♠ 6♠ 10♥ 10♦ 10♣"], stock="K♣ 2♥ 4♣",
                      first_discard="9♣")
    for action in ("draw from the stock", "lay 3♠ 4♠ 5♠ 6♠ | 10♥ 10♦ 10♣", "discard K♣"):
        game = m.apply(game, action)
        assert game, game
    assert game.deal_over and tuple(game.totals) == (0, 103)


@pytest.mark.parametrize(("code", "step", "answer"), [
    ("pl", "2. Zamiast pierwszej z nich możesz wziąć wierzchnią kartę ze stosu kart odrzuconych",
     "Zamiast pierwszej karty z wierzchu stosu do dobierania możesz wziąć wierzchnią kartę"),
    ("hr", "2. Umjesto prve od njih smiješ uzeti gornju kartu s hrpe odbačenih karata",
     "Umjesto prve karte s vrha špila smiješ uzeti gornju kartu"),
])
def test_with_two_draws_the_discard_replaces_the_first_card_only(tmp_path, code, step, answer):
    """Remik 51 (001) with `draws 2`: after "Take 2 cards from the stock", "Instead, you may take
    the top discard" read as instead of both, where the referee gives the discard's card as the
    first of the two and wants the second from the stock."""
    from remikc.emit.book_layout import to_markdown

    v, _ = house_variant(tmp_path, "u_nas", "remik51", "  turn {\n    override draws 2\n  }")
    text = to_markdown(rulebook(v, language(code), None), ["u_nas.rules"])
    turn = text.split("\n## 5. ")[1].split("\n## ")[0]
    assert step in turn and "Zamiast tego" not in turn and "Umjesto toga" not in turn
    assert answer in text  # an answer read alone names the card it is instead of
    parent = Workspace().variant(str(tmp_path / "remik51.rules"))
    seed = to_markdown(rulebook(parent, language(code), None), ["remik51.rules"])
    assert {"pl": "2. Zamiast tego możesz", "hr": "2. Umjesto toga smiješ"}[code] in seed  # one draw: as was


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_a_joker_value_added_is_a_sentence_with_its_stop(tmp_path, code):
    """Remik podstawowy (002) has no jokers; a family adds two worth 25: the value's item is the
    row of the values table, "Joker: 25 punktów", which had no full stop before the bracket."""
    items = _changes(tmp_path, "remik_podstawowy", "  deck {\n    override jokers 2\n  }\n  values {\n"
                     "    joker 25\n  }\n  jokers {\n    per_meld 1\n    min_natural 2\n"
                     "    declare position\n  }", code)
    said = {"pl": "Joker: 25 punktów. (W grze Remik podstawowy: tej zasady nie ma.)",
            "hr": "Džoker: 25 bodova. (U igri Osnovni remi: tog pravila nema.)"}[code]
    assert said in [text for text, _ in items]
