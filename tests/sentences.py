"""Sentences of remikc's grammar for hypothesis, drawn quickly.

`hypothesis.extra.lark.from_lark` draws every terminal through `st.from_regex`, even a
keyword: most of a test's minutes went to regex strategies (`test_grammar_sentences`: 125 s
under coverage in the test run, three quarters of it spent drawing).  Here each terminal
has a strategy of its own: a keyword is itself, an operator one of its spellings, and the
open-ended terminals (blanks, line ends, comments) plain `st.text` over the characters
their pattern admits, which reaches the same odd inputs (a tab, a form feed, a carriage
return, any character in a comment) at a fraction of the cost.  The grammar's rules are
walked by `from_lark` as before.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from lark.lexer import PatternStr

GRAMMAR_FILE = Path(__file__).resolve().parent.parent / "remikc" / "spec" / "grammar.lark"
# hypothesis reads the grammar itself, which a parser loaded from Lark's cache does not keep
GRAMMAR = Lark(GRAMMAR_FILE.read_text(encoding="utf-8"), parser="lalr")

_BLANKS = st.text(alphabet="\t \f", min_size=1, max_size=4)
_REGEX_TERMINALS: dict[str, st.SearchStrategy[str]] = {
    "QUANTIFIER": st.sampled_from(["forall", "exists"]),
    "COMPARE": st.sampled_from(["<=", ">=", "==", "!=", "<", ">"]),
    "ADD_OP": st.sampled_from(["+", "-"]),
    # a line end with the next line's indent; the parser sees what follows, as with from_regex
    "_NL": st.lists(st.tuples(st.sampled_from(["\n", "\r\n"]), st.text(alphabet="\t \f", max_size=3)),
                    min_size=1, max_size=3).map(lambda parts: "".join(a + b for a, b in parts)),
    "COMMENT": st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\n"), max_size=12)
    .map("#".__add__),
    "__IGNORE_1": _BLANKS,
    "__IGNORE_2": st.sampled_from(["\n", "\r\n"]),
}


def sentences(**explicit: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Sentences of grammar.lark; `explicit` gives the strategies of WORD, STRING and NUMBER
    (what a test wants its words and numbers to be)."""
    terminals, _, _ = GRAMMAR.grammar.compile(GRAMMAR.options.start, ())
    strategies: dict[str, st.SearchStrategy[str]] = {}
    for terminal in terminals:
        if isinstance(terminal.pattern, PatternStr):
            strategies[terminal.name] = st.just(terminal.pattern.value)
        elif terminal.name in _REGEX_TERMINALS:
            strategies[terminal.name] = _REGEX_TERMINALS[terminal.name]
    missing = {t.name for t in terminals} - set(strategies) - set(explicit)
    # a terminal added to the grammar needs a strategy here (or from the test): say which
    assert not missing, f"no strategy for the grammar's terminal(s) {sorted(missing)}"
    return from_lark(GRAMMAR, explicit={**strategies, **explicit})
