"""Polish: the words of the rulebooks, in the terms of seed 000 (sekwens, grupa,
otwarcie, joker, wyłożenie).  Counted nouns have one form per CLDR category
(one / few / many): 1 karta, 2 karty, 5 kart, 22 karty."""

from __future__ import annotations

from . import Language

NOUNS = {
    "card": {"one": "karta", "few": "karty", "many": "kart", "other": "karty"},
    "card_acc": {"one": "kartę", "few": "karty", "many": "kart", "other": "karty"},
    "point": {"one": "punkt", "few": "punkty", "many": "punktów", "other": "punktu"},
    "joker": {"one": "joker", "few": "jokery", "many": "jokerów", "other": "jokera"},
    "meld": {"one": "układ", "few": "układy", "many": "układów", "other": "układu"},
    "deal": {"one": "rozdanie", "few": "rozdania", "many": "rozdań", "other": "rozdania"},
}

MESSAGES: dict[str, str | dict[str, str]] = {
    "title": "{name} — zasady gry",
    "intro": "Zasady ułożone przez remikc na podstawie specyfikacji {source}.",
    "footnote": "* Założenie: tekst źródłowy tej zasady nie podaje, wartość przyjęto w specyfikacji.",
    "section.readings": "Inne odczytania tekstu źródłowego",
    "reading": "{rule}: tekst źródłowy można też odczytać inaczej (słowami specyfikacji): {other}",
    "differences": "Ta odmiana różni się od gry {parent} tylko tym:",
    "difference": "{now} (Zamiast: {before})",
    "difference.removed": "Nie obowiązuje: {before}",
    "difference.none": "tej zasady nie ma.",
    # sections
    "section.players": "Gracze i karty",
    "section.deal": "Rozdanie kart",
    "section.goal": "Cel gry",
    "section.turn": "Przebieg tury",
    "section.melds": "Układy: grupy i sekwensy",
    "section.jokers": "Jokery",
    "section.opening": "Otwarcie",
    "section.lay_off": "Dokładanie kart",
    "section.lay_off_swap": "Dokładanie kart i wymiana jokera",
    "section.going_out": "Zakończenie rozdania",
    "section.stock": "Gdy skończą się karty w stosie",
    "section.scoring": "Punktacja",
    "section.game_end": "Koniec gry",
    "section.glossary": "Słowniczek",
    # players and cards
    "players": "Gra jest dla {low}–{high} graczy.",
    "deck": "Do gry potrzeba: {packs}.",
    "deck.by_players": "Do gry potrzeba: {cases}.",
    "deck.case": "przy {players} graczach — {deck}",
    "deck.packs": {"one": "{n} talia po 52 karty", "few": "{n} talie po 52 karty",
                   "many": "{n} talii po 52 karty", "other": "{n} talii po 52 karty"},
    "deck.with_jokers": "{packs} i {n:joker}",
    "deck.no_jokers": "{packs}, bez jokerów",
    "table.card": "Karta",
    "table.points": "Punkty",
    "table.term": "Pojęcie",
    "table.means": "Znaczenie",
    "card.joker": "Joker",
    "value.face": "tyle, ile liczba na karcie",
    "value.as_replaced": "tyle, co karta, którą zastępuje",
    "value.in.low_run": "{points} w sekwensie A-2-3",
    "value.in.high_run": "{points} w sekwensie D-K-A",
    "value.in.set": "{points} w grupie",
    "value.in.hand": "{points} na ręce",
    "value.places": "{places}, poza tym {otherwise}",
    # the deal
    "deal.hand": "Każdy gracz dostaje {n:card_acc}.",
    "deal.hand.by_players": "Każdy gracz dostaje {cases}.",
    "deal.hand.case": "{n:card_acc} przy {players} graczach",
    "deal.first_player.dealer": "Grę zaczyna rozdający.",
    "deal.first_player.left_of_dealer": "Grę zaczyna gracz siedzący po lewej stronie rozdającego.",
    "turn.direction.clockwise": "Gra toczy się zgodnie z ruchem wskazówek zegara.",
    "turn.direction.counterclockwise": "Gra toczy się przeciwnie do ruchu wskazówek zegara.",
    "deal.extra": {
        "one": "Gracz, który zaczyna, dostaje o jedną kartę więcej — razem {total:card_acc} — i zamiast "
               "dobierać, od razu odrzuca jedną kartę, której nie potrzebuje.",
        "other": "Gracz, który zaczyna, dostaje o {n:card_acc} więcej — razem {total:card_acc} — i zamiast "
                 "dobierać, od razu odrzuca jedną kartę, której nie potrzebuje.",
    },
    "deal.extra.by_players": {
        "one": "Gracz, który zaczyna, dostaje o jedną kartę więcej i zamiast dobierać, od razu odrzuca "
               "jedną kartę, której nie potrzebuje.",
        "other": "Gracz, który zaczyna, dostaje o {n:card_acc} więcej i zamiast dobierać, od razu "
                 "odrzuca jedną kartę, której nie potrzebuje.",
    },
    "deal.first_discard.face_up": "Pozostałe karty kładzie się zakryte na środku stołu jako stos do "
                                  "dobierania. Jego wierzchnią kartę odwraca się i kładzie obok: od niej "
                                  "zaczyna się stos kart odrzuconych.",
    "deal.first_discard.none": "Pozostałe karty kładzie się zakryte na środku stołu jako stos do "
                               "dobierania; stos kart odrzuconych zaczyna pierwsza odrzucona karta.",
    "deal.first_discard.no_pile": "Pozostałe karty kładzie się zakryte na środku stołu jako stos do "
                                  "dobierania. W tej grze nie odrzuca się kart.",
    "deal.cut_card": "Gracz, który przekłada talię, dobiera jedną kartę i kładzie ją pod wszystkimi "
                     "pozostałymi kartami stosu.",
    # the goal
    "goal.discard": "Celem gry jest pozbycie się wszystkich kart.",
    "goal.discard_or_table": "Celem gry jest pozbycie się wszystkich kart.",
    "goal.table": "Celem gry jest wyłożenie wszystkich swoich kart na stół.",
    "goal.winner.lowest": "Za karty, które zostają na ręce, liczy się punkty: wygrywa ten, kto ma ich "
                          "na koniec najmniej.",
    "goal.winner.highest": "Wygrywa ten, kto na koniec gry ma najwięcej punktów.",
    # the turn
    "turn.draw.stock": {"one": "Dobierz jedną kartę z wierzchu zakrytego stosu.",
                        "other": "Dobierz {n:card_acc} z wierzchu zakrytego stosu."},
    "turn.draw.from": {"one": "Dobierz jedną kartę: {sources}.",
                       "other": "Dobierz {n:card_acc}: {sources}."},
    "source.stock": "z wierzchu zakrytego stosu",
    "source.discard_top": "z wierzchu stosu kart odrzuconych (kartę odrzuconą przez gracza przed tobą)",
    "source.cut_card": "spod stosu (kartę położoną tam przy przekładaniu)",
    "word.or": "albo",
    "turn.draw.discard_top": {"one": "Weź wierzchnią kartę ze stosu kart odrzuconych.",
                              "other": "Weź {n:card_acc} ze stosu kart odrzuconych."},
    "turn.draw.none": "W tej grze nie dobiera się kart.",
    "turn.draws.until_meld": "Dobierz jedną kartę z wierzchu zakrytego stosu i, jeśli chcesz, wyłóż "
                             "układy. Jeśli nic nie wyłożysz, dobierz następną — najwyżej "
                             "{n:card_acc} w jednej turze.",
    "turn.never.discard_top": "Ze stosu kart odrzuconych nie wolno dobierać.",
    "turn.never.stock": "Z zakrytego stosu nie wolno dobierać.",
    "turn.never.cut_card": "Karty spod stosu nie wolno brać.",
    "turn.when.discard_top": "Zamiast tego wolno wziąć wierzchnią kartę ze stosu kart odrzuconych — "
                             "odrzuconą przez gracza przed tobą — ale tylko: {when}.",
    "turn.when.cut_card": "Kartę leżącą pod stosem wolno wziąć (zamiast zwykłej karty) tylko: {when}.",
    "turn.when.stock": "Z zakrytego stosu wolno dobierać tylko: {when}.",
    "turn.no_meld_after_last_draw": "Kto dobrał ostatnią, {n}. kartę, w tej turze nie może już "
                                    "wykładać.",
    "turn.meld.opening": "Możesz wyłożyć na stół ważne układy; pierwsze wyłożenie to otwarcie.",
    "turn.meld": "Możesz wyłożyć na stół ważne układy.",
    "turn.rearrange.forbidden": {
        "one": "Układy na stole wolno przestawiać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
               "jedną kartę z ręki. Nie wolno zabrać żadnej karty ze stołu, a na koniec tury wszystkie "
               "karty na stole muszą tworzyć ważne układy.",
        "other": "Układy na stole wolno przestawiać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
                 "{n:card_acc} z ręki. Nie wolno zabrać żadnej karty ze stołu, a na koniec tury "
                 "wszystkie karty na stole muszą tworzyć ważne układy.",
    },
    "turn.rearrange.allowed": {
        "one": "Układy na stole wolno przestawiać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
               "jedną kartę z ręki; karty ze stołu wolno też zabierać do ręki. Na koniec tury wszystkie "
               "karty na stole muszą tworzyć ważne układy.",
        "other": "Układy na stole wolno przestawiać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
                 "{n:card_acc} z ręki; karty ze stołu wolno też zabierać do ręki. Na koniec tury "
                 "wszystkie karty na stole muszą tworzyć ważne układy.",
    },
    "turn.discard": "Na koniec tury odrzuć na stos kart odrzuconych jedną kartę, której nie "
                    "potrzebujesz.",
    "turn.no_discard": "Tura kończy się bez odrzucania karty.",
    "turn.discard_taken_card.forbidden": "Karty wziętej w tej turze ze stosu kart odrzuconych nie wolno "
                                         "w tej samej turze odrzucić.",
    "turn.discard_taken_card.allowed": "Kartę wziętą ze stosu kart odrzuconych wolno w tej samej turze "
                                       "odrzucić.",
    "when.first_round": "w swojej pierwszej turze",
    "when.opened": "gdy jesteś już otwarty",
    "when.opens_this_turn": "gdy w tej samej turze się otworzysz",
    "when.handing": "gdy w tej turze wykładasz całą rękę naraz",
    "when.not": "nie {what}",
    "when.or": "; albo ",
    "when.and": " i ",
    "when.always": "zawsze",
    "when.never": "nigdy",
    # melds
    "set": "Grupa to {size} o tej samej wartości, {suits}.",
    "set.suits.distinct": "każda w innym kolorze: grupa nie może mieć dwóch kart tego samego koloru",
    "set.suits.any": "w dowolnych kolorach",
    "set.closed_at": "Grupa, która ma już {n:card_acc}, jest zamknięta: nie można do niej niczego "
                     "dołożyć.",
    "run": "Sekwens to {size} {suit}, w kolejności rosnącej, jedna po drugiej.",
    "run.suit.same": "jednego koloru",
    "run.suit.any": "w dowolnych kolorach",
    "run.ace.low": "As jest najniższą kartą: sekwens może się od niego zaczynać (A-2-3), ale as nie może "
                   "leżeć po królu.",
    "run.ace.high": "As jest najwyższą kartą: może leżeć po królu (D-K-A), ale nie przed dwójką.",
    "run.ace.low_or_high": "As może być najniższą kartą sekwensu (A-2-3) albo najwyższą, po królu "
                           "(D-K-A).",
    "run.wrap.forbidden": "Sekwens nie może przejść przez asa: po królu i asie nie można położyć "
                          "dwójki.",
    "run.wrap.allowed": "Sekwens może przejść przez asa: po królu i asie może leżeć dwójka (K-A-2).",
    "run.ace_to_ace.allowed": "Sekwens może zaczynać się od asa i kończyć na asie: to 14 kart od A do A.",
    "run.ace_to_ace.forbidden": "Sekwens nie może się jednocześnie zaczynać i kończyć asem.",
    "size.at_least": "co najmniej {n:card}",
    "size.exactly": "dokładnie {n:card}",
    "size.between": "od {low} do {n} kart",
    "kind.run": "sekwens",
    "kind.set": "grupa",
    "example.meld": "{kind}, {n:point}",
    "example.corner.refused": "to nie jest sekwens",
    "example.corner.allowed": "sekwens przez asa",
    # jokers
    "jokers.declare.position": "Joker może zastąpić dowolną kartę w układzie: oznacza kartę, na której "
                               "miejscu leży.",
    "jokers.declare.rank_and_suit": "Joker może zastąpić dowolną kartę. Kto go kładzie, musi powiedzieć, "
                                    "jaką kartę oznacza — wartość i kolor. Tego nie wolno potem zmienić, "
                                    "dopóki joker nie zostanie zastąpiony prawdziwą kartą; jokera wolno "
                                    "przesunąć na stole, o ile nadal oznacza tę samą kartę.",
    "jokers.value.as_replaced": "Joker jest wart tyle, co karta, którą zastępuje w układzie.",
    "jokers.value.fixed": "Joker jest wart {n:point}.",
    "jokers.per_meld_at_opening": {
        "one": "Przy otwarciu układ może mieć tylko jednego jokera.",
        "few": "Przy otwarciu układ może mieć najwyżej {n} jokery.",
        "many": "Przy otwarciu układ może mieć najwyżej {n} jokerów.",
        "other": "Przy otwarciu układ może mieć najwyżej {n} jokera.",
    },
    "jokers.per_meld.later": {
        "one": "Później układ może mieć najwyżej jednego jokera.",
        "few": "Później układ może mieć najwyżej {n} jokery.",
        "many": "Później układ może mieć najwyżej {n} jokerów.",
        "other": "Później układ może mieć najwyżej {n} jokera.",
    },
    "jokers.per_meld.later.any": "Później układ może mieć dowolnie wiele jokerów.",
    "jokers.per_meld.any": "Układ może mieć dowolnie wiele jokerów.",
    "jokers.per_meld": {
        "one": "Układ może mieć najwyżej jednego jokera.",
        "few": "Układ może mieć najwyżej {n} jokery.",
        "many": "Układ może mieć najwyżej {n} jokerów.",
        "other": "Układ może mieć najwyżej {n} jokera.",
    },
    "jokers.min_natural": {
        "one": "Układ musi mieć co najmniej jedną prawdziwą kartę: same jokery nie tworzą układu.",
        "few": "Układ musi mieć co najmniej {n} prawdziwe karty.",
        "many": "Układ musi mieć co najmniej {n} prawdziwych kart.",
        "other": "Układ musi mieć co najmniej {n} prawdziwej karty.",
    },
    "jokers.min_natural.none": "Układ może się składać z samych jokerów.",
    "jokers.ambiguous.run": "Układ, który można odczytać i jako grupę, i jako sekwens (np. 5♠ JK JK), "
                            "liczy się jako sekwens, chyba że gracz zapowie grupę.",
    "jokers.ambiguous.set": "Układ, który można odczytać i jako grupę, i jako sekwens (np. 5♠ JK JK), "
                            "liczy się jako grupa, chyba że gracz zapowie sekwens.",
    "jokers.ambiguous.higher": "Układ, który można odczytać i jako grupę, i jako sekwens (np. 5♠ JK JK: "
                               "trzy piątki albo 5♠ 6♠ 7♠), gracz może zapowiedzieć jako jedno lub drugie; "
                               "jeśli nic nie powie, liczy się tak, jak jest wart więcej punktów "
                               "(przy równej wartości jako sekwens).",
    "jokers.ambiguous.refused": "Układ, który można odczytać i jako grupę, i jako sekwens (np. 5♠ JK "
                                "JK), jest nieważny.",
    # opening
    "opening.min_points": "Pierwsze wyłożenie kart to otwarcie: wyłożone układy muszą być warte razem "
                          "co najmniej {n:point}.",
    "opening.clean_run": "Wśród nich musi być co najmniej jeden „czysty” sekwens, czyli bez jokera.",
    "opening.min_melds": {
        "one": "Otwarcie to co najmniej jeden układ.",
        "few": "Otwarcie to co najmniej {n} układy.",
        "many": "Otwarcie to co najmniej {n} układów.",
        "other": "Otwarcie to co najmniej {n} układu.",
    },
    "opening.after": "Po otwarciu gracz jest uważany za otwartego i kolejne układy może wykładać bez "
                     "tego progu.",
    "example.opening": "otwarcie za {n:point}",
    # laying off and swapping jokers
    "lay_off.always": "Do układów leżących na stole — także cudzych — wolno dokładać swoje karty.",
    "lay_off.never": "Do układów leżących na stole nie wolno dokładać kart.",
    "lay_off.when": "Do układów leżących na stole — także cudzych — wolno dokładać swoje karty, ale "
                    "tylko: {when}.",
    "example.lay_off": "po dołożeniu: {kind}, {n:point}",
    "swap.always": "Jokera leżącego w układzie można zabrać, kładąc na jego miejsce kartę, którą on "
                   "zastępuje.",
    "swap.never": "Jokerów leżących na stole nie wolno wymieniać.",
    "swap.when": "Jokera leżącego w układzie można zabrać, kładąc na jego miejsce kartę, którą on "
                 "zastępuje — ale tylko: {when}.",
    "swap.from.hand": "Tę kartę trzeba mieć w ręce.",
    "swap.from.hand_or_table": "Ta karta może pochodzić z ręki albo z innego układu na stole.",
    "swap.retrieved.keep": "Zabranego jokera można zatrzymać w ręce albo dołożyć do układów na stole.",
    "swap.retrieved.new_meld_now": "Zabranego jokera trzeba w tej samej turze użyć do utworzenia "
                                   "nowego układu.",
    "swap.retrieved.play_now": "Zabranego jokera nie wolno zatrzymać: trzeba go od razu użyć na stole.",
    "example.swap": "po wymianie: {cards}",
    # going out
    "going_out.discard": "Rozdanie kończy się, gdy jeden z graczy pozbędzie się wszystkich kart. Ostatnią "
                         "kartę trzeba odrzucić na stos — nie wolno jej dołożyć do cudzego układu.",
    "going_out.table": "Rozdanie kończy się, gdy jeden z graczy wyłoży na stół wszystkie swoje karty.",
    "going_out.discard_or_table": "Rozdanie kończy się, gdy jeden z graczy pozbędzie się wszystkich "
                                  "kart: wykładając je, dokładając albo odrzucając ostatnią.",
    "handing": "Kto w jednej turze wyłoży naraz wszystkie karty, nie wykładając wcześniej niczego, "
               "kończy rozdanie wyłożeniem całej ręki.",
    "handing.keep_discard": "Kto w jednej turze wyłoży naraz wszystkie układy, nie wykładając wcześniej "
                            "niczego, tak że zostanie mu tylko jedna karta do odrzucenia, kończy rozdanie "
                            "wyłożeniem całej ręki. Nie ma przy tym znaczenia, z którego stosu dobrał "
                            "kartę.",
    "handing.lay_off.forbidden": "Wykładając całą rękę, nie wolno dokładać swoich kart do cudzych "
                                 "układów.",
    "handing.lay_off.allowed": "Wykładając całą rękę, wolno też dokładać karty do cudzych układów.",
    "handing.opening_rules.apply": "Tak wyłożone układy muszą spełniać warunki otwarcia.",
    "handing.opening_rules.waived": "Tak wyłożone układy nie muszą spełniać warunków otwarcia.",
    "knocking": "Po swojej turze gracz, którego karty na ręce są warte najwyżej {n:point}, może zapukać: "
                "runda od razu się kończy i następuje punktacja.",
    # the stock
    "stock.reshuffle": "Gdy w zakrytym stosie zabraknie kart, tasuje się karty ze stosu kart odrzuconych "
                       "— oprócz ostatnio odrzuconej, która zostaje na wierzchu — i układa z nich nowy "
                       "zakryty stos.",
    "stock.last_round": "Gdy zakryty stos się wyczerpie, a nikt nie zapukał, każdy gracz — także ten, "
                        "który wziął ostatnią kartę — ma jeszcze jedną turę na wykładanie. Potem liczy się "
                        "karty na rękach: rundę wygrywa gracz z najmniejszą sumą.",
    # scoring
    "scoring.penalties": "Po rozdaniu pozostałym graczom dopisuje się tyle punktów, ile są warte karty, "
                         "które zostały im na ręce (według wartości kart).",
    "scoring.winner_collects": "Gdy gracz skończy, rozdanie się punktuje: zwycięzca dostaje punkty za "
                               "wszystkie karty, które zostały w rękach pozostałych graczy.",
    "scoring.differences": "Rundę wygrywa gracz, któremu zostało na ręce najmniej punktów — nie musi to "
                           "być ten, kto zapukał. Dostaje on różnicę między swoimi punktami a punktami "
                           "każdego z pozostałych graczy; wszystkie różnice się sumuje.",
    "scoring.went_out": "Gracz, który zakończył rozdanie, dostaje {n:point}.",
    "scoring.handed": "Kto zakończył, wykładając całą rękę naraz, dostaje {n:point}.",
    "scoring.handed_with_cut_card": "Kto, wykładając całą rękę, wziął kartę spod stosu, dostaje {n:point}.",
    "scoring.joker_in_hand": "Joker, który został na ręce, liczy się {n:point}.",
    "scoring.not_opened": "Graczowi, który się nie otworzył, zapisuje się {n:point}, bez liczenia kart.",
    "scoring.handing_multiplier.penalties.2": "Gdy ktoś zakończy rozdanie, wykładając całą rękę naraz, "
                                              "punkty pozostałych graczy się podwaja — także punkty "
                                              "graczy, którzy się nie otworzyli.",
    "scoring.handing_multiplier.penalties.n": "Gdy ktoś zakończy rozdanie, wykładając całą rękę naraz, "
                                              "punkty pozostałych graczy mnoży się przez {n}.",
    "scoring.handing_multiplier.winner_collects.2": "Jeśli zwycięzca wyłożył wszystkie karty w jednej "
                                                    "turze, nie wykładając niczego wcześniej, wszystkie "
                                                    "punkty w tym rozdaniu są podwajane.",
    "scoring.handing_multiplier.winner_collects.n": "Jeśli zwycięzca wyłożył wszystkie karty w jednej "
                                                    "turze, nie wykładając niczego wcześniej, wszystkie "
                                                    "punkty w tym rozdaniu mnoży się przez {n}.",
    "scoring.handing_multiplier.differences.2": "Jeśli zwycięzca wyłożył wszystkie karty w jednej turze, "
                                                "nie wykładając niczego wcześniej, jego punkty się "
                                                "podwaja.",
    "scoring.handing_multiplier.differences.n": "Jeśli zwycięzca wyłożył wszystkie karty w jednej turze, "
                                                "nie wykładając niczego wcześniej, jego punkty mnoży się "
                                                "przez {n}.",
    "scoring.undercut_bonus": "Jeśli zwycięzcą nie jest ten, kto zapukał, zwycięzca dostaje dodatkowo "
                              "{n:point} premii za podcięcie.",
    "scoring.tie_with_knocker.others_win": "Jeśli ten, kto zapukał, ma tyle samo punktów co inny gracz, "
                                           "wygrywa ten drugi i dostaje premię za podcięcie; gdy remisuje "
                                           "z kilkoma graczami, wszyscy oni liczą punkty jak zwycięzcy i "
                                           "każdy dostaje premię.",
    "scoring.tie_with_knocker.knocker_wins": "Przy remisie z graczem, który zapukał, wygrywa ten, kto "
                                             "zapukał.",
    "scoring.all_out_bonus": "Kto wygra, wykładając wszystkie swoje karty, dostaje {n:point} premii.",
    "example.round": "Przykład: rozdanie zakończył gracz 1.",
    "round.player": "Gracz {n}",
    "round.went_out": "zakończył rozdanie",
    "round.who": "Gracz",
    "round.left": "Karty na ręce",
    "round.score": "Wynik",
    # end of the game
    "game_end.target": "Gra kończy się, gdy wynik któregoś z graczy osiągnie {n:point} lub więcej.",
    "game_end.rounds": "Gra trwa {n:deal}.",
    "game_end.rounds_cap": "Gra kończy się najpóźniej, gdy rozegrano {n:deal}.",
    "game_end.target_bonus": "Gracz (albo gracze), który osiągnął ten wynik, dostaje premię {n:point}.",
    "game_end.round_win_bonus": "Każdy inny gracz dostaje {n:point} premii za każdą wygraną rundę.",
    "game_end.winner.lowest": "Wygrywa gracz z najmniejszą liczbą punktów.",
    "game_end.winner.highest": "Wygrywa gracz z największą liczbą punktów.",
    # glossary
    "term.meld": "Układ",
    "term.meld.means": "grupa albo sekwens wyłożone na stół",
    "term.set": "Grupa",
    "term.set.means.distinct": "karty tej samej wartości w różnych kolorach, np. 10♦ 10♣ 10♥",
    "term.set.means.any": "karty tej samej wartości w dowolnych kolorach, np. 10♦ 10♣ 10♦",
    "term.run": "Sekwens",
    "term.run.means.same": "karty jednego koloru ułożone po kolei, np. 2♣ 3♣ 4♣",
    "term.run.means.any": "karty w dowolnych kolorach ułożone po kolei, np. 2♣ 3♥ 4♣",
    "term.opening": "Otwarcie",
    "term.opening.means": "pierwsze wyłożenie układów; od tej chwili gracz jest otwarty",
    "term.laying_down": "Wyłożenie",
    "term.laying_down.means": "położenie układów z ręki na stół",
    "term.lay_off": "Dokładanie",
    "term.lay_off.means": "dodanie swojej karty do układu, który już leży na stole",
    "term.joker": "Joker",
    "term.joker.means": "karta, która zastępuje dowolną inną",
    "term.handing": "Wyłożenie całej ręki",
    "term.handing.means": "zakończenie rozdania wyłożeniem wszystkich kart naraz, bez wcześniejszego "
                          "wykładania (chorw. handiranje)",
    "term.knocking": "Pukanie",
    "term.knocking.means": "zakończenie rundy przez gracza, który ma na ręce mało punktów",
    "term.discard_pile": "Stos kart odrzuconych",
    "term.discard_pile.means": "odkryty stos, na który gracze odrzucają karty",
    "term.stock": "Stos",
    "term.stock.means": "zakryte karty, z których się dobiera",
}

LANGUAGE = Language("pl", NOUNS, MESSAGES)
