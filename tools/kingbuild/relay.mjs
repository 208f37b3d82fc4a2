// A relay on this machine, of one of the kinds where peers of a room meet, for
// `python build.py serve --relay` and the browser tests (tools/kingbuild/relay.py starts
// one process per kind).  Each from a package pinned by tools/relay/package-lock.json,
// WebSocket only, on 127.0.0.1 only:
//   torrent  a WebTorrent tracker: bittorrent-tracker's server
//   nostr    a Nostr relay that keeps nothing: @nostr-relay/core with an event store that
//            stores no event (trystero sends only ephemeral events, kinds 20000-29999, which
//            a relay passes on to the subscribers and never stores), on ws's server
//   mqtt     an MQTT broker: aedes, each WebSocket (ws) made a stream it handles
//
//   node relay.mjs KIND [port] [interval-ms]
//
// Run from the folder where the pinned packages are installed (its node_modules), as
// deck.py runs optimise.mjs.  Prints one line of JSON, {"port": N}, once it listens, and
// stops when its standard input closes (so it never outlives the process that started it).
//
// The interval (a tracker's only) is what the tracker tells each peer about re-announcing:
// a WebSocket tracker answers a fifth of it, and trystero 0.25 re-announces every max(that,
// 10 s).  The default, 50 s, gives the 10 s floor; a room meets faster than that because a
// peer that hears an offer it will not answer announces at once (site/p2p/room.js).
import { createServer } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const HOST = "127.0.0.1";
/** A module of the working folder's install (ES modules and CommonJS alike).
 * @param {string} path  under node_modules */
const load = (path) => import(pathToFileURL(join(process.cwd(), "node_modules", path)).href);

const [kind, portArg, intervalArg] = process.argv.slice(2);
const port = Number(portArg || 0);

/** @param {string} why */
const fail = (why) => {
  console.error(`relay (${kind}): ${why}`);
  process.exit(1);
};

/** Say where it listens; stop when standard input closes.
 * @param {import("node:net").AddressInfo} address @param {(done: () => void) => void} close */
const serving = (address, close) => {
  process.stdout.write(JSON.stringify({ port: address.port }) + "\n");
  const stop = () => close(() => process.exit(0));
  process.stdin.resume();
  process.stdin.on("end", stop);
  process.stdin.on("close", stop);
};

async function tracker() {
  const { default: Server } = await load("bittorrent-tracker/server.js");
  const interval = Number(intervalArg || 50_000);
  const server = new Server({ udp: false, http: false, ws: true, stats: false, interval });
  server.on("error", (/** @type {Error} */ err) => fail(err.message));
  // a peer's malformed message is its problem, not the relay's: keep serving
  server.on("warning", () => {});
  server.listen(port, HOST, () => serving(server.ws.address(), (done) => server.close(done)));
}

/** A WebSocket server on its own HTTP server, bound to loopback. */
async function webSockets() {
  const { WebSocketServer } = await load("ws/wrapper.mjs");
  const http = createServer((_, res) => res.writeHead(426).end());
  const wss = new WebSocketServer({ server: http, maxPayload: 1 << 20 });
  http.on("error", (err) => fail(err.message));
  return { http, wss };
}

async function nostr() {
  const { NostrRelay } = await load("@nostr-relay/core/dist/index.js");
  const { EventRepository, LogLevel } = await load("@nostr-relay/common/dist/index.js");
  class NoStore extends EventRepository {
    isSearchSupported() { return false; }
    async upsert() { return { isDuplicate: false }; }
    async find() { return []; }
  }
  const relay = new NostrRelay(new NoStore(), { logLevel: LogLevel.ERROR, eventHandlingResultCacheTtl: 0 });
  const { http, wss } = await webSockets();
  wss.on("connection", (/** @type {any} */ ws) => {
    relay.handleConnection(ws);
    ws.on("message", async (/** @type {Buffer} */ data) => {
      let msg;
      try { msg = JSON.parse(data.toString()); } catch { return; }
      if (!Array.isArray(msg)) return;
      try { await relay.handleMessage(ws, msg); } catch { /* a malformed message: ignored */ }
    });
    ws.on("close", () => relay.handleDisconnect(ws));
    ws.on("error", () => {});
  });
  http.listen(port, HOST, () => serving(/** @type {any} */ (http.address()), (done) => { wss.close(); http.close(done); }));
}

async function mqtt() {
  const { Aedes } = await load("aedes/aedes.js");
  const { createWebSocketStream } = await load("ws/wrapper.mjs");
  const broker = await Aedes.createBroker();
  const { http, wss } = await webSockets();
  wss.on("connection", (/** @type {any} */ ws) => {
    const stream = createWebSocketStream(ws);
    stream.on("error", () => {});
    broker.handle(stream);
  });
  http.listen(port, HOST, () => serving(/** @type {any} */ (http.address()), (done) => {
    wss.close();
    broker.close(() => http.close(done));
  }));
}

const kinds = { torrent: tracker, nostr, mqtt };
if (!(kind in kinds)) fail(`no such kind: ${kind} (${Object.keys(kinds).join(", ")})`);
await kinds[/** @type {keyof typeof kinds} */ (kind)]();
