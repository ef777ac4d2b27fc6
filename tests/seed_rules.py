"""Every rule the seed texts state, and where each spec encodes it.

A `Stated` is a fragment copied from a seed file and the rule ids that express
it (a section name stands for the whole section), with the value the fragment
states where it states one; `NOT_MODELLED` marks a statement the spec lists
under `not_modelled`, `EXAMPLE` one it keeps as an example.
tests/test_seed_coverage.py checks that each fragment really is in its seed
(where the seed texts are at hand), that the spec quotes it in a comment (or
lists it), that the rules named exist in the variant and that each has the
value stated here.  The rulebook tests reuse this list.

Values are written in a plain form: a number; a word; `(min, max)` for a range
(`None`: no limit); `{players: value}` for a rule that depends on how many
play (only the counts given are checked); a condition as the spec writes it
(`"when opened"`); a card value that depends on where it lies as
`{"low_run": 1, "otherwise": 10}`; a joker's value `"as_replaced"` or points;
draws as a count or `"3 until meld"`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

NOT_MODELLED = "not_modelled"
EXAMPLE = "example"
_UNSET = object()


@dataclass(frozen=True)
class Stated:
    seed: str  # file name prefix: "000", "001", ...
    fragment: str
    rules: tuple[str, ...]
    # What the fragment says each rule's value is, read from the seed (not from the spec):
    # rule id -> value in the plain form of tests/test_seed_coverage.py `plain`.
    values: Mapping[str, object] = field(default_factory=dict)


def s(seed: str, fragment: str, *rules: str, equals: object = _UNSET,
      values: Mapping[str, object] | None = None) -> Stated:
    """`equals`: the value the fragment states for every rule named; `values`: per rule."""
    stated = dict(values or {})
    if equals is not _UNSET:
        stated |= {rule: equals for rule in rules if rule not in (NOT_MODELLED, EXAMPLE)}
    return Stated(seed, fragment, rules, stated)


REMIK51 = (
    s("000", "Celem gry jest pozbycie się wszystkich kart", "going_out.by"),
    s("000", "zaczyna z 15 kartami i musi odrzucić jedną kartę", "deal.first_player_extra", "deal.hand",
      values={"deal.first_player_extra": 1, "deal.hand": 14}),
    s("000", "każdy gracz musi kupić jedną kartę i odrzucić tę, której nie potrzebuje",
      "turn.draws", "turn.discard", values={"turn.draws": 1, "turn.discard": 1}),
    s("000", "których suma musi wynosić 51 lub więcej", "opening.min_points", equals=51),
    s("000", "Karty 10, 12, 13, 14 i asy liczą się jako 10 punktów",
      "values.10", "values.J", "values.Q", "values.K", "values.A", equals=10),
    s("000", "a pozostałe karty według ich wartości", "values.2", "values.9",
      values={"values.2": 2, "values.9": 9}),
    s("000", "musi zawierać co najmniej 3 karty", "set.size", "run.size",
      values={"set.size": (3, 4), "run.size": (3, None)}),
    s("000", "Grupa może składać się z kart o tym samym numerze, ale o różnych symbolach", "set.suits",
      equals="distinct"),
    s("000", "Taka grupa nie może mieć dwóch kart z tym samym znakiem", "set.suits", equals="distinct"),
    s("000", "może mieć 3 lub co najwyżej 4 karty", "set.size", equals=(3, 4)),
    s("000", "rosnąca sekwencja kart tego samego znaku", "run.suit", equals="same"),
    s("000", "nie ma ograniczeń co do liczby kart", "run.size", equals=(3, None)),
    s("000", "mogą zaczynać się od asa i kończyć na asie", "run.ace_to_ace", equals=True),
    s("000", "As idzie nie za dziesiątką, ale za królem", "run.ace", equals="low or high"),
    s("000", "po królu i asie nie możesz ustawić dwójki", "run.wrap", equals=False),
    s("000", "Jokery mogą zastąpić dowolną kartę w grupach", "jokers"),
    s("000", "ich wartość jest obliczana w zależności od tego, którą kartę zastąpią",
      "values.joker", "jokers.declare", values={"values.joker": "as_replaced"}),
    s("000", "Na początku grupa może mieć tylko jednego jokera", "jokers.per_meld_at_opening", equals=1),
    s("000", "6♠ 7♠ 8♠ i 10♦ 10♣ 10♥", EXAMPLE),
    s("000", "obszar wyświetlania", NOT_MODELLED),
    s("000", "Przed otwarciem musisz dobrać/kupić jedną kartę z wierzchu talii", "turn.draws",
      "turn.draw.stock", values={"turn.draws": 1, "turn.draw.stock": "always"}),
    s("000", "masz możliwość dodania swoich kart do otwartych grup innych graczy", "turn.lay_off",
      equals="when opened"),
    s("000", "możesz wymienić swoją kartę na jokera", "joker_swap.card_from",
      "joker_swap.retrieved_joker", values={"joker_swap.card_from": "hand"}),
    s("000", "Po otwarciu zawsze możesz usunąć inną grupę podczas jej tworzenia", "opening.min_points"),
    s("000", "Możesz wziąć kartę ze stosu pozostałych zakrytych kart lub ze stosu kart odrzuconych",
      "turn.draw.stock", "turn.draw.discard_top", values={"turn.draw.stock": "always"}),
    s("000", "W pierwszej rundzie możesz wziąć kartę, jeśli ci odpowiada", "turn.draw.discard_top",
      equals="when first_round or opened or opens_this_turn"),
    s("000", "W każdej kolejnej rundzie, jeśli weźmiesz stąd kartę, musisz ją otworzyć",
      "turn.draw.discard_top", equals="when first_round or opened or opens_this_turn"),
    s("000", "po otwarciu możesz swobodnie wziąć kartę z dowolnego stosu", "turn.draw.discard_top",
      equals="when first_round or opened or opens_this_turn"),
    s("000", "musisz odrzucić ostatnią kartę", "going_out.by", equals="discard"),
    s("000", "Nie możesz dodać ostatniej karty ze swojej ręki do talii innej osoby", "going_out.by",
      equals="discard"),
    s("000", "Ten gracz otrzymuje -40 punktów", "scoring.went_out", equals=-40),
    s("004", "Ukoliko je igrač handirao onda dobija -80 bodova", "scoring.handed", equals=-80),
    s("000", "umieszcza pod wszystkimi innymi kartami", "deal.cut_card", equals=True),
    s("004", "može da je uzme samo ako kreće u handiranje", "turn.draw.cut_card", equals="when handing"),
    s("004", "Ako igrač ovako handira dobija -120 poena", "scoring.handed_with_cut_card", equals=-120),
    s("000", "Gdzieś na to zwycięstwo wyliczone jest -140", NOT_MODELLED),
    s("000", "Pozostałe karty są dodawane do pozostałych graczy", "scoring.method", equals="penalties"),
    s("000", "wartości kart są obliczane jak podczas otwarcia", "values.A", "scoring.method",
      values={"values.A": 10, "scoring.method": "penalties"}),
    s("000", "Jeśli ktoś ma jokera na ręce, liczy się +20", "scoring.joker_in_hand", equals=20),
    s("000", "a niektórzy nawet liczą +50 jako karę", NOT_MODELLED),
    s("000", "Jeśli gracz nie otworzył, zostanie mu zapisane +100", "scoring.not_opened", equals=100),
    s("004", "Ukoliko neko od igrača handira ostalim igračima se dupliraju bodovi",
      "scoring.handing_multiplier", equals=2),
    s("000", "Talia 4 kart nazywana jest talią zamkniętą i nie można do niej dodać więcej kart",
      "set.closed_at", equals=4),
    s("000", "W naszej grze zbiory zamknięte będą wygaszone", NOT_MODELLED),
    s("004", "ako baci sve grupe karata na stol odjednom i završi s jednom preostalom kartom", "handing"),
    s("004", "nije bitno s koje je hrpe uzeo kartu", "turn.draw.discard_top"),
    s("004", "ne smije dodati nijednu svoju kartu u izloženu grupu drugog igrača tijekom otvaranja",
      "handing.lay_off", equals=False),
    s("000", "13♥ 14♥ 1♥ i 1♥ 2♥ 3♥ są ważne", EXAMPLE),
    s("000", "sekwencja Q♥ K♥ 1♥ 2♥ jest nieprawidłowa", EXAMPLE),
)

REMIK51_DOMOWY = (
    s("000", "Gdzieś na to zwycięstwo wyliczone jest -140", "scoring.handed_with_cut_card", equals=-140),
    s("000", "a niektórzy nawet liczą +50 jako karę", "scoring.joker_in_hand", equals=50),
)

REMIK_KLASYCZNY = (
    s("001", "Każdy z graczy otrzymuje po 13 kart, rozdający otrzymuje kart 14",
      "deal.hand", "deal.first_player_extra", values={"deal.hand": 13, "deal.first_player_extra": 1}),
    s("001", "Rozdający jako pierwszy wyrzuca jedną zbędną kartę", "deal.first_player",
      "deal.first_discard", values={"deal.first_player": "dealer", "deal.first_discard": "none"}),
    s("001", "kolejny z graczy dobiera 14-tą kartę ze stosu zakrytego", "turn.draw.stock", "turn.draws",
      values={"turn.draw.stock": "always", "turn.draws": 1}),
    s("001", "odrzuca jedną zbędną ze swojej talii do stosu odkrytego", "turn.discard", equals=1),
    s("001", "ma obowiązek potasować karty stosu odkrytego pozostawiając ostatnio rzuconą kartę",
      "stock_empty", equals="reshuffle"),
    s("001", "Celem gry jest pozbycie się kart poprzez wyłożenie ich na stół", "going_out.by"),
    s("001", "Joker może być traktowany jako odpowiednik dowolnej karty", "jokers"),
    s("001", "zarówno do sekwensów typu D-K-A jako i sekwensu typu A-2-3", "run.ace", equals="low or high"),
    s("001", "Nie dopuszczalne jest tworzenie sekwensów typu ...-D-K-A-2-3-...", "run.wrap", equals=False),
    s("001", "Wyjątek stanowi 14 kartowy sekwens zaczynający i kończący się asem", "run.ace_to_ace",
      equals=True),
    s("001", "w sekwensie typu as-2-3 as ma 1 pkt, w innych zestawach (A-A-A lub D-K-A) 10 pkt",
      "values.A", equals={"low_run": 1, "otherwise": 10}),
    s("001", "można budować sekwensy oparte na kilku jokerach np. 10-Joker-Joker-K", "jokers.per_meld",
      equals=None),
    s("001", "Wartość jokera jest równa wartości karty, którą zastępuje", "values.joker",
      equals="as_replaced"),
    s("001", "Gracz może wyłożyć na stół wszystkie karty w jednym ruchu", "going_out.by", "handing"),
    s("001", "co najmniej jeden \"czysty\" sekwens", "opening.clean_run", equals=True),
    s("001", "co najmniej 49 punktów w wykładanych kartach", "opening.min_points", equals=49),
    s("001", "Po wyłożeniu otrzymuje on prawo do dokładania swoich kart", "turn.lay_off",
      equals="when opened"),
    s("001", "do wzięcia jokera kładąc w jego miejsce kartę, którą joker właśnie zastępował",
      "joker_swap.allowed", "joker_swap.card_from", values={"joker_swap.card_from": "hand"}),
    s("001", "Podmienionego jokera można zatrzymać w ręce lub dołożyć do już wyłożonych kart",
      "joker_swap.retrieved_joker", equals="keep"),
)

REMIK_PODSTAWOWY = (
    s("002", "Zagraj w remika z dwoma do sześciu graczy", "players", equals=(2, 6)),
    s("002", "Użyj standardowej talii 52 kart", "deck.standard", "deck.jokers",
      values={"deck.standard": 1, "deck.jokers": 0}),
    s("002", "Król jest wysoki, a as niski", "run.ace", equals="low"),
    s("002", "Twoim celem jest zagranie jako pierwszy", "going_out.by"),
    s("002", "Dla dwóch graczy po 10 kart", "deal.hand", equals={2: 10}),
    s("002", "Przy trzech lub czterech graczach po siedem kart", "deal.hand", equals={3: 7, 4: 7}),
    s("002", "Przy pięciu lub sześciu graczach po sześć kart", "deal.hand", equals={5: 6, 6: 6}),
    s("002", "Odwróć wierzchnią kartę ze stosu do dobierania", "deal.first_discard", equals="face_up"),
    s("002", "z wyjątkiem tej na wierzchu, aby utworzyć nowy stos", "stock_empty", equals="reshuffle"),
    s("002", "Dobierz jedną kartę z wierzchu stosu lub z góry stosu kart odrzuconych",
      "turn.draws", "turn.draw.stock", "turn.draw.discard_top",
      values={"turn.draws": 1, "turn.draw.stock": "always", "turn.draw.discard_top": "always"}),
    s("002", "lub dodać do układu innego gracza", "turn.lay_off", equals="always"),
    s("002", "Gracz musi odrzucić jedną kartę", "turn.discard", equals=1),
    s("002", "jeśli gracz połączy wszystkie swoje karty, nie musi ich odrzucać", "going_out.by"),
    s("002", "nie może odrzucić tej karty w tej samej turze", "turn.discard_taken_card", equals=False),
    s("002", "Grupy (lub książki): trzy lub cztery takie same", "set.size", "set.suits",
      values={"set.size": (3, 4)}),
    s("002", "Trzy lub więcej kolejnych kart w tym samym kolorze", "run.size", "run.suit",
      values={"run.size": (3, None), "run.suit": "same"}),
    s("002", "Nie można grać nad królem", "run.wrap", equals=False),
    s("002", "Nazywa się to „zwolnieniem”", "turn.lay_off"),
    s("002", "Gracz A zagrał meldunek składający się z trzech ósemek", EXAMPLE),
    s("002", "Gracz B może wyrzucić siódemkę kier lub waleta kier", EXAMPLE),
    s("002", "Gracz B może wyrzucić z ręki sześć i siedem trefli", EXAMPLE),
    s("002", "Niektórzy gracze wymagają odrzucenia ostatniej karty z ręki gracza", NOT_MODELLED),
    s("002", "Wszystkie karty pozostające w rękach innych graczy są przyznawane zwycięzcy",
      "scoring.method", equals="winner_collects"),
    s("002", "Asy są warte jeden punkt", "values.A", equals=1),
    s("002", "Karty liczbowe mają wartość nominalną", "values.2", "values.10",
      values={"values.2": 2, "values.10": 10}),
    s("002", "Każda figura jest warta 10 punktów", "values.J", "values.Q", "values.K", equals=10),
    s("002", "nie zagrywając żadnych kart wcześniej w tym rozdaniu", "handing"),
    s("002", "wszystkie punkty w tym rozdaniu są podwajane", "scoring.handing_multiplier", equals=2),
    s("002", "jako pierwszy osiągnie określoną liczbę punktów (np. 150)", "game_end.target",
      "game_end.winner", values={"game_end.target": 150, "game_end.winner": "highest"}),
    s("002", "lub zdobędzie najwięcej punktów po rozegraniu określonej liczby rozdań", NOT_MODELLED),
    s("002", "Odrzucone karty są umieszczane na stole przed graczem", NOT_MODELLED),
    s("002", "Potasuj talię i wybierz rozdającego", NOT_MODELLED),
)

REMIK_PODSTAWOWY_AS = (
    s("002", "połączenie hetmana, króla i asa byłoby również dozwolone", "run.ace", equals="low or high"),
    s("002", "asy powinny być liczone jako 15 punktów każdy w punktacji", "values.A", equals=15),
)

KARUZELA = (
    s("003", "trzech lub czterech zestawów o tej samej wartości", "set.size", equals=(3, 4)),
    s("003", "trzech lub więcej kart w tym samym kolorze", "run.size", "run.suit",
      values={"run.size": (3, None), "run.suit": "same"}),
    s("003", "można przestawiać, o ile gracz doda co najmniej jedną nową kartę",
      "turn.rearrange.min_from_hand", equals=1),
    s("003", "wymaga od dwóch do pięciu graczy", "players", equals=(2, 5)),
    s("003", "najlepiej od trzech do pięciu", NOT_MODELLED),
    s("003", "dwóch graczy, standardowa talia 53 kart (z jednym jokerem)", "deck.standard", "deck.jokers",
      equals={2: 1}),
    s("003", "trzech lub więcej graczy, dwie standardowe talie 53-kartowe", "deck.standard", "deck.jokers",
      equals={3: 2, 4: 2, 5: 2}),
    s("003", "Zdobądź jak najwięcej punktów", "game_end.winner", equals="highest"),
    s("003", "pierwszy dealer jest wybierany losowo", NOT_MODELLED),
    s("003", "każdy gracz otrzymuje 10 kart", "deal.hand", equals=10),
    s("003", "Gracz siedzący po lewej stronie rozdającego wykonuje pierwszą turę", "deal.first_player",
      equals="left_of_dealer"),
    s("003", "Dobierz jedną kartę, a następnie (opcjonalnie) połącz", "turn.draw.stock", "turn.draws",
      values={"turn.draw.stock": "always", "turn.draws": "3 until meld"}),
    s("003", "nie został zagrany żaden układ, dobierz drugą kartę", "turn.draws"),
    s("003", "nie rozegrano żadnej meldunku, dobierz trzecią kartę", "turn.draws"),
    s("003", "Gracz, który wylosuje trzecią kartę, nie może w tej turze łączyć się",
      "turn.meld_after_last_draw", equals=False),
    s("003", "Meldunek musi zawierać co najmniej trzy karty", "set.size", "run.size",
      values={"set.size": (3, 4), "run.size": (3, None)}),
    s("003", "Grupa nie może zawierać dwóch identycznych kart", "set.suits", equals="distinct"),
    s("003", "W sekwencjach asy mogą być wysokie lub niskie", "run.ace", equals="low or high"),
    s("003", "król-as-2 nie jest prawidłową sekwencją", "run.wrap", "run.ace_to_ace",
      values={"run.wrap": False}),
    s("003", "Wszystkie karty na stole muszą być ułożone w legalne grupy lub sekwencje", "turn.rearrange"),
    s("003", "Pierwszy gracz, który połączy się, musi zagrać co najmniej jedną legalną grupę",
      "set.size", "run.size"),
    s("003", "Gracz musi dodać co najmniej jedną kartę ze swojej ręki do stołu",
      "turn.rearrange.min_from_hand", equals=1),
    s("003", "Gracz nie może usunąć żadnych kart ze stołu", "turn.rearrange.remove_from_table", equals=False),
    s("003", "musi powiedzieć, jaką kartę reprezentuje, zarówno rangę, jak i kolor", "jokers.declare",
      equals="rank_and_suit"),
    s("003", "Wartość jokera nie może zostać zmieniona", "jokers.declare"),
    s("003", "Ta karta może pochodzić z ręki gracza lub z innej grupy lub sekwencji na stole",
      "joker_swap.card_from", equals="hand_or_table"),
    s("003", "Zmiana pozycji jokera na stole jest legalna", "jokers.declare"),
    s("003", "Należy go natychmiast zużyć", "joker_swap.retrieved_joker", equals="play_now"),
    s("003", "Jokery: 25 punktów każdy", "values.joker", equals=25),
    s("003", "Walet, dama, król: po 10 punktów", "values.J", "values.Q", "values.K", equals=10),
    s("003", "Asy: po jednym punkcie", "values.A", equals=1),
    s("003", "z pięcioma lub mniej punktami na ręce", "knocking.max_hand", equals=5),
    s("003", "Pukanie jest wykonywane przez gracza, który fizycznie puka w stół", NOT_MODELLED),
    s("003", "Zwycięzcą rundy zostaje gracz z najmniejszą liczbą pozostałych punktów", "scoring.method"),
    s("003", "zwycięzca zdobywa różnicę punktów między rozdaniami obu graczy", "scoring.method",
      equals="differences"),
    s("003", "Wszystkie różnice są sumowane", "scoring.method", equals="differences"),
    s("003", "gracz otrzymuje 10 punktów za podcięcie", "scoring.undercut_bonus", equals=10),
    s("003", "ten inny gracz wygrywa i otrzymuje 10-punktową premię za podcięcie",
      "scoring.tie_with_knocker", equals="others_win"),
    s("003", "otrzymuje 25-punktową premię", "scoring.all_out_bonus", equals=25),
    s("003", "ma jeszcze jedną turę na układanie", "stock_empty"),
    s("003", "Kiedy wynik jednego lub więcej graczy wyniesie 150 lub więcej, gra się kończy",
      "game_end.target", equals=150),
    s("003", "otrzymują premię w wysokości 100 punktów", "game_end.target_bonus", equals=100),
    s("003", "premię w wysokości 25 punktów za każdą wygraną rundę", "game_end.round_win_bonus", equals=25),
    s("003", "Gracz z największą liczbą punktów zostaje zwycięzcą", "game_end.winner", equals="highest"),
    s("003", "Inne odmiany remika to remik gin", NOT_MODELLED),
)

BY_VARIANT: dict[str, tuple[Stated, ...]] = {
    "remik51": REMIK51,
    "remik51_domowy": REMIK51_DOMOWY,
    "remik_klasyczny": REMIK_KLASYCZNY,
    "remik_podstawowy": REMIK_PODSTAWOWY,
    "remik_podstawowy_as": REMIK_PODSTAWOWY_AS,
    "karuzela": KARUZELA,
}
