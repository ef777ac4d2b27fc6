"""An opening in a game whose table is rearranged: a family's Karuzela "from 30 points"
(Rummikub's first meld).  Until a player opens, the table's melds stay as they lie: he opens
with new melds of his own hand worth the opening's points, and lays off before it only where
the game's `lay_off` rule allows (Karuzela: always).  The generated referee holds him to it,
`legal_actions` offers the best opening first, and the rulebook says so.

Points are the cards' values of 003's table (A 1, 2..10 their face, J Q K 10), the threshold
the family's 30; each figure below is summed by hand from them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from remikc.sim.play import load_variant_module, play_game
from remikc.spec.workspace import Workspace

HOUSE = ('variant od30 extends "karuzela" {\n  name pl "Karuzela od 30"\n  name hr "Vrtuljak od 30"\n'
         "  opening {\n    min_points 30\n  }\n}\n")


@pytest.fixture(scope="module")
def od30(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    path = tmp_path_factory.mktemp("od30") / "od30.rules"
    path.write_text(HOUSE, encoding="utf-8")
    workspace = Workspace()
    variant = workspace.variant(str(path))
    return workspace, path, load_variant_module(variant, workspace)


def _position(m, hand: str, table: list[str] = (), opened: bool = False):  # type: ignore[no-untyped-def]
    """The player to move, after his draw, holding `hand`, not opened (unless `opened`); `table`:
    runs the other player laid, who has opened.  The cards come from the deal's pack (the other
    hand and the stock make up the rest), so that the position is one a saved game may hold."""
    game = m.apply(m.new_game(2, seed=1), m.Draw("stock"))
    me, other = game.seat, 1 - game.seat
    pack = [c for h in game.hands for c in h] + list(game.stock) + list(game.discards)
    for card in _cards(m, " ".join([hand, *table])):
        pack.remove(card)
    hands = [(), ()]
    hands[me] = m._sorted(_cards(m, hand))
    hands[other] = m._sorted(pack[:len(game.hands[other])])
    flags = [True, True]
    flags[me] = opened
    return game._copy(hands=tuple(hands), stock=tuple(pack[len(game.hands[other]):]), discards=(),
                      table=tuple(m.TableMeld(_cards(m, cards), "run", other) for cards in table),
                      opened=tuple(flags))


def _cards(m, text: str):  # type: ignore[no-untyped-def]
    return tuple(m.Card(c) for c in text.split())


def _codes(verdict) -> list[str]:  # type: ignore[no-untyped-def]
    return [r.code for r in verdict.reasons]


def test_the_family_is_not_warned_any_more(od30) -> None:  # type: ignore[no-untyped-def]
    workspace, path, _ = od30
    assert workspace.warnings(str(path)) == ()


def test_a_first_meld_under_the_opening_is_refused_and_one_at_it_opens(od30) -> None:  # type: ignore[no-untyped-def]
    m = od30[2].module
    game = _position(m, "5♥ 6♥ 7♥ 9♦ 10♦ J♦ K♠ K♥ K♦ 2♣")
    small = m.apply(game, m.Rearrange((_cards(m, "5♥ 6♥ 7♥"),)))  # 5 + 6 + 7 = 18
    assert isinstance(small, m.Refusal) and _codes(small) == ["opening.points"]
    assert small.reasons[0]._params == {"points": 18, "least": 30}
    assert "18" in small.reasons[0].message("pl") and "30" in small.reasons[0].message("pl")
    kings = m.apply(game, m.Rearrange((_cards(m, "K♠ K♥ K♦"),)))  # 10 + 10 + 10: at least 30 opens
    assert isinstance(kings, m.Game) and kings.opened[game.seat] and kings.opened_now
    # once open, a meld of any worth goes down
    after = m.apply(kings, m.Rearrange((*[t.cards for t in kings.table], _cards(m, "5♥ 6♥ 7♥"))))
    assert isinstance(after, m.Game)


def test_legal_actions_offer_the_best_opening_first_and_nothing_under_it(od30) -> None:  # type: ignore[no-untyped-def]
    m = od30[2].module
    game = _position(m, "5♥ 6♥ 7♥ 9♦ 10♦ J♦ K♠ K♥ K♦ 2♣")
    offered = [a for a in m.legal_actions(game) if isinstance(a, m.Rearrange)]
    worth = [sum(m.check_meld(meld).points for meld in a.table) for a in offered]
    assert worth[0] == 18 + 29 + 30  # every meld of the hand; 2♣ melds nothing
    assert sorted(map(sorted, offered[0].table)) == sorted(sorted(_cards(m, t)) for t in
                                                           ("5♥ 6♥ 7♥", "9♦ 10♦ J♦", "K♠ K♥ K♦"))
    assert worth[1:] == [30]  # the one meld that opens alone: the kings (9 + 10 + 10 = 29 does not)
    assert all(isinstance(m.apply(game, a), m.Game) for a in offered)


def test_the_table_stays_as_it_lies_until_he_opens(od30) -> None:  # type: ignore[no-untyped-def]
    m = od30[2].module
    table = ["10♣ J♣ Q♣ K♣", "4♠ 5♠ 6♠"]
    game = _position(m, "K♥ K♦ 7♠ 2♦ 3♥ 9♥", table)
    # the table's K♣ into a set with two kings of the hand (30 points): his first lay-down may not
    # take it from the run ...
    moved = (_cards(m, "10♣ J♣ Q♣"), _cards(m, "4♠ 5♠ 6♠"), _cards(m, "K♣ K♥ K♦"))
    refused = m.apply(game, m.Rearrange(moved))
    assert isinstance(refused, m.Refusal) and _codes(refused) == ["rearrange.before_opening"]
    assert "otworzy" in refused.reasons[0].message("pl")
    # ... which an opened player may
    opened = _position(m, "K♥ K♦ 7♠ 2♦ 3♥ 9♥", table, opened=True)
    assert isinstance(m.apply(opened, m.Rearrange(moved)), m.Game)
    # a lay-off is allowed before the opening (`lay_off always`), opens nothing and leaves the
    # meld with who laid it, as a saved game must show
    grown = m.apply(game, m.Rearrange((_cards(m, "10♣ J♣ Q♣ K♣"), _cards(m, "4♠ 5♠ 6♠ 7♠"))))
    assert isinstance(grown, m.Game) and not grown.opened[game.seat]
    assert [t.owner for t in grown.table] == [1 - game.seat] * 2
    assert m.Game.from_dict(grown.to_dict()) == grown


def test_lay_offs_wait_for_the_opening_where_the_rules_say_so(tmp_path: Path) -> None:
    """Rummikub's rule: nothing goes on the table's melds before the first meld; with it, they may."""
    path = tmp_path / "rk.rules"
    rules = "  turn {\n    override lay_off when opened\n  }\n  opening {"
    path.write_text(HOUSE.replace("od30", "rk").replace("  opening {", rules), encoding="utf-8")
    workspace = Workspace()
    m = load_variant_module(workspace.variant(str(path)), workspace).module
    game = _position(m, "K♥ K♦ K♠ 7♠ 2♦", ["4♠ 5♠ 6♠"])
    alone = m.apply(game, m.Rearrange((_cards(m, "4♠ 5♠ 6♠ 7♠"),)))
    assert isinstance(alone, m.Refusal) and _codes(alone) == ["lay_off.not_now"]
    both = m.apply(game, m.Rearrange((_cards(m, "4♠ 5♠ 6♠ 7♠"), _cards(m, "K♥ K♦ K♠"))))
    assert isinstance(both, m.Game) and both.opened[game.seat]


def test_the_rulebooks_say_it(od30) -> None:  # type: ignore[no-untyped-def]
    from remikc.emit.book_layout import to_markdown
    from remikc.emit.rulebook import rulebook
    from remikc.wording import language

    workspace, path, _ = od30
    variant = workspace.variant(str(path))
    assert "Dopóki się nie otworzysz, nie przekładasz układów leżących na stole" in \
        to_markdown(rulebook(variant, language("pl")), ["od30.rules"])
    assert "Dok se ne otvoriš, ne premještaš grupe na stolu" in \
        to_markdown(rulebook(variant, language("hr")), ["od30.rules"])
    seed = Workspace().variant(str(Path(__file__).resolve().parents[1] / "specs" / "karuzela.rules"))
    assert "Dopóki się nie otworzysz" not in to_markdown(rulebook(seed, language("pl")), ["karuzela.rules"])


def test_games_play_to_their_end_with_every_check(od30) -> None:  # type: ignore[no-untyped-def]
    compiled = od30[2]
    for seed in (1, 2, 3):
        record = play_game(compiled, players=3, seed=seed, max_deals=3, check="all")
        assert record.rounds >= 1
