"""The rule registry: every rule of the language, one row each, built from the schema.

A row gives the rule's id, the section it stands in, the type of its value in the IR, whether
a base game must give it, and what a game that does not give it means (`default`).  `RuleId`
is the type of a rule's id: `rule_id(text)` is the one way to make one from a string, and it
refuses an id the registry does not hold.  Which code reads a rule is not kept here by hand:
the checks record what they read as they run (remikc/verify/reading.py), and the runtime's
names say which rules each comes from (remikc/emit/names.py, `readers`); `places` finds the
modules of the verifier and of the emitters (the rulebooks' too) that name a rule, for the
documentation and its tests.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NewType

from .. import ir
from . import schema as S

RuleId = NewType("RuleId", str)
"""A rule's dotted id (`scoring.not_opened`), one the registry holds; in a read-set also an
optional part of the game by its section's id (`opening`: whether the game has one, `part`)."""


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """One rule: `type` is its value's type in the IR (`int`, `PerPlayers[int]`, `Condition`);
    `required`: a spec that has its section must give it; `default`: what a game that leaves
    it out means, "" where a base game must give it."""

    id: RuleId
    section: str
    type: str
    required: bool
    default: str
    example: str


# the IR's fields that hold several rules: path in the IR -> the rule ids they hold
_GROUPS = {"values.ranks": tuple(S.value_rule_id(rank) for rank in range(1, 14))}
_ABSENT = "not in this game"


def _field_type(rule_id: str) -> str:
    """The type of the IR field that holds `rule_id`, read from the IR's own annotations."""
    if rule_id.startswith("values."):
        return "JokerValue" if rule_id == "values.joker" else "CardValue"
    cls: type = ir.Variant
    *parts, last = rule_id.split(".")
    for part in parts:
        if cls is ir.Turn and part == "draw":
            return "Condition"  # the draw sources, a (source, rule) pair each
        annotation = {f.name: str(f.type) for f in dataclasses.fields(cls)}[part]
        cls = getattr(ir, annotation.split(" | ")[0])
    annotation = {f.name: str(f.type) for f in dataclasses.fields(cls)}[last]
    return annotation.split(" | None")[0].removeprefix("Rule[").removesuffix("]")


def _rows() -> dict[RuleId, RuleInfo]:
    rows: dict[RuleId, RuleInfo] = {}

    def walk(section: S.Section, optional: bool) -> None:
        for entry in section.entries:
            if isinstance(entry, S.Section):
                if entry.kind == "values":
                    for rank in range(14):
                        rid = RuleId(S.value_rule_id(rank))
                        rows[rid] = RuleInfo(rid, "values", _field_type(rid), rank != 0,
                                             "" if rank else _ABSENT, "")  # every rank needs a value
                elif entry.kind == "rules":
                    walk(entry, optional or entry.optional)
                continue
            rid = RuleId(entry.id)
            required = entry.required and not optional
            default = "" if required else (
                f"{_ABSENT} (its section `{section.id}` is optional)" if entry.required else _ABSENT)
            rows[rid] = RuleInfo(rid, section.id, _field_type(entry.id), entry.required, default,
                                 entry.example)

    walk(S.SCHEMA, False)
    return rows


REGISTRY: Mapping[RuleId, RuleInfo] = _rows()
"""Every rule, in the schema's order."""


def rule_id(text: str) -> RuleId:
    """`text` as a rule id; a ValueError for an id the registry does not hold."""
    if text not in REGISTRY:
        raise ValueError(f"no rule `{text}` in the registry")
    return RuleId(text)


@functools.cache
def covered(path: str) -> frozenset[RuleId]:
    """The rules an IR path holds: one rule, a group (`values.ranks`) or a section's rules."""
    if path in _GROUPS:
        return frozenset(RuleId(r) for r in _GROUPS[path])
    return frozenset(r for r in REGISTRY if r == path or r.startswith(path + "."))


@functools.cache
def presence(path: str) -> frozenset[RuleId]:
    """The rules whose being given makes an optional part of the game (`knocking`) there:
    its required rules; nothing for a part every game has."""
    section = S.LOOKUP.sections.get(path)
    if section is None or not section.optional:
        return frozenset()
    return frozenset(r for r in covered(path) if REGISTRY[r].required)


@functools.cache
def part(path: str) -> frozenset[RuleId]:
    """What reading whether an optional part of the game is there (`v.opening`, not None)
    reads: the part's own id, which a house variant changes only by adding or dropping the
    part (`changed` in remikc/verify/reading.py); nothing for a part every game has.  Its
    required rules would say too much: `min_points 40` leaves a game with an opening."""
    return frozenset({RuleId(path)}) if presence(path) else frozenset()


@functools.cache
def parts() -> tuple[str, ...]:
    """The optional parts of a game with rules of their own, by section id."""
    return tuple(s.id for s in S.LOOKUP.sections.values() if s.optional and presence(s.id))


def readers(rid: RuleId) -> tuple[str, ...]:
    """The runtime's names that come from `rid` (remikc/emit/names.py), by name."""
    from ..emit.names import NAMES

    return tuple(n.name for n in NAMES if not callable(n.rules) and rid in n.rules)


# the folders whose modules read rules by name: the checks and their encodings, the generated
# module's rules block and the rulebooks
# folders, and the one definition of scores and draws the verifier and the emitters share
_READING = ("verify", "emit", "scoring.py", "drawing.py")


def places(rid: RuleId) -> tuple[str, ...]:
    """The modules of remikc/verify and remikc/emit (the rulebooks' included), and
    remikc/scoring.py and drawing.py, whose source names
    `rid`, by its id (`"scoring.not_opened"`) or as the IR spells it (`scoring.not_opened`,
    also through a local name: `s = v.scoring` then `s.not_opened`), as paths from the
    project's root; for docs/internals.md's checklist and its test, which
    read the source as it stands (a check's own reads are recorded as it runs instead)."""
    return tuple(path for path, source in _sources() if _names(rid).search(source))


@functools.cache
def _sources() -> tuple[tuple[str, str], ...]:
    from pathlib import Path

    package = Path(__file__).resolve().parents[1]
    return tuple((path.relative_to(package.parent).as_posix(),
                  _spelt_out(path.read_text(encoding="utf-8")))
                 for place in _READING
                 for path in ([package / place] if place.endswith(".py")
                              else sorted((package / place).rglob("*.py")))
                 if path.name != "reading.py")  # the recorder names rules only as examples


def _spelt_out(source: str) -> str:
    """`source`, and after it each rule read through a local name, spelt as the IR spells it:
    `swap = w.v.joker_swap` and then `swap.card_from` read `joker_swap.card_from`, which no
    scan of the text alone would find."""
    reads: list[str] = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        sections: dict[str, str] = {}  # local name -> the section of the IR it holds
        nodes = sorted((n for n in ast.walk(function) if isinstance(n, ast.Assign | ast.Attribute)),
                       key=lambda n: (n.lineno, n.col_offset))
        for node in nodes:
            if isinstance(node, ast.Assign):
                if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    section = _section_of(node.value, sections)
                    if section is not None:
                        sections[node.targets[0].id] = section
                    else:
                        sections.pop(node.targets[0].id, None)
            elif isinstance(node.value, ast.Name) and node.value.id in sections:
                reads.append(f"{sections[node.value.id]}.{node.attr}")
    return "\n".join([source, *reads])


def _section_of(expr: ast.expr, sections: Mapping[str, str]) -> str | None:
    """The section of the IR an attribute chain ends at (`v.turn.rearrange`: `turn.rearrange`),
    through a local name that holds one; None for anything else."""
    chain: list[str] = []
    while isinstance(expr, ast.Attribute):
        chain.insert(0, expr.attr)
        expr = expr.value
    if isinstance(expr, ast.Name) and expr.id in sections:
        chain.insert(0, sections[expr.id])
    for start in range(len(chain)):
        if (suffix := ".".join(chain[start:])) in S.LOOKUP.sections:
            return suffix
    return None


@functools.cache
def _names(rid: str) -> re.Pattern[str]:
    parts = rid.split(".")
    spelt = [re.escape(f'"{rid}"')]
    if parts[0] == "values" and rid != "values.joker":  # a rank's value, read with the others
        spelt.append(r"\bvalues\.(?:ranks|of_rank)\b")
    elif len(parts) >= 2:
        spelt.append(r"\b" + r"\.".join(map(re.escape, parts[-2:])) + r"\b")
    else:  # a rule of the game itself, read from the variant: `v.stock_empty`
        spelt.append(r"\b(?:v|variant)\." + re.escape(rid) + r"\b")
    if rid.startswith("turn.draw."):
        spelt.append(r"\bturn\.draw\b")  # the draw sources are read as one list of pairs
    return re.compile("|".join(spelt))
