"""What the player typed: `read(text, module) -> Said`, an action for the referee or a request
to the table (hint, save, help, quit, ...).

Actions are written as the app API writes them (docs/notation.md: `draw from the stock`,
`lay 5♠ 5♥ 5♦ | 6♣ on meld 1`, `discard 5♠`), with shorter forms a player types: `draw stock`,
`draw discard`, `lay JK=9♥ on 2`, `lay 8♥ for 2` (the joker in meld 2), `end`, `next`; cards in
ASCII too (`7h`, `10s`, `Th`, `JK`).  The module's own `parse_action` and card parser read
the result, so a card is read here exactly as the referee reads it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..module import VariantModule
from ..runtime.game import Action

REQUESTS = ("hint", "save", "help", "quit", "show", "actions")
"""The words that ask the table something, not the referee."""

ACTIONS = ("draw", "lay", "discard", "rearrange", "end", "knock", "next")
"""The first words of an action."""

_SHORT_DRAWS = {"stock": "draw from the stock", "discard": "draw from the discard",
                "cut": "draw from the cut card"}
_SIMPLE = {"end": "end the turn", "end turn": "end the turn", "end the turn": "end the turn",
           "knock": "knock", "next": "deal the next round", "next deal": "deal the next round",
           "deal the next round": "deal the next round"}
# `on 2` for `on meld 2`; `for 2`, `for joker in 2`, `for the joker in 2` for the long form
_ON = re.compile(r"\bon (?:meld )?([0-9]+)$")
_FOR = re.compile(r"\bfor (?:the )?(?:joker in )?(?:meld )?([0-9]+)$")


@dataclass(frozen=True)
class Said:
    """One line typed: `action` for the referee, or `request` (one of REQUESTS) with its
    `argument` (the file of `save`), or `error` (what could not be read), or nothing (empty)."""

    action: Action | None = None
    request: str | None = None
    argument: str = ""
    error: str | None = None


def read(text: str, module: VariantModule) -> Said:
    """The line `text` as the player meant it, read with `module`'s notation."""
    words = text.split()
    if not words:
        return Said()
    first = words[0].lower().rstrip(":")
    if first in ("quit", "exit", "q"):
        return Said(request="quit")
    if first in ("?", "help"):
        return Said(request="help")
    if first in REQUESTS:
        if first == "save" and len(words) < 2:
            return Said(error="save needs a file name: `save game.json`")
        return Said(request=first, argument=" ".join(text.split(None, 1)[1:]))
    try:
        return Said(action=module.parse_action(_long_form(" ".join(words))))
    except ValueError as exc:
        return Said(error=_why(first, str(exc)))


def _long_form(text: str) -> str:
    """`text` in the words `parse_action` reads."""
    lowered = text.lower()
    if lowered in _SIMPLE:
        return _SIMPLE[lowered]
    if lowered.startswith("draw "):
        source = lowered[len("draw "):].removeprefix("from the ").removeprefix("from ")
        return _SHORT_DRAWS.get(source.split()[0] if source else "", text)
    if lowered.startswith("lay ") or lowered == "lay":
        parts = [p.strip() for p in text[3:].split("|")]
        return "lay " + " | ".join(_part(p) for p in parts)
    if lowered.startswith("discard "):
        return "discard " + text.split(None, 1)[1]
    return text


def _part(part: str) -> str:
    if m := _FOR.search(part):
        return f"{part[:m.start()].strip()} for the joker in meld {m[1]}"
    if m := _ON.search(part):
        return f"{part[:m.start()].strip()} on meld {m[1]}"
    return part


def _why(first: str, message: str) -> str:
    """The parser's complaint, with what the player may have meant."""
    if first in ACTIONS:
        return message.split(" (see str() of an action)")[0]
    return (f"`{first}` is neither an action nor a request: type `help` for the list "
            "(e.g. `draw stock`, `lay 7♥ 8♥ 9♥`, `discard K♣`, `hint`)")
