// site/embed.js: the address's parameters and a host page's commands, each value checked
// against what the engine says exists; a bad one is named, with its value, and dropped.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { parseOptions, readCommand, readParams } from "../../site/embed.js";
import { LANGS } from "../../site/i18n/index.js";
import { DECKS, SPEEDS } from "../../site/store.js";
import { engineInfo } from "./engine.mjs";

const info = engineInfo();
const lists = { langs: LANGS, speeds: Object.keys(SPEEDS) };

describe("parseOptions: 'name=value' pairs or a JSON object", () => {
  test("pairs, with numbers and booleans read as such", () => {
    assert.deepEqual({ ...parseOptions("boys=jacks-kings,scale=10") }, { boys: "jacks-kings", scale: 10 });
    assert.deepEqual({ ...parseOptions(" play_all_tricks = true ; max_nulls=-3,x=false,") }, { play_all_tricks: true, max_nulls: -3, x: false });
    assert.deepEqual({ ...parseOptions("a=b=c") }, { a: "b=c" });
  });

  test("only ASCII digits make a number, and only up to 15 of them", () => {
    assert.deepEqual({ ...parseOptions("a=1e3,b=0x1,c=٣,d=1234567890123456") }, { a: "1e3", b: "0x1", c: "٣", d: "1234567890123456" });
  });

  test("'__proto__' is a key like any other, not the object's prototype", () => {
    const o = parseOptions("__proto__=1,toString=2");
    assert.deepEqual(Object.keys(o), ["__proto__", "toString"]);
    assert.equal(/** @type {any} */ ({}).toString === 2, false);
  });

  test("nothing, or JSON that is an object; other JSON throws", () => {
    assert.deepEqual(parseOptions(""), {});
    assert.deepEqual(parseOptions(undefined), {});
    assert.deepEqual(parseOptions('{"target": 5}'), { target: 5 });
    assert.throws(() => parseOptions("{nope"));
    assert.throws(() => parseOptions("{"));
  });
});

/** @param {string} search */
const params = (search) => readParams(search, info, lists);

describe("readParams: the configuration an address asks for", () => {
  test("a shared link's match, whole", () => {
    const { cfg, problems } = params("?game=kingru&seed=42&level=hard&lang=ru&speed=fast&seat=2&options=boys%3Djacks-kings,scale%3D10");
    assert.deepEqual(problems, []);
    assert.deepEqual(cfg, { embed: false, game: "kingru", seed: 42, level: "hard", lang: "ru", speed: "fast", seat: 2, options: { boys: "jacks-kings", scale: 10 } });
  });

  test("embed: on with 1, true or nothing; anything else is named", () => {
    for (const on of ["?embed=1", "?embed=true", "?embed", "?embed="]) assert.equal(params(on).cfg.embed, true, on);
    assert.deepEqual(params("?embed=yes"), { cfg: { embed: false }, problems: ["embed=yes"] });
  });

  test("each bad value is named and left out", () => {
    const { cfg, problems } = params("?embed=1&game=chess&level=godlike&lang=xx&seat=9&speed=warp&lesson=king/nope&colour=red");
    assert.deepEqual(cfg, { embed: true });
    assert.deepEqual(problems.sort(), ["colour", "game=chess", "lang=xx", "lesson=king/nope", "level=godlike", "seat=9", "speed=warp"]);
  });

  test("names every JavaScript object has are not games, levels or speeds", () => {
    const { cfg, problems } = params("?game=toString&level=constructor&speed=__proto__&lang=hasOwnProperty&seat=");
    assert.deepEqual(cfg, { embed: false });
    assert.deepEqual(problems.sort(), ["game=toString", "lang=hasOwnProperty", "level=constructor", "seat=", "speed=__proto__"]);
  });

  test("seeds and seats are whole numbers in ASCII digits, within range", () => {
    const top = (2n ** 128n - 1n).toString();  // the largest seed (kingweb/seeds.py)
    for (const bad of ["1e3", "-1", "0x1", "٣", "1.0", " 1", "01", (2n ** 128n).toString(), `${top}0`]) {
      assert.deepEqual(params(`?seed=${encodeURIComponent(bad)}`).problems, [`seed=${bad}`], bad);
    }
    assert.equal(params("?seed=2147483647").cfg.seed, 2 ** 31 - 1);
    assert.equal(params("?seed=0").cfg.seed, 0);
    // a link's 128-bit seed goes on as its digits: as a number it would lose them
    assert.equal(params(`?seed=${top}`).cfg.seed, top);
    assert.equal(params(`?seed=${2 ** 53}`).cfg.seed, String(2 ** 53));
    assert.equal(params(`?seed=${2 ** 53 - 1}`).cfg.seed, 2 ** 53 - 1);
    assert.equal(params("?game=whist&seat=1").cfg.seat, 1);
    assert.deepEqual(params("?game=whist&seat=2").problems, ["seat=2"]);  // two seats in German Whist
    assert.equal(params("?seat=3").cfg.seat, 3);  // no game named: four seats at most
  });

  test("a parameter given twice is refused, not guessed", () => {
    const { cfg, problems } = params("?game=king&game=whist&seed=1");
    assert.deepEqual(problems, ["game (2×)"]);
    assert.equal(cfg.seed, 1);
  });

  test("options need a game, and are checked against that game's", () => {
    assert.deepEqual(params("?options=scale%3D10").problems, ["options=scale=10"]);
    assert.deepEqual(params("?game=king&options=nope").problems, ["options.nope"]);
    assert.deepEqual(params("?game=king&options=%7Bbad").problems, ["options={bad"]);
    const { cfg, problems } = params(`?game=king&options=${encodeURIComponent('{"max_nulls": 3, "__proto__": 1, "play_all_tricks": "true"}')}`);
    assert.deepEqual(cfg.options, { max_nulls: 3 });
    assert.deepEqual(problems, ["options.__proto__", 'options.play_all_tricks="true"']);
  });

  test("every lesson the engine has can be opened by its id", () => {
    assert.ok(info.lessons.length >= 18);
    for (const id of info.lessons) assert.deepEqual(params(`?lesson=${id}`), { cfg: { embed: false, lesson: id }, problems: [] });
  });

  test("a long unknown name is cut in the message", () => {
    assert.deepEqual(params(`?${"q".repeat(60)}=1`).problems, [`${"q".repeat(39)}…`]);
  });
});

/** @param {any} msg @param {string} [game] */
const command = (msg, game = "king") => readCommand(msg, { info, langs: LANGS, speeds: Object.keys(SPEEDS), decks: DECKS, game });

describe("readCommand: a host page's new-game and set-options", () => {
  test("a good command keeps every field", () => {
    assert.deepEqual(command({ kingweb: 1, type: "new-game", game: "whist", options: { target: 5 }, seed: 9, level: "easy" }), {
      command: { type: "new-game", game: "whist", options: { target: 5 }, seed: 9, level: "easy" }, problems: [],
    });
    assert.deepEqual(command({ kingweb: 1, type: "set-options", lang: "pt", speed: "slow", level: "hard", fourColor: true, deck: "classic" }), {
      command: { type: "set-options", lang: "pt", speed: "slow", level: "hard", fourColor: true, deck: "classic" }, problems: [],
    });
  });

  test("an unknown type, or a message that is not an object, is no command", () => {
    for (const [msg, named] of [[{ type: "explode" }, 'type="explode"'], [{ type: "__proto__" }, 'type="__proto__"'], [{ type: 5 }, "type=5"],
      [null, "type=null"], ["new-game", 'type="new-game"'], [[1], "type=[1]"], [{}, "type=undefined"]]) {
      assert.deepEqual(command(msg), { command: null, problems: [named] });
    }
  });

  test("each bad field is named with its value, and the good ones are kept", () => {
    const msg = JSON.parse('{"kingweb": 1, "type": "set-options", "speed": "toString", "lang": "constructor", "deck": "__proto__", "fourColor": "yes", "options": "abc", "level": "normal"}');
    const { command: c, problems } = command(msg);
    assert.deepEqual(c, { type: "set-options", level: "normal", options: {} });
    assert.deepEqual(problems.sort(), ['deck="__proto__"', 'fourColor="yes"', 'lang="constructor"', 'options="abc"', 'speed="toString"']);
  });

  test("fields of the other command, or of none, are named", () => {
    const { command: c, problems } = command({ type: "new-game", lang: "ru", seed: 3 });
    assert.deepEqual(c, { type: "new-game", seed: 3 });
    assert.deepEqual(problems, ["lang"]);
    const hostile = command(JSON.parse('{"type": "new-game", "__proto__": {"x": 1}}'));
    assert.deepEqual(hostile.problems, ["__proto__"]);
  });

  test("seeds: whole numbers below 2^53, or the digits of one below 2^128", () => {
    for (const bad of [-1, 1.5, "03", "-3", 2 ** 53, Number.NaN, null, (2n ** 128n).toString(), 3n]) {
      assert.equal(command({ type: "new-game", seed: bad }).command?.seed, undefined, String(bad));
    }
    assert.equal(command({ type: "new-game", seed: 2 ** 31 }).command?.seed, 2 ** 31);
    assert.equal(command({ type: "new-game", seed: "3" }).command?.seed, 3);
    const big = "340282366920938463463374607431768211455";
    assert.equal(command({ type: "new-game", seed: big }).command?.seed, big);
  });

  test("options are those of the game asked for, else of the game on the table", () => {
    assert.deepEqual(command({ type: "new-game", game: "whist", options: { target: 3, max_nulls: 3 } }).problems, ["options.max_nulls"]);
    assert.deepEqual(command({ type: "set-options", options: { target: 3 } }, "whist").command, { type: "set-options", options: { target: 3 } });
    assert.deepEqual(command({ type: "set-options", options: { target: 3 } }, "king").problems, ["options.target"]);
    // a refused game falls back on the table's own
    const c = command({ type: "new-game", game: "constructor", options: { toString: 1, max_nulls: 4 } });
    assert.deepEqual(c, { command: { type: "new-game", options: { max_nulls: 4 } }, problems: ['game="constructor"', "options.toString"] });
  });

  test("an undefined field counts as not given", () => {
    assert.deepEqual(command({ type: "set-options", lang: undefined }), { command: { type: "set-options" }, problems: [] });
  });
});
