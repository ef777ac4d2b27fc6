"""The referee plays turns and scores deals as the verifier's formulas say, as
test_conformance.py holds the validator to them meld by meld.

Scores: for random end-of-deal positions (any hands the deck can deal, any opened flags, every
way the variant lets a deal end, every seat) and for the ends of deals the referee's own
random games reach, the referee's deal scores (`_scores`, what `apply` records) equal the
verifier's scoring terms (`encode.deal_scores` over `Encoder.hand_value`, the terms
`scoring.winner` reasons about), compiled to Python by `verify.evaluate`.

Draws: for random positions at the start of a turn or between draws, the sources the
verifier's model allows (`draws.may_draw`) are exactly the draws `legal_actions` offers, and
exactly the draws `apply` accepts.  Whether a card would let the player open or hand (what a
conditional source binds him to) is read from the referee's solver, which the meld
conformance tests hold to the verifier; everything else is the verifier's own reading.

Every seed spec is checked, and house variants (made through `extends`) that switch each
scoring and draw rule on and off.  CI runs a short budget; `pytest --soak -m soak` the large one.
"""

from __future__ import annotations

import random
import zlib

import pytest
import z3
from house import SPECS, house_variant

from oracle import untraced_call
from remikc import drawing, ir, scoring
from remikc.build import load_module, validator_source
from remikc.spec.workspace import Workspace
from remikc.verify.draws import DrawPosition, may_draw
from remikc.verify.encode import Encoder, deal_scores
from remikc.verify.evaluate import compile_terms

SEEDS = sorted(p.stem for p in SPECS.glob("*.rules"))

DELTAS = {
    # differences: handing on, multiplied; the all-out bonus off; the knocker wins ties
    "kz_reka": ("karuzela", "  handing {\n    lay_off allowed\n  }\n"
                            "  scoring {\n    handing_multiplier 3\n  }"),
    "kz_bez_premii": ("karuzela", "  scoring {\n    remove all_out_bonus\n    remove undercut_bonus\n"
                                  "    override tie_with_knocker knocker_wins\n  }"),
    "kz_dobiera_1": ("karuzela", "  turn {\n    override draws 1\n    remove meld_after_last_draw\n  }"),
    # winner_collects: the bonus on, the multiplier off; two draws, three until meld
    "rp_premia": ("remik_podstawowy",
                  "  scoring {\n    all_out_bonus 25\n    remove handing_multiplier\n  }"),
    "rp_dwie": ("remik_podstawowy", "  turn {\n    override draws 2\n  }"),
    "rp_do_wylozenia": ("remik_podstawowy", "  turn {\n    override draws 3 until meld\n"
                                            "    meld_after_last_draw forbidden\n  }"),
    "rp_roznice": ("remik_podstawowy", "  scoring {\n    override method differences\n"
                                       "    all_out_bonus 10\n  }\n  override stock_empty last_round"),
    # penalties: each fixed score and the multiplier off in turn; winner_collects with an opening
    "r51_bez_mnoznika": ("remik51",
                         "  scoring {\n    remove handing_multiplier\n    remove not_opened\n  }"),
    "r51_bez_kary": ("remik51", "  scoring {\n    remove handed_with_cut_card\n    remove handed\n  }"),
    "r51_zbiera": ("remik51", "  scoring {\n    override method winner_collects\n    remove went_out\n"
                              "    remove handed\n    remove handed_with_cut_card\n"
                              "    all_out_bonus 50\n  }\n"
                              "  game_end {\n    override winner highest\n  }"),
    "r51_dwie": ("remik51", "  turn {\n    override draws 2\n  }\n  override stock_empty last_round"),
    "r51_do_wylozenia": ("remik51", "  turn {\n    override draws 2 until meld\n  }"),
    # a game that knocks with the discard
    "rp_puka": ("remik_podstawowy", "  knocking {\n    max_hand 10\n  }\n"
                                    "  scoring {\n    tie_with_knocker others_win\n  }"),
}

BUDGET = {"scores": 1_500, "games": 4, "draws": 400}
SLOW = {"scores": 20_000, "games": 40, "draws": 5_000}
_HAND = 40  # the most cards a hand is counted with (a long deal of several draws a turn)
_DEALT = 16  # the most a seat holds in a random end-of-deal position
_ENDINGS = {"went_out": "went_out", "handed": "handed", "knocked": "knocked", "stock": "stock",
            "blocked": "blocked"}
_SOURCES = {"stock": ir.DrawSource.STOCK, "discard": ir.DrawSource.DISCARD_TOP, "cut": ir.DrawSource.CUT_CARD}


# a game with a discard that goes out on the table only: scored as its parent, and its random
# games rarely end (a random player seldom lays his last cards), so only its own test plays it
OTHERS = {"rp_stol": ("remik_podstawowy", "  going_out {\n    override by table\n  }")}
_BUILT: dict[str, tuple[ir.Variant, object]] = {}


def _variant(name: str, tmp_path_factory) -> tuple[ir.Variant, object]:
    """A seed or a house variant of DELTAS or OTHERS with its module, built once for the whole module."""
    if name not in _BUILT:
        if name in DELTAS or name in OTHERS:
            parent, body = {**DELTAS, **OTHERS}[name]
            _BUILT[name] = house_variant(tmp_path_factory.mktemp(name), name, parent, body)
        else:
            workspace = Workspace()
            v = workspace.variant(str(SPECS / f"{name}.rules"))
            _BUILT[name] = (v, load_module(v.id, validator_source(v, workspace)))
    return _BUILT[name]


@pytest.fixture(scope="module", params=SEEDS + sorted(DELTAS))
def variant(request, tmp_path_factory):
    return _variant(request.param, tmp_path_factory)


# --- scores ------------------------------------------------------------------------------------

class ScoreOracle:
    """The verifier's deal scores as fast functions: a hand's count, then the deal's scores."""

    @untraced_call
    def __init__(self, v: ir.Variant) -> None:
        self.v = v
        self.enc = Encoder(v)
        cards = self.enc.cards("h", _HAND)
        length = self.enc.integer("h.len")
        opened = z3.Bool("opened", self.enc.ctx)
        count = self.enc.hand_value(cards, length, opened)
        self._count = compile_terms([count], [length, opened, *[x for c in cards for x in (c.rank, c.suit)]])
        self._scores: dict[tuple[int, str, int | None, bool], object] = {}

    @untraced_call
    def count(self, hand: tuple[int, ...], opened: bool) -> int:
        padded = list(hand) + [0] * (_HAND - len(hand))
        return int(self._count(len(hand), opened, *[x for c in padded for x in (c >> 2, c & 3)])[0])

    @untraced_call
    def scores(self, hands, opened, ended_by: str, seat: int | None, cut_card: bool) -> tuple[int, ...]:
        key = (len(hands), ended_by, seat, cut_card)
        f = self._scores.get(key)
        if f is None:
            counts = [self.enc.integer(f"count{i}") for i in range(len(hands))]
            terms = deal_scores(self.enc, counts, ended_by, seat, cut_card=cut_card)
            f = self._scores[key] = compile_terms(terms, counts)
        counted = [self.count(tuple(h), o) for h, o in zip(hands, opened, strict=True)]
        return tuple(int(x) for x in f(*counted))  # type: ignore[operator]


_ORACLES: dict[str, ScoreOracle] = {}


def _score_oracle(v: ir.Variant) -> ScoreOracle:
    """One oracle a variant for the module's tests: compiling the terms from Z3's trees takes
    most of a second, and each score function compiled is kept for the next test."""
    oracle = _ORACLES.get(v.id)
    if oracle is None or oracle.v is not v:
        oracle = _ORACLES[v.id] = ScoreOracle(v)
    return oracle


def _pack(m, n: int) -> list[int]:
    return [int(c) for c in m.CARDS for _ in range(m.PACKS_BY_PLAYERS[n])] + [0] * m.JOKERS_BY_PLAYERS[n]


def _endings(m) -> list[str]:
    out = ["went_out", "stock", "blocked"]
    if m.HANDING:
        out.append("handed")
    if m.KNOCK_MAX is not None:
        out.append("knocked")
    return out


def _random_end(m, rng: random.Random):
    """Hands, opened flags, how the deal ended and by whom: any the deck and the rules allow."""
    n = rng.randint(m.PLAYERS_MIN, m.PLAYERS_MAX)
    pack = _pack(m, n)
    rng.shuffle(pack)
    ended_by = rng.choice(_endings(m))
    seat = None if ended_by in ("stock", "blocked") else rng.randrange(n)
    hands, opened = [], []
    for i in range(n):
        size = 0 if i == seat and ended_by != "knocked" else rng.choice([1, 1, 2, 3, rng.randint(0, _DEALT)])
        hands.append(tuple(sorted(pack.pop() for _ in range(min(size, len(pack))))))
        opened.append(True if i == seat else rng.random() < 0.6)
    return n, tuple(hands), tuple(opened), ended_by, seat, ended_by == "handed" and rng.random() < 0.5


def _referee_scores(m, base, hands, opened, ended_by, seat, cut_taken) -> tuple[int, ...]:
    game = base._copy(hands=tuple(m._sorted(h) for h in hands), opened=opened, cut_taken=cut_taken)
    return tuple(m._scores(game, ended_by, seat)[0])


def _check_scores(variant, count: int) -> int:
    v, m = variant
    oracle = _score_oracle(v)
    rng = random.Random(zlib.crc32(f"scores/{v.id}".encode()))
    bases = {n: m.new_game(n, 0) for n in range(m.PLAYERS_MIN, m.PLAYERS_MAX + 1)}
    wrong = []
    for _ in range(count):
        n, hands, opened, ended_by, seat, cut = _random_end(m, rng)
        referee = _referee_scores(m, bases[n], hands, opened, ended_by, seat, cut)
        verifier = oracle.scores(hands, opened, ended_by, seat, cut)
        plain = tuple(scoring.totals(scoring.deal_scores(
            v, [scoring.hand_count(v, h, o) for h, o in zip(hands, opened, strict=True)],
            ended_by, seat, cut_card=cut)))
        if not referee == verifier == plain:
            wrong.append((hands, opened, ended_by, seat, cut, referee, verifier, plain))
    assert wrong == [], f"{len(wrong)} of {count} disagree, first: {wrong[:3]}"
    return count


def _check_played_deals(variant, games: int) -> int:
    """Deals the referee's own random games play to their end, scored both ways."""
    v, m = variant
    oracle = _score_oracle(v)
    checked = 0
    for seed in range(games):
        rng = random.Random(seed)
        game = m.new_game(m.PLAYERS_MIN + seed % (m.PLAYERS_MAX - m.PLAYERS_MIN + 1), seed)
        for _ in range(4_000):
            if game.over:
                break
            actions = m.legal_actions(game)
            game = m.apply(game, m.random_bot(m.view(game, game.seat), actions, rng))
            assert game, game
        for r in game.results:
            verifier = oracle.scores(r.hands, r.opened, r.ended_by, r.seat, r.with_cut_card)
            assert r.scores == verifier, (r.ended_by, r.seat, r.hands, r.opened, r.scores, verifier)
            checked += 1
    return checked


def test_deal_scores_agree_with_the_verifier(variant):
    _check_scores(variant, BUDGET["scores"])


def test_played_deals_score_as_the_verifier_says(variant):
    assert _check_played_deals(variant, BUDGET["games"]) >= BUDGET["games"]


@pytest.mark.soak
def test_deal_scores_agree_with_the_verifier_at_length(variant):
    _check_scores(variant, SLOW["scores"])


@pytest.mark.soak
def test_played_deals_score_as_the_verifier_says_at_length(variant):
    assert _check_played_deals(variant, SLOW["games"]) >= SLOW["games"]


def test_the_compiled_score_terms_are_z3s_own(variant):
    """The compiled functions evaluate the same terms Z3 does (on a sample)."""
    v, m = variant
    oracle = _score_oracle(v)
    rng = random.Random(zlib.crc32(f"z3/{v.id}".encode()))
    for _ in range(20):
        _, hands, opened, ended_by, seat, cut = _random_end(m, rng)
        counts = [oracle.count(h, o) for h, o in zip(hands, opened, strict=True)]
        terms = deal_scores(oracle.enc, [oracle.enc.num(c) for c in counts], ended_by, seat, cut_card=cut)
        by_z3 = tuple(z3.simplify(t).as_long() for t in terms)
        assert by_z3 == oracle.scores(hands, opened, ended_by, seat, cut)


# --- draws -------------------------------------------------------------------------------------

class DrawOracle:
    """The verifier's `may_draw` for each source, as one fast function of a position."""

    @untraced_call
    def __init__(self, v: ir.Variant) -> None:
        enc = Encoder(v)
        at = DrawPosition.named(enc)
        self.inputs = [at.first_round, at.opened, at.laid, at.drawn, at.melded, at.stock, at.discards, at.cut,
                       *[at.opens_with[s] for s in ir.DrawSource], *[at.hands_with[s] for s in ir.DrawSource]]
        terms = [may_draw(enc, s, at) for s in ir.DrawSource]
        self._f = compile_terms(terms, self.inputs)

    @untraced_call
    def __call__(self, *facts: object) -> set[ir.DrawSource]:
        return {s for s, ok in zip(ir.DrawSource, self._f(*facts), strict=True) if ok}


def _random_turn(m, rng: random.Random, base):
    """The player to move at the start of his turn, or between two draws of it."""
    n = base.players
    pack = _pack(m, n)
    rng.shuffle(pack)
    seat = rng.randrange(n)
    drawn = 0 if rng.random() < 0.5 or m.DRAWS == 1 else rng.randint(1, m.DRAWS)
    hand_size = rng.randint(1, 8 if drawn else 14)
    hands = list(base.hands)
    hands[seat] = m._sorted(pack.pop() for _ in range(hand_size))
    stock = tuple(pack.pop() for _ in range(rng.choice([0, 0, 1, 2, 3, 10])))
    discards = tuple(pack.pop() for _ in range(rng.choice([0, 1, 1, 2, 5])))
    cut = bool(m.CUT_CARD) and len(stock) > 0 and rng.random() < 0.7
    opened = tuple(rng.random() < 0.5 for _ in range(n))
    laid = tuple(o or rng.random() < 0.3 for o in opened)
    melded = drawn > 0 and rng.random() < 0.4
    return base._copy(seat=seat, hands=tuple(hands), stock=stock, discards=discards, cut=cut,
                      opened=opened, laid=laid, first_round=rng.random() < 0.4, draws=drawn,
                      phase="play" if drawn else "draw", melded=melded, must="", taken=None,
                      cut_taken=False, owed=0, last_turns=None, empty_stock=not stock)


def _facts(m, game) -> list[object]:
    seat = game.seat
    hand = tuple(int(c) for c in game.hands[seat])
    seen = {ir.DrawSource.DISCARD_TOP: game.discards[-1] if game.discards else None,
            ir.DrawSource.CUT_CARD: game.stock[0] if game.cut and game.stock else None}
    opens = {s: seen.get(s) is not None and bool(m._can_open((*hand, int(seen[s])))) for s in ir.DrawSource}
    hands = {s: seen.get(s) is not None and bool(m._can_hand((*hand, int(seen[s])))) for s in ir.DrawSource}
    return [game.first_round, game.opened[seat], game.laid[seat], game.draws, game.melded,
            len(game.stock), len(game.discards), game.cut,
            *[opens[s] for s in ir.DrawSource], *[hands[s] for s in ir.DrawSource]]


def _check_draws(variant, count: int) -> int:
    v, m = variant
    oracle = DrawOracle(v)
    rng = random.Random(zlib.crc32(f"draws/{v.id}".encode()))
    bases = [m.new_game(n, 0) for n in range(m.PLAYERS_MIN, m.PLAYERS_MAX + 1)]
    offered_any = 0
    for _ in range(count):
        game = _random_turn(m, rng, rng.choice(bases))
        facts = _facts(m, game)
        allowed = oracle(*facts)
        k = len(ir.DrawSource)
        at = drawing.DrawFacts(*facts[:8], dict(zip(ir.DrawSource, facts[8:8 + k], strict=True)),
                               dict(zip(ir.DrawSource, facts[8 + k:], strict=True)))
        assert {s for s in ir.DrawSource if drawing.may_draw(v, s, at)} == allowed
        offered = {_SOURCES[a.source] for a in m.legal_actions(game) if isinstance(a, m.Draw)}
        accepted = {s for name, s in _SOURCES.items() if m.apply(game, m.Draw(name))}
        assert offered == allowed == accepted, (
            game.draws, game.melded, game.first_round, game.opened[game.seat], len(game.stock),
            len(game.discards), game.cut, offered, allowed, accepted)
        offered_any += bool(offered)
    assert offered_any > count // 10, "the positions should let the player draw often"
    return count


def test_draws_agree_with_the_verifier(variant):
    _check_draws(variant, BUDGET["draws"])


@pytest.mark.soak
def test_draws_agree_with_the_verifier_at_length(variant):
    _check_draws(variant, SLOW["draws"])


def _listed(header: str) -> list[str]:
    text = (SPECS.parent / "docs" / "internals.md").read_text(encoding="utf-8")
    table = text.split(header, 1)[1].split("\n\n", 1)[0]
    return [line.split("`")[1] for line in table.splitlines() if line.startswith("| `")]


def test_every_score_component_and_draw_condition_is_listed_and_played_both_ways(tmp_path_factory):
    """docs/internals.md lists each component of the scoring definition and each condition of
    the drawing definition with its conformance case; the cases' variants (the seeds and DELTAS)
    use each, and leave each unused."""
    assert _listed("| component | conformance case |") == list(scoring.COMPONENTS)
    assert _listed("| draw condition | conformance case |") == list(drawing.DRAW_CONDITIONS)
    variants = []
    for name in SEEDS:
        variants.append(Workspace().variant(str(SPECS / f"{name}.rules")))
    for name, (parent, body) in DELTAS.items():
        folder = tmp_path_factory.mktemp(f"list_{name}")
        (folder / f"{parent}.rules").write_text((SPECS / f"{parent}.rules").read_text(encoding="utf-8"),
                                                encoding="utf-8")
        (folder / f"{name}.rules").write_text(f'variant {name} extends "{parent}" {{\n  name pl "{name}"\n'
                                              f'  name hr "{name}"\n{body}\n}}\n', encoding="utf-8")
        variants.append(Workspace().variant(str(folder / f"{name}.rules")))
    for component, used in [*scoring.COMPONENTS.items(), *drawing.DRAW_CONDITIONS.items()]:
        uses = {used(v) for v in variants}
        assert True in uses, f"no conformance variant uses {component}"
        # every game counts cards by their values, and every game has a stock
        assert component in ("values", "turn.draw.stock") or False in uses, \
            f"every conformance variant uses {component}"


# --- going out and knocking in a game with a discard --------------------------------------------

def _stacked(m, seat1: str, seat0: str, stock: str):
    """Two players, seat 1 to move and draw first, from a stacked deck."""
    return m.new_game(2, 0, hands=[seat0, seat1], stock=stock, first_discard="9♣")


def _play(m, game, *actions):
    for action in actions:
        game = m.apply(game, action)
        assert game, (action, game)
    return game


def _codes(refusal) -> list[str]:
    assert not refusal, refusal
    return [r.code for r in refusal.reasons]


def test_going_out_by_table_never_discards_the_last_card(tmp_path_factory):
    """`going_out by table` in a game with a discard (docs/dsl.md): the last card is laid, never
    discarded, as the verifier reads it (`ending._keeps`: nothing kept back; sim/play.py's judge
    refuses a deal gone out by a discard).  So a lay-down may not leave one card either."""
    _, m = _variant("rp_stol", tmp_path_factory)
    game = _stacked(m, "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", "2♦ 4♦ 6♦ 8♦ 10♦ Q♦ 2♣ 4♣ 6♣ 8♣",
                    "3♦ 7♥ 3♠ 5♥ 6♥")
    game = _play(m, game, "draw from the stock")
    # the run of all ten spades would leave 3♦ alone, which could go only as the discard
    assert _codes(m.apply(game, "lay 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠")) == ["going_out.one_left"]
    listed = m.legal_actions(game)
    assert all(len(game.hands[1]) - sum(map(len, a.melds)) - sum(len(c) for _, c in a.lay_offs) != 1
               for a in listed if isinstance(a, m.Lay))
    game = _play(m, game, "lay 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", "discard 3♦")
    game = _play(m, game, "draw from the stock", "discard 7♥", "draw from the stock")
    assert [str(c) for c in game.hands[1]] == ["3♠", "4♠"]
    # laying off one of two leaves one: refused, and not listed
    assert _codes(m.apply(game, "lay 4♠ on meld 1")) == ["going_out.one_left"]
    assert m.Lay(lay_offs=[(0, "4♠")]) not in m.legal_actions(game)
    # with one card in hand after the draw (as no lay-down now leaves), it may not be discarded
    alone = game._copy(hands=(game.hands[0], (m.Card("4♠"),)))
    assert _codes(m.apply(alone, "discard 4♠")) == ["going_out.table"]
    assert not any(isinstance(a, m.Discard) for a in m.legal_actions(alone))
    # both laid off: he goes out on the table
    out = _play(m, game, "lay 3♠ 4♠ on meld 1")
    assert (out.result.ended_by, out.result.seat) == ("went_out", 1)
    # the bots, random and greedy, go out only on the table
    for seed in range(6):
        rng = random.Random(seed)
        bot = m.greedy_bot if seed % 2 else m.random_bot
        game = m.new_game(2 + seed % 3, seed)
        for _ in range(3_000):
            if game.over or game.deal > 2:
                break
            action = bot(m.view(game, game.seat), m.legal_actions(game), rng)
            after = m.apply(game, action)
            assert after, (action, after)
            if after.deal_over and not game.deal_over and after.result.ended_by in ("went_out", "handed"):
                assert isinstance(action, m.Lay), action
            game = after


def test_knocking_comes_with_the_discard(tmp_path_factory):
    """`knocking` in a game with a discard (003: "Po swojej turze gracz może zakończyć rundę (lub
    zapukać) z pięcioma lub mniej punktami na ręce"): after his turn, that is with its discard,
    counting the cards he keeps; the verifier's game.reachable, incentives.knock and deal.ends
    read it so.  Scored as the verifier says."""
    v, m = _variant("rp_puka", tmp_path_factory)
    game = _stacked(m, "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ A♥ 2♥ K♣", "2♦ 4♦ 6♦ 8♦ 10♦ Q♦ 2♣ 4♣ 6♣ 8♣", "3♦ 7♥")
    game = _play(m, game, "draw from the stock", "lay 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠")
    # kept A♥ 2♥ 3♦ count 6, at most 10: a knock; kept A♥ 2♥ K♣ count 13: not
    knocks = {str(a.card) for a in m.legal_actions(game) if isinstance(a, m.Discard) and a.knock}
    assert knocks == {"K♣"}
    assert _codes(m.apply(game, m.Discard("3♦", knock=True))) == ["knock.too_many"]
    action = m.parse_action("discard K♣ and knock")
    assert action == m.Discard("K♣", knock=True) and str(action) == "discard K♣ and knock"
    assert m.Action.from_dict(action.to_dict()) == action
    assert m.Discard("K♣").to_dict() == {"action": "discard", "card": "K♣"}  # saved as before
    over = _play(m, game, action)
    r = over.result
    assert (r.ended_by, r.seat, [str(c) for c in r.hands[1]]) == ("knocked", 1, ["A♥", "2♥", "3♦"])
    assert r.scores == _score_oracle(v).scores(r.hands, r.opened, "knocked", 1, False)
    # the greedy bots knock (they never did while only `EndTurn` could)
    knocked = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = m.new_game(3, seed)
        for _ in range(2_000):
            if game.over or game.deal > 3:
                break
            game = _play(m, game, m.greedy_bot(m.view(game, game.seat), m.legal_actions(game), rng))
        knocked += sum(r.ended_by == "knocked" for r in game.results)
    assert knocked > 0


def test_deal_ends_counts_a_knock_after_the_discard(tmp_path_factory):
    """`deal.ends` (ways_out) reads knocking as the referee does: a player of rp_puka holding
    one card draws one, discards one and may knock with the card he keeps (any card counts 10
    or less); before, only a game without a discard knocked there."""
    from remikc.verify.base import Probe
    from remikc.verify.ways_out import OUT, Lays, Node, Turns, caps

    v, _ = _variant("rp_puka", tmp_path_factory)
    turns = Turns(Lays(Probe(v), *caps(v)), generous=False, table=False)
    assert OUT in turns.edges(Node(False, False, 1))
    v, _ = _variant("remik_podstawowy", tmp_path_factory)  # no knocking: he keeps one card
    turns = Turns(Lays(Probe(v), *caps(v)), generous=False, table=False)
    assert turns.edges(Node(False, False, 1)) == {Node(False, False, 1)}


def test_a_knock_is_refused_where_the_game_has_none(tmp_path_factory):
    _, m = _variant("remik_podstawowy", tmp_path_factory)
    game = _stacked(m, "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ A♥ 2♥ K♣", "2♦ 4♦ 6♦ 8♦ 10♦ Q♦ 2♣ 4♣ 6♣ 8♣", "3♦ 7♥")
    game = _play(m, game, "draw from the stock")
    assert _codes(m.apply(game, m.Discard("K♣", knock=True))) == ["knock.none"]
    assert not any(isinstance(a, m.Discard) and a.knock for a in m.legal_actions(game))
