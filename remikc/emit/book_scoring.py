"""The scoring section of a rulebook: each score rule in words, then a worked example: the
scripted deals as the referee played and scored them (remikc/emit/scenes.py), each player's
score with its arithmetic, or else a round of the solver's hands."""

from __future__ import annotations

from dataclasses import replace

from .. import ir
from ..scoring import counted, deal_scores, totals
from ..verify.witness import Examples
from ..wording.language import number
from .book import Act, Block, ScoredDeal, ScoredSeat, Sentence, Steps, Table, Taught
from .book_words import Writer


def scoring(w: Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
    v = w.v
    s = v.scoring
    method = s.method.value
    if method is ir.Method.WINNER_COLLECTS and v.knocking is None:  # the winner is who went out
        w.add("scoring.winner_collects.went_out", s.method)
    elif method is ir.Method.DIFFERENCES and v.knocking is None:  # no knocker to name
        w.add("scoring.differences.plain", s.method)
    else:
        w.add(f"scoring.{method.value}", s.method)
    w.count("scoring.went_out", s.went_out)
    if v.knocking is not None:
        # the knocker wins whoever holds less (remikc/scoring.py); under `differences` the lowest
        # hand wins, which the method's sentence says.  Unmarked: the sentence before says the
        # score with its mark, and a family's own knocking is no assumption of the seed's
        if method is ir.Method.PENALTIES and s.went_out is not None:
            w.add("scoring.penalties.knocked", s.went_out, v.knocking.max_hand, marked=False,
                  n=s.went_out.value)
        elif method is ir.Method.WINNER_COLLECTS:
            w.add("scoring.winner_collects.knocked", s.method, v.knocking.max_hand, marked=False)
    # a hand's score replaces going out's, and the cut card's the hand's: say which it replaces
    replaced = s.went_out
    for key, rule in (("scoring.handed", s.handed), ("scoring.handed_with_cut_card", s.handed_with_cut_card)):
        if rule is not None:
            said = f"scoring.instead.{rule.id.split('.')[1]}"  # the cut card's: "za zwykłego remika"
            said = said if w.lang.has(said) else "scoring.instead"
            instead = "" if replaced is None else w.lang.say(said, n=number(replaced.value))
            w.add(key, rule, n=rule.value, instead=instead)
            replaced = rule
    if v.handing is not None and s.handed is None and s.handed_with_cut_card is None \
            and s.handing_multiplier is None:
        # the book names a remik (handing): say it changes no score, lest a group give it one.
        # It states the handing section too (its required rule for it): a house adding handing
        # lists it among its changes
        plain = w.say("scoring.handed.plain", s.went_out or s.method)
        w.blocks.append(replace(plain, rules=(*plain.rules, v.handing.lay_off.id)))
    # under penalties a hand is its holder's score ("kosztuje", "dostaje"); else it counts for
    # the winner, who takes it, and costs its holder nothing
    counted = "" if method is ir.Method.PENALTIES else ".counted"
    w.count(f"scoring.joker_in_hand{counted}", s.joker_in_hand)
    w.count(f"scoring.not_opened{counted}", s.not_opened)
    if s.handing_multiplier is not None:
        times = s.handing_multiplier.value
        key = f"scoring.handing_multiplier.{method.value}"
        key = f"{key}.{times}" if w.lang.has(f"{key}.{times}") else f"{key}.n"
        if v.opening is None and w.lang.has(f"{key}.plain"):  # "także ci, którzy się nie otworzyli"
            key = f"{key}.plain"                                 # speaks of an opening
        w.add(key, s.handing_multiplier, n=times)
    w.count("scoring.undercut_bonus", s.undercut_bonus)
    if s.tie_with_knocker is not None:
        key = f"scoring.tie_with_knocker.{s.tie_with_knocker.value.value}"
        if s.undercut_bonus is None and w.lang.has(f"{key}.plain"):
            key += ".plain"  # "i dostaje premię za podcięcie": a bonus the game does not have
        w.add(key, s.tie_with_knocker)
    # where a remik multiplies the points, the bonus is said not to be (the referee adds it after):
    # the sentence speaks of both rules
    if s.all_out_bonus is not None and s.handing_multiplier is not None:
        w.add("scoring.all_out_bonus.not_multiplied", s.all_out_bonus, s.handing_multiplier,
              n=s.all_out_bonus.value)
    else:
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


def _scored_deal(w: Writer, deal: ScoredDeal) -> None:
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
    for seat in deal.seats:
        held = w.cards(seat.cards) if seat.cards else "—"
        rows.append((lang.say("round.player", n=seat.order), held, _arithmetic(w, deal, seat, method),
                     str(seat.score).replace("-", "−")))
    rules = tuple(r.id for r in (v.scoring.method, v.scoring.went_out, v.scoring.handed,
                                 v.scoring.joker_in_hand, v.scoring.not_opened,
                                 v.scoring.handing_multiplier, v.scoring.undercut_bonus,
                                 v.scoring.all_out_bonus) if r is not None)
    w.blocks.append(Table((lang.say("round.who"), lang.say("round.left"), lang.say("round.how"),
                           lang.say("round.score")), tuple(rows), rules))
    g = v.game_end
    if deal.final and g.target is not None:  # a game of one deal ends with every deal: nothing to say
        final = ", ".join(lang.say("deal.final", n=seat.order, score=number(total))
                          for seat, total in zip(deal.seats, deal.final, strict=True))
        ends = tuple(r.id for r in (g.target, g.target_bonus, g.round_win_bonus) if r is not None)
        bonus = deal.final != tuple(seat.score for seat in deal.seats)
        ended = lang.say("example.deal.game_over" if bonus else "example.deal.game_over.plain",
                         target=number(g.target.value), totals=final)
        w.blocks.append(Sentence(ended, ends))


def _action(w: Writer, act: Act) -> str:
    """One action of a scripted deal in words."""
    lang = w.lang
    if act.action == "draw":
        return lang.say(f"act.draw.{act.source}")
    if act.action == "discard":
        return lang.say("act.discard", card=w.cards(act.cards))
    if act.action == "end_turn":
        return lang.say("act.knock" if act.knock else "act.end_the_turn")
    if act.action in ("lay", "rearrange"):
        return lang.say(f"act.{act.action}", melds=" + ".join(w.cards(m) for m in act.melds))
    raise ValueError(f"no words for the action {act}")


def _arithmetic(w: Writer, deal: ScoredDeal, seat: ScoredSeat, method: ir.Method) -> str:
    """How a player's score comes about, as a sum a player can check: the parts remikc/scoring.py
    gives for it (what he takes, the multiplier, the bonus), worked in figures."""
    lang = w.lang
    v = w.v
    order = [x.order for x in deal.seats]
    counts = [int(counted(v, x.values, x.opened)) for x in deal.seats]
    out = order.index(deal.out) if deal.out is not None else None
    scored = deal_scores(v, counts, deal.ended_by, out, cut_card=deal.with_cut_card)
    mine = scored[order.index(seat.order)]
    count = counts[order.index(seat.order)]
    if mine.fixed is not None:
        if deal.ended_by == "knocked":  # `went_out`'s score, for a hand that still holds cards
            return lang.say("how.knocked")
        return lang.say({"went_out": "how.went_out", "handed": "how.handed",
                         "handed_with_cut_card": "how.handed_cut"}[mine.fixed])
    times = mine.times
    if method is ir.Method.PENALTIES:
        if not seat.opened and v.scoring.not_opened is not None:
            times_text = f" × {times} = {count * times}" if times != 1 else ""
            return lang.say("how.not_opened", n=count) + times_text
        sum_text = str(count)
        if len(seat.values) > 1:
            sum_text = " + ".join(str(x) for x in seat.values) + f" = {count}"
        return sum_text + (f"; × {times} = {count * times}" if times != 1 else "")
    if not mine.won:
        return lang.say("how.hand", n=count)
    taken = sum(mine.taken)
    if method is ir.Method.WINNER_COLLECTS:
        text = " + ".join(map(str, mine.taken)) + f" = {taken}"
        if times != 1:
            text = f"({' + '.join(map(str, mine.taken))}) × {times} = {taken * times}"
    else:
        parts = [f"({c} − {count})" for i, c in enumerate(counts) if order[i] != seat.order]
        text = " + ".join(parts) + f" = {taken * times}"
    if mine.bonus:
        text += lang.say("how.bonus", n=mine.bonus, total=mine.total)
    return text


def round_scores(v: ir.Variant, values: tuple[int, ...]) -> tuple[int, ...]:
    """Scores of a round one player went out of (no handing, no knock), the others' cards
    counting `values`: the winner's score first (remikc/scoring.py, his hand empty)."""
    return tuple(int(x) for x in totals(deal_scores(v, (0, *values), "went_out", 0)))


def _round(w: Writer, e: Examples) -> Table | None:
    v = w.v
    if not e.hands:
        return None
    scores = round_scores(v, tuple(hand.points for hand in e.hands))
    rows = [(w.lang.say("round.player", n=1), w.lang.say("round.went_out"), number(scores[0]))]
    for i, hand in enumerate(e.hands):
        held = f"{w.cards(hand.cards)} ({w.lang.count(hand.points, 'point')})"
        rows.append((w.lang.say("round.player", n=i + 2), held, number(scores[i + 1])))
    rules = ["scoring.method", *(r.id for r in (v.scoring.went_out, v.scoring.joker_in_hand) if r)]
    return Table((w.lang.say("round.who"), w.lang.say("round.left"), w.lang.say("round.score")),
                 tuple(rows), tuple(rules))

