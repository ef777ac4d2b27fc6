"""The rulebook of a variant as a document: `rulebook(variant, language, examples) -> Rulebook`.

The builder decides what to say (which rules, in which section, with which example); the
language catalogue decides how (remikc/emit/book_words.py).  The document's types are in
remikc/emit/book.py, the scoring section in book_scoring.py, the house notes' places and the
Markdown and HTML in book_layout.py.  No tool name or file path is part of the text: the
templates carry the provenance in front matter and a comment.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .. import ir
from ..cards import format_cards
from ..verify.witness import Examples, Play
from ..wording import Language
from . import book_changes as changes
from . import book_words as words
from .book import Block, Example, Rulebook, Section, Sentence, Steps, Table, Taught
from .book_changes import value_text
from .book_ending import game_end, going_out
from .book_layout import place_notes
from .book_questions import questions
from .book_readings import to_settle
from .book_scoring import scoring
from .book_words import Writer, no_jokers


def book_language(v: ir.Variant, lang: Language) -> Language:
    """`lang` as `v`'s rulebook speaks it: with the spec's own wording (`wording { ... }`)."""
    return lang.with_wording({o.key: dict(o.forms) if o.forms else o.text
                              for o in v.wording if o.language == lang.code})


def rulebook(v: ir.Variant, lang: Language, examples: Examples | None = None,
             parent: ir.Variant | None = None, source: str = "",
             taught: Taught | None = None, children: Sequence[ir.Variant] = (), *,
             verified: bool = True) -> Rulebook:
    """The whole rulebook of `v`; `examples` from the solver (None: no examples), `taught`
    the seed's examples and the scripted deals (None: the solver's examples stand alone);
    `children`: the house variants of `v` to name under its variations; `verified` False:
    the rules were not verified, which the book says first."""
    lang = book_language(v, lang)
    w = Writer(v, lang)
    e = examples or Examples()
    t = taught or Taught()
    sections = [
        Section("about", lang.say("section.about"), _about(w)),
        Section("cards", lang.say("section.cards"), _cards(w)),
        Section("melds", lang.say("section.melds"), _melds(w, e, t)),
        Section("deal", lang.say("section.deal"), _deal(w)),
        Section("turn", lang.say("section.turn"), _turn(w, t)),
    ]
    if v.opening is not None:
        sections.append(Section("opening", lang.say("section.opening"), _opening(w, e, t)))
    title = lang.say("section.lay_off_jokers" if v.jokers is not None else "section.lay_off")
    sections.append(Section("lay_off", title, _lay_off(w, e, t) + _jokers(w, e, examples is not None)))
    sections.append(Section("going_out", lang.say("section.going_out"), going_out(w)))
    sections.append(Section("scoring", lang.say("section.scoring"), scoring(w, e, t)))
    sections.append(Section("game_end", lang.say("section.game_end"), game_end(w)))
    asked = questions(w, sections)
    if asked:
        sections.append(Section("questions", lang.say("section.questions"), asked))
    sections.append(Section("glossary", lang.say("section.glossary"), _glossary(w, e)))
    name = v.name(lang.code)
    placed, notes = place_notes(w, sections)
    book_of = _books(lang)
    variations = changes.variations(w, children, book_of)
    differences = changes.differences(w, parent, book_of)
    book = Rulebook(lang.code, v.id, lang.say("title", name=name), (), differences,
                    placed, (), (), lang.say("section.readings"), source or v.source, notes,
                    variations, lang.say("section.variations") if variations else "")
    said = book.sentences()
    readings = to_settle(w, said, e, t)
    said = said + list(readings)
    marks = [lang.say("footnote.assumed")] if any(s.assumed for s in said) else []
    marks += [lang.say("footnote.reading")] if any(s.reading for s in said) else []
    return replace(book, footnotes=tuple(marks), readings=readings,
                   unverified="" if verified else lang.say("unverified"))


def _books(lang: Language) -> changes.BookOf:
    """Another variant's rulebook in this language, without examples: what a list of changes
    compares sentence by sentence.  Each is written once: the parent's book is compared with
    every house variant listed under "Odmiany"."""
    written: dict[str, Rulebook] = {}

    def book_of(variant: ir.Variant) -> Rulebook:
        if variant.id not in written:
            written[variant.id] = rulebook(variant, lang, None)
        return written[variant.id]
    return book_of


def _one_ace_of_a_suit(v: ir.Variant) -> bool:
    """Whether no deal of the game holds two aces of a suit (one pack, no joker): no A..A run."""
    return all(n == 1 for _, n in v.deck.standard.value.cases) and no_jokers(v)


def _wrap_key(run: ir.RunRules) -> str:
    """Forbidding the wrap where the ace sits on one side only says where a run stops: "after
    the king and the ace no two" would name a king-ace the ace sentence has already refused."""
    if run.wrap.value:
        return "run.wrap.allowed"
    if run.ace.value is ir.Ace.LOW:
        return "run.wrap.forbidden.low"
    if run.ace.value is ir.Ace.HIGH:
        return "run.wrap.forbidden.high"
    return "run.wrap.forbidden"


# --- sections --------------------------------------------------------------------------

def _about(w: Writer) -> tuple[Block, ...]:
    """Who plays, what for, and who wins: before anything else."""
    v = w.v
    players = v.players.value
    w.add("players", v.players, low=players.low, high=players.high)
    # every seed states what the game is for; the way out (`going_out.by`) is said, and
    # marked, where the deal ends
    w.add(f"goal.{v.going_out.by.value.value}", v.going_out.by, marked=False)
    w.add(f"goal.winner.{v.game_end.winner.value.value}", v.game_end.winner)
    return w.take()


def _cards(w: Writer) -> tuple[Block, ...]:
    v = w.v
    standard, jokers = v.deck.standard, v.deck.jokers
    if standard.value.uniform and jokers.value.uniform:
        packs, jokers_n = standard.value.cases[0][1], jokers.value.cases[0][1]
        w.add("deck" if jokers_n else "deck.plain", standard, jokers, packs=_deck(w, packs, jokers_n),
              total=52 * packs + jokers_n)
    else:
        cases = [w.lang.say("deck.case", players=words.range_text(r),
                            deck=_deck(w, standard.value.at(r.low), jokers.value.at(r.low)))
                 for r, _ in _player_groups(v, (standard, jokers))]
        w.add("deck.by_players", standard, jokers, cases="; ".join(cases))
    declared = v.jokers is not None and v.jokers.declare.value is ir.Declare.RANK_AND_SUIT
    legend = "legend.jokers.declared" if declared else "legend.jokers"
    w.add(legend if v.values.joker is not None else "legend")
    w.blocks.append(_values_table(w))
    return w.take()


def _deck(w: Writer, packs: int, jokers: int) -> str:
    text = w.lang.say("deck.packs", n=packs)
    if jokers:
        return w.lang.say("deck.with_jokers", packs=text, n=jokers)
    return w.lang.say("deck.no_jokers", packs=text)


def _player_groups(v: ir.Variant, rules: Iterable[ir.Rule[ir.PerPlayers[int]]]
                   ) -> list[tuple[ir.Range, tuple[int, ...]]]:
    """Player counts grouped where every rule in `rules` gives the same values."""
    groups: list[tuple[ir.Range, tuple[int, ...]]] = []
    rules = list(rules)
    for n in v.player_counts():
        values = tuple(r.value.at(n) for r in rules)
        if groups and groups[-1][1] == values and groups[-1][0].high == n - 1:
            groups[-1] = (ir.Range(groups[-1][0].low, n), values)
        else:
            groups.append((ir.Range(n, n), values))
    return groups


def _values_table(w: Writer) -> Table:
    """Card values, equal values on one row, number cards first: `2–9`, `10, J, Q, K, A`."""
    v = w.v
    names = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    order = [*range(2, 14), 1]
    groups: dict[str, list[int]] = {}
    for rank in order:
        groups.setdefault(value_text(w, v.values.of_rank(rank)), []).append(rank)
    rows: list[tuple[str, ...]] = []
    row_rules: list[tuple[str, ...]] = []
    row_marks: list[set[str]] = []
    for text, ranks in groups.items():
        runs: list[list[int]] = []
        for rank in ranks:
            if runs and rank == runs[-1][-1] + 1 and rank <= 10:
                runs[-1].append(rank)
            else:
                runs.append([rank])
        label = ", ".join(f"{names[r[0] - 1]}–{names[r[-1] - 1]}" if len(r) > 2
                          else ", ".join(names[x - 1] for x in r) for r in runs)
        stated = [v.values.ranks[rank - 1] for rank in ranks]
        rows.append((label, text))
        row_rules.append(tuple(r.id for r in stated))
        row_marks.append({r.mark for r in stated})
    rules: list[ir.Rule[object]] = list(v.values.ranks)
    if v.values.joker is not None:
        rules.append(v.values.joker)
        joker = v.values.joker.value
        points = joker.points or 0
        text = w.lang.say("value.as_replaced") if joker.as_replaced else w.lang.count(points, "point")
        in_hand = v.scoring.joker_in_hand
        if not words.scores_melds(v) and in_hand is not None:  # a meld counts for nothing: only the hand
            text = w.lang.say("value.joker_in_hand", points=w.lang.count(in_hand.value, "point"))
            row_rules.append((v.values.joker.id, in_hand.id))
            row_marks.append({in_hand.mark})
        elif in_hand is not None:  # counted in melds at one value, in hand at another: both
            text = w.lang.say("value.in_meld_and_hand", meld=text, hand=w.lang.count(in_hand.value, "point"))
            row_rules.append((v.values.joker.id, in_hand.id))
            row_marks.append({v.values.joker.mark, in_hand.mark})
        else:
            row_rules.append((v.values.joker.id,))
            row_marks.append({v.values.joker.mark})
        rows.append((w.lang.say("card.joker"), text))
    row_assumed = tuple(ir.ASSUMED in marks for marks in row_marks)
    return Table((w.lang.say("table.card"), w.lang.say("table.points")), tuple(rows),
                 tuple(r.id for r in rules), any(row_assumed), tuple(row_rules), row_assumed,
                 tuple(ir.READING in marks for marks in row_marks))


def _deal(w: Writer) -> tuple[Block, ...]:
    v = w.v
    deal = v.deal
    hand = deal.hand
    if deal.cut_card is not None and deal.cut_card.value:  # the cut comes before the deal
        # a reader asked who "the player who cuts" is: the custom, as the tool's assumption
        w.blocks.append(Sentence(w.lang.say("deal.cutter"), (deal.cut_card.id,), True, referee=True))
        # "(może to być także joker)": not in a deck without one
        w.add("deal.cut_card.plain" if no_jokers(v) else "deal.cut_card", deal.cut_card)
    if hand.value.uniform:
        w.add("deal.hand", hand, n=hand.value.cases[0][1])
    else:
        cases = [w.lang.say("deal.hand.case", players=words.range_text(r), n=values[0])
                 for r, values in _player_groups(v, (hand,))]
        w.add("deal.hand.by_players", hand, cases="; ".join(cases))
    w.add(f"deal.first_player.{deal.first_player.value.value}", deal.first_player)
    direction = v.turn.direction
    if direction is not None:
        w.add(f"turn.direction.{direction.value.value}", direction)
    else:
        # no rule gives the direction (readers asked, and tables differ): the custom, as the
        # referee's assumption (its seats are numbered in the order of play either way)
        w.blocks.append(Sentence(w.lang.say("turn.direction.custom"), (deal.first_player.id,), True,
                                 referee=True))
    if not words.one_deal(v):
        # the referee deals the next deal from the next seat in the order of play; a game of one
        # deal has none
        backwards = direction is not None and direction.value is ir.Direction.COUNTERCLOCKWISE
        key = "deal.next_dealer.counterclockwise" if backwards else "deal.next_dealer"
        w.blocks.append(Sentence(w.lang.say(key), (deal.first_player.id,), True, referee=True))
    if deal.first_player_extra is not None and deal.first_player_extra.value:
        extra = deal.first_player_extra.value
        if hand.value.uniform:  # the total is a sum, not a second rule: `hand` is said above
            w.add("deal.extra", deal.first_player_extra, n=extra, total=hand.value.cases[0][1] + extra)
        else:
            w.add("deal.extra.by_players", deal.first_player_extra, n=extra)
    if deal.first_discard.value is ir.FirstDiscard.NONE and not v.turn.discard.value:
        w.add("deal.first_discard.no_pile", deal.first_discard, v.turn.discard)
    else:
        w.add(f"deal.first_discard.{deal.first_discard.value.value}", deal.first_discard)
    return w.take()


def _turn(w: Writer, t: Taught) -> tuple[Block, ...]:
    v = w.v
    turn = v.turn
    steps: list[Sentence] = []
    draws = turn.draws.value
    sources = [(s, r) for s, r in turn.draw if not isinstance(r.value, ir.Never)]
    free = [s.value for s, r in sources if isinstance(r.value, ir.Always)]
    always = [r for s, r in sources if isinstance(r.value, ir.Always)]
    others = [(s, r) for s, r in sources if s is not ir.DrawSource.STOCK]
    if draws.until_meld and others:
        # the first card may come from elsewhere, the next ones only from the stock (remikc/drawing.py);
        # the places besides the stock that take a condition are said below, as for one draw
        glue = f" {w.lang.say('word.or')} "
        first = glue.join(w.lang.say(f"source.{s}") for s in free) if free else w.lang.say("source.stock")
        steps.append(w.say("turn.draws.until_meld.from", turn.draws, *(r for s, r in turn.draw),
                           n=draws.count, sources=first))
    elif draws.until_meld:
        steps.append(w.say("turn.draws.until_meld", turn.draws, *(r for s, r in turn.draw), n=draws.count))
    elif not free:
        steps.append(w.say("turn.draw.none", turn.draws))
    elif len(free) == 1 and w.lang.has(f"turn.draw.{free[0]}"):
        steps.append(w.say(f"turn.draw.{free[0]}", turn.draws, *always, n=draws.count))
    else:  # any other choice of places is said as a list: "from here or from there"
        either = f" {w.lang.say('word.or')} ".join(w.lang.say(f"source.{s}") for s in free)
        steps.append(w.say("turn.draw.from", turn.draws, *always, n=draws.count, sources=either))
    for source, rule in turn.draw:
        if isinstance(rule.value, ir.Always):
            continue
        if isinstance(rule.value, ir.Never):
            steps.append(w.say(f"turn.never.{source.value}", rule))
        else:
            said = words.when(w, f"turn.when.{source.value}", rule)
            lead = w.lang.say("answer.instead")
            if draws.count > 1 and not draws.until_meld and said.text.startswith(lead):
                # "instead of that", after "take 2 cards", read as instead of both: it is the first
                said = replace(said, text=w.lang.say("turn.instead.first") + said.text[len(lead):])
            steps.append(said)
    if draws.count > 1 and not draws.until_meld and others:
        # as the referee draws (remikc/drawing.py): only a turn's first card comes from elsewhere
        # than the stock; the sentences above say where a card may come from, not which one.  What
        # the DSL's `draws` means, not a reading of a seed: unmarked
        glue = f" {w.lang.say('word.or')} "
        steps.append(w.say("turn.draws.first_only", turn.draws, *(r for _, r in others), n=draws.count,
                           sources=glue.join(w.lang.say(f"source.first.{s.value}") for s, _ in others),
                           marked=False))
    if turn.meld_after_last_draw is not None and not turn.meld_after_last_draw.value:
        steps.append(w.say("turn.no_meld_after_last_draw", turn.meld_after_last_draw, n=draws.count))
    if not draws.until_meld:  # a turn that draws until it melds has said when to lay down
        steps.append(w.say("turn.meld.opening" if v.opening else "turn.meld"))
    if turn.rearrange is not None:
        r = turn.rearrange
        remove = "allowed" if r.remove_from_table.value else "forbidden"
        steps.append(w.say(f"turn.rearrange.{remove}", r.min_from_hand, r.remove_from_table,
                           n=r.min_from_hand.value))
    if turn.discard.value and v.going_out.by.value is ir.GoingOutBy.DISCARD_OR_TABLE:
        steps.append(w.say("turn.discard.unless_out", turn.discard))  # a player out has none left
    elif turn.discard.value:
        steps.append(w.say("turn.discard", turn.discard))
    else:
        steps.append(w.say("turn.no_discard", turn.discard))
    if turn.discard_taken_card is not None:
        word = "allowed" if turn.discard_taken_card.value else "forbidden"
        steps.append(w.say(f"turn.discard_taken_card.{word}", turn.discard_taken_card))
    w.blocks.append(Steps(tuple(steps)))
    if t.rearrange is not None and turn.rearrange is not None:
        table, hand, after = t.rearrange
        glue = f" {w.lang.say('word.and')} "
        w.add("example.rearrange.before", table=glue.join(w.cards(m) for m in table), hand=w.cards(hand))
        moved = _moved(table, after)
        note = w.lang.say("example.rearrange.after", hand=w.cards(hand),
                          moved=glue.join(w.cards(c) for c in moved))
        w.blocks.append(Example(words.melds_text(w, after), note, ("turn.rearrange.min_from_hand",)))
    return w.take()


def _moved(before: tuple[str, ...], after: tuple[str, ...]) -> list[str]:
    """The table's cards that changed meld: each meld goes on as the new meld holding most
    of its cards; its other cards moved."""
    moved: list[str] = []
    new = [m.split() for m in after]
    for meld in before:
        cards = meld.split()
        kept = max(new, key=lambda m: sum(m.count(c) for c in cards))
        moved += [c for c in cards if c not in kept]
    return moved



def _melds(w: Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    v = w.v
    own = {kind: [m for m in t.melds if m[0] == kind] for kind in ("set", "run", "invalid")}
    w.add("meld.intro" if v.set is not None and v.run is not None else "meld.intro.one")
    if v.set is not None:
        s = v.set
        w.add("set", s.size, s.suits, size=words.size_words(w, s.size.value),
              suits=w.lang.say(f"set.suits.{s.suits.value.value}"))
        w.count("set.closed_at", s.closed_at)
        if own["set"]:
            w.blocks += [_taught(w, m, ("set.size", "set.suits")) for m in own["set"]]
        elif e.set is not None:
            w.blocks.append(words.example(w, e.set, ("set.size", "set.suits")))
    if v.run is not None:
        r = v.run
        suit = "run.suit.same" if r.suit.value is ir.RunSuit.SAME else "run.suit.any"
        w.add("run", r.size, r.suit, size=words.size_words(w, r.size.value, "size.n"), suit=w.lang.say(suit))
        w.add(f"run.ace.{r.ace.value.name.lower()}", r.ace)
        # the wrap's sentence reads by where the ace may stand: it names the ace's rule too, so
        # a house variant's list of changes that moves the ace says the wrap's words anew
        wrap = w.say(_wrap_key(r), r.wrap)
        w.blocks.append(wrap if r.wrap.value else replace(wrap, rules=(*wrap.rules, r.ace.id)))
        if r.ace_to_ace is not None:
            key = f"run.ace_to_ace.{'allowed' if r.ace_to_ace.value else 'forbidden'}"
            # one pack and no joker hold a single ace of a suit: say that no deal makes A..A, so
            # that nobody reads the rule as the ban on K-A-2
            if _one_ace_of_a_suit(v):  # what the deck allows, whichever way the rule reads
                # (it speaks of the ace at both ends: said with the ace's rule, a list of changes
                # says it beside the ace, not as a rule the game without a high ace lacked)
                fact = w.say(f"{key}.one_pack", r.ace_to_ace)
                w.blocks.append(replace(fact, rules=(*fact.rules, r.ace.id)))
            else:
                w.add(key, r.ace_to_ace)
        if own["run"] or own["invalid"]:
            w.blocks += [_taught(w, m, ("run.size", "run.suit", "run.ace")) for m in own["run"]]
            w.blocks += [_taught(w, m, ("run.wrap",)) for m in own["invalid"]]
            return w.take()
        if e.run is not None:
            w.blocks.append(words.example(w, e.run, ("run.size", "run.suit", "run.ace")))
        if e.ace_to_ace is not None:
            w.blocks.append(words.example(w, e.ace_to_ace, ("run.ace_to_ace",)))
        if e.corner is not None:
            corner = w.cards(e.corner)
            if r.wrap.value:
                w.blocks.append(Example(corner, w.lang.say("example.corner.allowed"), ("run.wrap",)))
            else:
                rule = "run.wrap" if r.ace.value is ir.Ace.LOW_OR_HIGH else "run.ace"
                refused = w.lang.say("example.corner.refused")
                w.blocks.append(Example(corner, refused, (rule,), refused=True))
    return w.take()


def _taught(w: Writer, meld: tuple[str, str, int | None, bool], rules: tuple[str, ...]) -> Example:
    """A seed's own meld: what it is and, where melds count, what it is worth."""
    kind, cards, points, valid = meld
    if not valid:
        return Example(w.cards(cards), w.lang.say("example.invalid"), rules, refused=True)
    if points is None or not words.scores_melds(w.v):
        return Example(w.cards(cards), w.lang.say(f"kind.{kind}"), rules)
    note = w.lang.say("example.meld", kind=w.lang.say(f"kind.{kind}"), n=points)
    return Example(w.cards(cards), note, rules)



def _jokers(w: Writer, e: Examples, searched: bool) -> tuple[Block, ...]:
    """The joker rules; `searched`: `e` holds the examples found for the variant (else none
    was looked for)."""
    v = w.v
    j = v.jokers
    if j is None:
        return ()
    # a run read by its jokers' places, found under the variant's rules (the seeds': 5♠ JK JK)
    placed = "" if e.ambiguous is None else w.lang.say(
        "jokers.declare.shown", cards=w.cards(format_cards(e.ambiguous[0])),
        run=w.cards(format_cards(e.ambiguous[1])))
    # where jokers stand in one kind of meld only, the sentence names it and the rule follows
    # ("Joker może zastąpić w sekwensie dowolną kartę", not "w układzie", then "tylko w sekwensie")
    only = f".{j.only_in.value.value}" if j.only_in is not None else ""
    declare = f"jokers.declare.{j.declare.value.value}"
    said = declare + only if only and w.lang.has(declare + only) else declare
    if w.lang.has(f"{declare}.unsaid"):
        # the seed's "musi powiedzieć" unmarked where a seed states it; the referee's reading of
        # a joker laid without a word, apart, with the rule's mark
        w.add(declare, j.declare, marked=not j.declare.sources)
        unsaid = w.say(f"{declare}.unsaid", j.declare, example=placed)
        # a house rule that says nothing of it leaves the default to the referee: marked as his
        w.blocks.append(unsaid if unsaid.assumed or unsaid.reading else
                        replace(unsaid, assumed=True, referee=True))
    elif w.lang.has(f"{declare}.place") and only != ".sets":
        # "a joker may stand for any card" is what a joker is, in every game: the rule, and its
        # mark, is which card it then is
        w.add(said, j.declare, marked=False)
        w.add(f"{declare}.place", j.declare, example=placed)
    else:
        w.add(said, j.declare, example=placed)
    if j.only_in is not None:
        w.add(f"jokers.only_in.{j.only_in.value.value}", j.only_in)
    joker = v.values.joker
    # where no meld counts points (no opening: Karuzela), what a joker is worth in a meld
    # means nothing; the table of values gives what it costs left in hand
    if joker is not None and words.scores_melds(v):
        if joker.value.as_replaced:
            w.add("jokers.value.as_replaced", joker)
        else:
            w.add("jokers.value.fixed", joker, n=joker.value.points)
    at_opening = j.per_meld_at_opening
    if at_opening is not None and at_opening.value is not None:
        w.add("jokers.per_meld_at_opening", at_opening, n=at_opening.value)
        later = "jokers.per_meld.later.any" if j.per_meld.value is None else "jokers.per_meld.later"
        w.add(later, j.per_meld, n=j.per_meld.value or 0)
    elif j.per_meld.value is None:
        w.add("jokers.per_meld.any", j.per_meld, at_opening)
    else:
        w.add("jokers.per_meld", j.per_meld, at_opening, n=j.per_meld.value)
    if j.min_natural.value:
        w.add("jokers.min_natural", j.min_natural, n=j.min_natural.value)
    else:
        w.add("jokers.min_natural.none", j.min_natural)
    if j.ambiguous is not None and (e.ambiguous is not None or not searched):
        # the example is one found under the variant's own rules; a book written without
        # examples says the rule without one, and where none exists the rule cannot take effect
        shown = ("", "") if e.ambiguous is None else tuple(
            w.lang.say(key, cards=w.cards(format_cards(cards)))
            for key, cards in zip(("jokers.ambiguous.shown", "jokers.ambiguous.shown_run"), e.ambiguous,
                                  strict=True))
        w.add(f"jokers.ambiguous.{j.ambiguous.value.value}", j.ambiguous, example=shown[0], run=shown[1])
    own = [m for m in w.v.examples if m.kind is ir.ExampleKind.RUN and any(c.is_joker for c in m.melds[0])]
    if not own and e.joker is not None:
        w.blocks.append(words.example(w, e.joker, ("jokers.declare", "values.joker")))
    _swap(w, e)
    return w.take()


def _opening(w: Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    o = w.v.opening
    assert o is not None
    w.add("opening.min_points", o.min_points, n=o.min_points.value)
    if o.needs_clean_run():
        # "czysty, czyli bez jokera" speaks of jokers: a deck without them needs only a run
        w.add("opening.clean_run.plain" if no_jokers(w.v) else "opening.clean_run", o.clean_run)
    w.count("opening.min_melds", o.min_melds)
    w.add("opening.after", o.min_points)
    if w.v.turn.rearrange is not None:  # the referee's `_before_opening`
        w.add("opening.table_stays", o.min_points, w.v.turn.rearrange.min_from_hand)
    shown = list(t.openings)
    # the variant's own threshold is taught too: a house variant that lowers it inherits the
    # seed's examples, which open above it
    if e.opening is not None and not any(points == o.min_points.value for _, points in shown):
        melds, points = e.opening
        shown.append((tuple(format_cards(m) for m in melds), points))
    for melds_shown, points in shown:
        w.blocks.append(Example(words.melds_text(w, melds_shown), w.lang.say("example.opening", n=points),
                                ("opening.min_points",)))
    return w.take()


def _lay_off(w: Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    v = w.v
    lay_off = v.turn.lay_off
    if isinstance(lay_off.value, ir.Always):
        w.add("lay_off.always", lay_off)
    elif isinstance(lay_off.value, ir.Never):
        w.add("lay_off.never", lay_off)
    else:
        w.blocks.append(words.when(w, "lay_off.when", lay_off))
    shown = [(meld, card, after, points) for meld, card, after, points in t.lay_offs]
    if not shown and e.lay_off is not None:
        meld, card, after_play = e.lay_off
        shown = [(format_cards(meld), str(card), format_cards(after_play.cards), after_play.points)]
    for meld_text, card_text, after, _ in shown:  # what a meld is worth after it grows counts for nothing
        note = w.lang.say("example.lay_off", after=w.cards(after))
        w.blocks.append(Example(f"{w.cards(meld_text)} + {w.cards(card_text)}", note, ("turn.lay_off",)))
    return w.take()


def _swap(w: Writer, e: Examples) -> None:
    swap = w.v.joker_swap
    if swap is None:
        return
    if isinstance(swap.allowed.value, ir.Always):
        w.add("swap.always", swap.allowed)
    elif isinstance(swap.allowed.value, ir.Never):
        w.add("swap.never", swap.allowed)
    else:
        w.blocks.append(words.when(w, "swap.when", swap.allowed))
    v = w.v
    if (not isinstance(swap.allowed.value, ir.Never) and v.set is not None and v.jokers is not None
            and v.jokers.in_kind("set") and v.jokers.declare.value is ir.Declare.POSITION):
        # "the card it stands for" names no suit in a set: a table would ask which one
        w.add(f"swap.set.{v.set.suits.value.value}", swap.allowed, marked=False)
    w.add(f"swap.from.{swap.card_from.value.value}", swap.card_from)
    rearrange = v.turn.rearrange
    if swap.card_from.value is ir.SwapFrom.HAND_OR_TABLE and rearrange is not None:
        w.add("swap.from.table_rearranges", swap.card_from, rearrange.min_from_hand, marked=False,
              n=rearrange.min_from_hand.value)
    w.add(f"swap.retrieved.{swap.retrieved_joker.value.value}", swap.retrieved_joker)
    if e.swap is not None:
        meld, card, after = e.swap
        w.blocks.append(Example(f"{words.declared(w, meld, after.kind == 'run')} ← {card}",
                                w.lang.say("example.swap", cards=w.cards(after.cards)),
                                ("joker_swap.allowed",)))


def _example(w: Writer, play: Play | None) -> str:
    return "" if play is None else w.lang.say("term.example", cards=w.cards(format_cards(play.cards)))


def _glossary(w: Writer, e: Examples) -> tuple[Block, ...]:
    v = w.v
    terms = ["meld"]
    terms += ["set"] if v.set else []
    terms += ["run"] if v.run else []
    terms += ["opening"] if v.opening else []
    terms += ["laying_down", "lay_off"]
    terms += ["joker"] if v.jokers else []
    terms += ["handing"] if v.handing else []
    terms += ["knocking"] if v.knocking else []
    has_pile = v.turn.discard.value or v.deal.first_discard.value is ir.FirstDiscard.FACE_UP
    terms += ["discard_pile"] if has_pile else []
    terms += ["stock"]
    means = {t: f"term.{t}.means" for t in terms}
    if v.set is not None:  # a set or run is only what this game's rules make it
        means["set"] = f"term.set.means.{v.set.suits.value.value}"
    if v.run is not None:
        means["run"] = f"term.run.means.{v.run.suit.value.value}"
    if v.jokers is not None and v.jokers.only_in is not None and "joker" in means:
        means["joker"] = f"term.joker.means.{v.jokers.only_in.value.value}"  # "w sekwensie"
    # a set and a run are shown by the ones found under the variant's own rules
    shown = {"set": e.set, "run": e.run}
    rows = tuple(sorted(((w.lang.say(f"term.{t}"), w.lang.say(means[t], example=_example(w, shown.get(t))))
                         for t in terms), key=lambda row: row[0].casefold()))
    w.blocks.append(Table((w.lang.say("table.term"), w.lang.say("table.means")), rows))
    return w.take()
