"""Structured reasons: every refusal a `Reason` with a stable code, the rule id, the
spec line and its parameters, worded in English, Polish and Croatian from tables the build writes
into the module; the table of codes in docs/validator.md kept in step."""

from __future__ import annotations

import json
import re
import string
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from remikc.wording import hr, pl
from remikc.wording.reasons import LANGUAGES, NOUNS_EN, REASONS, codes

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "remikc" / "runtime"

# a seed's generated module, by id (conftest's `seed_modules`)
Modules = Callable[[str], types.ModuleType]


def _fields(text: str) -> dict[str, str]:
    """The placeholders of a message and their format specs (the counted noun)."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(text) if name}


# --- the catalogue -----------------------------------------------------------------------------

def test_every_code_the_runtime_gives_is_worded_and_every_worded_code_is_given():
    source = "\n".join(p.read_text(encoding="utf-8") for p in RUNTIME.glob("*.py"))
    given = set(re.findall(r'_because\(\s*"([\w.]+)"', source))
    assert given == set(codes())
    places = set(re.findall(r'_within\(\s*"(\w+)"', source))
    assert {f"in.{p}" for p in places} == {key for key in REASONS if key.startswith("in.")}


@pytest.mark.parametrize("key", sorted(REASONS))
def test_each_message_says_the_same_in_every_language(key: str) -> None:
    nouns = {"en": NOUNS_EN, "pl": pl.NOUNS, "hr": hr.NOUNS}
    texts = dict(zip(LANGUAGES, REASONS[key], strict=True))
    assert all(texts.values())
    fields = {lang: _fields(text) for lang, text in texts.items()}
    # the same parameters everywhere; a counted noun is one every language has
    assert len({frozenset(f) for f in fields.values()}) == 1, fields
    for lang, found in fields.items():
        assert all(spec in nouns[lang] or spec == "seat" for spec in found.values() if spec), (lang, found)


def test_the_docs_table_lists_every_code_once():
    doc = (ROOT / "docs" / "validator.md").read_text(encoding="utf-8")
    table = doc[doc.index("| code | parameters | English words |"):]
    listed = re.findall(r"^\| `([\w.]+)` \|", table, re.M)
    assert sorted(listed) == listed and listed == codes()
    for row in re.findall(r"^\| `([\w.]+)` \| ([^|]*) \|", table, re.M):
        code, params = row
        worded = {name for key in REASONS if key.split("/")[0] == code for name in _fields(REASONS[key][0])}
        if any("/" in key for key in REASONS if key.split("/")[0] == code):
            worded.add("form")
        assert {p.strip() for p in params.split(",") if p.strip() != "—"} == worded, code


# --- the words, in a generated module ------------------------------------------------------------

def test_every_message_words_in_every_language(seed_modules: Modules) -> None:
    m = seed_modules("remik51")
    assert m.LANGUAGES == ("en", "pl", "hr")
    # the build writes the catalogue whole (long texts in parts of a line each)
    catalogue = {lang: {key: texts[i] for key, texts in REASONS.items()} for i, lang in enumerate(LANGUAGES)}
    written = m._REASONS
    assert written == catalogue
    for key, texts in REASONS.items():
        code, _, form = key.partition("/")
        if code == "in":
            continue
        texts_as_cards = {"card", "cards", "meld", "meld_cards", "belongs", "rank", "action"}
        params: dict[str, Any] = {name: "5♥" if name in texts_as_cards else 3 for name in _fields(texts[0])}
        if form:
            params["form"] = form
        reason = m.Reason(code, None, None, params)
        for lang in LANGUAGES:
            assert "{" not in reason.message(lang), (key, lang)
    with pytest.raises(ValueError, match="'de'"):
        m.Reason("game.over").message("de")


@pytest.mark.parametrize(("n", "polish", "croatian"), [
    # CLDR: Polish one (1) / few (2-4, 22-24, not 12-14) / many; Croatian one (1, 21, 101, not
    # 11) / few (2-4, 22-24) / other - the forms the rulebooks count with
    (1, "1 joker", "1 kartu"),
    (2, "2 jokery", "2 karte"),
    (5, "5 jokerów", "5 karata"),
    (11, "11 jokerów", "11 karata"),
    (12, "12 jokerów", "12 karata"),
    (21, "21 jokerów", "21 kartu"),
    (22, "22 jokery", "22 karte"),
    (112, "112 jokerów", "112 karata"),
    (222, "222 jokery", "222 karte"),
    (1001, "1001 jokerów", "1001 kartu"),
])
def test_counted_nouns_take_the_form_their_number_asks(seed_modules: Modules, n: int,
                                                        polish: str, croatian: str) -> None:
    m = seed_modules("remik51")
    jokers = m.Reason("meld.jokers", "jokers.per_meld", None, {"jokers": n, "limit": 1})
    assert jokers.message("pl") == f"{polish} w jednym układzie; najwyżej 1"
    run = m.Reason("run.size", "run.size", None, {"n": n, "low": 3, "high": None, "form": "open"})
    assert run.message("hr") == f"niz ima {croatian}, a mora imati barem 3 karte"
    assert m.Reason("meld.jokers", None, None, {"jokers": n, "limit": 1}).message("en").startswith(
        f"{n} joker{'' if n == 1 else 's'} in one meld")


def test_a_refused_meld_in_three_languages(seed_modules: Modules) -> None:
    # seed 000: "Q♥ K♥ 1♥ 2♥ jest nieprawidłowa"; seed 004 (Croatian) words the same rule
    m = seed_modules("remik51")
    (why,) = m.check_meld("Q♥ K♥ A♥ 2♥").reasons
    assert (why.code, why.rule, why.params) == ("run.wrap", "run.wrap", {})
    assert re.fullmatch(r"specs/remik51\.rules:\d+", why.line)
    assert str(why) == why.message("en") == "not a run: it would go round the corner after the king"
    assert why.message("pl") == "to nie jest sekwens: po królu nie zaczyna się od nowa (K-A-2)"
    assert why.message("hr") == "to nije niz: iza kralja se ne nastavlja ispočetka (K-A-2)"
    # the second meld of an opening says where: 10♦ JK is two cards, a set has 3 to 4 (000)
    (second,) = m.check_opening("6♠ 7♠ 8♠, 10♦ JK").reasons
    assert second.params == {"n": 2, "low": 3, "high": 4, "form": "range", "in": "meld", "meld_number": 2,
                             "meld_cards": "10♦ JK"}
    assert second.message("pl") == "układ 2 (10♦ Joker): grupa ma 2 karty, a musi mieć od 3 do 4 kart"
    assert second.message("hr") == ("skupina 2 (10♦ Džoker): komplet ima 2 karte, a mora imati od 3 do 4 "
                                     "karata")


def test_a_referee_refusal_in_three_languages(seed_modules: Modules) -> None:
    # seed 000: the first player "zaczyna z 15 kartami i musi odrzucić jedną kartę"
    m = seed_modules("remik51")
    refusal = m.apply(m.new_game(4, 1), m.Draw("stock"))
    (why,) = refusal.reasons
    assert (why.code, why.rule, why.params) == ("draw.first_player", "deal.first_player_extra", {"extra": 1})
    assert why.message("pl") == ("gracz, który zaczyna, dostał o 1 kartę więcej i w pierwszej turze nie "
                                 "dobiera: wykłada albo odrzuca")
    assert why.message("hr") == ("igrač koji počinje dobio je 1 kartu više i u prvom potezu ne vuče: "
                                 "izlaže ili odbacuje")
    out_of_turn = m.apply(m.new_game(4, 1), m.Discard("A♠"), seat=3)
    assert [r.code for r in out_of_turn.reasons] == ["turn.not_yours"]
    assert out_of_turn.reasons[0].message("pl") == "teraz ruch gracza na miejscu 2, nie 4"


def test_seats_in_words_count_from_one_as_the_rulebooks_do(seed_modules: Modules) -> None:
    # the API's seats count from 0 (game.seat 1 is the second seat); the words count seats from
    # 1, as simulate's "seat 1 wins" does and the rulebooks' examples count players ("Gracz 1")
    m = seed_modules("remik51")
    game = m.new_game(4, 1)
    assert game.seat == 1
    (why,) = m.apply(game, m.Discard("A♠"), seat=3).reasons
    assert why.params == {"to_move": 1, "seat": 3}
    assert str(why) == "it is seat 2's turn, not seat 4's"
    assert why.message("pl") == "teraz ruch gracza na miejscu 2, nie 4"
    assert why.message("hr") == "na potezu je igrač na mjestu 2, a ne 4"
    assert m.Reason.from_dict(json.loads(json.dumps(why.to_dict()))).message("hr") == why.message("hr")


def test_the_joker_reads_as_the_rulebooks_write_it(seed_modules: Modules) -> None:
    # the rulebooks write the joker as a word among cards ("Jokera piszemy słowem: Joker"), a
    # declared one with the card it stands for: Joker (8♥); the parameters keep the notation
    m = seed_modules("remik51")
    assert (pl.LANGUAGE.say("card.joker"), hr.LANGUAGE.say("card.joker")) == ("Joker", "Džoker")
    (swap,) = m.check_joker_swap("8♠ JK=8♥ 8♦", "8♣").reasons
    assert swap.params == {"meld": "8♠ JK=8♥ 8♦", "card": "8♣"}
    assert str(swap) == "no joker in 8♠ JK=8♥ 8♦ stands for 8♣"
    assert swap.message("pl") == "żaden joker w układzie 8♠ Joker (8♥) 8♦ nie zastępuje karty 8♣"
    assert swap.message("hr") == "nijedan džoker u skupini 8♠ Džoker (8♥) 8♦ ne zamjenjuje kartu 8♣"
    (second,) = m.check_opening("6♠ 7♠ 8♠, 10♦ JK").reasons
    assert second.message("pl") == "układ 2 (10♦ Joker): grupa ma 2 karty, a musi mieć od 3 do 4 kart"
    assert second.message("en").startswith("meld 2 (10♦ JK): ")
    # a ten declared: the whole card follows the word
    ten = m.Reason("meld.none", None, None, {"cards": "JK=10♣ JK 5♠"})
    assert ten.message("hr") == "Džoker (10♣) Džoker 5♠ nije skupina"


def test_a_card_missing_from_the_hand_is_said_once(seed_modules: Modules) -> None:
    # three jokers laid from a hand with none: one reason, with how many, not one a joker
    m = seed_modules("remik51")
    game = m.new_game(2, hands=["2♣ 3♣ 4♦", "5♠ 6♠ 7♠ 9♥ K♦"], stock="A♥ A♦ A♣")
    refusal = m.apply(game, m.Lay(["5♠ JK JK", "9♥ JK K♦"]))
    missing = [r for r in refusal.reasons if r.code == "hand.missing"]
    assert [r.params for r in missing] == [{"card": "JK", "times": 3, "form": "times"}]
    assert str(missing[0]) == "3 × JK are not in the hand"
    assert missing[0].message("pl") == "brak na ręce: 3 × Joker"
    assert missing[0].message("hr") == "u ruci nedostaje: 3 × Džoker"
    # once missing: as before, with no count
    (once,) = [r for r in m.apply(game, m.Lay(["5♠ 6♠ 7♠ 8♠"])).reasons if r.code == "hand.missing"]
    assert once.params == {"card": "8♠"} and once.message("pl") == "brak na ręce: 8♠"


def test_the_best_opening_says_a_card_is_kept_to_discard(seed_modules: Modules) -> None:
    # was: "the best lay-down is worth 26 points", while check_opening of the same cards, the joker
    # laid too, says 39: Remik 51's last card goes out by a discard (seed 000), so the opening
    # keeps one, here the joker (5♠ 5♥ 5♦ is 15, 7♠ 8♠ with the joker 6♠ 7♠ 8♠ or 7♠ 8♠ 9♠)
    m = seed_modules("remik51")
    assert m.check_opening("5♠ 5♥ 5♦ + 7♠ 8♠ JK").reasons[0].params == {"points": 39, "least": 51}
    (why,) = m.best_opening("5♠ 5♥ 5♦ JK 7♠ 8♠").reasons
    assert (why.code, why.params) == ("solver.opening_points", {"points": 26, "least": 51, "form": "keep"})
    assert str(why) == "the best lay-down with a card kept to discard is worth 26 points; an opening needs 51"
    assert why.message("pl") == ("najlepsze wyłożenie, które zostawia kartę do odrzucenia, jest warte 26 "
                                 "punktów; otwarcie wymaga co najmniej 51")
    assert why.message("hr") == ("najbolje izlaganje koje ostavlja kartu za odbacivanje vrijedi 26 bodova; "
                                 "za otvaranje treba barem 51")
    assert m.Reason.from_dict(json.loads(json.dumps(why.to_dict()))) == why
    # a reason saved without the form, by an earlier module, is still worded as it was
    saved = {**why.to_dict(), "params": {"points": 26, "least": 51}}
    assert str(m.Reason.from_dict(saved)) == "the best lay-down is worth 26 points; an opening needs 51"
    # Remik klasyczny goes out with a discard or on the table (seed 001): no card is kept, nor said
    classic = seed_modules("remik_klasyczny")
    (plain,) = classic.best_opening("5♠ 6♠ 7♠ 9♦ 9♣ 9♥ 2♣").reasons
    assert (plain.code, plain.params) == ("solver.opening_points", {"points": 45, "least": 49})
    assert str(plain) == "the best lay-down is worth 45 points; an opening needs 49"


def test_no_reason_shows_a_file_path(seed_modules: Modules) -> None:
    for variant_id in ("remik51", "karuzela", "remik_klasyczny"):
        m = seed_modules(variant_id)
        verdicts = [m.check_meld(text) for text in ("Q♥ K♥ A♥ 2♥", "5♠ 5♠ 5♥", "JK JK JK 5♠", "5♠ 7♠ 9♠",
                                                    "K♠ A♠ 2♠", "5♠")]
        verdicts += [m.check_opening("5♠ 6♠ 7♠ + 10♦ 10♣ 10♥"), m.check_lay_off("8♠ 8♥ 8♦ 8♣", "8♠"),
                     m.check_lay_off("3♠ 4♠ 5♠", "6♠", opened=False), m.check_joker_swap("5♠ JK 7♠", "6♥")]
        reasons = [r for v in verdicts for r in v.reasons]
        assert len(reasons) >= 8
        assert any(r.line for r in reasons)
        for reason in reasons:
            for lang in m.LANGUAGES:
                assert ".rules" not in reason.message(lang)
            assert ".rules" not in str(reason) and ".rules" not in repr(reason)


def test_reasons_save_and_restore(seed_modules: Modules) -> None:
    m = seed_modules("karuzela")
    verdict = m.check_opening("5♠ 6♠ + 9♦ 9♣")
    data = json.loads(json.dumps(verdict.to_dict()))
    assert all(set(r) == {"code", "rule", "line", "params"} for r in data["reasons"])
    back = m.Verdict.from_dict(data)
    assert back.reasons == verdict.reasons and [r.message("hr") for r in back.reasons] == [
        r.message("hr") for r in verdict.reasons]
    one = data["reasons"][0]
    assert m.Reason.from_dict(one) == verdict.reasons[0]
    # what this module cannot word is refused, saying why
    for bad in ({**one, "code": "no.such"}, {**one, "params": {}}, {**one, "params": {"n": 1.5}},
                {**one, "params": {"n": True}}, {**one, "extra": 1}, {"code": "game.over"}):
        with pytest.raises(m.SaveError):
            m.Reason.from_dict(bad)


def test_verdicts_and_refusals_follow_the_schema(seed_modules: Modules) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "docs" / "saved-game.schema.json").read_text(encoding="utf-8"))
    checker = jsonschema.Draft202012Validator(schema)
    m = seed_modules("remik51")
    for answer in (m.check_meld("Q♥ K♥ A♥ 2♥"), m.check_meld("Q♥ K♥ A♥"), m.check_opening("6♠ 7♠ 8♠, 10♦ JK"),
                   m.apply(m.new_game(4, 1), m.Draw("stock"))):
        checker.validate(answer.to_dict())
    assert not checker.is_valid({"ok": False, "reasons": ["run.wrap"]})  # a reason is a record
