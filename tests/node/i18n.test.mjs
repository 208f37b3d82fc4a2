// site/i18n/index.js: the lookup of the page's words, its fill-ins and plural forms,
// the language a visitor gets, and what each language file may say.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import * as I from "../../site/i18n/index.js";

// every language, as a page that chose each would have loaded it
await Promise.all(I.LANGS.map(I.loadLang));

afterEach(() => I.setLang("en"));

describe("makeT: a key in the language, else in English, else the key itself", () => {
  test("fill-ins by name; one that is not given stays visible", () => {
    const t = I.makeT("en");
    assert.equal(t("log_bid", { name: "West", offer: "5 up" }), "West bids 5 up");
    assert.equal(t("log_bid", { name: "West" }), "West bids {offer}");
    assert.equal(t("log_bid", { name: "$& $1", offer: "{name}" }), "$& $1 bids {name}");  // filled once, literally
  });

  test("a key missing in a language reads in English; one missing everywhere, as itself", () => {
    const ru = I.makeT("ru");
    const onlyEnglish = Object.keys(I.STRINGS.en).find((k) => !(k in I.STRINGS.ru));
    if (onlyEnglish) assert.equal(ru(onlyEnglish), I.STRINGS.en[onlyEnglish]);
    assert.equal(ru("no_such_key"), "no_such_key");
    assert.equal(I.makeT("xx")("you"), "You");  // an unknown language reads in English
  });

  test("a key's plural forms need a count; without one, '|' is just a character", () => {
    const t = I.makeT("en");
    assert.equal(t("tricks_taken", { n: 1 }, 1), "1 trick");
    assert.equal(t("tricks_taken", { n: 0 }, 0), "0 tricks");
    assert.equal(t("tricks_taken", { n: 2 }, 2), "2 tricks");
    assert.equal(t("seat_name"), "West|North|East");
  });

  test("a plate's points: one point is singular where the language says so (a play-test read '1 pts')", () => {
    const en = I.makeT("en"), es = I.makeT("es");
    assert.equal(en("points", { n: 1 }, 1), "1 pt");
    assert.equal(en("points", { n: 0 }, 0), "0 pts");
    assert.equal(en("points", { n: 12 }, 12), "12 pts");
    assert.equal(es("points", { n: 1 }, 1), "1 pto.");
    assert.equal(es("points", { n: 3 }, 3), "3 ptos.");
  });

  test("Russian: one, few (2–4) and many (5–20, and the teens of every hundred)", () => {
    const t = I.makeT("ru");
    const form = (/** @type {number} */ n) => t("tricks_taken", { n }, n).split(" ")[1];
    const expect = { 1: "взятка", 21: "взятка", 101: "взятка", 2: "взятки", 4: "взятки", 22: "взятки", 104: "взятки",
      0: "взяток", 5: "взяток", 11: "взяток", 12: "взяток", 14: "взяток", 20: "взяток", 111: "взяток", 112: "взяток", 1000: "взяток" };
    for (const [n, word] of Object.entries(expect)) assert.equal(form(Number(n)), word, n);
  });

  test("a language with fewer forms than Russian takes its last for the rest", () => {
    for (const lang of ["es", "pt"]) {
      const t = I.makeT(lang);
      assert.notEqual(t("tricks_taken", { n: 1 }, 1).split(" ")[1], t("tricks_taken", { n: 2 }, 2).split(" ")[1], lang);
      assert.equal(t("tricks_taken", { n: 5 }, 5).split(" ")[1], t("tricks_taken", { n: 2 }, 2).split(" ")[1], lang);
    }
  });
});

describe("pickLang: the saved language, else the browser's first of ours, else English", () => {
  test("a saved language of ours wins", () => {
    assert.equal(I.pickLang("ru", ["es-ES"]), "ru");
  });

  test("else the first of the browser's languages that is ours, by its first two letters", () => {
    assert.equal(I.pickLang(undefined, ["de-DE", "PT-br", "es"]), "pt");
    assert.equal(I.pickLang("xx", ["ru"]), "ru");
    assert.equal(I.pickLang(5, ["es-419"]), "es");
  });

  test("else English, also with no browser at all (Node)", () => {
    assert.equal(I.pickLang(null, ["de", "fr-CA"]), "en");
    assert.equal(I.pickLang(undefined, []), "en");
    assert.equal(I.pickLang("toString"), "en");
    const wanted = I.browserLangs();  // [] in Node 20, which has no navigator; ["en-US"] in later Nodes
    assert.ok(Array.isArray(wanted) && wanted.every((l) => typeof l === "string"), String(wanted));
    assert.equal(I.pickLang(undefined), I.pickLang(undefined, wanted));
  });
});

test("setLang switches the live lookup every importer sees", () => {
  assert.equal(I.t("you"), "You");
  I.setLang("pt");
  assert.equal(I.lang, "pt");
  assert.equal(I.t("you"), I.STRINGS.pt.you);
  assert.notEqual(I.t("you"), "You");
});

describe("the language files", () => {
  const ph = (/** @type {string} */ s) => new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));

  test("STRINGS and LANG_NAMES hold exactly the languages of LANGS", () => {
    assert.deepEqual(Object.keys(I.STRINGS).sort(), [...I.LANGS].sort());
    assert.deepEqual(Object.keys(I.LANG_NAMES).sort(), [...I.LANGS].sort());
  });

  test("a translation has no key English lacks, and fills in only what English fills in", () => {
    const problems = [];
    for (const lang of I.LANGS) {
      for (const [key, s] of Object.entries(I.STRINGS[lang])) {
        const en = I.STRINGS.en[key];
        if (en === undefined) { problems.push(`${lang}: ${key} is not an English key`); continue; }
        const allowed = ph(en);
        if (allowed.has("suit")) allowed.add("suit_of");  // the suit's "of" form (Russian: "масти треф")
        const stray = [...ph(s)].filter((x) => !allowed.has(x));
        if (stray.length) problems.push(`${lang}: ${key} fills in ${stray}`);
        if (typeof s !== "string" || !s.trim()) problems.push(`${lang}: ${key} is empty`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("the words of every language are balanced: braces closed, no fill-in left half-written", () => {
    for (const lang of I.LANGS) {
      for (const [key, s] of Object.entries(I.STRINGS[lang])) {
        assert.equal(s.replace(/\{\w+\}/g, "").search(/[{}]/), -1, `${lang}: ${key}: ${s}`);
      }
    }
  });
});
