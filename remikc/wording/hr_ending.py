"""The Croatian words of how a deal ends (`going_out.*`, `handing.*`, `knocking`,
`stock.*`), apart from the catalogue (wording/hr.py), which is long enough."""

from __future__ import annotations

ENDING: dict[str, str | dict[str, str]] = {
    # going out
    "going_out.discard": "Partija završava kad se netko riješi svih karata. Posljednju kartu mora odbaciti "
                         "na hrpu odbačenih karata — ne smije je staviti na stol, ni u novu grupu ni kao "
                         "dodatak nekoj grupi.",
    "going_out.table": "Partija završava kad netko izloži na stol sve svoje karte.",
    "going_out.discard_or_table": "Partija završava kad se netko riješi svih karata — izlažući ih, "
                                  "dodajući ih ili odbacujući posljednju.",
    "handing": "Igrač handira ako u jednom potezu odjednom izloži sve karte, a prije toga nije na stol "
               "stavio nijednu kartu.",
    "handing.discard_or_table": "Igrač handira ako se u jednom potezu riješi svih karata (izloži ih "
                                "odjednom, a posljednju smije i odbaciti), a prije toga nije na stol stavio "
                                "nijednu kartu.",
    "handing.keep_discard": "Igrač handira ako u jednom potezu odjednom izloži sve grupe, a prije toga nije "
                            "na stol stavio nijednu kartu, i ostane mu samo jedna karta za odbacivanje. "
                            "Pritom nije bitno je li kartu uzeo sa špila ili s hrpe odbačenih karata.",
    # `handing.keep_discard` in two: the second clause only where a handing player may take the discard
    "handing.keep_discard.rule": "Igrač handira ako u jednom potezu odjednom izloži sve grupe, a prije toga "
                                 "nije na stol stavio nijednu kartu, i ostane mu samo jedna karta za "
                                 "odbacivanje.",
    "handing.any_pile": "Pritom nije bitno je li kartu uzeo sa špila ili s hrpe odbačenih karata.",
    "handing.stock_only": "Kartu s hrpe odbačenih karata pritom ne smije uzeti.",
    "handing.lay_off.forbidden": "Tko handira, ne smije dodati nijednu svoju kartu u tuđu grupu.",
    "handing.lay_off.allowed": "Tko handira, smije dodavati karte i u tuđe grupe.",
    "handing.opening_rules.apply": "Grupe izložene pri handiranju moraju ispuniti uvjete otvaranja.",
    "handing.opening_rules.waived": "Grupe izložene pri handiranju ne moraju ispuniti uvjete otvaranja.",
    "knocking": "Nakon svog poteza igrač kojem karte u ruci zajedno vrijede najviše {n:point} smije pokucati "
                "po stolu: partija odmah završava i slijedi bodovanje.",
    "stock.reshuffle": "Kad u špilu nestane karata, promiješaju se odbačene karte — osim gornje, koja ostaje "
                       "na mjestu — i od njih se složi novi špil.",
    "stock.reshuffle.cut_card": "Kad iznad karte ispod špila ne ostane nijedna karta koja bi se mogla "
                                "kupiti, promiješaju se odbačene karte — osim gornje, koja ostaje na mjestu "
                                "— i od njih se složi novi špil na karti ispod špila: ona ostaje na dnu te i "
                                "dalje čeka handiranje.",
    # the same where the cut card is not kept for handing alone
    "stock.reshuffle.cut_card.plain": "Kad iznad karte ispod špila ne ostane nijedna karta koja bi se mogla "
                                      "kupiti, promiješaju se odbačene karte — osim gornje, koja ostaje na "
                                      "mjestu — i od njih se složi novi špil na karti ispod špila: ona "
                                      "ostaje na dnu.",
    "stock.reshuffle.none_left": "Ako osim gornje karte nema što promiješati, a igrač koji je na potezu ne "
                                 "može kupiti nijednu kartu, partija završava bez pobjednika i nitko ne "
                                 "dobiva bodove.",
    "stock.last_round.knock": "I u tom posljednjem potezu smije se pokucati: partija tada odmah završava, a "
                              "ostali igrači više ne stavljaju karte na stol.",
    "stock.last_round": "Kad se špil potroši, a nitko nije pokucao, svaki igrač — i onaj koji je kupio "
                        "posljednju kartu — ima još jedan potez u kojem smije stavljati karte na stol (u "
                        "novu grupu ili dodavanjem). Zatim se zbrajaju karte u rukama: partiju dobiva igrač "
                        "s najmanjim zbrojem.",
    # the same in a game without knocking: nobody could have knocked
    "stock.last_round.plain": "Kad se špil potroši, svaki igrač — i onaj koji je kupio posljednju kartu — "
                              "ima još jedan potez u kojem smije stavljati karte na stol (u novu grupu ili "
                              "dodavanjem). Zatim se zbrajaju karte u rukama: partiju dobiva igrač s "
                              "najmanjim zbrojem.",
    # the same where a cut card lies under the stock: the stock is gone when it alone is left
    "stock.last_round.cut_card": "Kad iznad karte ispod špila ne ostane nijedna karta koja bi se mogla "
                                 "kupiti, a nitko nije pokucao, svaki igrač — i onaj koji je kupio "
                                 "posljednju kartu — ima još jedan potez u kojem smije stavljati karte na "
                                 "stol (u novu grupu ili dodavanjem). Zatim se zbrajaju karte u rukama: "
                                 "partiju dobiva igrač s najmanjim zbrojem.",
    "stock.last_round.cut_card.plain": "Kad iznad karte ispod špila ne ostane nijedna karta koja bi se mogla "
                                       "kupiti, svaki igrač — i onaj koji je kupio posljednju kartu — ima "
                                       "još jedan potez u kojem smije stavljati karte na stol (u novu grupu "
                                       "ili dodavanjem). Zatim se zbrajaju karte u rukama: partiju dobiva "
                                       "igrač s najmanjim zbrojem.",
}
