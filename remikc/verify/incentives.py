"""Incentives: scoring under which a player is better off not doing what the game asks.

The table in docs/verify.md lists each comparison; here are those decided by a check of
their own (going out against holding cards, and handing against going out, are
`scoring.winner`):

- `incentives.lay_off`: laying a card off never leaves a player worse off than keeping it.
  A card laid off leaves the hand; kept, it counts its hand value at the end of a round.
  Whether a higher count hurts its holder depends on whose total it goes to: his own under
  `penalties` (hurting him when the lowest total wins), the winner's under
  `winner_collects` and `differences` (hurting him when the highest total wins, as it helps
  the winner).  Asked of every card that some valid meld takes at either end.
- `incentives.opening`: opening never leaves a player worse off than not opening, when a
  player who never opened counts `not_opened` instead of his cards.  A player who may open
  holds a hand of the size he has in his first turn (dealt, drawn, less the discard); he
  either lays an opening down and counts the cards left, or keeps them all and counts
  `not_opened`.  Asked of every opening and every hand around it.
- `incentives.knock`: knocking at the knock threshold never leaves the knocker worse off than
  playing on.  A player whose cards count `max_hand` or less may knock, ending the deal; or
  play on, which at best ends the deal with the same cards in every hand.  Compared where
  knocking is no gamble: the knocker's count is strictly the lowest, so nobody undercuts him
  (the undercut is the risk a knock takes on purpose).  The two endings score as
  `encode.deal_scores` says (`knocked` by him, or nobody going out), with every component
  the spec scores.
- `incentives.target`: reaching the target never leaves its player worse off than another
  player reaching it.  The one who reaches it gets `target_bonus`, every other player
  `round_win_bonus` for each deal he won (remikc/scoring.py `final_totals`): by ending the
  game a player gives up his round bonuses.  Where only a deal's winner moves towards the
  target, he has won at least the target over the most a deal gains (`gains.most_a_deal`,
  every component) deals on the way; when the round bonuses of that many deals are worth
  more than `target_bonus`, ending the game is the worse choice in every game.
"""


from __future__ import annotations

from collections.abc import Sequence

import z3

from .. import ir
from ..cards import Card, format_cards
from . import canon, decode
from .base import Check, Probe, better, largest_hand, opening_hands, smallest_meld, unknown
from .encode import CopyLimit, deal_scores, opening, slot_sizes
from .findings import Finding, Status
from .gains import deal_extremes, most_a_deal


def _hurts_holder(v: ir.Variant) -> bool:
    """Whether a higher count of the cards a player is left holding is bad for him."""
    own = v.scoring.method.value is ir.Method.PENALTIES
    lowest = v.game_end.winner.value is ir.Winner.LOWEST
    return lowest if own else not lowest


def _whose(v: ir.Variant) -> str:
    own = v.scoring.method.value is ir.Method.PENALTIES
    wins = "the lowest" if v.game_end.winner.value is ir.Winner.LOWEST else "the highest"
    whom = "his own" if own else "the winner's"
    return f"{whom} total, and {wins} total wins"


def lay_off(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    rule = v.turn.lay_off
    if isinstance(rule.value, ir.Never):
        return Finding(check.id, check.title, Status.PROVED, "the game has no laying off")
    size = smallest_meld(v)
    enc = probe.encoder()
    target = enc.cards("t", size)
    (card,) = enc.cards("c", 1)
    used = tuple((c, z3.BoolVal(True, enc.ctx)) for c in (*target, card))
    enc.domain.append(enc.joker_supply(used))
    enc.lazy.append(CopyLimit(enc, used))
    meld = enc.meld(target, enc.num(size), opening=False)
    after = enc.meld((*target, card), enc.num(size + 1), opening=False)
    before = enc.meld((card, *target), enc.num(size + 1), opening=False)
    takes = z3.And(meld.valid, z3.Or(z3.And(after.valid, after.is_run == meld.is_run),
                                     z3.And(before.valid, before.is_run == meld.is_run)))
    if v.set is not None and v.set.closed_at is not None:
        closed = z3.And(z3.Not(meld.is_run), size >= v.set.closed_at.value)
        takes = z3.And(takes, z3.Implies(enc.lit(v.set.closed_at), z3.Not(closed)))
    kept = enc.hand_card_value(card)
    better_kept = kept < 0 if _hurts_holder(v) else kept > 0
    out = probe.ask(probe.session(enc), takes, better_kept, prefer=[[meld.jokers == 0]])
    if out.status == "unknown":
        return unknown(check)
    if out.model is not None:
        m = out.model
        shown = str(decode.card(m, card))
        blame = (*_value_rules(v, decode.card(m, card).rank), rule, v.scoring.method, v.game_end.winner)
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"keeping {shown} counts {decode.integer(m, kept)} at the end of a round, which "
                       f"goes to {_whose(v)}: a player is better off keeping it than laying it off on "
                       f"{decode.meld_text(m, meld)}",
                       blame)
    return Finding(check.id, check.title, Status.PROVED,
                   "no card a meld takes counts in its holder's favour when kept")


def _value_rules(v: ir.Variant, rank: int) -> tuple[ir.Rule[object], ...]:
    if rank == 0:
        found = v.scoring.joker_in_hand or v.values.joker
        return (found,) if found is not None else ()
    return (v.values.ranks[rank - 1],)


def _held_rules(v: ir.Variant, held: Sequence[Card]) -> tuple[ir.Rule[object], ...]:
    """The rules that say what the cards `held` count left in hand, each once."""
    found: dict[str, ir.Rule[object]] = {}
    for card in held:
        for rule in _value_rules(v, card.rank):
            found.setdefault(rule.id, rule)
    return tuple(found.values())


def opening_pays(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    not_opened = v.scoring.not_opened
    if v.opening is None or not_opened is None:
        return Finding(check.id, check.title, Status.PROVED,
                       "a player who never opened counts his cards like anyone: opening only sheds them")
    held = opening_hands(v)[-1]  # the largest first-turn hand leaves the most behind
    enc = probe.encoder()
    o = opening(enc, slot_sizes(held, smallest_meld(v)), held, v.deal.hand)
    rest = enc.cards("r", held)
    length = held - o.cards
    laid = tuple((c, m.length > k) for m in o.melds for k, c in enumerate(m.cards))
    left = tuple((c, length > k) for k, c in enumerate(rest))
    enc.domain.append(enc.joker_supply(laid + left))
    enc.lazy.append(CopyLimit(enc, laid + left))
    after = enc.hand_value(rest, length)
    worse = after > not_opened.value if _hurts_holder(v) else after < not_opened.value
    out = probe.ask(probe.session(enc), o.ok, worse, prefer=[[o.jokers == 0]])
    if out.status == "unknown":
        return unknown(check)
    if out.model is not None:
        m = out.model
        kept = format_cards(decode.cards(m, rest, length)) or "nothing"
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"opening {decode.opening_text(m, o)} and keeping {kept} counts "
                       f"{decode.integer(m, after)} at the end of a round; keeping all {held} cards "
                       f"without opening counts {not_opened.value} (`not_opened`); the count goes to "
                       f"{_whose(v)}",
                       (not_opened, v.opening.min_points, *_held_rules(v, decode.cards(m, rest, length)),
                        v.scoring.method, v.game_end.winner))
    return Finding(check.id, check.title, Status.PROVED,
                   f"whatever a player holds, opening counts no worse than `not_opened {not_opened.value}`")


def knock(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    if v.knocking is None:
        return Finding(check.id, check.title, Status.PROVED, "the game has no knocking")
    limit = v.knocking.max_hand
    enc = probe.encoder()  # a session of its own: the witness does not depend on other checks
    cards, length = enc.hand(largest_hand(v))
    opened = z3.Bool("opened", enc.ctx)
    cards_count = enc.hand_value(cards, length)  # what the knock threshold is measured on
    count = enc.hand_value(cards, length, opened)  # what he would score holding them
    other = enc.integer("other")  # the lowest count of the others, strictly above his
    knocked = deal_scores(enc, [count, other], "knocked", 0)[0]
    played_on = deal_scores(enc, [count, other], "stock", None)[0]
    worse = better(v)(played_on, knocked)
    out = probe.ask(probe.session(enc), cards_count <= limit.value, other > count, worse,
                    prefer=[[length == 1, opened], [length == 1]],
                    keys=[*canon.cards_keys(cards, length), canon.flag(opened)])
    if out.status == "unknown":
        return unknown(check)
    if out.model is not None:
        m = out.model
        held = format_cards(decode.cards(m, cards, length))
        never = "" if decode.true(m, opened) else ", never having opened"
        s = v.scoring
        blame = tuple(r for r in (limit, s.method, s.went_out, s.not_opened,
                                  *_held_rules(v, decode.cards(m, cards, length)), v.game_end.winner)
                      if r is not None)
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"a player holding {held} ({decode.integer(m, cards_count)}{never}) may knock "
                       f"(`max_hand {limit.value}`), and knocking scores him {decode.integer(m, knocked)}; "
                       f"playing on until the deal ends with the same cards scores him "
                       f"{decode.integer(m, played_on)} ("
                       f"{'lowest' if v.game_end.winner.value is ir.Winner.LOWEST else 'highest'} wins)",
                       blame)
    return Finding(check.id, check.title, Status.PROVED,
                   f"a player who may knock (`max_hand {limit.value}`) and holds the lowest count scores "
                   "no worse by knocking than by playing on")


def reaching_target(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    g = v.game_end
    target = g.target
    per_round = g.round_win_bonus.value if g.round_win_bonus is not None else 0
    if target is None or per_round == 0:
        return Finding(check.id, check.title, Status.PROVED,
                       "reaching the target gives up no round bonus" if target is not None
                       else "the game has no target")
    bonus = g.target_bonus.value if g.target_bonus is not None else 0
    if any(not score.won and score.total > 0 for score, _ in deal_extremes(v)):
        return Finding(check.id, check.title, Status.PROVED,
                       "a player's total moves towards the target in deals he does not win, so he may "
                       "reach it having won none: reaching it gives up no round bonus")
    gain, how = most_a_deal(v)
    if gain <= 0:
        return Finding(check.id, check.title, Status.PROVED,
                       "no deal moves a total towards the target (see `game.reachable`)")
    wins = -(-target.value // gain)  # the fewest deals won on the way: a ceiling
    lost = per_round * wins
    highest = v.game_end.winner.value is ir.Winner.HIGHEST
    deals = f"{wins} {'deal' if wins == 1 else 'deals'}"
    if (bonus < lost) if highest else (bonus > lost):
        s = v.scoring
        blame = tuple(r for r in (g.target_bonus, g.round_win_bonus, target, g.winner, s.method,
                                  s.handing_multiplier, s.not_opened, s.all_out_bonus, s.undercut_bonus)
                      if r is not None)
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"a player reaching the target {target.value} has won at least {deals} on the way "
                       f"(a deal gains at most {gain}: {how}); reaching it gives him {bonus} "
                       f"(`target_bonus`), where another player reaching it would give him {wins} x "
                       f"{per_round} = {lost} (`round_win_bonus`): ending the game is the worse choice "
                       f"({'highest' if highest else 'lowest'} total wins)", blame)
    return Finding(check.id, check.title, Status.PROVED,
                   f"the fewest deals a player wins on the way to the target ({wins}) give {lost} in round "
                   f"bonuses, no better than the {bonus} of reaching it")
