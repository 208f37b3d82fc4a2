// What a table draws with: the render modules, the sounds, the messages and the dialogs flow.js
// uses, gathered as one object per table, so that the table's pace and turns hold no DOM
// of their own and a test (tests/node/table.test.mjs) can stand a record in for them.
import { prefs } from "../store.js";
import { play as sound } from "../sound.js";
import * as tableView from "../render/table.js";
import * as handView from "../render/hand.js";
import * as trickView from "../render/trick.js";
import * as panelView from "../render/panel.js";
import * as claimView from "../render/claim.js";
import { createCountdown } from "../render/clock.js";
import { showDealResult } from "../render/results.js";
import { showDealLog } from "../render/dialogs.js";
import { showPlayed } from "../render/played.js";
import { $ } from "../render/dom.js";
import { dropToast, toast } from "../render/messages.js";

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("../render/scene.js").Scene} Scene */
/** @typedef {import("../render/trick.js").FinishedTrick} FinishedTrick */

/**
 * @typedef {object} Drawing
 * @property {(s: Scene | null, trick: boolean) => void} draw   the whole table (its trick
 *   too unless a finished trick is on show), or no table
 * @property {(s: Scene, tr: FinishedTrick, ms: number, claimed?: boolean) => Promise<void>} showTrick
 *   (`claimed`: a trick of a claim, shown in `ms` in all)
 * @property {() => void} hurry    end a finished trick's show now
 * @property {(s: Scene, card: string) => void} lay   the bottom seat's card leaves the hand for the table
 * @property {() => void} focus    the keyboard on the hand
 * @property {() => void} clear    nothing of a table left drawn
 * @property {() => Promise<void>} dialogClosed   once no dialog holds the table
 * @property {(v: Model, deal: number, then: () => void, claimed: string, last: boolean) => void} dealResult
 * @property {(limit: number, seats: () => number[]) => (() => void)} summaryGivesWay
 *   close the deal's summary when the clock of one of `seats()` nears its start; returns the stop
 * @property {(v: Model) => void} dealLog
 * @property {(v: Model) => void} played
 * @property {(msg: string, ms: number, about: string) => void} toast
 * @property {(about: string) => void} dropToast
 * @property {(what: "card" | "trick" | "turn") => void} sound
 * @property {import("../render/clock.js").Countdown} countdown
 */

/** How long before a seat's clock begins its page closes the summary: time to deal the
 * new hand on the screen. */
const SUMMARY_EARLY_MS = 3000;

/** The page's drawing of the table in `root`, whose model is `model()`.
 * @param {HTMLElement} root @param {() => Model | null} model @returns {Drawing} */
export function drawIn(root, model) {
  const countdown = createCountdown(() => ({ root, model: model() }));
  const dialog = () => /** @type {HTMLDialogElement} */ ($("dialog"));
  return {
    draw(s, trick) {
      document.body.classList.toggle("no-game", !s);
      if (!s) return;
      document.body.classList.toggle("four-color", s.look.fourColor && s.look.deck !== "classic");
      document.body.classList.toggle("deck-classic", s.look.deck === "classic");
      tableView.render(root, s);
      if (trick) trickView.render(root, s);
      handView.render(root, s);
      panelView.render(root, s);
      claimView.render(root, s);
      countdown.paint();
    },
    showTrick: (s, tr, ms, claimed) => trickView.showFinished(root, s, tr, ms, claimed),
    hurry: () => trickView.hurry(root),
    lay(s, card) {
      handView.takeFromHand(root, card);
      trickView.layCard(root, s, card);
      tableView.clearMyTurn(root);
    },
    focus: () => handView.focusHand(root),
    clear() {
      for (const p of root.querySelectorAll(".seat, #banner, #trick, #trick-note, #draw-news, #stock, #panel, #claim, #hand, #contract-badge")) {
        p.replaceChildren();
      }
      for (const p of root.querySelectorAll("#draw-news, #stock, #panel, #claim, #contract-badge")) /** @type {HTMLElement} */ (p).hidden = true;
    },
    // a dialog the player opened (the rules, the settings) holds the table until it closes
    async dialogClosed() {
      const d = dialog();
      while (d.open) await new Promise((r) => d.addEventListener("close", r, { once: true }));
    },
    dealResult: (v, deal, then, claimed, last) => showDealResult(v, deal, prefs.deck, then, claimed, last),
    summaryGivesWay(limit, seats) {
      const timer = setInterval(() => {
        const d = dialog();
        if (!d.open || !$("dialog-content").querySelector("#deal-summary")) return;
        if (seats().some((seat) => { const ms = countdown.msLeft(seat); return ms !== null && ms <= limit * 1000 + SUMMARY_EARLY_MS; })) d.close();
      }, 250);
      return () => clearInterval(timer);
    },
    dealLog: (v) => showDealLog(v),
    played: (v) => showPlayed(v, prefs.deck),
    toast: (msg, ms, about) => toast(msg, ms, about),
    dropToast: (about) => dropToast(about),
    sound: (what) => sound(what),
    countdown,
  };
}
