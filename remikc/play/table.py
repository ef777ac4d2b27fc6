"""A game at the table: one human seat, bots at the others, every move judged by the variant's
generated referee (`apply`), and the moves kept, so that the game can be saved, loaded and
replayed.

A saved table (`Table.to_dict`, docs/play.md) is the saved-game JSON of the module
(docs/saved-game.schema.json) twice - where the history starts and where the game is - with the
moves between them; loading it plays the moves again through the referee and refuses a file
whose moves do not lead to its game.  A plain saved game (`Game.to_dict`, "remikc game") loads
too, without a history."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

from ..module import VariantModule
from ..runtime.game import Action, Game, Refusal, View
from ..runtime.reasons import Reason
from . import screen

FORMAT = "remikc play"
VERSION = 1
MAX_TURNS = 1000  # a deal the bots and the player have not ended by then is abandoned, as simulate does
# the referee's reasons why nothing may be laid at this moment of a turn, whatever is laid
_TURN_HOLDS = frozenset({"turn.meld_after_last_draw", "turn.draw_more"})


class LoadError(ValueError):
    """A file that is no saved table or game of this variant, or whose moves the referee refuses."""


@dataclass(frozen=True)
class Move:
    """One move of the history: who made it (None: anyone, `NextDeal`, or the deal abandoned) and
    the action (None: the deal abandoned after MAX_TURNS turns)."""

    seat: int | None
    action: Action | None

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": None if self.action is None else self.action.to_dict()}


class Table:
    """The game, the human's seat, the bots and the moves since `start`."""

    def __init__(self, module: VariantModule, start: Game, *, human: int, bot: str,
                 moves: tuple[Move, ...] = (), game: Game | None = None) -> None:
        self.m, self.start, self.human, self.bot = module, start, human, bot
        self.moves = list(moves)
        self.game: Game = start if game is None else game
        # the bots' dice: the same game, loaded at the same move, goes on the same way
        self.rng = random.Random(self.game.seed * 1_000_003 + len(self.moves))
        self.saved_at = len(self.moves)

    @staticmethod
    def new(module: VariantModule, players: int, seed: int | None, *, human: int, bot: str) -> Table:
        return Table(module, module.new_game(players, seed), human=human, bot=bot)

    @property
    def seen(self) -> View:
        return self.m.view(self.game, self.human)

    def screen(self, title: str) -> str:
        return screen.table(self.seen, title=title, bot=self.bot, owners=[t.owner for t in self.game.table],
                            discards=bool(self.m.DISCARDS))

    def play(self, action: Action) -> Refusal | None:
        """The human's `action`, judged by the referee: its Refusal, or None once it is played."""
        seat = None if isinstance(action, self.m.NextDeal) else self.human
        after = self.m.apply(self.game, action, seat=seat)
        if not after:
            return cast(Refusal, after)
        self._moved(seat, action, cast(Game, after))
        return None

    def bots_move(self) -> Iterator[str]:
        """The bots' moves until it is the human's turn or the deal is over, each in words."""
        m = self.m
        while not self.game.deal_over and self.game.seat != self.human:
            if self.game.turn > MAX_TURNS:
                self._moved(None, None, m.abandon_deal(self.game))
                yield f"the deal is abandoned after {MAX_TURNS} turns"
                return
            seat = self.game.seat
            action = self._bot_action()
            after = m.apply(self.game, action, seat=seat)
            if not after:  # the referee refusing its own bot: a fault of the module, not the player's
                raise RuntimeError(f"the referee refused the bot's `{action}`: "
                                   + "; ".join(map(str, cast(Refusal, after).reasons)))
            self._moved(seat, action, cast(Game, after))
            yield f"{screen.seat_name(seat, self.human, self.bot)}: {action}"

    def _bot_action(self) -> Action:
        m, game = self.m, self.game
        turn = getattr(m, "_greedy_turn", None) if self.bot == "greedy" else None
        if turn is not None:  # the greedy bot's own turn, as `remikc simulate` plays it
            chosen = turn(game, self.rng)
            if chosen is not None:
                return cast(Action, chosen)
        return m.BOTS[self.bot](m.view(game, game.seat), m.legal_actions(game), self.rng)

    def _moved(self, seat: int | None, action: Action | None, after: Game) -> None:
        self.moves.append(Move(seat, action))
        self.game = after

    def hint(self, lang: str = "en") -> str:
        """The solver's best lay-down for the human's hand as it is, as the command that plays it,
        or the solver's reasons (in `lang`) why there is none."""
        m, seen = self.m, self.seen
        hand, opened = seen.hand, self.game.opened[self.human]
        held_back = self._not_now()
        if held_back and held_back[0].code == "turn.meld_after_last_draw":  # nothing more this turn
            return f"hint: nothing to lay down now: {held_back[0].message(lang)}"
        if m.HAS_OPENING and not opened:
            play = m.best_opening(hand)
            shown = screen.as_command(play) if play else ""
            if play and m.REARRANGE_MIN_FROM_HAND is not None:
                # the table stays as it lies until he opens: its melds, then his
                shown = screen.as_rearrange_with(seen.table, play)
        elif m.REARRANGE_MIN_FROM_HAND is not None:
            play = m.best_play(seen.table, hand)
            shown = screen.as_rearrange(play) if play else ""
        else:
            play = m.best_melds(hand, table=seen.table, keep=1 if m.LAST_CARD_BY_DISCARD_ONLY else 0)
            shown = screen.as_command(play) if play and (play.melds or play.lay_offs) else ""
        if not shown:
            why = "; ".join(r.message(lang) for r in play.reasons) or "no meld fits your hand"
            best = m.best_melds(hand, opening=True, keep=1 if m.LAST_CARD_BY_DISCARD_ONLY else 0) \
                if m.HAS_OPENING and not opened else None
            if best and best.melds:  # what the hand holds, short of an opening
                why += f"; your best melds: {screen.as_command(best)} ({best.points} points)"
            return f"hint: nothing to lay down now: {why}"
        drawing = (seen.phase == "draw" and seen.to_move == self.human) or bool(held_back)  # draws owed
        after = " (after your draw)" if drawing else ""
        return f"hint: {shown}   ({play.points} points){after}"

    def _not_now(self) -> tuple[Reason, ...]:
        """Why the referee refuses any lay-down at this moment of the human's own turn (he drew
        his last card where that ends his melding; he has cards still to draw), or nothing.  The
        referee is asked with a lay-down that changes nothing: the moment is judged before what
        is laid, so only its reasons of the turn are taken."""
        m, game = self.m, self.game
        if game.seat != self.human or game.phase != "play" or game.deal_over or game.over:
            return ()
        probe: Action = m.Rearrange(tuple(meld.cards for meld in game.table)) \
            if m.REARRANGE_MIN_FROM_HAND is not None else m.Lay((), ())
        verdict = m.apply(game, probe)
        if verdict:
            return ()
        return tuple(r for r in cast(Refusal, verdict).reasons if r.code in _TURN_HOLDS)

    @property
    def unsaved(self) -> bool:
        return len(self.moves) != self.saved_at

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "variant": self.m.VARIANT_ID, "human": self.human,
                "bot": self.bot, "start": self.start.to_dict(), "moves": [mv.to_dict() for mv in self.moves],
                "game": self.game.to_dict()}


def load(module: VariantModule, data: object, *, bot: str | None) -> Table:
    """The table `Table.to_dict` wrote, or a plain saved game (the player at seat 0): its moves
    played again through the referee (LoadError if one is refused, or if they do not lead to the
    saved game); `bot`, when given, instead of the saved one."""
    if isinstance(data, dict) and data.get("format") == "remikc game":
        return Table(module, _game(module, data, "the saved game"), human=0, bot=bot or "greedy")
    start, steps, data = history(module, data)
    played = tuple(Move(seat, action) for seat, action, _ in steps)
    end = steps[-1][2] if steps else start
    if end.to_dict() != data["game"]:
        raise LoadError("the saved moves do not lead to the saved game: the file was changed")
    human = _whole(data.get("human"), "human", end.players)
    bots = bot or _bot(data.get("bot"), module)
    table = Table(module, start, human=human, bot=bots, moves=played, game=end)
    table.saved_at = len(played)
    return table


Step = tuple[int | None, "Action | None", Game]
"""A move of a saved table: the seat, the action, the game after it."""


def history(module: VariantModule, data: object) -> tuple[Game, list[Step], dict[str, Any]]:
    """A saved table's start, then each move (seat, action) with the game after it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise LoadError(f"not a saved table (\"format\": \"{FORMAT}\") nor a saved game (\"remikc game\"): "
                        f"{found!r}")
    if data.get("version") != VERSION:
        raise LoadError(f"a saved table of version {data.get('version')!r}: remikc reads version {VERSION}")
    missing = [k for k in ("human", "bot", "start", "moves", "game") if k not in data]
    if missing:
        raise LoadError(f"a saved table without {', '.join(missing)}")
    start = game = _game(module, data["start"], "the saved start")
    _game(module, data["game"], "the saved game")
    _whole(data["human"], "human", start.players)
    _bot(data["bot"], module)
    moves = data["moves"]
    if not isinstance(moves, list):
        raise LoadError("a saved table's moves: a list")
    steps: list[Step] = []
    for number, move in enumerate(moves, 1):
        if not isinstance(move, dict) or set(move) != {"seat", "action"}:
            raise LoadError(f"move {number}: {{\"seat\": ..., \"action\": ...}}, not {move!r}")
        seat = None if move["seat"] is None else _whole(move["seat"], f"move {number}'s seat", game.players)
        if move["action"] is None:
            game = module.abandon_deal(game)
            steps.append((None, None, game))
            continue
        try:
            action = module.Action.from_dict(move["action"])
        except ValueError as exc:
            raise LoadError(f"move {number}: {exc}") from None
        after = module.apply(game, action, seat=seat)
        if not after:
            raise LoadError(f"move {number} (`{action}`) is refused by the referee: "
                            + "; ".join(map(str, cast(Refusal, after).reasons)))
        game = cast(Game, after)
        steps.append((seat, action, game))
    return start, steps, data


def _game(module: VariantModule, data: object, what: str) -> Game:
    try:
        return module.Game.from_dict(data)
    except ValueError as exc:
        raise LoadError(f"{what}: {exc}") from None


def _whole(value: object, what: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise LoadError(f"{what}: a seat, 0 to {players - 1}, not {value!r}")
    return value


def _bot(value: object, module: VariantModule) -> str:
    if not isinstance(value, str) or value not in module.BOTS:
        raise LoadError(f"bot: one of {', '.join(sorted(module.BOTS))}, not {value!r}")
    return value
