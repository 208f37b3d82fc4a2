// The browser tests' page (tests/browser/test_p2p.py, tests/bench/p2p_bench.py): it opens
// rooms and direct invitations with site/p2p/ as the game will, keeps what happens in
// window.t.log, and can misbehave on purpose (raw frames, floods) to test the guards.
import { answerDirect, inviteDirect } from "./p2p/direct.js";
import { connectionClass } from "./p2p/connection.js";
import { KP } from "./p2p/envelope.js";
import { loadIdentity } from "./p2p/identity.js";
import { greet } from "./p2p/peer.js";
import { meetingConfig, newRoomId, offerLink, readInvite, roomLink } from "./p2p/params.js";
import { renderQr } from "./p2p/qr.js";
import { netSupport } from "./p2p/support.js";

const now = () => performance.timeOrigin + performance.now();
/** @type {any} */
const t = { log: [], messages: [], peers: {}, room: null, invites: [], answers: [] };
window.t = t;

const note = (kind, fields) => t.log.push({ kind, at: now(), ...fields });

function watchPeer(peer, where) {
  t.peers[peer.id] = peer;
  peer.on("close", (reason) => note("close", { id: peer.id, reason, where }));
}

function onMessage(peer, msg) {
  t.messages.push({ from: peer.id, msg, at: now() });
  // the bench's host echoes each guest's action to every guest at once
  if (t.echo && msg.type === "act") t.room.broadcast({ type: "event", n: msg.n, by: peer.id, pad: msg.pad });
}

t.support = () => netSupport();
t.identity = async () => (await loadIdentity()).id;
t.config = async (search) => meetingConfig(await (await fetch("./build.json")).json(), search ?? location.search, location.href);
t.newRoomId = () => newRoomId();
t.libraryId = async () => (await import("@trystero-p2p/torrent")).selfId;
t.readInvite = (hash) => readInvite(hash);

t.open = async (opts) => {
  const { openRoom } = await import("./p2p/opening.js");
  const room = await openRoom(opts);
  t.room = room;
  room.on("join", (peer, { rejoin }) => { note("join", { id: peer.id, role: peer.role, rejoin }); watchPeer(peer, "room"); });
  room.on("leave", (peer, reason) => note("leave", { id: peer.id, reason }));
  room.on("message", onMessage);
  room.on("drop", (peer, reason, where) => note("drop", { id: peer?.id ?? null, reason, where }));
  room.on("problem", (key, params) => note("problem", { key, params }));
  return room.id;
};
t.link = () => roomLink(location.href, { room: t.room.roomId, host: t.room.id });
t.send = (id, msg) => t.room.send(id, msg);
t.broadcast = (msg) => t.room.broadcast(msg);
t.stats = () => JSON.parse(JSON.stringify(t.room.stats()));
t.close = () => t.room.close();
t.joined = () => [...t.room.peers.keys()];

// Misbehaving on purpose: frames that skip the envelope, on kingweb's channel or trystero's.
t.raw = (id, data) => {
  const peer = t.room ? t.room.peers.get(id) : t.peers[id];
  const buf = typeof data === "string" ? data : new Uint8Array(data).buffer;
  peer.connection.kp.send(buf);
};
t.flood = (id, n, text) => {
  const peer = t.room ? t.room.peers.get(id) : t.peers[id];
  const frame = text ?? JSON.stringify({ kp: KP, type: "flood" });
  let sent = 0;
  for (let i = 0; i < n; i++) {
    if (peer.connection.kp.readyState !== "open") break;
    peer.connection.kp.send(frame);
    sent++;
  }
  return sent;
};
t.library = (id, bytes) => {
  const peer = t.room.peers.get(id);
  peer.connection.library.send(new Uint8Array(bytes).buffer);
};

// Direct invitations
t.invite = async (opts = {}) => {
  const inv = await inviteDirect(opts);
  t.invites.push(inv);
  return { code: inv.code, link: offerLink(location.href, { offer: inv.code }), index: t.invites.length - 1 };
};
t.accept = async (index, code) => {
  try {
    const peer = await t.invites[index].accept(code);
    watchPeer(peer, "direct");
    peer.on("message", (msg) => onMessage(peer, msg));
    note("join", { id: peer.id, role: peer.role, via: "direct" });
    return peer.id;
  } catch (err) {
    return { error: err.key ?? String(err) };
  }
};
t.answer = async (code, opts = {}) => {
  try {
    const ans = await answerDirect(code, opts);
    t.answers.push(ans);
    ans.peer.then((peer) => {
      if (!peer) return note("problem", { key: "p2p_failed" });
      watchPeer(peer, "direct");
      peer.on("message", (msg) => onMessage(peer, msg));
      note("join", { id: peer.id, role: peer.role, via: "direct" });
    });
    return { code: ans.code };
  } catch (err) {
    return { error: err.key ?? String(err) };
  }
};
t.sendTo = (id, msg) => t.peers[id].send(msg);
// The bench: this guest sends `count` actions to the host, `gapMs` apart (a person's pace,
// within a peer's budget), each once the host's echo of the one before came back; when
// each was sent and when its echo came back (null if it did not within 5 s).
t.actLoop = async (host, count, from, pad, gapMs) => {
  const out = [];
  for (let n = from; n < from + count; n++) {
    let off;
    const back = new Promise((resolve) => {
      const timer = setTimeout(() => { off(); resolve(null); }, 5000);
      off = t.room.on("message", (_, msg) => { if (msg.type === "event" && msg.n === n) { clearTimeout(timer); off(); resolve(now()); } });
    });
    const sent = now();
    t.room.send(host, { type: "act", n, pad });
    out.push({ n, sent, back: await back });
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  return out;
};
// Two connections of this page, joined here: one greets at once, the other only `lateMs`
// after its channel opened, as a room's page does when its meeting library reports the
// connection late.  Both must meet: the early hello waits for the late side.
t.lateGreet = async (lateMs) => {
  const Connection = connectionClass();
  const [a, b] = [new Connection({ iceServers: [] }), new Connection({ iceServers: [] })];
  a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
  b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
  await a.setLocalDescription();
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription();
  await a.setRemoteDescription(b.localDescription);
  const identity = await loadIdentity();
  const opts = { identity, room: "late", app: "", via: "room", signed: true };
  const first = greet(a, { ...opts, role: "host" });
  await new Promise((resolve) => b.kp.addEventListener("open", resolve, { once: true }));
  await new Promise((resolve) => setTimeout(resolve, lateMs));
  const early = b.early.length;
  const [pa, pb] = await Promise.all([first, greet(b, { ...opts, role: "guest" })]);
  return { early, a: pa && pa.role, b: pb && pb.role };
};
t.qr = (text) => { const q = renderQr(document.querySelector("#qr"), text, "test"); return { version: q.version, size: q.size }; };
t.ready = true;
