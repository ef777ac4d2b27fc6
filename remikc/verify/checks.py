"""The built-in checks, in the order they run and are reported: `CHECKS`.

A check asks Z3 for a play that would break a property of the rules.  None found (unsat)
proves the property; one found is the witness, in card notation.  When the rules themselves
cannot be satisfied together, the unsat core names the spec lines responsible.  Each check is
a function `(Probe, Check) -> Finding` of its own module (remikc/verify/base.py holds what
they share); this module only lists them.  What each reads is recorded as it runs
(remikc/verify/reading.py), not listed here.
"""

from __future__ import annotations

from .base import Check
from .dead import dead_rules
from .dealing import deck_enough, opening_reachable
from .ending import deal_ends
from .findings import BUILT_IN_CHECKS
from .incentives import knock, lay_off, opening_pays, reaching_target
from .liveness import turn_live
from .melds import joker_limits, joker_meaning, meld_sizes, melds_alive, runs_wrap
from .scores import game_reachable, monotone, winner_scores_best

CHECKS: tuple[Check, ...] = (
    Check("melds.alive", "every meld kind admits some meld", melds_alive),
    Check("runs.wrap", "no run wraps round unless allowed; A..A exactly when declared", runs_wrap),
    Check("jokers.limits", "joker limits hold and can be reached; jokers alone only if allowed",
          joker_limits),
    Check("jokers.meaning", "what a joker stands for is never an undeclared choice", joker_meaning),
    Check("melds.sizes", "set and run size bounds are achievable", meld_sizes),
    Check("deck.enough", "the deck deals every player count with a stock left", deck_enough),
    Check("opening.reachable", "an opening fits in a dealt hand plus one draw", opening_reachable),
    Check("scoring.winner", "going out beats every hand left; handing beats going out",
          winner_scores_best),
    Check("scoring.monotone", "adding a card to a hand never lowers its count", monotone),
    Check("game.reachable", "knocking, the target and the bonuses can happen and reward the winner",
          game_reachable),
    Check("turn.live", "in every turn state a deal reaches, the player has a legal draw", turn_live),
    Check("deal.ends", "every deal can end: the stock runs out, or a hand goes out or knocks", deal_ends),
    Check("incentives.lay_off", "laying a card off never leaves its holder worse off than keeping it",
          lay_off),
    Check("incentives.opening", "opening never leaves a player worse off than not opening",
          opening_pays),
    Check("incentives.knock", "knocking never leaves the knocker worse off than playing on", knock),
    Check("incentives.target", "reaching the target never leaves its player worse off than another "
          "reaching it", reaching_target),
    Check("rules.dead", "every rule can take effect in some play", dead_rules),
)
assert tuple(c.id for c in CHECKS) == BUILT_IN_CHECKS, "findings.BUILT_IN_CHECKS lists the checks"
