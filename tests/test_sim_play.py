"""The simulator's runner: whole games end, every listed action is accepted, and the checks
catch a referee that breaks the rules (a check that cannot fail would be worth nothing)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from remikc import ir
from remikc.sim.play import (
    Compiled,
    InvariantBreach,
    _pack,
    check_step,
    deal_scores,
    game_checks,
    load_variant_module,
    play_game,
    run_games,
)
from remikc.spec.workspace import Workspace

VARIANTS = ("remik51", "remik_klasyczny", "remik_podstawowy", "karuzela")


@pytest.fixture(scope="module")
def modules(load: Callable[[str], ir.Variant], seed_modules: Callable[[str], Any]) -> dict[str, Compiled]:
    return {v: Compiled(load(v), seed_modules(v)) for v in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_listed_action_is_accepted(modules: dict[str, Compiled], variant: str) -> None:
    # one deal with random play, applying every action legal_actions lists at every step
    record = play_game(modules[variant], players=3, seed=5, bot="random", max_deals=1, try_all=True)
    assert record.deals and record.actions > 0


# Remik 51 is one deal (below); four play it here, a fuller table than two.
PLAYERS = {"remik51": 4}


@pytest.mark.parametrize("variant", VARIANTS)
def test_greedy_games_end(modules: dict[str, Compiled], variant: str) -> None:
    record = play_game(modules[variant], players=PLAYERS.get(variant, 2), seed=3, bot="greedy")
    assert record.finished
    assert record.winners


@pytest.mark.parametrize("seed", [1, 3, 18])
def test_two_player_remik51_ends_with_its_deal(modules: dict[str, Compiled], seed: int) -> None:
    """000: "Gra kończy się, gdy jeden z graczy odrzuci swoją ostatnią kartę. Ten gracz otrzymuje
    -40 punktów." (004: "Igra se završava kada neko od igrača izbaci svoju poslednju kartu.")
    The game ends with its one deal, by the rules, not at the simulator's cap on deals; the
    player who went out or handed wins ("Zwycięstwo gracza")."""
    record = play_game(modules["remik51"], players=2, seed=seed, bot="greedy", max_deals=6)
    (deal,) = record.deals
    assert record.finished and deal.ended_by in ("went_out", "handed")
    assert record.winners == deal.winners and len(deal.winners) == 1 and record.totals == deal.scores
    assert record.totals[deal.winners[0]] in (-40, -80, -120)  # "-40", "-80", "-120 punktów"


def test_a_lay_off_of_seven_cards_is_laid_where_the_solver_found_it(modules: dict[str, Compiled]) -> None:
    # the soak test's breach: the bot's solver laid off JK 4♠ 5♠ 9♠ 10♠ Q♠ K♠ on 6♠ 7♠ 8♠; the
    # referee tried more than six cards only in the order given, and refused them
    assert play_game(modules["karuzela"], players=2, seed=2039, bot="greedy").finished


def test_a_set_of_jokers_keeps_what_they_stood_for(modules: dict[str, Compiled]) -> None:
    # the soak test's breach: the solver laid JK 10♦ JK as a set of tens (its jokers 10♠ and 10♣
    # from runs), which the referee read as a run, re-declaring both jokers
    assert play_game(modules["karuzela"], players=3, seed=689, bot="greedy").finished


def test_a_wrong_score_is_caught(modules: dict[str, Compiled],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    m = modules["remik_podstawowy"]
    right = m.module._scores

    def wrong(game, ended_by, seat):  # type: ignore[no-untyped-def]
        scores, winners = right(game, ended_by, seat)
        return tuple(s + 1 for s in scores), winners

    monkeypatch.setattr(m.module, "_scores", wrong)
    with pytest.raises(InvariantBreach) as caught:
        play_game(m, players=2, seed=1, bot="greedy", max_deals=1)
    assert "the rules give" in caught.value.message
    assert "reproduce: new_game(2, seed=1)" in caught.value.render()


def test_a_module_that_fails_is_a_breach_with_the_way_to_it(modules: dict[str, Compiled],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception inside the generated module (the referee's or the bot's) is reported like a
    broken rule, with the seed and the actions before it, not as a traceback that loses both."""
    m = modules["remik_podstawowy"]
    right = m.module._discard
    thrown = []

    def failing(game, card, knock):  # type: ignore[no-untyped-def]
        thrown.append(card)
        if len(thrown) == 3:
            raise AssertionError("check_lay_off accepted it")
        return right(game, card, knock)

    monkeypatch.setattr(m.module, "_discard", failing)
    with pytest.raises(InvariantBreach) as caught:
        play_game(m, players=2, seed=1, bot="greedy", max_deals=1)
    assert caught.value.message == "the module raised AssertionError: check_lay_off accepted it"
    assert "reproduce: new_game(2, seed=1)" in caught.value.render()
    # the trace ends with the discard that failed, the third of the game
    assert [line for line in caught.value.trace if ": discard " in line][-1] == caught.value.trace[-1]
    assert sum(line.startswith("seat ") and ": discard " in line for line in caught.value.trace) == 3


def test_a_lost_card_is_caught(modules: dict[str, Compiled], monkeypatch: pytest.MonkeyPatch) -> None:
    m = modules["remik_podstawowy"]
    right = m.module._discard

    def losing(game, card, knock):  # type: ignore[no-untyped-def]
        after = right(game, card, knock)
        return after._copy(discards=after.discards[:-1]) if after else after  # the card vanishes

    monkeypatch.setattr(m.module, "_discard", losing)
    with pytest.raises(InvariantBreach, match="cards created or lost"):
        play_game(m, players=2, seed=1, bot="greedy", max_deals=1)


def test_a_lost_card_is_caught_at_the_deals_end_by_the_cheap_count(modules: dict[str, Compiled],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`--check sample`'s games outside the sample count every card at each deal's end: a card
    lost mid-deal is caught there, by the same words; `--check none` plays on."""
    m = modules["remik_podstawowy"]
    right = m.module._discard

    def losing(game, card, knock):  # type: ignore[no-untyped-def]
        after = right(game, card, knock)
        return after._copy(discards=after.discards[:-1]) if after else after

    monkeypatch.setattr(m.module, "_discard", losing)
    with pytest.raises(InvariantBreach, match="cards created or lost") as caught:
        play_game(m, players=2, seed=1, bot="greedy", max_deals=1, check="ends")
    assert caught.value.trace[-1].startswith("seat ")  # the deal's last action, seen at its end
    play_game(m, players=2, seed=1, bot="greedy", max_deals=1, check="none")


def test_the_sample_is_game_0_and_every_16th() -> None:
    assert [i for i in range(40) if game_checks("sample", i) == "all"] == [0, 16, 32]
    assert {game_checks("sample", i) for i in range(40) if i % 16} == {"ends"}
    assert {game_checks(mode, 5) for mode in ("all", "none")} == {"all", "none"}
    with pytest.raises(ValueError, match="check must be one of all, sample, none"):
        game_checks("some", 0)


def test_every_check_mode_plays_the_same_games(modules: dict[str, Compiled]) -> None:
    """The checks only look: the records (every deal's turns, scores, how it ended) are the same
    whichever are run; a chunk that starts mid-run samples by the run's first seed."""
    m = modules["remik_podstawowy"]
    played = {mode: run_games(m, games=3, players=2, seed=4, max_deals=2, check=mode)
              for mode in ("all", "sample", "none")}
    assert played["all"] == played["sample"] == played["none"]
    assert run_games(m, games=2, players=2, seed=5, max_deals=2, check="sample", first=4) == played["all"][1:]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_greedy_turn_is_the_greedy_bots_choice_from_the_list(modules: dict[str, Compiled],
                                                                 variant: str) -> None:
    """The simulator asks `_greedy_turn`, which lists no legal action: at every step of two deals it
    must pick what `greedy_bot` picks from `legal_actions`' list, drawing the same random numbers.
    (Remik 51 is one deal: its game ends with the first.)"""
    m = modules[variant].module
    for seed in (1, 2):
        game = m.new_game(3, seed)
        listed_rng, quick_rng = random.Random(seed), random.Random(seed)
        kinds = set()
        while not game.over and game.deal <= 2:
            listed = m.greedy_bot(m.view(game, game.seat), m.legal_actions(game), listed_rng)
            assert m._greedy_turn(game, quick_rng) == listed, f"seed {seed}, {game}"
            assert quick_rng.getstate() == listed_rng.getstate()
            kinds.add(type(listed).__name__)
            game = m.apply(game, listed)
            assert game, f"seed {seed}: {listed} refused"
        assert "Draw" in kinds and kinds & {"Lay", "Rearrange"}
        assert ("NextDeal" in kinds) == (m.ROUNDS != 1), kinds


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_quick_no_to_a_lay_down_is_never_wrong(modules: dict[str, Compiled], variant: str) -> None:
    """`_might_lay` spares the greedy bot the solver; where it says no, `legal_actions` must list no
    lay-down (else the bot would play differently from `greedy_bot`)."""
    m = modules[variant].module
    said = set()
    for seed in (3, 4):
        game = m.new_game(3, seed)
        rng = random.Random(seed)
        while not game.over and game.deal <= 2:
            if game.phase == "play" and not game.deal_over:
                quick = m._might_lay(game)
                said.add(quick)
                if not quick:
                    assert next(m._plays(game), None) is None, f"seed {seed}, {game}"
            game = m.apply(game, m._greedy_turn(game, rng))
    assert said == {True, False}


def test_a_kept_verdict_serves_only_its_own_game(modules: dict[str, Compiled]) -> None:
    """The referee keeps its verdict on the lay-down the bot judged (`_judged`) for the `apply`
    that follows: the same action on another game is judged again."""
    m = modules["remik_podstawowy"].module
    game = m.new_game(2, hands=["9♥ 9♦ 9♣ 4♠ 3♦", "5♠ 6♠ 7♠ K♦ 2♣"], stock="Q♣ Q♦ 8♥ 8♦ J♠ J♥")
    while game.phase != "play":
        game = m.apply(game, m.Draw("stock"))
    run = m.Lay(["5♠ 6♠ 7♠"])
    assert m._judged(game, run) and m.apply(game, run)
    without = game._copy(hands=tuple(() if i == game.seat else h for i, h in enumerate(game.hands)))
    refused = m.apply(without, run)
    assert not refused and refused.reasons[0].code == "hand.missing"


def test_a_card_lost_between_deal_ends_is_caught_by_counting_what_moved(modules: dict[str, Compiled]) -> None:
    """The count of the parts an action changed (`whole=False`, every step but a deal's first and
    last) sees a card vanish, one made up, and a card moved from a hand to the pile (no breach)."""
    c = modules["remik_podstawowy"]
    m = c.module
    game = m.new_game(2, 1)
    if game.phase == "draw":
        game = m.apply(game, m.Draw("stock"))
    pack = _pack(m, 2)
    card = game.hands[game.seat][-1]
    thrown = m.Discard(card)
    after = m.apply(game, thrown)
    assert after and check_step(m, game, thrown, after, pack, whole=False) is None
    lost = after._copy(discards=after.discards[:-1])  # the thrown card vanishes
    made = after._copy(discards=(*after.discards, card))  # and here one more appears
    name = str(m.Card(card))
    assert check_step(m, game, thrown, lost, pack, whole=False) == \
        f"cards created or lost: none too many, {name} missing"
    assert check_step(m, game, thrown, made, pack, whole=False) == \
        f"cards created or lost: {name} too many, none missing"


def test_handing_is_told_apart_from_going_out(modules: dict[str, Compiled],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # a referee that never calls it handing: the simulator's own reading of the turn objects
    m = modules["remik_klasyczny"]
    monkeypatch.setattr(m.module, "HANDING", False)
    with pytest.raises(InvariantBreach, match="went out as `went_out`; by the turn's actions it was handing"):
        for seed in range(1, 40):
            play_game(m, players=2, seed=seed, bot="greedy", max_deals=3)


def test_deal_scores_from_the_spec(workspace: Workspace) -> None:
    # seed 000/004: going out -40; a joker left in hand +20 besides the 2♦ (2); never opened +100;
    # handing doubles the others: "+200" for one who never opened
    v = workspace.variant("specs/remik51.rules")
    hands = ((), (0, 2 * 4 + 2), (5 * 4,))
    assert deal_scores(v, "went_out", 0, hands, (True, True, False)) == ((-40, 22, 100), (0,))
    assert deal_scores(v, "handed", 0, hands, (True, True, False)) == ((-80, 44, 200), (0,))
    assert deal_scores(v, "handed", 0, hands, (True, True, False), with_cut_card=True) == \
        ((-120, 44, 200), (0,))


# live_stock_by_promise: one who has not opened draws the stock only by promising to open, and
# the card is not seen before; a hand that then cannot open has no action left to it.
PROMISE = "tests/specs/inconsistent/live_stock_by_promise.rules"
DEALER = "A♠ A♥ 3♦ 5♣ 7♠ 9♥ J♦ K♣ 4♠ 6♥ 8♦ 10♣ Q♠ 2♦ 4♦"  # seat 1 plays first, 15 cards


@pytest.fixture(scope="module")
def promise(workspace: Workspace) -> Compiled:
    return load_variant_module(workspace.variant(PROMISE), workspace)


def _drawn_on_promise(promise: Compiled, hand: str):  # type: ignore[no-untyped-def]
    m = promise.module
    game = m.new_game(2, hands=[hand, DEALER], stock="4♣ 6♣ 8♠")
    game = m.apply(game, m.Discard(m.parse_card("4♦")))
    assert [str(a) for a in m.legal_actions(game)] == ["draw from the stock"]  # the pile is closed to him
    return m.apply(game, m.Draw("stock"))


def test_a_promise_to_open_that_cannot_be_kept_ends_the_deal_blocked(promise: Compiled) -> None:
    # no two cards of one rank but 2♠ 2♥, no two of a suit in sequence: with the 4♣ drawn no
    # meld at all, far from 51 points
    game = _drawn_on_promise(promise, "2♠ 4♥ 6♦ 8♣ 10♠ Q♥ A♦ 3♣ 5♠ 7♥ 9♦ J♣ K♠ 2♥")
    assert game.deal_over
    assert (game.result.ended_by, game.result.seat, game.result.scores) == ("blocked", None, (0, 0))
    assert "4♣" in promise.module._show(game.result.hands[0])  # the card drawn is his, scored as such


def test_a_promise_that_can_be_kept_binds_the_player(promise: Compiled) -> None:
    # 10-K of spades and of hearts: 80 points, an opening; the deal goes on and he must open
    game = _drawn_on_promise(promise, "10♠ J♠ Q♠ K♠ 10♥ J♥ Q♥ K♥ 3♣ 5♠ 7♥ 9♦ J♣ 2♥")
    assert (game.deal_over, game.phase, game.must) == (False, "play", "open")


def test_simulate_plays_on_past_a_broken_promise(promise: Compiled) -> None:
    # it stopped with "seat 0 has no legal action in a live deal" in the third deal of seed 1
    record = play_game(promise, players=2, seed=1, bot="greedy", max_deals=4)
    assert len(record.deals) == 4
    assert "blocked" in [deal.ended_by for deal in record.deals]


def test_simulate_imports_no_z3() -> None:
    """The simulator and its workers score by remikc/scoring.py, not the verifier: a fresh
    interpreter that imports them (what a worker imports to play) has no z3."""
    import subprocess
    import sys

    code = ("import sys, remikc.sim, remikc.sim.play, remikc.sim.runner, remikc.sim.parallel, "
            "remikc.sim.sweep, remikc.scoring, remikc.emit.source\n"
            "print(sorted(m for m in sys.modules if m == 'z3' or m.startswith('remikc.verify')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_command_line_loads_no_simulator() -> None:
    """The CLI reads every command's options to parse a command line; `simulate --check`'s
    choices come from a module of their own, so `remikc check` (an editor runs it on every
    save) does not load the simulator, the generated module's source or the runtime."""
    import subprocess
    import sys

    code = ("import sys, remikc.cli\n"
            "print(sorted(m for m in sys.modules if m.startswith(('remikc.sim.play', 'remikc.emit', "
            "'remikc.module', 'remikc.runtime'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_simulate_command_imports_no_z3(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`remikc simulate`, the command: the CLI reads every command's options, and the verifier's
    report types come with them; none of that may start Z3 for a run that never proves."""
    import subprocess
    import sys
    from pathlib import Path

    spec = Path(__file__).resolve().parent.parent / "specs" / "remik_podstawowy.rules"
    argv = ["simulate", str(spec), "--games", "1", "--jobs", "1", "-q"]
    code = ("import io, sys\nfrom remikc.cli import main\n"
            f"rc = main({argv!r}, io.StringIO(), io.StringIO())\n"
            "print(rc, 'z3' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "False"]


def test_one_meld_object_at_two_places_is_counted_at_both(modules: dict[str, Compiled]) -> None:
    """Karuzela's two packs hold two runs 8♠ 9♠ 10♠ J♠.  Where a player lays the 8♠ on a table's
    9♠ 10♠ J♠ beside the other, the referee may lay both runs as one (immutable) meld object,
    one it laid before.  The simulator's count of what an action moved matches melds by object,
    as often as each lies: no card left the table, and one did where a run is taken away."""
    m = modules["karuzela"].module
    game = m.new_game(3, 1)
    game = m.apply(game, m.Draw("stock"))
    seat = game.seat
    card = m.Card
    run = m.TableMeld(tuple(map(card, ("8♠", "9♠", "10♠", "J♠"))), "run", seat)
    short = m.TableMeld(tuple(map(card, ("9♠", "10♠", "J♠"))), "run", seat)
    hands = list(game.hands)
    hands[seat] = tuple(sorted((card("8♠"), *hands[seat])))
    before = game._copy(table=(run, short), hands=tuple(hands))
    pack = _pack(m, 3)
    action = m.Rearrange([run.cards, run.cards])
    after = m.apply(before, action)
    assert after and sorted(c for meld in after.table for c in meld.cards) == \
        sorted([*run.cards, *run.cards])
    assert check_step(m, before, action, after, pack, whole=False) is None
    # the same object at both places, the one that lay before among them
    twice = after._copy(table=(run, run))
    assert check_step(m, before, action, twice, pack, whole=False) is None
    # the short run taken back to hand: every card is still there, but the table lost three
    taken = list(before.hands)
    taken[seat] = tuple(sorted((*before.hands[seat], *short.cards)))
    once = after._copy(table=(run,), hands=tuple(taken))
    assert check_step(m, before, action, once, pack, whole=False) == "cards left the table: 9♠ 10♠ J♠"
