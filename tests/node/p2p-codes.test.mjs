// site/p2p/codes.js: an offer or answer cut to what a data connection needs, packed into a
// short code, and a complete SDP rebuilt from it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { fromBase64url, toBase64url } from "../../site/p2p/bytes.js";
import * as C from "../../site/p2p/codes.js";

// Offers and answers as Chromium made them (headless, with and without local addresses
// shown), and a Firefox-like one with a server-reflexive and a relay candidate.
const CHROMIUM_LOOPBACK = `v=0
o=- 84518210883926359 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 57227 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 127.0.0.1
a=candidate:2644255408 1 udp 2122194687 127.0.0.1 57227 typ host generation 0 network-id 3 network-cost 50
a=candidate:866237756 1 udp 2122063615 192.0.2.2 59591 typ host generation 0 network-id 1
a=candidate:2961569387 1 udp 2122267903 ::1 45578 typ host generation 0 network-id 4 network-cost 50
a=candidate:886296972 1 udp 2122134271 fd00::2 52357 typ host generation 0 network-id 2
a=candidate:3813916712 1 tcp 1518214911 127.0.0.1 9 typ host tcptype active generation 0 network-id 3 network-cost 50
a=ice-ufrag:lZQd
a=ice-pwd:NrwGXy7cNxcdWqjhqKhVOsSk
a=ice-options:trickle
a=fingerprint:sha-256 04:DA:35:E2:34:FC:0A:A3:BA:6D:D8:2B:80:C6:F2:EB:F9:54:A4:3E:39:37:95:A1:F4:12:85:6F:BC:FF:0E:13
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
`.replace(/\n/g, "\r\n");

const CHROMIUM_MDNS = `v=0
o=- 23586168839633373 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
a=extmap-allow-mixed
a=msid-semantic: WMS
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:1824765657 1 udp 2113937151 3280d8c3-7361-4eec-a4b9-8eab4e3ca8aa.local 42155 typ host generation 0 network-cost 999
a=candidate:2812639033 1 udp 2113942271 4df85522-95e1-4575-901d-ddbf5c7ebe2d.local 44132 typ host generation 0 network-cost 999
a=ice-ufrag:Gp2t
a=ice-pwd:SSJ4HE/49ZBZwagvRQDe5B1k
a=ice-options:trickle
a=fingerprint:sha-256 BC:AF:F4:E2:84:48:FE:70:35:0E:6C:BB:44:BA:70:D1:39:5E:24:49:71:01:E5:53:7B:72:EE:FC:A1:DE:A6:EF
a=setup:active
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
`.replace(/\n/g, "\r\n");

const FIREFOXISH = `v=0
o=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0
s=-
t=0 0
a=fingerprint:sha-256 6B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08
a=group:BUNDLE 0
m=application 61000 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 203.0.113.7
a=candidate:0 1 UDP 2122252543 10.0.0.5 61000 typ host
a=candidate:1 1 UDP 1686052863 203.0.113.7 61000 typ srflx raddr 10.0.0.5 rport 61000
a=candidate:2 1 UDP 92217343 198.51.100.9 50000 typ relay raddr 203.0.113.7 rport 61000
a=candidate:3 1 TCP 2105524479 10.0.0.5 9 typ host tcptype active
a=ice-pwd:f7e5a1c3b2d4e6f8a0b1c2d3e4f5a6b7
a=ice-ufrag:9a3b5c7d
a=mid:0
a=setup:actpass
a=sctp-port:5000
a=max-message-size:1073741823
`.replace(/\n/g, "\r\n");

describe("readSdp keeps what a data connection needs", () => {
  test("credentials, fingerprint, role, media id, and the UDP candidates by priority", () => {
    const s = C.readSdp(CHROMIUM_LOOPBACK, "offer");
    assert.equal(s.ufrag, "lZQd");
    assert.equal(s.pwd, "NrwGXy7cNxcdWqjhqKhVOsSk");
    assert.equal(s.setup, "actpass");
    assert.equal(s.mid, "0");
    assert.equal(toBase64url(s.fingerprint).length, 43);
    assert.deepEqual(s.candidates.map((c) => c.address), ["::1", "127.0.0.1", "fd00::2", "192.0.2.2"]);  // no TCP
  });

  test("the types of candidate, mDNS names, a Firefox-like layout", () => {
    assert.deepEqual(C.readSdp(FIREFOXISH, "offer").candidates, [
      { address: "10.0.0.5", port: 61000, type: "host" },
      { address: "203.0.113.7", port: 61000, type: "srflx" },
      { address: "198.51.100.9", port: 50000, type: "relay" },
    ]);
    assert.equal(C.readSdp(CHROMIUM_MDNS, "answer").candidates[0].address, "4df85522-95e1-4575-901d-ddbf5c7ebe2d.local");
  });

  test("an SDP without one of them is not usable", () => {
    for (const cut of ["a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "a=mid"]) {
      const sdp = CHROMIUM_LOOPBACK.split("\r\n").filter((l) => !l.startsWith(cut)).join("\r\n");
      assert.equal(C.readSdp(sdp, "offer"), null, cut);
    }
    assert.equal(C.readSdp(CHROMIUM_LOOPBACK.replace("sha-256", "sha-1"), "offer"), null);
  });
});

describe("codes", () => {
  /** @type {[string, string, "offer" | "answer"][]} */
  const sdps = [["loopback", CHROMIUM_LOOPBACK, "offer"], ["mDNS", CHROMIUM_MDNS, "answer"], ["Firefox-like", FIREFOXISH, "offer"]];
  for (const [name, sdp, type] of sdps) {
    test(`${name}: the code holds the signal, and the rebuilt SDP reads the same`, () => {
      const s = C.readSdp(sdp, type);
      if (type === "offer") s.host = new Uint8Array(16).fill(42);
      const code = C.packSignal(s);
      assert.match(code, /^[A-Za-z0-9_-]+$/);
      const back = C.unpackSignal(code);
      assert.deepEqual(back, s);
      const rebuilt = C.writeSdp(back);
      const again = C.readSdp(rebuilt, type);
      if (s.host) again.host = s.host;
      assert.deepEqual(again, s);
      assert.ok(rebuilt.endsWith("\r\n") && rebuilt.includes("a=end-of-candidates\r\n"));
    });
  }

  test("short: a phone's two mDNS names and a public address, with the host's id, under 180 characters", () => {
    const s = C.readSdp(CHROMIUM_MDNS, "offer");
    s.candidates.push({ address: "203.0.113.7", port: 61000, type: "srflx" });
    s.host = new Uint8Array(16);
    assert.ok(C.packSignal(s).length < 180, String(C.packSignal(s).length));
  });

  test("the rebuilt SDP keeps the order of preference and the role", () => {
    const sdp = C.writeSdp(C.unpackSignal(C.packSignal(C.readSdp(FIREFOXISH, "offer"))));
    const prios = [...sdp.matchAll(/^a=candidate:\S+ 1 udp (\d+)/gm)].map((m) => Number(m[1]));
    assert.deepEqual([...prios].sort((a, b) => b - a), prios);
    assert.match(sdp, /^a=setup:actpass$/m);
    assert.match(sdp, /^a=fingerprint:sha-256 6B:8B:F0:65/m);
    assert.match(sdp, /typ relay raddr 0\.0\.0\.0 rport 0$/m);
  });

  test("IPv6 addresses come back in their short form", () => {
    for (const [address, short] of [["::1", "::1"], ["fd00::2", "fd00::2"], ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"], ["2001:db8::", "2001:db8::"], ["1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"]]) {
      const s = C.readSdp(CHROMIUM_MDNS, "answer");
      s.candidates = [{ address, port: 9, type: "host" }];
      assert.equal(C.unpackSignal(C.packSignal(s)).candidates[0].address, short);
    }
  });

  test("what is not a code is null, never a throw: other text, cut codes, changed bytes", () => {
    const s = C.readSdp(CHROMIUM_LOOPBACK, "offer");
    s.host = new Uint8Array(16).fill(1);
    const good = fromBase64url(C.packSignal(s));
    for (const text of ["", "hello", "AAAA", "#room=x", "a".repeat(5000), null, 5]) assert.equal(C.unpackSignal(/** @type {any} */ (text)), null);
    for (let n = 0; n < good.length; n++) assert.equal(C.unpackSignal(toBase64url(good.subarray(0, n))), null, `cut at ${n}`);
    assert.equal(C.unpackSignal(toBase64url(new Uint8Array([...good, 0]))), null);
    let seed = 3;
    const rand = (n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 3000; i++) {
      const b = good.slice();
      for (let k = 1 + rand(3); k > 0; k--) b[rand(b.length)] = rand(256);
      const r = C.unpackSignal(toBase64url(b));
      if (r) C.writeSdp(r);  // a changed byte that still reads is still a well-formed signal
    }
  });
});
