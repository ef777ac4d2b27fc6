"""The Z3 verifier: the seed variants verify clean, and each deliberately
inconsistent spec under tests/specs/inconsistent is caught by the check meant for it.

Inconsistent cases state their expectations in header comments:
    # expect-check: <check id that must be violated>
    # expect-rules: <rule ids among the lines it names; `example` for the example line>
    # expect-summary: <text the finding's summary must contain>
"""

from __future__ import annotations

import gc
import io
import json
import re
from pathlib import Path

import pytest
import z3

from remikc import ir
from remikc.cards import parse_cards
from remikc.cli import main
from remikc.driver import Verifier, check_paths
from remikc.spec.workspace import Workspace
from remikc.verify import CHECKS, Status, verify
from remikc.verify.base import Probe
from remikc.verify.claims import check_example, check_property

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"
INCONSISTENT = Path(__file__).parent / "specs" / "inconsistent"
CASES = sorted(p for p in INCONSISTENT.glob("*.rules") if p.stem != "base51")


# --- the seed variants --------------------------------------------------------------

# Built-in checks a seed spec removes on purpose, with the reason it gives (house variants inherit it).
SEED_REMOVALS = {
    "remik51": {"incentives.opening"},
    "remik51_domowy": {"incentives.opening"},
}


def test_every_spec_verifies_with_no_violation(seed_reports):
    assert set(seed_reports) == {p.stem for p in SPECS.glob("*.rules")}
    for variant, report in seed_reports.items():
        removed = {f.check for f in report.findings if f.status is Status.REMOVED}
        assert removed == SEED_REMOVALS.get(variant, set()), variant
        bad = [(f.check, f.status.value, f.summary) for f in report.findings
               if f.status not in (Status.PROVED, Status.REMOVED)]
        assert bad == [], variant


def test_remik51_removes_the_opening_incentive_for_a_reason_that_holds(workspace):
    """The removal's comment: K♠ K♥ K♦ + Q♠ Q♥ Q♦ (60 points) opens from 14 cards and keeps
    JK JK JK JK A♥ A♠ 10♥ 10♠, 4 x 20 + 4 x 10 = 120, more than the flat +100 of never
    opening.  Without the removal the check finds such a hand itself."""
    from dataclasses import replace as _replace

    v = workspace.variant(str(SPECS / "remik51.rules"))
    assert [(d.check, d.reason) for d in v.dropped_checks] == [
        ("incentives.opening", "the seed text fixes +100 for a player who never opened, whatever he holds")]
    laid = (parse_cards("K♠ K♥ K♦"), parse_cards("Q♠ Q♥ Q♦"))
    example = ir.Example(ir.ExampleKind.OPENING, laid, v.players.span, v.id, points=60)
    assert check_example(Probe(v), example).status is Status.PROVED
    kept = parse_cards("JK JK JK JK A♥ A♠ 10♥ 10♠")
    joker = v.scoring.joker_in_hand.value
    counted = sum(joker if c.is_joker else v.values.of_rank(c.rank).at(ir.Place.HAND) for c in kept)
    assert counted == 120 and v.scoring.not_opened.value == 100
    finding = _finding(_replace(v, dropped_checks=()), "incentives.opening")  # the only check read
    assert finding.status is Status.VIOLATED
    shown = int(re.search(r"counts (\d+) at the end of a round", finding.summary).group(1))
    assert shown > 100 and "without opening counts 100" in finding.summary


def test_the_report_lists_every_check(seed_reports):
    for report in seed_reports.values():
        ids = [f.check for f in report.findings]
        assert ids[: len(CHECKS)] == [c.id for c in CHECKS]
        assert "house.keeps" in ids
        assert len(ids) == len(set(ids))
        assert all(f.title and f.summary for f in report.findings)


def test_seed_facts_the_checks_show(seed_reports):
    r51 = seed_reports["remik51"]
    # "mogą zaczynać się od asa i kończyć na asie": the 14-card run exists
    assert "the 14-card run from ace to ace is valid" in r51.finding("runs.wrap").summary
    # an opening worth exactly 51 exists and needs no joker
    opening = r51.finding("opening.reachable").summary
    assert "(51 points)" in opening and "reachable without jokers" in opening
    # 5 players x 14 + 1 extra + 1 cut card from 108 cards leaves 36 to draw
    assert "5 players leave a stock of 36 from 108 cards" in r51.finding("deck.enough").summary
    # seed 002, six players: 6 x 6 + 1 turned up leaves 15 of 52
    basic = seed_reports["remik_podstawowy"].finding("deck.enough").summary
    assert "6 players leave a stock of 15 from 52" in basic
    # Karuzela: one 53-card deck for two players, 20 dealt, 33 left
    assert "2 players leave a stock of 33 from 53" in seed_reports["karuzela"].finding("deck.enough").summary


def test_an_opening_witness_is_a_real_opening(seed_reports):
    """The witness printed for remik51 opens under the rules, as the seed's own example does."""
    text = seed_reports["remik51"].finding("opening.reachable").summary
    laid = re.search(r"from 14 cards: (.*) \(51 points\)", text)
    assert laid is not None
    melds = tuple(parse_cards(m) for m in laid.group(1).split(" + "))
    v = seed_reports["remik51"].variant
    example = ir.Example(ir.ExampleKind.OPENING, melds, v.players.span, v.id, points=51)
    assert check_example(Probe(v), example).status is Status.PROVED


def test_house_variant_reports_what_its_parent_claimed_differently(seed_reports):
    house = seed_reports["remik_podstawowy_as"].finding("house.keeps")
    assert house.status is Status.PROVED
    # seed 002 basic: "as jest zawsze niską kartą", so Q♦ K♦ A♦ is no meld; with the option it is
    assert any("invalid Q♦ K♦ A♦" in d and "a run worth 35" in d for d in house.details)
    # A♦ 2♦ 3♦ is 1 + 2 + 3 = 6 in the base game, 15 + 2 + 3 = 20 with the ace at 15
    assert any("A♦ 2♦ 3♦ worth 6" in d and "worth 20" in d for d in house.details)


# --- the inconsistent corpus ----------------------------------------------------------

_VERIFIERS: dict[Path, Verifier] = {}


def _verified(path: Path, folder: Path | None = None):
    """Read and verify one case of a corpus folder.  Every case there extends the folder's
    base51, and a case's report needs base51's (for `house.keeps`): one verifier per folder
    and process keeps it, so base51 is proved once rather than once per case.  `folder`: the
    folder whose verifier to share, where it is not the case's own."""
    run = check_paths([str(path)])
    (result,) = run.results
    assert result.ok, result.diagnostics
    verifier = _VERIFIERS.setdefault(folder or path.parent, Verifier(run.workspace, jobs=1))
    return verifier.report(str(path), result.variant)


def _finding(variant: ir.Variant, check: str):
    """One check's finding, as `verify` makes it, without proving the other checks: a test
    that looks at one finding need not pay for thirty."""
    probe = Probe(variant)
    if check.startswith("property."):
        (claim,) = [c for i, c in enumerate(variant.checks, start=1) if f"property.{c.number or i}" == check]
        return check_property(probe, claim, int(check.removeprefix("property.")))
    (run,) = [c for c in CHECKS if c.id == check]
    return run(probe)


def _alone(path: Path, check: str):
    """`check`'s finding on the case at `path`, as its report would give it: the whole report
    where the check compares with the parent's or the spec's own examples may join it."""
    (result,) = check_paths([str(path)]).results
    assert result.ok, result.diagnostics
    v = result.variant
    if check in ("house.keeps", "examples") or any(e.origin == v.id for e in v.examples):
        return _verified(path).finding(check)
    return _finding(v, check)


def _expect(path: Path, key: str) -> list[str]:
    return re.findall(rf"^# expect-{key}: (.*)$", path.read_text(encoding="utf-8"), re.M)


def test_corpus_is_big_enough():
    assert len(CASES) >= 12
    assert len({_expect(p, "check")[0] for p in CASES}) >= 10  # most checks have a case


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_inconsistent_spec_is_caught_by_its_check(path: Path):
    (check,) = _expect(path, "check")
    # the spec reads fine; its rules do not hold together.  Only the check that should say
    # so is proved (the whole verifier on odd specs: the unusual corpus and test_fuzz), but
    # for a check that compares with the parent's report or gathers the spec's examples
    finding = _alone(path, check)
    assert finding is not None and finding.status is Status.VIOLATED, finding
    for names in _expect(path, "rules"):
        named = {r.id for r in finding.rules}
        assert set(names.split()) <= named, (names, named)
        for rule in finding.rules:  # every line named is a real line of a spec (a packaged seed's too)
            file = rule.span.file
            assert rule.span.line >= 1 and (ROOT / file.removeprefix("remikc:") if file.startswith("remikc:")
                                            else Path(file)).exists()
    for text in _expect(path, "summary"):
        assert text in finding.summary, finding.summary
    if path.stem.startswith("ends_later_"):
        _only_the_every_state_check_sees_it(path, finding)


def _only_the_every_state_check_sees_it(path: Path, finding) -> None:
    """An `ends_later_*` deal can end from its start (the start-only analysis proves it, or, for
    the threes, cannot decide); only following the hands turn by turn (`deal.ends`: `finding`,
    violated) finds the state nobody can leave.  Asked here rather than in a test of its own,
    which proved each file's `deal.ends` a second time."""
    from remikc.verify.checks import CHECKS as ALL
    from remikc.verify.ending import _from_the_start

    assert _expect(path, "check") == ["deal.ends"]
    check = next(c for c in ALL if c.id == "deal.ends")
    (result,) = check_paths([str(path)]).results
    start = _from_the_start(Probe(result.variant), check)
    expected = Status.UNKNOWN if path.stem == "ends_later_threes" else Status.PROVED
    assert start.status is expected, start.summary
    assert finding.check == "deal.ends" and finding.status is Status.VIOLATED


def test_cli_exits_1_on_a_violation_and_names_the_lines():
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", str(INCONSISTENT / "set_of_five.rules")], out, err)
    text = out.getvalue()
    assert code == 1
    assert "✗ melds.sizes" in text and "no set of 5 cards is possible" in text
    assert re.search(r"set_of_five\.rules:\d+: `set\.size`", text)
    assert re.search(r"base51\.rules:\d+: `set\.suits`", text)


# --- determinism and work limits ---------------------------------------------------------

def _plain(report):
    return [(f.check, f.status, f.summary, f.details, [r.id for r in f.rules]) for f in report.findings]


def test_results_do_not_depend_on_what_was_verified_before_and_verify_frees_its_contexts(workspace):
    """The same report before and after other variants are verified; and `verify` frees its Z3
    contexts before returning.  A context left to the garbage collector is freed by whichever
    thread it next runs in; freed by a Dask worker's thread during `sweep --scheduler`,
    Z3_del_context hung there.  With the collector off, only verify's own collection can free
    them."""
    karuzela = workspace.variant(str(SPECS / "karuzela.rules"))
    remik51 = workspace.variant(str(SPECS / "remik51.rules"))
    first = verify(remik51)
    verify(karuzela)

    def contexts() -> set[int]:
        return {id(o) for o in gc.get_objects() if isinstance(o, z3.Context)}

    gc.collect()
    gc.disable()
    try:
        before = contexts()
        verify(karuzela)
        left = contexts() - before
    finally:
        gc.enable()
    assert left == set()
    again = verify(remik51)
    assert _plain(first) == _plain(again)


def test_parallel_and_sequential_runs_print_the_same(tmp_path):
    """Two base games side by side, then a house variant that waits for its parent's report."""
    # (seed games quick to prove: remik_podstawowy's deal.ends alone takes longer than all of remik51)
    for name in ("remik51", "remik51_domowy", "karuzela"):
        (tmp_path / f"{name}.rules").write_text((SPECS / f"{name}.rules").read_text(encoding="utf-8"),
                                                encoding="utf-8")
    outputs = []
    for jobs in ("1", "2"):
        out = io.StringIO()
        assert main(["check", "--no-cache", "--jobs", jobs, str(tmp_path)], out, io.StringIO()) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1]
    assert outputs[0].count("remik51_domowy") >= 1 and "karuzela" in outputs[0]


def test_running_out_of_work_is_unknown_never_proved(workspace):
    v = workspace.variant(str(SPECS / "remik51.rules"))
    report = verify(v, rlimit=50)
    needs_solver = ("melds.alive", "opening.reachable", "melds.sizes")
    for check in needs_solver:
        assert report.finding(check).status is Status.UNKNOWN
    assert not any(f.status is Status.VIOLATED for f in report.findings)


def test_a_house_variant_reuses_only_verdicts_it_cannot_change(seed_reports, workspace):
    fresh = verify(workspace.variant(str(SPECS / "remik51_domowy.rules")))
    reused = seed_reports["remik51_domowy"]
    for check in CHECKS:
        a, b = fresh.finding(check.id), reused.finding(check.id)
        assert (a.status, a.summary) == (b.status, b.summary), check.id


def test_a_removal_lapses_where_the_house_variant_changes_what_the_check_reads(seed_reports):
    """remik51 removes incentives.opening because a player who never opened counts +100: a
    house variant at `not_opened 0` runs the check again (warning W006, naming the rule), one
    that changes none of the rules the check reads keeps the removal, and remik51_domowy,
    whose jokers count 50, repeats the removal with its own reason."""
    lapsed = _verified(INCONSISTENT / "remik51_never_opening_costs_nothing.rules")
    finding = lapsed.finding("incentives.opening")
    assert finding.status is Status.VIOLATED
    (warning,) = [d for d in finding.details if d.startswith("warning W006:")]
    assert "`scoring.not_opened`" in warning and "`remik51` removes this check" in warning
    kept = _verified(ROOT / "tests" / "specs" / "removals" / "remik51_last_round.rules", INCONSISTENT)
    finding = kept.finding("incentives.opening")
    assert finding.status is Status.REMOVED and not any("W006" in d for d in finding.details)
    assert finding.rules[0].origin == "remik51" and "scoring.not_opened" in finding.reads
    own = seed_reports["remik51_domowy"].finding("incentives.opening")
    assert own.status is Status.REMOVED and own.rules[0].origin == "remik51_domowy"


def test_a_removal_that_names_its_rules_lapses_only_where_those_change(seed_reports, monkeypatch,
                                                                      tmp_path):
    """remik51's removal of incentives.opening rests `on scoring.not_opened`: a house variant at
    `min_points 40` (a rule the check reads, not one the reason rests on) keeps the removal and
    does not run the check (nor check again the examples that do not read that rule); one at
    `not_opened 0` runs it (W006); a house variant of that one
    changing another rule keeps it lapsed, though nothing the check read changed again."""
    from dataclasses import replace as _replace

    from remikc.verify import checks, claims
    from remikc.verify.base import Check

    seed = seed_reports["remik51"]
    (removal,) = seed.variant.dropped_checks
    assert removal.rests_on == ("scoring.not_opened",)
    assert seed.finding("incentives.opening").reads == {"scoring.not_opened"}
    (check,) = [c for c in CHECKS if c.id == "incentives.opening"]

    def not_run(probe, c):
        raise AssertionError("the removal stands: nothing to run")

    def house(name: str, parent: str, body: str) -> ir.Variant:
        path = tmp_path / f"{name}.rules"
        path.write_text(f'variant {name} extends "{parent}" {{\n  name pl "x"\n  name hr "x"\n'
                        f"{body}\n}}\n", encoding="utf-8")
        return Workspace().variant(str(path))

    monkeypatch.setattr(checks, "CHECKS", (_replace(check, run=not_run),))
    asked: list[ir.Example] = []
    checked = claims.check_example
    monkeypatch.setattr(claims, "check_example", lambda p, e: asked.append(e) or checked(p, e))
    lower = verify(house("lower", "remik51", "  opening {\n    override min_points 40\n  }"), parent=seed)
    # house.keeps checks again only the example that reads the opening's points: the 51 of
    # `opening 6♠ 7♠ 8♠, 10♦ 10♣ 10♥ worth 51`; the melds and lay-offs hold as in remik51
    assert [e.kind for e in asked] == [ir.ExampleKind.OPENING]
    assert len(lower.finding("house.keeps").held) == len(seed.finding("house.keeps").held) == 10
    finding = lower.finding("incentives.opening")
    assert finding.status is Status.REMOVED
    assert finding.details == ("the reason rests on `scoring.not_opened`",)
    assert finding.rules[0].origin == "remik51"

    monkeypatch.setattr(checks, "CHECKS", (check,))
    free = verify(house("free", "remik51", "  scoring {\n    override not_opened 0\n  }"), parent=seed)
    finding = free.finding("incentives.opening")
    assert finding.status is Status.VIOLATED
    assert "that rests on `scoring.not_opened`, which `free` changes" in finding.details[0]
    grandchild = house("again", "free", "  override stock_empty last_round")
    monkeypatch.setattr(checks, "CHECKS", (Check(check.id, check.title, not_run),))
    finding = verify(grandchild, parent=free).finding("incentives.opening")  # the parent's verdict
    assert finding.status is Status.VIOLATED and finding.details[0].startswith("warning W006")


# --- properties --------------------------------------------------------------------------

def _with_check(tmp_path: Path, line: str):
    base = (INCONSISTENT / "base51.rules").read_text(encoding="utf-8")
    (tmp_path / "base51.rules").write_text(base, encoding="utf-8")
    path = tmp_path / "p.rules"
    path.write_text(f'variant p extends "base51" {{\n  name pl "p"\n  name hr "p"\n  {line}\n}}\n',
                    encoding="utf-8")
    run = check_paths([str(path)])
    assert run.results[0].ok, run.results[0].diagnostics
    return _finding(run.results[0].variant, "property.1")


def test_property_proved(tmp_path):
    # two packs with four jokers and at most one joker per meld when opening
    finding = _with_check(
        tmp_path, 'check "one joker per opening meld": forall opening o: jokers(o) <= melds(o)')
    assert finding.status is Status.PROVED


def test_property_refuted_with_a_counterexample(tmp_path):
    finding = _with_check(tmp_path, 'check "sets are small": forall set s: cards(s) <= 3')
    assert finding.status is Status.VIOLATED
    shown = re.search(r"s = set (.*)$", finding.summary)
    assert shown and len(parse_cards(shown.group(1))) == 4


def test_exists_property_gives_an_example(tmp_path):
    finding = _with_check(tmp_path, 'check "a run worth 40 or more": exists run r: points(r) >= 40')
    assert finding.status is Status.PROVED and "r = run" in finding.summary


# --- diff ---------------------------------------------------------------------------------

def _diff(a: str, b: str) -> dict:
    out = io.StringIO()
    assert main(["diff", str(SPECS / f"{a}.rules"), str(SPECS / f"{b}.rules"), "--format", "json"],
                out, io.StringIO()) == 0
    return json.loads(out.getvalue())


def test_diff_ace_high_or_low():
    d = _diff("remik_podstawowy", "remik_podstawowy_as")
    rules = {r["rule"]: (r["before"], r["after"]) for r in d["rules"]}
    assert rules == {"values.A": ("1", "15"), "run.ace": ("low", "low or high"),
                     "run.ace_to_ace": (None, "forbidden")}
    melds = next(c for c in d["changes"] if c["topic"] == "melds")
    # Q-K-A of one suit: a run only where the ace may be high
    assert any(re.fullmatch(r"Q(.) K\1 A\1: a run in remik_podstawowy_as, not a meld in remik_podstawowy", w)
               for w in melds["witnesses"]), melds
    hands = next(c for c in d["changes"] if c["topic"] == "hands")
    assert re.fullmatch(r"A. left in hand: counts 1 in remik_podstawowy, 15 in remik_podstawowy_as",
                        hands["witnesses"][0])


def test_diff_house_rules_of_remik51():
    d = _diff("remik51", "remik51_domowy")
    rules = {r["rule"]: (r["before"], r["after"]) for r in d["rules"]}
    assert rules == {"scoring.handed_with_cut_card": ("-120", "-140"), "scoring.joker_in_hand": ("20", "50")}
    by_topic = {c["topic"]: c for c in d["changes"]}
    for topic in ("melds", "melds when opening", "openings"):
        assert by_topic[topic]["same"] is True  # proved: no meld or opening is judged differently
    assert by_topic["hands"]["witnesses"] == ["JK left in hand: counts 20 in remik51, 50 in remik51_domowy"]


def test_diff_witnesses_hold_in_each_variant(workspace):
    """Re-check the diff's witness with the verifier's own example check, both ways."""
    d = _diff("remik_podstawowy", "remik_podstawowy_as")
    witness = next(w for c in d["changes"] for w in c["witnesses"] if "not a meld" in w)
    cards = parse_cards(witness.split(":")[0])
    base = workspace.variant(str(SPECS / "remik_podstawowy.rules"))
    house = workspace.variant(str(SPECS / "remik_podstawowy_as.rules"))
    span = base.players.span
    as_run = ir.Example(ir.ExampleKind.RUN, (cards,), span, "t")
    as_invalid = ir.Example(ir.ExampleKind.INVALID, (cards,), span, "t")
    assert check_example(Probe(house), as_run).status is Status.PROVED
    assert check_example(Probe(base), as_invalid).status is Status.PROVED


def test_one_pack_of_remik51_is_judged_not_hung(tmp_path):
    """Regression: with one pack the copy limits bind, and refining them once looped forever.
    One pack and 4 jokers is 56 cards; 4 players take 4 x 14 + 1 = 57 before the stock."""
    (tmp_path / "remik51.rules").write_text((SPECS / "remik51.rules").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    path = tmp_path / "one_pack.rules"
    path.write_text('variant one_pack extends "remik51" {\n  name pl "x"\n  name hr "x"\n'
                    '  deck {\n    override standard 1\n  }\n}\n', encoding="utf-8")
    run = check_paths([str(path)])
    report = Verifier(run.workspace, jobs=1).reports([(str(path), run.results[0].variant)])[str(path)]
    assert [f.check for f in report.findings if f.status is Status.UNKNOWN] == []
    deck = report.finding("deck.enough")
    assert deck.status is Status.VIOLATED and "4 players" in deck.summary and "56" in deck.summary
    # the 14-card run A♠..A♠ needs two aces of spades: one pack cannot lay it
    assert "A♠ worth 104" in report.finding("house.keeps").details[0]
    assert report.finding("opening.reachable").status is Status.PROVED


def test_diff_sees_what_a_second_pack_allows(tmp_path):
    """Sets of any suits: with two packs Q♥ Q♥ Q♠ is a set; with one pack no hand holds it."""
    (tmp_path / "remik_podstawowy.rules").write_text(
        (SPECS / "remik_podstawowy.rules").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "dowolne.rules").write_text(
        'variant dowolne extends "remik_podstawowy" {\n  name pl "a"\n  name hr "a"\n'
        '  set {\n    override suits any\n  }\n}\n', encoding="utf-8")
    (tmp_path / "dwie.rules").write_text(
        'variant dwie extends "dowolne" {\n  name pl "b"\n  name hr "b"\n'
        '  deck {\n    override standard 2\n  }\n}\n', encoding="utf-8")
    out = io.StringIO()
    assert main(["diff", str(tmp_path / "dowolne.rules"), str(tmp_path / "dwie.rules"), "--format", "json"],
                out, io.StringIO()) == 0
    melds = next(c for c in json.loads(out.getvalue())["changes"] if c["topic"] == "melds")
    assert melds["same"] is False and len(melds["witnesses"]) == 1
    shown, verdict = melds["witnesses"][0].split(": ")
    cards = parse_cards(shown)
    assert verdict == "a set in dwie, not a meld in dowolne"
    assert len({c.rank for c in cards}) == 1 and len(set(cards)) < len(cards)  # a card twice


def test_diff_says_which_hands_may_knock(tmp_path):
    """Karuzela knocks at 5 or less (003); a house rule at 10: a hand kept after a turn that
    counts 6 to 10 may knock in the house variant alone.  Without knocking, any hand Karuzela
    lets knock.  The same rules: proved the same."""
    from remikc.scoring import card_in_hand

    (tmp_path / "karuzela.rules").write_text((SPECS / "karuzela.rules").read_text(encoding="utf-8"),
                                             encoding="utf-8")
    (tmp_path / "dziesiec.rules").write_text(
        'variant dziesiec extends "karuzela" {\n  name pl "a"\n  name hr "a"\n'
        "  knocking {\n    override max_hand 10\n  }\n}\n", encoding="utf-8")
    (tmp_path / "bez.rules").write_text(
        'variant bez extends "karuzela" {\n  name pl "b"\n  name hr "b"\n  remove knocking\n'
        "  scoring {\n    remove undercut_bonus\n    remove tie_with_knocker\n  }\n}\n", encoding="utf-8")

    def knocks(a: str, b: str) -> dict[str, object]:
        out = io.StringIO()
        assert main(["diff", str(tmp_path / f"{a}.rules"), str(tmp_path / f"{b}.rules"), "--format", "json"],
                    out, io.StringIO()) == 0
        return next(c for c in json.loads(out.getvalue())["changes"] if c["topic"] == "knocks")

    karuzela = Workspace().variant(str(tmp_path / "karuzela.rules"))

    def count(shown: str) -> int:  # what the cards count in Karuzela's hand (003's values)
        codes = [0 if c.is_joker else c.rank * 4 + c.suit for c in parse_cards(shown)]
        return sum(card_in_hand(karuzela, code) for code in codes)

    found = knocks("karuzela", "dziesiec")
    assert found["same"] is False and len(found["witnesses"]) == 1  # nothing knocks at 5 and not at 10
    shown, said = found["witnesses"][0].split(" kept after a turn: ")
    assert said == "may knock in dziesiec, not in karuzela"
    assert 5 < count(shown) <= 10
    gone = knocks("karuzela", "bez")
    shown, said = gone["witnesses"][0].split(" kept after a turn: ")
    assert said == "may knock in karuzela, not in bez"
    assert 0 < count(shown) <= 5
    assert knocks("karuzela", "karuzela") == {"topic": "knocks", "same": True, "witnesses": []}


def test_diff_out_of_work_is_not_a_proof(workspace):
    from remikc.verify.diff import diff

    d = diff(workspace.variant(str(SPECS / "remik_podstawowy.rules")),
             workspace.variant(str(SPECS / "remik51.rules")), rlimit=50)
    assert not any(change.same for change in d.changes)


def test_witnesses_do_not_depend_on_the_model_z3_returns(workspace):
    """What `check` and `diff` print for remik51 is the same under other solver seeds (as
    under another Z3 release): the least witness, not the first model found."""
    import z3

    from remikc.verify import solver
    from remikc.verify.diff import diff, to_text

    v = workspace.variant(str(SPECS / "remik51.rules"))
    house = workspace.variant(str(SPECS / "remik_klasyczny.rules"))

    def said() -> list[str]:
        # what `check` prints for the proved checks (a violated check's counterexample is the
        # first model Z3 finds) and what `diff` prints
        probe = Probe(v)
        findings = [c(probe) for c in CHECKS]
        return [f.summary for f in findings if f.status is Status.PROVED] + [to_text(diff(v, house))]

    before = said()
    made = solver.Session.__init__

    def init(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        made(self, *args, **kwargs)
        self.solver.set("random_seed", 977)

    solver.Session.__init__ = init  # type: ignore[method-assign]
    z3.set_param("smt.random_seed", 977, "sat.random_seed", 977, "smt.arith.random_initial_value", True)
    try:
        after = said()
    finally:
        solver.Session.__init__ = made  # type: ignore[method-assign]
        z3.set_param("smt.random_seed", 0, "sat.random_seed", 0, "smt.arith.random_initial_value", False)
    assert after == before


# --- verdicts never claim more than was proved (issue #24, item 1) -------------------------

def test_house_keeps_is_undecided_when_the_variant_ran_out_of_work(workspace, seed_reports):
    """The parent passes everything; the house variant, given almost no work, decides nothing.
    Nothing was compared, so `house.keeps` cannot say ✓ (it did, comparing only decided pairs)."""
    from remikc.verify import keep_parent

    parent = seed_reports["remik51"]  # a base game's report is `verify`'s, proved once per run
    child = verify(workspace.variant(str(SPECS / "remik51_domowy.rules")), rlimit=50, parent=parent)
    # the house rules change scoring only: the scoring checks ran again, the rest are the parent's
    assert child.finding("scoring.winner").status is Status.UNKNOWN
    assert child.finding("opening.reachable").status is Status.PROVED
    house = keep_parent(child, parent).finding("house.keeps")
    assert house.status is Status.UNKNOWN
    assert "scoring.winner" in house.summary and "opening.reachable" not in house.summary


def test_house_keeps_is_undecided_when_the_parent_ran_out_of_work(workspace, seed_reports):
    """A check the parent left undecided and the variant breaks: the parent may pass it, so
    whether the variant keeps it is open; the variant's own ✗ still stands under its id."""
    from dataclasses import replace as _replace

    from remikc.verify import keep_parent
    from remikc.verify.findings import Finding, Report

    parent = seed_reports["remik51"]
    child = verify(workspace.variant(str(SPECS / "remik51_domowy.rules")), parent=parent)
    undecided = Report(parent.variant, tuple(
        _replace(f, status=Status.UNKNOWN) if f.check == "deck.enough" else f for f in parent.findings))
    broken = Report(child.variant, tuple(
        f.violated("made up") if f.check == "deck.enough" else f for f in child.findings))
    assert keep_parent(broken, undecided).finding("house.keeps").status is Status.UNKNOWN
    # the same break against a parent that passed it is a proved break
    assert keep_parent(broken, parent).finding("house.keeps").status is Status.VIOLATED
    # and a variant that proves every check keeps them, whatever the parent could not decide
    assert keep_parent(child, undecided).finding("house.keeps").status is Status.PROVED
    assert isinstance(child.finding("house.keeps"), Finding)


def test_house_keeps_undecided_reads_unknown_in_json(tmp_path):
    """`--rlimit 50` on a house variant: `house.keeps` is "unknown" in JSON, never "proved"."""
    out = io.StringIO()
    code = main(["check", "--rlimit", "50", "--format", "json", "--jobs", "1",
                 str(SPECS / "remik51_domowy.rules")], out, io.StringIO())
    assert code == 1
    data = json.loads(out.getvalue())
    entries = data if isinstance(data, list) else data.get("files", data.get("results", [data]))
    statuses = {c["id"]: c["status"] for e in entries for c in e["verification"]["checks"]
                if e["verification"]["variant"] == "remik51_domowy"}
    assert statuses["house.keeps"] == "unknown"


def test_an_rlimit_below_the_tidy_share_still_limits_every_question(workspace):
    """`--rlimit 39`: the tidy-witness share, 39 // 40, was 0, which Z3 reads as no limit, so
    the tidy tries ran unbounded and answered.  Every share has a floor of 1 unit."""
    report = verify(workspace.variant(str(SPECS / "remik51.rules")), rlimit=39)
    for check in ("melds.alive", "opening.reachable", "melds.sizes", "runs.wrap"):
        assert report.finding(check).status is Status.UNKNOWN, check
    from remikc.verify.solver import TIDY_SHARE, share

    assert share(39, TIDY_SHARE) == 1 and share(20_000_000, TIDY_SHARE) == 500_000


# --- removing a built-in check, with a reason --------------------------------------------

def _house_of_base51(tmp_path: Path, body: str, name: str = "h"):
    (tmp_path / "base51.rules").write_text((INCONSISTENT / "base51.rules").read_text(encoding="utf-8"),
                                           encoding="utf-8")
    path = tmp_path / f"{name}.rules"
    path.write_text(f'variant {name} extends "base51" {{\n  name pl "x"\n  name hr "x"\n{body}}}\n',
                    encoding="utf-8")
    return path


def test_a_removed_built_in_check_is_shown_with_its_reason_and_line(tmp_path):
    """handing_worse.rules breaks `scoring.winner` (handing -20 against going out's -40); the
    same rules with the check removed on purpose are clean, and say why."""
    path = _house_of_base51(tmp_path, '  remove check "scoring.winner" because "handing is a forfeit"\n'
                            "  scoring {\n    override handed -20\n  }\n")
    out = io.StringIO()
    assert main(["check", "--jobs", "1", "--format", "json", str(path)], out, io.StringIO()) == 0
    (entry,) = [f for f in json.loads(out.getvalue())["files"] if f["variant"] == "h"]
    checks = {c["id"]: c for c in entry["verification"]["checks"]}
    winner = checks["scoring.winner"]
    assert winner["status"] == "removed" and winner["summary"] == "removed: handing is a forfeit"
    assert winner["rules"] == [{"rule": "remove check", "file": str(path), "line": 4, "from": "h"}]
    house = checks["house.keeps"]
    assert house["status"] == "proved" and "less 1 it removes" in house["summary"]
    assert house["details"] == ["removes `scoring.winner`, which `base51` passes: handing is a forfeit"]
    # every other check still runs
    assert {c["status"] for i, c in checks.items() if i != "scoring.winner"} == {"proved"}


def test_a_house_variant_inherits_a_removed_check(tmp_path):
    parent = _house_of_base51(tmp_path, '  remove check "game.reachable" because "a friendly game"\n', "h")
    child = tmp_path / "g.rules"
    child.write_text('variant g extends "h" {\n  name pl "x"\n  name hr "x"\n}\n', encoding="utf-8")
    run = check_paths([str(child)])
    variant = run.results[0].variant
    assert [(d.check, d.reason, d.origin, d.span.line) for d in variant.dropped_checks] == \
        [("game.reachable", "a friendly game", "h", 4)]
    assert str(parent) == variant.dropped_checks[0].span.file
    report = Verifier(run.workspace, jobs=1).report(str(child), variant)
    assert report.finding("game.reachable").status is Status.REMOVED
    # the parent removed it too: nothing the parent passes is missing
    assert report.finding("house.keeps").details == ()


@pytest.mark.parametrize(("line", "code", "says"), [
    ('remove check "scoring.winer" because "x"', "E011", "did you mean `scoring.winner`?"),
    ('remove check "house.keeps" because "x"', "E011", "built-in checks: melds.alive"),
    ('remove check "scoring.winner" because ""', "E012", "say why"),
])
def test_removing_a_check_that_is_not_built_in_or_without_a_reason_is_an_error(tmp_path, line, code, says):
    path = _house_of_base51(tmp_path, f"  {line}\n")
    (result,) = check_paths([str(path)]).results
    assert not result.ok
    (problem,) = [d for d in result.diagnostics if d.severity.value == "error"]
    assert problem.span.line == 4 and problem.code == code
    assert says in problem.message + " " + (problem.hint or "")


# --- the cards inside a meld, in author checks -----------------------------------------

NO_WRAP = 'check "no run goes round the corner": forall run r: not wraps(r)'
DISTINCT = ('check "every set has distinct suits": forall set s, position i, position j: '
            "i < j and suit(s, i) != 0 implies suit(s, i) != suit(s, j)")
WRAP_ALLOWED = "  run {\n    override wrap allowed\n  }\n"
SUITS_ANY = "  set {\n    override suits any\n  }\n"


def _property(tmp_path: Path, line: str, rules: str = ""):
    path = _house_of_base51(tmp_path, f"{rules}  {line}\n", "p")
    (result,) = check_paths([str(path)]).results
    assert result.ok, result.diagnostics
    return result.variant, _finding(result.variant, "property.1")


def test_no_run_wraps_is_proved_under_wrap_forbidden(tmp_path):
    assert _property(tmp_path, NO_WRAP)[1].status is Status.PROVED


def test_no_run_wraps_is_refuted_by_a_run_round_the_corner(tmp_path):
    variant, finding = _property(tmp_path, NO_WRAP, WRAP_ALLOWED)
    assert finding.status is Status.VIOLATED
    shown = re.fullmatch(r"counterexample: r = run (.*)", finding.summary)
    cards = parse_cards(shown.group(1))
    # a valid run of this variant, with a king straight before an ace and a card after it
    example = ir.Example(ir.ExampleKind.RUN, (cards,), variant.players.span, variant.id)
    assert check_example(Probe(variant), example).status is Status.PROVED
    ranks = [c.rank for c in cards]
    assert any(ranks[k:k + 2] == [13, 1] and k + 2 < len(ranks) for k in range(len(ranks)))


def test_distinct_suits_is_proved_under_suits_distinct(tmp_path):
    assert _property(tmp_path, DISTINCT)[1].status is Status.PROVED


def test_distinct_suits_is_refuted_with_the_two_places(tmp_path):
    """`suits any` with two packs: a set may hold one card twice, e.g. 9♦ 9♦."""
    _, finding = _property(tmp_path, DISTINCT, SUITS_ANY)
    assert finding.status is Status.VIOLATED
    shown = re.fullmatch(r"counterexample: s = set (.*); i = (\d+); j = (\d+)", finding.summary)
    cards, i, j = parse_cards(shown.group(1)), int(shown.group(2)), int(shown.group(3))
    assert i < j <= len(cards)
    assert not cards[i - 1].is_joker and cards[i - 1].suit == cards[j - 1].suit


def test_ranks_climb_one_by_one_in_a_run(tmp_path):
    """base51's runs: each natural card one rank above the one before, the ace after the king
    (no wrap) being the only step from 13 to 1."""
    line = ('check "ranks climb": forall run r, position i: i < cards(r) and rank(r, i) != 0 and '
            "rank(r, i + 1) != 0 implies rank(r, i + 1) == rank(r, i) + 1 or "
            "rank(r, i) == 13 and rank(r, i + 1) == 1")
    assert _property(tmp_path, line)[1].status is Status.PROVED
    # and the check can fail: "climb by two" is refuted
    wrong = line.replace('"ranks climb"', '"by two"').replace("rank(r, i) + 1 or", "rank(r, i) + 2 or")
    (tmp_path / "two").mkdir()
    assert _property(tmp_path / "two", wrong)[1].status is Status.VIOLATED


def test_a_run_may_start_with_a_joker_in_base51(tmp_path):
    _, finding = _property(tmp_path, 'check "no joker first": forall run r: not joker(r, 1)')
    assert finding.status is Status.VIOLATED
    cards = parse_cards(re.fullmatch(r"counterexample: r = run (.*)", finding.summary).group(1))
    assert cards[0].is_joker


@pytest.mark.parametrize(("line", "says"), [
    ('check "c": forall set s: rank(s) == 1', "`rank` takes `rank(m, i)`"),
    ('check "c": forall opening o: rank(o, 1) == 1', "`rank` applies to a meld or run or set"),
    ('check "c": forall set s: joker(s, s)', "expected a number here, found a play"),
    ('check "c": forall opening o: wraps(o)', "`wraps` applies to a meld or run or set"),
    ('check "c": forall position i: cards(i) > 0', "`cards` applies to a"),
])
def test_card_functions_are_type_checked(tmp_path, line, says):
    path = _house_of_base51(tmp_path, f"  {line}\n", "p")
    (result,) = check_paths([str(path)]).results
    (problem,) = result.diagnostics
    assert problem.code == "E024" and says in problem.message, problem.message


# --- valid unusual variants: each passes the checks it names ---------------------------------

UNUSUAL = Path(__file__).parent / "specs" / "unusual"
UNUSUAL_CASES = sorted(p for p in UNUSUAL.glob("*.rules") if p.stem != "base51")
# the checks issue #21 added: each has at least five broken specs and five valid unusual ones
NEW_CHECKS = ("turn.live", "incentives.lay_off", "incentives.opening", "incentives.knock", "rules.dead",
              "deal.ends")


def test_each_new_check_has_five_broken_and_five_unusual_specs():
    for check in NEW_CHECKS:
        broken = [p for p in CASES if _expect(p, "check") == [check]]
        passing = [p for p in UNUSUAL_CASES if check in " ".join(_passes(p)).split()]
        assert len(broken) >= 5 and len(passing) >= 5, (check, len(broken), len(passing))


def _passes(path: Path) -> list[str]:
    return re.findall(r"^# passes: (.*)$", path.read_text(encoding="utf-8"), re.M)


@pytest.mark.parametrize("path", UNUSUAL_CASES, ids=lambda p: p.stem)
def test_an_unusual_but_valid_variant_passes(path: Path):
    report = _verified(path)
    (named,) = _passes(path)
    for check in named.split():
        assert report.finding(check).status is Status.PROVED, report.finding(check)
    assert [(f.check, f.summary) for f in report.findings if f.status is not Status.PROVED] == []


# --- every scoring component reaches game.reachable -----------------------------------------

ZERO_IN_HAND = ("  values {\n    override 2..9 0 in hand, 10 otherwise\n"
                "    override 10 J Q K A 0 in hand, 10 otherwise\n  }\n")
COLLECTS = ("  game_end {\n    override winner highest\n  }\n")


def _scoring(*lines: str) -> str:
    return "  scoring {\n" + "".join(f"    {line}\n" for line in lines) + "  }\n"


# (component, spec body where it alone moves a total towards the target 500, the same with
# it neutralised, what the witness names).  Cards left in hand count 0 everywhere but where
# the case says; base51 scores penalties, lowest total wins.
COMPONENTS = [
    ("not_opened", ZERO_IN_HAND + _scoring("override joker_in_hand 0"),
     ZERO_IN_HAND + _scoring("override joker_in_hand 0", "remove not_opened"),
     "a player who never opened counts 200 (`not_opened`)"),
    ("joker_in_hand", ZERO_IN_HAND + _scoring("remove not_opened"),
     ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0"),
     "a player left holding JK counts 20"),
    ("values", _scoring("remove not_opened", "override joker_in_hand 0"),
     ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0"),
     "a player left holding"),
    ("went_out", ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0",
                                         "override went_out 5"),
     ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0"),
     "`went_out 5`"),
    ("handed", ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0",
                                       "override handed 5"),
     ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0"),
     "`handed 5`"),
    ("handed_with_cut_card",
     "  deal {\n    cut_card under_stock\n  }\n  turn {\n    draw {\n      cut_card when handing\n"
     "    }\n  }\n" + ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0",
                                            "handed_with_cut_card 5"),
     "  deal {\n    cut_card under_stock\n  }\n  turn {\n    draw {\n      cut_card when handing\n"
     "    }\n  }\n" + ZERO_IN_HAND + _scoring("remove not_opened", "override joker_in_hand 0",
                                            "handed_with_cut_card -120"),
     "`handed_with_cut_card 5`"),
    ("all_out_bonus",
     ZERO_IN_HAND + COLLECTS + _scoring("override method winner_collects", "remove went_out",
                                        "remove handed", "remove not_opened", "override joker_in_hand 0",
                                        "all_out_bonus 25"),
     ZERO_IN_HAND + COLLECTS + _scoring("override method winner_collects", "remove went_out",
                                        "remove handed", "remove not_opened", "override joker_in_hand 0"),
     "`all_out_bonus 25`"),
    ("undercut_bonus",
     ZERO_IN_HAND + COLLECTS + "  knocking {\n    max_hand 10\n  }\n"
     + _scoring("override method winner_collects", "remove went_out", "remove handed", "remove not_opened",
                "override joker_in_hand 0", "undercut_bonus 10", "tie_with_knocker others_win"),
     ZERO_IN_HAND + COLLECTS + "  knocking {\n    max_hand 10\n  }\n"
     + _scoring("override method winner_collects", "remove went_out", "remove handed", "remove not_opened",
                "override joker_in_hand 0", "tie_with_knocker others_win"),
     "`undercut_bonus 10`"),
]


@pytest.mark.parametrize(("component", "alone", "neutral", "named"), COMPONENTS,
                         ids=[c[0] for c in COMPONENTS])
def test_game_reachable_reads_every_scoring_component(tmp_path, component, alone, neutral, named):
    """Totals that move only through one component: the target is reachable, and the witness
    names that component; with it neutralised, no round moves a total towards the target."""
    for body, reachable in ((alone, True), (neutral, False)):
        folder = tmp_path / str(reachable)
        folder.mkdir()
        path = _house_of_base51(folder, body, "z")
        run = check_paths([str(path)])
        (result,) = run.results
        assert result.ok, result.diagnostics
        finding = _finding(result.variant, "game.reachable")
        if reachable:
            assert finding.status is Status.PROVED, finding.summary
            assert f"the target 500 can be reached round by round (e.g. {named}" in finding.summary
            if component == "values":  # base51: 2..9 face, 10 J Q K A 10
                shown = re.search(r"holding (\S+) counts (\d+)\)", finding.summary)
                (card,) = parse_cards(shown.group(1))
                assert int(shown.group(2)) == (card.rank if 2 <= card.rank <= 9 else 10)
        else:
            assert finding.status is Status.VIOLATED, finding.summary
            assert "no round score moves a total towards the target 500" in finding.summary


def _diff_topics(tmp_path: Path, body_a: str, body_b: str) -> dict[str, bool]:
    from remikc.verify.diff import diff

    a = _house_of_base51(tmp_path, body_a, "a")
    b = _house_of_base51(tmp_path, body_b, "b")
    run = check_paths([str(a), str(b)])
    va, vb = (r.variant for r in run.results)
    return {c.topic: c.same for c in diff(va, vb).changes}


def test_a_dead_rule_removed_changes_nothing_diff_can_see(tmp_path):
    """`min_melds 2` where no single meld reaches 51 (dead_two_melds.rules): with and without
    it, `remikc diff` proves every opening is judged the same.  Where a long run alone reaches
    51 (two_melds_long_runs.rules, alive), some opening is judged differently."""
    short_runs = "  run {\n    override size 3..4\n  }\n"
    (tmp_path / "dead").mkdir()
    dead = _diff_topics(tmp_path / "dead", short_runs + "  opening {\n    min_melds 2\n  }\n", short_runs)
    assert dead["openings"] is True
    (tmp_path / "alive").mkdir()
    alive = _diff_topics(tmp_path / "alive", "  opening {\n    min_melds 2\n  }\n", "")
    assert alive["openings"] is False


def test_a_dead_opening_joker_limit_changes_no_meld_laid_when_opening(tmp_path):
    """`per_meld 1` with `per_meld_at_opening 1` (dead_opening_joker_limit.rules): without the
    opening limit, melds laid when opening are judged the same; with `per_meld 2` kept after
    opening (more_jokers_when_opening.rules turned round), they are not."""
    (tmp_path / "dead").mkdir()
    same = _diff_topics(tmp_path / "dead", "  jokers {\n    override per_meld 1\n  }\n",
                        "  jokers {\n    override per_meld 1\n    remove per_meld_at_opening\n  }\n")
    assert same["melds when opening"] is True
    (tmp_path / "alive").mkdir()
    differ = _diff_topics(tmp_path / "alive", "  jokers {\n    override per_meld 2\n  }\n",
                          "  jokers {\n    override per_meld 2\n    remove per_meld_at_opening\n  }\n")
    assert differ["melds when opening"] is False


# --- deal.ends ------------------------------------------------------------------------------

def test_every_seed_deal_can_end_the_way_its_seed_says(seed_reports):
    # karuzela: "stock_empty last_round" and the stock open to every turn, nothing refilling it
    assert "the stock runs out" in seed_reports["karuzela"].finding("deal.ends").summary
    # Remik 51: 14 cards, one drawn, the last card discarded: 14 laid at once
    remik51 = seed_reports["remik51"].finding("deal.ends").summary
    assert remik51.startswith("a hand of 14 and 1 drawn goes out in one turn, keeping one to discard: ")
    # Remik podstawowy: 10 cards for 2 players, 7 for 3..4, 6 for 5..6; the last card may go
    # onto the table, so all 7, 8 and 11 cards are laid, none kept
    basic = seed_reports["remik_podstawowy"].finding("deal.ends").summary
    for dealt in (6, 7, 10):
        assert f"a hand of {dealt} and 1 drawn goes out in one turn: " in basic, basic
    assert "keeping" not in basic


def _deal_ends(tmp_path: Path, body: str):
    path = _house_of_base51(tmp_path, body, "e")
    run = check_paths([str(path)])
    (result,) = run.results
    assert result.ok, result.diagnostics
    return _finding(result.variant, "deal.ends")


def test_deal_ends_follows_hand_sizes_where_only_several_turns_could_go_out(tmp_path):
    """Melds of exactly three cards, nothing growing on the table: 14 laid at once is no sum of
    threes, so the start alone cannot decide.  Turn by turn: 14 cards between turns (the first
    player's 15 less his discard), one drawn and one discarded, melds taking threes, so a hand
    stays 2 more than a multiple of three and never reaches 0: a violation.  With a hand of 12
    it stays a multiple of three and goes out (tests/specs/unusual/ends_later_threes_hand_of_twelve)."""
    threes = "  set {\n    override size 3..3\n  }\n  run {\n    override size 3..3\n  }\n"
    finding = _deal_ends(tmp_path, threes)
    assert finding.status is Status.VIOLATED, finding
    assert "who has not opened and holds 14 cards between his turns" in finding.summary
    assert "melds are 3 cards long" in finding.summary
    assert {"set.size", "run.size", "going_out.by"} <= {r.id for r in finding.rules}


def test_a_later_dead_end_shows_how_every_player_gets_there(tmp_path):
    """`lay_off never`, base51's 14 cards and one draw: the opening printed takes 13 of the 15
    cards, is a real opening (51 points or more), and leaves 15 - 13 - 1 discarded = 1 card."""
    finding = _deal_ends(tmp_path, "  turn {\n    override lay_off never\n  }\n")
    assert finding.status is Status.VIOLATED
    shown = re.search(r"holding 15 cards, he opens with 13 \((.*) \((\d+) points\)\)", finding.summary)
    assert shown is not None, finding.summary
    melds = tuple(parse_cards(m) for m in shown.group(1).split(" + "))
    assert sum(len(m) for m in melds) == 13 and int(shown.group(2)) >= 51
    (result,) = check_paths([str(tmp_path / "e.rules")]).results
    example = ir.Example(ir.ExampleKind.OPENING, melds, result.variant.players.span, result.variant.id,
                         points=int(shown.group(2)))
    assert check_example(Probe(result.variant), example).status is Status.PROVED
    assert "every player who has opened and holds 1 card between his turns" in finding.summary


def test_deal_ends_claims_no_violation_where_a_growing_hand_may_open_later(tmp_path):
    """Two draws a turn against one discard: no first turn opens 300 points (15 cards of at
    most 10), but the hand grows by a card a turn and 30 cards of 10 make 300, so the
    over-approximation must not call the deal endless."""
    finding = _deal_ends(tmp_path, "  opening {\n    override min_points 300\n  }\n"
                                   "  turn {\n    override draws 2\n  }\n")
    assert finding.status is not Status.VIOLATED, finding
    assert "not searched" in finding.summary


@pytest.mark.parametrize(("path", "blocked"), [
    (INCONSISTENT / "live_first_round_only.rules", True),
    (INCONSISTENT / "live_opened_players_stuck.rules", True),
    (UNUSUAL / "live_discard_after_first_round.rules", False),
    (UNUSUAL / "live_stock_then_discard.rules", False),
])
def test_the_referee_agrees_with_turn_live(path: Path, blocked: bool):
    """An independent witness: the generated referee, playing whole games, ends deals
    "blocked" (nobody may draw) under the rules `turn.live` refutes, and never under those it
    proves.  Nearly every deal of the two live specs is called stalled after 1,000 turns (once
    the pile is the only source, hands barely change), so 2 games of 12 deals are some 24,000
    turns of play, past every first round, opening and draw of the pile many times over."""
    out = io.StringIO()
    # the simulator's invariant checks are tested on their own: here only whether deals block
    argv = ["simulate", str(path), "--games", "2", "--max-deals", "12", "--jobs", "1", "--check", "none",
            "--format", "json"]
    assert main(argv, out, io.StringIO()) == 0
    (result,) = json.loads(out.getvalue())["results"]
    assert result["deals"] == 24 or blocked, result["deals"]
    assert (result["blocked"]["count"] > 0) is blocked, result["blocked"]


def test_a_house_variant_changing_lay_offs_is_proved_again_for_deal_ends(tmp_path):
    """deal.ends now reads `turn.lay_off` (and `turn.rearrange`): a house variant that changes
    them must not reuse its parent's verdict; base51 passes, `lay_off never` does not."""
    path = _house_of_base51(tmp_path, "  turn {\n    override lay_off never\n  }\n", "n")
    run = check_paths([str(path)])
    (result,) = run.results
    report = Verifier(run.workspace, jobs=1).report(str(path), result.variant)
    finding = report.finding("deal.ends")
    assert finding.status is Status.VIOLATED
    assert finding.reads is not None and {"turn.lay_off", "turn.rearrange.min_from_hand"} <= finding.reads


def test_an_opening_out_of_reach_points_at_its_threshold_and_says_the_highest_that_works(tmp_path):
    """`min_points 500` under Remik 51: 14 cards (a dealt hand and a draw, less the discard)
    hold at most 14 cards worth 10 (tens to aces, e.g. four tens, four jacks, three queens,
    three kings), 140 points; the report says so and shows the threshold's line."""
    from remikc.verify.dealing import opening_reachable
    from remikc.verify.findings import Report, to_text

    spec = tmp_path / "wysoko.rules"
    spec.write_text('variant wysoko extends "remik51" {\n  name pl "W"\n  name hr "W"\n'
                    '  opening {\n    override min_points 500\n  }\n}\n', encoding="utf-8")
    space = Workspace()
    v = space.variant(str(spec))
    check = next(c for c in CHECKS if c.id == "opening.reachable")
    found = opening_reachable(Probe(v), check)
    assert found.status is Status.VIOLATED
    assert found.details == ("the most an opening of 14 cards can score is 140 points: "
                             "`min_points 140` or less can be reached",)
    assert found.rules[0].id == "opening.min_points"
    text = to_text(Report(v, (found,)), sources=space.sources)
    assert (f"      {spec}:5: `opening.min_points`\n"
            "          5 |     override min_points 500\n"
            "            |     ^^^^^^^^^^^^^^^^^^^^^^^\n") in text
