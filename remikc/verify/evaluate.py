"""Evaluate the verifier's formulas on concrete cards, fast: the tests' oracle.

`compile_terms(outputs, inputs)` translates Z3 terms once into a straight-line
Python function of the input variables: one statement per node of the term
graph, in dependency order.  It evaluates the *same* formulas Z3 reasons
about, thousands of times faster than asking the solver card by card; the
tests check it against Z3's own evaluation on a sample.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import z3

_BINARY = {
    z3.Z3_OP_LE: "<=", z3.Z3_OP_LT: "<", z3.Z3_OP_GE: ">=", z3.Z3_OP_GT: ">",
    z3.Z3_OP_EQ: "==", z3.Z3_OP_MOD: "%", z3.Z3_OP_SUB: "-",
}
_NARY = {z3.Z3_OP_ADD: " + ", z3.Z3_OP_MUL: " * ", z3.Z3_OP_AND: " and ", z3.Z3_OP_OR: " or "}


def compile_terms(outputs: Sequence[z3.ExprRef], inputs: Sequence[z3.ExprRef],
                  constants: dict[str, object] | None = None
                  ) -> Callable[..., tuple[object, ...]]:
    """A Python function of `inputs` (in order) returning the values of `outputs`.

    `constants` fixes other free constants by name (rule literals are True)."""
    names = {term.get_id(): f"a{i}" for i, term in enumerate(inputs)}
    fixed = constants or {}
    lines: list[str] = []
    done: dict[int, str] = dict(names)

    def visit(root: z3.ExprRef) -> str:
        # iterative post-order: the term graph is deep (sums over 14 cards of nested ifs)
        stack: list[tuple[z3.ExprRef, bool]] = [(root, False)]
        while stack:
            term, ready = stack.pop()
            key = term.get_id()
            if key in done:
                continue
            children = term.children()
            if not ready:
                stack.append((term, True))
                stack.extend((c, False) for c in children if c.get_id() not in done)
                continue
            done[key] = _emit(term, [done[c.get_id()] for c in children], lines, fixed)
        return done[root.get_id()]

    results = [visit(term) for term in outputs]
    body = "\n".join(f"    {line}" for line in lines)
    params = ", ".join(names[t.get_id()] for t in inputs)
    source = f"def evaluate({params}):\n{body}\n    return ({', '.join(results)},)\n"
    namespace: dict[str, object] = {}
    exec(compile(source, "<remikc formulas>", "exec"), namespace)  # our own translation
    return namespace["evaluate"]  # type: ignore[return-value]


def _emit(term: z3.ExprRef, args: list[str], lines: list[str], fixed: dict[str, object]) -> str:
    kind = term.decl().kind()
    if kind == z3.Z3_OP_ANUM:
        return str(term.as_long())
    if kind == z3.Z3_OP_TRUE:
        return "True"
    if kind == z3.Z3_OP_FALSE:
        return "False"
    if kind == z3.Z3_OP_UNINTERPRETED and not args:
        name = term.decl().name()
        if name in fixed:
            return repr(fixed[name])
        if name.startswith("rule:"):  # every rule (and claim) holds
            return "True"
        raise ValueError(f"no value for {name}")
    name = f"t{term.get_id()}"
    if kind in _BINARY and len(args) == 2:
        expr = f"({args[0]} {_BINARY[kind]} {args[1]})"
    elif kind in _NARY:
        expr = "(" + _NARY[kind].join(args) + ")"
    elif kind == z3.Z3_OP_NOT:
        expr = f"(not {args[0]})"
    elif kind == z3.Z3_OP_UMINUS:
        expr = f"(-{args[0]})"
    elif kind == z3.Z3_OP_IMPLIES:
        expr = f"((not {args[0]}) or {args[1]})"
    elif kind == z3.Z3_OP_XOR:
        expr = f"({args[0]} != {args[1]})"
    elif kind == z3.Z3_OP_ITE:
        expr = f"({args[1]} if {args[0]} else {args[2]})"
    elif kind == z3.Z3_OP_DISTINCT:
        expr = f"(len({{{', '.join(args)}}}) == {len(args)})"
    elif kind == z3.Z3_OP_SUB:
        expr = "(" + " - ".join(args) + ")"
    else:
        raise ValueError(f"cannot evaluate {term.decl().name()} in {term}")
    lines.append(f"{name} = {expr}")
    return name
