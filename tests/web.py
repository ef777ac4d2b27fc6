"""Running the JavaScript modules from the tests: Node, and the one driver that answers a batch.

`run_batch(module, requests)` starts one Node process for a whole batch of requests (JSON
lines in, JSON lines out), never one per meld.  `python_answer(module, request)` is what the
variant's Python module answers to the same request, in the same shape, so that the two
compare with `==`.  Without Node the tests skip, saying why; with CI set they fail (.ci/run
installs Debian's `nodejs`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

NODE = shutil.which("node") or shutil.which("nodejs")

# Reads every request from standard input, answers each on a line of its own.
DRIVER = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const m = await import(pathToFileURL(process.argv[2]).href);
const LANGS = ["en", "pl", "hr"];

function verdict(v) {
  return { ok: v.ok, kind: v.kind, points: v.points,
           reasons: v.reasons.map((r) => ({ ...r.toJSON(), messages: LANGS.map((l) => r.message(l)) })) };
}

function answer(q) {
  try {
    switch (q.op) {
      case "meld": return { verdict: verdict(m.checkMeld(q.cards, { opening: q.opening, kind: q.kind })) };
      case "opening": return { verdict: verdict(m.checkOpening(q.melds)) };
      case "lay_off": return { verdict: verdict(m.checkLayOff(q.meld, q.cards, {
        opened: q.opened, firstRound: q.first_round, opensThisTurn: q.opens_this_turn, handing: q.handing,
        emptiesHand: q.empties_hand, kind: q.kind })) };
      case "hand": return { points: m.handPoints(q.cards, { opened: q.opened }) };
      default: throw new Error(`no such op ${q.op}`);
    }
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { error: error.constructor.name };
    throw error;
  }
}

const lines = readFileSync(0, "utf8").split("\n").filter((line) => line);
const out = lines.map((line) => JSON.stringify(answer(JSON.parse(line))));
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));
"""


def need_node() -> str:
    """Node's path; else a skip saying why, or a failure where CI is set (.ci/run installs it)."""
    if NODE is None:
        reason = "node is not installed (Debian: apt-get install nodejs); .ci/run installs it"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {reason}")
        pytest.skip(reason)
    return NODE


def run_node(script: Path, *args: str, stdin: str = "", cwd: Path | None = None) -> str:
    """`node script args...`: its standard output; a failure shows its standard error."""
    done = subprocess.run([need_node(), str(script), *args], input=stdin, capture_output=True, text=True,
                          timeout=600, check=False, cwd=cwd)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def run_batch(module: Path, requests: Sequence[dict[str, Any]], folder: Path) -> list[dict[str, Any]]:
    """The answers of the JavaScript `module` to `requests`, from one Node process."""
    driver = folder / "driver.mjs"
    driver.write_text(DRIVER, encoding="utf-8")
    lines = "".join(json.dumps(q, ensure_ascii=False) + "\n" for q in requests)
    out = run_node(driver, str(module), stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(requests)
    return answers


def run_batch_file(module: Path, requests: Path, answers: Path, folder: Path) -> None:
    """`run_batch` for a batch too large to hold in memory twice: the requests read from the file
    `requests` (JSON lines), the answers written to the file `answers`, one Node process."""
    driver = folder / "driver.mjs"
    driver.write_text(DRIVER, encoding="utf-8")
    with requests.open("rb") as given, answers.open("wb") as out:
        done = subprocess.run([need_node(), str(driver), str(module)], stdin=given, stdout=out,
                              stderr=subprocess.PIPE, timeout=3600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


def _verdict(v: Any) -> dict[str, Any]:
    data = v.to_dict()
    data["reasons"] = [{**r.to_dict(), "messages": [r.message(lang) for lang in ("en", "pl", "hr")]}
                       for r in v.reasons]
    return data


def python_answer(module: Any, q: dict[str, Any]) -> dict[str, Any]:
    """What the Python `module` answers to the request `q`, shaped as the driver's answer: a
    ValueError is the JavaScript module's RangeError."""
    try:
        if q["op"] == "meld":
            return {"verdict": _verdict(module.check_meld(q["cards"], opening=q["opening"], kind=q["kind"]))}
        if q["op"] == "opening":
            return {"verdict": _verdict(module.check_opening(q["melds"]))}
        if q["op"] == "lay_off":
            return {"verdict": _verdict(module.check_lay_off(
                q["meld"], q["cards"], opened=q["opened"], first_round=q["first_round"],
                opens_this_turn=q["opens_this_turn"], handing=q["handing"],
                empties_hand=q["empties_hand"], kind=q["kind"]))}
        if q["op"] == "hand":
            return {"points": module.hand_value(q["cards"], opened=q["opened"])}
    except ValueError:
        return {"error": "RangeError"}
    except TypeError:
        return {"error": "TypeError"}
    raise AssertionError(q)
