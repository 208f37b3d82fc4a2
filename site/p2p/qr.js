// QR codes for invitation and answer links: byte mode, error correction level M (15% of
// the symbol can be lost), the smallest version 1 to 40 that holds the text, the mask with
// the lowest penalty.  Written from ISO/IEC 18004; no DOM but renderQr.  Node tests it
// against an independent decoder (tests/node/qr.test.mjs) and segno (tests/build).

// Level M, per version: error-correction codewords per block, and blocks.
const ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
  26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
  17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];
const LEVEL_M = 0b00;  // the format information's two bits for level M
const PAD = [0xec, 0x11];

/** @typedef {{version: number, mask: number, size: number, modules: boolean[][]}} Qr */

// GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];

/** @param {number} a @param {number} b */
export function gfMul(a, b) {
  return a && b ? EXP[LOG[a] + LOG[b]] : 0;
}

/** The Reed-Solomon generator of `n` check codewords: coefficients, highest first, without
 * the leading 1.
 * @param {number} n */
function generator(n) {
  let g = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(g.length + 1).fill(0);
    for (let j = 0; j < g.length; j++) {
      next[j] ^= g[j];
      next[j + 1] ^= gfMul(g[j], EXP[i]);
    }
    g = next;
  }
  return g.slice(1);
}

/** The `n` check codewords of `data`: the remainder of data·x^n divided by the generator.
 * @param {number[]} data @param {number} n */
export function reedSolomon(data, n) {
  const g = generator(n);
  const rem = new Array(n).fill(0);
  for (const d of data) {
    const factor = d ^ rem[0];
    rem.shift();
    rem.push(0);
    for (let j = 0; j < n; j++) rem[j] ^= gfMul(g[j], factor);
  }
  return rem;
}

/** @param {number} version */
export function sizeOf(version) {
  return 4 * version + 17;
}

/** The alignment patterns' centres along one axis.
 * @param {number} version */
export function alignmentCentres(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const last = sizeOf(version) - 7;
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2;
  const out = [6];
  for (let i = count - 2; i >= 0; i--) out.push(last - i * step);
  return out;
}

/** BCH code of `value` (its bits shifted up) with generator `poly`, as the format and
 * version information use.
 * @param {number} value @param {number} poly @param {number} bits  the check bits */
function bch(value, poly, bits) {
  let rem = value << bits;
  const top = 31 - Math.clz32(poly);
  for (let b = 31 - Math.clz32(rem); b >= top; b--) if ((rem >> b) & 1) rem ^= poly << (b - top);
  return (value << bits) | rem;
}

/** The 15 format bits for level M and `mask`.
 * @param {number} mask */
export function formatBits(mask) {
  return bch((LEVEL_M << 3) | mask, 0x537, 10) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up).
 * @param {number} version */
export function versionBits(version) {
  return bch(version, 0x1f25, 12);
}

/** A version's symbol with its function patterns drawn: {dark, fixed}, where `fixed`
 * marks every module that is not a data module.
 * @param {number} version */
export function template(version) {
  const n = sizeOf(version);
  const dark = Array.from({ length: n }, () => new Array(n).fill(false));
  const fixed = Array.from({ length: n }, () => new Array(n).fill(false));
  const set = (/** @type {number} */ r, /** @type {number} */ c, /** @type {boolean} */ on) => {
    dark[r][c] = on;
    fixed[r][c] = true;
  };
  // finder patterns and their light separators
  for (const [r0, c0] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        const rr = r0 + r, cc = c0 + c;
        if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        set(rr, cc, ring !== 2 && ring !== 4);
      }
    }
  }
  // timing patterns
  for (let i = 8; i < n - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // alignment patterns, but where they would overlap a finder
  const centres = alignmentCentres(version);
  for (const r of centres) {
    for (const c of centres) {
      if ((r === 6 && c === 6) || (r === 6 && c === n - 7) || (r === n - 7 && c === 6)) continue;
      for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) set(r + dr, c + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }
  }
  // the format information's places (drawn later, per mask) and the dark module
  for (let i = 0; i < 9; i++) {
    fixed[8][i] = fixed[i][8] = true;
    if (i < 8) fixed[8][n - 1 - i] = fixed[n - 1 - i][8] = true;
  }
  set(n - 8, 8, true);
  // version information, versions 7 and up: 6 x 3 blocks beside two finders
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const on = ((bits >> i) & 1) === 1;
      const a = Math.floor(i / 3), b = n - 11 + (i % 3);
      set(a, b, on);
      set(b, a, on);
    }
  }
  return { dark, fixed };
}

/** How many data codewords a version holds at level M, counted from its template.
 * @param {number} version */
export function dataCodewords(version) {
  const { fixed } = template(version);
  const raw = Math.floor(fixed.flat().filter((f) => !f).length / 8);
  return raw - ECC_PER_BLOCK[version] * BLOCKS[version];
}

/** The bit stream of `bytes` in byte mode for `version`, padded to its data codewords.
 * @param {Uint8Array} bytes @param {number} version */
function dataStream(bytes, version) {
  const capacity = dataCodewords(version);
  /** @type {number[]} */
  const bits = [];
  const put = (/** @type {number} */ v, /** @type {number} */ n) => { for (let i = n - 1; i >= 0; i--) bits.push((v >> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let k = 0; codewords.length < capacity; k++) codewords.push(PAD[k % 2]);
  return codewords;
}

/** The data codewords split into blocks, each with its check codewords, interleaved.
 * @param {number[]} data @param {number} version */
function interleave(data, version) {
  const count = BLOCKS[version], ecc = ECC_PER_BLOCK[version];
  const short = Math.floor(data.length / count), longs = data.length % count;
  const blocks = [];
  for (let b = 0, at = 0; b < count; b++) {
    const len = short + (b >= count - longs ? 1 : 0);
    const chunk = data.slice(at, at + len);
    at += len;
    blocks.push({ data: chunk, check: reedSolomon(chunk, ecc) });
  }
  const out = [];
  for (let i = 0; i <= short; i++) for (const b of blocks) if (i < b.data.length) out.push(b.data[i]);
  for (let i = 0; i < ecc; i++) for (const b of blocks) out.push(b.check[i]);
  return out;
}

/** Whether mask `m` flips the module at row `r`, column `c`.
 * @param {number} m @param {number} r @param {number} c */
export function masked(m, r, c) {
  switch (m) {
    case 0: return (r + c) % 2 === 0;
    case 1: return r % 2 === 0;
    case 2: return c % 3 === 0;
    case 3: return (r + c) % 3 === 0;
    case 4: return (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0;
    case 5: return ((r * c) % 2) + ((r * c) % 3) === 0;
    case 6: return (((r * c) % 2) + ((r * c) % 3)) % 2 === 0;
    default: return (((r + c) % 2) + ((r * c) % 3)) % 2 === 0;
  }
}

/** The data modules in placement order: two-column strips from the right, up then down,
 * skipping the vertical timing pattern.
 * @param {boolean[][]} fixed */
export function dataModules(fixed) {
  const n = fixed.length;
  /** @type {Array<[number, number]>} */
  const order = [];
  let upward = true;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let k = 0; k < n; k++) {
      const r = upward ? n - 1 - k : k;
      for (const c of [right, right - 1]) if (!fixed[r][c]) order.push([r, c]);
    }
    upward = !upward;
  }
  return order;
}

/** Draw the format bits for `mask` in both places.
 * @param {boolean[][]} dark @param {number} mask */
function drawFormat(dark, mask) {
  const n = dark.length, bits = formatBits(mask);
  const bit = (/** @type {number} */ i) => ((bits >> i) & 1) === 1;
  // beside the top-left finder: bits 0-5 down column 8, then around its corner (skipping
  // the timing pattern), bits 9-14 leftwards along row 8
  for (let i = 0; i <= 5; i++) dark[i][8] = bit(i);
  dark[7][8] = bit(6);
  dark[8][8] = bit(7);
  dark[8][7] = bit(8);
  for (let i = 9; i < 15; i++) dark[8][14 - i] = bit(i);
  // the copy: bits 0-7 leftwards along row 8 from the right edge, 8-14 down column 8 to the bottom
  for (let i = 0; i < 8; i++) dark[8][n - 1 - i] = bit(i);
  for (let i = 8; i < 15; i++) dark[n - 15 + i][8] = bit(i);
}

/** The penalty score of a finished symbol (ISO/IEC 18004 §7.8.3): runs, 2x2 blocks,
 * finder-like patterns and the balance of dark and light.
 * @param {boolean[][]} m */
export function penalty(m) {
  const n = m.length;
  let score = 0;
  const lines = [...m, ...m[0].map((_, c) => m.map((row) => row[c]))];
  for (const line of lines) {
    for (let i = 0; i < n;) {
      let j = i;
      while (j < n && line[j] === line[i]) j++;
      if (j - i >= 5) score += 3 + (j - i - 5);
      i = j;
    }
    const s = line.map((d) => (d ? "1" : "0")).join("");
    for (const pattern of ["10111010000", "00001011101"]) {
      for (let at = s.indexOf(pattern); at >= 0; at = s.indexOf(pattern, at + 1)) score += 40;
    }
  }
  for (let r = 0; r + 1 < n; r++) {
    for (let c = 0; c + 1 < n; c++) {
      const d = m[r][c];
      if (m[r][c + 1] === d && m[r + 1][c] === d && m[r + 1][c + 1] === d) score += 3;
    }
  }
  const dark = m.flat().filter(Boolean).length;
  score += 10 * Math.floor(Math.abs((dark * 20) / (n * n) - 10));
  return score;
}

/** The QR code of `text` (UTF-8) at level M.  `mask` forces a mask (0-7) and `version` a
 * version, for tests; by default the smallest version that holds the text, and the mask
 * with the lowest penalty.  Throws a RangeError for a text no version holds (2,331 bytes).
 * @param {string} text
 * @param {{mask?: number, version?: number}} [opts]
 * @returns {Qr} */
export function qrCode(text, { mask, version } = {}) {
  const bytes = new TextEncoder().encode(text);
  const fits = (/** @type {number} */ v) => 4 + (v < 10 ? 8 : 16) + 8 * bytes.length <= 8 * dataCodewords(v);
  let v = version ?? 1;
  if (version === undefined) while (v <= 40 && !fits(v)) v++;
  if (v > 40 || !fits(v)) throw new RangeError(`${bytes.length} bytes do not fit a QR code${version ? ` of version ${version}` : ""}`);
  const { dark, fixed } = template(v);
  const stream = interleave(dataStream(bytes, v), v);
  const order = dataModules(fixed);
  order.forEach(([r, c], i) => {
    const byte = stream[i >> 3];
    dark[r][c] = byte !== undefined && ((byte >> (7 - (i & 7))) & 1) === 1;  // remainder bits are light
  });
  let best = null;
  for (const m of mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
    const modules = dark.map((row) => row.slice());
    for (const [r, c] of order) if (masked(m, r, c)) modules[r][c] = !modules[r][c];
    drawFormat(modules, m);
    const score = mask === undefined ? penalty(modules) : 0;
    if (!best || score < best.score) best = { score, mask: m, modules };
  }
  const chosen = /** @type {{score: number, mask: number, modules: boolean[][]}} */ (best);
  return { version: v, mask: chosen.mask, size: sizeOf(v), modules: chosen.modules };
}

/** An SVG path (in module units, a 4-module quiet zone included) of a code's dark modules:
 * one horizontal run per subpath.
 * @param {Qr} qr */
export function qrPath(qr) {
  const parts = [];
  qr.modules.forEach((row, r) => {
    for (let c = 0; c < row.length;) {
      if (!row[c]) { c++; continue; }
      let e = c;
      while (e < row.length && row[e]) e++;
      parts.push(`M${c + 4} ${r + 4}h${e - c}v1h${c - e}z`);
      c = e;
    }
  });
  return parts.join("");
}

/** Draw the QR code of `text` into an <svg> element (replacing what it holds), black on
 * white at any size the page gives it, with an accessible name.
 * @param {SVGSVGElement} svg @param {string} text @param {string} label */
export function renderQr(svg, text, label) {
  const qr = qrCode(text);
  const side = qr.size + 8;
  const ns = "http://www.w3.org/2000/svg";
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const back = document.createElementNS(ns, "rect");
  back.setAttribute("width", String(side));
  back.setAttribute("height", String(side));
  back.setAttribute("fill", "#fff");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", qrPath(qr));
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  return qr;
}
