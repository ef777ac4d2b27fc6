"""`remikc simulate --jobs`: the games spread over processes give the same report as one
process; and the greedy bot's remembered answers are the ones its search would give."""

from __future__ import annotations

import io
import json
import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.module import load_module
from remikc.sim import parallel, play
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]
SPEC = str(ROOT / "specs" / "remik_podstawowy.rules")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_same_report_for_one_job_and_two() -> None:
    """Real games, in this process and in two worker processes: the same seeds, the same report."""
    reports = []
    for jobs in ("1", "2"):
        code, out, err = run("simulate", SPEC, "--games", "4", "--players", "2", "--seed", "7",
                             "--format", "json", "--jobs", jobs, "-q")
        assert code == 0, err
        assert err == ""
        reports.append(json.loads(out))
    assert reports[0] == reports[1]
    assert reports[0]["games"] == 4 and reports[0]["seed"] == 7


def test_chunks_cover_every_seed_once_in_order(workspace: Workspace) -> None:
    variant = workspace.variant(SPEC)
    work = parallel.chunks(variant, "source", games=103, players=3, seed=11, bot="greedy", jobs=2,
                           max_deals=200)
    # 103 games for 2 workers, 8 chunks each: ceil(103 / 16) = 7 games a chunk, 15 chunks
    assert [c.count for c in work] == [7] * 14 + [5]
    assert [c.first for c in work] == list(range(11, 114, 7))
    assert len({c.key for c in work}) == 1
    big = parallel.chunks(variant, "source", games=10_000, players=3, seed=1, bot="greedy", jobs=2,
                          max_deals=200)
    assert {c.count for c in big} == {25}  # at most 25 a chunk, for the progress to move


def test_a_breach_in_a_worker_is_reported(workspace: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker's breach comes back as its rendered report; the first one in seed order wins."""
    variant = workspace.variant(SPEC)

    def breaking(compiled, *, games, players, seed, bot, max_deals, check, first):  # type: ignore[no-untyped-def]
        if seed <= 5 < seed + games or seed <= 9 < seed + games:
            raise play.InvariantBreach("remik_podstawowy", seed, players, bot, [], f"broken near seed {seed}")
        return []

    monkeypatch.setattr(play, "run_games", breaking)
    monkeypatch.setattr(parallel, "_COMPILED", {})
    monkeypatch.setattr("remikc.module.load_module", lambda name, source: None)
    work = parallel.chunks(variant, "source", games=12, players=2, seed=1, bot="greedy", jobs=2,
                           max_deals=200)  # chunks of 1 game
    with ThreadPoolExecutor(2) as executor, pytest.raises(parallel.WorkerBreach) as caught:
        parallel.run_chunks(executor, work)
    assert caught.value.render().startswith("invariant broken in remik_podstawowy: broken near seed 5\n")


@pytest.mark.parametrize("variant", ["remik51", "karuzela", "remik_klasyczny"])
def test_remembered_deadwood_is_the_searched_one(variant: str) -> None:
    """The greedy bot keeps min_deadwood(hand less the card it throws) from its discard search; it
    must equal what `min_deadwood` works out (the bot's play must not change by it)."""
    m = load_module(f"deadwood_{variant}", (ROOT / "generated" / variant / "validator.py").read_text("utf-8"))
    rng = random.Random(18)
    deck = [c for c in m.CARDS for _ in range(2)] + [0] * 4
    checked = 0
    for _ in range(150):
        hand = tuple(sorted(rng.sample(deck, rng.randint(2, 15))))
        play_ = m._lay_down(hand, opening=False, objective="deadwood", keep=1)
        for card in set(play_.left):
            rest = list(hand)
            rest.remove(card)
            kept = sum(m.HAND_VALUE[c] for c in play_.left) - m.HAND_VALUE[card]
            assert kept == m._least_deadwood(tuple(rest), False, m.SEARCH_BUDGET), (hand, card)
            checked += 1
    assert checked > 150


@pytest.mark.parametrize("variant", ["remik51", "remik_klasyczny"])  # openings of 51 points
def test_the_quick_no_to_an_opening_is_never_wrong(variant: str) -> None:
    """The referee and the bot skip the search for the best opening where each card that can
    meld, at the most it can be worth, would not reach the opening points: never for a hand
    that can open.  Hands of 12 to 18 cards of the variant's deck for 3 players."""
    m = load_module(f"opening_{variant}", (ROOT / "generated" / variant / "validator.py").read_text("utf-8"))
    rng = random.Random(24)
    deck = [c for c in m.CARDS for _ in range(m.PACKS_BY_PLAYERS[3])] + [m.JOKER] * m.JOKERS_BY_PLAYERS[3]
    said_no = opened = 0
    for _ in range(300):
        hand = tuple(sorted(rng.sample(deck, rng.randint(12, 18))))
        if not m._might_open(hand):
            said_no += 1
            assert not m.best_opening(hand), hand
        elif m.best_opening(hand):
            opened += 1
    assert said_no > 30 and opened > 30  # both answers were put to the test


@pytest.mark.parametrize("variant", ["remik51", "remik_klasyczny"])  # handing under the opening's rules
def test_a_hand_that_cannot_open_cannot_hand(variant: str) -> None:
    """The referee does not search whether a hand may take a card to hand once the search for its
    opening said no (`_NO_OPENING_NO_HANDING`): no hand that can hand lacks an opening.  Hands of
    melds the deck allows at opening, a joker in some, a card or two more in others, so that many
    can hand and many cannot open."""
    m = load_module(f"handing_{variant}", (ROOT / "generated" / variant / "validator.py").read_text("utf-8"))
    assert m._NO_OPENING_NO_HANDING
    rng = random.Random(18)
    melds = m._universe(True).melds
    deck = [c for c in m.CARDS for _ in range(m.PACKS_BY_PLAYERS[3])] + [m.JOKER] * m.JOKERS_BY_PLAYERS[3]
    handed = no_opening = 0
    for _ in range(400):
        hand = [c for _ in range(rng.randint(2, 4)) for c in rng.choice(melds)]
        hand += rng.sample(deck, rng.randint(0, 2))
        if rng.random() < 0.4:
            hand[rng.randrange(len(hand))] = m.JOKER
        if any(hand.count(c) > deck.count(c) for c in set(hand)):
            continue
        held = tuple(sorted(m.Card(c) for c in hand))
        opening = m.best_opening(held)
        can_hand = m._can_hand(held)
        assert opening or m.gave_up(opening) or not can_hand, held
        handed += can_hand
        no_opening += not opening
    assert handed > 30 and no_opening > 30  # both answers were put to the test


@pytest.mark.parametrize("variant", ["remik_klasyczny", "remik_podstawowy"])
def test_melds_and_one_card_no_meld_takes_can_be_handed(variant: str) -> None:
    """`going_out by discard_or_table`: the last card may be laid or thrown, so a hand whose
    cards all meld but one that no meld of it takes is handed by laying the melds (5♠ 5♥ 5♦ 5♣
    and 7♥ 8♥ 9♥ 10♥, 54 points, an opening too) and throwing that card (K♦).  The referee's
    quick no counted that card as allowed only where going out needs a discard, and said no.
    (In these seeds handing keeps the opening's rules and an opening comes first, so no game
    reached it; a house rule waiving the opening for handing would.)"""
    m = load_module(f"loose_{variant}", (ROOT / "generated" / variant / "validator.py").read_text("utf-8"))
    assert (m.GOING_OUT, m.HANDING) == ("discard_or_table", True)
    held = tuple(sorted(m.Card(c) for c in ("7♥", "8♥", "9♥", "10♥", "5♠", "5♥", "5♦", "5♣", "K♦")))
    assert m._dead(tuple(map(int, held))) == [int(m.Card("K♦"))]
    assert m._can_hand(held)
    assert not m._can_hand((*held, m.Card("2♣")))  # two cards no meld takes: one is left over


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_max_deals_caps_games_and_says_so(jobs: str) -> None:
    """A game the rules have not ended at the cap is reported as capped, not finished."""
    def simulate(*more: str) -> dict[str, dict[str, float]]:
        code, out, err = run("simulate", SPEC, "--games", "2", "--players", "2", "--seed", "3",
                             "--format", "json", "--jobs", jobs, "-q", *more)
        assert code == 0, err
        return json.loads(out)["results"][0]  # type: ignore[no-any-return]

    free = simulate()
    shortest = 2 * free["rounds"]["mean"] - free["rounds"]["max"]  # two games: the other one
    assert free["finished"]["count"] == 2 and shortest > 1  # both games last more than a deal
    capped = simulate("--max-deals", "1")
    assert capped["capped"]["count"] == 2 and capped["finished"]["count"] == 0
    assert capped["rounds"]["max"] == 1
    code, out, err = run("simulate", SPEC, "--games", "2", "--players", "2", "--seed", "3",
                         "--max-deals", "1", "-q", "--jobs", jobs)
    assert code == 0, err
    assert "games capped (--max-deals)  2/2 (100.0%)" in re.sub(r" {2,}", "  ", out)


def test_max_deals_must_be_positive() -> None:
    code, out, err = run("simulate", SPEC, "--max-deals", "0")
    assert code == 2 and out == "" and "--max-deals: must be above 0" in err


@pytest.mark.parametrize("variant", ["karuzela", "remik51", "remik_klasyczny"])
def test_single_card_extensions_are_the_full_search_s(variant: str) -> None:
    """`_extensions(most=1)`, which `legal_actions` lists lay-offs from where the table may be
    rearranged, gives exactly the one-card entries of the full search, in its order."""
    m = load_module(f"grown_{variant}", (ROOT / "generated" / variant / "validator.py").read_text("utf-8"))
    rng = random.Random(25)
    deck = [c for c in m.CARDS for _ in range(2)] + [0] * 4
    tried = 0
    for _ in range(400):
        hand = sorted(rng.sample(deck, 12))
        melds = m.best_melds(hand).melds if 0 not in hand else ()
        rest = [c for c in deck if c not in hand]
        for meld in melds:
            counts = m._counts(tuple(rng.sample(rest, 10)) + (0,) * rng.randint(0, 1))
            full = {k: v for k, v in m._extensions(tuple(meld), counts).items() if len(k) == 1}
            one = m._extensions(tuple(meld), counts, most=1)
            assert list(one.items()) == list(full.items()), (meld, counts)
            tried += bool(one)
    assert tried > 50
