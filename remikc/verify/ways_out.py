"""`deal.ends` in every state a deal reaches: each player's hand, turn by turn, as a number.

What the rules let a player do with his hand depends on how many cards he holds, whether he
has opened, whether it is his first turn, whether the table holds a meld and whether the
stock holds cards; which cards he holds is left open (some deal gives him cards that fit).
So a player's part of a state is a node (first turn or later, opened or not, cards held at
the start of the turn, whether he draws: the first player's first turn under
`first_player_extra` has no draw), and a turn is an edge: he draws (`draws N`, or 1..N where
`until meld` lets him meld early, one card where only the discard pile is open to him), lays
cards down (an opening, melds, lay-offs), and discards (`discard 1`) or ends the turn.  The
numbers he can lay down at once are exact: meld lengths the rules allow (Z3, one question a
length), sums of them, and opening sizes (Z3, one question a size), or any number where a lay-
off is allowed and some meld can grow (a card laid off is assumed to find a meld that takes
it).  A node has a way out when some path of turns ends the deal: he goes out (nothing left,
or the last card discarded where the rules let it be), or knocks after his turn (a hand of that
many cards, after the discard, counting `max_hand` or less).
Hand sizes above `cap` are not followed: a path that grows past it is neither a way out nor
a proof that there is none.

A state of the whole deal is one node per player, reached independently (each player's
cards are his own), with the table holding a meld once anyone opened.  The deal can end from
it when some player has a way out, or, under `stock_empty last_round`, some player may draw
the stock in every later turn (nothing refills it, so it runs dry).  Every reachable state is
covered by enumerating the nodes each seat reaches; two passes keep the verdict honest:

- the proof counts only ways out that surely exist (a draw open to every hand, lay-offs before
  opening only onto a table that holds a meld) over every node a seat may reach;
- the violation counts every way out that might exist (any draw, a stuck draw ending the deal
  "blocked", lay-offs in a handing turn) over nodes a seat surely reaches (under `stock_empty
  last_round`, in his first turn, with a stock that outlasts the first round), and needs every
  seat stuck at once.
Between the two the answer is unknown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .. import ir
from ..drawing import DrawFacts, holds, may_draw
from .base import Probe, largest_hand, longest_meld
from .liveness import TurnState, _stock_can_run_out_in_first_round, sources


@dataclass(frozen=True, order=True)
class Node:
    first_round: bool
    opened: bool
    cards: int  # held at the start of the turn
    draws: bool = True
    pile: bool = True  # a card on the discard pile: not for the first turn of a deal without one

    def words(self) -> str:
        """What a player in this node is, after "a player" or "every player"."""
        opened = "has opened" if self.opened else "has not opened"
        n = self.cards
        return f"who {opened} and holds {n} card{'s' if n != 1 else ''} between his turns"


OUT = "out"


class Lays:
    """What a player can lay down at once: meld lengths and opening sizes, each a Z3 question
    asked once.  `undecided` is set when the solver gave up on one: the verdict is then `?`."""

    def __init__(self, probe: object, cap: int, top: int) -> None:
        assert isinstance(probe, Probe)
        self.probe = probe
        self.v = probe.variant
        self.cap = cap
        self.top = top  # the most cards a player holds before opening, for the opening session
        self.undecided = False
        self._lengths: frozenset[int] | None = None
        self._sums: list[bool] | None = None
        self._least: int | None = None
        self._least_meld: int | None = 0  # 0: not asked yet
        self._openings: dict[int, bool] = {}
        self._knocks: dict[int, bool] = {}

    def _sat(self, status: str) -> bool:
        if status == "unknown":
            self.undecided = True
        return status == "sat"

    def lengths(self) -> frozenset[int]:
        """The lengths a valid meld can have (one Z3 question a length the sizes allow)."""
        if self._lengths is None:
            v = self.v
            session, m = self.probe.meld()
            wanted = [n for n in range(1, longest_meld(v) + 1)
                      if any(n in r.size.value for r in (v.set, v.run) if r is not None)]
            asked = {n: session.ask(m.valid, m.length == n).status for n in wanted}
            self._lengths = frozenset(n for n, status in asked.items() if self._sat(status))
        return self._lengths

    def least_meld(self) -> int | None:
        """The fewest cards of a valid meld, asked length by length from the smallest."""
        if self._lengths is not None:
            return min(self._lengths, default=None)
        if self._least_meld == 0:
            v = self.v
            session, m = self.probe.meld()
            wanted = (n for n in range(1, longest_meld(v) + 1)
                      if any(n in r.size.value for r in (v.set, v.run) if r is not None))
            asked = (n for n in wanted if self._sat(session.ask(m.valid, m.length == n).status))
            self._least_meld = next(asked, None)
        return self._least_meld

    def melds(self, n: int) -> bool:
        """Can exactly n cards be laid as melds (any number of them)?"""
        if self._sums is None:
            top = 2 * self.cap + 30
            sums = [True] + [False] * top
            for total in range(1, top + 1):
                sums[total] = any(total >= m and sums[total - m] for m in self.lengths())
            self._sums = sums
        return 0 <= n < len(self._sums) and self._sums[n]

    def least_opening(self) -> int | None:
        """The fewest cards an opening of at most `top` cards can have (None: no opening), asked
        upwards from a bound no opening beats: its points over the most a card is worth."""
        if self._least is None:
            v = self.v
            assert v.opening is not None
            session, o = self.probe.opening(self.top)
            worth = [max([c.value.points, *(p for _, p in c.value.by_place)]) for c in v.values.ranks]
            joker = v.values.joker
            if joker is not None and joker.value.points is not None:
                worth.append(joker.value.points)
            most = max([1, *worth])
            least = max(1, -(-v.opening.min_points.value // most))
            while least <= self.top and not self._sat(session.ask(o.ok, o.cards <= least).status):
                least += 1
            self._least = least
        return self._least if self._least <= self.top else None

    def opening(self, n: int, *, at_most: bool = False, generous: bool = False) -> bool:
        """An opening of exactly n cards (or, `at_most`, of n or fewer).  Above `top`: an
        opening of `top` or fewer and melds for the rest (`generous`: any, once one opens)."""
        if self.v.opening is None:  # any meld opens
            least = self.least_meld()
            return least is not None and n >= least if at_most else n > 0 and self.melds(n)
        least = self.least_opening()
        if least is not None and at_most:
            return n >= least
        if (least is None and n <= self.top) or n < (least or 0):
            return False
        if n > self.top:
            return generous or any(self.opening(k) and self.melds(n - k) for k in range(1, self.top + 1))
        if n not in self._openings:
            session, o = self.probe.opening(max(n, self.top))
            self._openings[n] = self._sat(session.ask(o.ok, o.cards <= n if at_most else o.cards == n).status)
        return self._openings[n]

    def knocks(self, cards: int) -> bool:
        """Some hand of exactly `cards` cards counts `max_hand` or less."""
        knocking = self.v.knocking
        if knocking is None or cards <= 0:
            return False
        if cards not in self._knocks:
            enc = self.probe.encoder()
            held, length = enc.hand(cards, least=cards)
            out = self.probe.session(enc).ask(enc.hand_value(held, length) <= knocking.max_hand.value)
            self._knocks[cards] = self._sat(out.status)
        return self._knocks[cards]


def grows(v: ir.Variant) -> bool:
    """Some meld on the table can take one more card (a run or a set below its largest size)."""
    if v.run is not None:
        high = v.run.size.value.high
        longest = 14 if v.run.ace_to_ace is not None and v.run.ace_to_ace.value else 13
        if min(longest, high if high is not None else longest) > v.run.size.value.low:
            return True
    if v.set is not None:
        high = v.set.size.value.high
        most = 4 if v.set.suits.value is ir.SetSuits.DISTINCT else longest_meld(v)
        if v.set.closed_at is not None:
            most = min(most, v.set.closed_at.value)
        if min(most, high if high is not None else most) > v.set.size.value.low:
            return True
    return False


def may_lay_off(v: ir.Variant, first_round: bool, opened: bool, *, handing: bool = False) -> bool:
    flags = {ir.Flag.FIRST_ROUND: first_round, ir.Flag.OPENED: opened,
             ir.Flag.OPENS_THIS_TURN: False, ir.Flag.HANDING: handing}
    return grows(v) and holds(v.turn.lay_off.value, flags)


def _pile(v: ir.Variant) -> bool:
    return v.turn.discard.value > 0 or v.deal.first_discard.value is ir.FirstDiscard.FACE_UP


def draws_stock(v: ir.Variant, opened: bool, *, generous: bool) -> bool:
    """A player after his first turn may draw from the stock: to every hand, or (`generous`)
    with a promise too (remikc/drawing.py `may_draw`: the stock's card is unseen, so a promise
    to open is taken on trust)."""
    if generous:
        no = dict.fromkeys(ir.DrawSource, False)
        return bool(may_draw(v, ir.DrawSource.STOCK, DrawFacts(False, opened, opened, 0, False, 1, 0, False,
                                                                 no, no)))
    return "stock" in sources(v, TurnState(False, opened, True, _pile(v)))


class Turns:
    """The turns of one player, as edges between nodes; `generous` counts every way that
    might exist, otherwise only those that surely do; `table`: a meld lies on the table
    before he opens."""

    def __init__(self, lays: Lays, *, generous: bool, table: bool) -> None:
        self.lays = lays
        self.v = lays.v
        self.generous = generous
        self.table = table
        self._edges: dict[Node, frozenset[Node | str]] = {}

    def _held(self, node: Node) -> list[tuple[int, bool]] | None:
        """(cards held after drawing, whether he may then lay cards down), one pair per way to
        draw; None: no draw open to him (`generous`: none even with a promise)."""
        v = self.v
        if not node.draws:
            return [(node.cards, True)]  # the first player's first turn: no draw, then play
        state = TurnState(node.first_round, node.opened, True, node.pile and (_pile(v) or node.first_round))
        open_to = sources(v, state)
        if not open_to and self.generous and any(r.value != ir.Never() for _, r in v.turn.draw):
            open_to = ["stock"]  # a draw on a promise he might keep
        if not open_to:
            return None
        rule = v.turn.draws.value
        count = rule.count if "stock" in open_to else 1  # the discard pile gives one card
        if rule.until_meld and count > 1:
            late = v.turn.meld_after_last_draw
            last = count if late is None or late.value else count - 1
            # he draws until he melds: stopping after d cards to meld, or drawing them all
            melding = [(node.cards + d, True) for d in range(1, last + 1)]
            return [*melding, (node.cards + count, last == count)]
        if rule.until_meld:
            late = v.turn.meld_after_last_draw
            return [(node.cards + count, late is None or late.value)]
        return [(node.cards + count, True)]

    def _laid(self, node: Node, held: int) -> Iterable[tuple[int, bool]]:
        """(cards left after laying down, opened) for each lay-down of the turn."""
        v = self.v
        lays = self.lays
        fr = node.first_round
        yield held, node.opened
        if node.opened:
            # rearranging the table may find room for any card: counted only as a way that might exist
            any_number = may_lay_off(v, fr, True) or (self.generous and v.turn.rearrange is not None)
            for left in range(held):
                if any_number or lays.melds(held - left):
                    yield left, True
            return
        if self.table and may_lay_off(v, fr, False):
            for left in range(held):
                yield left, False
        after = may_lay_off(v, fr, True)  # lay-offs once he has opened, in the same turn
        if after:
            if lays.opening(held, at_most=True):
                for left in range(held):
                    if lays.opening(held - left, at_most=True):
                        yield left, True
        else:
            for n in range(1, held + 1):
                if lays.opening(n, generous=self.generous):
                    for more in range(held - n + 1):
                        if lays.melds(more):
                            yield held - n - more, True
        handing = v.handing
        if handing is not None and not (handing.opening_rules is None or handing.opening_rules.value):
            # handing need not meet the opening rules: the whole hand at once, less the discard
            extra = self.generous and handing.lay_off.value and self.table
            for keep in {v.turn.discard.value, 0 if v.going_out.by.value is not ir.GoingOutBy.DISCARD else 1}:
                if lays.melds(held - keep) or extra:
                    yield keep, True

    def edges(self, node: Node) -> frozenset[Node | str]:
        if node in self._edges:
            return self._edges[node]
        v = self.v
        out: set[Node | str] = set()
        discard = v.turn.discard.value
        by_table = v.going_out.by.value is not ir.GoingOutBy.DISCARD
        holds_list = self._held(node)
        if holds_list is None:
            if self.generous:
                out.add(OUT)  # the deal stops "blocked": `turn.live` reports it
            holds_list = []
        for held, lays in holds_list:
            laid = set(self._laid(node, held)) if lays else {(held, node.opened)}
            for left, opened in laid:
                if left == 0:
                    if discard == 0 or by_table:
                        out.add(OUT)
                    continue
                if discard:
                    if left == 1 and v.going_out.by.value is ir.GoingOutBy.TABLE:
                        continue  # the last card may not be the discard: the referee refuses this
                    left -= 1
                    if left == 0:
                        out.add(OUT)
                        continue
                # a knock comes after the turn, counting what the discard left
                if v.knocking is not None and self.lays.knocks(left):
                    out.add(OUT)
                    continue
                out.add(Node(False, opened, left))  # past the cap: followed no further
        if node.cards > self.lays.cap:
            # past the cap: its ways out in this turn, or back under the cap, but no further
            out = {n for n in out if not isinstance(n, Node) or n.cards <= self.lays.cap}
        found = frozenset(out)
        self._edges[node] = found
        return found


def reach(turns: Turns, starts: Iterable[Node]) -> set[Node]:
    """Every node a player reaches from `starts`, within the cap."""
    seen: set[Node] = set()
    todo = list(starts)
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        todo += [n for n in turns.edges(node) if isinstance(n, Node) and n not in seen]
    return seen


def ways_out(turns: Turns, nodes: set[Node]) -> set[Node]:
    """The nodes among `nodes` (closed under turns) from which some path ends the deal."""
    good: set[Node] = set()
    changed = True
    while changed:
        changed = False
        for node in nodes - good:
            if any(n == OUT or n in good for n in turns.edges(node)):
                good.add(node)
                changed = True
    return good


def escapes(turns: Turns, nodes: set[Node]) -> set[Node]:
    """Nodes from which some path grows past the cap (there the search stops)."""
    cap = turns.lays.cap
    far: set[Node] = {n for n in nodes if n.cards > cap}
    changed = True
    while changed:
        changed = False
        for node in nodes - far:
            if any(isinstance(n, Node) and n in far for n in turns.edges(node)):
                far.add(node)
                changed = True
    return far


def starts(v: ir.Variant, players: int) -> tuple[Node, Node]:
    """The first player's first turn, and every other player's."""
    hand = v.deal.hand.value.at(players)
    extra = v.deal.extra()
    turned = v.deal.first_discard.value is ir.FirstDiscard.FACE_UP
    return Node(True, False, hand + extra, draws=extra == 0, pile=turned), Node(True, False, hand)


@dataclass(frozen=True)
class Verdict:
    status: str  # "proved", "violated" or "unknown"
    players: int = 0
    stuck: tuple[Node, ...] = ()  # the first player's node and every other player's
    nodes: int = 0  # nodes enumerated, over every player count


def caps(v: ir.Variant) -> tuple[int, int]:
    """(cap, top): hand sizes followed, and the most cards a player holds before opening."""
    count = v.turn.draws.value.count
    # the cards laid when opening in a first turn, less the discard: the session
    # `opening.reachable` has asked already, where the hands are all alike
    top = max(v.deal.hand.value.at(n) + max(v.deal.extra(), count) for n in v.player_counts())
    top -= v.turn.discard.value
    return max(largest_hand(v) + 2 * count + 2, top), top


def every_state(probe: object) -> Verdict:
    """Whether the deal can end from every state it reaches, for every player count."""
    assert isinstance(probe, Probe)
    v = probe.variant
    lays = Lays(probe, *caps(v))
    last_round = v.stock_empty.value is ir.StockEmpty.LAST_ROUND
    if last_round and all(draws_stock(v, opened, generous=False) for opened in (False, True)):
        return Verdict("proved")  # whoever is to play may draw the stock dry: no hand to follow
    sure = {table: Turns(lays, generous=False, table=table) for table in (False, True)}
    maybe = Turns(lays, generous=True, table=True)
    worst = Verdict("proved")
    nodes = 0
    for players in v.player_counts():
        first, other = starts(v, players)
        # the proof: every node a seat may reach, ways out that surely exist
        everywhere = reach(maybe, [first, other])
        nodes += len(everywhere)
        later = [{n for n in reach(maybe, [s]) if not n.first_round} for s in (first, other)]
        # before anyone opens the table is empty: nobody has laid a card off either
        alone = Turns(lays, generous=True, table=False)
        before = [{n for n in reach(alone, [s]) if not n.first_round and not n.opened}
                  for s in (first, other)]
        good = {t: ways_out(sure[t], reach(sure[t], everywhere) | everywhere) for t in sure}

        def fine(node: Node, table: bool, good: dict[bool, set[Node]] = good) -> bool:
            if last_round and draws_stock(v, node.opened, generous=False):
                return True  # he may draw the stock dry, and nothing refills it
            return node in good[table]

        stuck = _stuck_together(before, lambda n: fine(n, False)) or \
            _stuck_together(later, lambda n: fine(n, True))
        if lays.undecided:
            return Verdict("unknown", players, (), nodes)
        if stuck is None:
            continue
        # the violation: nodes each seat surely reaches, stuck under every way that might exist
        found = _violation(v, lays, maybe, (first, other))
        if lays.undecided:
            return Verdict("unknown", players, stuck, nodes)
        if found is not None:
            return Verdict("violated", players, found, nodes)
        if worst.status == "proved":
            worst = Verdict("unknown", players, stuck)
    return Verdict(worst.status, worst.players, worst.stuck, nodes)


def _stuck_together(later: list[set[Node]], fine: Callable[[Node], bool]) -> tuple[Node, Node] | None:
    """A state of the whole deal where no seat is shown a way out: the first player in one
    node, every other player in another (with three players or more, the others all alike
    suffice).  Asked twice: before anyone opened, with the table empty; and once anyone may
    have, over every node, with a meld on the table (more states than there are: a proof)."""
    first, other = later
    for a in sorted(first):
        for b in sorted(other):
            if not fine(a) and not fine(b):
                return a, b
    return None


def _violation(v: ir.Variant, lays: Lays, maybe: Turns, seats: tuple[Node, Node]) -> tuple[Node, Node] | None:
    sure = Turns(lays, generous=False, table=False)
    last_round = v.stock_empty.value is ir.StockEmpty.LAST_ROUND
    if last_round:
        if _stock_can_run_out_in_first_round(v):
            return None
        # reached in his first turn, before the stock can run out
        reached = [{n for n in sure.edges(s) if isinstance(n, Node)} for s in seats]
    elif v.turn.discard.value == 0:
        return None  # nothing refills the stock: it runs dry, and the deal stops
    else:
        reached = [{n for n in reach(sure, [s]) if not n.first_round} for s in seats]
    closure = reach(maybe, reached[0] | reached[1])
    out = ways_out(maybe, closure) | escapes(maybe, closure)
    for a in sorted(reached[0]):
        for b in sorted(reached[1]):
            if all(n not in out and not (last_round and draws_stock(v, n.opened, generous=True))
                   for n in (a, b)):
                return a, b
    return None
