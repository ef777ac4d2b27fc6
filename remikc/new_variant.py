"""`remikc new NAME --extends ID`: a commented house-rule file to start from.

The skeleton lists every rule of the parent, commented out, in the parent's
own words, ready to be uncommented and changed.  Sections stay open (an empty
section changes nothing), so uncommenting one line is all it takes.
"""

from __future__ import annotations

from . import ir
from .irdump import describe
from .spec.schema import LANGUAGES, SCHEMA, Key, Section


def skeleton(name: str, parent: ir.Variant, parent_path: str) -> str:
    out = [
        f"# {name}: house rules over {parent.name('pl')} ({parent_path}).",
        "#",
        "# Every rule of the parent is listed below, commented out.  To change one,",
        "# remove the `#` and edit the value; keep the word `override`, which says the",
        "# change is meant.  Rules left commented stay as the parent has them.  A rule",
        "# the parent does not have at all is added without `override`.",
        '# Quote the written rule a value comes from with  source "..."  on the next line;',
        '# mark a value nobody stated with  assumed "why".  Then run:  remikc check ' + "<this file>",
        "",
        f'variant {name} extends "{parent.id}" {{',
    ]
    for language in LANGUAGES:
        out.append(f'  name {language} "{parent.name(language)} ({name})"')
    # the house's own words for the rulebooks, in every language (docs/dsl.md, "House notes")
    out += ["", "  # Notes for your rulebooks, one per language (also in a section, or on a rule):"]
    out += [f'  # note {language} "..."' for language in LANGUAGES]
    out.append("")
    rules = {rule.id: rule for rule in parent.rules}
    out.extend(_section_lines(SCHEMA, rules, indent=1))
    if parent.checks:
        # a house rule may mean to break what the parent's author asserted
        out += ["", "  # The parent's checks hold here too; drop one your rules mean to break:"]
        out += [f'  # remove check "{check.title}"' for check in parent.checks]
    out.append("}")
    return "\n".join(out) + "\n"


def _section_lines(section: Section, rules: dict[str, ir.Rule[object]], indent: int) -> list[str]:
    pad = "  " * indent
    lines: list[str] = []
    if section.kind == "values":
        for rule_id, rule in rules.items():
            if rule_id.startswith("values."):
                lines.append(f"{pad}# override {rule_id.split('.', 1)[1]} {describe(rule)}")
        return lines
    after_section = False  # a rule after a section is set apart by a blank line, as `fmt` lays it out
    for entry in section.entries:
        if isinstance(entry, Section):
            if entry.kind in ("examples", "not_modelled", "wording"):
                continue
            inner = _section_lines(entry, rules, indent + 1)
            if inner:
                if lines:
                    lines.append("")
                lines.extend([f"{pad}{entry.name} {{", *inner, f"{pad}}}"])
                after_section = True
        else:
            keys = _key_lines(entry, rules, pad)
            if keys and after_section:
                lines.append("")
            lines.extend(keys)
            after_section = after_section and not keys
    return lines


def _key_lines(key: Key[object], rules: dict[str, ir.Rule[object]], pad: str) -> list[str]:
    rule = rules.get(key.id)
    if rule is None:
        return []
    return [f"{pad}# override {key.name} {describe(rule)}"]
