// site/render/results.js: a deal's summary sets a seat's scoring cards apart by the deal
// they count for, so that «ералаш»'s points say what they were for.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LANGS, loadLang, makeT } from "../../site/i18n/index.js";
import { cardSets } from "../../site/render/results.js";

// every language, as a page that chose each would have loaded it
await Promise.all(LANGS.map(loadLang));

/** @param {string} card @param {number} points @param {string} [part] @returns {import("../../site/protocol.js").Counted} */
const card = (card, points, part) => (part ? { kind: "card", card, points, part } : { kind: "card", card, points });

test("a deal that counts one kind of card: its cards in one set, with their sum", () => {
  const items = [card("JH", -2), card("QH", -2), card("KH", -2)];
  assert.deepEqual(cardSets(items), [{ part: undefined, cards: ["JH", "QH", "KH"], points: -6 }]);
  assert.deepEqual(cardSets([{ kind: "tricks", count: 0, points: 0 }]), []);
});

test("«ералаш»: a set for each deal the cards count for, a card in each it counts in", () => {
  // as the engine records it (tests/engine/test_protocol.py): tricks, the cards by deal, the last two
  /** @type {import("../../site/protocol.js").Counted[]} */
  const items = [{ kind: "tricks", count: 2, points: -4 }, card("JH", -2, "hearts"), card("QH", -2, "hearts"), card("KH", -2, "hearts"),
    card("JH", -4, "boys"), card("QH", -4, "girls"), card("KH", -16, "king"), { kind: "trick", trick: 7, points: -8 }];
  assert.deepEqual(cardSets(items), [
    { part: "hearts", cards: ["JH", "QH", "KH"], points: -6 },
    { part: "boys", cards: ["JH"], points: -4 },
    { part: "girls", cards: ["QH"], points: -4 },
    { part: "king", cards: ["KH"], points: -16 },
  ]);
});

test("each set is named as the rules name its deal, in every language", async () => {
  for (const lang of ["en", "es", "pt", "ru"]) {
    const t = makeT(lang);
    const rules = (await import(`../../site/rules/${lang}.js`)).default;
    for (const part of ["hearts", "boys", "girls", "king"]) {
      const word = t(`took_part_${part}`);
      // the rules add the card to the King's name: «Кинг (К♥)»
      assert.ok(word !== `took_part_${part}` && rules.kingruNames[part].startsWith(word), `${lang} ${part}: ${word}`);
    }
  }
});
