"""The language server: remikc/lsp/analysis.py's answers as LSP messages, over pygls 2.

- diagnostics on open and on every change: all of `remikc check --no-verify`'s, with their
  codes, spans, hints (in the message) and notes (as related information);
- on save, the verifier in the background (`remikc check --format json`, a process of its
  own, started ahead of the save: `spare.py`): its violated and undecided checks, with their
  witnesses, at the spec lines they name.
  A change while it runs stops it: its answer would be about a text that is gone;
- hover, completion, the outline, go to definition, a quick fix for each "did you mean"
  hint, and formatting through `remikc fmt`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls import uris
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition, ServerTextRange

from .. import __version__
from ..diagnostics import Diagnostic, Severity, Span, SpecError
from ..fmt import format_text
from ..spec.workspace import oversized
from . import analysis

SOURCE = "remikc"


class RulesServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("remikc", __version__)
        self.verifying: dict[str, asyncio.Task[None]] = {}  # by uri: the verifier run on save
        self.checked: dict[str, list[lsp.Diagnostic]] = {}  # by uri: what the last reading said
        self.spare: asyncio.Task[asyncio.subprocess.Process] | None = None  # see `_ready`

    def documents(self) -> dict[str, str]:
        """The open spec documents, by file path, as the editor has them (saved or not)."""
        out = {}
        for uri, document in self.workspace.text_documents.items():
            path = uris.to_fs_path(uri)
            if path is not None:
                out[path] = document.source
        return out


def build() -> RulesServer:
    server = RulesServer()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RulesServer, params: lsp.DidOpenTextDocumentParams) -> None:
        _check(ls, params.text_document.uri)
        _ready(ls)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RulesServer, params: lsp.DidChangeTextDocumentParams) -> None:
        _stop_verifying(ls, params.text_document.uri)
        _check(ls, params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RulesServer, params: lsp.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        _stop_verifying(ls, uri)
        # a spec with errors has nothing to verify: its diagnostics say so already
        if not any(d.severity == lsp.DiagnosticSeverity.Error for d in ls.checked.get(uri, [])):
            ls.verifying[uri] = asyncio.get_running_loop().create_task(_verify(ls, uri))

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RulesServer, params: lsp.DidCloseTextDocumentParams) -> None:
        _stop_verifying(ls, params.text_document.uri)
        ls.checked.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))

    @server.feature(lsp.SHUTDOWN)
    def shutdown(ls: RulesServer, params: None) -> None:
        _retire(ls)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: RulesServer, params: lsp.HoverParams) -> lsp.Hover | None:
        found = _at(ls, params.text_document.uri, params.position)
        if found is None:
            return None
        document, path, at = found
        text = analysis.hover(path, {**ls.documents(), path: document.source}, at.line, at.character)
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=[" ", '"']))
    def completion(ls: RulesServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        where = _at(ls, params.text_document.uri, params.position)
        if where is None:
            return lsp.CompletionList(is_incomplete=False, items=[])
        document, path, at = where
        found = analysis.completions(path, document.source, at.line, at.character)
        return lsp.CompletionList(is_incomplete=False, items=[
            lsp.CompletionItem(label=c.label, kind=_KINDS[c.kind], detail=c.detail or None,
                               insert_text=c.insert) for c in found])

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def outline(ls: RulesServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        document = _document(ls, params.text_document.uri)
        if document is None:
            return []
        path = _path(params.text_document.uri)
        return [_symbol(document, s) for s in analysis.outline(path, document.source)]

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RulesServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        found = _at(ls, params.text_document.uri, params.position)
        if found is None:
            return None
        document, path, at = found
        span = analysis.definition(path, {**ls.documents(), path: document.source}, at.line, at.character)
        if span is None:
            return None
        file = analysis.file_of(span.file)
        return lsp.Location(uri=uris.from_fs_path(file) or file, range=_plain_range(span))

    @server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                    lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
    def quick_fixes(ls: RulesServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
        actions = []
        for diagnostic in params.context.diagnostics:
            data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
            word = analysis.suggestion(data.get("hint"))
            if word is None:
                continue
            edit = lsp.TextEdit(range=diagnostic.range, new_text=word)
            actions.append(lsp.CodeAction(
                title=f"Change to `{word}`", kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[diagnostic], is_preferred=True,
                edit=lsp.WorkspaceEdit(changes={params.text_document.uri: [edit]})))
        return actions

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: RulesServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
        document = _document(ls, params.text_document.uri)
        if document is None or oversized(document.source):
            return None
        try:
            laid_out = format_text(document.source, _path(params.text_document.uri))
        except SpecError:
            return None  # the diagnostics already show why: the file is left as it is
        if laid_out == document.source:
            return []
        lines = document.lines
        end = document.position_to_client_units(
            ServerTextPosition(len(lines), 0) if document.source.endswith("\n") or not lines
            else ServerTextPosition(len(lines) - 1, len(lines[-1])))
        whole = lsp.Range(start=lsp.Position(line=0, character=0), end=end)
        return [lsp.TextEdit(range=whole, new_text=laid_out)]

    return server


_KINDS = {"section": lsp.CompletionItemKind.Module, "rule": lsp.CompletionItemKind.Property,
          "value": lsp.CompletionItemKind.EnumMember, "variant": lsp.CompletionItemKind.Reference,
          "keyword": lsp.CompletionItemKind.Keyword}
_SYMBOLS = {"variant": lsp.SymbolKind.Class, "section": lsp.SymbolKind.Namespace,
            "rule": lsp.SymbolKind.Property, "check": lsp.SymbolKind.Boolean}


def _path(uri: str) -> str:
    return uris.to_fs_path(uri) or uri


def _document(ls: RulesServer, uri: str) -> TextDocument | None:
    """The document at `uri`: as the editor holds it when open; else the file, read as remikc
    reads a spec (`analysis.text_of`), never by pygls, which would read whatever the name is (a
    named pipe: the server would wait forever); None when there is no such spec."""
    documents: dict[str, TextDocument] = ls.workspace.text_documents
    opened = documents.get(uri) or documents.get(unquote(uri))
    if opened is not None:
        return opened
    text = analysis.text_of(_path(uri), {})
    if text is None:
        return None
    return TextDocument(uri, source=text, position_codec=ls.workspace.position_codec)


def _at(ls: RulesServer, uri: str, position: lsp.Position
        ) -> tuple[TextDocument, str, ServerTextPosition] | None:
    document = _document(ls, uri)
    if document is None:
        return None
    return document, _path(uri), document.position_from_client_units(position)


# --- diagnostics ------------------------------------------------------------------------------

def _check(ls: RulesServer, uri: str) -> None:
    """Read the document and publish every diagnostic about it."""
    document = ls.workspace.get_text_document(uri)
    path = _path(uri)
    found = [_diagnostic(document, path, d) for d in analysis.diagnostics(path, ls.documents())]
    ls.checked[uri] = found
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=document.version))


def _diagnostic(document: TextDocument, path: str, d: Diagnostic) -> lsp.Diagnostic:
    here = d.span is not None and os.path.normpath(d.span.file) == os.path.normpath(path)
    message = d.message if here or d.span is None else f"{d.span}: {d.message}"
    if d.hint:
        message += f"\nhint: {d.hint}"
    related = [lsp.DiagnosticRelatedInformation(
        location=lsp.Location(uri=uris.from_fs_path(analysis.file_of(n.span.file)) or n.span.file,
                              range=_plain_range(n.span)), message=n.message)
        for n in d.notes if n.span is not None]
    return lsp.Diagnostic(
        range=_range(document, d.span) if here and d.span else lsp.Range(
            start=lsp.Position(line=0, character=0), end=lsp.Position(line=0, character=0)),
        message=message, code=d.code, source=SOURCE,
        severity=lsp.DiagnosticSeverity.Error if d.severity is Severity.ERROR
        else lsp.DiagnosticSeverity.Warning,
        related_information=related or None, data={"hint": d.hint})


def _range(document: TextDocument, span: Span) -> lsp.Range:
    """A span (1-based, in characters) as a range in the editor's units (UTF-16 mostly)."""
    return document.range_to_client_units(ServerTextRange(
        ServerTextPosition(span.line - 1, span.column - 1),
        ServerTextPosition(span.end_line - 1, span.end_column - 1)))


def _plain_range(span: Span) -> lsp.Range:
    """A span in another file, not open here: characters taken for code units (they differ
    only past U+FFFF, which specs do not use outside quoted texts)."""
    return lsp.Range(start=lsp.Position(line=span.line - 1, character=span.column - 1),
                     end=lsp.Position(line=span.end_line - 1, character=span.end_column - 1))


def _symbol(document: TextDocument, symbol: analysis.Symbol) -> lsp.DocumentSymbol:
    return lsp.DocumentSymbol(name=symbol.name, kind=_SYMBOLS[symbol.kind], detail=symbol.detail or None,
                              range=_range(document, symbol.span),
                              selection_range=_range(document, symbol.selection),
                              children=[_symbol(document, c) for c in symbol.children])


# --- the verifier on save ---------------------------------------------------------------------

def _stop_verifying(ls: RulesServer, uri: str) -> None:
    task = ls.verifying.pop(uri, None)
    if task is not None:
        task.cancel()


def _ready(ls: RulesServer) -> None:
    """Start the spare interpreter the next save's check will run in, unless one is on its way."""
    if ls.spare is None:
        ls.spare = asyncio.get_running_loop().create_task(asyncio.create_subprocess_exec(
            sys.executable, "-m", "remikc.lsp.spare",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL))


def _retire(ls: RulesServer) -> None:
    """Stop the spare: the server is shutting down (with the server gone it would stop by
    itself, its standard input closed, but only once it has finished importing)."""
    spare, ls.spare = ls.spare, None
    if spare is not None:
        spare.add_done_callback(_stop_spawned)


def _stop_spawned(spare: asyncio.Task[asyncio.subprocess.Process]) -> None:
    if not spare.cancelled() and spare.exception() is None:
        with contextlib.suppress(ProcessLookupError):
            spare.result().kill()


async def _verify(ls: RulesServer, uri: str) -> None:
    """`remikc check --format json` on the saved file, in a process of its own (Z3 holds the
    interpreter while it works, and a process can be stopped at once): the spare, ready with
    the verifier imported, or a new one if it is gone.  Its violated and undecided checks are
    published beside what the reading said."""
    path = _path(uri)
    _ready(ls)
    assert ls.spare is not None
    spare, ls.spare = ls.spare, None
    try:
        process = await asyncio.shield(spare)
    except asyncio.CancelledError:
        spare.add_done_callback(_stop_spawned)
        raise
    if process.returncode is not None:  # the spare died before it was needed
        _ready(ls)
        assert ls.spare is not None
        spare, ls.spare = ls.spare, None
        process = await spare
    command = json.dumps(["check", "--format", "json", "--jobs", "1", path]).encode() + b"\n"
    try:
        output, _ = await process.communicate(command)
    except asyncio.CancelledError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        raise
    finally:
        _ready(ls)  # for the next save, once this check no longer needs the processor
    document = ls.workspace.get_text_document(uri)
    found = [*ls.checked.get(uri, []), *_findings(document, path, output)]
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=uri, diagnostics=found, version=document.version))
    ls.verifying.pop(uri, None)


def _findings(document: TextDocument, path: str, output: bytes) -> list[lsp.Diagnostic]:
    try:
        body: dict[str, Any] = json.loads(output)
    except ValueError:
        return []
    out = []
    for file in body.get("files", []):
        if os.path.normpath(file.get("path", "")) != os.path.normpath(path):
            continue
        for check in (file.get("verification") or {}).get("checks", []):
            if check["status"] not in ("violated", "unknown"):
                continue
            lines = [r["line"] for r in check.get("rules", [])
                     if os.path.normpath(r["file"]) == os.path.normpath(path)]
            out.append(_finding(document, check, lines))
    return out


def _finding(document: TextDocument, check: dict[str, Any], lines: Sequence[int]) -> lsp.Diagnostic:
    """A check the verifier could not prove, at the first spec line it names in this file (the
    `variant` line when it names none here: the rules are inherited)."""
    line = (lines[0] - 1) if lines else next(
        (i for i, row in enumerate(document.lines) if row.lstrip().startswith("variant")), 0)
    row = document.lines[line] if line < len(document.lines) else ""
    start = len(row) - len(row.lstrip())
    span_range = document.range_to_client_units(ServerTextRange(
        ServerTextPosition(line, start), ServerTextPosition(line, len(row.rstrip("\r\n")))))
    verdict = "violated" if check["status"] == "violated" else "undecided (raise --rlimit)"
    message = "\n".join([f"check {check['id']} {verdict}: {check['title']}", check["summary"],
                         *check.get("details", [])])
    return lsp.Diagnostic(
        range=span_range, message=message, code=check["id"], source=f"{SOURCE} verify",
        severity=lsp.DiagnosticSeverity.Error if check["status"] == "violated"
        else lsp.DiagnosticSeverity.Warning)
