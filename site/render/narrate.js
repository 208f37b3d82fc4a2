// The story of a King positive in words: each spoken action of the deal's log as a line,
// the top line's caption while it is played (owner, buyer, what was bought, the trump),
// and what each bid or decision is worth in points.  Pure functions of a view.
import { t } from "../i18n/index.js";
import { SUIT_SYM, isYou, known, names, offerLabel } from "./labels.js";

/** @typedef {import("../table/model.js").Model} View */
/** @typedef {{seat: number, phase: string, action: string, matches?: number}} LogEntry */

/** What an offer is worth, by the engine's worth of each unit (`facts.offers`):
 * "offer:up:5" → 125.  @param {string} a @param {View} v */
export function offerValue(a, v) {
  const [, kind, n] = a.split(":");
  return Number(n) * v.facts.offers[kind];
}

/** "5 up (125)". @param {string} a @param {View} v */
export function offerWithValue(a, v) { return `${offerLabel(a)} (${offerValue(a, v)})`; }

/** A sentence whose subject is `seat`: its "_you" form when that seat is the audience's.
 * @param {string} key @param {number} seat @param {View} v @param {Record<string, string | number>} [vars] */
export function said(key, seat, v, vars = {}) {
  const k = isYou(seat, v) && known(`${key}_you`) ? `${key}_you` : key;
  return t(k, { name: names(v)[seat], ...vars });
}

/** "♠ trumps", "no trump", "down (nulls)": how a positive is played. @param {string} contract */
export function positiveText(contract) {
  if (contract === "down") return t("cap_down");
  if (contract === "up:NT") return t("no_trump").toLowerCase();
  return t("trumps", { sym: SUIT_SYM[contract[3]] });
}

/** Every spoken action of a positive as a line, in order, with the ultimatum nobody took
 * (the engine logs no entry for it: the owner simply plays down).
 * @param {View} v @param {LogEntry[]} log @param {number} owner
 * @returns {string[]} */
export function logLines(v, log, owner) {
  const out = [];
  /** @type {string | null} */
  let standing = null;
  /** @type {number | null} */
  let holder = null;
  for (const e of log) {
    const a = e.action;
    if (e.phase === "choose") {
      out.push(a === "auction" ? said("log_auction", e.seat, v) : a === "down" ? said("log_down", e.seat, v)
        : said("log_up", e.seat, v, { trump: positiveText(a) }));
    } else if (e.phase === "auction") {
      if (a === "pass") out.push(said("log_pass", e.seat, v));
      else {
        out.push(said(e.matches !== undefined && e.matches !== null ? "log_match" : "log_bid", e.seat, v, { offer: offerWithValue(a, v) }));
        standing = a; holder = e.seat;
      }
    } else if (e.phase === "decide") {
      if (a === "accept" && standing !== null && holder !== null) {
        out.push(`${said("log_accept", e.seat, v)}: ${said("log_buys", holder, v, { offer: offerWithValue(standing, v) })}`);
      } else out.push(said(`log_${a}`, e.seat, v));
    } else if (e.phase === "ultimatum") {
      out.push(a === "pass" ? said("log_pass", e.seat, v) : said("log_gives8", e.seat, v));
    } else if (e.phase === "trump") {
      out.push(a === "down" ? said("log_down", e.seat, v) : said("log_trump", e.seat, v, { trump: positiveText(a) }));
    }
  }
  const last = log[log.length - 1];
  if (last && last.phase === "ultimatum" && last.action === "pass" && (last.seat - owner + 4) % 4 === 3) {
    out.push(said("log_ult_none", owner, v));
  }
  return out;
}

/** Whether a positive's log tells of an auction (its bids, the owner's decision on them),
 * not only the owner's choice to play it himself: only then is there bidding to show.
 * @param {LogEntry[] | undefined} log */
export function heldAuction(log) {
  return !!log && log.some((e) => e.phase === "auction");
}

/** The positive being played, for the top line: "East bought 2 nulls from West · down
 * (nulls)", "You play the positive · ♠ trumps".  Null outside a played positive.
 * @param {View} v */
export function positiveCaption(v) {
  // (only a game whose deal's contract a player chooses, King's positive, has an owner)
  if (!v.facts.chosen || v.owner === null || v.owner === undefined || v.phase !== "play") return null;
  const nm = names(v);
  const played = positiveText(v.contract);
  if (v.buyer !== null && v.buyer !== undefined && v.bought) {
    const vars = { buyer: nm[v.buyer], owner: nm[v.owner], offer: offerLabel(v.bought) };
    const key = isYou(v.buyer, v) ? "cap_bought_you" : isYou(v.owner, v) ? "cap_bought_from_you" : "cap_bought";
    return `${t(key, vars)} · ${played}`;
  }
  return `${said("cap_owner", v.owner, v)} · ${played}`;
}

/** Who is to speak in a positive's phase, as a line: "East to bid", "West decides".
 * @param {View} v */
export function turnLine(v) {
  return said(`turn_${v.phase}`, /** @type {number} */ (v.turn), v);
}

/** What an action of the positive means in points, for its button ("= 125", "East
 * pays you up to 125"), or "" when there is nothing to say.
 * @param {string} a @param {View} v */
export function actionMeaning(a, v) {
  const nm = names(v);
  const owner = /** @type {number} */ (v.owner);
  const full = !!v.options.uncapped_payment;
  if (v.phase === "ultimatum") {
    return a === "pass" ? t("pts_pass_ult", { name: nm[owner] })
      : t(full ? "pts_give8_full" : "pts_give8", { name: nm[owner], n: v.facts.offers.ultimatum });
  }
  if (a.startsWith("offer:")) return t("pts_offer", { n: offerValue(a, v) });
  if (a.startsWith("up:")) return t("pts_up");
  if (a === "down") return t("pts_down");
  if (a === "auction") return t("pts_auction");
  if (a === "pass") return t("pts_pass");
  if (a === "accept" && v.auction && v.auction.standing) {
    const holder = nm[/** @type {number} */ (v.auction.holder)];
    // what the payment buys matters as much as its sum: a nulls buy makes the owner play
    // down too, where a trick he takes costs him 75 (a play-test read "pays you up to 75"
    // as 75 in his pocket)
    const then = v.auction.standing.startsWith("offer:null:") ? t("pts_then_down") : t("pts_then_up", { name: holder });
    return `${t(full ? "pts_accept_full" : "pts_accept", { name: holder, n: offerValue(v.auction.standing, v) })}; ${then}`;
  }
  if (a === "reject") return t("pts_reject");
  if (a === "4333") return t("pts_4333");
  if (a === "ultimatum") return t("pts_ultimatum");
  return "";
}

