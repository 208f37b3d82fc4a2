// A recorded deal or match carried in an address: `viewer.html#z=<code>`, where the code
// is the record's text (its JSON or its text form, docs/RECORDS.md) compressed with raw
// DEFLATE and written in base64url.  One seam for every page that links to a record (the
// deal summary's Share, the review, the daily challenge, a teacher's page); the viewer
// reads it back.  Pure apart from the platform's CompressionStream; Node tests it.

import { fromBase64url, toBase64url } from "../p2p/bytes.js";

/** The fragment's key: a later layout takes another letter, so an old link still reads. */
export const KEY = "z";
/** A record's text is refused above this size once inflated (a whole King match is about
 * 20 KB as JSON): a link must not make a page inflate gigabytes. */
export const MAX_TEXT = 512 * 1024;

/** @param {Uint8Array<ArrayBuffer>} bytes @param {CompressionStream | DecompressionStream} stream */
async function through(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  const chunks = [];
  let size = 0;
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (/** @type {unknown} */ (out))) {
    size += chunk.length;
    if (size > MAX_TEXT) throw new RangeError(`the record is over ${MAX_TEXT} bytes`);
    chunks.push(chunk);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

/** The code of a record's text, for `#z=`.
 * @param {string} text @returns {Promise<string>} */
export async function recordCode(text) {
  const bytes = new TextEncoder().encode(text);
  return toBase64url(await through(bytes, new CompressionStream("deflate-raw")));
}

/** The fragment (with its `#`) that carries a record's text.
 * @param {string} text @returns {Promise<string>} */
export async function recordFragment(text) {
  return `#${KEY}=${await recordCode(text)}`;
}

/** The record's text that a fragment (`#z=...`, with or without the `#`) carries, or null
 * with the reason when it carries none: no record, not base64url, not DEFLATE, too big,
 * not UTF-8.  The record itself is checked by the engine (kingweb.record.parse).
 * @param {string} fragment @returns {Promise<{text: string} | {error: string}>} */
export async function readFragment(fragment) {
  const hash = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  const params = new URLSearchParams(hash);
  const code = params.get(KEY);
  if (code === null) return { error: "no-record" };
  const bytes = fromBase64url(code);
  if (bytes === null || bytes.length === 0) return { error: "not-a-code" };
  let raw;
  try {
    raw = await through(bytes, new DecompressionStream("deflate-raw"));
  } catch (e) {
    return { error: e instanceof RangeError ? "too-big" : "not-a-code" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(raw) };
  } catch {
    return { error: "not-a-code" };
  }
}
