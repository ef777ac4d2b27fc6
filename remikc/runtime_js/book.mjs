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
  let verdict;
  let opening = false;
  try {
    if (/[+|]/.test(text)) {
      opening = true;
      verdict = checkOpening(text);
    } else {
      verdict = checkMeld(text);
    }
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) return { ok: null, lines: [words.not_cards] };
    throw error;
  }
  if (verdict.ok) {
    const said = opening
      ? _format(lang, words.opening, { n: verdict.points })
      : _format(lang, words.meld, { kind: words.kinds[verdict.kind], n: verdict.points });
    return { ok: true, lines: [said] };
  }
  return { ok: false, lines: [words.refused, ...verdict.reasons.map((r) => r.message(lang))] };
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
