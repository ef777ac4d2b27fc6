"""Saved games: a Game, View, action, Verdict, Play and Refusal written as plain JSON values and read
back (`to_dict` / `from_dict`), pickled and deep-copied; actions read back from their own text;
saved states of another variant, other rules, another version, impossible cards or too big
refused with a message that says why.

The round trip is checked at every step of seeded games under every variant's referee: the state
written, sent through `json`, read back and written again is the same, and the restored game
offers the same actions and plays on the same.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from budgets import examples

from oracle import untraced
from remikc.build import load_module, validator_source
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("remik51", "remik51_domowy", "remik_klasyczny", "remik_podstawowy", "remik_podstawowy_as",
            "karuzela")

@pytest.fixture
def modules(seed_modules: Callable[[str], types.ModuleType]) -> dict[str, types.ModuleType]:
    """The seeds' modules, compiled once per process (conftest's `seed_modules`)."""
    return {variant_id: seed_modules(variant_id) for variant_id in VARIANTS}


def _round_trip(m: types.ModuleType, game: Any) -> tuple[Any, list[Any]]:
    """`game` saved, through JSON, restored and saved again: the same dict, the same actions.
    Returns the restored game and the actions the game offers."""
    saved = game.to_dict()
    text = json.dumps(saved, ensure_ascii=False)
    restored = m.Game.from_dict(json.loads(text))
    assert restored.to_dict() == saved
    assert restored == game and hash(restored) == hash(game)  # by value, as a Card or a Verdict
    legal = m.legal_actions(game)
    assert m.legal_actions(restored) == legal
    for action in legal:
        assert m.parse_action(str(action)) == action, str(action)
        assert m.Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    for seat in range(game.players):
        seen = m.view(game, seat).to_dict()
        assert m.View.from_dict(json.loads(json.dumps(seen))).to_dict() == seen
    return restored, legal


def _play_and_round_trip(m: types.ModuleType, seed: int, steps: int) -> int:
    """A seeded game: the greedy bot on even seeds, played to the end of its first deal and into
    the next; the random bot on odd seeds (its deals run long), for `steps` actions.  Every state
    goes through `_round_trip`, and the restored game, given the same action, gives the same next
    state.  Returns the number of actions played."""
    rng = random.Random(seed)
    players = m.PLAYERS_MIN + seed % (m.PLAYERS_MAX - m.PLAYERS_MIN + 1)
    game = m.new_game(players, seed)
    bot = m.BOTS["greedy" if seed % 2 == 0 else "random"]
    played = 0
    deals = 0
    while not game.over and played < steps and deals < 2:
        restored, legal = _round_trip(m, game)
        action = bot(m.view(game, game.seat), legal, rng)
        after = m.apply(game, action)
        assert after, after
        again = m.apply(restored, m.Action.from_dict(action.to_dict()))
        assert again.to_dict() == after.to_dict()
        deals += isinstance(action, m.NextDeal)
        game = after
        played += 1
    _round_trip(m, game)
    return played


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_round_trip_at_every_step_of_many_games(modules: dict[str, types.ModuleType],
                                                variant_id: str) -> None:
    m = modules[variant_id]
    games = examples(12)  # tests/budgets.py: more with --soak (and the soak test's 1,000 below)
    played = sum(_play_and_round_trip(m, seed, steps=90) for seed in range(games))
    assert played > games * 30  # the games were played, not refused at the first step


@pytest.mark.soak
@pytest.mark.parametrize("variant_id", VARIANTS)
def test_round_trip_soak_1000_games(modules: dict[str, types.ModuleType], variant_id: str) -> None:
    m = modules[variant_id]
    for seed in range(1000):
        _play_and_round_trip(m, 10_000 + seed, steps=400)


def test_a_game_dealt_without_a_seed_is_shuffled_afresh_and_replays_from_its_save(
        modules: dict[str, types.ModuleType]) -> None:
    # was: the seed defaulted to 0, so an app that gave none dealt the same hands every game
    m = modules["remik51"]
    games = [m.new_game(3) for _ in range(4)]
    assert len({json.dumps(g.to_dict()["hands"]) for g in games}) == 4
    for game in games:
        # the seed drawn is a number the game keeps: a save of it restores, and a new game with
        # that seed is the same game, deal after deal
        assert type(game.seed) is int and game.to_dict()["seed"] == game.seed
        again = m.new_game(3, game.seed)
        assert again.to_dict() == game.to_dict()
    # into the next deal, dealt by the seed kept: in a game of several deals (Remik 51 is one)
    series = modules["remik_klasyczny"]
    rng = random.Random(0)
    game = series.new_game(3)
    again = series.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    deals = 0
    while deals < 2 and not game.over:
        action = series.BOTS["greedy"](series.view(game, game.seat), series.legal_actions(game), rng)
        game, again = series.apply(game, action), series.apply(again, action)
        assert again.to_dict() == game.to_dict()
        deals += isinstance(action, series.NextDeal)
    assert deals == 2
    # a seed given deals as it always has (tests/test_sim_*.py and the benchmarks replay seeds)
    dealt = m.new_game(3, 7).to_dict()
    assert " ".join(dealt["hands"][1]) == "JK A♦ A♣ 3♥ 3♦ 3♣ 4♥ 4♦ 4♣ 5♦ 7♦ 10♣ J♠ J♦ Q♦"
    assert dealt["stock"][-3:] == ["6♠", "7♣", "Q♠"]


# --- pickle, deepcopy, JSON of every object ------------------------------------------------------

def test_pickle_and_deepcopy_of_a_game(modules: dict[str, types.ModuleType],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    m = modules["remik51"]
    monkeypatch.setitem(sys.modules, m.__name__, m)  # as an app imports the module: by name
    game = m.new_game(3, 7)
    game = m.apply(game, m.legal_actions(game)[0])
    for copied in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game), copy.copy(game)):
        assert copied is not game
        assert copied.to_dict() == game.to_dict()
        assert m.legal_actions(copied) == m.legal_actions(game)
        with pytest.raises(AttributeError, match="does not change"):
            copied.seat = 2
    seen = m.view(game, 1)
    assert pickle.loads(pickle.dumps(seen)).to_dict() == seen.to_dict()
    verdict = m.check_meld("Q♥ K♥ A♥ 2♥")
    assert pickle.loads(pickle.dumps(verdict)).reasons == verdict.reasons


def test_a_game_compares_by_value(modules: dict[str, types.ModuleType],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # was: Game.from_dict(g.to_dict()) == g was False, and so were pickle's and deepcopy's copies
    m, other = modules["remik51"], modules["karuzela"]
    monkeypatch.setitem(sys.modules, m.__name__, m)
    game, rng, states = m.new_game(3, 7), random.Random(3), []
    while not game.deal_over:  # a whole deal: melds on the table, then the deal's result
        game = m.apply(game, m.greedy_bot(m.view(game, game.seat), m.legal_actions(game), rng))
        states.append(game)
    assert game.table and game.result is not None
    for state in (states[0], states[len(states) // 2], game):
        copies = (m.Game.from_dict(json.loads(json.dumps(state.to_dict()))),
                  pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state))
        for copied in copies:
            assert copied is not state and copied == state
            assert hash(copied) == hash(state)
        assert {state: "kept"}[copies[0]] == "kept"  # a server may key its games by value
    assert states[0] != states[1] and m.new_game(3, 7) == m.new_game(3, 7) != m.new_game(3, 8)
    assert m.new_game(2, 1) != other.new_game(2, 1) and m.new_game(2, 1) != m.new_game(2, 1).to_dict()
    # what a game holds does not change either, and compares by value too
    meld, result = game.table[0], game.result
    assert copy.deepcopy(meld) == meld and pickle.loads(pickle.dumps(result)) == result
    assert hash(copy.deepcopy(result)) == hash(result)
    with pytest.raises(AttributeError, match="a TableMeld does not change"):
        meld.owner = 2
    with pytest.raises(AttributeError, match="a DealResult does not change"):
        result.scores = ()


def test_a_saved_game_by_hand(modules: dict[str, types.ModuleType]) -> None:
    """A stacked remik51 deal: seat 1, the first player, holds 15 cards and does not draw."""
    m = modules["remik51"]
    game = m.new_game(2, 0, hands=["7♥ 7♦ 7♣ 10♥ 10♦ 10♣ Q♠ K♠ A♠ 2♣ 3♦ 4♥ 5♠ 6♣",
                                   "8♥ 8♦ 8♣ J♥ J♦ J♣ 2♠ 3♠ 4♠ 5♦ 6♦ 9♥ 9♣ K♦ A♣"],
                      stock="2♥ 3♥", first_discard=None, cut_card="5♣")
    saved = game.to_dict()
    assert {k: saved[k] for k in ("format", "version", "variant", "players", "seat", "phase")} == {
        "format": "remikc game", "version": 1, "variant": "remik51", "players": 2, "seat": 1, "phase": "play"}
    assert saved["rules"] == m.RULES_SHA256 and re.fullmatch(r"sha256:[0-9a-f]{64}", saved["rules"])
    # the stock from the bottom: the cut card under it, then 3♥, and 2♥, the top, last
    assert saved["stock"] == ["5♣", "3♥", "2♥"] and saved["cut"] is True
    assert saved["hands"][1] == ["A♣", "2♠", "3♠", "4♠", "5♦", "6♦", "8♥", "8♦", "8♣", "9♥", "9♣",
                                 "J♥", "J♦", "J♣", "K♦"]
    # plain JSON: ASCII-escaped too
    assert m.Game.from_dict(json.loads(json.dumps(saved))).to_dict() == saved
    restored = m.Game.from_dict(saved)
    assert all(type(c) is m.Card for c in restored.stock)


def test_a_view_holds_nothing_its_seat_may_not_see(modules: dict[str, types.ModuleType]) -> None:
    m = modules["remik51"]
    hands = ["7♥ 7♦ 7♣ 10♥ 10♦ 10♣ Q♠ K♠ A♠ 2♣ 3♦ 4♥ 5♠ 6♣",
             "8♥ 8♦ 8♣ J♥ J♦ J♣ 2♠ 3♠ 4♠ 5♦ 6♦ 9♥ 9♣ K♦ A♣"]
    game = m.new_game(2, 0, hands=hands, stock="2♥ 3♥", cut_card="5♣")
    # the same game, but for seat 0's hand and the stock's order
    other = m.new_game(2, 0, hands=["2♥ 3♥ 7♣ 10♥ 10♦ 10♣ Q♠ K♠ A♠ 2♣ 3♦ 4♥ 5♠ 6♣", hands[1]],
                       stock="7♥ 7♦", cut_card="5♣")
    seen = m.view(game, 1).to_dict()
    assert seen == m.view(other, 1).to_dict()
    assert "hands" not in seen and "stock" not in seen
    assert seen["hand_sizes"] == [14, 15] and seen["stock_count"] == 3
    assert seen["cut_card"] == "5♣"  # it lies face up under the stock
    text = json.dumps(seen, ensure_ascii=False)
    assert "7♥" not in text and "2♥" not in text
    assert m.view(game, 0).to_dict() != m.view(other, 0).to_dict()


def test_verdicts_plays_and_refusals_as_dicts(modules: dict[str, types.ModuleType]) -> None:
    m = modules["remik51"]
    refused = m.check_meld("Q♥ K♥ A♥ 2♥")
    data = json.loads(json.dumps(refused.to_dict()))
    assert data["ok"] is False and data["kind"] is None and len(data["reasons"]) == 1
    assert m.Verdict.from_dict(data).reasons == refused.reasons
    # seed 000: a run of 7♥ 8♥ 9♥ counts 7 + 8 + 9
    assert m.check_meld("7♥ 8♥ 9♥").to_dict() == {"ok": True, "kind": "run", "points": 24, "reasons": []}
    play = m.best_opening("6♠ 7♠ 8♠ 10♦ 10♣ 10♥ 2♣ 5♦ 9♥ K♣ 3♠ 4♥ Q♦ J♣ 7♦")
    saved = json.loads(json.dumps(play.to_dict()))
    assert saved["points"] == 51  # 6 + 7 + 8 + 3 x 10
    assert repr(m.Play.from_dict(saved)) == repr(play)
    refusal = m.apply(m.new_game(2, 0), m.Discard("A♠"))
    if not refusal:  # A♠ may be in the first player's hand; any refusal will do
        refusal = m.apply(m.new_game(2, 0), m.Draw("cut"))
    assert not refusal
    assert m.Refusal.from_dict(json.loads(json.dumps(refusal.to_dict()))).reasons == refusal.reasons


@pytest.mark.parametrize(("text", "expected"), [
    ("draw from the stock", ("Draw", {"source": "stock"})),
    ("draw from the cut card", ("Draw", {"source": "cut"})),
    ("discard 10h", ("Discard", {"card": "10♥"})),
    ("lay 8♥ for the joker in meld 2 | 5♠ 5♥ 5♦ | 6♣ 7♣ on meld 1",
     ("Lay", {"melds": [["5♠", "5♥", "5♦"]], "lay_offs": [[0, ["6♣", "7♣"]]], "swaps": [[1, "8♥"]]})),
    ("rearrange: 8♣ (from hand) for its joker; 5♠ 5♥ 5♦ | 6♣ 7♣ 8♣",
     ("Rearrange", {"table": [["5♠", "5♥", "5♦"], ["6♣", "7♣", "8♣"]], "swaps": [["8♣", "hand"]]})),
    ("knock", ("EndTurn", {"knock": True})),
    ("end the turn", ("EndTurn", {"knock": False})),
    ("deal the next round", ("NextDeal", {})),
])
def test_actions_read_back_from_their_text(modules: dict[str, types.ModuleType], text: str,
                                           expected: tuple[str, dict[str, Any]]) -> None:
    m = modules["karuzela"]
    action = m.parse_action(text)
    data = action.to_dict()
    assert (type(action).__name__, {k: v for k, v in data.items() if k != "action"}) == expected
    assert m.parse_action(str(action)) == action
    assert m.Action.from_dict(data) == action


@pytest.mark.parametrize("text", ["draw from the moon", "discard Z♠", "lay 5♠ 5♥ | on meld x", "fold"])
def test_an_action_that_is_not_one_is_refused(modules: dict[str, types.ModuleType], text: str) -> None:
    with pytest.raises(ValueError, match="not"):
        modules["karuzela"].parse_action(text)


@pytest.mark.parametrize("text", ["lay 5♠ 5♥ 5♦ | | 6♣ 7♣ 8♣", "lay 5♠ 5♥ 5♦ |", "lay | 6♣ on meld 1",
                                  "rearrange: 5♠ 5♥ 5♦ | | 6♣ 7♣ 8♣"])
def test_an_action_with_an_empty_meld_is_refused(modules: dict[str, types.ModuleType], text: str) -> None:
    # read as the melds left, the lay-down would go ahead a meld short of what the player wrote
    with pytest.raises(ValueError, match="has no cards"):
        modules["karuzela"].parse_action(text)


def test_an_empty_lay_down_reads_back(modules: dict[str, types.ModuleType]) -> None:
    m = modules["karuzela"]
    for action in (m.Lay([]), m.Rearrange([])):
        assert m.parse_action(str(action)) == action


# --- bad saved states ----------------------------------------------------------------------------

def _saved(m: types.ModuleType) -> dict[str, Any]:
    game = m.new_game(2, 3)
    return json.loads(json.dumps(game.to_dict()))


def _edited(saved: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**saved, **changes}


def test_a_game_of_another_variant_is_refused(modules: dict[str, types.ModuleType]) -> None:
    saved = _saved(modules["remik51"])
    with pytest.raises(modules["karuzela"].SaveError,
                       match="a game of the variant 'remik51', not 'karuzela': restore it with that variant"):
        modules["karuzela"].Game.from_dict(saved)


def test_a_game_under_other_rules_is_refused(modules: dict[str, types.ModuleType]) -> None:
    m = modules["remik51"]
    with pytest.raises(m.SaveError, match="played under other rules"):
        m.Game.from_dict(_edited(_saved(m), rules="sha256:" + "0" * 64))


def test_the_rules_hash_follows_the_rules_not_their_comments(modules: dict[str, types.ModuleType],
                                                             tmp_path: Path) -> None:
    """Comments, blank lines (so every spec line moves) and quoted sources do not change the
    hash; a rule's value does (seed 000's 51-point opening raised to 60)."""
    text = (ROOT / "specs" / "remik51.rules").read_text(encoding="utf-8")

    def hash_of(spec: str) -> str:
        (tmp_path / "remik51.rules").write_text(spec, encoding="utf-8")
        source = validator_source(Workspace().variant(str(tmp_path / "remik51.rules")), Workspace())
        found = re.search(r'^RULES_SHA256: Final\[str\] = "(sha256:[0-9a-f]{64})"$', source, re.M)
        assert found
        return found[1]

    assert hash_of(text) == modules["remik51"].RULES_SHA256
    assert hash_of("# a comment\n\n\n" + text.replace("min_points 51", "min_points 51   # moved")) \
        == modules["remik51"].RULES_SHA256
    assert "min_points 51" in text
    assert hash_of(text.replace("min_points 51", "min_points 60")) != modules["remik51"].RULES_SHA256
    # every variant has its own rules
    assert len({m.RULES_SHA256 for m in modules.values()}) == len(VARIANTS)


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 2}, "a saved game of format version 2: this module reads version 1"),
    ({"format": "remikc view"}, "not a saved game: its \"format\" is 'remikc view'"),
    ({"seat": 7}, "a game's seat: a whole number 0 to 1, not 7"),
    ({"seat": True}, "a game's seat: a whole number 0 or more, not True"),
    ({"players": 9}, "a game's players: a whole number 2 to 5, not 9"),
    ({"phase": "sleep"}, "a game's phase: one of 'draw', 'play', 'dealt', 'wait', not 'sleep'"),
    ({"opened": [False]}, "a game's opened: one for each of the 2 players, not 1"),
    ({"stock": ["Z♠"]}, "a game's stock\\[0\\]: 'Z♠' is not a card"),
    ({"hands": "A♠"}, "a game's hands: a list, not 'A♠'"),
    ({"cheat": 1}, "a saved game: unknown field\\(s\\) 'cheat'"),
    # was accepted, then view(game, 1) raised IndexError: a hand missing
    ({"hands": [["A♠"]]}, "a game's hands: one for each of the 2 players, not 1"),
    # was accepted as a live deal in which no action was legal
    ({"phase": "dealt"}, "a game's phase: 'dealt' in a deal that is going on"),
    ({"phase": "wait"}, "a game's phase: 'wait' in a deal that is going on"),
    ({"deal_over": True}, "a game's phase: '(draw|play)' in a deal that is over"),
])
def test_an_edited_game_is_refused(modules: dict[str, types.ModuleType], change: dict[str, Any],
                                   message: str) -> None:
    m = modules["remik51"]
    with pytest.raises(m.SaveError, match=message):
        m.Game.from_dict(_edited(_saved(m), **change))


def _with_a_table(m: types.ModuleType) -> dict[str, Any]:
    """Remik 51 for two, seed 3, played by the greedy bot until melds lie on the table: seat 0
    has opened with 7♥ JK 9♥ 10♥ and 10♦ J♦ Q♦ and is still playing its turn; seat 1 has not."""
    game = m.new_game(2, 3)
    rng = random.Random(3)
    while not game.table:
        game = m.apply(game, m.BOTS["greedy"](m.view(game, game.seat), m.legal_actions(game), rng))
    saved = json.loads(json.dumps(game.to_dict()))
    assert [t["cards"] for t in saved["table"]] == [["7♥", "JK", "9♥", "10♥"], ["10♦", "J♦", "Q♦"]]
    assert (saved["opened"], saved["seat"], saved["phase"]) == ([True, False], 0, "play")
    return saved


def _table_with(saved: dict[str, Any], **change: Any) -> dict[str, Any]:
    return _edited(saved, table=[{**saved["table"][0], **change}, saved["table"][1]])


def _taken(saved: dict[str, Any], card: str) -> dict[str, Any]:
    """`saved` with one `card` taken out of the stock or a hand: to put it on the table."""
    if card in saved["stock"]:
        stock = list(saved["stock"])
        stock.remove(card)
        return _edited(saved, stock=stock)
    hands = [list(h) for h in saved["hands"]]
    next(h for h in hands if card in h).remove(card)
    return _edited(saved, hands=hands)


@pytest.mark.parametrize(("edit", "message"), [
    # the card counts fit the pack each time: only the rules are broken
    (lambda s: _table_with(_taken(s, "8♦"), cards=["8♦", "JK"]),
     r"a game's table\[0\]: 8♦ JK is not a run under these rules"),
    (lambda s: _table_with(s, cards=["7♥"], kind="set"), r"a game's table\[0\]: 7♥ is not a set under"),
    (lambda s: _table_with(s, cards=["7♥", "9♥", "10♥", "JK"]), r"7♥ 9♥ 10♥ JK is not a run under"),
    (lambda s: _table_with(s, cards=[]), r"a game's table\[0\]: a meld with no cards"),
    (lambda s: _table_with(s, owner=1), r"a game's table\[0\]: laid by seat 1, who has not opened"),
    (lambda s: _edited(s, opened=[False, False]), r"laid by seat 0, who has not opened"),
    (lambda s: _table_with(s, stands=["8♥", "9♠"]), r"its jokers stand for '8♥ 9♠', more cards than its 1"),
    (lambda s: _edited(s, version=True), r"a saved game of format version True: this module reads version 1"),
    (lambda s: _edited(s, phase="draw", must="open"), r"must and owed: 'open' and 0 before the player"),
    (lambda s: _edited(s, must="open"), r"a game's must: 'open' for a player who has opened"),
    (lambda s: _edited(s, must="hand", laid=[True, False]), r"must: 'hand' for a player who has laid"),
    (lambda s: _edited(s, owed=2), r"a game's owed: 2 retrieved joker\(s\) to play, and seat 0 holds 0"),
], ids=["8d_JK_as_a_run", "a_one_card_set", "a_joker_out_of_place", "an_empty_meld", "owner_never_opened",
        "nobody_opened", "more_stands_than_jokers", "version_true", "bound_before_the_draw",
        "bound_to_open_once_opened", "bound_to_hand_having_laid", "owes_jokers_not_held"])
def test_a_saved_table_or_turn_the_rules_cannot_leave_is_refused(modules: dict[str, types.ModuleType],
                                                                  edit: Callable[[dict[str, Any]], Any],
                                                                  message: str) -> None:
    """Edits that keep every card count within the pack, so that only the rules can tell: each
    used to be restored, and the referee then played on from a table no turn could lay."""
    m = modules["remik51"]
    saved = _with_a_table(m)
    assert m.Game.from_dict(saved).to_dict() == saved
    with pytest.raises(m.SaveError, match=message):
        m.Game.from_dict(edit(saved))


def test_a_refusal_or_verdict_that_gives_no_reason_is_refused(modules: dict[str, types.ModuleType]) -> None:
    m = modules["remik51"]
    with pytest.raises(m.SaveError, match="a refusal's reasons: at least one, not none"):
        m.Refusal.from_dict({"ok": False, "reasons": []})
    with pytest.raises(m.SaveError, match="a verdict's reasons: at least one when refused, not 0"):
        m.Verdict.from_dict({"ok": False, "kind": None, "points": 0, "reasons": []})
    refused = m.check_meld("5♠ 5♥").to_dict()
    with pytest.raises(m.SaveError, match="a verdict's reasons: none when it is ok, not 1"):
        m.Verdict.from_dict({**refused, "ok": True})


def test_hand_value_takes_opened_as_a_bool(modules: dict[str, types.ModuleType]) -> None:
    """`opened="no"` is truthy: it counted the hand as an opened player's (5), not 100."""
    m = modules["remik51"]
    assert (m.hand_value("5♥", opened=True), m.hand_value("5♥", opened=False)) == (5, 100)
    for wrong in ("no", 0, None):
        with pytest.raises(TypeError, match="opened: True or False, not"):
            m.hand_value("5♥", opened=wrong)


def test_a_missing_field_is_named(modules: dict[str, types.ModuleType]) -> None:
    m = modules["remik51"]
    saved = _saved(m)
    del saved["discards"]
    with pytest.raises(m.SaveError, match="a saved game: discards missing"):
        m.Game.from_dict(saved)


def test_more_copies_of_a_card_than_the_pack_holds_are_refused(modules: dict[str, types.ModuleType]) -> None:
    """Remik 51 plays with two packs and four jokers (specs/remik51.rules, deck): a third A♠ or a
    fifth joker cannot be; Karuzela for two players, one pack and one joker: a second A♠ cannot."""
    m = modules["remik51"]
    saved = _saved(m)
    hands = [list(h) for h in saved["hands"]]
    hands[0] += ["A♠", "A♠", "A♠"]
    with pytest.raises(m.SaveError, match=r"(3|4|5) × A♠ in the saved game: the pack for 2 players holds 2"):
        m.Game.from_dict(_edited(saved, hands=hands))
    hands = [list(h) for h in saved["hands"]]
    hands[1] += ["JK"] * 5
    with pytest.raises(m.SaveError, match=r"\d+ × JK in the saved game: the pack for 2 players holds 4"):
        m.Game.from_dict(_edited(saved, hands=hands))
    k = modules["karuzela"]
    saved = _saved(k)
    hands = [list(h) for h in saved["hands"]]
    hands[0] += ["A♠", "A♠"]
    with pytest.raises(k.SaveError, match=r"(2|3) × A♠ in the saved game: the pack for 2 players holds 1"):
        k.Game.from_dict(_edited(saved, hands=hands))


def test_an_oversized_or_deep_or_foreign_state_is_refused(modules: dict[str, types.ModuleType]) -> None:
    m = modules["remik51"]
    saved = _saved(m)
    with pytest.raises(m.SaveError, match="holds at most 20000 values"):
        m.Game.from_dict(_edited(saved, stock=["A♠"] * 30_000))
    deep: Any = []
    for _ in range(100_000):  # deeper than Python's recursion limit: still an error, not a crash
        deep = [deep]
    with pytest.raises(m.SaveError, match="nested at most 6 levels"):
        m.Game.from_dict(_edited(saved, table=deep))
    with pytest.raises(m.SaveError, match="only JSON values, not set"):
        m.Game.from_dict(_edited(saved, opened={False}))
    with pytest.raises(m.SaveError, match="a text of 5000 characters"):
        m.Game.from_dict(_edited(saved, phase="x" * 5000))
    with pytest.raises(m.SaveError, match="a saved game is a dict"):
        m.Game.from_dict([saved])
    with pytest.raises(m.SaveError, match="a saved view"):
        m.View.from_dict(saved)
    assert issubclass(m.SaveError, ValueError)


# --- the documented format and examples ----------------------------------------------------------

def test_saved_games_and_views_follow_the_schema(modules: dict[str, types.ModuleType]) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "docs" / "saved-game.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    checker = jsonschema.Draft202012Validator(schema)
    for variant_id, m in modules.items():
        rng = random.Random(variant_id)
        game = m.new_game(m.PLAYERS_MAX, 5)
        for _ in range(150):
            if game.over:
                break
            for state in (game.to_dict(), m.view(game, 0).to_dict(), m.view(game, game.seat).to_dict()):
                with untraced():  # jsonschema's own code: no line of the runtime runs in it
                    checker.validate(state)
            game = m.apply(game, m.BOTS["random"](m.view(game, game.seat), m.legal_actions(game), rng))
    # the schema refuses what from_dict refuses by type: an unknown field, a card that is not one
    saved = _saved(modules["remik51"])
    assert not checker.is_valid(_edited(saved, cheat=1))
    assert not checker.is_valid(_edited(saved, stock=["Z♠"]))
    # ... a version that is no number, an empty table meld, a refusal or verdict that says no why
    assert not checker.is_valid(_edited(saved, version=True))
    assert not checker.is_valid(_table_with(_with_a_table(modules["remik51"]), cards=[]))
    assert not checker.is_valid({"ok": False, "reasons": []})
    refused = modules["remik51"].check_meld("5♠ 5♥").to_dict()
    assert checker.is_valid(refused) and not checker.is_valid({**refused, "reasons": []})
    assert not checker.is_valid({**refused, "ok": True})


def test_the_docs_example_of_saving_a_game_runs(workspace: Workspace, load: Callable[[str], Any],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import doctest

    m = load_module("validator", validator_source(load("remik51"), workspace))
    monkeypatch.setitem(sys.modules, "validator", m)
    doc = (ROOT / "docs" / "validator.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Saving a game"):]
    start = section.index("```python\n") + 10
    example = section[start:section.index("\n```", start)]
    test = doctest.DocTestParser().get_doctest(example, {}, "docs/validator.md", "docs/validator.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert len(test.examples) >= 8
