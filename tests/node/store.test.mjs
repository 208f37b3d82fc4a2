// site/store.js's checks: stored preferences and statistics are used only where each
// field is of the right type and names what exists; the rest falls back and is named.
// (Node has no localStorage: the module runs as in a browser where storage is blocked.)
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import * as S from "../../site/store.js";
import { engineInfo } from "./engine.mjs";

const info = engineInfo();
const DEFAULTS = { lang: "en", speed: "normal", level: "normal", fourColor: false, autoplay: true, sound: false, deck: "plain", game: "king", name: "", clock: 60, options: {} };

describe("readPrefs: the stored preferences, field by field", () => {
  test("none stored: the defaults, the language from the browser's", () => {
    assert.deepEqual(S.readPrefs(null, []), { prefs: DEFAULTS, problems: [] });
    assert.equal(S.readPrefs(null, ["ru-RU"]).prefs.lang, "ru");
  });

  test("good preferences come back as stored", () => {
    const mine = { lang: "pt", speed: "instant", level: "hard", fourColor: true, autoplay: false, sound: true, deck: "classic", game: "whist", name: "Ana 👨\u200d👩\u200d👧\u200d👦👨\u200d👩\u200d👧", clock: 0, options: { whist: { target: 5 } } };
    assert.deepEqual(S.readPrefs(JSON.stringify(mine), ["ru"]), { prefs: mine, problems: [] });
  });

  test("each field of the wrong type falls back to its default and is named", () => {
    const bad = { lang: 5, speed: "toString", level: ["hard"], fourColor: "yes", autoplay: 0, sound: null, deck: "__proto__", game: { x: 1 }, name: "x".repeat(25), clock: 301, options: [] };
    const { prefs, problems } = S.readPrefs(JSON.stringify(bad), []);
    assert.deepEqual(prefs, DEFAULTS);
    assert.deepEqual(problems, ['options=[]', "lang=5", 'speed="toString"', 'level=["hard"]', 'fourColor="yes"', "autoplay=0", "sound=null", 'deck="__proto__"', 'game={"x":1}', `name="${"x".repeat(25)}"`, "clock=301"]);
  });

  test("a language stored that is not ours is named, and the browser's is taken", () => {
    const { prefs, problems } = S.readPrefs('{"lang": "xx"}', ["es-MX"]);
    assert.equal(prefs.lang, "es");
    assert.deepEqual(problems, ['lang="xx"']);
  });

  test("options per game: a game's options that are not an object are named; '__proto__' stays a name", () => {
    const { prefs, problems } = S.readPrefs('{"options": {"king": 5, "__proto__": {"a": 1}, "whist": {"target": 3}}}', []);
    assert.deepEqual(problems, ["options.king=5"]);
    assert.deepEqual(Object.keys(prefs.options), ["__proto__", "whist"]);  // checkPrefs refuses the first
    assert.equal(Object.getPrototypeOf(prefs.options), Object.prototype);
  });

  test("text that is not preferences: too long, not JSON, not an object", () => {
    assert.deepEqual(S.readPrefs("x".repeat(20_001), []), { prefs: DEFAULTS, problems: ["20001 characters"] });
    assert.deepEqual(S.readPrefs("{lang", []), { prefs: DEFAULTS, problems: ["not JSON"] });
    assert.deepEqual(S.readPrefs("[1]", []), { prefs: DEFAULTS, problems: ["[1]"] });
    assert.deepEqual(S.readPrefs("null", []), { prefs: DEFAULTS, problems: ["null"] });
  });
});

describe("checkPrefs: against the engine's games, levels and options", () => {
  test("what names nothing is named and dropped, what is good is kept; a framed table writes nothing", () => {
    const before = structuredClone(S.prefs);
    try {
      Object.assign(S.prefs, { game: "chess", level: "toString", clock: 7, options: { king: { play_all_tricks: true, max_nulls: "3" }, chess: { x: 1 }, whist: { target: 5 } } });
      const { problems, key } = S.checkPrefs(info, false);
      assert.deepEqual(problems, ['game="chess"', 'level="toString"', "clock=7", 'options.king.max_nulls="3"', 'options."chess"']);
      assert.equal(S.prefs.clock, info.clock.default);  // the engine's choices, not a copy of them
      assert.equal(key, null);
      assert.equal(S.prefs.game, Object.keys(info.games)[0]);
      assert.equal(S.prefs.level, "normal");
      assert.deepEqual(S.prefs.options, { king: { play_all_tricks: true }, whist: { target: 5 } });
      assert.deepEqual(S.checkPrefs(info, false), { problems: [], key: null });  // cleaned once
    } finally {
      Object.keys(S.prefs).forEach((k) => delete S.prefs[k]);
      Object.assign(S.prefs, before);
    }
  });
});

describe("statistics", () => {
  const line = { played: 3, won: 1, total: -40 };

  test("valid: version 1, known game/level lines of whole counts, a last match or none", () => {
    assert.equal(S.validStats({ version: 1, lines: {}, last: null }), true);
    assert.equal(S.validStats({ version: 1, lines: { "king/normal": line, "whist/random": { played: 0, won: 0, total: 0 } }, last: "king/3/x" }), true);
  });

  test("anything else is set aside, not read", () => {
    const bad = [null, [], { version: 2, lines: {}, last: null }, { version: 1, lines: [], last: null }, { version: 1, lines: {}, last: 5 },
      { version: 1, lines: { "chess/normal": line }, last: null }, { version: 1, lines: { "king/Normal": line }, last: null },
      { version: 1, lines: { "king/normal": { ...line, played: -3 } }, last: null }, { version: 1, lines: { "king/normal": { ...line, won: 4 } }, last: null },
      { version: 1, lines: { "king/normal": { ...line, played: 1.5 } }, last: null }, { version: 1, lines: { "king/normal": { ...line, total: "9" } }, last: null },
      { version: 1, lines: { "king/normal": { ...line, total: Infinity } }, last: null }, { version: 1, lines: { "king/normal": null }, last: null }];
    for (const s of bad) assert.equal(S.validStats(s), false, JSON.stringify(s));
  });

  test("with storage blocked, a match still counts for the moment and nothing is called corrupt", () => {
    assert.deepEqual(S.readStats(), { stats: { version: 1, lines: {}, last: null }, corrupt: false });
    assert.deepEqual(S.recordStats("king/hard", "m1", true, 120), { line: { played: 1, won: 1, total: 120 }, corrupt: false });
  });
});

test("the speeds and decks a host or a stored preference may name", () => {
  assert.deepEqual(Object.keys(S.SPEEDS), ["slow", "normal", "fast", "instant"]);
  assert.deepEqual(S.SPEEDS.instant, { move: 0, trick: 0 });  // the browser tests' pace: no pause at all
  assert.deepEqual(S.DECKS, ["plain", "classic"]);
});
