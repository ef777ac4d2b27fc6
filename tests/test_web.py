"""The web target as text: what validator.mjs, validator.d.ts and the rulebook page hold.

Unit tests read the JavaScript runtime and the generated files without running them (no Node
here: tests/test_web_conformance.py runs both modules); the integration tests build with
`--target js` and run docs/web.md's example in Node.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import re
from pathlib import Path

import pytest

from remikc.emit.names import declared
from remikc.emit.source import web_sources
from remikc.emit.web import API, PAGE, Box, box, json_literal, page_script, rule_values, sections
from remikc.wording import language

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "remikc" / "runtime_js"
SEEDS = sorted(p.stem for p in (ROOT / "specs").glob("*.rules"))


def _read_by_runtime() -> set[str]:
    names: set[str] = set()
    for path in RUNTIME.glob("*.mjs"):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\bR(?:ULES)?\.([A-Z_][A-Z0-9_]*)\b", text))
    return names


def _defaults() -> dict[str, str]:
    """rules.mjs's names and each default's text."""
    text = (RUNTIME / "rules.mjs").read_text(encoding="utf-8")
    return dict(re.findall(r"^  ([A-Z_][A-Z0-9_]*): (.*),$", text, re.M))


def test_every_rule_the_runtime_reads_has_a_default_and_a_value(load, workspace) -> None:
    from remikc.build import validator_source

    read = _read_by_runtime()
    assert {"RUN_VALUE", "_WHY_WRAP", "_MAY_LAY_OFF", "_REASONS"} <= read
    assert read <= set(_defaults()), sorted(read - set(_defaults()))
    values = rule_values(validator_source(load("remik51"), workspace))
    assert read <= set(values)
    assert set(values) == {name for name, _, _ in declared()} | {"_MAY_LAY_OFF"}


def test_the_javascript_defaults_are_the_python_runtimes() -> None:
    """rules.mjs's defaults, where remikc/runtime/rules.py declares the name, are its defaults."""
    python = {name: ast.literal_eval(node) for name, node, _ in declared() if node is not None
              and not isinstance(node, ast.BinOp)}
    for name, text in _defaults().items():
        if name in python and not text.startswith("new Array"):
            assert json.loads(text) == json.loads(json.dumps(python[name])), name


def test_the_sections_keep_their_files_line_numbers() -> None:
    for section in sections(PAGE):
        source = (ROOT / section.path).read_text(encoding="utf-8")
        assert section.source.count("\n") == source.rstrip("\n").count("\n") + 1, section.path
        assert "\nexport " not in section.source and "\nimport " not in section.source


@pytest.mark.parametrize("variant_id", SEEDS)
def test_the_module_exports_the_api_and_the_types_declare_it(variant_id: str) -> None:
    mjs = (ROOT / "generated" / variant_id / "validator.mjs").read_text(encoding="utf-8")
    dts = (ROOT / "generated" / variant_id / "validator.d.ts").read_text(encoding="utf-8")
    exported = re.search(r"^export \{\n(.*?)\n\};$", mjs, re.S | re.M)
    assert exported and [n.strip(" ,") for n in exported.group(1).split("\n")] == list(API)
    for name in API:
        assert re.search(rf"^export declare (const|class|function) {name}\b", dts, re.M), name
    assert f"export declare const VARIANT_ID: {json.dumps(variant_id)};" in dts
    assert f"// Spec: specs/{variant_id}.rules" in mjs and "do not edit, run `remikc build`" in mjs
    assert "// Spec: specs/" in dts


def test_the_rules_in_the_module_are_the_python_modules(seed_modules) -> None:
    """The JSON of validator.mjs holds validator.py's values, name by name."""
    module = seed_modules("karuzela")
    mjs = (ROOT / "generated" / "karuzela" / "validator.mjs").read_text(encoding="utf-8")
    found = re.search(r"^const RULES = Object\.freeze\((\{.*?\n\})\);$", mjs, re.S | re.M)
    assert found
    rules = json.loads(found.group(1))
    for name, _, _ in declared():
        assert rules[name] == json.loads(json.dumps(getattr(module, name))), name
    assert rules["_MAY_LAY_OFF"] == [module._may_lay_off(bool(i & 8), bool(i & 4), bool(i & 2), bool(i & 1))
                                     for i in range(16)]


def test_spec_text_reaches_javascript_only_as_escaped_json() -> None:
    hostile = 'x</script><script>alert(1)</script>\u2028"\\ & <!--'
    text = json_literal({"name": hostile})
    assert json.loads(text) == {"name": hostile}
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}


def _hostile_box(source: str) -> Box:
    words = language("pl").with_wording({"check.title": "</script><script>alert(1)</script>",
                                         "kind.run": "</script><img src=x onerror=alert(1)>"})
    return box(source, words)


def test_a_hostile_wording_is_text_in_the_page(load, workspace) -> None:
    from remikc.build import validator_source
    from remikc.emit.book_layout import to_html
    from remikc.emit.rulebook import rulebook

    v = load("remik_podstawowy")
    page = to_html(rulebook(v, language("pl")), ["specs/remik_podstawowy.rules"],
                   _hostile_box(validator_source(v, workspace)))
    assert "<script>alert" not in page and "<img" not in page
    assert page.count("<script") == 2  # the JSON block and the one script
    data = re.search(r'<script type="application/json" id="remikc-data">(.*?)</script>', page, re.S)
    assert data and json.loads(data.group(1))["words"]["kinds"]["run"].startswith("</script>")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


@pytest.mark.parametrize("page", sorted((ROOT / "generated").glob("*/rulebook.*.html")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_page_allows_its_one_script_and_style_by_hash(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
    assert policy and text.index(policy.group(0)) < text.index("<style>")
    allowed = policy.group(1).replace("&#39;", "'")
    scripts = re.findall(r"<script>(.*?)</script>", text, re.S)
    styles = re.findall(r"<style>(.*?)</style>", text, re.S)
    assert scripts == [page_script()] and len(styles) == 1
    assert f"script-src '{_sha256(scripts[0])}'" in allowed and f"style-src '{_sha256(styles[0])}'" in allowed
    assert "default-src 'none'" in allowed and "unsafe" not in allowed
    # accessible: a label for the field, the verdict announced
    assert '<label for="meld-check-cards">' in text and 'aria-live="polite"' in text
    assert ' src="' not in text and " href=\"http" not in text  # one self-contained file


@pytest.mark.parametrize("variant_id", sorted(p.stem for p in (ROOT / "specs").glob("*.rules")))
def test_the_hint_types_a_meld_the_variant_accepts(variant_id: str, seed_modules) -> None:
    """No card is written into the catalogues (tests/test_no_card_literals.py): the box's hint
    shows a meld the build found under the variant's own rules, as typed and in letters."""
    for code in ("pl", "hr"):
        page = (ROOT / "generated" / variant_id / f"rulebook.{code}.html").read_text(encoding="utf-8")
        hint = re.search(r'id="meld-check-hint">(.*?)</p>', page, re.S)
        assert hint is not None
        text = re.sub(r"<[^>]+>", "", hint.group(1))
        example = re.search(r"(?:np\.|npr\.) (.+?) (?:albo|ili) ([^;]+);", text)
        assert example is not None, text
        m = seed_modules(variant_id)
        assert m.check_meld(example.group(1)).ok and m.check_meld(example.group(2)).ok, text


def test_the_page_script_is_a_classic_script_that_reads_its_data() -> None:
    """No module import (file:// refuses those); the rules from the JSON block.  It is made from
    no spec (`page_script` takes none), and every page holds the same text (above)."""
    script = page_script()
    assert not re.search(r"^\s*(import|export)\b", script, re.M)
    assert 'JSON.parse(document.getElementById("remikc-data").textContent)' in script


def test_web_sources_name_their_spec(load, workspace) -> None:
    from remikc.build import validator_source

    v = load("remik51_domowy")
    files = web_sources(v, workspace, validator_source(v, workspace))
    assert sorted(files) == ["validator.d.ts", "validator.mjs"]
    assert "// Spec: specs/remik51_domowy.rules <- specs/remik51.rules" in files["validator.mjs"]
    assert files["validator.mjs"].count("// Spec sha256: ") == 2


# --- integration: a build of one target, and docs/web.md's example in Node ------------------------

def test_build_target_js_writes_the_module_and_its_types_alone(tmp_path: Path) -> None:
    from remikc.cli import main

    spec = str(ROOT / "specs" / "remik51.rules")
    assert main(["build", "-q", "--target", "js", "--out", str(tmp_path), spec]) == 0
    assert sorted(p.name for p in (tmp_path / "remik51").iterdir()) == ["validator.d.ts", "validator.mjs"]
    for name in ("validator.mjs", "validator.d.ts"):
        built = (tmp_path / "remik51" / name).read_bytes()
        assert built == (ROOT / "generated" / "remik51" / name).read_bytes()
    assert main(["build", "-q", "--check", "--target", "js", "--out", str(tmp_path), spec]) == 0


def test_the_docs_example_runs(tmp_path: Path) -> None:
    """docs/web.md's example, run by Node against generated/remik51/validator.mjs: it prints
    what the page says it prints."""
    from web import run_node

    doc = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    example = re.search(r"<!-- example -->\n```js\n(.*?)```\n", doc, re.S)
    printed = re.search(r"<!-- prints -->\n```\n(.*?)```\n", doc, re.S)
    assert example and printed
    folder = tmp_path / "app"
    folder.mkdir()
    (folder / "validator.mjs").write_bytes((ROOT / "generated" / "remik51" / "validator.mjs").read_bytes())
    (folder / "app.mjs").write_text(example.group(1), encoding="utf-8")
    assert run_node(folder / "app.mjs", cwd=folder) == printed.group(1)
