"""No card a rulebook shows is written into the emitters or the wording catalogues: every
example is found under the variant's own rules (remikc/verify/witness.py) and judged by its
own module, so a house variant never teaches a meld its rules refuse.  The seeds' scripted
deals (remikc/emit/scenes.py) are the one exception: each is played by the variant's referee
before it is printed, and dropped where the referee refuses it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARD = re.compile(r"(?<![\w=])(?:10|[2-9AJQK])[♠♥♦♣]")
EXCEPT = {"remikc/emit/scenes.py"}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (a comment in all but name)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def literals(path: Path, root: Path = ROOT) -> list[str]:
    """The card literals in the module's strings (docstrings and comments aside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    return [f"{path.relative_to(root)}:{node.lineno}: {match}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
            for match in CARD.findall(node.value)]


def test_no_card_literal_in_the_emitters_or_the_catalogues():
    files = sorted([*(ROOT / "remikc" / "emit").glob("*.py"), *(ROOT / "remikc" / "wording").glob("*.py")])
    found = [hit for f in files if str(f.relative_to(ROOT)) not in EXCEPT for hit in literals(f)]
    assert found == []


def test_the_check_sees_a_card_in_a_string_but_not_in_a_docstring(tmp_path):
    (tmp_path / "m.py").write_text('"""7♥ in a docstring."""\nA = "np. 10♦ 10♣"\nB = "JK=8♥"\nC = "♥ kier"\n',
                                   encoding="utf-8")
    assert [hit.split(": ", 1)[1] for hit in literals(tmp_path / "m.py", tmp_path)] == ["10♦", "10♣"]
