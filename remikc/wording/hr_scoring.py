"""The Croatian words of the scoring rules (`scoring.*`), apart from the catalogue
(wording/hr.py), which is long enough."""

from __future__ import annotations

SCORING: dict[str, str | dict[str, str]] = {
    "scoring.penalties": "Kad partija završi, ostalim se igračima zbrajaju karte koje su im ostale u "
                         "ruci, po vrijednostima iz tablice.",
    "scoring.winner_collects": "Kad partija završi, pobjednik dobiva bodove za sve karte koje su ostale u "
                               "rukama ostalih igrača.",
    "scoring.winner_collects.went_out": "Kad partija završi, pobjednik — onaj tko se riješio svih karata — "
                                        "dobiva bodove za sve karte koje su ostale u rukama ostalih igrača.",
    "scoring.differences": "Partiju dobiva igrač kojem je u ruci ostalo najmanje bodova — ne mora to biti "
                           "onaj koji je pokucao. On dobiva zbroj razlika između bodova svakog od ostalih "
                           "igrača i svojih.",
    # the same in a game without knocking
    "scoring.differences.plain": "Partiju dobiva igrač kojem je u ruci ostalo najmanje bodova. On dobiva "
                                 "zbroj razlika između bodova svakog od ostalih igrača i svojih.",
    # a knock ends the deal as going out does, whoever holds less (remikc/scoring.py)
    "scoring.penalties.knocked": "Igrač koji je pokucao dobiva isto kao onaj koji se riješio svih karata "
                                 "({n:point}), čak i ako je nekom drugom u ruci ostalo manje bodova.",
    "scoring.winner_collects.knocked": "Igrač koji je pokucao dobiva partiju, čak i ako je nekom drugom u "
                                       "ruci ostalo manje bodova.",
    "scoring.went_out": "Igrač koji se prvi riješio svih karata dobiva {n:point}.",
    "scoring.handed": "Igrač koji je handirao dobiva {n:point}{instead}.",
    "scoring.handed.plain": "Handiranje ne donosi dodatne bodove: računa se kao i svako drugo rješavanje "
                            "svih karata.",
    "scoring.handed_with_cut_card": "Igrač koji je handirao pomoću karte ispod špila dobiva "
                                    "{n:point}{instead}.",
    # what a hand's score replaces ("−80 (zamiast −40)"): the number as printed
    "scoring.instead": " (umjesto {n})",
    "scoring.instead.handed_with_cut_card": " (umjesto {n} za obično handiranje)",
    "scoring.joker_in_hand": "Džoker koji nekome ostane u ruci vrijedi {n:point}.",
    "scoring.not_opened": "Igraču koji se nije otvorio upisuje se {n:point}, bez brojenja karata.",
    # where the winner takes the others' points, a hand counts for him: it costs its holder nothing
    "scoring.joker_in_hand.counted": "Džoker koji nekome ostane u ruci vrijedi {n:point}.",
    "scoring.not_opened.counted": "Karte igrača koji se nije otvorio broje se zajedno kao {n:point}, što "
                                  "god imao u ruci.",
    "scoring.handing_multiplier.penalties.2": "Ako netko od igrača handira, ostalim se igračima bodovi "
                                              "udvostručuju — i igračima koji se nisu otvorili.",
    "scoring.handing_multiplier.penalties.2.plain": "Ako netko od igrača handira, ostalim se igračima "
                                                    "bodovi udvostručuju.",
    "scoring.handing_multiplier.penalties.n": "Ako netko od igrača handira, ostalim se igračima bodovi "
                                              "množe s {n} — i igračima koji se nisu otvorili.",
    "scoring.handing_multiplier.penalties.n.plain": "Ako netko od igrača handira, ostalim se igračima "
                                                    "bodovi množe s {n}.",
    # the points the winner takes for the others' cards: a bonus he gets besides is not multiplied
    "scoring.handing_multiplier.winner_collects.2": "Ako je pobjednik handirao, bodovi za karte ostalih "
                                                    "igrača udvostručuju se.",
    "scoring.handing_multiplier.winner_collects.n": "Ako je pobjednik handirao, bodovi za karte ostalih "
                                                    "igrača množe se s {n}.",
    "scoring.handing_multiplier.differences.2": "Ako je pobjednik handirao, njegovi se bodovi udvostručuju.",
    "scoring.handing_multiplier.differences.n": "Ako je pobjednik handirao, njegovi se bodovi množe s {n}.",
    "scoring.undercut_bonus": "Ako je netko pokucao, a pobjednik nije on (kaže se da ga je „podsjekao”), "
                              "pobjednik dobiva još {n:point} nagrade za podsijecanje.",
    "scoring.tie_with_knocker.others_win": "Ako onaj koji je pokucao ima najmanje bodova, ali jednako kao "
                                           "neki drugi igrač, pobjeđuje taj drugi i dobiva nagradu za "
                                           "podsijecanje. Kad najmanje bodova ima više igrača, pobjeđuje "
                                           "svaki od njih (ali ne onaj koji je pokucao): svaki dobiva zbroj "
                                           "razlika prema svim ostalim igračima (među izjednačenima razlika "
                                           "je 0) i — ako je netko pokucao — nagradu za podsijecanje.",
    # the same in a game without `undercut_bonus`: no bonus to give
    "scoring.tie_with_knocker.others_win.plain": (
        "Ako onaj koji je pokucao ima najmanje bodova, ali jednako kao neki drugi igrač, pobjeđuje taj "
        "drugi. Kad najmanje bodova ima više igrača, pobjeđuje svaki od njih (ali ne onaj koji je "
        "pokucao): svaki dobiva zbroj razlika prema svim ostalim igračima (među izjednačenima razlika je "
        "0)."),
    "scoring.tie_with_knocker.knocker_wins": "Pri izjednačenju s igračem koji je pokucao pobjeđuje onaj "
                                             "koji je pokucao.",
    "scoring.all_out_bonus": "Tko pobijedi izloživši sve svoje karte, dobiva {n:point} nagrade.",
    # in a game whose handing multiplies the points: the bonus is not
    "scoring.all_out_bonus.not_multiplied": "Tko pobijedi izloživši sve svoje karte, dobiva {n:point} "
                                            "nagrade, koja se ne množi ni kad je handirao.",
}
