"""How much the simulator checks as it plays (`simulate --check`): a module of its own so the
command line can offer the choices without loading the simulator."""

from __future__ import annotations

CHECKS = ("all", "sample", "none")
SAMPLE_EVERY = 16  # with `check="sample"`: game 0 of a run and every 16th after it are checked fully
