"""Every `--format json` output names its layout (`"format": "remikc-<kind>/<n>"`) and is
valid against the JSON Schema of that kind in docs/schemas/, for every command on every
spec in specs/ (docs/cli.md, "JSON output")."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from remikc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "docs" / "schemas"
SPECS = sorted((ROOT / "specs").glob("*.rules"))
MALFORMED = Path(__file__).parent / "specs" / "malformed"
KINDS = ("check", "ir", "diff", "explain", "simulate", "sweep", "errors", "usage")
VERSIONS = {"simulate": 3}  # a kind's layout version, 1 where not named here (docs/cli.md)


def schema(kind: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8")))


def json_of(*argv: str) -> tuple[int, dict[str, object]]:
    out, err = io.StringIO(), io.StringIO()
    code = main([*argv, "--format", "json"], out, err)
    return code, json.loads(out.getvalue())


def assert_valid(kind: str, body: dict[str, object]) -> None:
    assert body["format"] == f"remikc-{kind}/{VERSIONS.get(kind, 1)}"
    problems = [f"{list(e.absolute_path)}: {e.message}" for e in schema(kind).iter_errors(body)]
    assert problems == []


def test_every_kind_has_a_schema_that_is_itself_valid():
    assert sorted(p.stem for p in SCHEMAS.glob("*.json")) == sorted(KINDS)
    for kind in KINDS:
        body = json.loads((SCHEMAS / f"{kind}.json").read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(body)
        assert body["properties"]["format"] == {"const": f"remikc-{kind}/{VERSIONS.get(kind, 1)}"}


def test_check_of_all_specs_with_verification_and_timings():
    """Both shapes of a report: five seeds' from the proof cache (conftest's copy of the seeds'
    proofs), Karuzela's (the seed quickest to prove) proved now, with each check's time."""
    cache = Path(os.environ["REMIKC_CACHE_DIR"])
    for entry in cache.glob("[0-9a-f]*.json"):  # reports, not the IR (`ir-`) or examples (`ex-`)
        if json.loads(entry.read_text(encoding="utf-8"))["variant"] == "karuzela":
            entry.unlink()
    code, body = json_of("check", "--timings", str(ROOT / "specs"))
    assert code == 0
    assert_valid("check", body)
    assert len(body["files"]) == len(SPECS)  # type: ignore[arg-type]
    verified = {f["variant"]: f["verification"] for f in body["files"]}  # type: ignore[attr-defined]
    assert {v: report["cached"] for v, report in verified.items()} == {
        p.stem: p.stem != "karuzela" for p in SPECS}
    assert all("seconds" in check for check in verified["karuzela"]["checks"])
    assert not any("seconds" in check for check in verified["remik51"]["checks"])


def test_check_of_a_malformed_spec():
    code, body = json_of("check", str(MALFORMED / "several_mistakes.rules"))
    assert code == 1
    assert_valid("check", body)


@pytest.mark.parametrize("spec", SPECS, ids=lambda p: p.stem)
def test_ir_diff_explain_and_simulate_of_each_spec(spec: Path):
    code, body = json_of("ir", str(spec))
    assert code == 0
    assert_valid("ir", body)
    code, body = json_of("diff", str(ROOT / "specs" / "remik51.rules"), str(spec))
    assert code == 0
    assert_valid("diff", body)
    for mode in ([], ["--opening"], ["--hand"]):
        code, body = json_of("explain", str(spec), "7♠ 8♠ 9♠ 10♠", *mode)
        assert code == 0
        assert_valid("explain", body)
    # the simulation's layout, once for each scoring method (penalties, winner_collects,
    # differences: the metrics differ); a game that may not end for many deals is capped at 5
    # here rather than the default 200, and the invariant checks (tested on their own) are off
    if spec.stem not in ("remik51", "remik_podstawowy", "karuzela"):
        return
    code, body = json_of("simulate", str(spec), str(ROOT / "specs" / "remik51.rules"), "--games", "2",
                         "--max-deals", "5", "--check", "none")
    assert code == 0
    assert_valid("simulate", body)


def test_sweep_with_a_point_played_and_a_point_skipped():
    """Karuzela, the seed game quickest to prove: hands of 7 are played, hands of 30 break its
    deck check and are skipped, so both shapes of a point are in the output."""
    code, body = json_of("sweep", str(ROOT / "specs" / "karuzela.rules"), "--vary", "deal.hand=7,30",
                         "--games", "2", "--players", "2", "--max-deals", "2", "--jobs", "1", "-q")
    assert code == 0
    assert_valid("sweep", body)
    assert next(iter(body)) == "format"  # first, as in every layout
    points = body["points"]
    assert [p["skipped"] is None for p in points] == [True, False]  # type: ignore[index,union-attr]
    # Bonferroni over the point's metrics, at 95% together; a skipped point has no intervals
    played, skipped = points  # type: ignore[misc]
    assert played["level"] == round(1 - 0.05 / len(played["metrics"]), 6) and skipped["level"] is None
    assert not schema("sweep").is_valid({**body, "points": [{**points[1], "level": 0.99}]})  # type: ignore[index,dict-item]
    # a point is played (metrics) or skipped (why), never both nor neither
    assert not schema("sweep").is_valid({**body, "points": [{**points[1], "metrics": []}]})  # type: ignore[index,dict-item]
    assert not schema("sweep").is_valid({**body, "points": [{**points[0], "skipped": "x"}]})  # type: ignore[index,dict-item]


@pytest.mark.parametrize("command", ["ir", "explain", "simulate", "sweep"])
def test_a_spec_with_errors_gives_the_errors_layout(command: str):
    cards = ["7♠ 8♠ 9♠"] if command == "explain" else []
    vary = ["--vary", "game_end.target=100"] if command == "sweep" else []
    argv = [command, str(MALFORMED / "several_mistakes.rules"), *cards, *vary]
    code, body = json_of(*argv)
    assert code == 1
    assert_valid("errors", body)
    # all five mistakes of the file, in the order of the file (worked out from its text)
    assert [d["code"] for d in body["diagnostics"]] == ["E005", "E001", "E002", "E001", "E003"]  # type: ignore[index,union-attr]


def test_bad_cards_give_the_errors_layout():
    code, body = json_of("explain", str(SPECS[0]), "Q♥ K♥ 11♥")
    assert code == 2
    assert_valid("errors", body)


@pytest.mark.parametrize("argv", [
    ["check", "--no-such-option", "specs"],
    ["check", "no/such/file.rules"],
    ["frobnicate"],
    ["diff", "specs/remik51.rules"],
    ["sweep", "specs/remik51.rules", "--vary", "nonsense"],
])
def test_usage_errors_come_as_json_when_json_was_asked_for(argv: list[str]):
    code, body = json_of(*argv)
    assert code == 2
    assert_valid("usage", body)


def test_the_schemas_refuse_a_layout_they_do_not_describe():
    _code, body = json_of("ir", str(SPECS[0]))
    broken = {k: v for k, v in body.items() if k != "rules"}
    assert not schema("ir").is_valid(broken)
    assert not schema("ir").is_valid({**body, "format": "remikc-ir/2"})
    assert not schema("usage").is_valid({"format": "remikc-usage/1", "ok": False, "exit_code": 1,
                                         "error": "x", "usage": None})
