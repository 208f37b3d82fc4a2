// The daily challenge's pure logic on the page (site/daily/): UTC days, the stored
// history and its checks, one attempt a day that counts, streaks, the share text and the
// link that carries a replay code.  Replay codes come from the real engine.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { describe, test } from "node:test";

import { LANGS, loadLang, setLang } from "../../site/i18n/index.js";
import * as D from "../../site/daily/days.js";
import * as H from "../../site/daily/history.js";
import * as S from "../../site/daily/share.js";
import { ROOT } from "./engine.mjs";

// every language, as a page that chose each would have loaded it
await Promise.all(LANGS.map(loadLang));

/** Replay codes the engine makes (daily.code) for the given days: a match not begun. */
function engineCodes(/** @type {string[]} */ days) {
  const py = `import json, sys\nfrom kingweb import daily\nprint(json.dumps([daily.code("whist", d, 0, []) for d in sys.argv[1:]]))`;
  const r = spawnSync(process.env.KINGWEB_PYTHON || "python3", ["-c", py, ...days], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return /** @type {string[]} */ (JSON.parse(r.stdout));
}

describe("days: UTC dates written YYYY-MM-DD", () => {
  test("a moment's UTC day, not the local one", () => {
    assert.equal(D.utcDay(new Date("2026-12-03T23:59:59.999Z")), "2026-12-03");
    assert.equal(D.utcDay(new Date("2026-12-03T23:30:00-02:00")), "2026-12-04");
  });
  test("the days before and after, across months, years and a leap day", () => {
    assert.equal(D.dayBefore("2026-03-01"), "2026-02-28");
    assert.equal(D.dayBefore("2028-03-01"), "2028-02-29");
    assert.equal(D.dayAfter("2026-12-31"), "2027-01-01");
    assert.equal(D.dayBefore(D.dayAfter("2026-12-03")), "2026-12-03");
  });
  test("only real days are days", () => {
    for (const d of ["2026-12-03", "2028-02-29"]) assert.ok(D.isDay(d), d);
    for (const d of ["2026-02-29", "2026-13-01", "2026-12-3", "20261203", 20261203, null, "2026-12-03T00:00"]) assert.ok(!D.isDay(d), String(d));
  });
});

describe("history: one attempt a day and game counts", () => {
  test("the first attempt begun counts; a second is practice, and its end changes nothing", () => {
    const h = H.freshHistory();
    assert.ok(H.begin(h, "whist", "2026-12-03", "aaa"));
    assert.ok(H.begin(h, "whist", "2026-12-03", "aaa"), "the same attempt resumed still counts");
    assert.ok(!H.begin(h, "whist", "2026-12-03", "bbb"));
    assert.ok(!H.finish(h, "whist", "2026-12-03", "bbb", 3, "W1.20261203.0..abcdef"));
    assert.equal(/** @type {any} */ (H.entryOf(h, "whist", "2026-12-03")).score, null);
    assert.ok(H.finish(h, "whist", "2026-12-03", "aaa", -2, "W1.20261203.0..abcdef"));
    assert.deepEqual(H.entryOf(h, "whist", "2026-12-03"), { game: "whist", date: "2026-12-03", match: "aaa", score: -2, code: "W1.20261203.0..abcdef" });
    assert.ok(H.begin(h, "king", "2026-12-03", "ccc"), "another game the same day is its own attempt");
    assert.equal(H.entryOf(h, "kingru", "2026-12-03"), null);
  });

  test("a stored history reads back whole; what is not one is refused with a reason", () => {
    const [code] = engineCodes(["2026-12-03"]);
    const h = H.freshHistory();
    H.begin(h, "whist", "2026-12-03", "aaa");
    H.finish(h, "whist", "2026-12-03", "aaa", 5, code);
    h.pars[H.parKey("whist", "2026-12-03", 0)] = 3;
    assert.deepEqual(H.readHistory(JSON.stringify(h)), { history: h, problem: null });
    assert.deepEqual(H.readHistory(null), { history: H.freshHistory(), problem: null });
    const entry = h.entries[0];
    const bad = [
      "{", "[]", "null", JSON.stringify({ ...h, version: 2 }), JSON.stringify({ ...h, extra: 1 }),
      JSON.stringify({ ...h, entries: [{ ...entry, game: "bridge" }] }),
      JSON.stringify({ ...h, entries: [{ ...entry, date: "2026-02-30" }] }),
      JSON.stringify({ ...h, entries: [{ ...entry, score: 1.5 }] }),
      JSON.stringify({ ...h, entries: [{ ...entry, code: "K1.nope" }] }),
      JSON.stringify({ ...h, entries: [entry, entry] }),
      JSON.stringify({ ...h, pars: { "whist/2026-12-03/0": "x" } }),
      "x".repeat(300_000),
    ];
    for (const raw of bad) {
      const r = H.readHistory(raw);
      assert.deepEqual(r.history, H.freshHistory(), raw.slice(0, 60));
      assert.ok(r.problem, raw.slice(0, 60));
    }
  });
});

describe("streaks: UTC days in a row with a daily played to its end", () => {
  /** @param {[string, string, number | null][]} played */
  const history = (played) => {
    const h = H.freshHistory();
    played.forEach(([game, date, score], i) => { H.begin(h, game, date, `m${i}`); if (score !== null) H.finish(h, game, date, `m${i}`, score, "W1.20261203.0..abcdef"); });
    return h;
  };
  test("counts back from today, or from yesterday while today is not played yet", () => {
    const h = history([["whist", "2026-12-01", 1], ["king", "2026-12-02", -50], ["whist", "2026-12-02", 0], ["kingru", "2026-12-03", 2]]);
    assert.equal(H.streak(h, "2026-12-03"), 3);
    assert.equal(H.streak(h, "2026-12-04"), 3, "today not played yet does not break it");
    assert.equal(H.streak(h, "2026-12-05"), 0, "a whole day missed does");
  });
  test("a daily begun but not finished is not a day played; a gap ends a run", () => {
    const h = history([["whist", "2026-11-28", 1], ["whist", "2026-11-29", 1], ["whist", "2026-11-30", null], ["whist", "2026-12-01", 4], ["king", "2026-12-02", 4]]);
    assert.equal(H.streak(h, "2026-12-02"), 2);
    assert.equal(H.bestStreak(h), 2);
    assert.equal(H.bestStreak(history([["whist", "2026-12-31", 1], ["whist", "2027-01-01", 1], ["whist", "2027-01-02", 1]])), 3);
    assert.equal(H.bestStreak(H.freshHistory()), 0);
  });
  test("rows come newest first, with par where it is known", () => {
    const h = history([["whist", "2026-12-01", 1], ["king", "2026-12-02", -50], ["whist", "2026-12-02", 0]]);
    h.pars[H.parKey("king", "2026-12-02", 0)] = -200;
    assert.deepEqual(H.rows(h).map((r) => [r.game, r.date, r.par]), [["king", "2026-12-02", -200], ["whist", "2026-12-02", null], ["whist", "2026-12-01", null]]);
  });
});

describe("share: the text and the link", () => {
  test("the text as the issue writes it, with the minus sign U+2212; without par until it is known", () => {
    setLang("en");
    assert.equal(S.shareText("king", "2026-12-03", -120, -200), "King daily 2026-12-03: \u2212120, par \u2212200");
    assert.equal(S.shareText("whist", "2026-12-03", 3, null), "German Whist daily 2026-12-03: 3");
    setLang("ru");
    assert.equal(S.shareText("whist", "2026-12-03", -1, 2), "Немецкий вист, партия дня 2026-12-03: \u22121, эталон 2");
    setLang("en");
  });
  test("a link carries the code in its fragment, and the fragment gives it back", () => {
    const codes = engineCodes(["2026-12-03", "2026-12-04"]);
    for (const code of codes) {
      const link = S.codeLink("https://example.org/kingweb/index.html?game=king#z=old", code);
      assert.equal(link, `https://example.org/kingweb/index.html#daily=${code}`);
      assert.equal(S.codeOf(new URL(link).hash), code);
    }
    assert.equal(S.codeOf("#room=abc"), null);
    assert.equal(S.codeOf(""), null);
  });
  test("a refusal's reason is named by the part of the code the engine names", () => {
    assert.equal(S.refusalKey({ field: "check" }), "daily_why_check");
    assert.equal(S.refusalKey({ field: "moves[12]" }), "daily_why_moves");
    assert.equal(S.refusalKey({ field: "nonsense" }), "daily_why_code");
    assert.equal(S.refusalKey(undefined), "daily_why_code");
  });
});
