// The one name rule on the page's side (site/names.js) against the shared corpus of
// hostile names (tests/names.json), which the engine's side (kingweb/names.py) passes too.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

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

// Random hostile text from the blocks names are made of and broken with, cleaned and
// split by the engine itself (kingweb.names, asked of Python once) and by this page.
const BLOCKS = [
  [0x20, 0x7e], [0x00, 0x1f], [0x7f, 0xa0], [0xa0, 0x17f], [0x300, 0x36f], [0x400, 0x45f], [0x900, 0x97f],
  [0x980, 0x9ff], [0xe00, 0xe5b], [0x1100, 0x11ff], [0xac00, 0xac40], [0x2000, 0x206f], [0x2028, 0x202f],
  [0x3000, 0x3003], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xe000, 0xe010], [0xd800, 0xdfff], [0x1f1e6, 0x1f1ff],
  [0x1f300, 0x1f6ff], [0x1f3fb, 0x1f3ff], [0x1f900, 0x1f9ff], [0x200d, 0x200d], [0x200d, 0x200d], [0xe0020, 0xe007f],
];
const ENGINE = `
import json, sys, unicodedata
from kingweb.names import clean, graphemes
out = []
for s in json.load(sys.stdin):
    known = all(unicodedata.category(c) != "Cn" for c in s)  # a character this Python's Unicode knows
    out.append(known and {"name": clean(s), "clusters": graphemes(s)})
print(json.dumps(out))
`;

test("the engine's rule (kingweb.names) cleans and splits random hostile text as the page does", () => {
  let seed = 11;
  const rand = (/** @type {number} */ n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const texts = [];
  for (let k = 0; k < 4000; k++) {
    let s = "";
    for (let i = 1 + rand(12); i > 0; i--) {
      const [a, b] = BLOCKS[rand(BLOCKS.length)];
      s += String.fromCodePoint(a + rand(b - a + 1));  // (a surrogate alone: JavaScript text, not Unicode)
    }
    texts.push(s);
  }
  const python = process.env.KINGWEB_PYTHON || "python3";
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const r = spawnSync(python, ["-c", ENGINE], { cwd: root, input: JSON.stringify(texts), encoding: "utf8", maxBuffer: 1 << 26, env: { ...process.env, PYTHONPATH: root } });
  assert.equal(r.status, 0, r.stderr);
  const engine = JSON.parse(r.stdout);
  let compared = 0;
  texts.forEach((s, k) => {
    if (!engine[k]) return;
    compared += 1;
    assert.equal(cleanName(s), engine[k].name, JSON.stringify(s));
    assert.deepEqual(clusters(s), engine[k].clusters, JSON.stringify(s));
  });
  assert.ok(compared > 3000, `${compared} compared`);
});
