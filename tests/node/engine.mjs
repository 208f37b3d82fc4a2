// The real engine's answers for the Node tests, so that the page's checks are tested
// against the engine's own lists and output, never a copy that could drift from them:
// what exists (kingweb.session.info(): games, options, levels, lessons, codes), saves and
// views of matches the engine played, and lessons' views.  Asked of Python once per test file (a file is a process);
// `python build.py test` names its interpreter in KINGWEB_PYTHON, else python3 answers.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The repository's root (this file is tests/node/engine.mjs). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// A save per game after `moves` actions (the human's at random, seeded), with options.
const SAVES = [["king", 3, 30, { play_all_tricks: true }], ["kingru", 7, 40, { boys: "jacks-kings", scale: 10 }], ["whist", 2, 12, { target: 3 }]];
// King matches (seeds, the human's plays at random) whose first bought positive makes
// the story told in narrate.test.mjs; lessons whose position is a positive's auction.
const POSITIVES = [1, 4, 66, 23];
const LESSONS = ["king/auction-preference", "king/4333"];

const PROGRAM = `
import json, random, sys
from kingweb.session import Session, info

def play(game, seed, options, stop):
    s = Session()
    s.start(game, seed=seed, level="random", options=options)
    rng = random.Random(seed)
    while not stop(s.state(0)):
        st = s.state(0)
        s.act(rng.choice(st["legal"])) if st["turn"] == 0 else s.step()
    return s

def save(game, seed, moves, options):
    left = [moves]
    def stop(st):
        left[0] -= 1
        return st["over"] or left[0] < 0
    v2 = play(game, seed, options, stop).save()
    # as an older page kept it in localStorage (version 1: one person at seat, bots at level)
    v1 = {k: v2[k] for k in ("format", "game", "seed", "options", "level", "actions")}
    return json.dumps({**v1, "version": 1, "seat": 0})

def lesson(lid):
    sync = Session().lesson(lid)
    return next(iter(sync["states"].values()))

saves, positives, lessons = (json.loads(a) for a in sys.argv[1:])
print(json.dumps({
    "info": info(),
    "saves": {g: save(g, *rest) for g, *rest in saves},
    "positives": {seed: play("king", seed, {}, lambda st: st["over"] or (st["phase"] == "play" and st.get("bought") and not st["trick"])).state(0) for seed in positives},
    "lessons": {lid: lesson(lid) for lid in lessons},
}))
`;

/** @typedef {import("../../site/table/model.js").Model} View */
/** @type {{info: import("../../site/protocol.js").Info, saves: Record<string, string>, positives: Record<string, View>, lessons: Record<string, View>} | null} */
let answer = null;

function ask() {
  if (answer) return answer;
  const python = process.env.KINGWEB_PYTHON || "python3";
  const r = spawnSync(python, ["-c", PROGRAM, ...[SAVES, POSITIVES, LESSONS].map((a) => JSON.stringify(a))], {
    cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT },
  });
  if (r.status !== 0) throw new Error(`${python} did not answer for the engine: ${r.error || r.stderr}`);
  answer = JSON.parse(r.stdout);
  return /** @type {NonNullable<typeof answer>} */ (answer);
}

/** The engine's info(), as the worker hands it to the page. */
export function engineInfo() { return ask().info; }

/** The text the page stores for a match of `game` the engine played a while (SAVES
 * says how long, and with which options). @param {"king" | "kingru" | "whist"} game */
export function engineSave(game) { return ask().saves[game]; }

/** The human's view at the first trick of the first bought positive of King match
 * `seed` (one of POSITIVES). @param {number} seed */
export function boughtPositive(seed) { return ask().positives[seed]; }

/** A lesson's view as the page first gets it (one of LESSONS). @param {string} id */
export function lessonView(id) { return ask().lessons[id]; }

// Views of positions the tests of following a deal read (following.test.mjs): named, each
// the engine's own view for seat 0 after the actions given (random ones, seeded, where a
// whole deal or match is played out), with its game's facts beside it as in the page's model.
const SCENES = `
import json, random
import kingweb
from kingweb.catalogue import facts
from kingweb.session import Session

def random_until(g, stop, seed=1):
    rng = random.Random(seed)
    while not stop(g):
        g.act(rng.choice(g.legal()))
    return g

SUITS = [[r + s for r in "23456789TJQKA"] for s in "CDHS"]
SHORT = [[r + s for r in "789TJQKA"] for s in "CDHS"]
out = {}
out["king-deal-1"] = kingweb.new_game("king", seed=5).view(0)
out["king-kh"] = kingweb.scenario("king", "king-of-hearts", SUITS, leader=0).view(0)
g = kingweb.scenario("king", "positive", SUITS, dealer=0)
out["king-positive-choose"] = g.view(0)
g.act("up:S")
out["king-up-owner"] = g.view(0)
g = kingweb.scenario("king", "positive", SUITS, dealer=0)
g.act("down")
g.act("2C")
out["king-down-one-card"] = g.view(0)
g = kingweb.scenario("king", "positive", SUITS, dealer=0)
for a in ["auction", "pass", "pass", "pass"]:
    g.act(a)
out["king-auction-passed"] = g.view(0)
for seed in range(40):
    g = random_until(kingweb.new_game("king", seed=seed), lambda g: g.deals and g.deals[-1]["contract"] == "queens")
    if g.deals[-1]["early_end"]:
        out["king-queens-early"] = g.view(0)
        break
out["king-after-two"] = random_until(kingweb.new_game("king", seed=5), lambda g: g.deal_no == 2 and len(g.view(0)["trick"]) == 2).view(0)
s = Session()
s.start("king", seed=4, level="random")
rng = random.Random(2)
while len(s.state(0)["deals"]) < 8:
    st = s.state(0)
    s.act(rng.choice([a for a in st["legal"] if a != "4333"] or st["legal"])) if st["turn"] == 0 else s.step()
out["king-eight-played"] = s.state(0)
out["kingru-deal-1"] = kingweb.new_game("kingru", seed=3, options={"scale": 10}).view(0)
out["kingru-boys-jk"] = kingweb.scenario("kingru", "boys", SHORT, leader=0, options={"boys": "jacks-kings"}).view(0)
out["kingru-everything"] = kingweb.scenario("kingru", "no-everything", SHORT, leader=0).view(0)
g = kingweb.scenario("kingru", "no-boys", [["JC", "7D"], ["JD", "8D"], ["JH", "9D"], ["JS", "TD"]], leader=0, options={"boys": "jacks-kings"})
for c in ["JC", "JD", "JH", "JS"]:
    g.act(c)
out["kingru-boys-jk-deal"] = g.view(0)
out["kingru-after-three"] = random_until(kingweb.new_game("kingru", seed=3), lambda g: g.deal_no == 3).view(0)
out["whist-stage2"] = random_until(kingweb.new_game("whist", seed=2), lambda g: g.view(0)["stage"] == 2 and len(g.view(0)["tricks"]) == 14 and len(g.view(0)["trick"]) == 1).view(0)
# the model the page draws holds the game's facts beside the view (Session.state)
print(json.dumps({k: {**v, "facts": facts(v["game"])} for k, v in out.items()}))
`;

/** @type {Record<string, View> | null} */
let scenes = null;

/** The engine's view for seat 0 of a named position of SCENES. @param {string} name @returns {View} */
export function scene(name) {
  if (!scenes) {
    const python = process.env.KINGWEB_PYTHON || "python3";
    const r = spawnSync(python, ["-c", SCENES], { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: ROOT } });
    if (r.status !== 0) throw new Error(`${python} did not answer for the engine: ${r.error || r.stderr}`);
    scenes = JSON.parse(r.stdout);
  }
  const v = /** @type {Record<string, View>} */ (scenes)[name];
  if (!v) throw new Error(`no scene ${name}`);
  return v;
}
