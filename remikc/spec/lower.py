"""Merge a variant's files along `extends` and build the typed IR.

`lower_all(chain)` takes the bound files from the base game down
to the variant asked for.  A rule a parent already gives may only be changed
with `override`; `override` on a rule no parent gives is an error too, so a
house rule says exactly what it changes.  `remove` drops a parent's rule or
section (a game without jokers, without the joker swap).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar, cast

from .. import ir
from ..diagnostics import Collector, Diagnostic, Note, Span, did_you_mean, error, warning
from . import house
from . import schema as S
from .bind import FileRules, Unread
from .schema import Key, Section

T = TypeVar("T")


class RuleSet:
    """The merged rules of a variant, looked up by schema key."""

    def __init__(self, rules: dict[str, ir.Rule[object]]) -> None:
        self.rules = rules

    def get(self, key: Key[T]) -> ir.Rule[T] | None:
        return cast("ir.Rule[T] | None", self.rules.get(key.id))

    def req(self, key: Key[T]) -> ir.Rule[T]:
        return cast("ir.Rule[T]", self.rules[key.id])

    def any_under(self, section_id: str) -> bool:
        return any(r.startswith(section_id + ".") for r in self.rules)


def merge(chain: Sequence[FileRules], problems: Collector
          ) -> tuple[dict[str, ir.Rule[object]], dict[str, Span]]:
    """Rules and sections from base to leaf.  A leaf rule replaces its parent's only with
    `override`; `remove` drops a rule or a whole section the parent gives."""
    merged: dict[str, ir.Rule[object]] = {}
    sections: dict[str, Span] = {}
    checks: list[str] = []  # the titles of the checks inherited so far
    for depth, file in enumerate(chain):
        parent = chain[depth - 1].id if depth else None
        for target, span in file.removed.items():
            dropped = [r for r in merged if r == target or r.startswith(target + ".")]
            own = [r for r in file.rules if r == target or r.startswith(target + ".")]
            if parent is None or not dropped:
                why = (f"`{file.id}` extends no variant" if parent is None
                       else f"`{parent}` has no `{target}`")
                problems.add(error("E019", f"nothing to remove: {why}", span,
                                   hint="delete the `remove` line"))
            elif own:
                problems.add(error(
                    "E019", f"`{target}` is removed and given again in the same file",
                    span, notes=[Note("given here", file.rules[own[0]].rule.span)],
                    hint="to change an inherited rule, write `override` before it instead"))
            for rule_id in dropped:
                del merged[rule_id]
            for section_id in [s for s in sections if s == target or s.startswith(target + ".")]:
                del sections[section_id]
        for title, span in file.removed_checks.items():
            given = next((c for c in file.checks if c.title == title), None)
            if title not in checks:
                why = f"`{file.id}` extends no variant" if parent is None else f'no inherited check "{title}"'
                problems.add(error("E019", f"nothing to remove: {why}", span,
                                   hint=did_you_mean(title, checks) or "delete the `remove` line"))
            elif given is not None:
                problems.add(error("E019", f'check "{title}" is removed and given again in the same file',
                                   span, notes=[Note("given here", given.span)]))
        checks = [t for t in checks if t not in file.removed_checks] + [c.title for c in file.checks]
        sections.update(file.sections)
        inherited, restated = dict(merged), set()
        for rule_id, written in file.rules.items():
            before = merged.get(rule_id)
            if before is not None and written.override is None:
                problems.add(error(
                    "E019", f"`{rule_id}` is already given by `{before.origin}`",
                    written.rule.span, notes=[Note(f"`{before.origin}` gives it here", before.span)],
                    hint="to change it in this variant, write `override` before it"))
            elif before is None and written.override is not None:
                why = (f"`{file.id}` extends no variant" if parent is None
                       else f"`{parent}` has no rule `{rule_id}`")
                problems.add(error("E019", f"nothing to override: {why}", written.override,
                                   hint="remove `override` to add the rule"))
            elif (before is not None and written.override is not None
                  and before.value == written.rule.value
                  and written.rule.span not in restated
                  and all(r in inherited and inherited[r].value == w.rule.value
                          for r, w in file.rules.items() if w.rule.span == written.rule.span)):
                restated.add(written.rule.span)
                # The family meant to change something: a restated value changes nothing.  A
                # line that gives several rules (`override 10 J Q K A 10`) is one change: it
                # is said only when none of them changes.
                problems.add(warning(
                    "W005", f"the parent `{before.origin}` already has this `{rule_id}`: "
                    "this override changes nothing", written.rule.span,
                    notes=[Note(f"`{before.origin}` gives it here", before.span)],
                    hint="remove the line, or write the value you meant"))
            # Merged even when misspoken, so one slip does not also read as a missing rule.
            merged[rule_id] = written.rule
    return merged, sections


def lower_all(chain: Sequence[FileRules]) -> tuple[ir.Variant | None, Collector]:
    """The IR of `chain[-1]` (None when it cannot be built) and every problem found.

    The leaf may have been read with errors (`FileRules.unread`): its unreadable lines are
    left out, and what their absence alone would cause (a missing rule of theirs, or of the
    section a misspelt name stood in) is not reported again, so the mistakes reported are the
    author's, each once."""
    problems = Collector()
    leaf = chain[-1]
    unread = leaf.unread
    merged, sections = merge(chain, problems)
    rules = RuleSet(merged)
    header = leaf.spec.id.span
    incomplete = False
    for language in S.LANGUAGES:
        if f"name.{language}" not in leaf.names:
            if "name" in unread.sections or "" in unread.sections:
                incomplete = True
                continue
            problems.add(error("E016", f"`{leaf.id}` has no name in `{language}`", header,
                               hint=f'add `name {language} "..."`; names are not inherited'))
    unsaid: list[Diagnostic] = []
    _require(S.SCHEMA, rules, sections, header, problems, unread, unsaid)
    incomplete = incomplete or len(unsaid) > 0
    notes = house.merge_own([(f.id, [((n.place, n.language), n, n.span, o) for n, o in f.notes],
                              f.removed_notes) for f in chain], "note", problems)
    wording = house.merge_own([(f.id, [((w.key, w.language), w, w.span, o) for w, o in f.wording], ())
                               for f in chain], "wording", problems)
    if incomplete or any(d.severity.value == "error" for d in problems.items):
        return None, problems

    variant = _build(chain, rules)
    variant = replace(variant, notes=tuple(cast("ir.HouseNote", n) for n in notes.values()),
                      wording=tuple(cast("ir.Wording", w) for w in wording.values()))
    from .consistency import check_consistency

    problems.extend(_removed_here(leaf, d) for d in check_consistency(variant)
                    if not _follows_from(d, unread))
    return variant, problems


def _removed_here(leaf: FileRules, d: Diagnostic) -> Diagnostic:
    """An error at a parent's rule that a section the house variant removed leaves without what it
    needs (`remove opening`: the parent's `lay_off when opened`): a note at the `remove` line, the
    family's own, which every such error stems from."""
    if d.span is None or d.span.file == leaf.spec.file:
        return d
    for section, span in leaf.removed.items():
        if "." not in section and re.search(rf"no `{section}`|an `{section}` section", d.message):
            return replace(d, notes=(*d.notes, Note(f"`{leaf.id}` removes `{section}` here", span)))
    return d


def _follows_from(d: Diagnostic, unread: Unread) -> bool:
    """Whether a rule that only makes sense with others may be missing its partner because
    that partner's line could not be read: said of the rule, or a "missing" kind of error in
    a file with a line nobody understood."""
    if not unread:
        return False
    said = f"{d.message} {d.hint or ''}"
    if any(f"`{rule_id}`" in said or f"`{rule_id.rsplit('.', 1)[-1]}`" in said for rule_id in unread.rules):
        return True
    return d.code == "E016" and bool(unread.sections)


def _require(section: Section, rules: RuleSet, sections: dict[str, Span], header: Span,
             problems: Collector, unread: Unread, unsaid: list[Diagnostic]) -> None:
    """E016 for each missing section and rule; into `unsaid` instead where an unreadable
    line explains the absence (the IR cannot be built, but that is no news to report)."""
    present = not section.id or section.id in sections or rules.any_under(section.id)
    if not present:
        if not section.optional:
            (unsaid.append if unread.covers(section.id) else problems.add)(error(
                "E016", f"the variant has no `{section.name}` section", header,
                hint=f"add `{section.name} {{ ... }}`; see docs/dsl.md"))
        return
    where = sections.get(section.id, header)
    if section.kind == "values":
        missing = [k for k in S.RANK_KEYS if f"values.{k}" not in rules.rules]
        if missing:
            covered = any(unread.covers(f"values.{k}") for k in missing)
            (unsaid.append if covered else problems.add)(error(
                "E016", "no value for " + " ".join(missing), where,
                hint="every rank needs a value, e.g. `2..10 face` and `J Q K 10`"))
        return
    for entry in section.entries:
        if isinstance(entry, Section):
            _require(entry, rules, sections, header, problems, unread, unsaid)
        elif entry.required and entry.id not in rules.rules:
            inside = f" in `{section.name}`" if section.id else ""
            (unsaid.append if unread.covers(entry.id) else problems.add)(error(
                "E016", f"missing rule `{entry.name}`{inside}", where, hint=f"add e.g. `{entry.example}`"))


def _maybe_section(rules: RuleSet, section_id: str) -> bool:
    return rules.any_under(section_id)


def _build(chain: Sequence[FileRules], rules: RuleSet) -> ir.Variant:
    leaf = chain[-1]
    r = rules
    values = ir.Values(
        ranks=tuple(cast("ir.Rule[ir.CardValue]", r.rules[S.value_rule_id(rank)])
                    for rank in range(1, 14)),
        joker=cast("ir.Rule[ir.JokerValue] | None", r.rules.get("values.joker")),
    )
    draw = tuple((source, cast("ir.Rule[ir.Condition]", r.rules[f"turn.draw.{source.value}"]))
                 for source in ir.DrawSource if f"turn.draw.{source.value}" in r.rules)
    return ir.Variant(
        id=leaf.id,
        names=tuple(sorted((lang.split(".")[1], rule.value) for lang, rule in leaf.names.items())),
        parent=chain[-2].id if len(chain) > 1 else None,
        lineage=tuple(f.id for f in reversed(chain)),
        source=leaf.spec.file,
        players=r.req(S.PLAYERS),
        deck=ir.Deck(r.req(S.DECK_STANDARD), r.req(S.DECK_JOKERS)),
        deal=ir.Deal(
            hand=r.req(S.DEAL_HAND),
            first_player=r.req(S.DEAL_FIRST_PLAYER),
            first_discard=r.req(S.DEAL_FIRST_DISCARD),
            first_player_extra=r.get(S.DEAL_FIRST_PLAYER_EXTRA),
            cut_card=r.get(S.DEAL_CUT_CARD),
        ),
        values=values,
        set=ir.SetRules(r.req(S.SET_SIZE), r.req(S.SET_SUITS), r.get(S.SET_CLOSED_AT))
        if _maybe_section(r, "set") else None,
        run=ir.RunRules(r.req(S.RUN_SIZE), r.req(S.RUN_SUIT), r.req(S.RUN_ACE), r.req(S.RUN_WRAP),
                        r.get(S.RUN_ACE_TO_ACE))
        if _maybe_section(r, "run") else None,
        jokers=ir.Jokers(r.req(S.JOKERS_PER_MELD), r.req(S.JOKERS_MIN_NATURAL),
                         r.req(S.JOKERS_DECLARE), r.get(S.JOKERS_PER_MELD_AT_OPENING),
                         r.get(S.JOKERS_AMBIGUOUS), r.get(S.JOKERS_ONLY_IN))
        if _maybe_section(r, "jokers") else None,
        joker_swap=ir.JokerSwap(r.req(S.SWAP_ALLOWED), r.req(S.SWAP_CARD_FROM),
                                r.req(S.SWAP_RETRIEVED))
        if _maybe_section(r, "joker_swap") else None,
        opening=ir.Opening(r.req(S.OPENING_MIN_POINTS), r.get(S.OPENING_CLEAN_RUN),
                           r.get(S.OPENING_MIN_MELDS))
        if _maybe_section(r, "opening") else None,
        turn=ir.Turn(
            draw=draw,
            draws=r.req(S.TURN_DRAWS),
            lay_off=r.req(S.TURN_LAY_OFF),
            discard=r.req(S.TURN_DISCARD),
            meld_after_last_draw=r.get(S.TURN_MELD_AFTER_LAST_DRAW),
            rearrange=ir.Rearrange(r.req(S.REARRANGE_MIN_FROM_HAND), r.req(S.REARRANGE_REMOVE))
            if _maybe_section(r, "turn.rearrange") else None,
            discard_taken_card=r.get(S.TURN_DISCARD_TAKEN_CARD),
            direction=r.get(S.TURN_DIRECTION),
        ),
        stock_empty=r.req(S.STOCK_EMPTY),
        going_out=ir.GoingOut(r.req(S.GOING_OUT_BY)),
        handing=ir.Handing(r.req(S.HANDING_LAY_OFF), r.get(S.HANDING_OPENING_RULES))
        if _maybe_section(r, "handing") else None,
        knocking=ir.Knocking(r.req(S.KNOCKING_MAX_HAND)) if _maybe_section(r, "knocking") else None,
        scoring=ir.Scoring(
            method=r.req(S.SCORING_METHOD),
            went_out=r.get(S.SCORING_WENT_OUT),
            handed=r.get(S.SCORING_HANDED),
            handed_with_cut_card=r.get(S.SCORING_HANDED_CUT),
            joker_in_hand=r.get(S.SCORING_JOKER_IN_HAND),
            not_opened=r.get(S.SCORING_NOT_OPENED),
            handing_multiplier=r.get(S.SCORING_HANDING_MULTIPLIER),
            undercut_bonus=r.get(S.SCORING_UNDERCUT),
            tie_with_knocker=r.get(S.SCORING_TIE),
            all_out_bonus=r.get(S.SCORING_ALL_OUT),
        ),
        game_end=ir.GameEnd(
            winner=r.req(S.GAME_END_WINNER),
            target=r.get(S.GAME_END_TARGET),
            rounds=r.get(S.GAME_END_ROUNDS),
            target_bonus=r.get(S.GAME_END_TARGET_BONUS),
            round_win_bonus=r.get(S.GAME_END_ROUND_WIN_BONUS),
        ),
        examples=tuple(e for f in chain for e in f.examples),
        checks=_checks(chain),
        not_modelled=tuple(n for f in chain for n in f.not_modelled),
        dropped_checks=_dropped(chain),
        rules=tuple(sorted(r.rules.values(), key=lambda rule: S.rule_order(rule.id))),
    )


def _dropped(chain: Sequence[FileRules]) -> tuple[ir.DroppedCheck, ...]:
    """Built-in checks removed along the chain; a house variant's reason replaces its parent's."""
    dropped: dict[str, ir.DroppedCheck] = {}
    for file in chain:
        for check, (reason, rests_on, span) in file.dropped_checks.items():
            dropped[check] = ir.DroppedCheck(check, reason, span, file.id, rests_on)
    return tuple(dropped.values())


def _checks(chain: Sequence[FileRules]) -> tuple[ir.Check, ...]:
    """Every check of the chain, base first, numbered in that order, less those removed."""
    kept: list[ir.Check] = []
    number = 0
    for file in chain:
        kept = [c for c in kept if c.title not in file.removed_checks]
        for check in file.checks:
            number += 1
            kept.append(replace(check, number=number))
    return tuple(kept)
