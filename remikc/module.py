"""A generated module, loaded: `load_module(name, source) -> VariantModule`.

`VariantModule` is the typed API every generated module offers (the Protocol that `explain`,
`build`'s example check and the simulator program against); its types are the runtime's own
(remikc/runtime/), whose sections make up every generated module.
"""

from __future__ import annotations
import __future__

import random
import types
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Protocol, cast

from .emit.inline import MARKER
from .runtime import game as _game
from .runtime.cards import Card as _Card
from .runtime.cards import CardsLike
from .runtime.game import Action, Refusal, View
from .runtime.melds import Verdict
from .runtime.reasons import Reason as _Reason
from .runtime.solver import Play

Bot = Callable[[View, list[Action], random.Random], Action]


class VariantModule(Protocol):
    """What a generated module offers (docs/validator.md, docs/solver.md, docs/simulate.md)."""

    VARIANT_ID: str
    CARDS: tuple[_Card, ...]
    WRAP: bool
    PLAYERS_MIN: int
    PLAYERS_MAX: int
    PACKS_BY_PLAYERS: Mapping[int, int]
    JOKERS_BY_PLAYERS: Mapping[int, int]
    HAND_BY_PLAYERS: Mapping[int, int]
    FIRST_PLAYER_EXTRA: int
    REMOVE_FROM_TABLE: bool
    RETRIEVED_JOKER: str | None
    HAS_OPENING: bool
    REARRANGE_MIN_FROM_HAND: int | None
    LAST_CARD_BY_DISCARD_ONLY: bool
    DISCARDS: int
    BOTS: Mapping[str, Bot]
    LANGUAGES: tuple[str, ...]
    @property
    def Card(self) -> type[_Card]: ...
    @property
    def Reason(self) -> type[_Reason]: ...
    @property
    def NextDeal(self) -> type[_game.NextDeal]: ...
    @property
    def Lay(self) -> type[_game.Lay]: ...
    @property
    def Rearrange(self) -> type[_game.Rearrange]: ...
    # saved games (docs/validator.md, "Saving a game")
    RULES_SHA256: str
    SAVE_VERSION: int
    @property
    def Game(self) -> type[_game.Game]: ...
    @property
    def View(self) -> type[_game.View]: ...
    @property
    def Action(self) -> type[_game.Action]: ...
    @property
    def SaveError(self) -> type[ValueError]: ...
    def parse_action(self, text: str) -> _game.Action: ...

    def parse_cards(self, text: str) -> tuple[_Card, ...]: ...
    def check_meld(self, cards: CardsLike, *, opening: bool = ..., kind: str | None = ...) -> Verdict: ...
    def check_opening(self, melds: str | Iterable[CardsLike]) -> Verdict: ...
    def check_lay_off(self, meld: CardsLike, cards: CardsLike, *, opened: bool = ..., first_round: bool = ...,
                      opens_this_turn: bool = ..., handing: bool = ..., empties_hand: bool = ...,
                      kind: str | None = ...) -> Verdict: ...
    def check_joker_swap(self, meld: CardsLike, card: _Card | str, *, opened: bool = ...,
                         first_round: bool = ..., opens_this_turn: bool = ..., handing: bool = ...,
                         from_table: bool = ..., kind: str | None = ...) -> Verdict: ...
    def hand_value(self, cards: CardsLike, *, opened: bool = ...) -> int: ...
    def best_melds(self, hand: CardsLike, *, table: Iterable[CardsLike] | None = ..., opening: bool = ...,
                   keep: int = ..., budget: int = ...) -> Play: ...
    def best_opening(self, hand: CardsLike, *, budget: int = ...) -> Play: ...
    def min_deadwood(self, hand: CardsLike, *, discard: bool = ..., budget: int = ...) -> int: ...
    def best_play(self, table: Iterable[CardsLike], hand: CardsLike, *, budget: int = ...) -> Play: ...
    def gave_up(self, play: Play) -> bool: ...
    @property
    def SEARCH_BUDGET(self) -> int: ...
    @property
    def _GIVE_UPS(self) -> list[int]: ...
    def new_game(self, players: int, seed: int | None = ..., *, hands: Iterable[CardsLike] | None = ...,
                 stock: CardsLike = ..., first_discard: _Card | str | None = ...,
                 cut_card: _Card | str | None = ...) -> _game.Game: ...
    def legal_actions(self, game: _game.Game) -> list[_game.Action]: ...
    def apply(self, game: _game.Game, action: _game.Action,
              seat: int | None = ...) -> _game.Game | Refusal: ...
    def view(self, game: _game.Game, seat: int) -> _game.View: ...
    def abandon_deal(self, game: _game.Game) -> _game.Game: ...
    def _read(self, cards: tuple[int, ...], opening: bool, kind: str | None = ...) -> Verdict: ...
    def _show(self, cards: Iterable[int]) -> str: ...


def load_module(name: str, source: str) -> VariantModule:
    """A generated module run from its source, as `remikc explain`, `simulate` and the tests
    use it.  Each inlined runtime section is compiled under its own file in remikc/runtime/,
    at its own line numbers, so a traceback or a coverage report points at the runtime's
    source; the header and the rules block under `<remikc NAME>`.  Every call makes a new
    module: two variants in one process never share state."""
    module = types.ModuleType(name)
    module.__file__ = f"<remikc {name}>"
    runtime_folder = Path(__file__).resolve().parent / "runtime"
    flags = __future__.annotations.compiler_flag
    parts = source.split("\n" + MARKER)
    exec(compile(parts[0], f"<remikc {name}>", "exec", flags=flags, dont_inherit=True), module.__dict__)
    for part in parts[1:]:
        path, _, section = part.partition("\n")
        where = runtime_folder / Path(path).name if path.startswith("remikc/runtime/") else path
        exec(compile(section, str(where), "exec", flags=flags, dont_inherit=True), module.__dict__)
    return cast(VariantModule, module)
