"""The rulebook of a variant as a document: `rulebook(variant, language, examples) -> Rulebook`.

The builder decides what to say (which rules, in which section, with which
example); the language catalogue decides how.  Every sentence carries the ids
of the rules it states, so tests can check that every rule is said and no
sentence speaks of a rule the game does not have.  A sentence stating a value
the seed did not give is marked as an assumption (`*`), one that reads an
ambiguous seed sentence one way as an interpretation (`†`); a rule the seed
states is never marked.  No tool name or file path is part of the text: the
templates carry the provenance in front matter and a comment.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from .. import ir
from ..cards import RANK_NAMES, SUIT_SYMBOLS, Card, format_cards
from ..verify.witness import Examples, Play
from ..wording import Language

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Sentence:
    text: str
    rules: tuple[str, ...] = ()
    assumed: bool = False  # states a value the seed does not give
    reading: bool = False  # reads an ambiguous seed sentence one way


@dataclass(frozen=True)
class Example:
    cards: str
    note: str
    rules: tuple[str, ...] = ()
    refused: bool = False


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    rules: tuple[str, ...] = ()
    assumed: bool = False
    row_rules: tuple[tuple[str, ...], ...] = ()  # the rules each row states, where rows differ
    row_assumed: tuple[bool, ...] = ()  # each row's own mark, where rows differ


@dataclass(frozen=True)
class Steps:
    items: tuple[Sentence, ...]


@dataclass(frozen=True)
class HouseNote:
    """A house's own words (`note pl "..."`), printed where they belong; they state no rule."""

    text: str
    label: str


Block = Sentence | Example | Table | Steps | HouseNote


@dataclass(frozen=True)
class Variation:
    """A house variant of this game (its changes, one sentence each), or, `not_modelled`, the
    options the seed names that this spec leaves out."""

    title: str
    items: tuple[Sentence, ...]
    not_modelled: bool = False


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Rulebook:
    language: str
    variant: str
    title: str
    intro: tuple[Sentence, ...]
    differences: tuple[Sentence, ...]
    sections: tuple[Section, ...]
    # the notes at the foot, one per mark the text uses (`*`, `†`), spoken to the players
    footnotes: tuple[str, ...] = ()
    # each value that reads an ambiguous seed sentence one way, with the other reading, in
    # the book's language: what the players settle before they play
    readings: tuple[Sentence, ...] = ()
    readings_title: str = ""
    source: str = ""  # the spec file, for the provenance (front matter, comment), never the text
    notes: tuple[HouseNote, ...] = ()  # the house's notes on the whole game, after the intro
    variations: tuple[Variation, ...] = ()  # the last section: "Odmiany" / "Varijante"
    variations_title: str = ""

    @property
    def footnote(self) -> str:
        return "\n".join(self.footnotes)

    def sentences(self) -> list[Sentence]:
        """Every sentence, wherever it stands (steps, differences and tables count too)."""
        out = list(self.intro) + list(self.differences)
        for section in self.sections:
            for block in section.blocks:
                if isinstance(block, Sentence):
                    out.append(block)
                elif isinstance(block, Steps):
                    out.extend(block.items)
                elif isinstance(block, HouseNote):
                    continue  # the house's words, not a rule of the game
                elif isinstance(block, Table) and block.row_rules:
                    marks = block.row_assumed or (block.assumed,) * len(block.rows)
                    out += [Sentence(": ".join(row), rules, mark)
                            for row, rules, mark in zip(block.rows, block.row_rules, marks, strict=True)]
                elif isinstance(block, Table):
                    out.append(Sentence(" | ".join(" ".join(r) for r in block.rows), block.rules,
                                        block.assumed))
                else:
                    out.append(Sentence(f"{block.cards} {block.note}", block.rules))
        return out

    def rules_said(self) -> set[str]:
        return {rule for s in self.sentences() for rule in s.rules}


@dataclass(frozen=True)
class ScoredSeat:
    """One player at the end of a scripted deal, as the referee scored it."""

    order: int  # 1 for the player who plays first
    cards: tuple[str, ...]  # the cards left in hand
    values: tuple[int, ...]  # what each counts
    opened: bool
    score: int


@dataclass(frozen=True)
class ScoredDeal:
    """A deal played by the generated referee from a stacked deck, for the scoring example:
    `turns` the actions of each turn in play order, `ended_by` and `out` as the referee's
    result says, `seats` in play order."""

    turns: tuple[tuple[int, tuple[str, ...]], ...]  # (player's order, actions)
    ended_by: str
    out: int | None  # the order of the player who went out or knocked
    seats: tuple[ScoredSeat, ...]
    with_cut_card: bool = False


@dataclass(frozen=True)
class Taught:
    """Examples that teach, checked by the build against the generated validator: the seed's
    own (the spec's `examples`, with the points the validator gives), the scripted deals
    scored by the referee, and a rearranging of the table found by `best_play`."""

    melds: tuple[tuple[str, str, int | None, bool], ...] = ()  # (kind, cards, points, valid)
    openings: tuple[tuple[tuple[str, ...], int], ...] = ()  # (melds, points)
    lay_offs: tuple[tuple[str, str, str, int], ...] = ()  # (meld, card, meld after, points)
    deals: tuple[ScoredDeal, ...] = ()
    rearrange: tuple[tuple[str, ...], str, tuple[str, ...]] | None = None  # table, hand, after


@dataclass
class _Writer:
    """Builds one rulebook: `say` makes a sentence from a message and the rules it states."""

    v: ir.Variant
    lang: Language
    blocks: list[Block] = field(default_factory=list)

    def say(self, key: str, *rules: ir.Rule[object] | None, marked: bool = True,
            **values: object) -> Sentence:
        present = tuple(r for r in rules if r is not None)
        return Sentence(self.lang.say(key, **values), tuple(r.id for r in present),
                        marked and any(r.assumed and not r.other for r in present),
                        marked and any(r.other for r in present))

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


def _range(r: ir.Range) -> str:
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


def _condition(w: _Writer, c: ir.Condition) -> str:
    """A `when` condition in words: `when.first_round`, a list joined as the language joins
    alternatives ("a, b albo c"), `when.and` between conditions that must all hold."""
    if isinstance(c, ir.Is):
        return w.lang.say(f"when.{c.flag.value}")
    if isinstance(c, ir.IsNot):
        return w.lang.say("when.not", what=_condition(w, c.item))
    if isinstance(c, ir.AnyOf):
        parts = [_condition(w, item) for item in c.items]
        last = w.lang.say("when.or")
        return ", ".join(parts[:-1]) + last + parts[-1] if len(parts) > 1 else parts[0]
    if isinstance(c, ir.AllOf):
        return w.lang.say("when.and").join(_condition(w, item) for item in c.items)
    return w.lang.say("when.always" if isinstance(c, ir.Always) else "when.never")


def _when(w: _Writer, key: str, rule: ir.Rule[ir.Condition]) -> Sentence:
    """A rule that holds only when a condition does: its own sentence for a usual condition
    (`turn.when.discard_top.first_round+opened+opens_this_turn`), else the general one."""
    flags = _flags(rule.value)
    special = f"{key}.{'+'.join(flags)}" if flags else ""
    if special and w.lang.has(special):
        return w.say(special, rule)
    return w.say(key, rule, when=_condition(w, rule.value))


def _kind(w: _Writer, play: Play) -> str:
    return w.lang.say(f"kind.{play.kind}") if play.kind else ""


def rulebook(v: ir.Variant, lang: Language, examples: Examples | None = None,
             parent: ir.Variant | None = None, source: str = "",
             taught: Taught | None = None, children: Sequence[ir.Variant] = ()) -> Rulebook:
    """The whole rulebook of `v`; `examples` from the solver (None: no examples), `taught`
    the seed's examples and the scripted deals (None: the solver's examples stand alone);
    `children`: the house variants of `v` to name under its variations."""
    lang = lang.with_wording({o.key: dict(o.forms) if o.forms else o.text
                              for o in v.wording if o.language == lang.code})
    w = _Writer(v, lang)
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
    sections.append(Section("lay_off", title, _lay_off(w, e, t) + _jokers(w, e)))
    sections.append(Section("going_out", lang.say("section.going_out"), _going_out(w) + _stock(w)))
    sections.append(Section("scoring", lang.say("section.scoring"), _scoring(w, e, t)))
    sections.append(Section("game_end", lang.say("section.game_end"), _game_end(w)))
    sections.append(Section("glossary", lang.say("section.glossary"), _glossary(w)))
    name = v.name(lang.code)
    placed, notes = _place_notes(w, sections)
    variations = _variations(w, children)
    book = Rulebook(lang.code, v.id, lang.say("title", name=name), (), _differences(w, parent),
                    placed, (), (), lang.say("section.readings"), source or v.source, notes,
                    variations, lang.say("section.variations") if variations else "")
    readings = tuple(_reading(w, book, r) for r in v.rules if r.other)
    said = book.sentences() + list(readings)
    marks = [lang.say("footnote.assumed")] if any(s.assumed for s in said) else []
    marks += [lang.say("footnote.reading")] if any(s.reading for s in said) else []
    return replace(book, footnotes=tuple(marks), readings=readings)


def _reading(w: _Writer, book: Rulebook, rule: ir.Rule[object]) -> Sentence:
    """The other reading of an ambiguous seed sentence, in the book's language where the
    catalogue has it (`other.<variant>.<rule>`), else only that there is one."""
    key = f"other.{rule.origin}.{rule.id}"
    said = next((s.text for s in book.sentences() if rule.id in s.rules), rule.id)
    other = w.lang.say(key) if w.lang.has(key) else w.lang.say("other.unknown")
    return Sentence(w.lang.say("reading", said=said, other=other), (rule.id,), False, True)


# --- sections --------------------------------------------------------------------------

def _about(w: _Writer) -> tuple[Block, ...]:
    """Who plays, what for, and who wins: before anything else."""
    v = w.v
    players = v.players.value
    w.add("players", v.players, low=players.low, high=players.high)
    # every seed states what the game is for; the way out (`going_out.by`) is said, and
    # marked, where the deal ends
    w.add(f"goal.{v.going_out.by.value.value}", v.going_out.by, marked=False)
    w.add(f"goal.winner.{v.game_end.winner.value.value}", v.game_end.winner)
    return w.take()


def _cards(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    standard, jokers = v.deck.standard, v.deck.jokers
    if standard.value.uniform and jokers.value.uniform:
        packs, jokers_n = standard.value.cases[0][1], jokers.value.cases[0][1]
        w.add("deck" if jokers_n else "deck.plain", standard, jokers, packs=_deck(w, packs, jokers_n),
              total=52 * packs + jokers_n)
    else:
        cases = [w.lang.say("deck.case", players=_range(r),
                            deck=_deck(w, standard.value.at(r.low), jokers.value.at(r.low)))
                 for r, _ in _player_groups(v, (standard, jokers))]
        w.add("deck.by_players", standard, jokers, cases="; ".join(cases))
    w.add("legend.jokers" if v.values.joker is not None else "legend")
    w.blocks.append(_values_table(w))
    return w.take()


def _deck(w: _Writer, packs: int, jokers: int) -> str:
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


def _values_table(w: _Writer) -> Table:
    """Card values, equal values on one row, number cards first: `2–9`, `10, J, Q, K, A`."""
    v = w.v
    names = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    order = [*range(2, 14), 1]
    groups: dict[str, list[int]] = {}
    for rank in order:
        groups.setdefault(_value_text(w, v.values.of_rank(rank)), []).append(rank)
    rows: list[tuple[str, ...]] = []
    row_rules: list[tuple[str, ...]] = []
    row_assumed: list[bool] = []
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
        row_assumed.append(any(r.assumed for r in stated))
    rules: list[ir.Rule[object]] = list(v.values.ranks)
    if v.values.joker is not None:
        rules.append(v.values.joker)
        joker = v.values.joker.value
        points = joker.points or 0
        text = w.lang.say("value.as_replaced") if joker.as_replaced else w.lang.count(points, "point")
        in_hand = v.scoring.joker_in_hand
        if not _scores_melds(v) and in_hand is not None:  # a meld counts for nothing: only the hand
            text = w.lang.say("value.joker_in_hand", points=w.lang.count(in_hand.value, "point"))
            row_rules.append((v.values.joker.id, in_hand.id))
            row_assumed.append(bool(in_hand.assumed))
        else:
            row_rules.append((v.values.joker.id,))
            row_assumed.append(bool(v.values.joker.assumed))
        rows.append((w.lang.say("card.joker"), text))
    return Table((w.lang.say("table.card"), w.lang.say("table.points")), tuple(rows),
                 tuple(r.id for r in rules), any(row_assumed), tuple(row_rules), tuple(row_assumed))


def _value_text(w: _Writer, value: ir.CardValue) -> str:
    if value.face:
        return w.lang.say("value.face")
    base = w.lang.count(value.points, "point")
    if not value.by_place:
        return base
    places = [w.lang.say(f"value.in.{place.value}", points=w.lang.count(n, "point"))
              for place, n in value.by_place]
    return w.lang.say("value.places", places=", ".join(places), otherwise=base)


def _deal(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    deal = v.deal
    hand = deal.hand
    if hand.value.uniform:
        w.add("deal.hand", hand, n=hand.value.cases[0][1])
    else:
        cases = [w.lang.say("deal.hand.case", players=_range(r), n=values[0])
                 for r, values in _player_groups(v, (hand,))]
        w.add("deal.hand.by_players", hand, cases="; ".join(cases))
    w.add(f"deal.first_player.{deal.first_player.value.value}", deal.first_player)
    if v.turn.direction is not None:
        w.add(f"turn.direction.{v.turn.direction.value.value}", v.turn.direction)
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
    if deal.cut_card is not None and deal.cut_card.value:
        w.add("deal.cut_card", deal.cut_card)
    return w.take()


def _turn(w: _Writer, t: Taught) -> tuple[Block, ...]:
    v = w.v
    turn = v.turn
    steps: list[Sentence] = []
    draws = turn.draws.value
    sources = [(s, r) for s, r in turn.draw if not isinstance(r.value, ir.Never)]
    free = [s.value for s, r in sources if isinstance(r.value, ir.Always)]
    always = [r for s, r in sources if isinstance(r.value, ir.Always)]
    if draws.until_meld:
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
            steps.append(_when(w, f"turn.when.{source.value}", rule))
    if turn.meld_after_last_draw is not None and not turn.meld_after_last_draw.value:
        steps.append(w.say("turn.no_meld_after_last_draw", turn.meld_after_last_draw, n=draws.count))
    if not draws.until_meld:  # a turn that draws until it melds has said when to lay down
        steps.append(w.say("turn.meld.opening" if v.opening else "turn.meld"))
    if turn.rearrange is not None:
        r = turn.rearrange
        remove = "allowed" if r.remove_from_table.value else "forbidden"
        steps.append(w.say(f"turn.rearrange.{remove}", r.min_from_hand, r.remove_from_table,
                           n=r.min_from_hand.value))
    if turn.discard.value:
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
        w.blocks.append(Example(_melds_text(w, after), note, ("turn.rearrange.min_from_hand",)))
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


def _melds_text(w: _Writer, melds: Iterable[str]) -> str:
    return " + ".join(w.cards(m) for m in melds)


def _scores_melds(v: ir.Variant) -> bool:
    """Whether what a meld is worth means anything: only where an opening counts points."""
    return v.opening is not None


def _melds(w: _Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    v = w.v
    own = {kind: [m for m in t.melds if m[0] == kind] for kind in ("set", "run", "invalid")}
    w.add("meld.intro" if v.set is not None and v.run is not None else "meld.intro.one")
    if v.set is not None:
        s = v.set
        w.add("set", s.size, s.suits, size=_size(w, s.size.value),
              suits=w.lang.say(f"set.suits.{s.suits.value.value}"))
        w.count("set.closed_at", s.closed_at)
        if own["set"]:
            w.blocks += [_taught(w, m, ("set.size", "set.suits")) for m in own["set"]]
        elif e.set is not None:
            w.blocks.append(_example(w, e.set, ("set.size", "set.suits")))
    if v.run is not None:
        r = v.run
        suit = "run.suit.same" if r.suit.value is ir.RunSuit.SAME else "run.suit.any"
        w.add("run", r.size, r.suit, size=_size(w, r.size.value, "size.n"), suit=w.lang.say(suit))
        w.add(f"run.ace.{r.ace.value.name.lower()}", r.ace)
        w.add(f"run.wrap.{'allowed' if r.wrap.value else 'forbidden'}", r.wrap)
        if r.ace_to_ace is not None:
            w.add(f"run.ace_to_ace.{'allowed' if r.ace_to_ace.value else 'forbidden'}", r.ace_to_ace)
        if own["run"] or own["invalid"]:
            w.blocks += [_taught(w, m, ("run.size", "run.suit", "run.ace")) for m in own["run"]]
            w.blocks += [_taught(w, m, ("run.wrap",)) for m in own["invalid"]]
            return w.take()
        if e.run is not None:
            w.blocks.append(_example(w, e.run, ("run.size", "run.suit", "run.ace")))
        if e.ace_to_ace is not None:
            w.blocks.append(_example(w, e.ace_to_ace, ("run.ace_to_ace",)))
        if e.corner is not None:
            corner = w.cards(e.corner)
            if r.wrap.value:
                w.blocks.append(Example(corner, w.lang.say("example.corner.allowed"), ("run.wrap",)))
            else:
                rule = "run.wrap" if r.ace.value is ir.Ace.LOW_OR_HIGH else "run.ace"
                refused = w.lang.say("example.corner.refused")
                w.blocks.append(Example(corner, refused, (rule,), refused=True))
    return w.take()


def _taught(w: _Writer, meld: tuple[str, str, int | None, bool], rules: tuple[str, ...]) -> Example:
    """A seed's own meld: what it is and, where melds count, what it is worth."""
    kind, cards, points, valid = meld
    if not valid:
        return Example(w.cards(cards), w.lang.say("example.invalid"), rules, refused=True)
    if points is None or not _scores_melds(w.v):
        return Example(w.cards(cards), w.lang.say(f"kind.{kind}"), rules)
    note = w.lang.say("example.meld", kind=w.lang.say(f"kind.{kind}"), n=points)
    return Example(w.cards(cards), note, rules)


def _size(w: _Writer, size: ir.Range, key: str = "size") -> str:
    """How many cards: `size.*` with the noun (`co najmniej 3 karty`), `size.n.*` without."""
    if size.high is None:
        return w.lang.say(f"{key}.at_least", n=size.low)
    if size.high == size.low:
        return w.lang.say(f"{key}.exactly", n=size.low)
    if size.high == size.low + 1:
        return w.lang.say(f"{key}.either", low=size.low, n=size.high)
    return w.lang.say(f"{key}.between", low=size.low, n=size.high)


def _declared(w: _Writer, cards: Cards, run: bool) -> str:
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


def _example(w: _Writer, play: Play, rules: tuple[str, ...]) -> Example:
    shown = _declared(w, play.cards, play.kind == "run")
    if not _scores_melds(w.v):
        return Example(shown, _kind(w, play), rules)
    return Example(shown, w.lang.say("example.meld", kind=_kind(w, play), n=play.points), rules)


def _jokers(w: _Writer, e: Examples) -> tuple[Block, ...]:
    v = w.v
    j = v.jokers
    if j is None:
        return ()
    w.add(f"jokers.declare.{j.declare.value.value}", j.declare)
    joker = v.values.joker
    if joker is not None:
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
    if j.ambiguous is not None:
        w.add(f"jokers.ambiguous.{j.ambiguous.value.value}", j.ambiguous,
              example=w.cards("5♠ JK JK"), run=w.cards("5♠ 6♠ 7♠"))
    own = [m for m in w.v.examples if m.kind is ir.ExampleKind.RUN and any(c.is_joker for c in m.melds[0])]
    if not own and e.joker is not None:
        w.blocks.append(_example(w, e.joker, ("jokers.declare", "values.joker")))
    _swap(w, e)
    return w.take()


def _opening(w: _Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    o = w.v.opening
    assert o is not None
    w.add("opening.min_points", o.min_points, n=o.min_points.value)
    if o.needs_clean_run():
        w.add("opening.clean_run", o.clean_run)
    w.count("opening.min_melds", o.min_melds)
    w.add("opening.after", o.min_points)
    shown = list(t.openings)
    if not shown and e.opening is not None:
        melds, points = e.opening
        shown = [(tuple(format_cards(m) for m in melds), points)]
    for melds_shown, points in shown:
        w.blocks.append(Example(_melds_text(w, melds_shown), w.lang.say("example.opening", n=points),
                                ("opening.min_points",)))
    return w.take()


def _lay_off(w: _Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    v = w.v
    lay_off = v.turn.lay_off
    if isinstance(lay_off.value, ir.Always):
        w.add("lay_off.always", lay_off)
    elif isinstance(lay_off.value, ir.Never):
        w.add("lay_off.never", lay_off)
    else:
        w.blocks.append(_when(w, "lay_off.when", lay_off))
    shown = [(meld, card, after, points) for meld, card, after, points in t.lay_offs]
    if not shown and e.lay_off is not None:
        meld, card, after_play = e.lay_off
        shown = [(format_cards(meld), str(card), format_cards(after_play.cards), after_play.points)]
    for meld_text, card_text, after, _ in shown:  # what a meld is worth after it grows counts for nothing
        note = w.lang.say("example.lay_off", after=w.cards(after))
        w.blocks.append(Example(f"{w.cards(meld_text)} + {w.cards(card_text)}", note, ("turn.lay_off",)))
    return w.take()


def _swap(w: _Writer, e: Examples) -> None:
    swap = w.v.joker_swap
    if swap is None:
        return
    if isinstance(swap.allowed.value, ir.Always):
        w.add("swap.always", swap.allowed)
    elif isinstance(swap.allowed.value, ir.Never):
        w.add("swap.never", swap.allowed)
    else:
        w.blocks.append(_when(w, "swap.when", swap.allowed))
    w.add(f"swap.from.{swap.card_from.value.value}", swap.card_from)
    w.add(f"swap.retrieved.{swap.retrieved_joker.value.value}", swap.retrieved_joker)
    if e.swap is not None:
        meld, card, after = e.swap
        w.blocks.append(Example(f"{_declared(w, meld, after.kind == 'run')} ← {card}",
                                w.lang.say("example.swap", cards=w.cards(after.cards)),
                                ("joker_swap.allowed",)))


def _going_out(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    w.add(f"going_out.{v.going_out.by.value.value}", v.going_out.by)
    h = v.handing
    if h is not None:
        keep = "handing.keep_discard" if v.going_out.by.value is ir.GoingOutBy.DISCARD else "handing"
        w.add(keep, v.going_out.by, marked=False)
        w.add(f"handing.lay_off.{'allowed' if h.lay_off.value else 'forbidden'}", h.lay_off)
        if h.opening_rules is not None:
            w.add(f"handing.opening_rules.{'apply' if h.opening_rules.value else 'waived'}",
                  h.opening_rules)
    if v.knocking is not None:
        w.add("knocking", v.knocking.max_hand, n=v.knocking.max_hand.value)
    return w.take()


def _stock(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    key = f"stock.{v.stock_empty.value.value}"
    cut = v.deal.cut_card is not None and v.deal.cut_card.value
    if cut and v.stock_empty.value is ir.StockEmpty.RESHUFFLE:
        key += ".cut_card"  # the new stock goes on the cut card, which stays for a hand
    w.add(key, v.stock_empty)
    return w.take()


def _scoring(w: _Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    v = w.v
    s = v.scoring
    method = s.method.value
    w.add(f"scoring.{method.value}", s.method)
    w.count("scoring.went_out", s.went_out)
    w.count("scoring.handed", s.handed)
    w.count("scoring.handed_with_cut_card", s.handed_with_cut_card)
    w.count("scoring.joker_in_hand", s.joker_in_hand)
    w.count("scoring.not_opened", s.not_opened)
    if s.handing_multiplier is not None:
        times = s.handing_multiplier.value
        key = f"scoring.handing_multiplier.{method.value}"
        w.add(f"{key}.{times}" if w.lang.has(f"{key}.{times}") else f"{key}.n", s.handing_multiplier, n=times)
    w.count("scoring.undercut_bonus", s.undercut_bonus)
    if s.tie_with_knocker is not None:
        w.add(f"scoring.tie_with_knocker.{s.tie_with_knocker.value.value}", s.tie_with_knocker)
    w.count("scoring.all_out_bonus", s.all_out_bonus)
    if t.deals:
        for deal in t.deals:
            _scored_deal(w, deal)
        return w.take()
    table = _round(w, e)
    if table is not None:
        w.add("example.round")
        w.blocks.append(table)
    return w.take()


def _scored_deal(w: _Writer, deal: ScoredDeal) -> None:
    """A scripted deal as the referee played and scored it: what each player did, then each
    player's score with its arithmetic."""
    lang = w.lang
    w.add(f"example.deal.{deal.ended_by}" if lang.has(f"example.deal.{deal.ended_by}") else "example.deal")
    steps = []
    for order, actions in deal.turns:
        said = [_action(w, a) for a in actions]
        steps.append(Sentence(lang.say("deal.turn", n=order, actions=", ".join(said))))
    w.blocks.append(Steps(tuple(steps)))
    rows = []
    v = w.v
    method = v.scoring.method.value
    times = 1
    if deal.ended_by == "handed" and v.scoring.handing_multiplier is not None:
        times = v.scoring.handing_multiplier.value
    for seat in deal.seats:
        held = w.cards(seat.cards) if seat.cards else "—"
        rows.append((lang.say("round.player", n=seat.order), held, _arithmetic(w, deal, seat, method, times),
                     str(seat.score).replace("-", "−")))
    rules = tuple(r.id for r in (v.scoring.method, v.scoring.went_out, v.scoring.handed,
                                 v.scoring.joker_in_hand, v.scoring.not_opened,
                                 v.scoring.handing_multiplier, v.scoring.undercut_bonus,
                                 v.scoring.all_out_bonus) if r is not None)
    w.blocks.append(Table((lang.say("round.who"), lang.say("round.left"), lang.say("round.how"),
                           lang.say("round.score")), tuple(rows), rules))


def _action(w: _Writer, action: str) -> str:
    """One action of the referee's notation in words."""
    lang = w.lang
    if action.startswith("draw from the "):
        return lang.say(f"act.draw.{action.split()[-1]}")
    if action.startswith("discard "):
        return lang.say("act.discard", card=w.cards(action[len("discard "):]))
    if action in ("knock", "end the turn"):
        return lang.say(f"act.{action.replace(' ', '_')}")
    if action.startswith("lay "):
        parts = [p.strip() for p in action[4:].split("|") if p.strip()]
        return lang.say("act.lay", melds=" + ".join(w.cards(p) for p in parts))
    if action.startswith("rearrange:"):
        parts = [p.strip() for p in action[len("rearrange:"):].split("|") if p.strip()]
        return lang.say("act.rearrange", melds=" + ".join(w.cards(p) for p in parts))
    return action


def _arithmetic(w: _Writer, deal: ScoredDeal, seat: ScoredSeat, method: ir.Method, times: int) -> str:
    """How a player's score comes about, as a sum a player can check."""
    lang = w.lang
    s = w.v.scoring
    if method is ir.Method.PENALTIES:
        if seat.order == deal.out:
            key = "how.went_out"
            if deal.ended_by == "handed":
                key = "how.handed_cut" if deal.with_cut_card else "how.handed"
            return lang.say(key)
        if not seat.opened and s.not_opened is not None:
            base = s.not_opened.value
            return lang.say("how.not_opened", n=base) + (f" × {times} = {base * times}" if times != 1 else "")
        total = sum(seat.values)
        sum_text = str(total)
        if len(seat.values) > 1:
            sum_text = " + ".join(str(x) for x in seat.values) + f" = {total}"
        return sum_text + (f"; × {times} = {total * times}" if times != 1 else "")
    hands = {x.order: sum(x.values) for x in deal.seats}
    if seat.score == 0:
        return lang.say("how.hand", n=hands[seat.order])
    if method is ir.Method.WINNER_COLLECTS:
        others = [hands[o] for o in sorted(hands) if o != seat.order]
        text = " + ".join(map(str, others)) + f" = {sum(others)}"
        if times != 1:
            text = f"({' + '.join(map(str, others))}) × {times} = {sum(others) * times}"
        bonus = seat.score - sum(others) * times
        return text + (lang.say("how.bonus", n=bonus, total=seat.score) if bonus else "")
    mine = hands[seat.order]
    parts = [f"({hands[o]} − {mine})" for o in sorted(hands) if o != seat.order]
    diff = sum(hands[o] - mine for o in hands if o != seat.order) * times
    text = " + ".join(parts) + f" = {diff}"
    bonus = seat.score - diff
    if bonus:
        text += lang.say("how.bonus", n=bonus, total=seat.score)
    return text


def round_scores(v: ir.Variant, values: tuple[int, ...]) -> tuple[int, ...]:
    """Scores of a round one player went out of (no handing, no knock), the others' cards
    counting `values`: the winner's score first."""
    s = v.scoring
    method = s.method.value
    if method is ir.Method.PENALTIES:
        assert s.went_out is not None
        return (s.went_out.value, *values)
    bonus = s.all_out_bonus.value if s.all_out_bonus is not None else 0
    if method is ir.Method.WINNER_COLLECTS:
        return (sum(values), *(0 for _ in values))
    return (sum(values) + bonus, *(0 for _ in values))  # differences to a hand of 0


def _round(w: _Writer, e: Examples) -> Table | None:
    v = w.v
    if not e.hands:
        return None
    scores = round_scores(v, tuple(hand.points for hand in e.hands))
    rows = [(w.lang.say("round.player", n=1), w.lang.say("round.went_out"), str(scores[0]))]
    for i, hand in enumerate(e.hands):
        held = f"{w.cards(hand.cards)} ({w.lang.count(hand.points, 'point')})"
        rows.append((w.lang.say("round.player", n=i + 2), held, str(scores[i + 1])))
    rules = ["scoring.method", *(r.id for r in (v.scoring.went_out, v.scoring.joker_in_hand) if r)]
    return Table((w.lang.say("round.who"), w.lang.say("round.left"), w.lang.say("round.score")),
                 tuple(rows), tuple(rules))


def _game_end(w: _Writer) -> tuple[Block, ...]:
    g = w.v.game_end
    w.count("game_end.target", g.target)
    if g.target is None and g.rounds is not None and g.rounds.value == 1:
        w.add("game_end.one_deal", g.rounds)
    else:
        w.count("game_end.rounds_cap" if g.target is not None else "game_end.rounds", g.rounds)
    w.count("game_end.target_bonus", g.target_bonus)
    w.count("game_end.round_win_bonus", g.round_win_bonus)
    w.add(f"game_end.winner.{g.winner.value.value}", g.winner)
    return w.take()


def _glossary(w: _Writer) -> tuple[Block, ...]:
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
    rows = tuple(sorted(((w.lang.say(f"term.{t}"), w.lang.say(means[t])) for t in terms),
                        key=lambda row: row[0].casefold()))
    w.blocks.append(Table((w.lang.say("table.term"), w.lang.say("table.means")), rows))
    return w.take()


def _differences(w: _Writer, parent: ir.Variant | None) -> tuple[Sentence, ...]:
    """For a house variant: each rule that differs from the parent, as it is now and was."""
    if parent is None:
        return ()
    from ..verify.diff import rule_changes

    changes = rule_changes(parent, w.v)
    if not changes:
        return ()
    out = [Sentence(w.lang.say("differences", parent=parent.name(w.lang.code)))]
    for change in changes:
        mine = w.v.rule(change.rule)
        theirs = parent.rule(change.rule)
        before = _rule_sentence(w, parent, change.rule) if theirs else w.lang.say("difference.none")
        now = _rule_sentence(w, w.v, change.rule) if mine is not None else ""
        if mine is None:  # removed: say what no longer holds
            text = w.lang.say("difference.removed", before=before)
        elif change.rule.startswith("values.") and ": " in now and ": " in before:  # a row of the table
            card, worth = now.split(": ", 1)
            text = w.lang.say("difference.value", card=card, now=worth, before=before.split(": ", 1)[1])
        else:
            text = w.lang.say("difference", now=now, before=before)
        out.append(Sentence(text, (change.rule,), bool(mine and mine.assumed)))
    return tuple(out)


def _rule_sentence(w: _Writer, v: ir.Variant, rule_id: str) -> str:
    """The sentence a variant's rulebook says about one rule (the first that names it)."""
    other = rulebook(v, w.lang, None)
    for sentence in other.sentences():
        if rule_id in sentence.rules:
            return sentence.text
    return rule_id


# --- the house's own words and the variations ---------------------------------------------

def _block_rules(block: Block) -> set[str]:
    if isinstance(block, Steps):
        return {rule for item in block.items for rule in item.rules}
    if isinstance(block, Table):
        return {*block.rules, *(rule for row in block.row_rules for rule in row)}
    if isinstance(block, HouseNote):
        return set()
    return set(block.rules)


def _place_notes(w: _Writer, sections: Sequence[Section]
                 ) -> tuple[tuple[Section, ...], tuple[HouseNote, ...]]:
    """The sections with each house note where its place is said: a rule's after the block
    that states the rule, a section's at the end of the part that states its first rule.
    Notes on the whole game (or on a place this rulebook never states) come back apart."""
    label = w.lang.say("note.label")
    after: dict[tuple[int, int], list[HouseNote]] = {}
    loose: list[HouseNote] = []
    for note in (n for n in w.v.notes if n.language == w.lang.code):
        where = _home(sections, note.place)
        if where is None:
            loose.append(HouseNote(note.text, label))
        else:
            after.setdefault(where, []).append(HouseNote(note.text, label))
    placed = []
    for i, section in enumerate(sections):
        blocks: list[Block] = []
        for j, block in enumerate(section.blocks):
            blocks += [block, *after.get((i, j), ())]
        blocks += after.get((i, len(section.blocks)), [])
        placed.append(Section(section.key, section.title, tuple(blocks)))
    return tuple(placed), tuple(loose)


def _home(sections: Sequence[Section], place: str) -> tuple[int, int] | None:
    """(section, block after which) a note on `place` stands; None for the whole game.  A
    rule's note follows the first block stating the rule; a spec section's closes the part of
    the rulebook that states most of its rules (`turn.direction` is said with the deal, but a
    note on `turn` belongs with the turn)."""
    if not place:
        return None
    for i, section in enumerate(sections):
        for j, block in enumerate(section.blocks):
            if place in _block_rules(block):
                return (i, j)
    counts = [len({rule for block in section.blocks for rule in _block_rules(block)
                   if rule.startswith(place + ".")}) for section in sections]
    if not any(counts):
        return None
    best = counts.index(max(counts))
    return (best, len(sections[best].blocks))


def _variations(w: _Writer, children: Sequence[ir.Variant]) -> tuple[Variation, ...]:
    """Each house variant of this game with its changes, one sentence each; then the options
    the seed names that the spec leaves out (`option pl "..."` under `not_modelled`)."""
    from ..verify.diff import rule_changes

    out = []
    for child in children:
        items = []
        for change in rule_changes(w.v, child):
            if child.rule(change.rule) is None:
                text = w.lang.say("difference.removed", before=_rule_sentence(w, w.v, change.rule))
                items.append(Sentence(text, (change.rule,)))
            else:
                rule = child.rule(change.rule)
                items.append(Sentence(_rule_sentence(w, child, change.rule), (change.rule,),
                                      bool(rule and rule.assumed)))
        if items:
            out.append(Variation(child.name(w.lang.code), tuple(items)))
    options = tuple(Sentence(w.lang.say("variation.option", quote=n.quote))
                    for n in w.v.not_modelled
                    if n.language == w.lang.code and n.origin == w.v.id)
    if options:
        out.append(Variation(w.lang.say("variation.options"), options, not_modelled=True))
    return tuple(out)


# --- rendering -----------------------------------------------------------------------------

def to_markdown(book: Rulebook, sources: Sequence[str]) -> str:
    """The rulebook as Markdown; `sources`: the spec files it comes from, the variant's first."""
    from .render import environment

    template = environment("markdown").get_template("rulebook.md.j2")
    return template.render(book=book, sources=tuple(sources), kinds=_KINDS)


def to_html(book: Rulebook, sources: Sequence[str]) -> str:
    """The rulebook as one HTML page; `sources` as for `to_markdown`."""
    from .render import environment

    template = environment("html").get_template("rulebook.html.j2")
    return template.render(book=book, sources=tuple(sources), kinds=_KINDS)


_KINDS = {"Sentence": Sentence, "Example": Example, "Table": Table, "Steps": Steps,
          "HouseNote": HouseNote}
