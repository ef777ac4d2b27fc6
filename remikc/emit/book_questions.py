"""The players' questions at the table ("Pytania przy stole" / "Pitanja za stolom"), each
answered by the book's own sentences: `questions(writer, sections) -> blocks`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import product

from .. import ir
from ..drawing import holds
from .book import Block, Section, Sentence, Steps
from .book_words import Writer, discard_rule


def _handing_jokers(v: ir.Variant) -> bool:
    """Asked where a hand's melds must meet an opening that limits its jokers: the referee
    judges a hand's melds as an opening's (`_read_declared(..., opening=True)`)."""
    h, j = v.handing, v.jokers
    return h is not None and h.opening_rules is not None and h.opening_rules.value and j is not None \
        and j.per_meld_at_opening is not None and j.per_meld_at_opening.value is not None


# What a group stops the game to ask, with the rules whose sentences answer it and when it is
# asked at all; asked only where the book states one of the rules, so a house variant's
# answers are its own.
QUESTIONS: tuple[tuple[str, tuple[str, ...], Callable[[ir.Variant], bool]], ...] = (
    ("question.discard_before_opening", ("turn.draw.discard_top",), lambda v: v.opening is not None),
    ("question.lay_off_before_opening", ("turn.lay_off",), lambda v: v.opening is not None),
    ("question.lay_off", ("turn.lay_off",), lambda v: v.opening is None),
    ("question.draws_until_meld", ("turn.draws",), lambda v: v.turn.draws.value.until_meld),
    ("question.after_last_draw", ("turn.meld_after_last_draw",), lambda v: True),
    ("question.joker_swap", ("joker_swap.allowed", "joker_swap.retrieved_joker"), lambda v: True),
    ("question.jokers_per_meld", ("jokers.per_meld_at_opening", "jokers.per_meld"), lambda v: True),
    ("question.run_wrap", ("run.wrap",), lambda v: True),
    ("question.first_turn", ("deal.first_player_extra",), lambda v: v.opening is not None),
    ("question.first_turn.plain", ("deal.first_player_extra",), lambda v: v.opening is None),
    ("question.first_play", (),
     lambda v: v.opening is None and not isinstance(v.turn.lay_off.value, ir.Never)),
    ("question.handing_jokers", ("handing.opening_rules", "jokers.per_meld_at_opening"), _handing_jokers),
    # a swap lays one's card in another's meld: a remik's lay-off rule says whether it may
    ("question.handing_swap", ("handing.lay_off",),
     lambda v: v.handing is not None and v.joker_swap is not None
     and not isinstance(v.joker_swap.allowed.value, ir.Never)),
    ("question.cut_card", ("deal.cut_card",), lambda v: True),
    ("question.cut_card_draw", ("turn.draw.cut_card",), lambda v: True),
    # (a game with no discards has no last card to throw: Karuzela)
    ("question.last_card", ("going_out.by",), lambda v: bool(v.turn.discard.value)),
    ("question.stock_empty", ("stock_empty",), lambda v: True),
    # a turn of several draws whose stock runs out before the last (the referee: no more draws,
    # the turn goes on, then the last round, his turn too)
    ("question.stock_empty_mid_draw", (),
     lambda v: v.turn.draws.value.count > 1 and v.stock_empty.value is ir.StockEmpty.LAST_ROUND),
    ("question.went_out", ("scoring.went_out",), lambda v: True),
    ("question.joker_in_hand", ("scoring.joker_in_hand",), lambda v: True),
    ("question.not_opened", ("scoring.not_opened",), lambda v: True),
    ("question.handed_with_cut_card", ("scoring.handed_with_cut_card", "scoring.handing_multiplier"),
     lambda v: v.scoring.handed_with_cut_card is not None and v.scoring.handing_multiplier is not None),
    ("question.knock_after_last_draw", ("knocking.max_hand",),
     lambda v: v.knocking is not None and v.turn.draws.value.count > 1),
)

# A question no rule's sentence answers as it stands: its answer, in the catalogue's words
# (`answer.<question>`), ahead of the sentences of its rules (where it has any)
_OWN_ANSWERS: frozenset[str] = frozenset({"question.first_play", "question.handed_with_cut_card",
                                          "question.handing_swap", "question.stock_empty_mid_draw"})


def _lay_off_before_opening(v: ir.Variant) -> bool | None:
    rule = v.turn.lay_off.value
    if isinstance(rule, ir.Always):
        return True
    if isinstance(rule, ir.Never) or rule == ir.Is(ir.Flag.OPENED):
        return False
    return None  # a condition the sentence says in full


def _discard_before_opening(v: ir.Variant) -> bool | None:
    """"Nie." where no player who has not opened may take the discard (`when opened`), "Tak."
    where every one may; else the sentence says when."""
    rule = discard_rule(v)
    if rule is None:
        return False
    answers = {holds(rule.value, {ir.Flag.FIRST_ROUND: first, ir.Flag.OPENED: False,
                                  ir.Flag.OPENS_THIS_TURN: opens, ir.Flag.HANDING: handing})
               for first, opens, handing in product((False, True), repeat=3)}
    return answers.pop() if len(answers) == 1 else None


def _unsaid(v: ir.Variant) -> bool | None:
    return None


# The questions a player asks as yes or no, and the rules' answer (None: the sentence says it)
_YES_NO: dict[str, Callable[[ir.Variant], bool | None]] = {
    "question.lay_off_before_opening": _lay_off_before_opening,
    "question.discard_before_opening": _discard_before_opening,
    "question.lay_off": lambda v: not isinstance(v.turn.lay_off.value, ir.Never),
    "question.run_wrap": lambda v: None if v.run is None else v.run.wrap.value,
    # the first player's turn is a turn like any other but for the draw (the referee's `apply`)
    "question.first_turn": lambda v: True,
    "question.first_turn.plain": lambda v: True,
    "question.first_play": lambda v: True,
    "question.handing_jokers": lambda v: True,
    "question.handing_swap": lambda v: v.handing is not None and v.handing.lay_off.value,
    # a knock comes after the turn, whatever it drew (`_end_turn`: only the hand's count is judged)
    "question.knock_after_last_draw": lambda v: True,
}


def questions(w: Writer, sections: Sequence[Section]) -> tuple[Block, ...]:
    """The questions of `QUESTIONS` this book answers, each with the sentences that state its
    rules, in the book's order (steps and paragraphs of the rules' sections: the introduction
    only names the goal, and a table's row is no answer on its own)."""
    said = [sentence for section in sections if section.key != "about" for block in section.blocks
            for sentence in (block.items if isinstance(block, Steps) else (block,))
            if isinstance(sentence, Sentence)]
    out: list[Block] = []
    for key, rule_ids, asked in QUESTIONS:
        if not asked(w.v):
            continue
        # a sentence answers where it states one of the rules first: a clause it borrows from
        # another rule (handing's "from either pile") belongs to that rule's question
        answer = sorted((s for s in said if s.rules and s.rules[0] in rule_ids),
                        key=lambda s: rule_ids.index(s.rules[0]))  # in the question's order
        if key in _OWN_ANSWERS:
            if rule_ids and not answer:
                continue
            answer.insert(0, Sentence(w.lang.say(key.replace("question.", "answer.", 1))))
        elif not answer:
            continue
        # each sentence keeps its own mark: "* †" after the last would not say which is which
        parts = [replace(answer[0], text=on_its_own(w, answer[0].text)), *answer[1:]]
        yes = _YES_NO.get(key, _unsaid)(w.v)
        if yes is not None:  # a yes-or-no question answered first with its word
            lead = w.lang.say("answer.yes" if yes else "answer.no")
            parts[0] = replace(parts[0], text=f"{lead} {parts[0].text}")
        rules = tuple(dict.fromkeys(r for s in answer for r in s.rules))
        out.append(Sentence(" ".join(p.text for p in parts), rules, any(s.assumed for s in answer),
                            any(s.reading for s in answer), question=w.lang.say(key, **_asked_with(w.v)),
                            referee=any(s.referee for s in answer),
                            parts=tuple(Sentence(p.text, p.rules, p.assumed, p.reading) for p in parts)))
    return tuple(out)


def on_its_own(w: Writer, text: str) -> str:
    """An answer read without the step before it: "Instead, you may take..." names what it
    is instead of (`answer.instead` for the book's `answer.instead.of`; with `draws 2` and more,
    `turn.instead.first` for `answer.instead.of.first`)."""
    for lead, named in (("answer.instead", "answer.instead.of"),
                        ("turn.instead.first", "answer.instead.of.first")):
        said = w.lang.say(lead)
        if text.startswith(said):
            return w.lang.say(named) + text[len(said):]
    return text


def _asked_with(v: ir.Variant) -> dict[str, int]:
    """The values a question names: the last card a turn may draw (`question.after_last_draw`)."""
    return {"n": v.turn.draws.value.count}
