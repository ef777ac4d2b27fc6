"""The reasons a refusal gives, in English, Polish and Croatian: one entry a reason code.

A generated module's verdicts and refusals carry reasons as records (`Reason`: a stable code,
the rule id, the spec line, the parameters); `reason.message(lang)` words them from these
tables, which `remikc build` writes into every module (remikc/emit/reasons.py), so the modules
stay standard-library only.  The words are the rulebooks' (pl.py, hr.py: grupa/sekwens,
komplet/niz, otwarcie/otvaranje, dokładanie/dodavanje, stos/špil).

A message is a `str.format` text over the reason's parameters; `{n:card}` writes the number
with the noun in the form the number takes (1 card, 2 cards; 1 karta, 2 karty, 5 kart; 1
karta, 2 karte, 5 karata), from the nouns below and the languages' plural rules; `{seat:seat}`
writes a seat counted from 1 (the parameter, as the API's seats, counts from 0).  Cards in the
parameters name the joker as the rulebooks do (`Joker`, `Džoker`; `JK` in English).  Where one
code is worded in more than one way, its parameter `form` picks the entry `code/form`.  A
reason given inside another (the third meld of an opening) has the parameter `in`: the
entry `in.<in>` words that place, before the reason.
"""

from __future__ import annotations

LANGUAGES = ("en", "pl", "hr")

NOUNS_EN = {
    "card": {"one": "card", "other": "cards"},
    "card_acc": {"one": "card", "other": "cards"},
    "point": {"one": "point", "other": "points"},
    "joker": {"one": "joker", "other": "jokers"},
    "meld": {"one": "meld", "other": "melds"},
}

# code (or code/form): (English, Polish, Croatian)
REASONS: dict[str, tuple[str, str, str]] = {
    # --- where a reason was given ---
    "in.meld": ("meld {meld_number} ({meld_cards})", "układ {meld_number} ({meld_cards})",
                "skupina {meld_number} ({meld_cards})"),
    "in.new_meld": ("meld {meld_cards}", "układ {meld_cards}", "skupina {meld_cards}"),
    "in.swap": ("swap on meld {meld_number}", "wymiana jokera w układzie {meld_number}",
                "zamjena džokera u skupini {meld_number}"),
    "in.lay_off": ("lay-off on meld {meld_number}", "dokładanie do układu {meld_number}",
                   "dodavanje skupini {meld_number}"),
    # --- melds ---
    "meld.empty": ("a meld needs cards", "układ musi mieć karty", "skupina mora imati karte"),
    "meld.jokers": ("{jokers:joker} in one meld; at most {limit}",
                    "{jokers:joker} w jednym układzie; najwyżej {limit}",
                    "{jokers:joker} u jednoj skupini; najviše {limit}"),
    "meld.jokers_opening": ("{jokers:joker} in one meld; at most {limit} when opening",
                            "{jokers:joker} w jednym układzie; przy otwarciu najwyżej {limit}",
                            "{jokers:joker} u jednoj skupini; pri otvaranju najviše {limit}"),
    "meld.natural": ("a meld needs {least:card} besides its jokers",
                     "układ musi mieć oprócz jokerów co najmniej {least:card_acc}",
                     "skupina osim džokera mora imati barem {least:card_acc}"),
    "meld.ambiguous": ("{cards} reads both as a set ({set_points:point}) and as a run ({run_points:point}); "
                       "the rules do not say which",
                       "{cards} to zarówno grupa ({set_points:point}), jak i sekwens ({run_points:point}); "
                       "zasady nie mówią, co wybrać",
                       "{cards} je i komplet ({set_points:point}) i niz ({run_points:point}); "
                       "pravila ne kažu što od toga"),
    "meld.no_runs": ("this game has no runs", "w tej grze nie ma sekwensów", "u ovoj igri nema nizova"),
    "meld.no_sets": ("the cards are all of one rank, and this game has no sets",
                     "wszystkie karty mają tę samą wartość, a w tej grze nie ma grup",
                     "sve su karte istog broja, a u ovoj igri nema kompleta"),
    "meld.none": ("{cards} is no meld", "{cards} to nie jest układ", "{cards} nije skupina"),
    "meld.invalid": ("{cards} is not a valid meld", "{cards} nie jest poprawnym układem",
                     "{cards} nije ispravna skupina"),
    "deck.jokers": ("{jokers:joker}; the deck has {deck}", "{jokers:joker}, a w talii jest ich {deck}",
                    "{jokers:joker}, a u igri ih je {deck}"),
    "deck.copies": ("{card} {times} times; the deck has {copies} of each card",
                    "karta {card} {times} razy, a w talii jest jej egzemplarzy: {copies}",
                    "karta {card} {times} puta, a u igri je primjeraka te karte: {copies}"),
    # --- runs ---
    "run.jokers": ("a joker may not stand in a run: jokers stand in sets only",
                   "joker nie może leżeć w sekwensie: jokerów używa się tylko w grupach",
                   "džoker ne smije biti u nizu: džokeri se koriste samo u kompletima"),
    "run.size/range": ("a run of {n:card}; a run has {low} to {high} cards",
                       "sekwens ma {n:card_acc}, a musi mieć od {low} do {high} kart",
                       "niz ima {n:card_acc}, a mora imati od {low} do {high} karata"),
    "run.size/open": ("a run of {n:card}; a run has at least {low:card}",
                      "sekwens ma {n:card_acc}, a musi mieć co najmniej {low:card_acc}",
                      "niz ima {n:card_acc}, a mora imati barem {low:card_acc}"),
    "run.rank_twice/ace_to_ace": ("a run of {n:card} holds a rank twice; only A..A holds its ace twice",
                                  "sekwens ma {n:card_acc}, więc jakaś wartość się powtarza; "
                                  "tylko sekwens A..A ma asa dwa razy",
                                  "niz ima {n:card_acc}, pa se neki broj ponavlja; "
                                  "samo niz A..A ima asa dvaput"),
    "run.rank_twice/at_most_13": ("a run of {n:card} holds a rank twice; a run has at most 13 cards",
                                  "sekwens ma {n:card_acc}, więc jakaś wartość się powtarza; "
                                  "sekwens ma najwyżej 13 kart",
                                  "niz ima {n:card_acc}, pa se neki broj ponavlja; "
                                  "niz ima najviše 13 karata"),
    "run.wrap": ("not a run: it would go round the corner after the king",
                 "to nie jest sekwens: po królu nie zaczyna się od nowa (K-A-2)",
                 "to nije niz: iza kralja se ne nastavlja ispočetka (K-A-2)"),
    "run.ace_not_high": ("the ace only comes before the 2, not after the king",
                         "as stoi tylko przed dwójką, nie po królu",
                         "as stoji samo ispred dvojke, ne iza kralja"),
    "run.ace_not_low": ("the ace only comes after the king, not before the 2",
                        "as stoi tylko po królu, nie przed dwójką",
                        "as stoji samo iza kralja, ne ispred dvojke"),
    "run.ace_to_ace": ("no run goes from ace to ace", "sekwens nie może iść od asa do asa",
                       "niz ne može ići od asa do asa"),
    "run.order/card": ("not a run: {card} stands where {belongs} belongs",
                       "to nie jest sekwens: {card} leży tam, gdzie powinna być karta {belongs}",
                       "to nije niz: {card} stoji gdje treba biti karta {belongs}"),
    "run.order/rank": ("not a run: {card} stands where a {belongs} belongs",
                       "to nie jest sekwens: {card} leży tam, gdzie powinna być karta o wartości {belongs}",
                       "to nije niz: {card} stoji gdje treba biti karta broja {belongs}"),
    # --- sets ---
    "set.size/range": ("a set of {n:card}; a set has {low} to {high} cards",
                       "grupa ma {n:card_acc}, a musi mieć od {low} do {high} kart",
                       "komplet ima {n:card_acc}, a mora imati od {low} do {high} karata"),
    "set.size/open": ("a set of {n:card}; a set has at least {low:card}",
                      "grupa ma {n:card_acc}, a musi mieć co najmniej {low:card_acc}",
                      "komplet ima {n:card_acc}, a mora imati barem {low:card_acc}"),
    "set.rank": ("not a set: {card} is not a {rank}", "to nie jest grupa: {card} nie ma wartości {rank}",
                 "to nije komplet: {card} nije karta broja {rank}"),
    "set.jokers": ("a joker may not stand in a set: jokers stand in runs only",
                   "joker nie może leżeć w grupie: jokerów używa się tylko w sekwensach",
                   "džoker ne smije biti u kompletu: džokeri se koriste samo u nizovima"),
    "set.suits": ("a set holds no two cards of one suit",
                  "w grupie nie może być dwóch kart tego samego koloru",
                  "u kompletu ne smiju biti dvije karte iste boje"),
    "set.closed": ("a set of {n:card} is closed: nothing more may be added",
                   "grupa ma już {n:card_acc} i jest zamknięta: nic więcej nie można dołożyć",
                   "komplet već ima {n:card_acc} i zatvoren je: ništa se više ne smije dodati"),
    # --- openings ---
    "opening.melds": ("{melds:meld}; an opening needs {least}",
                      "wyłożono {melds:meld}; otwarcie to co najmniej {least:meld}",
                      "skupina u otvaranju: {melds}; najmanje {least}"),
    "opening.points": ("{points:point}; an opening needs {least}",
                       "{points:point}; otwarcie wymaga co najmniej {least}",
                       "{points:point}; za otvaranje treba barem {least}"),
    "opening.clean_run": ("an opening needs a run without a joker", "otwarcie wymaga sekwensu bez jokera",
                          "otvaranje traži niz bez džokera"),
    "opening.empty": ("an opening lays down at least one meld",
                      "otwarcie to wyłożenie co najmniej jednego układu",
                      "otvaranje je izlaganje barem jedne skupine"),
    # --- laying off and swapping jokers ---
    "lay_off.not_now": ("laying off is not allowed now", "dokładanie nie jest teraz dozwolone",
                        "dodavanje sada nije dopušteno"),
    "lay_off.handing": ("a player who hands may not lay off",
                        "gracz, który wykłada całą rękę, nie może dokładać",
                        "igrač koji handira ne smije dodavati"),
    "lay_off.declared": ("{cards} does not extend {meld}: a joker laid there cannot stand for the card "
                         "declared",
                         "{cards} nie pasuje do układu {meld}: joker dołożony w tym miejscu nie może "
                         "zastępować zapowiedzianej karty",
                         "{cards} ne nastavlja skupinu {meld}: džoker dodan ondje ne može zamijeniti "
                         "najavljenu kartu"),
    "lay_off.no_fit/set": ("{cards} does not extend {meld} as a set", "{cards} nie pasuje do grupy {meld}",
                           "{cards} ne nastavlja komplet {meld}"),
    "lay_off.no_fit/run": ("{cards} does not extend {meld} as a run", "{cards} nie pasuje do sekwensu {meld}",
                           "{cards} ne nastavlja niz {meld}"),
    "lay_off.no_fit/either": ("{cards} does not extend {meld} as a run or as a set",
                              "{cards} nie pasuje do {meld} ani jako do sekwensu, ani jako do grupy",
                              "{cards} ne nastavlja {meld} ni kao niz ni kao komplet"),
    "going_out.discard": ("the last card must be discarded", "ostatnią kartę trzeba odrzucić",
                          "zadnju kartu treba odbaciti"),
    "going_out.table": ("the last card must be melded or laid off, not discarded",
                        "ostatnią kartę trzeba wyłożyć albo dołożyć, nie odrzucić",
                        "zadnju kartu treba izložiti ili dodati, a ne odbaciti"),
    "going_out.one_left": ("that leaves one card, which could go only as the discard: lay down every "
                           "card, or keep two",
                           "została by jedna karta, którą można by tylko odrzucić: wyłóż wszystkie "
                           "karty albo zostaw dwie",
                           "ostala bi jedna karta, koja bi se mogla samo odbaciti: izloži sve karte "
                           "ili zadrži dvije"),
    "swap.joker": ("a joker is taken by laying the card it stands for, not another joker",
                   "jokera zabiera się, kładąc kartę, którą zastępuje, a nie innego jokera",
                   "džoker se uzima stavljanjem karte koju zamjenjuje, a ne drugog džokera"),
    "swap.not_now": ("a joker may not be taken now", "jokera nie można teraz zabrać",
                     "džoker se sada ne smije uzeti"),
    "swap.from_hand": ("the card must come from the player's hand", "karta musi pochodzić z ręki gracza",
                       "karta mora doći iz igračeve ruke"),
    "swap.none": ("this game has no joker swap", "w tej grze nie wymienia się jokerów",
                  "u ovoj igri se džokeri ne mijenjaju"),
    "swap.no_joker_for": ("no joker in {meld} stands for {card}",
                          "żaden joker w układzie {meld} nie zastępuje karty {card}",
                          "nijedan džoker u skupini {meld} ne zamjenjuje kartu {card}"),
    "swap.no_joker_on_table": ("no joker on the table stands for {card}",
                               "żaden joker na stole nie zastępuje karty {card}",
                               "nijedan džoker na stolu ne zamjenjuje kartu {card}"),
    "swap.not_on_table": ("{card} is not on the table", "{card} nie leży na stole", "{card} nije na stolu"),
    "swap.place": ("{card} must take its joker's place, in the joker's meld",
                   "{card} musi zająć miejsce jokera, w jego układzie",
                   "{card} mora zauzeti mjesto džokera, u njegovoj skupini"),
    "swap.not_laid": ("{card} is to come from hand, and the hand does not lay it",
                      "{card} miała przyjść z ręki, a nie została wyłożona",
                      "{card} je trebala doći iz ruke, a nije izložena"),
    "joker.keeps_card": ("a joker on the table stands for {cards} and must keep standing for it unless "
                         "that card takes its place",
                         "joker na stole zastępuje {cards} i musi ją zastępować, dopóki ta karta nie zajmie "
                         "jego miejsca",
                         "džoker na stolu zamjenjuje {cards} i mora je zamjenjivati dok ta karta ne zauzme "
                         "njegovo mjesto"),
    "joker.new_meld_now": ("the retrieved joker must go into a new meld now",
                           "odzyskany joker musi od razu trafić do nowego układu",
                           "vraćeni džoker mora odmah ući u novu skupinu"),
    "joker.play_now": ("the retrieved joker must be played this turn",
                       "odzyskanego jokera trzeba zagrać w tej turze",
                       "vraćeni džoker mora se odigrati u ovom potezu"),
    # --- the referee: whose turn, which deal ---
    "game.over": ("the game is over", "gra się skończyła", "igra je završena"),
    # seats are counted from 1 in words, as `simulate` counts them (a seat at the table, not a
    # place in the order of play, which the rulebooks' "Gracz 1" counts)
    "turn.not_yours": ("it is seat {to_move:seat}'s turn, not seat {seat:seat}'s",
                       "teraz ruch gracza na miejscu {to_move:seat}, nie {seat:seat}",
                       "na potezu je igrač na mjestu {to_move:seat}, a ne {seat:seat}"),
    "deal.not_over": ("the deal is not over", "rozdanie jeszcze trwa", "partija još traje"),
    "deal.over": ("the deal is over: deal the next round (NextDeal)",
                  "rozdanie się skończyło: rozdaj następne (NextDeal)",
                  "partija je završena: podijeli sljedeću (NextDeal)"),
    "action.unknown": ("{action} is not an action of this game", "{action} nie jest ruchem w tej grze",
                       "{action} nije potez ove igre"),
    # --- drawing ---
    "draw.first_player": ("the first player, dealt {extra:card} more, does not draw on his first turn: "
                          "he lays down or discards",
                          "gracz, który zaczyna, dostał o {extra:card_acc} więcej i w pierwszej turze "
                          "nie dobiera: wykłada albo odrzuca",
                          "igrač koji počinje dobio je {extra:card_acc} više i u prvom potezu ne vuče: "
                          "izlaže ili odbacuje"),
    "draw.nothing_left": ("nothing is left to draw: the stock has run out, these are the last turns",
                          "nie ma już czego dobierać: stos się skończył, to ostatnie tury",
                          "nema se više što vući: špil je potrošen, ovo su zadnji potezi"),
    "draw.enough": ("a turn draws {draws:card}, and they have been drawn",
                    "w turze dobiera się {draws:card_acc} i zostały już dobrane",
                    "u potezu se vuče {draws:card_acc} i već su izvučene"),
    "draw.after_meld": ("a player who has melded draws no more this turn",
                        "gracz, który już wyłożył karty, w tej turze nie dobiera",
                        "igrač koji je već izložio karte u ovom potezu više ne vuče"),
    "draw.stock_empty": ("the stock is empty and cannot be renewed", "stos jest pusty i nie można go odnowić",
                         "špil je prazan i ne može se obnoviti"),
    "draw.discard_empty": ("the discard pile is empty", "stos kart odrzuconych jest pusty",
                           "hrpa odbačenih karata je prazna"),
    "draw.discard_second": ("only the first card of a turn may come from the discard pile",
                            "tylko pierwsza karta w turze może pochodzić ze stosu kart odrzuconych",
                            "samo prva karta u potezu smije doći s hrpe odbačenih karata"),
    "draw.discard_not_now": ("the top of the discard pile may not be taken now",
                             "wierzchniej karty ze stosu kart odrzuconych nie można teraz wziąć",
                             "gornja karta s hrpe odbačenih karata sada se ne smije uzeti"),
    "draw.cut_not_now": ("the cut card may not be taken now", "karty spod stosu nie można teraz wziąć",
                         "karta ispod špila sada se ne smije uzeti"),
    # --- a turn ---
    "turn.draw_first": ("draw first", "najpierw dobierz", "najprije vuci"),
    "turn.draw_more": ("draw {draws:card} first", "najpierw dobierz {draws:card_acc}",
                       "najprije izvuci {draws:card_acc}"),
    "turn.draw_again": ("a turn draws {draws:card}: draw again", "w turze dobiera się {draws:card_acc}: "
                        "dobierz jeszcze", "u potezu se vuče {draws:card_acc}: vuci još"),
    "turn.draw_until_meld": ("nothing was melded: draw again", "nic nie wyłożono: dobierz jeszcze",
                             "ništa nije izloženo: vuci još"),
    "turn.meld_after_last_draw": ("a player who drew his last card may not meld this turn",
                                  "gracz, który dobrał ostatnią kartę, w tej turze nie wykłada",
                                  "igrač koji je izvukao zadnju kartu u ovom potezu ne izlaže"),
    "turn.must_open": ("the card taken binds the player to open this turn",
                       "wzięta karta zobowiązuje gracza do otwarcia w tej turze",
                       "uzeta karta obvezuje igrača da se otvori u ovom potezu"),
    "turn.must_hand": ("the card taken binds the player to hand this turn",
                       "wzięta karta zobowiązuje gracza do wyłożenia całej ręki w tej turze",
                       "uzeta karta obvezuje igrača da handira u ovom potezu"),
    "turn.ends_with_discard": ("the turn ends with a discard", "tura kończy się odrzuceniem karty",
                               "potez završava odbacivanjem karte"),
    "hand.missing": ("{card} is not in the hand", "brak na ręce: {card}", "u ruci nedostaje: {card}"),
    # the same card missing more than once (two jokers): said once, with how many
    "hand.missing/times": ("{times} × {card} are not in the hand", "brak na ręce: {times} × {card}",
                           "u ruci nedostaje: {times} × {card}"),
    "lay.use_rearrange": ("melds go down by rearranging the table (Rearrange)",
                          "układy wykłada się, przekładając stół (Rearrange)",
                          "skupine se izlažu preslagivanjem stola (Rearrange)"),
    "lay.empty": ("the lay-down is empty", "wyłożenie jest puste", "izlaganje je prazno"),
    "table.no_meld": ("there is no meld {number} on the table", "na stole nie ma układu {number}",
                      "na stolu nema skupine {number}"),
    "handing.all_at_once": ("the card taken binds the player to hand: to lay all his cards down at once",
                            "wzięta karta zobowiązuje gracza do wyłożenia całej ręki naraz",
                            "uzeta karta obvezuje igrača da handira: izloži sve karte odjednom"),
    "rearrange.not_allowed": ("this game does not let a player rearrange the table",
                              "w tej grze nie przekłada się układów na stole",
                              "u ovoj igri se stol ne preslaguje"),
    "rearrange.remove": ("{cards} would leave the table; no card may be taken from it",
                         "{cards} zeszłyby ze stołu; ze stołu nie wolno zabierać kart",
                         "{cards} bi otišle sa stola; sa stola se ne smiju uzimati karte"),
    "rearrange.min": ("{given:card} from hand; a turn adds at least {least}",
                      "z ręki: {given:card}; tura dokłada co najmniej {least}",
                      "iz ruke: {given:card}; potez dodaje barem {least}"),
    "rearrange.before_opening": (
        "until a player has opened, the melds on the table stay as they lie: he opens with new melds "
        "from his hand",
        "dopóki gracz się nie otworzy, układy na stole zostają tak, jak leżą: otwiera się nowymi układami "
        "z ręki",
        "dok se igrač ne otvori, skupine na stolu ostaju kakve jesu: otvara se novim skupinama iz ruke"),
    "discard.none": ("this game has no discard: end the turn (EndTurn)",
                     "w tej grze się nie odrzuca: zakończ turę (EndTurn)",
                     "u ovoj igri se ne odbacuje: završi potez (EndTurn)"),
    "discard.just_taken": ("{card} was just taken from the discard pile",
                           "{card} właśnie wzięto ze stosu kart odrzuconych",
                           "{card} je upravo uzeta s hrpe odbačenih karata"),
    "discard.taken_only": ("{cards} would be left, and the card just taken may not be discarded",
                           "na ręce zostałoby {cards}, a właśnie wziętej karty nie można odrzucić",
                           "u ruci bi ostalo {cards}, a upravo uzeta karta ne smije se odbaciti"),
    "knock.none": ("this game has no knocking", "w tej grze się nie puka", "u ovoj igri se ne kuca"),
    "knock.too_many": ("the hand counts {points:point}; a player knocks with {most} or less",
                       "ręka liczy {points:point}; pukać można, mając najwyżej {most}",
                       "ruka vrijedi {points:point}; kuca se s najviše {most}"),
    # --- the solver's answers ---
    "solver.gave_up": ("gave up: the solver's budget of work ({budget}: positions searched, then states "
                       "swept over the columns) ran out without an answer; a hand this big or dense is "
                       "beyond it",
                       "bez odpowiedzi: wyczerpał się limit pracy solvera ({budget}: pozycje przeszukania, "
                       "potem stany przeglądu kolumn); tak duża lub gęsta ręka go przekracza",
                       "bez odgovora: potrošena je granica rada solvera ({budget}: pozicije pretraživanja, "
                       "zatim stanja pregleda stupaca); tako velika ili gusta ruka je prelazi"),
    "solver.table_invalid": ("the table as it is holds no valid melds",
                             "układy na stole w obecnym stanie nie są poprawne",
                             "skupine na stolu u ovom stanju nisu ispravne"),
    "solver.too_few/plain": ("{placed:card} from hand fit the table; a turn adds at least {least}",
                             "do stołu pasuje z ręki: {placed:card}; tura dokłada co najmniej {least}",
                             "uz stol iz ruke pristaje: {placed:card}; potez dodaje barem {least}"),
    "solver.too_few/swap": ("{placed:card} from hand fit the table; a turn adds at least {least} "
                            "(swapping a joker is not tried: see check_joker_swap)",
                            "do stołu pasuje z ręki: {placed:card}; tura dokłada co najmniej {least} "
                            "(wymiany jokera nie sprawdzono: zob. check_joker_swap)",
                            "uz stol iz ruke pristaje: {placed:card}; potez dodaje barem {least} "
                            "(zamjena džokera nije isprobana: vidi check_joker_swap)"),
    "solver.no_opening/plain": ("no lay-down of these cards has {melds:meld}",
                                "z tych kart nie da się wyłożyć: {melds:meld}",
                                "od ovih karata ne može se izložiti: {melds:meld}"),
    "solver.no_opening/clean": ("no lay-down of these cards has {melds:meld} and a run without a joker",
                                "z tych kart nie da się wyłożyć: {melds:meld} i sekwens bez jokera",
                                "od ovih karata ne može se izložiti: {melds:meld} i niz bez džokera"),
    "solver.no_opening/keep": ("no lay-down of these cards has {melds:meld} and a card kept to discard",
                               "z tych kart nie da się wyłożyć: {melds:meld} i zostawić kartę do odrzucenia",
                               "od ovih karata ne može se izložiti: {melds:meld} uz kartu za odbacivanje"),
    "solver.no_opening/clean_keep": ("no lay-down of these cards has {melds:meld} and a run without a joker "
                                     "and a card kept to discard",
                                     "z tych kart nie da się wyłożyć: {melds:meld} i sekwens bez jokera, "
                                     "zostawiając kartę do odrzucenia",
                                     "od ovih karata ne može se izložiti: {melds:meld} i niz bez džokera, "
                                     "uz kartu za odbacivanje"),
    "solver.opening_points": ("the best lay-down is worth {points:point}; an opening needs {least}",
                              "najlepsze wyłożenie jest warte {points:point}; otwarcie wymaga co najmniej "
                              "{least}",
                              "najbolje izlaganje vrijedi {points:point}; za otvaranje treba barem {least}"),
    # where the last card must be discarded: the best lay-down keeps one, and counts less than
    # check_opening of the same melds with that card laid too; without a form (a reason saved by
    # an earlier module) the words above
    "solver.opening_points/keep": ("the best lay-down with a card kept to discard is worth {points:point}; "
                                   "an opening needs {least}",
                                   "najlepsze wyłożenie, które zostawia kartę do odrzucenia, jest warte "
                                   "{points:point}; otwarcie wymaga co najmniej {least}",
                                   "najbolje izlaganje koje ostavlja kartu za odbacivanje vrijedi "
                                   "{points:point}; za otvaranje treba barem {least}"),
}


def codes() -> list[str]:
    """Every reason code, once (the part before a `/form`), `in.` places left out."""
    return sorted({key.split("/")[0] for key in REASONS if not key.startswith("in.")})
