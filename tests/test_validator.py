"""The generated validators, as a programmer uses them: verdicts and points worked
out by hand from the seed texts, the public API's contract, and the build itself.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from remikc.build import validator_source
from remikc.cli import main
from remikc.emit.inline import MARKER, runtime
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "generated"


def _load(variant: str):  # type: ignore[no-untyped-def]
    """The committed module, imported the way an app would import it."""
    path = GENERATED / variant / "validator.py"
    spec = importlib.util.spec_from_file_location(f"validator_{variant}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def v51():  # type: ignore[no-untyped-def]
    return _load("remik51")


# --- remik51: seeds 000 and 004 --------------------------------------------------------

def test_remik51_the_seed_opening_is_exactly_51(v51):
    # "6♠ 7♠ 8♠ i 10♦ 10♣ 10♥": 6 + 7 + 8 = 21, 10 + 10 + 10 = 30
    verdict = v51.check_opening(["6♠ 7♠ 8♠", "10♦ 10♣ 10♥"])
    assert verdict.ok and verdict.points == 51
    assert v51.check_opening("6♠ 7♠ 8♠ + 10♦ 10♣ 10♥").points == 51
    # one point short: 5♠ 6♠ 7♠ is 18, 18 + 30 = 48
    short = v51.check_opening("5♠ 6♠ 7♠ + 10♦ 10♣ 10♥")
    assert not short
    (why,) = short.reasons
    assert (why.code, why.rule) == ("opening.points", "opening.min_points")
    assert why.params == {"points": 48, "least": 51}
    assert why.line is not None and why.line.startswith("specs/remik51.rules:")
    assert str(why) == "48 points; an opening needs 51"


def test_remik51_runs(v51):
    # "13♥ 14♥ 1♥" (Q K A) and "1♥ 2♥ 3♥" are runs; an ace counts 10 either way
    assert (v51.check_meld("Q♥ K♥ A♥").kind, v51.check_meld("Q♥ K♥ A♥").points) == ("run", 30)
    assert v51.check_meld("A♥ 2♥ 3♥").points == 15
    assert v51.check_meld("A♣ 2♣ 3♣ 4♣").points == 19
    # "Q♥ K♥ 1♥ 2♥ jest nieprawidłowa": refused because of the wrap rule, named with its line
    refused = v51.check_meld("Q♥ K♥ A♥ 2♥")
    assert not refused and refused.kind is None and refused.points == 0
    assert [(r.code, r.rule) for r in refused.reasons] == [("run.wrap", "run.wrap")]
    assert refused.reasons[0].line.startswith("specs/remik51.rules:")
    assert "rules" not in str(refused.reasons[0]) and "rules" not in repr(refused)  # no file path
    # from ace to ace: A=10, 2..9 = 44, 10 J Q K = 40, A = 10
    full = v51.check_meld("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")
    assert full.ok and full.kind == "run" and full.points == 104


def test_remik51_sets_and_jokers(v51):
    assert (v51.check_meld("10♦ 10♣ 10♥").kind, v51.check_meld("10♦ 10♣ 10♥").points) == ("set", 30)
    assert not v51.check_meld("10♦ 10♦ 10♥")  # "nie może mieć dwóch kart z tym samym znakiem"
    assert not v51.check_meld("8♠ 8♥ 8♦ 8♣ 8♠")  # "co najwyżej 4 karty"
    # "Na początku grupa może mieć tylko jednego jokera"
    assert v51.check_meld("JK 7♠ 8♠", opening=True).points == 21
    two = v51.check_meld("JK JK 8♠", opening=True)
    assert not two and [(r.code, r.rule, r.params) for r in two.reasons] == [
        ("meld.jokers_opening", "jokers.per_meld_at_opening", {"jokers": 2, "limit": 1})]
    assert v51.check_meld("JK JK 8♠").ok  # later, more jokers are allowed (assumed)
    # the joker is worth the card it replaces: 6♠ 7♠ (JK = 8♠) is 21
    assert v51.check_meld("6♠ 7♠ JK").points == 21


def test_remik51_hands(v51):
    # "Jeśli ktoś ma jokera na ręce, liczy się +20"; cards count as at opening
    assert v51.hand_value("JK") == 20
    assert v51.hand_value("JK 5♠ K♦ A♥") == 20 + 5 + 10 + 10
    # "Jeśli gracz nie otworzył, zostanie mu zapisane +100"
    assert v51.hand_value("2♠", opened=False) == 100


def test_remik51_laying_off(v51):
    # "ktoś rzucił talię 3♠ 4♠ 5♠, a ty masz 2♠ lub 6♠, możesz dodać tę kartę"
    assert v51.check_lay_off("3♠ 4♠ 5♠", "2♠").points == 14
    assert v51.check_lay_off("3♠ 4♠ 5♠", "6♠").points == 18
    # only after opening
    assert [r.rule for r in v51.check_lay_off("3♠ 4♠ 5♠", "6♠", opened=False).reasons] == ["turn.lay_off"]
    # "Nie możesz dodać ostatniej karty ze swojej ręki do talii innej osoby"
    last = v51.check_lay_off("3♠ 4♠ 5♠", "6♠", empties_hand=True).reasons
    assert [(r.code, r.rule) for r in last] == [("going_out.discard", "going_out.by")]
    # "Talia 4 kart nazywana jest talią zamkniętą"
    closed = v51.check_lay_off("8♠ 8♥ 8♦ 8♣", "8♠")
    assert not closed and [(r.code, r.rule, r.params) for r in closed.reasons] == [
        ("set.closed", "set.closed_at", {"n": 4})]
    # a player who hands may not lay off (004)
    assert not v51.check_lay_off("3♠ 4♠ 5♠", "6♠", handing=True)


def test_remik51_joker_swap(v51):
    # "masz kartę, którą joker zastępuje, możesz wymienić swoją kartę na jokera"
    swapped = v51.check_joker_swap("5♠ JK 7♠", "6♠")
    assert swapped.ok and swapped.points == 18
    assert not v51.check_joker_swap("5♠ JK 7♠", "6♥")
    assert not v51.check_joker_swap("5♠ JK 7♠", "6♠", opened=False)
    # a joker is freed by a real card, never by another joker; an int is no card
    for other_joker in ("JK", v51.Card(0), v51.parse_card("JK")):
        assert not v51.check_joker_swap("5♠ JK 7♠", other_joker)
    for code in (0, 6 * 4, 999):  # the joker's code, 6♠'s, no card's
        with pytest.raises(TypeError, match=f"^card: .*not int {code}"):
            v51.check_joker_swap("5♠ JK 7♠", code)


def test_remik51_domowy():
    house = _load("remik51_domowy")
    assert house.hand_value("JK") == 50  # "niektórzy nawet liczą +50"
    assert house.check_meld("Q♥ K♥ A♥").points == 30  # melds as in Remik 51


# --- remik_klasyczny: seed 001 -----------------------------------------------------------

def test_remik_klasyczny():
    v = _load("remik_klasyczny")
    # "w sekwensie typu as-2-3 as ma 1 pkt, w innych zestawach (A-A-A lub D-K-A) 10 pkt"
    assert v.check_meld("A♠ 2♠ 3♠").points == 6
    assert v.check_meld("Q♠ K♠ A♠").points == 30
    assert v.check_meld("A♠ A♥ A♦").points == 30
    # "10-Joker-Joker-K": jokers as J and Q, worth 10 each
    assert v.check_meld("10♣ JK JK K♣").points == 40
    # "...-D-K-A-2-3-..." is not allowed, the 14-card run is: 1 + 44 + 40 + 10
    assert not v.check_meld("K♠ A♠ 2♠ 3♠")
    assert v.check_meld("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥").points == 95
    # "co najmniej jeden czysty sekwens oraz co najmniej 49 punktów"
    assert v.check_opening("5♠ 6♠ 7♠ 8♠ 9♠ + 10♦ 10♣ 10♥").points == 65
    dirty = v.check_opening("JK 6♠ 7♠ 8♠ 9♠ + 10♦ 10♣ 10♥ + K♦ K♣ K♥")
    assert not dirty and [r.rule for r in dirty.reasons] == ["opening.clean_run"]
    # 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 = 44: a clean run, but under 49
    assert not v.check_opening("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣")


# --- remik_podstawowy and the ace option: seed 002 ------------------------------------------

def test_remik_podstawowy():
    v = _load("remik_podstawowy")
    assert v.check_meld("A♦ 2♦ 3♦").points == 6  # "Asy są warte jeden punkt"
    assert not v.check_meld("Q♦ K♦ A♦")  # "as jest zawsze niską kartą"
    assert v.check_meld("8♠ 8♥ 8♦").kind == "set"  # "trzech ósemek"
    assert v.check_lay_off("8♥ 9♥ 10♥", "7♥").ok and v.check_lay_off("8♥ 9♥ 10♥", "J♥").ok
    assert v.check_lay_off("3♣ 4♣ 5♣", ["6♣", "7♣"]).points == 25  # "sześć i siedem trefli"
    assert v.hand_value("A♠ 7♦ K♣") == 1 + 7 + 10
    assert not v.check_meld("JK 5♠ 6♠")  # one plain pack: no jokers
    assert v.check_opening("A♦ 2♦ 3♦").ok  # no opening requirement
    # cards laid off come in whatever order the player hands them over
    assert v.check_lay_off("5♥ 6♥ 7♥", "4♥ 3♥").points == 3 + 4 + 5 + 6 + 7
    assert v.check_lay_off("5♥ 6♥ 7♥", "9♥ 4♥ 8♥").points == 4 + 5 + 6 + 7 + 8 + 9
    assert not v.check_lay_off("5♥ 6♥ 7♥", "4♥ 9♥")  # a gap at either end
    # ... and more than six of them too (the solver lays off that many at once): each goes where
    # its rank does; one card off the run's line and none fits
    assert v.check_lay_off("5♥ 6♥ 7♥", "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 4♥ 3♥").points == sum(range(3, 11)) + 3 * 10
    assert not v.check_lay_off("5♥ 6♥ 7♥", "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 3♥")
    assert not v.check_lay_off("5♥ 6♥ 7♥", "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 4♠ 3♥")
    # a hand one plain pack cannot deal is an error, not a count
    with pytest.raises(ValueError, match="1 joker; the deck has 0"):
        v.hand_value("JK 5♠")
    with pytest.raises(ValueError, match="A♠ 2 times"):
        v.hand_value("A♠ A♠")
    # 15 cards hold some rank twice: that is the reason, not the open size rule `3..`
    why = v.check_meld("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♥").reasons
    codes = [r.code for r in why]
    assert "run.size" not in codes and "run.rank_twice" in codes
    twice = why[codes.index("run.rank_twice")]
    assert twice.params == {"n": 15, "form": "at_most_13"}
    assert str(twice) == "a run of 15 cards holds a rank twice; a run has at most 13 cards"
    # one plain pack: A♥ and 2♥ twice (deck.standard 1)
    assert [r.params["card"] for r in why if r.code == "deck.copies"] == ["A♥", "2♥"]


def test_remik_podstawowy_as():
    v = _load("remik_podstawowy_as")
    assert v.check_meld("Q♥ K♥ A♥").points == 10 + 10 + 15  # "asy ... 15 punktów"
    assert v.check_meld("A♣ 2♣ 3♣").points == 15 + 2 + 3
    assert not v.check_meld("K♠ A♠ 2♠")  # low or high, never both
    assert v.hand_value("A♠") == 15


# --- karuzela: seed 003 -----------------------------------------------------------------

def test_karuzela():
    v = _load("karuzela")
    assert not v.check_meld("8♠ 8♠ 8♥")  # "tylko jedna ósemka pik"
    assert not v.check_meld("K♥ A♥ 2♥")  # "król-as-2 nie jest prawidłową sekwencją"
    assert v.check_meld("9♣ 10♣ J♣").ok and v.check_meld("A♦ 2♦ 3♦").ok and v.check_meld("Q♣ K♣ A♣").ok
    # "Karty mają następujące wartości: Jokery: 25 punktów każdy; ... Asy: po jednym punkcie"
    assert v.hand_value("JK A♠ K♦ 7♣") == 25 + 1 + 10 + 7
    # the card that frees a joker may come from the table too
    assert v.check_joker_swap("5♠ JK 7♠", "6♠", from_table=True).ok
    # "musi powiedzieć, jaką kartę reprezentuje": 5♠ JK JK is 5♠ 6♠ 7♠ or three fives, as named;
    # "Jokery: 25 punktów każdy", wherever they lie
    assert v.check_meld("5♠ JK JK").ok
    assert (v.check_meld("5♠ JK JK", kind="run").kind, v.check_meld("5♠ JK JK", kind="set").kind) == (
        "run", "set")
    assert v.check_meld("5♠ JK JK", kind="set").points == 5 + 25 + 25
    assert v.check_meld("5♠ JK JK", kind="run").points == 5 + 25 + 25
    # no corner is turned from ace to ace: "król-as-2" is what 003 forbids
    assert v.check_meld("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥").ok
    assert not v.check_meld("5♠ 5♥ JK", kind="run") and v.check_meld("5♠ 5♥ JK", kind="set")
    # seven cards laid off on 6♠ 7♠ 8♠ in any order, the joker as the J♠ between 10♠ and Q♠ (the
    # soak's karuzela seed 2039 at 2 players: the solver found this lay-off, the referee refused it)
    grown = v.check_lay_off("6♠ 7♠ 8♠", "JK 4♠ 5♠ 9♠ 10♠ Q♠ K♠")
    assert grown.kind == "run" and grown.points == 4 + 5 + 6 + 7 + 8 + 9 + 10 + 25 + 2 * 10
    assert v.check_lay_off("6♠ 7♠ 8♠", "K♠ Q♠ 10♠ 9♠ JK 5♠ 4♠").points == grown.points
    assert v.check_lay_off("6♠ 7♠ 8♠", "JK=J♠ 4♠ 5♠ 9♠ 10♠ Q♠ K♠").points == grown.points
    assert not v.check_lay_off("6♠ 7♠ 8♠", "JK=3♠ 4♠ 5♠ 9♠ 10♠ Q♠ K♠")  # J♠'s place is empty
    with pytest.raises(ValueError, match="kind"):
        v.check_meld("5♠ 5♥ JK", kind="group")


# --- the API contract --------------------------------------------------------------------

def test_api(v51):
    assert v51.VARIANT_ID == "remik51" and v51.VARIANT_NAME == "Remik 51"
    cards = v51.parse_cards("10h, Qs  Ac JK")
    assert [str(c) for c in cards] == ["10♥", "Q♠", "A♣", "JK"]
    assert [c.rank for c in cards] == [10, 12, 1, None] and cards[3].is_joker
    with pytest.raises(ValueError, match="'Qx'"):
        v51.parse_cards("Q♠ Qx")
    # strings, parsed cards and mixed sequences all work; bool(verdict) is verdict.ok
    for meld in ("6♠ 7♠ 8♠", ["6♠", "7♠", "8♠"], v51.parse_cards("6s 7s 8s"),
                 [v51.parse_card("6♠"), "7s", "8♠"]):
        verdict = v51.check_meld(meld)
        assert bool(verdict) is True and verdict.kind == "run" and verdict.reasons == ()
    assert bool(v51.check_meld("6♠ 7♥ 8♠")) is False


def test_the_module_needs_only_the_standard_library(tmp_path):
    shutil.copy(GENERATED / "remik51" / "validator.py", tmp_path)
    # -I -S: no site-packages, no environment; only the standard library and this folder
    code = ("import sys; sys.path.insert(0, '.')\n"
            "import validator; print(validator.check_meld('6♠ 7♠ 8♠').points)")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "21"


def test_header_names_the_spec_and_its_hash():
    text = (GENERATED / "remik51_domowy" / "validator.py").read_text(encoding="utf-8")
    assert "Spec: specs/remik51_domowy.rules <- specs/remik51.rules" in text
    assert f"Runtime {runtime().sha256}" in text


def _sha256sum(path: Path) -> str:
    """What `sha256sum PATH` prints for a spec, without its path."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_header_hashes_each_spec_file_as_sha256sum_does(tmp_path: Path):
    text = (GENERATED / "remik51_domowy" / "validator.py").read_text(encoding="utf-8")
    house, base = ROOT / "specs" / "remik51_domowy.rules", ROOT / "specs" / "remik51.rules"
    assert (f"Spec sha256: {_sha256sum(house)}  specs/remik51_domowy.rules\n"
            f"Spec sha256: {_sha256sum(base)}  specs/remik51.rules\n") in text
    # the shipped copy of the same file has the same bytes, hence the same hash
    space = Workspace()
    shipped = validator_source(space.variant("remikc:specs/remik51.rules"), space)
    assert f"Spec sha256: {_sha256sum(base)}  remikc:specs/remik51.rules\n" in shipped
    # the bytes, not the text read from them: a byte-order mark counts
    spec = tmp_path / "z_bomem.rules"
    spec.write_bytes("\ufeff".encode() + b'variant z_bomem extends "remik51" {\n  name pl "x"\n'
                     b'  name hr "x"\n}\n')
    space = Workspace()
    made = validator_source(space.variant(str(spec)), space)
    assert re.search(f"^Spec sha256: {_sha256sum(spec)}(  |\\n    )\\S*z_bomem\\.rules$", made, re.M)
    # a path too long for the line goes on the next, so no header line passes the module's
    # 110 columns (ruff's limit, which generated code keeps too)
    long = tmp_path / ("a" * 40) / "z_bomem.rules"
    long.parent.mkdir()
    long.write_bytes(spec.read_bytes())
    space = Workspace()
    made = validator_source(space.variant(str(long)), space)
    assert re.search(f"^Spec sha256: {_sha256sum(long)}\n    \\S*{'a' * 40}/z_bomem\\.rules$", made, re.M)
    assert all(len(line) <= 110 for line in made[:made.index('"""', 3)].splitlines())
    assert "# run.wrap forbidden (specs/remik51.rules:" in text  # each rule points at its line


def test_the_runtime_is_the_same_bytes_in_every_module():
    """Variants differ in their rules block only: from the first runtime section on, every
    generated module is the same text, the runtime's own files with their imports commented."""
    tails = set()
    for module in sorted(GENERATED.glob("*/validator.py")):
        text = module.read_text(encoding="utf-8")
        tails.add(text[text.index("\n" + MARKER):])
    assert len(tails) == 1
    (tail,) = tails
    for path, section in runtime().sections:
        assert f"{MARKER}{path}\n{section}" in tail
        original = (ROOT / path).read_text(encoding="utf-8").split("\n")
        inlined = section.split("\n")
        assert len(inlined) == len(original)  # line for line: tracebacks point at the runtime
        assert all(a == b or a == "# " + b for a, b in zip(inlined, original, strict=True))


def test_a_game_without_sets_takes_the_runtimes_defaults(tmp_path):
    """remikc/runtime/rules.py is the one place a default is written: a house variant of Remik
    podstawowy without sets gets its SET_* values from there (sets of 3 to 4 cards, distinct
    suits, no closing size), each said to come from no rule of the game."""
    from remikc.emit.rules import rules_block
    from remikc.spec.workspace import Workspace

    shutil.copy(ROOT / "specs" / "remik_podstawowy.rules", tmp_path / "remik_podstawowy.rules")
    (tmp_path / "bez_grup.rules").write_text(
        'variant bez_grup extends "remik_podstawowy" {\n  name pl "x"\n  name hr "x"\n  remove set\n}\n',
        encoding="utf-8")
    block = rules_block(Workspace().variant(str(tmp_path / "bez_grup.rules")), {})
    why = "# set: not in this game (HAS_SET is False)\n"
    for line in ("HAS_SET: Final[bool] = False", "SET_MIN: Final[int] = 3", "SET_MAX: Final[int] = 4",
                 "SET_DISTINCT_SUITS: Final[bool] = True", "SET_CLOSED_AT: Final[int | None] = None"):
        name = line.split(":")[0]
        assert (why if name != "HAS_SET" else "# the game has sets\n") + line + "\n" in block, name
    runtime_rules = (ROOT / "remikc" / "runtime" / "rules.py").read_text(encoding="utf-8")
    assert "SET_MAX: Final[int] = 4\n" in runtime_rules


# --- the build -----------------------------------------------------------------------------

def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def _files(folder: Path) -> dict[str, bytes]:
    """What a build wrote under `folder`, by path: tool caches and PDFs aside, as `build --check`
    leaves them aside."""
    found = {}
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and path.suffix != ".pdf" and not any(
                part == "__pycache__" or part.startswith(".") for part in parts):
            found["/".join(parts)] = path.read_bytes()
    return found


def test_generated_is_a_fresh_build(monkeypatch, seed_build):
    """generated/ is what `remikc build specs/` makes, byte for byte and file for file (the
    session's build, conftest's `seed_build`), and `build --check` says so."""
    assert _files(seed_build) == _files(GENERATED)
    monkeypatch.chdir(ROOT)
    code, out, _ = run("build", "--check")
    assert code == 0, out


def test_the_build_does_not_depend_on_the_folder_it_runs_in(monkeypatch):
    """Spec paths in generated files are the project's, not the working folder's.  (The whole
    folder is given: a rulebook lists the house variants of it among the specs given.)"""
    monkeypatch.chdir(ROOT / "specs")
    code, out, _ = run("build", "--check", ".", "--out", str(GENERATED))
    assert code == 0, out
    monkeypatch.chdir("/")
    code, out, _ = run("build", "--check", str(ROOT / "specs"), "--out", str(GENERATED))
    assert code == 0, out


def test_build_is_deterministic_and_check_names_stale_files(tmp_path, monkeypatch, seed_build):
    project = tmp_path / "p"
    shutil.copytree(ROOT / "specs", project / "specs")
    monkeypatch.chdir(project)
    # the examples found afresh (a proof cache answers for the files it proved, and these are
    # other files than specs/): the same bytes as the session's build of specs/
    assert run("build")[0] == 0
    built = _files(project / "generated")
    assert len([p for p in built if p.endswith(".py")]) == 12  # validator.py and __init__.py of six
    assert built == _files(seed_build)
    # a change to a base game makes its house variant stale too
    spec = project / "specs" / "remik51.rules"
    spec.write_text(spec.read_text(encoding="utf-8").replace("handed_with_cut_card -120",
                                                            "handed_with_cut_card -130"),
                    encoding="utf-8")
    code, out, _ = run("build", "--check")
    assert code == 1
    assert "generated/remik51/validator.py: out of date" in out
    assert "generated/remik51_domowy/validator.py: out of date" in out
    assert "generated/karuzela" not in out


def test_build_refuses_bad_specs_and_writes_nothing(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "specs", tmp_path / "specs")
    (tmp_path / "specs" / "zly.rules").write_text('variant zly extends "remik51" {\n  nme pl "x"\n}\n',
                                                  encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run("build")
    assert code == 1 and "unknown rule `nme`" in err
    assert not (tmp_path / "generated").exists()


def test_explain(monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run("explain", "specs/remik51.rules", "Q♥ K♥ A♥ 2♥")
    assert code == 0 and "refused" in out and "run.wrap" in out
    code, out, _ = run("explain", "specs/remik51.rules", "6♠ 7♠ 8♠ + 10♦ 10♣ 10♥", "--opening")
    assert "a valid opening, 51 points" in out and "opening.min_points 51" in out
    code, out, _ = run("explain", "specs/remik51.rules", "JK 5♠", "--hand", "--format", "json")
    assert '"points": 25' in out
    assert run("explain", "specs/remik51.rules", "Qx")[0] == 2


def test_generated_code_passes_mypy_strict_and_ruff():
    mypy = pytest.importorskip("mypy.api")
    # one run over all six (each `generated/<id>/` is a package, so each module has a name of its own)
    modules = sorted(GENERATED.glob("*/validator.py"))
    report, errors, status = mypy.run(["--strict", "--no-incremental", *map(str, modules)])
    assert status == 0 and f"in {len(modules)} source files" in report, report + errors
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff not installed")
    for config in (["--isolated"], ["--config", str(ROOT / "pyproject.toml")]):
        done = subprocess.run([ruff, "check", *config, str(GENERATED)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout
