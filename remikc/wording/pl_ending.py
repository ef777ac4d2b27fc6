"""The Polish words of how a deal ends (`going_out.*`, `handing.*`, `knocking`,
`stock.*`), apart from the catalogue (wording/pl.py), which is long enough."""

from __future__ import annotations

ENDING: dict[str, str | dict[str, str]] = {
    # going out
    "going_out.discard": "Rozdanie kończy się, gdy ktoś pozbędzie się wszystkich kart. Ostatnią kartę trzeba "
                         "odrzucić na stos kart odrzuconych — nie wolno jej położyć na stole: ani w nowym "
                         "układzie, ani dokładając do układu (także cudzego).",
    "going_out.table": "Rozdanie kończy się, gdy ktoś wyłoży na stół wszystkie swoje karty.",
    "going_out.discard_or_table": "Rozdanie kończy się, gdy ktoś pozbędzie się wszystkich kart — "
                                  "wykładając je, dokładając albo odrzucając ostatnią.",
    "handing": "Kto w jednej turze wyłoży naraz wszystkie karty, a wcześniej nie położył na stole żadnej "
               "karty, robi remika.",
    "handing.discard_or_table": "Kto w jednej turze pozbędzie się wszystkich kart (wykładając je naraz; "
                                "ostatnią może też odrzucić), a wcześniej nie położył na stole żadnej karty, "
                                "robi remika.",
    "handing.keep_discard": "Kto w jednej turze wyłoży naraz wszystkie karty oprócz ostatniej, którą "
                            "odrzuca, a wcześniej nie położył na stole żadnej karty, robi remika. Nie ma "
                            "przy tym znaczenia, z którego stosu dobrał kartę.",
    # `handing.keep_discard` in two: the second clause only where a remik may take the discard
    "handing.keep_discard.rule": "Kto w jednej turze wyłoży naraz wszystkie karty oprócz ostatniej, którą "
                                 "odrzuca, a wcześniej nie położył na stole żadnej karty, robi remika.",
    "handing.any_pile": "Nie ma przy tym znaczenia, z którego stosu dobrał kartę.",
    "handing.stock_only": "Karty ze stosu kart odrzuconych nie może przy tym wziąć.",
    "handing.lay_off.forbidden": "Robiąc remika, nie wolno dokładać swoich kart do cudzych układów.",
    "handing.lay_off.allowed": "Robiąc remika, wolno też dokładać karty do cudzych układów.",
    "handing.opening_rules.apply": "Układy wyłożone przy remiku muszą spełniać warunki otwarcia.",
    "handing.opening_rules.waived": "Układy wyłożone przy remiku nie muszą spełniać warunków otwarcia.",
    "knocking": "Po swojej turze gracz, którego karty na ręce są warte razem najwyżej {n:point}, może "
                "zapukać, stukając w stół: rozdanie od razu się kończy i następuje liczenie punktów.",
    "stock.reshuffle": "Gdy w stosie do dobierania zabraknie kart, tasuje się stos kart odrzuconych — bez "
                       "wierzchniej karty, która zostaje na miejscu — i kładzie jako nowy stos do "
                       "dobierania.",
    "stock.reshuffle.cut_card": "Gdy nad kartą spod stosu do dobierania nie zostanie już żadna karta, "
                                "tasuje się stos kart odrzuconych — bez wierzchniej karty, która zostaje na "
                                "miejscu — i kładzie jako nowy stos do dobierania na tej karcie: "
                                "ona zostaje na spodzie i dalej czeka na remika.",
    # the same where the cut card is not kept for a remik alone
    "stock.reshuffle.cut_card.plain": "Gdy nad kartą spod stosu do dobierania nie zostanie już żadna karta, "
                                      "tasuje się stos kart odrzuconych — bez wierzchniej karty, która "
                                      "zostaje na miejscu — i kładzie jako nowy stos do dobierania na tej "
                                      "karcie: ona zostaje na spodzie.",
    # the referee's choices where no rule speaks: printed as assumptions
    "stock.reshuffle.none_left": "Jeśli poza wierzchnią kartą nie ma czego przetasować, a gracz, na którego "
                                 "przypada tura, nie może dobrać żadnej karty, rozdanie kończy się bez "
                                 "zwycięzcy i nikt nie dostaje punktów.",
    "stock.last_round.knock": "W tej ostatniej turze także wolno zapukać: rozdanie kończy się wtedy od razu, "
                              "a pozostali gracze nie kładą już kart na stole.",
    "stock.last_round": "Gdy stos do dobierania się wyczerpie, a nikt nie zapukał, każdy gracz — także ten, "
                        "który wziął ostatnią kartę — ma jeszcze jedną turę, w której może kłaść karty na "
                        "stole (nowy układ albo dokładając). Potem liczy się karty na rękach: rozdanie "
                        "wygrywa gracz z najmniejszą sumą.",
    # the same in a game without knocking: nobody could have knocked
    "stock.last_round.plain": "Gdy stos do dobierania się wyczerpie, każdy gracz — także ten, który wziął "
                              "ostatnią kartę — ma jeszcze jedną turę, w której może kłaść karty na stole "
                              "(nowy układ albo dokładając). Potem liczy się karty na rękach: rozdanie "
                              "wygrywa gracz z najmniejszą sumą.",
    # the same where a cut card lies under the stock: the stock is gone when it alone is left
    "stock.last_round.cut_card": "Gdy nad kartą spod stosu do dobierania nie zostanie już żadna karta, a "
                                 "nikt nie zapukał, każdy gracz — także ten, który wziął ostatnią kartę — ma "
                                 "jeszcze jedną turę, w której może kłaść karty na stole (nowy układ albo "
                                 "dokładając). Potem liczy się karty na rękach: rozdanie wygrywa gracz z "
                                 "najmniejszą sumą.",
    "stock.last_round.cut_card.plain": "Gdy nad kartą spod stosu do dobierania nie zostanie już żadna karta, "
                                       "każdy gracz — także ten, który wziął ostatnią kartę — ma jeszcze "
                                       "jedną turę, w której może kłaść karty na stole (nowy układ albo "
                                       "dokładając). Potem liczy się karty na rękach: rozdanie wygrywa gracz "
                                       "z najmniejszą sumą.",
}
