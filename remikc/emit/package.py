"""`emit_package(variant) -> str`: `<id>/__init__.py`, so that each variant is a package of its own name.

`import remik51` and `import karuzela` (with the folder that holds them on `sys.path`) give two
modules side by side, each with the same API, which this file lists once (`API`): no importlib,
no two modules named `validator` in `sys.modules`.  Each has its own classes: a `Card` or a `Game`
of one is refused by the other, naming both variants (docs/validator.md).
"""

from __future__ import annotations

from .. import __version__, ir
from .inline import _sort_key
from .render import environment
from .safe import Code

API = (
    # the variant
    "VARIANT_ID", "VARIANT_NAME", "VARIANT_NAMES", "RULES_SHA256", "PLAYERS_MIN", "PLAYERS_MAX",
    # cards and reasons
    "CARDS", "JOKER", "LANGUAGES", "Card", "Reason", "parse_card", "parse_cards", "parse_meld",
    "parse_melds",
    # the validator and the solver
    "Verdict", "Play", "check_meld", "check_opening", "check_lay_off", "check_joker_swap", "hand_value",
    "best_melds", "best_opening", "min_deadwood", "best_play", "gave_up", "SEARCH_BUDGET",
    # the referee
    "Game", "View", "Action", "Draw", "Lay", "Rearrange", "Discard", "EndTurn", "NextDeal", "Refusal",
    "TableMeld", "DealResult", "new_game", "legal_actions", "apply", "view", "abandon_deal", "parse_action",
    "BOTS", "greedy_bot", "random_bot",
    # saved games
    "SAVE_VERSION", "SAVE_MAX_VALUES", "SaveError",
)
"""What a generated module offers an app (docs/validator.md, docs/solver.md, docs/simulate.md)."""


def emit_package(variant: ir.Variant) -> str:
    """The package's `__init__.py`: the API of `validator.py`, imported by name."""
    names = [Code(name) for name in sorted(API, key=_sort_key)]
    return environment().get_template("package.py.j2").render(
        variant_id=variant.id, name=variant.name("pl"), version=__version__, names=names)
