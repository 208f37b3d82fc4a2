// The in-game rules pages, written from docs/RULES.md in our own words, one module per
// language (only the one read is downloaded).  They describe the match being played:
// rulesSections(game, lang, options, facts) states the values of the options in force and
// names every option that is not the default, so that a player reads the rules his table
// is actually using.  What the options are, their defaults and the values they allow, and
// the figures the text quotes (King's offers, Кинг's orders of deals) come from the
// engine's facts of the game (`info.games[game]`): the page holds no rule of its own.
// Each section has a stable id (SECTION_IDS) so that the table can link a bid button to
// the rule behind it.

// the sections' ids live apart, so that the table links to them without loading the rules
import { SECTION_IDS } from "../rule-sections.js";
// the buttons' own words, so that the page names each one as the table shows it
import { loadLang, makeT } from "../i18n/index.js";

export { SECTION_IDS, SECTION_OF_PHASE } from "../rule-sections.js";
export { TABLE_KEYS } from "./common.js";

/** The languages the rules are written in. */
export const LANGS = ["en", "es", "pt", "ru"];

/** @type {Record<string, () => Promise<{default: import("./common.js").RulesText}>>} */
const TEXTS = { en: () => import("./en.js"), es: () => import("./es.js"), pt: () => import("./pt.js"), ru: () => import("./ru.js") };

/** @typedef {import("../protocol.js").GameInfo} GameInfo */

/** Options in force: the engine's defaults, overridden by every known option with a value
 * the engine allows.  @param {GameInfo} facts @param {Record<string, any>} [options] */
export function optionsInForce(facts, options = {}) {
  /** @type {Record<string, any>} */
  const out = Object.fromEntries(Object.entries(facts.options).map(([k, o]) => [k, o.default]));
  for (const [k, v] of Object.entries(options || {})) {
    if (k in out && facts.options[k].allowed.includes(v)) out[k] = v;
  }
  return out;
}

/** @param {import("./common.js").RulesText} L @param {GameInfo} facts @param {Record<string, any>} o */
function optionsSection(L, facts, o) {
  /** @param {string} k @param {any} v */
  const show = (k, v) => (k === "scale" ? `×${v}` : typeof v === "number" ? String(v) : L.values[String(v)] ?? String(v));
  const keys = Object.keys(facts.options);
  const dflt = (/** @type {string} */ k) => facts.options[k].default;
  const changed = keys.filter((k) => o[k] !== dflt(k)).map((k) => `${L.optionNames[k]}: ${show(k, o[k])}`);
  return [L.optionsIntro(changed), ...keys.map((k) => L.optionLine(L.optionNames[k], show(k, o[k]),
    o[k] === dflt(k) ? null : show(k, dflt(k))))];
}

/**
 * The rules page of `game` in `lang` for a match played with `options`.
 * @param {string} game an id of SECTION_IDS
 * @param {string} lang one of LANGS (anything else reads English)
 * @param {Object<string, *>} options the match's options (view.options); missing or unknown ones read as defaults
 * @param {GameInfo} facts the engine's facts of the game (`info.games[game]`)
 * @returns {Promise<Array<[string, string, string[]]>>} [[id, heading, [paragraphs…]], …] in SECTION_IDS order
 */
export async function rulesSections(game, lang, options, facts) {
  if (!(game in SECTION_IDS)) throw new Error(`rulesSections: unknown game ${JSON.stringify(game)}`);
  const known = lang in TEXTS ? lang : "en";
  // (the page's words of that language too, which the claim's and the table's sections read)
  const [texts] = await Promise.all([TEXTS[known](), loadLang(/** @type {import("../i18n/index.js").Lang} */ (known))]);
  const L = texts.default;
  const o = optionsInForce(facts, options);
  const orders = facts.deal_orders || {};
  const order = (orders[o.order] || []).filter((b) => o.eralash !== false || b !== "everything");
  const offers = facts.offers || {};
  const nullsWorth = (offers.null || 0) * (o.max_nulls || 0);
  const x = { topValue: Math.max(offers.ultimatum || 0, nullsWorth), nullsWorth, perUp: offers.up || 0, perNull: offers.null || 0,
    ultimatum: offers.ultimatum || 0, scale: o.scale || 1, order, half: order.length, deals: 2 * order.length };
  const bodies = L[game](o, x);
  const w = makeT(/** @type {import("../i18n/index.js").Lang} */ (known));
  bodies.claim = L.claim(facts.stock, w);
  bodies.table = L.table(facts.stock, w);
  bodies.options = [L.optionsHeading, optionsSection(L, facts, o)];
  return /** @type {Record<string, string[]>} */ (SECTION_IDS)[game].map((/** @type {string} */ id) => [id, bodies[id][0], bodies[id][1]]);
}
