// site/render/narrate.js: a King positive told in words, from the engine's own log of it:
// each spoken action as a line, the top line's caption, and what each bid is worth.
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";

import { LANGS, loadLang, setLang } from "../../site/i18n/index.js";
import { names } from "../../site/render/labels.js";
import * as N from "../../site/render/narrate.js";
import { boughtPositive, engineInfo, lessonView } from "./engine.mjs";

// every language, as a page that chose each would have loaded it
await Promise.all(LANGS.map(loadLang));

afterEach(() => setLang("en"));

test("what an offer is worth: 25 an up, 75 a null", () => {
  const king = /** @type {any} */ ({ facts: engineInfo().games.king });
  assert.equal(N.offerValue("offer:up:1", king), 25);
  assert.equal(N.offerValue("offer:up:8", king), 200);
  assert.equal(N.offerValue("offer:null:2", king), 150);
  assert.equal(N.offerWithValue("offer:up:5", king), "5 up (125)");
  assert.equal(N.offerWithValue("offer:null:1", king), "1 null (75)");
  assert.equal(N.offerWithValue("offer:null:2", king), "2 nulls (150)");
});

test("how a positive is played", () => {
  assert.equal(N.positiveText("down"), "down (nulls)");
  assert.equal(N.positiveText("up:NT"), "no trump");
  assert.equal(N.positiveText("up:H"), "♥ trumps");
  setLang("ru");
  assert.equal(N.positiveText("up:S"), "козырь ♠");
});

describe("the story of real positives, as the engine logged them", () => {
  test("bought by the player, with preference: every bid, the sale and the trump", () => {
    const v = boughtPositive(1);  // East owns it; the player buys it
    assert.deepEqual(N.logLines(v, v.log, v.owner), [
      "East opens the auction",
      "You bid 7 up (175)",
      "West bids 8 up (200)",
      "North passes",
      "You match 8 up (200) by preference",
      "West passes",
      "East accepts: you buy 8 up (200)",
      "You name no trump",
    ]);
    assert.equal(N.positiveCaption(v), "You bought 8 up from East · no trump");
  });

  test("the ultimatum and who gave 8 up", () => {
    const v = boughtPositive(4);  // West owns it, North gives 8 up
    assert.deepEqual(N.logLines(v, v.log, v.owner), [
      "West opens the auction",
      "North passes",
      "East bids 7 up (175)",
      "You pass",
      "West calls “8 o nulos”",
      "North gives 8 up (200)",
      "North names no trump",
    ]);
    assert.equal(N.positiveCaption(v), "North bought 8 up from West · no trump");
  });

  test("bought from the player, and nulls played down", () => {
    assert.equal(N.positiveCaption(boughtPositive(66)), "West bought 8 up from you · ♠ trumps");
    const v = boughtPositive(23);
    assert.equal(N.logLines(v, v.log, v.owner).at(-1), "East accepts: North buys 2 nulls (150)");
    assert.equal(N.positiveCaption(v), "North bought 2 nulls from East · down (nulls)");
  });

  test("each line is said by the seat that spoke, in every language", () => {
    for (const lang of /** @type {const} */ (["en", "es", "pt", "ru"])) {
      setLang(lang);
      for (const seed of [1, 4, 66, 23]) {
        const v = boughtPositive(seed);
        const lines = N.logLines(v, v.log, v.owner);
        assert.equal(lines.length, v.log.length, `${lang} ${seed}`);
        const nm = names(v);
        lines.forEach((line, i) => {
          const seat = v.log[i].seat;
          // the player's own lines take their own grammar (Spanish drops the "you")
          if (seat !== v.seat) assert.ok(line.startsWith(nm[seat]), `${lang} ${seed}: ${line} (${nm[seat]})`);
          else assert.ok(!nm.some((n, s) => s !== seat && line.startsWith(n)), `${lang} ${seed}: ${line}`);
          assert.doesNotMatch(line, /[{}]|log_|undefined/, line);
        });
      }
    }
  });

  test("a lesson's auction, the player sitting second", () => {
    const v = lessonView("king/auction-preference");
    assert.deepEqual(N.logLines(v, v.log, v.owner), ["East opens the auction", "You bid 4 up (100)", "West passes", "North bids 5 up (125)"]);
    assert.equal(N.turnLine(v), "You to bid");
    setLang("ru");
    assert.equal(N.logLines(v, v.log, v.owner)[3], "Север заявляет 5 на взятки (125)");
  });
});

describe("the branches no sampled match reached", () => {
  const v = /** @type {any} */ ({ game: "king", players: 4, seat: 0, options: {}, facts: engineInfo().games.king });

  test("nobody gives 8 up: the owner plays down, said once after the last pass", () => {
    const log = [{ seat: 2, phase: "decide", action: "ultimatum" }, { seat: 3, phase: "ultimatum", action: "pass" },
      { seat: 0, phase: "ultimatum", action: "pass" }, { seat: 1, phase: "ultimatum", action: "pass" }];
    assert.deepEqual(N.logLines(v, log, 2), ["North calls “8 o nulos”", "East passes", "You pass", "West passes", "Nobody gives 8 up: North plays down"]);
    // the last pass is not the third seat after the owner's: the ultimatum is still open
    assert.equal(N.logLines(v, log.slice(0, 3), 2).length, 3);
    const mine = [{ seat: 0, phase: "decide", action: "ultimatum" }, ...[1, 2, 3].map((seat) => ({ seat, phase: "ultimatum", action: "pass" }))];
    assert.equal(N.logLines(v, mine, 0).at(-1), "Nobody gives 8 up: you play down");
  });

  test("the owner's other choices", () => {
    assert.deepEqual(N.logLines(v, [{ seat: 1, phase: "choose", action: "down" }], 1), ["West plays down (nulls)"]);
    assert.deepEqual(N.logLines(v, [{ seat: 0, phase: "choose", action: "up:C" }], 0), ["You play up, ♣ trumps"]);
    assert.deepEqual(N.logLines(v, [{ seat: 3, phase: "decide", action: "4333" }], 3), ["East takes 4-3-3-3: the owner 100, the others 75 each"]);
    assert.deepEqual(N.logLines(v, [{ seat: 0, phase: "decide", action: "reject" }, { seat: 0, phase: "trump", action: "down" }], 0),
      ["You reject and play the deal", "You play down (nulls)"]);
  });
});

describe("what a button of the positive means in points", () => {
  test("the owner's decision on an offer of 1 up", () => {
    const v = lessonView("king/4333");
    const meaning = Object.fromEntries(v.legal.map((a) => [a, N.actionMeaning(a, v)]));
    assert.deepEqual(meaning, {
      accept: "West pays you up to 25; West names the trump, +25 a trick",
      reject: "you play it yourself, up or down",
      4333: "no play: you 100, the others 75 each",
      ultimatum: "each in turn: 8 up (200), or you play down",
    });
    const full = { ...v, options: { ...v.options, uncapped_payment: true } };
    assert.equal(N.actionMeaning("accept", full), "West pays you 25; West names the trump, +25 a trick");
    // a nulls offer: the owner plays down too, which the sum alone did not say
    const nulls = { ...v, auction: { ...v.auction, standing: "offer:null:1" } };
    assert.equal(N.actionMeaning("accept", nulls), "West pays you up to 75; everyone plays down, −75 a trick taken");
  });

  test("bids, and the answers to an ultimatum", () => {
    const v = lessonView("king/auction-preference");
    assert.equal(N.actionMeaning("offer:up:6", v), "= 150");
    assert.equal(N.actionMeaning("offer:null:2", v), "= 150");
    assert.equal(N.actionMeaning("pass", v), "out of this auction for good");
    const ult = { ...v, phase: "ultimatum" };
    assert.equal(N.actionMeaning("offer:up:8", ult), "= 200: you pay East up to 200");
    assert.equal(N.actionMeaning("pass", ult), "if nobody gives 8 up, East plays down");
    assert.equal(N.actionMeaning("QS", v), "");
  });
});

test("no caption outside a positive being played", () => {
  assert.equal(N.positiveCaption(lessonView("king/4333")), null);  // still deciding
  assert.equal(N.positiveCaption({ ...boughtPositive(1), game: "kingru", facts: engineInfo().games.kingru }), null);
});
