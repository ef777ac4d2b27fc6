"""The compiler's front end: a `.rules` file read, checked and resolved into the IR.

parser (grammar.lark) -> syntax -> bind (schema, values, author_checks) -> workspace
(extends) -> lower -> consistency; docs/internals.md draws the whole pipeline.
"""
