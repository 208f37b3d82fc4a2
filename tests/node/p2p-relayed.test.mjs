// site/p2p/relayed.js: two pages that carry frames through relays, over an in-memory bus
// standing for a relay (every message a relay would pass on, seen by the test).  Node has
// WebCrypto, EventTarget and MessageEvent, as a page does.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { loadIdentity } from "../../site/p2p/identity.js";
import { RelayCarrier } from "../../site/p2p/relayed.js";
import { counterNonce, pairKeys } from "../../site/p2p/sealing.js";

/** A relay: topics and subscribers; `seen` every text it passed on; `down` drops all. */
function bus() {
  /** @type {Map<string, Set<(topic: string, text: string) => void>>} */
  const subs = new Map();
  const relay = { seen: /** @type {string[]} */ ([]), down: false, tamper: /** @type {null | ((t: string) => string)} */ (null),
    /** drops the messages it says so of (and passes the rest on) */
    lose: /** @type {null | ((t: string) => boolean)} */ (null) };
  /** @type {import("../../site/p2p/carriers.js").CarrierMaker} */
  const maker = async (url, hear, opened) => {
    setTimeout(opened, 0);
    return {
      kind: /** @type {const} */ ("mqtt"), url,
      open: () => !relay.down,
      publish: (/** @type {string} */ topic, /** @type {string} */ text) => {
        if (relay.down) return;
        relay.seen.push(text);
        if (relay.lose?.(text)) return;
        const out = relay.tamper ? relay.tamper(text) : text;
        for (const h of subs.get(topic) ?? []) setTimeout(() => h(topic, out), 0);
      },
      subscribe: (/** @type {string} */ topic) => {
        if (!subs.has(topic)) subs.set(topic, new Set());
        /** @type {Set<any>} */ (subs.get(topic)).add(hear);
      },
      close: () => {},
    };
  };
  return { relay, maker };
}

const until = async (/** @type {() => any} */ f, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error("not in time");
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** Every carrier a test opened: closed after it, passed or failed (their timers would
 * keep the run going). @type {RelayCarrier[]} */
const opened = [];
afterEach(() => { for (const c of opened.splice(0)) c.close(); });

/** A host and a guest on the same bus, met and connected: both ends. */
async function pair(roomId = "room-aaaaaaaaaaaaaaaa") {
  const { relay, maker } = bus();
  const open = async (/** @type {string} */ id, /** @type {string} */ role) => {
    const c = await RelayCarrier.open({ roomId, id, role, tid: `t${id}`, relays: [{ kind: "mqtt", url: "x" }], carriers: { mqtt: maker } });
    opened.push(c);
    return c;
  };
  const host = await open("HOST", "host"), guest = await open("GUEST", "guest");
  const met = /** @type {any[]} */ ([]);
  host.on("meet", (p) => met.push(p));
  /** @type {any[]} */
  const incoming = [];
  host.on("incoming", (c) => incoming.push(c));
  const toHost = /** @type {any[]} */ ([]);
  guest.on("meet", (p) => toHost.push(p));
  await until(() => toHost.length && met.length);
  const g = guest.connect(toHost[0]);
  return { relay, maker, host, guest, g, incoming, stop: () => { host.close(); guest.close(); } };
}

describe("relayed frames", () => {
  test("reach the other side in order, sealed: the relay sees no frame in clear", async () => {
    const { relay, g, incoming, stop } = await pair();
    const texts = Array.from({ length: 20 }, (_, i) => JSON.stringify({ kp: 1, type: "update", n: i, hand: ["AS", "KH"] }));
    // the first frame begins the connection on the other side (as a hello does), which
    // keeps it until the page listens
    g.kp.send(texts[0]);
    await until(() => incoming.length && incoming[0].early.length);
    const h = incoming[0];
    /** @type {string[]} */
    const got = [...h.early];
    h.kp.onmessage = (/** @type {MessageEvent} */ ev) => got.push(ev.data);
    for (const t of texts.slice(1)) g.kp.send(t);
    await until(() => got.length === texts.length);
    assert.deepEqual(got, texts);
    assert.ok(relay.seen.length > texts.length);
    for (const s of relay.seen) assert.ok(!/"kp"|update|"AS"|HOST|GUEST|room-a/.test(s), s);
    // and back, on the connection the host was given
    const back = [];
    g.kp.onmessage = (/** @type {MessageEvent} */ ev) => back.push(ev.data);
    h.kp.send('{"kp":1,"type":"hello"}');
    await until(() => back.length === 1);
    stop();
  });

  test("a frame the relay changed is dropped, a replayed one ignored", async () => {
    const { relay, host, g, incoming, stop } = await pair();
    const drops = /** @type {string[]} */ ([]);
    host.on("drop", (_, why) => drops.push(why));
    g.kp.send("first");
    await until(() => incoming.length);
    const h = incoming[0];
    const got = [...h.early];
    h.kp.onmessage = (/** @type {MessageEvent} */ ev) => got.push(ev.data);
    // the relay sends the first frame again: nothing new is delivered
    const first = relay.seen.find((s) => s.includes('"n":0'));
    host.heard(`kingweb/${host.tag}/${host.inbox}`, /** @type {string} */ (first));
    relay.tamper = (t) => t.replace(/"d":"(.)/, (_, c) => `"d":"${c === "A" ? "B" : "A"}`);
    g.kp.send("second");
    await until(() => drops.length === 1);
    assert.deepEqual(drops, ["forged"]);
    assert.deepEqual(got, ["first"]);
    stop();
  });

  test("a lost frame is sent again until acked, the last one too; acked frames are not", async () => {
    const { relay, host, g, incoming, stop } = await pair();
    g.kp.send("first");
    await until(() => incoming.length);
    const h = incoming[0];
    const got = [...h.early];
    h.kp.onmessage = (/** @type {MessageEvent} */ ev) => got.push(ev.data);
    await until(() => g.pair.acked === 1 && g.pair.unacked.size === 0);
    // the relay loses the second and the third frame (the last: nothing after it shows a gap) once each
    const lost = new Set();
    relay.lose = (t) => /"n":[12],/.test(t) && !lost.has(t) && Boolean(lost.add(t));
    g.kp.send("second");
    g.kp.send("third");
    await until(() => lost.size === 2);
    assert.deepEqual(got, ["first"]);
    await until(() => got.length === 3, 10_000);
    assert.deepEqual(got, ["first", "second", "third"]);
    await until(() => g.pair.acked === 3 && g.pair.unacked.size === 0);
    // an ack the other side did not seal changes nothing
    host.heard(`kingweb/${host.tag}/${host.inbox}`, JSON.stringify({ v: 1, s: g.pair.inbox, m: 9, a: "AAAAAAAAAAAAAAAAAAAAAAAAAAAA" }));
    const sealedAcks = relay.seen.filter((t) => t.includes('"a":"'));
    assert.ok(sealedAcks.length >= 2);
    // sealed: the count with AES-GCM's 16-byte tag, never the count in clear
    for (const t of sealedAcks) assert.ok(JSON.parse(t).a.length >= 23 && !/"a":"\d+"/.test(t), t);
    stop();
  });

  test("a forged or replayed ack does not stop a frame being sent again", async () => {
    const { relay, g, incoming, stop } = await pair();
    g.kp.send("first");
    await until(() => incoming.length && g.pair.acked === 1);
    const ack = /** @type {string} */ (relay.seen.find((t) => t.includes('"a":"')));
    relay.lose = (t) => t.includes('"n":1,');
    g.kp.send("second");
    await until(() => g.pair.unacked.size === 1);
    const guest = g.carrier;
    // the old ack again (it says one frame), and one sealed by nobody of the pair
    guest.heard(guest.inboxTopic, ack);
    guest.heard(guest.inboxTopic, ack.replace(/"a":"(.)/, (_, c) => `"a":"${c === "A" ? "B" : "A"}`));
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(g.pair.acked, 1);
    assert.equal(g.pair.unacked.size, 1);
    const before = relay.seen.filter((t) => t.includes('"n":1,')).length;
    await until(() => relay.seen.filter((t) => t.includes('"n":1,')).length > before, 5_000);
    stop();
  });

  test("a large frame goes in pieces and comes back whole", async () => {
    const { g, incoming, stop } = await pair();
    const big = "x".repeat(70_000);
    g.kp.send(big);
    await until(() => incoming.length && incoming[0].early.length === 1);
    assert.equal(incoming[0].early[0], big);
    stop();
  });

  test("another room's pages do not hear each other", async () => {
    const { relay, maker } = bus();
    const a = await RelayCarrier.open({ roomId: "room-one-aaaaaaaaaa", id: "A", role: "host", tid: "ta", relays: [{ kind: "mqtt", url: "x" }], carriers: { mqtt: maker } });
    const b = await RelayCarrier.open({ roomId: "room-two-aaaaaaaaaa", id: "B", role: "guest", tid: "tb", relays: [{ kind: "mqtt", url: "x" }], carriers: { mqtt: maker } });
    let met = 0;
    a.on("meet", () => { met++; });
    b.on("meet", () => { met++; });
    // each publishes its presence once it opens, and again when asked
    await a.announce();
    await b.announce();
    await until(() => relay.seen.length >= 2);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(met, 0);
    a.close();
    b.close();
  });
});

describe("a guest that lost its host's relayed connection", () => {
  test("makes its key again, the host ends the old pair, and the two connect afresh under new keys", async () => {
    const { maker } = bus();
    const roomId = "room-aaaaaaaaaaaaaaaa";
    const nowhere = { getItem: () => null, setItem() {}, removeItem() {} };
    const open = async (/** @type {string} */ role) => {
      const identity = await loadIdentity(nowhere);  // signed presences: a new key is proven the page's
      const c = await RelayCarrier.open({ roomId, id: identity.id, role, tid: `t-${role}`, relays: [{ kind: "mqtt", url: "x" }], carriers: { mqtt: maker }, identity });
      opened.push(c);
      return c;
    };
    const host = await open("host"), guest = await open("guest");
    const drops = /** @type {string[]} */ ([]);
    for (const c of [host, guest]) c.on("drop", (_, why) => drops.push(why));
    /** @type {any[]} */
    const atHost = [], toHost = [], incoming = [];
    host.on("meet", (p) => atHost.push(p));
    guest.on("meet", (p) => toHost.push(p));
    host.on("incoming", (c) => incoming.push(c));
    await until(() => toHost.length && atHost.length);
    const first = guest.connect(toHost[0]);
    first.kp.send('{"kp":1,"type":"hello","n":1}');
    await until(() => incoming.length === 1 && incoming[0].early.length === 1);
    const eph = guest.eph;
    // the guest's page gives the pair up (as when the host is not heard for GONE_MS)
    first.close();
    await until(() => guest.eph !== eph && toHost.length === 2 && atHost.length === 2);
    assert.equal(incoming[0].connectionState, "closed", "the host ended the old pair when the same page came with a new key");
    const second = guest.connect(toHost[1]);
    assert.notEqual(second.binding.mine, first.binding.mine);
    second.kp.send('{"kp":1,"type":"hello","n":2}');
    await until(() => incoming.length === 2 && incoming[1].early.length === 1);
    assert.equal(incoming[1].early[0], '{"kp":1,"type":"hello","n":2}');
    // and back, on the new pair
    const back = /** @type {string[]} */ ([]);
    second.kp.onmessage = (/** @type {MessageEvent} */ ev) => back.push(ev.data);
    incoming[1].kp.send('{"kp":1,"type":"welcome"}');
    await until(() => back.length === 1);
    assert.deepEqual(drops, [], "no frame of either pair was taken for a forgery");
    // a late presence with the old key makes no pair again
    assert.equal(host.retired.size, 1);
  });

  test("a presence that is not proven does not end another page's pair", async () => {
    const { relay, maker, g, incoming, host, stop } = await pair();
    g.kp.send('{"kp":1,"type":"hello"}');
    await until(() => incoming.length === 1);
    // another page with the link says it is the guest (its id and trystero id) with its own key
    const liar = await RelayCarrier.open({ roomId: "room-aaaaaaaaaaaaaaaa", id: "GUEST", role: "guest", tid: "tGUEST", relays: [{ kind: "mqtt", url: "x" }], carriers: { mqtt: maker } });
    opened.push(liar);
    const seen = relay.seen.length;
    await liar.announce();
    await until(() => relay.seen.length > seen);
    await until(() => host.pairs.size === 2);  // heard: a page of its own, not the guest's
    assert.equal(incoming[0].connectionState, "connected");
    assert.equal(host.retired.size, 0);
    stop();
  });
});

describe("pairKeys", () => {
  test("one side's sending key is the other's receiving key, and each direction has its own", async () => {
    const gen = () => crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const [ka, kb] = [await gen(), await gen()];
    const raw = async (/** @type {CryptoKeyPair} */ k) => Buffer.from(await crypto.subtle.exportKey("raw", k.publicKey)).toString("base64url");
    const a = { id: "A", eph: await raw(ka) }, b = { id: "B", eph: await raw(kb) };
    const ab = await pairKeys("room", ka.privateKey, a, b), ba = await pairKeys("room", kb.privateKey, b, a);
    const seal = (/** @type {CryptoKey} */ k) => crypto.subtle.encrypt({ name: "AES-GCM", iv: counterNonce(7) }, k, new TextEncoder().encode("hi"));
    const open = (/** @type {CryptoKey} */ k, /** @type {ArrayBuffer} */ c) => crypto.subtle.decrypt({ name: "AES-GCM", iv: counterNonce(7) }, k, c);
    assert.equal(new TextDecoder().decode(await open(ba.receive, await seal(ab.send))), "hi");
    await assert.rejects(open(ab.receive, await seal(ab.send)));
    const other = await pairKeys("another room", kb.privateKey, b, a);
    await assert.rejects(open(other.receive, await seal(ab.send)));
  });

  test("the nonce is the frame's number", () => {
    assert.deepEqual([...counterNonce(258)], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
  });
});
