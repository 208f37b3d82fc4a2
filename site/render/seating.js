// The room before the match: for the host, the invite (a link to copy, a QR code to scan)
// and who has joined, with Start the match; for a guest, the name to give and Join the
// table, then who is in while the host gets ready.  Names are set as text, never markup.
import { lang, t } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { NAME_INPUT_MAX } from "../names.js";
import { clockSelect } from "./people.js";
import { copyRow } from "./copy.js";

/**
 * A seat as the seating shows it; for the host, `link` says how its guest is reached (a data
 * channel, or through the relays: p2p/relayed.js).
 * @typedef {{kind: string, name: string, away: boolean, here: boolean, level?: string, link?: "direct" | "relayed"}} SeatingEntry
 */

/** How the host reaches a guest, in words, or null.  @param {"direct" | "relayed" | null | undefined} how */
export const linkLabel = (how) => (how ? el("small", { class: `seating-link ${how}`, text: t(`link_${how}`) }) : null);

/** What the room's seating last said of the networks it meets on ("" before it knows). */
let networks = "";

/** Which networks answer, in the person's words: those that do, and those still tried.
 * @param {string[]} open  the kinds of relay that answer (room.js "networks")
 * @param {string[]} all   every kind the room tries */
export function networksText(open, all) {
  const list = (/** @type {string[]} */ kinds) => new Intl.ListFormat(lang, { type: "conjunction" }).format(kinds.map((k) => t(`net_${k}`)));
  if (!open.length) return t("p2p_networks_none", { list: list(all) });
  const trying = all.filter((k) => !open.includes(k));
  return [t("p2p_networks", { list: list(open) }), trying.length ? t("p2p_networks_trying", { list: list(trying) }) : ""].filter(Boolean).join(" ");
}

/** Say in the room's seating which networks answer (and in the next seating drawn).
 * @param {string} text  networksText's */
export function showNetworks(text) {
  networks = text;
  const line = document.getElementById("room-networks");
  if (line) line.textContent = text;
}

/** The line that says which networks the room meets on (null before the room knows). */
export const networksLine = () => (networks ? el("p", { class: "opt-help", id: "room-networks", role: "status", text: networks }) : null);

/**
 * The host's controls of the guests' seats: which seats a guest holds, and removing one.
 * @typedef {{held: number[], remove: (seat: number, block: boolean) => void}} SeatControls
 */

/** A button that acts on a second tap: the first turns it into its question ("Remove
 * Ann?"), so a mis-tap removes nobody; leaving it (focus elsewhere) takes the question back.
 * @param {string} cls @param {number} seat @param {string} label @param {string} aria @param {string} ask @param {() => void} act */
function confirmButton(cls, seat, label, aria, ask, act) {
  const b = el("button", { type: "button", class: cls, "data-seat": String(seat), text: label, "aria-label": aria });
  const arm = (/** @type {boolean} */ on) => {
    b.classList.toggle("asking", on);
    b.textContent = on ? ask : label;
    b.setAttribute("aria-label", on ? ask : aria);
  };
  b.addEventListener("click", () => { if (b.classList.contains("asking")) act(); else arm(true); });
  b.addEventListener("blur", () => arm(false));
  return b;
}

/** A held seat's buttons: remove its guest, or remove and block them for the room, each
 * asked again before it is done.
 * @param {number} seat @param {string} who @param {SeatControls} c */
export function removeButtons(seat, who, c) {
  return el("span", { class: "seat-controls" },
    confirmButton("remove-guest", seat, t("remove_guest"), t("remove_who", { name: who }), t("remove_ask", { name: who }), () => c.remove(seat, false)),
    confirmButton("block-guest", seat, t("block_guest"), t("block_who", { name: who }), t("block_ask", { name: who }), () => c.remove(seat, true)));
}

/** The seats, one line each: who sits there, and whether they have joined (for the host,
 * with its controls of the guests' seats).
 * @param {SeatingEntry[]} seats @param {number | null} mine @param {SeatControls | null} [controls] */
export function seatList(seats, mine, controls = null) {
  return el("ol", { class: "seating-seats", id: "seating-seats" }, ...seats.map((s, i) => {
    const who = s.kind === "bot" ? t("seat_bot", { level: t(`level_${s.level || "normal"}`) })
      : s.name || (i === mine ? t("you") : s.away ? t("seat_open") : t("seat_here"));
    const state = s.kind === "bot" ? "" : s.here ? t("seat_joined") : t("seat_waiting");
    return el("li", { class: `seating-seat ${s.kind === "bot" ? "bot" : s.here ? "here" : "waiting"}`, "data-seat": String(i) },
      el("span", { class: "people-where", text: t("seat_n", { n: i + 1 }) }), el("span", { class: "seating-who", text: who }),
      state ? el("small", { class: "seating-state", text: state }) : null,
      s.here ? linkLabel(s.link) : null,
      controls && controls.held.includes(i) ? removeButtons(i, who, controls) : null);
  }));
}

/**
 * The host's room: the invite and the seats; redrawn as guests join (call it again).
 * @param {{invite: string, qr: SVGElement | HTMLElement | null, seats: SeatingEntry[], note?: string, codes?: boolean,
 *   clock: {spec: {choices: number[]}, value: number, change: (s: number) => void} | null, controls: SeatControls}} s
 *   `clock`: the move clock's choice, until the start; `codes: false`: no invitations by
 *   code (a browser without WebRTC, whose room is carried through the relays)
 * @param {{onStart: () => void, onClose: () => void, onDirect: () => void}} on
 */
export function openHostSeating(s, on) {
  const link = /** @type {HTMLInputElement} */ (el("input", { type: "text", readonly: true, value: s.invite, id: "invite-link",
    class: "share-url", "aria-label": t("invite_link") }));
  /** @type {HTMLElement | null} */
  let clockRow = null;
  if (s.clock) {
    const c = s.clock;
    const pick = clockSelect(c.spec, c.value);
    pick.id = "seating-clock";
    pick.addEventListener("change", () => c.change(Number(pick.value)));
    clockRow = el("label", { for: "seating-clock", class: "people-clock" }, t("move_clock"), pick);
  }
  // with no room (no relay, or not a secure page) there is no link to share: only codes
  const content = [
    ...(s.invite ? [el("p", { text: t("invite_text") }),
      el("label", { for: "invite-link", class: "invite-label" }, t("invite_link")),
      ...copyRow(link, "invite-copy"),
      s.qr ? el("div", { class: "qr", role: "img", "aria-label": t("invite_qr") }, s.qr) : null] : []),
    s.codes === false ? null
      : el("button", { type: "button", class: "rules-link", id: "invite-by-code", text: t("invite_by_code"), onclick: () => { setTimeout(on.onDirect, 0); } }),
    seatList(s.seats, 0, s.controls),
    el("p", { class: "opt-help", id: "seating-note", text: seatingNote(s.seats) }),
    s.invite ? networksLine() : null,
    clockRow,
    s.note ? el("p", { class: "note", text: s.note }) : null,
  ];
  openDialog(t("room_title"), content, [[t("close_room"), () => { setTimeout(on.onClose, 0); }],
    [t("start_match"), () => { on.onStart(); }, true]]);
}

/** @param {SeatingEntry[]} seats */
function seatingNote(seats) {
  const waiting = seats.filter((x) => x.away && !x.here).length;
  return waiting ? t("seating_waiting", { n: waiting }, waiting) : t("seating_ready");
}

/** Who is in changed: the host's seating, if it is the dialog open, is brought up to date in
 * place (whatever the host was doing in it goes on).  False when it is not open.
 * @param {SeatingEntry[]} seats @param {SeatControls} controls */
export function refreshHostSeating(seats, controls) {
  const d = /** @type {HTMLDialogElement} */ ($("dialog"));
  const list = $("dialog-content").querySelector("#seating-seats");
  // (the note is the host's seating's own: a guest's shows the seats too; and a browser with
  // no WebRTC has no invitation by code to tell it by)
  const note = $("dialog-content").querySelector("#seating-note");
  if (!d.open || !list || !note) return false;
  list.replaceWith(seatList(seats, 0, controls));
  note.textContent = seatingNote(seats);
  return true;
}

/**
 * A guest's door: a name, and Join the table (or only watch).  Closed with neither (Escape),
 * `onAside` is told: the page must not be left doing nothing.
 * @param {{name: string, problem?: string}} s
 * @param {{onJoin: (name: string, watch: boolean) => void, onAside: () => void}} on
 */
export function openJoin(s, on) {
  const name = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: "join-name", maxlength: String(NAME_INPUT_MAX),
    autocomplete: "nickname", value: s.name }));
  const content = [
    el("p", { text: t("join_text") }),
    el("label", { for: "join-name" }, t("your_name"), name),
    s.problem ? el("p", { class: "note", role: "alert", id: "join-problem", text: s.problem }) : null,
  ];
  let chosen = false;
  openDialog(t("join_title"), content, [
    [t("just_watch"), () => { chosen = true; on.onJoin(name.value, true); }],
    [t("join_table"), () => { chosen = true; on.onJoin(name.value, false); }, true],
  ], () => { if (!chosen) on.onAside(); });
  name.focus();
}

/** A guest waits: who is in, and for what.  @param {SeatingEntry[]} seats @param {number | null} mine @param {string} status */
export function openGuestSeating(seats, mine, status) {
  openDialog(t("room_title"), [el("p", { role: "status", id: "seating-status", text: status }), networksLine(), seatList(seats, mine)], []);
}

/** Close the room's dialog if it is the one open. */
export function closeSeating() {
  const d = /** @type {HTMLDialogElement} */ ($("dialog"));
  if (d.open && $("dialog-content").querySelector(".seating-seats, #join-name")) d.close();
}
