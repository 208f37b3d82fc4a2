// site/botwatch.js: the watch on a bot's turn is armed and disarmed only by answers that
// say whether a bot is due; a hint's answer, which says nothing of the bots, leaves it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { botWatch } from "../../site/botwatch.js";

/** Timers the test runs by hand: each set one is kept until cleared or fired. */
function handTimers() {
  /** @type {Map<number, () => void>} */
  const pending = new Map();
  let next = 1;
  const timers = {
    set: /** @type {any} */ ((/** @type {() => void} */ fn) => { pending.set(next, fn); return next++; }),
    clear: /** @type {any} */ ((/** @type {number | undefined} */ id) => { if (id !== undefined) pending.delete(id); }),
  };
  const fire = () => { const fns = [...pending.values()]; pending.clear(); fns.forEach((f) => f()); };
  return { timers, pending, fire };
}

test("a bot due: an answer about something else leaves the watch armed, and it fires", () => {
  const { timers, pending, fire } = handTimers();
  /** @type {number[]} */
  const stuck = [];
  const w = botWatch(() => 3000, (ms) => stuck.push(ms), timers);
  w.seen({ bots: true, table: {} });
  assert.equal(pending.size, 1);
  w.seen({ hint: "QS", reason: "" });  // a hint answered before the bot's turn
  w.seen(null);
  assert.equal(pending.size, 1, "still watched");
  fire();
  assert.deepEqual(stuck, [3000]);
});

test("the bot's turn told (bots: false) disarms it; a next bot due arms it once", () => {
  const { timers, pending } = handTimers();
  const w = botWatch(() => 3000, () => assert.fail("not stuck"), timers);
  w.seen({ bots: true });
  w.seen({ bots: true });
  assert.equal(pending.size, 1, "one timer, not two");
  w.seen({ bots: false });
  assert.equal(pending.size, 0);
  w.seen({ bots: true });
  w.stop();
  assert.equal(pending.size, 0);
});
