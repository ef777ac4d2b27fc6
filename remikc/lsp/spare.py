"""A spare interpreter for the verifier on save: started ahead of the save, it imports the
verifier, builds the grammar and starts Z3, then waits for one command line on standard input
(JSON, a list of arguments), runs it and exits.  The check still gets a process of its own,
which can be stopped at once, but the 0.3 s a new interpreter spends importing is spent while
the author is still typing.  Standard input closed without a line (the server went away): it
exits without running anything."""

from __future__ import annotations

import json
import sys


def _warm() -> None:
    import z3

    from .. import cli  # noqa: F401
    from ..spec.grammar import grammar
    from ..verify import checks  # noqa: F401  # every check, and what they import

    grammar()
    z3.Solver(ctx=z3.Context()).check()  # Z3's own start, made once


def main() -> int:
    _warm()
    line = sys.stdin.readline()
    if not line.strip():
        return 0
    argv = json.loads(line)
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        return 2
    from ..cli import main as run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
