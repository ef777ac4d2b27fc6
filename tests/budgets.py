"""Hypothesis budgets: one profile per kind of run, loaded by tests/conftest.py.

A property states how many examples it gets in an ordinary run (`examples(150)`); the profile
loaded scales that, as it scales Hypothesis's own default of 100:

- `remikc`: an ordinary run (the README's test command, CI): the budgets as stated;
- `unit`: a run of the unit tier alone (`pytest -m unit`, the loop while working): a tenth;
- `soak`: with `--soak`, twenty times the budget.

`--hypothesis-profile NAME` chooses one by hand.  None has a deadline: the machine may be
busy, and a slow example is no failure."""

from __future__ import annotations

from hypothesis import settings

ORDINARY = 100  # the examples of the `remikc` profile: what a stated budget is measured against
PROFILES = {"remikc": ORDINARY, "unit": ORDINARY // 10, "soak": ORDINARY * 20}


def register() -> None:
    for name, count in PROFILES.items():
        settings.register_profile(name, max_examples=count, deadline=None)


def examples(ordinary: int) -> int:
    """`ordinary` examples in an ordinary run, scaled as the profile loaded scales its own
    `max_examples` against `ORDINARY`; never fewer than one."""
    return max(1, ordinary * settings.default.max_examples // ORDINARY)
