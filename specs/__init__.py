"""The seed variants, shipped with remikc as the package `remikc.specs`.

This folder stays at the top of the project, where `remikc build` and the tests read it;
pyproject.toml maps it into the package, so that `extends "remik51"` finds the seed specs
after an ordinary `pip install` too (remikc/loader.py reads them with importlib.resources).
"""
