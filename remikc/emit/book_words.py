"""How a rulebook says things: `Writer` makes sentences from the language catalogue's messages
(remikc/wording/), and the small wording calls the sections share (a condition, a size, a
meld with its declared jokers, an example found by the solver)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import ir
from ..cards import RANK_NAMES, SUIT_SYMBOLS, Card
from ..verify.witness import Play
from ..wording import Language
from .book import Block, Example, Sentence

Cards = tuple[Card, ...]


@dataclass
class Writer:
    """Builds one rulebook: `say` makes a sentence from a message and the rules it states."""

    v: ir.Variant
    lang: Language
    blocks: list[Block] = field(default_factory=list)

    def say(self, key: str, *rules: ir.Rule[object] | None, marked: bool = True,
            **values: object) -> Sentence:
        present = tuple(r for r in rules if r is not None)
        marks = {r.mark for r in present} if marked else set()
        return Sentence(self.lang.say(key, **values), tuple(r.id for r in present),
                        ir.ASSUMED in marks, ir.READING in marks)

    def add(self, key: str, *rules: ir.Rule[object] | None, marked: bool = True,
            **values: object) -> None:
        self.blocks.append(self.say(key, *rules, marked=marked, **values))

    def count(self, key: str, rule: ir.Rule[int] | None) -> None:
        """The sentence of a rule that is a number, if the variant has the rule."""
        if rule is not None:
            self.add(key, rule, n=rule.value)

    def cards(self, cards: Iterable[Card | str] | str) -> str:
        """Cards as the book shows them: the joker written out (`Joker`, `Džoker`), a declared
        joker with the card it stands for (`Joker (5♥)`)."""
        tokens = cards.split() if isinstance(cards, str) else [str(c) for c in cards]
        word = self.lang.say("card.joker")
        return " ".join(word + (f" ({t[3:]})" if t.startswith("JK=") else "") if t.upper().startswith("JK")
                        else t for t in tokens)

    def take(self) -> tuple[Block, ...]:
        out, self.blocks = tuple(self.blocks), []
        return out


def range_text(r: ir.Range) -> str:
    return f"{r.low}–{r.high}" if r.high is not None and r.high != r.low else str(r.low)


def _flags(c: ir.Condition) -> list[str] | None:
    """The flags of a plain `a or b or c` condition, or None for any other shape."""
    if isinstance(c, ir.Is):
        return [c.flag.value]
    if isinstance(c, ir.AnyOf) and all(isinstance(item, ir.Is) for item in c.items):
        return [item.flag.value for item in c.items if isinstance(item, ir.Is)]
    if isinstance(c, ir.IsNot) and isinstance(c.item, ir.Is):
        return ["not", c.item.flag.value]
    return None


def condition(w: Writer, c: ir.Condition) -> str:
    """A `when` condition in words: `when.first_round`, a list joined as the language joins
    alternatives ("a, b albo c"), `when.and` between conditions that must all hold."""
    if isinstance(c, ir.Is):
        return w.lang.say(f"when.{c.flag.value}")
    if isinstance(c, ir.IsNot):
        return w.lang.say("when.not", what=condition(w, c.item))
    if isinstance(c, ir.AnyOf):
        parts = [condition(w, item) for item in c.items]
        last = w.lang.say("when.or")
        return ", ".join(parts[:-1]) + last + parts[-1] if len(parts) > 1 else parts[0]
    if isinstance(c, ir.AllOf):
        return w.lang.say("when.and").join(condition(w, item) for item in c.items)
    return w.lang.say("when.always" if isinstance(c, ir.Always) else "when.never")


def when(w: Writer, key: str, rule: ir.Rule[ir.Condition]) -> Sentence:
    """A rule that holds only when a condition does: its own sentence for a usual condition
    (`turn.when.discard_top.first_round+opened+opens_this_turn`), else the general one."""
    flags = _flags(rule.value)
    special = f"{key}.{'+'.join(flags)}" if flags else ""
    if special and w.lang.has(special):
        return w.say(special, rule)
    if isinstance(rule.value, ir.IsNot) and w.lang.has(f"{key}.except"):
        # "ale nie w swojej pierwszej turze", not "ale tylko nie w swojej pierwszej turze"
        return w.say(f"{key}.except", rule, when=condition(w, rule.value.item))
    return w.say(key, rule, when=condition(w, rule.value))


def kind(w: Writer, play: Play) -> str:
    return w.lang.say(f"kind.{play.kind}") if play.kind else ""



def melds_text(w: Writer, melds: Iterable[str]) -> str:
    return " + ".join(w.cards(m) for m in melds)


def one_deal(v: ir.Variant) -> bool:
    """A game of one deal (`rounds 1`, no target): it ends with its deal, no next deal is dealt."""
    g = v.game_end
    return g.target is None and g.rounds is not None and g.rounds.value == 1


def discard_rule(v: ir.Variant) -> ir.Rule[ir.Condition] | None:
    """The rule on taking the top of the discard pile, if the game has one."""
    return next((rule for source, rule in v.turn.draw if source.value == "discard_top"), None)


def no_jokers(v: ir.Variant) -> bool:
    """Whether the deck holds no joker at any player count: then a sentence need not speak of one."""
    return not any(n for _, n in v.deck.jokers.value.cases)


def scores_melds(v: ir.Variant) -> bool:
    """Whether what a meld is worth means anything: only where an opening counts points."""
    return v.opening is not None



def size_words(w: Writer, size: ir.Range, key: str = "size") -> str:
    """How many cards: `size.*` with the noun (`co najmniej 3 karty`), `size.n.*` without."""
    if size.high is None:
        return w.lang.say(f"{key}.at_least", n=size.low)
    if size.high == size.low:
        return w.lang.say(f"{key}.exactly", n=size.low)
    if size.high == size.low + 1:
        return w.lang.say(f"{key}.either", low=size.low, n=size.high)
    return w.lang.say(f"{key}.between", low=size.low, n=size.high)


def declared(w: Writer, cards: Cards, run: bool) -> str:
    """A run's cards with each joker's card named where the player must name it (`JK=10♥`):
    the book teaches what the player says."""
    j = w.v.jokers
    naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if not run or j is None or j.declare.value is not ir.Declare.RANK_AND_SUIT or not naturals:
        return w.cards(cards)
    at, first = naturals[0]
    tokens = []
    for i, c in enumerate(cards):
        rank = (first.rank - 1 + i - at) % 13  # a run's ranks follow its first natural card
        tokens.append(f"JK={RANK_NAMES[rank]}{SUIT_SYMBOLS[first.suit]}" if c.is_joker else str(c))
    return w.cards(" ".join(tokens))


def example(w: Writer, play: Play, rules: tuple[str, ...]) -> Example:
    shown = declared(w, play.cards, play.kind == "run")
    if not scores_melds(w.v):
        return Example(shown, kind(w, play), rules)
    return Example(shown, w.lang.say("example.meld", kind=kind(w, play), n=play.points), rules)

