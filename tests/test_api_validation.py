"""The generated API validates what it is given, and variants live side by side: each way a
caller could get a wrong answer or a traceback out of it has a test here."""

from __future__ import annotations

import copy
import inspect
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from remikc.emit.package import API

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


# --- a Card is a card ---------------------------------------------------------------------------

@pytest.mark.parametrize("code", [1, 2, 3, 56, 999, -4, pytest.param(10**5000, id="5001-digits")])
def test_a_card_is_not_made_from_an_int_that_is_no_cards_code(seed_modules, code: int) -> None:
    # was: Card(1..3) printed as K♥ K♦ K♣; Card(999) an IndexError later
    m = seed_modules("remik51")
    shown = code if code < 10**12 else "a number that large"
    with pytest.raises(ValueError, match=f"{shown} is no card's code"):
        m.Card(code)
    with pytest.raises(TypeError, match=f"^cards: .*not int {shown}"):  # no card or a card: an int
        m.check_meld([code, code, code])


def test_cards_codes_and_texts_make_the_same_card(seed_modules) -> None:
    m = seed_modules("remik51")
    # rank * 4 + suit: 10♥ is 10 * 4 + 1
    assert m.Card(41) == m.Card("10♥") == m.parse_card("10h") and str(m.Card(41)) == "10♥"
    assert m.Card(0).is_joker and m.Card(m.Card("JK")) is m.JOKER
    assert m.check_meld([m.Card("7♥"), "8♥", m.Card(9 * 4 + 1)]).points == 7 + 8 + 9  # seed 000: face values


def test_the_set_of_three_kings_made_of_bad_codes_is_refused(seed_modules) -> None:
    # was: Card(1..3) made an "ok" set worth 0
    m = seed_modules("remik51")
    with pytest.raises(ValueError):
        m.check_meld([m.Card(1), m.Card(2), m.Card(3)])


def test_bytes_are_not_cards(seed_modules) -> None:
    # was: check_meld(b'\x04\x05\x06') an ok set worth 30
    m = seed_modules("remik51")
    with pytest.raises(TypeError, match=r"^cards: .*not bytes"):
        m.check_meld(b"\x04\x05\x06")
    with pytest.raises(TypeError, match=r"^hand: "):
        m.best_melds(bytearray(b"\x04\x05\x06"))


@pytest.mark.parametrize("code", [999, 41])
@pytest.mark.parametrize(("call", "argument"), [
    (lambda m, c: m.check_meld([c, "10♥", "J♥"]), "cards"),
    (lambda m, c: m.hand_value([c]), "cards"),
    (lambda m, c: m.best_melds([c, "10♠", "10♦"]), "hand"),
    (lambda m, c: m.min_deadwood([c]), "hand"),
    (lambda m, c: m.check_lay_off("7♥ 8♥ 9♥", [c]), "cards"),
    (lambda m, c: m.check_joker_swap("9♥ JK J♥", c), "card"),
    (lambda m, c: m.Discard(c), "card"),
])
def test_a_function_takes_no_int_for_a_card_be_it_a_cards_code_or_not(seed_modules, call, argument: str,
                                                                      code: int) -> None:
    # was: 999 an IndexError from check_meld, hand_value, best_melds and apply(g, Discard(...)),
    # then a ValueError; 41 (10♥'s code: 10 * 4 + 1) taken as 10♥.  Card(code) makes a card of it.
    with pytest.raises(TypeError, match=rf"^{argument}: a Card or a card's text .*not int {code} "
                                        r"\(Card\(code\) makes a card"):
        call(seed_modules("remik51"), code)


# 10♥ 9♥ J♥ by code (rank * 4 + suit): a run of Remik 51 worth 10 + 9 + 10 (seed 000) if ints were cards
TEN, NINE, JACK = 10 * 4 + 1, 9 * 4 + 1, 11 * 4 + 1


@pytest.mark.parametrize(("call", "argument"), [
    (lambda m: m.check_meld([TEN, "8♥"]), "cards"),
    (lambda m: m.check_meld((m.Card("9♥"), TEN, m.Card("J♥"))), "cards"),  # the tuple of Cards path
    (lambda m: m.check_meld("9♥ JK J♥", declared=[TEN]), "declared"),
    (lambda m: m.check_opening([[NINE, TEN, JACK]]), "melds"),
    (lambda m: m.parse_melds([["9♥", TEN, "J♥"]]), "melds"),
    (lambda m: m.check_lay_off([NINE, TEN, JACK], "Q♥"), "meld"),
    (lambda m: m.best_melds("9♥ 10♥ J♥", table=[[4, 8, 12]]), "table"),
    (lambda m: m.best_play([["5♠", "6♠", "7♠"]], [NINE, TEN, JACK]), "hand"),
    (lambda m: m.new_game(2, hands=[[NINE, TEN], "9♣"]), "hands"),
    (lambda m: m.new_game(2, hands=["9♥ 10♥", "9♣"], stock=[JACK]), "stock"),
    (lambda m: m.new_game(2, hands=["9♥ 10♥", "9♣"], first_discard=JACK), "first_discard"),
    (lambda m: m.new_game(2, hands=["9♥ 10♥", "9♣"], cut_card=JACK), "cut_card"),
    (lambda m: m.Lay([[NINE, TEN, JACK]]), "melds"),
    (lambda m: m.Lay(["9♥ JK J♥"], declared=[[TEN]]), "declared"),
    (lambda m: m.Lay(lay_offs=[(0, [JACK])]), "lay_offs"),
    (lambda m: m.Lay(swaps=[(0, TEN)]), "swaps"),
    (lambda m: m.Rearrange([[NINE, TEN, JACK]]), "table"),
    (lambda m: m.Rearrange(["9♥ 10♥ J♥"], swaps=[(TEN, "hand")]), "swaps"),
])
def test_an_int_among_the_cards_is_a_type_error_naming_the_argument(seed_modules, call,
                                                                    argument: str) -> None:
    # was: each taken as the card of that code
    with pytest.raises(TypeError, match=rf"^{argument}: .*not int"):
        call(seed_modules("remik51"))


def test_apply_takes_no_action_made_of_ints(seed_modules) -> None:
    # was: Discard(<a code of a card in hand>) discarded that card
    m = seed_modules("remik51")
    game = m.new_game(2, 4)
    card = game.hands[game.seat][-1]
    with pytest.raises(TypeError, match=r"^card: .*not int"):
        m.apply(game, m.Discard(int(card)))
    with pytest.raises(TypeError, match=r"^melds: .*not int"):
        m.apply(game, m.Lay([[int(c) for c in game.hands[game.seat][:3]]]))
    # the same card as a Card or as its text is an action, judged by the rules
    assert m.Discard(card) == m.Discard(str(card)) == m.Discard(m.Card(int(card)))


def test_a_dict_is_not_cards_though_it_iterates_texts(seed_modules) -> None:
    m = seed_modules("remik51")
    with pytest.raises(TypeError, match=r"^cards: .*not dict"):
        m.check_meld({"9♥": 1, "10♥": 2, "J♥": 3})
    with pytest.raises(TypeError, match=r"^hands: .*not dict"):
        m.new_game(2, hands={"9♥ 10♥": 0, "9♣": 1})
    with pytest.raises(TypeError, match=r"^melds: .*not dict"):
        m.check_opening({"9♥ 10♥ J♥": 1})
    # a set of texts iterates cards, but in no order (where a joker stands) and each once: refused too
    with pytest.raises(TypeError, match=r"^cards: cards in order .* not a set"):
        m.check_meld({"9♥", "10♥", "J♥"})


@pytest.mark.parametrize(("call", "argument"), [
    (lambda m: m.check_meld(5), "cards"),
    (lambda m: m.check_meld(None), "cards"),
    (lambda m: m.check_meld([5.0, "6♠", "7♠"]), "cards"),
    (lambda m: m.check_opening(7), "melds"),
    (lambda m: m.check_lay_off(3.5, "6♠"), "meld"),
    (lambda m: m.check_lay_off("3♠ 4♠ 5♠", {"6♠": 1}.items()), "cards"),
    (lambda m: m.check_joker_swap("5♠ JK 7♠", ["6♠"]), "card"),
    (lambda m: m.hand_value(object()), "cards"),
    (lambda m: m.best_melds("5♠ 6♠ 7♠", table=5), "table"),
    (lambda m: m.best_play(["5♠ 6♠ 7♠"], 8), "hand"),
    (lambda m: m.new_game(2, hands=5), "hands"),
    (lambda m: m.new_game(2, hands=["A♠", b"\x04"]), "hands"),
    (lambda m: m.new_game(2, hands=["A♠", "2♠"], stock=7), "stock"),
    (lambda m: m.new_game(2, hands=["A♠", "2♠"], first_discard=4.0), "first_discard"),
    (lambda m: m.new_game(2, hands=["A♠", "2♠"], cut_card=[4]), "cut_card"),
    (lambda m: m.Card(4.0), "card"),
])
def test_anything_else_is_a_type_error_naming_the_argument(seed_modules, call, argument: str) -> None:
    with pytest.raises(TypeError, match=f"^{argument}: "):
        call(seed_modules("remik51"))


def test_hand_value_reads_the_cards_before_counting_an_unopened_hand(seed_modules) -> None:
    # was: hand_value("Z♦ Z♦", opened=False) returned 100
    m = seed_modules("remik51")
    with pytest.raises(ValueError, match="'Z♦' is not a card"):
        m.hand_value("Z♦ Z♦", opened=False)
    assert m.hand_value("2♠", opened=False) == 100  # seed 000: "zostanie mu zapisane +100"


# --- the referee checks the game it is given --------------------------------------------------------

def test_a_stacked_deck_is_checked_against_the_deck(seed_modules) -> None:
    # was: new_game(hands=...) accepted five A♠ and six jokers.  Remik 51's deck is two packs and
    # four jokers (specs/remik51.rules: assumed, 000 does not name the deck)
    m = seed_modules("remik51")
    with pytest.raises(ValueError, match="5 × A♠ in the stacked deck: the pack for 2 players holds 2"):
        m.new_game(2, hands=["A♠ A♠ A♠ 2♣", "A♠ A♠ 3♣"])
    with pytest.raises(ValueError, match="6 × JK in the stacked deck: the pack for 2 players holds 4"):
        m.new_game(2, hands=["JK JK JK", "JK JK 3♣"], stock="JK 5♥")
    assert m.new_game(2, hands=["A♠ A♠ JK JK", "JK JK 3♣"])  # as many as the deck has: dealt
    # Remik podstawowy: "Użyj standardowej talii 52 kart" (seed 002): one pack, no jokers
    basic = seed_modules("remik_podstawowy")
    with pytest.raises(ValueError, match="2 × 7♦ in the stacked deck"):
        basic.new_game(2, hands=["7♦ 8♦", "9♣"], first_discard="7♦")
    with pytest.raises(ValueError, match="1 × JK in the stacked deck: the pack for 2 players holds 0"):
        basic.new_game(2, hands=["7♦ 8♦", "9♣"], cut_card="JK")


@pytest.mark.parametrize(("players", "seed", "error", "message"), [
    # was: new_game("3") a TypeError from `<=` deep inside ('<=' not supported between ...)
    ("3", 1, TypeError, r"^players: a whole number, 2 to 5, not str '3'$"),
    (3.0, 1, TypeError, r"^players: a whole number, 2 to 5, not float 3.0$"),
    (True, 1, TypeError, r"^players: a whole number, 2 to 5, not bool True$"),
    (None, 1, TypeError, r"^players: a whole number, 2 to 5, not NoneType None$"),
    (6, 1, ValueError, r"^players: Remik 51 is for 2 to 5 players, not 6$"),
    (1, 1, ValueError, r"^players: Remik 51 is for 2 to 5 players, not 1$"),
    pytest.param(10**5000, 1, ValueError, r"^players: Remik 51 is for 2 to 5 players, not a number that "
                 r"large$", id="5001-digits"),
    # was: a seed True, 1.0 or "7" dealt a game (shuffled by its text) that no save restores
    (3, True, TypeError, r"^seed: a whole number, or None for a fresh shuffle, not bool True$"),
    (3, 1.0, TypeError, r"^seed: a whole number, or None for a fresh shuffle, not float 1.0$"),
    (3, "7", TypeError, r"^seed: a whole number, or None for a fresh shuffle, not str '7'$"),
    (3, -(1 << 63) - 1, ValueError, r"^seed: -2\*\*63 to 2\*\*64 - 1, what a saved game holds, not a number"),
    (3, 1 << 64, ValueError, r"^seed: -2\*\*63 to 2\*\*64 - 1, what a saved game holds, not a number"),
])
def test_new_game_checks_players_and_seed(seed_modules, players: object, seed: object,
                                          error: type[Exception], message: str) -> None:
    m = seed_modules("remik51")
    with pytest.raises(error, match=message):
        m.new_game(players, seed)
    with pytest.raises(error, match=message):  # a stacked deck is checked the same
        m.new_game(players, seed, hands=["A♠ 2♠", "3♠ 4♠", "5♠ 6♠"])


def test_new_game_takes_every_seed_a_save_holds(seed_modules) -> None:
    m = seed_modules("remik51")
    for seed in (-(1 << 63), -1, 0, 1 << 63, (1 << 64) - 1):
        game = m.new_game(2, seed)
        assert m.Game.from_dict(game.to_dict()).seed == seed


def test_apply_and_view_refuse_a_game_of_another_variant(seed_modules) -> None:
    # was: a remik51 apply accepted a Karuzela game
    r51, kz = seed_modules("remik51"), seed_modules("karuzela")
    game = kz.new_game(2, 1)
    with pytest.raises(TypeError, match=r"^game: a game of karuzela, not of remik51"):
        r51.apply(game, r51.Draw("stock"))
    with pytest.raises(TypeError, match=r"^game: a game of karuzela, not of remik51"):
        r51.view(game, 0)
    with pytest.raises(TypeError, match=r"^game: a Game, not dict"):
        r51.apply(game.to_dict(), r51.Draw("stock"))
    assert kz.apply(game, kz.Draw("stock"))  # its own module plays it


def test_apply_takes_an_actions_text_as_parse_action_reads_it(seed_modules) -> None:
    # was: apply(game, "discard 2♥") refused "'discard 2♥' is not an action of this game", the
    # text of a valid action; parse_action reads it, so apply does too
    m = seed_modules("remik51")
    game = m.new_game(3, seed=7)
    first = game.hands[game.seat][0]  # the player to move opens the deal in play (seed 000: 15 cards)
    assert game.phase == "play"
    by_text = m.apply(game, f"discard {first}")
    assert by_text and by_text.to_dict() == m.apply(game, m.Discard(first)).to_dict()
    assert m.apply(game, "discard 10h").to_dict() == m.apply(game, m.Discard("10♥")).to_dict()
    # the text of a move the rules refuse is refused as that move, not as no action
    not_held = next(c for c in ("2♥", "3♥", "4♥", "5♥") if m.Card(c) not in game.hands[game.seat])
    assert [r.code for r in m.apply(game, f"discard {not_held}").reasons] == ["hand.missing"]
    with pytest.raises(ValueError, match="'dicsard 2♥' is not an action"):
        m.apply(game, "dicsard 2♥")
    with pytest.raises(ValueError, match="'11♥' is not a card"):
        m.apply(game, "discard 11♥")


@pytest.mark.parametrize("action", [5, None, {"action": "draw", "source": "stock"}, b"knock"])
def test_apply_refuses_what_is_no_action_nor_its_text(seed_modules, action: object) -> None:
    m = seed_modules("remik51")
    with pytest.raises(TypeError, match=r"^action: an Action .* or its text, as parse_action reads it"):
        m.apply(m.new_game(3, seed=7), action)


def test_an_action_class_the_module_does_not_know_is_refused_by_name(seed_modules) -> None:
    # was: a RecursionError, repr() and str() of a bare Action calling each other
    m = seed_modules("remik51")

    class Pass(m.Action):
        __slots__ = ()

    (why,) = m.apply(m.new_game(3, seed=7), Pass()).reasons
    assert (why.code, str(why)) == ("action.unknown", "<Pass> is not an action of this game")


def test_apply_names_an_action_of_another_variant(seed_modules) -> None:
    r51, kz = seed_modules("remik51"), seed_modules("karuzela")
    with pytest.raises(TypeError, match=r"^action: <draw from the stock> is a Draw of another module .*"
                                        r"give its text 'draw from the stock' or this module's Draw"):
        r51.apply(r51.new_game(2, 1), kz.Draw("stock"))


@pytest.mark.parametrize("seat", [-1, 2, 3, "0", 1.0, None])
def test_view_refuses_a_seat_that_is_not_at_the_table(seed_modules, seat: object) -> None:
    # was: view(game, -1) returned the last seat's hand, view(game, players) an IndexError
    m = seed_modules("remik51")
    game = m.new_game(2, 1)
    with pytest.raises(ValueError, match=r"^seat: 0 to 1 in a game of 2 players"):
        m.view(game, seat)
    assert m.view(game, 1).seat == 1


def test_a_lay_off_adds_a_card_of_a_kind_there_is(seed_modules) -> None:
    # was: laying off nothing was a valid lay-off worth 21, and kind="flush" was taken
    m = seed_modules("remik51")
    with pytest.raises(ValueError, match=r"^cards: no card to lay off"):
        m.check_lay_off("6♥ 7♥ 8♥", "")
    with pytest.raises(ValueError, match=r"^kind must be 'run', 'set' or None, not 'flush'"):
        m.check_lay_off("6♥ 7♥ 8♥", "9♥", kind="flush")
    assert m.check_lay_off("6♥ 7♥ 8♥", "9♥", kind="run").points == 6 + 7 + 8 + 9  # seed 000: face values


@pytest.mark.parametrize("seat", [-1, 2, 99, "1", True, 1.5])
def test_apply_refuses_a_seat_that_is_not_at_the_table(seed_modules, seat: object) -> None:
    # was: seat 99 let a NextDeal through, "1" was refused as "seat 1's turn, not seat 1's"
    m = seed_modules("remik51")
    game = m.new_game(2, 1)
    with pytest.raises(ValueError, match=r"^seat: 0 to 1 in a game of 2 players, or None"):
        m.apply(game, m.Draw("stock"), seat=seat)
    # the seat to move gets past the seat's check to the rules: remik51's first player, dealt a
    # card more, does not draw
    assert m.apply(game, m.Draw("stock"), seat=game.seat).reasons[0].code == "draw.first_player"


def test_a_verdict_and_its_reasons_do_not_change(seed_modules) -> None:
    # one Verdict is handed to every caller who asks about the same meld, and the referee reads
    # it too: was, `check_meld(...).ok = False` made the next caller's valid meld a refusal
    m = seed_modules("remik51")
    verdict = m.check_meld("5♠ 5♥ 5♦")
    with pytest.raises(AttributeError):
        verdict.ok = False
    with pytest.raises(AttributeError):
        del verdict.points
    assert m.check_meld("5♠ 5♥ 5♦").ok
    (reason,) = m.check_meld("5♠ 5♥").reasons
    with pytest.raises(AttributeError):
        reason.code = "x"
    reason.params["n"] = 99  # a copy: the caller's to change
    assert m.check_meld("5♠ 5♥").reasons[0].message() == "a set of 2 cards; a set has 3 to 4 cards"
    # copied past the guard (copy and pickle restore a slotted object field by field)
    assert copy.deepcopy(reason) == reason and copy.copy(reason).message() == reason.message()
    assert repr(copy.deepcopy(m.check_meld("5♠ 5♥"))) == repr(m.check_meld("5♠ 5♥"))


@pytest.mark.parametrize(("given", "error", "message"), [
    ([(1.7, "5♠")], TypeError, r"^lay_offs: a meld's index is a whole number from 0, not float"),
    ([("1", "5♠")], TypeError, r"^lay_offs: a meld's index is a whole number from 0, not str"),
    ([(True, "5♠")], TypeError, r"^lay_offs: a meld's index is a whole number from 0, not bool"),
    ([(-1, "5♠")], ValueError, r"^lay_offs: a meld's index is a whole number from 0, not -1"),
    ([(0,)], TypeError, r"^lay_offs: \(meld index, cards\) pairs, not \(0,\)"),
])
def test_a_lay_offs_meld_index_is_a_whole_number(seed_modules, given: object, error: type,
                                                 message: str) -> None:
    # was: int() read 1.7, "1" and True as meld 1 (index 1), and (0,) failed to unpack
    m = seed_modules("remik51")
    with pytest.raises(error, match=message):
        m.Lay(lay_offs=given)
    assert m.Lay(lay_offs=[(1, "5♠")]).lay_offs == ((1, (m.Card("5♠"),)),)


@pytest.mark.parametrize("text", ["lay 6♣ on meld 0", "lay 6♣ on meld ١", "lay 8♥ for the joker in meld 0"])
def test_melds_in_an_actions_text_are_numbered_from_1(seed_modules, text: str) -> None:
    # was: meld 0 became index -1, and an Arabic-Indic digit one read as meld 1
    with pytest.raises(ValueError, match="melds are numbered from 1"):
        seed_modules("remik51").parse_action(text)


@pytest.mark.parametrize(("call", "argument"), [
    ("parse_action", None), ("parse_action", ["knock"]), ("parse_card", None), ("parse_cards", None),
    ("parse_meld", ["5♠"]), ("legal_actions", None),
])
def test_a_text_or_game_of_the_wrong_type_is_a_type_error(seed_modules, call: str, argument: object) -> None:
    # was: AttributeError (`.split`, `.strip`, `.over`) from deep inside
    with pytest.raises(TypeError, match=r"not (NoneType|list)$"):
        getattr(seed_modules("remik51"), call)(argument)


def test_a_knock_is_true_or_false(seed_modules) -> None:
    # was: EndTurn(knock="yes") printed as a knock and saved as what Action.from_dict refuses
    m = seed_modules("remik51")
    with pytest.raises(TypeError, match=r"^knock: True or False, not str 'yes'"):
        m.EndTurn(knock="yes")
    with pytest.raises(TypeError, match=r"^knock: True or False, not int 1"):
        m.Discard("5♠", knock=1)
    assert m.EndTurn(knock=True).knock is True


# Each function's call with the yes-or-no argument given (`flag=value`)
_YES_OR_NO = {
    "check_meld": lambda m, **flag: m.check_meld("7♠ 8♠ 9♠", **flag),
    "check_lay_off": lambda m, **flag: m.check_lay_off("3♠ 4♠ 5♠", "6♠", **flag),
    "check_joker_swap": lambda m, **flag: m.check_joker_swap("7♥ JK 9♥", "8♥", **flag),
    "best_melds": lambda m, **flag: m.best_melds("7♥ 8♥ 9♥", **flag),
    "min_deadwood": lambda m, **flag: m.min_deadwood("7♥ 8♥ 9♥ K♠", **flag),
}


@pytest.mark.parametrize(("call", "flag"), [
    ("check_meld", "opening"), ("check_lay_off", "opened"), ("check_lay_off", "first_round"),
    ("check_lay_off", "opens_this_turn"), ("check_lay_off", "handing"), ("check_lay_off", "empties_hand"),
    ("check_joker_swap", "opened"), ("check_joker_swap", "from_table"), ("best_melds", "opening"),
    ("min_deadwood", "discard"),
])
@pytest.mark.parametrize("wrong", ["no", 0, 1, None])
def test_a_yes_or_no_argument_is_true_or_false(seed_modules, call: str, flag: str, wrong: object) -> None:
    # was: check_lay_off(..., opened="no") judged the lay-off for an opened player ("no" is truthy)
    m = seed_modules("remik51")
    with pytest.raises(TypeError, match=f"^{flag}: True or False, not {type(wrong).__name__} {wrong!r}"):
        _YES_OR_NO[call](m, **{flag: wrong})
    assert _YES_OR_NO[call](m, **{flag: False}) is not None


@pytest.mark.parametrize("cards", [{"7♥", "JK", "9♥"}, frozenset({"7♥", "JK", "9♥"})])
def test_cards_in_no_order_are_a_type_error(seed_modules, cards: object) -> None:
    # was: check_meld({"7h", "JK", "9h"}) a run worth 24 or refused, as the set's hashes fell
    m = seed_modules("remik51")
    with pytest.raises(TypeError, match=r"^cards: cards in order \(a text, a list or a tuple\), not a "):
        m.check_meld(cards)
    with pytest.raises(TypeError, match=r"^hand: cards in order"):
        m.best_melds(cards)
    assert m.check_meld(["7♥", "JK", "9♥"]).ok  # the same cards in order: the run 7-8-9


def test_a_failed_opening_names_each_bad_meld_once(seed_modules) -> None:
    # was: "meld 1 (8♠ 8♥): a set of 2 cards..." from the opening's check, then "meld 8♠ 8♥: a set
    # of 2 cards..." again from the new melds' (its jokers' declarations left out of the first)
    m = seed_modules("remik51")
    refusal = m.apply(m.new_game(2, 1), m.parse_action("lay 8♠ 8♥"))
    assert [r.to_dict()["params"].get("in") for r in refusal.reasons] == ["meld"]
    assert str(refusal.reasons[0]) == "meld 1 (8♠ 8♥): a set of 2 cards; a set has 3 to 4 cards"
    (why, *_) = m.check_opening("5♠ JK=5♥ JK=5♦ + 8♠ 8♥ 8♦").reasons
    assert str(why).startswith("meld 1 (5♠ JK=5♥ JK=5♦): ")


def test_a_set_jokers_card_on_the_table_is_a_card(seed_modules) -> None:
    # was: a set laid with an undeclared joker kept the card it stands for as a bare code,
    # `(35,)`, which a client showed as "35"
    kz = seed_modules("karuzela")
    game = kz.new_game(2, 0, hands=["8♥ 8♣ 9♥ 10♥ K♠", "8♠ 8♦ JK K♥ Q♥"], stock="5♣ 10♠ 2♦ 7♦ 7♠")
    for action in (kz.Draw("stock"), kz.Rearrange(table=["8♠ JK 8♦"])):
        game = kz.apply(game, action, seat=game.seat)
    (stands,) = game.table[0].stands
    assert type(stands) is kz.Card and str(stands) in ("8♥", "8♣")


def test_a_view_says_what_it_shows(seed_modules) -> None:
    m = seed_modules("remik51")
    game = m.new_game(2, hands=["5♠ 6♠ 7♠", "8♥ 9♥ 10♥"], stock="2♣ 3♣ 4♣ 5♣")
    assert repr(m.view(game, game.seat)).startswith(f"<View remik51 seat {game.seat}: hand ")
    assert "hand 8♥ 9♥ 10♥;" in repr(m.view(game, 1))


def test_the_hot_path_keeps_its_unchecked_constructor(seed_modules) -> None:
    m = seed_modules("remik51")
    # the runtime's own codes become Cards through a table, never through Card's checks
    assert len(m._CARD) == 56 and all(type(c) is m.Card and int(c) == i for i, c in enumerate(m._CARD))
    hand = m.new_game(2, 3).hands[1]
    assert all(type(card) is m.Card for card in hand)


# --- the reference ------------------------------------------------------------------------------

def _reference_rows() -> list[tuple[str, str]]:
    """docs/validator.md's reference table: (what the name column shows, its description)."""
    doc = (ROOT / "docs" / "validator.md").read_text(encoding="utf-8")
    section = doc[doc.index("\n## Reference\n"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"^\| `([^`]+)` \| (.+) \|$", section, re.M)


def test_the_reference_names_the_whole_api_and_nothing_else(seed_modules) -> None:
    # was: new_game, legal_actions, apply, view, Draw, Lay, Discard and Game's attributes were
    # shown only in docs/simulate.md's examples
    m = seed_modules("remik51")
    rows = _reference_rows()
    shown = [name.split("(")[0] for name, _ in rows]
    assert len(shown) == len(set(shown)), "a name listed twice"
    top = [name for name in shown if "." not in name]
    assert sorted(top) == sorted(API)  # both ways: nothing of API left out, nothing else listed
    members = {name.split(".")[0]: set() for name in shown if "." in name}
    for name in shown:
        if "." in name:
            owner, attribute = name.split(".")
            members[owner].add(attribute)
            assert hasattr(getattr(m, owner), attribute) or attribute in getattr(m, owner).__slots__, name
    assert {"seat", "over", "phase", "hands", "totals", "winners"} <= members["Game"]
    for (name, what) in rows:
        assert what.strip() and "|" not in what.replace("\\|", ""), name  # one line, one cell
        if "(" in name:  # each parameter the row shows is one the function takes
            owner, _, attribute = name.split("(")[0].rpartition(".")
            function = getattr(getattr(m, owner) if owner else m, attribute)
            taken = set(inspect.signature(function).parameters)
            given = re.findall(r"(\w+)(?:=[^,)]*)?\s*(?:,|\))", name[name.index("(") + 1:] + ")")
            assert set(given) - {"*"} <= taken, (name, taken)


# --- modules side by side ----------------------------------------------------------------------

def test_every_package_offers_the_same_api() -> None:
    for folder in sorted(p for p in GENERATED.iterdir() if (p / "validator.py").is_file()):
        text = (folder / "__init__.py").read_text(encoding="utf-8")
        assert all(f"    {name},\n" in text and f'    "{name}",\n' in text for name in API), folder.name
        module = (folder / "validator.py").read_text(encoding="utf-8")
        for name in API:  # each defined in the module, not only imported
            assert f"\ndef {name}(" in module or f"\nclass {name}" in module or f"\n{name}: " in module \
                or f"\n{name} = " in module, (folder.name, name)


def test_two_variants_in_one_process_by_name() -> None:
    """A fresh interpreter with generated/ on its path imports two variants by name, plainly."""
    script = textwrap.dedent("""
        import sys
        sys.path.insert(0, sys.argv[1])
        import karuzela
        import remik51
        assert remik51.VARIANT_ID == "remik51" and karuzela.VARIANT_ID == "karuzela"
        # seed 000: Q K A is 10 + 10 + 10 in Remik 51; seed 003: aces count 1 in Karuzela
        assert remik51.check_meld("Q♥ K♥ A♥").points == 30
        assert karuzela.check_meld("Q♥ K♥ A♥").points == 21
        assert remik51.Card is not karuzela.Card and remik51.Game is not karuzela.Game
        try:
            karuzela.check_meld([remik51.Card("5♥"), "6♥", "7♥"])
        except TypeError as error:
            assert "another variant's module (remik51), not of karuzela's" in str(error), error
        else:
            raise AssertionError("a Card of remik51 judged by karuzela")
        assert karuzela.check_meld([str(remik51.Card("5♥")), "6♥", "7♥"]).ok
        assert sorted(remik51.__all__) == sorted(karuzela.__all__)
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script, str(GENERATED)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT / "tests")
    assert done.returncode == 0 and done.stdout == "ok\n", done.stderr
