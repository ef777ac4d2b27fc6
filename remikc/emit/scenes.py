"""Scripted deals for the rulebooks' scoring examples: `scored_deals(ids, module) -> deals`.

A scene is a stacked deck (each seat's hand, the stock from the top) and the actions each
player takes, in the referee's own notation.  The build plays it with the variant's
generated referee and prints the result the referee scored, so the worked example in a
rulebook is what the game's code does, never a number typed into a catalogue.  Each scene
shows what a reader most needs to see counted: in Remik 51 a hand doubled, a player who
never opened, a joker left in hand; in Karuzela the differences, the undercut and the bonus
for laying out every card.  A house variant plays its base game's scenes under its own rules
(a changed value shows in the result); a scene its rules refuse is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..module import VariantModule
from .book import Act, ScoredDeal, ScoredSeat


@dataclass(frozen=True)
class Scene:
    players: int
    hands: tuple[str, ...]  # by seat; seat 0 deals
    stock: str  # from the top
    actions: tuple[str, ...]  # in play order, from the first player's first turn
    first_discard: str | None = None


SCENES: dict[str, tuple[Scene, ...]] = {
    # Player 1 hands in his second turn (after a first discard): -80; player 2 opened with the
    # seed's own 6♠ 7♠ 8♠ + 10♦ 10♣ 10♥ and keeps a joker (20), his cards doubled; player 3
    # never opened: 100, doubled to 200 ("+200", seeds 000 and 004).
    "remik51": (Scene(3, (
        "2♥ 4♦ 6♣ 8♥ 9♠ J♦ K♣ 3♦ 5♥ 7♣ 2♣ 4♥ 6♦ Q♣",
        "A♣ 2♣ 3♣ 4♣ Q♥ K♥ A♥ 10♠ J♠ Q♠ 9♦ 9♣ 9♠ 5♦ 3♠",
        "6♠ 7♠ 8♠ 10♦ 10♣ 10♥ JK 3♥ 8♦ K♠ 2♦ 4♠ 5♣ 7♦",
    ), "2♠ J♣ 9♥ 8♣ 6♥ 4♣", (
        "discard 5♦",
        "draw from the stock", "lay 6♠ 7♠ 8♠ | 10♦ 10♣ 10♥", "discard K♠",
        "draw from the stock", "discard Q♣",
        "draw from the stock", "lay A♣ 2♣ 3♣ 4♣ | Q♥ K♥ A♥ | 10♠ J♠ Q♠ | 9♦ 9♣ 9♠ 9♥", "discard 3♠",
    )),),
    # The dealer plays first with 14 cards and opens at once (49 needed, with a clean run); he
    # goes out in his second turn with a new run and a discard.  No one else opened: each counts
    # his cards, player 3 a joker among them (20).
    "remik_klasyczny": (Scene(3, (
        "10♥ J♥ Q♥ K♥ 9♣ 9♦ 9♠ 5♠ 5♥ 5♦ 2♣ 3♣ 7♦ 8♣",
        "A♦ 3♥ 4♦ 6♠ 7♥ 8♦ 10♣ J♠ Q♣ K♦ 2♥ 4♠ 6♥",
        "4♥ 5♣ 6♦ 7♣ 8♠ J♦ J♣ JK 9♥ 2♦ 3♠ K♠ A♣",
    ), "Q♠ 10♦ 4♣ 7♠ A♠ 2♠", (
        "lay 10♥ J♥ Q♥ K♥ | 9♣ 9♦ 9♠ | 5♠ 5♥ 5♦", "discard 8♣",
        "draw from the stock", "discard K♦",
        "draw from the stock", "discard 4♥",
        "draw from the stock", "lay 2♣ 3♣ 4♣", "discard 7♦",
    )),),
    # Player 1 goes "remika" in his first turn: the others' cards count for him, doubled.
    "remik_podstawowy": (Scene(3, (
        "2♥ 5♦ 9♣ K♠ Q♦ 4♣ 7♠",
        "3♠ 4♠ 5♠ K♣ 10♥ 10♦ 10♣",
        "A♦ 6♥ 8♣ J♠ 2♣ 3♦ 9♥",
    ), "6♠ Q♣ 4♥", (
        "draw from the stock", "lay 3♠ 4♠ 5♠ 6♠ | 10♥ 10♦ 10♣", "discard K♣",
    ), first_discard="K♥"),),
    # Karuzela, undercut: player 3 knocks with 4 points, player 2 has 2: player 2 wins the
    # differences and the undercut bonus.  Then a deal won by laying out every card.
    "karuzela": (
        Scene(3, (
            "5♣ 5♦ 5♠ 6♥ 7♥ 8♥ K♣ K♦ K♠ A♠",
            "7♠ 8♠ 9♠ 4♦ 4♣ 4♠ Q♥ Q♣ Q♦ 3♣",
            "10♣ J♣ Q♣ 2♥ 2♦ 2♠ 8♦ 9♦ 10♦ A♣",
        ), "2♦ A♦ 3♥", (
            "draw from the stock", "lay 7♠ 8♠ 9♠ | 4♦ 4♣ 4♠ | Q♥ Q♣ Q♦", "end the turn",
            "draw from the stock", "lay 10♣ J♣ Q♣ | 2♥ 2♦ 2♠ | 8♦ 9♦ 10♦", "end the turn",
            "draw from the stock", "lay 5♣ 5♦ 5♠ | 6♥ 7♥ 8♥ | K♣ K♦ K♠", "knock",
        )),
        Scene(3, (
            "5♣ 5♦ 5♠ 6♥ 7♥ 8♥ K♣ K♦ K♠ A♠",
            "7♠ 8♠ 9♠ 4♦ 4♣ 4♠ Q♥ Q♣ Q♦ 10♠",
            "10♣ J♣ Q♣ 2♥ 2♦ 2♠ 8♦ 9♦ 10♦ A♣",
        ), "J♠ A♦ 3♥", (
            "draw from the stock", "lay 7♠ 8♠ 9♠ 10♠ J♠ | 4♦ 4♣ 4♠ | Q♥ Q♣ Q♦",
        )),
    ),
}


def scored_deals(ids: tuple[str, ...], module: VariantModule) -> tuple[tuple[ScoredDeal, ...], list[str]]:
    """The scenes of the first of `ids` (the variant, then its bases) that has any, played by
    `module`'s referee: the deals, and for the variant's own scenes each one the referee
    refused, in words (for a base's scenes a refusal only leaves the scene out)."""
    for i, variant_id in enumerate(ids):
        scenes = SCENES.get(variant_id)
        if scenes is None:
            continue
        deals: list[ScoredDeal] = []
        wrong: list[str] = []
        for n, scene in enumerate(scenes, 1):
            deal = _play(scene, module)
            if isinstance(deal, str):
                if i == 0:
                    wrong.append(f"scene {n} of {variant_id}: {deal}")
            else:
                deals.append(deal)
        return tuple(deals), wrong
    return (), []


def _play(scene: Scene, module: VariantModule) -> ScoredDeal | str:
    try:
        # seed 0: a stock renewed in the deal is shuffled the same way every build
        game = module.new_game(scene.players, 0, hands=scene.hands, stock=scene.stock,
                               first_discard=scene.first_discard)
    except ValueError as e:
        return str(e)
    first = game.seat
    # a stacked deck deals what the scene says; a house variant dealing other hands (13 cards
    # where its parent deals 14) must not show its parent's hands as its own
    for seat, hand in enumerate(game.hands):
        dealt = module.HAND_BY_PLAYERS[scene.players] + (module.FIRST_PLAYER_EXTRA if seat == first else 0)
        if len(hand) != dealt:
            return f"the scene deals {len(hand)} cards to seat {seat}, the game deals {dealt}"
    turns: list[tuple[int, list[Act]]] = []
    for text in scene.actions:
        if game.deal_over:
            return f"the deal is over before `{text}`"
        order = (game.seat - first) % scene.players + 1
        if not turns or turns[-1][0] != order:
            turns.append((order, []))
        action = module.parse_action(text)
        act = _act(action.to_dict())
        turns[-1][1].append(act)
        if act.action == "lay" and getattr(module, "REARRANGE_MIN_FROM_HAND", None) is not None:
            # where melds go down by rearranging, new melds join the whole table as it lies
            table = [*(module._show(m.cards) for m in game.table), *act.melds]
            action = module.parse_action("rearrange: " + " | ".join(table))
        after = module.apply(game, action)
        if not isinstance(after, module.Game):
            return f"`{text}` refused: {after}"
        game = after
    if not game.results or game.results[-1].ended_by in ("blocked", "stalled"):
        return "the deal does not end"
    result = game.results[-1]
    seats = []
    for k in range(scene.players):
        seat = (first + k) % scene.players
        hand = result.hands[seat]
        cards = tuple(module._show((c,)) for c in hand)
        opened = result.opened[seat]
        values = tuple(module.hand_value(card, opened=True) for card in cards)
        seats.append(ScoredSeat(k + 1, cards, values, opened, result.scores[seat]))
    out = None if result.seat is None else (result.seat - first) % scene.players + 1
    totals = tuple(game.totals[(first + k) % scene.players] for k in range(scene.players))
    final = totals if game.over else ()
    return ScoredDeal(tuple((o, tuple(a)) for o, a in turns), result.ended_by, out, tuple(seats),
                      result.with_cut_card, final)


def _act(said: dict[str, object]) -> Act:
    """An action as the rulebook tells it, from the referee's own reading of it (`to_dict`)."""
    action = str(said["action"])
    if action == "draw":
        return Act(action, source=str(said["source"]))
    if action == "discard":
        return Act(action, cards=str(said["card"]))
    if action == "end_turn":
        return Act(action, knock=bool(said["knock"]))
    if action in ("lay", "rearrange") and not said.get("lay_offs") and not said.get("swaps"):
        melds = said["melds" if action == "lay" else "table"]
        assert isinstance(melds, list)
        return Act(action, melds=tuple(" ".join(meld) for meld in melds))
    raise ValueError(f"a scene's action the rulebook has no words for: {said}")
