"""A house variant's list of changes (on its own book's first page) and its parent's
"Odmiany" section: the rules that differ, said by the sentences of the two books that differ,
each change once, card values card by card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .. import ir
from .book import Rulebook, Sentence, Variation
from .book_questions import on_its_own
from .book_words import Writer

# a variant's rulebook in the language being written, without examples
BookOf = Callable[[ir.Variant], Rulebook]


def value_text(w: Writer, value: ir.CardValue) -> str:
    if value.face:
        return w.lang.say("value.face")
    base = w.lang.count(value.points, "point")
    if not value.by_place:
        return base
    places = [w.lang.say(f"value.in.{place.value}", points=w.lang.count(n, "point"))
              for place, n in value.by_place]
    return w.lang.say("value.places", places=", ".join(places), otherwise=base)



def differences(w: Writer, parent: ir.Variant | None, book_of: BookOf) -> tuple[Sentence, ...]:
    """For a house variant: what differs from the parent, each change once, as it is now and
    as it was (see `_changes`)."""
    if parent is None:
        return ()
    changes = _changes(w, parent, w.v, book_of)
    if not changes:
        return ()
    # the parent by its name: "w grze podstawowej" read as Remik podstawowy, another game
    name = parent.name(w.lang.code)
    out = [Sentence(w.lang.say("differences", parent=name))]
    for change in changes:
        if change.card:
            text = w.lang.say("difference.value", card=change.card, worth=_worth(w, change.card),
                              now=change.now, before=change.before, parent=name)
        elif not change.now:
            text = w.lang.say(_removed(w.v, change.rules), before=change.before, parent=name)
        else:
            text = w.lang.say("difference", now=_stopped(change.now), parent=name,
                              before=_stopped(change.before) or w.lang.say("difference.none"))
        out.append(Sentence(text, change.rules, change.assumed))
    return tuple(out)


def _stopped(text: str) -> str:
    """A sentence with its full stop: a row of a table ("Joker: 25 punktów") has none, and the
    bracket with the parent's rule follows it."""
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."


def _no_meld_reads_both_ways(v: ir.Variant) -> bool:
    """Read both as a set and as a run, a meld has one natural card and two jokers at least (with
    two natural cards it is a set or a run), in a game whose jokers go in both kinds."""
    j = v.jokers
    if j is None or j.min_natural.value >= 2 or not (j.in_kind("set") and j.in_kind("run")):
        return True
    limits = [j.limit(False), j.limit(True)]
    return all(n is not None and n < 2 for n in limits)


# Rules a variant may remove because no meld of it can be what they speak of
_CANNOT_HAPPEN: dict[str, Callable[[ir.Variant], bool]] = {
    "jokers.ambiguous": _no_meld_reads_both_ways,
}


def _removed(v: ir.Variant, rules: tuple[str, ...]) -> str:
    """A removed rule's key: "no longer: …", and why where no meld of `v` could call on it."""
    moot = bool(rules) and all(r in _CANNOT_HAPPEN and _CANNOT_HAPPEN[r](v) for r in rules)
    return "difference.removed.cannot_happen" if moot else "difference.removed"


@dataclass(frozen=True)
class _Change:
    """One item of a list of changes: the sentences of the new book (`now`, empty for a rule
    removed) and of the old one (`before`, empty for a rule added) that say it; for a card's
    value, the card and its two values."""
    now: str
    before: str
    rules: tuple[str, ...]
    assumed: bool = False
    card: str = ""


def _changes(w: Writer, old: ir.Variant, new: ir.Variant, book_of: BookOf) -> list[_Change]:
    """The rules that differ between `old` and `new` (their IR values), said by the sentences
    of the two books that differ: a sentence both books say alike is no change, whatever
    rules it names (`goal.discard` and `goal.discard_or_table` read alike: the sentence on
    going out says the change).  Sentences that share a changed rule make one item, said
    once (the deck's packs and jokers, a joker's value and the points it costs in hand).
    Card values are compared card by card, not as the rows of the table they share."""
    from ..verify.diff import rule_changes

    changed = [c.rule for c in rule_changes(old, new)]
    cards = [r for r in changed if r.startswith("values.") and r != "values.joker"]
    others = {r for r in changed if r not in cards}
    out = [c for c in (_card_change(w, old, new, rule) for rule in cards) if c is not None]
    if not others:
        return out
    old_said, new_said = _prose(book_of(old)), _prose(book_of(new))
    old_texts, new_texts = {s.text for s in old_said}, {s.text for s in new_said}
    # a rule removed whose part another rule takes over: the sentences of that rule say it now
    new_said = [replace(s, rules=(*s.rules, *(r for r, by in _TAKEN_OVER.items() if by in s.rules)))
                for s in new_said]
    # the sentences that change: naming a changed rule, and said differently in the other book
    now = [s for s in new_said if others & set(s.rules) and s.text not in old_texts]
    before = [s for s in old_said if others & set(s.rules) and s.text not in new_texts]
    said = _unique(now) + _unique(before)
    group = list(range(len(said)))
    # a part of the game gone (or new) as a whole is one item: "no joker swap", not its three
    # sentences apart ("no longer: you must hold that card" says nothing alone)
    whole = _whole_parts(old, new)
    parts = [{r.split(".")[0] for r in s.rules if r in others} & whole for s in said]

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i, a in enumerate(said):
        for j in range(i):
            if others & set(a.rules) & set(said[j].rules) or parts[i] & parts[j]:
                group[root(i)] = root(j)
    items: dict[int, tuple[list[Sentence], list[Sentence]]] = {}
    for i, s in enumerate(said):
        items.setdefault(root(i), ([], []))[0 if i < len(_unique(now)) else 1].append(s)
    for mine, theirs in items.values():
        rules = tuple(dict.fromkeys(r for s in (*mine, *theirs) for r in s.rules if r in others))
        # marked as the sentences it shows are (a fact of the deck beside an assumed rule is not)
        assumed = any(s.assumed for s in mine) if mine else \
            any(r is not None and r.mark == ir.ASSUMED for r in (new.rule(x) for x in rules))
        # each read apart from the step before it ("Zamiast tego..." says instead of what)
        out.append(_Change(on_its_own(w, " ".join(s.text for s in mine)),
                           on_its_own(w, " ".join(s.text for s in theirs)), rules, assumed))
    return out


def _whole_parts(old: ir.Variant, new: ir.Variant) -> set[str]:
    """The parts of the game (a rule id's first name: `joker_swap`, `knocking`) one variant has
    and the other has none of."""
    def parts(v: ir.Variant) -> set[str]:
        return {r.id.split(".")[0] for r in v.rules}

    return parts(old) ^ parts(new)


# Rules whose part falls to another rule when they are removed: removed, a meld laid when
# opening is judged by `per_meld` (the IR's own reading), so "no longer: one joker at the
# opening" would be false where `per_meld` says one
_TAKEN_OVER = {"jokers.per_meld_at_opening": "jokers.per_meld"}


def _prose(book: Rulebook) -> list[Sentence]:
    """The book's sentences, a row of a table only for rules no sentence of prose names: a
    row ("Joker: 25 points, if left in hand") stands for several rules at once."""
    said = [s for s in book.sentences() if not s.question]  # an answer restates the rules
    named = {r for s in said if not s.row for r in s.rules}
    return [s for s in said if not s.row or not set(s.rules) & named]


def _unique(said: list[Sentence]) -> list[Sentence]:
    seen: set[str] = set()
    out = []
    for s in said:
        if s.text not in seen:
            seen.add(s.text)
            out.append(s)
    return out


def _card_change(w: Writer, old: ir.Variant, new: ir.Variant, rule_id: str) -> _Change | None:
    """A card's value now and before, the card's own (not a row of the table it shares)."""
    mine, theirs = new.rule(rule_id), old.rule(rule_id)
    if not isinstance(mine, ir.Rule) or not isinstance(theirs, ir.Rule):
        return None
    now, before = value_text(w, mine.value), value_text(w, theirs.value)  # type: ignore[arg-type]
    if now == before:
        return None
    return _Change(now, before, (rule_id,), mine.mark == ir.ASSUMED, card=rule_id.split(".", 1)[1])


def variations(w: Writer, children: Sequence[ir.Variant], book_of: BookOf) -> tuple[Variation, ...]:
    """Each house variant of this game with its changes, one sentence each (as its own list
    of changes finds them); then the options the seed names that the spec leaves out
    (`option pl "..."` under `not_modelled`)."""
    out = []
    played: list[str] = []  # the seed's words the house variants listed here take up
    for child in children:
        items = []
        for change in _changes(w, w.v, child, book_of):
            if change.card:
                text = w.lang.say("difference.value.only", card=change.card, worth=_worth(w, change.card),
                                 now=change.now)
            elif not change.now:
                text = w.lang.say(_removed(child, change.rules), before=change.before,
                                  parent=w.v.name(w.lang.code))
            else:
                text = change.now
            items.append(Sentence(text, change.rules, change.assumed))
            played += [q for r in change.rules if isinstance(rule := child.rule(r), ir.Rule)
                       for q in rule.sources]
        if items:
            out.append(Variation(child.name(w.lang.code), tuple(items)))
    # an option a house variant above plays (its rule quotes the option's words) is not
    # listed again as one the game leaves out; nor one this variant plays.  A variant lists the
    # options of the game it extends too, where the seed's words are a whole sentence: a
    # fragment ("Gdzieś na to zwycięstwo wyliczone jest -140") reads only beside the seed's
    # other words, in the seed's own book
    mine = [q for rule in w.v.rules for q in rule.sources]  # an inherited option this variant plays
    code = w.lang.code
    options = tuple(Sentence(w.lang.say("variation.option", quote=n.quote) if n.language == code
                             else w.lang.say(f"variation.option.from.{n.language}", text=n.translated(code),
                                             quote=n.quote))
                    for n in w.v.not_modelled
                    if n.language is not None and (n.language == code or n.translated(code))
                    and (n.origin == w.v.id or n.quote.rstrip().endswith((".", "!", "?")))
                    and not any(_same_words(n.quote) in _same_words(q)
                                for q in played + (mine if n.origin != w.v.id else [])))
    if options:
        out.append(Variation(w.lang.say("variation.options"), options, not_modelled=True))
    return tuple(out)


def _same_words(text: str) -> str:
    return " ".join(text.split()).casefold()


def _worth(w: Writer, card: str) -> str:
    """"As jest wart" / "Karta 10 jest warta": a figure by its name, the others as cards."""
    key = f"worth.{card}"
    return w.lang.say(key) if w.lang.has(key) else w.lang.say("worth", card=card)
