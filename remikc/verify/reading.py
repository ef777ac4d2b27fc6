"""A variant seen through a recorder: which rules a check reads.

A check is handed `view(variant, reads)` in place of the variant.  Every attribute read
through it records the ids of the rules it returns: a rule (`v.scoring.not_opened`), a rule the
game does not have (`None` is a read too: giving the rule would change the answer), a whole
group (`v.values.ranks`, `v.turn.draw`, `v.rules`), or whether an optional part of the game is
there at all (`v.knocking`: its required rules say so).  A method of the IR (`v.deal.extra()`)
runs on the view, so what it reads is recorded as well.

`Reads` keeps one set per scope: what a scope records is also recorded by the scope around it,
and a memo that builds something once (a Z3 session the checks share) keeps what building it
read and records that again at every later use (`Reads.replay`), so a memo never hides a read.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

from .. import ir
from ..spec.registry import REGISTRY, RuleId, covered, part, parts, presence

# fields of the variant that are no rule: its name, files, examples, properties and notes
_NOT_RULES = frozenset({"id", "names", "parent", "lineage", "source", "examples", "checks",
                        "not_modelled", "dropped_checks", "notes", "wording"})
_ALL = frozenset(REGISTRY)


class Reads:
    """The rule ids read in each open scope, innermost last."""

    def __init__(self) -> None:
        self._open: list[set[RuleId]] = []

    def record(self, ids: frozenset[RuleId]) -> None:
        if self._open:
            self._open[-1].update(ids)

    def replay(self, ids: frozenset[RuleId]) -> None:
        """Record again what a memo read when it was built."""
        self.record(ids)

    @contextmanager
    def scope(self) -> Iterator[set[RuleId]]:
        found: set[RuleId] = set()
        self._open.append(found)
        try:
            yield found
        finally:
            self._open.pop()
            self.record(frozenset(found))


class _View:
    """`obj` (a part of the IR at `path`) whose reads `reads` records."""

    __slots__ = ("_obj", "_path", "_reads")

    def __init__(self, obj: object, path: str, reads: Reads) -> None:
        self._obj = obj
        self._path = path
        self._reads = reads

    def __getattr__(self, name: str) -> object:
        obj = self._obj
        attribute = getattr(type(obj), name, None)
        if isinstance(attribute, types.FunctionType):
            if name == "rule" and isinstance(obj, ir.Variant):
                return self._rule
            return types.MethodType(attribute, self)  # its reads go through this view
        if isinstance(attribute, property):
            assert attribute.fget is not None
            return attribute.fget(self)
        value = getattr(obj, name)
        if isinstance(obj, ir.Variant) and name in _NOT_RULES:
            return value
        path = f"{self._path}.{name}" if self._path else name
        if name == "rules" and isinstance(obj, ir.Variant):
            self._reads.record(_ALL)
            return value
        ids = covered(path)
        if value is None or isinstance(value, ir.Rule | tuple) or not ids:
            self._reads.record(ids)
            return value
        # a part of the game: that an optional one is there is read (as the part's id); its
        # rules are recorded as they are read
        self._reads.record(part(path))
        return _View(value, path, self._reads)

    def _rule(self, rule_id: str) -> ir.Rule[object] | None:
        self._reads.record(covered(rule_id))
        variant = cast(ir.Variant, self._obj)
        return variant.rule(rule_id)

    def __repr__(self) -> str:
        return f"view({self._obj!r})"


def view(variant: ir.Variant, reads: Reads) -> ir.Variant:
    """`variant` as a check reads it: every rule read is recorded in `reads`."""
    return cast(ir.Variant, _View(variant, "", reads))


def changed(variant: ir.Variant, parent: ir.Variant) -> frozenset[RuleId]:
    """Ids of the rules whose value differs from the parent's (added or dropped included), and
    of each optional part of the game one of them has and the other has not."""
    mine = {r.id: r.value for r in variant.rules}
    theirs = {r.id: r.value for r in parent.rules}
    rules = {RuleId(rule) for rule in mine.keys() | theirs.keys() if mine.get(rule) != theirs.get(rule)}
    for path in parts():
        required = presence(path)
        if any(r in mine for r in required) != any(r in theirs for r in required):
            rules.add(RuleId(path))
    return frozenset(rules)
