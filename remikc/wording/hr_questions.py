"""The Croatian words of the players' questions at the table and the leads of their answers
(`question.*`, `answer.*`; emit/book_questions.py asks them).  Apart from the catalogue
(wording/hr.py), which is long enough."""

from __future__ import annotations

QUESTIONS: dict[str, str] = {
    # the players' questions at the table, each answered by the sentence stating its rule
    "question.discard_before_opening": "Smije li se prije otvaranja uzeti karta s hrpe odbačenih karata?",
    "question.lay_off_before_opening": "Smiju li se prije otvaranja dodavati karte grupama na stolu?",
    "question.lay_off": "Smiješ li dodavati svoje karte tuđim grupama na stolu?",
    "question.draws_until_meld": "Koliko se karata kupi u potezu i kada se prestaje kupovati?",
    "question.after_last_draw": "Smije li igrač koji je kupio {n}. kartu — posljednju koju smije kupiti "
                                "u potezu — još nešto staviti na stol?",
    # an answer that begins as a step after the draw ("Umjesto toga smiješ uzeti...") says what for
    "answer.instead": "Umjesto toga",
    "answer.instead.of": "Umjesto karte s vrha špila",
    "answer.instead.of.first": "Umjesto prve karte s vrha špila",
    "answer.yes": "Da.",
    "answer.no": "Ne.",
    "question.joker_swap": "Što se smije učiniti s džokerom koji leži u grupi na stolu?",
    "question.jokers_per_meld": "Koliko džokera smije biti u jednoj grupi?",
    "question.run_wrap": "Smije li niz prijeći preko asa, od kralja do dvojke?",
    "question.cut_card": "Gdje leži karta izvučena pri sječenju špila?",
    "question.cut_card_draw": "Kada se smije uzeti karta koja leži ispod špila?",
    "question.last_card": "Mora li se posljednja karta odbaciti ili se smije staviti na stol?",
    "question.stock_empty": "Što ako u špilu nestane karata?",
    "question.went_out": "Koliko bodova dobiva onaj tko se prvi riješi svih karata?",
    "question.joker_in_hand": "Koliko vrijedi džoker koji ostane u ruci?",
    "question.not_opened": "Što se računa igraču koji se do kraja partije nije otvorio?",
    "question.first_turn": "Smije li se igrač koji igra prvi otvoriti već u svom prvom potezu?",
    "question.first_turn.plain": "Smije li igrač koji igra prvi izložiti grupe već u svom prvom potezu?",
    "question.first_play": "Moraju li prve karte koje se u partiji stave na stol činiti novu grupu?",
    "answer.first_play": "Dok je stol prazan, nema se čemu dodavati: prve se karte stavljaju kao nova grupa.",
    "question.handing_jokers": "Vrijedi li pri handiranju isto ograničenje džokera u grupi kao pri "
                               "otvaranju?",
    "question.handed_with_cut_card": "Kako se računa handiranje pomoću karte ispod špila: zamjenjuje li "
                                     "obično handiranje i računaju li ostali bodove kao pri svakom "
                                     "handiranju?",
    "answer.handed_with_cut_card": "Handiranje pomoću karte ispod špila također je handiranje.",
    "question.handing_swap": "Smije li igrač koji handira zamijeniti džokera iz tuđe grupe?",
    "answer.handing_swap": "Zamjenom džokera igrač stavlja svoju kartu u tuđu grupu.",
    "question.stock_empty_mid_draw": "Što ako igrač mora kupiti sljedeću kartu, a špil se već potrošio?",
    "answer.stock_empty_mid_draw": "Više ne kupuje, ali u tom potezu još smije stavljati karte na stol. "
                                   "Zatim svaki igrač, i on, ima još jedan potez, ali bez kupovanja.",
    "question.knock_after_last_draw": "Smije li igrač koji je kupio {n}. kartu nakon tog poteza pokucati?",
}
