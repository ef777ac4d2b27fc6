"""`remikc play` in this process: what the player types read into the referee's actions
(remikc/play/said.py), the table put into words (screen.py), and whole sessions through
`remikc.cli.main` with the lines piped in (a house variant too); no pseudo-terminal here, that
is tests/test_play.py."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from house import house_variant

from remikc.build import load_module, validator_source
from remikc.cli import main
from remikc.play import said, screen, terminal
from remikc.play.table import Table
from remikc.spec.workspace import Workspace

pytest.importorskip("prompt_toolkit")

ROOT = Path(__file__).resolve().parent.parent
SPEC = str(ROOT / "specs" / "remik51.rules")


@pytest.fixture(scope="module")
def m(workspace: Workspace, load: Callable[[str], Any]) -> Any:
    return load_module("play_remik51", validator_source(load("remik51"), workspace))


@pytest.mark.parametrize(("typed", "meant"), [
    ("draw stock", "draw from the stock"),
    ("Draw Discard", "draw from the discard"),
    ("draw from the stock", "draw from the stock"),
    ("draw cut", "draw from the cut card"),
    ("discard Ks", "discard K♠"),
    ("discard 10h", "discard 10♥"),
    ("lay 7h 8h 9h | 5s 5d 5c", "lay 7♥ 8♥ 9♥ | 5♠ 5♦ 5♣"),
    ("lay 7♥ 8♥ 9♥ | 5♠ 5♦ 5♣", "lay 7♥ 8♥ 9♥ | 5♠ 5♦ 5♣"),
    ("lay JK=9h on 2", "lay JK=9♥ on meld 2"),
    ("lay 6♣ on meld 1", "lay 6♣ on meld 1"),
    ("lay 8h for 2 | Ts Js Qs", "lay 8♥ for the joker in meld 2 | 10♠ J♠ Q♠"),
    ("lay 8h for the joker in 1", "lay 8♥ for the joker in meld 1"),
    ("end", "end the turn"),
    ("knock", "knock"),
    ("next", "deal the next round"),
])
def test_typed_actions_are_read_as_the_api_writes_them(m: Any, typed: str, meant: str) -> None:
    heard = said.read(typed, m)
    assert heard.error is None and heard.action is not None
    assert heard.action == m.parse_action(meant)


def test_a_lay_off_keeps_its_declared_joker(m: Any) -> None:
    action = said.read("lay JK=9h on 2", m).action
    assert action is not None
    assert action.to_dict()["lay_offs"] == [[1, ["JK=9♥"]]]


@pytest.mark.parametrize(("typed", "says"), [
    ("discard 11h", "11h"),
    ("lay 7h 8h | | 9h", "no cards"),
    ("lay 5s on 0", "numbered from 1"),
    ("draw", "not an action"),
    ("frobnicate", "`frobnicate` is neither an action nor a request"),
    ("save", "save needs a file name"),
])
def test_what_cannot_be_read_says_what_is_wrong(m: Any, typed: str, says: str) -> None:
    heard = said.read(typed, m)
    assert heard.action is None and heard.error is not None
    assert says in heard.error


def test_requests(m: Any) -> None:
    assert said.read("save gra.json", m) == said.Said(request="save", argument="gra.json")
    assert said.read("hint", m).request == "hint"
    assert said.read("q", m).request == said.read("exit", m).request == "quit"
    assert said.read("   ", m) == said.Said()


def test_the_hand_is_grouped_by_suit_aces_low_jokers_last(m: Any) -> None:
    hand = m.parse_cards("JK 10♥ 2♠ K♥ A♠ 3♣ 10♥")
    assert screen.hand_line(hand) == "A♠ 2♠   10♥ 10♥ K♥   3♣   JK"
    assert [len(g) for g in screen.hand_groups(hand)] == [2, 3, 1, 1]


def test_the_table_as_the_player_sees_it(m: Any) -> None:
    # seat 1 plays first (seat 0 deals), and opens with 24 + 15 + 30 = 69 points
    game = m.new_game(2, hands=["3♠ 4♠ 6♦ J♥ Q♥ A♦ 2♣ 4♣ 9♠ 8♣",
                                "7♥ 8♥ 9♥ 5♠ 5♦ 5♣ 10♠ 10♦ 10♣ K♣ 2♦"], stock="A♥ 2♥ 3♥ 4♥ 6♥")
    game = m.apply(game, m.parse_action("lay 7♥ 8♥ 9♥ | 5♠ 5♦ 5♣ | 10♠ 10♦ 10♣"))
    game = m.apply(game, m.parse_action("discard K♣"))
    shown = screen.table(m.view(game, 1), title="Remik 51", bot="greedy",
                         owners=[t.owner for t in game.table]).splitlines()
    # the table counts seats from 1, as the rulebooks do: the module's seat 1 is "seat 2"
    assert shown[1] == "scores    seat 1 (greedy) 0 · seat 2 (you) 0"
    assert shown[2] == "others    seat 1: 10 cards"
    assert shown[3:6] == ["table      1. 7♥ 8♥ 9♥  (seat 2)", "           2. 5♠ 5♦ 5♣  (seat 2)",
                          "           3. 10♠ 10♦ 10♣  (seat 2)"]
    assert shown[6] == "discard   K♣ (1 in the pile) · stock 5"
    assert shown[7] == "your hand 2♦  (1 cards, opened)"
    assert shown[8] == "waiting for seat 1 (greedy)"
    seat0 = screen.table(m.view(game, 0), title="Remik 51", bot="greedy").splitlines()
    assert seat0[-1] == "your turn: draw (`draw stock`, `draw discard`)"
    assert "others    seat 2: 1 cards, opened" in seat0


def _session(monkeypatch: pytest.MonkeyPatch, argv: list[str], typed: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", *argv], out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_session_piped_in_refused_in_croatian_hinted_saved_and_loaded(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved = tmp_path / "igra.json"
    # seed 5, three players: seat 0 holds 8♥ 9♥ JK, a run of 8 + 9 + 10 = 27 points, short of 51
    code, out, err = _session(monkeypatch, [SPEC, "--seed", "5", "--lang", "hr"],
                              f"draw stock\nlay 8h 9h JK\nhint\ndiscard 5s\nsave {saved}\n")
    assert (code, err) == (0, "")
    assert "refused: 27 bodova; za otvaranje treba barem 51" in out
    assert "hint: nothing to lay down now: " in out
    assert out.rstrip().endswith("bye")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["game"]["hands"][0].count("5♠") == 1  # one of the two 5♠ is gone
    code, out, err = _session(monkeypatch, [SPEC, "--load", str(saved)], "show\n")
    assert (code, err) == (0, "")
    assert out.count("your hand ") == 2 and "(14 cards)" in out.splitlines()[-3]


def test_a_house_rule_lower_opening_lets_the_same_lay_down_open(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # a family opening at 27 instead of 51; seed 5 deals seat 0 JK A♥ 2♥ 3♥ 4♣ 5♠ 5♠ 5♥ 9♣ 10♠
    # 10♠ J♥ Q♥ Q♥ here (the rules' hash shuffles too): J♥ Q♥ JK is 10 + 10 + 10 = 30 points,
    # an opening here and not in Remik 51
    house_variant(tmp_path, "nasz", "remik51", "  opening {\n    override min_points 27\n  }")
    code, out, _ = _session(monkeypatch, [str(tmp_path / "nasz.rules"), "--seed", "5"],
                            "draw stock\nlay Jh Qh JK\nquit\n")
    assert code == 0
    assert "your hand 5♠ 5♠ 10♠ 10♠   A♥ 2♥ 3♥ 5♥ J♥ Q♥ Q♥   4♣ 9♣   JK  (14 cards)" in out
    assert "  you: lay J♥ Q♥ JK" in out
    assert "table      1. J♥ Q♥ JK  (seat 1)" in out
    assert "not saved" in out.splitlines()[-1]


def test_without_prompt_toolkit_it_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "prompt_toolkit", None)
    code, out, err = _session(monkeypatch, [SPEC], "")
    assert (code, out) == (2, "")
    assert err == "remikc: play needs prompt_toolkit: pip install 'remikc[play]'\n"


@pytest.mark.parametrize(("content", "says"), [
    ("{", "is not a saved game (not JSON"),
    ('{"format": "remikc view"}', "not a saved table"),
    (None, "cannot read"),
])
def test_a_file_that_is_no_saved_game_is_a_usage_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                       content: str | None, says: str) -> None:
    path = tmp_path / "zla.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, _, err = _session(monkeypatch, [SPEC, "--load", str(path)], "")
    assert code == 2 and says in err and len(err.splitlines()) == 1


def test_a_saved_game_whose_moves_were_edited_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    saved = tmp_path / "gra.json"
    _session(monkeypatch, [SPEC, "--seed", "5"], f"draw stock\ndiscard 5s\nsave {saved}\n")
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["moves"][0]["action"] = {"action": "discard", "card": "A♠"}  # seat 1 holds no A♠
    saved.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = _session(monkeypatch, [SPEC, "--load", str(saved)], "")
    assert code == 2
    assert "move 1 (`discard A♠`) is refused by the referee: A♠ is not in the hand" in err
    code, _, err = _session(monkeypatch, [SPEC, "--replay", str(saved)], "")
    assert code == 2 and "move 1" in err


def test_players_outside_the_game_are_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = _session(monkeypatch, [SPEC, "--players", "9"], "")
    assert code == 2 and "--players 9: the game is for 2 to 5 players" in err
    code, _, err = _session(monkeypatch, [SPEC, "--players", "2", "--load", "gra.json"], "")
    assert code == 2 and "a saved game has its own" in err
    code, _, err = _session(monkeypatch, [SPEC, "--load", "a.json", "--replay", "a.json"], "")
    assert code == 2 and "give one" in err


class _Plain:
    """A player who draws from the stock and discards his first card, deals the second round
    once the first is over, and leaves (Ctrl-D) in it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def ask(self, prompt: str) -> str:
        game, seen = self.table.game, self.table.seen
        if game.over:
            raise EOFError
        if game.deal_over:
            if game.deal > 1:
                raise EOFError
            return "next"
        if game.deal > 1:
            raise EOFError
        return "draw stock" if seen.phase == "draw" else f"discard {screen.hand_groups(seen.hand)[0][0]}"


def test_remik51s_one_deal_is_the_whole_game(m: Any) -> None:
    """'Gra kończy się, gdy jeden z graczy odrzuci swoją ostatnią kartę': no next deal, and the
    finished game waits at the prompt until it is saved or left."""
    table = Table.new(m, 3, 5, human=0, bot="greedy")
    out = io.StringIO()
    assert terminal.play(table, _Plain(table), out, title="Remik 51", lang="pl") == 0
    shown = out.getvalue()
    assert table.game.over and shown.count("-- deal 1 is over: ") == 1
    assert "`next` deals the next round" not in shown
    assert "== the game is over: " in shown and "`save FILE` keeps the whole game" in shown


def test_a_whole_deal_then_the_next_one_is_dealt(workspace: Workspace, load: Callable[[str], Any]) -> None:
    # remik_klasyczny plays deals to a target of 500: a deal's end is not the game's
    m = load_module("play_klasyczny", validator_source(load("remik_klasyczny"), workspace))
    table = Table.new(m, 3, 5, human=0, bot="greedy")
    out = io.StringIO()
    assert terminal.play(table, _Plain(table), out, title="Remik 51", lang="pl") == 0
    shown = out.getvalue()
    first = table.game.results[0]
    assert shown.count("-- deal 1 is over: ") == 1
    for seat, score in enumerate(first.scores):
        scored, total = re.escape(f"{score:+d}"), table.game.totals[seat]
        assert re.search(rf"seat {seat + 1} \((?:you|greedy)\) +{scored} +total +{total}\b", shown)
    assert "   `next` deals the next round" in shown
    assert "  you: deal the next round" in shown
    assert re.search(r"== Remik 51 · deal 2, turn \d+ ", shown)
    assert sum(1 for mv in table.moves if mv.action is not None and mv.seat == 0) > 2
    assert table.game.deal == 2 and not table.game.deal_over


def test_karuzela_at_the_table_rearranges_and_ends_turns_without_a_discard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # seed 3, two players: the bot lays A♠ A♥ A♣ | 2♦ 3♦ 4♦; seat 0 holds 8♠ 8♥ 8♦, a set to add
    spec = str(ROOT / "specs" / "karuzela.rules")
    code, out, _ = _session(monkeypatch, [spec, "--seed", "3", "--players", "2"],
                            "draw stock\nrearrange: A♠ A♥ A♣ | 2♦ 3♦ 4♦ | 8s 8h 8d\nend\n")
    assert code == 0
    assert "  seat 2 (greedy): rearrange: A♠ A♥ A♣ | 2♦ 3♦ 4♦" in out
    assert "your turn: draw (`draw stock`)" in out and "draw discard" not in out
    assert "your turn: lay down, then end the turn (`lay ...`, `end`)" in out
    assert "  you: rearrange: A♠ A♥ A♣ | 2♦ 3♦ 4♦ | 8♠ 8♥ 8♦" in out
    assert "           3. 8♠ 8♥ 8♦  (seat 1)" in out
    assert "  you: end the turn" in out
    assert re.search(r"^stock     \d+$", out, re.M) and "discard   " not in out


class _Hinted:
    """A player who draws from the stock, plays what `hint` says (once a turn) and discards his
    last card: counts the lay-downs played."""

    def __init__(self, table: Table) -> None:
        self.table, self.hinted, self.laid = table, False, 0

    def ask(self, prompt: str) -> str:
        seen = self.table.seen
        if self.table.game.deal_over:
            raise EOFError
        if seen.phase == "draw":
            self.hinted = False
            return "draw stock"
        if not self.hinted:
            self.hinted = True
            found = re.search(r"^hint: (lay .*?)   \(\d+ points\)$", self.table.hint())
            if found:
                self.laid += 1
                return found[1]
        return f"discard {screen.hand_groups(seen.hand)[-1][-1]}"


class _Opener:
    """A player in a game whose table is rearranged who plays what `hint` says until he has opened,
    and else draws or ends his turn: `hinted` the lay-downs played."""

    def __init__(self, table: Table) -> None:
        self.table, self.hinted = table, []  # type: list[tuple[str, Any]]

    def ask(self, prompt: str) -> str:
        game, m = self.table.game, self.table.m
        if game.deal_over or game.opened[0]:
            raise EOFError
        listed = m.legal_actions(game)
        if any(isinstance(a, m.Rearrange) for a in listed):  # (a lay-down may be made now)
            found = re.search(r"^hint: (rearrange: .*?)   \((\d+) points\)$", self.table.hint())
            if found:
                if self.hinted and self.hinted[-1] == (found[1], game):
                    raise EOFError  # refused: the game is as it was (the test finds "refused")
                self.hinted.append((found[1], game))
                return found[1]
        return "draw stock" if any(isinstance(a, m.Draw) for a in listed) else "end"


@pytest.fixture(scope="module")
def od30(tmp_path_factory: pytest.TempPathFactory) -> Any:
    body = "  opening {\n    min_points 30\n  }"
    return house_variant(tmp_path_factory.mktemp("od30"), "od30", "karuzela", body)[1]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_hint_opens_where_the_table_is_rearranged(od30: Any, seed: int) -> None:
    """Karuzela with a family's 30-point opening: until he opens, `hint` offers the best opening
    beside the table as it lies (the referee refuses a first lay-down that rearranges the table or
    counts less), not the table `best_play` rearranges (seed 2 was refused)."""
    table = Table.new(od30, 2, seed, human=0, bot="greedy")
    player, out = _Opener(table), io.StringIO()
    assert terminal.play(table, player, out, title="od30", lang="en") == 0
    assert "refused" not in out.getvalue()
    if table.game.opened[0]:
        assert player.hinted and all(c.startswith("rearrange: ") for c, _ in player.hinted)


@pytest.mark.parametrize("seed", [2, 6, 8])
def test_what_hint_says_the_referee_accepts(m: Any, seed: int) -> None:
    table = Table.new(m, 3, seed, human=0, bot="greedy")
    player, out = _Hinted(table), io.StringIO()
    assert terminal.play(table, player, out, title="Remik 51", lang="en") == 0
    assert player.laid >= 2 and "refused" not in out.getvalue()
    assert table.game.opened[0]


def test_hint_after_the_third_draw_says_nothing_may_be_laid(workspace: Workspace,
                                                            load: Callable[[str], Any]) -> None:
    """Karuzela: "Gracz, który wylosuje trzecią kartę, nie może w tej turze łączyć się."  A player
    who drew three cards is told so, not shown the lay-down his hand holds (the referee would
    refuse it); after his first draw the lay-down is shown.  Seeds where the hand holds one then."""
    kz = load_module("play_karuzela", validator_source(load("karuzela"), workspace))
    shown = 0
    for seed in range(1, 9):
        table = Table.new(kz, 2, seed, human=0, bot="greedy")
        list(table.bots_move())
        assert table.play(kz.Draw("stock")) is None
        if kz.best_play(table.seen.table, table.seen.hand):
            assert table.hint().startswith("hint: rearrange: ")
        while table.game.draws < 3:
            assert table.play(kz.Draw("stock")) is None
        if not kz.best_play(table.seen.table, table.seen.hand):
            continue
        shown += 1
        assert table.hint() == \
            "hint: nothing to lay down now: a player who drew his last card may not meld this turn"
        assert table.hint("pl").endswith(": gracz, który dobrał ostatnią kartę, w tej turze nie wykłada")
    assert shown >= 2


def test_hint_between_two_draws_is_for_after_the_second(tmp_path: Path) -> None:
    """A family's Remik podstawowy drawing two cards a turn (`draws 2`): after the first the
    referee refuses any lay-down ("draw 2 cards first"); `hint` shows the lay-down the hand holds,
    marked for after the draw, and the referee accepts it once the second card is drawn."""
    m = house_variant(tmp_path, "dwie", "remik_podstawowy", "  turn {\n    override draws 2\n  }")[1]
    shown = 0
    for seed in range(1, 6):
        table = Table.new(m, 2, seed, human=0, bot="greedy")
        list(table.bots_move())
        assert table.play(m.Draw("stock")) is None
        found = re.search(r"^hint: (lay .*?)   \(\d+ points\)( \(after your draw\))?$", table.hint())
        if not found:
            continue
        shown += 1
        assert found[2], table.hint()
        assert table.play(said.read(found[1], m).action).reasons[0].code == "turn.draw_more"
        assert table.play(m.Draw("stock")) is None
        assert table.play(said.read(found[1], m).action) is None
    assert shown >= 2


def test_a_command_word_completes_with_its_space() -> None:
    """`disc<Tab>` then `5s` read `discard5s`, refused: a first word an argument follows completes
    with its space (shown without it); a word that stands alone, and a card, with none."""
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit.document import Document

    from remikc.play.terminal import _completer

    words = _completer(lambda: ())

    def completed(text: str) -> list[str]:
        return [c.text for c in words.get_completions(Document(text), None)]

    assert completed("disc") == ["discard "]
    assert completed("dr") == ["draw "]
    assert completed("hi") == ["hint"] and completed("qu") == ["quit"]
    assert completed("draw st") == ["stock"]
