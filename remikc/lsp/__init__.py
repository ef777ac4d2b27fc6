"""`remikc lsp`: the language server for editors (needs the optional `lsp` extra, pygls 2).

`analysis.py` is what the server knows, in plain Python; `server.py` speaks the protocol."""

from __future__ import annotations


def serve() -> None:
    """Serve one editor over standard input and output until it says `exit`."""
    from .server import build

    build().start_io()
