"""Issue 49, the third native reading (Polish and Croatian): what a group at the table still
asked or could misplay, each answered from the variant's own rules, and the marks of an answer
made of several rules' sentences kept apart.  Expected values come from the seed texts: 000
(the first player starts with 15 cards and discards; one joker per group at the start; the
cut card's remik, -120), 002 ("nie zagrywając żadnych kart wcześniej"), 003 ("musi powiedzieć";
knocking after one's turn with 5 or less; the first to play lays a group or run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from remikc.emit.rulebook import rulebook
from remikc.spec.workspace import Workspace
from remikc.wording import language

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = {"pl": "Pytania przy stole", "hr": "Pitanja za stolom"}


def _text(variant: str, code: str) -> str:
    md = (ROOT / "generated" / variant / f"rulebook.{code}.md").read_text(encoding="utf-8")
    return md.split("\n---\n", 1)[1]


def _asked(variant: str, code: str) -> dict[str, str]:
    text = _text(variant, code)
    parts = re.split(r"^## (?:\d+\. )?(.+)$", text, flags=re.M)
    section = dict(zip(parts[1::2], parts[2::2], strict=True))[QUESTIONS[code]]
    return dict(re.findall(r"^\*\*(.+?)\*\* (.+)$", section, flags=re.M))


def _house(tmp_path: Path, body: str, parent: str = "remik51"):
    (tmp_path / "dom.rules").write_text(
        f'variant dom extends "{parent}" {{\n  name pl "Dom"\n  name hr "Dom"\n{body}}}\n', encoding="utf-8")
    return Workspace().variant(str(tmp_path / "dom.rules"))


def _questions(v, code: str = "pl") -> dict[str, str]:
    return {s.question: s.text for s in rulebook(v, language(code)).sentences() if s.question}


FIRST_TURN = {"pl": "Czy gracz, który zaczyna, może się otworzyć już w swojej pierwszej turze?",
              "hr": "Smije li se igrač koji igra prvi otvoriti već u svom prvom potezu?"}


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_the_first_player_may_open_on_his_first_turn(code):
    """000: "zaczyna z 15 kartami i musi odrzucić jedną kartę"; nothing keeps him from opening,
    and the referee lets him (a deal's first turn offers lay-downs)."""
    answer = _asked("remik51", code)[FIRST_TURN[code]]
    assert answer.startswith({"pl": "Tak. ", "hr": "Da. "}[code])
    assert {"pl": "może już wyłożyć układy", "hr": "već smije izložiti grupe"}[code] in answer
    assert "15" in answer


def test_the_referee_lets_the_first_player_lay_down_on_his_first_turn(seed_modules):
    m = seed_modules("remik51")
    firsts = [m.new_game(3, seed) for seed in range(60)]
    assert all(len(g.hands[g.seat]) == 15 and g.phase == "play" for g in firsts)
    assert any(any(type(a).__name__ == "Lay" for a in m.legal_actions(g)) for g in firsts)


def test_a_remiks_melds_keep_the_openings_joker_limit():
    """000: "Na początku grupa może mieć tylko jednego jokera"; a remik's melds meet the opening."""
    answer = _asked("remik51", "pl")[
        "Czy przy remiku obowiązuje ten sam limit jokerów w układzie co przy otwarciu?"]
    assert answer.startswith("Tak. Układy wyłożone przy remiku muszą spełniać warunki otwarcia.")
    assert "Przy otwarciu w każdym układzie może być tylko jeden joker." in answer


def test_the_cut_cards_remik_replaces_the_remiks_score_and_still_doubles():
    answer = _asked("remik51", "pl")[
        "Jak liczy się remik z kartą spod stosu do dobierania: czy zastępuje zwykłego remika i czy "
        "pozostali nadal liczą punkty jak przy remiku?"]
    assert answer.startswith("Remik z kartą spod stosu do dobierania to też remik.")
    assert "−120 punktów (zamiast −80 za zwykłego remika)" in answer
    assert "pozostali gracze liczą punkty podwójnie" in answer


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_karuzela_answers_knocking_after_the_third_card_and_the_first_play(code):
    """003: "Po swojej turze gracz może zakończyć rundę (lub zapukać) z pięcioma lub mniej";
    "Pierwszy gracz, który połączy się, musi zagrać co najmniej jedną legalną grupę"."""
    asked = _asked("karuzela", code)
    knock = {"pl": "Czy gracz, który dobrał 3. kartę, może po tej turze zapukać?",
             "hr": "Smije li igrač koji je kupio 3. kartu nakon tog poteza pokucati?"}[code]
    assert asked[knock].startswith({"pl": "Tak. ", "hr": "Da. "}[code]) and "5" in asked[knock]
    first = {"pl": "Czy pierwsze karty położone w rozdaniu na stół muszą tworzyć nowy układ?",
             "hr": "Moraju li prve karte koje se u partiji stave na stol činiti novu grupu?"}[code]
    assert asked[first].startswith({"pl": "Tak. ", "hr": "Da. "}[code])
    # no discard pile in Karuzela: the question of the last card's discard is not asked
    assert not any("odrzuci" in q or "odbaciti" in q for q in asked)


def test_the_referee_lets_a_player_knock_after_his_third_card(seed_modules):
    """What the answer says is what the referee does: after the third card only the count of the
    hand decides a knock."""
    import random

    m = seed_modules("karuzela")
    judged = 0
    for seed in range(40):
        g, rng = m.new_game(3, seed), random.Random(seed)
        for _ in range(300):
            if g.over or g.deal_over:
                break
            if g.phase == "play" and g.draws == 3:
                after = m.apply(g, m.EndTurn(knock=True))
                small = m.hand_value(g.hands[g.seat]) <= 5
                assert bool(after) == small
                if not after:
                    assert [r.code for r in after.reasons] == ["knock.too_many"]
                judged += 1
            g = m.apply(g, m.BOTS["greedy"](m.view(g, g.seat), m.legal_actions(g), rng))
    assert judged >= 20


def test_each_sentence_of_an_answer_keeps_its_own_mark():
    """remik51: the swap's timing is a custom (*), taking the joker back into hand a reading (†):
    "... nowym układzie. * †" after the last sentence said neither which."""
    answer = _asked("remik51", "pl")["Co wolno zrobić z jokerem leżącym w układzie na stole?"]
    assert "kładziesz ją na miejsce jokera. \\* " in answer and answer.endswith("w nowym układzie. †")
    assert "\\* †" not in "\n".join(_asked("remik51", "pl").values())


def test_a_house_variants_questions_follow_its_rules(tmp_path):
    """No first-player extra, no remik joker question where a remik's melds need not meet the
    opening, no cut-card question where the cut card scores nothing apart."""
    v = _house(tmp_path, "  deal {\n    remove first_player_extra\n  }\n"
                         "  handing {\n    override opening_rules waived\n  }\n"
                         "  scoring {\n    remove handed_with_cut_card\n  }\n")
    asked = _questions(v)
    # the questions its rules still answer are asked; these three are not
    assert "Czy przed otwarciem wolno dokładać karty do układów na stole?" in asked
    assert FIRST_TURN["pl"] in _questions(_house(tmp_path, ""))
    v = _house(tmp_path, "  deal {\n    remove first_player_extra\n  }\n"
                         "  handing {\n    override opening_rules waived\n  }\n"
                         "  scoring {\n    remove handed_with_cut_card\n  }\n")
    asked = _questions(v)
    assert FIRST_TURN["pl"] not in asked
    assert not any("limit jokerów" in q or "spod stosu do dobierania: czy" in q for q in asked)


def test_a_game_that_names_a_remik_and_scores_it_like_any_going_out_says_so():
    """001 names going out in one move; its scoring (assumed, 001 breaks off) gives it nothing."""
    assert "Remik nie daje dodatkowych punktów" in _text("remik_klasyczny", "pl")
    assert "Handiranje ne donosi dodatne bodove" in _text("remik_klasyczny", "hr")
    assert "Remik nie daje dodatkowych punktów" not in _text("remik51", "pl")


def test_the_undercut_and_the_knockers_tie_need_a_knock():
    """003: the bonus is for undercutting the knocker: no knock, no bonus (the referee pays it
    only after one)."""
    pl, hr = _text("karuzela", "pl"), _text("karuzela", "hr")
    assert "Jeśli ktoś zapukał, a zwycięzcą jest kto inny" in pl
    assert "Ako je netko pokucao, a pobjednik nije on" in hr
    assert "ma najmniej punktów, ale tyle samo co inny gracz" in pl
    # the round bonus is not "svaki drugi igrač" (every second player): those short of the target
    assert "Svaki drugi igrač" not in hr
    assert "Svaki igrač koji nije dosegao rezultat kojim igra završava" in hr


def test_the_last_card_may_go_on_no_meld():
    """000: the last card is discarded; the referee refuses it on any meld, one's own too."""
    assert "nie wolno jej położyć na stole: ani w nowym układzie, ani dokładając do układu (także " \
           "cudzego)" in _text("remik51", "pl")
    assert "ne smije je staviti na stol, ni u novu grupu ni kao dodatak nekoj grupi" in _text("remik51", "hr")


def test_one_pack_without_jokers_makes_no_ace_to_ace_run_and_offers_no_choice_of_it():
    """002's high-or-low ace with one pack: no deal holds two aces of a suit."""
    text = _text("remik_podstawowy_as", "pl")
    assert "Sekwensu od asa do asa (A-2-…-K-A) nie ma: w tej talii każdy as występuje tylko raz." in text
    # said beside the ace in the list of changes, not as a rule Remik podstawowy lacked
    head = text.split("## 1.")[0]
    assert "tylko raz. (W grze Remik podstawowy: tej zasady nie ma.)" not in head
    assert "Q-K-A). Sekwens nie może przejść przez asa" in head
    assert "każdy as jest niski albo wysoki sam za siebie" not in text
    # the seed's option on the last card applies to this variant of 002 too; a fragment of a seed
    # sentence stays in its seed's book, where its variation says what it means
    assert "„Niektórzy gracze wymagają odrzucenia ostatniej karty z ręki gracza.”" in text


def test_a_fragment_of_a_seeds_option_is_not_inherited(tmp_path):
    v = _house(tmp_path, "  scoring {\n    override went_out -50\n  }\n")
    options = [s.text for var in rulebook(v, language("pl")).variations for s in var.items]
    assert not any("-140" in t or "+50" in t for t in options), options


def test_the_high_aces_variation_restates_the_wrap_it_keeps():
    """002 forbids playing over the king; with the ace high too, K-A-2 stays forbidden, and the
    list of the variation's changes says so beside the ace."""
    basic = _text("remik_podstawowy", "pl")
    variation = basic.split("### Remik podstawowy: as wysoki lub niski")[1].split("###")[0]
    assert "Sekwens nie może przejść przez asa: po królu i asie nie można położyć dwójki." in variation


def test_the_joker_of_a_place_is_marked_apart_from_what_a_joker_is():
    """000: "Jokery mogą zastąpić dowolną kartę": stated, unmarked; which card it then is, the
    spec's assumption (*), and its other reading is listed against that sentence."""
    text = _text("remik51", "pl")
    assert "\nJoker może zastąpić w układzie dowolną kartę.\n" in text
    assert "\nJoker jest tą kartą, której miejsce zajmuje. \\*\n" in text
    assert "- Joker jest tą kartą, której miejsce zajmuje. Inaczej: kto kładzie jokera" in text


@pytest.mark.parametrize("code", ["pl", "hr"])
def test_the_direction_of_play_and_the_next_dealer_are_said(code):
    """No seed says which way play goes where the dealer begins (001): the custom, marked."""
    text = _text("remik_klasyczny", code)
    assert {"pl": "Kolejka idzie zgodnie z ruchem wskazówek zegara, od rozdającego w lewo. \\*",
            "hr": "Igra se u smjeru kazaljke na satu, od djelitelja ulijevo. \\*"}[code] in text
    assert {"pl": "ten, który siedzi na lewo od poprzedniego rozdającego",
            "hr": "onaj koji sjedi lijevo od prethodnog djelitelja"}[code] in text
    # Karuzela's spec says clockwise: stated once, unmarked, no custom beside it
    karuzela = _text("karuzela", code)
    assert {"pl": "od rozdającego w lewo", "hr": "od djelitelja ulijevo"}[code] not in karuzela


def test_a_remik_swaps_no_joker_from_anothers_meld(seed_modules):
    """000: "Jeśli gracz chce rozdać, nie może dodać żadnej ze swoich kart do odkrytej puli innego
    gracza podczas otwarcia"; a swap lays one's card in another's meld.  The book says no; the
    referee scores such a turn as going out (-40), not as a remik (-80, the others doubled)."""
    answer = _asked("remik51", "pl")["Czy robiąc remika, wolno wymienić jokera leżącego w cudzym układzie?"]
    assert answer.startswith("Nie. Wymieniając jokera, dokłada się swoją kartę do cudzego układu.")
    assert _asked("remik_klasyczny", "pl")[
        "Czy robiąc remika, wolno wymienić jokera leżącego w cudzym układzie?"].startswith("Tak. ")
    r51 = seed_modules("remik51")

    def play(g, *actions):
        for action in actions:
            g = r51.apply(g, action)
            assert g, action
        return g

    g = r51.new_game(3, hands=["2♣ 5♥ 9♣ K♦", "6♠ JK 8♠ 10♦ 10♣ 10♥ 5♠ 9♥",
                               "J♠ Q♠ K♠ J♥ J♦ J♣ 7♠ 2♦ 3♦"], stock="4♦ 4♥ 2♥ 3♥ 4♠", cut_card="K♣")
    g = play(g, r51.Lay(melds=["6♠ JK 8♠", "10♦ 10♣ 10♥"]), r51.Discard("9♥"), r51.Draw("stock"))
    swapped = play(g, r51.Lay(melds=["J♠ Q♠ K♠", "J♥ J♦ J♣"]),
                   r51.Lay(melds=["2♦ 3♦ JK"], swaps=[(0, "7♠")]), r51.Discard("4♦"))
    remik = play(g, r51.Lay(melds=["J♠ Q♠ K♠", "J♥ J♦ J♣", "2♦ 3♦ 4♦"]), r51.Discard("7♠"))
    # seat 0 never opened: 100 (doubled by a remik); seat 1 holds 5♠: 5
    assert tuple(swapped.totals) == (100, 5, -40)
    assert tuple(remik.totals) == (200, 10, -80)


def test_a_stock_that_runs_out_between_two_draws(seed_modules):
    """003: "każdy gracz (w tym ten, który wyczerpał stos) ma jeszcze jedną turę na układanie".
    The stock runs out after a player's first card: he draws no more, may still lay, and after
    the other player's last turn has one more of his own, each without a draw."""
    answer = _asked("karuzela", "pl")["Co, gdy gracz musi dobrać kolejną kartę, a stos do dobierania "
                                      "już się skończył?"]
    assert answer.startswith("Więcej już nie dobiera, ale w tej turze może jeszcze położyć karty")
    kz = seed_modules("karuzela")
    g = kz.apply(kz.new_game(2, hands=["K♠ Q♦ 9♥ A♣ 2♠", "2♣ 3♣ 4♣ 8♠ 8♥ 8♦ K♥"], stock="5♦"),
                 kz.Draw("stock"))
    turns = []
    while not g.deal_over:
        acts = kz.legal_actions(g)
        assert g.phase == "play" and not any(type(a).__name__ == "Draw" for a in acts)
        assert any(type(a).__name__ in ("Lay", "Rearrange") for a in acts) or g.seat == 0
        turns.append(g.seat)
        g = kz.apply(g, next(a for a in acts if type(a).__name__ == "EndTurn" and not a.knock))
    assert turns == [1, 0, 1]


def test_a_rule_removed_because_no_meld_can_call_on_it_says_why(tmp_path):
    """A house with two natural cards a meld removes the reading of 5♠ Joker Joker: with two
    natural cards a meld is a set or a run, never both; the list of changes says so (reading 49:
    "Nie obowiązuje" alone read as "no longer announced, so it is... what?")."""
    v = _house(tmp_path, "  jokers {\n    override min_natural 2\n    remove ambiguous\n  }\n")
    parent = Workspace().variant(str(ROOT / "specs" / "remik51.rules"))
    for code, said in (
            ("pl", "Nie obowiązuje zasada z gry Remik 51: „Układ, który da się odczytać i jako grupę"),
            ("hr", "Ne vrijedi pravilo iz igre Remi 51: „Grupu koja se može čitati")):
        items = [s.text for s in rulebook(v, language(code), None, parent).differences]
        assert any(t.startswith(said) for t in items), items
    # removed where such a meld still occurs: no reason is given
    w = _house(tmp_path, "  jokers {\n    remove ambiguous\n  }\n")
    items = [s.text for s in rulebook(w, language("pl"), None, parent).differences]
    assert any(t.startswith("Nie obowiązuje: ") for t in items), items
