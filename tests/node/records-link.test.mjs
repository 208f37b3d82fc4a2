// site/records/link.js: a record's text goes into an address and comes back the same; what
// is not a record's code is refused with a reason, never thrown.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { MAX_TEXT, readFragment, recordCode, recordFragment } from "../../site/records/link.js";

const RECORD = JSON.stringify({ format: "kingweb-record", version: 1, game: "whist", names: ["Ana", "Бо́рис ♥"] });

describe("a record's fragment", () => {
  test("round-trips any text, unicode included, and is shorter than the text for a record", async () => {
    const frag = await recordFragment(RECORD.repeat(20));
    assert.match(frag, /^#z=[A-Za-z0-9_-]+$/);
    assert.ok(frag.length < RECORD.length * 20 / 4, `${frag.length}`);
    assert.deepEqual(await readFragment(frag), { text: RECORD.repeat(20) });
    assert.deepEqual(await readFragment(frag.slice(1)), { text: RECORD.repeat(20) });
  });

  test("is read among other parameters", async () => {
    const code = await recordCode("x");
    assert.deepEqual(await readFragment(`#lang=ru&z=${code}`), { text: "x" });
  });

  test("refuses what carries no record, with the reason", async () => {
    assert.deepEqual(await readFragment(""), { error: "no-record" });
    assert.deepEqual(await readFragment("#a=1"), { error: "no-record" });
    assert.deepEqual(await readFragment("#z="), { error: "not-a-code" });
    assert.deepEqual(await readFragment("#z=***"), { error: "not-a-code" });
    assert.deepEqual(await readFragment("#z=AAAAAAAA"), { error: "not-a-code" });
  });

  test("refuses a code that inflates past the limit (a zip bomb in a link)", async () => {
    const code = await recordCode("0".repeat(MAX_TEXT + 10));
    assert.ok(code.length < 2000, `${code.length}`);
    assert.deepEqual(await readFragment(`#z=${code}`), { error: "too-big" });
  });

  test("refuses bytes that are not UTF-8", async () => {
    const bad = new Blob([new Uint8Array([0xff, 0xfe, 0x80])]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(bad).arrayBuffer());
    const { toBase64url } = await import("../../site/p2p/bytes.js");
    assert.deepEqual(await readFragment(`#z=${toBase64url(bytes)}`), { error: "not-a-code" });
  });
});
