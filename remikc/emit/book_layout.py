"""Where a rulebook's house notes stand, and the rulebook laid out as Markdown or HTML
(remikc/templates/rulebook.*.j2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .book import Block, Example, HouseNote, Rulebook, Section, Sentence, Steps, Table
from .book_words import Writer

if TYPE_CHECKING:
    from .web import Box


def _block_rules(block: Block) -> set[str]:
    if isinstance(block, Steps):
        return {rule for item in block.items for rule in item.rules}
    if isinstance(block, Table):
        return {*block.rules, *(rule for row in block.row_rules for rule in row)}
    if isinstance(block, HouseNote):
        return set()
    return set(block.rules)


def place_notes(w: Writer, sections: Sequence[Section]
                 ) -> tuple[tuple[Section, ...], tuple[HouseNote, ...]]:
    """The sections with each house note where its place is said: a rule's after the block
    that states the rule, a section's at the end of the part that states its first rule.
    Notes on the whole game (or on a place this rulebook never states) come back apart."""
    label = w.lang.say("note.label")
    after: dict[tuple[int, int], list[HouseNote]] = {}
    loose: list[HouseNote] = []
    for note in (n for n in w.v.notes if n.language == w.lang.code):
        where = _home(sections, note.place)
        if where is None:
            loose.append(HouseNote(note.text, label))
        else:
            after.setdefault(where, []).append(HouseNote(note.text, label))
    placed = []
    for i, section in enumerate(sections):
        blocks: list[Block] = []
        for j, block in enumerate(section.blocks):
            blocks += [block, *after.get((i, j), ())]
        blocks += after.get((i, len(section.blocks)), [])
        placed.append(Section(section.key, section.title, tuple(blocks)))
    return tuple(placed), tuple(loose)


def _home(sections: Sequence[Section], place: str) -> tuple[int, int] | None:
    """(section, block after which) a note on `place` stands; None for the whole game.  A
    rule's note follows the first block stating the rule; a spec section's closes the part of
    the rulebook that states most of its rules (`turn.direction` is said with the deal, but a
    note on `turn` belongs with the turn)."""
    if not place:
        return None
    # a sentence that states the rule before a table that lists its value among others
    for tables in (False, True):
        for i, section in enumerate(sections):
            for j, block in enumerate(section.blocks):
                if isinstance(block, Table) == tables and place in _block_rules(block):
                    return (i, j)
    counts = [len({rule for block in section.blocks for rule in _block_rules(block)
                   if rule.startswith(place + ".")}) for section in sections]
    if not any(counts):
        return None
    best = counts.index(max(counts))
    return (best, len(sections[best].blocks))



def to_markdown(book: Rulebook, sources: Sequence[str]) -> str:
    """The rulebook as Markdown; `sources`: the spec files it comes from, the variant's first."""
    from .render import environment

    template = environment("markdown").get_template("rulebook.md.j2")
    return template.render(book=book, sources=tuple(sources), kinds=_KINDS)


def to_html(book: Rulebook, sources: Sequence[str], box: Box | None = None) -> str:
    """The rulebook as one HTML page; `sources` as for `to_markdown`; `box`: the box that judges
    a meld the reader types (remikc/emit/web.py), none without it."""
    from markupsafe import Markup

    from .render import environment
    from .web import css

    template = environment("html").get_template("rulebook.html.j2")
    return template.render(book=book, sources=tuple(sources), kinds=_KINDS, box=box, css=Markup(css()))


_KINDS = {"Sentence": Sentence, "Example": Example, "Table": Table, "Steps": Steps,
          "HouseNote": HouseNote}
