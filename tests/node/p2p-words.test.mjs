// The words the transport gives the page (its problem keys, i18n/*.js): every key that
// site/p2p/ names has a sentence in every language, with the fill-ins it is given.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";

import en from "../../site/i18n/en.js";
import es from "../../site/i18n/es.js";
import pt from "../../site/i18n/pt.js";
import ru from "../../site/i18n/ru.js";

const LANGS = { en, es, pt, ru };
const P2P = new URL("../../site/p2p/", import.meta.url);
// the fill-ins a key is given where it is emitted ("problem" events and Errors' keys)
const PARAMS = { p2p_blocked: ["name"] };

test("every key site/p2p/ names is said in every language, with only its fill-ins", () => {
  const keys = new Set();
  for (const file of readdirSync(P2P).filter((f) => f.endsWith(".js"))) {
    for (const m of readFileSync(new URL(file, P2P), "utf8").matchAll(/"(p2p_[a-z_]+)"/g)) keys.add(m[1]);
  }
  assert.ok(keys.size >= 6, [...keys].join());
  for (const key of [...keys, "p2p_blocked"]) {
    for (const [lang, table] of Object.entries(LANGS)) {
      const s = table[key];
      assert.ok(s, `${lang}: ${key}`);
      assert.deepEqual([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort(), (PARAMS[key] ?? []).slice().sort(), `${lang}: ${key}`);
    }
  }
});

test("no word of the transport shows a player an address's syntax (a TURN server belongs in the docs)", () => {
  for (const [lang, table] of Object.entries(LANGS)) {
    for (const [key, s] of Object.entries(table).filter(([k]) => k.startsWith("p2p_"))) {
      assert.doesNotMatch(s, /\?\w+=|turn:|wss?:\/\/|mqtt|@\S+:\d/, `${lang}: ${key}`);
    }
  }
});
