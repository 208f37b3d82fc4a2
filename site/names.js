// A person's name: the one rule the table's engine keeps too (kingweb/names.py), which
// cleans any text into a name and never refuses one (docs/PROTOCOL.md, *Names*).  Used
// wherever a name is taken: the seating dialog, a guest's join, the host's check of it.
// Unicode NFC; control, format, private-use and surrogate characters removed (the tag
// characters are format), except a ZWJ that joins two pictographs; white space made one
// space, none at either end; cut between the characters a person counts (the browser's
// grapheme clusters) at NAME_MAX of them or NAME_POINTS code points, never inside one.
// tests/names.json holds this and the engine to the same names.

export const NAME_MAX = 24;
/** The most code points a name keeps: a bound on its size whatever its clusters hold. */
export const NAME_POINTS = 60;
/** What an input box lets a person type: room for NAME_MAX clusters of several units
 * each; the rule cuts the rest. */
export const NAME_INPUT_MAX = 4 * NAME_POINTS;

const ZWJ = "\u200d";
// eslint-disable-next-line no-control-regex
const SPACE = /^[\p{Zs}\p{Zl}\p{Zp}\t\n\v\f\r\x1c-\x1f\x85]$/u;
const DROPPED = /^[\p{Cc}\p{Cf}\p{Co}\p{Cs}]$/u;
const MARK = /^[\p{Grapheme_Extend}\p{Emoji_Modifier}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });

/** `chars` without the ZWJs that do not join two pictographs (marks, a skin tone or a
 * variation selector, may follow the first). @param {string[]} chars */
function emojiJoins(chars) {
  /** @type {string[]} */
  const out = [];
  chars.forEach((ch, i) => {
    if (ch === ZWJ) {
      let j = out.length - 1;
      while (j >= 0 && MARK.test(out[j])) j -= 1;
      if (!(j >= 0 && PICTOGRAPH.test(out[j]) && i + 1 < chars.length && PICTOGRAPH.test(chars[i + 1]))) return;
    }
    out.push(ch);
  });
  return out;
}

/**
 * Any text as a name, by the one rule; "" when nothing is left (the page then names the
 * seat by where it sits).  Never throws.
 * @param {unknown} raw @returns {string | null} null when it is not text at all
 */
export function cleanName(raw) {
  if (typeof raw !== "string") return null;
  /** @type {string[]} */
  const kept = [];
  for (const ch of raw) {  // code points (a lone surrogate comes as itself)
    if (SPACE.test(ch)) kept.push(" ");
    else if (ch === ZWJ || !DROPPED.test(ch)) kept.push(ch);
  }
  const name = emojiJoins(kept).join("").normalize("NFC").split(" ").filter(Boolean).join(" ");
  let out = "";
  let count = 0;
  let points = 0;
  for (const { segment } of GRAPHEMES.segment(name)) {
    const n = [...segment].length;
    if (count === NAME_MAX || points + n > NAME_POINTS) break;
    out += segment;
    count += 1;
    points += n;
  }
  return out.endsWith(" ") ? out.slice(0, -1) : out;
}
