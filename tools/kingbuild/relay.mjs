// A WebTorrent tracker on this machine: the relay where peers of a room meet, for
// `python build.py serve --relay` and the browser tests (tools/kingbuild/relay.py starts it).
// bittorrent-tracker's server, pinned by tools/relay/package-lock.json, WebSocket only.
//
//   node relay.mjs [port] [interval-ms]
//
// Run from the folder where the pinned package is installed (its node_modules), as
// deck.py runs optimise.mjs.  Prints one line of JSON, {"port": N}, once it listens on 127.0.0.1, and stops when its
// standard input closes (so it never outlives the process that started it).
//
// The interval is what the tracker tells each peer about re-announcing: a WebSocket
// tracker answers a fifth of it, and trystero 0.25 re-announces every max(that, 10 s).
// The default, 50 s, gives the 10 s floor; a room meets faster than that because a peer
// that hears an offer it will not answer announces at once (site/p2p/room.js).
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// bittorrent-tracker/server, from the working folder's install (an ES module only: no require)
const where = pathToFileURL(join(process.cwd(), "node_modules", "bittorrent-tracker", "server.js")).href;
const { default: Server } = await import(where);

const port = Number(process.argv[2] || 0);
const interval = Number(process.argv[3] || 50_000);

const server = new Server({ udp: false, http: false, ws: true, stats: false, interval });
server.on("error", (err) => {
  console.error(`relay: ${err.message}`);
  process.exit(1);
});
// a peer's malformed message is its problem, not the relay's: keep serving
server.on("warning", () => {});
server.listen(port, "127.0.0.1", () => {
  const address = /** @type {import("node:net").AddressInfo} */ (server.ws.address());
  process.stdout.write(JSON.stringify({ port: address.port }) + "\n");
});

process.stdin.resume();
process.stdin.on("end", () => server.close(() => process.exit(0)));
process.stdin.on("close", () => server.close(() => process.exit(0)));
