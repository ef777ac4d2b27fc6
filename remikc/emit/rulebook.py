"""The rulebook of a variant as a document: `rulebook(variant, language, examples) -> Rulebook`.

The builder decides what to say (which rules, in which section, with which
example); the language catalogue decides how.  Every sentence carries the ids
of the rules it states, so tests can check that every rule is said and no
sentence speaks of a rule the game does not have.  A sentence stating a value
the seed did not give is marked as an assumption.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .. import ir
from ..cards import Card, format_cards
from ..verify.witness import Examples, Play
from ..wording import Language

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Sentence:
    text: str
    rules: tuple[str, ...] = ()
    assumed: bool = False


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
    footnote: str
    # each value that reads an ambiguous seed sentence one way, with the other reading
    # (`assumed "..." other "..."`); printed after the sections, in the spec's words
    readings: tuple[Sentence, ...] = ()
    readings_title: str = ""
    notes: tuple[HouseNote, ...] = ()  # the house's notes on the whole game, after the intro
    variations: tuple[Variation, ...] = ()  # the last section: "Odmiany" / "Varijante"
    variations_title: str = ""

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
                    out += [Sentence(": ".join(row), rules, block.assumed)
                            for row, rules in zip(block.rows, block.row_rules, strict=True)]
                elif isinstance(block, Table):
                    out.append(Sentence(" | ".join(" ".join(r) for r in block.rows), block.rules,
                                        block.assumed))
                else:
                    out.append(Sentence(f"{block.cards} {block.note}", block.rules))
        return out

    def rules_said(self) -> set[str]:
        return {rule for s in self.sentences() for rule in s.rules}


@dataclass
class _Writer:
    """Builds one rulebook: `say` makes a sentence from a message and the rules it states."""

    v: ir.Variant
    lang: Language
    blocks: list[Block] = field(default_factory=list)

    def say(self, key: str, *rules: ir.Rule[object] | None, **values: object) -> Sentence:
        present = tuple(r for r in rules if r is not None)
        return Sentence(self.lang.say(key, **values), tuple(r.id for r in present),
                        any(r.assumed for r in present))

    def add(self, key: str, *rules: ir.Rule[object] | None, **values: object) -> None:
        self.blocks.append(self.say(key, *rules, **values))

    def count(self, key: str, rule: ir.Rule[int] | None) -> None:
        """The sentence of a rule that is a number, if the variant has the rule."""
        if rule is not None:
            self.add(key, rule, n=rule.value)

    def take(self) -> tuple[Block, ...]:
        out, self.blocks = tuple(self.blocks), []
        return out


def _range(r: ir.Range) -> str:
    return f"{r.low}–{r.high}" if r.high is not None and r.high != r.low else str(r.low)


def _condition(w: _Writer, c: ir.Condition) -> str:
    """A `when` condition in words: `when_first_round`, joined by `when_or` / `when_and`."""
    if isinstance(c, ir.Is):
        return w.lang.say(f"when.{c.flag.value}")
    if isinstance(c, ir.IsNot):
        return w.lang.say("when.not", what=_condition(w, c.item))
    if isinstance(c, (ir.AnyOf, ir.AllOf)):
        parts = [_condition(w, item) for item in c.items]
        glue = w.lang.say("when.or" if isinstance(c, ir.AnyOf) else "when.and")
        return glue.join(parts)
    return w.lang.say("when.always" if isinstance(c, ir.Always) else "when.never")


def _kind(w: _Writer, play: Play) -> str:
    return w.lang.say(f"kind.{play.kind}") if play.kind else ""


def rulebook(v: ir.Variant, lang: Language, examples: Examples | None = None,
             parent: ir.Variant | None = None, source: str = "",
             children: Sequence[ir.Variant] = ()) -> Rulebook:
    """The whole rulebook of `v`; `examples` from the solver (None: no examples); `children`:
    the house variants of `v` to name under its variations."""
    lang = lang.with_wording({o.key: dict(o.forms) if o.forms else o.text
                              for o in v.wording if o.language == lang.code})
    w = _Writer(v, lang)
    e = examples or Examples()
    sections = [
        Section("players", lang.say("section.players"), _players(w)),
        Section("deal", lang.say("section.deal"), _deal(w)),
        Section("goal", lang.say("section.goal"), _goal(w)),
        Section("turn", lang.say("section.turn"), _turn(w)),
        Section("melds", lang.say("section.melds"), _melds(w, e)),
    ]
    if v.jokers is not None:
        sections.append(Section("jokers", lang.say("section.jokers"), _jokers(w, e)))
    if v.opening is not None:
        sections.append(Section("opening", lang.say("section.opening"), _opening(w, e)))
    swaps = v.jokers is not None and v.joker_swap is not None
    title = lang.say("section.lay_off_swap" if swaps else "section.lay_off")
    sections.append(Section("lay_off", title, _lay_off(w, e)))
    sections.append(Section("going_out", lang.say("section.going_out"), _going_out(w)))
    sections.append(Section("stock", lang.say("section.stock"), _stock(w)))
    sections.append(Section("scoring", lang.say("section.scoring"), _scoring(w, e)))
    sections.append(Section("game_end", lang.say("section.game_end"), _game_end(w)))
    sections.append(Section("glossary", lang.say("section.glossary"), _glossary(w)))
    name = v.name(lang.code)
    intro = (Sentence(lang.say("intro", source=source or v.source)),)
    readings = tuple(Sentence(lang.say("reading", rule=r.id, other=r.other), (r.id,), True)
                     for r in v.rules if r.other)
    placed, notes = _place_notes(w, sections)
    variations = _variations(w, children)
    return Rulebook(lang.code, v.id, lang.say("title", name=name), intro, _differences(w, parent),
                    placed, lang.say("footnote"), readings, lang.say("section.readings"),
                    notes, variations, lang.say("section.variations") if variations else "")


# --- sections --------------------------------------------------------------------------

def _players(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    players = v.players.value
    w.add("players", v.players, low=players.low, high=players.high)
    standard, jokers = v.deck.standard, v.deck.jokers
    if standard.value.uniform and jokers.value.uniform:
        packs, jokers_n = standard.value.cases[0][1], jokers.value.cases[0][1]
        w.add("deck", standard, jokers, packs=_deck(w, packs, jokers_n))
    else:
        cases = [w.lang.say("deck.case", players=_range(r),
                            deck=_deck(w, standard.value.at(r.low), jokers.value.at(r.low)))
                 for r, _ in _player_groups(v, (standard, jokers))]
        w.add("deck.by_players", standard, jokers, cases="; ".join(cases))
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
    for text, ranks in groups.items():
        runs: list[list[int]] = []
        for rank in ranks:
            if runs and rank == runs[-1][-1] + 1 and rank <= 10:
                runs[-1].append(rank)
            else:
                runs.append([rank])
        label = ", ".join(f"{names[r[0] - 1]}–{names[r[-1] - 1]}" if len(r) > 2
                          else ", ".join(names[x - 1] for x in r) for r in runs)
        rows.append((label, text))
        row_rules.append(tuple(v.values.ranks[rank - 1].id for rank in ranks))
    rules: list[ir.Rule[object]] = list(v.values.ranks)
    if v.values.joker is not None:
        rules.append(v.values.joker)
        joker = v.values.joker.value
        points = joker.points or 0
        text = w.lang.say("value.as_replaced") if joker.as_replaced else w.lang.count(points, "point")
        rows.append((w.lang.say("card.joker"), text))
        row_rules.append((v.values.joker.id,))
    return Table((w.lang.say("table.card"), w.lang.say("table.points")), tuple(rows),
                 tuple(r.id for r in rules), any(r.assumed for r in rules), tuple(row_rules))


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
        if hand.value.uniform:
            w.add("deal.extra", deal.first_player_extra, hand, n=extra,
                  total=hand.value.cases[0][1] + extra)
        else:
            w.add("deal.extra.by_players", deal.first_player_extra, n=extra)
    if deal.first_discard.value is ir.FirstDiscard.NONE and not v.turn.discard.value:
        w.add("deal.first_discard.no_pile", deal.first_discard, v.turn.discard)
    else:
        w.add(f"deal.first_discard.{deal.first_discard.value.value}", deal.first_discard)
    if deal.cut_card is not None and deal.cut_card.value:
        w.add("deal.cut_card", deal.cut_card)
    return w.take()


def _goal(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    w.add(f"goal.{v.going_out.by.value.value}", v.going_out.by)
    w.add(f"goal.winner.{v.game_end.winner.value.value}", v.game_end.winner)
    return w.take()


def _turn(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    t = v.turn
    steps: list[Sentence] = []
    draws = t.draws.value
    sources = [(s, r) for s, r in t.draw if not isinstance(r.value, ir.Never)]
    free = [s.value for s, r in sources if isinstance(r.value, ir.Always)]
    always = [r for s, r in sources if isinstance(r.value, ir.Always)]
    if draws.until_meld:
        steps.append(w.say("turn.draws.until_meld", t.draws, *(r for s, r in t.draw), n=draws.count))
    elif not free:
        steps.append(w.say("turn.draw.none", t.draws))
    elif len(free) == 1 and w.lang.has(f"turn.draw.{free[0]}"):
        steps.append(w.say(f"turn.draw.{free[0]}", t.draws, *always, n=draws.count))
    else:  # any other choice of places is said as a list: "from here or from there"
        either = f" {w.lang.say('word.or')} ".join(w.lang.say(f"source.{s}") for s in free)
        steps.append(w.say("turn.draw.from", t.draws, *always, n=draws.count, sources=either))
    for source, rule in t.draw:
        if isinstance(rule.value, ir.Always):
            continue
        if isinstance(rule.value, ir.Never):
            steps.append(w.say(f"turn.never.{source.value}", rule))
        else:
            steps.append(w.say(f"turn.when.{source.value}", rule, when=_condition(w, rule.value)))
    if t.meld_after_last_draw is not None and not t.meld_after_last_draw.value:
        steps.append(w.say("turn.no_meld_after_last_draw", t.meld_after_last_draw, n=draws.count))
    steps.append(w.say("turn.meld.opening" if v.opening else "turn.meld"))
    if t.rearrange is not None:
        r = t.rearrange
        remove = "allowed" if r.remove_from_table.value else "forbidden"
        steps.append(w.say(f"turn.rearrange.{remove}", r.min_from_hand, r.remove_from_table,
                           n=r.min_from_hand.value))
    if t.discard.value:
        steps.append(w.say("turn.discard", t.discard))
    else:
        steps.append(w.say("turn.no_discard", t.discard))
    if t.discard_taken_card is not None:
        word = "allowed" if t.discard_taken_card.value else "forbidden"
        steps.append(w.say(f"turn.discard_taken_card.{word}", t.discard_taken_card))
    w.blocks.append(Steps(tuple(steps)))
    return w.take()


def _melds(w: _Writer, e: Examples) -> tuple[Block, ...]:
    v = w.v
    if v.set is not None:
        s = v.set
        w.add("set", s.size, s.suits, size=_size(w, s.size.value),
              suits=w.lang.say(f"set.suits.{s.suits.value.value}"))
        w.count("set.closed_at", s.closed_at)
        if e.set is not None:
            w.blocks.append(_example(w, e.set, ("set.size", "set.suits")))
    if v.run is not None:
        r = v.run
        suit = "run.suit.same" if r.suit.value is ir.RunSuit.SAME else "run.suit.any"
        w.add("run", r.size, r.suit, size=_size(w, r.size.value), suit=w.lang.say(suit))
        w.add(f"run.ace.{r.ace.value.name.lower()}", r.ace)
        w.add(f"run.wrap.{'allowed' if r.wrap.value else 'forbidden'}", r.wrap)
        if r.ace_to_ace is not None:
            w.add(f"run.ace_to_ace.{'allowed' if r.ace_to_ace.value else 'forbidden'}", r.ace_to_ace)
        if e.run is not None:
            w.blocks.append(_example(w, e.run, ("run.size", "run.suit", "run.ace")))
        if e.ace_to_ace is not None:
            w.blocks.append(_example(w, e.ace_to_ace, ("run.ace_to_ace",)))
        if e.corner is not None:
            corner = format_cards(e.corner)
            if r.wrap.value:
                w.blocks.append(Example(corner, w.lang.say("example.corner.allowed"), ("run.wrap",)))
            else:
                rule = "run.wrap" if r.ace.value is ir.Ace.LOW_OR_HIGH else "run.ace"
                refused = w.lang.say("example.corner.refused")
                w.blocks.append(Example(corner, refused, (rule,), refused=True))
    return w.take()


def _size(w: _Writer, size: ir.Range) -> str:
    if size.high is None:
        return w.lang.say("size.at_least", n=size.low)
    if size.high == size.low:
        return w.lang.say("size.exactly", n=size.low)
    return w.lang.say("size.between", low=size.low, n=size.high)


def _example(w: _Writer, play: Play, rules: tuple[str, ...]) -> Example:
    return Example(format_cards(play.cards),
                   w.lang.say("example.meld", kind=_kind(w, play), n=play.points), rules)


def _jokers(w: _Writer, e: Examples) -> tuple[Block, ...]:
    v = w.v
    j = v.jokers
    assert j is not None
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
        w.add(f"jokers.ambiguous.{j.ambiguous.value.value}", j.ambiguous)
    if e.joker is not None:
        w.blocks.append(_example(w, e.joker, ("jokers.declare", "values.joker")))
    return w.take()


def _opening(w: _Writer, e: Examples) -> tuple[Block, ...]:
    o = w.v.opening
    assert o is not None
    w.add("opening.min_points", o.min_points, n=o.min_points.value)
    if o.needs_clean_run():
        w.add("opening.clean_run", o.clean_run)
    w.count("opening.min_melds", o.min_melds)
    w.add("opening.after", o.min_points)
    if e.opening is not None:
        melds, points = e.opening
        shown = " + ".join(format_cards(m) for m in melds)
        w.blocks.append(Example(shown, w.lang.say("example.opening", n=points), ("opening.min_points",)))
    return w.take()


def _lay_off(w: _Writer, e: Examples) -> tuple[Block, ...]:
    v = w.v
    lay_off = v.turn.lay_off
    if isinstance(lay_off.value, ir.Always):
        w.add("lay_off.always", lay_off)
    elif isinstance(lay_off.value, ir.Never):
        w.add("lay_off.never", lay_off)
    else:
        w.add("lay_off.when", lay_off, when=_condition(w, lay_off.value))
    if e.lay_off is not None:
        meld, card, after = e.lay_off
        w.blocks.append(Example(f"{format_cards(meld)} + {card}",
                                w.lang.say("example.lay_off", kind=_kind(w, after), n=after.points),
                                ("turn.lay_off",)))
    swap = v.joker_swap
    if swap is not None:
        if isinstance(swap.allowed.value, ir.Always):
            w.add("swap.always", swap.allowed)
        elif isinstance(swap.allowed.value, ir.Never):
            w.add("swap.never", swap.allowed)
        else:
            w.add("swap.when", swap.allowed, when=_condition(w, swap.allowed.value))
        w.add(f"swap.from.{swap.card_from.value.value}", swap.card_from)
        w.add(f"swap.retrieved.{swap.retrieved_joker.value.value}", swap.retrieved_joker)
        if e.swap is not None:
            meld, card, after = e.swap
            w.blocks.append(Example(f"{format_cards(meld)} ← {card}",
                                    w.lang.say("example.swap", cards=format_cards(after.cards)),
                                    ("joker_swap.allowed",)))
    return w.take()


def _going_out(w: _Writer) -> tuple[Block, ...]:
    v = w.v
    w.add(f"going_out.{v.going_out.by.value.value}", v.going_out.by)
    h = v.handing
    if h is not None:
        keep = "handing.keep_discard" if v.going_out.by.value is ir.GoingOutBy.DISCARD else "handing"
        w.add(keep, v.going_out.by)
        w.add(f"handing.lay_off.{'allowed' if h.lay_off.value else 'forbidden'}", h.lay_off)
        if h.opening_rules is not None:
            w.add(f"handing.opening_rules.{'apply' if h.opening_rules.value else 'waived'}",
                  h.opening_rules)
    if v.knocking is not None:
        w.add("knocking", v.knocking.max_hand, n=v.knocking.max_hand.value)
    return w.take()


def _stock(w: _Writer) -> tuple[Block, ...]:
    w.add(f"stock.{w.v.stock_empty.value.value}", w.v.stock_empty)
    return w.take()


def _scoring(w: _Writer, e: Examples) -> tuple[Block, ...]:
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
    table = _round(w, e)
    if table is not None:
        w.add("example.round")
        w.blocks.append(table)
    return w.take()


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
        held = f"{format_cards(hand.cards)} ({w.lang.count(hand.points, 'point')})"
        rows.append((w.lang.say("round.player", n=i + 2), held, str(scores[i + 1])))
    rules = ["scoring.method", *(r.id for r in (v.scoring.went_out, v.scoring.joker_in_hand) if r)]
    return Table((w.lang.say("round.who"), w.lang.say("round.left"), w.lang.say("round.score")),
                 tuple(rows), tuple(rules))


def _game_end(w: _Writer) -> tuple[Block, ...]:
    g = w.v.game_end
    w.count("game_end.target", g.target)
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
    rows = tuple((w.lang.say(f"term.{t}"), w.lang.say(means[t])) for t in terms)
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
        if mine is None:  # removed: say what no longer holds
            text = w.lang.say("difference.removed", before=before)
        else:
            text = w.lang.say("difference", now=_rule_sentence(w, w.v, change.rule), before=before)
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
