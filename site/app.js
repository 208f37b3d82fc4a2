// The page's entry.  The rooms of site/:
//   boot.js        boot and recovery: the welcome at first paint, the engine, the page's
//                  table, the address, a framed table's host, a crashed or stuck worker
//                  replaced; rooms.js the room of a table with people away
//   table/         a table: model.js (an audience's view kept up by the engine's numbered
//                  events), flow.js (createTable: a table's queue, pace and turns, the
//                  modes as one state machine), pace.js, drawing.js (what it draws with),
//                  start.js (opening a table), lesson.js
//   daily/         the daily challenge: today's deals on the table, its code, par, the
//                  history and streaks, a shared code checked
//   toolbar.js     the toolbar and the keys
//   resume.js      picking a match up again (the worker keeps the save: saves.js)
//   engine.js      the one module that talks to the worker (worker.js, Python in Pyodide)
//   protocol.js    the request and answer shapes between page and worker (JSDoc types)
//   store.js       preferences, statistics and the page's state
//   render/        drawing only, render(root, scene) into the table element given: table,
//                  hand, trick, panel; and dialogs (welcome, results: a deal's summary
//                  and the match's end), messages, card faces, labels (words for what
//                  the engine names), narrate (a King positive told)
//   i18n/          one file of words per language, and the shared lookup
//   records/       deals recorded, reviewed, exported and imported (the review's worker)
// Every rule question goes to Python; nothing here decides what is legal.
import { start } from "./boot.js";
import { bindRecords } from "./records/page.js";

start();
bindRecords();
