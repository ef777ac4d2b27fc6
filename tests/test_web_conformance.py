"""validator.mjs and validator.py agree: the same verdicts, points, reasons and messages.

For every seed variant (the committed generated/<id>/validator.mjs, which tests/test_validator.py
holds to a fresh build) and the structural kinds of tests/test_structural_kinds.py (runs only,
sets only, no jokers: emitted here), a fixed random sample of melds, openings, lay-offs and
hands is judged by both modules and compared answer by answer: `ok`, `kind`, `points`, every
reason's code, rule, line and parameters and its message in English, Polish and Croatian, or
the same kind of error (a Python ValueError is a RangeError).  One Node process per variant
reads the whole batch.  Every multiset of 1 to 4 cards (395,009 per variant, 367,290 of them of 4
cards) is compared by the soak test.
"""

from __future__ import annotations

import itertools
import json
import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_structural_kinds import _delta
from web import need_node, python_answer, run_batch, run_batch_file, run_node

from oracle import CODES, near_meld, near_opening
from remikc import ir
from remikc.build import load_module, validator_source
from remikc.emit.source import web_sources
from remikc.spec.workspace import Workspace

ROOT = Path(__file__).resolve().parent.parent
SEEDS = sorted(p.stem for p in (ROOT / "specs").glob("*.rules"))
KINDS = ("tylko_sekwensy", "tylko_grupy", "bez_jokerow")
SAMPLE = {"meld": 500, "opening": 120, "lay_off": 150, "hand": 40}
"""The fixed sample per variant, by kind of request (the integration tier's budget)."""


def _text(codes: tuple[int, ...] | list[int], rng: random.Random, declare: float = 0.0) -> str:
    """Cards as text, in either notation; with `declare`, a joker often declared (`JK=5♥`)."""
    out = []
    for code in codes:
        if code == 0:
            out.append(f"JK={_card(rng.choice(CODES[1:]), rng)}" if rng.random() < declare else "JK")
        else:
            out.append(_card(code, rng))
    return " ".join(out)


_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _card(code: int, rng: random.Random) -> str:
    if code == 0:
        return "JK"
    rank, suit = _RANKS[(code >> 2) - 1], code & 3
    return rank + ("♠♥♦♣" if rng.random() < 0.8 else "shdc")[suit]


def sample(v: ir.Variant) -> list[dict[str, Any]]:
    """The fixed sample of requests for `v`: seeded by its id, the same on every run."""
    rng = random.Random(zlib.crc32(v.id.encode()))
    requests: list[dict[str, Any]] = []
    for _ in range(SAMPLE["meld"]):
        cards = near_meld(rng, v)
        if rng.random() < 0.3:  # short melds too: every rule's reason on few cards
            cards = cards[:rng.randint(1, 3)]
        requests.append({"op": "meld", "cards": _text(cards, rng, declare=0.3),
                         "opening": rng.random() < 0.3, "kind": rng.choice((None, None, None, "run", "set"))})
    for i in range(SAMPLE["opening"]):
        melds = near_opening(rng, v) if i % 2 else [_plain_meld(rng, v) for _ in range(rng.randint(1, 4))]
        requests.append({"op": "opening", "melds": " + ".join(_text(m, rng, declare=0.2) for m in melds)})
    for _ in range(SAMPLE["lay_off"]):
        if rng.random() < 0.6:  # a meld and the cards that extend it (a run's ends, a set's suits)
            whole = _plain_meld(rng, v)
            cut = rng.randint(1, max(1, len(whole) - 3))
            start = rng.choice((0, len(whole) - cut))
            added, table = whole[start:start + cut], whole[:start] + whole[start + cut:]
            if rng.random() < 0.3:  # spoiled: a card of another suit or rank
                added[rng.randrange(len(added))] = rng.choice(CODES)
        else:
            table = list(near_meld(rng, v, spoil=0.2))
            added = [rng.choice(CODES) for _ in range(rng.randint(1, 8))]
        rng.shuffle(added)
        requests.append({"op": "lay_off", "meld": _text(table, rng, declare=0.1),
                         "cards": _text(added, rng, declare=0.1),
                         "opened": rng.random() < 0.9, "first_round": rng.random() < 0.2,
                         "opens_this_turn": rng.random() < 0.2, "handing": rng.random() < 0.1,
                         "empties_hand": rng.random() < 0.1,
                         "kind": rng.choice((None, None, None, None, "run", "set"))})
    for _ in range(SAMPLE["hand"]):
        hand = [rng.choice(CODES) for _ in range(rng.randint(0, 12))]
        requests.append({"op": "hand", "cards": _text(hand, rng), "opened": rng.random() < 0.7})
    # text that is no cards, or no melds: both refuse it the same way
    requests += [{"op": "meld", "cards": bad, "opening": False, "kind": None}
                 for bad in ("11♥ Q♥ K♥", "JK=JK 5♠ 5♥", "5♠ 5♥=5♦ 5♣", "JK=1♥ 2♥ 3♥", "")]
    requests.append({"op": "opening", "melds": "5♠ 5♥ 5♦ + + 7♠ 8♠ 9♠"})
    # a yes-or-no that is neither ("no" and 1 are truthy): both refuse it as a TypeError, as the
    # lay-off of the 6♠ would otherwise be judged for an opened player
    lay_off = {"op": "lay_off", "meld": "3♠ 4♠ 5♠", "cards": "6♠", "opened": True, "first_round": False,
               "opens_this_turn": False, "handing": False, "empties_hand": False, "kind": None}
    requests += [{**lay_off, flag: wrong} for flag in ("opened", "first_round", "opens_this_turn", "handing",
                                                       "empties_hand") for wrong in ("no", 1, None)]
    requests += [{"op": "meld", "cards": "7♠ 8♠ 9♠", "opening": wrong, "kind": None} for wrong in ("yes", 0)]
    requests += [{"op": "hand", "cards": "5♥", "opened": wrong} for wrong in ("no", 0)]
    return requests


def _plain_meld(rng: random.Random, v: ir.Variant) -> list[int]:
    """A run or a set as the game has them, of high cards as often as low, a joker in it now and
    then (where the game has jokers)."""
    if v.run is not None and (v.set is None or rng.random() < 0.6):
        n = rng.randint(3, 12)  # up to 9 cards laid off at once: more than any order is tried in
        start = rng.randint(1, 14 - n)
        suit = rng.randrange(4)
        cards = [(start + i) * 4 + suit for i in range(n)]
    else:
        rank = rng.randint(1, 13)
        cards = [rank * 4 + s for s in rng.sample(range(4), rng.randint(3, 4))]
    if v.jokers is not None and rng.random() < 0.3:
        cards[rng.randrange(len(cards))] = 0
    return cards


def _module(v_id: str, seed_modules: Any, tmp: Path) -> tuple[Any, Path, ir.Variant]:
    if v_id in SEEDS:
        module = seed_modules(v_id)
        v = Workspace().variant(str(ROOT / "specs" / f"{v_id}.rules"))
        return module, ROOT / "generated" / v_id / "validator.mjs", v
    workspace = Workspace()
    v = workspace.variant(str(_delta(tmp, v_id)))
    source = validator_source(v, workspace)
    path = tmp / "validator.mjs"
    path.write_text(web_sources(v, workspace, source)["validator.mjs"], encoding="utf-8")
    return load_module(v.id, source), path, v


def _compare(module: Any, mjs: Path, requests: list[dict[str, Any]], folder: Path) -> int:
    answers = run_batch(mjs, requests, folder)
    wrong = [(q, js, py) for q, js in zip(requests, answers, strict=True)
             if js != (py := python_answer(module, q))]
    assert not wrong, "\n".join(f"{json.dumps(q, ensure_ascii=False)}\n  js: {js}\n  py: {py}"
                                for q, js, py in wrong[:5]) + f"\n({len(wrong)} of {len(requests)} differ)"
    return len(requests)


@pytest.mark.parametrize("variant_id", SEEDS + list(KINDS))
def test_javascript_and_python_agree_on_a_fixed_sample(variant_id: str, seed_modules: Any,
                                                       tmp_path: Path) -> None:
    need_node()
    module, mjs, v = _module(variant_id, seed_modules, tmp_path)
    requests = sample(v)
    assert _compare(module, mjs, requests, tmp_path) == sum(SAMPLE.values()) + 6 + 19  # bad texts, bad flags


@pytest.mark.soak
@pytest.mark.parametrize("variant_id", SEEDS + list(KINDS))
def test_javascript_and_python_agree_on_every_multiset_of_up_to_4_cards(
        variant_id: str, seed_modules: Any, tmp_path: Path, record_property: Any) -> None:
    """Each multiset as a meld, its cards in code order (jokers first): 395,009 melds per
    variant."""
    need_node()
    module, mjs, _ = _module(variant_id, seed_modules, tmp_path)
    rng = random.Random(0)
    requests, answers = tmp_path / "requests.jsonl", tmp_path / "answers.jsonl"
    with requests.open("w", encoding="utf-8") as out:  # streamed: 395,009 requests, held nowhere whole
        for meld in every_small_multiset():
            out.write(json.dumps({"op": "meld", "cards": _text(meld, rng), "opening": False, "kind": None},
                                 ensure_ascii=False) + "\n")
    run_batch_file(mjs, requests, answers, tmp_path)
    compared, wrong = 0, []
    with requests.open(encoding="utf-8") as asked, answers.open(encoding="utf-8") as said:
        for question, line in itertools.zip_longest(asked, said):
            q, js = json.loads(question), json.loads(line)
            compared += 1
            if js != (py := python_answer(module, q)) and len(wrong) < 5:
                wrong.append(f"{question.strip()}\n  js: {js}\n  py: {py}")
    assert not wrong, "\n".join(wrong)
    record_property("melds", compared)
    print(f"{variant_id}: {compared} melds compared")
    # C(53, 1) + C(54, 2) + C(55, 3) + C(56, 4): 1 to 4 of 53 kinds of card, repeats allowed
    assert compared == 53 + 1_431 + 26_235 + 367_290


def every_small_multiset() -> Iterator[tuple[int, ...]]:
    """Every multiset of 1 to 4 cards of the 53 (52 and the joker): each once, sorted by code."""
    for n in range(1, 5):
        yield from itertools.combinations_with_replacement(CODES, n)


def test_the_runtime_as_source_judges_with_a_variants_rules(load: Any, tmp_path: Path) -> None:
    """remikc/runtime_js/ imported as it is, given remik51's values: the README's examples."""
    from remikc.emit.web import rule_values

    values = rule_values(validator_source(load("remik51"), Workspace()))
    script = tmp_path / "source.mjs"
    runtime = (ROOT / "remikc" / "runtime_js").as_uri()
    script.write_text(f"""
import {{ RULES }} from "{runtime}/rules.mjs";
Object.assign(RULES, {json.dumps(values, ensure_ascii=False)});
const m = await import("{runtime}/melds.mjs");
const [why] = m.checkMeld("Q♥ K♥ A♥ 2♥").reasons;
const points = m.checkOpening("6♠ 7♠ 8♠ + 10♦ 10♣ 10♥").points;
console.log(JSON.stringify([why.code, why.rule, why.message("pl"), points]));
""", encoding="utf-8")
    assert json.loads(run_node(script)) == [
        "run.wrap", "run.wrap", "to nie jest sekwens: po królu nie zaczyna się od nowa (K-A-2)", 51]
