"""The scoring section of a rulebook: each score rule in words, then a worked example: the
scripted deals as the referee played and scored them (remikc/emit/scenes.py), each player's
score with its arithmetic, or else a round of the solver's hands."""

from __future__ import annotations

from .. import ir
from ..verify.witness import Examples
from .book import Act, Block, ScoredDeal, ScoredSeat, Sentence, Steps, Table, Taught
from .book_words import Writer


def scoring(w: Writer, e: Examples, t: Taught) -> tuple[Block, ...]:
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


def _arithmetic(w: Writer, deal: ScoredDeal, seat: ScoredSeat, method: ir.Method, times: int) -> str:
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


def _round(w: Writer, e: Examples) -> Table | None:
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

