"""The table in a terminal: `play(table, ...)` takes the player's lines until the game is over
or he quits; `replay(module, data, ...)` steps through a saved table.  Lines are read by
prompt_toolkit on a terminal (completion of the words and of the cards in hand, history with
the arrow keys), and plainly from a pipe (`remikc play ... < moves.txt`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TextIO

from ..atomic import WriteError, write_atomic
from ..module import VariantModule
from ..runtime.cards import Card
from . import said, screen
from .table import Table, history

INTERRUPTED = 130

HELP = """actions (cards as 7♥ or 7h, 10♠ or 10s/Ts, JK; melds apart with |):
  draw stock | draw discard | draw cut        take a card
  lay 7♥ 8♥ 9♥ | 5♠ 5♦ 5♣                     lay melds down (an opening is one lay)
  lay JK=9♥ on 2 | 8♥ for 1                   lay off on meld 2; take meld 1's joker with 8♥
  discard K♣ | discard K♣ and knock           end the turn with a discard (and knock)
  end | knock | next                          end the turn (no discard) | knock | the next deal
  rearrange: 5♠ 5♥ 5♦ | 6♣ 7♣ 8♣              the whole new table (where the rules allow it)
requests:
  hint          the solver's best lay-down of your hand
  show          the table again      actions   what the referee lists for you now
  save FILE     save the game (remikc play SPEC --load FILE goes on with it)
  help          this                 quit      leave (Ctrl-D too)"""


class Lines(Protocol):
    """Where the player's lines come from: EOFError at the end, KeyboardInterrupt on Ctrl-C."""

    def ask(self, prompt: str) -> str: ...


class PlainLines:
    """Lines from a pipe, the prompt written to `out` (no editing, no completion)."""

    def __init__(self, source: TextIO, out: TextIO) -> None:
        self.source, self.out = source, out

    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.source.readline()
        if not line:
            raise EOFError
        self.out.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\n")


class TerminalLines:
    """prompt_toolkit's prompt: history, and completion (Tab) of the words and of the cards
    `cards()` gives (the hand)."""

    def __init__(self, cards: Callable[[], Iterable[Card]], out: TextIO) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        self.out = out
        self.session: Any = PromptSession(history=InMemoryHistory(), completer=_completer(cards),
                                          complete_while_typing=False)

    def ask(self, prompt: str) -> str:
        self.out.flush()
        return str(self.session.prompt(prompt, handle_sigint=False))


def _completer(cards: Callable[[], Iterable[Card]]) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class Words(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterable[Completion]:
            before = document.text_before_cursor
            word = document.get_word_before_cursor(WORD=True)
            words = before.split()
            if len(words) <= 1 and not before.endswith(" "):
                choices: list[str] = [*said.ACTIONS, *said.REQUESTS, "quit"]
            elif words[0].lower() == "draw":
                choices = ["stock", "discard", "cut"]
            elif words[0].lower() in ("lay", "discard", "rearrange", "rearrange:"):
                choices = [str(c) for c in cards()] + ["on", "for", "|"]
            else:
                choices = []
            first = len(words) <= 1 and not before.endswith(" ")
            for choice in dict.fromkeys(choices):
                if _matches(word, choice):
                    # a first word that takes more after it comes with its space: `disc<Tab>5s`
                    # read `discard5s`
                    text = choice + " " if first and choice in _TAKES_MORE else choice
                    yield Completion(text, start_position=-len(word), display=choice)

    return Words()


_TAKES_MORE = frozenset({"draw", "lay", "discard", "rearrange", "save"})  # words an argument follows

_ASCII_SUITS = str.maketrans({"♠": "s", "♥": "h", "♦": "d", "♣": "c"})


def _matches(typed: str, choice: str) -> bool:
    typed = typed.lower()
    return choice.lower().startswith(typed) or choice.translate(_ASCII_SUITS).lower().startswith(typed)


def lines(table_cards: Callable[[], Iterable[Card]], source: TextIO, out: TextIO) -> Lines:
    """prompt_toolkit's prompt on a terminal, plain lines from a pipe."""
    if source.isatty():
        return TerminalLines(table_cards, out)
    return PlainLines(source, out)


def play(table: Table, ask: Lines, out: TextIO, *, title: str, lang: str) -> int:
    """The game until it is over (0), or the player leaves (0; Ctrl-C: 130)."""
    m = table.m
    say = _say(out)
    say(f"{title}: you are {screen.seat_label(table.human)}, against {table.game.players - 1} {table.bot} "
        f"bot(s); seed {table.game.seed}.  Type `help` for the actions.")
    say(table.screen(title))
    announced = table.game.deal_over
    finished = False
    while True:
        moved = list(table.bots_move())
        for line in moved:
            say("  " + line)
        if table.game.deal_over and not announced:
            announced = True
            say(_deal_over(table))
        elif moved:
            say(table.screen(title))
        if table.game.over and not finished:
            finished = True
            say(screen.game_end(table.game.winners(), table.game.totals, human=table.human, bot=table.bot))
            if not table.unsaved:
                return 0
            # a finished game not yet saved: the prompt stays, so that it can be kept for a replay
            say("   `save FILE` keeps the whole game for `--replay`; `quit` leaves")
        elif finished and not table.unsaved:
            return 0
        try:
            text = ask.ask(f"{m.VARIANT_ID}> ")
        except EOFError:
            say(_leaving(table))
            return 0
        except KeyboardInterrupt:
            say(_leaving(table))
            out.write("remikc: interrupted\n")
            return INTERRUPTED
        heard = said.read(text, m)
        if heard.error is not None:
            say(f"? {heard.error}")
        elif heard.request == "quit":
            say(_leaving(table))
            return 0
        elif heard.request is not None:
            say(_request(table, heard.request, heard.argument, title, lang))
        elif heard.action is not None:
            refusal = table.play(heard.action)
            if refusal is not None:
                say("refused: " + "; ".join(r.message(lang) for r in refusal.reasons))
                continue
            say(f"  you: {heard.action}")
            announced = table.game.deal_over
            if announced:
                say(_deal_over(table))
            elif table.game.seat == table.human:
                say(table.screen(title))


def _say(out: TextIO) -> Callable[[str], None]:
    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()
    return say


def _deal_over(table: Table) -> str:
    game = table.game
    assert game.result is not None, "a deal that is over has a result"
    text = screen.deal_end(game.result, deal=game.deal, totals=game.totals, human=table.human, bot=table.bot)
    return text if game.over else text + "\n   `next` deals the next round"


def _leaving(table: Table) -> str:
    if table.unsaved:
        return "bye (the game since the last save is not saved: `save FILE` keeps it)"
    return "bye"


def _request(table: Table, request: str, argument: str, title: str, lang: str) -> str:
    if request == "help":
        return HELP
    if request == "show":
        return table.screen(title)
    if request == "hint":
        return table.hint(lang)
    if request == "actions":
        if table.game.seat != table.human and not table.game.deal_over:
            return "it is not your turn"
        listed = table.m.legal_actions(table.game)
        return "the referee lists (lay-downs: the best and single melds only):\n" + "\n".join(
            f"  {a}" for a in listed)
    return _save(table, argument)


def _save(table: Table, path: str) -> str:
    try:
        write_atomic(path, json.dumps(table.to_dict(), ensure_ascii=False, indent=1) + "\n")
    except WriteError as exc:
        return f"? {exc}"
    table.saved_at = len(table.moves)
    return f"saved to {path} ({len(table.moves)} moves)"


def replay(module: VariantModule, data: object, ask: Lines, out: TextIO, *, title: str) -> int:
    """Step through a saved table: Enter the next move, `b` back, a number that move, `q` quit."""
    say = _say(out)
    start, steps, saved = history(module, data)
    human, bot = saved["human"], saved["bot"]
    states = [start] + [game for _, _, game in steps]
    say(f"{title}: a saved game of {len(steps)} moves; {screen.seat_label(human)} was the player.  "
        "Enter: the next move, b: back, a number: that move, q: quit.")
    at = 0
    say(_shown(module, states[0], human, bot, title))
    while True:
        try:
            text = ask.ask(f"replay {at}/{len(steps)}> ").strip().lower()
        except EOFError:
            return 0
        except KeyboardInterrupt:
            out.write("remikc: interrupted\n")
            return INTERRUPTED
        if text in ("q", "quit", "exit"):
            return 0
        if text in ("", "n", "next"):
            if at == len(steps):
                say(f"the end of the saved game ({len(steps)} moves)")
                return 0
            at += 1
        elif text in ("b", "back"):
            at = max(0, at - 1)
        elif text.isdigit() and int(text) <= len(steps):
            at = int(text)
        else:
            say(f"? Enter, b, q or a move's number, 0 to {len(steps)}")
            continue
        if at:
            seat, action, _ = steps[at - 1]
            who = "everyone" if seat is None else screen.seat_name(seat, human, bot)
            say(f"  {at}. {who}: {action if action is not None else 'the deal is abandoned'}")
        say(_shown(module, states[at], human, bot, title))


def _shown(module: VariantModule, game: Any, human: int, bot: str, title: str) -> str:
    text = screen.table(module.view(game, human), title=title, bot=bot, owners=[t.owner for t in game.table],
                        discards=bool(module.DISCARDS))
    if game.deal_over and game.result is not None:
        text += "\n" + screen.deal_end(game.result, deal=game.deal, totals=game.totals, human=human, bot=bot)
    return text
