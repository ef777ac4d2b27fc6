"""The Polish words of the players' questions at the table and the leads of their answers
(`question.*`, `answer.*`; emit/book_questions.py asks them).  Apart from the catalogue
(wording/pl.py), which is long enough."""

from __future__ import annotations

QUESTIONS: dict[str, str] = {
    # the players' questions at the table, each answered by the sentence stating its rule
    "question.discard_before_opening": "Czy przed otwarciem wolno wziąć kartę ze stosu kart odrzuconych?",
    "question.lay_off_before_opening": "Czy przed otwarciem wolno dokładać karty do układów na stole?",
    "question.lay_off": "Czy wolno dokładać swoje karty do cudzych układów na stole?",
    "question.draws_until_meld": "Ile kart dobiera się w turze i kiedy przestaje się dobierać?",
    "question.after_last_draw": "Czy gracz, który dobrał {n}. kartę — ostatnią, jaką wolno wziąć w turze — "
                                "może jeszcze coś położyć na stół?",
    # an answer that begins as a step after the draw ("Zamiast tego możesz wziąć...") says what for
    "answer.instead": "Zamiast tego",
    "answer.instead.of": "Zamiast karty z wierzchu stosu do dobierania",
    "answer.instead.of.first": "Zamiast pierwszej karty z wierzchu stosu do dobierania",
    "answer.yes": "Tak.",
    "answer.no": "Nie.",
    "question.joker_swap": "Co wolno zrobić z jokerem leżącym w układzie na stole?",
    "question.jokers_per_meld": "Ile jokerów może być w jednym układzie?",
    "question.run_wrap": "Czy sekwens może przejść przez asa, od króla do dwójki?",
    "question.cut_card": "Gdzie leży karta wyciągnięta przy przekładaniu talii?",
    "question.cut_card_draw": "Kiedy wolno wziąć kartę leżącą pod stosem do dobierania?",
    "question.last_card": "Czy ostatnią kartę trzeba odrzucić, czy można ją położyć na stół?",
    "question.stock_empty": "Co, gdy w stosie do dobierania skończą się karty?",
    "question.went_out": "Ile punktów dostaje ten, kto pierwszy pozbędzie się wszystkich kart?",
    "question.joker_in_hand": "Ile punktów liczy się za jokera, który został na ręce?",
    "question.not_opened": "Co liczy się graczowi, który do końca rozdania się nie otworzył?",
    "question.first_turn": "Czy gracz, który zaczyna, może się otworzyć już w swojej pierwszej turze?",
    "question.first_turn.plain": "Czy gracz, który zaczyna, może wyłożyć układy już w swojej pierwszej "
                                 "turze?",
    "question.first_play": "Czy pierwsze karty położone w rozdaniu na stół muszą tworzyć nowy układ?",
    "answer.first_play": "Dopóki stół jest pusty, nie ma do czego dokładać: pierwsze karty kładzie się jako "
                         "nowy układ.",
    "question.handing_jokers": "Czy przy remiku obowiązuje ten sam limit jokerów w układzie co przy "
                               "otwarciu?",
    "question.handed_with_cut_card": "Jak liczy się remik z kartą spod stosu do dobierania: czy zastępuje "
                                     "zwykłego remika i czy pozostali nadal liczą punkty jak przy remiku?",
    "answer.handed_with_cut_card": "Remik z kartą spod stosu do dobierania to też remik.",
    "question.handing_swap": "Czy robiąc remika, wolno wymienić jokera leżącego w cudzym układzie?",
    "answer.handing_swap": "Wymieniając jokera, dokłada się swoją kartę do cudzego układu.",
    "question.stock_empty_mid_draw": "Co, gdy gracz musi dobrać kolejną kartę, a stos do dobierania już się "
                                     "skończył?",
    "answer.stock_empty_mid_draw": "Więcej już nie dobiera, ale w tej turze może jeszcze położyć karty na "
                                   "stole. Potem każdy gracz, także on, ma jeszcze jedną turę, już bez "
                                   "dobierania.",
    "question.knock_after_last_draw": "Czy gracz, który dobrał {n}. kartę, może po tej turze zapukać?",
}
