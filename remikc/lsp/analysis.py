"""What the language server knows about a spec being edited, in plain Python (no pygls): its
diagnostics, the section and statement at a place, hover text, completions, the outline and
where a rule is defined up the `extends` chain.  remikc/lsp/server.py turns these into LSP
messages.  Places here are 0-based lines and 0-based code-point columns.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .. import ir
from ..diagnostics import Diagnostic, Span, SpecError
from ..irdump import describe
from ..spec import syntax, vocabulary
from ..spec.bind import FileRules
from ..spec.parser import parse
from ..spec.registry import REGISTRY
from ..spec.schema import Key, Section, all_keys
from ..spec.tokens import ERROR, SKIPPED, code, line_tokens
from ..spec.workspace import (
    PACKAGED,
    SUFFIX,
    Workspace,
    _packaged_folder,
    is_packaged,
    oversized,
    packaged_ids,
)

_WORD = re.compile(r"[\w♠♥♦♣♤♡♢♧]+(?:\.\w+)*")  # a rule's dotted id is one word


def workspace(documents: Mapping[str, str]) -> Workspace:
    """A workspace that reads the documents open in the editor (unsaved text included) from
    memory, by path, and every other file from the disk."""
    return Workspace(given={path: text.encode("utf-8") for path, text in documents.items()})


def text_of(path: str, documents: Mapping[str, str]) -> str | None:
    """The text of the spec at `path`: as the editor holds it when it is open, else the file as
    remikc reads a spec (a regular file within the size limit, in UTF-8); None when there is
    none such.  A request may name a document never opened: a named pipe read blindly would
    wait forever, a device might never end."""
    if path in documents:
        return documents[path]
    try:
        return Workspace().read(path)
    except SpecError:
        return None


def diagnostics(path: str, documents: Mapping[str, str]) -> list[Diagnostic]:
    """Everything `remikc check --no-verify` says about `path`: every syntax error, or every
    problem of the rules, and the warnings."""
    space = workspace(documents)
    try:
        space.variant(path)
    except SpecError as exc:
        return list(exc.diagnostics)
    return list(space.warnings(path))


# --- where the cursor is ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Context:
    """The place of a cursor: the sections around it and the statement it is in."""

    sections: tuple[str, ...]  # section names, outermost first (the variant not included)
    in_variant: bool
    before: tuple[str, ...]  # the statement's words before the cursor (`override` left out)
    word: str  # the word the cursor is in or right after (what completion replaces)
    word_start: int  # its column

    @property
    def section_id(self) -> str:
        return ".".join(self.sections)


def context(text: str, line: int, column: int) -> Context:
    """The context of (line, column), read by a scanner that does not need the text to parse:
    completion happens while a line is half written."""
    stack: list[str] = []  # "" for the variant itself
    statement: list[str] = []
    lines = text.split("\n")
    for number, row in enumerate(lines[:line + 1]):
        if number == line:
            row = row[:column]
        for token in _tokens(row):
            if token == "{":
                stack.append(statement[-1] if statement and statement[0] != "variant" else "")
                statement = []
            elif token == "}":
                if stack:
                    stack.pop()
                statement = []
            elif token == ";":
                statement = []
            else:
                statement.append(token)
        if number < line and not _continues(row, lines[number + 1] if number + 1 < len(lines) else ""):
            statement = []
    current = lines[line][:column] if line < len(lines) else ""
    match = re.search(r"(?:[\w♠♥♦♣♤♡♢♧]+(?:\.\w+)*\.?)?$", current)
    word = match.group(0) if match else ""
    before = [w for w in statement if w != "override"]
    if word and before and before[-1] == word:
        before.pop()
    in_variant = bool(stack) and stack[0] == ""
    sections = tuple(stack[1:]) if in_variant else ()
    return Context(sections, in_variant, tuple(before), word, column - len(word))


def _tokens(row: str) -> list[str]:
    """The tokens of a statement on one line (remikc/spec/tokens.py): words, quoted texts,
    braces, ...; a comment ends it.  A character no token takes (the first `.` of a `..` being
    typed) says nothing of the statement yet."""
    return [t.text for t in line_tokens(row) if t.type not in SKIPPED and t.type != ERROR]


def _continues(row: str, following: str) -> bool:
    """Whether the statement on `row` goes on on the next line (after a `,` or `:`, or before
    a `source`, an `assumed` or an `other`)."""
    return (code(line_tokens(row)).rstrip().endswith((",", ":"))
            or re.match(r"\s*(source|assumed|other)\b", following) is not None)


def word_at(text: str, line: int, column: int) -> tuple[str, int, int] | None:
    """The word under (line, column): its text, first and end column."""
    lines = text.split("\n")
    if line >= len(lines):
        return None
    for match in _WORD.finditer(lines[line]):
        if match.start() <= column <= match.end():
            return match.group(0), match.start(), match.end()
    return None


# --- what a word names --------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Named:
    """A rule or section a word names where it stands."""

    id: str
    entry: Key[object] | Section


def named(text: str, line: int, column: int) -> Named | None:
    """The rule or section whose name is under the cursor, read in its section: `hand` in
    `deal` is `deal.hand`; a word that is no rule's name there names nothing."""
    found = word_at(text, line, column)
    if found is None:
        return None
    word, _, end = found
    where = context(text, line, end)
    if _rests_on(where):  # a rule by its dotted id
        key = vocabulary.key(word)
        return Named(word, key) if key is not None else None
    # a rule's name starts its line; after `remove` it names what the parent gives
    if not where.in_variant or where.before not in ((), ("remove",)):
        return None
    section_id = where.section_id
    full = f"{section_id}.{word}" if section_id else word
    entry: Key[object] | Section | None = vocabulary.key(full) or vocabulary.section(full)
    return Named(full, entry) if entry is not None else None


def _rests_on(where: Context) -> bool:
    """Whether the cursor is among the rules a `remove check "<id>" because "..." on` line
    names, at the top of a variant."""
    return (where.in_variant and not where.sections and where.before[:2] == ("remove", "check")
            and "on" in where.before[5:])


def hover(path: str, documents: Mapping[str, str], line: int, column: int) -> str | None:
    """Markdown for the rule or section under the cursor: what it means, its resolved value,
    and where that value comes from in the `extends` chain."""
    text = text_of(path, documents)
    if text is None:
        return None
    target = named(text, line, column)
    if target is None:
        return None
    if isinstance(target.entry, Section):
        names = ", ".join(f"`{e.name}`" for e in target.entry.entries) or "lines of its own kind"
        kind = "optional section" if target.entry.optional else "section"
        return f"**{target.id}** ({kind})\n\nHolds: {names}."
    key = target.entry
    parts = [f"**{key.id}** ({'required' if key.required else 'optional'})"]
    meaning = rule_docs().get(key.id)
    if meaning:
        parts.append(meaning)
    numbers, values = vocabulary.numbers_of(key), vocabulary.values_of(key)
    if numbers:  # the bounds the reader checks; `any` and the like are in the words
        parts.append(f"Values: {numbers}.")
    elif values:
        parts.append("Values: " + ", ".join(f"`{w}`" for w in values) + ".")
    if key.example:
        parts.append(f"Example: `{key.example}`")
    space = workspace(documents)
    try:
        variant = space.variant(path)
        chain = space.chain(path)
    except SpecError:
        return "\n\n".join(parts)
    rule = variant.rule(key.id)
    if rule is None:
        parts.append(f"Not in `{variant.id}`.")
    else:
        value = f"Resolved value: `{describe(rule)}`, from `{rule.origin}` ({_where(rule.span)})"
        if rule.assumed:
            value += f"; assumed: {rule.assumed}"
        parts.append(value + ".")
        parts.extend(f"Source: “{quotation}”" for quotation in rule.sources)
        writers = [f"`{f.id}` ({_where(f.rules[key.id].rule.span)})" for f in reversed(chain)
                   if key.id in f.rules]
        if len(chain) > 1:
            parts.append("Extends chain: " + " → ".join(f"`{f.id}`" for f in chain)
                         + (". Written in " + ", ".join(writers) + "." if writers else "."))
    return "\n\n".join(parts)


def _where(span: Span) -> str:
    return f"{os.path.basename(span.file)}:{span.line}"


@functools.cache
def rule_docs() -> dict[str, str]:
    """What each rule means, from the tables of docs/dsl.md (`| \\`hand\\` (required) | what |
    example |`) when remikc runs from a source checkout; empty otherwise (the hover then says
    what the schema says: values and an example)."""
    reference = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"
    if not reference.is_file():
        return {}
    found: dict[str, str] = {}
    section = ""
    for row in reference.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"### (\w+)", row)
        if heading:
            section = heading.group(1)
            continue
        cell = re.match(r"\| `(\w+)` \((?:required|optional)\) \| (.*?) \|", row)
        if cell:
            rule_id = f"{section}.{cell.group(1)}"
            if vocabulary.key(rule_id) is None:
                rule_id = _nested(section, cell.group(1))
            found[rule_id] = cell.group(2)
    return found


def _nested(section: str, name: str) -> str:
    """`turn.draw.stock` for `stock` under `### turn`: the rule of that name in its section."""
    matches = [k.id for k in all_keys() if k.id.startswith(section + ".") and k.name == name]
    return matches[0] if matches else f"{section}.{name}"


# --- completion --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Completion:
    label: str
    kind: str  # "section" | "rule" | "value" | "variant" | "keyword"
    detail: str = ""
    insert: str | None = None


def completions(path: str, text: str, line: int, column: int) -> list[Completion]:
    """What may be written at the cursor: variant ids after `extends`, section and rule names
    at the start of a statement (those the current section holds), a rule's values after its
    name."""
    where = context(text, line, column)
    if not where.in_variant:
        if where.before[:1] == ("variant",) and "extends" in where.before:
            return _variants(path)
        return [] if where.before else [Completion("variant", "keyword")]
    if not where.before:
        return _statements(where.section_id)
    if _rests_on(where):
        return [Completion(rid, "rule", f"a rule of `{info.section or 'the variant'}` ({info.type})")
                for rid, info in REGISTRY.items() if rid not in where.before]
    head = where.before[0]
    section_id = where.section_id
    full = f"{section_id}.{head}" if section_id else head
    found = vocabulary.key(full)
    if found is None:
        return []
    if where.before[-1] in ("when", "and", "or", "not"):
        return _flags()
    if len(where.before) > 1:
        return []
    return [Completion(value, "value", f"a value of `{full}`") for value in vocabulary.values_of(found)]


def _flags() -> list[Completion]:
    return [Completion(flag.value, "value", "a fact a condition tests") for flag in ir.Flag]


def _statements(section_id: str) -> list[Completion]:
    out: list[Completion] = []
    kind = vocabulary.section(section_id)
    if kind is not None and kind.kind == "values":  # a line starts with the ranks it prices
        return [Completion(rank, "rule", "a rank's value") for rank in (*vocabulary.ranks(), "joker")]
    if kind is not None and kind.kind == "examples":
        return [Completion(k.value, "rule", "a kind of example") for k in ir.ExampleKind]
    for entry in vocabulary.entries(section_id):
        if isinstance(entry, Section):
            out.append(Completion(entry.name, "section", f"section `{entry.id}`",
                                  insert=entry.name + " {"))
        else:
            need = "required" if entry.required else "optional"
            out.append(Completion(entry.name, "rule", f"{need}; e.g. `{entry.example}`"))
    if section_id == "":
        out += [Completion("name", "rule", 'the variant\'s name in a language: name pl "..."'),
                Completion("remove", "keyword", "drop a rule, section or check of the parent"),
                Completion("override", "keyword", "change a rule the parent gives"),
                Completion("check", "keyword", 'a property to prove: check "title": ...')]
    return out


def _variants(path: str) -> list[Completion]:
    """The variants `extends` may name: the specs beside this one, and the shipped ones."""
    here = Path(path).name.removesuffix(SUFFIX)
    beside = {p.stem for p in Path(path).parent.glob("*" + SUFFIX)} if Path(path).parent.is_dir() else set()
    ids = sorted((beside | set(packaged_ids())) - {here})
    return [Completion(i, "variant", "beside this file" if i in beside else "shipped with remikc",
                       insert=i) for i in ids]


# --- outline -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Symbol:
    name: str
    kind: str  # "variant" | "section" | "rule" | "check"
    span: Span
    selection: Span
    children: tuple[Symbol, ...] = ()
    detail: str = ""  # a rule's value as written


def outline(path: str, text: str) -> list[Symbol]:
    """The variant, its sections and their rules and checks; nothing for a text that does not
    parse, or is past the largest spec remikc reads."""
    if oversized(text):
        return []
    try:
        spec = parse(text, path)
    except SpecError:
        return []
    return [Symbol(spec.id.text, "variant", spec.span, spec.id.span, _symbols(spec.body))]


def _symbols(items: tuple[syntax.Item, ...]) -> tuple[Symbol, ...]:
    out = []
    for item in items:
        if isinstance(item, syntax.Section):
            out.append(Symbol(item.name.text, "section", item.span, item.name.span, _symbols(item.body)))
        elif isinstance(item, syntax.Check):
            out.append(Symbol(f'check "{item.title.value}"', "check", item.span, item.title.span))
        else:
            key = item.key
            value = ", ".join(" ".join(_show(a) for a in group) for group in item.groups)
            out.append(Symbol(_show(key), "rule", item.span, key.span,
                              detail=value.removeprefix(_show(key)).lstrip()))
    return tuple(out)


def _show(atom: syntax.Atom) -> str:
    from ..spec.value_readers import show

    return show(atom)


# --- definition ----------------------------------------------------------------------------

def definition(path: str, documents: Mapping[str, str], line: int, column: int) -> Span | None:
    """Where the parent chain writes the rule under the cursor (an `override`, a rule that a
    house variant writes again, or what a `remove` line drops): the nearest ancestor that
    writes it.  On `extends "x"`: the parent's `variant` line."""
    text = text_of(path, documents)
    if text is None:
        return None
    row = text.split("\n")[line] if line < len(text.split("\n")) else ""
    space = workspace(documents)
    try:
        chain = space.chain(path)
    except SpecError:
        return None
    if re.match(r"\s*variant\b", row) and "extends" in row and len(chain) > 1:
        return chain[-2].spec.id.span
    rest = re.match(r"\s*(?:override|remove)\s+(\w+)", row)
    if rest is not None and column < rest.start(1):
        column = rest.start(1)  # on `override`: the rule it overrides
    target = named(text, line, column)
    if target is None:
        return None
    ancestors: list[FileRules] = chain[:-1]
    for parent in reversed(ancestors):
        if target.id in parent.rules:
            return parent.rules[target.id].rule.span
        if target.id in parent.sections:
            return parent.sections[target.id]
    return None


def file_of(span_file: str) -> str:
    """A real file for a span's file: a shipped seed spec (`remikc:specs/x.rules`) lies in the
    installed package."""
    if not is_packaged(span_file):
        return span_file
    folder = _packaged_folder()
    if folder is None:
        return span_file
    return str(folder.joinpath(span_file.removeprefix(PACKAGED + "/")))


# --- quick fixes ---------------------------------------------------------------------------

_DID_YOU_MEAN = re.compile(r"did you mean `([^`]+)`\?")


def suggestion(hint: str | None) -> str | None:
    """The word a "did you mean `x`?" hint proposes, or None."""
    if not hint:
        return None
    match = _DID_YOU_MEAN.search(hint)
    return match.group(1) if match else None
