// site/embed.js's readParams knows the transport's parameters (relays, turn): they are
// read by p2p/params.js, a bad one is named with the other problems, none is "unknown".
import assert from "node:assert/strict";
import { test } from "node:test";

import { readParams } from "../../site/embed.js";

const info = { games: { king: { players: 4, options: {} } }, levels: ["easy", "normal"], lessons: [] };
const opts = (page) => ({ langs: ["en", "ru"], speeds: ["fast"], page });

test("relays and turn are read, checked against the page's own address", () => {
  const { cfg, problems } = readParams("?game=king&relays=wss://r.example&turn=turn:u:p@t.example:3478", info, opts("https://me.github.io/k/"));
  assert.equal(cfg.game, "king");
  assert.deepEqual(cfg.relays, ["wss://r.example/"]);
  assert.deepEqual(cfg.turn, [{ urls: "turn:t.example:3478", username: "u", credential: "p" }]);
  assert.deepEqual(problems, []);
  assert.deepEqual(readParams("?relays=ws://127.0.0.1:8000/relay", info, opts("http://127.0.0.1:8000/")).cfg.relays, ["ws://127.0.0.1:8000/relay"]);
});

test("a bad or repeated one is named once, and the rest of the address still applies", () => {
  const { cfg, problems } = readParams("?level=easy&relays=ws://elsewhere.example&turn=turn:nopassword.example&relays=wss://x.example", info, opts("https://me.github.io/k/"));
  assert.equal(cfg.level, "easy");
  assert.equal(cfg.turn, undefined);
  assert.deepEqual(problems.sort(), ["relays (2×)", "relays=ws://elsewhere.example", "turn=turn:nopassword.example"].sort());
});
