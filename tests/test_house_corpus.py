"""House variants as families write them (tests/specs/house/): each one checked and built, and
each rulebook read mechanically, in both languages, for what it states of its own game.

The corpus spans what families change: the opening's threshold and the jokers a meld takes
(czterdziestka, dwa_jokery, jokery_w_sekwensach), how jokers are declared (joker_zapowiadany),
who may take the discard (stos_po_otwarciu), who may lay off (dokladanie_od_drugiej), hand size
and what a remik pays (trzynascie_potrojnie), card values (drogie_figury, as_wysoki), what a
joker in hand or never opening costs (drogi_joker, kara_za_brak_otwarcia), packs, jokers and
players (trzy_talie, karuzela_na_szesc) and how the game ends (dluga_karuzela, piec_rozdan).
Each was first written as a family would, then mended as `remikc check`'s hints said (the
comments in the files say where).

A book's text is read as a player reads it: every example it shows is judged by the
variant's own module as the text presents it (the kind, the points, valid or not); every
number it states of the game is the IR's; every worked score adds up; its list of changes
names each changed rule once, in one item, with a before that differs from the after."""

from __future__ import annotations

import importlib.util
import io
import re
import shutil
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from conftest import _locked, _shared

from remikc import ir
from remikc.cli import main
from remikc.emit.rulebook import rulebook
from remikc.spec.workspace import Workspace
from remikc.verify.diff import rule_changes
from remikc.wording import language

CORPUS = Path(__file__).resolve().parent / "specs" / "house"
HOUSES = sorted(p.stem for p in CORPUS.glob("*.rules"))
LANGUAGES = ("pl", "hr")


def test_the_corpus_is_as_large_as_promised() -> None:
    assert len(HOUSES) >= 12, HOUSES


class _Corpus:
    """Each house variant built when a test first asks for it (`remikc build`, which verifies
    first: exit 0 says the variant passed its checks), once per run: under xdist the first
    worker to ask builds it into the folder the workers share.  One variant at a time, so that
    a worker waits for one build, not for the corpus; the parents' proofs come from the
    seeds' cache."""

    def __init__(self, proved_seeds: Any, factory: pytest.TempPathFactory) -> None:
        self.cache = proved_seeds.cache
        self.shared = _shared(factory)
        self.folder = self.shared / "corpus" if self.shared is not None else factory.mktemp("corpus")
        self.folder.mkdir(exist_ok=True)

    def __truediv__(self, house: str) -> Path:
        out = self.folder / house
        if self.shared is None:
            if not out.is_dir():
                self._build(house, out)
            return out
        with _locked(self.folder / f"{house}.lock"):
            if not out.is_dir():
                self._build(house, out)
        return out

    def _build(self, house: str, out: Path) -> None:
        writing = self.folder / f"{house}.writing"
        shutil.rmtree(writing, ignore_errors=True)
        cache = writing / "cache"
        shutil.copytree(self.cache, cache)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("REMIKC_CACHE_DIR", str(cache))
            stdout, stderr = io.StringIO(), io.StringIO()
            code = main(["build", "-q", "--out", str(writing / "out"), str(CORPUS / f"{house}.rules")],
                        stdout, stderr)
        assert code == 0, stdout.getvalue() + stderr.getvalue()
        (writing / "out" / house).rename(out)
        shutil.rmtree(writing)


@pytest.fixture(scope="session")
def corpus(proved_seeds: Any, tmp_path_factory: pytest.TempPathFactory) -> _Corpus:
    return _Corpus(proved_seeds, tmp_path_factory)


def _module(corpus: _Corpus, house: str) -> types.ModuleType:
    path = corpus / house / "validator.py"
    spec = importlib.util.spec_from_file_location(f"corpus_{house}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def _variant(house: str) -> ir.Variant:
    return Workspace().variant(str(CORPUS / f"{house}.rules"))


def _book(corpus: _Corpus, house: str, code: str) -> str:
    return (corpus / house / f"rulebook.{code}.md").read_text(encoding="utf-8")


# --- the examples, judged as the text presents them ---------------------------------------------

JOKER = {"pl": "Joker", "hr": "Džoker"}
KIND = {"pl": {"grupa": "set", "sekwens": "run"}, "hr": {"komplet": "set", "niz": "run"}}
OPENING = {"pl": "otwarcie", "hr": "otvaranje"}
LAID_OFF = {"pl": "powstaje", "hr": "nastaje"}
SWAPPED = {"pl": "po wymianie", "hr": "nakon zamjene"}
REFUSED = {"pl": "to nie jest prawidłow", "hr": "to nije valjan"}


def _cards(text: str, code: str) -> str:
    """The book's cards in the notation: `Joker (4♣)` a declared joker, `Joker` a joker."""
    text = re.sub(rf"{JOKER[code]} \(([^)]+)\)", r"JK=\1", text)
    return text.replace(JOKER[code], "JK")


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES)
def test_every_example_is_judged_by_the_module_as_the_book_presents_it(corpus, house, code) -> None:
    m = _module(corpus, house)
    shown = re.findall(r"^> ([✓✗]) `([^`]+)` — (.+)$", _book(corpus, house, code), flags=re.M)
    assert shown, house
    judged = 0
    for mark, cards, note in shown:
        cards = _cards(cards, code)
        if "←" in cards:  # a joker swapped: the meld, then the card laid in its place
            meld, card = (part.strip() for part in cards.split("←"))
            verdict = m.check_joker_swap(meld, card)
            assert verdict.ok == (mark == "✓") and note.startswith(SWAPPED[code]), (house, cards, verdict)
        elif note.startswith(LAID_OFF[code]):  # a meld on the table, and the cards laid off on it
            meld, *added = (part.strip() for part in cards.split(" + "))
            verdict = m.check_lay_off(meld, " ".join(added))
            assert verdict.ok, (house, cards, verdict)
            grown = _cards(note.split(" ", 1)[1], code)
            assert sorted(grown.split()) == sorted(f"{meld} {' '.join(added)}".split()), (house, cards, note)
        elif note.startswith(OPENING[code]):
            verdict = m.check_opening(cards)
            assert verdict.ok and f" {verdict.points} " in f" {note} ", (house, cards, note, verdict)
        elif " + " in cards:  # the table rearranged (Karuzela): not one meld to judge
            continue
        else:
            verdict = m.check_meld(cards)
            if mark == "✗":
                assert not verdict.ok and note.startswith(REFUSED[code]), (house, cards, verdict)
            else:
                word = note.split(" ", 1)[0]
                assert verdict.ok and verdict.kind == KIND[code][word], (house, cards, note, verdict)
                points = re.search(r"za (\d+)", note)
                if points:
                    assert verdict.points == int(points.group(1)), (house, cards, note, verdict)
        judged += 1
    assert judged >= 3, (house, shown)


# --- every number the book states of its own game --------------------------------------------------

def _numbers(v: ir.Variant) -> list[tuple[dict[str, str], int]]:
    """(the sentence's words in each language with the number's place, the IR's number)."""
    out: list[tuple[dict[str, str], int]] = []
    players = v.players.value
    assert players.high is not None
    out.append(({"pl": r"od (\d+) do \d+ graczy", "hr": r"od (\d+) do \d+ igrača"}, players.low))
    out.append(({"pl": r"od \d+ do (\d+) graczy", "hr": r"od \d+ do (\d+) igrača"}, players.high))
    hands = {v.deal.hand.value.at(n) for n in v.player_counts()}
    if len(hands) == 1:
        out.append(({"pl": r"Każdy gracz dostaje (\d+) kart", "hr": r"Svaki igrač dobiva (\d+) kar"},
                    hands.pop()))
    if v.opening is not None:
        out.append(({"pl": r"warte razem co najmniej (\d+) punkt", "hr": r"vrijediti najmanje (\d+) bod"},
                    v.opening.min_points.value))
    s = v.scoring
    if s.joker_in_hand is not None:
        # its holder's score under penalties; else it counts for the winner (`.counted`)
        out.append(({"pl": r"Joker pozostały na ręce (?:kosztuje|liczy się za) (\d+)",
                     "hr": r"u ruci vrijedi (\d+)"}, s.joker_in_hand.value))
    if s.not_opened is not None:
        out.append(({"pl": r"(?:Kto się nie otworzył, dostaje|nie otworzył, liczą się razem za) (\d+)",
                     "hr": r"nije otvorio (?:upisuje se|broje se zajedno kao) (\d+)"}, s.not_opened.value))
    if s.handing_multiplier is not None and s.handing_multiplier.value > 2:
        out.append(({"pl": r"mnoży się przez (\d+)", "hr": r"množe s (\d+)"}, s.handing_multiplier.value))
    g = v.game_end
    if g.target is not None:
        out.append(({"pl": r"osiągnie (\d+) punkt", "hr": r"dosegne (\d+) bod"}, g.target.value))
    if g.rounds is not None and g.rounds.value > 1:  # one deal: "Gra to jedno rozdanie"
        out.append(({"pl": r"Gra trwa (\d+) rozda", "hr": r"Igra traje (\d+) partij"}, g.rounds.value))
    j = v.jokers
    if j is not None and j.per_meld.value is not None and j.per_meld_at_opening is None \
            and j.per_meld.value > 1:
        out.append(({"pl": r"W układzie mogą być najwyżej (\d+) jokery", "hr": r"najviše (\d+) džokera"},
                    j.per_meld.value))
    if j is not None and j.min_natural.value > 1:
        out.append(({"pl": r"co najmniej (\d+) zwykłe", "hr": r"barem (\d+) prave"}, j.min_natural.value))
    return out


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES)
def test_a_rule_with_an_exception_says_but_not(corpus, house, code) -> None:
    """`lay_off when not first_round` (dokladanie_od_drugiej) read "możesz dokładać swoje karty,
    ale tylko nie w swojej pierwszej turze": a condition ruled out is said "ale nie ..."."""
    text = _book(corpus, house, code)
    assert not re.search({"pl": r"tylko nie ", "hr": r"samo ne "}[code], text), house
    if house == "dokladanie_od_drugiej":
        assert {"pl": "możesz dokładać swoje karty, ale nie w swojej pierwszej turze.",
                "hr": "smiješ dodavati svoje karte, ali ne u svom prvom potezu."}[code] in text


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES)
def test_every_number_the_book_states_is_the_games(corpus, house, code) -> None:
    v = _variant(house)
    rules = _book(corpus, house, code).split("\n## 1.", 1)[1]  # the rules, not the list of changes
    for words, number in _numbers(v):
        found = {int(n) for n in re.findall(words[code], rules)}
        assert found == {number}, (house, words[code], found, number)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES)
def test_every_worked_score_adds_up(corpus, house, code) -> None:
    """The score tables: "20 + 2 + 2 = 24; × 2 = 48", "(5 − 2) + (4 − 2) = 5; + 10 premii = 15":
    each step holds on the total before it, and the last total is the row's score."""
    rows = re.findall(r"^\| [^|]+ \| [^|]+ \| ([^|]*=[^|]*) \| (−?\d+) \|$", _book(corpus, house, code),
                      flags=re.M)
    for working, score in rows:
        total: int | None = None
        for step in working.split("; "):
            left, right = step.rsplit(" = ", 1)
            value = int(right.replace("−", "-"))
            if left.startswith("× "):
                assert total is not None and total * int(left[2:]) == value, (house, working)
            elif left.startswith("+ "):  # a bonus: "+ 10 premii"
                assert total is not None and total + int(left.split()[1]) == value, (house, working)
            else:  # after a label ("nie otworzył się: 100 × 2"), the arithmetic
                arithmetic = left.rsplit(": ", 1)[-1].replace("×", "*").replace("−", "-")
                assert re.fullmatch(r"[\d\s+*()-]+", arithmetic), (house, working)
                assert eval(arithmetic) == value, (house, working)  # digits and operators only
            total = value
        assert total == int(score.replace("−", "-")), (house, working, score)


def test_the_discard_after_opening_is_said_as_the_referee_plays_it(corpus) -> None:
    """A native reading of stos_po_otwarciu (`discard_top when opened`): "ale tylko po otwarciu"
    read as "from the turn one opens" beside "Po otwarciu — już w tej turze…"; the remik lost
    "Nie ma przy tym znaczenia, z którego stosu" with nothing in its place; the question "Czy
    przed otwarciem wolno…?" had no "Nie.".  The referee: only a player opened in an earlier
    turn takes the discard."""
    m = _module(corpus, "stos_po_otwarciu")
    # seat 1 could open with the discarded 8♠ (6♠ 7♠ 8♠ + 10♦ 10♣ 10♥): he may not take it
    g = m.new_game(2, hands=["2♣ 5♥ 9♣ K♦ 8♠", "6♠ 7♠ 10♦ 10♣ 10♥ 3♥ K♣ 9♥"], stock="4♥ 2♥ 3♥ 4♠",
                   cut_card="A♣")
    g = m.apply(g, m.Discard("9♥"))
    g = m.apply(m.apply(g, m.Draw("stock")), m.Discard("8♠"))
    assert m.Draw("discard") not in m.legal_actions(g) and not m.apply(g, m.Draw("discard"))
    pl, hr = _book(corpus, "stos_po_otwarciu", "pl"), _book(corpus, "stos_po_otwarciu", "hr")
    assert "ale tylko wtedy, gdy otworzyłeś się już w jednej z wcześniejszych tur." in pl
    assert "ali samo ako si se već otvorio u nekom od ranijih poteza." in hr
    assert "robi remika. Karty ze stosu kart odrzuconych nie może przy tym wziąć." in pl
    assert "Kartu s hrpe odbačenih karata pritom ne smije uzeti." in hr
    assert "**Czy przed otwarciem wolno wziąć kartę ze stosu kart odrzuconych?** Nie." in pl
    assert "Nie ma przy tym znaczenia, z którego stosu" not in pl.split("\n## 1.", 1)[1]


def test_an_ace_high_in_runs_is_not_said_to_count_more(corpus) -> None:
    """as_wysoki moves the ace in runs only; "As jest najwyższą kartą" beside "A | 1 punkt" read
    as a dearer ace (the seed's own "As High" option counts it 15)."""
    pl, hr = _book(corpus, "as_wysoki", "pl"), _book(corpus, "as_wysoki", "hr")
    assert "W sekwensie as jest najwyższą kartą" in pl and "| A | 1 punkt |" in pl
    assert "U nizu je as najviša karta" in hr and "| A | 1 bod |" in hr
    assert not re.search(r"^As jest najwyższą kartą", pl, flags=re.M)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_remik_paid_triple_triples_the_unopened_too(corpus, code) -> None:
    """trzynascie_potrojnie: ×3 where Remik 51 doubles; 000 doubles the 100 of a player who did
    not open too ("także ci, którzy się nie otworzyli"), and so does the referee at ×3 (the
    book's own deal: 100 × 3 = 300).  The sentence had lost that clause with its number."""
    book = _book(corpus, "trzynascie_potrojnie", code)
    said = {"pl": "punkty pozostałych graczy mnoży się przez 3 — także tych, którzy się nie otworzyli.",
            "hr": "ostalim se igračima bodovi množe s 3 — i igračima koji se nisu otvorili."}[code]
    assert said in book


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES)
def test_a_worked_deal_holds_no_more_cards_than_the_game_deals(corpus, house, code) -> None:
    """trzynascie_potrojnie deals 13 cards; its book showed its parent's scripted deal, a player
    left with 14 cards after drawing one and throwing one.  A hand left at a deal's end holds at
    most what was dealt (the first player's extra card included)."""
    v = _variant(house)
    book = _book(corpus, house, code)
    for players, rows in _scored_tables(book):
        dealt = v.deal.hand.value.at(players)
        extra = v.deal.first_player_extra.value if v.deal.first_player_extra is not None else 0
        for order, held in rows:
            cards = len(held.split()) - held.count("(")  # "Joker (5♥)" is one card
            assert cards <= dealt + (extra if order == 1 else 0), (house, order, held, dealt)


def _scored_tables(book: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """Each worked deal's table (four columns): the players at it, and each row's player and the
    cards left in his hand ("—" none)."""
    out = []
    for table in re.findall(r"((?:^\| (?:Gracz|Igrač) \d+ \|[^\n]*\|$\n?)+)", book, flags=re.M):
        rows = [r for r in table.strip().split("\n") if r.count("|") == 5]
        parsed = [(int(re.match(r"\| \w+ (\d+)", r).group(1)), r.split(" | ")[1]) for r in rows]
        if parsed:
            out.append((len(parsed), [(o, h) for o, h in parsed if h != "—"]))
    return out


# --- the list of changes ------------------------------------------------------------------------------

@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES)
def test_the_list_of_changes_names_each_change_once(house, code) -> None:
    v = _variant(house)
    parent = Workspace().variant(v.parent if ":" in (v.parent or "") else
                                 str(CORPUS.parent.parent.parent / "specs" / f"{v.parent}.rules"))
    book = rulebook(v, language(code), None, parent)
    _, *items = book.differences
    assert items, house
    changed = {c.rule for c in rule_changes(parent, v)}
    named = [r for item in items for r in item.rules]
    # each item names changed rules only, each rule in one item; every changed rule a book can
    # state is named (a card value by its card)
    assert len(named) == len(set(named)) and set(named) <= changed, (house, named, changed)
    assert changed - set(named) == set(), (house, changed - set(named))
    texts = [item.text for item in items]
    assert len(texts) == len(set(texts)), house
    before = {"pl": f"(W grze {parent.name('pl')}: ", "hr": f"(U igri {parent.name('hr')}: "}[code]
    for text in texts:
        if before in text:
            now, was = text.split(before, 1)
            assert now.strip() != was.rstrip(")").strip(), (house, text)
            # a sentence said once: the answers at the table restate rules, never listed here
            for sentence in re.split(r"(?<=\.) ", was):
                assert was.count(sentence) == 1, (house, sentence)
