"""Rules that only make sense together: `check_consistency(variant) -> diagnostics`.

These are the checks that need no solver: a score for handing in a game
without handing, a joker section in a deck without jokers, a per-player table
with a gap.  Whether the rules *work* (an opening is reachable, the deck is
big enough, scores reward the winner) is for the Z3 verifier.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from .. import ir
from ..diagnostics import Diagnostic, Note, error
from .schema import all_sections


def check_consistency(v: ir.Variant) -> list[Diagnostic]:
    # Later checks read per-player tables at every player count: only run them on whole tables.
    found = list(_player_tables(v))
    if found:
        return found
    for check in _CHECKS:
        found.extend(check(v))
    return [_in_this_file(v, d) for d in found]


def _in_this_file(v: ir.Variant, d: Diagnostic) -> Diagnostic:
    """A house variant's error on a rule it inherits, where the hint speaks of the rule's own
    line ("remove it", "say `always`", "remove the `<section>` section"): the hint says the edit
    in the variant's own file (`remove <rule>` in its section, `remove <section>`, or
    `override`), the parent's not being the family's."""
    from .registry import REGISTRY

    rule = v.rule(d.message.split("`")[1]) if d.message.count("`") >= 2 else None
    if rule is None or v.parent is None or rule.span.file == v.source or d.hint is None:
        return d
    *sections, name = rule.id.split(".")
    if not sections:
        where = ""
    elif len(sections) == 1:
        where = f" in `{sections[0]}`"
    else:
        where = f" in `{' { '.join(sections)} {{ ... }}{' }' * (len(sections) - 1)}`"
    section = re.match(r"remove the `([\w.]+)` section(?:, )?", d.hint)
    if section is not None:  # a rule its section must give: the section goes (see `_removal`)
        *outer, last = section[1].split(".")
        inside = f" in `{' { '.join(outer)} {{ ... }}{' }' * (len(outer) - 1)}`" if outer else ""
        rest = d.hint[section.end():]
        return replace(d, hint=f"write `remove {last}`{inside} in `{v.id}` (the section must give "
                               f"`{name}`): the rule is `{rule.origin}`'s{f' ({rest})' if rest else ''}")
    why = "" if d.hint == "remove it" else f" ({d.hint})"
    if d.hint.startswith("remove it"):
        return replace(d, hint=f"write `remove {name}`{where} in `{v.id}`: the rule is "
                               f"`{rule.origin}`'s{why}")
    say = re.search(r"say `(\w+)`", d.hint)
    if say is not None:
        also = "" if REGISTRY[rule.id].required else f", or `remove {name}`"  # type: ignore[index]
        return replace(d, hint=f"write `override {name} {say[1]}`{where} in `{v.id}`{also}: the rule is "
                               f"`{rule.origin}`'s{why}")
    return d


def _needs(rule: ir.Rule[object] | None, what: str, missing: str, hint: str,
           others: tuple[ir.Rule[object], ...] = ()) -> Iterator[Diagnostic]:
    """`rule` is given, but the thing it depends on (`what`) is not."""
    if rule is not None:
        if hint.startswith("remove it"):
            hint = _removal(rule.id) + hint[len("remove it"):]
        yield error("E021", f"`{rule.id}` needs {what}, but {missing}", rule.span, hint=hint,
                    notes=[Note(f"`{o.id}` is given here", o.span) for o in others])


def _removal(rule_id: str) -> str:
    """How to take a rule out: "remove it", or, where its section must give it (removing it alone
    would leave the section without it, E016), "remove the `<section>` section"."""
    from .registry import REGISTRY, RuleId

    info = REGISTRY.get(RuleId(rule_id))
    if info is None or not info.required or not _OPTIONAL.get(info.section, False):
        return "remove it"
    return f"remove the `{info.section}` section"


_OPTIONAL = {section.id: section.optional for section in all_sections()}


def _conflict(v: ir.Variant, rule: ir.Rule[object], other: ir.Rule[object], message: str,
              hint: str) -> Diagnostic:
    """Two rules that cannot both hold; the error stands at the house variant's own line."""
    if rule.span.file != v.source and other.span.file == v.source:
        rule, other = other, rule
    return error("E021", message, rule.span, hint=hint,
                 notes=[Note(f"`{other.id}` is given here", other.span)])


def _player_tables(v: ir.Variant) -> Iterator[Diagnostic]:
    players = v.players.value
    assert players.high is not None
    for rule in (v.deck.standard, v.deck.jokers, v.deal.hand):
        table = rule.value
        if len(table.cases) == 1 and table.cases[0][0] == ir.Range(1, None):
            continue
        gaps = _runs([n for n in range(players.low, players.high + 1)
                      if not any(n in r for r, _ in table.cases)])
        outside = [r for r, _ in table.cases
                   if r.low < players.low or (r.high is not None and r.high > players.high)]
        if not gaps and not outside:
            continue
        fix = _table_fix(v, rule, gaps)  # one edit mends every error of the table
        for case_range in outside:
            yield error("E020", f"`{rule.id}` gives a value for {case_range} players, but the "
                        f"game is for {players} players", rule.span,
                        notes=[Note("`players` is given here", v.players.span)], hint=fix)
        for gap in gaps:
            yield error("E020", f"`{rule.id}` gives no value for {gap} players", rule.span,
                        notes=[Note("`players` is given here", v.players.span)], hint=fix)


def _table_fix(v: ir.Variant, rule: ir.Rule[ir.PerPlayers[int]], gaps: list[ir.Range]) -> str:
    """The rule written for the game's player counts: its cases cut to them, `N` for each count
    it has no value for; one value where one serves them all.  A house variant is told the edit
    in its own file (`override`), whichever file the rule is written in."""
    players = v.players.value
    assert players.high is not None
    cases: list[tuple[ir.Range, str]] = []
    for case_range, value in rule.value.cases:
        low = max(case_range.low, players.low)
        high = players.high if case_range.high is None else min(case_range.high, players.high)
        if low <= high:
            cases.append((ir.Range(low, high), str(value)))
    cases += [(gap, "N") for gap in gaps]
    cases.sort(key=lambda case: case[0].low)
    if len({value for _, value in cases}) == 1:
        written = cases[0][1]
    else:
        written = ", ".join(f"{value} for {case_range} players" for case_range, value in cases)
    section, name = rule.id.split(".")
    if v.parent is None:
        return f"give one value per player count the game allows: `{name} {written}`"
    told = f"write `override {name} {written}` in `{section}` in `{v.id}`"
    return told if rule.span.file == v.source else f"{told}: the rule is `{rule.origin}`'s"


def _runs(numbers: list[int]) -> list[ir.Range]:
    """[3, 4, 5, 7] -> 3..5, 7."""
    out: list[ir.Range] = []
    for n in numbers:
        if out and out[-1].high == n - 1:
            out[-1] = ir.Range(out[-1].low, n)
        else:
            out.append(ir.Range(n, n))
    return out


def _melds(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.set is None and v.run is None:
        yield error("E016", "the variant has neither `set` nor `run`: nothing can be melded",
                    v.players.span, hint="add `set { ... }` and/or `run { ... }`")
    run = v.run
    if run is not None:
        both = run.ace.value is ir.Ace.LOW_OR_HIGH
        if both and run.ace_to_ace is None:
            yield error("E016", "say whether the 14-card run from ace to ace is allowed",
                        run.ace.span, hint="add `ace_to_ace allowed` or `ace_to_ace forbidden`")
        if run.ace_to_ace is not None and run.ace_to_ace.value and not both:
            yield _conflict(v, run.ace_to_ace, run.ace,
                            "a run from ace to ace needs the ace both low and high",
                            _ace_to_ace_fix(v, run))
    ace = v.values.ranks[0]
    for place, _ in ace.value.by_place:
        if place is ir.Place.LOW_RUN and (run is None or run.ace.value is ir.Ace.HIGH):
            yield error("E021", "the ace is priced `in low_run`, but no run has a low ace", ace.span,
                        hint=_ace_price_fix(v, ace, "low"))
        if place is ir.Place.HIGH_RUN and (run is None or run.ace.value is ir.Ace.LOW):
            yield error("E021", "the ace is priced `in high_run`, but no run has a high ace",
                        ace.span, hint=_ace_price_fix(v, ace, "high"))
    if v.set is None and any(p is ir.Place.SET for r in v.values.ranks for p, _ in r.value.by_place):
        yield error("E021", "a card is priced `in set`, but the variant has no sets", v.players.span)


def _ace_price_fix(v: ir.Variant, ace: ir.Rule[ir.CardValue], side: str) -> str:
    """First the edit that keeps the runs as they are: the ace's price without the place no
    run has (a house variant that made the ace only high meant that)."""
    keyword = "override A" if v.parent is not None else "A"
    price = f"give the ace one value, as `{keyword} {ace.value.points}` in `values`"
    if v.run is None:
        return price
    return f"{price}; or write `ace {side}` or `ace low or high` in `run`"


def _ace_to_ace_fix(v: ir.Variant, run: ir.RunRules) -> str:
    """The edit that leads to a spec that passes: the rule goes, where it is written or,
    inherited, by `remove`.  Not `ace_to_ace forbidden`: with the ace only low or only high no
    run goes from ace to ace anyway, so that line would be dead (`rules.dead`); nor `ace low
    or high`, which fails `runs.wrap` where the deck holds no 14-card run from ace to ace."""
    rule = run.ace_to_ace
    assert rule is not None
    if rule.origin == v.id:
        drop = f"delete line {rule.span.line} (`ace_to_ace allowed`)"
    else:
        drop = "write `remove ace_to_ace` in `run`"
    return f"{drop}: with the ace only {run.ace.value.value}, no run goes from ace to ace"


def _jokers(v: ir.Variant) -> Iterator[Diagnostic]:
    counts = [v.deck.jokers.value.at(n) for n in v.player_counts()]
    has_jokers = any(counts)
    if has_jokers:
        if v.jokers is None:
            yield error("E016", "the deck has jokers, but no `jokers` section says how they are used",
                        v.deck.jokers.span, hint="add `jokers { per_meld ...; min_natural ...; "
                        "declare ... }`, or `jokers 0` in the deck")
        if v.values.joker is None:
            yield error("E016", "the deck has jokers, but `values` gives none for a joker",
                        v.deck.jokers.span, hint="add `joker as_replaced` or `joker 25` to `values`")
        return
    for rule in _present(v.jokers.per_meld if v.jokers else None, v.values.joker,
                         v.joker_swap.allowed if v.joker_swap else None, v.scoring.joker_in_hand):
        yield from _needs(rule, "jokers", "the deck has none", "remove it, or add jokers to the deck",
                          (v.deck.jokers,))


def _present(*rules: ir.Rule[object] | None) -> list[ir.Rule[object]]:
    return [r for r in rules if r is not None]


def _joker_details(v: ir.Variant) -> Iterator[Diagnostic]:
    if v.jokers is not None and v.jokers.per_meld_at_opening is not None and v.opening is None:
        yield from _needs(v.jokers.per_meld_at_opening, "an `opening` section",
                          "this game has no opening requirement",
                          "remove it: every meld follows `per_meld`")
    joker = v.values.joker
    if (joker is not None and joker.value.as_replaced and v.scoring.joker_in_hand is None
            and v.deck.jokers.value.at(v.players.value.low) > 0):
        yield error("E016", "a joker left in hand replaces nothing, so it has no value here",
                    joker.span, hint="add `joker_in_hand N` to `scoring`")


def _opening(v: ir.Variant) -> Iterator[Diagnostic]:
    clean_run = v.opening.clean_run if v.opening else None
    if clean_run is not None and clean_run.value and v.run is None:
        yield from _needs(clean_run, "runs", "the variant has no `run` section",
                          "remove it, or add a `run` section")


def _flags(condition: ir.Condition) -> set[ir.Flag]:
    if isinstance(condition, ir.Is):
        return {condition.flag}
    if isinstance(condition, (ir.AnyOf, ir.AllOf)):
        return set().union(*(_flags(c) for c in condition.items))
    if isinstance(condition, ir.IsNot):
        return _flags(condition.item)
    return set()


def _conditions(v: ir.Variant) -> Iterator[Diagnostic]:
    rules: list[ir.Rule[ir.Condition]] = [r for _, r in v.turn.draw] + [v.turn.lay_off]
    if v.joker_swap is not None:
        rules.append(v.joker_swap.allowed)
    for rule in rules:
        flags = _flags(rule.value)
        if flags & {ir.Flag.OPENED, ir.Flag.OPENS_THIS_TURN} and v.opening is None:
            yield error("E021", f"`{rule.id}` depends on opening, but this game has no `opening`",
                        rule.span, hint="add an `opening` section, or say `always`")
        if ir.Flag.HANDING in flags and v.handing is None:
            yield error("E021", f"`{rule.id}` depends on handing, but this game has no `handing`",
                        rule.span, hint="add a `handing` section, or say `never`")


def _turn(v: ir.Variant) -> Iterator[Diagnostic]:
    turn = v.turn
    if not turn.draw:
        yield error("E016", "the turn has no draw source", turn.draws.span,
                    hint="add `draw { stock always }` to `turn`")
    discards = turn.discard.value > 0
    top = turn.source(ir.DrawSource.DISCARD_TOP)
    if top is not None and not discards and v.deal.first_discard.value is ir.FirstDiscard.NONE:
        yield _conflict(v, top, turn.discard, "drawing from the discard pile, but nothing is ever "
                        "discarded", "remove `discard_top`, or make players discard")
    if turn.discard_taken_card is not None and top is None:
        yield from _needs(turn.discard_taken_card, "a discard pile to draw from",
                          "`draw` has no `discard_top`", "remove it")
    cut = turn.source(ir.DrawSource.CUT_CARD)
    has_cut = v.deal.cut_card is not None and v.deal.cut_card.value
    if cut is not None and not has_cut:
        yield from _needs(cut, "a cut card", "`deal` has no `cut_card under_stock`",
                          "remove it, or add `cut_card under_stock` to `deal`")
    if has_cut and cut is None:
        assert v.deal.cut_card is not None
        yield error("E021", "the cut card goes under the stock, but no rule says when it may be "
                    "taken", v.deal.cut_card.span, hint="add `cut_card when handing` to `draw`")
    stock = turn.source(ir.DrawSource.STOCK)
    if turn.draws.value.count > 1 and (stock is None or isinstance(stock.value, ir.Never)):
        # the discard pile and the cut card give only a turn's first card
        yield error("E021", f"`draws {turn.draws.value.count}` needs the stock for the cards after the "
                    "first, but `draw` has no `stock`", turn.draws.span,
                    hint="add `stock always` to `draw`, or write `draws 1`")
    if turn.meld_after_last_draw is not None and not turn.draws.value.until_meld:
        # `draws N` takes every card before anything is laid down: forbidding a meld after the
        # last draw would forbid melding at all
        yield from _needs(turn.meld_after_last_draw, "drawing `until meld`",
                          f"`draws` is {turn.draws.value.count}",
                          "remove it", (turn.draws,))
    left = v.deal.first_player.value is ir.FirstPlayer.LEFT_OF_DEALER
    if turn.direction is not None and turn.direction.value is ir.Direction.COUNTERCLOCKWISE and left:
        # the referee's first player is the dealer's next seat in the order of play: to his
        # left only when play passes clockwise (to the left)
        yield _conflict(v, turn.direction, v.deal.first_player, "play passes counterclockwise, so "
                        "the player left of the dealer would play last, not first",
                        "write `direction clockwise`, or let the dealer play first")
    if v.stock_empty.value is ir.StockEmpty.RESHUFFLE and not discards:
        yield _conflict(v, v.stock_empty, turn.discard, "the discards cannot make a new stock: "
                        "nothing is discarded", "write `stock_empty last_round`")
    if v.going_out.by.value is not ir.GoingOutBy.TABLE and not discards:
        yield _conflict(v, v.going_out.by, turn.discard, "going out by discarding, but the turn has "
                        "no discard", "write `by table`")


def _scoring(v: ir.Variant) -> Iterator[Diagnostic]:
    s = v.scoring
    penalties = s.method.value is ir.Method.PENALTIES
    if penalties and s.went_out is None:
        yield error("E016", "penalty scoring needs the score of the player who goes out",
                    s.method.span, hint="add e.g. `went_out -40`")
    if not penalties and s.went_out is not None:
        yield _conflict(v, s.went_out, s.method, "`scoring.went_out` is a fixed score, used only by "
                        "`method penalties`", "remove it: the winner scores the others' cards")
    if s.all_out_bonus is not None and penalties:
        # Penalty scoring gives the player who goes out a fixed score; a bonus on top of it
        # would be a second way of writing `went_out` (and `handed`).
        yield _conflict(v, s.all_out_bonus, s.method, "`scoring.all_out_bonus` is added to the "
                        "points the winner collects, but `method penalties` gives him a fixed score",
                        "remove it, or write the bonus into `went_out` (and `handed`)")
    if s.handed is not None and not penalties:
        yield _conflict(v, s.handed, s.method, "`scoring.handed` is a fixed score, used only by "
                        "`method penalties`", "remove it: to reward handing, use `handing_multiplier`")
    if v.handing is None:
        for rule in _present(s.handed, s.handed_with_cut_card, s.handing_multiplier):
            yield from _needs(rule, "handing", "the game has no `handing` section",
                              "remove it, or add `handing { ... }`")
    has_cut = v.deal.cut_card is not None and v.deal.cut_card.value
    if not has_cut:
        yield from _needs(s.handed_with_cut_card, "a cut card", "`deal` has no cut card",
                          "remove it, or add `cut_card under_stock` to `deal`")
    if v.opening is None:
        yield from _needs(s.not_opened, "an opening", "the game has no `opening` section",
                          "remove it")
    if v.knocking is None:
        for rule in _present(s.undercut_bonus, s.tie_with_knocker):
            yield from _needs(rule, "knocking", "the game has no `knocking` section", "remove it")
    elif s.tie_with_knocker is None and s.method.value is ir.Method.DIFFERENCES:
        # only `differences` has a winner a tie could change (the others' hands are what the
        # knocker's count is measured against); `rules.dead` reports it under another method
        yield error("E016", "say who wins a tie with the player who knocked",
                    v.knocking.max_hand.span, hint="add `tie_with_knocker others_win` to `scoring`")
    if v.handing is not None and v.handing.opening_rules is not None and v.opening is None:
        yield from _needs(v.handing.opening_rules, "an opening", "the game has no `opening`",
                          "remove it")


def _game_end(v: ir.Variant) -> Iterator[Diagnostic]:
    g = v.game_end
    if g.target is None and g.rounds is None:
        yield error("E016", "the game never ends: give a `target` score or a number of `rounds`",
                    g.winner.span, hint="add e.g. `target 150` to `game_end`")
    if g.target is None:
        yield from _needs(g.target_bonus, "a target", "`game_end` has no `target`", "remove it")


_CHECKS = (_melds, _jokers, _joker_details, _opening, _conditions, _turn,
           _scoring, _game_end)
