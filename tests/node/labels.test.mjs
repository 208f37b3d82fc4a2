// site/render/labels.js: the words for what the engine names (seats, cards, contracts,
// offers, actions, codes) and the numbers a person reads, in the page's language.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { LANGS, loadLang, setLang } from "../../site/i18n/index.js";
import * as L from "../../site/render/labels.js";
import { engineInfo, lessonView } from "./engine.mjs";

// every language, as a page that chose each would have loaded it
await Promise.all(LANGS.map(loadLang));

afterEach(() => setLang("en"));

/** A view with only what the labels read, its game's facts the engine's. @param {Record<string, any>} [o] @returns {any} */
const view = (o = {}) => ({ game: "king", players: 4, seat: 0, options: {}, contract: "tricks", phase: "play", auction: null,
  facts: engineInfo().games[o.game || "king"], ...o });

describe("numbers: one minus sign, U+2212, wherever a person reads them", () => {
  test("numberText", () => {
    assert.equal(L.numberText(-5), "\u22125");
    assert.equal(L.numberText(0), "0");
    assert.equal(L.numberText(325), "325");
    assert.equal(L.numberText(-1300), "\u22121300");
  });

  test("a deal's points carry their sign, a total only its minus", () => {
    const v = view();
    assert.equal(L.pointsText(20, v), "+20");
    assert.equal(L.pointsText(-40, v), "\u221240");
    assert.equal(L.pointsText(0, v), "0");
    assert.equal(L.pointsText(20, v, { total: true }), "20");
    assert.equal(L.pointsText(-40, v, { total: true }), "\u221240");
  });

  test("on the match's scale (Кинг's scale=10 is shown, never stored)", () => {
    const v = view({ game: "kingru", options: { scale: 10 } });
    assert.equal(L.pointsText(-16, v), "\u2212160");
    assert.equal(L.pointsText(4, v, { total: true }), "40");
  });
});

describe("seats", () => {
  test("the player is You, the others West, North and East from the player's left", () => {
    assert.deepEqual(L.names(view()), ["You", "West", "North", "East"]);
    assert.deepEqual(L.names(view({ seat: 2 })), ["North", "East", "You", "West"]);
    assert.deepEqual(L.names(view({ players: 2, seat: 1 })), ["Opponent", "You"]);
    setLang("ru");
    assert.deepEqual(L.names(view({ seat: 1 })), ["Восток", "Вы", "Запад", "Север"]);
  });

  test("a device several people share: one name for each seat whoever holds it, nobody You", () => {
    const seats = [{ kind: "person", name: "Ana" }, { kind: "bot", name: "" }, { kind: "person", name: "Bruno" }, { kind: "bot", name: "" }];
    const from = (o) => L.names(view({ seats, ...o }));
    const ana = from({ seat: 0 });
    // a bot by its seat's number: "West" read from Ana's seat sits on Bruno's right
    assert.deepEqual(ana, ["Ana", "Bot 2", "Bruno", "Bot 4"]);
    assert.deepEqual(from({ seat: 2 }), ana);  // Bruno's turn: the bots keep their names
    assert.deepEqual(from({ seat: null, bottom: 2 }), ana);  // between turns, the screen up
    assert.equal(L.aboutSeat("a_dealer", 0, view({ seats, seat: 0 })), "Ana deals");
    assert.equal(L.isYou(0, view({ seats, seat: 0 })), false);
    const nameless = seats.map((s, i) => (i === 2 ? { ...s, name: "" } : s));
    assert.deepEqual(L.names(view({ seats: nameless, seat: 2 })), ["Ana", "Bot 2", "Player 3", "Bot 4"]);
    // one person here and others away (a table of people): the person here is You
    const away = seats.map((s, i) => (i === 2 ? { ...s, away: true } : s));
    assert.deepEqual(L.names(view({ seats: away, seat: 2 })).slice(0, 2), ["Ana", "East"]);  // from Bruno's place
    assert.equal(L.isYou(0, view({ seats: away, seat: 0 })), true);
  });

  test("where each sits on screen: the player at the bottom", () => {
    assert.deepEqual([0, 1, 2, 3].map((s) => L.position(s, view({ seat: 1 }))), ["right", "bottom", "left", "top"]);
    assert.deepEqual([0, 1].map((s) => L.position(s, view({ players: 2 }))), ["bottom", "top"]);
  });

  test("a sentence about a seat takes the player's own grammar", () => {
    assert.equal(L.aboutSeat("a_dealer", 0, view()), "You deal");
    assert.equal(L.aboutSeat("turn_auction", 3, view()), "East to bid");
    assert.equal(L.aboutSeat("turn_auction", 0, view()), "You to bid");  // no _you form: the name
  });
});

describe("cards", () => {
  test("names and corners, in the page's language", () => {
    assert.equal(L.cardName("QS"), "Queen of spades");
    assert.equal(L.cardShort("TH"), "10♥");
    assert.equal(L.rankLabel("7"), "7");
    setLang("ru");
    assert.equal(L.cardName("AH"), "Туз червей");
    assert.equal(L.cardShort("QS"), "Д♠");
    setLang("es");
    assert.equal(L.cardName("JC"), "Jota de tréboles");
  });

  test("choiceLabel: a card by its name, any other action by its words", () => {
    const v = view();
    assert.equal(L.choiceLabel("2D", v), "Two of diamonds");
    assert.equal(L.choiceLabel("pass", v), "Pass");
    assert.equal(L.choiceLabel("up:NT", v), "Up, no trump");
  });
});

describe("contracts, offers and actions", () => {
  test("Кинг's positives that share King's ids take their own names", () => {
    assert.equal(L.contractLabel(view({ game: "kingru" }), "tricks"), "Take tricks");
    assert.equal(L.contractLabel(view(), "tricks"), "Tricks");
    assert.equal(L.contractLabel(view({ game: "kingru" }), "no-tricks"), "Don't take tricks");
    assert.equal(L.contractLabel(view(), "up:H"), "Up, hearts");
    assert.equal(L.contractLabel(view(), "up:NT"), "Up, no trump");
  });

  test("up with no trump has its own words: Portuguese names the trump suit, which no trump is not", () => {
    setLang("pt");
    assert.equal(L.contractLabel(view(), "up:C"), "Acima, trunfo paus");
    assert.equal(L.contractLabel(view(), "up:NT"), "Acima, sem trunfo");
    assert.equal(L.actionLabel("up:NT", view({ phase: "trump" })), "Acima, sem trunfo");
    assert.equal(L.actionLabel("up:S", view({ phase: "trump" })), "Acima, trunfo espadas");
  });

  test("what a contract costs, item by item (following.test.mjs has both games' banners)", () => {
    assert.equal(L.costLabel(view({ contract: "tricks" })), "\u221220 per trick");
    assert.equal(L.costLabel(view({ contract: "up:S" })), L.costLabel(view({ contract: "up:NT" })));
    assert.equal(L.costLabel(view({ game: "kingru", contract: "girls", deal_unit: 4 })), "+4 per girl");
    assert.equal(L.costLabel(view({ game: "whist", contract: "whist" })), "");
  });

  test("a refusal of 8 up that leaves nothing says nothing, not \"only about 0 points\"", () => {
    setLang("pt");
    const h = (pts) => L.reasonText({ action: "pass", reason: "refuse8", params: { pts }, text: "" }, view());
    assert.equal(h(0), "8 acima (200) não deixaria nada para você depois de pagar: deixe o dono jogar abaixo.");
    assert.equal(h(-12), h(0));
    assert.match(h(30), /só uns 30 pontos/);
    // and passing, where the cheapest offer leaves nothing (es: "unos 0 puntos" was said)
    setLang("es");
    const pass = (pts) => L.reasonText({ action: "pass", reason: "pass", params: { pts, offer: "8 arriba", share: 55 }, text: "" }, view());
    assert.equal(pass(0), "La oferta más barata posible, 8 arriba, no te dejaría nada después de pagar; quedarte fuera vale unos 55.");
    assert.match(pass(20), /unos 20 puntos/);
    setLang("en");
  });

  test("the banner's trump is said once: not beside a contract whose name says it", () => {
    assert.equal(L.trumpLabel(view({ contract: "up:S", trump: "S" })), "");  // "Up, spades · Trump: spades"
    assert.equal(L.trumpLabel(view({ contract: "up:NT", trump: null })), "");
    assert.equal(L.trumpLabel(view({ game: "kingru", contract: "tricks", trump: "H" })), "Trump: hearts");
    assert.equal(L.trumpLabel(view({ game: "whist", contract: "whist", trump: "H" })), "");  // on the stock
  });

  test("offers and bids, in the plural after 2", () => {
    assert.equal(L.offerLabel("offer:up:5"), "5 up");
    assert.equal(L.offerLabel("offer:null:1"), "1 null");
    assert.equal(L.offerLabel("offer:null:2"), "2 nulls");
    assert.equal(L.bidLabel({ action: "pass" }), "pass");
    assert.equal(L.bidLabel({ action: "offer:up:3" }), "3 up");
  });

  test("the standing offer, in the auction, is matched", () => {
    const v = lessonView("king/auction-preference");  // North offered 5 up; the player may match
    assert.equal(L.actionLabel("offer:up:5", v), "Match 5 up");
    assert.equal(L.actionLabel("offer:up:6", v), "6 up");
    assert.equal(L.actionLabel("offer:up:5", { ...v, phase: "decide" }), "5 up");
  });

  test("a claim is named as its button, never by its code", () => {
    // (a hint of a claim once read "a_claim:all — Your cards take every trick left…")
    const v = lessonView("king/auction-preference");
    assert.equal(L.choiceLabel("claim:all", v), "Claim the rest");
    assert.equal(L.choiceLabel("claim:none", v), "Concede the rest");
  });

  test("every action of a real lesson has words, none its key", () => {
    for (const id of ["king/auction-preference", "king/4333"]) {
      const v = lessonView(id);
      for (const a of v.legal) assert.doesNotMatch(L.actionLabel(a, v), /^a_|[{}]/, a);
    }
  });

  test("an option's value in words, or as it is", () => {
    assert.equal(L.valueLabel(true), "on");
    assert.equal(L.valueLabel("jacks-kings"), "jacks and kings");
    assert.equal(L.valueLabel(7), "7");
  });
});

describe("codes: the engine's refusals and the bots' reasons in words", () => {
  test("params are put in words: cards, suits (and their 'of' form), offers, seats, phases, actions", () => {
    const v = view({ seat: 1 });
    const out = L.codeVars({ card: "QS", suit: "H", offer: "offer:null:2", seat: 0, phase: "auction", action: "pass", legal: ["QS", "offer:up:5"], n: 3, other: [1] }, v);
    assert.deepEqual(out, { kh: "K♥", card: "Q♠", suit: "hearts", suit_of: "hearts", offer: "2 nulls", seat: "East", phase: "the auction is on",
      action: "Pass", legal: "Queen of spades, 5 up", n: "3", other: "[1]" });
  });

  test("what is not what it claims to be is shown as it is, never as a word it is not", () => {
    const v = view();
    const out = L.codeVars({ card: "ZZ", suit: "HS", seat: 7, phase: "nap", action: "fly:away" }, v);
    assert.deepEqual(out, { kh: "K♥", card: "ZZ", suit: "HS", seat: "7", phase: "nap", action: "fly:away" });
    assert.equal(L.codeVars({ action: "nonsense" }, v).action, "nonsense");  // no a_nonsense shown
  });

  test("a refusal from its code, else the engine's English", () => {
    const v = view();
    assert.equal(L.refusalText({ code: "follow-suit", params: { suit: "D" }, error: "must follow suit: diamonds" }, v), "You must follow suit: diamonds.");
    assert.equal(L.refusalText({ code: "no-such-code", error: "the engine's words" }, v), "the engine's words");
    assert.equal(L.refusalText({ message: "a message" }, null), "a message");
    setLang("ru");
    assert.match(L.refusalText({ code: "follow-suit", params: { suit: "D" }, error: "x" }, v), /бубн/);
  });

  test("a hint's reason from its code, else the bots' English", () => {
    const v = view();
    assert.equal(L.reasonText({ action: "9C", reason: "win-cheap", params: { card: "9C" }, text: "english" }, v),
      "You play last: win with 9♣, the cheapest card that takes this trick.");
    assert.equal(L.reasonText({ action: "9C", reason: "nope", params: {}, text: "english" }, v), "english");
  });

  test("a hint's message: the action's name, then its reason, unless the reason names the card or says any card will do", () => {
    const v = view();
    assert.equal(L.hintMessage({ action: "9C", reason: "win-cheap", params: { card: "9C" }, text: "" }, v),
      "You play last: win with 9♣, the cheapest card that takes this trick.");
    assert.equal(L.hintMessage({ action: "9C", reason: "nope", params: {}, text: "english" }, v), "Nine of clubs — english");
    // every card alike: no card named before it (a play-test read "Two of diamonds — whatever you play…" as advice)
    assert.equal(L.hintMessage({ action: "2D", reason: "endgame-any", params: { tricks: 5, left: 10 }, text: "" }, v),
      "Both hands are known now: whatever you play, you take 5 of the 10 tricks left.");
  });

  test("every code the engine lists has words in every language", () => {
    const codes = /** @type {any} */ (engineInfo()).codes;
    for (const lang of /** @type {const} */ (["en", "es", "pt", "ru"])) {
      setLang(lang);
      for (const [prefix, list] of [["err", [...codes.refusals, ...codes.errors]], ["why", codes.reasons]]) {
        for (const code of list) {
          const said = (prefix === "err" ? L.refusalText({ code, params: {}, error: "FALLBACK" }, view())
            : L.reasonText({ action: "", reason: code, params: {}, text: "FALLBACK" }, view()));
          assert.notEqual(said, "FALLBACK", `${lang}: ${prefix}_${code}`);
        }
      }
    }
  });
});

test("a lesson's title and task in the page's language, else in English, else its id", () => {
  setLang("ru");
  const [title, task] = L.lessonText("king/follow-suit");
  assert.ok(title && task && !/[a-z]{3}/.test(title), title);
  assert.deepEqual(L.lessonText("king/no-such-lesson"), ["king/no-such-lesson", ""]);
});
