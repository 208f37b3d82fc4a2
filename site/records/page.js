// The records in the game's page: Review and Export in every deal's summary, Import in
// the More menu, and a record carried in the address (`index.html#z=<code>`, as the
// viewer's links carry it) opened in a review.
import { t } from "../i18n/index.js";
import { dealExtras } from "../views/dialogs.js";
import { bottomSeat } from "../views/labels.js";
import { notice } from "../views/messages.js";
import { prefs } from "../store.js";
import { dealRecord } from "./deal.js";
import { openExport, openImport } from "./exchange.js";
import { readFragment } from "./link.js";
import { openReview } from "./review.js";

export function bindRecords() {
  dealExtras.actions = (v, i) => {
    if (v.lesson || !v.deals[i] || !v.deals[i].hands) return [];
    const rec = () => dealRecord(v, i);
    return [
      [t("rv_review"), () => { openReview(JSON.stringify(rec()), { seat: bottomSeat(v), deck: prefs.deck }); return false; }],
      [t("rec_export"), () => { openExport(rec()); return false; }],
    ];
  };
  const btn = document.getElementById("btn-import");
  if (btn) {
    btn.addEventListener("click", () => {
      const more = /** @type {HTMLDetailsElement | null} */ (document.getElementById("more"));
      if (more) more.open = false;
      openImport((text) => openReview(text, { deck: prefs.deck }));
    });
  }
  if (/^#(.*&)?z=/.test(location.hash)) {
    const hash = location.hash;
    history.replaceState(null, "", location.pathname + location.search);
    readFragment(hash).then((got) => {
      if ("text" in got) openReview(got.text, { deck: prefs.deck });
      else notice(t(`rec_link_${got.error}`));
    });
  }
}
