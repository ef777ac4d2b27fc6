"""The built-in checks, in the order they run and are reported: `CHECKS`.

A check asks Z3 for a play that would break a property of the rules.  None found (unsat)
proves the property; one found is the witness, in card notation.  When the rules themselves
cannot be satisfied together, the unsat core names the spec lines responsible.  Each check is
a function `(Probe, Check) -> Finding` of its own module (remikc/verify/base.py holds what
they share); this module only lists them, each with the rules it never reads.
"""

from __future__ import annotations

from .base import Check
from .dead import dead_rules
from .dealing import deck_enough, opening_reachable
from .ending import deal_ends
from .findings import BUILT_IN_CHECKS
from .incentives import knock, lay_off, opening_pays
from .liveness import turn_live
from .melds import joker_limits, joker_meaning, meld_sizes, melds_alive, runs_wrap
from .scores import game_reachable, monotone, winner_scores_best

# What the meld checks never read: how a turn goes, how a round ends and scores.
_PLAY = ("turn.", "stock_empty", "going_out.", "handing.", "knocking.", "scoring.", "game_end.",
         "joker_swap.", "deal.")
# What the scoring checks never read: what makes a meld or an opening.
_MELDS = ("set.", "run.", "opening.", "joker_swap.", "turn.draw.", "turn.lay_off", "turn.rearrange.",
          "turn.discard", "turn.meld_after_last_draw", "stock_empty", "going_out.")

CHECKS: tuple[Check, ...] = (
    Check("melds.alive", "every meld kind admits some meld", melds_alive, _PLAY),
    Check("runs.wrap", "no run wraps round unless allowed; A..A exactly when declared", runs_wrap,
          (*_PLAY, "opening.")),
    Check("jokers.limits", "joker limits hold and can be reached; jokers alone only if allowed",
          joker_limits, _PLAY),
    Check("jokers.meaning", "what a joker stands for is never an undeclared choice", joker_meaning,
          _PLAY),
    Check("melds.sizes", "set and run size bounds are achievable", meld_sizes, (*_PLAY, "opening.")),
    Check("deck.enough", "the deck deals every player count with a stock left", deck_enough,
          ("values.", "set.", "run.", "jokers.", "joker_swap.", "opening.", "turn.", "stock_empty",
           "going_out.", "handing.", "knocking.", "scoring.", "game_end.")),
    Check("opening.reachable", "an opening fits in a dealt hand plus one draw", opening_reachable,
          ("stock_empty", "going_out.", "handing.", "knocking.", "scoring.", "game_end.", "joker_swap.",
           "turn.draw.", "turn.lay_off", "turn.rearrange.", "turn.discard_taken_card")),
    Check("scoring.winner", "going out beats every hand left; handing beats going out",
          winner_scores_best, _MELDS),
    Check("scoring.monotone", "adding a card to a hand never lowers its count", monotone,
          (*_MELDS, "game_end.", "handing.", "knocking.")),
    Check("game.reachable", "knocking, the target and the bonuses can happen and reward the winner",
          game_reachable, (*_MELDS, "handing.")),
    Check("turn.live", "in every turn state a deal reaches, the player has a legal draw", turn_live,
          ("values.", "set.", "run.", "jokers.", "joker_swap.", "scoring.", "game_end.", "knocking.",
           "going_out.", "handing.", "turn.lay_off", "turn.rearrange.", "turn.meld_after_last_draw",
           "turn.discard_taken_card")),
    Check("deal.ends", "every deal can end: the stock runs out, or a hand goes out or knocks", deal_ends,
          ("scoring.method", "scoring.went_out", "scoring.handed", "scoring.not_opened",
           "scoring.handing_multiplier", "scoring.undercut_bonus", "scoring.tie_with_knocker",
           "scoring.all_out_bonus", "game_end.", "joker_swap.", "turn.discard_taken_card")),
    Check("incentives.lay_off", "laying a card off never leaves its holder worse off than keeping it",
          lay_off, ("deal.", "stock_empty", "going_out.", "knocking.", "joker_swap.",
                               "turn.draw.", "turn.draws", "turn.discard", "turn.rearrange.",
                               "turn.meld_after_last_draw", "handing.", "opening.", "game_end.target",
                               "game_end.rounds", "game_end.target_bonus", "game_end.round_win_bonus")),
    Check("incentives.opening", "opening never leaves a player worse off than not opening",
          opening_pays, ("stock_empty", "going_out.", "knocking.", "joker_swap.", "turn.draw.",
                               "turn.lay_off", "turn.rearrange.", "turn.meld_after_last_draw",
                               "handing.", "game_end.target", "game_end.rounds", "game_end.target_bonus",
                               "game_end.round_win_bonus")),
    Check("incentives.knock", "knocking never leaves the knocker worse off than playing on",
          knock, (*_MELDS, "jokers.", "handing.", "game_end.target", "game_end.rounds",
                             "game_end.target_bonus", "game_end.round_win_bonus")),
    Check("rules.dead", "every rule can take effect in some play", dead_rules,
          ("going_out.", "game_end.winner", "game_end.rounds", "turn.rearrange.", "turn.meld_after_last_draw",
           "turn.discard_taken_card")),
)
assert tuple(c.id for c in CHECKS) == BUILT_IN_CHECKS, "findings.BUILT_IN_CHECKS lists the checks"
