"""`remikc lsp`, started as a subprocess and driven through pygls's LanguageClient on real specs.

Each test starts its own server (`python -m remikc lsp`), opens documents, asks, and checks
the answers against what the specs say (positions worked out from the files shown in the
test) and, for diagnostics, against `remikc check --format json`.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import shutil
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

from lsprotocol import types as lsp
from pygls import uris
from pygls.lsp.client import LanguageClient

from remikc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "specs"

# three syntax mistakes, one per line: a colon (line 5), an `=` (line 8), a decimal (line 11)
THREE_MISTAKES = """variant trzy extends "remik_podstawowy" {
  name pl "Trzy"
  name hr "Tri"
  deal {
    override hand: 8
  }
  turn {
    override discard = 1
  }
  scoring {
    override went_out 4.5
  }
}
"""

# three misspellings, each with a "did you mean"
MISSPELT = """variant literowki extends "remik_podstawowy" {
  name pl "Literówki"
  name hr "Tipfeleri"
  deal {
    override hnad 8
    override first_player left_of_deler
  }
  scorign {
    override went_out 0
  }
}
"""


class Session:
    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.published: dict[str, list[lsp.PublishDiagnosticsParams]] = {}

    def open(self, path: Path, text: str | None = None) -> str:
        uri = uris.from_fs_path(str(path))
        assert uri is not None
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
            uri=uri, language_id="rules", version=1,
            text=path.read_text(encoding="utf-8") if text is None else text)))
        return uri

    async def diagnostics(self, uri: str, count: int = 1, timeout: float = 60.0,
                          until: Callable[[list[lsp.Diagnostic]], bool] | None = None
                          ) -> list[lsp.Diagnostic]:
        """The diagnostics of the `count`-th publication for `uri` (waiting for it), or of the
        first one `until` accepts."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.published.get(uri, [])
            if until is not None:
                for params in got:
                    if until(params.diagnostics):
                        return params.diagnostics
            elif len(got) >= count:
                return got[count - 1].diagnostics
            await asyncio.sleep(0.05)
        raise AssertionError(f"no diagnostics for {uri} within {timeout} s: {got}")


def run(scenario: Callable[[Session], Awaitable[None]]) -> None:
    async def go() -> None:
        client = LanguageClient("remikc-tests", "1")
        session = Session(client)

        @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: lsp.PublishDiagnosticsParams) -> None:
            session.published.setdefault(params.uri, []).append(params)

        await client.start_io(sys.executable, "-m", "remikc", "lsp")
        try:
            await client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities()))
            client.initialized(lsp.InitializedParams())
            await asyncio.wait_for(scenario(session), 120)
            await client.shutdown_async(None)
            client.exit(None)
        except BaseException:
            server = client._server  # a failed test: the server is stopped, not waited for
            if server is not None and server.returncode is None:
                server.kill()
            raise
        finally:
            await client.stop()

    asyncio.run(go())


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The two real specs of basic Rummy, copied where a test may add files beside them."""
    for name in ("remik_podstawowy.rules", "remik_podstawowy_as.rules"):
        shutil.copy(SPECS / name, tmp_path / name)
    return tmp_path


def _check_json(path: Path) -> list[dict[str, Any]]:
    out = io.StringIO()
    main(["check", "--no-verify", "--format", "json", str(path)], out, io.StringIO())
    return json.loads(out.getvalue())["files"][0]["diagnostics"]


def _as_lsp(span: dict[str, int]) -> lsp.Range:
    return lsp.Range(start=lsp.Position(line=span["line"] - 1, character=span["column"] - 1),
                     end=lsp.Position(line=span["end_line"] - 1, character=span["end_column"] - 1))


def test_three_mistakes_give_three_diagnostics_as_check_does(folder):
    path = folder / "trzy.rules"
    path.write_text(THREE_MISTAKES, encoding="utf-8")
    cli = _check_json(path)
    # worked out from the text: `:` at 5:18, `=` at 8:22, the `.` of 4.5 at 11:24
    assert [(d["code"], d["span"]["line"], d["span"]["column"]) for d in cli] == [
        ("E001", 5, 18), ("E002", 8, 22), ("E002", 11, 24)]

    async def scenario(s: Session) -> None:
        uri = s.open(path)
        got = await s.diagnostics(uri)
        assert [(d.code, d.range) for d in got] == [(d["code"], _as_lsp(d["span"])) for d in cli]
        assert all(d.severity == lsp.DiagnosticSeverity.Error and d.source == "remikc" for d in got)
        assert "hint: settings take no colon" in got[0].message

    run(scenario)


def test_changes_are_read_again_and_fixed_mistakes_go(folder):
    path = folder / "trzy.rules"
    path.write_text(THREE_MISTAKES, encoding="utf-8")

    async def scenario(s: Session) -> None:
        uri = s.open(path)
        assert len(await s.diagnostics(uri)) == 3
        fixed = THREE_MISTAKES.replace("hand: 8", "hand 8").replace("= 1", "1")
        s.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=fixed)]))
        got = await s.diagnostics(uri, count=2)
        # `discard 1` is remik_podstawowy's own value: the fix leaves that warning (W005)
        assert [(d.code, d.range.start.line) for d in got] == [("W005", 7), ("E002", 10)]

    run(scenario)


def test_hover_gives_the_numbers_a_rule_takes(folder):
    """A rule that takes numbers lists their range in hover, from the bounds its reader checks:
    `jokers.per_meld` read "Values: `any`." only."""
    from remikc.lsp import analysis
    from remikc.spec import vocabulary
    from remikc.spec.schema import all_keys

    # a family's house rule over Remik 51: two jokers in a meld
    shutil.copy(SPECS / "remik51.rules", folder / "remik51.rules")
    house = folder / "dom.rules"
    house.write_text('variant dom extends "remik51" {\n  name pl "Nasz remik"\n'
                     '  name hr "Naš remi"\n  jokers {\n    override per_meld 2\n  }\n'
                     '  turn {\n    override draws 2 until meld\n  }\n}\n', encoding="utf-8")
    text = analysis.hover(str(house), {}, 4, 14)  # `per_meld`, line 5
    assert text is not None and text.startswith("**jokers.per_meld** (required)")
    assert "Values: a number from 0 to 60, or `any` for no limit." in text
    assert "Resolved value: `2`, from `dom` (dom.rules:5)" in text
    draws = analysis.hover(str(house), {}, 7, 14)  # `draws`, line 8
    assert draws is not None and "Values: a number from 1 to 5, or `N until meld` " in draws
    # the bounds are the reader's: one past them is refused, saying the same numbers
    house.write_text(house.read_text(encoding="utf-8").replace("per_meld 2", "per_meld 61"), encoding="utf-8")
    (refused,) = _check_json(house)
    assert refused["message"] == "61 is out of range: expected a number from 0 to 60, or `any`"
    # every rule's hover says what it takes: numbers, or words
    assert [k.id for k in all_keys() if not (vocabulary.numbers_of(k) or vocabulary.values_of(k))] == []


def test_hover_tells_the_meaning_the_value_and_where_it_comes_from(folder):
    async def scenario(s: Session) -> None:
        uri = s.open(folder / "remik_podstawowy_as.rules")
        # line 12 is `    override ace low or high`; `ace` starts at column 14
        hover = await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=11, character=14)))
        assert hover is not None
        text = hover.contents.value
        assert text.startswith("**run.ace** (required)")
        assert "Values: `low`, `high`, `low or high`." in text
        assert ("Resolved value: `low or high`, from `remik_podstawowy_as` "
                "(remik_podstawowy_as.rules:12)") in text
        # the parent writes `ace low` on its line 50
        assert ("Extends chain: `remik_podstawowy` → `remik_podstawowy_as`. Written in "
                "`remik_podstawowy_as` (remik_podstawowy_as.rules:12), `remik_podstawowy` "
                "(remik_podstawowy.rules:50).") in text
        # a comment is nothing to hover on
        assert await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=0, character=5))) is None

    run(scenario)


def test_go_to_definition_leads_from_an_override_to_the_parents_line(folder):
    async def scenario(s: Session) -> None:
        uri = s.open(folder / "remik_podstawowy_as.rules")
        for column in (6, 14):  # on `override`, and on `ace`
            found = await s.client.text_document_definition_async(lsp.DefinitionParams(
                text_document=lsp.TextDocumentIdentifier(uri=uri),
                position=lsp.Position(line=11, character=column)))
            assert isinstance(found, lsp.Location)
            assert found.uri == uris.from_fs_path(str(folder / "remik_podstawowy.rules"))
            # `    ace low` is line 50 of remik_podstawowy.rules; the rule starts at column 5
            assert (found.range.start.line, found.range.start.character) == (49, 4)
        # `extends "remik_podstawowy"` leads to the parent's `variant` line (line 4, column 9)
        found = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri), position=lsp.Position(line=3, character=40)))
        assert isinstance(found, lsp.Location)
        assert (found.range.start.line, found.range.start.character) == (3, 8)

    run(scenario)


def test_hover_shows_the_seed_sentences_a_rule_quotes(folder):
    """The `source` lines of a rule, in the hover of its name, after its value."""
    from remikc.lsp import analysis

    path = folder / "remik_podstawowy.rules"
    lines = path.read_text(encoding="utf-8").split("\n")
    row = lines.index("    ace low")
    text = analysis.hover(str(path), {}, row, 5)
    assert text is not None and text.startswith("**run.ace**")
    # 002: "Król jest wysoki, a as niski"; "... as jest zawsze niską kartą."
    assert "Source: “Król jest wysoki, a as niski”" in text
    assert ("Source: “Podczas tworzenia sekwencji w podstawowym remiku as jest zawsze niską "
            "kartą.”") in text
    assert text.index("Resolved value") < text.index("Source:")


def _completion_labels(result: Any) -> list[str]:
    items = result.items if isinstance(result, lsp.CompletionList) else result
    return [item.label for item in items]


def test_completion_offers_what_fits_where_the_cursor_is(folder):
    text = (folder / "remik_podstawowy_as.rules").read_text(encoding="utf-8").split("\n")
    text.insert(15, "    ")  # an empty line in `run`, after `ace_to_ace forbidden` (line 16)
    text.insert(16, "    wrap ")  # a rule's name written, its value to come
    text.insert(7, "  ")  # an empty line at the top of the variant (line 8)
    edited = "\n".join(text)
    path = folder / "remik_podstawowy_as.rules"

    async def ask(s: Session, uri: str, line: int, column: int) -> list[str]:
        return _completion_labels(await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            position=lsp.Position(line=line, character=column))))

    async def scenario(s: Session) -> None:
        uri = s.open(path, edited)
        # in `run`: its rules, in the schema's order
        assert await ask(s, uri, 16, 4) == ["size", "suit", "ace", "wrap", "ace_to_ace"]
        # after `wrap`: its values
        assert await ask(s, uri, 17, 9) == ["allowed", "forbidden"]
        # at the top of the variant: sections and top-level rules, `players` first
        top = await ask(s, uri, 7, 2)
        assert top[:4] == ["players", "deck", "deal", "values"] and "scoring" in top and "remove" in top
        # after `extends "`: the variants beside the file and those shipped, not itself
        ids = await ask(s, uri, 3, len('variant remik_podstawowy_as extends "'))
        assert "remik_podstawowy" in ids and "remik51" in ids and "remik_podstawowy_as" not in ids

    run(scenario)


def test_the_outline_shows_the_sections_and_their_rules(folder):
    async def scenario(s: Session) -> None:
        uri = s.open(folder / "remik_podstawowy_as.rules")
        symbols = await s.client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri)))
        assert [x.name for x in symbols] == ["remik_podstawowy_as"]
        variant = symbols[0]
        assert (variant.range.start.line, variant.range.end.line) == (3, 33)
        assert [(c.name, c.kind) for c in variant.children] == [
            ("name", lsp.SymbolKind.Property), ("name", lsp.SymbolKind.Property),
            ("run", lsp.SymbolKind.Namespace), ("values", lsp.SymbolKind.Namespace),
            ("examples", lsp.SymbolKind.Namespace)]
        assert variant.children[0].detail == 'pl "Remik podstawowy: as wysoki lub niski"'
        run_section = variant.children[2]
        assert [(c.name, c.detail) for c in run_section.children] == [
            ("ace", "low or high"), ("ace_to_ace", "forbidden")]
        assert run_section.selection_range.start == lsp.Position(line=10, character=2)

    run(scenario)


def test_a_document_never_opened_is_read_as_a_spec_is_read(folder):
    """An editor may ask about a file it never opened: hover used to fail inside the server
    (a KeyError in lsp/analysis.py); the file is read as `remikc check` reads a spec."""
    never_opened = uris.from_fs_path(str(folder / "remik_podstawowy_as.rules"))

    async def scenario(s: Session) -> None:
        hover = await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=never_opened),
            position=lsp.Position(line=11, character=14)))
        assert hover is not None and hover.contents.value.startswith("**run.ace** (required)")
        definition = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=lsp.TextDocumentIdentifier(uri=never_opened),
            position=lsp.Position(line=11, character=14)))
        assert definition is not None and definition.range.start.line == 49  # the parent's `ace low`
        symbols = await s.client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
            text_document=lsp.TextDocumentIdentifier(uri=never_opened)))
        assert [x.name for x in symbols] == ["remik_podstawowy_as"]

    run(scenario)
    from remikc.lsp import analysis

    assert analysis.hover(str(folder / "remik_podstawowy_as.rules"), {}, 11, 14) is not None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_no_request_on_a_named_pipe_or_a_device_freezes_the_server(folder):
    """The outline of a named pipe's URI used to read the pipe for ever: the server froze.  A
    pipe, a device or a folder gives nothing, at once, and the server goes on answering."""
    os.mkfifo(folder / "pipe.rules")
    uris_of = [uris.from_fs_path(str(folder / "pipe.rules")), uris.from_fs_path("/dev/zero"),
               uris.from_fs_path(str(folder))]

    async def scenario(s: Session) -> None:
        for uri in uris_of:
            at = lsp.TextDocumentIdentifier(uri=uri)
            here = {"text_document": at, "position": lsp.Position(line=0, character=3)}
            answers = await asyncio.wait_for(asyncio.gather(
                s.client.text_document_document_symbol_async(lsp.DocumentSymbolParams(text_document=at)),
                s.client.text_document_hover_async(lsp.HoverParams(**here)),
                s.client.text_document_definition_async(lsp.DefinitionParams(**here)),
                s.client.text_document_completion_async(lsp.CompletionParams(**here)),
                s.client.text_document_formatting_async(lsp.DocumentFormattingParams(
                    text_document=at, options=lsp.FormattingOptions(tab_size=2, insert_spaces=True)))), 20)
            assert answers[:3] == [[], None, None] and not answers[3].items and answers[4] is None
        uri = s.open(folder / "remik_podstawowy_as.rules")  # and the server still answers
        assert list(await s.diagnostics(uri)) == []

    run(scenario)
    from remikc.lsp import analysis

    assert analysis.hover(str(folder / "pipe.rules"), {}, 0, 3) is None
    assert analysis.definition(str(folder / "pipe.rules"), {}, 0, 3) is None


def test_quick_fixes_apply_the_did_you_mean_hints(folder):
    path = folder / "literowki.rules"
    path.write_text(MISSPELT, encoding="utf-8")

    async def scenario(s: Session) -> None:
        uri = s.open(path)
        found = await s.diagnostics(uri)
        assert [d.code for d in found] == ["E011", "E012", "E010"]
        actions = await s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            range=lsp.Range(start=lsp.Position(line=0, character=0), end=lsp.Position(line=12, character=0)),
            context=lsp.CodeActionContext(diagnostics=found)))
        edits = [(a.title, a.edit.changes[uri][0]) for a in actions]
        # `hnad` at 5:14-18, `left_of_deler` at 6:27-40, `scorign` at 8:3-10
        assert [(title, e.new_text, e.range.start.line, e.range.start.character, e.range.end.character)
                for title, e in edits] == [
            ("Change to `hand`", "hand", 4, 13, 17),
            ("Change to `left_of_dealer`", "left_of_dealer", 5, 26, 39),
            ("Change to `scoring`", "scoring", 7, 2, 9)]

    run(scenario)


def test_formatting_gives_the_layout_of_remikc_fmt(folder):
    path = folder / "remik_podstawowy_as.rules"
    canonical = (SPECS / "remik_podstawowy_as.rules").read_text(encoding="utf-8")
    messy = "\n".join(line.strip() for line in canonical.split("\n"))

    async def scenario(s: Session) -> None:
        uri = s.open(path, messy)
        edits = await s.client.text_document_formatting_async(lsp.DocumentFormattingParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri),
            options=lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
        assert len(edits) == 1 and edits[0].new_text == canonical
        assert edits[0].range.start == lsp.Position(line=0, character=0)
        assert edits[0].range.end == lsp.Position(line=len(messy.split("\n")) - 1, character=0)

    run(scenario)


def test_saving_runs_the_verifier_and_shows_a_violated_check_with_its_witness(folder):
    path = folder / "maly.rules"
    path.write_text('variant maly extends "remik_podstawowy" {\n  name pl "Mały"\n  name hr "Mali"\n'
                    '  check "melds are small": forall meld m: cards(m) <= 3\n}\n', encoding="utf-8")

    async def scenario(s: Session) -> None:
        uri = s.open(path)
        assert not await s.diagnostics(uri)
        s.client.text_document_did_save(lsp.DidSaveTextDocumentParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri)))
        found = await s.diagnostics(uri, until=lambda ds: bool(ds), timeout=100)
        # remik_podstawowy has sets of four (`size 3..4`): the check fails on one
        assert [(d.code, d.range.start.line, d.severity) for d in found] == [
            ("property.1", 3, lsp.DiagnosticSeverity.Error)]
        assert "violated" in found[0].message and "counterexample: m = set" in found[0].message

    run(scenario)


def test_a_change_stops_the_verifier_and_its_answer_never_comes(folder):
    path = folder / "maly.rules"
    text = ('variant maly extends "remik_podstawowy" {\n  name pl "Mały"\n  name hr "Mali"\n'
            '  check "melds are small": forall meld m: cards(m) <= 3\n}\n')
    path.write_text(text, encoding="utf-8")

    async def scenario(s: Session) -> None:
        uri = s.open(path)
        await s.diagnostics(uri)
        s.client.text_document_did_save(lsp.DidSaveTextDocumentParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri)))
        s.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text + "\n")]))
        await s.diagnostics(uri, count=2)
        await asyncio.sleep(8)  # longer than a verification of this spec takes here
        assert all(not params.diagnostics for params in s.published[uri])

    run(scenario)


def test_without_pygls_the_command_says_how_to_install_it(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "pygls" else real(name, *a))
    err = io.StringIO()
    assert main(["lsp"], io.StringIO(), err) == 2
    assert "pip install 'remikc[lsp]'" in err.getvalue()


# --- the analysis behind the server, without a server -------------------------------------

def test_a_remove_line_leads_to_what_the_parent_gives(folder):
    from remikc.lsp import analysis

    path = folder / "bez_grup.rules"
    text = ('variant bez_grup extends "remik_podstawowy" {\n  name pl "B"\n  name hr "B"\n'
            "  remove set\n}\n")
    documents = {str(path): text}
    span = analysis.definition(str(path), documents, 3, 10)
    # remik_podstawowy opens `set {` on its line 36, the name at column 3
    assert span is not None
    assert (Path(span.file).name, span.line, span.column) == ("remik_podstawowy.rules", 36, 3)


def test_completion_after_when_offers_the_facts_a_condition_tests():
    from remikc.lsp import analysis

    text = "variant v {\n  joker_swap {\n    allowed when opened and \n  }\n}\n"
    labels = [c.label for c in analysis.completions("v.rules", text, 2, len("    allowed when opened and "))]
    assert labels == ["first_round", "opened", "opens_this_turn", "handing"]
    # half a line written, no `}` yet: the section is still known
    assert [c.label for c in analysis.completions("v.rules", "variant v {\n  deck {\n    ", 2, 4)] == [
        "standard", "jokers"]


def test_completion_in_the_special_sections_offers_ranks_and_kinds_of_example():
    from remikc import ir
    from remikc.lsp import analysis

    values = [c.label for c in analysis.completions("v.rules", "variant v {\n  values {\n    ", 2, 4)]
    assert values == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "joker"]
    examples = [c.label for c in analysis.completions("v.rules", "variant v {\n  examples {\n    ", 2, 4)]
    assert "lay_off" in examples and "invalid" in examples and len(examples) == len(ir.ExampleKind)


def test_the_rules_a_removal_rests_on_are_completed_and_hovered_by_their_dotted_ids():
    from remikc.lsp import analysis

    line = '  remove check "incentives.opening" because "never opening costs 100" on scoring.not_'
    text = f'variant v extends "remik51" {{\n{line}\n}}\n'
    where = analysis.context(text, 1, len(line))
    assert (where.word, where.word_start) == ("scoring.not_", len(line) - len("scoring.not_"))
    labels = [c.label for c in analysis.completions("v.rules", text, 1, len(line))]
    assert "scoring.not_opened" in labels and "opening.min_points" in labels and "values.joker" in labels
    # a rule named already is not offered again; before `on`, nothing is a rule to name
    named = line.removesuffix("scoring.not_") + "scoring.not_opened "
    labels = [c.label for c in analysis.completions("v.rules", text.replace(line, named), 1, len(named))]
    assert "scoring.not_opened" not in labels and "scoring.joker_in_hand" in labels
    before_on = line.removesuffix(" on scoring.not_") + " "
    assert analysis.completions("v.rules", text.replace(line, before_on), 1, len(before_on)) == []
    # the hover names the whole dotted id under the cursor, not the word between its dots
    found = analysis.named(text.replace(line, named), 1, len(named) - 4)
    assert found is not None and found.id == "scoring.not_opened"
    assert analysis.named(text.replace(line, named), 1, line.index("because") + 2) is None
