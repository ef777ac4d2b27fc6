// Melds, openings, hands and lay-offs judged: every check answers a `Verdict`.  The JavaScript
// twin of remikc/runtime/melds.py, function for function (the same names in camelCase), so that
// the two agree on every meld: tests/test_web_conformance.py holds them to it.

import { RULES } from "./rules.mjs";
import { Card, _cards, _declared, _parseMeld, _show, _showDeclared, _typeName, RANKS } from "./cards.mjs";
import { _because } from "./reasons.mjs";

const R = RULES;

// What the rules say: `ok`, the meld's `kind` ("set", "run" or null), its `points`, and for a
// refusal the `reasons`, each a `Reason`.
export class Verdict {
  constructor(ok, kind, points, reasons = []) {
    this.ok = ok;
    this.kind = kind;
    this.points = points;
    this.reasons = Object.freeze([...reasons]);
    Object.freeze(this);
  }

  // `{ok, kind, points, reasons}`: plain JSON values, as Python's `Verdict.to_dict`.
  toJSON() {
    return { ok: this.ok, kind: this.kind, points: this.points, reasons: this.reasons.map((r) => r.toJSON()) };
  }

  toString() {
    if (this.ok) return `Verdict(ok, ${this.kind ? `${this.kind}, ` : ""}${this.points} points)`;
    return `Verdict(refused: ${this.reasons.map(String).join("; ")})`;
  }
}

// --- small helpers: Python's tuple arithmetic -----------------------------------------------

function mod(a, n) {
  return ((a % n) + n) % n;
}

function count(cards, card) {
  let n = 0;
  for (const c of cards) if (c === card) n++;
  return n;
}

function bitCount(x) {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

function sum(values) {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function sortedSet(cards) {
  return [...new Set(cards)].sort((a, b) => a - b);
}

function sortedCodes(cards) {
  return [...cards].sort((a, b) => a - b);
}

// itertools.permutations, in its order, each distinct order once (dict.fromkeys)
function distinctPermutations(items) {
  const seen = new Set();
  const out = [];
  const walk = (chosen, left) => {
    if (!left.length) {
      const key = chosen.join(",");
      if (!seen.has(key)) {
        seen.add(key);
        out.push(chosen);
      }
      return;
    }
    for (let i = 0; i < left.length; i++) walk([...chosen, left[i]], [...left.slice(0, i), ...left.slice(i + 1)]);
  };
  walk([], items);
  return out;
}

function mayLayOff(firstRound, opened, opensThisTurn, handing) {
  return R._MAY_LAY_OFF[(firstRound ? 8 : 0) + (opened ? 4 : 0) + (opensThisTurn ? 2 : 0) + (handing ? 1 : 0)];
}

// --- melds -----------------------------------------------------------------------------------

// What every meld must satisfy, set or run: jokers and the cards the deck has.
function common(cards, n, opening, why) {
  const jokers = count(cards, 0);
  let ok = n >= 1;
  if (!ok && why !== null) why.push(_because("meld.empty"));
  if (R.HAS_JOKERS) {
    const limit = opening ? R.JOKERS_PER_MELD_AT_OPENING : R.JOKERS_PER_MELD;
    if (limit !== null && jokers > limit) {
      if (why === null) return false;
      ok = false;
      if (opening) why.push(_because("meld.jokers_opening", R._WHY_JOKER_LIMIT_OPENING, { jokers, limit }));
      else why.push(_because("meld.jokers", R._WHY_JOKER_LIMIT, { jokers, limit }));
    }
    if (n - jokers < R.MIN_NATURAL) {
      if (why === null) return false;
      ok = false;
      why.push(_because("meld.natural", R._WHY_MIN_NATURAL, { least: R.MIN_NATURAL }));
    }
  }
  if (jokers > R.DECK_JOKERS) {
    if (why === null) return false;
    ok = false;
    why.push(_because("deck.jokers", R._WHY_DECK_JOKERS, { jokers, deck: R.DECK_JOKERS }));
  }
  const naturals = n - jokers;
  if ((R.COPIES_MATTER || why !== null) && naturals > R.COPIES
      && new Set(cards).size - (jokers ? 1 : 0) < naturals) {
    for (const card of sortedSet(cards)) {
      if (card && count(cards, card) > R.COPIES) {
        if (why === null) return false;
        ok = false;
        why.push(_because("deck.copies", R._WHY_COPIES, { card: String(Card.of(card)), times: count(cards, card),
                                                            copies: R.COPIES }));
      }
    }
  }
  return ok;
}

// The points of the cards read as a run (listed in order), or below 0 if they are not one (-2
// where no other order of them is one either).
function run(cards, n, why) {
  let k = 0;
  while (k < n && !cards[k]) k++;
  let start;
  let suit;
  if (k < n) {
    start = mod((cards[k] >> 2) - k - 1, 13) + 1;
    suit = cards[k] & 3;
  } else {
    start = R.ACE_LOW ? 1 : 2;
    suit = 0;
  }
  const end = start + n - 1;
  let ok = true;
  if (!R.JOKERS_IN_RUNS && (k || cards.slice(k, n).includes(0))) {
    if (why === null) return -2;
    ok = false;
    why.push(_because("run.jokers", R._WHY_JOKERS_ONLY_IN));
  }
  if (!(R.RUN_MIN <= n && n <= R.RUN_MAX)) {
    if (why === null) return -2;
    ok = false;
    if (R.RUN_SIZE_OPEN) {
      if (n < R.RUN_MIN) why.push(_because("run.size", R._WHY_RUN_SIZE, { n, low: R.RUN_MIN, high: null, form: "open" }));
    } else {
      why.push(_because("run.size", R._WHY_RUN_SIZE, { n, low: R.RUN_MIN, high: R.RUN_MAX, form: "range" }));
    }
  }
  if (n > 14 || (n === 14 && start !== 1)) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("run.rank_twice", R._WHY_RUN, { n, form: R.ACE_TO_ACE ? "ace_to_ace" : "at_most_13" }));
  }
  if (!R.WRAP && end > 14) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("run.wrap", R._WHY_WRAP));
  }
  if (!R.ACE_HIGH && end > 13) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("run.ace_not_high", R._WHY_ACE));
  }
  if (!R.ACE_LOW && start === 1) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("run.ace_not_low", R._WHY_ACE));
  }
  if (!R.ACE_TO_ACE && start === 1 && n === 14) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("run.ace_to_ace", R._WHY_ACE_TO_ACE));
  }
  if (n === 14 && R.COPIES < 2 && cards[0] && cards[0] === cards[13]) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("deck.copies", R._WHY_COPIES, { card: String(Card.of(cards[0])), times: 2, copies: R.COPIES }));
  }
  let wanted = (start <= 13 ? start : start - 13) * 4 + suit;
  for (const card of cards) {
    if (card && (R.RUN_SAME_SUIT ? card !== wanted : card >> 2 !== wanted >> 2)) {
      if (why === null) return R.RUN_SAME_SUIT && ((card ^ wanted) & 3) ? -2 : -1;
      if (ok) {
        const belongs = R.RUN_SAME_SUIT ? String(Card.of(wanted)) : RANKS[(wanted >> 2) - 1];
        const rule = card >> 2 === wanted >> 2 ? R._WHY_RUN_ORDER : R._WHY_RUN;
        why.push(_because("run.order", rule, { card: String(Card.of(card)), belongs,
                                               form: R.RUN_SAME_SUIT ? "card" : "rank" }));
      }
      ok = false;
    }
    wanted = wanted < 52 ? wanted + 4 : wanted - 48;
  }
  if (!ok) return -1;
  let points = sum(R.RUN_VALUE.slice(start, start + n));
  const fixed = R.JOKER_FIXED;
  if (fixed !== null) {
    for (let i = 0; i < n; i++) if (!cards[i]) points += fixed - R.RUN_VALUE[start + i];
  }
  return points;
}

// The points of the cards read as a set, or -1 if they are not one.
function set(cards, n, why) {
  let k = 0;
  while (k < n && !cards[k]) k++;
  const rank = k < n ? cards[k] >> 2 : 1;
  let ok = true;
  if (!R.JOKERS_IN_SETS && (k || cards.slice(k, n).includes(0))) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("set.jokers", R._WHY_JOKERS_ONLY_IN));
  }
  if (!(R.SET_MIN <= n && n <= R.SET_MAX)) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("set.size", R._WHY_SET_SIZE, { n, low: R.SET_MIN, high: R.SET_MAX, form: "range" }));
  }
  let suits = 0;
  let naturals = 0;
  for (const card of cards) {
    if (card) {
      naturals++;
      if (card >> 2 !== rank) {
        if (why === null) return -1;
        if (ok) why.push(_because("set.rank", R._WHY_SET_RANK, { card: String(Card.of(card)), rank: RANKS[rank - 1] }));
        ok = false;
      }
      suits |= 1 << (card & 3);
    }
  }
  if (R.SET_DISTINCT_SUITS && (n > 4 || bitCount(suits) < naturals)) {
    if (why === null) return -1;
    ok = false;
    why.push(_because("set.suits", R._WHY_SET_SUITS));
  }
  if (!ok) return -1;
  const value = R.SET_VALUE[rank];
  const fixed = R.JOKER_FIXED;
  return naturals * value + (n - naturals) * (fixed === null ? value : fixed);
}

// The rules' verdict on a meld (Python's `_read` and `_worked_out`).
function read(cards, opening, kind = null) {
  const n = cards.length;
  const jokers = cards.includes(0);
  const needsCommon = jokers || n < R.COMMON_MIN || (R.COPIES_MATTER && n > R.COPIES);
  if (needsCommon && !common(cards, n, opening, null)) return refuse(cards, opening, kind);
  let k = 0;
  while (k < n && !cards[k]) k++;
  let j = k + 1;
  while (j < n && !cards[j]) j++;
  let asRun = kind !== "set";
  let asSet = kind !== "run";
  if (j < n) {
    if (cards[k] >> 2 !== cards[j] >> 2) asSet = false;
    else if (j - k < 13) asRun = false;
  }
  let asRunPoints = R.HAS_RUN && asRun ? run(cards, n, null) : -1;
  if (asRunPoints === -1 && R.HAS_RUN && kind !== "set" && (asRun || n >= 13) && !jokers
      && (R.WRAP || n >= 13 || mayReorder(cards, n))) {
    const ordered = inOrder(cards);
    if (ordered !== null) asRunPoints = run(ordered, n, null);
  }
  const asSetPoints = R.HAS_SET && asSet ? set(cards, n, null) : -1;
  if (asRunPoints >= 0 && asSetPoints >= 0) {
    if (R.AMBIGUOUS === "set" || (R.AMBIGUOUS === "higher" && asSetPoints > asRunPoints)) {
      return new Verdict(true, "set", asSetPoints);
    }
    if (R.AMBIGUOUS === "refused") {
      return new Verdict(false, null, 0, [_because("meld.ambiguous", R._WHY_AMBIGUOUS, {
        cards: _show(cards), set_points: asSetPoints, run_points: asRunPoints })]);
    }
  }
  if (asRunPoints >= 0) return new Verdict(true, "run", asRunPoints);
  if (asSetPoints >= 0) return new Verdict(true, "set", asSetPoints);
  return refuse(cards, opening, kind);
}

// Could another order of these cards (no jokers, fewer than 13, no corner to turn) be a run?
function mayReorder(cards, n) {
  const first = cards[0];
  const last = cards[cards.length - 1];
  if (-4 * n < last - first && last - first < 4 * n) return true;
  const top = 60 - 4 * n;
  return (first < 8 && cards[1] >= top && last >= top)
    || (last < 8 && first >= top && cards[cards.length - 2] >= top);
}

// Cards without jokers in the order of the run they make, the one worth most; null if none.
function inOrder(cards) {
  const n = cards.length;
  const ranked = sortedCodes(cards);
  if (n < 13 && !R.WRAP) {
    const low = ranked[0] >> 2;
    const high = ranked[n - 1] >> 2;
    let order;
    if (high - low === n - 1) order = ranked;
    else if (low === 1 && high === 13 && n > 1 && ranked[1] >> 2 === 15 - n) order = [...ranked.slice(1), ranked[0]];
    else return null;
    return run(order, n, null) >= 0 ? order : null;
  }
  const breaks = [];
  for (let i = 0; i < n; i++) {
    if (mod((ranked[i] >> 2) - (ranked[mod(i - 1, n)] >> 2), 13) !== 1) breaks.push(i);
  }
  if (breaks.length > 1) return null;
  let best = null;
  let most = -1;
  const starts = breaks.length ? breaks : [...Array(n).keys()];
  for (const i of starts) {
    const order = [...ranked.slice(i), ...ranked.slice(0, i)];
    const points = run(order, n, null);
    if (points > most) {
      best = order;
      most = points;
    }
  }
  return best;
}

// The meld as it lies on the table: a run without jokers given out of order, in its order.
function tableOrder(cards, kind) {
  if (kind === "run" && !cards.includes(0) && run(cards, cards.length, null) < 0) {
    const ordered = inOrder(cards);
    return ordered === null || !ordered.length ? cards : ordered;
  }
  return cards;
}

// The order a refusal explains cards without jokers in: sorted by rank, from after the widest gap.
function writtenOrder(cards) {
  if (cards.includes(0) || cards.length < 2) return cards;
  const ranked = sortedCodes(cards);
  const n = ranked.length;
  const gaps = ranked.map((c, i) => mod((c >> 2) - (ranked[mod(i - 1, n)] >> 2), 13));
  let start = 0;
  for (let i = 1; i < n; i++) if (gaps[i] > gaps[start]) start = i;
  return [...ranked.slice(start), ...ranked.slice(0, start)];
}

function refuse(cards, opening, kind = null) {
  return new Verdict(false, null, 0, reasons(cards, opening, kind));
}

// Every rule the cards break, explained as the meld they look like or as the kind named.
function reasons(cards, opening, kind) {
  const n = cards.length;
  if (!n) return [_because("meld.empty")];  // no cards: that alone, as Python's `_reasons`
  const why = [];
  common(cards, n, opening, why);
  if (kind === null) kind = new Set(cards.filter((c) => c).map((c) => c >> 2)).size <= 1 ? "set" : "run";
  if (R.HAS_SET && R.HAS_RUN) {
    if (kind === "set") set(cards, n, why);
    else run(writtenOrder(cards), n, why);
  } else if (R.HAS_SET) {
    if (kind === "run") why.push(_because("meld.no_runs"));
    else set(cards, n, why);
  } else {
    if (kind === "set") why.push(_because("meld.no_sets"));
    run(writtenOrder(cards), n, why);
  }
  return why.length ? why : [_because("meld.none", null, { cards: _show(cards) })];
}

function checkKind(kind) {
  if (kind !== null && kind !== "run" && kind !== "set") {
    throw new RangeError(`kind must be 'run', 'set' or null, not ${JSON.stringify(kind)}`);
  }
}

// Is this a valid meld?  `cards`: a text (`"10♥ JK Q♥"`, jokers may be declared: `5♠ JK=5♥`) or
// an iterable of Cards and card texts.  Options: `opening` (the rules for melds laid when
// opening), `kind` ("run" or "set": judge the cards only as that kind), `declared` (the card
// each joker stands for, one for each joker in order, JK for one not declared).
export function checkMeld(cards, { opening = false, kind = null, declared = null } = {}) {
  checkKind(kind);
  flag(opening, "opening");
  let codes;
  let named = [];
  if (typeof cards === "string" && cards.includes("=")) [codes, named] = _parseMeld(cards);
  else codes = _cards(cards);
  if (declared !== null && declared !== undefined) named = _declared(codes, declared);
  if (named.length) return readDeclared(codes, named, !!opening, kind);
  return read(codes, !!opening, kind);
}

// A meld whose jokers are declared: judged as the cards they stand for.
function readDeclared(cards, declared, opening, kind) {
  if (!declared.length) return read(cards, opening, kind);
  const n = cards.length;
  if (!common(cards, n, opening, null)) return refuse(cards, opening, kind);
  let at = 0;
  const filled = cards.map((c) => c || declared[at++]);
  if (kind === null) kind = new Set(filled.filter((c) => c).map((c) => c >> 2)).size === 1 ? "set" : "run";
  const verdict = read(filled, opening, kind);
  const fixed = R.JOKER_FIXED;
  if (!verdict.ok || fixed === null) return verdict;
  const named = declared.filter((d) => d);
  if (verdict.kind === "set") {
    const rank = filled.find((c) => c) >> 2;
    return new Verdict(true, "set", verdict.points + (fixed - R.SET_VALUE[rank]) * named.length);
  }
  const order = filled.includes(0) ? filled : tableOrder(filled, "run");
  const k = order.findIndex((c) => c);
  const start = mod((order[k] >> 2) - k - 1, 13) + 1;
  let places;
  if (order === filled) places = [...Array(n).keys()].filter((i) => !cards[i] && filled[i]);
  else places = named.map((card) => order.lastIndexOf(card));
  let points = verdict.points;
  for (const i of places) points += fixed - R.RUN_VALUE[start + i];
  return new Verdict(true, "run", points);
}

// The readings a meld on the table may have: `kind` if given, else each valid one.
function kinds(cards, kind) {
  if (kind !== null) return [kind];
  const found = ["run", "set"].filter((k) => read(cards, false, k).ok);
  return found.length ? found : ["run"];
}

function meldOnTable(meld, kind) {
  if (typeof meld === "string" && meld.includes("=")) {
    const [cards, declared] = _parseMeld(meld);
    if (declared.length && kind === null) kind = readDeclared(cards, declared, false, null).kind;
    return [cards, declared, kind];
  }
  return [_cards(meld, "meld"), [], kind];
}

// --- openings --------------------------------------------------------------------------------

function meldTexts(melds, name) {
  const parts = melds.split(/[+|,]/).map((part) => part.trim());
  if (parts.length === 1 && parts[0] === "") return [];
  parts.forEach((part, i) => {
    if (!part) {
      throw new RangeError(`${name}: meld ${i + 1} of ${parts.length} has no cards: write melds like "J♠ J♥ J♦ + 6♦ 7♦ 8♦"`);
    }
  });
  return parts;
}

function iterable(value) {
  return value !== null && typeof value === "object" && typeof value[Symbol.iterator] === "function";
}

// Melds as Cards: from a list of melds, or one text with melds separated by `+`, `|` or `,`.
export function parseMelds(melds) {
  if (typeof melds === "string") return meldTexts(melds, "melds").map((part) => _cards(part).map((c) => Card.of(c)));
  if (!iterable(melds)) {
    throw new TypeError(`melds: melds as a text ("5♠ 5♥ 5♦ + 6♣ 7♣ 8♣") or a list of melds, not ${_typeName(melds)}`);
  }
  return Array.from(melds, (m) => _cards(m, "melds").map((c) => Card.of(c)));
}

function declaredMelds(melds, name = "melds") {
  if (typeof melds === "string") return meldTexts(melds, name).map(_parseMeld);
  if (!iterable(melds)) {
    throw new TypeError(`${name}: melds as a text ("5♠ 5♥ 5♦ + 6♣ 7♣ 8♣") or a list of melds, not ${_typeName(melds)}`);
  }
  return Array.from(melds, (m) => (typeof m === "string" ? _parseMeld(m) : [_cards(m, name), []]));
}

// Is this a valid first lay-down?  `melds`: a list of melds, or one text with melds separated
// by `+`, `|` or `,`; jokers may be declared (`A♣ JK=A♥ JK=A♦`).  `points` is their total.
export function checkOpening(melds) {
  const given = declaredMelds(melds);
  const laid = given.map(([meld]) => meld);
  const why = [];
  let total = 0;
  let runsWithoutJokers = 0;
  given.forEach(([meld, declared], i) => {
    const verdict = declared.length ? readDeclared(meld, declared, true, null) : read(meld, true);
    if (!verdict.ok) {
      for (const r of verdict.reasons) {
        why.push(r._within("meld", { meld_number: i + 1, meld_cards: _showDeclared(meld, declared) }));
      }
      return;
    }
    total += verdict.points;
    if (verdict.kind === "run" && !meld.includes(0)) runsWithoutJokers++;
  });
  const everything = laid.flat();
  if (laid.length && !why.length) commonDeck(everything, why);
  if (R.HAS_OPENING) {
    if (laid.length < R.OPENING_MIN_MELDS) {
      why.push(_because("opening.melds", R._WHY_OPENING_MIN_MELDS, { melds: laid.length, least: R.OPENING_MIN_MELDS }));
    }
    if (!why.length && total < R.OPENING_MIN_POINTS) {
      why.push(_because("opening.points", R._WHY_OPENING_MIN_POINTS, { points: total, least: R.OPENING_MIN_POINTS }));
    }
    if (!why.length && R.OPENING_CLEAN_RUN && !runsWithoutJokers) {
      why.push(_because("opening.clean_run", R._WHY_OPENING_CLEAN_RUN));
    }
  } else if (!laid.length) {
    why.push(_because("opening.empty"));
  }
  if (why.length) return new Verdict(false, null, 0, why);
  return new Verdict(true, null, total);
}

// The deck's limits over several melds laid together.
function commonDeck(cards, why) {
  const jokers = count(cards, 0);
  if (jokers > R.DECK_JOKERS) why.push(_because("deck.jokers", R._WHY_DECK_JOKERS, { jokers, deck: R.DECK_JOKERS }));
  for (const card of sortedSet(cards)) {
    if (card && count(cards, card) > R.COPIES) {
      why.push(_because("deck.copies", R._WHY_COPIES, { card: String(Card.of(card)), times: count(cards, card),
                                                         copies: R.COPIES }));
    }
  }
}

// A yes-or-no option: true or false, nothing else ("no" and 1 are truthy: a caller's slip would
// read as yes).
function flag(value, name) {
  if (typeof value !== "boolean") throw new TypeError(`${name}: true or false, not ${_typeName(value)} ${value}`);
}

// --- hands -----------------------------------------------------------------------------------

// What the cards left in hand count at the end of a round (before any doubling): Python's
// `hand_value`.  Cards no deck of this game could deal are a RangeError.
export function handPoints(cards, { opened = true } = {}) {
  const held = _cards(cards);
  flag(opened, "opened");
  if (!opened && R.NOT_OPENED !== null) return R.NOT_OPENED;
  const why = [];
  commonDeck(held, why);
  if (why.length) throw new RangeError(why.map(String).join("; "));
  return sum(held.map((c) => R.HAND_VALUE[c]));
}

// --- laying off ------------------------------------------------------------------------------

function longestMeld() {
  return Math.max(R.HAS_RUN ? Math.min(R.RUN_MAX, 14) : 0, R.HAS_SET ? R.SET_MAX : 0);
}

// May `cards` from hand be added to `meld` on the table?  Options as Python's `check_lay_off`:
// `opened`, `firstRound`, `opensThisTurn`, `handing`, `emptiesHand`, `kind`, `declared`.
export function checkLayOff(meld, cards, { opened = true, firstRound = false, opensThisTurn = false, handing = false,
                                           emptiesHand = false, kind = null, declared = null } = {}) {
  checkKind(kind);
  for (const [name, value] of Object.entries({ opened, firstRound, opensThisTurn, handing, emptiesHand })) {
    flag(value, name);
  }
  let onTable;
  let tableNamed;
  [onTable, tableNamed, kind] = meldOnTable(meld, kind);
  const [added, named] = addedCards(cards, declared);
  if (!added.length) throw new RangeError("cards: no card to lay off: give the cards from hand added to the meld");
  return layOff(onTable, tableNamed, kind, added, named, { opened, firstRound, opensThisTurn, handing, emptiesHand });
}

function addedCards(cards, declared) {
  let added;
  let named = [];
  if (typeof cards === "string" && cards.includes("=")) [added, named] = _parseMeld(cards);
  else added = _cards(cards);
  if (declared !== null && declared !== undefined) named = _declared(added, declared);
  return [added, named];
}

function layOff(onTable, tableNamed, kind, added, named, { opened, firstRound, opensThisTurn, handing, emptiesHand }) {
  const why = [];
  if (!mayLayOff(firstRound, opened, opensThisTurn, handing)) why.push(_because("lay_off.not_now", R._WHY_LAY_OFF));
  if (R.HANDING_FORBIDS_LAY_OFF && handing) why.push(_because("lay_off.handing", R._WHY_HANDING_LAY_OFF));
  if (emptiesHand && R.LAST_CARD_BY_DISCARD_ONLY) why.push(_because("going_out.discard", R._WHY_GOING_OUT));
  const before = readDeclared(onTable, tableNamed, false, kind);
  if (!before.ok) {
    why.push(_because("meld.invalid", null, { cards: _show(onTable) }));
    return new Verdict(false, null, 0, why);
  }
  const readings = !tableNamed.length ? kinds(onTable, kind) : [before.kind];
  const closed = R.HAS_SET ? R.SET_CLOSED_AT : null;
  if (closed !== null && readings.length === 1 && readings[0] === "set" && onTable.length >= closed) {
    why.push(_because("set.closed", R._WHY_SET_CLOSED_AT, { n: onTable.length }));
  }
  if (why.length) return new Verdict(false, null, 0, why);
  const open = readings.filter((k) => k !== "set" || closed === null || onTable.length < closed);
  const found = fit(onTable, tableNamed, added, named, open);
  if (found !== null) return found;
  const shown = _showDeclared(added, named);
  if (named.length && fit(onTable, tableNamed, added, [], open) !== null) {
    return new Verdict(false, null, 0, [_because("lay_off.declared", null, {
      cards: shown, meld: _showDeclared(onTable, tableNamed) })]);
  }
  return new Verdict(false, null, 0, [_because("lay_off.no_fit", null, {
    cards: shown, meld: _show(onTable), form: readings.length > 1 ? "either" : readings[0] })]);
}

function paired(cards, named) {
  let at = 0;
  return cards.map((c) => [c, c || (at < named.length ? named[at++] : 0)]);
}

// The first place the added cards fit the meld read as one of `readings` (Python's `_fit`).
function fit(onTable, tableNamed, added, named, readings) {
  if (onTable.length + added.length > longestMeld()) return null;
  if (!tableNamed.length && !named.length) {
    const orders = added.length <= 6 ? distinctPermutations(added) : [added];
    for (const reading of readings) {
      for (const order of orders) {
        for (let k = 0; k <= order.length; k++) {
          const after = read([...order.slice(0, k), ...onTable, ...order.slice(k)], false, reading);
          if (after.ok) return after;
        }
      }
    }
    for (const [cards] of runPlaces(onTable, [], added, [], readings)) {
      const after = read(cards, false, "run");
      if (after.ok) return after;
    }
    return null;
  }
  const table = paired(onTable, tableNamed);
  const given = paired(added, named);
  const orders = given.length <= 6 ? distinctPairPermutations(given) : [given];
  for (const reading of readings) {
    for (const order of orders) {
      for (let k = 0; k <= order.length; k++) {
        const both = [...order.slice(0, k), ...table, ...order.slice(k)];
        const after = readDeclared(both.map(([c]) => c), both.filter(([c]) => !c).map(([, m]) => m), false, reading);
        if (after.ok) return after;
      }
    }
  }
  for (const [cards, meant] of runPlaces(onTable, tableNamed, added, named, readings)) {
    const after = readDeclared(cards, meant, false, "run");
    if (after.ok) return after;
  }
  return null;
}

function distinctPairPermutations(pairs) {
  const byKey = new Map(pairs.map((p) => [p.join(":"), p]));
  return distinctPermutations(pairs.map((p) => p.join(":"))).map((order) => order.map((key) => byKey.get(key)));
}

// The run `onTable` grown by all the `added` cards, each natural card at the place its rank
// holds before or after the run, a joker not declared in any place left (Python's `_run_places`).
function* runPlaces(onTable, tableNamed, added, named, readings) {
  if (!R.HAS_RUN || !readings.includes("run") || added.length <= 6) return;
  const table = paired(onTable, tableNamed);
  const given = paired(added, named);
  const k = table.findIndex(([, meant]) => meant);
  if (k < 0) return;
  const natural = table[k][1];
  const start = mod((natural >> 2) - k - 1, 13) + 1;
  const suit = natural & 3;
  const end = start + table.length - 1;
  const first = R.ACE_LOW ? 1 : 2;
  const last = R.WRAP ? 26 : (R.ACE_HIGH ? 14 : 13);
  const fits = (meant, place) => meant >> 2 === mod(place - 1, 13) + 1 && (!R.RUN_SAME_SUIT || (meant & 3) === suit);
  function* filled(places, left) {
    if (!places.length) {
      yield [];
      return;
    }
    const seen = new Set();
    for (let i = 0; i < left.length; i++) {
      const [card, meant] = left[i];
      const key = `${card}:${meant}`;
      if (!seen.has(key) && (!meant || fits(meant, places[0]))) {
        seen.add(key);
        for (const rest of filled(places.slice(1), [...left.slice(0, i), ...left.slice(i + 1)])) {
          yield [[card, meant], ...rest];
        }
      }
    }
  }
  for (let ahead = 0; ahead <= given.length; ahead++) {
    const behind = given.length - ahead;
    if (start - ahead < first || end + behind > last) continue;
    const places = [];
    for (let p = start - ahead; p < start; p++) places.push(p);
    for (let p = end + 1; p < end + behind + 1; p++) places.push(p);
    for (const order of filled(places, given)) {
      const both = [...order.slice(0, ahead), ...table, ...order.slice(ahead)];
      yield [both.map(([c]) => c), both.filter(([c]) => !c).map(([, m]) => m)];
    }
  }
}

