"""docs/wording-keys.md: every catalogue sentence a spec may reword (`wording { ... }`).

    python -m remikc.wording.keys            # rewrite docs/wording-keys.md
    python -m remikc.wording.keys --check    # exit 1 if it is out of date

The list is made from the catalogues themselves, so a key renamed or added there shows up
here by running this, and tests/test_house.py fails until it is run.
"""

from __future__ import annotations

import argparse
import string
import sys
from collections.abc import Sequence
from pathlib import Path

from . import LANGUAGES, Message, language

OUT = Path(__file__).resolve().parents[2] / "docs" / "wording-keys.md"


def placeholders(message: Message) -> list[str]:
    """`{n:point}`, `{name}`: the placeholders of a message, in all its plural forms, once each."""
    texts = [message] if isinstance(message, str) else list(message.values())
    found: dict[str, str] = {}
    for text in texts:
        for _, name, spec, _ in string.Formatter().parse(text):
            if name is not None:
                found.setdefault(name, spec or "")
    return [f"{{{n}:{s}}}" if s else f"{{{n}}}" for n, s in found.items()]


def table() -> str:
    first = language(LANGUAGES[0])
    out = [
        "# Catalogue keys",
        "",
        "<!-- Made by `python -m remikc.wording.keys` from remikc/wording/; do not edit. -->",
        "",
        "Every sentence of the rulebooks, by key, as a spec may replace it in its `wording`",
        "section (docs/rulebooks.md, *Own wording*).  A replacement keeps the placeholders",
        "listed; *plural* marks a sentence the catalogue gives one text per plural category of",
        "`{n}` (a replacement may too, for any sentence with `{n}`).  The text shown is the",
        f"`{first.code}` one.",
        "",
        "| key | placeholders | plural | " + first.code + " |",
        "|---|---|---|---|",
    ]
    for key, message in first.messages.items():
        text = message if isinstance(message, str) else message.get("other", "")
        cell = text.replace("|", "\\|")
        shown = " ".join(f"`{p}`" for p in placeholders(message))
        out.append(f"| `{key}` | {shown} | {'' if isinstance(message, str) else 'plural'} | {cell} |")
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m remikc.wording.keys",
                                     description="rewrite docs/wording-keys.md")
    parser.add_argument("--out", default=str(OUT), help="default: docs/wording-keys.md")
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args(argv)
    text = table()
    out = Path(args.out)
    if args.check:
        if (out.read_text(encoding="utf-8") if out.is_file() else "") != text:
            print(f"{out} is out of date: run python -m remikc.wording.keys", file=sys.stderr)
            return 1
        return 0
    from ..atomic import write_atomic

    write_atomic(out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
