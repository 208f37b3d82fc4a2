// Reads traces from stdin (JSON: [{start, updates: [{events, legal}]}]) and writes, for each,
// the models site/table/model.js builds: one after each update.  Used by test_events.py
// to hold the page's model to the engine's own views.
import { applyUpdate } from "../../site/table/model.js";

let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = [];
for (const trace of JSON.parse(text)) {
  let model = trace.start;
  const models = [];
  for (const u of trace.updates) {
    const r = applyUpdate(model, u);
    if (r.gap) throw new Error(`gap at ${JSON.stringify(u.events[0])}`);
    model = r.model;
    models.push(model);
  }
  out.push(models);
}
process.stdout.write(JSON.stringify(out));
