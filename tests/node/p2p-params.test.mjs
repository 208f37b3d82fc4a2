// site/p2p/bytes.js and params.js: base64url, and what an address says about playing with
// people (relays, TURN servers, invitations), checked.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { fromBase64url, randomId, toBase64url } from "../../site/p2p/bytes.js";
import * as P from "../../site/p2p/params.js";

const PAGE = "https://me.github.io/kingweb/index.html?game=king&people=4";
const LOCAL = "http://127.0.0.1:8000/index.html";

describe("base64url", () => {
  test("agrees with Node's, both ways, at every length", () => {
    for (let n = 0; n < 70; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 37 + n * 11) & 255);
      const text = toBase64url(bytes);
      assert.equal(text, Buffer.from(bytes).toString("base64url"));
      assert.deepEqual(fromBase64url(text), bytes);
    }
  });

  test("anything else is null", () => {
    for (const bad of ["a", "ab=", "a+b/", "ab c", "AB", "AAB", 5, null]) assert.equal(fromBase64url(/** @type {any} */ (bad)), null, String(bad));
    assert.deepEqual(fromBase64url(""), new Uint8Array(0));
  });

  test("random ids: 16 bytes, 22 characters, never twice", () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    assert.equal(ids.size, 200);
    for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{22}$/);
  });
});

describe("relays", () => {
  test("wss: anywhere; ws: only to the page's own host and port, from a plain http page", () => {
    assert.equal(P.checkRelay("wss://tracker.example.org", PAGE), "wss://tracker.example.org/");
    assert.equal(P.checkRelay("wss://t.example:8443/announce", PAGE), "wss://t.example:8443/announce");
    assert.equal(P.checkRelay("ws://127.0.0.1:8000/relay", LOCAL), "ws://127.0.0.1:8000/relay");
    for (const [relay, page] of [
      ["ws://127.0.0.1:8001/relay", LOCAL],  // another port: the policy allows only 'self'
      ["ws://tracker.example.org", PAGE],  // an https page cannot use ws:
      ["ws://me.github.io/relay", PAGE],
      ["https://tracker.example.org", PAGE],
      ["wss://user:pw@tracker.example.org", PAGE],
      ["wss://tracker.example.org/#x", PAGE],
      ["relay", PAGE],  // a path is build.json's, not the address's
      ["javascript:alert(1)", PAGE],
      ["wss://" + "a".repeat(400), PAGE],
      ["", PAGE],
    ]) assert.equal(P.checkRelay(relay, page), null, relay);
  });

  test("build.json's path is the page's own origin, ws: or wss: as the page", () => {
    assert.equal(P.checkRelay("relay", LOCAL, { relative: true }), "ws://127.0.0.1:8000/relay");
    assert.equal(P.checkRelay("relay", "https://me.github.io/kingweb/", { relative: true }), "wss://me.github.io/kingweb/relay");
  });

  test("a list: the good ones kept once each, the bad ones named", () => {
    const { relays, problems } = P.readRelays(" wss://a.example , ws://evil.example,wss://a.example,, wss://b.example/x", PAGE);
    assert.deepEqual(relays, ["wss://a.example/", "wss://b.example/x"]);
    assert.deepEqual(problems, ["relays=ws://evil.example"]);
    assert.deepEqual(P.readRelays(Array(13).fill("wss://a.example").join(","), PAGE).problems, ["relays (13 > 12)"]);
  });

  test("a prefix names a relay's kind: none a WebTorrent tracker, nostr+ a Nostr relay, mqtt+ an MQTT broker", () => {
    assert.equal(P.checkRelay("nostr+wss://relay.example", PAGE), "nostr+wss://relay.example/");
    assert.equal(P.checkRelay("MQTT+wss://broker.example:8084/mqtt", PAGE), "mqtt+wss://broker.example:8084/mqtt");
    assert.equal(P.checkRelay("mqtt+ws://127.0.0.1:8000/relay/mqtt", LOCAL), "mqtt+ws://127.0.0.1:8000/relay/mqtt");
    assert.deepEqual(P.relayKind("nostr+wss://relay.example/"), { kind: "nostr", url: "wss://relay.example/" });
    assert.deepEqual(P.relayKind("mqtt+wss://b.example/mqtt"), { kind: "mqtt", url: "wss://b.example/mqtt" });
    assert.deepEqual(P.relayKind("wss://t.example/"), { kind: "torrent", url: "wss://t.example/" });
    // the same rules as a tracker's: wss anywhere, ws only on the page's own origin, no password
    for (const bad of ["nostr+ws://relay.example", "mqtt+wss://public:public@b.example", "nostr+relay", "irc+wss://x.example", "nostr+https://x.example"]) {
      assert.equal(P.checkRelay(bad, PAGE), null, bad);
    }
    // build.json's paths, with their kind
    assert.equal(P.checkRelay("nostr+relay/nostr", LOCAL, { relative: true }), "nostr+ws://127.0.0.1:8000/relay/nostr");
    assert.equal(P.checkRelay("mqtt+relay/mqtt", "https://me.github.io/kingweb/", { relative: true }), "mqtt+wss://me.github.io/kingweb/relay/mqtt");
    const { relays, problems } = P.readRelays("wss://t.example,nostr+wss://n.example,mqtt+wss://m.example/mqtt", PAGE);
    assert.deepEqual(relays, ["wss://t.example/", "nostr+wss://n.example/", "mqtt+wss://m.example/mqtt"]);
    assert.deepEqual(problems, []);
  });
});

describe("TURN and STUN servers", () => {
  test("the address's form, as RTCIceServers", () => {
    assert.deepEqual(P.readIceServer("turn:alice:s3cret@turn.example.org:3478"), { urls: "turn:turn.example.org:3478", username: "alice", credential: "s3cret" });
    assert.deepEqual(P.readIceServer("turns:bob:pw@turn.example.org:5349?transport=tcp"), { urls: "turns:turn.example.org:5349?transport=tcp", username: "bob", credential: "pw" });
    assert.deepEqual(P.readIceServer("turn:1700000000%3Aann:a%2Fb%40c@[2001:db8::1]:3478"), { urls: "turn:[2001:db8::1]:3478", username: "1700000000:ann", credential: "a/b@c" });
    assert.deepEqual(P.readIceServer("stun:stun.example.org:19302"), { urls: "stun:stun.example.org:19302" });
    for (const bad of ["turn:turn.example.org", "turn:a:b@host:99999", "stun:a:b@host", "http://x", "turn:a:b@ho st", "turn:a:%zz@host", "turn:a:b@host?transport=sctp"]) {
      assert.equal(P.readIceServer(bad), null, bad);
    }
  });

  test("written back as the address's form, it reads the same", () => {
    for (const text of ["turn:alice:s3cret@turn.example.org:3478", "turns:1700000000%3Aann:a%2Fb%40c@turn.example.org:5349?transport=tcp", "stun:stun.example.org"]) {
      const server = P.readIceServer(text);
      assert.deepEqual(P.readIceServer(P.writeIceServer(/** @type {RTCIceServer} */ (server))), server);
    }
  });

  test("a bad entry is named without its password", () => {
    const { servers, problems } = P.readTurn("turn:ann:topsecret@host:99999,turn:bo:pw@good.example:3478");
    assert.equal(servers.length, 1);
    assert.equal(problems.length, 1);
    assert.ok(!problems[0].includes("topsecret"), problems[0]);
  });
});

describe("readNetParams and meetingConfig", () => {
  test("the query's relays and turn, and what was wrong", () => {
    const { cfg, problems } = P.readNetParams("?relays=wss://r.example&turn=turn:a:b@t.example:3478&game=king", PAGE);
    assert.deepEqual(cfg, { relays: ["wss://r.example/"], turn: [{ urls: "turn:t.example:3478", username: "a", credential: "b" }] });
    assert.deepEqual(problems, []);
    assert.deepEqual(P.readNetParams("relays=wss://a.example&relays=wss://b.example", PAGE).problems, ["relays (2×)"]);
    assert.deepEqual(P.readNetParams("relays=ws://x.example", PAGE), { cfg: {}, problems: ["relays=ws://x.example"] });
  });

  const build = { relays: ["wss://one.example", "relay"], stun: ["stun:stun.example.org:19302", "bogus"] };

  test("build.json's relays and STUN by default; the address replaces the relays and adds TURN", () => {
    const plain = P.meetingConfig(build, "", LOCAL);
    assert.deepEqual(plain.relays, ["wss://one.example/", "ws://127.0.0.1:8000/relay"]);
    assert.deepEqual(plain.iceServers, [{ urls: "stun:stun.example.org:19302" }]);
    assert.deepEqual(plain.custom, {});
    const own = P.meetingConfig(build, "relays=wss://mine.example&turn=turn:u:p@t.example", LOCAL);
    assert.deepEqual(own.relays, ["wss://mine.example/"]);
    assert.deepEqual(own.iceServers, [{ urls: "stun:stun.example.org:19302" }, { urls: "turn:t.example", username: "u", credential: "p" }]);
    assert.deepEqual(P.meetingConfig({}, "", PAGE), { relays: [], iceServers: [], custom: {}, problems: [] });
  });
});

describe("invitations", () => {
  test("a room's link: the host's configuration in the query, the room and the host in the hash", () => {
    const room = P.newRoomId(), host = randomId();
    const link = P.roomLink(PAGE, { room, host, relays: ["wss://mine.example/"] });
    const url = new URL(link);
    assert.equal(url.origin + url.pathname, "https://me.github.io/kingweb/index.html");
    assert.equal(url.searchParams.get("relays"), "wss://mine.example/");
    assert.equal(url.searchParams.has("game"), false);  // the guest's page is set by the host
    assert.deepEqual(P.readInvite(url.hash), { invite: { room, host }, problems: [] });
    assert.equal(P.roomLink(PAGE, { room, host }), `https://me.github.io/kingweb/index.html#room=${room}&host=${host}`);
  });

  test("a direct invitation's link carries the offer code (and TURN servers, credentials and all)", () => {
    const turn = [{ urls: "turn:t.example:3478", username: "a:b", credential: "c@d" }];
    const link = P.offerLink(PAGE, { offer: "AQgEbFpR", turn });
    const url = new URL(link);
    assert.deepEqual(P.readInvite(url.hash), { invite: { offer: "AQgEbFpR" }, problems: [] });
    assert.deepEqual(P.readNetParams(url.search, PAGE).cfg.turn, turn);
  });

  test("a hash without an invitation is none; a bad one is named", () => {
    assert.deepEqual(P.readInvite(""), { invite: null, problems: [] });
    assert.deepEqual(P.readInvite("#rules"), { invite: null, problems: [] });
    assert.deepEqual(P.readInvite("#room=short&host=" + randomId()).problems, ["room=short"]);
    assert.deepEqual(P.readInvite("#room=" + randomId()).problems, ["host="]);
    assert.deepEqual(P.readInvite("#offer=a!b").problems, ["offer=a!b"]);
  });
});
