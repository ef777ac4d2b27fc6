"""`remikc sweep`: a rule's values as house variants made in memory, each played."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from remikc.cli import main
from remikc.sim.sweep import VaryError, grid, load_point, parse_vary
from remikc.spec.workspace import Workspace

SPECS = Path(__file__).resolve().parents[1] / "specs"
SPEC = str(SPECS / "remik_podstawowy.rules")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("text, rule, values", [
    ("opening.min_points=30..70:10", "opening.min_points", ("30", "40", "50", "60", "70")),
    ("game_end.target=100..103", "game_end.target", ("100", "101", "102", "103")),
    ("game_end.target=150,300", "game_end.target", ("150", "300")),
    ("run.ace=low,high", "run.ace", ("low", "high")),
])
def test_vary_values(text: str, rule: str, values: tuple[str, ...]) -> None:
    vary = parse_vary(text)
    assert (vary.rule, vary.values) == (rule, values)


@pytest.mark.parametrize("text, said", [
    ("target=100", "the rule as section.key"),
    ("game_end.target", "expected RULE=VALUES"),
    ("game_end.target=70..30", "goes up from its first value"),
    ("game_end.target=30..70:0", "goes up from its first value"),
    ("game_end.target=1..1000", "at most 100"),
    ('game_end.target=100,"x"', '`"x"` is not a value'),
    ("game_end.target=1,1", "given twice"),
])
def test_vary_refused(text: str, said: str) -> None:
    with pytest.raises(VaryError, match=said.replace(".", r"\.").replace('"', '"')):
        parse_vary(text)


def test_a_point_is_a_house_variant_in_memory(workspace: Workspace) -> None:
    points = grid(SPEC, "remik_podstawowy", [parse_vary("game_end.target=100,200")])
    assert [p.label for p in points] == ["game_end.target=100", "game_end.target=200"]
    variants = [load_point(workspace, "remik_podstawowy", p) for p in points]
    assert [v.game_end.target.value for v in variants if v.game_end.target] == [100, 200]
    assert all(v.parent == "remik_podstawowy" for v in variants)
    assert not any(Path(p.path).exists() for p in points)  # nothing written


def test_sweep_a_small_grid() -> None:
    """Target 100 and 200 on the same seeds: the cards fall alike until the first game ends and
    the winner's total only grows (the winner collects), so no game to 200 has fewer deals.
    (`--check none`: the same games, whatever is checked.)"""
    code, out, err = run("sweep", SPEC, "--vary", "game_end.target=100,200", "--games", "2",
                         "--players", "2", "--jobs", "1", "-q", "--format", "json", "--check", "none")
    assert code == 0, err
    body = json.loads(out)
    assert body["vary"] == [{"rule": "game_end.target", "values": ["100", "200"]}]
    assert [p["values"] for p in body["points"]] == [{"game_end.target": "100"}, {"game_end.target": "200"}]
    assert all(p["skipped"] is None for p in body["points"])
    deals = [next(m for m in p["metrics"] if m["name"] == "deals per game") for p in body["points"]]
    assert deals[1]["mean"] >= deals[0]["mean"] and all(d["n"] == 2 for d in deals)


def test_a_sweep_run_again_takes_its_proofs_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The points of a sweep are proved once: run again, the report is the same and nothing is
    proved (`_verify_one` is what proves a variant); `--no-cache` neither reads nor writes.
    Karuzela: the seed game quickest to prove."""
    import remikc.driver

    cache = tmp_path / "proofs"
    monkeypatch.setenv("REMIKC_CACHE_DIR", str(cache))
    argv = ("sweep", str(SPECS / "karuzela.rules"), "--vary", "game_end.target=100,200", "--games", "1",
            "--players", "2", "--max-deals", "2", "--jobs", "1", "-q", "--format", "json")
    code, plain, err = run(*argv, "--no-cache")
    assert code == 0, err
    assert not cache.exists()
    code, first, err = run(*argv)
    assert code == 0, err
    # the parent's report and each point's
    assert len(list(cache.glob("[0-9a-f]*.json")) if cache.is_dir() else []) == 3

    def proved_again(*args: object) -> None:
        raise AssertionError("a point was proved again")

    monkeypatch.setattr(remikc.driver, "_verify_one", proved_again)
    code, again, err = run(*argv)
    assert code == 0, err
    assert plain == first == again


@pytest.mark.parametrize("vary, said", [
    ("game_end.targett=100", "unknown rule `targett` in `game_end`"),
    ("game_end.target=abc", "expected a number"),
    ("game_end.target=9..1", "goes up from its first value"),
    ("nonsense", "expected RULE=VALUES"),
])
def test_sweep_bad_vary_is_a_usage_error(vary: str, said: str) -> None:
    code, out, err = run("sweep", SPEC, "--vary", vary, "--games", "2", "-q")
    assert code == 2 and out == ""
    assert said in err and "Traceback" not in err


def test_sweep_needs_a_vary() -> None:
    code, _, err = run("sweep", SPEC)
    assert code == 2 and "--vary" in err


def test_a_value_that_breaks_a_check_is_skipped() -> None:
    """Hands of 30 cards for 2 players need 60 cards; Karuzela gives 2 players one 53-card
    pack (52 and a joker): the verifier's deck check fails, and the point is reported, not
    played.  (Karuzela: the seed game quickest to prove, and each point is proved first.)"""
    code, out, err = run("sweep", str(SPECS / "karuzela.rules"), "--vary", "deal.hand=7,30", "--games", "1",
                         "--players", "2", "--max-deals", "1", "--jobs", "1", "-q", "--format", "json")
    assert code == 0, err
    points = json.loads(out)["points"]
    assert points[0]["skipped"] is None and points[0]["metrics"]
    assert points[1]["skipped"].startswith("breaks deck.enough") and points[1]["metrics"] is None


def test_sweep_plot_charts_every_metric(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "sweep.svg"
    code, _out, err = run("sweep", SPEC, "--vary", "game_end.target=100,200", "--games", "2",
                         "--players", "2", "--jobs", "1", "--plot", str(target))
    assert code == 0, err
    assert f"wrote {target}" in err
    picture = target.read_text(encoding="utf-8")
    assert picture.lstrip().startswith("<?xml") and "<svg" in picture
    # one chart per metric of the table, the rule under each (matplotlib writes the texts as
    # paths unless told otherwise: the chart's texts are in its <!-- --> comments)
    assert "deals per game" in picture and "game_end.target" in picture
    from remikc.sim.plot import _one_rule

    assert _one_rule(["game_end.target=100", "game_end.target=200"]) == "game_end.target"
    assert _one_rule(["deal.hand=7, game_end.target=100", "deal.hand=9, game_end.target=100"]) == ""


@pytest.mark.parametrize("name, what", [("sweep.jpg2", "`.jpg2`"), ("sweep", "no extension")])
def test_sweep_plot_extension_it_cannot_write_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         name: str, what: str) -> None:
    from remikc.sim import plot

    monkeypatch.setattr(plot, "formats", lambda: ["pdf", "png", "svg"])  # with or without matplotlib
    code, out, err = run("sweep", SPEC, "--vary", "game_end.target=100,200", "--games", "2",
                         "--plot", str(tmp_path / name))
    assert code == 2 and out == ""
    assert f"--plot {tmp_path / name}: {what} is not a picture format remikc can write" in err
    assert not (tmp_path / name).exists()


def test_one_game_is_one_game() -> None:
    code, out, err = run("sweep", SPEC, "--vary", "game_end.target=100", "--games", "1",
                         "--players", "2", "--jobs", "1", "-q")
    assert code == 0, err
    assert out.startswith("sweep of remik_podstawowy: 1 game per value, 2 players, seed 1, greedy bot")


def test_a_spec_spelt_with_dot_slash_is_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    """`./specs/x.rules`: the points are made as `specs/x_sweep_N.rules`, the name the verifier
    asks the workspace for (it asked for that, found no such file and raised a traceback)."""
    monkeypatch.chdir(SPECS.parent)
    code, out, err = run("sweep", "./specs/karuzela.rules", "--vary", "game_end.target=100", "--games", "1",
                         "--players", "2", "--max-deals", "1", "--jobs", "1", "-q", "--format", "json")
    assert code == 0, err
    assert [p["skipped"] for p in json.loads(out)["points"]] == [None]


def sweep_json(spec: str, *more: str, stdin: bytes | None = None) -> list[dict[str, object]]:
    """The points of a one-game sweep of `spec` (Karuzela's quick to prove) over two targets."""
    out, err = io.StringIO(), io.StringIO()
    code = main(["sweep", spec, *more, "--vary", "game_end.target=100,200", "--games", "1", "--players", "2",
                 "--max-deals", "2", "--jobs", "1", "-q", "--format", "json"], out, err,
                io.BytesIO(stdin) if stdin is not None else None)
    assert code == 0, err.getvalue()
    points: list[dict[str, object]] = json.loads(out.getvalue())["points"]
    assert all(p["skipped"] is None for p in points)
    return points


# Karuzela dealt 7 cards, not 10: another game on the same seeds, so a sweep whose points
# extended the shipped seed rather than the text read would show other numbers
SEVEN = (SPECS / "karuzela.rules").read_bytes().replace(b"    hand 10\n", b"    hand 7\n", 1)


def test_a_spec_read_from_stdin_is_the_parent_of_its_points(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """`-` with no --stdin-filename: a spec of a shipped seed's id, but not its text, is what
    the points extend (not the seed of its id), as it would be from a file of that text."""
    assert b"hand 7" in SEVEN
    (tmp_path / "file").mkdir()
    (tmp_path / "file" / "karuzela.rules").write_bytes(SEVEN)
    from_file = sweep_json(str(tmp_path / "file" / "karuzela.rules"))
    assert from_file != sweep_json(str(SPECS / "karuzela.rules"))
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")  # where `extends` of a spec from `-` looks
    assert sweep_json("-", stdin=SEVEN) == from_file
    assert list((tmp_path / "here").iterdir()) == []  # nothing written


@pytest.mark.parametrize("named", [True, False])
def test_a_spec_read_from_stdin_may_extend_a_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   named: bool) -> None:
    """A house rule read from `-` (named by --stdin-filename, no such file on the disk, or not
    named) over the shipped Karuzela: its points extend it, and it the seed."""
    text = (b'variant siedem extends "karuzela" {\n  name pl "Siedem"\n  name hr "Sedam"\n'
            b"  deal {\n    override hand 7\n  }\n}\n")
    (tmp_path / "file").mkdir()
    (tmp_path / "file" / "siedem.rules").write_bytes(text)
    from_file = sweep_json(str(tmp_path / "file" / "siedem.rules"))
    monkeypatch.chdir(tmp_path)
    name = ["--stdin-filename", str(tmp_path / "nowhere" / "siedem.rules")] if named else []
    assert sweep_json("-", *name, stdin=text) == from_file


def test_the_table_puts_each_number_under_its_own_label() -> None:
    """The first point's games were all capped (no seat-win shares), the second's finished: each
    number is found by its metric's name, the seat wins are printed, and each point shows its own
    level (0.05 over 3 metrics, then over 5)."""
    from remikc.sim.paired import Paired, PairedMetric
    from remikc.sim.sweep import Point, Row, table

    def metric(name: str, kind: str, mean: float, low: float, high: float) -> PairedMetric:
        return PairedMetric(name, kind, 10, 0.0, mean, mean, low, high)

    capped = Paired("a", "a", (metric("deals per game", "turns", 200.0, 200.0, 200.0),
                               metric("games capped", "share", 1.0, 1.0, 1.0),
                               metric("final-score spread", "points", 812.5, 700.0, 925.0)), 1 - 0.05 / 3)
    ended = Paired("b", "b", (metric("deals per game", "turns", 7.5, 6.0, 9.0),
                              metric("games capped", "share", 0.0, 0.0, 0.0),
                              metric("seat 1 wins", "share", 0.3, 0.1, 0.5),
                              metric("seat 2 wins", "share", 0.7, 0.5, 0.9),
                              metric("final-score spread", "points", 140.0, 120.0, 160.0)), 1 - 0.05 / 5)
    rows = [Row(Point((("game_end.target", "500"),), "x_sweep_1", "x_sweep_1.rules"), None, capped),
            Row(Point((("game_end.target", "100"),), "x_sweep_2", "x_sweep_2.rules"), None, ended)]
    blocks = {block.splitlines()[0]: block.splitlines()[1:] for block in table(rows, 2).strip().split("\n\n")}
    assert list(blocks) == ["deals per game", "games capped", "seat 1 wins", "seat 2 wins",
                            "final-score spread"]
    assert blocks["seat 1 wins"][0].split() == ["game_end.target=500", "-", "no", "game", "finished"]
    assert blocks["seat 1 wins"][1].split() == ["game_end.target=100", "30.0%", "10.0..50.0%", "at", "99.00%"]
    assert blocks["seat 2 wins"][1].split()[1] == "70.0%"
    assert blocks["final-score spread"][0].split() == ["game_end.target=500", "812.50", "700.00..925.00",
                                                       "at", "98.33%"]
    assert blocks["final-score spread"][1].split()[1:3] == ["140.00", "120.00..160.00"]
    assert blocks["games capped"][0].split()[1] == "100.0%"
