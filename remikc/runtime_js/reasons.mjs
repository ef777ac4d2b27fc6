// Reasons: why a rule refuses, as a record an app can branch on and show in its players'
// language.  The JavaScript twin of remikc/runtime/reasons.py: the same codes, parameters and
// words (the tables `remikc build` writes into the module, remikc/wording/reasons.py).

import { RULES } from "./rules.mjs";

// The languages `Reason.message` speaks: "en", "pl", "hr".
export const LANGUAGES = Object.freeze(Object.keys(RULES._REASONS));

const CATEGORY = { z: "zero", o: "one", t: "two", f: "few", m: "many", x: "other" };

// The CLDR plural category of `n`: _PLURALS holds 0..199; above, the last two digits decide.
function category(lang, n) {
  n = Math.abs(n);
  return CATEGORY[RULES._PLURALS[lang][n < 200 ? n : 100 + (n % 100)]];
}

// a joker in a parameter's cards: `JK`, or `JK=5♥` declared as the five of hearts
const JOKER_TOKEN = /\bJK(?:=((?:10|[2-9AJQK])[♠♥♦♣]))?/gu;
const FIELD = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_]*))?\}/g;

function plain(value) {
  // as Python's str() writes a parameter
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return String(value);
}

// `str.format` as remikc/runtime/reasons.py's `_Words` does it: `{n:card}` writes the number and
// the noun in the form it takes, `{seat:seat}` a seat counted from 1, cards name the joker as the
// language's rulebooks do (`Joker (5♥)`, `Džoker`; `JK` in English).
export function _format(lang, text, params) {
  const joker = RULES._JOKER_WORDS[lang];
  return text.replace(FIELD, (whole, name, spec) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (!Object.prototype.hasOwnProperty.call(params, name)) throw new RangeError(`no parameter ${name}`);
    const value = params[name];
    if (spec === "seat") return String(Number(value) + 1);
    const forms = spec ? RULES._NOUNS[lang][spec] : undefined;
    if (forms === undefined) {
      let shown = plain(value);
      if (joker !== "JK" && typeof value === "string" && value.includes("JK")) {
        shown = shown.replace(JOKER_TOKEN, (_, card) => (card === undefined ? joker : `${joker} (${card})`));
      }
      return shown;
    }
    const n = Number(value);
    return `${n} ${forms[category(lang, n)] || forms.other}`;
  });
}

// Why a rule refuses: `code` (stable: an app branches on it), `rule` (the rule id, e.g.
// "run.wrap"; null where no rule of the spec is involved), `line` (where the spec states it,
// "specs/remik51.rules:68", or null) and `params` (plain values: cards as text, numbers).
// `message(lang)` words it in "en", "pl" or "hr"; `toString()` is the English message.
export class Reason {
  constructor(code, rule = null, line = null, params = {}) {
    this.code = code;
    this.rule = rule;
    this.line = line;
    this.params = Object.freeze({ ...params });
    Object.freeze(this);
  }

  message(lang = "en") {
    const texts = RULES._REASONS[lang];
    if (texts === undefined || !Object.prototype.hasOwnProperty.call(RULES._REASONS, lang)) {
      throw new RangeError(`lang: one of ${LANGUAGES.map((l) => `'${l}'`).join(", ")}, not ${JSON.stringify(lang)}`);
    }
    const params = this.params;
    const form = params.form;
    let text = _format(lang, texts[form === undefined || form === null ? this.code : `${this.code}/${form}`], params);
    const place = params.in;
    if (place !== undefined && place !== null) text = _format(lang, texts[`in.${place}`], params) + ": " + text;
    return text;
  }

  toString() {
    return this.message("en");
  }

  // `{code, rule, line, params}`: plain JSON values, as Python's `Reason.to_dict`.
  toJSON() {
    return { code: this.code, rule: this.rule, line: this.line, params: { ...this.params } };
  }

  _within(place, params) {
    return new Reason(this.code, this.rule, this.line, { ...this.params, in: place, ...params });
  }
}

// A reason: its code, the rule it comes from (a `_WHY_*` of the rules: rule id and spec line)
// and its parameters.  The one way the runtime makes a reason.
export function _because(code, rule = null, params = {}) {
  if (rule === null) return new Reason(code, null, null, params);
  return new Reason(code, rule[0], rule[1], params);
}
