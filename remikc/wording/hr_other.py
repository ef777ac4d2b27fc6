"""The Croatian words of the seeds' other readings (`other.<variant>.<rule>`): what a rule would
be under the reading the spec did not take, printed under "Do ustalenia przed grą" /
"Dogovorite se prije igre".  Apart from the catalogue (wording/hr.py), which is long enough."""

from __future__ import annotations

OTHER: dict[str, str] = {
    # (who may take it is the draw rule's: "until someone hands with it" was Remi 51's alone)
    "other.remik51.deal.cut_card": "karta leži licem prema dolje, kao i špil, i nitko je ne zna dok je "
                                   "netko ne uzme; a džokera onaj koji siječe ne stavlja ispod špila, "
                                   "nego ga zadrži.",
    # (a deck without jokers: the cutter has none to keep)
    "other.remik51.deal.cut_card.plain": "karta leži licem prema dolje, kao i špil, i nitko je ne zna dok "
                                         "je netko ne uzme.",
    "other.remik51.opening.min_melds": "otvaranje su barem dvije grupe{example}.",
    "other.remik51.turn.draw.discard_top": "kartu uzetu s hrpe odbačenih karata treba izložiti u tom "
                                           "otvaranju.",
    "other.remik51.jokers.ambiguous": "takva se grupa uvijek računa kao niz.",
    "other.remik51.jokers.per_meld_at_opening": "grupa smije imati samo jednog džokera kad se prvi put "
                                                "izloži, u bilo kojem trenutku igre; kasnije joj se smiju "
                                                "dodati i drugi.",
    "other.remik51.jokers.declare": "tko stavlja džokera, kaže koju kartu on predstavlja (broj i znak).",
    "other.remik51.joker_swap.allowed": "džokera se smije zamijeniti u bilo kojem trenutku, i prije "
                                        "otvaranja.",
    "other.remik51.joker_swap.retrieved_joker": "uzetog džokera smiješ zadržati i kasnije ga izložiti u "
                                                "novoj grupi.",
    "other.remik51.turn.draw.cut_card": "kartu ispod špila smije uzeti samo igrač koji je sjekao špil, kad "
                                        "kreće u handiranje.",
    "other.remik51.stock_empty": "kad iznad karte ispod špila ne ostane nijedna karta, sljedeći je igrač "
                                 "kupi kao običnu kartu; tek se zatim miješaju odbačene karte.",
    "other.remik51.game_end.rounds": "igra je niz partija: bodovi svake partije se upisuju i "
                                     "zbrajaju, a kada igra završava (nakon koliko partija ili na "
                                     "koliko bodova) dogovorite prije igre.",
    "other.karuzela.run.ace_to_ace": "zabrana „skretanja iza ugla” (niza koji prelazi preko asa, kao K-A-2) "
                                     "vrijedi za svaki niz s asom na oba "
                                     "kraja, pa i za A–A.",
    "other.remik_klasyczny.turn.draw.discard_top": "kupuje se samo sa špila; karta okrenuta licem prema "
                                                   "gore samo se gleda.",
    "other.remik_klasyczny.jokers.declare": "tko stavlja džokera, kaže koju kartu on predstavlja (broj i "
                                            "znak).",
    "other.remik_klasyczny.jokers.ambiguous": "takva se grupa uvijek računa kao niz.",
}
