"""A rulebook as a document: the `Rulebook`, its sections and blocks, and what the build
checked against the generated module to show in it (`Taught`, the scripted deals).

Every sentence carries the ids of the rules it states, so tests can check that every rule is
said and no sentence speaks of a rule the game does not have.  A sentence stating a value
the seed did not give is marked as an assumption (`*`), one that reads an ambiguous seed
sentence one way as an interpretation (`†`); a rule the seed states is never marked.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sentence:
    text: str
    rules: tuple[str, ...] = ()
    assumed: bool = False  # states a value the seed does not give
    reading: bool = False  # reads an ambiguous seed sentence one way
    row: bool = False  # a row of a table, as `Rulebook.sentences` gives it
    question: str = ""  # the question it answers, in the players' questions at the table
    # a choice of the referee's where no rule of the spec speaks (`Game.winners` on a tie): an
    # assumption of remikc's, marked as one, for every variant alike
    referee: bool = False
    # an answer made of several rules' sentences, each printed with its own mark
    parts: tuple[Sentence, ...] = ()


@dataclass(frozen=True)
class Example:
    cards: str
    note: str
    rules: tuple[str, ...] = ()
    refused: bool = False


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    rules: tuple[str, ...] = ()
    assumed: bool = False
    row_rules: tuple[tuple[str, ...], ...] = ()  # the rules each row states, where rows differ
    row_assumed: tuple[bool, ...] = ()  # each row's own `*`, where rows differ
    row_reading: tuple[bool, ...] = ()  # each row's own `†`, where rows differ


@dataclass(frozen=True)
class Steps:
    items: tuple[Sentence, ...]


@dataclass(frozen=True)
class HouseNote:
    """A house's own words (`note pl "..."`), printed where they belong; they state no rule."""

    text: str
    label: str


Block = Sentence | Example | Table | Steps | HouseNote


@dataclass(frozen=True)
class Variation:
    """A house variant of this game (its changes, one sentence each), or, `not_modelled`, the
    options the seed names that this spec leaves out."""

    title: str
    items: tuple[Sentence, ...]
    not_modelled: bool = False


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Rulebook:
    language: str
    variant: str
    title: str
    intro: tuple[Sentence, ...]
    differences: tuple[Sentence, ...]
    sections: tuple[Section, ...]
    # the notes at the foot, one per mark the text uses (`*`, `†`), spoken to the players
    footnotes: tuple[str, ...] = ()
    # each value that reads an ambiguous seed sentence one way, with the other reading, in
    # the book's language: what the players settle before they play
    readings: tuple[Sentence, ...] = ()
    readings_title: str = ""
    source: str = ""  # the spec file, for the provenance (front matter, comment), never the text
    notes: tuple[HouseNote, ...] = ()  # the house's notes on the whole game, after the intro
    variations: tuple[Variation, ...] = ()  # the last section: "Odmiany" / "Varijante"
    variations_title: str = ""
    # built without verifying the rules (`build --no-verify`): said under the title, first
    unverified: str = ""

    @property
    def footnote(self) -> str:
        return "\n".join(self.footnotes)

    @property
    def numbers(self) -> dict[str, int]:
        """The number of each part after the rules' sections, counting on from them: the
        readings, the variations and the glossary, each only where the book has it."""
        n = sum(1 for s in self.sections if s.key != "glossary")
        out = {}
        for part, present in (("readings", bool(self.readings)), ("variations", bool(self.variations)),
                              ("glossary", any(s.key == "glossary" for s in self.sections))):
            if present:
                n += 1
                out[part] = n
        return out

    def sentences(self) -> list[Sentence]:
        """Every sentence, wherever it stands (steps, differences and tables count too)."""
        out = list(self.intro) + list(self.differences)
        for section in self.sections:
            for block in section.blocks:
                if isinstance(block, Sentence):
                    out.append(block)
                elif isinstance(block, Steps):
                    out.extend(block.items)
                elif isinstance(block, HouseNote):
                    continue  # the house's words, not a rule of the game
                elif isinstance(block, Table) and block.row_rules:
                    marks = block.row_assumed or (block.assumed,) * len(block.rows)
                    readings = block.row_reading or (False,) * len(block.rows)
                    out += [Sentence(": ".join(row), rules, mark, reading, row=True)
                            for row, rules, mark, reading
                            in zip(block.rows, block.row_rules, marks, readings, strict=True)]
                elif isinstance(block, Table):
                    out.append(Sentence(" | ".join(" ".join(r) for r in block.rows), block.rules,
                                        block.assumed))
                else:
                    out.append(Sentence(f"{block.cards} {block.note}", block.rules))
        return out

    def rules_said(self) -> set[str]:
        return {rule for s in self.sentences() for rule in s.rules}



@dataclass(frozen=True)
class Act:
    """One action of a scripted deal, as the referee reads it (its `to_dict()`): `action` is
    "draw" (from `source`: "stock", "discard", "cut"), "discard" (`cards`: the card), "lay" or
    "rearrange" (`melds`: each new meld, or each meld of the new table, as text), or
    "end_turn" (`knock`)."""

    action: str
    source: str = ""
    cards: str = ""
    melds: tuple[str, ...] = ()
    knock: bool = False

@dataclass(frozen=True)
class ScoredSeat:
    """One player at the end of a scripted deal, as the referee scored it."""

    order: int  # 1 for the player who plays first
    cards: tuple[str, ...]  # the cards left in hand
    values: tuple[int, ...]  # what each counts
    opened: bool
    score: int


@dataclass(frozen=True)
class ScoredDeal:
    """A deal played by the generated referee from a stacked deck, for the scoring example:
    `turns` the actions of each turn in play order, `ended_by` and `out` as the referee's
    result says, `seats` in play order."""

    turns: tuple[tuple[int, tuple[Act, ...]], ...]  # (player's order, actions)
    ended_by: str
    out: int | None  # the order of the player who went out or knocked
    seats: tuple[ScoredSeat, ...]
    with_cut_card: bool = False
    # where this deal, as a game's first, ends the game: the final totals in play order, bonuses
    # counted (a reader saw 156 points of a 150-point game and no word of its end)
    final: tuple[int, ...] = ()


@dataclass(frozen=True)
class Taught:
    """Examples that teach, checked by the build against the generated validator: the seed's
    own (the spec's `examples`, with the points the validator gives), the scripted deals
    scored by the referee, and a rearranging of the table found by `best_play`."""

    melds: tuple[tuple[str, str, int | None, bool], ...] = ()  # (kind, cards, points, valid)
    openings: tuple[tuple[tuple[str, ...], int], ...] = ()  # (melds, points)
    lay_offs: tuple[tuple[str, str, str, int], ...] = ()  # (meld, card, meld after, points)
    deals: tuple[ScoredDeal, ...] = ()
    rearrange: tuple[tuple[str, ...], str, tuple[str, ...]] | None = None  # table, hand, after

