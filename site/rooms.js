// The room of a table with people at other devices, as the page's boot opens it: for a
// new match (Play with people, a link's `people=`) or for a resumed one again, its modules
// loaded when first needed (p2p/hosting.js).  Share pressed while a room opens waits for
// it; one that could not open says why.
import { t } from "./i18n/index.js";
import { adopt } from "./table/start.js";
import { toast } from "./render/messages.js";
import { awaitRoom, roomFailed, showRoomFailed } from "./render/invite.js";

/** @typedef {import("./p2p/host.js").HostedMatch & {seats: import("./protocol.js").Seat[]}} RoomMatch */

/**
 * The rooms of `table`, which asks `call`'s engine; `built` is build.json (its relays and
 * STUN servers), `clocks` the engine's move clock choices, both read when a room opens.
 * @param {import("./table/flow.js").Table} table
 * @param {{call: (cmd: string, args?: object) => Promise<any>, built: () => Record<string, any>,
 *          clocks: () => {choices: number[], default: number} | null}} w
 */
export function createRooms(table, w) {
  /** @type {typeof import("./p2p/hosting.js") | null} */
  let hosting = null;      // loaded when a table has people at other devices
  /** @type {{done: Promise<void>, again: boolean} | null} */
  let opening = null;      // a room being opened (a new match's, or a resumed one's again): Share waits for it
  /** @type {{error: unknown, again: boolean} | null} */
  let roomFailure = null;  // why the last room could not be opened, for Share to say

  /** What hosting needs from this page. @returns {import("./p2p/hosting.js").HostWiring} */
  const hostWiring = () => ({
    call: w.call, adopt: (sync) => adopt(table, sync), receive: table.receive, tableChanged: table.tableChanged, build: w.built(),
    match: () => (table.state.model ? table.state.model.match : ""),
    clocks: w.clocks,
  });

  /** Open a room (`open`: its modules loaded, then the room), which Share waits for while it
   * opens (a reloaded host's page has its table at once, its room a moment later).
   * @param {boolean} again  a resumed match's room @param {(h: typeof import("./p2p/hosting.js")) => Promise<void>} open */
  function openingRoom(again, open) {
    const done = (async () => {
      hosting = hosting || await import("./p2p/hosting.js");
      await open(hosting);
    })();
    const mine = { done, again };
    opening = mine;
    roomFailure = null;
    done.then(() => { if (opening === mine) opening = null; },
      (error) => { if (opening === mine) { opening = null; roomFailure = { error, again }; } });
    return done;
  }

  return {
    /** Open a room for a match with people at other devices.  @param {RoomMatch} m */
    host: (m) => openingRoom(false, (h) => h.hostMatch(hostWiring(), m)),
    /** A table taken from the engine (resumed, or after a crash): one with people away opens
     * its room again.  @param {import("./protocol.js").Sync} sync */
    take(sync) {
      adopt(table, sync);
      if (table.state.mode === "host" || table.state.away.length) {
        openingRoom(true, (h) => h.rehost(hostWiring(), sync)).catch((e) => toast(roomFailed(e, true), 8000));
      }
    },
    /** Share on a hosted table, or while a room opens: the invite now, or once the room is
     * open (the dialog says it is opening meanwhile), or why it could not open. */
    showInvite() {
      if (opening) awaitRoom(opening.done, opening.again, () => { if (hosting) hosting.showInvite(); });
      else if (roomFailure) showRoomFailed(roomFailure.error, roomFailure.again);
      else if (hosting) hosting.showInvite();
      else toast(t("seating_direct_only"), 6000);
    },
    opening: () => opening !== null,
    /** The hosted table, if any: the engine's words for the guests go to it. */
    hosted: () => (hosting ? hosting.hosted : null),
  };
}
