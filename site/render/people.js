// Play with people: who sits in each seat of a new game.  Every seat is the player's own
// (the first), another person at this device, a person at another device (who joins by
// the invite), or a bot at a level.  Names are cleaned by the one rule (names.js) and
// shown as text.  The dialog reports the seats; the table checks them again.
import { t } from "../i18n/index.js";
import { $, el } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { NAME_INPUT_MAX, cleanName } from "../names.js";

/** @typedef {import("../protocol.js").Info} Info */
/** @typedef {import("../protocol.js").Seat} Seat */


/**
 * @typedef {object} PeopleChoice
 * @property {string} game
 * @property {Seat[]} seats
 * @property {number | null} clock  the move clock's seconds (a table with people away), or none
 */

/**
 * The move clock's choice: off, or one of the engine's limits (info.clock).
 * @param {{choices: number[]}} spec @param {number} current  seconds, 0: off
 * @returns {HTMLSelectElement}
 */
export function clockSelect(spec, current) {
  /** @param {number} s */
  const label = (s) => (s % 60 ? t("clock_s", { n: s }) : t("clock_min", { n: s / 60 }));
  return /** @type {HTMLSelectElement} */ (el("select", { class: "clock-choice" },
    el("option", { value: "0", selected: current === 0, text: t("clock_off") }),
    ...spec.choices.map((s) => el("option", { value: String(s), selected: s === current, text: label(s) }))));
}

/**
 * @param {Info} info
 * @param {{game: string, level: string, name: string, clock: number, people?: number}} cur  `people`: how
 *   many people the table is for (a link's `people=`), the others bots at `level`; `clock`
 *   the move clock's seconds (0: none)
 * @param {{onStart: (c: PeopleChoice) => void, onBack: () => void}} on
 */
export function openPeople(info, cur, on) {
  const games = Object.keys(info.games);
  const gameSel = /** @type {HTMLSelectElement} */ (el("select", { id: "people-game" }, ...games.map((g) =>
    el("option", { value: g, selected: g === cur.game, text: t(`game_${g}`) }))));
  const me = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: "people-name", maxlength: String(NAME_INPUT_MAX),
    autocomplete: "nickname", value: cur.name, "aria-label": t("your_name") }));
  const rows = el("div", { class: "people-seats", id: "people-seats" });
  const note = el("p", { class: "opt-help", id: "people-note" });
  const clock = clockSelect(info.clock, cur.clock);
  clock.id = "people-clock";
  // (asked only of a table with people away: nobody waits on people passing a device round)
  const clockRow = el("label", { for: "people-clock", class: "people-clock" }, t("move_clock"), clock,
    el("small", { class: "opt-help", text: t("clock_help") }));
  const startLabel = () => (seatsNow().some((s) => s.away) ? t("open_room") : t("start_match"));
  /** @type {HTMLSelectElement[]} */
  let kinds = [];
  /** @type {HTMLInputElement[]} */
  let names = [];

  const draw = () => {
    const players = info.games[gameSel.value].players;
    const wanted = cur.people ?? 2;
    kinds = [];
    names = [];
    const out = [el("div", { class: "people-seat" }, el("span", { class: "people-where", text: t("seat_you_first") }),
      el("label", { for: "people-name" }, t("your_name"), me))];
    for (let s = 1; s < players; s++) {
      const pick = players === 2 ? (wanted >= 2 ? "here" : `bot:${cur.level}`) : s < wanted ? "here" : `bot:${cur.level}`;
      const kind = /** @type {HTMLSelectElement} */ (el("select", { id: `people-kind-${s}`, "aria-label": t("seat_n", { n: s + 1 }) },
        el("option", { value: "here", selected: pick === "here", text: t("seat_here") }),
        el("option", { value: "away", selected: pick === "away", text: t("seat_away") }),
        ...info.levels.map((l) => el("option", { value: `bot:${l}`, selected: pick === `bot:${l}`, text: t("seat_bot", { level: t(`level_${l}`) }) }))));
      const name = /** @type {HTMLInputElement} */ (el("input", { type: "text", id: `people-name-${s}`, maxlength: String(NAME_INPUT_MAX),
        "aria-label": t("name_of_seat", { n: s + 1 }), placeholder: t("player_n", { n: s + 1 }) }));
      const fit = () => { name.hidden = kind.value !== "here"; refresh(); };
      kind.addEventListener("change", fit);
      kinds.push(kind);
      names.push(name);
      out.push(el("div", { class: "people-seat" }, el("span", { class: "people-where", text: t("seat_n", { n: s + 1 }) }), kind, name));
      name.hidden = kind.value !== "here";
    }
    rows.replaceChildren(...out);
    refresh();
  };

  /** @returns {(Seat & {away?: boolean})[]} */
  const seatsNow = () => [{ kind: "person", name: cleanName(me.value) }, ...kinds.map((k, i) => {
    if (k.value.startsWith("bot:")) return /** @type {Seat} */ ({ kind: "bot", name: "", level: k.value.slice(4) });
    if (k.value === "away") return /** @type {Seat} */ ({ kind: "person", name: "", away: true });
    return /** @type {Seat} */ ({ kind: "person", name: cleanName(names[i].value) });
  })];

  const refresh = () => {
    const seats = seatsNow();
    const away = seats.filter((s) => s.away).length;
    const here = seats.filter((s) => s.kind === "person" && !s.away).length;
    note.textContent = away ? t("people_note_away", { n: away }, away) : here > 1 ? t("people_note_here") : t("people_note_bots");
    clockRow.hidden = !away;
    const start = /** @type {HTMLButtonElement | null} */ ($("dialog-actions").querySelector(".primary"));
    if (start) start.textContent = startLabel();
  };
  gameSel.addEventListener("change", draw);
  const form = el("div", { class: "form people" },
    el("label", { for: "people-game" }, t("game"), gameSel), rows, note, clockRow);
  openDialog(t("play_people"), form, [
    [t("back"), () => { setTimeout(on.onBack, 0); }],
    [t("start_match"), () => { on.onStart({ game: gameSel.value, seats: seatsNow(), clock: Number(clock.value) || null }); }, true],
  ]);
  draw();
  me.focus();
}
