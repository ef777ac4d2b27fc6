"""Croatian: the words of the rulebooks, in the terms of seed 004 (grupa for any meld,
niz, komplet, otvaranje, džoker, handiranje, kupiti kartu; a joker "predstavlja" a card).
Counted nouns have one form per CLDR category (one / few / other): 1 karta, 2 karte, 5 karata, 21 karta."""

from __future__ import annotations

from .hr_ending import ENDING
from .hr_other import OTHER
from .hr_questions import QUESTIONS
from .hr_scoring import SCORING
from .language import Language

NOUNS = {
    "card": {"one": "karta", "few": "karte", "other": "karata"},
    "card_acc": {"one": "kartu", "few": "karte", "other": "karata"},
    "point": {"one": "bod", "few": "boda", "other": "bodova"},
    "joker": {"one": "džoker", "few": "džokera", "other": "džokera"},
    "meld": {"one": "grupa", "few": "grupe", "other": "grupa"},
    "deal": {"one": "partija", "few": "partije", "other": "partija"},
}

MESSAGES: dict[str, str | dict[str, str]] = {
    "title": "{name} — pravila igre",
    "footnote.assumed": "* Tekst iz kojeg potječu ova pravila to ne određuje; navodimo uobičajeno "
                        "pravilo. Ako igrate drukčije, dogovorite se prije igre.",
    "footnote.reading": "† Izvorna se rečenica ovdje može shvatiti na dva načina; uzeli smo jedan, a drugi "
                        "navodimo na kraju. Dogovorite se prije igre.",
    "section.readings": "Dogovorite se prije igre",
    "reading": "{said} Drugo čitanje: {other}",
    **OTHER,
    "reading.example": ", kao u primjeru {melds}",
    "unverified": "Napomena: ova pravila nisu provjerena. Mogu si proturječiti ili sadržavati pravila koja "
                  "se nikad ne primjenjuju; ovdje je opisano svako od njih.",
    "differences": "Ova se inačica razlikuje od igre {parent} samo u ovome:",
    "difference": "{now} (U igri {parent}: {before})",
    "difference.value": "{worth} {now} (u igri {parent}: {before}).",
    "difference.value.only": "{worth} {now}.",
    # a card and its value's verb, for the list of changes: a figure by its name ("As vrijedi")
    "worth": "Karta {card} vrijedi",
    "worth.A": "As vrijedi",
    "worth.K": "Kralj vrijedi",
    "worth.Q": "Dama vrijedi",
    "worth.J": "Dečko vrijedi",
    "difference.removed": "Ne vrijedi: {before}",
    "difference.removed.cannot_happen": "Ne vrijedi pravilo iz igre {parent}: „{before}” U ovoj inačici "
                                        "takva grupa ne može nastati.",
    "difference.none": "tog pravila nema.",
    # sections
    "section.about": "O igri",
    "section.cards": "Karte i njihova vrijednost",
    "section.melds": "Grupe",
    "section.deal": "Dijeljenje",
    "section.turn": "Tijek poteza",
    "section.opening": "Otvaranje",
    "section.lay_off": "Dodavanje karata",
    "section.lay_off_jokers": "Dodavanje karata i džokeri",
    "section.going_out": "Kraj partije",
    "section.scoring": "Bodovanje",
    "section.game_end": "Kraj igre",
    "section.glossary": "Pojmovnik",
    "section.questions": "Pitanja za stolom",
    **QUESTIONS,
    # about the game
    "players": "Igraju od {low} do {high} igrača.",
    "goal.discard": "Cilj igre je riješiti se svih karata.",
    "goal.discard_or_table": "Cilj igre je riješiti se svih karata.",
    "goal.table": "Cilj igre je izložiti na stol sve svoje karte.",
    "goal.winner.lowest": "Karte koje na kraju partije ostanu u ruci donose kaznene bodove; "
                          "pobjeđuje onaj tko ih na kraju ima najmanje.",
    "goal.winner.highest": "Za dobivene partije osvajaju se bodovi; pobjeđuje onaj tko ih na kraju ima "
                           "najviše.",
    # cards
    "deck": "Karte: {packs}, ukupno {total:card}.",
    "deck.plain": "Karte: {packs}.",
    "deck.by_players": "Karte: {cases}.",
    "deck.case": "za {players} igrača {deck}",
    "deck.packs": {"one": "1 špil (52 karte)", "few": "{n} špila po 52 karte",
                   "other": "{n} špilova po 52 karte"},
    "deck.with_jokers": "{packs} i {n:joker}",
    "deck.no_jokers": "{packs}, bez džokera",
    "legend": "Karte pišemo kako su otisnute: A — as, K — kralj, Q — dama, J — dečko; znakovi: ♥ herc, "
              "♦ karo, ♣ tref, ♠ pik.",
    "legend.jokers": "Karte pišemo kako su otisnute: A — as, K — kralj, Q — dama, J — dečko; znakovi: "
                     "♥ herc, ♦ karo, ♣ tref, ♠ pik. Džokera pišemo riječju: Džoker; karta u zagradi iza "
                     "njega je ona koju džoker zamjenjuje — navodi je knjiga, igrač je ne mora najaviti.",
    "legend.jokers.declared": "Karte pišemo kako su otisnute: A — as, K — kralj, Q — dama, J — dečko; "
                              "znakovi: ♥ herc, ♦ karo, ♣ tref, ♠ pik. Džokera pišemo riječju: Džoker; karta "
                              "u zagradi iza njega je ona koju džoker predstavlja, kako ju je igrač najavio.",
    "table.card": "Karta",
    "table.points": "Bodovi",
    "table.term": "Pojam",
    "table.means": "Značenje",
    "card.joker": "Džoker",
    # a card read aloud (the HTML book's text alternative for a screen reader): "{rank} {suit}"
    "card.spoken": "{rank} {suit}",
    "card.rank.2": "dva",
    "card.rank.3": "tri",
    "card.rank.4": "četiri",
    "card.rank.5": "pet",
    "card.rank.6": "šest",
    "card.rank.7": "sedam",
    "card.rank.8": "osam",
    "card.rank.9": "devet",
    "card.rank.10": "deset",
    "card.rank.J": "dečko",
    "card.rank.Q": "dama",
    "card.rank.K": "kralj",
    "card.rank.A": "as",
    "card.suit.hearts": "herc",
    "card.suit.diamonds": "karo",
    "card.suit.clubs": "tref",
    "card.suit.spades": "pik",
    "value.face": "koliko piše na karti",
    "value.as_replaced": "koliko i karta koju zamjenjuje",
    "value.joker_in_hand": "{points} ako ostane u ruci",
    "value.in_meld_and_hand": "na stolu {meld}; u ruci {hand}",
    "value.in.low_run": "{points} kad leži ispred dvojke (A-2-3)",
    "value.in.high_run": "{points} kad leži iza kralja (Q-K-A)",
    "value.in.set": "{points} uz karte istog broja",
    "value.in.hand": "{points} u ruci",
    "value.places": "{places}, inače {otherwise}",
    # the deal
    "deal.hand": "Svaki igrač dobiva {n:card_acc}.",
    "deal.hand.by_players": "Svaki igrač dobiva: {cases}.",
    "deal.hand.case": "u igri s {players} igrača po {n:card_acc}",
    "deal.cutter": "Špil siječe igrač koji sjedi desno od djelitelja.",
    "deal.next_dealer": "U svakoj sljedećoj partiji dijeli sljedeći igrač po redu: onaj koji sjedi lijevo od "
                        "prethodnog djelitelja.",
    "deal.next_dealer.counterclockwise": "U svakoj sljedećoj partiji dijeli sljedeći igrač po redu: onaj "
                                         "koji sjedi desno od prethodnog djelitelja.",
    "turn.direction.custom": "Igra se u smjeru kazaljke na satu, od djelitelja ulijevo.",
    "deal.first_player.dealer": "Prvi igra djelitelj.",
    "deal.first_player.left_of_dealer": "Prvi igra igrač lijevo od djelitelja.",
    "turn.direction.clockwise": "Igra se u smjeru kazaljke na satu.",
    "turn.direction.counterclockwise": "Igra se suprotno od smjera kazaljke na satu.",
    "deal.extra": {
        "one": "Igrač koji igra prvi dobiva jednu kartu više, dakle {total:card_acc}. U prvom potezu "
               "ne kupuje — tu kartu već ima. Inače igra kao u svakom potezu: već smije izložiti grupe, a "
               "potez završava tako da odbaci jednu kartu koja mu ne treba.",
        "few": "Igrač koji igra prvi dobiva {n} karte više, dakle {total:card_acc}. U prvom potezu ne "
               "kupuje. Inače igra kao u svakom potezu: već smije izložiti grupe, a potez završava tako da "
               "odbaci jednu kartu koja mu ne treba.",
        "other": "Igrač koji igra prvi dobiva {n} karata više, dakle {total:card_acc}. U prvom potezu "
                 "ne kupuje. Inače igra kao u svakom potezu: već smije izložiti grupe, a potez završava "
                 "tako da odbaci jednu kartu koja mu ne treba.",
    },
    "deal.extra.by_players": {
        "one": "Igrač koji igra prvi dobiva jednu kartu više. U prvom potezu ne kupuje — tu kartu već ima. "
               "Inače igra kao u svakom potezu: već smije izložiti grupe, a potez završava tako da odbaci "
               "jednu kartu koja mu ne treba.",
        "other": "Igrač koji igra prvi dobiva {n:card_acc} više. U prvom potezu ne kupuje. Inače igra kao u "
                 "svakom potezu: već smije izložiti grupe, a potez završava tako da odbaci jednu kartu koja "
                 "mu ne treba.",
    },
    "deal.first_discard.face_up": "Ostale se karte stave licem prema dolje na sredinu stola: to je špil "
                                  "za kupovanje. Gornja se karta okrene i stavi pokraj njega — s njom "
                                  "počinje hrpa odbačenih karata.",
    "deal.first_discard.none": "Ostale se karte stave licem prema dolje na sredinu stola: to je špil za "
                               "kupovanje. Hrpa odbačenih karata počinje prvom odbačenom kartom.",
    "deal.first_discard.no_pile": "Ostale se karte stave licem prema dolje na sredinu stola: to je špil "
                                  "za kupovanje. U ovoj se igri karte ne odbacuju.",
    "deal.cut_card": "Prije nego što se karte podijele, igrač koji siječe špil izvuče naslijepo jednu kartu "
                     "— to može biti i džoker — i stavi je licem prema gore, poprijeko, ispod svih ostalih "
                     "karata špila, tako da viri: kad se karte podijele, ostaje ispod špila s kojeg se "
                     "kupuje i svi je vide.",
    # the same from a deck without jokers
    "deal.cut_card.plain": "Prije nego što se karte podijele, igrač koji siječe špil izvuče naslijepo jednu "
                           "kartu i stavi je licem prema gore, poprijeko, ispod svih ostalih karata špila, "
                           "tako da viri: kad se karte podijele, ostaje ispod špila s kojeg se kupuje i svi "
                           "je vide.",
    # the turn
    "turn.draw.stock": {"one": "Kupi jednu kartu s vrha špila.",
                        "other": "Kupi {n:card_acc} s vrha špila."},
    "turn.draw.from": {"one": "Kupi jednu kartu: {sources}.",
                       "other": "Kupi {n:card_acc}: {sources}."},
    "source.stock": "s vrha špila",
    "source.discard_top": "s vrha hrpe odbačenih karata (kartu koju je odbacio igrač prije tebe)",
    "source.cut_card": "ispod špila (kartu koja je ondje stavljena pri sječenju)",
    "word.or": "ili",
    "word.and": "i",
    "turn.draw.discard_top": {"one": "Uzmi gornju kartu s hrpe odbačenih karata.",
                              "other": "Uzmi {n:card_acc} s hrpe odbačenih karata."},
    "turn.draw.none": "U ovoj se igri ne kupuje.",
    "turn.draws.until_meld": "Kupi kartu sa špila; ako možeš i želiš, stavi karte iz ruke na stol (novu "
                             "grupu ili karte dodane grupama na stolu). Ako staviš barem jednu kartu, više "
                             "ne kupuješ; ako ne — moraš kupiti sljedeću, u jednom potezu najviše "
                             "{n:card_acc}.",
    # ... where the first card may come from elsewhere too: the next ones come from the stock
    "turn.draws.until_meld.from": "Kupi kartu {sources}; ako možeš i želiš, stavi karte iz ruke na stol "
                                  "(novu grupu ili karte dodane grupama na stolu). Ako staviš barem jednu "
                                  "kartu, više ne kupuješ; ako ne — moraš kupiti sljedeću s vrha špila, u "
                                  "jednom potezu najviše {n:card_acc}.",
    "turn.never.discard_top": "S hrpe odbačenih karata ne kupuje se.",
    "turn.never.stock": "Sa špila se ne kupuje.",
    "turn.never.cut_card": "Kartu ispod špila ne smije se uzeti.",
    "turn.when.discard_top": "Umjesto toga smiješ uzeti gornju kartu s hrpe odbačenih karata — onu koju je "
                             "odbacio igrač prije tebe — ali samo {when}.",
    "turn.when.discard_top.first_round+opened+opens_this_turn":
        "Umjesto toga smiješ uzeti gornju kartu s hrpe odbačenih karata — onu koju je odbacio igrač prije "
        "tebe. U svom prvom potezu (u prvom krugu) smiješ je slobodno uzeti ako ti odgovara, a nakon "
        "otvaranja slobodno uzimaš kartu sa špila ili s hrpe odbačenih karata. U ostalim potezima, dok se "
        "nisi otvorio, "
        "ako uzmeš kartu odande, moraš se u istom potezu otvoriti (uzetu kartu pritom ne moraš izložiti; "
        "tko se ne može otvoriti, ne smije je uzeti).",
    "turn.when.discard_top.opened": "Umjesto toga smiješ uzeti gornju kartu s hrpe odbačenih karata — onu "
                                    "koju je odbacio igrač prije tebe — ali samo ako si se već otvorio u "
                                    "nekom od ranijih poteza.",
    "turn.when.discard_top.not+first_round": "Umjesto toga smiješ uzeti gornju kartu s hrpe odbačenih "
                                             "karata — onu koju je odbacio igrač prije tebe — ali ne u "
                                             "svom prvom potezu.",
    "turn.when.cut_card": "Kartu ispod špila smiješ uzeti umjesto karte s vrha samo {when}.",
    "turn.when.cut_card.handing": "Kartu ispod špila smije uzeti svaki igrač, ne samo onaj koji je sjekao "
                                  "špil — umjesto karte s vrha i samo ako u tom potezu kreće u "
                                  "handiranje, to jest odjednom se rješava svih karata, a prije toga nije "
                                  "na stol stavio nijednu kartu (vidi „Kraj partije”).",
    "turn.when.stock": "Sa špila smiješ kupovati samo {when}.",
    "turn.when.stock.except": "Sa špila smiješ kupovati, ali ne {when}.",
    "turn.when.cut_card.except": "Kartu ispod špila smiješ uzeti umjesto karte s vrha, ali ne {when}.",
    "turn.when.discard_top.except": "Umjesto toga smiješ uzeti gornju kartu s hrpe odbačenih karata — onu "
                                    "koju je odbacio igrač prije tebe — ali ne {when}.",
    # `draws 2` and more: the discard pile and the cut card give only a turn's first card
    # `draws 2` and more: what a condition's sentence ("Umjesto toga smiješ uzeti...") is instead of
    "turn.instead.first": "Umjesto prve od njih",
    "turn.draws.first_only": "Kad kupuješ {n:card_acc}, samo prvu smiješ uzeti {sources}; ostale kupuješ s "
                             "vrha špila.",
    "source.first.discard_top": "s hrpe odbačenih karata",
    "source.first.cut_card": "ispod špila",
    "turn.no_meld_after_last_draw": "Tko je morao kupiti {n}. kartu, u tom potezu više ne stavlja na stol "
                                    "nijednu kartu iz ruke.",
    "turn.meld.opening": "Ako možeš i želiš, izloži na stol valjane grupe (prvo izlaganje je otvaranje) i "
                         "dodaj karte grupama koje već leže.",
    "turn.meld": "Ako možeš i želiš, izloži na stol valjane grupe i dodaj karte grupama koje već leže.",
    "turn.rearrange.forbidden": {
        "one": "Grupe na stolu smiješ premještati i slagati iznova ako im dodaš barem jednu kartu iz ruke. "
               "Nijednu kartu sa stola ne smiješ uzeti u ruku, a na kraju poteza sve karte na stolu "
               "moraju činiti valjane grupe.",
        "other": "Grupe na stolu smiješ premještati i slagati iznova ako im dodaš barem {n:card_acc} iz "
                 "ruke. Nijednu kartu sa stola ne smiješ uzeti u ruku, a na kraju poteza sve karte na "
                 "stolu moraju činiti valjane grupe.",
    },
    "turn.rearrange.allowed": {
        "one": "Grupe na stolu smiješ premještati i slagati iznova ako im dodaš barem jednu kartu iz ruke; "
               "karte sa stola smiješ i uzeti u ruku. Na kraju poteza sve karte na stolu moraju činiti "
               "valjane grupe.",
        "other": "Grupe na stolu smiješ premještati i slagati iznova ako im dodaš barem {n:card_acc} iz "
                 "ruke; karte sa stola smiješ i uzeti u ruku. Na kraju poteza sve karte na stolu moraju "
                 "činiti valjane grupe.",
    },
    "turn.discard": "Na kraju odbaci jednu kartu koja ti ne treba, licem prema gore, na hrpu odbačenih "
                    "karata.",
    "turn.discard.unless_out": "Na kraju odbaci jednu kartu koja ti ne treba, licem prema gore, na hrpu "
                               "odbačenih karata — osim ako ti više nije ostala nijedna karta.",
    "turn.no_discard": "Potez završava bez odbacivanja.",
    "turn.discard_taken_card.forbidden": "Kartu uzetu u tom potezu s hrpe odbačenih karata ne smiješ "
                                         "odbaciti u istom potezu.",
    "turn.discard_taken_card.allowed": "Kartu uzetu s hrpe odbačenih karata smiješ odbaciti u istom "
                                       "potezu.",
    "when.first_round": "u svom prvom potezu",
    "when.opened": "nakon otvaranja",
    "when.opens_this_turn": "ako se u istom potezu otvoriš",
    "when.handing": "ako u tom potezu handiraš",
    "when.not": "ne {what}",
    "when.or": " ili ",
    "when.and": " i pritom ",
    "when.always": "uvijek",
    "when.never": "nikad",
    # melds
    "meld.intro": "Karte se izlažu na stol u grupama. Postoje dvije vrste valjanih grupa: kompleti i nizovi.",
    "meld.intro.one": "Karte se izlažu na stol u grupama.",
    "set": "Komplet čine {size} istog broja ili iste slike, {suits}.",
    "set.suits.distinct": "svaka različitog znaka (komplet ne smije imati dvije karte istog znaka)",
    "set.suits.any": "bilo kojeg znaka",
    "set.closed_at": "Komplet od {n:card} je zatvoren: u njega se više ne može dodati nijedna karta.",
    "run": "Niz čine {suit} poredane uzlazno, jedna za drugom; mora ih biti {size}.",
    "run.suit.same": "karte istog znaka",
    "run.suit.any": "karte bilo kojeg znaka",
    "run.ace.low": "U nizu je as najniža karta: niz smije početi asom (A-2-3), ali as ne smije doći iza "
                   "kralja.",
    "run.ace.high": "U nizu je as najviša karta: smije doći iza kralja (Q-K-A), ali ne ispred dvojke.",
    "run.ace.low_or_high": "As smije početi niz (A-2-3) ili ga završiti, iza kralja (Q-K-A).",
    "run.wrap.forbidden": "Niz ne smije prijeći preko asa: nakon kralja i asa ne može doći dvojka.",
    "run.wrap.forbidden.low": "Iza kralja se više ništa ne smije staviti: kralj završava niz.",
    "run.wrap.forbidden.high": "Ispred dvojke se ništa ne smije staviti: dvojka započinje niz.",
    "run.wrap.allowed": "Niz smije prijeći preko asa: nakon kralja i asa smije doći dvojka (K-A-2).",
    "run.ace_to_ace.allowed": "Dopušten je i puni niz od asa do asa: 14 karata, A-2-…-K-A.",
    "run.ace_to_ace.forbidden": "Niz ne smije istodobno početi i završiti asom.",
    "run.ace_to_ace.allowed.one_pack": "Niz od asa do asa (A-2-…-K-A) bio bi dopušten, ali se ne može "
                                       "složiti: u ovom špilu svaki as postoji samo jednom.",
    "run.ace_to_ace.forbidden.one_pack": "Niza od asa do asa (A-2-…-K-A) nema: u ovom špilu svaki as postoji "
                                         "samo jednom.",
    "size.at_least": "najmanje {n:card}",
    "size.exactly": "točno {n:card}",
    "size.either": "{low} ili {n:card}",
    "size.between": "od {low} do {n:card}",
    "size.n.at_least": "najmanje {n}",
    "size.n.exactly": "točno {n}",
    "size.n.either": "{low} ili {n}",
    "size.n.between": "od {low} do {n}",
    "kind.run": "niz",
    "kind.set": "komplet",
    "example.meld": "{kind} za {n:point}",
    "example.invalid": "to nije valjana grupa",
    "example.corner.refused": "to nije valjan niz",
    "example.corner.allowed": "niz preko asa",
    # jokers
    "jokers.declare.position": "Džoker smije zamijeniti bilo koju kartu u grupi.",
    "jokers.declare.position.runs": "Džoker smije zamijeniti bilo koju kartu u nizu.",
    "jokers.declare.position.place": "Džoker predstavlja kartu na čijem mjestu leži.",
    "jokers.declare.position.sets": "Džoker smije zamijeniti bilo koju kartu u kompletu.",
    "jokers.declare.rank_and_suit": "Džoker smije zamijeniti bilo koju kartu. Tko ga izlaže, mora reći "
                                    "koju kartu džoker predstavlja — broj i znak. Karta koju džoker "
                                    "predstavlja poslije se ne smije promijeniti dok ga ne zamijeni upravo "
                                    "ta karta. Džoker se smije premjestiti na stolu ako i dalje predstavlja "
                                    "istu kartu.",
    "jokers.declare.rank_and_suit.unsaid": "Ako igrač to zaboravi reći, džoker u nizu predstavlja kartu na "
                                           "čijem mjestu leži{example}, a u kompletu kartu prvog znaka koji "
                                           "kompletu nedostaje (redom ♠ ♥ ♦ ♣).",
    "jokers.declare.shown": " ({cards} je niz {run})",
    "jokers.value.as_replaced": "Džoker u grupi vrijedi koliko i karta koju zamjenjuje.",
    "jokers.value.fixed": "Džoker vrijedi {n:point}.",
    "jokers.per_meld_at_opening": {
        "one": "Pri otvaranju svaka grupa smije imati samo jednog džokera.",
        "other": "Pri otvaranju svaka grupa smije imati najviše {n} džokera.",
    },
    "jokers.per_meld.later": {
        "one": "Nakon otvaranja svaka grupa smije imati najviše jednog džokera.",
        "other": "Nakon otvaranja svaka grupa smije imati najviše {n} džokera.",
    },
    "jokers.per_meld.later.any": "Nakon otvaranja u grupi smije biti i više džokera.",
    "jokers.per_meld.any": "U jednoj grupi smije biti više džokera.",
    "jokers.per_meld": {
        "one": "Grupa smije imati najviše jednog džokera.",
        "other": "Grupa smije imati najviše {n} džokera.",
    },
    "jokers.min_natural": {
        "one": "Grupa mora imati barem jednu pravu kartu: sami džokeri ne čine grupu.",
        "few": "Grupa mora imati barem {n} prave karte.",
        "other": "Grupa mora imati barem {n} pravih karata.",
    },
    "jokers.only_in.runs": "Džoker smije biti samo u nizu: u kompletu džokera ne smije biti.",
    "jokers.only_in.sets": "Džoker smije biti samo u kompletu: u nizu džokera ne smije biti.",
    "jokers.min_natural.none": "Grupa se smije sastojati i samo od džokera.",
    # the example of a meld read both ways, and the run it reads as: left out where none is shown
    "jokers.ambiguous.shown": " (npr. {cards})",
    "jokers.ambiguous.shown_run": " ({cards})",
    "jokers.ambiguous.run": "Grupa koja se može čitati i kao komplet i kao niz{example} vrijedi kao "
                            "niz{run}.",
    "jokers.ambiguous.set": "Grupa koja se može čitati i kao komplet i kao niz{example} vrijedi kao "
                            "komplet.",
    "jokers.ambiguous.higher": "Grupu koja se može čitati i kao komplet i kao niz{example} igrač "
                               "može najaviti kao jedno ili drugo; ako ništa ne kaže, vrijedi u čitanju "
                               "koje donosi više bodova (a ako oba donose jednak broj bodova, kao niz).",
    "jokers.ambiguous.refused": "Grupa koja se može čitati i kao komplet i kao niz{example} nije "
                                "valjana.",
    # opening
    "opening.min_points": "Prvo izlaganje karata je otvaranje. Grupe izložene pri otvaranju moraju zajedno "
                          "vrijediti najmanje {n:point} (računaju se vrijednosti karata iz tablice).",
    # said whole (not "Među njima"): a house book's list of changes quotes it on its own
    "opening.clean_run": "Među grupama izloženima pri otvaranju mora biti barem jedan „čisti” niz, "
                         "bez džokera.",
    # the same in a game without jokers
    "opening.clean_run.plain": "Među grupama izloženima pri otvaranju mora biti barem jedan niz.",
    "opening.min_melds": {
        "one": "Za otvaranje je dovoljna i jedna grupa.",
        "few": "Pri otvaranju treba izložiti barem {n} grupe.",
        "other": "Pri otvaranju treba izložiti barem {n} grupa.",
    },
    "opening.after": "Nakon toga igrač se smatra otvorenim: daljnje grupe izlaže bez tog praga.",
    "opening.table_stays": "Dok se ne otvoriš, ne premještaš grupe na stolu: otvaraš novim grupama iz "
                            "vlastite ruke.",
    "example.opening": "otvaranje za {n:point}",
    # laying off
    "lay_off.always": "Grupama na stolu — i tuđima — smiješ dodavati svoje karte.",
    "lay_off.never": "Grupama na stolu ne dodaju se karte.",
    "lay_off.when": "Grupama na stolu — i tuđima — smiješ dodavati svoje karte, ali samo {when}.",
    "lay_off.when.except": "Grupama na stolu — i tuđima — smiješ dodavati svoje karte, ali ne {when}.",
    "lay_off.when.opened": "Nakon otvaranja — već u potezu u kojem se otvoriš — smiješ dodavati svoje karte "
                           "svojim i tuđim grupama na stolu (dodane karte ne računaju se u otvaranje).",
    "example.lay_off": "nastaje {after}",
    "swap.always": "Džokera iz grupe smiješ zamijeniti kartom koju on predstavlja: staviš je na njegovo "
                   "mjesto.",
    "swap.never": "Džokeri na stolu ne smiju se mijenjati.",
    "swap.when": "Džokera iz grupe smiješ zamijeniti kartom koju on predstavlja (staviš je na njegovo "
                 "mjesto), ali samo {when}.",
    "swap.when.except": "Džokera iz grupe smiješ zamijeniti kartom koju on predstavlja (staviš je na "
                        "njegovo mjesto), ali ne {when}.",
    "swap.when.opened": "Nakon otvaranja — već u potezu u kojem se otvoriš — smiješ džokera iz grupe "
                        "zamijeniti kartom koju on predstavlja: staviš je na njegovo mjesto.",
    "swap.set.distinct": "U kompletu džoker predstavlja bilo koju kartu koja nedostaje: smije se zamijeniti "
                         "kartom bilo kojeg znaka kojeg u kompletu još nema.",
    "swap.set.any": "U kompletu džoker predstavlja bilo koju kartu tog broja ili te slike: smije se "
                    "zamijeniti kartom istog ranga bilo kojeg znaka.",
    # each names the card (not "this card"): a house book's list of changes quotes it alone
    "swap.from.hand": "Kartu za koju mijenjaš džokera moraš imati u ruci.",
    "swap.from.hand_or_table": "Karta za koju mijenjaš džokera smije doći iz ruke ili iz druge grupe na "
                               "stolu.",
    # (it names the card: a house book's list of changes quotes it beside the rearranging rule)
    "swap.from.table_rearranges": {
        "one": "Uzeti kartu za džokera iz druge grupe znači premještati grupe: i tada u tom potezu "
               "moraš staviti na stol barem jednu kartu iz ruke.",
        "other": "Uzeti kartu za džokera iz druge grupe znači premještati grupe: i tada u tom potezu "
                 "moraš staviti na stol barem {n:card_acc} iz ruke.",
    },
    "swap.retrieved.keep": "Zamijenjenog džokera smiješ uzeti u ruku ili ga dodati grupi na stolu.",
    "swap.retrieved.new_meld_now": "Zamijenjenog džokera uzimaš i moraš ga u istom potezu izložiti u novoj "
                                    "grupi.",
    "swap.retrieved.play_now": "Zamijenjeni džoker ne napušta stol: moraš ga odmah iskoristiti u grupi "
                                "na stolu.",
    "example.swap": "nakon zamjene: {cards}",
    **ENDING,
    **SCORING,
    "example.round": "Primjer: igrač 1 riješio se svih karata.",
    "example.deal": "Primjer partije, odigrane od početka do kraja:",
    "example.deal.handed": "Primjer: partija završava handiranjem.",
    "example.deal.went_out": "Primjer: netko se riješi svih karata.",
    "example.deal.game_over": "Da je ovo prva partija, ovaj bi rezultat već završio igru (barem {target} "
                              "bodova); s nagradama za kraj igre: {totals}.",
    "example.deal.game_over.plain": "Da je ovo prva partija, ovaj bi rezultat već završio igru (barem "
                                    "{target} bodova).",
    "deal.final": "igrač {n} — {score}",
    "example.deal.knocked": "Primjer: netko pokuca, ali drugi igrač ima manje bodova.",
    "deal.turn": "Igrač {n}: {actions}.",
    "act.draw.stock": "kupi kartu sa špila",
    "act.draw.discard": "uzme kartu s hrpe odbačenih karata",
    "act.draw.cut": "uzme kartu ispod špila",
    "act.discard": "odbaci {card}",
    "act.knock": "pokuca",
    "act.end_the_turn": "završi potez",
    "act.lay": "izloži {melds}",
    "act.rearrange": "presloži stol tako da na njemu leži {melds}",
    "how.went_out": "riješio se svih karata",
    # a knocker scored as going out (`penalties`): his cards are still in his hand
    "how.knocked": "pokucao je",
    "how.handed": "handirao je",
    "how.handed_cut": "handirao je pomoću karte ispod špila",
    "how.not_opened": "nije se otvorio: {n}",
    "how.hand": "u ruci {n:point}",
    "how.bonus": "; + {n} nagrade = {total}",
    "round.player": "Igrač {n}",
    "round.went_out": "riješio se svih karata",
    "round.who": "Igrač",
    "round.left": "Karte u ruci",
    "round.how": "Račun",
    "round.score": "Rezultat",
    "example.rearrange.before": "Primjer: na stolu leže {table}, a ti u ruci imaš {hand}. Nijedna od tih "
                                "karata ne može se dodati grupama onakvima kakve su sada — ali stol možeš "
                                "presložiti:",
    "example.rearrange.after": "{moved} mijenjaju grupu, {hand} izlaze iz ruke",
    # end of the game
    "game_end.target": "Igra završava kad nečiji rezultat dosegne {n:point} ili više.",
    "game_end.rounds": "Igra traje {n:deal}.",
    "game_end.one_deal": "Igra traje jednu partiju: završava zajedno s njom.",
    "game_end.rounds_cap": "Igra završava najkasnije nakon {n:deal}.",
    # both name the score that ends the game (not "this score", "the others"): a house book's
    # list of changes quotes each alone
    "game_end.target_bonus": "Igrač koji je dosegao rezultat kojim igra završava (ili svaki od igrača koji "
                             "su ga dosegli) dobiva {n:point} nagrade.",
    "game_end.round_win_bonus": "Svaki igrač koji nije dosegao rezultat kojim igra završava dobiva "
                                "{n:point} nagrade za svaku dobivenu partiju.",
    "game_end.winner.lowest": "Pobjeđuje igrač s najmanje bodova.",
    "game_end.winner.highest": "Pobjeđuje igrač s najviše bodova.",
    "game_end.tie": "Ako više igrača ima jednako bodova, pobjeđuju zajedno.",
    # glossary
    "term.meld": "Grupa",
    "term.meld.means": "komplet ili niz izložen na stol",
    # a set's or run's example, found under the variant's own rules: left out where none is shown
    "term.example": ", npr. {cards}",
    "term.set": "Komplet",
    "term.set.means.distinct": "karte istog broja ili iste slike, svaka različitog znaka{example}",
    "term.set.means.any": "karte istog broja ili iste slike, bilo kojeg znaka{example}",
    "term.run": "Niz",
    "term.run.means.same": "karte istog znaka poredane redom{example}",
    "term.run.means.any": "karte bilo kojeg znaka poredane redom{example}",
    "term.opening": "Otvaranje",
    "term.opening.means": "prvo izlaganje grupa; od tada je igrač otvoren",
    "term.laying_down": "Izlaganje",
    "term.laying_down.means": "stavljanje grupa iz ruke na stol",
    "term.lay_off": "Dodavanje",
    "term.lay_off.means": "dodavanje svoje karte grupi koja već leži na stolu",
    "term.joker": "Džoker",
    "term.joker.means": "karta koja zamjenjuje bilo koju drugu",
    "term.joker.means.runs": "karta koja u nizu zamjenjuje bilo koju drugu",
    "term.joker.means.sets": "karta koja u kompletu zamjenjuje bilo koju drugu",
    "term.handing": "Handiranje",
    "term.handing.means": "rješavanje svih karata odjednom, u jednom potezu, igrača koji prije toga nije "
                          "na stol stavio nijednu kartu",
    "term.knocking": "Kucanje",
    "term.knocking.means": "kad igrač s malo bodova u ruci sam završi partiju",
    "term.discard_pile": "Hrpa odbačenih karata",
    "term.discard_pile.means": "karte licem prema gore koje igrači odbacuju na kraju poteza",
    "term.stock": "Špil",
    "term.stock.means": "karte licem prema dolje s kojih se kupuje",
}

# The house's own words and the variations: kept apart, as a section of their own.
MESSAGES.update({
    "note.label": "Kućna napomena",
    "section.variations": "Varijante",
    "variation.options": "Izvorni tekst navodi i ovo (po dogovoru prije igre; gore opisana igra to "
                         "ne obuhvaća)",
    "variation.option": "„{quote}”",
    "variation.option.from.pl": "{text} (u izvornom tekstu, na poljskom: „{quote}”)",
    "variation.option.from.hr": "{text} („{quote}”)",
})

# The rulebook page's box that judges a meld the reader types (remikc/runtime_js/book.mjs).
MESSAGES.update({
    "check.title": "Provjeri kombinaciju",
    "check.hint": "Upiši karte odvojene razmacima, npr. {meld} ili {ascii}; džoker je JK, a džoker "
                  "umjesto {card} je JK={card}.",
    "check.hint.plain": "Upiši karte odvojene razmacima, kao u primjerima ove knjižice; džoker je JK.",
    # where the game has an opening: its melds are typed together
    "check.hint.opening": "Skupine otvaranja odvoji znakom +.",
    "check.button": "Provjeri",
    "check.refused": "Pravila to ne dopuštaju:",
    "check.not_cards": "To se ne može pročitati kao karte: piši npr. {meld}, {ascii} ili JK.",
    "check.not_cards.plain": "To se ne može pročitati kao karte: piši ih kao u primjerima ove knjižice, a "
                             "džokera kao JK.",
})

LANGUAGE = Language("hr", NOUNS, MESSAGES)
