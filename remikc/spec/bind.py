"""The per-file binding pass: one file's syntax tree read against the schema, `bind(spec) -> FileRules`.

This pass knows nothing of `extends`; it reports what one file says, each rule
typed and located: unknown sections and rules (with "did you mean"), values
that do not fit, and rules written twice in the same file (naming both).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .. import ir
from ..cards import Card
from ..diagnostics import Collector, Diagnostic, Note, Span, did_you_mean, error
from . import author_checks, house, syntax, value_readers
from .schema import LANGUAGES, LOOKUP, RANK_KEYS, SCHEMA, Key, Section, all_sections, value_rule_id
from .value_readers import Args, Bad


@dataclass(frozen=True, slots=True)
class Written:
    """A rule as one file writes it; `override` is where the keyword stands, if it does."""

    rule: ir.Rule[object]
    override: Span | None


@dataclass(frozen=True, slots=True)
class Unread:
    """What a file's lines meant but could not say: the rules whose line was refused, and the
    sections holding a line whose name was not understood (a misspelt rule or section could
    be any of theirs).  Lowering a file read with errors does not report these again as
    missing: one slip, one diagnostic."""

    rules: frozenset[str] = frozenset()
    sections: frozenset[str] = frozenset()  # section ids; "" the top level, "name" the names

    def __bool__(self) -> bool:
        return bool(self.rules or self.sections)

    def covers(self, rule_id: str) -> bool:
        """Whether a missing `rule_id` may be the unreadable line's doing."""
        section = rule_id.rpartition(".")[0]
        return rule_id in self.rules or section in self.sections


@dataclass(frozen=True, slots=True)
class FileRules:
    spec: syntax.Spec
    names: dict[str, ir.Rule[str]]
    rules: dict[str, Written]
    sections: dict[str, Span]  # section id -> where this file opens it
    examples: tuple[ir.Example, ...]
    checks: tuple[ir.Check, ...]
    not_modelled: tuple[ir.NotModelled, ...]
    removed: dict[str, Span]  # rule or section id -> the `remove` line dropping it from the parent's
    removed_checks: dict[str, Span]  # a parent's check title -> the `remove check` line
    # a built-in check id -> the reason and the `remove check "<id>" because "<reason>"` line
    # (and the rules the reason rests on, `on <rule> ...`; none named: what the check reads)
    dropped_checks: dict[str, tuple[str, tuple[str, ...], Span]] = field(default_factory=dict)
    # house notes and own wordings, each with where its `override` stands, if it does
    notes: tuple[tuple[ir.HouseNote, Span | None], ...] = ()
    wording: tuple[tuple[ir.Wording, Span | None], ...] = ()
    removed_notes: tuple[tuple[tuple[str, str], Span], ...] = ()  # `remove note pl [<rule>]`
    unread: Unread = field(default_factory=Unread)

    @property
    def id(self) -> str:
        return self.spec.id.text


def bind(spec: syntax.Spec) -> FileRules:
    """Every rule the file writes, typed; raises `SpecError` listing all problems."""
    rules, problems = bind_all(spec)
    problems.raise_if_errors()
    return rules


def bind_all(spec: syntax.Spec) -> tuple[FileRules, Collector]:
    """Every rule the file writes that could be read, and every problem: a line with an error
    is left out (and named in `FileRules.unread`), so the passes after this one can still
    report their own mistakes in the same run."""
    walker = _Walker(spec)
    walker.section(SCHEMA, spec.body)
    for line in spec.set_aside:
        # a line a syntax error set aside may have been any rule of its section
        walker.unread_sections.add(_section_at(spec.body, line, spec.set_aside))
    unread = Unread(frozenset(walker.unread_rules), frozenset(walker.unread_sections))
    return FileRules(spec, walker.names, walker.rules, walker.sections, tuple(walker.examples),
                     tuple(walker.checks), tuple(walker.not_modelled), walker.removed,
                     walker.removed_checks, walker.dropped_checks, tuple(walker.notes),
                     tuple(walker.wording), tuple(walker.removed_notes), unread), walker.problems


class _Walker:
    def __init__(self, spec: syntax.Spec) -> None:
        self.origin = spec.id.text
        self.set_aside = spec.set_aside
        self.problems = Collector()
        self.names: dict[str, ir.Rule[str]] = {}
        self.rules: dict[str, Written] = {}
        self.sections: dict[str, Span] = {}
        self.examples: list[ir.Example] = []
        self.checks: list[ir.Check] = []
        self.not_modelled: list[ir.NotModelled] = []
        self.removed: dict[str, Span] = {}
        self.removed_checks: dict[str, Span] = {}
        self.dropped_checks: dict[str, tuple[str, tuple[str, ...], Span]] = {}
        self.notes: list[tuple[ir.HouseNote, Span | None]] = []
        self.wording: list[tuple[ir.Wording, Span | None]] = []
        self.removed_notes: list[tuple[tuple[str, str], Span]] = []
        self.unread_rules: set[str] = set()
        self.unread_sections: set[str] = set()

    def report(self, bad: Bad) -> None:
        self.problems.add(error(bad.code, bad.message, bad.span, hint=bad.hint))

    # --- structure -----------------------------------------------------------------

    def section(self, schema: Section, items: Iterable[syntax.Item]) -> None:
        for item in items:
            if isinstance(item, syntax.Section):
                self.subsection(schema, item)
            elif isinstance(item, syntax.Check):
                self.check(schema, item)
            elif (isinstance(item.key, syntax.Word) and item.key.text == "note"
                  and schema.kind in ("rules", "values")):
                self.guard(lambda line: self.note(schema, line), item)
            elif schema.kind == "wording":
                self.guard(self.own_wording, item)
            elif isinstance(item.key, syntax.Word) and item.key.text == "remove":
                self.guard(lambda line: self.remove(schema, line), item)
            elif schema.kind == "values":
                self.guard(self.value_line, item, unread=schema.id, rule=True)
            elif schema.kind == "examples":
                self.guard(self.example, item, rule=True)
            elif schema.kind == "not_modelled":
                self.guard(self.not_modelled_line, item)
            else:
                self.setting(schema, item)

    def guard(self, read: Callable[[syntax.Setting], None], item: syntax.Setting,
              unread: str | None = None, rule: bool = False) -> None:
        """Reads one line; `rule`: a rule or an example, which may quote the seed's sentences."""
        try:
            if item.sources and not rule:
                raise Bad("only a rule takes a `source`: this line states none", item.sources[0].span,
                          code="E012", hint="quote the seed in a comment here (`# \"...\"`), or put "
                          "the `source` under the rule that encodes the sentence")
            read(item)
        except Bad as bad:
            self.report(bad)
            if unread is not None:
                self.unread_sections.add(unread)

    def subsection(self, parent: Section, item: syntax.Section) -> None:
        if item.name.span.line in self.set_aside:
            # the stand-in for a line in error that opened a section: which one is not known,
            # so its lines are not read, and any rule may be missing for its sake
            self.unread_sections.update(["", *(s.id for s in all_sections())])
            return
        name = item.name.text
        wanted = f"{parent.id}.{name}" if parent.id else name
        schema = LOOKUP.sections.get(wanted)
        if schema is None or parent.kind != "rules":
            self.unknown(parent, item.name, is_section=True)
            self.unread_sections.add(parent.id)
            return
        if wanted in self.sections:
            first = self.sections[wanted]
            self.problems.add(error(
                "E015", f"section `{name}` is written twice", item.name.span,
                notes=[Note("first written here", first)],
                hint="put all its rules in one section"))
            return
        self.sections[wanted] = item.name.span
        self.section(schema, item.body)

    def unknown(self, parent: Section, word: syntax.Word, *, is_section: bool) -> None:
        name = word.text
        here = [e.name for e in parent.entries] if parent.kind == "rules" else []
        if not parent.id:
            here += ["name"]
        where = f"in `{parent.name}`" if parent.id else "at the top of a variant"
        what = "section" if is_section else "rule"
        elsewhere = _home_of(name)
        hint: str | None
        if elsewhere is not None and name not in here:
            hint = f"`{name}` belongs in `{elsewhere}`" if elsewhere else f"`{name}` goes at the top level"
            if parent.id and 0 < len(here) <= 4:
                # `knocking { allowed always }`: the section allows by being there; say what it takes
                hint += f"; `{parent.name}` takes " + ", ".join(f"`{n}`" for n in here)
        else:
            hint = did_you_mean(name, here)
        keyword = did_you_mean(name, ("override", "remove"))
        if keyword is not None and name not in ("override", "remove"):
            # `Override`, `overide`: the word before the rule, misspelt, read as a rule name
            hint = f"{keyword} `override` and `remove` are lower-case words before a rule's name"
        if parent.kind != "rules":
            hint = f"`{parent.name}` holds lines, not sections"
        self.problems.add(error("E010" if is_section else "E011", f"unknown {what} `{name}` {where}",
                                word.span, hint=hint))

    def check(self, schema: Section, item: syntax.Check) -> None:
        if schema.id:
            self.problems.add(error("E011", "a `check` goes at the top level of the variant",
                                    item.span))
            return
        problems = author_checks.validate(item.expr)
        self.problems.extend(problems)
        if not problems:
            self.checks.append(ir.Check(item.title.value, item.expr, item.span, self.origin))

    # --- rules ---------------------------------------------------------------------

    def setting(self, schema: Section, item: syntax.Setting) -> None:
        key_atom = item.key
        if not isinstance(key_atom, syntax.Word):
            self.problems.add(error("E011", f"expected a rule name, found `{value_readers.show(key_atom)}`",
                                    key_atom.span))
            self.unread_sections.add(schema.id)
            return
        if not schema.id and key_atom.text == "name":
            self.guard(self.name, item, unread="name")
            return
        key = next((e for e in schema.entries if isinstance(e, Key) and e.name == key_atom.text), None)
        if key is None:
            sections = {e.name for e in schema.entries if isinstance(e, Section)}
            if key_atom.text in sections:
                self.problems.add(error("E011", f"`{key_atom.text}` is a section, not a rule",
                                        key_atom.span, hint=f"write `{key_atom.text} {{ ... }}`"))
            else:
                self.unknown(schema, key_atom, is_section=False)
            self.unread_sections.add(schema.id)
            return
        stray = _stray_other(item, key_atom.text)
        if stray is not None:
            self.report(stray)
            self.unread_rules.add(key.id)
            return
        args = Args((item.groups[0][1:], *item.groups[1:]), item.condition, item.span, key_atom.text)
        try:
            value = key.read(args)
        except Bad as bad:
            self.report(bad)
            self.unread_rules.add(key.id)
            return
        self.put(key.id, value, item)

    def put(self, rule_id: str, value: object, item: syntax.Setting) -> None:
        assumed = item.assumed.value if item.assumed else None
        other = item.other.value if item.other else None
        sources = tuple(t.value for t in item.sources)
        rule: ir.Rule[object] = ir.Rule(rule_id, value, item.span, self.origin, assumed, other, sources)
        first = self.rules.get(rule_id)
        if first is not None:
            self.problems.add(_twice(rule_id, item.span, first.rule.span))
            return
        self.rules[rule_id] = Written(rule, item.override)

    def remove(self, schema: Section, item: syntax.Setting) -> None:
        """`remove <rule or section>`: drop what the parent gives (checked when merging)."""
        _no_clauses(item)
        atoms = [a for g in item.groups for a in g]
        if item.override is not None:
            raise Bad("`override remove` says two things: write `remove <name>`", item.override,
                      code="E019")
        if (len(atoms) in (3, 4) and isinstance(atoms[1], syntax.Word) and atoms[1].text == "note"
                and schema.kind in ("rules", "values")):
            place = house.removed_note(schema, atoms[2:])
            first = next((span for p, span in self.removed_notes if p == place), None)
            if first is not None:
                self.problems.add(_twice(f"remove note {place[1]} {place[0] or '(the variant)'}",
                                         item.span, first))
                return
            self.removed_notes.append((place, item.span))
            return
        if (len(atoms) == 3 and isinstance(atoms[1], syntax.Word) and atoms[1].text == "check"
                and isinstance(atoms[2], syntax.Text) and not schema.id):
            title = atoms[2].value
            if title in self.removed_checks:
                self.problems.add(_twice(f'check "{title}"', item.span, self.removed_checks[title]))
                return
            self.removed_checks[title] = item.span
            return
        if (len(atoms) >= 5 and isinstance(atoms[1], syntax.Word) and atoms[1].text == "check"
                and isinstance(atoms[2], syntax.Text) and isinstance(atoms[3], syntax.Word)
                and atoms[3].text == "because" and isinstance(atoms[4], syntax.Text) and not schema.id):
            self.drop_check(atoms[2], atoms[4], _rests_on(atoms[5:]), item.span)
            return
        if len(atoms) != 2 or not isinstance(atoms[1], syntax.Word):
            raise Bad("expected `remove <rule or section>`, e.g. `remove joker_swap`, or "
                      '`remove check "<title>"` at the top of a variant', item.span)
        word = atoms[1]
        if schema.kind == "values":
            names = [*RANK_KEYS, "joker"]
            target = f"values.{word.text}" if word.text in names else None
        elif schema.kind == "rules":
            names = [e.name for e in schema.entries]
            entry = next((e for e in schema.entries if e.name == word.text), None)
            target = entry.id if entry is not None else None
        else:
            raise Bad(f"`{schema.name}` holds this file's own lines; nothing is inherited to remove",
                      item.span)
        if target is None:
            where = f"in `{schema.name}`" if schema.id else "at the top of a variant"
            raise Bad(f"nothing called `{word.text}` {where}", word.span, code="E011",
                      hint=did_you_mean(word.text, names))
        if target in self.removed:
            self.problems.add(_twice(target, item.span, self.removed[target]))
            return
        self.removed[target] = item.span

    def drop_check(self, check: syntax.Text, reason: syntax.Text, rests_on: tuple[str, ...],
                   span: Span) -> None:
        """`remove check "<id>" because "<reason>" [on <rule> ...]`: a built-in check, by id,
        with the reason the report shows in its place and the rules that reason rests on."""
        from ..verify.findings import BUILT_IN_CHECKS

        if check.value not in BUILT_IN_CHECKS:
            # a title, not an id: most likely a parent's own `check "<title>": ...`, which is
            # removed without a reason
            hint = did_you_mean(check.value, BUILT_IN_CHECKS) or (
                f'a check a spec writes (`check "<title>": ...`) is removed by its title alone: '
                f'`remove check "{check.value}"`, without `because`; built-in checks: '
                + ", ".join(BUILT_IN_CHECKS))
            raise Bad(f'no built-in check "{check.value}" to remove', check.span, code="E011", hint=hint)
        if not reason.value.strip():
            raise Bad("say why the check does not apply: `because \"<reason>\"`", reason.span)
        if check.value in self.dropped_checks:
            self.problems.add(_twice(f'check "{check.value}"', span, self.dropped_checks[check.value][2]))
            return
        self.dropped_checks[check.value] = (reason.value, rests_on, span)

    def name(self, item: syntax.Setting) -> None:
        atoms = [a for g in item.groups for a in g]
        if len(atoms) != 3 or not isinstance(atoms[1], syntax.Word) or not isinstance(atoms[2], syntax.Text):
            raise Bad('expected `name <language> "<name>"`, e.g. `name pl "Remik 51"`', item.span)
        language = atoms[1].text
        if language not in LANGUAGES:
            raise Bad(f"`{language}` is not a rulebook language", atoms[1].span,
                      hint="languages are " + ", ".join(LANGUAGES))
        if item.override is not None:
            raise Bad("names are not inherited, so there is nothing to override", item.override,
                      code="E019", hint="remove `override`")
        rule_id = f"name.{language}"
        if rule_id in self.names:
            self.problems.add(_twice(rule_id, item.span, self.names[rule_id].span))
            return
        self.names[rule_id] = ir.Rule(rule_id, atoms[2].value, item.span, self.origin)

    def value_line(self, item: syntax.Setting) -> None:
        _no_clauses(item)
        stray = _stray_other(item, value_readers.show(item.key))
        if stray is not None:
            raise stray
        line = value_readers.rank_line(item.groups[0], item.groups[1:], item.span, _home_of)
        for rank, _span in line.ranks:
            value = line.value
            if isinstance(value, ir.CardValue) and value.face:
                value = ir.CardValue(rank, (), face=True)
            self.put(value_rule_id(rank), value, item)

    # --- a house's own words (spec/house.py) -----------------------------------------

    def note(self, schema: Section, item: syntax.Setting) -> None:
        note = house.read_note(schema, item, self.origin)
        first = next((n for n, _ in self.notes if (n.place, n.language) == (note.place, note.language)), None)
        if first is not None:
            self.problems.add(_twice(f"note {note.language} {note.place or '(the variant)'}", item.span,
                                     first.span))
            return
        self.notes.append((note, item.override))

    def own_wording(self, item: syntax.Setting) -> None:
        own = house.read_wording(item, self.origin)
        first = next((w for w, _ in self.wording if (w.key, w.language) == (own.key, own.language)), None)
        if first is not None:
            self.problems.add(_twice(f"wording {own.language} \"{own.key}\"", item.span, first.span))
            return
        self.wording.append((own, item.override))

    # --- lists ---------------------------------------------------------------------

    def example(self, item: syntax.Setting) -> None:
        _no_clauses(item)
        if item.override is not None:
            raise Bad("examples are added, not overridden", item.override, code="E019",
                      hint="remove `override`")
        kind_atom = item.key
        kinds = [k.value for k in ir.ExampleKind]
        if not isinstance(kind_atom, syntax.Word) or kind_atom.text not in kinds:
            raise Bad(f"`{value_readers.show(kind_atom)}` is not a kind of example", kind_atom.span,
                      hint=did_you_mean(value_readers.show(kind_atom), kinds)
                      or "kinds are " + ", ".join(kinds))
        kind = ir.ExampleKind(kind_atom.text)
        groups = [list(item.groups[0][1:]), *[list(g) for g in item.groups[1:]]]
        points = None
        last = groups[-1]
        if len(last) >= 2 and isinstance(last[-2], syntax.Word) and last[-2].text == "worth":
            points = value_readers._number_in(last[-1], -10000, 10000, "a number of points")
            groups[-1] = last[:-2]
        laid: Card | None = None
        if kind is ir.ExampleKind.LAY_OFF:
            first = groups[0]
            if len(first) < 3 or not (isinstance(first[1], syntax.Word) and first[1].text == "on"):
                raise Bad("expected `lay_off <card> on <meld>`, e.g. `lay_off 6♠ on 3♠ 4♠ 5♠`",
                          item.span)
            laid = value_readers.card(first[0], declared=True)
            groups[0] = first[2:]
        # a play, so its jokers may say what they stand for (JK=5♥, docs/notation.md)
        melds = tuple(tuple(value_readers.card(a, declared=True) for a in g) for g in groups)
        if any(not m for m in melds):
            raise Bad("an example needs cards", item.span)
        if kind not in (ir.ExampleKind.OPENING, ir.ExampleKind.NOT_OPENING) and len(melds) > 1:
            raise Bad(f"a `{kind.value}` example is one meld: drop the commas", item.span)
        self.examples.append(ir.Example(kind, melds, item.span, self.origin, points, laid,
                                        tuple(t.value for t in item.sources)))

    def not_modelled_line(self, item: syntax.Setting) -> None:
        _no_clauses(item)
        atoms = [a for g in item.groups for a in g]
        shape = 'expected `"<what the seed says>" because "<why it is left out>"`'
        language = None
        translations: list[tuple[str, str]] = []
        if len(atoms) >= 5 and isinstance(atoms[0], syntax.Word) and atoms[0].text == "option":
            # `option pl "..." [hr "..."] because "..."`: a choice the seed offers, named in the
            # rulebook of its language, and in another's where the author translated it
            language = house.read_language(atoms[1])
            rest = atoms[3:]
            while len(rest) > 2 and isinstance(rest[0], syntax.Word) and rest[0].text != "because":
                code = house.read_language(rest[0])
                if code == language or any(code == c for c, _ in translations):
                    raise Bad(f"`{code}` is given twice in this option", rest[0].span)
                if not isinstance(rest[1], syntax.Text):
                    raise Bad(f'expected the option in `{code}` words, quoted: `{code} "..."`', rest[1].span)
                translations.append((code, rest[1].value))
                rest = rest[2:]
            atoms = [atoms[2], *rest]
        if (len(atoms) != 3 or not isinstance(atoms[0], syntax.Text)
                or not (isinstance(atoms[1], syntax.Word) and atoms[1].text == "because")
                or not isinstance(atoms[2], syntax.Text)):
            raise Bad(shape, item.span)
        self.not_modelled.append(ir.NotModelled(atoms[0].value, atoms[2].value, item.span, self.origin,
                                                language, tuple(translations)))


def _section_at(body: tuple[syntax.Item, ...], line: int, set_aside: frozenset[int],
                prefix: str = "") -> str:
    """The id of the innermost section of `body` (`prefix` its own id) whose lines hold `line`
    ("" the top level)."""
    for item in body:
        if (isinstance(item, syntax.Section) and item.name.span.line not in set_aside
                and item.span.line <= line <= item.span.end_line):
            inner = f"{prefix}.{item.name.text}" if prefix else item.name.text
            return _section_at(item.body, line, set_aside, inner)
    return prefix


def _stray_other(item: syntax.Setting, rule: str) -> Bad | None:
    """`hand 7 other "8"`: an `other` reading without `assumed` before it.  Read as a value it
    would get the rule's own complaint, which says nothing of what was meant."""
    from .parser import ASSUMED_SHAPE  # here: the parser is not needed to bind a tree

    stray = next((a for g in item.groups for a in g[1:] if isinstance(a, syntax.Word) and a.text == "other"),
                 None)
    if stray is None:
        return None
    return Bad("`other` stands without `assumed`: the other reading is given only for an assumed "
               "value", stray.span, code="E012",
               hint=f'write {ASSUMED_SHAPE} after the value, e.g. `{rule} ... assumed "the seed does '
               'not say" other "..."`')


def _no_clauses(item: syntax.Setting) -> None:
    if item.condition is not None:
        raise Bad("this line takes no `when` condition", item.condition.span)



def _twice(rule_id: str, span: Span, first: Span) -> Diagnostic:
    return error("E015", f"`{rule_id}` is given twice", span,
                 notes=[Note("first given here", first)],
                 hint="keep one of them; a house variant changes a rule with `override` in its own file")


def _home_of(name: str) -> str | None:
    """The section where a rule of this name lives, '' for the top level, None if none."""
    for key in _KEYS_BY_NAME.get(name, []):
        return key.id.rsplit(".", 1)[0] if "." in key.id else ""
    return None


def _index() -> dict[str, list[Key[object]]]:
    from .schema import all_keys

    out: dict[str, list[Key[object]]] = {}
    for key in all_keys():
        out.setdefault(key.name, []).append(key)
    return out


_KEYS_BY_NAME = _index()


def _rests_on(atoms: list[syntax.Atom]) -> tuple[str, ...]:
    """The rules after `on` in `remove check "<id>" because "<reason>" on <rule> ...`, each a
    rule's dotted id the registry holds (`scoring.not_opened`), once each."""
    from .registry import REGISTRY

    if not atoms:
        return ()
    if not isinstance(atoms[0], syntax.Word) or atoms[0].text != "on":
        raise Bad("expected `on <rule> ...` after the reason, e.g. `on scoring.not_opened`",
                  atoms[0].span)
    if len(atoms) == 1:
        raise Bad("name the rules the reason rests on after `on`", atoms[0].span,
                  hint="a rule by its dotted id, e.g. `on scoring.not_opened`")
    rules: list[str] = []
    for atom in atoms[1:]:
        if not isinstance(atom, syntax.Word):
            raise Bad("expected a rule's dotted id, e.g. `scoring.not_opened`", atom.span)
        if atom.text not in REGISTRY:
            by_name = sorted(r for r in REGISTRY if r.rpartition(".")[2] == atom.text)
            hint = (f"name a rule with its section: `{by_name[0]}`" if by_name
                    else did_you_mean(atom.text, REGISTRY))
            raise Bad(f"no rule `{atom.text}` to rest a reason on", atom.span, code="E011",
                      hint=hint or "a rule is named by its dotted id, e.g. `scoring.not_opened`")
        if atom.text in rules:
            raise Bad(f"`{atom.text}` is named twice", atom.span)
        rules.append(atom.text)
    return tuple(rules)
