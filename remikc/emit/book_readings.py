"""What a rulebook lists "to settle before the game": each rule the spec marks with an `other`
reading, the book's sentence for it beside the reading the spec did not take."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import ir
from ..cards import format_cards
from ..verify.witness import Examples
from .book import Sentence, Taught
from .book_questions import on_its_own
from .book_words import Writer, no_jokers


def to_settle(w: Writer, said: Sequence[Sentence], e: Examples, t: Taught) -> tuple[Sentence, ...]:
    """The readings to settle, for the book whose sentences are `said`: each with the sentence
    that carries the rule's mark (else the rule's first), in the order of the spec's rules."""
    first: dict[str, str] = {}
    marked: dict[str, str] = {}  # the first that carries the rule's mark: its reading is that one
    for sentence in said:
        # the referee's own sentence beside a rule (who cuts) is not the rule's sentence
        for rule_id in () if sentence.referee else sentence.rules:
            first.setdefault(rule_id, sentence.text)
            if sentence.assumed or sentence.reading:
                marked.setdefault(rule_id, sentence.text)
    first = {**first, **marked}
    # a rule the book does not say (it cannot take effect here) leaves no reading to settle
    return tuple(reading for r in w.v.rules if r.other and r.id in first
                 for reading in [_reading(w, r, first[r.id], e, t)] if reading is not None)


# A seed's other reading that speaks of a part of the game a house variant may take away: where
# the part is gone, the reading is moot (None: nothing left to settle) or said without it.  The
# rule itself stays (its sentence says what it does without the part).
_WITHOUT: dict[str, tuple[Callable[[ir.Variant], bool], str | None]] = {
    # "when no card is left above the cut card": without a cut card the stock simply runs out
    "other.remik51.stock_empty": (lambda v: v.deal.cut_card is None, None),
    # "... and a joker the cutter does not lay under the stock": a deck without jokers
    "other.remik51.deal.cut_card": (no_jokers, "other.remik51.deal.cut_card.plain"),
}


def _reading(w: Writer, rule: ir.Rule[object], said: str, e: Examples, t: Taught) -> Sentence | None:
    """The rule's sentence and the spec's `other` reading: in the book's language where the
    catalogue has it (`other.<variant>.<rule>`), else as the spec words it (a house variant's
    author writes it in the house's own language).  Marked as the rule is: `†` the other
    reading of a quoted sentence, `*` another choice where the seed says nothing.  None where
    the reading speaks of a part this game does not have (`_WITHOUT`)."""
    key = f"other.{rule.origin}.{rule.id}"
    gone, instead = _WITHOUT.get(key, (None, None))
    if gone is not None and gone(w.v):
        if instead is None:
            return None
        key = instead
    other = w.lang.say(key, example=_openings_shown(w, e, t)) if w.lang.has(key) else rule.other
    # listed at the end, away from the step before it: "Zamiast tego ..." says instead of what
    said = on_its_own(w, said)
    return Sentence(w.lang.say("reading", said=said, other=other), (rule.id,),
                    rule.mark == ir.ASSUMED, rule.mark == ir.READING)


def _openings_shown(w: Writer, e: Examples, t: Taught) -> str:
    """An opening of two melds or more, for a reading that speaks of such openings: the one the
    book teaches ("Otwarcie"), so the reading points at an example the reader has seen; else one
    found under the variant's rules ("" where none was found or looked for)."""
    taught = [melds for melds, _ in t.openings if len(melds) >= 2]
    if taught:
        melds: tuple[str, ...] = tuple(taught[0])
    elif e.opening is not None and len(e.opening[0]) >= 2:
        melds = tuple(format_cards(m) for m in e.opening[0])
    else:
        return ""
    glue = f" {w.lang.say('word.and')} "
    return w.lang.say("reading.example", melds=glue.join(w.cards(m) for m in melds))
