// The records in the game's page: Review and Export in every deal's summary, Review the
// match in the score sheet and at the match's end, Import in the More menu, and a record
// carried in the address (`index.html#z=<code>`, as the viewer's links carry it) opened in
// a review.
import { t } from "../i18n/index.js";
import { dealExtras } from "../render/results.js";
import { bottomSeat } from "../render/labels.js";
import { notice } from "../render/messages.js";
import { prefs } from "../store.js";

// The review, the export and the import load when first used, not with the page: a first
// visit's download stays within its budget (docs/BENCHMARKS.md).
const review = () => import("./review.js");
const exchange = () => import("./exchange.js");
const record = async (/** @type {import("../table/model.js").Model} */ v, /** @type {number} */ i) => (await import("./deal.js")).dealRecord(v, i);
const match = async (/** @type {import("../table/model.js").Model} */ v) => (await import("./deal.js")).matchRecord(v);

/** Who the table calls who, as it is now, for a review to name the seats as it does.
 * @param {import("../table/model.js").Model} v @returns {import("./marks.js").Audience} */
const audience = (v) => ({ seat: v.seat, bottom: bottomSeat(v), seats: (v.seats || []).map((x) => ({ ...x })) });

/** @param {Promise<unknown>} p */
const reported = (p) => { p.catch((e) => notice(String((e && e.message) || e))); };

export function bindRecords() {
  dealExtras.actions = (v, i) => {
    if (v.lesson || !v.deals[i] || !v.deals[i].hands) return [];
    return [
      [t("rv_review"), () => {
        reported(Promise.all([review(), record(v, i)]).then(([r, rec]) => r.openReview(JSON.stringify(rec), { seat: bottomSeat(v), deck: prefs.deck, audience: audience(v) })));
        return false;
      }],
      [t("rec_export"), () => { reported(Promise.all([exchange(), record(v, i)]).then(([x, rec]) => x.openExport(rec))); return false; }],
    ];
  };
  // a match of two deals or more: one deal's review is the deal summary's
  dealExtras.match = (v) => {
    if (v.lesson || v.deals.length < 2 || !v.deals.every((d) => d.hands)) return [];
    return [[t("rv_review_match"), () => {
      reported(Promise.all([review(), match(v)]).then(([r, rec]) => r.openReview(JSON.stringify(rec), { seat: bottomSeat(v), deck: prefs.deck, audience: audience(v) })));
      return false;
    }]];
  };
  const btn = document.getElementById("btn-import");
  if (btn) {
    btn.addEventListener("click", () => {
      const more = /** @type {HTMLDetailsElement | null} */ (document.getElementById("more"));
      if (more) more.open = false;
      reported(exchange().then((x) => x.openImport((text) => { reported(review().then((r) => r.openReview(text, { deck: prefs.deck }))); })));
    });
  }
  if (/^#(.*&)?z=/.test(location.hash)) {
    const hash = location.hash;
    history.replaceState(null, "", location.pathname + location.search);
    reported(import("./link.js").then((l) => l.readFragment(hash)).then(async (got) => {
      if ("text" in got) (await review()).openReview(got.text, { deck: prefs.deck });
      else notice(t(`rec_link_${got.error}`));
    }));
  }
}
