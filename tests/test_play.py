"""`remikc play` in a real terminal (a pseudo-terminal, tests/pty_terminal.py): a whole deal of
Remik 51 against two greedy bots, a refused lay-down with its Polish reason, saved, left, loaded
and played on, then the saved game replayed.  An integration test: it starts processes (each is
killed in a `finally`, whatever happens, and every wait has a timeout)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from pty_terminal import Terminal

pytest.importorskip("prompt_toolkit")

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "specs" / "remik51.rules"
PROMPT = r"remik51>"
HAND = r"your hand ([^\n]*?)  \((\d+) cards"
# seat 0 (the player, the first dealer) of seed 5 with three players is dealt
# A♠ 5♠ 5♠ 8♠ K♠ 8♥ 8♥ 9♥ 2♦ 4♦ J♦ 3♣ 6♣ JK: 8♥ 9♥ JK is a run, 8 + 9 + 10 = 27 points,
# short of Remik 51's opening of 51 ("otwarcie wymaga co najmniej 51")
SEED = "5"


def _env() -> dict[str, str]:
    # no cursor-position question (a pty nobody answers would make prompt_toolkit wait for it)
    return {**os.environ, "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "NO_COLOR": "1",
            "PYTHONPATH": str(ROOT)}


def _remikc(*argv: str) -> Terminal:
    return Terminal([sys.executable, "-m", "remikc", *argv], cwd=ROOT, env=_env())


def _moves(screen: str) -> list[str]:
    """The moves a session showed, in order: `seat 2 (greedy): discard Q♥`, `seat 1 (you): ...`
    (the table counts seats from 1: the module's seat 0 is "seat 1")."""
    found = re.findall(r"^  (seat \d \(greedy\)|you): ([^\n]+)$", screen, re.M)
    return [f"{'seat 1 (you)' if who == 'you' else who}: {what}" for who, what in found]


def _turns(t: Terminal, count: int | None, *, shown: bool = False) -> bool:
    """Play `count` turns (None: until the deal ends) as a plain player: draw from the stock,
    discard the first card of the hand.  `shown`: the first turn's screen has been seen
    already.  True once the deal is over."""
    played = 0
    while count is None or played < count:
        if not shown and t.expect(r"your turn: draw|deal 1 is over", timeout=120)[0] != "your turn: draw":
            return True
        shown = False
        t.expect(PROMPT)
        t.line("draw stock")
        t.expect(r"you: draw from the stock")
        hand = t.expect(HAND)[1]
        t.expect(PROMPT)
        t.line(f"discard {hand.split()[0]}")
        t.expect(rf"you: discard {re.escape(hand.split()[0])}")
        played += 1
    return False


def test_a_deal_against_two_greedy_bots_saved_loaded_and_replayed(tmp_path: Path) -> None:
    saved = tmp_path / "gra.json"
    first = _remikc("play", str(SPEC), "--seed", SEED, "--players", "3", "--lang", "pl")
    try:
        first.expect(r"you are seat 1, against 2 greedy bot\(s\); seed 5")
        first.expect(r"your turn: draw")
        first.expect(PROMPT)
        first.line("draw stock")
        hand = first.expect(HAND)[1].split()
        assert {"8♥", "9♥", "JK"} <= set(hand)
        first.expect(PROMPT)
        # ASCII spellings, Tab completing a card of the hand (9♥, the only nine), and a lay-down
        # the referee refuses, in Polish
        first.type("lay 8h 9")
        first.type("\t")
        first.expect(r"lay 8h 9♥")
        first.line(" JK")
        first.expect(r"refused: 27 punktów; otwarcie wymaga co najmniej 51")
        first.expect(PROMPT)
        first.type("\x1b[A")  # the line before, from the history
        first.expect(r"lay 8h 9♥ JK")
        first.line("")
        first.expect(r"refused: 27 punktów; otwarcie wymaga co najmniej 51")
        first.expect(PROMPT)
        first.line(f"discard {hand[0]}")
        assert not _turns(first, 2)
        first.expect(r"your turn: draw")
        turn = first.seen[:first.read_to].rpartition("== Remik 51 · ")[2].split(" =")[0]
        before = re.findall(HAND, first.seen)[-1][0]
        first.expect(PROMPT)
        first.line(f"save {saved}")
        first.expect(r"saved to .* \((\d+) moves\)")
        first.expect(PROMPT)
        first.line("quit")
        first.expect(r"bye")
        assert first.wait() == 0
        live = _moves(first.seen)
    finally:
        first.close()
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "remikc play" and data["game"]["variant"] == "remik51"
    assert len(data["moves"]) == len(live)

    again = _remikc("play", str(SPEC), "--load", str(saved), "--lang", "pl")
    try:
        again.expect(r"your turn: draw")
        assert f"deal 1, turn {turn.split('turn ')[1]}" in again.seen
        assert re.findall(HAND, again.seen)[-1][0] == before
        assert _turns(again, None, shown=True)  # on to the deal's end
        # Remik 51 is one deal: "Gra kończy się, gdy jeden z graczy odrzuci swoją ostatnią kartę"
        again.expect(r"the game is over")
        ended = again.seen[again.seen.rindex("-- deal 1 is over"):]
        assert re.search(r"seat \d \((?:you|greedy)\) +[+-]?\d+ +total +-?\d+", ended)
        again.expect(r"`save FILE` keeps the whole game")
        again.expect(PROMPT)
        again.line(f"save {saved}")
        again.expect(r"saved to")  # saved, the finished game leaves on its own
        assert again.wait() == 0
        played = live + _moves(again.seen)
    finally:
        again.close()
    moves = json.loads(saved.read_text(encoding="utf-8"))["moves"]
    assert len(moves) == len(played)

    replay = _remikc("play", str(SPEC), "--replay", str(saved))
    try:
        replay.expect(rf"a saved game of {len(played)} moves; seat 1 was the player")
        for number, move in enumerate(played[:3], 1):
            replay.expect(r"replay \d+/\d+>")
            replay.line("")
            shown = replay.expect(rf"  {number}\. ([^\n]+)\n")[1]
            assert shown == move
        replay.expect(r"replay \d+/\d+>")
        replay.line(str(len(played)))
        replay.expect(rf"  {len(played)}\. {re.escape(played[-1])}")
        replay.expect(r"-- deal 1 is over")
        replay.expect(r"replay \d+/\d+>")
        replay.line("")
        replay.expect(rf"the end of the saved game \({len(played)} moves\)")
        assert replay.wait() == 0
    finally:
        replay.close()


def test_ctrl_c_at_the_prompt_leaves_with_130_and_one_line() -> None:
    t = _remikc("play", str(SPEC), "--seed", SEED)
    try:
        t.expect(PROMPT)
        t.type("\x03")
        t.expect(r"remikc: interrupted")
        assert t.wait() == 130
        assert "Traceback" not in t.seen
    finally:
        t.close()
