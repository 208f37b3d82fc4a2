// The table's messages between a host's page and its guests, and their checks.  Every
// message is JSON text of one object `{kp: 1, type, ...}`; what a guest may send is
// short and checked field by field here (pure: no DOM, tested in Node), and anything else
// is dropped and counted by the host, never acted on.  A guest names no seat: the host
// knows which seat a connection holds.  What the host sends holds only what the guest's
// seat may know: the engine made it for that seat (kingweb.session's outbox).
//
// guest → host                                   host → guest
//   join   {name, watch?}                           welcome {seat, seating}  (seat null: a spectator)
//   act    {id, action}                             seating {seats}          (who has joined, before the start)
//   hint   {id}                                     state   {state}          (the whole state: after a gap, on joining)
//   sync   {id}                                     update  {update}         (events and legal actions)
//   back   {id}  (back after the clock              answer  {id, ok, code?, params?, error?, hint?}
//                 marked the seat away)
//   leave  {}
//                                                   table   {table}          (names, who is gone)
//                                                   farewell {reason}        (the host is leaving)

import { cleanName } from "../names.js";
import { MAX_MESSAGE } from "./envelope.js";

export const VERSION = 1;
/** The longest message a guest may send (characters): a join with the longest name
 * (names.js: 60 code points, at most 120 UTF-16 units) is under 200. */
export const GUEST_LIMIT = 512;
const ACTION = /^[\x21-\x7e]{1,32}$/;  // "QS", "offer:up:5", "dealer:2": short, printable ASCII

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
/** @param {unknown} v */
const isId = (v) => Number.isSafeInteger(v) && /** @type {number} */ (v) >= 0;

/** The fields each guest message carries besides `kp` and `type`. */
const GUEST_FIELDS = /** @type {Record<string, string[]>} */ ({
  join: ["name", "watch"], act: ["id", "action"], hint: ["id"], sync: ["id"], back: ["id"], leave: [],
});

/**
 * A guest's message (the parsed object the transport checked, or its text), checked:
 * `{msg}` (a fresh object of the known fields) or `{problem}` saying why it is dropped.
 * Never throws, whatever it holds.
 * @param {unknown} text
 * @returns {{msg?: {type: string, [k: string]: any}, problem?: string}}
 */
export function readGuest(text) {
  let d = text;
  if (typeof text === "string") {  // (the transport hands over parsed messages; a test may give text)
    if (text.length > GUEST_LIMIT) return { problem: `oversize (${text.length} characters)` };
    try { d = JSON.parse(text); } catch { return { problem: "not JSON" }; }
  } else if (isObject(text) && JSON.stringify(text).length > GUEST_LIMIT) {
    return { problem: "oversize" };
  }
  if (!isObject(d)) return { problem: "not an object" };
  if (d.kp !== VERSION) return { problem: `version ${JSON.stringify(d.kp)}` };
  const type = d.type;
  if (typeof type !== "string" || !Object.hasOwn(GUEST_FIELDS, type)) return { problem: "unknown type" };
  const fields = GUEST_FIELDS[type];
  for (const k of Object.keys(d)) if (k !== "kp" && k !== "type" && !fields.includes(k)) return { problem: `unknown field in ${type}` };
  /** @type {{type: string, [k: string]: any}} */
  const msg = { type };
  if ("id" in d || fields.includes("id")) {
    if (!isId(d.id)) return { problem: `${type}: bad id` };
    msg.id = d.id;
  }
  if (type === "act") {
    if (typeof d.action !== "string" || !ACTION.test(d.action)) return { problem: "act: bad action" };
    msg.action = d.action;
  }
  if (type === "join") {
    const name = cleanName(d.name);
    if (name === null) return { problem: "join: bad name" };
    if ("watch" in d && typeof d.watch !== "boolean") return { problem: "join: bad watch" };
    msg.name = name;
    msg.watch = d.watch === true;
  }
  return { msg };
}

/** A message for the other side, as text. @param {string} type @param {Record<string, unknown>} [fields] */
export function write(type, fields = {}) {
  return JSON.stringify({ kp: VERSION, type, ...fields });
}

/** A message that carries text the engine already wrote (a state, an update) without
 * parsing it again: `{"kp":1,"type":...,"<field>":<json>}`.
 * @param {string} type @param {string} field @param {string} json */
export function wrap(type, field, json) {
  return `{"kp":${VERSION},"type":${JSON.stringify(type)},${JSON.stringify(field)}:${json}}`;
}

/** The fields each host message carries besides `kp` and `type`. */
const HOST_FIELDS = /** @type {Record<string, string[]>} */ ({
  welcome: ["seat", "seating"], seating: ["seats"], state: ["state"], update: ["update"],
  answer: ["id", "ok", "code", "params", "error", "hint"], table: ["table"], farewell: ["reason"],
});
/** The most a host's message may hold (characters): the transport's largest message in
 * parts (a whole state at the end of the longest German Whist match is about 340 kB). */
export const HOST_LIMIT = MAX_MESSAGE;

/**
 * The host's message (parsed by the transport, or its text), checked as far as a guest's
 * page needs: a known type with its fields, of a size a table can have.  `{msg}` or
 * `{problem}`; never throws.
 * @param {unknown} text
 * @returns {{msg?: {type: string, [k: string]: any}, problem?: string}}
 */
export function readHost(text) {
  let d = text;
  if (typeof text === "string") {
    if (text.length > HOST_LIMIT) return { problem: `oversize (${text.length} characters)` };
    try { d = JSON.parse(text); } catch { return { problem: "not JSON" }; }
  }
  if (!isObject(d) || d.kp !== VERSION) return { problem: "not a table message" };
  const type = d.type;
  if (typeof type !== "string" || !Object.hasOwn(HOST_FIELDS, type)) return { problem: "unknown type" };
  for (const k of Object.keys(d)) if (k !== "kp" && k !== "type" && !HOST_FIELDS[type].includes(k)) return { problem: `unknown field in ${type}` };
  if (type === "update" && !(isObject(d.update) && Array.isArray(d.update.events) && Array.isArray(d.update.legal))) {
    return { problem: "update: no events" };
  }
  if (type === "state" && !(isObject(d.state) && Number.isSafeInteger(d.state.n))) return { problem: "state: no table" };
  if (type === "answer" && !(isId(d.id) && typeof d.ok === "boolean")) return { problem: "answer: bad id" };
  if (type === "welcome" && !(d.seat === null || isId(d.seat))) return { problem: "welcome: bad seat" };
  return { msg: /** @type {{type: string}} */ (d) };
}
