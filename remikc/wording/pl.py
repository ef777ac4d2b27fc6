"""Polish: the words of the rulebooks, in the terms of the Polish seeds (sekwens, grupa,
układ, otwarcie, joker, dokładanie; "remik" for laying everything down at once, as 002
says "idzie remika").  Counted nouns have one form per CLDR category
(one / few / many): 1 karta, 2 karty, 5 kart, 22 karty."""

from __future__ import annotations

from .language import Language
from .pl_ending import ENDING
from .pl_other import OTHER
from .pl_questions import QUESTIONS
from .pl_scoring import SCORING

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
    "footnote.assumed": "* Tekst, z którego pochodzą te zasady, tego nie określa; podajemy przyjęty przez "
                        "nas zwyczaj. Jeśli gracie inaczej, ustalcie to przed grą.",
    "footnote.reading": "† Zdanie źródłowe można tu rozumieć na dwa sposoby; przyjęliśmy jeden z nich, drugi "
                        "podajemy na końcu. Ustalcie to przed grą.",
    "section.readings": "Do ustalenia przed grą",
    "reading": "{said} Inaczej: {other}",
    **OTHER,
    "reading.example": ", jak w przykładzie {melds}",
    "unverified": "Uwaga: tych zasad nie sprawdzono. Mogą się wzajemnie wykluczać albo zawierać zasady, "
                  "które nigdy nie mają zastosowania; opisano tu każdą z nich.",
    "differences": "Ta odmiana różni się od gry {parent} tylko tym:",
    "difference": "{now} (W grze {parent}: {before})",
    "difference.value": "{worth} {now} (w grze {parent}: {before}).",
    "difference.value.only": "{worth} {now}.",
    # a card and its value's verb, for the list of changes: a figure by its name ("As jest wart")
    "worth": "Karta {card} jest warta",
    "worth.A": "As jest wart",
    "worth.K": "Król jest wart",
    "worth.Q": "Dama jest warta",
    "worth.J": "Walet jest wart",
    "difference.removed": "Nie obowiązuje: {before}",
    # a rule removed because no meld of the variant can be what it speaks of (dwa_jokery)
    "difference.removed.cannot_happen": "Nie obowiązuje zasada z gry {parent}: „{before}” W tej odmianie "
                                        "taki układ nie może powstać.",
    "difference.none": "tej zasady nie ma.",
    # sections
    "section.about": "O grze",
    "section.cards": "Karty i ich wartość",
    "section.melds": "Układy",
    "section.deal": "Rozdanie",
    "section.turn": "Przebieg tury",
    "section.opening": "Otwarcie",
    "section.lay_off": "Dokładanie kart",
    "section.lay_off_jokers": "Dokładanie kart i jokery",
    "section.going_out": "Koniec rozdania",
    "section.scoring": "Punktacja",
    "section.game_end": "Koniec gry",
    "section.glossary": "Słowniczek",
    "section.questions": "Pytania przy stole",
    **QUESTIONS,
    # about the game
    "players": "W grze bierze udział od {low} do {high} graczy.",
    "goal.discard": "Celem gry jest pozbycie się wszystkich kart z ręki.",
    "goal.discard_or_table": "Celem gry jest pozbycie się wszystkich kart z ręki.",
    "goal.table": "Celem gry jest wyłożenie na stół wszystkich swoich kart.",
    "goal.winner.lowest": "Za karty, które na koniec rozdania zostają na ręce, zapisuje się punkty "
                          "karne; grę wygrywa ten, kto na końcu ma ich najmniej.",
    "goal.winner.highest": "Za wygrane rozdania zdobywa się punkty; grę wygrywa ten, kto na końcu ma ich "
                           "najwięcej.",
    # cards
    "deck": "Karty: {packs}, razem {total:card}.",
    "deck.plain": "Karty: {packs}.",
    "deck.by_players": "Karty: {cases}.",
    "deck.case": "przy {players} graczach {deck}",
    "deck.packs": {"one": "1 talia (52 karty)", "few": "{n} talie po 52 karty",
                   "many": "{n} talii po 52 karty", "other": "{n} talii po 52 karty"},
    "deck.with_jokers": "{packs} i {n:joker}",
    "deck.no_jokers": "{packs}, bez jokerów",
    # Polish packs print D and W (001 writes "D-K-A"); the book writes Q and J, as most packs do
    "legend": "Karty zapisujemy tak, jak są nadrukowane: A — as, K — król, Q — dama (na polskich kartach "
              "D), J — walet (W); kolory: ♥ kier, ♦ karo, ♣ trefl, ♠ pik.",
    "legend.jokers": "Karty zapisujemy tak, jak są nadrukowane: A — as, K — król, Q — dama (na polskich "
                     "kartach D), J — walet (W); kolory: ♥ kier, ♦ karo, ♣ trefl, ♠ pik. Jokera piszemy "
                     "słowem: Joker; karta w nawiasie po nim to ta, którą joker zastępuje — "
                     "książka ją podaje, gracz nie musi jej zapowiadać.",
    # where the player says which card a joker is (`declare rank_and_suit`)
    "legend.jokers.declared": "Karty zapisujemy tak, jak są nadrukowane: A — as, K — król, Q — dama (na "
                              "polskich kartach D), J — walet (W); kolory: ♥ kier, ♦ karo, ♣ trefl, ♠ pik. "
                              "Jokera piszemy słowem: Joker; karta w nawiasie po nim to ta, którą joker "
                              "przedstawia, tak jak zapowiedział ją gracz.",
    "table.card": "Karta",
    "table.points": "Punkty",
    "table.term": "Pojęcie",
    "table.means": "Znaczenie",
    "card.joker": "Joker",
    # a card read aloud (the HTML book's text alternative for a screen reader): "{rank} {suit}"
    "card.spoken": "{rank} {suit}",
    "card.rank.2": "dwa",
    "card.rank.3": "trzy",
    "card.rank.4": "cztery",
    "card.rank.5": "pięć",
    "card.rank.6": "sześć",
    "card.rank.7": "siedem",
    "card.rank.8": "osiem",
    "card.rank.9": "dziewięć",
    "card.rank.10": "dziesięć",
    "card.rank.J": "walet",
    "card.rank.Q": "dama",
    "card.rank.K": "król",
    "card.rank.A": "as",
    "card.suit.hearts": "kier",
    "card.suit.diamonds": "karo",
    "card.suit.clubs": "trefl",
    "card.suit.spades": "pik",
    "value.face": "tyle, ile oczek",
    "value.as_replaced": "tyle, ile karta, którą zastępuje",
    "value.joker_in_hand": "{points}, jeśli zostanie na ręce",
    "value.in_meld_and_hand": "na stole {meld}; na ręce {hand}",
    "value.in.low_run": "{points}, gdy leży przed dwójką (A-2-3)",
    "value.in.high_run": "{points}, gdy leży po królu (Q-K-A)",
    "value.in.set": "{points}, gdy leży z kartami tego samego numeru",
    "value.in.hand": "{points} na ręce",
    "value.places": "{places}, poza tym {otherwise}",
    # the deal
    "deal.hand": "Każdy gracz dostaje {n:card_acc}.",
    "deal.hand.by_players": "Każdy gracz dostaje {cases}.",
    "deal.hand.case": "{n:card_acc} przy {players} graczach",
    # who cuts and who deals next: no seed says; table custom and the referee's order (`dealer + 1`)
    "deal.cutter": "Talię przekłada gracz siedzący po prawej stronie rozdającego.",
    "deal.next_dealer": "W każdym następnym rozdaniu rozdaje następny gracz w kolejce: ten, który siedzi na "
                        "lewo od poprzedniego rozdającego.",
    "deal.next_dealer.counterclockwise": "W każdym następnym rozdaniu rozdaje następny gracz w kolejce: ten, "
                                         "który siedzi na prawo od poprzedniego rozdającego.",
    # where no rule gives the direction of play and nothing implies it (the dealer begins)
    "turn.direction.custom": "Kolejka idzie zgodnie z ruchem wskazówek zegara, od rozdającego w lewo.",
    "deal.first_player.dealer": "Grę zaczyna rozdający.",
    "deal.first_player.left_of_dealer": "Grę zaczyna gracz siedzący na lewo od rozdającego.",
    "turn.direction.clockwise": "Kolejka idzie zgodnie z ruchem wskazówek zegara.",
    "turn.direction.counterclockwise": "Kolejka idzie przeciwnie do ruchu wskazówek zegara.",
    "deal.extra": {
        "one": "Gracz, który zaczyna, dostaje jedną kartę więcej, czyli {total:card_acc}. W pierwszej "
               "turze nie dobiera — tę kartę już ma. Poza tym gra jak w każdej turze: może już wyłożyć "
               "układy, a kończy turę, odrzucając kartę, której nie potrzebuje.",
        "other": "Gracz, który zaczyna, dostaje o {n:card_acc} więcej, czyli {total:card_acc}. W pierwszej "
                 "turze nie dobiera. Poza tym gra jak w każdej turze: może już wyłożyć układy, a kończy "
                 "turę, odrzucając kartę, której nie potrzebuje.",
    },
    "deal.extra.by_players": {
        "one": "Gracz, który zaczyna, dostaje jedną kartę więcej. W pierwszej turze nie dobiera — tę kartę "
               "już ma. Poza tym gra jak w każdej turze: może już wyłożyć układy, a kończy turę, "
               "odrzucając kartę, której nie potrzebuje.",
        "other": "Gracz, który zaczyna, dostaje o {n:card_acc} więcej. W pierwszej turze nie dobiera. Poza "
                 "tym gra jak w każdej turze: może już wyłożyć układy, a kończy turę, odrzucając kartę, "
                 "której nie potrzebuje.",
    },
    "deal.first_discard.face_up": "Pozostałe karty kładzie się na środku stołu zakryte, grzbietami do góry: "
                                  "to stos do dobierania. Jego wierzchnią kartę odwraca się i kładzie obok — "
                                  "od niej zaczyna się stos kart odrzuconych.",
    "deal.first_discard.none": "Pozostałe karty kładzie się na środku stołu zakryte, grzbietami do góry: to "
                               "stos do dobierania. Stos kart odrzuconych zaczyna się od pierwszej "
                               "odrzuconej karty.",
    "deal.first_discard.no_pile": "Pozostałe karty kładzie się na środku stołu zakryte, grzbietami do góry: "
                                  "to stos do dobierania. W tej grze nie odrzuca się kart.",
    "deal.cut_card": "Zanim karty zostaną rozdane, gracz, który przekłada talię, bierze z niej jedną kartę, "
                     "nie wybierając (może to być także joker), i kładzie ją odkrytą, w poprzek, pod spodem "
                     "talii, tak by wystawała: gdy karty są już rozdane, leży pod stosem do dobierania i "
                     "każdy ją widzi.",
    # the same from a deck without jokers
    "deal.cut_card.plain": "Zanim karty zostaną rozdane, gracz, który przekłada talię, bierze z niej jedną "
                           "kartę, nie wybierając, i kładzie ją odkrytą, w poprzek, pod spodem talii, tak by "
                           "wystawała: gdy karty są już rozdane, leży pod stosem do dobierania i każdy ją "
                           "widzi.",
    # the turn
    "turn.draw.stock": {"one": "Weź jedną kartę z wierzchu stosu do dobierania.",
                        "other": "Weź {n:card_acc} z wierzchu stosu do dobierania."},
    "turn.draw.from": {"one": "Weź jedną kartę: {sources}.",
                       "other": "Weź {n:card_acc}: {sources}."},
    "source.stock": "z wierzchu stosu do dobierania",
    "source.discard_top": "z wierzchu stosu kart odrzuconych (kartę odrzuconą przez poprzedniego gracza)",
    "source.cut_card": "spod stosu do dobierania (kartę położoną tam przy przekładaniu)",
    "word.or": "albo",
    "word.and": "i",
    "turn.draw.discard_top": {"one": "Weź wierzchnią kartę ze stosu kart odrzuconych.",
                              "other": "Weź {n:card_acc} ze stosu kart odrzuconych."},
    "turn.draw.none": "W tej grze nie dobiera się kart.",
    # 003's "łączyć" is any card from hand to the table - a meld, a lay-off, a rearrangement - so
    # laying off stops the drawing as a new meld does
    "turn.draws.until_meld": "Weź kartę ze stosu do dobierania i — jeśli możesz i chcesz — połóż karty z "
                             "ręki na stole (nowy układ albo karty dołożone do układów na stole). Jeśli "
                             "położysz choć jedną kartę, więcej nie dobierasz; jeśli nie — musisz wziąć "
                             "następną, w jednej turze najwyżej {n:card_acc}.",
    # ... where the first card may come from elsewhere too: the next ones come from the stock
    "turn.draws.until_meld.from": "Weź kartę {sources} i — jeśli możesz i chcesz — połóż karty z ręki "
                                  "na stole (nowy układ albo karty dołożone do układów na stole). Jeśli "
                                  "położysz choć jedną kartę, więcej nie dobierasz; jeśli nie — musisz wziąć "
                                  "następną z wierzchu stosu do dobierania, w jednej turze najwyżej "
                                  "{n:card_acc}.",
    "turn.never.discard_top": "Ze stosu kart odrzuconych się nie dobiera.",
    "turn.never.stock": "Ze stosu do dobierania się nie dobiera.",
    "turn.never.cut_card": "Karty spod stosu do dobierania nie wolno brać.",
    "turn.when.discard_top": "Zamiast tego możesz wziąć wierzchnią kartę ze stosu kart odrzuconych — tę, "
                             "którą odrzucił poprzedni gracz — ale tylko {when}.",
    "turn.when.discard_top.first_round+opened+opens_this_turn":
        # the sentence the reading concerns last, so that its mark stands after it
        "Zamiast tego możesz wziąć wierzchnią kartę ze stosu kart odrzuconych — tę, którą odrzucił "
        "poprzedni gracz. W swojej pierwszej turze (w pierwszym okrążeniu) wolno to zrobić bez żadnych "
        "warunków. Po otwarciu dobierasz z dowolnego stosu. W pozostałych turach, dopóki się nie otworzysz, "
        "możesz ją wziąć tylko wtedy, gdy w tej samej turze się otworzysz (wziętej karty nie musisz "
        "przy tym wykładać; kto nie może się otworzyć, nie może jej wziąć).",
    "turn.when.discard_top.opened": "Zamiast tego możesz wziąć wierzchnią kartę ze stosu kart odrzuconych "
                                    "— tę, którą odrzucił poprzedni gracz — ale tylko wtedy, gdy otworzyłeś "
                                    "się już w jednej z wcześniejszych tur.",
    "turn.when.discard_top.not+first_round": "Zamiast tego możesz wziąć wierzchnią kartę ze stosu kart "
                                             "odrzuconych — tę, którą odrzucił poprzedni gracz — ale nie "
                                             "w swojej pierwszej turze.",
    "turn.when.cut_card": "Kartę spod stosu do dobierania możesz wziąć zamiast karty z wierzchu "
                          "tylko {when}.",
    "turn.when.cut_card.handing": "Kartę leżącą pod stosem do dobierania może wziąć każdy gracz, nie tylko "
                                  "ten, który przekładał — zamiast karty z wierzchu i tylko wtedy, gdy w "
                                  "tej turze robi remika, czyli pozbywa się w niej naraz wszystkich kart, "
                                  "wcześniej nie położywszy na stole żadnej karty (patrz „Koniec "
                                  "rozdania”).",
    "turn.when.stock": "Ze stosu do dobierania wolno dobierać tylko {when}.",
    # `.except`: a rule that holds but under one condition ("ale nie w swojej pierwszej turze", not
    # "ale tylko nie ..."); {when} is the condition that rules it out
    "turn.when.stock.except": "Ze stosu do dobierania wolno dobierać, ale nie {when}.",
    "turn.when.cut_card.except": "Kartę spod stosu do dobierania możesz wziąć zamiast karty z wierzchu, "
                                 "ale nie {when}.",
    "turn.when.discard_top.except": "Zamiast tego możesz wziąć wierzchnią kartę ze stosu kart odrzuconych "
                                    "— tę, którą odrzucił poprzedni gracz — ale nie {when}.",
    # `draws 2` and more: the discard pile and the cut card give only a turn's first card
    # `draws 2` and more: what a condition's sentence ("Zamiast tego możesz wziąć...") is instead of
    "turn.instead.first": "Zamiast pierwszej z nich",
    "turn.draws.first_only": "Gdy bierzesz {n:card_acc}, tylko pierwszą możesz wziąć {sources}; pozostałe "
                             "bierzesz z wierzchu stosu do dobierania.",
    "source.first.discard_top": "ze stosu kart odrzuconych",
    "source.first.cut_card": "spod stosu do dobierania",
    "turn.no_meld_after_last_draw": "Kto wziął {n}. kartę, w tej turze nie kładzie już na stole żadnej karty "
                                    "z ręki.",
    "turn.meld.opening": "Jeśli możesz i chcesz, wyłóż na stół prawidłowe układy (pierwsze wyłożenie to "
                         "otwarcie) i dołóż karty do układów, które już leżą.",
    "turn.meld": "Jeśli możesz i chcesz, wyłóż na stół prawidłowe układy i dołóż karty do układów, które "
                 "już leżą.",
    "turn.rearrange.forbidden": {
        "one": "Układy na stole możesz przekładać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
               "jedną kartę z ręki. Żadnej karty ze stołu nie wolno zabrać do ręki, a na koniec tury "
               "wszystkie karty na stole muszą tworzyć prawidłowe układy.",
        "other": "Układy na stole możesz przekładać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
                 "{n:card_acc} z ręki. Żadnej karty ze stołu nie wolno zabrać do ręki, a na koniec tury "
                 "wszystkie karty na stole muszą tworzyć prawidłowe układy.",
    },
    "turn.rearrange.allowed": {
        "one": "Układy na stole możesz przekładać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
               "jedną kartę z ręki; karty ze stołu wolno też brać do ręki. Na koniec tury wszystkie "
               "karty na stole muszą tworzyć prawidłowe układy.",
        "other": "Układy na stole możesz przekładać i łączyć na nowo, jeśli dołożysz do nich co najmniej "
                 "{n:card_acc} z ręki; karty ze stołu wolno też brać do ręki. Na koniec tury wszystkie "
                 "karty na stole muszą tworzyć prawidłowe układy.",
    },
    "turn.discard": "Na koniec odrzuć jedną niepotrzebną kartę, odkrytą, na stos kart odrzuconych.",
    "turn.discard.unless_out": "Na koniec odrzuć jedną niepotrzebną kartę, odkrytą, na stos kart "
                               "odrzuconych — chyba że nie zostały ci już żadne karty.",
    "turn.no_discard": "Tura kończy się bez odrzucania.",
    "turn.discard_taken_card.forbidden": "Karty wziętej w tej turze ze stosu kart odrzuconych nie wolno "
                                         "odrzucić w tej samej turze.",
    "turn.discard_taken_card.allowed": "Kartę wziętą ze stosu kart odrzuconych wolno odrzucić w tej samej "
                                       "turze.",
    "when.first_round": "w swojej pierwszej turze",
    "when.opened": "po otwarciu",
    "when.opens_this_turn": "wtedy, gdy w tej samej turze się otwierasz",
    "when.handing": "wtedy, gdy w tej turze robisz remika",
    "when.not": "nie {what}",
    "when.or": " albo ",
    "when.and": " i zarazem ",
    "when.always": "zawsze",
    "when.never": "nigdy",
    # melds
    "meld.intro": "Karty wykłada się na stół w układach. Są dwa rodzaje układów: grupy i sekwensy.",
    "meld.intro.one": "Karty wykłada się na stół w układach.",
    "set": "Grupa to {size} o tym samym numerze albo tej samej figurze, {suits}.",
    "set.suits.distinct": "każda w innym kolorze (w grupie nie może być dwóch kart tego samego koloru)",
    "set.suits.any": "w dowolnych kolorach",
    "set.closed_at": "Grupa, która ma już {n:card_acc}, jest zamknięta: nie można do niej nic dołożyć.",
    "run": "W sekwensie leżą po kolei, rosnąco, {suit}; musi ich być {size}.",
    "run.suit.same": "karty jednego koloru",
    "run.suit.any": "karty w dowolnych kolorach",
    "run.ace.low": "W sekwensie as jest najniższą kartą: sekwens może się od niego zaczynać (A-2-3), ale "
                   "as nie może stać po królu.",
    "run.ace.high": "W sekwensie as jest najwyższą kartą: może stać po królu (Q-K-A), ale nie przed dwójką.",
    "run.ace.low_or_high": "As może zaczynać sekwens (A-2-3) albo go kończyć, po królu (Q-K-A).",
    "run.wrap.forbidden": "Sekwens nie może przejść przez asa: po królu i asie nie można położyć "
                          "dwójki.",
    # with the ace on one side only the ace sentence already refuses K-A-2; what is left to say
    # is where a run stops
    "run.wrap.forbidden.low": "Nad królem nie można już nic położyć: król kończy sekwens.",
    "run.wrap.forbidden.high": "Przed dwójką nie można nic położyć: dwójka zaczyna sekwens.",
    "run.wrap.allowed": "Sekwens może przejść przez asa: po królu i asie może leżeć dwójka (K-A-2).",
    "run.ace_to_ace.allowed": "Dozwolony jest też pełny sekwens od asa do asa: 14 kart, A-2-…-K-A.",
    "run.ace_to_ace.forbidden": "Sekwens nie może zaczynać się i kończyć asem jednocześnie.",
    # with one pack and no joker no run can hold two aces of its suit
    "run.ace_to_ace.allowed.one_pack": "Sekwens od asa do asa (A-2-…-K-A) byłby dozwolony, ale nie da się go "
                                       "ułożyć: w tej talii każdy as występuje tylko raz.",
    "run.ace_to_ace.forbidden.one_pack": "Sekwensu od asa do asa (A-2-…-K-A) nie ma: w tej talii każdy as "
                                         "występuje tylko raz.",
    "size.at_least": "co najmniej {n:card}",
    "size.exactly": "dokładnie {n:card}",
    "size.either": "{low} lub {n:card}",
    "size.between": "od {low} do {n} kart",
    "size.n.at_least": "co najmniej {n}",
    "size.n.exactly": "dokładnie {n}",
    "size.n.either": "{low} lub {n}",
    "size.n.between": "od {low} do {n}",
    "kind.run": "sekwens",
    "kind.set": "grupa",
    "example.meld": "{kind} za {n:point}",
    "example.invalid": "to nie jest prawidłowy układ",
    "example.corner.refused": "to nie jest prawidłowy sekwens",
    "example.corner.allowed": "sekwens przez asa",
    # jokers
    "jokers.declare.position": "Joker może zastąpić w układzie dowolną kartę.",
    "jokers.declare.position.runs": "Joker może zastąpić w sekwensie dowolną kartę.",
    # which card it is, apart: the rule (and its mark) is this sentence, not the one above
    "jokers.declare.position.place": "Joker jest tą kartą, której miejsce zajmuje.",
    "jokers.declare.position.sets": "Joker może zastąpić w grupie dowolną kartę.",
    "jokers.declare.rank_and_suit": "Joker może zastąpić dowolną kartę. Kto go wykłada, musi powiedzieć, "
                                    "jaką kartę joker przedstawia — numer i kolor. Tego, jaką kartę joker "
                                    "przedstawia, nie wolno potem zmienić, dopóki nie zastąpi go ta właśnie "
                                    "karta. Jokera wolno przełożyć w inne miejsce na stole, jeśli dalej "
                                    "przedstawia tę samą kartę.",
    # what a joker laid without a word stands for: the referee's reading, marked apart
    "jokers.declare.rank_and_suit.unsaid": "Gdy ktoś zapomni to powiedzieć, joker przedstawia w sekwensie "
                                           "kartę, której miejsce zajmuje{example}, a w grupie kartę w "
                                           "pierwszym kolorze, którego grupie brak (w kolejności ♠ ♥ ♦ ♣).",
    "jokers.declare.shown": " ({cards} to sekwens {run})",
    "jokers.value.as_replaced": "Joker w układzie jest wart tyle, ile karta, którą zastępuje.",
    "jokers.value.fixed": "Joker jest wart {n:point}.",
    "jokers.per_meld_at_opening": {
        "one": "Przy otwarciu w każdym układzie może być tylko jeden joker.",
        "few": "Przy otwarciu w każdym układzie mogą być najwyżej {n} jokery.",
        "many": "Przy otwarciu w każdym układzie może być najwyżej {n} jokerów.",
        "other": "Przy otwarciu w każdym układzie może być najwyżej {n} jokera.",
    },
    "jokers.per_meld.later": {
        "one": "Po otwarciu w układzie może być najwyżej jeden joker.",
        "few": "Po otwarciu w układzie mogą być najwyżej {n} jokery.",
        "many": "Po otwarciu w układzie może być najwyżej {n} jokerów.",
        "other": "Po otwarciu w układzie może być najwyżej {n} jokera.",
    },
    "jokers.per_meld.later.any": "Po otwarciu jokerów w układzie może być więcej.",
    "jokers.per_meld.any": "W jednym układzie może być kilka jokerów.",
    "jokers.per_meld": {
        "one": "W układzie może być najwyżej jeden joker.",
        "few": "W układzie mogą być najwyżej {n} jokery.",
        "many": "W układzie może być najwyżej {n} jokerów.",
        "other": "W układzie może być najwyżej {n} jokera.",
    },
    "jokers.min_natural": {
        "one": "Układ musi mieć co najmniej jedną zwykłą kartę: same jokery układu nie tworzą.",
        "few": "Układ musi mieć co najmniej {n} zwykłe karty.",
        "many": "Układ musi mieć co najmniej {n} zwykłych kart.",
        "other": "Układ musi mieć co najmniej {n} zwykłej karty.",
    },
    "jokers.only_in.runs": "Joker może leżeć tylko w sekwensie: w grupie jokera być nie może.",
    "jokers.only_in.sets": "Joker może leżeć tylko w grupie: w sekwensie jokera być nie może.",
    "jokers.min_natural.none": "Układ może się składać z samych jokerów.",
    # the example of a meld read both ways, and the run it reads as: left out where none is shown
    "jokers.ambiguous.shown": " (np. {cards})",
    "jokers.ambiguous.shown_run": " ({cards})",
    "jokers.ambiguous.run": "Układ, który da się odczytać i jako grupę, i jako sekwens{example}, "
                            "liczy się jako sekwens{run}.",
    "jokers.ambiguous.set": "Układ, który da się odczytać i jako grupę, i jako sekwens{example}, "
                            "liczy się jako grupa.",
    "jokers.ambiguous.refused": "Układ, który da się odczytać i jako grupę, i jako sekwens{example}, "
                                "jest nieprawidłowy.",
    "jokers.ambiguous.higher": "Układ, który da się odczytać i jako grupę, i jako sekwens{example}, "
                               "gracz może zapowiedzieć jako jedno albo drugie; jeśli nic nie powie, liczy "
                               "się w wersji, która daje więcej punktów (a gdy obie dają tyle samo — jako "
                               "sekwens).",
    # opening
    "opening.min_points": "Pierwsze wyłożenie kart to otwarcie. Układy wyłożone przy otwarciu muszą być "
                          "warte razem co najmniej {n:point} (liczą się wartości kart z tabeli).",
    # said whole (not "Wśród nich"): a house book's list of changes quotes it on its own
    "opening.clean_run": "Wśród układów wyłożonych przy otwarciu musi być co najmniej jeden „czysty” "
                         "sekwens, czyli bez jokera.",
    # the same in a game without jokers
    "opening.clean_run.plain": "Wśród układów wyłożonych przy otwarciu musi być co najmniej jeden sekwens.",
    "opening.min_melds": {
        "one": "Do otwarcia wystarczy jeden układ.",
        "few": "Przy otwarciu trzeba wyłożyć co najmniej {n} układy.",
        "many": "Przy otwarciu trzeba wyłożyć co najmniej {n} układów.",
        "other": "Przy otwarciu trzeba wyłożyć co najmniej {n} układu.",
    },
    "opening.after": "Kto się otworzył, jest „otwarty”: kolejne układy wykłada już bez tego progu.",
    "opening.table_stays": "Dopóki się nie otworzysz, nie przekładasz układów leżących na stole: "
                            "otwierasz nowymi układami z własnej ręki.",
    "example.opening": "otwarcie za {n:point}",
    # laying off
    "lay_off.always": "Do układów leżących na stole — także cudzych — możesz dokładać swoje karty.",
    "lay_off.never": "Do układów leżących na stole nie dokłada się kart.",
    "lay_off.when": "Do układów leżących na stole — także cudzych — możesz dokładać swoje karty, ale "
                    "tylko {when}.",
    "lay_off.when.except": "Do układów leżących na stole — także cudzych — możesz dokładać swoje karty, "
                           "ale nie {when}.",
    # the referee takes lay-offs and swaps in the turn one opens, once the opening lies
    "lay_off.when.opened": "Po otwarciu — już w tej turze, w której się otworzysz — możesz dokładać swoje "
                           "karty do układów leżących na stole, także cudzych (dołożone karty nie liczą "
                           "się do otwarcia).",
    "example.lay_off": "powstaje {after}",
    # "wymienić", not "zabrać": where the joker must stay on the table (003: "nie może zostać usunięty
    # ze stołu"), the swap takes nothing; what happens to the joker is the next sentence's
    "swap.always": "Jokera leżącego w układzie możesz wymienić na kartę, którą on zastępuje: kładziesz "
                   "ją na miejsce jokera.",
    "swap.never": "Jokerów leżących na stole nie wolno wymieniać.",
    "swap.when": "Jokera leżącego w układzie możesz wymienić na kartę, którą on zastępuje (kładziesz ją "
                 "na miejsce jokera), ale tylko {when}.",
    "swap.when.except": "Jokera leżącego w układzie możesz wymienić na kartę, którą on zastępuje "
                        "(kładziesz ją na miejsce jokera), ale nie {when}.",
    "swap.when.opened": "Po otwarciu — już w tej turze, w której się otworzysz — możesz wymienić jokera "
                        "leżącego w układzie na kartę, którą on zastępuje: kładziesz ją na miejsce "
                        "jokera.",
    # a set's joker has no place of its own: which card takes it is said, or a group asks
    "swap.set.distinct": "W grupie joker zastępuje każdą brakującą kartę: wymienić go można na kartę "
                         "dowolnego koloru, którego w grupie jeszcze nie ma.",
    "swap.set.any": "W grupie joker zastępuje każdą kartę tego numeru albo tej figury: wymienić go można "
                    "na kartę tej samej rangi w dowolnym kolorze.",
    # each names the card (not "this card"): a house book's list of changes quotes it alone
    "swap.from.hand": "Kartę, na którą wymieniasz jokera, musisz mieć na ręce.",
    "swap.from.hand_or_table": "Kartę, na którą wymieniasz jokera, możesz wziąć z ręki albo z innego "
                               "układu na stole.",
    # the referee judges a swap with a table card as a rearrangement (`Rearrange(swaps=...)`)
    # (it names the card: a house book's list of changes quotes it beside the rearranging rule)
    "swap.from.table_rearranges": {
        "one": "Wzięcie karty za jokera z innego układu to przekładanie układów: także wtedy trzeba "
               "w tej turze położyć na stole co najmniej jedną kartę z ręki.",
        "other": "Wzięcie karty za jokera z innego układu to przekładanie układów: także wtedy trzeba "
                 "w tej turze położyć na stole co najmniej {n:card_acc} z ręki.",
    },
    "swap.retrieved.keep": "Wymienionego jokera możesz wziąć na rękę albo dołożyć do układu na stole.",
    "swap.retrieved.new_meld_now": "Wymienionego jokera bierzesz i musisz w tej samej turze wyłożyć w nowym "
                                    "układzie.",
    "swap.retrieved.play_now": "Wymieniony joker nie schodzi ze stołu: musisz go od razu użyć w układzie "
                                "na stole.",
    "example.swap": "po wymianie: {cards}",
    **ENDING,
    **SCORING,
    "example.round": "Przykład: rozdanie zakończył gracz 1.",
    "example.deal": "Przykład rozdania, rozegranego od początku do końca:",
    "example.deal.handed": "Przykład: rozdanie kończy się remikiem.",
    "example.deal.went_out": "Przykład: ktoś pozbywa się wszystkich kart.",
    "example.deal.game_over": "Gdyby to było pierwsze rozdanie, ten wynik kończyłby już grę (co najmniej "
                              "{target} punktów); z premiami za koniec gry: {totals}.",
    "example.deal.game_over.plain": "Gdyby to było pierwsze rozdanie, ten wynik kończyłby już grę (co "
                                    "najmniej {target} punktów).",
    "deal.final": "gracz {n} — {score}",
    "example.deal.knocked": "Przykład: ktoś puka, ale inny gracz ma mniej punktów.",
    "deal.turn": "Gracz {n}: {actions}.",
    "act.draw.stock": "dobiera kartę ze stosu do dobierania",
    "act.draw.discard": "bierze kartę ze stosu kart odrzuconych",
    "act.draw.cut": "bierze kartę spod stosu do dobierania",
    "act.discard": "odrzuca {card}",
    "act.knock": "puka",
    "act.end_the_turn": "kończy turę",
    "act.lay": "wykłada {melds}",
    "act.rearrange": "przekłada stół tak, że leży na nim {melds}",
    "how.went_out": "pozbył się wszystkich kart",
    # a knocker scored as going out (`penalties`): his cards are still in his hand
    "how.knocked": "zapukał",
    "how.handed": "zrobił remika",
    "how.handed_cut": "zrobił remika, biorąc kartę spod stosu do dobierania",
    "how.not_opened": "nie otworzył się: {n}",
    "how.hand": "na ręce {n:point}",
    "how.bonus": "; + {n} premii = {total}",
    "round.player": "Gracz {n}",
    "round.went_out": "pozbył się wszystkich kart",
    "round.who": "Gracz",
    "round.left": "Karty na ręce",
    "round.how": "Rachunek",
    "round.score": "Wynik",
    "example.rearrange.before": "Przykład: na stole leżą {table}, a ty masz na ręce {hand}. Żadna z "
                                "tych kart nie pasuje do układów takich, jakie są — ale układy można "
                                "przełożyć:",
    "example.rearrange.after": "{moved} zmieniają układ, {hand} schodzą z ręki",
    # end of the game
    "game_end.target": "Gra kończy się, gdy czyjś wynik osiągnie {n:point} lub więcej.",
    "game_end.rounds": "Gra trwa {n:deal}.",
    "game_end.one_deal": "Gra to jedno rozdanie: kończy się razem z nim.",
    "game_end.rounds_cap": "Gra kończy się najpóźniej po {n:deal}.",
    # both name the score that ends the game (not "this score", "the others"): a house book's
    # list of changes quotes each alone
    "game_end.target_bonus": "Gracz, który osiągnął wynik kończący grę (albo każdy z graczy, którzy go "
                             "osiągnęli), dostaje {n:point} premii.",
    "game_end.round_win_bonus": "Każdy gracz, który nie osiągnął wyniku kończącego grę, dostaje {n:point} "
                                "premii za każde wygrane rozdanie.",
    "game_end.winner.lowest": "Wygrywa gracz z najmniejszą liczbą punktów.",
    "game_end.winner.highest": "Wygrywa gracz z największą liczbą punktów.",
    "game_end.tie": "Gdy kilku graczy ma tyle samo punktów, wygrywają razem.",
    # glossary
    "term.meld": "Układ",
    "term.meld.means": "grupa albo sekwens wyłożone na stół",
    # a set's or run's example, found under the variant's own rules: left out where none is shown
    "term.example": ", np. {cards}",
    "term.set": "Grupa",
    "term.set.means.distinct": "karty o tym samym numerze lub figurze, każda w innym kolorze{example}",
    "term.set.means.any": "karty o tym samym numerze lub figurze, w dowolnych kolorach{example}",
    "term.run": "Sekwens (sekwencja)",
    "term.run.means.same": "karty jednego koloru ułożone po kolei{example}",
    "term.run.means.any": "karty w dowolnych kolorach ułożone po kolei{example}",
    "term.opening": "Otwarcie",
    "term.opening.means": "pierwsze wyłożenie układów; od tej chwili gracz jest otwarty",
    "term.laying_down": "Wyłożenie",
    "term.laying_down.means": "położenie układów z ręki na stół",
    "term.lay_off": "Dokładanie",
    "term.lay_off.means": "dodanie swojej karty do układu, który już leży na stole",
    "term.joker": "Joker",
    "term.joker.means": "karta, która zastępuje dowolną inną",
    "term.joker.means.runs": "karta, która zastępuje w sekwensie dowolną inną",
    "term.joker.means.sets": "karta, która zastępuje w grupie dowolną inną",
    "term.handing": "Remik",
    "term.handing.means": "pozbycie się wszystkich kart naraz, w jednej turze, przez gracza, który "
                          "wcześniej nie położył na stole żadnej karty",
    "term.knocking": "Pukanie",
    "term.knocking.means": "zakończenie rozdania przez gracza, który ma na ręce mało punktów",
    "term.discard_pile": "Stos kart odrzuconych",
    "term.discard_pile.means": "odkryte karty, które gracze odrzucają na koniec tury",
    "term.stock": "Stos do dobierania",
    "term.stock.means": "zakryte karty, z których się dobiera",
}

# The house's own words and the variations: kept apart, as a section of their own.
MESSAGES.update({
    "note.label": "Uwaga domowa",
    "section.variations": "Odmiany",
    "variation.options": "Tekst źródłowy podaje też (do uzgodnienia przed grą; gra opisana "
                         "wyżej tego nie obejmuje)",
    "variation.option": "„{quote}”",
    # a book names an option the seed gives in its own language as "variation.option" does
    "variation.option.from.pl": "{text} („{quote}”)",
    "variation.option.from.hr": "{text} (w tekście źródłowym, po chorwacku: „{quote}”)",
})

# The rulebook page's box that judges a meld the reader types (remikc/runtime_js/book.mjs).
MESSAGES.update({
    "check.title": "Sprawdź układ",
    # {meld}: a meld the variant's rules accept, found by the build; `.plain` where none is
    "check.hint": "Wpisz karty oddzielone spacjami, np. {meld} albo {ascii}; joker to JK, a joker w miejsce "
                  "{card} to JK={card}.",
    "check.hint.plain": "Wpisz karty oddzielone spacjami, tak jak w przykładach tej książki; joker to JK.",
    # where the game has an opening: its melds are typed together
    "check.hint.opening": "Układy otwarcia rozdziel znakiem +.",
    "check.button": "Sprawdź",
    "check.refused": "Zasady na to nie pozwalają:",
    "check.not_cards": "Tego nie da się odczytać jako karty: pisz np. {meld}, {ascii} albo JK.",
    "check.not_cards.plain": "Tego nie da się odczytać jako karty: pisz je tak jak w przykładach tej "
                             "książki, a jokera jako JK.",
})

LANGUAGE = Language("pl", NOUNS, MESSAGES)
