// site/checks.js: what the page reads from outside itself (storage, the address, a host's
// messages) is used only when it is of the right type and names something that exists.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import * as C from "../../site/checks.js";
import { engineInfo, engineSave } from "./engine.mjs";

const info = engineInfo();

describe("has and isPlainObject: own fields of plain objects only", () => {
  test("names that every object inherits name nothing", () => {
    for (const key of ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"]) {
      assert.equal(C.has({}, key), false, key);
      assert.equal(C.has(info.games, key), false, key);
    }
  });

  test("an own field is found, whatever its value", () => {
    assert.equal(C.has({ a: undefined }, "a"), true);
    assert.equal(C.has(JSON.parse('{"__proto__": 1}'), "__proto__"), true);  // JSON.parse makes it own
    assert.equal(C.has(Object.assign(Object.create(null), { x: 1 }), "x"), true);
  });

  test("only a string names a field, and only a plain object holds one", () => {
    assert.equal(C.has({ 1: "x" }, 1), false);
    assert.equal(C.has(["x"], "0"), false);
    assert.equal(C.has(null, "x"), false);
    assert.equal(C.has("abc", "length"), false);
  });

  test("plain objects are JSON's objects", () => {
    for (const v of [{}, { a: 1 }, Object.create(null), JSON.parse('{"x": [1]}')]) assert.equal(C.isPlainObject(v), true);
    class Thing {}
    for (const v of [null, undefined, [], "{}", 5, new Map(), new Date(), new Thing(), Object.create({})]) {
      assert.equal(C.isPlainObject(v), false, String(v));
    }
  });
});

test("oneOf compares strictly: a string is never a number, nor a boolean", () => {
  assert.equal(C.oneOf(5, [2, 5]), true);
  assert.equal(C.oneOf("5", [2, 5]), false);
  assert.equal(C.oneOf("true", [true, false]), false);
  assert.equal(C.oneOf(0, [false]), false);
  assert.equal(C.oneOf(Number.NaN, [Number.NaN]), false);
});

describe("describe and cut: a bad value named in a few printable characters", () => {
  test("values as JSON, the rest by their type", () => {
    assert.equal(C.describe("x"), '"x"');
    assert.equal(C.describe(5), "5");
    assert.equal(C.describe({ a: [1, null] }), '{"a":[1,null]}');
    assert.equal(C.describe(undefined), "undefined");
    assert.equal(C.describe(() => 1), "function");
    assert.equal(C.describe(Symbol("s")), "symbol");
    assert.equal(C.describe(10n), "bigint");
    const loop = {};
    loop.self = loop;
    assert.equal(C.describe(loop), "[object Object]");  // JSON cannot say it: never throws
  });

  test("at most 40 characters, a cut one ending in an ellipsis", () => {
    assert.equal(C.cut("x".repeat(40)), "x".repeat(40));
    assert.equal(C.cut("x".repeat(41)), `${"x".repeat(39)}…`);
    assert.equal(C.describe("y".repeat(1000)).length, 40);
    assert.equal(C.cut(12), "12");
  });
});

describe("checkOptions: against the engine's own options", () => {
  test("every default of every game is accepted as it is", () => {
    for (const [game, spec] of Object.entries(info.games)) {
      const defaults = Object.fromEntries(Object.entries(spec.options).map(([k, o]) => [k, o.default]));
      assert.deepEqual(C.checkOptions(game, defaults, info), [defaults, []], game);
    }
  });

  test("each value must be one the engine allows, of the same type", () => {
    const [ok, problems] = C.checkOptions("king", { max_nulls: "3", play_all_tricks: true, buyer_leads: 1 }, info);
    assert.deepEqual(ok, { play_all_tricks: true });
    assert.deepEqual(problems, ['options.max_nulls="3"', "options.buyer_leads=1"]);
    assert.deepEqual(C.checkOptions("king", { max_nulls: 9 }, info)[1], ["options.max_nulls=9"]);
  });

  test("unknown names, inherited names and '__proto__' are refused by name", () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": 1}, "toString": 1, "constructor": 2, "colour": "red"}');
    const [ok, problems] = C.checkOptions("kingru", hostile, info, "opts");
    assert.deepEqual(problems, ["opts.__proto__", "opts.toString", "opts.constructor", "opts.colour"]);
    assert.deepEqual(Object.keys(ok), []);
    assert.equal(Object.getPrototypeOf(ok), Object.prototype);
    assert.equal(/** @type {any} */ ({}).polluted, undefined);
  });

  test("a game that does not exist, or options that are not an object", () => {
    assert.deepEqual(C.checkOptions("chess", {}, info), [{}, ['options: game="chess"']]);
    assert.deepEqual(C.checkOptions("toString", {}, info), [{}, ['options: game="toString"']]);
    for (const [bad, named] of [[[], "[]"], ["abc", '"abc"'], [null, "null"], [5, "5"]]) {
      assert.deepEqual(C.checkOptions("whist", bad, info), [{}, [`options=${named}`]]);
    }
  });

  test("a long name is cut in the message", () => {
    const [, problems] = C.checkOptions("whist", { ["z".repeat(100)]: 1 }, info);
    assert.equal(problems[0], `options.${"z".repeat(39)}…`);
  });
});

describe("checkSave: a saved match is checked field by field before the engine sees it", () => {
  const good = () => JSON.parse(engineSave("king"));

  test("what the engine saves, in each game, comes back as it was", () => {
    for (const game of /** @type {const} */ (["king", "kingru", "whist"])) {
      const raw = engineSave(game);
      const { save, problem } = C.checkSave(raw, info);
      assert.equal(problem, undefined, problem);
      assert.deepEqual(save, JSON.parse(raw), game);
      assert.ok(save && save.actions.length >= 10, game);  // a match under way, with options
    }
  });

  test("the save returned is a fresh object: changing it changes nothing stored", () => {
    const raw = engineSave("whist");
    const { save } = C.checkSave(raw, info);
    assert.ok(save);
    save.actions.push("XX");
    assert.deepEqual(C.checkSave(raw, info).save, JSON.parse(raw));
  });

  /** @param {(s: Record<string, any>) => void} change */
  const problemOf = (change) => {
    const s = good();
    change(s);
    return C.checkSave(JSON.stringify(s), info).problem;
  };

  test("every field is checked, and the first bad one is named with its value", () => {
    assert.equal(problemOf((s) => { s.version = 2; }), "version=2");
    assert.equal(problemOf((s) => { s.game = "chess"; }), 'game="chess"');
    assert.equal(problemOf((s) => { s.game = "__proto__"; }), 'game="__proto__"');
    assert.equal(problemOf((s) => { s.seed = -1; }), "seed=-1");
    assert.equal(problemOf((s) => { s.seed = 1.5; }), "seed=1.5");
    assert.equal(problemOf((s) => { s.seed = "3"; }), 'seed="3"');
    assert.equal(problemOf((s) => { s.seed = 2 ** 53; }), `seed=${2 ** 53}`);
    assert.equal(problemOf((s) => { s.level = "godlike"; }), 'level="godlike"');
    assert.equal(problemOf((s) => { s.seat = 4; }), "seat=4");
    assert.equal(problemOf((s) => { s.seat = -1; }), "seat=-1");
    assert.equal(problemOf((s) => { s.options = { max_nulls: 7 }; }), "options.max_nulls=7");
    assert.equal(problemOf((s) => { s.options = []; }), "options=[]");
    assert.equal(problemOf((s) => { s.colour = "red"; }), 'colour="red"');
  });

  test("German Whist has two seats", () => {
    const s = JSON.parse(engineSave("whist"));
    assert.equal(C.checkSave(JSON.stringify({ ...s, seat: 1 }), info).problem, undefined);
    assert.equal(C.checkSave(JSON.stringify({ ...s, seat: 2 }), info).problem, "seat=2");
  });

  test("actions: a list of at most 10 000 short printable strings", () => {
    assert.equal(problemOf((s) => { s.actions = "QS"; }), 'actions="QS"');
    assert.equal(problemOf((s) => { s.actions[3] = 5; }), "actions[3]=5");
    assert.equal(problemOf((s) => { s.actions[0] = "Q S"; }), 'actions[0]="Q S"');
    assert.equal(problemOf((s) => { s.actions[1] = ""; }), 'actions[1]=""');
    assert.equal(problemOf((s) => { s.actions[2] = "x".repeat(33); }), `actions[2]="${"x".repeat(33)}"`);
    assert.equal(problemOf((s) => { s.actions[2] = "x".repeat(32); }), undefined);
    assert.equal(problemOf((s) => { s.actions[0] = "Кинг"; }), 'actions[0]="Кинг"');
    assert.equal(problemOf((s) => { s.actions = Array(10_001).fill("QS"); }).slice(0, 9), "actions=[");
    assert.equal(problemOf((s) => { s.actions = Array(10_000).fill("QS"); }), undefined);  // the engine judges their sense
  });

  test("the save as a whole: its type, size, JSON and format, with the words to tell it", () => {
    assert.deepEqual(C.checkSave(null, info), { problem: "null" });
    assert.deepEqual(C.checkSave(42, info), { problem: "42" });
    const big = " ".repeat(C.SAVE_LIMIT + 1);
    assert.deepEqual(C.checkSave(big, info), { problem: `${big.length} characters, more than a save holds`, words: "save_too_big", n: big.length });
    assert.deepEqual(C.checkSave("{", info), { problem: "not JSON", words: "save_not_json" });
    for (const raw of ["[]", "null", '"kingweb-save"', '{"format": "other"}', "[".repeat(3000) + "]".repeat(3000)]) {
      assert.deepEqual(C.checkSave(raw, info), { problem: "not a kingweb save", words: "save_not_save" }, raw.slice(0, 20));
    }
  });
});
