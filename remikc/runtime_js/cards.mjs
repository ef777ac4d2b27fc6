// Cards: `Card`, the notation `10♥ Q♠ A♣ JK` (or `10h Qs Ac JK`), reading cards from text.
// The JavaScript twin of remikc/runtime/cards.py: the same codes, names and errors (a Python
// ValueError is a RangeError here, a TypeError a TypeError).

import { RULES } from "./rules.mjs";

export const RANKS = Object.freeze(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]);
export const SUITS = Object.freeze(["♠", "♥", "♦", "♣"]);
const ASCII_SUITS = "shdc";
const MADE_HERE = Symbol("card");

// A card as the API hands it out: one frozen object per card (`Card.of("10♥") === Card.of(41)`),
// with its `code` (rank * 4 + suit for a natural card, rank 1..13 for A..K, suit 0..3 for
// ♠ ♥ ♦ ♣; 0 for a joker), `rank` and `suit` (null for a joker), `isJoker`, and its notation as
// `toString()` and `toJSON()`.
export class Card {
  constructor(code, made) {
    if (made !== MADE_HERE) {
      throw new TypeError("a Card is made by Card.of(\"10♥\") or Card.of(code), not new Card()");
    }
    this.code = code;
    this.rank = code ? code >> 2 : null;
    this.suit = code ? code & 3 : null;
    this.isJoker = !code;
    this.variant = RULES.VARIANT_ID;
    Object.freeze(this);
  }

  // A card from its text (`10♥`, `10h`, `JK`) or its code (0, 4..55).
  static of(card) {
    if (card instanceof Card) return card;
    if (typeof card === "string") return parseCard(card);
    if (Number.isInteger(card)) {
      if (card === 0 || (card >= 4 && card <= 55)) return CARD[card];
      throw new RangeError(`card: ${card} is no card's code (0 is the joker, rank * 4 + suit from 4 to 55 a natural card)`);
    }
    throw new TypeError(notACard(card, "card"));
  }

  toString() {
    return this.code ? RANKS[(this.code >> 2) - 1] + SUITS[this.code & 3] : "JK";
  }

  toJSON() {
    return this.toString();
  }
}

// Every card by its code: CARD[0] the joker, CARD[4..55] the natural cards (1..3 unused).
const CARD = [];
for (let code = 0; code < 56; code++) CARD.push(code === 0 || code >= 4 ? new Card(code, MADE_HERE) : null);
Object.freeze(CARD);

export const JOKER = CARD[0];
export const CARDS = Object.freeze(CARD.slice(4));

function names() {
  const found = new Map();
  for (const name of ["JK", "jk", "Jk", "JOKER", "joker", "Joker"]) found.set(name, 0);
  for (let code = 4; code < 56; code++) {
    const rank = RANKS[(code >> 2) - 1];
    const suit = code & 3;
    const ranks = new Set([rank, rank.toLowerCase(), rank === "10" ? "T" : rank, rank === "10" ? "t" : rank]);
    for (const r of ranks) {
      for (const s of [SUITS[suit], ASCII_SUITS[suit], ASCII_SUITS[suit].toUpperCase()]) found.set(r + s, code);
    }
  }
  return found;
}

const BY_NAME = names();
const SPLIT = /[\s,]+/u;

export function pyRepr(text) {
  // how Python's repr quotes a short text, for messages that name what was given
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replaceAll("'", "\\'")}'`;
}

// The code of one card's text; RangeError naming the token.
export function cardCode(token) {
  if (typeof token !== "string") {
    throw new TypeError(`a card as text (10♥, 10h, Qs, JK), not ${typeName(token)}`);
  }
  const code = BY_NAME.get(token);
  if (code === undefined) {
    if (token.includes("=")) {
      throw new RangeError(`${pyRepr(token)} declares a joker: read a meld with its declared jokers with parseMeld`);
    }
    throw new RangeError(`${pyRepr(token)} is not a card: write ranks A 2..10 J Q K with a suit ♠ ♥ ♦ ♣ (or s h d c), and JK for a joker${numbered(token)}`);
  }
  return code;
}

// " (did you mean J♥?)" for a court card or an ace written as its number (1, 11..14): Python's `_numbered`.
const BY_NUMBER = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };

function numbered(token) {
  const found = /^(1[1-4]?)(\D.*)$/su.exec(token);
  if (!found) return "";
  const code = BY_NAME.get(BY_NUMBER[found[1]] + found[2]);
  return code === undefined ? "" : ` (did you mean ${CARD[code]}?)`;
}

// One card: `10♥`, `10h`, `Qs`, `JK`.
export function parseCard(token) {
  return CARD[cardCode(token)];
}

function tokens(text) {
  return text.trim().split(SPLIT).filter((token) => token);
}

function codesOf(text) {
  return tokens(text).map(cardCode);
}

// Cards separated by spaces or commas.
export function parseCards(text) {
  if (typeof text !== "string") throw new TypeError(`cards as one text ("5♠ 6♠ 7♠"), not ${typeName(text)}`);
  return codesOf(text).map((code) => CARD[code]);
}

// A meld with its declared jokers as codes: [cards, declared], declared empty where no joker
// is declared.
export function _parseMeld(text) {
  if (typeof text !== "string") throw new TypeError(`a meld as one text ("5♠ JK=5♥ 5♦"), not ${typeName(text)}`);
  const cards = [];
  const declared = [];
  for (const token of tokens(text)) {
    const at = token.indexOf("=");
    if (at < 0) {
      const code = cardCode(token);
      cards.push(code);
      if (!code) declared.push(0);
      continue;
    }
    const joker = token.slice(0, at);
    const stands = token.slice(at + 1);
    if (BY_NAME.get(joker) !== 0) throw new RangeError(`${pyRepr(token)}: only a joker is declared, as JK=5♥`);
    const meant = BY_NAME.get(stands);
    if (!meant) {
      throw new RangeError(`${pyRepr(token)}: a joker stands for a card, as JK=5♥ (JK=5h), and ${pyRepr(stands)} is not one`);
    }
    cards.push(0);
    declared.push(meant);
  }
  return [cards, declared.some((c) => c) ? declared : []];
}

// A meld with its declared jokers, `5♠ JK=5♥ JK=5♦`: `{cards, declared}`, the cards (a declared
// joker is a JK among them) and, one for each joker in order, the card it stands for (JK for a
// joker not declared); `declared` is empty where no joker is declared.
export function parseMeld(text) {
  const [cards, declared] = _parseMeld(text);
  return { cards: cards.map((c) => CARD[c]), declared: declared.map((c) => CARD[c]) };
}

// Cards as text, `10♥ Q♠ JK`.
export function formatCards(cards) {
  return _cards(cards).map((c) => CARD[c].toString()).join(" ");
}

export function _declared(cards, declared) {
  const given = _cards(declared, "declared");
  const jokers = cards.filter((c) => c === 0).length;
  if (given.length && given.length !== jokers) {
    throw new RangeError(`${given.length} declared card(s) for ${jokers} joker(s): name one for each joker, JK for one not declared`);
  }
  return given.some((c) => c) ? given : [];
}

export function _textsDeclared(cards, declared) {
  let i = 0;
  return cards.map((c) => (c ? CARD[c].toString() : jokerText(i < declared.length ? declared[i++] : 0)));
}

function jokerText(stands) {
  return stands ? `JK=${CARD[stands]}` : "JK";
}

export function _show(cards) {
  return cards.map((c) => CARD[c].toString()).join(" ");
}

export function _showDeclared(cards, declared) {
  return _textsDeclared(cards, declared).join(" ");
}

function typeName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "Array";
  if (typeof value === "object") return value.constructor ? value.constructor.name : "object";
  return typeof value;
}

function notACard(card, name) {
  if (card !== null && typeof card === "object" && card.constructor && card.constructor.name === "Card") {
    return `${name}: ${card} is a Card of another variant's module (${card.variant}), not of ${RULES.VARIANT_ID}'s: give its text ${pyRepr(String(card))} or this module's Card`;
  }
  const wanted = `${name}: a Card or a card's text ("10♥", "JK"), not ${typeName(card)}`;
  if (typeof card === "number") return `${wanted} ${card} (Card.of(code) makes a card of a card's code)`;
  return wanted;
}

// `cards` as codes, at the API's edge: a text (`"10♥ Q♠ JK"`), or an iterable of Cards and
// card texts; anything else, a number among them too, a TypeError naming the argument.
export function _cards(cards, name = "cards") {
  if (typeof cards === "string") return codesOf(cards);
  if (cards === null || typeof cards !== "object" || typeof cards[Symbol.iterator] !== "function"
      || cards instanceof Map || ArrayBuffer.isView(cards)) {
    throw new TypeError(`${name}: cards as a text ("10♥ Q♠ JK") or an iterable of Cards and card texts, not ${typeName(cards)}`);
  }
  return Array.from(cards, (card) => _card(card, name));
}

export function _card(card, name = "card") {
  if (card instanceof Card) return card.code;
  if (typeof card === "string") return cardCode(card);
  throw new TypeError(notACard(card, name));
}

export function _typeName(value) {
  return typeName(value);
}
