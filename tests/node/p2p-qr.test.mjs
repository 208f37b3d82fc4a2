// site/p2p/qr.js: QR codes of invitation links.  Two checks that do not trust the encoder:
// a decoder written here from ISO/IEC 18004 reads every code back (format and version
// information, Reed-Solomon syndromes, the byte-mode segment and its padding), and codes
// made by another encoder, python-qrcode, must come out module for module the same
// (p2p-qr-vectors.json, made by p2p-qr-vectors.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import * as Q from "../../site/p2p/qr.js";

// ISO/IEC 18004 Table 9, level M: [error-correction codewords per block, blocks]
const LEVEL_M = [null, [10, 1], [16, 1], [26, 1], [18, 2], [24, 2], [16, 4], [18, 4], [22, 4], [22, 5], [26, 5],
  [30, 5], [22, 8], [22, 9], [24, 9], [24, 10], [28, 10], [28, 11], [26, 13], [26, 14], [26, 16], [26, 17], [28, 17],
  [28, 18], [28, 20], [28, 21], [28, 23], [28, 25], [28, 26], [28, 28], [28, 29], [28, 31], [28, 33], [28, 35],
  [28, 37], [28, 38], [28, 40], [28, 43], [28, 45], [28, 47], [28, 49]];
// Annex E: the alignment patterns' row and column coordinates
const ALIGN = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
  [6, 30, 54], [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78],
  [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90], [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102],
  [6, 28, 54, 80, 106], [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], [6, 26, 50, 74, 98, 122],
  [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138],
  [6, 30, 58, 86, 114, 142], [6, 34, 62, 90, 118, 146], [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154],
  [6, 28, 54, 80, 106, 132, 158], [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166],
  [6, 30, 58, 86, 114, 142, 170]];
const MASKS = [
  (i, j) => (i + j) % 2 === 0, (i) => i % 2 === 0, (_, j) => j % 3 === 0, (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0, (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0, (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

// GF(256), x^8 + x^4 + x^3 + x^2 + 1, built here again
const exp = [], log = [];
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) { exp[i] = x; log[x] = i; }
const mul = (a, b) => (a && b ? exp[(log[a] + log[b]) % 255] : 0);

/** A BCH codeword by long division, as Annex C describes. */
function bchWord(data, gen, genBits, checkBits) {
  let r = data << checkBits;
  for (let b = checkBits + genBits - 1; b >= checkBits; b--) if ((r >> b) & 1) r ^= gen << (b - checkBits);
  return (data << checkBits) | r;
}

/** Read a symbol: its version, mask and text; throws on anything wrong. */
function decode(m) {
  const n = m.length, v = (n - 17) / 4;
  assert.ok(Number.isInteger(v) && v >= 1 && v <= 40, `size ${n}`);
  const at = (i, j) => m[i][j];
  // finder patterns and separators
  for (const [r, c] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
    for (let i = -1; i <= 7; i++) for (let j = -1; j <= 7; j++) {
      if (r + i < 0 || c + j < 0 || r + i >= n || c + j >= n) continue;
      const d = Math.max(Math.abs(i - 3), Math.abs(j - 3));
      assert.equal(at(r + i, c + j), d !== 2 && d !== 4, `finder at ${r},${c}`);
    }
  }
  for (let k = 8; k < n - 8; k++) assert.ok(at(6, k) === (k % 2 === 0) && at(k, 6) === (k % 2 === 0), "timing");
  assert.equal(at(n - 8, 8), true, "dark module");
  // format information, both copies: level M and a mask
  const read = (cells) => cells.reduce((acc, [i, j], k) => acc | ((at(i, j) ? 1 : 0) << k), 0);
  const first = [[0, 8], [1, 8], [2, 8], [3, 8], [4, 8], [5, 8], [7, 8], [8, 8], [8, 7], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [8, 0]];
  const second = [...Array.from({ length: 8 }, (_, k) => [8, n - 1 - k]), ...Array.from({ length: 7 }, (_, k) => [n - 7 + k, 8])];
  const format = read(first);
  assert.equal(read(second), format, "the two copies of the format information");
  const data = [...Array(32).keys()].find((d) => (bchWord(d, 0x537, 11, 10) ^ 0x5412) === format);
  assert.ok(data !== undefined, "format information is a BCH codeword");
  assert.equal(data >> 3, 0b00, "level M");
  const mask = data & 7;
  // version information
  const fn = Array.from({ length: n }, () => Array(n).fill(false));
  const mark = (i, j) => { if (i >= 0 && j >= 0 && i < n && j < n) fn[i][j] = true; };
  // the finders with their separators and the format information: 9 x 9 at the top left,
  // 9 rows by 8 columns at the top right, 8 rows by 9 columns at the bottom left
  for (let i = 0; i < 9; i++) for (let j = 0; j < 9; j++) {
    mark(i, j);
    if (j < 8) { mark(i, n - 1 - j); mark(n - 1 - j, i); }
  }
  for (let k = 0; k < n; k++) { mark(6, k); mark(k, 6); }
  const [lo, hi] = [6, n - 7];
  for (const i of ALIGN[v]) for (const j of ALIGN[v]) {
    if ((i === lo && (j === lo || j === hi)) || (i === hi && j === lo)) continue;  // a finder's place
    for (let a = -2; a <= 2; a++) for (let b = -2; b <= 2; b++) {
      mark(i + a, j + b);
      assert.equal(at(i + a, j + b), Math.max(Math.abs(a), Math.abs(b)) !== 1, `alignment at ${i},${j}`);
    }
  }
  if (v >= 7) {
    let lower = 0, upper = 0;
    for (let k = 0; k < 18; k++) {
      const [i, j] = [n - 11 + (k % 3), Math.floor(k / 3)];
      lower |= (at(i, j) ? 1 : 0) << k;
      upper |= (at(j, i) ? 1 : 0) << k;
      mark(i, j);
      mark(j, i);
    }
    assert.equal(lower, upper);
    assert.equal(lower, bchWord(v, 0x1f25, 13, 12), "version information");
  }
  // the data modules, in zigzag order, unmasked
  const bits = [];
  for (let col = n - 1, up = true; col > 0; col -= 2, up = !up) {
    if (col === 6) col = 5;
    for (let k = 0; k < n; k++) {
      const i = up ? n - 1 - k : k;
      for (const j of [col, col - 1]) if (!fn[i][j]) bits.push(at(i, j) !== MASKS[mask](i, j));
    }
  }
  const words = [];
  for (let k = 0; k + 8 <= bits.length; k += 8) words.push(bits.slice(k, k + 8).reduce((a, b) => (a << 1) | Number(b), 0));
  // blocks: de-interleave, check every block's syndromes
  const [ecc, count] = LEVEL_M[v];
  const shortLen = Math.floor(words.length / count), longs = words.length % count;
  const blocks = Array.from({ length: count }, (_, b) => ({ data: [], check: [], len: shortLen - ecc + (b >= count - longs ? 1 : 0) }));
  let p = 0;
  for (let k = 0; k < shortLen - ecc + 1; k++) for (const b of blocks) if (k < b.len) b.data.push(words[p++]);
  for (let k = 0; k < ecc; k++) for (const b of blocks) b.check.push(words[p++]);
  const stream = [];
  for (const b of blocks) {
    const all = [...b.data, ...b.check];
    for (let r = 0; r < ecc; r++) {
      let s = 0;
      for (const c of all) s = mul(s, exp[r]) ^ c;
      assert.equal(s, 0, `syndrome ${r} of a block`);
    }
    stream.push(...b.data);
  }
  // the segment: byte mode, its count, its bytes; then a terminator and the pad codewords
  const sbits = stream.flatMap((w) => [7, 6, 5, 4, 3, 2, 1, 0].map((k) => (w >> k) & 1));
  let q = 0;
  const take = (k) => { let x = 0; for (let z = 0; z < k; z++) x = (x << 1) | sbits[q++]; return x; };
  assert.equal(take(4), 0b0100, "byte mode");
  const len = take(v < 10 ? 8 : 16);
  const bytes = Uint8Array.from({ length: len }, () => take(8));
  const rest = Math.min(4, sbits.length - q);
  assert.equal(take(rest), 0, "terminator");
  while (q % 8) assert.equal(take(1), 0, "padding bits");
  for (let k = 0; q < sbits.length; k++) assert.equal(take(8), k % 2 ? 0x11 : 0xec, "pad codewords");
  return { version: v, mask, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
}

describe("every code reads back", () => {
  test("the alignment patterns stand where Annex E puts them", () => {
    for (let v = 1; v <= 40; v++) assert.deepEqual(Q.alignmentCentres(v), ALIGN[v], `version ${v}`);
  });

  test("texts of every length up to a large invitation, in several scripts", () => {
    let seed = 11;
    const rand = (k) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % k;
    const pieces = ["a", "Z", "0", "-", "_", "#", "=", "é", "♠", "Ж", "😀", " "];
    for (let len = 1; len <= 320; len += 1 + rand(9)) {
      let text = "";
      while (text.length < len) text += pieces[rand(pieces.length)];
      const qr = Q.qrCode(text);
      const read = decode(qr.modules);
      assert.equal(read.text, text);
      assert.equal(read.version, qr.version);
      assert.equal(read.mask, qr.mask);
    }
  });

  test("the smallest version holds it; every version and mask decodes", () => {
    for (let v = 1; v <= 40; v += 3) {
      for (const mask of [0, 3, 5, 7]) {
        const text = "k".repeat(Math.max(1, Q.dataCodewords(v) - 3));
        const read = decode(Q.qrCode(text, { version: v, mask }).modules);
        assert.deepEqual([read.version, read.mask, read.text], [v, mask, text]);
      }
      assert.equal(Q.qrCode("k".repeat(Q.dataCodewords(v) - 3)).version, v);
    }
    assert.throws(() => Q.qrCode("k".repeat(2332)), RangeError);
  });

  test("the mask chosen scores the lowest penalty", () => {
    const text = "https://me.github.io/kingweb/index.html#room=0123456789abcdefghijkl&host=AbCdEfGhIjKlMnOpQrStUv";
    const best = Q.qrCode(text);
    for (let mask = 0; mask < 8; mask++) assert.ok(Q.penalty(Q.qrCode(text, { mask }).modules) >= Q.penalty(best.modules));
  });
});

describe("python-qrcode makes the same symbols", () => {
  const vectors = JSON.parse(readFileSync(new URL("./p2p-qr-vectors.json", import.meta.url), "utf8"));
  for (const { text, version, mask, rows } of vectors.codes) {
    test(`version ${version}, mask ${mask}: ${text.slice(0, 30)}`, () => {
      const qr = Q.qrCode(text, { version, mask });
      const want = rows.map((hex) => [...BigInt(`0x${hex}`).toString(2).padStart(qr.size, "0")].map((b) => b === "1"));
      assert.deepEqual(qr.modules, want);
    });
  }
});

test("an SVG path draws each dark run once, inside a quiet zone", () => {
  const qr = Q.qrCode("hello");
  const path = Q.qrPath(qr);
  const runs = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((m) => m.slice(1).map(Number));
  const dark = qr.modules.flat().filter(Boolean).length;
  assert.equal(runs.reduce((a, [, , w]) => a + w, 0), dark);
  assert.ok(runs.every(([x, y, w]) => x >= 4 && y >= 4 && x + w <= qr.size + 4 && y < qr.size + 4));
});
