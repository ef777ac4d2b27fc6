"""The Z3 verifier: `verify(variant) -> Report`, one finding per check.

The built-in checks are listed in `checks.CHECKS`; after them come
`house.keeps` (a house variant against its parent), `examples` (the spec's
own examples) and one `property.N` per author-written `check`.  An example
that contradicts the rules is reported under the check its subject belongs
to (a wrapped run under `runs.wrap`, a joker count under `jokers.limits`),
with the rules that refuse it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from .. import ir
from ..spec.registry import RuleId, rule_id
from . import reading
from .collector import frees_contexts
from .findings import DEFAULT_RLIMIT, Finding, Report, Status, to_json, to_text

if TYPE_CHECKING:
    from .base import Check, Probe
    from .checks import CHECKS
    from .claims import ExampleResult

__all__ = [
    "CHECKS",
    "DEFAULT_RLIMIT",
    "Finding",
    "Report",
    "Status",
    "to_json",
    "to_text",
    "verify",
]

def __getattr__(name: str) -> object:
    """`CHECKS` on first use: it imports Z3, which a `remikc check` whose proofs are all
    cached never needs (its time is mostly imports)."""
    if name == "CHECKS":
        from .checks import CHECKS

        return CHECKS
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


HOUSE = ("house.keeps", "the house rules keep every check the parent passes")
EXAMPLES = ("examples", "the spec's own examples hold under its rules")

# Which check an example that the rules contradict belongs to, by the rules refusing it
# (each a rule id of the registry: a misspelt one fails here, not silently at routing).
_ROUTES = tuple((check, tuple(rule_id(r) for r in rules)) for check, rules in (
    ("runs.wrap", ("run.wrap", "run.ace", "run.ace_to_ace")),
    ("jokers.limits", ("jokers.per_meld", "jokers.per_meld_at_opening", "jokers.min_natural",
                       "deck.jokers")),
    ("jokers.meaning", ("jokers.ambiguous", "jokers.declare")),
    ("melds.sizes", ("set.size", "run.size", "set.suits")),
))


@frees_contexts
def verify(variant: ir.Variant, *, rlimit: int | None = None, parent: Report | None = None
           ) -> Report:
    """Run every check on `variant`; `parent` is its parent's report, for `house.keeps`."""
    from .base import Probe
    from .checks import CHECKS
    from .claims import check_property

    rlimit = DEFAULT_RLIMIT if rlimit is None else rlimit
    probe = Probe(variant, rlimit)
    changed = reading.changed(variant, parent.variant) if parent is not None else None
    findings = {}
    dropped = {d.check: d for d in variant.dropped_checks}
    for check in CHECKS:
        before = parent.finding(check.id) if parent is not None else None
        kept = (changed is not None and before is not None and before.reads is not None
                and not before.reads & changed)
        # nothing it reads differs from the parent: the parent's verdict stands
        finding = replace(before, seconds=0.0) if kept and before is not None else None
        d = dropped.get(check.id)
        if d is None:
            findings[check.id] = finding or check(probe, before)
        elif d.origin == variant.id or parent is None or (kept and before is not None
                                                           and before.status is Status.REMOVED):
            # the removal stands: this variant's own, one inherited where nothing it rests on
            # changed, or (with no parent's report to compare) one inherited unseen
            findings[check.id] = _removed(check, d, probe, finding)
        elif finding is not None:
            findings[check.id] = finding  # lapsed in the parent already, and nothing it read changed
        else:
            findings[check.id] = _removal_lapsed(check(probe, before), d, variant, before, changed)

    started = time.perf_counter()
    checked = [_checked(probe, e) for e in variant.examples if e.origin == variant.id]
    own = [result for result, _ in checked]
    examples_took = time.perf_counter() - started
    leftover: list[ExampleResult] = []
    for result in own:
        if result.status is not Status.VIOLATED:
            continue
        target = _route(result, variant)
        if target is None or findings[target].status is Status.REMOVED:
            leftover.append(result)
            continue
        findings[target] = findings[target].violated(
            f"{result.text}: {result.says}", rules=_refusing(variant, result))

    held = tuple((_place(r.example), reads) for r, reads in checked if r.status is Status.PROVED)
    report = [*findings.values(), _timed(_house, probe, parent, changed, held)]
    if own:
        report.append(replace(_examples(variant, own, leftover), seconds=examples_took))
    report += [_timed(check_property, probe, c, c.number or i) for i, c in enumerate(variant.checks, start=1)]
    return Report(variant, tuple(report))


def _timed(run: Callable[..., Finding], *args: object) -> Finding:
    started = time.perf_counter()
    finding = run(*args)
    return replace(finding, seconds=time.perf_counter() - started)


def _removed(check: Check, removal: ir.DroppedCheck, probe: Probe, kept: Finding | None) -> Finding:
    """A removed check's finding.  It keeps what the removal rests on, for a house variant to
    compare: the rules the removal names, else the rules the check reads (so it still runs,
    unless a parent's verdict says what it reads)."""
    reads: frozenset[str] | None
    if removal.rests_on:
        reads = frozenset(RuleId(r) for r in removal.rests_on)
    elif kept is not None and kept.status is not Status.REMOVED:
        reads = kept.reads
    else:  # a parent's removal keeps what that one rests on, maybe its own rules
        reads = check(probe).reads
    named = ", ".join(f"`{r}`" for r in removal.rests_on)
    return Finding(check.id, check.title, Status.REMOVED, f"removed: {removal.reason}",
                   (ir.Rule("remove check", check.id, removal.span, removal.origin),),
                   details=(f"the reason rests on {named}",) if named else (), reads=reads)


def _removal_lapsed(finding: Finding, removal: ir.DroppedCheck, variant: ir.Variant,
                    before: Finding | None, changed: frozenset[str] | None) -> Finding:
    """The verdict of a check an ancestor removed, on rules a house variant changes: shown, with
    warning W006 (the ancestor's reason rested on those rules, which are no longer what it saw)."""
    if before is not None and before.status is Status.REMOVED and before.reads is not None and changed:
        rests_on = ", ".join(f"`{r}`" for r in sorted(before.reads & changed))
        why = f"on {rests_on}, which `{variant.id}` changes"
    else:  # the removal lapsed in the parent already
        why = f"on rules `{variant.parent}` changes"
    warning = (f"warning W006: `{removal.origin}` removes this check because {removal.reason}; that "
               f"rests {why}, so it is checked again here (to drop it, repeat "
               f'`remove check "{finding.check}" because "..."` with this variant\'s reason)')
    rule = ir.Rule("remove check", finding.check, removal.span, removal.origin)
    return replace(finding, details=(warning, *finding.details), rules=(*finding.rules, rule))


def _route(result: ExampleResult, variant: ir.Variant) -> str | None:
    if result.wraps:
        return "runs.wrap"
    if result.example.kind in (ir.ExampleKind.OPENING, ir.ExampleKind.NOT_OPENING):
        return "opening.reachable"
    for check, rules in _ROUTES:
        if any(name in rules for name in result.core):
            return check
    return None


def _refusing(variant: ir.Variant, result: ExampleResult) -> tuple[ir.Rule[object], ...]:
    example = ir.Rule("example", result.example.kind.value, result.example.span, variant.id)
    found = (variant.rule(name) for name in result.core)
    return (example, *(r for r in found if r is not None))


def _examples(variant: ir.Variant, own: list[ExampleResult], leftover: list[ExampleResult]) -> Finding:
    check, title = EXAMPLES
    unknown = [r for r in own if r.status is Status.UNKNOWN]
    if leftover:
        rules = tuple(r for result in leftover for r in _refusing(variant, result))
        return Finding(check, title, Status.VIOLATED,
                       "; ".join(f"{r.text}: {r.says}" for r in leftover), rules)
    wrong = sum(r.status is Status.VIOLATED for r in own)
    if unknown:
        return Finding(check, title, Status.UNKNOWN, f"{len(unknown)} examples undecided")
    said = f"{len(own) - wrong} of {len(own)} examples hold"
    if wrong:
        said += f"; {wrong} contradicted, reported under the check they concern"
    return Finding(check, title, Status.PROVED, said)


def _place(example: ir.Example) -> str:
    return f"{example.origin}@{example.span.line}:{example.span.column}"


def _checked(probe: Probe, example: ir.Example) -> tuple[ExampleResult, frozenset[str]]:
    """An example's verdict, and the rules deciding it read."""
    from .claims import check_example

    with probe.reads.scope() as found:
        result = check_example(probe, example)
    return result, frozenset(found)


def _house(probe: Probe, parent: Report | None, changed: frozenset[str] | None,
           held: tuple[tuple[str, frozenset[str]], ...]) -> Finding:
    """`house.keeps` before the parent's verdicts are compared (`keep_parent`): each inherited
    example the house rules judge otherwise.  An example that holds in the parent, on rules this
    variant does not change, holds here: it is not checked again.  `held`: this variant's own
    examples that hold, kept with the inherited ones for its house variants."""
    check, title = HOUSE
    v = probe.variant
    if v.parent is None:
        return Finding(check, title, Status.PROVED, "a base game: nothing inherited", held=held)
    if parent is None:
        return Finding(check, title, Status.UNKNOWN, f"the parent `{v.parent}` was not verified")
    before = parent.finding(check)
    kept = dict(before.held) if before is not None and changed is not None else {}
    changes = []
    for example in (e for e in v.examples if e.origin != v.id):
        reads = kept.get(_place(example))
        if reads is None or changed is None or reads & changed:
            result, reads = _checked(probe, example)
            if result.status is Status.VIOLATED:
                changes.append(f"{result.text}, from `{example.origin}`: here {result.says}")
                continue
            if result.status is not Status.PROVED:
                continue
        held += ((_place(example), reads),)
    return Finding(check, title, Status.PROVED, f"keeps every check `{v.parent}` passes",
                   details=tuple(changes), held=held)


def keep_parent(report: Report, parent: Report) -> Report:
    """Judge `house.keeps`: violated for each check the parent passes and the variant breaks.

    A check either side left undecided is an undecided question for `house.keeps` too,
    unless the variant proves it (then it is kept whatever the parent's verdict): a ✓ never
    rests on a comparison nobody made."""
    broken: list[str] = []
    open_: list[str] = []
    dropped: list[str] = []
    for finding in report.findings:
        if finding.check == HOUSE[0]:
            continue
        before = parent.finding(finding.check)
        if finding.status is Status.REMOVED:
            if before is not None and before.status is Status.PROVED:
                # not kept, on purpose and with a reason the report shows: no break
                dropped.append(f"removes `{finding.check}`, which `{parent.variant.id}` passes: "
                               + finding.summary.removeprefix("removed: "))
            continue
        if (before is None or before.status in (Status.VIOLATED, Status.REMOVED)
                or finding.status is Status.PROVED):
            continue  # nothing the parent passes, or the variant keeps it
        if before.status is Status.PROVED and finding.status is Status.VIOLATED:
            broken.append(finding.check)
        else:
            open_.append(finding.check)
    house = report.finding(HOUSE[0])
    assert house is not None
    if dropped:
        house = replace(house, details=house.details + tuple(dropped))
    if broken:
        changed = house.violated(f"breaks what `{parent.variant.id}` passes: " + ", ".join(broken))
    elif open_:
        changed = replace(house, status=Status.UNKNOWN,
                          summary="undecided: the solver's work limit ran out on "
                                  + ", ".join(open_) + " (raise --rlimit)")
    elif dropped:
        changed = replace(house, summary=f"keeps every check `{parent.variant.id}` passes, less "
                                         f"{len(dropped)} it removes (below)")
    else:
        changed = house
    return replace(report, findings=tuple(changed if f.check == HOUSE[0] else f for f in report.findings))
