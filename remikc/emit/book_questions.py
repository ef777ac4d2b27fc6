"""The players' questions at the table ("Pytania przy stole" / "Pitanja za stolom"), each
answered by the book's own sentences: `questions(writer, sections) -> blocks`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

from .. import ir
from ..drawing import holds
from .book import Block, Section, Sentence, Steps
from .book_words import Writer, discard_rule

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
    ("question.cut_card", ("deal.cut_card",), lambda v: True),
    ("question.cut_card_draw", ("turn.draw.cut_card",), lambda v: True),
    ("question.last_card", ("going_out.by",), lambda v: True),
    ("question.stock_empty", ("stock_empty",), lambda v: True),
    ("question.went_out", ("scoring.went_out",), lambda v: True),
    ("question.joker_in_hand", ("scoring.joker_in_hand",), lambda v: True),
    ("question.not_opened", ("scoring.not_opened",), lambda v: True),
)


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
        # a sentence answers where it states one of the rules first: a clause it borrows from
        # another rule (handing's "from either pile") belongs to that rule's question
        answer = [s for s in said if s.rules and s.rules[0] in rule_ids]
        if not answer or not asked(w.v):
            continue
        rules = tuple(dict.fromkeys(r for s in answer for r in s.rules))
        text = on_its_own(w, " ".join(s.text for s in answer))
        yes = _YES_NO.get(key, _unsaid)(w.v)
        if yes is not None:  # a yes-or-no question answered first with its word
            text = f"{w.lang.say('answer.yes' if yes else 'answer.no')} {text}"
        out.append(Sentence(text, rules, any(s.assumed for s in answer),
                            any(s.reading for s in answer), question=w.lang.say(key, **_asked_with(w.v)),
                            referee=any(s.referee for s in answer)))
    return tuple(out)


def on_its_own(w: Writer, text: str) -> str:
    """An answer read without the step before it: "Instead, you may take..." names what it
    is instead of (`answer.instead` for the book's `answer.instead.of`)."""
    lead = w.lang.say("answer.instead")
    if text.startswith(lead):
        return w.lang.say("answer.instead.of") + text[len(lead):]
    return text


def _asked_with(v: ir.Variant) -> dict[str, int]:
    """The values a question names: the last card a turn may draw (`question.after_last_draw`)."""
    return {"n": v.turn.draws.value.count}
