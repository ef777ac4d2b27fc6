"""`remikc cache clear [PATH...]`: the proof cache that `check`, `build` and `sweep` keep."""

from __future__ import annotations

import argparse
from typing import TextIO

from .common import OK, Subparsers, add_command, need_paths


def register(subparsers: Subparsers) -> None:
    cache = add_command(subparsers, "cache", "the proof cache (.remikc_cache/ or $REMIKC_CACHE_DIR)",
                        "Manage the proof cache that `check`, `build` and `sweep` keep beside the specs\n"
                        "(proofs and rulebook examples).", spec=False)
    cache.add_argument("action", choices=("clear",), help="clear: delete the cached proofs and examples")
    cache.add_argument("paths", nargs="*", default=[], metavar="PATH",
                       help="spec files or folders whose caches to clear, or remikc:specs for the "
                            "shipped seeds' (default: here and the shipped seeds')")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..proofcache import clear

    need_paths(args.paths)
    removed = clear(list(args.paths))
    for folder in removed:
        print(f"cleared {folder}", file=out)
    if not removed:
        print("no proof cache to clear", file=out)
    return OK
