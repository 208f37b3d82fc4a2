// The page's entry.  The rooms of site/:
//   controller.js  the flow: pacing, turns, saves, lessons, host commands, toolbar and keys
//   engine.js      the one module that talks to the worker (worker.js, Python in Pyodide)
//   protocol.js    the request and answer shapes between page and worker (JSDoc types)
//   store.js       preferences, the saved match and the page's state
//   views/         drawing only, data in and events out: table, hand, trick, panel,
//                  dialogs, messages, card faces, labels (words for what the engine names),
//                  narrate (a King positive's bids and decisions told, what each is worth)
//   i18n/          one file of words per language, and the shared lookup
// Every rule question goes to Python; nothing here decides what is legal.
import { start } from "./controller.js";

start();
