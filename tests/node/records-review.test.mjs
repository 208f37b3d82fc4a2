// site/records/deal.js and site/records/marks.js against the real engine: a finished
// deal's record made from what the page's model holds is the engine's own record of it
// (and the engine reads it); the review's words cover every reason code in every
// language; the cursor's moves; an analysis's marks make a record the engine accepts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { after, describe, test } from "node:test";

import * as I from "../../site/i18n/index.js";
import { dealRecord, matchRecord } from "../../site/records/deal.js";
import { actionWords, clampStep, decisionSteps, figures, keyStep, labelView, marksOf, namingView, nextDecision, points, reasonText, summaryText, verdict } from "../../site/records/marks.js";
import { names } from "../../site/render/labels.js";
import { ROOT } from "./engine.mjs";

const PROGRAM = `
import json, random, sys
from kingweb.session import Session
from kingweb.record import of_game, read
from kingweb import review

def played(game, seed):
    s = Session()
    s.start(game, seed=seed, level="random")
    rng = random.Random(seed)
    while len(s.table.game.deals) < 2:
        st = s.state(0)
        s.act(rng.choice(st["legal"])) if st["turn"] == 0 else s.step()
    return s

out = {"info": review.info(), "games": {}}
for game, seed in (("king", 4), ("kingru", 10), ("whist", 2)):
    s = played(game, seed)
    g = s.table.game
    recs = [{k: v for k, v in of_game(g, deal=i).items() if k != "seed"} for i in range(2)]
    steps = review.review(recs[1], 0)["steps"]
    picks = [st["step"] for st in steps if st["decision"] and st["seat"] == 0][:3]
    analyses = [review.analyse(recs[1], 0, i, worlds=16) for i in picks]
    match = {k: v for k, v in of_game(g).items() if k != "seed"}
    both = [review.analyse(match, k, st["step"], worlds=16) for k in range(2)
            for st in review.review(match, k)["steps"] if st["decision"] and st["seat"] == 0][::3]
    out["games"][game] = {"view": s.state(0), "records": recs, "steps": steps, "analyses": analyses,
                          "summary": review.summary(analyses, 0), "match": match,
                          "match_summary": review.summary(both, 0)}
print(json.dumps(out))
`;

// every language, as a page that chose each would have loaded it
await Promise.all(I.LANGS.map(I.loadLang));

/** The engine's answer to a program (its JSON on stdout). @param {string} program @param {string[]} args */
function python(program, args = []) {
  const exe = process.env.KINGWEB_PYTHON || "python3";
  const r = spawnSync(exe, ["-c", program, ...args], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT }, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${exe}: ${r.error || r.stderr}`);
  return JSON.parse(r.stdout);
}

const E = python(PROGRAM);
const GAMES = /** @type {const} */ (["king", "kingru", "whist"]);
after(() => I.setLang("en"));

describe("dealRecord: a finished deal as the model holds it", () => {
  for (const game of GAMES) {
    test(`${game}: is the engine's own record of that deal, which the engine reads`, () => {
      const g = E.games[game];
      const made = [0, 1].map((i) => dealRecord(g.view, i));
      // (the engine's canonical record of a match's first deal adds the match's scores)
      for (const [i, rec] of made.entries()) {
        const { scores, ...own } = g.records[i];
        assert.deepEqual(rec, own, `deal ${i}`);
        assert.equal(scores !== undefined, i === 0);
      }
      const back = python("import json, sys\nfrom kingweb.record import read\nprint(json.dumps([read(json.loads(a)) for a in sys.argv[1:]]))",
        made.map((r) => JSON.stringify(r)));
      assert.deepEqual(back, g.records);
    });
  }

  for (const game of GAMES) {
    test(`${game}: the match so far is the engine's own record of the match`, () => {
      const g = E.games[game];
      assert.equal(g.view.deals.length, 2);
      assert.deepEqual(matchRecord(g.view), g.match);
    });
  }

  test("leaves out a name the format does not allow, and a deal not over is refused", () => {
    const v = structuredClone(E.games.king.view);
    v.seats = [{ name: "Ann" }, { name: 'say "hi"' }, { name: " x" }, {}];
    assert.deepEqual(dealRecord(v, 0).names, ["Ann", null, null, null]);
    assert.throws(() => dealRecord(v, 7), RangeError);
  });
});

describe("the review's words", () => {
  test("every reason code of the engine has its sentence in every language, filling in only its params", () => {
    const problems = [];
    for (const [code, english] of Object.entries(E.info.reasons)) {
      const params = new Set([...String(english).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      for (const lang of I.LANGS) {
        const s = I.STRINGS[lang][`rev_${code}`];
        if (!s) { problems.push(`${lang}: rev_${code}`); continue; }
        const stray = [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((p) => !params.has(p));
        if (stray.length) problems.push(`${lang}: rev_${code} fills in ${stray}`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test("a verdict reads in each language, with the engine's figures on the match's scale", () => {
    for (const game of GAMES) {
      const g = E.games[game];
      const v = labelView(g.records[1], 0, E.info.games[game]);
      for (const a of g.analyses) {
        for (const lang of I.LANGS) {
          I.setLang(lang);
          const w = verdict(a, v);
          assert.equal(w.symbol, E.info.marks[a.mark]);
          assert.ok(!w.reason.includes("{") && !w.reason.startsWith("rev_"), w.reason);
          assert.ok(w.played.includes(points(a.value, v)), w.played);
          if (lang !== "en") assert.notEqual(w.reason, a.text, `${lang}: ${a.reason}`);
        }
        I.setLang("en");
        // the English says what the engine's English says, figures to a tenth
        const english = reasonText(a, v);
        const said = (/** @type {string} */ k) => E.info.reasons[a.reason].includes(`{${k}}`);
        for (const k of ["action", "best"]) if (said(k)) assert.ok(english.includes(actionWords(a.params[k], v)), english);
        if (said("loss")) assert.ok(english.includes(` ${figures(a, v).gap} points`), english);
      }
    }
  });

  // German Whist, 3♥ played where 7♥ was better by 0.48 over 320 deals (a play-tester's decision)
  const sampled = { step: 2, seat: 0, phase: "play", kind: "card", action: "3H", legal: ["3H", "7H"], values: { "3H": -2.04, "7H": -1.56 },
    best: "7H", value: -2.04, best_value: -1.56, loss: 0.48, margin: 0.2, exact: false, worlds: 320, method: "sampled", mark: "inaccuracy",
    symbol: "?!", reason: "sampled", params: { action: "3H", best: "7H", loss: 0.48, worlds: 320 }, text: "", marks: {} };
  const whist = () => labelView({ game: "whist", options: {}, names: null }, 0, E.info.games.whist);

  test("a verdict's gap is the difference of the two figures it shows, in every language", () => {
    const v = whist();
    const want = { en: ["\u22122.0", "\u22121.6", "0.4 points"], es: ["\u22122,0", "\u22121,6", "0,4 puntos"], pt: ["\u22122,0", "\u22121,6", "0,4 pontos"], ru: ["\u22122,0", "\u22121,6", "0,4 очка"] };
    for (const lang of I.LANGS) {
      I.setLang(lang);
      const w = verdict(sampled, v);
      const [played, best, gap] = want[/** @type {keyof typeof want} */ (lang)];
      assert.ok(w.played.includes(played) && w.best?.includes(best), `${lang}: ${w.played} / ${w.best}`);
      assert.ok(w.reason.includes(gap), `${lang}: ${w.reason}`);
    }
    I.setLang("en");
    // two values alike to a tenth are shown to a hundredth: not "0.0 points better" beside two equal figures
    const close = { ...sampled, value: -2.04, best_value: -2.01, loss: 0.03, mark: "good", reason: "within-margin", params: { best: "7H", loss: 0.03 } };
    const w = verdict(close, v);
    assert.ok(w.played.includes("\u22122.04") && w.best?.includes("\u22122.01"), `${w.played} / ${w.best}`);
    assert.equal(w.reason, "7♥ is rated 0.03 points better, within the analysis's margin of error.");
    assert.deepEqual(figures({ value: -1.25, best_value: -1.25 }, v), { value: "\u22121.3", best: "\u22121.3", gap: "0.0", digits: 1 });
  });

  test("a verdict says over how many deals it was found once", () => {
    const v = whist();
    for (const lang of I.LANGS) {
      I.setLang(lang);
      const w = verdict(sampled, v);
      const said = [w.played, w.best, w.reason, w.how].filter((x) => x && x.includes("320"));
      assert.equal(said.length, 1, `${lang}: ${said.join(" / ")}`);
      // a reason that does not name the deals leaves it to the line that says how
      const best = verdict({ ...sampled, action: "7H", value: -1.56, loss: 0, mark: "good", reason: "best", params: { action: "7H" } }, v);
      assert.ok(best.how && best.how.includes("320"), `${lang}: ${best.how}`);
    }
    I.setLang("en");
  });

  test("a summary's figures add up to the gaps its verdicts state", () => {
    const v = whist();
    const other = { ...sampled, step: 8, value: -1.04, best_value: -0.56 };
    const costly = (/** @type {typeof sampled} */ a) => ({ deal: 0, step: a.step, seat: 0, action: a.action, best: a.best, value: a.value, best_value: a.best_value, loss: 0.48, mark: a.mark, exact: false });
    // the engine's loss of each is 0.48 (0.96 in all); each verdict shows 0.4 (−2.0 and −1.6, −1.0 and −0.6)
    const tally = { decisions: 5, marks: { good: 3, inaccuracy: 2 }, lost: 0.96, gaps: /** @type {[number, number][]} */ ([[-2.04, -1.56], [-1.04, -0.56]]), costliest: [costly(sampled), costly(other)] };
    const w = summaryText({ ...tally, deals: [{ ...tally, deal: 0 }] }, v);
    assert.match(w.lost, /: 0\.8 \(/);
    assert.deepEqual(w.costliest.map((c) => c.split(", ").pop()), ["0.4 points", "0.4 points"]);
  });

  test("a review opened from the table names the seats as the table does; from a file, from the seat at the bottom", () => {
    const person = { kind: /** @type {const} */ ("person"), name: "" };
    const bot = { kind: /** @type {const} */ ("bot"), name: "", level: "hard" };
    const table = { seat: 0, bottom: 0, seats: [person, bot] };
    for (const bottom of [0, 1]) {  // the review draws the seat whose decisions it shows at the bottom
      const v = labelView({ game: "whist", options: {}, names: null }, bottom, E.info.games.whist);
      assert.deepEqual(names(namingView(v, table)), ["You", "Opponent"]);
      I.setLang("es");
      assert.deepEqual(names(namingView(v, table)), ["Tú", "Rival"]);
      I.setLang("en");
    }
    assert.deepEqual(names(namingView(whist(), undefined)), ["South", "Opponent"]);
    // four seats: the others named from the reader's seat, a given name kept
    const king = labelView({ game: "king", options: {}, names: [null, "Ana", null, null] }, 0, E.info.games.king);
    const four = { seat: 2, bottom: 2, seats: [bot, { ...person, name: "Ana", away: true }, person, bot] };
    assert.deepEqual(names(namingView(king, four)), ["North", "Ana", "You", "West"]);
    assert.deepEqual(names(king), ["South", "Ana", "North", "East"]);
  });

  test("Кинг's figures are scaled as its points are shown; a minus is U+2212", () => {
    const v = labelView({ game: "kingru", options: { scale: 10 }, names: null }, 0, E.info.games.kingru);
    assert.equal(points(-1.25, v), "\u221212.5");
    assert.equal(points(-0.001, v), "0.0");
  });

  test("a summary names what was lost and the costliest decisions", () => {
    const g = E.games.king;
    const w = summaryText(g.summary, labelView(g.records[1], 0, E.info.games.king));
    assert.match(w.lost, /^Points lost/);
    assert.equal(w.costliest.length, g.summary.costliest.length);
  });

  test("a match's summary names each costly decision's deal, and adds up every deal", () => {
    for (const game of GAMES) {
      const g = E.games[game];
      const m = g.match_summary;
      assert.deepEqual(m.deals.map((/** @type {{deal: number}} */ d) => d.deal), [0, 1], game);
      assert.equal(m.decisions, m.deals.reduce((/** @type {number} */ n, /** @type {{decisions: number}} */ d) => n + d.decisions, 0), game);
      const w = summaryText(m, labelView(g.match, 0, E.info.games[game]), (k) => g.match.deals[k].deal_no + 1);
      assert.ok(w.costliest.length > 0, `${game}: random play makes a costly decision`);
      w.costliest.forEach((line, i) => {
        const c = m.costliest[i];
        assert.ok(line.startsWith(`Deal ${g.match.deals[c.deal].deal_no + 1}, step ${c.step + 1}: `), line);
      });
    }
  });
});

describe("the cursor", () => {
  const steps = E.games.king.steps;
  const mine = decisionSteps(steps, 0);

  test("the decisions of a seat are its steps with more than one legal action", () => {
    assert.deepEqual(mine, steps.filter((/** @type {any} */ s) => s.seat === 0 && s.legal.length > 1).map((/** @type {any} */ s) => s.step));
    assert.ok(decisionSteps(steps, null).length > mine.length);
  });

  test("keys move within the deal, and from decision to decision", () => {
    const n = steps.length;
    assert.equal(keyStep("ArrowLeft", 0, n, mine), 0);
    assert.equal(keyStep("ArrowRight", n - 1, n, mine), n - 1);
    assert.equal(keyStep("End", 3, n, mine), n - 1);
    assert.equal(keyStep("Home", 3, n, mine), 0);
    assert.equal(keyStep("PageDown", -1, n, mine), mine[0]);
    assert.equal(keyStep("PageUp", mine[1], n, mine), mine[0]);
    assert.equal(nextDecision(mine[mine.length - 1], mine, 1), mine[mine.length - 1]);
    assert.equal(keyStep("x", 3, n, mine), null);
    assert.equal(clampStep(2.7, n), 2);
  });
});

test("an analysis's marks make a record the engine accepts, and keeps", () => {
  for (const game of GAMES) {
    const g = E.games[game];
    const rec = structuredClone(g.records[1]);
    rec.deals[0].marks = marksOf(g.analyses);
    const [back] = python("import json, sys\nfrom kingweb.record import read\nprint(json.dumps([read(json.loads(a)) for a in sys.argv[1:]]))", [JSON.stringify(rec)]);
    assert.deepEqual(back.deals[0].marks.map((/** @type {any} */ m) => [m.step, m.mark]), g.analyses.map((/** @type {any} */ a) => [a.step, a.mark]));
  }
});
