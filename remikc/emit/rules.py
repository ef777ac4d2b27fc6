"""`rules_block(variant, show) -> Code`: the rules section of a generated module.

remikc/runtime/rules.py declares, once and typed, every name the runtime reads; the table of
remikc/emit/names.py gives each its value for one variant and the rule ids and spec lines it
comes from, in the same order, and this module renders them (remikc/templates/rules.py.j2).  A
name the runtime declares and the table does not give, or the other way round, stops the build.
"""

from __future__ import annotations

import ast
import hashlib
import textwrap
from collections.abc import Mapping
from importlib import resources

from .. import ir
from .names import CONDITIONS, DIGEST, NAMES, Cited, declared, resolved
from .render import environment
from .safe import Code, comment, identifier, literal

# What does not change the game: names and the words of reasons (which cite spec lines).
_NOT_RULES = frozenset({DIGEST, "VARIANT_NAME", "VARIANT_NAMES", "_REASONS", "_NOUNS", "_PLURALS",
                        "_JOKER_WORDS"})


def rules_sha256(values: Mapping[str, object], conditions: Mapping[str, Code]) -> str:
    """`sha256:...` of every rule's value and condition, by name: the same for two builds whose
    rules are the same, whatever their comments, spec lines or remikc release."""
    digest = hashlib.sha256()
    for name in sorted(values):
        if name not in _NOT_RULES and not name.startswith("_WHY_"):
            digest.update(f"{name}={literal(values[name])}\n".encode())
    for name in sorted(conditions):
        digest.update(f"{name}:{conditions[name]}\n".encode())
    return "sha256:" + digest.hexdigest()


def _functions() -> tuple[tuple[str, str], ...]:
    """The condition functions remikc/runtime/rules.py declares, with their parameters."""
    tree = ast.parse(resources.files("remikc.runtime").joinpath("rules.py").read_text(encoding="utf-8"))
    return tuple((node.name, ast.unparse(node.args)) for node in tree.body
                 if isinstance(node, ast.FunctionDef))


def rules_block(v: ir.Variant, show: Mapping[str, str]) -> Code:
    """The rules section: every declared name with its value, then the conditions."""
    annotations = {name: annotation for name, _, annotation in declared()}
    functions = _functions()
    given = [n.name for n in NAMES]
    if given != list(annotations) or [n for n, _ in CONDITIONS] != [f for f, _ in functions]:
        raise AssertionError("remikc/runtime/rules.py and remikc/emit/names.py disagree on the names "
                             "or their order: "
                             f"{sorted(set(annotations) ^ set(given)) or 'the order'}")
    values = {n.name: _plain(resolved(n.name, n.value(v)), show) for n in NAMES if n.name != DIGEST}
    conditions = {name: body(v) for name, body in CONDITIONS}
    values[DIGEST] = rules_sha256(values, conditions)
    rendered = [_assignment(n.name, annotations[n.name], values[n.name], n.sources(v, show)) for n in NAMES]
    bodies = [(identifier(name), Code(params), conditions[name]) for name, params in functions]
    return Code(environment().get_template("rules.py.j2").render(constants=rendered, functions=bodies))


def _plain(value: object, show: Mapping[str, str]) -> object:
    """`value` with each `Cited` rule as the module holds it: `(rule id, "specs/x.rules:67")`."""
    if isinstance(value, Cited):
        if value.rule is None:
            return (value.label, None)
        return (value.label, f"{show.get(value.rule.span.file, value.rule.span.file)}:{value.rule.span.line}")
    if isinstance(value, tuple):
        return tuple(_plain(item, show) for item in value)
    return value


def _assignment(name: str, annotation: str, value: object, sources: tuple[str, ...]) -> Code:
    """`NAME: annotation = value`, after a comment line for each source; a value too long for a
    line laid out by its items: a tuple's packed, a dict's one to a line."""
    # comments wrapped to fit the line length the modules are linted at, whatever the length
    # of a spec's path
    notes = "".join(f"# {line}\n" for s in sources
                    for line in textwrap.wrap(comment(s), 96, break_on_hyphens=False))
    head = f"{identifier(name)}: {annotation} = "
    if isinstance(value, Code):  # laid out by its emitter (remikc/emit/reasons.py)
        return Code(f"{notes}{head}{value}\n")
    text = literal(value)
    if len(head) + len(text) <= 100:
        return Code(f"{notes}{head}{text}\n")
    if isinstance(value, Mapping):
        items = [f"    {literal(k)}: {literal(item)}," for k, item in value.items()]
        return Code(f"{notes}{head}{{\n" + "\n".join(items) + "\n}\n")
    if not isinstance(value, tuple):
        return Code(f"{notes}{head}{text}\n")
    lines, line = [], "   "
    for element in value:
        item = literal(element)
        if len(line) + len(item) + 2 > 96:
            lines.append(line)
            line = "   "
        line += f" {item},"
    lines.append(line)
    return Code(f"{notes}{head}(\n" + "\n".join(lines) + "\n)\n")
