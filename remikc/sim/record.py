"""What one simulated game leaves behind: plain records, the input of `stats` and `report`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal (round): `turns` counts player turns; `first_open_turn` is the turn (1-based, in
    the deal) of the first lay-down on the table, None if nobody laid anything; `empty_stock` says
    the stock ran out at least once; `ended_by` is "went_out", "handed", "knocked",
    "stock" (counted after the stock ran out), "blocked" (nobody could draw: no winner) or
    "stalled" (the simulator's turn cap: no winner); `winners` are the seats that won it;
    `scores` what each seat scored for it."""

    turns: int
    first_open_turn: int | None
    empty_stock: bool
    ended_by: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: its `seed`, the deals in order, the final `totals` per seat, the seats that won
    the game (`winners`, more than one on a tie), the actions played, and `finished`: False when
    the simulator's cap on deals stopped it before the game-end rule did; `gave_up`: the
    searches the solver gave up during the game (its budget of positions spent), where the bots
    and the referee went on without its answer."""

    seed: int
    players: int
    deals: tuple[DealRecord, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    finished: bool
    gave_up: int = 0

    @property
    def turns(self) -> int:
        return sum(d.turns for d in self.deals)

    @property
    def rounds(self) -> int:
        return len(self.deals)
