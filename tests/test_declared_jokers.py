"""Declared jokers (docs/notation.md): `5♠ JK=5♥ JK=5♦`, in the validator and the referee.

Seeds 000 and 001 let a joker be any card of a group ("Jokery mogą zastąpić dowolną kartę w
grupach"; 001: "Jokery mogą być stosowane zamiennie jako dowolne karty" and names the group
A-A-A), so a meld of one natural card and jokers reads as a set or as a run: the player may say
which, and `jokers.ambiguous higher` decides when he says nothing.  Seed 003 (Karuzela): "Kiedy
gracz używa jokera, musi powiedzieć, jaką kartę reprezentuje, zarówno rangę, jak i kolor.
Wartość jokera nie może zostać zmieniona, chyba że zostanie zastąpiona rzeczywistą kartą, którą
reprezentuje.": the table keeps the player's declaration, and a swap is judged against it.

Points of seed 001 (remik_klasyczny): "w sekwensie typu as-2-3 as ma 1 pkt, w innych zestawach
(A-A-A lub D-K-A) 10 pkt"; other cards count their number, the jack, queen and king 10 (the spec);
"Wartość jokera jest równa wartości karty, którą zastępuje."
"""

from __future__ import annotations

import io
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from house import house_variant

from remikc.cli import main
from remikc.spec.workspace import Workspace

SPECS = Path(__file__).resolve().parent.parent / "specs"


def _said(reason: object) -> str:
    """A structured reason as the author reads it: its words, then its rule and spec line."""
    return f"{reason} ({getattr(reason, 'rule', None)}, {getattr(reason, 'line', None)})"


@pytest.fixture(scope="module")
def klasyczny(seed_modules: Callable[[str], Any]) -> types.ModuleType:
    return seed_modules("remik_klasyczny")


@pytest.fixture(scope="module")
def r51(seed_modules: Callable[[str], Any]) -> types.ModuleType:
    return seed_modules("remik51")


@pytest.fixture(scope="module")
def karuzela(seed_modules: Callable[[str], Any]) -> types.ModuleType:
    return seed_modules("karuzela")


def play(m: types.ModuleType, game: Any, *actions: Any) -> Any:
    for action in actions:
        after = m.apply(game, action)
        assert after, f"{action!r} refused: {after!r}"
        game = after
    return game


# --- the notation ---------------------------------------------------------------------------------

def test_a_declared_joker_is_read_in_unicode_and_ascii(r51: types.ModuleType) -> None:
    m = r51
    five = m.parse_cards("5♠")[0]
    heart, diamond = m.parse_cards("5♥ 5♦")
    assert m.parse_meld("5♠ JK=5♥ JK=5♦") == ((five, m.JOKER, m.JOKER), (heart, diamond))
    assert m.parse_meld("5s jk=5h JK=5d") == m.parse_meld("5♠ JK=5♥ JK=5♦")
    # a joker not declared is JK among the declared ones; no joker declared: ()
    assert m.parse_meld("5♠ JK JK=5♦") == ((five, m.JOKER, m.JOKER), (m.JOKER, diamond))
    assert m.parse_meld("5♠ JK JK") == ((five, m.JOKER, m.JOKER), ())
    for bad, said in (("5♠ 6♠=5♥", "only a joker is declared"), ("5♠ JK=JK", "stands for a card"),
                      ("5♠ JK=5x", "stands for a card")):
        with pytest.raises(ValueError, match=said):
            m.parse_meld(bad)
    # where one meld's plain cards are read, a declaration is not silently dropped
    with pytest.raises(ValueError, match="parse_meld"):
        m.parse_cards("5♠ JK=5♥")


def test_declared_cards_must_match_the_jokers(r51: types.ModuleType) -> None:
    with pytest.raises(ValueError, match="1 declared card"):
        r51.check_meld("5♠ JK JK", declared=["5♥"])
    assert r51.check_meld("5♠ JK JK", declared=["5♥", "5♦"]).kind == "set"


# --- seed 001: a joker is any card of a group (remik_klasyczny) -----------------------------------

def test_klasyczny_the_60_point_opening_with_a_set_of_aces(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    # 5+5+5+5 = 20; A-2-3-4 with the ace low: 1+2+3+4 = 10, the clean run; A-A-A: 3 x 10 = 30
    for aces in ("A♣ JK JK", "A♣ JK=A♥ JK=A♦"):
        verdict = m.check_opening(f"5♦ 5♥ 5♣ 5♠ + A♥ 2♥ 3♥ 4♥ + {aces}")
        assert verdict.ok and verdict.points == 60, (aces, verdict)
    # said nothing: `ambiguous higher` reads A♣ JK JK as the aces (30), not A-2-3 (1+2+3 = 6)
    assert (m.check_meld("A♣ JK JK").kind, m.check_meld("A♣ JK JK").points) == ("set", 30)
    # declared as the run A-2-3, the opening is 20 + 10 + 6 = 36, short of 49
    verdict = m.check_opening("5♦ 5♥ 5♣ 5♠ + A♥ 2♥ 3♥ 4♥ + A♣ JK=2♣ JK=3♣")
    assert not verdict.ok
    said = [_said(r) for r in verdict.reasons]
    assert any("36 points" in r and "(opening.min_points, " in r for r in said), said


def test_klasyczny_either_reading_when_declared(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    # 5♠ JK JK: fives 3 x 5 = 15, or 5-6-7 = 18; said nothing, the run is worth more
    assert repr(m.check_meld("5♠ JK JK")) == "Verdict(ok, run, 18 points)"
    assert repr(m.check_meld("5♠ JK=5♥ JK=5♦")) == "Verdict(ok, set, 15 points)"
    assert repr(m.check_meld("5♠ JK JK", kind="set")) == "Verdict(ok, set, 15 points)"
    assert repr(m.check_meld("5♠ JK=6♠ JK=7♠")) == "Verdict(ok, run, 18 points)"
    # Q♠ JK JK: Q-K-A is 10 + 10 + 10 ("D-K-A ... 10 pkt"), the queens 3 x 10: a tie is the run
    assert repr(m.check_meld("Q♠ JK JK")) == "Verdict(ok, run, 30 points)"
    # 10-Joker-Joker-K, seed 001's own example: J and Q for the jokers, 4 x 10 = 40
    assert repr(m.check_meld("10♠ JK=J♠ JK=Q♠ K♠")) == "Verdict(ok, run, 40 points)"
    # an opening is of several melds, so it has no one kind: 10+10+10+10 + 3 x 5 = 55
    assert repr(m.check_opening("10♠ J♠ Q♠ K♠ + 5♦ 5♥ 5♣")) == "Verdict(ok, 55 points)"
    # a declaration that makes no meld is refused for what it makes
    verdict = m.check_meld("5♠ JK=5♥ JK=6♦")
    said = [_said(r) for r in verdict.reasons]
    assert not verdict.ok and any("(set." in r or "(run" in r for r in said), said
    # a declared joker in the middle of a run must be the card of its place...
    assert m.check_meld("5♠ JK=7♠ 6♠").ok  # ...unless every joker is declared: any order, then
    assert not m.check_meld("5♠ JK 6♠").ok  # not declared, the joker stands for 6♠ and 6♠ for 7♠


def test_klasyczny_laying_5_on_a_table_5_jk_jk(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    # nobody said what 5♠ JK JK is: it may take 5♥ as a set of fives, 4 x 5 = 20
    assert repr(m.check_lay_off("5♠ JK JK", "5♥")) == "Verdict(ok, set, 20 points)"
    assert repr(m.check_lay_off("5♠ JK=5♦ JK=5♣", "5♥")) == "Verdict(ok, set, 20 points)"
    # declared as the run 5-6-7, it takes 8♠ (5+6+7+8 = 26) and not 5♥
    assert repr(m.check_lay_off("5♠ JK=6♠ JK=7♠", "8♠")) == "Verdict(ok, run, 26 points)"
    assert not m.check_lay_off("5♠ JK=6♠ JK=7♠", "5♥").ok


def test_klasyczny_referee_lays_the_meld_as_declared(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    # seat 0 deals and plays first with 14 cards ("rozdający otrzymuje kart 14"): he opens with
    # the clean run 10-J-Q-K-A (5 x 10 = 50) and a meld 5♠ JK JK, then lays 5♥ onto it
    hand0 = "10♥ J♥ Q♥ K♥ A♥ 5♠ JK JK 5♥ 2♣ 7♦ 9♣ 4♠ 8♦"
    g = m.new_game(2, hands=[hand0, "2♦ 3♦ 4♦ 6♣ 7♣ 8♣ 9♦ 10♦ J♦ Q♣ K♣ 3♠ 4♣"], stock="6♦ 6♥")
    as_set = play(m, g, m.Lay(["10♥ J♥ Q♥ K♥ A♥", "5♠ JK=5♦ JK=5♣"]))
    assert [t.kind for t in as_set.table] == ["run", "set"]
    after = play(m, as_set, m.Lay(lay_offs=[(1, "5♥")]))
    assert after.table[1].kind == "set" and len(after.table[1].cards) == 4
    # not declared, 5♠ JK JK lies as the run 5-6-7 (`ambiguous higher`: 18 > 15): 5♥ does not fit
    as_run = play(m, g, m.Lay(["10♥ J♥ Q♥ K♥ A♥", "5♠ JK JK"]))
    assert as_run.table[1].kind == "run"
    assert not m.apply(as_run, m.Lay(lay_offs=[(1, "5♥")]))


# --- seed 003: the player names the joker's card, and it stays so (karuzela) ----------------------

def _karuzela_eights(kz: types.ModuleType, meld: str) -> Any:
    """Seat 1 draws 5♣ and lays `meld`; seat 0 draws 10♠ and holds 8♥ and 8♣."""
    g = kz.new_game(2, hands=["8♥ 8♣ 9♥ 10♥ K♠", "8♠ 8♦ JK K♥ Q♥"], stock="5♣ 10♠ 2♦ 7♦ 7♠")
    return play(kz, g, kz.Draw("stock"), kz.Rearrange(table=[meld]), kz.EndTurn(), kz.Draw("stock"))


def test_karuzela_the_table_keeps_the_declared_joker(karuzela: types.ModuleType) -> None:
    kz = karuzela
    eight = {name: kz.parse_cards(name)[0] for name in ("8♥", "8♣")}
    for declared, other in (("8♥", "8♣"), ("8♣", "8♥")):
        g = _karuzela_eights(kz, f"8♠ JK={declared} 8♦")
        assert g.table[0].stands == (eight[declared],)
        # "chyba że zostanie zastąpiona rzeczywistą kartą, którą reprezentuje": only that card
        # takes the joker's place; the freed joker is played at once (here JK 9♥ 10♥)
        took = kz.Rearrange(table=[f"8♠ {declared} 8♦", "JK 9♥ 10♥"], swaps=[(declared, "hand")])
        wrong = kz.Rearrange(table=[f"8♠ {other} 8♦", "JK 9♥ 10♥"], swaps=[(other, "hand")])
        assert kz.apply(g, took), kz.apply(g, took)
        answer = kz.apply(g, wrong)
        assert not answer and any(f"stands for {other}" in _said(r) for r in answer.reasons), answer
    # the validator judges a swap the same way
    assert not kz.check_joker_swap("8♠ JK=8♥ 8♦", "8♣")
    assert repr(kz.check_joker_swap("8♠ JK=8♥ 8♦", "8♥")) == "Verdict(ok, set, 24 points)"


def test_karuzela_a_joker_swapped_with_a_table_card_is_a_rearrangement(karuzela: types.ModuleType) -> None:
    """003 lets the card that takes a joker come from another meld ("Ta karta może pochodzić z ręki
    gracza lub z innej grupy lub sekwencji na stole."); a reader asked whether that needs a card
    from hand, as rearranging does.  It does (the book: "także wtedy trzeba w tej turze położyć
    na stole co najmniej jedną kartę z ręki")."""
    kz = karuzela
    g = kz.new_game(3, hands=["2♣ 4♦ 6♠ 9♣ K♠", "8♠ 8♦ JK 8♥ 9♥ 10♥ J♥ 2♠", "3♣ 5♦ 7♠ Q♣ K♥"],
                    stock="5♣ 10♠ 2♦ 7♦ 7♠ 4♣ 6♣")
    g = play(kz, g, kz.Draw("stock"), kz.Rearrange(table=["8♠ JK=8♥ 8♦", "8♥ 9♥ 10♥ J♥"]), kz.EndTurn(),
             kz.Draw("stock"))
    # seat 2 moves the run's 8♥ into the joker's place, and the freed joker onto the run (Q♥)
    bare = kz.apply(g, kz.Rearrange(table=["8♠ 8♥ 8♦", "9♥ 10♥ J♥ JK=Q♥"], swaps=[("8♥", "table")]))
    assert not bare and any("(turn.rearrange.min_from_hand, " in _said(r) for r in bare.reasons), bare
    # with K♥ from hand it is a rearrangement like any other
    assert kz.apply(g, kz.Rearrange(table=["8♠ 8♥ 8♦", "9♥ 10♥ J♥ JK=Q♥ K♥"], swaps=[("8♥", "table")]))
    book = Path(__file__).resolve().parent.parent / "generated" / "karuzela" / "rulebook.pl.md"
    pl = book.read_text(encoding="utf-8")
    assert "także wtedy trzeba w tej turze położyć na stole co najmniej jedną kartę z ręki" in pl


def test_karuzela_a_declaration_may_not_change(karuzela: types.ModuleType) -> None:
    kz = karuzela
    g = _karuzela_eights(kz, "8♠ JK=8♥ 8♦")
    # "Wartość jokera nie może zostać zmieniona": the same meld declared 8♣ is refused
    answer = kz.apply(g, kz.Rearrange(table=["8♠ JK=8♣ 8♦", "8♥ 9♥ 10♥"]))
    assert not answer and any("(jokers.declare, " in _said(r) for r in answer.reasons), answer


# --- actions and saved games carry declarations ---------------------------------------------------

def test_actions_print_parse_and_save_with_declarations(klasyczny: types.ModuleType,
                                                         karuzela: types.ModuleType) -> None:
    lay = klasyczny.Lay(["5♠ JK=5♥ JK=5♦", "A♥ 2♥ 3♥"])
    assert str(lay) == "lay 5♠ JK=5♥ JK=5♦ | A♥ 2♥ 3♥"
    assert lay.to_dict()["melds"] == [["5♠", "JK=5♥", "JK=5♦"], ["A♥", "2♥", "3♥"]]
    rearrange = karuzela.Rearrange(["8♠ JK=8♥ 8♦"], swaps=[("8♣", "hand")])
    for m, action in ((klasyczny, lay), (karuzela, rearrange)):
        assert m.parse_action(str(action)) == action
        assert m.Action.from_dict(action.to_dict()) == action
    # the declaration is part of the action: the same cards declared otherwise are another action
    assert klasyczny.Lay(["5♠ JK JK"]) != klasyczny.Lay(["5♠ JK JK"], declared=[["5♥", "5♦"]])
    assert klasyczny.Lay(["5♠ JK JK"], declared=[["5♥", "5♦"]]) == lay.__class__(["5♠ JK=5♥ JK=5♦"])
    with pytest.raises(karuzela.SaveError, match="a card is written as text"):
        karuzela.Action.from_dict({"action": "rearrange", "table": [["8♠", 7]], "swaps": []})
    with pytest.raises(karuzela.SaveError, match="stands for a card"):
        karuzela.Action.from_dict({"action": "rearrange", "table": [["8♠", "JK=8x"]], "swaps": []})


def test_a_saved_game_keeps_the_declared_joker(karuzela: types.ModuleType) -> None:
    kz = karuzela
    g = _karuzela_eights(kz, "8♠ JK=8♣ 8♦")
    back = kz.Game.from_dict(g.to_dict())
    assert back.table[0].stands == kz.parse_cards("8♣")
    assert g.to_dict()["table"][0]["stands"] == ["8♣"]


def test_listed_lay_downs_say_how_their_jokers_are_read(karuzela: types.ModuleType,
                                                        r51: types.ModuleType) -> None:
    g = karuzela.new_game(2, hands=["8♥ 8♣ 9♥ 10♥ K♠", "8♠ 8♦ JK K♥ Q♥"], stock="5♣ 10♠ 2♦")
    g = play(karuzela, g, karuzela.Draw("stock"))
    listed = [a for a in karuzela.legal_actions(g) if isinstance(a, karuzela.Rearrange)]
    with_joker = [(m, d) for a in listed for m, d in zip(a.table, a.declared, strict=True) if 0 in m]
    assert with_joker, listed
    for meld, declared in with_joker:  # every joker declared, as the referee then keeps it
        assert len(declared) == meld.count(0) and all(declared), (meld, declared)
    # remik51: the opening listed for 10♦ 10♣ 10♥ + 6♠ JK 8♠ (30 + 21 = 51) declares 7♠
    # (seat 1 plays first, with the extra card, and does not draw)
    g = r51.new_game(2, hands=["2♣ 5♥ 9♣ K♦", "10♦ 10♣ 10♥ 6♠ JK 8♠ 3♥ K♣ 9♥"], stock="4♦ 5♦")
    opening = [a for a in r51.legal_actions(g) if isinstance(a, r51.Lay) and len(a.melds) == 2]
    assert opening and all(a.declared[[0 in m for m in a.melds].index(True)] == r51.parse_cards("7♠")
                           for a in opening), opening


# --- the CLI reads them too -----------------------------------------------------------------------

def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_explain_reads_declared_jokers() -> None:
    spec = str(SPECS / "remik_klasyczny.rules")
    code, out, _ = _cli("explain", spec, "--opening", "5♦ 5♥ 5♣ 5♠ + A♥ 2♥ 3♥ 4♥ + A♣ JK=A♥ JK=A♦")
    assert code == 0 and "a valid opening, 60 points" in out, out
    code, out, _ = _cli("explain", spec, "--opening", "5d 5h 5c 5s + Ah 2h 3h 4h + Ac JK=2c JK=3c")
    assert "36 points; an opening needs 49" in out, out
    code, _, err = _cli("explain", spec, "5♠ JK=5x JK")
    assert code == 2 and "error[E014]: `JK=5x`: `5x` is not a card" in err and "^^^^^" in err, err


def test_only_a_play_declares_jokers() -> None:
    # a card of the rules language is a card; only a play (an example, the CLI's) says what its
    # jokers stand for: a declared joker where a card is read is refused, never dropped
    from remikc.cards import CardError, parse_card
    with pytest.raises(CardError, match="a joker is not declared here"):
        parse_card("JK=5♥")
    assert str(parse_card("jk=5h", declared=True)) == "JK=5♥"


# --- the rules language's examples declare jokers too (docs/dsl.md, "examples") --------------------
# Expected from seed 001 (remik_klasyczny): the ace counts 1 in "as-2-3" and 10 in "A-A-A"; "Wartość
# jokera jest równa wartości karty, którą zastępuje"; other cards their number; a set's suits differ
# and a run is one suit (the spec); an opening needs 49 points and a clean run.

_DECLARED_EXAMPLES = {
    "run A♣ JK=3♣ JK=2♣ worth 6": True,  # every joker declared: any order, A-2-3 = 1 + 2 + 3
    "run 6♥ 7♥ JK=9♥": False,  # the joker's place is 8♥
    "invalid 6♥ 7♥ JK=9♥": True,
    "run A♣ JK=2♣ JK=3♣ worth 30": False,  # as declared the run, worth 6
    "set A♣ JK=A♥ JK=A♦ worth 30": True,  # A-A-A, 3 x 10
    "set A♣ JK=A♥ JK=A♣": False,  # two clubs in a set
    "set A♣ JK=2♣ JK=3♣": False,  # declared, it is the run
    "lay_off JK=4♣ on A♣ 2♣ 3♣": True,
    "lay_off JK=5♣ on A♣ 2♣ 3♣": False,  # 4♣ is missing between
    "lay_off JK=4♣ on A♣ JK 3♣": True,
    "opening 5♦ 5♥ 5♣ 5♠, A♥ 2♥ 3♥ 4♥, A♣ JK=A♥ JK=A♦ worth 60": True,  # 20 + 10 + 30
    "not_opening 5♦ 5♥ 5♣ 5♠, A♥ 2♥ 3♥ 4♥, A♣ JK=2♣ JK=3♣": True,  # 20 + 10 + 6 = 36 < 49
}


def _house_examples(folder: Path, lines: list[str]) -> Any:
    import shutil

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(SPECS / "remik_klasyczny.rules", folder / "remik_klasyczny.rules")
    body = "\n".join(f"    {line}" for line in lines)
    (folder / "own.rules").write_text(f'variant own extends "remik_klasyczny" {{\n  name pl "own"\n'
                                      f'  name hr "own"\n  examples {{\n{body}\n  }}\n}}\n',
                                      encoding="utf-8")
    return Workspace().variant(str(folder / "own.rules"))


def test_examples_with_declared_jokers_are_judged_as_declared(tmp_path: Path,
                                                              klasyczny: types.ModuleType) -> None:
    from remikc.cards import DeclaredJoker
    from remikc.verify.base import Probe
    from remikc.verify.claims import check_example
    from remikc.verify.findings import Status

    v = _house_examples(tmp_path, list(_DECLARED_EXAMPLES))
    own = [e for e in v.examples if e.origin == "own"]
    assert len(own) == len(_DECLARED_EXAMPLES)
    first = own[0].melds[0]
    assert isinstance(first[1], DeclaredJoker) and str(first[1].stands) == "3♣"
    probe = Probe(v)
    for (text, holds), example in zip(_DECLARED_EXAMPLES.items(), own, strict=True):
        result = check_example(probe, example)
        assert (result.status is Status.PROVED) == holds, (text, result.status, result.says)
    # the generated validator judges them alike (the rulebook's examples are checked by it)
    m = klasyczny
    assert repr(m.check_meld("A♣ JK=3♣ JK=2♣", kind="run")) == "Verdict(ok, run, 6 points)"
    assert not m.check_meld("6♥ 7♥ JK=9♥").ok and not m.check_meld("A♣ JK=A♥ JK=A♣").ok
    assert repr(m.check_meld("A♣ JK=A♥ JK=A♦")) == "Verdict(ok, set, 30 points)"
    assert m.check_lay_off("A♣ 2♣ 3♣", "JK=4♣").ok and not m.check_lay_off("A♣ 2♣ 3♣", "JK=5♣").ok
    assert m.check_opening("5♦ 5♥ 5♣ 5♠, A♥ 2♥ 3♥ 4♥, A♣ JK=A♥ JK=A♦").points == 60
    assert not m.check_opening("5♦ 5♥ 5♣ 5♠, A♥ 2♥ 3♥ 4♥, A♣ JK=2♣ JK=3♣").ok


def test_a_declared_joker_that_names_no_card_is_a_clear_error(tmp_path: Path) -> None:
    from remikc.diagnostics import SpecError
    with pytest.raises(SpecError) as caught:
        _house_examples(tmp_path, ["set A♣ JK=Ax JK"])
    [found] = caught.value.diagnostics
    assert found.code == "E014" and "`JK=Ax`: `Ax` is not a card" in found.message, found
    assert found.span.line == 5 and found.hint and "suit" in found.hint, found


def test_the_seed_specs_declare_jokers_where_the_seeds_do(load: Callable[[str], Any]) -> None:
    # seed 001: "Jokery mogą być stosowane zamiennie jako dowolne karty" (A-A-A or as-2-3);
    # seed 003: "musi powiedzieć, jaką kartę reprezentuje, zarówno rangę, jak i kolor"
    for variant_id, wanted in (("remik_klasyczny", {"set A♣ JK=A♥ JK=A♦", "run A♣ JK=2♣ JK=3♣"}),
                               ("karuzela", {"set 8♠ JK=8♥ 8♦", "invalid 8♠ JK=8♠ 8♦"})):
        said = {f"{e.kind.value} {' '.join(map(str, e.melds[0]))}" for e in load(variant_id).examples}
        assert wanted <= said, (variant_id, said)


def test_the_actions_docs_notation_md_writes(klasyczny: types.ModuleType) -> None:
    for text in ("lay 8♥ for the joker in meld 2 | 5♠ JK=5♥ JK=5♦ | 6♣ on meld 1",
                 "rearrange: 8♣ (from hand) for its joker; 5♠ 5♥ 5♦ | 6♣ 7♣ JK=8♣"):
        action = klasyczny.parse_action(text)
        assert str(action) == text
    lay = klasyczny.parse_action("lay 5s jk=5h JK=5d")
    assert lay.declared == (klasyczny.parse_cards("5♥ 5♦"),)


# --- a joker laid off onto a table meld may be declared too ---------------------------------------
# Seed 001 (remik_klasyczny): "Wartość jokera jest równa wartości karty, którą zastępuje", the cards
# count their number; a run is one suit (the spec's assumption), the corner is not turned ("Nie
# dopuszczalne jest tworzenie sekwensów typu ...-D-K-A-2-3-...").

def _codes(verdict: Any) -> list[str]:
    return [r.code for r in verdict.reasons]


def test_check_lay_off_reads_a_declared_joker(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    # the declaration says which end of 6♥ 7♥ 8♥ the joker takes: 9♥ (6+7+8+9) or 5♥ (5+6+7+8)
    assert repr(m.check_lay_off("6♥ 7♥ 8♥", "JK=9♥")) == "Verdict(ok, run, 30 points)"
    assert repr(m.check_lay_off("6h 7h 8h", "jk=5h")) == "Verdict(ok, run, 26 points)"
    assert repr(m.check_lay_off("6♥ 7♥ 8♥", "JK", declared=["5♥"])) == "Verdict(ok, run, 26 points)"
    # onto a run that holds a joker already: 6♥ JK 8♥ takes JK=9♥ at its end
    assert repr(m.check_lay_off("6♥ JK 8♥", "JK=9♥")) == "Verdict(ok, run, 30 points)"
    # a set: the declaration names the suit it lacks (5 x 4 = 20), not one it holds or another rank
    assert repr(m.check_lay_off("5♠ 5♥ 5♦", "JK=5♣")) == "Verdict(ok, set, 20 points)"
    for meld, laid in (("6♥ 7♥ 8♥", "JK=10♥"), ("6♥ 7♥ 8♥", "JK=9♠"), ("5♠ 5♥ 5♦", "JK=5♠"),
                       ("5♠ 5♥ 5♦", "JK=6♣")):
        verdict = m.check_lay_off(meld, laid)
        assert not verdict.ok and _codes(verdict) == ["lay_off.declared"], (meld, laid, verdict)
        assert verdict.reasons[0].params == {"cards": laid, "meld": meld}
    # where the cards do not fit declared or not, the refusal says so, not that the joker is to blame
    assert _codes(m.check_lay_off("6♥ 7♥ 8♥", "3♣ JK=9♥")) == ["lay_off.no_fit"]
    with pytest.raises(ValueError, match="declared card"):
        m.check_lay_off("6♥ 7♥ 8♥", "JK", declared=["5♥", "9♥"])


def _opened_with_a_joker(m: types.ModuleType) -> Any:
    # seat 0 deals and plays first with 14 cards: he opens with the clean run 10-J-Q-K-A (5 x 10)
    # and 6♠ 7♠ 8♠ (21), 71 points, keeping a joker
    hand0 = "10♥ J♥ Q♥ K♥ A♥ 6♠ 7♠ 8♠ JK 2♣ 7♦ 9♣ 4♠ 8♦"
    g = m.new_game(2, hands=[hand0, "2♦ 3♦ 4♦ 6♣ 7♣ 8♣ 9♦ 10♦ J♦ Q♣ K♣ 3♠ 4♣"], stock="6♦ 6♥")
    return play(m, g, m.Lay(["10♥ J♥ Q♥ K♥ A♥", "6♠ 7♠ 8♠"]))


def test_the_referee_lays_off_a_declared_joker(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    g = _opened_with_a_joker(m)
    low = play(m, g, m.Lay(lay_offs=[(1, "JK=5♠")]))
    assert [str(c) for c in low.table[1].cards] == ["JK", "6♠", "7♠", "8♠"]
    high = play(m, g, m.Lay(lay_offs=[(1, ["JK"])], lay_offs_declared=[["9♠"]]))
    assert [str(c) for c in high.table[1].cards] == ["6♠", "7♠", "8♠", "JK"]
    # after the ace nothing follows (no corner): the run of hearts takes the joker only as 9♥
    hearts = play(m, g, m.Lay(lay_offs=[(0, "JK=9♥")])).table[0]
    assert [str(c) for c in hearts.cards] == ["JK", "10♥", "J♥", "Q♥", "K♥", "A♥"]
    refused = m.apply(g, m.Lay(lay_offs=[(1, "JK=9♥")]))
    assert not refused and [r.code for r in refused.reasons] == ["lay_off.declared"], refused
    assert refused.reasons[0].params["meld_number"] == 2
    # where the rules keep no declaration (`declare position`), the joker stands for its place
    assert low.table[1].stands == ()


def test_listed_lay_offs_declare_their_jokers(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    g = _opened_with_a_joker(m)
    with_joker = [a for a in m.legal_actions(g)
                  if isinstance(a, m.Lay) and a.lay_offs and 0 in a.lay_offs[0][1]]
    # onto 10-J-Q-K-A only in front (9♥); onto 6-7-8 of spades at the end the meld takes it (9♠)
    assert sorted(map(str, with_joker)) == ["lay JK=9♠ on meld 2", "lay JK=9♥ on meld 1"]
    for action in with_joker:
        assert m.apply(g, action), action
        assert m.parse_action(str(action)) == action
        assert m.Action.from_dict(action.to_dict()) == action


def test_a_lay_off_with_a_declared_joker_is_saved(klasyczny: types.ModuleType) -> None:
    m = klasyczny
    lay = m.Lay(["5♠ JK=5♥ JK=5♦"], lay_offs=[(0, "JK=5♠ 4♠"), (1, "3♦")])
    assert str(lay) == "lay 5♠ JK=5♥ JK=5♦ | JK=5♠ 4♠ on meld 1 | 3♦ on meld 2"
    assert lay.to_dict()["lay_offs"] == [[0, ["JK=5♠", "4♠"]], [1, ["3♦"]]]
    assert m.parse_action(str(lay)) == lay and m.Action.from_dict(lay.to_dict()) == lay
    # the declaration is part of the action
    assert lay != m.Lay(["5♠ JK=5♥ JK=5♦"], lay_offs=[(0, "JK 4♠"), (1, "3♦")])
    with pytest.raises(m.SaveError, match="stands for a card"):
        m.Action.from_dict({"action": "lay", "melds": [], "lay_offs": [[0, ["JK=5x"]]], "swaps": []})
    g = _opened_with_a_joker(m)
    after = play(m, g, m.Lay(lay_offs=[(1, "JK=5♠")]))
    assert m.Game.from_dict(after.to_dict()).table[1].cards == after.table[1].cards


def test_karuzela_a_joker_laid_off_keeps_its_declaration(karuzela: types.ModuleType) -> None:
    # seed 003: "musi powiedzieć, jaką kartę reprezentuje, zarówno rangę, jak i kolor"
    kz = karuzela
    assert kz.check_lay_off("8♠ 8♥ 8♦", "JK=8♣").ok
    assert _codes(kz.check_lay_off("8♠ 8♥ 8♦", "JK=8♥")) == ["lay_off.declared"]
    # a table joker keeps its card: 8♣ may not join 8♠ JK=8♣ 8♦ as well
    assert not kz.check_lay_off("8♠ JK=8♣ 8♦", "8♣").ok
    assert kz.check_lay_off("8♠ JK=8♣ 8♦", "8♥").ok


def test_where_jokers_are_declared_the_table_keeps_a_laid_off_ones_card(tmp_path: Path) -> None:
    # Karuzela lays off by rearranging; a game that declares jokers (seed 003's rule) and lays off
    # with `Lay` keeps the declaration the same way: remik_klasyczny with `declare rank_and_suit`
    _, m = house_variant(tmp_path, "klasyczny_declared", "remik_klasyczny",
                         "  jokers {\n    override declare rank_and_suit\n  }")
    hand0 = "10♥ J♥ Q♥ K♥ A♥ 5♠ 5♥ JK 5♣ 5♦ 8♠ 8♥ 8♦ JK"
    g = m.new_game(2, hands=[hand0, "2♦ 3♦ 4♦ 6♣ 7♣ 8♣ 9♦ 10♦ J♦ Q♣ K♣ 3♠ 4♣"], stock="6♦ 6♥")
    # a clean run (50), 5♠ 5♥ JK=5♣ (15) and 8♠ 8♥ 8♦ (24)
    g = play(m, g, m.Lay(["10♥ J♥ Q♥ K♥ A♥", "5♠ 5♥ JK=5♣", "8♠ 8♥ 8♦"]))
    assert g.table[1].stands == m.parse_cards("5♣")
    # the joker stands for 5♣: the 5♣ itself does not join its set, the 5♦ does
    refused = m.apply(g, m.Lay(lay_offs=[(1, "5♣")]))
    assert not refused and [r.code for r in refused.reasons] == ["lay_off.no_fit"], refused
    assert play(m, g, m.Lay(lay_offs=[(1, "5♦")])).table[1].stands == m.parse_cards("5♣")
    # and only the 5♣ takes that joker back: the 5♦ would fit the set, but the joker is not it
    refused = m.apply(g, m.Lay(swaps=[(1, "5♦")]))
    assert not refused and [r.code for r in refused.reasons] == ["swap.no_joker_for"], refused
    swapped = play(m, g, m.Lay(swaps=[(1, "5♣")]))
    assert sorted(swapped.table[1].cards) == sorted(m.parse_cards("5♠ 5♥ 5♣"))
    assert swapped.table[1].stands == ()
    # a joker laid off keeps the card it is declared as
    after = play(m, g, m.Lay(lay_offs=[(2, "JK=8♣")]))
    assert after.table[2].stands == m.parse_cards("8♣")
    assert m.Game.from_dict(after.to_dict()).table[2].stands == m.parse_cards("8♣")
    assert not m.apply(g, m.Lay(lay_offs=[(2, "JK=8♠")]))
    # a run's joker is declared as the card of its place: 9♥ before 10-J-Q-K-A
    run = play(m, g, m.Lay(lay_offs=[(0, "JK=9♥")]))
    assert run.table[0].stands == m.parse_cards("9♥") and run.table[0].cards[0] == 0


def test_a_declared_joker_with_a_fixed_value_is_worth_it_at_its_own_place(tmp_path: Path) -> None:
    # docs/notation.md: a declared joker is still a joker "where a joker has a fixed value, for
    # the points"; docs/dsl.md: a fixed joker is worth its number wherever it lies.  In
    # A♠..K♠ JK=A♠ the natural A♠ lies low (1, remik_klasyczny's low_run ace) and the joker is
    # the high ace: 1 + (2..9) 44 + (10 J Q K) 40 + 25 = 110, not the low ace's place taken twice
    _, m = house_variant(tmp_path, "klasyczny_fixed", "remik_klasyczny",
                         "  values {\n    override joker 25\n  }\n"
                         "  jokers {\n    override declare rank_and_suit\n  }")
    whole = m.check_meld("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ JK=A♠")
    assert (whole.ok, whole.kind, whole.points) == (True, "run", 110)
    assert m.check_meld("JK=A♠ 2♠ 3♠").points == 25 + 2 + 3
    assert m.check_meld("Q♠ K♠ JK=A♠").points == 10 + 10 + 25
    assert m.check_meld("A♠ JK=2♠ 3♠").points == 1 + 25 + 3
