"""No text from a spec, nor the name of its folder, ever becomes code or markup (SECURITY.md).

Each of the four holes found by an attack on the input surfaces has a test here
that fails on the code before the fix; a property test then renders modules and
rulebooks from specs whose every quoted text and whose folder name come from
hostile alphabets.
"""

from __future__ import annotations

import ast
import functools
import html
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import budgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from remikc.build import lineage_files, shown, validator_source
from remikc.diagnostics import SpecError
from remikc.emit.rulebook import rulebook, to_html, to_markdown
from remikc.spec.workspace import Workspace
from remikc.verify.witness import Examples, examples
from remikc.wording import LANGUAGES, language

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "specs" / "remik_podstawowy.rules"
PAYLOAD = 'import os; os.system("touch PWNED")'
EVIL_FOLDER = f"x\n{PAYLOAD}\n#"


def _remikc(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remikc", *args], cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8", env={**os.environ, **(env or {})}, timeout=300)


def _spec_in(folder: Path, text: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SPEC.name
    path.write_text(text if text is not None else SPEC.read_text(encoding="utf-8"), encoding="utf-8")
    return path


# --- 1. a folder name in the generated module --------------------------------------------

def test_a_folder_name_does_not_become_code(tmp_path, monkeypatch):
    spec = _spec_in(tmp_path / EVIL_FOLDER)
    source = validator_source(Workspace().variant(str(spec)), Workspace())
    tree = ast.parse(source)
    assert EVIL_FOLDER.replace("\n", "\\n") in (ast.get_docstring(tree) or "").replace("\n", "\\n")
    monkeypatch.chdir(tmp_path)
    exec(compile(source, "validator", "exec"), {"__name__": "validator"})
    assert not (tmp_path / "PWNED").exists()


def test_explain_in_a_hostile_folder_runs_nothing(tmp_path):
    spec = _spec_in(tmp_path / EVIL_FOLDER)
    done = _remikc("explain", str(spec), "8♠ 8♥ 8♦", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "PWNED").exists()


# --- 2. no pickle from the shared temp folder --------------------------------------------

def test_the_parser_writes_and_reads_nothing_in_the_temp_folder(tmp_path):
    """Lark's `cache=True` unpickled its tables from a predictable file in the temp folder,
    which another local user could write first."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    script = ("import sys; from remikc.spec.parser import parse; "
              "parse(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1])")
    for _ in range(2):
        subprocess.run([sys.executable, "-c", script, str(SPEC)], check=True,
                       env={**os.environ, "TMPDIR": str(temp)}, timeout=60)
    assert list(temp.iterdir()) == []


# --- 3. a path in the rulebook's HTML comment --------------------------------------------

class _Markup(HTMLParser):
    """The elements, attributes and comments of a page, without its text."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, ...]] = []
        self.feed(page)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "span" and attrs in ([("class", "red")], [("class", "black")]):
            return  # the template colours every suit symbol, wherever it comes from
        self.found.append((tag, *sorted(f"{k}={v}" for k, v in attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag != "span":
            self.found.append(("/" + tag,))

    def handle_comment(self, data: str) -> None:
        self.found.append(("<!--",))

    def unknown_decl(self, data: str) -> None:
        self.found.append(("<!", data))


def _commonmark(text: str) -> str:
    """Markdown as a CommonMark reader shows it (raw HTML passed through, as on GitHub)."""
    return MarkdownIt("commonmark").render(text)


@functools.cache
def _podstawowy() -> tuple[Examples, tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]]:
    """The solver's examples (they do not depend on any text) and the markup of the clean
    page and of the clean Markdown as a reader renders it."""
    v = Workspace().variant(str(SPEC))
    found = examples(v)
    book = rulebook(v, language("pl"), found, None, "specs/remik_podstawowy.rules")
    sources = ["specs/remik_podstawowy.rules"]
    return found, (tuple(_Markup(to_html(book, sources)).found),
                   tuple(_Markup(_commonmark(to_markdown(book, sources))).found))


def test_a_path_cannot_end_the_html_comment():
    v = Workspace().variant(str(SPEC))
    found, (clean, clean_markdown) = _podstawowy()
    hostile = "a--><img src=x onerror=alert(1)><!--"
    book = rulebook(v, language("pl"), found, None, hostile)
    page = to_html(book, [hostile])
    assert tuple(_Markup(page).found) == clean  # no element, attribute or comment added
    assert tuple(_Markup(_commonmark(to_markdown(book, [hostile]))).found) == clean_markdown
    assert page.count("-->") == 1 and "<img" not in page.split("-->", 1)[1]


# --- 4. quoted texts the language cannot carry -------------------------------------------

@pytest.mark.parametrize("name", ["Remik \\x", "Remik \\N", "Remik \\u12", "Remik '''", "\\"])
def test_backslashes_in_a_name_give_a_module_that_compiles(tmp_path, name):
    text = SPEC.read_text(encoding="utf-8").replace('name pl "Remik podstawowy"', f'name pl "{name}"')
    spec = _spec_in(tmp_path / "specs", text)
    source = validator_source(Workspace().variant(str(spec)), Workspace())
    namespace: dict[str, object] = {"__name__": "validator"}
    exec(compile(source, "validator", "exec"), namespace)
    assert namespace["VARIANT_NAME"] == name
    assert name in (namespace["__doc__"] or "")


@pytest.mark.parametrize("character, shown_as", [
    ("\x00", "U+0000"), ("\r", "U+000D"), ("\t", "U+0009"), ("\u202e", "U+202E"),
    ("\u2028", "U+2028"), ("\x1b", "U+001B"), ("\ufeff", "U+FEFF"),
])
def test_check_refuses_an_invisible_character_and_points_at_it(tmp_path, character, shown_as):
    text = SPEC.read_text(encoding="utf-8").replace('name pl "Remik podstawowy"',
                                                    f'name pl "Remik{character}podstawowy"')
    spec = _spec_in(tmp_path / "specs", text)
    line = next(i for i, row in enumerate(text.split("\n"), 1) if "name pl" in row)
    column = text.split("\n")[line - 1].index("Remik") + len("Remik") + 1
    done = _remikc("check", "--no-verify", str(spec), cwd=tmp_path)
    assert done.returncode == 1
    assert f"{spec}:{line}:{column}: error[E005]" in done.stderr
    assert shown_as in done.stderr and "Traceback" not in done.stderr
    assert character not in done.stderr  # shown as a visible mark, not sent to the terminal
    build = _remikc("build", str(spec), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert build.returncode == 1 and "Traceback" not in build.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("character, named", [
    ("\x1b", "U+001B (escape)"), ("\x00", "U+0000 (NUL)"), ("\x07", "U+0007 (bell)"),
    ("\x9b", "U+009B (control sequence introducer)"), ("\u202e", "U+202E (right-to-left override)"),
    ("\ufeff", "U+FEFF (byte-order mark)"),
])
def test_a_character_the_lexer_refuses_is_named_never_printed(tmp_path, character, named):
    """E002 used to quote the character itself (`unexpected character ESC`): an escape sequence,
    a bell or a bidi override sent to the terminal.  It names the character; the excerpt shows
    `�` where it stands; nothing else on standard error is invisible."""
    import io

    from remikc.cli import main

    spec = tmp_path / "x.rules"
    spec.write_text(f"variant x {{\n  players 2..4 {character}[31m\n}}\n", encoding="utf-8")
    err = io.StringIO()
    assert main(["check", "--no-verify", str(spec)], io.StringIO(), err) == 1
    assert err.getvalue().startswith(
        f"{spec}:2:16: error[E002]: unexpected invisible character {named}\n"
        "    2 |   players 2..4 \ufffd[31m\n"
        "      |                ^\n"
        "hint: delete it: it often comes with text pasted from elsewhere\n")
    assert all(ch.isprintable() or ch == "\n" for ch in err.getvalue())


def test_no_diagnostic_prints_an_invisible_character():
    """The guard behind every message: whatever a message, note or hint quotes, an invisible
    character in it is written as its code point."""
    from remikc.diagnostics import Diagnostic, Note, Severity, Span, render

    d = Diagnostic("E001", "unexpected `\x1b[2J`", Span("x.rules", 1, 1, 1, 2), Severity.ERROR,
                   "try \u202eevil\u202c", (Note("see `\x07`", None),))
    assert render(d, {}) == ("x.rules:1:1: error[E001]: unexpected `<U+001B>[2J`\n"
                             "note: see `<U+0007>`\nhint: try <U+202E>evil<U+202C>")


# --- the property: hostile alphabets everywhere ------------------------------------------

HOSTILE = st.sampled_from(['"""', "'''", "\\", "\\x", "\\N{", "\\u12", "-->", "--!>", "<!--",
                           "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "{{ 7 }}",
                           "{% if %}", "#", "\n", "\r", "\x00", "\u202e", "\u2066", "\u2028", "'",
                           "`", "*", "_", "[x](javascript:alert(1))", "![i](x)", "|", "&amp;", "é",
                           "♥", " ", "a"])


def _hostile(draw_size: int = 6) -> st.SearchStrategy[str]:
    return st.lists(HOSTILE, min_size=1, max_size=draw_size).map("".join)


_STRING = re.compile(r'"[^"\n]*"')


def _with_texts(texts: list[str]) -> str:
    """remik_podstawowy with its quoted texts (`name`, `assumed`, `not_modelled`, examples)
    replaced, in order, by `texts` (cycled)."""
    spec = SPEC.read_text(encoding="utf-8")
    counter = iter(range(10**6))

    def swap(match: re.Match[str]) -> str:
        # a quoted text cannot hold a quote or a line break: the grammar ends it there
        text = texts[next(counter) % len(texts)].replace('"', "'").replace("\n", " ")
        return f'"{text}"'

    return "\n".join(_STRING.sub(swap, line) if not line.lstrip().startswith("#") else line
                     for line in spec.split("\n"))


def _shape(source: str) -> str:
    """A module's syntax tree with every string constant blanked: what it does, not what it says."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree)


@functools.cache
def _clean_shape() -> str:
    return _shape(validator_source(Workspace().variant(str(SPEC)), Workspace()))


@settings(max_examples=budgets.examples(25), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(folder=_hostile(8).filter(lambda s: "\x00" not in s and "/" not in s and s not in (".", "..")),
       texts=st.lists(_hostile(), min_size=1, max_size=5))
def test_hostile_texts_and_folders_never_become_code_or_markup(tmp_path_factory, folder, texts):
    base = tmp_path_factory.mktemp("hostile")
    spec = _spec_in(base / folder, _with_texts(texts))
    workspace = Workspace()
    try:
        v = workspace.variant(str(spec))
    except SpecError as problem:
        # refused by `check`: only for a character no quoted text may carry
        assert {d.code for d in problem.diagnostics} == {"E005"}, problem.diagnostics
        return
    source = validator_source(v, workspace)
    assert _shape(source) == _clean_shape()
    cwd = os.getcwd()
    os.chdir(base)
    try:
        exec(compile(source, "validator", "exec"), {"__name__": "validator"})
    finally:
        os.chdir(cwd)
    assert sorted(p.name for p in base.iterdir()) == [folder]

    found, clean = _podstawowy()
    sources = [shown(p) for p in reversed(lineage_files(v))]
    for code in LANGUAGES:
        book = rulebook(v, language(code), found, None, shown(v.source))
        if code == "pl":
            assert tuple(_Markup(to_html(book, sources)).found) == clean[0]
            assert tuple(_Markup(_commonmark(to_markdown(book, sources))).found) == clean[1]
        else:
            _Markup(to_html(book, sources))  # parses


def test_the_shape_oracle_sees_injected_code():
    """The property's oracle can fail: a folder pasted raw into the docstring, as before the
    fix, gives a module of another shape."""
    clean = validator_source(Workspace().variant(str(SPEC)), Workspace())
    injected = clean.replace("Spec: ", f'Spec: """\n{PAYLOAD}\n"""', 1)
    assert injected != clean and _shape(injected) != _clean_shape()


def test_markdown_escapes_values_but_not_words():
    from remikc.emit.safe import markdown

    assert markdown("remik_podstawowy") == "remik_podstawowy"
    assert markdown("[x](javascript:alert(1))") == "\\[x\\](javascript:alert(1))"
    assert markdown("<script>") == "\\<script\\>"
    assert markdown("_a_ *b*") == "\\_a\\_ \\*b\\*"
    assert markdown("a\nb") == "a\\\\nb"
    assert markdown("&#x202E; &amp;") == "\\&#x202E; \\&amp;"


def test_a_character_reference_in_a_note_stays_text_in_markdown(tmp_path):
    """`&#x202E;` in a house note rendered a real right-to-left override in the Markdown book
    (the HTML one escaped it): a reader sees the characters the family typed, `&` and all."""
    note = "Odwrotnie: &#x202E;abc &#8238; &amp; &lt;b&gt;"
    text = SPEC.read_text(encoding="utf-8").replace(
        'name pl "Remik podstawowy"', f'name pl "Remik podstawowy"\n  note pl "{note}"', 1)
    v = Workspace().variant(str(_spec_in(tmp_path / "specs", text)))
    found, _ = _podstawowy()
    book = rulebook(v, language("pl"), found, None, "specs/remik_podstawowy.rules")
    markdown = to_markdown(book, ["specs/remik_podstawowy.rules"])
    shown = _commonmark(markdown)
    assert "\u202e" not in shown and "<b>" not in shown
    # the note as a reader sees it, the text of its paragraph with the HTML entities read back
    assert note in html.unescape(shown)
    assert "\u202e" not in to_html(book, ["specs/remik_podstawowy.rules"])


def test_no_pickle_anywhere_in_remikc():
    """The parser cache was the one place; nothing else may load pickles either."""
    from remikc.spec.parser import _lark

    assert not _lark().options.cache
    for path in (ROOT / "remikc").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bpickle\.loads?\b|\bmarshal\.loads?\b", text), path
