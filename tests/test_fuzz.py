"""No input makes remikc raise anything but its own diagnostics.

Three generators: sentences of the grammar itself (hypothesis.extra.lark),
byte-level mutations of the real specs, and word swaps that keep a spec
parseable but put wrong words in right places, which reaches the schema,
`extends` and consistency checks.  Each input is checked both through the
library (only `SpecError` may escape) and through the CLI (exit 0 or 1).
"""

from __future__ import annotations

import io
import re
import shutil
import string
import tempfile
from pathlib import Path

import pytest
from budgets import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sentences import sentences

from remikc.cli import main
from remikc.diagnostics import SpecError
from remikc.spec.schema import all_keys, all_sections
from remikc.spec.workspace import Workspace

SPECS = Path(__file__).resolve().parent.parent / "specs"
SPEC_FILES = sorted(SPECS.glob("*.rules"))
_LETTERS = string.ascii_letters

VOCABULARY = sorted(
    {k.name for k in all_keys()} | {s.name for s in all_sections()}
    | {p.stem for p in SPEC_FILES}
    | {"name", "pl", "hr", "always", "never", "opened", "first_round", "opens_this_turn", "handing",
       "any", "face", "as_replaced", "joker", "for", "players", "in", "otherwise", "low_run",
       "low", "high", "or", "distinct", "same", "allowed", "forbidden", "A", "J", "Q", "K", "10♥",
       "Qs", "JK", "3x", "until", "meld", "worth", "on", "because", "penalties", "run", "set",
       "opening", "cards", "jokers", "points", "m", "o"}
)

FUZZ = settings(max_examples=examples(60), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _assert_handled(text: bytes) -> None:
    """Load `text` as a spec next to copies of the real specs; only diagnostics may come out."""
    with tempfile.TemporaryDirectory() as folder:
        for spec in SPEC_FILES:
            shutil.copy(spec, folder)
        match = re.search(rb"variant\s+(\w+)", text)
        stem = match.group(1).decode("utf-8", "replace") if match else "fuzzed"
        path = Path(folder) / f"{stem}.rules"
        path.write_bytes(text)
        try:
            Workspace().variant(str(path))
        except SpecError as exc:
            assert exc.diagnostics, "a SpecError always carries its diagnostics"
        out, err = io.StringIO(), io.StringIO()
        code = main(["check", "--no-verify", str(path)], out, err)
        assert code in (0, 1), err.getvalue()
        code = main(["check", "--no-verify", "--format", "json", str(path)], io.StringIO(), io.StringIO())
        assert code in (0, 1)


@FUZZ
@given(sentences(
    WORD=st.sampled_from(VOCABULARY) | st.builds(
        str.__add__, st.sampled_from(_LETTERS + "_"), st.text(_LETTERS + "0123456789_♥", max_size=6)),
    STRING=st.text(_LETTERS + " ,.", max_size=12).map('"{}"'.format),
    NUMBER=st.integers(-200, 200).map(str),
))
def test_grammar_sentences(text: str) -> None:
    _assert_handled(text.encode("utf-8"))


@st.composite
def mutated_spec(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SPEC_FILES)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "truncate"]))
        if action == "delete":
            del data[at:at + draw(st.integers(1, 40))]
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8) | st.sampled_from(
                [b"{", b"}", b'"', b"\n", b"..", b",", b"override ", b"when ", b"\xff", b"#"]))
        elif action == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif action == "duplicate":
            end = min(len(data), at + draw(st.integers(1, 200)))
            data[at:at] = data[at:end]
        elif action == "truncate":
            del data[at:]
    return bytes(data)


@FUZZ
@given(mutated_spec())
def test_byte_mutations_of_the_specs(text: bytes) -> None:
    _assert_handled(text)


@st.composite
def word_swapped_spec(draw: st.DrawFn) -> bytes:
    text = draw(st.sampled_from(SPEC_FILES)).read_text(encoding="utf-8")
    words = list(re.finditer(r"(?<![#\"\w])[\w♠♥♦♣.]+", text))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(words) - 1))
        target = words[at]
        if draw(st.booleans()):
            new = draw(st.sampled_from(VOCABULARY) | st.integers(-5, 200).map(str)
                       | st.sampled_from(["3..2", "2..", "1..60", "0", "-1"]))
            text = text[:target.start()] + new + text[target.end():]
        else:  # drop a run of words, with the commas and operators between them
            last = words[min(len(words) - 1, at + draw(st.integers(0, 5)))]
            text = text[:target.start()] + text[last.end():]
        words = list(re.finditer(r"(?<![#\"\w])[\w♠♥♦♣.]+", text))
    return text.encode("utf-8")


@FUZZ
@given(word_swapped_spec())
def test_word_swaps_in_the_specs(text: bytes) -> None:
    _assert_handled(text)


@pytest.mark.parametrize("text", [b"", b"\n\n", b"variant", b"variant x {", b"}", b"\x00\x01",
                                  b"variant x { check \"a\": forall meld m: }",
                                  "variant ♥ {}".encode(), b"\xef\xbb\xbfvariant bom {}"])
def test_edge_inputs(text: bytes) -> None:
    _assert_handled(text)


@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(word_swapped_spec())
def test_the_verifier_handles_any_spec_that_reads(text: bytes) -> None:
    """Whatever odd but well-formed rules a spec states, verification ends in verdicts."""
    from remikc.verify import verify

    with tempfile.TemporaryDirectory() as folder:
        for spec in SPEC_FILES:
            shutil.copy(spec, folder)
        match = re.search(rb"variant\s+(\w+)", text)
        stem = match.group(1).decode("utf-8", "replace") if match else "fuzzed"
        path = Path(folder) / f"{stem}.rules"
        path.write_bytes(text)
        try:
            variant = Workspace().variant(str(path))
        except SpecError:
            return
        report = verify(variant, rlimit=2_000_000)
        assert report.findings and all(f.summary for f in report.findings)


# --- attacker-sized inputs: deep nesting and huge numbers (issue #24) ------------------------
# Few examples (each spec is up to thousands of levels deep, read three times); `--soak` runs
# twenty times as many (tests/budgets.py).
LIMITS = settings(max_examples=examples(20), deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
BASE = Path(__file__).resolve().parent / "specs" / "malformed" / "base.rules"
DEEP_HEAD = 'variant deep extends "base" {\n  name pl "x"\n  name hr "x"\n'


def _diagnostics_of(text: str) -> list[str]:
    """The codes `check --no-verify --format json` reports for `text` as deep.rules beside
    base.rules; asserting on the way that only diagnostics come out."""
    import json

    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(BASE, folder)
        path = Path(folder) / "deep.rules"
        path.write_text(text, encoding="utf-8")
        _assert_handled_at(path)
        out = io.StringIO()
        main(["check", "--no-verify", "--format", "json", str(path)], out, io.StringIO())
        (entry,) = json.loads(out.getvalue())["files"]
        return [d["code"] for d in entry["diagnostics"]]


def _assert_handled_at(path: Path) -> None:
    try:
        Workspace().variant(str(path))
    except SpecError as exc:
        assert exc.diagnostics
    err = io.StringIO()
    assert main(["check", "--no-verify", str(path)], io.StringIO(), err) in (0, 1), err.getvalue()


@st.composite
def deeply_nested_spec(draw: st.DrawFn) -> tuple[str, int]:
    """A spec nested `levels` deep (as docs/dsl.md counts them), in a check, in a `when`
    condition, or in sections, by a random mix of `not`, `or`, `and`, `implies`, `+` and
    parentheses (which count nothing); around the limit of 100 or far beyond it."""
    rng = draw(st.randoms(use_true_random=False))
    wrappers = draw(st.integers(0, 110) | st.integers(110, 3000))
    place = draw(st.sampled_from(["check", "when", "sections"]))
    if place == "sections":
        return DEEP_HEAD + "  x {\n" * wrappers + "  }\n" * wrappers + "}\n", wrappers
    term = "cards(m) >= 3" if place == "check" else "first_round"
    terms = rng.randint(1, 5) if place == "check" else 1
    # in a check the innermost is `cards(m) + ... >= 3`: a comparison, terms - 1 `+`, a call
    expr = " + ".join(["cards(m)"] * terms) + " >= 3" if place == "check" else term
    levels = (1 + terms) if place == "check" else 0
    # a condition has no `implies`
    kinds = ["not", "or", "and", "paren"] + (["implies"] if place == "check" else [])
    for _ in range(wrappers):
        kind = rng.choice(kinds)
        if kind == "paren":
            expr = f"({expr})"
            continue
        # the inner expression is bracketed, so each wrapper nests exactly one level
        expr = {"not": f"not ({expr})", "or": f"({expr}) or {term}", "and": f"{term} and ({expr})",
                "implies": f"({expr}) implies {term}"}[kind]
        levels += 1
    if place == "check":
        return DEEP_HEAD + f'  check "c": forall meld m: {expr}\n}}\n', levels + 1  # + forall
    body = f"  turn {{\n    draw {{\n      override discard_top when {expr}\n    }}\n  }}\n}}\n"
    return DEEP_HEAD + body, levels + 2  # + turn and draw


@LIMITS
@given(deeply_nested_spec())
def test_deep_nesting_ends_in_e006_past_the_limit(case: tuple[str, int]) -> None:
    from remikc.spec.parser import MAX_DEPTH

    text, levels = case
    codes = _diagnostics_of(text)
    assert ("E006" in codes) == (levels > MAX_DEPTH), (levels, codes)
    if levels > MAX_DEPTH:
        assert codes == ["E006"]


@st.composite
def spec_with_a_huge_number(draw: st.DrawFn) -> tuple[str, int]:
    """A spec with one number of up to 6,000 digits (and maybe leading zeros and a sign) in a
    rule, a range or a check; returns it with its count of significant digits."""
    digits = draw(st.integers(1, 30) | st.integers(4200, 6000))
    number = str(draw(st.integers(1, 9))) + "7" * (digits - 1)
    zeros = "0" * draw(st.integers(0, 3) | st.just(5000))
    sign = draw(st.sampled_from(["", "+", "-"]))
    slot = draw(st.sampled_from([
        "  deal {{\n    override hand {}\n  }}\n", "  override players 2..{}\n",
        "  override players {}..\n", '  check "c": forall hand h: points(h) <= {}\n',
        "  scoring {{\n    went_out {}\n  }}\n"]))
    unsigned = "players" in slot  # a range takes no sign
    return DEEP_HEAD + slot.format(("" if unsigned else sign) + zeros + number) + "}\n", digits


@LIMITS
@given(spec_with_a_huge_number())
def test_huge_numbers_end_in_e007(case: tuple[str, int]) -> None:
    from remikc.spec.parser import MAX_DIGITS

    text, digits = case
    codes = _diagnostics_of(text)
    assert ("E007" in codes) == (digits > MAX_DIGITS), (digits, codes)
