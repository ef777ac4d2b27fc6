"""Emitters: the IR rendered into generated files (validator modules, rulebooks)."""
