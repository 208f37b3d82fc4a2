// What every language's rules page shares: the table's keys, and the helpers that name
// them as the buttons do.

/** One language's rules pages: its words for the options and their values, and each
 * game's sections as `[heading, paragraphs]` for the options in force (`o`) and the
 * figures the engine's facts give (`x`).
 * @typedef {Record<string, any>} RulesText */

/** The table's keys (toolbar.js) in the order the page lists them, each with the
 * language file's key of the button it presses. */
export const TABLE_KEYS = [["h", "hint"], ["u", "undo"], ["l", "last_trick"], ["t", "played_open"], ["s", "score_sheet"],
  ["r", "rules"], ["n", "new_game"], ["m", "settings"]];

/** "H “Hint”, U “Undo”, …": each key with its button's words, quoted as `quote` does.
 * @param {import("../i18n/index.js").Translate} w @param {(label: string) => string} quote */
export const keyList = (w, quote) => TABLE_KEYS.map(([k, key]) => `${k.toUpperCase()} ${quote(w(key))}`).join(", ");

/** The name of the seat on the player's left at four, for an example. @param {import("../i18n/index.js").Translate} w */
export const west = (w) => w("seat_name").split("|")[0];
