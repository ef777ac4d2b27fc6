"""The rules of play as constants for the referee of a generated module.

`referee_constants(variant, show) -> list[Constant]`: dealing, drawing, the
turn, the end of a deal, scoring and the end of the game, each constant with
the rule ids and spec lines it comes from (the referee itself is
remikc/runtime/game.py, draws.py, apply.py and moves.py).  `referee_conditions(variant)`:
each `when` condition as a Python expression over the flags of the player whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import ir
from .constants import Constant, cite, condition
from .safe import Code, literal


def _per_players(v: ir.Variant, rule: ir.Rule[ir.PerPlayers[int]]) -> dict[int, int]:
    return {n: rule.value.at(n) for n in v.player_counts()}


def referee_constants(v: ir.Variant, show: Mapping[str, str]) -> list[Constant]:
    out: list[Constant] = []

    def add(name: str, value: object, *rules: ir.Rule[object] | None, absent: str = "") -> None:
        sources = tuple(cite(r, show) for r in rules if r is not None) or ((absent,) if absent else ())
        out.append(Constant(name, literal(value), sources))

    d, t, s, g = v.deal, v.turn, v.scoring, v.game_end
    add("PLAYERS_MIN", v.players.value.low, v.players)
    add("PLAYERS_MAX", v.player_counts()[-1], v.players)
    add("PACKS_BY_PLAYERS", _per_players(v, v.deck.standard), v.deck.standard)
    add("JOKERS_BY_PLAYERS", _per_players(v, v.deck.jokers), v.deck.jokers)
    add("HAND_BY_PLAYERS", _per_players(v, d.hand), d.hand)
    add("FIRST_PLAYER_EXTRA", d.extra(), d.first_player_extra,
        absent="deal.first_player_extra: not in this game, everyone is dealt the same")
    add("DEALER_PLAYS_FIRST", d.first_player.value is ir.FirstPlayer.DEALER, d.first_player)
    add("FIRST_DISCARD_FACE_UP", d.first_discard.value is ir.FirstDiscard.FACE_UP, d.first_discard)
    add("CUT_CARD", bool(d.cut_card and d.cut_card.value), d.cut_card,
        absent="deal.cut_card: not in this game")
    draws = t.draws.value
    add("DRAWS", draws.count, t.draws)
    add("DRAWS_UNTIL_MELD", draws.until_meld, t.draws)
    add("MELD_AFTER_LAST_DRAW", not t.meld_after_last_draw or t.meld_after_last_draw.value,
        t.meld_after_last_draw,
        absent="turn.meld_after_last_draw: not given, a player may meld after drawing")
    add("DISCARDS", t.discard.value, t.discard)
    add("DISCARD_TAKEN_CARD", t.discard_taken_card is None or t.discard_taken_card.value,
        t.discard_taken_card, absent="turn.discard_taken_card: not given, any card may be discarded")
    rearrange = t.rearrange
    add("REMOVE_FROM_TABLE", bool(rearrange and rearrange.remove_from_table.value),
        rearrange.remove_from_table if rearrange else None,
        absent="turn.rearrange: not in this game")
    swap = v.joker_swap
    add("RETRIEVED_JOKER", swap.retrieved_joker.value.value if swap else None,
        swap.retrieved_joker if swap else None, absent="joker_swap: not in this game")
    add("STOCK_EMPTY", v.stock_empty.value.value, v.stock_empty)
    add("GOING_OUT", v.going_out.by.value.value, v.going_out.by)
    h = v.handing
    add("HANDING", h is not None, h.lay_off if h else None, absent="handing: not in this game")
    add("HANDING_OPENING_RULES", bool(h is None or h.opening_rules is None or h.opening_rules.value),
        h.opening_rules if h else None, absent="handing.opening_rules: not given, handing opens as usual")
    k = v.knocking
    add("KNOCK_MAX", k.max_hand.value if k else None, k.max_hand if k else None,
        absent="knocking: not in this game")
    add("METHOD", s.method.value.value, s.method)

    def score(name: str, rule: ir.Rule[int] | None, absent: str, default: int | None = None) -> None:
        add(name, rule.value if rule is not None else default, rule, absent=absent)

    score("WENT_OUT", s.went_out, "scoring.went_out: not in this game", 0)
    score("HANDED", s.handed, "scoring.handed: not given, handing scores as going out")
    score("HANDED_WITH_CUT_CARD", s.handed_with_cut_card,
          "scoring.handed_with_cut_card: not given, scores as handing")
    score("HANDING_MULTIPLIER", s.handing_multiplier, "scoring.handing_multiplier: not given, 1", 1)
    score("UNDERCUT_BONUS", s.undercut_bonus, "scoring.undercut_bonus: not in this game", 0)
    add("KNOCKER_WINS_TIES", bool(s.tie_with_knocker and
                                          s.tie_with_knocker.value is ir.TieWithKnocker.KNOCKER_WINS),
        s.tie_with_knocker,
        absent="scoring.tie_with_knocker: not given, a tie with the knocker goes to the others")
    score("ALL_OUT_BONUS", s.all_out_bonus, "scoring.all_out_bonus: not in this game", 0)
    score("TARGET", g.target, "game_end.target: not in this game")
    score("ROUNDS", g.rounds, "game_end.rounds: not in this game")
    score("TARGET_BONUS", g.target_bonus, "game_end.target_bonus: not in this game", 0)
    score("ROUND_WIN_BONUS", g.round_win_bonus, "game_end.round_win_bonus: not in this game", 0)
    add("LOWEST_WINS", g.winner.value is ir.Winner.LOWEST, g.winner)
    return out


def referee_conditions(v: ir.Variant) -> dict[str, Code]:
    """Each draw source's condition (None where the game has no such source) as a Python
    expression over `first_round`, `opened`, `opens_this_turn` and `handing`."""
    out = {}
    for source in ir.DrawSource:
        rule = v.turn.source(source)
        out[source.value] = condition(rule.value) if rule is not None else Code("False")
    return out
