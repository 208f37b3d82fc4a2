// Following a deal: the banner's price and total in both four-player games, a deal that
// stopped early told in its summary, the bidding shown only after an auction, the score
// sheet's whole grid with its owners, the badge by the trick and the deal's play so far.
// The words and rows of site/render/ (labels, narrate, sheet, badge, played), read from the
// engine's own views of real positions (engine.mjs's scenes).
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { LANGS, loadLang, setLang } from "../../site/i18n/index.js";
import * as L from "../../site/render/labels.js";
import { heldAuction } from "../../site/render/narrate.js";
import { sheetRows } from "../../site/render/sheet.js";
import { badgeText } from "../../site/render/badge.js";
import { playedTricks } from "../../site/render/played.js";
import { scene } from "./engine.mjs";

// every language, as a page that chose each would have loaded it
await Promise.all(LANGS.map(loadLang));

afterEach(() => setLang("en"));

const M = "\u2212";
/** The banner's price, then the total where it says more (each kept on one line: a
 * no-break space inside). @param {any} v */
const bracket = (v) => [L.costLabel(v), L.totalLabel(v)].filter(Boolean).join(" · ");

describe("the banner: the price per trick or card, and the deal's total, in both games", () => {
  test("King: the price, and the total of a deal with more than one item", () => {
    assert.equal(bracket(scene("king-deal-1")), `${M}20 per trick · ${M}260\u00a0in\u00a0all`);
    assert.equal(bracket(scene("king-kh")), `${M}160 for the K♥`);  // one item: its price is the total
    assert.equal(bracket(scene("king-up-owner")), "+25 per trick · +325\u00a0in\u00a0all");
    assert.equal(bracket(scene("king-down-one-card")), `325 ${M} 75 per trick · +325\u00a0in\u00a0all`);
    assert.equal(bracket(scene("king-positive-choose")), "the owner chooses · +325\u00a0in\u00a0all");
  });

  test("Кинг: the engine's price of an item on the match's scale, and the total", () => {
    assert.equal(bracket(scene("kingru-deal-1")), `${M}20 per trick · ${M}160\u00a0in\u00a0all`);  // scale 10
    assert.equal(bracket(scene("kingru-boys-jk")), "+2 per boy (jack or king) · +16\u00a0in\u00a0all");
    assert.equal(bracket(scene("kingru-everything")), `everything counts · ${M}96\u00a0in\u00a0all`);
    setLang("ru");
    assert.equal(bracket(scene("kingru-deal-1")), `${M}20 за взятку · всего\u00a0${M}160`);
    setLang("es");
    assert.equal(bracket(scene("kingru-boys-jk")), "+2 por jota o rey · +16\u00a0en\u00a0total");
  });

  test("German Whist has no price to tell", () => {
    assert.equal(bracket(scene("whist-stage2")), "");
  });
});

describe("a deal that stopped early says so, from the engine's early_end", () => {
  test("King's queens, Кинг's boys as jacks and kings", () => {
    const q = scene("king-queens-early");
    const d = q.deals.find((x) => x.contract === "queens");
    assert.ok(d && d.early_end && d.tricks && d.tricks.length < 13);
    assert.equal(L.earlyEndText(d, q), "The deal ended early: all four queens were taken.");
    const ru = scene("kingru-boys-jk-deal");
    assert.equal(L.earlyEndText(ru.deals[0], ru), "The deal ended early: all the jacks and kings were taken.");
    setLang("pt");
    assert.equal(L.earlyEndText(d, q), "A mão acabou antes da hora: as quatro damas já foram levadas.");
  });

  test("a deal a claim ended says so once, by the claim (\"Este se lleva el resto\" beside \"terminó antes de tiempo\")", () => {
    const q = scene("king-queens-early");
    const d = q.deals.find((x) => x.contract === "queens");
    setLang("es");
    assert.equal(L.earlyEndText(d, q, "Este se lleva el resto"), "");
    assert.match(L.earlyEndText(d, q), /terminó antes de tiempo/);
    setLang("en");
  });

  test("a deal played to its last trick says nothing", () => {
    const q = scene("king-queens-early");
    assert.equal(q.deals[0].contract, "tricks");
    assert.equal(L.earlyEndText(q.deals[0], q), "");
  });
});

describe("the bidding is shown only after an auction", () => {
  test("an owner who played at once held none; one who opened it did", () => {
    assert.equal(heldAuction(scene("king-up-owner").log), false);
    assert.equal(heldAuction(scene("king-down-one-card").log), false);
    assert.equal(heldAuction(scene("king-auction-passed").log), true);  // all passed: still an auction
    assert.equal(heldAuction(scene("king-deal-1").log), false);  // a negative has no log
    const bought = scene("king-eight-played").deals.filter((d) => d.buyer !== null && d.buyer !== undefined);
    assert.ok(bought.length && bought.every((d) => heldAuction(d.log)));
  });
});

describe("the score sheet: the whole match, deals to come included, each positive's owner named", () => {
  test("King: ten rows; those played with their points, the one now, those to come", () => {
    const v = scene("king-after-two");
    const rows = sheetRows(v);
    assert.deepEqual(rows.map((r) => r.when), ["played", "played", "now", ...Array(7).fill("to-come")]);
    assert.deepEqual(rows.map((r) => r.contract), [...v.deals.map((d) => d.contract), v.contract, ...(v.order || []).slice(3)]);
    assert.deepEqual(rows.slice(3).map((r) => r.contract), ["jacks-kings", "king-of-hearts", "last-two", "positive", "positive", "positive", "positive"]);
    // the positives to come name their owners: the engine's `owners`, the deal moving left
    const nm = ["You", "West", "North", "East"];
    assert.deepEqual(rows.slice(6).map((r) => r.who), (v.owners || []).slice(6).map((o) => (o === 0 ? "owner: you" : `owner: ${nm[/** @type {number} */ (o)]}`)));
    assert.ok(rows.slice(0, 6).every((r) => r.who === ""));
  });

  test("King: a bought positive names its buyer, the offer and its owner", () => {
    const v = scene("king-eight-played");
    const rows = sheetRows(v);
    assert.equal(rows.length, 10);
    const nm = ["You", "West", "North", "East"];
    for (const r of rows.slice(6, 8)) {
      const d = /** @type {any} */ (r.record);
      if (d.buyer === null || d.buyer === undefined) assert.equal(r.who, d.owner === 0 ? "owner: you" : `owner: ${nm[d.owner]}`);
      else {
        assert.match(r.who, /bought/);
        assert.ok(r.who.includes(L.offerLabel(d.bought)), r.who);
        for (const s of [d.buyer, d.owner]) assert.ok(r.who.includes(s === 0 ? (r.who.startsWith("You") ? "You" : "you") : nm[s]), r.who);
      }
    }
    assert.equal(rows[8].when, "now");
    assert.equal(rows[8].who, v.owner === 0 ? "owner: you" : `owner: ${nm[/** @type {number} */ (v.owner)]}`);
  });

  test("Кинг: fourteen rows from the match's order; German Whist: the deals played", () => {
    const v = scene("kingru-after-three");
    const rows = sheetRows(v);
    assert.deepEqual(rows.map((r) => r.contract), v.order);
    assert.deepEqual(rows.map((r) => r.when), ["played", "played", "played", "now", ...Array(10).fill("to-come")]);
    assert.equal(sheetRows(scene("whist-stage2")).length, scene("whist-stage2").deals.length);
  });
});

describe("the badge by the trick: the contract and the trump", () => {
  test("each game's words; nothing while a positive is being chosen", () => {
    assert.deepEqual(badgeText(scene("king-deal-1")), { contract: "Tricks", trump: "" });
    assert.deepEqual(badgeText(scene("king-up-owner")), { contract: "Up, spades", trump: "♠" });
    assert.deepEqual(badgeText(scene("king-down-one-card")), { contract: "Down (nulls)", trump: "" });
    assert.equal(badgeText(scene("king-positive-choose")), null);
    assert.equal(badgeText(scene("king-auction-passed")), null);
    assert.deepEqual(badgeText(scene("kingru-deal-1")), { contract: "Don't take tricks", trump: "" });
    assert.equal(badgeText(scene("whist-stage2")), null);  // the stock beside the trick names its trump
  });
});

describe("the deal's play so far: who played what, trick by trick", () => {
  test("each finished trick by seat, its leader and taker; the trick on the table last", () => {
    const v = scene("king-after-two");
    const tricks = playedTricks(v);
    assert.equal(tricks.length, (v.tricks || []).length + 1);
    (v.tricks || []).forEach((tr, i) => {
      const row = tricks[i];
      assert.equal(row.no, i + 1);
      assert.equal(row.leader, tr.leader);
      assert.equal(row.winner, tr.winner);
      tr.cards.forEach((c, k) => assert.equal(row.cards[(tr.leader + k) % 4], c));
    });
    const now = tricks[tricks.length - 1];
    assert.equal(now.winner, null);
    assert.equal(now.leader, v.trick[0].seat);
    for (const x of v.trick) assert.equal(now.cards[x.seat], x.card);
    assert.equal(now.cards.filter((c) => c === null).length, 2);
  });

  test("German Whist: the first trick of stage 2 is marked", () => {
    const w = scene("whist-stage2");
    const tricks = playedTricks(w);
    assert.equal(tricks.length, 15);
    assert.deepEqual(tricks.map((x) => x.stage2), tricks.map((_, i) => i === w.stage2_from));
  });
});
