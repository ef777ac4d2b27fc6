"""The Polish words of the scoring rules (`scoring.*`), apart from the catalogue
(wording/pl.py), which is long enough."""

from __future__ import annotations

SCORING: dict[str, str | dict[str, str]] = {
    "scoring.penalties": "Gdy rozdanie się skończy, każdy z pozostałych graczy dolicza sobie wartość kart, "
                         "które zostały mu na ręce (według tabeli wartości).",
    "scoring.winner_collects": "Gdy rozdanie się skończy, zwycięzca dostaje punkty za wszystkie karty, które "
                               "zostały na rękach pozostałych graczy.",
    "scoring.winner_collects.went_out": "Gdy rozdanie się skończy, zwycięzca — ten, kto pozbył się "
                                        "wszystkich kart — dostaje punkty za wszystkie karty, które zostały "
                                        "na rękach pozostałych graczy.",
    "scoring.differences": "Rozdanie wygrywa gracz, któremu na ręce zostało najmniej punktów — nie musi "
                           "to być ten, kto zapukał. Dostaje on sumę różnic między punktami każdego "
                           "z pozostałych graczy a swoimi.",
    # the same in a game without knocking
    "scoring.differences.plain": "Rozdanie wygrywa gracz, któremu na ręce zostało najmniej punktów. Dostaje "
                                 "on sumę różnic między punktami każdego z pozostałych graczy a swoimi.",
    # a knock ends the deal as going out does, whoever holds less (remikc/scoring.py)
    "scoring.penalties.knocked": "Kto zapukał, dostaje tyle samo co ten, kto pozbył się wszystkich kart "
                                 "({n:point}), nawet jeśli komuś innemu zostało na ręce mniej punktów.",
    "scoring.winner_collects.knocked": "Kto zapukał, wygrywa rozdanie, nawet jeśli komuś innemu zostało na "
                                       "ręce mniej punktów.",
    "scoring.went_out": "Kto pierwszy pozbył się wszystkich kart, dostaje {n:point}.",
    "scoring.handed": "Kto zrobił remika, dostaje {n:point}{instead}.",
    # a game that names the remik and scores it like any going out says so
    "scoring.handed.plain": "Remik nie daje dodatkowych punktów: liczy się tak jak każde inne pozbycie się "
                            "wszystkich kart.",
    "scoring.handed_with_cut_card": "Kto zrobił remika, biorąc kartę spod stosu do dobierania, dostaje "
                                    "{n:point}{instead}.",
    # what a hand's score replaces ("−80 (zamiast −40)"): the number as printed
    "scoring.instead": " (zamiast {n})",
    "scoring.instead.handed_with_cut_card": " (zamiast {n} za zwykłego remika)",
    "scoring.joker_in_hand": "Joker pozostały na ręce kosztuje {n:point}.",
    "scoring.not_opened": "Kto się nie otworzył, dostaje {n:point}, bez liczenia kart.",
    # where the winner takes the others' points, a hand counts for him: it costs its holder nothing
    "scoring.joker_in_hand.counted": "Joker pozostały na ręce liczy się za {n:point}.",
    "scoring.not_opened.counted": "Karty gracza, który się nie otworzył, liczą się razem za {n:point}, "
                                  "cokolwiek ma na ręce.",
    "scoring.handing_multiplier.penalties.2": "Gdy ktoś zrobi remika, pozostali gracze liczą punkty "
                                              "podwójnie — także ci, którzy się nie otworzyli.",
    "scoring.handing_multiplier.penalties.2.plain": "Gdy ktoś zrobi remika, pozostali gracze liczą punkty "
                                                    "podwójnie.",
    "scoring.handing_multiplier.penalties.n": "Gdy ktoś zrobi remika, punkty pozostałych graczy mnoży "
                                              "się przez {n} — także tych, którzy się nie otworzyli.",
    "scoring.handing_multiplier.penalties.n.plain": "Gdy ktoś zrobi remika, punkty pozostałych graczy "
                                                    "mnoży się przez {n}.",
    # the points the winner takes for the others' cards: a bonus he gets besides is not multiplied
    "scoring.handing_multiplier.winner_collects.2": "Gdy zwycięzca zrobi remika, punkty za karty "
                                                    "pozostałych graczy liczy się podwójnie.",
    "scoring.handing_multiplier.winner_collects.n": "Gdy zwycięzca zrobi remika, punkty za karty "
                                                    "pozostałych graczy mnoży się przez {n}.",
    "scoring.handing_multiplier.differences.2": "Gdy zwycięzca zrobi remika, jego punkty liczy się "
                                                "podwójnie.",
    "scoring.handing_multiplier.differences.n": "Gdy zwycięzca zrobi remika, jego punkty mnoży się przez "
                                                "{n}.",
    "scoring.undercut_bonus": "Jeśli ktoś zapukał, a zwycięzcą jest kto inny (mówi się wtedy, że go "
                              "„podciął”), zwycięzca dostaje jeszcze {n:point} premii za podcięcie.",
    # a reader asked how tied winners count: each the differences to all (0 between the tied)
    "scoring.tie_with_knocker.others_win": "Jeśli ten, kto zapukał, ma najmniej punktów, ale tyle samo co "
                                           "inny gracz, wygrywa ten drugi i dostaje premię za podcięcie. Gdy "
                                           "najmniej punktów ma kilku graczy, wygrywa każdy z nich (ale nie "
                                           "ten, kto zapukał): każdy dostaje sumę różnic do wszystkich "
                                           "pozostałych graczy (między remisującymi różnica wynosi 0) i — "
                                           "jeśli ktoś zapukał — premię za podcięcie.",
    # the same in a game without `undercut_bonus`: no bonus to give
    "scoring.tie_with_knocker.others_win.plain": "Jeśli ten, kto zapukał, ma najmniej punktów, ale tyle samo "
                                                 "co inny gracz, wygrywa ten drugi. Gdy najmniej punktów ma "
                                                 "kilku graczy, wygrywa każdy z nich (ale nie ten, kto "
                                                 "zapukał): każdy dostaje sumę różnic do wszystkich "
                                                 "pozostałych graczy (między remisującymi różnica wynosi 0).",
    "scoring.tie_with_knocker.knocker_wins": "Przy remisie z tym, kto zapukał, wygrywa ten, kto zapukał.",
    "scoring.all_out_bonus": "Kto wygra, wykładając wszystkie swoje karty, dostaje {n:point} premii.",
    # in a game whose remik multiplies the points: the bonus is not
    "scoring.all_out_bonus.not_multiplied": "Kto wygra, wykładając wszystkie swoje karty, dostaje {n:point} "
                                            "premii, której nie mnoży się za remika.",
}
