"""Read-sets: what each check reads is recorded as it runs, and a house variant keeps its
parent's verdict for a check only when it changes none of those rules.  The claim tested: a
verdict kept that way is the verdict the check gives the house variant when proved cold.

Each rule of the registry is changed in turn, one per house variant of one seed (a rule the
seed gives gets another value; one it leaves out is added, as the registry's example writes
it); every check whose verdict would be kept is proved cold on the variant, and must say the
same and read the same rules.  The unit tier runs a fixed sample of cheap checks.
"""

from __future__ import annotations

import sys
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from pathlib import Path

import pytest

from remikc import ir
from remikc.diagnostics import SpecError
from remikc.spec.registry import REGISTRY, RuleId, covered, part, parts, places, presence, readers, rule_id
from remikc.spec.workspace import Workspace
from remikc.verify import Status
from remikc.verify.base import Probe
from remikc.verify.reading import Reads, changed, view

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
SEED = "karuzela"  # the quickest seed to prove cold


def with_rule(obj: object, rid: str, value: object) -> object:
    """`obj` with the rule `rid` given `value`, wherever the IR holds it (`rules` too)."""
    if isinstance(obj, ir.Rule):
        return replace(obj, value=value) if obj.id == rid else obj
    if isinstance(obj, tuple):
        return tuple(with_rule(x, rid, value) for x in obj)
    if is_dataclass(obj) and not isinstance(obj, type) and not isinstance(obj, Enum):
        return replace(obj, **{f.name: with_rule(getattr(obj, f.name), rid, value) for f in fields(obj)})
    return obj


def other_value(value: object) -> object:
    """A value the rule could have instead, of the same type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, Enum):
        return next(m for m in type(value) if m is not value)
    if isinstance(value, int):
        return value - 1 if value > 0 else value + 1
    if value is None:  # a joker limit of `any`
        return 1
    if isinstance(value, ir.Range):
        return ir.Range(value.low + 1, None if value.high is None else max(value.high, value.low + 1))
    if isinstance(value, ir.PerPlayers):
        return ir.PerPlayers(tuple((r, v + 1) for r, v in value.cases))
    if isinstance(value, ir.CardValue):
        return ir.CardValue(value.points + 1, value.by_place)
    if isinstance(value, ir.JokerValue):
        return ir.JokerValue(False, 25) if value.as_replaced else ir.JokerValue(False, value.points + 5)
    if isinstance(value, ir.Draws):
        return ir.Draws(value.count + 1, value.until_meld)
    return ir.Never() if value != ir.Never() else ir.Always()


def _add_to(folder: Path, variant: ir.Variant, rid: RuleId) -> ir.Variant | None:
    """The seed with `rid` (which it does not give) added, as its registry example writes it,
    with the required rules of its section the seed lacks (all of them, for a section it
    lacks); None where the language refuses that."""
    info = REGISTRY[rid]
    seed = variant.id
    lines = [REGISTRY[r].example for r in sorted(presence(info.section))
             if r != rid and variant.rule(r) is None] + [info.example]
    body = "\n".join(lines)
    for name in reversed(info.section.split(".") if info.section else []):
        body = f"{name} {{\n{body}\n}}"
    (folder / f"{seed}.rules").write_bytes((SPECS / f"{seed}.rules").read_bytes())
    path = folder / f"add_{rid.replace('.', '_')}.rules"
    path.write_text(f'variant {path.stem} extends "{seed}" {{\n  name pl "x"\n  name hr "x"\n'
                    f"{body}\n}}\n", encoding="utf-8")
    try:
        return Workspace().variant(str(path))
    except SpecError:  # a combination the language refuses: no house variant to check
        return None


def _variants(seeds: list[ir.Variant], folder: Path) -> dict[RuleId, tuple[ir.Variant, ir.Variant]]:
    """Each rule: (seed, house variant), from the first seed that gives the rule, else the
    first to which it can be added."""
    out: dict[RuleId, tuple[ir.Variant, ir.Variant]] = {}
    for rid in REGISTRY:
        seed = next((s for s in seeds if s.rule(rid) is not None), None)
        if seed is not None:
            rule = seed.rule(rid)
            assert rule is not None
            out[rid] = (seed, with_rule(seed, rid, other_value(rule.value)))  # type: ignore[assignment]
            continue
        for seed in seeds:
            added = _add_to(folder, seed, rid)
            if added is not None:
                out[rid] = (seed, added)
                break
    return out


# the seeds in the order they are tried, the quickest to prove cold first: between them they
# give or take every rule (some 90 s of proofs, the variants' checks that keep a verdict)
ORDER = ("karuzela", "remik_klasyczny", "remik51")


# one seed each (xdist's workers share the proofs); an ordinary run takes the first, which gives or
# takes most rules, and --soak the other two (some 30 s of proofs)
@pytest.mark.parametrize("seed_id", [ORDER[0], *(pytest.param(s, marks=pytest.mark.soak) for s in ORDER[1:])])
def test_every_reused_verdict_is_the_cold_verdict(seed_id, seed_reports, tmp_path):
    """For each rule changed in turn, each check that would keep the seed's verdict says the
    same proved cold, and reads the same rules (`seed_id`: the rules changed in its house
    variants, each rule in the first seed of ORDER that gives or takes it)."""
    from remikc.verify.checks import CHECKS

    variants = _variants([seed_reports[s].variant for s in ORDER], tmp_path)
    assert sorted(set(REGISTRY) - set(variants)) == []
    wrong = []
    for rid, (seed, house) in variants.items():
        if seed.id != seed_id:
            continue
        delta = changed(house, seed)
        assert rid in delta, rid
        report = seed_reports[seed.id]
        probe = Probe(house)
        for check in CHECKS:
            before = report.finding(check.id)
            if before.reads is None or before.reads & delta or before.status is Status.REMOVED:
                continue  # proved again, or removed on rules the variant keeps: nothing reused
            cold = check(probe)
            # the verdict, its witness and what it rests on
            if (cold.status, cold.summary, cold.reads) != (before.status, before.summary, before.reads):
                wrong.append((rid, check.id, before.summary, cold.summary))
    assert wrong == []


# --- the unit tier: the recording view, and a fixed sample of cheap checks ------------------

def test_the_view_records_rules_read_absent_ones_and_parts_of_the_game(load):
    seed = load("remik51")
    reads = Reads()
    v = view(seed, reads)
    with reads.scope() as found:
        assert v.knocking is None  # remik51 has no knocking: giving it would change the answer
        assert v.scoring.undercut_bonus is None
        v.deal.extra()  # a method of the IR reads through the view too
        v.rule("run.wrap")
    assert found == {"knocking.max_hand", "scoring.undercut_bonus", "deal.first_player_extra", "run.wrap"}
    with reads.scope() as found:
        assert v.values.ranks
        assert v.turn.rearrange is None or v.turn.rearrange
    assert found == covered("values.ranks") | presence("turn.rearrange")
    assert len(covered("values.ranks")) == 13


def test_that_a_part_of_the_game_is_there_is_read_apart_from_its_rules(load, tmp_path):
    """`if v.opening:` reads whether remik51 has an opening, not its 51 points: a house variant
    at `min_points 40` changes the one and not the other; one that lets the table be rearranged
    adds that part of the game and its rules."""
    seed = load("remik51")
    reads = Reads()
    v = view(seed, reads)
    with reads.scope() as found:
        assert v.opening is not None
    assert found == {"opening"} == part("opening")
    with reads.scope() as found:
        assert v.opening.min_points.value == 51
    assert found == {"opening", "opening.min_points"}
    lower = with_rule(seed, "opening.min_points", 40)
    assert changed(lower, seed) == {"opening.min_points"}
    rearranges = _add_to(tmp_path, seed, RuleId("turn.rearrange.min_from_hand"))
    assert rearranges is not None
    assert changed(rearranges, seed) == {"turn.rearrange", *covered("turn.rearrange")}
    assert part("deal") == frozenset()  # every game deals


def test_a_shared_session_replays_what_building_it_read(load):
    probe = Probe(load("remik51"))
    with probe.reads.scope() as first:
        probe.meld()
    with probe.reads.scope() as again:  # built before: not built again, but read all the same
        probe.meld()
    assert first and again == first


def test_a_rule_id_is_one_the_registry_holds():
    assert rule_id("scoring.not_opened") == "scoring.not_opened"
    with pytest.raises(ValueError, match=r"no rule `scoring\.not_open`"):
        rule_id("scoring.not_open")
    assert REGISTRY[RuleId("deal.hand")].type == "PerPlayers[int]"
    assert REGISTRY[RuleId("knocking.max_hand")].required and REGISTRY[RuleId("knocking.max_hand")].default


SAMPLE = ("deck.jokers", "scoring.not_opened", "turn.direction", "deal.first_player_extra", "values.7")
CHEAP = ("deck.enough", "incentives.knock", "game.reachable")


@pytest.mark.parametrize("rid", SAMPLE)
def test_a_sample_of_reused_verdicts_is_the_cold_verdict(rid, load, tmp_path):
    """The claim above for five rules and three quick checks, each proved on the seed and on
    the variant: where the seed's read-set misses the change, the verdicts agree."""
    from remikc.verify.checks import CHECKS

    seed = load("remik51")
    rule = seed.rule(rid)
    if rule is not None:
        house = with_rule(seed, rid, other_value(rule.value))
    else:
        house = _add_to(tmp_path, seed, RuleId(rid))
    assert isinstance(house, ir.Variant)
    seed_probe, house_probe = Probe(seed), Probe(house)
    for check in (c for c in CHECKS if c.id in CHEAP):
        before, cold = check(seed_probe), check(house_probe)
        if before.reads is not None and not before.reads & changed(house, seed):
            assert (cold.status, cold.summary, cold.reads) == (before.status, before.summary, before.reads)
        else:
            assert cold.reads is not None


# --- the lists kept beside the registry, tested against it -------------------------------------

def test_the_adding_a_rule_checklist_names_every_module_that_reads_a_rule():
    """docs/internals.md's checklist names each module of remikc/verify and remikc/emit (the
    rulebooks' included) that reads a rule of the registry, by its id or as `section.rule` in
    the IR, for every rule (`registry.places`); and every rule is read by some emitter: the
    generated module's rules block or a rulebook states it."""
    text = (ROOT / "docs" / "internals.md").read_text(encoding="utf-8")
    checklist = text[text.index("## Adding a rule to the language"):]
    unnamed: dict[str, list[str]] = {}
    for rid in REGISTRY:
        for place in places(rid):
            if f"`{place}`" not in checklist:
                unnamed.setdefault(place, []).append(rid)
    assert unnamed == {}
    assert [r for r in REGISTRY if not any(p.startswith("remikc/emit/") for p in places(r))] == []


def test_the_places_that_read_a_rule_are_found_in_the_source():
    """Worked out by reading the modules: the +100 of a player who never opened is scored by
    the one definition of scores (which the verifier's encoding compiles), asked by
    incentives.opening, written into the generated module (names.py) and taught by the
    rulebook's scoring section."""
    found = places(RuleId("scoring.not_opened"))
    assert {"remikc/scoring.py", "remikc/verify/incentives.py", "remikc/emit/names.py",
            "remikc/emit/book_scoring.py"} <= set(found)
    assert "remikc/verify/reading.py" not in found  # the recorder names rules only as examples
    # a rank's value is read with the others (`values.ranks`, `values.of_rank(...)`)
    assert "remikc/emit/rulebook.py" in places(RuleId("values.7"))
    assert "NOT_OPENED" in readers(RuleId("scoring.not_opened"))


class _Where(Reads):
    """Reads, each also kept by the module of remikc/ that read it (the nearest frame)."""

    def __init__(self) -> None:
        super().__init__()
        self.by_module: dict[str, set[RuleId]] = {}

    def record(self, ids: frozenset[RuleId]) -> None:
        super().record(ids)
        if ids == frozenset(REGISTRY) or any(ids == covered(p) for p in parts()):
            return  # every rule's annotations, or whether a part of the game is there at all
        frame = sys._getframe(1)
        while frame is not None and not _ours(frame.f_code.co_filename):
            frame = frame.f_back
        if frame is not None:
            path = Path(frame.f_code.co_filename).resolve()
            module = "remikc/" + path.relative_to(ROOT / "remikc").as_posix()
            self.by_module.setdefault(module, set()).update(ids)


def _ours(filename: str) -> bool:
    path = Path(filename).resolve()
    return (ROOT / "remikc") in path.parents and path.name not in {"reading.py", "registry.py", "ir.py"}


def test_the_places_found_in_the_source_hold_every_rule_a_rulebook_reads(load):
    """`places` reads the source; the rulebooks, written through the recorder, say what they
    really read: every rule an emitter read for a seed's book (pl and hr) is found in that
    module by `places`, through local names (`swap = w.v.joker_swap`; `swap.card_from`) and the
    draw sources read as one list."""
    from remikc.emit.rulebook import rulebook
    from remikc.wording import language

    where = _Where()
    for spec in sorted(SPECS.glob("*.rules")):
        for code in ("pl", "hr"):
            with where.scope():
                rulebook(view(load(spec.stem), where), language(code))
    missed = {module: sorted(r for r in ids if module not in places(r))
              for module, ids in where.by_module.items()}
    assert {m: r for m, r in missed.items() if r} == {}
    assert {"remikc/emit/rulebook.py", "remikc/emit/book_scoring.py"} <= where.by_module.keys()


def test_the_rules_a_validator_reads_are_found_in_the_runtime(load):
    """What the mutation tests change: the rules remik51's validator reads, worked out from the
    runtime (remikc/runtime/melds.py judges melds, openings, lay-offs and joker swaps and counts
    hands; the referee deals, orders turns and scores deals).  Each condition function names
    its rule, and the mutation tests' own list names rules of the registry."""
    from remikc.emit.names import CONDITION_RULES, CONDITIONS, validator_rules
    from test_mutations import PLAY_ONLY

    read = validator_rules(load("remik51"))
    assert {"opening.min_points", "jokers.per_meld", "jokers.per_meld_at_opening", "run.wrap",
            "set.closed_at", "values.K", "values.joker", "scoring.joker_in_hand", "turn.lay_off",
            "handing.lay_off", "joker_swap.card_from", "going_out.by"} <= read
    assert not read & {"deal.hand", "players", "turn.draws", "turn.draw.stock", "stock_empty",
                       "scoring.went_out", "scoring.handing_multiplier", "game_end.rounds",
                       "joker_swap.retrieved_joker"}
    assert list(CONDITION_RULES) == [name for name, _ in CONDITIONS]
    assert all(rule in REGISTRY for rules in CONDITION_RULES.values() for rule in rules)
    for entry in PLAY_ONLY:
        assert covered(entry.removesuffix(".")), entry


def test_the_examples_a_report_holds_and_their_reads_survive_the_proof_cache(load):
    """What a house variant's `house.keeps` reuses from its parent's cached report: each example
    that holds, by its place, with the rules it read."""
    from remikc import proofcache
    from remikc.verify.findings import Finding

    seed = load("remik51")
    held = (("remik51@250:5", frozenset({"opening.min_points", "values.6"})), ("remik51@251:5", frozenset()))
    finding = Finding("house.keeps", "t", Status.PROVED, "s", held=held)
    again = proofcache._finding(proofcache._plain(finding), seed, {})
    assert again.held == held and again == finding


def test_the_least_witnesses_survive_the_proof_cache(load):
    """A house variant checked beside its parent's cached report (an editor, on save) tries the
    parent's least witnesses first, as it does beside a report proved in the same run."""
    from remikc import proofcache
    from remikc.verify.findings import Finding

    witnesses = ((3, 0, 17, 2), None, ())
    finding = Finding("deal.ends", "t", Status.PROVED, "s", witnesses=witnesses)
    again = proofcache._finding(proofcache._plain(finding), load("remik51"), {})
    assert again.witnesses == witnesses and again == finding
