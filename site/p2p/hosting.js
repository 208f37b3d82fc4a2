// Hosting a table with people at other devices: the room (or, where no relay can be
// reached or the page is not secure, direct invitations by code), the seating with the
// invite link, its QR code and who has joined, then the match, whose guests' words this
// page passes on.  Loaded only when a person chooses to play with people.
//
// The room keeps its id for the match (in localStorage, with the guests' seats by their
// peer ids and the peers the host blocked), so that after a reload the host's page opens
// the same room again, each guest, coming back through the same link, finds their seat,
// and a blocked one is refused still.
import { t } from "../i18n/index.js";
import { $, el } from "../render/dom.js";
import { refusalText } from "../render/labels.js";
import { openDialog } from "../render/dialogs.js";
import { openHostSeating, closeSeating, linkLabel, networksLine, networksText, refreshHostSeating, removeButtons, showNetworks } from "../render/seating.js";
import { clearNotice, notice, noticeAbout, toast } from "../render/messages.js";
import { copyRow } from "../render/copy.js";
import { HostTable } from "./host.js";
import { Hub } from "./links.js";
import { meetingConfig, newRoomId, offerLink, roomLink } from "./params.js";
import { carries, netSupport } from "./support.js";

/** @typedef {import("../protocol.js").Seat} Seat */
/** @typedef {import("../protocol.js").Sync} Sync */
/** @typedef {import("../protocol.js").TableDetails} TableDetails */

export const ROOM_KEY = "kingweb.room.v1";

/**
 * What hosting needs from the page.
 * @typedef {object} HostWiring
 * @property {(cmd: string, args?: object) => Promise<any>} call   the page's engine
 * @property {(sync: Sync) => void} adopt       the page takes the table
 * @property {(r: any) => void} receive         the page takes news
 * @property {(table: TableDetails) => void} tableChanged
 * @property {Record<string, any>} build        build.json (the relays, the STUN servers)
 * @property {() => string} match               the match's token (the room is kept for it)
 * @property {() => {choices: number[], default: number} | null} clocks   the move clock's choices (the engine's)
 */

/** The table being hosted, if any (the page passes it the engine's words for guests). */
/** @type {HostTable | null} */
export let hosted = null;
/** @type {Hub | null} */
let hub = null;
/** @type {HostWiring | null} */
let wiring = null;
/** The invitation shown in the seating and, later, from the toolbar; `shared`: its guests meet
 * in one room, where each may learn the others' addresses (room.js, "A guest meets its host
 * alone"), which the invite says. */
let invite = { link: "", room: "", shared: false };
/** whether this browser can make invitations by code (they need WebRTC) */
let codes = true;

/** @param {string} text @param {string} label */
function qr(text, label) {
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS("http://www.w3.org/2000/svg", "svg"));
  import("./qr.js").then(({ renderQr }) => { try { renderQr(svg, text, label); } catch { svg.remove(); } });
  return svg;
}

/** Open a room (or direct invitations) for a new match with people away, and its seating.
 * @param {HostWiring} w @param {import("./host.js").HostedMatch & {seats: Seat[]}} m */
export async function hostMatch(w, m) {
  close();
  wiring = w;
  const roomId = newRoomId();
  const h = await openLink(w, roomId);
  hosted = new HostTable({ call: w.call, hub: h, plan: m.seats, match: m, adopt: w.adopt, receive: w.receive,
    changed: () => { if (hosted && !hosted.started) seatingChanged(w); remember(); }, tableChanged: w.tableChanged, flooded, nameless });
  showSeating(w);
}

/** The page's table was resumed from its save and has people away: open its room again
 * (the same id, if this page kept it), every guest stood in for until they come back.
 * @param {HostWiring} w @param {Sync} sync */
export async function rehost(w, sync) {
  close();
  wiring = w;
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(ROOM_KEY) || "null"); } catch { kept = null; }
  const same = kept && kept.match === sync.table.match && typeof kept.room === "string";
  const h = await openLink(w, same ? kept.room : newRoomId());
  const plan = sync.table.seats.map((s) => ({ ...s }));
  hosted = new HostTable({ call: w.call, hub: h, plan, match: { game: "", options: {}, level: sync.table.level, clock: sync.table.clock ?? null },
    adopt: w.adopt, receive: w.receive, changed: remember, tableChanged: w.tableChanged, flooded, nameless });
  hosted.started = true;
  if (same && kept.guests) for (const [peer, seat] of Object.entries(kept.guests)) hosted.tokens.set(peer, seat);
  // the peers the host blocked stay blocked: the room refuses them again, and the table their join
  if (same && Array.isArray(kept.blocked)) {
    for (const peer of kept.blocked) {
      if (typeof peer !== "string") continue;
      hosted.blocked.add(peer);
      h.cut(peer, true);
    }
  }
  // the engine, reopened from its save, writes for the guests' seats only: spectators
  // (who may come at any time) are followed again, as a new match's start does
  const here = Object.keys(sync.states).map((k) => (k === "spectator" ? null : Number(k)));
  w.adopt(await w.call("follow", { here, away: [...hosted.awaySeats(), null] }));
  // every guest is gone until their page finds this one again
  for (const seat of hosted.awaySeats()) w.tableChanged((await w.call("seat", { seat, stand_in: true })).table);
  toast(t("room_reopened"), 6000);
}

/** The room, or direct invitations only where a room cannot be held.
 * @param {HostWiring} w @param {string} roomId */
async function openLink(w, roomId) {
  hub = new Hub();
  const support = netSupport();
  const cfg = meetingConfig(w.build, location.search, location.href);
  // without WebRTC a room still meets and plays through relays that carry a table
  if (!support.webrtc && !(support.secure && carries(cfg.relays))) throw Object.assign(new Error(t("p2p_no_webrtc")), { code: "p2p" });
  codes = support.direct;
  if (cfg.problems.length) notice(t("bad_params", { list: cfg.problems.join(", ") }));
  invite = { link: "", room: roomId, shared: false };
  if (support.rooms && cfg.relays.length) {
    const { openRoom } = await import("./opening.js");
    const room = await openRoom({ roomId, role: "host", relays: cfg.relays, iceServers: cfg.iceServers, app: String(w.build.build || "") });
    room.on("problem", (key, params) => noticeAbout(key, t(key, params)));
    showNetworks(networksText([], room.kinds));
    room.on("networks", (open, all) => {
      showNetworks(networksText(open, all));
      if (open.length) clearNotice("p2p_no_relay");  // a network answers: that problem is solved
    });
    hub.addRoom(room);
    // a guest's connection moved (to a direct one, or to the relays): the seating says so
    room.on("moved", () => { if (hosted && !hosted.started && wiring) seatingChanged(wiring); });
    invite.link = roomLink(location.href, { room: roomId, host: room.id, ...cfg.custom });
    invite.shared = room.meeting === "shared";
  } else if (support.problems.length) {
    // (a build that names no relay says nothing more: the seating offers invitations by code)
    notice(t(support.problems[0]));
  }
  return hub;
}

/** Keep the room's id, its guests' seats and the peers it blocked for a reload. */
function remember() {
  if (!hosted) return;
  const match = wiring ? wiring.match() : "";
  try {
    localStorage.setItem(ROOM_KEY, JSON.stringify({ room: invite.room, match, guests: Object.fromEntries(hosted.tokens),
      blocked: [...hosted.blocked] }));
  } catch { /* storage full or blocked: guests rejoin as new after a reload */ }
}

/** A guest the transport cut off for flooding: the host is told who, and why, once.
 * @param {import("./host.js").Guest} g */
function flooded(g) {
  notice(t("guest_flooded", { name: g.name || (g.seat === null ? t("a_spectator") : t("seat_n", { n: g.seat + 1 })) }));
}

/** The name of a guest who gave none: "Guest 2" at seat 2 (PROTOCOL.md §3.10). @param {number} seat */
const nameless = (seat) => t("guest_n", { n: seat + 1 });

/** The host's controls of the guests' seats. */
function controls() {
  const table = hosted;
  return { held: table ? table.heldSeats() : [], remove: (/** @type {number} */ seat, /** @type {boolean} */ block) => {
    if (table) table.remove(seat, block).catch(() => toast(t("err_internal-error"), 6000));
  } };
}

/** Who is in changed before the start: the seating, if open, is brought up to date in place;
 * another dialog the host has open (an invitation by code) is never covered by it.
 * @param {HostWiring} w */
function seatingChanged(w) {
  if (!hosted) return;
  if (refreshHostSeating(seatingList(), controls())) return;
  if (!/** @type {HTMLDialogElement} */ ($("dialog")).open) showSeating(w);
}

/** The seating's seats, each guest's with how the host reaches it (direct or relayed). */
function seatingList() {
  const table = /** @type {NonNullable<typeof hosted>} */ (hosted);
  return table.seating().map((s, i) => {
    const g = [...table.guests.values()].find((x) => x.seat === i && x.here);
    const how = g && hub ? hub.how(g.peer) : null;
    return how ? { ...s, link: how } : s;
  });
}

/** The seating. @param {HostWiring} w */
function showSeating(w) {
  if (!hosted) return;
  const table = hosted;
  const clocks = w.clocks();
  openHostSeating({ invite: invite.link, qr: invite.link ? qr(invite.link, t("invite_qr")) : null, seats: seatingList(),
    note: invite.link ? (invite.shared ? t("invite_shared") : "") : t("seating_direct_only"), codes,
    clock: clocks ? { spec: clocks, value: table.match.clock || 0, change: (s) => { table.match.clock = s || null; } } : null,
    controls: controls() }, {
    // an engine's refusal in the player's words (err_<code>), else what the error says
    onStart: () => { startHosted().catch((e) => toast(refusalText(e, null) || t("err_internal-error"), 8000)); },
    onClose: () => { close(); },
    onDirect: () => { directInvite(w).catch((e) => toast(t(e.key || "p2p_failed"), 8000)); },
  });
}

async function startHosted() {
  if (!hosted) return;
  // a test's short clock (the engine takes 1 s up; the dialogs offer 15 s to 5 min)
  const testClock = /** @type {any} */ (window).kingwebClockSeconds;
  if (Number.isSafeInteger(testClock)) hosted.match.clock = testClock;
  closeSeating();
  await hosted.start();
  remember();
}

/** One direct invitation: the host's offer as a link and a QR code, and a field for the
 * guest's answer code.  @param {HostWiring} w */
async function directInvite(w) {
  const { inviteDirect } = await import("./direct.js");
  const cfg = meetingConfig(w.build, location.search, location.href);
  const inv = await inviteDirect({ iceServers: cfg.iceServers, app: String(w.build.build || "") });
  const link = offerLink(location.href, { offer: inv.code, turn: cfg.custom.turn });
  const field = /** @type {HTMLInputElement} */ (el("input", { type: "text", readonly: true, value: link, id: "offer-link", class: "share-url",
    "aria-label": t("invite_link") }));
  const answer = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: "answer-code", autocomplete: "off", spellcheck: "false" }));
  const problem = el("p", { class: "note", role: "alert", id: "answer-problem" });
  openDialog(t("direct_title"), [
    el("p", { text: t("direct_text") }),
    el("label", { for: "offer-link" }, t("invite_link")), field,
    el("div", { class: "qr" }, qr(link, t("invite_qr"))),
    el("label", { for: "answer-code" }, t("answer_code"), answer), problem,
  ], [[t("back"), () => { inv.close(); setTimeout(() => showSeating(w), 0); }], [t("connect"), () => {
    inv.accept(answer.value.trim()).then((peer) => {
      if (hub) hub.addPeer(peer);
      if (hosted && !hosted.started) showSeating(w);
    }).catch((/** @type {any} */ e) => { problem.textContent = t(e.key || "p2p_failed"); });
    problem.textContent = t("connecting");
    return false;
  }, true]]);
}

/** The invite, from the toolbar while a hosted match is on (or once its room is open: the
 * dialog may already be open, saying the room is being opened; this takes its place).
 * With no room (no relay, or not a secure page) the dialog says there is no link. */
export function showInvite() {
  const guests = guestList();
  if (!invite.link) {
    openDialog(t("invite_link"), [el("p", { class: "note", id: "invite-status", text: t("seating_direct_only") }), guests], [[t("close"), null, true]]);
    return;
  }
  const field = /** @type {HTMLInputElement} */ (el("input", { type: "text", readonly: true, value: invite.link, id: "invite-link",
    class: "share-url", "aria-label": t("invite_link") }));
  openDialog(t("invite_link"), [el("p", { text: t("invite_text") }), ...copyRow(field, "invite-copy"),
    el("div", { class: "qr" }, qr(invite.link, t("invite_qr"))), networksLine(),
    invite.shared ? el("p", { class: "note", id: "invite-shared", text: t("invite_shared") }) : null, guests], [[t("close"), null, true]]);
}

/** The guests' seats during a match, each with the host's controls (remove, block): a
 * removed guest's seat goes to a stand-in until the invite brings somebody new. */
function guestList() {
  const table = hosted;
  if (!table || !table.started) return null;
  const c = controls();
  const list = el("ul", { class: "seating-seats", id: "guest-seats" }, ...c.held.map((seat) => {
    const g = [...table.guests.values()].find((x) => x.seat === seat);
    const who = (g && g.name) || table.plan[seat].name || t("seat_n", { n: seat + 1 });
    return el("li", { class: "seating-seat", "data-seat": String(seat) },
      el("span", { class: "people-where", text: t("seat_n", { n: seat + 1 }) }), el("span", { class: "seating-who", text: who }),
      el("small", { class: "seating-state", text: g && g.here ? t("seat_joined") : t("seat_gone") }),
      g && g.here && hub ? linkLabel(hub.how(g.peer)) : null,
      removeButtons(seat, who, { ...c, remove: (s, block) => { c.remove(s, block); /** @type {HTMLDialogElement} */ ($("dialog")).close(); } }));
  }));
  return c.held.length ? el("div", {}, el("h3", { text: t("guests_title") }), list) : null;
}

/** Stop hosting: guests are told, the room closes. */
export function close() {
  if (hosted) hosted.close();
  hosted = null;
  hub = null;
  invite = { link: "", room: "", shared: false };
}
