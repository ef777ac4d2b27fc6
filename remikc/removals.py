"""What a house variant's file says about the parent's checks, added to its report.

`remikc new` writes each of the parent's checks as a commented `# remove check "..."` line.
A house rule that breaks one of them is told which line to uncomment; once uncommented,
`house.keeps` says which checks the variant no longer keeps, so a removal is never silent.
Read from the spec's text (the variant's IR no longer holds the checks it removed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from .verify import HOUSE, Report, Status

# an author check's title; `remove check "<id>" because "..."` drops a built-in check, which the
# verifier itself reports (with its reason)
_REMOVE = re.compile(r'^[ \t]*remove[ \t]+check[ \t]+"([^"\n]*)"(?![ \t]+because\b)')
_COMMENTED = re.compile(r'^[ \t]*#[ \t]*remove[ \t]+check[ \t]+"([^"\n]*)"')


@dataclass(frozen=True)
class Removal:
    title: str
    line: int

    def to_json(self) -> dict[str, object]:
        return {"title": self.title, "line": self.line}


def _lines(source: str, pattern: re.Pattern[str]) -> list[Removal]:
    found = []
    for number, line in enumerate(source.replace("\r\n", "\n").split("\n"), start=1):
        match = pattern.match(line)
        if match:
            found.append(Removal(match.group(1), number))
    return found


def removed_checks(source: str) -> list[Removal]:
    """The file's `remove check "..."` lines."""
    return _lines(source, _REMOVE)


def annotate(report: Report, source: str | None) -> Report:
    """`report` with, under each violated check the parent gave and the file offers to
    remove, the line to uncomment; and under `house.keeps`, the checks the file removes."""
    if source is None or report.variant.parent is None:
        return report
    offered = {r.title: r for r in _lines(source, _COMMENTED)}
    removed = removed_checks(source)
    hints: list[str] = []
    findings = []
    for finding in report.findings:
        title = finding.title[1:-1] if finding.title.startswith('"') else finding.title
        line = offered.get(title)
        if (finding.check.startswith("property.") and finding.status is Status.VIOLATED
                and line is not None):
            hint = f'to drop it, uncomment line {line.line}: remove check "{title}"'
            hints.append(hint)
            finding = replace(finding, details=(*finding.details, hint))
        findings.append(finding)
    for i, finding in enumerate(findings):
        if finding.check != HOUSE[0]:
            continue
        extra = [f'removes check "{r.title}" (line {r.line})' for r in removed]
        summary = finding.summary
        if finding.status is Status.VIOLATED:
            extra += hints
        elif removed:
            summary += f", less the {len(removed)} check(s) removed here"
        findings[i] = replace(finding, summary=summary, details=(*finding.details, *extra))
    return replace(report, findings=tuple(findings))
