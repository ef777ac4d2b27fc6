"""What the verifier reports: one `Finding` per check, as text or JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from .. import ir
from ..diagnostics import excerpt

# Z3 resource units per solver question (`--rlimit`); here, not in solver.py, so that reading
# it does not import Z3.
DEFAULT_RLIMIT = 20_000_000
# The largest work limit Z3 takes: it keeps the limit as an unsigned 32-bit count, and a larger
# number wraps round (2**32 is 0, which Z3 reads as no limit at all).
MAX_RLIMIT = 2**32 - 1


# The ids of the built-in checks, in report order (`checks.CHECKS` runs them; it asserts it
# holds exactly these).  Here so that reading a spec, which checks `remove check "<id>"`
# names one of them, does not import Z3.
BUILT_IN_CHECKS = ("melds.alive", "runs.wrap", "jokers.limits", "jokers.meaning", "melds.sizes",
                   "deck.enough", "opening.reachable", "scoring.winner", "scoring.monotone",
                   "game.reachable", "turn.live", "deal.ends", "incentives.lay_off", "incentives.opening",
                   "incentives.knock", "incentives.target",
                   "rules.dead")


def edit_for(v: ir.Variant, rule: ir.Rule[object], value: object) -> str:
    """The edit a hint names to give `rule` `value`, in the checked variant's own file: its
    own line changed (an `override` line or not), or the parent's rule overridden."""
    section, _, name = rule.id.rpartition(".")
    if rule.origin == v.id:
        now = rule.value.value if isinstance(rule.value, Enum) else rule.value
        return f"change `{now}` to `{value}` on line {rule.span.line} of {rule.span.file}"
    return f"write `override {name} {value}` in `{section}` in `{v.id}`"


class Status(str, Enum):
    PROVED = "proved"
    VIOLATED = "violated"
    UNKNOWN = "unknown"  # the work limit ran out: never read as proved
    REMOVED = "removed"  # the spec removed this built-in check, with a reason: not run

    @property
    def mark(self) -> str:
        return {"proved": "✓", "violated": "✗", "unknown": "?", "removed": "-"}[self.value]


@dataclass(frozen=True)
class Finding:
    """The verdict of one check on one variant.

    `summary` is one line: the witness in card notation when there is one.
    `rules` are the spec lines involved (for a contradiction, the unsat core).
    """

    check: str
    title: str
    status: Status
    summary: str
    rules: tuple[ir.Rule[object], ...] = ()
    details: tuple[str, ...] = ()
    seconds: float = 0.0
    # the rule ids the check read (remikc/verify/reading.py): its verdict holds for any variant
    # that gives each of them the same value; None: not known, never reused
    reads: frozenset[str] | None = None
    # `house.keeps`: each example of the spec's chain that holds, by its place
    # (`origin@line:column`), with the rules checking it read: a house variant that changes
    # none of them need not check it again
    held: tuple[tuple[str, frozenset[str]], ...] = ()
    # the least witnesses the check found, as the values of their keys (remikc/verify/canon.py),
    # in the order it asked for them (None: none found): the same check on a house variant
    # tries each first, where two questions prove it least again (finding it asks one a key)
    witnesses: tuple[tuple[int, ...] | None, ...] = ()

    def violated(self, summary: str, *, rules: tuple[ir.Rule[object], ...] = (),
                 details: tuple[str, ...] = ()) -> Finding:
        """This finding turned into a violation, keeping what it already said."""
        return replace(self, status=Status.VIOLATED, summary=summary,
                       rules=_unique(self.rules + rules), details=self.details + details)


def _unique(rules: tuple[ir.Rule[object], ...]) -> tuple[ir.Rule[object], ...]:
    seen: dict[str, ir.Rule[object]] = {}
    for rule in rules:
        seen.setdefault(f"{rule.id}@{rule.span}", rule)
    return tuple(seen.values())


@dataclass(frozen=True)
class Report:
    variant: ir.Variant
    findings: tuple[Finding, ...] = field(default=())
    cached: bool = False  # read from the proof cache: its checks took no solver time this run

    @property
    def ok(self) -> bool:
        return not any(f.status is Status.VIOLATED for f in self.findings)

    def finding(self, check: str) -> Finding | None:
        return next((f for f in self.findings if f.check == check), None)

    def count(self, status: Status) -> int:
        return sum(f.status is status for f in self.findings)


def to_text(report: Report, *, timings: bool = False, only_failed: bool = False,
                all_rules: bool = False, sources: Mapping[str, str] | None = None) -> str:
    """`only_failed` (`check -q`): the checks not proved (a check the spec removes on purpose is
    not a failure), and nothing for a clean variant; `all_rules` (`check -v`): the spec lines
    behind every check, proved ones too.  `sources` (the spec files' texts): a violated check's
    first rule written in the variant's own file is shown as its line with a caret, the line
    to change."""
    v = report.variant
    shown = [f for f in report.findings
             if not (only_failed and f.status in (Status.PROVED, Status.REMOVED))]
    if only_failed and not shown:
        return ""
    # a cached report's checks took no time this run, and the time they once took is not this run's
    lines = [f"{v.id}  {v.source}" + ("  [from the proof cache]" if timings and report.cached else "")]
    width = max((len(f.check) for f in report.findings), default=10)
    for f in shown:
        timing = f"  [{f.seconds * 1000:.0f} ms]" if timings and not report.cached else ""
        lines.append(f"  {f.status.mark} {f.check:<{width}}  {f.title}{timing}")
        lines.append(f"      {f.summary}")
        for detail in f.details:
            lines.append(f"      {detail}")
        if f.status is not Status.PROVED or all_rules:
            pointed = f.status is not Status.VIOLATED or sources is None
            for rule in f.rules:
                lines.append(f"      {rule.span.file}:{rule.span.line}: `{rule.id}`")
                if not pointed and rule.span.file == v.source:
                    lines += [f"      {line}" for line in excerpt(rule.span, sources or {})]
                    pointed = True
    return "\n".join(lines)


def to_json(report: Report, *, timings: bool = False) -> dict[str, object]:
    def finding(f: Finding) -> dict[str, object]:
        out: dict[str, object] = {
            "id": f.check,
            "title": f.title,
            "status": f.status.value,
            "summary": f.summary,
            "details": list(f.details),
            "rules": [{"rule": r.id, "file": r.span.file, "line": r.span.line, "from": r.origin}
                      for r in f.rules],
        }
        if f.reads is not None:
            out["reads"] = sorted(f.reads)
        if timings and not report.cached:
            out["seconds"] = round(f.seconds, 4)
        return out

    # ok: a clean bill of health, as the exit code reads it; undecided checks are not one
    clean = report.ok and not any(f.status is Status.UNKNOWN for f in report.findings)
    out = {"variant": report.variant.id, "source": report.variant.source, "ok": clean,
           "checks": [finding(f) for f in report.findings]}
    if timings:
        out["cached"] = report.cached
    return out
