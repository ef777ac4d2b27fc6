"""The checks of melds: every kind admits a meld, runs wrap only where allowed, joker limits
hold and can be reached, a joker stands for one card, and the size bounds can be met."""

from __future__ import annotations

import z3

from .. import ir
from . import canon, decode
from .base import Check, Probe, because, kind_text, unknown
from .findings import Finding, Status, edit_for

# --- 1. every meld kind admits a meld ------------------------------------------------

def melds_alive(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    shown: list[str] = []
    dead: list[str] = []
    rules: list[ir.Rule[object]] = []
    notes: list[str] = []
    for kind, present in (("set", v.set), ("run", v.run)):
        if present is None:
            continue
        for at_opening in ((False, True) if v.opening else (False,)):
            session, m = probe.meld(opening=at_opening)
            reading = m.is_run if kind == "run" else z3.Not(m.is_run)
            out = probe.ask(session, m.valid, reading,
                            prefer=[[m.jokers == 0, m.length == present.size.value.low]],
                            keys=canon.meld_keys(m) if not at_opening else ())
            if out.status == "unknown":
                return unknown(check)
            if out.status == "sat" and out.model is not None:
                if not at_opening:
                    shown.append(kind_text(out.model, m))
                continue
            if at_opening:
                notes.append(f"no {kind} can be laid when opening")
            else:
                dead.append(kind)
                rules.extend(because(probe, out, present.size))
    if dead:
        return Finding(check.id, check.title, Status.VIOLATED,
                       f"no valid {' or '.join(dead)} exists: the rule can never be used",
                       tuple(dict.fromkeys(rules)), tuple(notes))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(shown), (), tuple(notes))


# --- 2. wrap-around and the ace-to-ace run ----------------------------------------------

def runs_wrap(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    if v.run is None:
        return Finding(check.id, check.title, Status.PROVED, "the variant has no runs")
    rules = v.run
    said: list[str] = []
    wrong: list[str] = []
    blame: list[ir.Rule[object]] = []
    hints: list[str] = []

    session, m = probe.meld()
    wraps = m.start + m.length - 1 >= 15
    out = probe.ask(session, m.valid, m.is_run, wraps, prefer=[[m.jokers == 0, m.length == 3]],
                    keys=canon.meld_keys(m))
    if out.status == "unknown":
        return unknown(check)
    if rules.wrap.value:
        if out.model is not None:
            said.append(f"{decode.meld_text(out.model, m)} wraps round, as `wrap allowed` says")
        else:
            wrong.append("`wrap allowed`, but no run can go round the corner")
            blame.extend(because(probe, out, rules.wrap))
            if rules.ace.value is not ir.Ace.LOW_OR_HIGH:
                # K-A-2 turns round an ace that is high after the king and low before the two
                hints.append(f"hint: a run goes round the corner through an ace that counts high and "
                             f"low at once: {edit_for(v, rules.ace, ir.Ace.LOW_OR_HIGH.value)}, and say "
                             "whether the 14-card run from ace to ace counts (`ace_to_ace allowed` or "
                             "`forbidden`)")
    elif out.model is not None:
        wrong.append(f"{decode.meld_text(out.model, m)} is a run that wraps round, "
                     "though `wrap forbidden`")
        blame.append(rules.wrap)
    else:
        said.append("no run goes round the corner (K-A-2)")

    out = probe.ask(session, m.valid, m.is_run, m.start == 1, m.length == 14, prefer=[[m.jokers == 0]])
    if out.status == "unknown":
        return unknown(check)
    declared = rules.ace_to_ace is not None and rules.ace_to_ace.value
    if declared and out.model is None:
        wrong.append("`ace_to_ace allowed`, but no 14-card run from ace to ace is valid")
        blame.extend(because(probe, out, rules.ace_to_ace))
    elif not declared and out.model is not None:
        wrong.append(f"{decode.meld_text(out.model, m)} runs from ace to ace, which no rule allows")
        blame.extend(r for r in (rules.ace_to_ace, rules.ace) if r is not None)
    elif declared:
        said.append("the 14-card run from ace to ace is valid, as declared")
    else:
        said.append("no run goes from ace to ace")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong),
                       tuple(dict.fromkeys(blame)), tuple(hints))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


# --- 3. joker limits ------------------------------------------------------------------

def joker_limits(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    jokers = v.jokers
    if jokers is None:
        return Finding(check.id, check.title, Status.PROVED, "the deck has no jokers")
    said: list[str] = []
    wrong: list[str] = []
    blame: list[ir.Rule[object]] = []
    phases = [(False, jokers.per_meld)]
    if v.opening is not None and jokers.per_meld_at_opening is not None:
        phases.append((True, jokers.per_meld_at_opening))
    for at_opening, rule in phases:
        when = "when opening" if at_opening else "after opening" if v.opening else "in a meld"
        limit = rule.value
        if limit is None:
            said.append(f"any number of jokers {when}")
            continue
        session, m = probe.meld(opening=at_opening)
        over = probe.ask(session, m.valid, m.jokers > limit, keys=canon.meld_keys(m))
        m2 = m
        reach = probe.ask(session, m.valid, m.jokers == limit, prefer=[[m.length <= limit + 2]],
                          keys=canon.meld_keys(m))
        if "unknown" in (over.status, reach.status):
            return unknown(check)
        if over.model is not None:
            wrong.append(f"{kind_text(over.model, m)} holds more than {limit} jokers {when}")
            blame.append(rule)
        if reach.model is None:
            wrong.append(f"`{rule.id} {limit}` can never be reached {when}: no valid meld holds "
                         f"{limit} jokers")
            blame.extend(because(probe, reach, rule))
        else:
            said.append(f"at most {limit} {'joker' if limit == 1 else 'jokers'} {when} "
                        f"(e.g. {kind_text(reach.model, m2)})")
    session, m = probe.meld()
    alone = probe.ask(session, m.valid, m.jokers == m.length, keys=canon.meld_keys(m))
    if alone.status == "unknown":
        return unknown(check)
    allowed = jokers.min_natural.value == 0
    if alone.model is not None and not allowed:
        wrong.append(f"{decode.meld_text(alone.model, m)} is a meld of jokers alone")
        blame.append(jokers.min_natural)
    elif alone.model is not None:
        said.append(f"jokers alone make a meld ({decode.meld_text(alone.model, m)}), as "
                    "`min_natural 0` allows")
    else:
        said.append("no meld is jokers alone")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(blame)))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))


# --- 4. what a joker stands for ----------------------------------------------------

def joker_meaning(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    jokers = v.jokers
    if jokers is None:
        return Finding(check.id, check.title, Status.PROVED, "the deck has no jokers")
    if jokers.declare.value is ir.Declare.RANK_AND_SUIT:
        return Finding(check.id, check.title, Status.PROVED,
                       "the player names the card each joker stands for (`declare rank_and_suit`)")
    for at_opening in ((False, True) if v.opening else (False,)):
        session, m = probe.meld(opening=at_opening)
        both = probe.ask(session, m.run_ok, m.set_ok, prefer=[[m.length <= 3]],
                         keys=[*canon.meld_keys(m), canon.least(m.set_points), canon.least(m.run_points)])
        if both.status == "unknown":
            return unknown(check)
        if both.model is not None:
            model = both.model
            witness = (f"{decode.meld_text(model, m)} reads as a set ({decode.integer(model, m.set_points)}"
                       f" points) and as a run ({decode.integer(model, m.run_points)} points)")
            if jokers.ambiguous is None:
                return Finding(check.id, check.title, Status.VIOLATED,
                               witness + "; no rule says which", (jokers.declare,))
            return Finding(check.id, check.title, Status.PROVED,
                           f"{witness}: `ambiguous {jokers.ambiguous.value.value}` decides")
    return Finding(check.id, check.title, Status.PROVED,
                   "every joker stands for one card, fixed by its place in the meld")


# --- 5. size bounds -----------------------------------------------------------------

def meld_sizes(probe: Probe, check: Check) -> Finding:
    v = probe.variant
    said: list[str] = []
    wrong: list[str] = []
    blame: list[ir.Rule[object]] = []
    for kind, rules in (("set", v.set), ("run", v.run)):
        if rules is None:
            continue
        size = rules.size.value
        bounds = [size.low] + ([size.high] if size.high is not None and size.high != size.low else [])
        for bound in bounds:
            session, m = probe.meld()
            reading = m.is_run if kind == "run" else z3.Not(m.is_run)
            out = probe.ask(session, m.valid, reading, m.length == bound, prefer=[[m.jokers == 0]],
                            keys=canon.meld_keys(m))
            if out.status == "unknown":
                return unknown(check)
            if out.model is None:
                wrong.append(f"no {kind} of {bound} cards is possible, though `{rules.size.id} {size}`")
                blame.extend(because(probe, out, rules.size))
            else:
                said.append(f"{kind} of {bound}: {decode.meld_text(out.model, m)}")
    if wrong:
        return Finding(check.id, check.title, Status.VIOLATED, "; ".join(wrong), tuple(dict.fromkeys(blame)))
    return Finding(check.id, check.title, Status.PROVED, "; ".join(said))
