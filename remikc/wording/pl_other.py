"""The Polish words of the seeds' other readings (`other.<variant>.<rule>`): what a rule would
be under the reading the spec did not take, printed under "Do ustalenia przed grą" /
"Dogovorite se prije igre".  Apart from the catalogue (wording/pl.py), which is long enough."""

from __future__ import annotations

OTHER: dict[str, str] = {
    # (who may take it is the draw rule's: "until someone hands with it" was Remik 51's alone)
    "other.remik51.deal.cut_card": "karta leży zakryta, jak cały stos do dobierania, i nikt jej nie zna, "
                                   "dopóki ktoś jej nie weźmie; a jokera przekładający nie kładzie pod "
                                   "stosem do dobierania, tylko go zatrzymuje.",
    # (a deck without jokers: the cutter has none to keep)
    "other.remik51.deal.cut_card.plain": "karta leży zakryta, jak cały stos do dobierania, i nikt jej nie "
                                         "zna, dopóki ktoś jej nie weźmie.",
    "other.remik51.opening.min_melds": "otwarcie to co najmniej dwa układy{example}.",
    "other.remik51.turn.draw.discard_top": "kartę wziętą ze stosu kart odrzuconych trzeba wyłożyć w tym "
                                           "otwarciu.",
    "other.remik51.jokers.ambiguous": "taki układ liczy się zawsze jako sekwens.",
    "other.remik51.jokers.per_meld_at_opening": "układ ma tylko jednego jokera wtedy, gdy pierwszy raz "
                                                "trafia na stół, w dowolnej chwili gry; później można do "
                                                "niego dołożyć kolejne.",
    "other.remik51.jokers.declare": "kto kładzie jokera, mówi, jaką kartę on zastępuje (numer i kolor).",
    "other.remik51.joker_swap.allowed": "jokera można wymienić w każdej chwili, także przed otwarciem.",
    "other.remik51.joker_swap.retrieved_joker": "zabranego jokera można zatrzymać i wyłożyć w nowym "
                                                "układzie później.",
    "other.remik51.turn.draw.cut_card": "kartę spod stosu do dobierania może wziąć tylko gracz, "
                                        "który przekładał talię, gdy robi remika.",
    "other.remik51.stock_empty": "gdy nad kartą spod stosu do dobierania nie zostanie już żadna, następny "
                                 "gracz dobiera ją jak zwykłą kartę; dopiero potem tasuje się karty "
                                 "odrzucone.",
    "other.remik51.game_end.rounds": "gra to seria rozdań: punkty z każdego rozdania zapisuje się i sumuje, "
                                     "a to, kiedy gra się kończy (po ilu rozdaniach albo przy ilu "
                                     "punktach), ustalacie przed grą.",
    "other.karuzela.run.ace_to_ace": "zakaz „skręcania z rogu” (sekwensu przechodzącego przez asa, jak "
                                     "K-A-2) obejmuje każdy sekwens z asem na obu "
                                     "końcach, także A–A.",
    "other.remik_klasyczny.turn.draw.discard_top": "dobiera się tylko z zakrytego stosu; odkrytą kartę "
                                                   "tylko się ogląda.",
    "other.remik_klasyczny.jokers.declare": "kto kładzie jokera, mówi, jaką kartę on zastępuje (numer i "
                                            "kolor).",
    "other.remik_klasyczny.jokers.ambiguous": "taki układ liczy się zawsze jako sekwens.",
}
