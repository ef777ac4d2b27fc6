// The rulebook's "check a meld" box: what the reader types, judged by the variant's own rules,
// with the reasons in the book's language.  Only in the HTML rulebook (remikc/emit/web.py
// inlines it there, after the validator's sections, as one classic script).
//
// Everything it shows comes from `data` (the page's JSON block, `remikc-data`):
// the book's language and its words; text is put into the page with `textContent` only.

import { checkMeld, checkOpening } from "./melds.mjs";
import { _format } from "./reasons.mjs";

// The verdict on what the reader typed, as lines of text: `{ok, lines}`; `ok` null where there
// is nothing to judge or the text holds no cards.
export function judgeText(text, data) {
  const words = data.words;
  const lang = data.language;
  if (!text.trim()) return { ok: null, lines: [] };
  // melds count (and an opening is typed as melds joined by +) only in a game with an opening:
  // elsewhere a meld is said by its kind alone, as the book's examples say it, and melds typed
  // together are judged one by one
  const counted = data.rules.HAS_OPENING !== false;
  let verdicts;
  let opening = false;
  try {
    if (/[+|]/.test(text) && counted) {
      opening = true;
      verdicts = [checkOpening(text)];
    } else if (/[+|]/.test(text)) {
      verdicts = text.split(/[+|]/).filter((part) => part.trim()).map((part) => checkMeld(part));
    } else {
      verdicts = [checkMeld(text)];
    }
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { ok: null, lines: [words.not_cards] };
    throw error;
  }
  if (!verdicts.length) return { ok: null, lines: [] };  // `+` alone: no meld typed yet
  const refused = verdicts.filter((v) => !v.ok);
  if (!refused.length) {
    const said = opening
      ? _format(lang, words.opening, { n: verdicts[0].points })
      : counted
        ? _format(lang, words.meld, { kind: words.kinds[verdicts[0].kind], n: verdicts[0].points })
        : verdicts.map((v) => words.kinds[v.kind]).join(" + ");
    return { ok: true, lines: [said] };
  }
  return { ok: false, lines: [words.refused, ...refused.flatMap((v) => v.reasons.map((r) => r.message(lang)))] };
}

// Reveal the box (hidden without JavaScript) and judge each text typed into it.
export function attach(document, data) {
  const form = document.getElementById("meld-check");
  if (!form) return;
  const input = document.getElementById("meld-check-cards");
  const out = document.getElementById("meld-check-verdict");
  const show = () => {
    const judged = judgeText(input.value, data);
    out.replaceChildren();
    out.className = judged.ok === null ? "" : judged.ok ? "ok" : "refused";
    const [first, ...rest] = judged.lines;
    if (first === undefined) return;
    const head = document.createElement("p");
    head.textContent = (judged.ok === null ? "" : judged.ok ? "✓ " : "✗ ") + first;
    out.append(head);
    if (rest.length) {
      const list = document.createElement("ul");
      for (const line of rest) {
        const item = document.createElement("li");
        item.textContent = line;
        list.append(item);
      }
      out.append(list);
    }
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show();
  });
  form.hidden = false;
}
