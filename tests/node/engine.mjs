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
