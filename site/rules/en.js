// The rules pages in English (rules/index.js assembles them): each game's sections,
// written from docs/RULES.md, stating the values of the options in force.
import { keyList, west } from "./common.js";

/** @type {import("./common.js").RulesText} */
export default {
  optionsHeading: "Options of this match",
  optionNames: {
    king_chooses_dealer: "The K♥ receiver names the first dealer", first_lead: "First lead",
    king_forced_on_heart_lead: "The K♥ must fall when hearts are led", play_all_tricks: "Always play all tricks",
    max_nulls: "Highest null offer", buyer_leads: "The buyer leads a bought deal", uncapped_payment: "Payment in full, even below zero",
    boys: "What counts as a boy", king_discard: "The K♥ must be played when void", king_discard_on_heart_lead: "…and when hearts are led",
    order: "Deal order", scale: "Point scale", eralash: "Play Eralash", target: "Points to win",
  },
  values: { true: "on", false: "off", dealer: "the dealer", left_of_dealer: "left of the dealer", jacks: "jacks",
    "jacks-kings": "jacks and kings", classic: "classic", simple: "simple" },
  optionLine: (name, value, dflt) => `${name}: ${value}${dflt === null ? "" : ` (not the default, which is ${dflt})`}.`,
  optionsIntro: (changed) => (changed.length ? `${changed.length === 1 ? "This match changes one option from its default" : "This match changes these options from their defaults"}: ${changed.join("; ")}.` : "This match plays every option at its default."),
  kingruNames: { tricks: "Tricks", hearts: "Hearts", boys: "Boys", girls: "Girls", "last-two": "Last two", king: "King", everything: "Eralash" },

  king(o, x) {
    return {
      game: ["King", ["Four players, each for himself, 52 cards, 13 each; the ace is the highest card. Ten deals: six negatives, then four positives. Play moves to the left. You must follow suit if you can; if you cannot, you may play any card. A trick goes to the highest trump in it, or, when no trump was played, to the highest card of the suit led; whoever takes it leads the next."]],
      deal: ["Who deals", [o.king_chooses_dealer
        ? "Before the first deal, cards are turned face up one at a time until the K♥ appears. In this match its receiver names the first dealer, himself or anyone else (an option: by default he deals himself). The deal then moves one seat to the left each time."
        : "Before the first deal, cards are turned face up one at a time until the K♥ appears: whoever receives it deals first. The deal then moves one seat to the left each time, so the four positives are dealt by four players in a row."]],
      lead: ["Leading", [o.first_lead === "left_of_dealer"
        ? "In this match the player to the dealer's left leads the first trick of every deal, positives included (an option: by default the dealer leads). Whoever takes a trick leads the next."
        : "The dealer leads the first trick of every deal, positives included. Whoever takes a trick leads the next."]],
      negatives: ["The six negatives", [
        "In this order, with no trump: Tricks (−20 a trick), Hearts (−20 a heart), Queens (−50 a queen), Jacks and kings (−30 each), King of hearts (−160), Last two (−90 for each of the last two tricks). Together they cost −1300.",
        "In Hearts and in King of hearts nobody may lead a heart while he holds another suit. Seeing hearts played does not lift this ban.",
        o.king_forced_on_heart_lead
          ? "In King of hearts the holder of the K♥ must play it at the first chance: when hearts are led, even if he holds other hearts; when he cannot follow suit; and when he is on lead with nothing but hearts."
          : "In King of hearts the holder of the K♥ must play it when he cannot follow suit and when he is on lead with nothing but hearts. In this match he need not play it when hearts are led: he may follow with any heart (an option: by default the K♥ must fall on a heart lead).",
        o.play_all_tricks
          ? "In this match every deal is played to the thirteenth trick (an option: by default Hearts, Queens, Jacks and kings and King of hearts stop as soon as everything they charge for has been taken)."
          : "A deal stops as soon as everything it charges for has been taken: all 13 hearts, the 4 queens, the 8 jacks and kings, or the K♥. Tricks and Last two are always played to the end (claiming the rest, below, plays them out too).",
      ]],
      positives: ["The four positives", ["Deals 7 to 10 are positives. The dealer of each is its owner, so every player owns one. A positive hands out +325 points in all, which makes the whole match sum to 0. Trumps may be led at any time, and a player who cannot follow suit may trump or not, as he likes."]],
      choose: ["The owner's choice", ["Looking at his cards, the owner chooses: up, with a trump suit or with no trump, +25 a trick to whoever takes it; down (nulls), where each player scores 325 minus 75 for every trick he takes, so five tricks or more go below zero; or the auction, to sell the deal."]],
      auction: ["The auction", [
        `The owner does not bid. Starting at his left, the others speak in turn and offer either tricks up, worth ${x.perUp} each, from 1 up to 8 up (${x.ultimatum}), or nulls, worth ${x.perNull} each, from 1 to ${o.max_nulls} nulls (${x.nullsWorth})${o.max_nulls !== 2 ? " (an option: by default at most 2 nulls)" : ""}. Whoever buys tricks up will play up; whoever buys nulls will play down. The highest possible offer is worth ${x.topValue}.`,
        "Each offer must be worth more than the standing one, and a pass is final. Preference: a player who speaks earlier may match the standing offer of a later speaker in the same terms and take it over; the player he displaced must then raise or pass. The same value in other terms, such as 1 null against 3 up, is refused.",
        "The auction ends when everyone but the holder of the best offer has passed, or when all three pass without an offer.",
      ]],
      decision: ["The owner's decision", [
        "The owner then accepts the best offer, and its holder becomes the buyer; or rejects it and plays the deal himself, choosing up or down as above; or, with no offer or a best offer worth 75 or less, takes 4-3-3-3: the deal is not played, the owner scores +100 and each of the others +75.",
        `With an offer worth less than ${x.ultimatum} he may instead call “8 o nulos”: starting at his left, each of the others may give 8 up. The first who does buys the deal for ${x.ultimatum} and the owner must accept; if nobody does, the owner plays the deal down.`,
      ]],
      trump: ["The bought deal", [
        "The buyer names the trump: a buyer of tricks up chooses a trump suit or no trump; a buyer of nulls plays down.",
        o.buyer_leads
          ? "In this match the buyer leads the first trick of the deal he bought (an option: by default the dealer still leads it)."
          : o.first_lead === "left_of_dealer"
            ? "Buying does not move the lead: as in every deal of this match, the player to the dealer's left leads the first trick."
            : "Buying does not move the lead: the dealer, who is the owner, still leads the first trick.",
      ]],
      payment: ["Payment", [
        o.uncapped_payment
          ? "After the deal the buyer pays the owner the full value of his offer, even when he made less and goes below zero (an option: by default he pays at most the points he made). For example, 6 up (150) with 4 tricks (100): he pays 150 and ends the deal on −50."
          : "After the deal the buyer pays the owner his offer out of the points he made in that deal: if he made less, he pays what he made, and paying never takes him below zero. For example, 6 up (150) with 4 tricks (100): he pays 100 and ends the deal on 0.",
        "Example: the owner A sells 5 up (125) to B, who names spades. Tricks A 2, B 6, C 3, D 2 make 50, 150, 75 and 50; B pays 125, so A 175, B 25, C 75, D 50. The deal still sums to 325.",
      ]],
      scoring: ["End", ["After ten deals the highest total wins; players level at the top share the win. Every deal sums to its table total and the whole match to 0."]],
    };
  },

  kingru(o, x) {
    const s = x.scale;
    const names = x.order.map((b) => this.kingruNames[b]).join(", ");
    return {
      game: ["Кинг (Russian King)", [`Four players, 32 cards (7 up to the ace), 8 each, and no trump in any deal. ${x.deals} deals: ${x.half} “don't take” deals, then the same ${x.half} as “take”. Follow suit if you can; if you cannot, play any card. The highest card of the suit led takes the trick, and whoever takes it leads the next.`]],
      deals: ["The deals", [
        `In this order${o.order === "simple" ? " (the “simple” order, an option)" : ""}: ${names}.${o.eralash ? "" : " In this match Eralash is not played (an option: by default it is the seventh deal of each half)."}`,
        `Tricks: ${2 * s} a trick. Hearts: ${2 * s} a heart. Boys: ${o.boys === "jacks" ? `${4 * s} a jack` : `${2 * s} a jack and ${2 * s} a king (an option: by default only the jacks count, ${4 * s} each)`}. Girls: ${4 * s} a queen. Last two: ${8 * s} for each of the last two tricks. King: ${16 * s} for the K♥.${o.eralash ? ` Eralash: all six at once, ${96 * s} in all; the K♥ counts ${o.boys === "jacks" ? "as a heart and as the king" : "as a heart, as the king and as a boy"}.` : ""} Every other deal is worth ${16 * s} in all.`,
        `In the first half the points are minus, in the second plus, so the match sums to 0.${s !== 1 ? ` In this match points are shown ${s} times larger (an option); the game is the same.` : ""}`,
      ]],
      lead: ["Leading", [`A random player leads the first deal, the next player to the left the next deal, and so on. In the ${o.eralash ? "Hearts, King and Eralash" : "Hearts and King"} deals, in both halves, you may lead a heart only when you hold nothing else.`]],
      early: ["Early end", [o.play_all_tricks
        ? "In this match every deal is played to the eighth trick (an option: by default a deal stops once its scoring cards are all taken)."
        : `A deal stops as soon as all its scoring cards are taken: the 8 hearts, the ${o.boys === "jacks" ? "4 jacks" : "4 jacks and 4 kings"}, the 4 queens or the K♥. ${o.eralash ? "Tricks, Last two and Eralash" : "Tricks and Last two"} always play all 8 tricks (claiming the rest, below, plays them out too).`]],
      "king-of-hearts": ["The K♥", [o.king_discard
        ? `In this match, in the ${o.eralash ? "King and Eralash" : "King"} deals of both halves, the holder of the K♥ must play it when he cannot follow suit${o.king_discard_on_heart_lead ? ", and also when hearts are led" : ""} (an option: by default nobody is forced to play it).`
        : "The K♥ is played like any other card: nobody is forced to play it."]],
      scoring: ["End", [`After all ${x.deals} deals the highest total wins; players level at the top share the win.`]],
    };
  },

  whist(o) {
    return {
      game: ["German Whist", ["Two players, 52 cards, 13 each. Follow suit if you can; if you cannot, play any card. The highest trump, or with no trump the highest card of the suit led, takes the trick, and whoever takes it leads the next."]],
      deal: ["Deal and trump", ["The other 26 cards form the stock, face down, with its top card turned face up. The suit of that first face-up card is trump for the whole deal. The dealer alternates; the player who did not deal leads first."]],
      stock: ["Stage 1", ["Thirteen tricks. The winner of each takes the face-up card; the loser takes the next card face down without showing it; then a new card is turned up. These tricks score nothing: they decide who gets which cards."]],
      stage2: ["Stage 2", ["With the stock gone, the winner of the last trick leads and the 13 cards left in each hand are played out. Both players have seen every face-up card and every played card, so each can work out the other's hand exactly."]],
      scoring: ["Score", [`Only stage 2 counts: the player who takes 7 or more of its 13 tricks scores one point for every trick above six. The first to reach ${o.target} points wins the match${o.target !== 15 ? " (an option: by default 15)" : ""}.`]],
    };
  },

  // claiming the rest and the table's own help: the buttons named with the very words they show (w, the language file)
  claim(stock, w) {
    return stock
      ? ["Claiming or conceding the rest", [
        `In stage 2, once the stock is gone, each player knows both hands. When your cards are sure to take every trick left, whatever your opponent plays, a “${w("claim_all")}” button appears beside your hand on your turn; when they are sure to lose every one, a “${w("claim_none")}” button. The table then plays the rest card by card, quickly, and scores it exactly as if you had played it. There is no claim in stage 1.`,
        `The bots claim and concede too whenever they can, and the table says so; “${w("hint")}” suggests it when you can.`,
      ]]
      : ["Claiming the rest", [
        `When your cards are sure to take every trick left, whatever the others hold and however they play, a “${w("claim_all")}” button appears beside your hand on your turn. Press it and the deal need not be played out: the table plays the rest card by card, quickly, and scores it exactly as if you had played it.`,
        "The button appears only when that is sure from what you can see: your own cards, the cards played and the suits someone could not follow; never from the hidden hands. Where tricks cost points, it appears only when you could not avoid taking them all anyway. You cannot claim to take nothing more: the others still play for the cards you would let go.",
        `The bots claim too whenever they can, and the table says so (“${w("claimed_all", { name: west(w) })}”); “${w("hint")}” suggests it when you can.`,
      ]];
  },

  table(stock, w) {
    return ["At the table", [
      `“${w("played_open")}”, beside the trick (key T), shows the deal's play so far, trick by trick: each player's card, who led (▸) and whose card took the trick (highlighted), the trick on the table last.${stock ? " Stage 2 is marked where it begins." : ""} Every one of those cards was played face up, so anyone may look at any time. “${w("last_trick")}” (key L) shows just the last trick.`,
      `Keys: the arrow keys, Home and End move along your hand, and Enter plays the card; ${keyList(w, (l) => `“${l}”`)}.`,
    ]];
  },
};
