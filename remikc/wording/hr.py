"""Croatian: the words of the rulebooks, in the terms of seed 004 (niz, komplet,
otvaranje, džoker, handiranje).  Counted nouns have one form per CLDR category
(one / few / other): 1 karta, 2 karte, 5 karata, 21 karta."""

from __future__ import annotations

from . import Language

NOUNS = {
    "card": {"one": "karta", "few": "karte", "other": "karata"},
    "card_acc": {"one": "kartu", "few": "karte", "other": "karata"},
    "point": {"one": "bod", "few": "boda", "other": "bodova"},
    "joker": {"one": "džoker", "few": "džokera", "other": "džokera"},
    "meld": {"one": "skupina", "few": "skupine", "other": "skupina"},
    "deal": {"one": "partiju", "few": "partije", "other": "partija"},
}

MESSAGES: dict[str, str | dict[str, str]] = {
    "title": "{name} — pravila igre",
    "intro": "Pravila je iz specifikacije {source} složio remikc.",
    "footnote": "* Pretpostavka: izvorni tekst to pravilo ne navodi, vrijednost je odabrana u specifikaciji.",
    "section.readings": "Druga čitanja izvornog teksta",
    "reading": "{rule}: izvorni tekst može se pročitati i drukčije (riječima specifikacije): {other}",
    "differences": "Ova inačica razlikuje se od igre {parent} samo u ovome:",
    "difference": "{now} (Umjesto: {before})",
    "difference.removed": "Ne vrijedi: {before}",
    "difference.none": "tog pravila nema.",
    # sections
    "section.players": "Igrači i karte",
    "section.deal": "Dijeljenje karata",
    "section.goal": "Cilj igre",
    "section.turn": "Tijek poteza",
    "section.melds": "Skupine: kompleti i nizovi",
    "section.jokers": "Džokeri",
    "section.opening": "Otvaranje",
    "section.lay_off": "Dodavanje karata",
    "section.lay_off_swap": "Dodavanje karata i zamjena džokera",
    "section.going_out": "Završetak partije",
    "section.stock": "Kad nestane karata u špilu",
    "section.scoring": "Bodovanje",
    "section.game_end": "Kraj igre",
    "section.glossary": "Pojmovnik",
    # players and cards
    "players": "Igra je za {low}–{high} igrača.",
    "deck": "Za igru treba: {packs}.",
    "deck.by_players": "Za igru treba: {cases}.",
    "deck.case": "za {players} igrača — {deck}",
    "deck.packs": {"one": "{n} špil od 52 karte", "few": "{n} špila od 52 karte",
                   "other": "{n} špilova od 52 karte"},
    "deck.with_jokers": "{packs} i {n:joker}",
    "deck.no_jokers": "{packs}, bez džokera",
    "table.card": "Karta",
    "table.points": "Bodovi",
    "table.term": "Pojam",
    "table.means": "Značenje",
    "card.joker": "Džoker",
    "value.face": "koliko piše na karti",
    "value.as_replaced": "koliko i karta koju zamjenjuje",
    "value.in.low_run": "{points} u nizu A-2-3",
    "value.in.high_run": "{points} u nizu D-K-A",
    "value.in.set": "{points} u kompletu",
    "value.in.hand": "{points} u ruci",
    "value.places": "{places}, inače {otherwise}",
    # the deal
    "deal.hand": "Svaki igrač dobiva {n:card_acc}.",
    "deal.hand.by_players": "Svaki igrač dobiva {cases}.",
    "deal.hand.case": "{n:card_acc} za {players} igrača",
    "deal.first_player.dealer": "Igru počinje djelitelj.",
    "deal.first_player.left_of_dealer": "Igru počinje igrač lijevo od djelitelja.",
    "turn.direction.clockwise": "Igra se nastavlja u smjeru kazaljke na satu.",
    "turn.direction.counterclockwise": "Igra se nastavlja suprotno od smjera kazaljke na satu.",
    "deal.extra": {
        "one": "Igrač koji počinje dobiva jednu kartu više — ukupno {total:card_acc} — i umjesto vučenja "
               "odmah odbacuje jednu kartu koja mu ne treba.",
        "other": "Igrač koji počinje dobiva {n:card_acc} više — ukupno {total:card_acc} — i umjesto "
                 "vučenja odmah odbacuje jednu kartu koja mu ne treba.",
    },
    "deal.extra.by_players": {
        "one": "Igrač koji počinje dobiva jednu kartu više i umjesto vučenja odmah odbacuje jednu kartu "
               "koja mu ne treba.",
        "other": "Igrač koji počinje dobiva {n:card_acc} više i umjesto vučenja odmah odbacuje jednu "
                 "kartu koja mu ne treba.",
    },
    "deal.first_discard.face_up": "Ostale karte slažu se licem prema dolje na sredinu stola kao špil za "
                                  "vučenje. Gornja karta se okrene i stavi pored njega: s njom počinje "
                                  "hrpa odbačenih karata.",
    "deal.first_discard.none": "Ostale karte slažu se licem prema dolje na sredinu stola kao špil za "
                               "vučenje; hrpu odbačenih karata započinje prva odbačena karta.",
    "deal.first_discard.no_pile": "Ostale karte slažu se licem prema dolje na sredinu stola kao špil za "
                                  "vučenje. U ovoj se igri karte ne odbacuju.",
    "deal.cut_card": "Igrač koji presiječe špil izvuče jednu kartu i stavi je ispod svih ostalih karata "
                     "špila.",
    # the goal
    "goal.discard": "Cilj igre je riješiti se svih karata.",
    "goal.discard_or_table": "Cilj igre je riješiti se svih karata.",
    "goal.table": "Cilj igre je izložiti sve svoje karte na stol.",
    "goal.winner.lowest": "Karte koje ostanu u ruci donose bodove: pobjeđuje onaj tko ih na kraju ima "
                          "najmanje.",
    "goal.winner.highest": "Pobjeđuje onaj tko na kraju igre ima najviše bodova.",
    # the turn
    "turn.draw.stock": {"one": "Uzmi jednu kartu s vrha zatvorenog špila.",
                        "other": "Uzmi {n:card_acc} s vrha zatvorenog špila."},
    "turn.draw.from": {"one": "Uzmi jednu kartu: {sources}.",
                       "other": "Uzmi {n:card_acc}: {sources}."},
    "source.stock": "s vrha zatvorenog špila",
    "source.discard_top": "s vrha hrpe odbačenih karata (kartu koju je odbacio igrač prije tebe)",
    "source.cut_card": "ispod špila (kartu koja je ondje stavljena pri dizanju)",
    "word.or": "ili",
    "turn.draw.discard_top": {"one": "Uzmi gornju kartu s hrpe odbačenih karata.",
                              "other": "Uzmi {n:card_acc} s hrpe odbačenih karata."},
    "turn.draw.none": "U ovoj igri se ne vuče.",
    "turn.draws.until_meld": "Uzmi jednu kartu s vrha zatvorenog špila i, ako želiš, izloži skupine. "
                             "Ako ništa ne izložiš, uzmi sljedeću — najviše {n:card_acc} u jednom "
                             "potezu.",
    "turn.never.discard_top": "S hrpe odbačenih karata ne smije se vući.",
    "turn.never.stock": "Iz zatvorenog špila ne smije se vući.",
    "turn.never.cut_card": "Kartu ispod špila ne smije se uzeti.",
    "turn.when.discard_top": "Umjesto toga smiješ uzeti gornju kartu s hrpe odbačenih karata — koju je "
                             "odbacio igrač prije tebe — ali samo: {when}.",
    "turn.when.cut_card": "Kartu ispod špila smiješ uzeti (umjesto obične karte) samo: {when}.",
    "turn.when.stock": "Iz zatvorenog špila smiješ vući samo: {when}.",
    "turn.no_meld_after_last_draw": "Tko je uzeo posljednju, {n}. kartu, u tom potezu više ne smije "
                                    "izlagati.",
    "turn.meld.opening": "Smiješ izložiti valjane skupine na stol; prvo izlaganje je otvaranje.",
    "turn.meld": "Smiješ izložiti valjane skupine na stol.",
    "turn.rearrange.forbidden": {
        "one": "Skupine na stolu smiješ premještati i slagati iznova ako im dodaš barem jednu kartu iz "
               "ruke. Sa stola ne smiješ uzeti nijednu kartu, a na kraju poteza sve karte na stolu moraju "
               "činiti valjane skupine.",
        "other": "Skupine na stolu smiješ premještati i slagati iznova ako im dodaš barem {n:card_acc} iz "
                 "ruke. Sa stola ne smiješ uzeti nijednu kartu, a na kraju poteza sve karte na stolu "
                 "moraju činiti valjane skupine.",
    },
    "turn.rearrange.allowed": {
        "one": "Skupine na stolu smiješ premještati i slagati iznova ako im dodaš barem jednu kartu iz "
               "ruke; karte sa stola smiješ i uzeti u ruku. Na kraju poteza sve karte na stolu moraju "
               "činiti valjane skupine.",
        "other": "Skupine na stolu smiješ premještati i slagati iznova ako im dodaš barem {n:card_acc} iz "
                 "ruke; karte sa stola smiješ i uzeti u ruku. Na kraju poteza sve karte na stolu moraju "
                 "činiti valjane skupine.",
    },
    "turn.discard": "Na kraju poteza odbaci na hrpu odbačenih karata jednu kartu koja ti ne treba.",
    "turn.no_discard": "Potez završava bez odbacivanja karte.",
    "turn.discard_taken_card.forbidden": "Kartu uzetu u tom potezu s hrpe odbačenih karata ne smiješ u "
                                         "istom potezu odbaciti.",
    "turn.discard_taken_card.allowed": "Kartu uzetu s hrpe odbačenih karata smiješ u istom potezu "
                                       "odbaciti.",
    "when.first_round": "u svom prvom potezu",
    "when.opened": "kad si već otvoren",
    "when.opens_this_turn": "kad se u istom potezu otvoriš",
    "when.handing": "kad u tom potezu handiraš",
    "when.not": "ne {what}",
    "when.or": "; ili ",
    "when.and": " i ",
    "when.always": "uvijek",
    "when.never": "nikad",
    # melds
    "set": "Komplet čine {size} istog broja, {suits}.",
    "set.suits.distinct": "svaka druge boje: komplet ne smije imati dvije karte iste boje",
    "set.suits.any": "bilo koje boje",
    "set.closed_at": "Komplet koji već ima {n:card_acc} je zatvoren: ništa mu se više ne smije dodati.",
    "run": "Niz čine {size} {suit}, uzlazno, jedna za drugom.",
    "run.suit.same": "iste boje",
    "run.suit.any": "bilo koje boje",
    "run.ace.low": "As je najniža karta: niz smije počinjati njime (A-2-3), ali as ne smije doći iza "
                   "kralja.",
    "run.ace.high": "As je najviša karta: smije doći iza kralja (D-K-A), ali ne ispred dvojke.",
    "run.ace.low_or_high": "As može biti najniža karta niza (A-2-3) ili najviša, iza kralja (D-K-A).",
    "run.wrap.forbidden": "Niz ne smije prijeći preko asa: nakon kralja i asa ne može doći dvojka.",
    "run.wrap.allowed": "Niz smije prijeći preko asa: nakon kralja i asa smije doći dvojka (K-A-2).",
    "run.ace_to_ace.allowed": "Niz smije započeti asom i završiti asom: to je 14 karata od A do A.",
    "run.ace_to_ace.forbidden": "Niz ne smije istodobno počinjati i završavati asom.",
    "size.at_least": "najmanje {n:card}",
    "size.exactly": "točno {n:card}",
    "size.between": "od {low} do {n:card}",
    "kind.run": "niz",
    "kind.set": "komplet",
    "example.meld": "{kind}, {n:point}",
    "example.corner.refused": "to nije niz",
    "example.corner.allowed": "niz preko asa",
    # jokers
    "jokers.declare.position": "Džoker može zamijeniti bilo koju kartu u skupini: znači kartu na čijem "
                               "mjestu leži.",
    "jokers.declare.rank_and_suit": "Džoker može zamijeniti bilo koju kartu. Tko ga stavlja, mora reći koju "
                                    "kartu znači — broj i boju. To se poslije ne smije promijeniti dok "
                                    "džoker ne bude zamijenjen pravom kartom; džoker se smije premjestiti "
                                    "na stolu ako i dalje znači istu kartu.",
    "jokers.value.as_replaced": "Džoker vrijedi koliko i karta koju zamjenjuje u skupini.",
    "jokers.value.fixed": "Džoker vrijedi {n:point}.",
    "jokers.per_meld_at_opening": {
        "one": "Pri otvaranju skupina smije imati samo jednog džokera.",
        "other": "Pri otvaranju skupina smije imati najviše {n} džokera.",
    },
    "jokers.per_meld.later": {
        "one": "Kasnije skupina smije imati najviše jednog džokera.",
        "other": "Kasnije skupina smije imati najviše {n} džokera.",
    },
    "jokers.per_meld.later.any": "Kasnije skupina smije imati koliko god džokera.",
    "jokers.per_meld.any": "Skupina smije imati koliko god džokera.",
    "jokers.per_meld": {
        "one": "Skupina smije imati najviše jednog džokera.",
        "other": "Skupina smije imati najviše {n} džokera.",
    },
    "jokers.min_natural": {
        "one": "Skupina mora imati barem jednu pravu kartu: sami džokeri ne čine skupinu.",
        "few": "Skupina mora imati barem {n} prave karte.",
        "other": "Skupina mora imati barem {n} pravih karata.",
    },
    "jokers.min_natural.none": "Skupina se smije sastojati samo od džokera.",
    "jokers.ambiguous.run": "Skupina koja se može čitati i kao komplet i kao niz (npr. 5♠ JK JK) vrijedi "
                            "kao niz, osim ako igrač najavi komplet.",
    "jokers.ambiguous.set": "Skupina koja se može čitati i kao komplet i kao niz (npr. 5♠ JK JK) vrijedi "
                            "kao komplet, osim ako igrač najavi niz.",
    "jokers.ambiguous.higher": "Skupinu koja se može čitati i kao komplet i kao niz (npr. 5♠ JK JK: tri "
                               "petice ili 5♠ 6♠ 7♠) igrač može najaviti kao jedno ili drugo; ako ništa ne "
                               "kaže, vrijedi onako kako donosi više bodova (uz jednaku vrijednost kao "
                               "niz).",
    "jokers.ambiguous.refused": "Skupina koja se može čitati i kao komplet i kao niz (npr. 5♠ JK JK) nije "
                                "valjana.",
    # opening
    "opening.min_points": "Prvo izlaganje karata je otvaranje: izložene skupine moraju zajedno vrijediti "
                          "barem {n:point}.",
    "opening.clean_run": "Među njima mora biti barem jedan „čisti” niz, bez džokera.",
    "opening.min_melds": {
        "one": "Otvaranje čini barem jedna skupina.",
        "few": "Otvaranje čine barem {n} skupine.",
        "other": "Otvaranje čini barem {n} skupina.",
    },
    "opening.after": "Nakon toga igrač se smatra otvorenim i daljnje skupine smije izlagati bez tog "
                     "praga.",
    "example.opening": "otvaranje za {n:point}",
    # laying off and swapping jokers
    "lay_off.always": "Skupinama na stolu — i tuđima — smiješ dodavati svoje karte.",
    "lay_off.never": "Skupinama na stolu ne smiju se dodavati karte.",
    "lay_off.when": "Skupinama na stolu — i tuđima — smiješ dodavati svoje karte, ali samo: {when}.",
    "example.lay_off": "nakon dodavanja: {kind}, {n:point}",
    "swap.always": "Džokera iz skupine smiješ uzeti tako da na njegovo mjesto staviš kartu koju on "
                   "zamjenjuje.",
    "swap.never": "Džokeri na stolu ne smiju se mijenjati.",
    "swap.when": "Džokera iz skupine smiješ uzeti tako da na njegovo mjesto staviš kartu koju on "
                 "zamjenjuje — ali samo: {when}.",
    "swap.from.hand": "Tu kartu moraš imati u ruci.",
    "swap.from.hand_or_table": "Ta karta može doći iz ruke ili iz druge skupine na stolu.",
    "swap.retrieved.keep": "Uzetog džokera smiješ zadržati u ruci ili dodati skupinama na stolu.",
    "swap.retrieved.new_meld_now": "Uzetog džokera moraš u istom potezu upotrijebiti za novu skupinu.",
    "swap.retrieved.play_now": "Uzetog džokera ne smiješ zadržati: moraš ga odmah upotrijebiti na stolu.",
    "example.swap": "nakon zamjene: {cards}",
    # going out
    "going_out.discard": "Partija završava kad se jedan od igrača riješi svih karata. Posljednju kartu "
                         "mora odbaciti na hrpu — ne smije je dodati u tuđu skupinu.",
    "going_out.table": "Partija završava kad jedan od igrača izloži sve svoje karte na stol.",
    "going_out.discard_or_table": "Partija završava kad se jedan od igrača riješi svih karata: izlažući "
                                  "ih, dodajući ih ili odbacujući posljednju.",
    "handing": "Igrač handira ako u jednom potezu odjednom izloži sve karte, a prije toga nije ništa "
               "izlagao.",
    "handing.keep_discard": "Igrač handira ako u jednom potezu odjednom baci sve skupine na stol, a prije "
                            "toga nije ništa izlagao, i ostane mu samo jedna karta za odbacivanje. "
                            "Pritom nije bitno s koje je hrpe uzeo kartu.",
    "handing.lay_off.forbidden": "Tko handira, ne smije dodati nijednu svoju kartu u tuđu skupinu.",
    "handing.lay_off.allowed": "Tko handira, smije dodavati karte i u tuđe skupine.",
    "handing.opening_rules.apply": "Tako izložene skupine moraju ispuniti uvjete otvaranja.",
    "handing.opening_rules.waived": "Tako izložene skupine ne moraju ispuniti uvjete otvaranja.",
    "knocking": "Nakon svog poteza igrač kojem karte u ruci vrijede najviše {n:point} smije kucnuti: "
                "runda odmah završava i slijedi bodovanje.",
    # the stock
    "stock.reshuffle": "Kad u zatvorenom špilu nestane karata, promiješaju se odbačene karte — osim "
                       "posljednje odbačene, koja ostaje na vrhu — i od njih se složi novi zatvoreni špil.",
    "stock.last_round": "Kad se zatvoreni špil potroši, a nitko nije kucnuo, svaki igrač — i onaj koji je "
                        "uzeo posljednju kartu — ima još jedan potez za izlaganje. Zatim se zbrajaju karte "
                        "u rukama: rundu dobiva igrač s najmanjim zbrojem.",
    # scoring
    "scoring.penalties": "Nakon partije ostalim igračima zbrajaju se karte koje su im ostale u ruci "
                         "(prema vrijednostima karata).",
    "scoring.winner_collects": "Kad igrač završi, partija se boduje: pobjednik dobiva bodove za sve karte "
                               "koje su ostale u rukama ostalih igrača.",
    "scoring.differences": "Rundu dobiva igrač kojem je u ruci ostalo najmanje bodova — ne mora to biti "
                           "onaj koji je kucnuo. On dobiva razliku između svojih bodova i bodova svakog "
                           "od ostalih igrača; sve se razlike zbrajaju.",
    "scoring.went_out": "Igrač koji je završio partiju dobiva {n:point}.",
    "scoring.handed": "Ako je handirao, dobiva {n:point}.",
    "scoring.handed_with_cut_card": "Ako je handirao s kartom ispod špila, dobiva {n:point}.",
    "scoring.joker_in_hand": "Džoker koji je ostao u ruci računa se {n:point}.",
    "scoring.not_opened": "Igraču koji se nije otvorio piše se {n:point}, bez brojenja karata.",
    "scoring.handing_multiplier.penalties.2": "Ako netko od igrača handira, ostalim igračima se bodovi "
                                              "dupliraju — i igračima koji se nisu otvorili.",
    "scoring.handing_multiplier.penalties.n": "Ako netko od igrača handira, ostalim igračima se bodovi "
                                              "množe s {n}.",
    "scoring.handing_multiplier.winner_collects.2": "Ako je pobjednik sve karte izložio u jednom potezu, a "
                                                    "prije toga nije ništa izlagao, svi se bodovi te "
                                                    "partije dupliraju.",
    "scoring.handing_multiplier.winner_collects.n": "Ako je pobjednik sve karte izložio u jednom potezu, a "
                                                    "prije toga nije ništa izlagao, svi se bodovi te "
                                                    "partije množe s {n}.",
    "scoring.handing_multiplier.differences.2": "Ako je pobjednik sve karte izložio u jednom potezu, a prije "
                                                "toga nije ništa izlagao, njegovi se bodovi dupliraju.",
    "scoring.handing_multiplier.differences.n": "Ako je pobjednik sve karte izložio u jednom potezu, a prije "
                                                "toga nije ništa izlagao, njegovi se bodovi množe s {n}.",
    "scoring.undercut_bonus": "Ako pobjednik nije onaj koji je kucnuo, dobiva još {n:point} nagrade za "
                              "podsijecanje.",
    "scoring.tie_with_knocker.others_win": "Ako onaj koji je kucnuo ima jednako bodova kao drugi igrač, "
                                           "pobjeđuje taj drugi i dobiva nagradu za podsijecanje; ako je "
                                           "izjednačen s više igrača, svi oni boduju kao pobjednici i "
                                           "svaki dobiva nagradu.",
    "scoring.tie_with_knocker.knocker_wins": "Pri izjednačenju s igračem koji je kucnuo pobjeđuje onaj "
                                             "koji je kucnuo.",
    "scoring.all_out_bonus": "Tko pobijedi izloživši sve svoje karte, dobiva {n:point} nagrade.",
    "example.round": "Primjer: partiju je završio igrač 1.",
    "round.player": "Igrač {n}",
    "round.went_out": "završio partiju",
    "round.who": "Igrač",
    "round.left": "Karte u ruci",
    "round.score": "Rezultat",
    # end of the game
    "game_end.target": "Igra završava kad rezultat nekog igrača dosegne {n:point} ili više.",
    "game_end.rounds": "Igra traje {n:deal}.",
    "game_end.rounds_cap": "Igra završava najkasnije nakon {n:deal}.",
    "game_end.target_bonus": "Igrač (ili igrači) koji je dosegao taj rezultat dobiva nagradu od {n:point}.",
    "game_end.round_win_bonus": "Svaki drugi igrač dobiva {n:point} nagrade za svaku dobivenu rundu.",
    "game_end.winner.lowest": "Pobjeđuje igrač s najmanje bodova.",
    "game_end.winner.highest": "Pobjeđuje igrač s najviše bodova.",
    # glossary
    "term.meld": "Skupina",
    "term.meld.means": "komplet ili niz izložen na stol",
    "term.set": "Komplet",
    "term.set.means.distinct": "karte istog broja različitih boja, npr. 10♦ 10♣ 10♥",
    "term.set.means.any": "karte istog broja u bilo kojim bojama, npr. 10♦ 10♣ 10♦",
    "term.run": "Niz",
    "term.run.means.same": "karte iste boje poredane redom, npr. 2♣ 3♣ 4♣",
    "term.run.means.any": "karte bilo kojih boja poredane redom, npr. 2♣ 3♥ 4♣",
    "term.opening": "Otvaranje",
    "term.opening.means": "prvo izlaganje skupina; od tada je igrač otvoren",
    "term.laying_down": "Izlaganje",
    "term.laying_down.means": "stavljanje skupina iz ruke na stol",
    "term.lay_off": "Dodavanje",
    "term.lay_off.means": "dodavanje svoje karte skupini koja već leži na stolu",
    "term.joker": "Džoker",
    "term.joker.means": "karta koja zamjenjuje bilo koju drugu",
    "term.handing": "Handiranje",
    "term.handing.means": "završetak partije izlaganjem svih karata odjednom, bez ranijeg izlaganja",
    "term.knocking": "Kucanje",
    "term.knocking.means": "završetak runde od igrača koji u ruci ima malo bodova",
    "term.discard_pile": "Hrpa odbačenih karata",
    "term.discard_pile.means": "otvorena hrpa na koju igrači odbacuju karte",
    "term.stock": "Špil",
    "term.stock.means": "zatvorene karte iz kojih se vuče",
}

LANGUAGE = Language("hr", NOUNS, MESSAGES)
