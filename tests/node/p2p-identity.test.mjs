// site/p2p/identity.js: a browser's key pair kept in storage, the id it gives, and hellos
// signed for one connection.  Node has WebCrypto, as a secure page does.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import * as I from "../../site/p2p/identity.js";

/** A Storage over a Map; `full` makes every write throw, as a full or refused one does. */
function storage(entries = {}, { full = false } = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => { if (full) throw new Error("QuotaExceededError"); map.set(k, String(v)); },
    removeItem: (k) => { map.delete(k); },
  };
}

describe("loadIdentity", () => {
  test("made once, kept, and the same when read again", async () => {
    const s = storage();
    const a = await I.loadIdentity(s);
    assert.match(a.id, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(a.kept, true);
    assert.equal(await I.idOfKey(a.key), a.id);
    const b = await I.loadIdentity(s);
    assert.deepEqual([b.id, b.key, b.kept], [a.id, a.key, true]);
    assert.ok(await I.verifySignature(b.key, await b.sign("x"), "x"));  // the stored private key signs
  });

  test("two browsers, two ids", async () => {
    assert.notEqual((await I.loadIdentity(storage())).id, (await I.loadIdentity(storage())).id);
  });

  test("a stored identity that cannot be used is set aside, and a new one made", async () => {
    for (const bad of ["{not json", "null", '{"v": 2}', '{"v": 1, "jwk": {"kty": "RSA"}}', JSON.stringify({ v: 1, jwk: { kty: "EC", crv: "P-256", x: "AA", y: "BB", d: "CC" } })]) {
      const s = storage({ [I.STORAGE_KEY]: bad });
      const id = await I.loadIdentity(s);
      assert.match(id.id, /^[A-Za-z0-9_-]{22}$/);
      assert.match(id.setAside, /^kingweb\.peer\.corrupt\.\d+$/);
      assert.equal(s.map.get(id.setAside), bad);
      assert.notEqual(s.map.get(I.STORAGE_KEY), bad);
    }
  });

  test("a key pair whose halves do not belong together is not used", async () => {
    const s1 = storage(), s2 = storage();
    await I.loadIdentity(s1);
    await I.loadIdentity(s2);
    const a = JSON.parse(s1.map.get(I.STORAGE_KEY)), b = JSON.parse(s2.map.get(I.STORAGE_KEY));
    const mixed = JSON.stringify({ v: 1, jwk: { ...a.jwk, x: b.jwk.x, y: b.jwk.y } });
    const id = await I.loadIdentity(storage({ [I.STORAGE_KEY]: mixed }));
    assert.ok(id.setAside);
  });

  test("storage that refuses writes gives an identity for this page only", async () => {
    const id = await I.loadIdentity(storage({}, { full: true }));
    assert.equal(id.kept, false);
    assert.ok(id.sign);
    const none = await I.loadIdentity(null);
    assert.equal(none.kept, false);
  });

  test("where nothing can sign, an unsigned id taken on its word, kept the same way", async () => {
    const was = Object.getOwnPropertyDescriptor(globalThis, "isSecureContext");
    Object.defineProperty(globalThis, "isSecureContext", { value: false, configurable: true });
    try {
      assert.equal(I.canSign(), false);
      const s = storage();
      const a = await I.loadIdentity(s);
      assert.match(a.id, /^u-[A-Za-z0-9_-]{22}$/);
      assert.equal(a.sign, null);
      assert.equal((await I.loadIdentity(s)).id, a.id);
    } finally {
      if (was) Object.defineProperty(globalThis, "isSecureContext", was);
      else delete globalThis.isSecureContext;
    }
    assert.equal(I.canSign(), true);
  });
});

describe("signatures for one connection", () => {
  const binding = { room: "r00m", role: "host", signer: "aa".repeat(32), other: "bb".repeat(32) };

  test("hold for what was signed, and for nothing else", async () => {
    const me = await I.loadIdentity(storage()), someone = await I.loadIdentity(storage());
    const text = I.bindingText(binding);
    const sig = await me.sign(text);
    assert.equal(await I.verifySignature(me.key, sig, text), true);
    for (const other of [{ ...binding, room: "other" }, { ...binding, role: "guest" }, { ...binding, other: "cc".repeat(32) }, { ...binding, signer: binding.other, other: binding.signer }]) {
      assert.equal(await I.verifySignature(me.key, sig, I.bindingText(other)), false, JSON.stringify(other));
    }
    assert.equal(await I.verifySignature(someone.key, sig, text), false);
  });

  test("a malformed key or signature is simply false", async () => {
    const me = await I.loadIdentity(storage());
    const sig = await me.sign("t");
    for (const [key, s] of [["", sig], [me.key, ""], ["!!", sig], [me.key, sig.slice(2)], [me.key.slice(0, 20), sig], [5, sig], [me.key, null]]) {
      assert.equal(await I.verifySignature(/** @type {any} */ (key), /** @type {any} */ (s), "t"), false);
    }
    assert.equal(await I.idOfKey("AAAA"), null);
  });

  test("sdpFingerprint reads the DTLS certificate's SHA-256", () => {
    assert.equal(I.sdpFingerprint("v=0\r\na=fingerprint:sha-256 0A:BC:12\r\n"), "0abc12");
    assert.equal(I.sdpFingerprint("a=fingerprint:sha-1 0A:BC\r\n"), null);
    assert.equal(I.sdpFingerprint(undefined), null);
  });
});
