// Joining a table from an invite: this page runs no engine (the host's decides), so it
// starts no Python at all.  The guest gives a name (or only watches), meets the host in
// the room the link names (or answers a direct invitation with a code the host pastes
// in), waits in the seating, then plays: the host's whole states and updates feed the same
// table flow as a page's own engine would.  Loaded only for an invite link.
//
// A page that joined a room remembers so for as long as its tab is open (sessionStorage):
// reloaded, it joins again by itself with the same name, as the host still holds its
// seat.  A guest the host removes is told so, its table taken off the screen, and offered
// a game of its own.
import { t } from "../i18n/index.js";
import { prefs, savePrefs, page } from "../store.js";
import { el } from "../render/dom.js";
import { openDialog } from "../render/dialogs.js";
import { openGuestSeating, openJoin, closeSeating, networksText, showNetworks } from "../render/seating.js";
import { choiceButton, clearNotice, notice, noticeAbout, toast } from "../render/messages.js";
import { GuestTable } from "./guest.js";
import { Hub } from "./links.js";
import { cleanName } from "../names.js";
import { meetingConfig } from "./params.js";
import { carries, netSupport } from "./support.js";

/** @typedef {import("../table/model.js").Model} Model */

/**
 * What joining needs from the page's table.
 * @typedef {object} GuestWiring
 * @property {(call: (cmd: string, args?: object) => Promise<any>) => void} useEngine   the host stands in for the engine
 * @property {(state: Model, key: string) => void} open      a whole state to draw
 * @property {(key: string, update: any) => void} update     news to show
 * @property {(table: import("../protocol.js").TableDetails) => void} tableChanged
 * @property {() => void} clear     take the table off the screen (the host removed this guest)
 * @property {Record<string, any>} build
 */

/** This tab's joining of a room, kept for a reload: `{invite, watch}` (the invite as
 * JSON).  Per tab, so a new visit through the link still asks for a name. */
export const JOINED_KEY = "kingweb.joined.v1";

/** @param {object} invite @returns {{watch: boolean} | null} how this tab joined that room, if it did */
function joinedBefore(invite) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(JOINED_KEY) || "null");
    return kept && kept.invite === JSON.stringify(invite) ? { watch: kept.watch === true } : null;
  } catch { return null; }
}

/** @param {object | null} invite @param {boolean} [watch] */
function keepJoined(invite, watch = false) {
  try {
    if (invite) sessionStorage.setItem(JOINED_KEY, JSON.stringify({ invite: JSON.stringify(invite), watch }));
    else sessionStorage.removeItem(JOINED_KEY);
  } catch { /* no storage: a reload asks for the name again */ }
}

/** @type {GuestTable | null} */
export let joined = null;

/**
 * Join the table of an invite (`{room, host}` or `{offer}`).
 * @param {GuestWiring} w @param {{room: string, host: string} | {offer: string}} invite
 */
export function join(w, invite) {
  page.mode = "guest";
  const support = netSupport();
  // a room's invite needs no WebRTC where its relays carry a table (support.js)
  const relayed = "room" in invite && support.secure && carries(meetingConfig(w.build, location.search, location.href).relays);
  const problem = support.problems.find((p) => (p === "p2p_no_webrtc" && !relayed) || ("room" in invite && p === "p2p_insecure"));
  // a reload of a page at the table: back with the name it gave (a direct invitation's
  // code is used up, so only a room's)
  const before = "room" in invite && !problem ? joinedBefore(invite) : null;
  if (before) {
    connect(w, invite, cleanName(prefs.name) || "", before.watch).catch((e) => {
      keepJoined(null);
      notice(t(e.key || "p2p_failed"));
      join(w, invite);
    });
    return;
  }
  openJoin({ name: prefs.name, problem: problem ? t(problem) : undefined }, {
    onJoin: (raw, watch) => {
      clearNotice("join-aside");
      const name = cleanName(raw) || "";
      prefs.name = name;
      savePrefs();
      connect(w, invite, name, watch).catch((e) => {
        notice(t(e.key || "p2p_failed"));
        join(w, invite);
      });
    },
    // Escape closed the door: the page says so and offers the two ways on, the door again
    // or a game of its own (a dialog that refuses Escape is one the browser may close anyway)
    onAside: () => {
      const line = noticeAbout("join-aside", t("join_aside"), " ", choiceButton(t("join_table"), "join-again", () => {
        clearNotice("join-aside");
        join(w, invite);
      }), " ", choiceButton(t("play_bots"), "join-bots", () => location.assign(location.pathname)));
      // no ×: this notice is the page's only way on, and one of its buttons takes it away
      line.querySelector(".notice-close")?.remove();
    },
  });
}

/** @param {GuestWiring} w @param {{room: string, host: string} | {offer: string}} invite @param {string} name @param {boolean} watch */
async function connect(w, invite, name, watch) {
  const cfg = meetingConfig(w.build, location.search, location.href);
  if (cfg.problems.length) notice(t("bad_params", { list: cfg.problems.join(", ") }));
  openGuestSeating([], null, t("connecting"));
  const hub = new Hub();
  let hostId = "";
  if ("room" in invite) {
    const { openRoom } = await import("./opening.js");
    const room = await openRoom({ roomId: invite.room, role: "guest", host: invite.host, relays: cfg.relays,
      iceServers: cfg.iceServers, app: String(w.build.build || "") });
    room.on("problem", (key, params) => {
      // still no host after a minute: said in place of "not answered yet", with a way out
      if (key === "p2p_host_gone") {
        noticeAbout("p2p_no_host", t(key), " ", choiceButton(t("play_bots"), "host-gone-play", () => location.assign(location.pathname)));
      } else noticeAbout(key, t(key, params));
    });
    // the host met (directly or through the relays): what stood in the way is solved
    room.on("join", () => { clearNotice("p2p_no_host"); clearNotice("p2p_failed"); });
    showNetworks(networksText([], room.kinds));
    room.on("networks", (open, all) => {
      showNetworks(networksText(open, all));
      if (open.length) clearNotice("p2p_no_relay");  // a network answers: that problem is solved
    });
    hub.addRoom(room);
    hostId = invite.host;
  } else {
    const { answerDirect } = await import("./direct.js");
    const ans = await answerDirect(invite.offer, { iceServers: cfg.iceServers, app: String(w.build.build || "") });
    showAnswer(ans.code);
    const peer = await ans.peer;
    if (!peer) throw Object.assign(new Error("no connection"), { key: "p2p_failed" });
    hostId = peer.id;
    closeSeating();
    openGuestSeating([], null, t("connecting"));
    hub.addPeer(peer);
  }
  /** @type {any[]} */
  let seatingList = [];
  /** @type {number | null} */
  let mine = null;
  let removed = false;
  // the host removed (or blocked) this guest: said once, the table taken away, and the
  // page stops coming back
  const bye = () => {
    if (removed) return;
    removed = true;
    joined = null;
    hub.close();
    keepJoined(null);
    clearNotice("clock-away");
    w.clear();
    openDialog(t("removed_title"), [el("p", { text: t("removed_by_host") })],
      [[t("play_bots"), () => { location.assign(location.pathname); }, true]]);
  };
  const meet = () => {
    joined = new GuestTable({
      hub, host: hostId, name, watch,
      on: {
        welcome: (seat, seating) => {
          mine = seat;
          if ("room" in invite) keepJoined(invite, watch);
          seatingList = seating || [];
          if (seat === null) toast(t("watching"), 6000);
          if (!page.model) openGuestSeating(seatingList, mine, t("host_waits"));
        },
        seating: (seats) => { seatingList = seats; if (!page.model) openGuestSeating(seatingList, mine, t("host_waits")); },
        state: (state) => { closeSeating(); w.open(state, mine === null ? "spectator" : String(mine)); },
        update: (u) => w.update(mine === null ? "spectator" : String(mine), u),
        table: (table) => {
          w.tableChanged(table);
          const seat = mine === null ? null : table.seats[mine];
          if (seat && seat.stand_in) awayByClock();
        },
        bye: (reason) => (reason === "removed" || reason === "blocked" ? bye() : notice(t("host_left"))),
        // (a room that refuses this guest, on a retry after the host blocked it, closes with "blocked")
        lost: (reason) => (reason === "blocked" ? bye() : joined && notice(t("host_left"))),
        dropped: () => {},
        // a host that stops answering over a connection that seems open: that connection
        // is dropped, and the room meets the host again, where this page introduces itself
        // again (below); a direct invitation has no room to meet again through
        silent: () => { if ("room" in invite) hub.peers.get(hostId)?.close("silent"); },
      },
    });
    w.useEngine((cmd, args) => /** @type {GuestTable} */ (joined).call(cmd, args));
  };
  // the host's page may be (re)opened later: meet it whenever it comes
  hub.listen({ message: () => {}, join: () => {}, leave: (peer, reason) => { if (peer === hostId && reason === "blocked") bye(); } });
  const ready = new Promise((resolve) => {
    const h = hub;
    const seen = () => { if (h.peers.has(hostId) || removed) resolve(undefined); else setTimeout(seen, 100); };
    seen();
  });
  await ready;
  if (removed) return;
  meet();
  // a host that comes back (a reload of its page): introduce ourselves again
  let introduced = true;
  const again = setInterval(() => {
    if (!joined) return clearInterval(again);
    const here = hub.peers.has(hostId);
    if (!here) introduced = false;
    else if (!introduced) {
      introduced = true;
      meet();
    }
  }, 500);
}

/** The move clock marked this guest's seat away (three timeouts in a row): a bot plays it
 * until the guest says they are back. */
function awayByClock() {
  if (document.querySelector("#clock-back")) return;
  const line = noticeAbout("clock-away", t("clock_away_you"), document.createTextNode(" "), choiceButton(t("clock_back"), "clock-back", () => {
    const box = line.parentElement;
    line.remove();
    if (box && !box.children.length) box.hidden = true;
    if (joined) joined.call("back").catch(() => toast(t("err_host-silent"), 6000));
  }));
}

/** A direct invitation: the answer code for the host to paste in. @param {string} code */
function showAnswer(code) {
  const field = el("input", { type: "text", readonly: true, value: code, id: "answer-code", class: "share-url", "aria-label": t("answer_code") });
  openDialog(t("answer_title"), [el("p", { text: t("answer_text") }), field], []);
  import("./qr.js").then(({ renderQr }) => {
    const svg = /** @type {SVGSVGElement} */ (document.createElementNS("http://www.w3.org/2000/svg", "svg"));
    renderQr(svg, code, t("answer_code"));
    field.after(el("div", { class: "qr" }, svg));
  }).catch(() => {});
}
