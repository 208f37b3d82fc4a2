// The sections of each game's rules page (rules/, loaded when the rules are opened) and
// the one that explains each King phase: small and loaded with the table, which links its
// panel's buttons to them.

/** The section ids of each game's rules page, in page order (the same in every language). */
export const SECTION_IDS = {
  king: ["game", "deal", "lead", "negatives", "positives", "choose", "auction", "decision", "trump", "payment", "scoring", "claim", "table", "options"],
  kingru: ["game", "deals", "lead", "early", "king-of-hearts", "scoring", "claim", "table", "options"],
  whist: ["game", "deal", "stock", "stage2", "scoring", "claim", "table", "options"],
};

/**
 * The section that explains what is being decided in each King phase, for a link from
 * the panel's buttons: the owner's choice, the auction, the decision and the ultimatum,
 * the buyer's (or the rejecting owner's) trump, the K♥ receiver naming the first dealer.
 * @type {Record<string, string>}
 */
export const SECTION_OF_PHASE = {
  choose: "choose", auction: "auction", decide: "decision", ultimatum: "decision", trump: "trump", dealer: "deal",
};
