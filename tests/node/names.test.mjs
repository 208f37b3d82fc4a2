// The one name rule on the page's side (site/names.js) against the shared corpus of
// hostile names (tests/names.json), which the engine's side (kingweb/names.py) passes too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { NAME_MAX, NAME_POINTS, cleanName } from "../../site/names.js";

const corpus = JSON.parse(readFileSync(new URL("../names.json", import.meta.url), "utf8"));
const SEG = new Intl.Segmenter("en", { granularity: "grapheme" });
const clusters = (/** @type {string} */ s) => [...SEG.segment(s)].map((x) => x.segment);

test("every hostile name of the corpus cleans to the name it names", () => {
  for (const c of corpus.names) assert.equal(cleanName(c.input), c.name, c.why);
});

test("a clean name is clean: the rule leaves it as it is, within its bounds", () => {
  for (const c of corpus.names) {
    assert.equal(cleanName(c.name), c.name, c.why);
    assert.ok(clusters(c.name).length <= NAME_MAX && [...c.name].length <= NAME_POINTS, c.why);
    assert.ok(!/[\p{Cc}\p{Co}\p{Cs}]/u.test(c.name) && !/^ | $|  /.test(c.name), c.why);
    assert.ok([...c.name].every((ch) => !/\p{Cf}/u.test(ch) || ch === "\u200d"), c.why);
  }
});

test("the browser's grapheme clusters are those the corpus records, the engine's splitter's too", () => {
  for (const c of corpus.clusters) assert.deepEqual(clusters(c.text), c.clusters, JSON.stringify(c.text));
});

test("a lone surrogate (JavaScript text, not Unicode) is removed wherever it stands", () => {
  assert.equal(cleanName("\ud83d"), "");
  assert.equal(cleanName("A\udc00\ud83dB"), "AB");
  assert.equal(cleanName("😀".repeat(30).slice(0, 47)), "😀".repeat(23));  // the half emoji at the end goes
});

test("what is not text is not a name", () => {
  for (const v of [null, undefined, 5, ["Ana"], { name: "Ana" }]) assert.equal(cleanName(v), null);
});
