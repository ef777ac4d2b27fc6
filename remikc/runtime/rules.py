"""The rules of one variant, as the runtime reads them: every name declared once, typed.

A generated module replaces this file with the variant's own values (remikc/emit/names.py
gives them, in this order, with the rule ids and spec lines they come from), followed by the
other runtime modules.  The values here make the runtime package importable and checkable on
its own, and are the defaults of a game without the part of play a name belongs to (no sets,
no runs, no jokers, no opening) or without the rule it reads: every generated module takes
them from here.  Variant differences are these values and flags, never branches in the
runtime's source.
"""

from __future__ import annotations

from typing import Final

# --- the variant ---------------------------------------------------------------------------------
VARIANT_ID: Final[str] = ""
VARIANT_NAME: Final[str] = ""
VARIANT_NAMES: Final[dict[str, str]] = {}
# A digest of the rules' values (not of their comments, names, reasons or the runtime): a saved
# game is restored only under the same rules, and survives an upgrade of remikc that keeps them.
RULES_SHA256: Final[str] = ""

# --- what kinds of play the game has -------------------------------------------------------------
HAS_RUN: Final[bool] = False
HAS_SET: Final[bool] = False
HAS_JOKERS: Final[bool] = False
HAS_OPENING: Final[bool] = False
HAS_SWAP: Final[bool] = False

# --- cards and melds -----------------------------------------------------------------------------
COPIES: Final[int] = 0
DECK_JOKERS: Final[int] = 0
RUN_VALUE: Final[tuple[int, ...]] = (0,) * 27
SET_VALUE: Final[tuple[int, ...]] = (0,) * 14
HAND_VALUE: Final[tuple[int, ...]] = (0,) * 56
JOKER_FIXED: Final[int | None] = None
SET_MIN: Final[int] = 3
SET_MAX: Final[int] = 4
SET_DISTINCT_SUITS: Final[bool] = True
SET_CLOSED_AT: Final[int | None] = None
RUN_MIN: Final[int] = 3
RUN_MAX: Final[int] = 14
RUN_SAME_SUIT: Final[bool] = True
ACE_LOW: Final[bool] = True
ACE_HIGH: Final[bool] = False
WRAP: Final[bool] = False
ACE_TO_ACE: Final[bool] = False
JOKERS_PER_MELD: Final[int | None] = None
JOKERS_PER_MELD_AT_OPENING: Final[int | None] = None
MIN_NATURAL: Final[int] = 1
AMBIGUOUS: Final[str] = "refused"
# Which kinds of meld a joker may stand in (jokers.only_in): both, unless the game says one.
JOKERS_IN_SETS: Final[bool] = True
JOKERS_IN_RUNS: Final[bool] = True
# The player names the card each joker stands for, and the table keeps it (jokers.declare).
JOKERS_DECLARED: Final[bool] = False
OPENING_MIN_POINTS: Final[int] = 0
OPENING_CLEAN_RUN: Final[bool] = False
OPENING_MIN_MELDS: Final[int] = 1
NOT_OPENED: Final[int | None] = None
LAST_CARD_BY_DISCARD_ONLY: Final[bool] = False
REARRANGE_MIN_FROM_HAND: Final[int | None] = None
SWAP_FROM_TABLE: Final[bool] = False
COMMON_MIN: Final[int] = 1
COPIES_MATTER: Final[bool] = False
RUN_SIZE_OPEN: Final[bool] = False
HANDING_FORBIDS_LAY_OFF: Final[bool] = False

# --- reasons a refusal gives: the rule id and spec line of each (remikc/runtime/reasons.py) -------
_WHY_ACE: Final[tuple[str, str | None]] = ("", None)
_WHY_ACE_TO_ACE: Final[tuple[str, str | None]] = ("", None)
_WHY_AMBIGUOUS: Final[tuple[str, str | None]] = ("", None)
_WHY_COPIES: Final[tuple[str, str | None]] = ("", None)
_WHY_DECK_JOKERS: Final[tuple[str, str | None]] = ("", None)
_WHY_DECLARE: Final[tuple[str, str | None]] = ("", None)
_WHY_DISCARDS: Final[tuple[str, str | None]] = ("", None)
_WHY_DISCARD_TAKEN: Final[tuple[str, str | None]] = ("", None)
_WHY_DRAWS: Final[tuple[str, str | None]] = ("", None)
_WHY_FIRST_PLAYER_EXTRA: Final[tuple[str, str | None]] = ("", None)
_WHY_DRAW_CUT: Final[tuple[str, str | None]] = ("", None)
_WHY_DRAW_DISCARD: Final[tuple[str, str | None]] = ("", None)
_WHY_GOING_OUT: Final[tuple[str, str | None]] = ("", None)
_WHY_HANDING_LAY_OFF: Final[tuple[str, str | None]] = ("", None)
_WHY_JOKER_LIMIT: Final[tuple[str, str | None]] = ("", None)
_WHY_JOKER_LIMIT_OPENING: Final[tuple[str, str | None]] = ("", None)
_WHY_JOKERS_ONLY_IN: Final[tuple[str, str | None]] = ("", None)
_WHY_KNOCKING: Final[tuple[str, str | None]] = ("", None)
_WHY_LAY_OFF: Final[tuple[str, str | None]] = ("", None)
_WHY_MELD_AFTER_LAST_DRAW: Final[tuple[str, str | None]] = ("", None)
_WHY_MIN_NATURAL: Final[tuple[str, str | None]] = ("", None)
_WHY_OPENING_CLEAN_RUN: Final[tuple[str, str | None]] = ("", None)
_WHY_OPENING_MIN_MELDS: Final[tuple[str, str | None]] = ("", None)
_WHY_OPENING_MIN_POINTS: Final[tuple[str, str | None]] = ("", None)
_WHY_REARRANGE_MIN: Final[tuple[str, str | None]] = ("", None)
_WHY_REARRANGE_REMOVE: Final[tuple[str, str | None]] = ("", None)
_WHY_RETRIEVED_JOKER: Final[tuple[str, str | None]] = ("", None)
_WHY_RUN: Final[tuple[str, str | None]] = ("", None)
_WHY_RUN_ORDER: Final[tuple[str, str | None]] = ("", None)
_WHY_RUN_SIZE: Final[tuple[str, str | None]] = ("", None)
_WHY_SET_CLOSED_AT: Final[tuple[str, str | None]] = ("", None)
_WHY_SET_RANK: Final[tuple[str, str | None]] = ("", None)
_WHY_SET_SIZE: Final[tuple[str, str | None]] = ("", None)
_WHY_SET_SUITS: Final[tuple[str, str | None]] = ("", None)
_WHY_SWAP_ALLOWED: Final[tuple[str, str | None]] = ("", None)
_WHY_SWAP_FROM: Final[tuple[str, str | None]] = ("", None)
_WHY_WRAP: Final[tuple[str, str | None]] = ("", None)

# The words of the reasons, by language and code; the nouns they count, by language; the CLDR plural
# category of 0..199 by language, a letter each; the joker as each language writes it among cards
# (remikc/wording/reasons.py, remikc/emit/reasons.py).
_REASONS: Final[dict[str, dict[str, str]]] = {}
_NOUNS: Final[dict[str, dict[str, dict[str, str]]]] = {}
_PLURALS: Final[dict[str, str]] = {}
_JOKER_WORDS: Final[dict[str, str]] = {}

# --- the rules of play ---------------------------------------------------------------------------
PLAYERS_MIN: Final[int] = 2
PLAYERS_MAX: Final[int] = 2
PACKS_BY_PLAYERS: Final[dict[int, int]] = {}
JOKERS_BY_PLAYERS: Final[dict[int, int]] = {}
HAND_BY_PLAYERS: Final[dict[int, int]] = {}
FIRST_PLAYER_EXTRA: Final[int] = 0
DEALER_PLAYS_FIRST: Final[bool] = False
FIRST_DISCARD_FACE_UP: Final[bool] = False
CUT_CARD: Final[bool] = False
DRAWS: Final[int] = 1
DRAWS_UNTIL_MELD: Final[bool] = False
MELD_AFTER_LAST_DRAW: Final[bool] = True
DISCARDS: Final[int] = 1
DISCARD_TAKEN_CARD: Final[bool] = True
REMOVE_FROM_TABLE: Final[bool] = False
RETRIEVED_JOKER: Final[str | None] = None
STOCK_EMPTY: Final[str] = "reshuffle"
GOING_OUT: Final[str] = "discard"
HANDING: Final[bool] = False
HANDING_OPENING_RULES: Final[bool] = True
HANDING_LAY_OFF: Final[bool] = True
KNOCK_MAX: Final[int | None] = None
METHOD: Final[str] = "penalties"
WENT_OUT: Final[int] = 0
HANDED: Final[int | None] = None
HANDED_WITH_CUT_CARD: Final[int | None] = None
HANDING_MULTIPLIER: Final[int] = 1
UNDERCUT_BONUS: Final[int] = 0
KNOCKER_WINS_TIES: Final[bool] = False
ALL_OUT_BONUS: Final[int] = 0
TARGET: Final[int | None] = None
ROUNDS: Final[int | None] = None
TARGET_BONUS: Final[int] = 0
ROUND_WIN_BONUS: Final[int] = 0
LOWEST_WINS: Final[bool] = False


# --- when a player may do what the rules make conditional --------------------------------------
# Each over the flags of the player whose turn it is.

def _may_draw_stock(first_round: bool, opened: bool, opens_this_turn: bool, handing: bool) -> bool:
    return False


def _may_draw_discard(first_round: bool, opened: bool, opens_this_turn: bool, handing: bool) -> bool:
    return False


def _may_draw_cut(first_round: bool, opened: bool, opens_this_turn: bool, handing: bool) -> bool:
    return False


def _may_lay_off(first_round: bool, opened: bool, opens_this_turn: bool, handing: bool) -> bool:
    return False


def _may_swap(first_round: bool, opened: bool, opens_this_turn: bool, handing: bool) -> bool:
    return False
