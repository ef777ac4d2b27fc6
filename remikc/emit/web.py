"""The web target: `validator.mjs` and `validator.d.ts`, and the rulebook page's meld box.

The JavaScript runtime is real source, one file per concern, in remikc/runtime_js/ (rules,
cards, reasons, melds; book, the box, only in a page).  As remikc/emit/inline.py does with the
Python runtime, each file is pasted whole under a marker line naming it, its `import` lines
commented out in place and the `export` keyword taken off its declarations (every name lives in
one scope), so each section keeps its file's line numbers.  The rules section is replaced:

- in `validator.mjs` by `const RULES = {...}`, the variant's values as JSON, one name a line,
  read from the rules block of the variant's own validator.py (`rule_values`), so the two
  modules judge by the same values; the module ends with `export { ... }` of `API`;
- in the HTML rulebook by `const RULES = DATA.rules`, where DATA is read from the page's
  `<script type="application/json">` block: the one script is the same text on every page (its
  sha256 is the Content-Security-Policy's), and no spec text is ever part of it.

Spec text reaches JavaScript only as JSON (`json_literal`, `script_json`): never as code.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from markupsafe import Markup

from .. import __version__, ir
from ..wording import Language
from .names import declared
from .render import environment
from .safe import Code, comment

ORDER = ("rules", "cards", "reasons", "melds")
"""The runtime's files in the order they are inlined: each reads only names of those before it."""
PAGE = (*ORDER, "book")
"""The files of the rulebook page's script."""

MARKER = "// remikc-runtime: "

API = (
    "VARIANT_ID", "VARIANT_NAME", "VARIANT_NAMES", "RULES_SHA256", "PLAYERS_MIN", "PLAYERS_MAX",
    "CARDS", "JOKER", "LANGUAGES", "RANKS", "SUITS", "Card", "Reason", "Verdict",
    "parseCard", "parseCards", "parseMeld", "parseMelds", "formatCards",
    "checkMeld", "checkOpening", "checkLayOff", "handPoints",
)
"""What validator.mjs exports (validator.d.ts types each; docs/web.md)."""

CONDITIONS = ("_may_lay_off",)
"""The rules' condition functions the JavaScript runtime reads, each as a table of its 16
answers (`_MAY_LAY_OFF`, indexed by first_round * 8 + opened * 4 + opens_this_turn * 2 +
handing): data, not code."""

_IMPORT = re.compile(r'^import \{[^}]*\} from "\./([a-z_]+)\.mjs";$', re.M)
_EXPORT = re.compile(r"^export (?=(const|function\*?|class) )", re.M)


@dataclass(frozen=True)
class Section:
    path: str  # "remikc/runtime_js/cards.mjs"
    source: Code


def _section(name: str) -> Section:
    text = resources.files("remikc.runtime_js").joinpath(f"{name}.mjs").read_text(encoding="utf-8")
    # an import may span lines: each of its lines commented out, so the line numbers stay
    text = _IMPORT.sub(lambda m: "\n".join("// " + line for line in m.group(0).split("\n")), text)
    text = _EXPORT.sub("", text)
    if re.search(r"^\s*(import|export)\b", text, re.M):
        raise AssertionError(f"remikc/runtime_js/{name}.mjs: an import or export the inliner does not "
                             "know (write `import {{ a, b }} from \"./x.mjs\";` on one line, and "
                             "`export` only before const, function and class)")
    return Section(f"remikc/runtime_js/{name}.mjs", Code(text.rstrip("\n") + "\n"))


@functools.cache
def sections(names: tuple[str, ...] = ORDER) -> tuple[Section, ...]:
    """The runtime's files, ready to inline; the rules file is left out (each output writes its
    own rules section)."""
    return tuple(_section(name) for name in names if name != "rules")


@functools.cache
def runtime_sha256() -> str:
    digest = hashlib.sha256()
    for section in sections(PAGE):
        digest.update(section.path.encode() + b"\0" + section.source.encode() + b"\0")
    return "sha256:" + digest.hexdigest()


# --- the rule values ----------------------------------------------------------------------------

def rule_values(validator_py: str) -> dict[str, Any]:
    """The variant's rule values as the JavaScript runtime reads them: every name
    remikc/runtime/rules.py declares, read from the rules block of the variant's generated
    validator.py (its text up to the first runtime section), and each condition of
    `CONDITIONS` as the table of its answers.  Tuples become lists, numbers keying a dict its
    text (JSON)."""
    from .inline import MARKER as PY_MARKER

    head = validator_py.split("\n" + PY_MARKER, 1)[0]
    namespace: dict[str, Any] = {}
    # the text remikc itself generated a moment ago: literals and the condition functions
    exec(compile(head, "<rules block>", "exec"), namespace)
    values: dict[str, Any] = {name: namespace[name] for name, _, _ in declared()}
    for condition in CONDITIONS:
        function = namespace[condition]
        values[condition.upper()] = [bool(function(bool(i & 8), bool(i & 4), bool(i & 2), bool(i & 1)))
                                     for i in range(16)]
    plain: dict[str, Any] = json.loads(json.dumps(values))  # plain JSON values, as the page holds them
    return plain


def json_literal(value: object) -> Code:
    """`value` as JSON, which JavaScript reads as a literal: spec text as escaped data, never code;
    `<`, `>` and `&` written as `\\u` escapes too, so the same text is safe inside an HTML
    `<script>` element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Code(text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _rules_object(values: Mapping[str, Any]) -> Code:
    lines = [f"  {json_literal(name)}: {json_literal(value)}" for name, value in values.items()]
    return Code("{\n" + ",\n".join(lines) + "\n}")


# --- validator.mjs and validator.d.ts ------------------------------------------------------------

def emit_js(variant: ir.Variant, validator_py: str, lineage_digests: Mapping[str, str],
            show: Mapping[str, str]) -> str:
    """validator.mjs of `variant`: the header, its rules (those of `validator_py`, its generated
    Python module), the runtime's sections and the exports."""
    files = list(reversed(list(lineage_digests)))
    context = {
        "name": comment(variant.name("pl")),
        "variant_id": comment(variant.id),
        "version": comment(__version__),
        "source": comment(" <- ".join(show.get(p, p) for p in files)),
        "spec_sha256": [comment(f"{lineage_digests[p]}  {show.get(p, p)}") for p in files],
        "runtime_sha256": Code(runtime_sha256()),
        "rules": _rules_object(rule_values(validator_py)),
        "sections": [(comment(s.path), s.source) for s in sections()],
        "marker": Code(MARKER),
        "api": [Code(name) for name in API],
    }
    return environment("js").get_template("validator.mjs.j2").render(context)


def emit_dts(variant: ir.Variant, show_source: str) -> str:
    """validator.d.ts of `variant`: the types of what validator.mjs exports."""
    return environment("js").get_template("validator.d.ts.j2").render(
        name=comment(variant.name("pl")), variant_id=json_literal(variant.id), source=comment(show_source),
        version=comment(__version__))


# --- the rulebook page ---------------------------------------------------------------------------

WORDS = ("check.title", "check.hint", "check.button", "check.refused", "check.not_cards")


@dataclass(frozen=True)
class Box:
    """What a rulebook page needs for its meld box: the words (escaped by the template), the data
    block's JSON, the script, and the Content-Security-Policy that lets that script alone run."""

    words: Mapping[str, str]
    data: Markup
    script: Markup
    policy: str


_LETTERS = {"♥": "h", "♦": "d", "♣": "c", "♠": "s"}


def _typed(cards: Sequence[str]) -> dict[str, str]:
    """How the hint shows typing: the variant's own meld, in the book's notation and in letters
    (`7h 8h 9h`), and its first card for a joker standing in for it (`JK=7♥`)."""
    return {"meld": " ".join(cards), "ascii": " ".join(c[:-1] + _LETTERS.get(c[-1], c[-1]) for c in cards),
            "card": cards[0]}


def box(validator_py: str, lang: Language, shown: Sequence[str] = ()) -> Box:
    """The meld box of a rulebook in `lang` (the book's language, with the spec's own wording).
    `shown`: a meld the variant's own rules accept, found by the build, for the hint (none: a
    hint without one; no card is written into the catalogues)."""
    typed = _typed(shown) if shown else None
    rules = rule_values(validator_py)
    hint = lang.say("check.hint", **typed) if typed else lang.say("check.hint.plain")
    if rules.get("HAS_OPENING"):  # melds typed together, judged as an opening
        hint += " " + lang.say("check.hint.opening")
    not_cards = lang.say("check.not_cards", **typed) if typed else lang.say("check.not_cards.plain")
    data = {
        "language": lang.code,
        "words": {
            "refused": lang.messages["check.refused"],
            "not_cards": not_cards,
            "meld": lang.messages["example.meld"],
            "opening": lang.messages["example.opening"],
            "kinds": {"run": lang.messages["kind.run"], "set": lang.messages["kind.set"]},
        },
        "rules": rules,
    }
    script = page_script()
    words = {key.split(".", 1)[1]: lang.say(key) for key in WORDS
             if key not in ("check.hint", "check.not_cards")}
    words.update(hint=hint, not_cards=not_cards)
    return Box(words, Markup(json_literal(data)),
               Markup(script), policy(script, style_sha256()))


@functools.cache
def page_script() -> str:
    """The rulebook page's one inline script: the same text on every page."""
    script = environment("js").get_template("rulebook.js.j2").render(
        sections=[(comment(s.path), s.source) for s in sections(PAGE)], marker=Code(MARKER))
    lowered = script.lower()
    if "</script" in lowered or "<!--" in lowered:
        raise AssertionError("the page script holds text that would end its <script> element")
    return script


def css() -> str:
    """The rulebook page's style sheet (remikc/templates/rulebook.css)."""
    return resources.files("remikc").joinpath("templates/rulebook.css").read_text(encoding="utf-8")


def style_sha256() -> str:
    return _sha256(css())


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def policy(script: str, style: str) -> str:
    """The page's Content-Security-Policy: nothing loaded from anywhere, the one style sheet and
    the one script it holds, by their hashes."""
    return (f"default-src 'none'; script-src '{_sha256(script)}'; style-src '{style}'; "
            "img-src data:; base-uri 'none'; form-action 'none'")
