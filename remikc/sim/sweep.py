"""`remikc sweep SPEC --vary RULE=VALUES ...`: the spec's game played under each value of a rule.

Each point of the grid (every combination of the `--vary` values) becomes a house variant of
SPEC, written as a spec text in memory (`variant ID extends "SPEC's id" { SECTION { override
KEY VALUE } }`) and read through the real `extends` machinery of a `Workspace` whose source
for that path is the text (no file is written).  Values are numbers or plain words, checked
here, so nothing a user types reaches the spec text but a number or a word.
"""

from __future__ import annotations

import itertools
import os
import re
from dataclasses import dataclass

from .. import ir
from ..diagnostics import SpecError
from ..spec.workspace import Workspace
from .paired import Paired, metric_names

_RULE = re.compile(r"[a-z_]+\.[a-z_]+")
_WORD = re.compile(r"-?[0-9]+|[A-Za-z_][A-Za-z0-9_]*")
_RANGE = re.compile(r"(-?[0-9]+)\.\.(-?[0-9]+)(?::([0-9]+))?")


class VaryError(ValueError):
    """A `--vary` the command cannot use: the message says what is wrong and what is expected."""


@dataclass(frozen=True)
class Vary:
    """One `--vary`: the rule (`section.key`) and its values, as the spec would write them."""

    rule: str
    values: tuple[str, ...]

    @property
    def section(self) -> str:
        return self.rule.split(".")[0]

    @property
    def key(self) -> str:
        return self.rule.split(".")[1]


def parse_vary(text: str) -> Vary:
    """`opening.min_points=30..70:10` (from 30 to 70 by 10), `game_end.target=100,200`, or
    words: `run.ace=low,high`."""
    rule, sep, values = text.partition("=")
    if not sep or not _RULE.fullmatch(rule):
        raise VaryError(f"--vary {text}: expected RULE=VALUES, the rule as section.key "
                        "(e.g. opening.min_points=30..70:10)")
    found = _RANGE.fullmatch(values)
    if found:
        low, high, step = int(found[1]), int(found[2]), int(found[3] or 1)
        if step <= 0 or high < low:
            raise VaryError(f"--vary {text}: a range goes up from its first value by a step above 0 "
                            "(e.g. 30..70:10)")
        if (high - low) // step >= 100:
            raise VaryError(f"--vary {text}: {((high - low) // step) + 1} values; at most 100 a rule")
        return Vary(rule, tuple(str(v) for v in range(low, high + 1, step)))
    listed = tuple(values.split(","))
    bad = [v for v in listed if not _WORD.fullmatch(v)]
    if not values or bad:
        raise VaryError(f"--vary {text}: `{bad[0] if bad else ''}` is not a value: expected whole "
                        "numbers or words, a range A..B:STEP or a list A,B,C")
    if len(set(listed)) < len(listed):
        raise VaryError(f"--vary {text}: a value is given twice")
    return Vary(rule, listed)


@dataclass(frozen=True)
class Point:
    """One point of the grid: the value of each varied rule, and its variant's id and path."""

    settings: tuple[tuple[str, str], ...]
    variant_id: str
    path: str

    @property
    def label(self) -> str:
        return ", ".join(f"{rule}={value}" for rule, value in self.settings)


@dataclass(frozen=True)
class Row:
    """One point of a sweep as played: `skipped` says why its games were not played (a check its
    rules break), else `found` holds what they found."""

    point: Point
    skipped: str | None
    found: Paired | None


def grid(spec_path: str, parent_id: str, varies: list[Vary]) -> list[Point]:
    """Every combination of the values, first `--vary` slowest."""
    # normalised: the verifier asks the workspace for a variant by its normalised path, and a
    # point's text is there under no other name (`./specs/x.rules` made `./specs/x_sweep_1.rules`,
    # which the verifier then looked for on the disk as `specs/x_sweep_1.rules`)
    folder = os.path.dirname(os.path.normpath(spec_path))
    rules = [v.rule for v in varies]
    if len(set(rules)) < len(rules):
        raise VaryError(f"--vary {rules[0]}: a rule is varied twice; give its values in one --vary")
    out = []
    for number, values in enumerate(itertools.product(*(v.values for v in varies)), start=1):
        ident = f"{parent_id}_sweep_{number}"
        path = os.path.join(folder, f"{ident}.rules")
        while os.path.exists(path):  # a file of that name is not ours to shadow
            ident += "_"
            path = os.path.join(folder, f"{ident}.rules")
        out.append(Point(tuple(zip(rules, values, strict=True)), ident, path))
    return out


def house_text(parent_id: str, point: Point, *, override: bool) -> str:
    """The spec text of a grid point's variant."""
    sections: dict[str, list[str]] = {}
    for rule, value in point.settings:
        section, key = rule.split(".")
        sections.setdefault(section, []).append(f"    {'override ' if override else ''}{key} {value}")
    body = "".join(f"  {section} {{\n" + "\n".join(lines) + "\n  }\n" for section, lines in sections.items())
    return (f'variant {point.variant_id} extends "{parent_id}" {{\n'
            f'  name pl "{parent_id}: {point.label}"\n  name hr "{parent_id}: {point.label}"\n'
            f"{body}}}\n")


def load_point(workspace: Workspace, parent_id: str, point: Point) -> ir.Variant:
    """The grid point's variant, read from its text in memory: `override` where the spec (or
    an ancestor) gives the rule, plainly where it does not.  SpecError when neither reads."""
    first: SpecError | None = None
    for override in (True, False):
        workspace.sources[point.path] = house_text(parent_id, point, override=override)
        workspace.forget(point.path)
        try:
            return workspace.variant(point.path)
        except SpecError as exc:
            first = first or exc
    assert first is not None
    workspace.sources[point.path] = house_text(parent_id, point, override=True)
    raise first


def table(rows: list[Row], players: int) -> str:
    """The text table of the points played, metric by metric: each point's number is looked up
    by the metric's name (a point where no game finished has no seat-win shares, one where
    nobody opened no first lay-down), every metric any point compares is shown, and each row
    gives its point's own level (Bonferroni over the metrics that point compares)."""
    played = [(r.point, r.found) for r in rows if r.found is not None]
    if not played:
        return ""
    known = {m.name for _, found in played for m in found.metrics}
    lines = []
    for name in (n for n in metric_names(players) if n in known):
        lines += ["", name]
        cells = []
        for point, found in played:
            m = next((m for m in found.metrics if m.name == name), None)
            if m is None:
                why = "no game finished" if name.endswith(" wins") else "no game defines it"
                cells.append((point.label, "-", why, ""))
            elif m.kind == "share":
                cells.append((point.label, f"{100 * m.difference:.1f}%",
                              f"{100 * m.low:.1f}..{100 * m.high:.1f}%", f"at {100 * found.level:.2f}%"))
            else:
                cells.append((point.label, f"{m.difference:.2f}", f"{m.low:.2f}..{m.high:.2f}",
                              f"at {100 * found.level:.2f}%"))
        widths = [max(len(c[i]) for c in cells) for i in range(4)]
        lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True)).rstrip()
                  for cell in cells]
    return "\n".join(lines) + "\n"
