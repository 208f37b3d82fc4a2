// The relays that carry a table (relayed.js): an MQTT broker's carriage (mqtt.js) and a
// Nostr relay's (ephemeral events signed with a key made for the page), each a Carrier:
// topics subscribed while it is open or reconnects, messages published to them.

import { PIECE, hex } from "./sealing.js";

/** @typedef {import("./params.js").RelayKind} RelayKind */
/** One relay's carriage: its topics, subscribed while it is open or reconnects.
 * @typedef {{kind: RelayKind, url: string, open: () => boolean, publish: (topic: string, text: string) => void,
 *   subscribe: (topic: string) => void, close: () => void}} Carrier */
/** Makes a relay's carriage: `hear` takes each message on its topics, `opened` hears when
 * it is connected and subscribed (again).
 * @typedef {(url: string, hear: (topic: string, text: string) => void, opened: () => void) => Promise<Carrier>} CarrierMaker */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An MQTT broker's carriage (mqtt.js, as trystero's strategy uses it: site/p2p/mqtt.js).
 * @type {CarrierMaker} */
async function mqttCarrier(url, hear, opened) {
  const { default: mqtt } = await import("./mqtt.js");
  const client = /** @type {any} */ (mqtt.connect(url, { queueQoSZero: false, resubscribe: true, reconnectPeriod: 2_000 }));
  /** @type {Set<string>} */
  const topics = new Set();
  client.on("message", (/** @type {string} */ topic, /** @type {Uint8Array} */ buf) => hear(topic, decoder.decode(buf)));
  client.on("connect", () => {
    if (topics.size) client.subscribe([...topics], () => opened());
  });
  client.on("error", () => {});  // it reconnects; the room says which networks answer
  return {
    kind: "mqtt",
    url,
    open: () => Boolean(client.connected),
    publish: (topic, text) => client.publish(topic, text),
    subscribe: (topic) => {
      topics.add(topic);
      if (client.connected) client.subscribe(topic, () => opened());
    },
    close: () => client.end(true),
  };
}

/** A Nostr relay's carriage: ephemeral events (kinds 20000-29999, passed on and never
 * stored), each topic a tag "x", signed with a key made for this page (@noble/secp256k1,
 * as trystero's strategy signs).
 * @type {CarrierMaker} */
async function nostrCarrier(url, hear, opened) {
  const { schnorr } = await import("@noble/secp256k1");
  const { secretKey, publicKey } = schnorr.keygen();
  const pubkey = hex(publicKey);
  /** @type {Set<string>} */
  const topics = new Set();
  const sub = hex(crypto.getRandomValues(new Uint8Array(8)));
  const kindOf = (/** @type {string} */ topic) => 20000 + (parseInt(topic.slice(8, 12), 16) % 10000);
  /** @type {WebSocket | null} */
  let socket = null;
  let closed = false, wait = 1_000;
  /** @type {Promise<unknown>} */
  let chain = Promise.resolve();
  const subscribe = () => {
    if (socket?.readyState !== WebSocket.OPEN || !topics.size) return;
    const list = [...topics];
    socket.send(JSON.stringify(["REQ", sub, { kinds: [...new Set(list.map(kindOf))], "#x": list, since: Math.floor(Date.now() / 1000) - 5 }]));
  };
  const connect = () => {
    if (closed) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      wait = 1_000;
      subscribe();
      opened();
    };
    ws.onmessage = (ev) => {
      if (typeof ev.data !== "string" || ev.data.length > PIECE + 2000) return;
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (!Array.isArray(m) || m[0] !== "EVENT" || m[1] !== sub || !m[2] || typeof m[2].content !== "string") return;
      const x = Array.isArray(m[2].tags) ? m[2].tags.find((/** @type {unknown[]} */ t) => Array.isArray(t) && t[0] === "x") : null;
      if (x && typeof x[1] === "string") hear(x[1], m[2].content);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 30_000);
    };
    ws.onerror = () => {};
  };
  connect();
  return {
    kind: "nostr",
    url,
    open: () => socket?.readyState === WebSocket.OPEN,
    publish: (topic, content) => {
      const ws = socket;
      const event = { kind: kindOf(topic), tags: [["x", topic]], created_at: Math.floor(Date.now() / 1000), content, pubkey };
      const payload = JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]);
      // in order: a signature takes a moment, and frames must leave as they were sent
      chain = chain.then(async () => {
        const id = await crypto.subtle.digest("SHA-256", encoder.encode(payload));
        const sig = await schnorr.signAsync(new Uint8Array(id), secretKey);
        if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(["EVENT", { ...event, id: hex(id), sig: hex(sig) }]));
      }).catch(() => {});
    },
    subscribe: (topic) => {
      topics.add(topic);
      subscribe();
    },
    close: () => {
      closed = true;
      socket?.close();
    },
  };
}
/** @type {Record<string, CarrierMaker>} */
export const CARRIERS = { mqtt: mqttCarrier, nostr: nostrCarrier };

