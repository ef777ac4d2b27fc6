"""A house's own words in a spec: `note` lines and the `wording` section, read and merged.

`note <language> [<rule>] "<text>"` stands at the top of a variant, in a section or, naming
one of its rules, for that rule; the rulebook prints it where that place is said.
`wording { <language> "<catalogue key>" "<text>" }` replaces a catalogue sentence; the text is
checked against the catalogue of this build (its placeholders, the nouns they count, the
plural categories of the language), so a renamed key or a missing `{n}` is found when the spec
is read, not when a rulebook is written.  Both are inherited by house variants, which change
them with `override` as they change a rule.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .. import ir
from ..diagnostics import Collector, Diagnostic, Note, Span, did_you_mean, error, warning
from . import syntax, value_readers
from .schema import LANGUAGES, RANK_KEYS, Key, Section
from .value_readers import Bad

if TYPE_CHECKING:
    from ..wording import Language, Message

Place = tuple[str, str]  # (where, language) for a note; (key, language) for a wording


def read_note(section: Section, item: syntax.Setting, origin: str) -> ir.HouseNote:
    """`note pl "..."` (the section, or the variant at the top) or `note pl <rule> "..."`."""
    if item.condition is not None:
        raise Bad("a note takes no `when` condition", item.condition.span)
    atoms = [a for g in item.groups for a in g][1:]
    shape = 'expected `note <language> "<text>"` or `note <language> <rule> "<text>"`'
    if len(atoms) not in (2, 3) or not isinstance(atoms[-1], syntax.Text):
        raise Bad(shape, item.span, hint='e.g. `note pl "U nas rozdaje zawsze babcia."`')
    language = read_language(atoms[0])
    place = section.id
    if len(atoms) == 3:
        place = _rule(section, atoms[1])
    text = atoms[-1]
    if not text.value.strip():
        raise Bad("a note needs some text", text.span)
    return ir.HouseNote(language, place, text.value, item.span, origin)


def removed_note(section: Section, atoms: Sequence[syntax.Atom]) -> Place:
    """`remove note pl` or `remove note pl <rule>`: the (place, language) of a parent's note."""
    language = read_language(atoms[0])
    return (_rule(section, atoms[1]) if len(atoms) == 2 else section.id, language)


def read_language(atom: syntax.Atom) -> str:
    word = value_readers.show(atom)
    if not isinstance(atom, syntax.Word) or word not in LANGUAGES:
        raise Bad(f"`{word}` is not a rulebook language", atom.span,
                  hint="languages are " + ", ".join(LANGUAGES))
    return word


def _rule(section: Section, atom: syntax.Atom) -> str:
    """The id of the rule a note names, among the rules of its section."""
    name = value_readers.show(atom)
    if section.kind == "values":
        names = [*RANK_KEYS, "joker"]
        found = f"values.{name}" if name in names else None
    else:
        names = [e.name for e in section.entries if isinstance(e, Key)]
        found = next((e.id for e in section.entries if isinstance(e, Key) and e.name == name), None)
    if found is None:
        where = f"in `{section.name}`" if section.id else "at the top of a variant"
        raise Bad(f"no rule `{name}` {where} for the note to belong to", atom.span, code="E011",
                  hint=did_you_mean(name, names) or "a note in a section names one of its rules, or none")
    return found


# --- wording ---------------------------------------------------------------------------

def read_wording(item: syntax.Setting, origin: str) -> ir.Wording:
    """`pl "<key>" "<text>"`, or one text per plural category: `pl "<key>" one "..." other "..."`."""
    if item.condition is not None:
        raise Bad("a wording takes no `when` condition", item.condition.span)
    atoms = [a for g in item.groups for a in g]
    shape = 'expected `<language> "<catalogue key>" "<text>"`'
    if len(atoms) < 3 or not isinstance(atoms[1], syntax.Text):
        raise Bad(shape, item.span, hint='e.g. `pl "scoring.went_out" "Kto skończy, zapisuje {n:point}."`')
    language = read_language(atoms[0])
    from ..wording import language as catalogue_of

    catalogue = catalogue_of(language)
    key = atoms[1]
    if key.value not in catalogue.messages:
        raise Bad(f"the {language} catalogue has no sentence `{key.value}`", key.span, code="E011",
                  hint=did_you_mean(key.value, catalogue.messages)
                  or "docs/wording-keys.md lists the keys")
    wanted = _fields(catalogue.messages[key.value])
    rest = atoms[2:]
    if len(rest) == 1 and isinstance(rest[0], syntax.Text):
        _check_text(rest[0], wanted, catalogue.nouns, key.value)
        return ir.Wording(language, key.value, rest[0].value, item.span, origin)
    return _forms(rest, item, origin, key.value, wanted, catalogue)


def _forms(rest: Sequence[syntax.Atom], item: syntax.Setting, origin: str, key: str,
           wanted: dict[str, str], catalogue: Language) -> ir.Wording:
    language = catalogue.code
    categories = catalogue.categories()
    if "n" not in wanted:
        raise Bad(f"`{key}` counts nothing, so it has one text, not one per plural category",
                  item.span, code="E025")
    if len(rest) % 2 or not all(isinstance(w, syntax.Word) and isinstance(t, syntax.Text)
                                for w, t in zip(rest[::2], rest[1::2], strict=True)):
        raise Bad('expected a text, or plural forms like `one "..." few "..." other "..."`',
                  item.span, code="E025", hint="plural categories: " + ", ".join(categories))
    forms: dict[str, str] = {}
    for word, text in zip(rest[::2], rest[1::2], strict=True):
        assert isinstance(word, syntax.Word) and isinstance(text, syntax.Text)
        if word.text not in categories:
            raise Bad(f"`{word.text}` is not a plural category of `{language}`", word.span, code="E025",
                      hint=did_you_mean(word.text, categories) or "categories: " + ", ".join(categories))
        if word.text in forms:
            raise Bad(f"the form `{word.text}` is given twice", word.span, code="E025")
        forms[word.text] = text.value
        _check_text(text, wanted, catalogue.nouns, key, every=False)
    if "other" not in forms:
        raise Bad("plural forms need `other`: it is used for any category not given", item.span,
                  code="E025")
    used: set[str] = set()
    for text in rest[1::2]:
        assert isinstance(text, syntax.Text)
        used |= set(_placeholders(text))
    missing = [name for name in wanted if name not in used]
    if missing:
        raise Bad(_missing(missing, wanted, key), item.span, code="E025")
    ordered = tuple((c, forms[c]) for c in categories if c in forms)
    return ir.Wording(language, key, forms["other"], item.span, origin, ordered)


def _fields(message: Message) -> dict[str, str]:
    """The placeholders of a catalogue message (all its plural forms) and the noun each counts."""
    texts = [message] if isinstance(message, str) else list(message.values())
    found: dict[str, str] = {}
    for text in texts:
        for _, name, spec, _ in string.Formatter().parse(text):
            if name is not None:
                found.setdefault(name, spec or "")
    return found


def _placeholders(text: syntax.Text) -> dict[str, str]:
    try:
        parsed = list(string.Formatter().parse(text.value))
    except ValueError as exc:
        raise Bad(f"the text's braces do not match: {exc}", text.span, code="E025",
                  hint="a placeholder is `{name}` or `{name:noun}`; write `{{` and `}}` for braces") from None
    return {name: spec or "" for _, name, spec, conversion in parsed
            if name is not None and conversion is None}


def _check_text(text: syntax.Text, wanted: dict[str, str], nouns: Iterable[str], key: str,
                every: bool = True) -> None:
    _placeholders(text)  # the braces match
    for _, name, spec, conversion in string.Formatter().parse(text.value):
        if name is None:
            continue
        if conversion is not None or not name.isidentifier():
            raise Bad(f"`{{{name}{'!' + conversion if conversion else ''}}}` is not a placeholder "
                      "a wording may use", text.span, code="E025",
                      hint="placeholders are plain names: " + _show(wanted))
        if name not in wanted:
            raise Bad(f"`{key}` has no placeholder `{{{name}}}`", text.span, code="E025",
                      hint=" ".join(filter(None, (did_you_mean(name, wanted), "it has: " + _show(wanted)))))
        if spec and spec not in nouns:
            raise Bad(f"`{spec}` in `{{{name}:{spec}}}` is no noun of the catalogue", text.span,
                      code="E025", hint=did_you_mean(spec, nouns) or "nouns: " + ", ".join(sorted(nouns)))
    if every:
        missing = [name for name in wanted if name not in _placeholders(text)]
        if missing:
            raise Bad(_missing(missing, wanted, key), text.span, code="E025")


def _missing(missing: list[str], wanted: dict[str, str], key: str) -> str:
    shown = ", ".join(f"`{{{m}{':' + wanted[m] if wanted[m] else ''}}}`" for m in missing)
    return f"the text leaves out {shown}: `{key}` states it, so the rulebook would not say the rule"


def _show(wanted: dict[str, str]) -> str:
    return ", ".join(f"{{{n}{':' + s if s else ''}}}" for n, s in wanted.items()) or "none"


# --- merging along `extends` ---------------------------------------------------------

def merge_own(files: Sequence[tuple[str, Sequence[tuple[Place, object, Span, Span | None]],
                                   Sequence[tuple[Place, Span]]]],
              what: str, problems: Collector) -> dict[Place, object]:
    """Notes or wordings from base to leaf: a house variant replaces its parent's only with
    `override`, and `override` on one no parent gives is an error, as for rules; `remove`
    (notes: `remove note pl [<rule>]`) drops a parent's."""
    merged: dict[Place, tuple[object, Span, str]] = {}
    for depth, (file_id, items, removals) in enumerate(files):
        given = {place for place, *_ in items}
        for place, span in removals:
            shown = f"{what} `{place[0] or 'of the variant'}` in `{place[1]}`"
            if place not in merged:
                why = f"`{file_id}` extends no variant" if depth == 0 else f"no parent gives the {shown}"
                problems.add(error("E019", f"nothing to remove: {why}", span,
                                   hint="delete the `remove` line"))
            elif place in given:
                problems.add(error("E019", f"the {shown} is removed and given again in the same file",
                                   span, hint="to change it, write `override` before it instead"))
                del merged[place]  # one slip, one error: the line giving it is not also reported
            else:
                del merged[place]
        for place, value, span, override in items:
            before = merged.get(place)
            shown = f"{what} `{place[0] or 'of the variant'}` in `{place[1]}`"
            if before is not None and override is None:
                problems.add(error("E019", f"the {shown} is already given by `{before[2]}`", span,
                                   notes=[Note(f"`{before[2]}` gives it here", before[1])],
                                   hint="to change it in this variant, write `override` before it"))
            elif before is None and override is not None:
                why = (f"`{file_id}` extends no variant" if depth == 0
                       else f"no parent gives the {shown}")
                problems.add(error("E019", f"nothing to override: {why}", override,
                                   hint="remove `override` to add it"))
            merged[place] = (value, span, file_id)
    return {place: value for place, (value, _, _) in merged.items()}


def one_language_notes(notes: Iterable[ir.HouseNote]) -> list[Diagnostic]:
    """W003 for each note given in one rulebook language but not in another."""
    by_place: dict[str, dict[str, ir.HouseNote]] = {}
    for note in notes:
        by_place.setdefault(note.place, {})[note.language] = note
    out: list[Diagnostic] = []
    for place, found in by_place.items():
        for language in LANGUAGES:
            if language in found:
                continue
            given = next(iter(found.values()))
            rule = f" {place.rsplit('.', 1)[-1]}" if place and place not in _SECTION_IDS else ""
            out.append(warning(
                "W003", f"this note is in `{given.language}` only: the `{language}` rulebook "
                "will not have it", given.span,
                hint=f'add `note {language}{rule} "..."` beside it, in the same place'))
    return out


def _section_ids() -> frozenset[str]:
    from .schema import all_sections

    return frozenset(s.id for s in all_sections())


_SECTION_IDS = _section_ids()
