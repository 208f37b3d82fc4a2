// The table: drawing and input only.  Every rule question goes to Python in the worker
// (kingweb.session): what is legal, what an action does, why a move is refused.
import { LANGS, pickLang, makeT } from "./i18n.js";
import { RULES } from "./rules.js";
import { LESSON_TEXT } from "./lessons.js";
import { HostLink, checkOptions, readParams } from "./embed.js";

const SAVE_KEY = "kingweb.save.v1";
const PREFS_KEY = "kingweb.prefs.v1";
const SPEEDS = { slow: 1100, normal: 650, fast: 220, instant: 0 };
const SUIT_SYM = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 };  // alternate colours in the hand
const RANKS = "23456789TJQKA";
const DECKS = ["plain", "classic"];  // card faces: drawn by the page, or the classic drawings

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
};

// -- preferences ---------------------------------------------------------------------

function loadPrefs() {
  let p = {};
  try { p = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") || {}; } catch { p = {}; }
  return {
    lang: pickLang(p.lang), speed: p.speed in SPEEDS ? p.speed : "normal",
    level: p.level || "normal", fourColor: !!p.fourColor, autoplay: p.autoplay !== false,
    deck: DECKS.includes(p.deck) ? p.deck : DECKS[0],
    game: p.game || "king", options: p.options && typeof p.options === "object" ? p.options : {},
  };
}
const prefs = loadPrefs();
const savePrefs = () => { try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch { /* private mode */ } };
let t = makeT(prefs.lang);

// -- the worker ------------------------------------------------------------------------

let worker = null;
let info = null;
const perf = (window.kingwebPerf = []);
const calls = new Map();
let nextId = 1;

function startWorker() {
  const pre = window.kingwebEarly;
  window.kingwebEarly = null;
  worker = pre ? pre.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.type === "progress") return showProgress(m.stage, m.pct);
    if (m.type === "ready") { info = m.info; window.kingwebBoot = m.boot_ms; window.kingwebInstall = m.install; return onReady(); }
    if (m.type === "fatal") return loadFailed(m.message);
    if (m.type === "kept") { window.kingwebInstall.kept = true; return; }
    if (m.type === "stdlib") { window.kingwebInstall.stdlib = m.stdlib; return; }
    const c = calls.get(m.id);
    if (!c) return;
    calls.delete(m.id);
    // time spent in Python, per request: read by the benchmark (python build.py bench)
    perf.push({ cmd: c.cmd, ms: m.ms });
    if (perf.length > 2000) perf.splice(0, 1000);
    if (m.response.ok) c.resolve(m.response.result); else c.reject(new Error(m.response.error));
  };
  worker.onerror = (e) => loadFailed(e.message || "worker error");
  if (pre) for (const ev of pre.early) worker.onmessage(ev);
}

function call(cmd, args = {}) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    calls.set(id, { resolve, reject, cmd });
    worker.postMessage({ id, cmd, args });
  });
}

function showProgress(stage, pct) {
  $("progress-bar").style.width = `${pct}%`;
  $("loading-text").textContent = t(`stage_${stage}`);
}

function loadFailed(msg) {
  $("loading").hidden = false;
  $("loading-text").textContent = t("load_failed", { msg });
  $("btn-retry").hidden = false;
}

$("btn-retry").addEventListener("click", () => {
  $("btn-retry").hidden = true;
  if (worker) worker.terminate();
  showProgress("runtime", 5);
  startWorker();
});

// -- state and flow ---------------------------------------------------------------------

let view = null;
let busy = false;
let timer = null;
let shownDeals = 0;
let animating = false;
let hinted = null;

function names(v = view) {
  const n = v.players;
  const others = n === 2 ? [t("seat_name2")] : t("seat_name").split("|");
  const out = [];
  for (let s = 0; s < n; s++) {
    const rel = (s - v.human + n) % n;
    out[s] = rel === 0 ? t("you") : others[rel - 1];
  }
  return out;
}

function position(seat, v = view) {
  const rel = (seat - v.human + v.players) % v.players;
  if (v.players === 2) return rel === 0 ? "bottom" : "top";
  return ["bottom", "left", "top", "right"][rel];
}

let embedded = false;
let host = null;

function persist() {
  if (!view || embedded || view.lesson) return;
  call("save").then((s) => { try { localStorage.setItem(SAVE_KEY, JSON.stringify(s)); } catch { /* full */ } })
    .catch(() => {});
}

let readySent = false;

async function setView(next, { animate = true } = {}) {
  const prev = view;
  view = next;
  if (host && !readySent) { readySent = true; host.post("ready", { game: next.game, lesson: next.lesson }); }
  hinted = null;
  if (animate && prev && next.last_trick &&
      (!prev.last_trick || prev.last_trick.serial !== next.last_trick.serial)) {
    await showFinishedTrick(next.last_trick);
  }
  render();
  persist();
  advance();
}

function delay(ms) { return new Promise((r) => setTimeout(r, ms)); }

async function showFinishedTrick(tr) {
  animating = true;
  const box = $("trick");
  box.className = "trick";
  box.replaceChildren(...tr.cards.map((c, i) => {
    const seat = (tr.leader + i) % view.players;
    return cardFace(c, { cls: `pos-${position(seat)}` });
  }));
  const pause = SPEEDS[prefs.speed];
  if (pause) {
    await delay(pause);
    box.classList.add(`fly-${position(tr.winner)}`);
    await delay(Math.min(350, pause));
  }
  box.className = "trick";
  animating = false;
}

function advance() {
  clearTimeout(timer);
  if (!view || busy) return;
  if (view.lesson) return focusHand();  // a lesson is one decision: nobody else moves
  if (view.deals.length > shownDeals) {
    shownDeals = view.deals.length;
    const d = view.deals[view.deals.length - 1];
    if (host) host.post("deal-end", { deal_no: view.deals.length - 1, contract: d.contract, points: d.points, scores: view.scores });
    return showDealResult(view.deals.length - 1, () => advance());
  }
  if (view.over) {
    if (host) {
      const best = Math.max(...view.scores);
      host.post("match-end", { scores: view.scores, winners: view.scores.flatMap((x, i) => (x === best ? [i] : [])) });
    }
    return showMatchEnd();
  }
  if (view.turn !== view.human) {
    timer = setTimeout(botStep, SPEEDS[prefs.speed] / 2);
  } else if (prefs.autoplay && view.phase === "play" && view.legal.length === 1) {
    timer = setTimeout(() => humanAct(view.legal[0]), SPEEDS[prefs.speed] / 2);
  } else {
    focusHand();
  }
}

async function botStep() {
  if (busy || !view || view.over || view.turn === view.human) return;
  busy = true;
  try {
    const r = await call("bot");
    busy = false;
    if (r.ok) await setView(r.state); else advance();
  } catch (e) {
    busy = false;
    toast(e.message);
  }
}

async function humanAct(action) {
  if (busy || animating || !view || view.turn !== view.human) return;
  if (view.lesson) return lessonTry(action);
  busy = true;
  try {
    const r = await call("act", { action });
    busy = false;
    if (!r.ok) { toast(translateError(r.error)); render(); return; }
    await setView(r.state);
  } catch (e) {
    busy = false;
    toast(e.message);
  }
}

// -- starting, saving, resuming -----------------------------------------------------------

async function startGame(game, options, level, seed, seat) {
  if (!embedded) { prefs.game = game; prefs.level = level; prefs.options[game] = options; savePrefs(); }
  const args = { game, options, level };
  if (seed !== undefined && seed !== null) args.seed = seed;
  if (seat !== undefined && seat !== null) args.seat = seat;
  const state = await call("start", args);
  shownDeals = 0;
  lessonDone = false;
  lessonFeedback = "";
  clearTimeout(timer);
  await setView(state, { animate: false });
}

function setAside(raw, reason) {
  try {
    localStorage.setItem(`kingweb.save.corrupt.${Date.now()}`, raw);
    localStorage.removeItem(SAVE_KEY);
  } catch { /* nothing more to do */ }
  toast(t("saved_corrupt", { msg: reason }), 8000);
}

// Offline play: the service worker precaches the site (the runtime is 15 MB), so it
// registers once the engine is up, where the download cannot slow the first load.
function registerOffline() {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("./sw.js").catch(() => {});
  }
}

async function onReady() {
  $("loading").hidden = true;
  setTimeout(registerOffline, 1000);
  const { cfg, problems } = readParams(location.search, info, { langs: LANGS, speeds: Object.keys(SPEEDS) });
  embedded = cfg.embed;
  if (embedded) {
    document.body.classList.add("embed");
    host = new HostLink(onHostCommand);
  }
  if (cfg.lang && cfg.lang !== prefs.lang) { prefs.lang = cfg.lang; applyLang(); }
  if (cfg.speed) prefs.speed = cfg.speed;
  if (problems.length) notice(t("bad_params", { list: problems.join(", ") }));
  if (!embedded && location.search) history.replaceState(null, "", location.pathname);
  try {
    if (cfg.lesson) return await startLesson(cfg.lesson);
    if (cfg.game || embedded) {
      const game = cfg.game || prefs.game;
      return await startGame(game, cfg.options || {}, cfg.level || prefs.level, cfg.seed, cfg.seat);
    }
  } catch (e) { toast(e.message, 8000); }
  const raw = localStorage.getItem(SAVE_KEY);
  if (raw) {
    try {
      const state = await call("load", { save: raw });
      shownDeals = state.deals.length;
      await setView(state, { animate: false });
      toast(t("resumed"));
      return;
    } catch (e) {
      setAside(raw, e.message);
    }
  }
  openNewGame();
}

function notice(msg) {
  const box = $("notice");
  box.textContent = msg;
  box.hidden = false;
}

function onHostCommand(msg) {
  if (msg.type === "new-game") {
    const game = info.games[msg.game] ? msg.game : (view ? view.game : prefs.game);
    const [options, problems] = checkOptions(game, msg.options || {}, info);
    if (problems.length) notice(t("bad_params", { list: problems.join(", ") }));
    const level = info.levels.includes(msg.level) ? msg.level : prefs.level;
    const seed = Number.isInteger(msg.seed) && msg.seed >= 0 ? msg.seed : undefined;
    startGame(game, options, level, seed).catch((e) => toast(e.message));
  } else if (msg.type === "set-options") {
    if (LANGS.includes(msg.lang)) { prefs.lang = msg.lang; applyLang(); }
    if (msg.speed in SPEEDS) prefs.speed = msg.speed;
    if (info.levels.includes(msg.level)) prefs.level = msg.level;
    if (typeof msg.fourColor === "boolean") { prefs.fourColor = msg.fourColor; render(); }
    if (DECKS.includes(msg.deck)) { prefs.deck = msg.deck; render(); }
    if (msg.options && typeof msg.options === "object" && view) {
      const [options] = checkOptions(view.game, msg.options, info);
      prefs.options[view.game] = options;
    }
  }
}

// -- lessons ------------------------------------------------------------------------------

function lessonText(id) {
  const table = LESSON_TEXT[prefs.lang] || LESSON_TEXT.en;
  return table[id] || LESSON_TEXT.en[id] || [id, ""];
}

async function startLesson(id) {
  const state = await call("lesson", { id });
  shownDeals = state.deals.length;
  lessonDone = false;
  await setView(state, { animate: false });
}

let lessonDone = false;

async function lessonTry(action) {
  busy = true;
  try {
    const r = await call("lesson_try", { action });
    busy = false;
    if (r.verdict === "illegal") { toast(translateError(r.error)); render(); return; }
    if (r.verdict === "wrong") {
      const h = r.hint;
      const card = /^[2-9TJQKA][CDHS]$/.test(h.action) ? cardName(h.action) : actionLabel(h.action, view);
      const why = reasonText(h, card);
      lessonFeedback = `${t("why_prefix")} ${why} ${t("try_again")}`;
      hinted = null;
      render();
      toast(lessonFeedback, 7000);
      return;
    }
    lessonDone = true;
    lessonFeedback = t("right");
    await setView(r.state, { animate: false });
    host && host.post("lesson-done", { lesson: view.lesson });
  } catch (e) { busy = false; toast(e.message); }
}

let lessonFeedback = "";

/** The bots' reason for a suggestion in the page's language (the engine's English words
 *  when a reason has no translation). */
function reasonText(h, card) {
  const key = `why_${h.reason}`;
  const s = t(key, { card });
  return s === key ? h.text : s;
}

function nextLessonId(id) {
  const all = info.lessons;
  const i = all.indexOf(id);
  const next = all[i + 1];
  return next && next.split("/")[0] === id.split("/")[0] ? next : null;
}

function shareUrl() {
  const u = new URL(location.href);
  u.search = "";
  u.searchParams.set("game", view.game);
  u.searchParams.set("seed", String(view.seed));
  u.searchParams.set("level", view.level);
  u.searchParams.set("options", JSON.stringify(view.options));
  return u.href;
}

// -- drawing -----------------------------------------------------------------------------

function cardName(code) {
  return t("card_name", { rank: t(`rn_${code[0]}`), suit: t(`sn_${code[1]}`) });
}

function rankLabel(r) { return "TJQKA".includes(r) ? t(`rank_${r}`) : r; }

// The classic deck's drawings (art/classic, optimised by build.py), named by suit and rank.
const CLASSIC_SUIT = { C: "club", D: "diamond", H: "heart", S: "spade" };
const CLASSIC_RANK = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10" };

function classicArt(code) {
  return `cards/classic/${CLASSIC_SUIT[code[1]]}${CLASSIC_RANK[code[0]] || code[0]}.svg`;
}

function cardFace(code, { cls = "", button = false, legal = null } = {}) {
  const suit = code[1];
  const red = suit === "H" || suit === "D";
  const label = cardName(code) + (legal === null ? "" : `, ${t(legal ? "playable" : "not_playable")}`);
  const attrs = { class: `card ${red ? "red" : ""} s-${suit} ${cls}`.trim(), "data-card": code };
  if (button) { attrs.type = "button"; attrs["aria-label"] = label; } else { attrs.role = "img"; attrs["aria-label"] = label; }
  const face = el(button ? "button" : "div", attrs,
    el("span", { class: "idx", "aria-hidden": "true" }, rankLabel(code[0]), el("small", { text: SUIT_SYM[suit] })),
    el("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYM[suit] }));
  if (prefs.deck === "classic") {
    // drawn over the page's own face, which shows again if the drawing cannot load (offline)
    const art = el("img", { class: "art", src: classicArt(code), alt: "", draggable: "false" });
    art.addEventListener("error", () => art.remove());
    face.append(art);
  }
  return face;
}

function sortHand(cards) {
  return [...cards].sort((a, b) => (SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]]) || (RANKS.indexOf(b[0]) - RANKS.indexOf(a[0])));
}

function suitWord(s) { return t(`suit_${s}`); }

function contractLabel(v, cid = v.contract) {
  if (cid.startsWith("up:")) return t("c_up", { trump: cid === "up:NT" ? t("suit_NT") : suitWord(cid[3]) });
  if (v.game === "kingru" && cid === "last-two") return t("c_last-two_ru");
  return t(`c_${cid}`);
}

function costLabel(v) {
  const cid = v.contract;
  if (v.game === "whist") return "";
  if (v.game === "king") return cid.startsWith("up:") ? t("cost_up") : t(`cost_${cid}`);
  return ""; // Кинг: the banner shows the deal total instead
}

function offerLabel(a) {
  const [, kind, n] = a.split(":");
  return kind === "up" ? t("up_n", { n }) : t("null_n", { n }, Number(n));
}

function actionLabel(a, v) {
  if (a.startsWith("offer:")) {
    const auc = v.auction;
    if (auc && auc.offer === a && v.phase === "auction") return t("match", { offer: offerLabel(a) });
    return offerLabel(a);
  }
  if (a.startsWith("up:")) return t("up_suit", { suit: a === "up:NT" ? t("suit_NT") : suitWord(a[3]) });
  if (a.startsWith("dealer:")) return t("a_dealer", { name: names()[Number(a.slice(7))] });
  return t(`a_${a}`);
}

function bidLabel(b) {
  return b.action === "pass" ? t("passed") : offerLabel(b.action);
}

function render() {
  if (!view) return;
  document.body.classList.toggle("four-color", prefs.fourColor && prefs.deck !== "classic");
  document.body.classList.toggle("deck-classic", prefs.deck === "classic");
  const v = view;
  const nm = names();
  // banner
  const banner = $("banner");
  const parts = [];
  parts.push(v.deals_total ? t("deal_of", { n: v.deal_no + 1, total: v.deals_total }) : t("deal_n", { n: v.deal_no + 1 }));
  const cl = el("strong", { text: contractLabel(v) });
  const cost = costLabel(v);
  const kids = v.lesson ? [cl] : [parts[0], " · ", cl];
  if (cost) kids.push(` (${cost})`);
  if (v.game === "kingru") kids.push(` (${v.deal_total > 0 ? "+" : ""}${v.deal_total * (v.options.scale || 1)})`);
  if (v.trump) kids.push(" · ", t("trump", { suit: suitWord(v.trump) }));
  else if (v.game === "king" && v.contract.startsWith("up:NT")) kids.push(" · ", t("no_trump"));
  if (v.owner !== null && v.owner !== undefined) kids.push(" · ", t("owner_is", { name: nm[v.owner] }));
  if (v.game === "whist") kids.push(" · ", t(v.stage === 1 ? "stage1" : "stage2"));
  if (v.lesson) kids.unshift(el("strong", { text: `${t("lesson")}: ${lessonText(v.lesson)[0]}` }), " · ");
  banner.replaceChildren(...kids);
  // seats
  for (const pos of ["top", "left", "right", "bottom"]) $(`seat-${pos}`).replaceChildren();
  for (let s = 0; s < v.players; s++) {
    const box = $(`seat-${position(s)}`);
    box.classList.toggle("to-act", v.turn === s);
    const scale = v.options.scale || 1;
    const meta = [`${v.scores[s] * scale}`];
    if (v.game === "whist") meta.push(t("tricks_taken", { n: (v.stage === 1 ? v.stage1_taken : v.taken)[s] }));
    else if (v.taken && v.phase === "play") meta.push(t("tricks_taken", { n: v.taken[s] }));
    if (v.game !== "whist" && v.phase === "play" && v.deal_points && v.deal_points[s]) {
      meta.push(t("this_deal", { n: pointsText(v.deal_points[s]) }));
    }
    const items = [el("div", { class: "name", text: nm[s] }), el("div", { class: "meta", text: meta.join(" · ") })];
    if (s !== v.human) {
      const n = v.hand_counts[s];
      items.push(el("div", { class: "backs", role: "img", "aria-label": t("n_cards", { n }, n) },
        ...Array.from({ length: n }, () => el("span", { class: "back" }))));
    }
    const bid = lastBid(v, s);
    if (bid) items.push(el("div", { class: "bubble", text: bid }));
    box.replaceChildren(...items);
  }
  // trick
  if (!animating) {
    $("trick").replaceChildren(...(v.trick || []).map((x) => cardFace(x.card, { cls: `pos-${position(x.seat)}` })));
  }
  // whist stock
  const stock = $("stock");
  if (v.game === "whist") {
    stock.hidden = false;
    const bits = [];
    if (v.faceup) bits.push(el("span", { text: t("faceup") + ":" }), cardFace(v.faceup));
    bits.push(el("span", { text: t("stock_left", { n: v.stock_count }) }));
    const last = (v.draws || [])[(v.draws || []).length - 1];
    if (last) {  // what each player took from the stock after the last trick
      const nm = names();
      const other = 1 - v.human;
      const mineCard = last.winner === v.human ? last.faceup : last.hidden;
      bits.push(el("span", { text: t("drew", { card: cardName(mineCard) }) }));
      bits.push(el("span", { text: t("opp_drew", { name: nm[other] }) }),
        last.winner === other ? cardFace(last.faceup) : el("span", { class: "card back", role: "img", "aria-label": t("n_cards", { n: 1 }, 1) }));
    }
    stock.replaceChildren(...bits);
  } else stock.hidden = true;
  renderHand();
  renderPanel();
  $("btn-undo").disabled = !v.can_undo || busy;
  $("btn-hint").disabled = v.turn !== v.human || v.over;
}

function lastBid(v, seat) {
  if (!v.auction || !["auction", "decide", "ultimatum", "trump"].includes(v.phase)) return null;
  const bids = v.auction.bids.filter((b) => b.seat === seat);
  return bids.length ? bidLabel(bids[bids.length - 1]) : null;
}

function renderHand() {
  const v = view;
  const mine = v.turn === v.human && v.phase === "play";
  const legal = new Set(mine ? v.legal : []);
  const hand = $("hand");
  const cards = sortHand(v.hand).map((c) => {
    const ok = legal.has(c);
    const b = cardFace(c, { button: true, legal: mine ? ok : null, cls: `${mine ? (ok ? "legal" : "dim") : ""} ${hinted === c ? "hinted" : ""}` });
    b.tabIndex = -1;
    b.addEventListener("click", () => humanAct(c));
    return b;
  });
  hand.replaceChildren(...cards);
  const first = cards.find((b) => b.classList.contains("legal")) || cards[0];
  if (first) first.tabIndex = 0;
}

function focusHand() {
  const b = $("hand").querySelector('.card[tabindex="0"]');
  if (b && !document.querySelector("dialog[open]") && document.activeElement === document.body) b.focus({ preventScroll: true });
}

function renderPanel() {
  const v = view;
  const panel = $("panel");
  const kids = [];
  const mine = v.turn === v.human && !v.over && !lessonDone;
  if (v.lesson) {
    kids.push(el("p", { id: "lesson-task", text: lessonText(v.lesson)[1] }));
    if (lessonFeedback) kids.push(el("p", { id: "lesson-feedback", role: "status", text: lessonFeedback }));
    const next = nextLessonId(v.lesson);
    if (lessonDone && next) {
      kids.push(el("div", { class: "row" }, el("button", { type: "button", class: "primary", id: "next-lesson",
        text: `${t("next_lesson")}: ${lessonText(next)[0]}`, onclick: () => { lessonFeedback = ""; startLesson(next); } })));
    }
  }
  if (v.game === "king" && v.phase !== "play" && v.phase !== "over") {
    const nm = names();
    if (v.phase === "auction" || v.phase === "decide" || v.phase === "ultimatum") {
      const a = v.auction;
      kids.push(el("p", {}, el("strong", { text: t("auction_title") }), " · ",
        a.offer ? t("standing", { offer: offerLabel(a.offer), name: nm[a.holder] }) : t("no_offer")));
    }
    let prompt = null;
    if (mine) {
      prompt = { choose: t("owner_choose"), decide: t("decide_title"), ultimatum: t("ultimatum_q"),
        trump: t("name_trump"), dealer: t("dealer_pick"), auction: t("auction_title") }[v.phase];
    } else {
      prompt = t("to_act", { name: nm[v.turn] });
    }
    if (prompt) kids.push(el("p", { text: prompt }));
    if (mine) {
      kids.push(el("div", { class: "row" }, ...v.legal.map((a) => el("button", {
        type: "button", "data-action": a, class: hinted === a ? "primary" : "",
        text: actionLabel(a, v), onclick: () => humanAct(a),
      }))));
    }
  }
  panel.hidden = kids.length === 0;
  panel.replaceChildren(...kids);
}

// -- dialogs ------------------------------------------------------------------------------

function openDialog(title, content, actions, onClose) {
  const d = $("dialog");
  $("dialog-title").textContent = title;
  $("dialog-content").replaceChildren(...[].concat(content));
  $("dialog-actions").replaceChildren(...actions.map(([label, fn, primary]) => el("button", {
    type: "button", class: primary ? "primary" : "", text: label,
    onclick: () => { if (fn && fn() === false) return; d.close(); },
  })));
  d.onclose = () => { if (onClose) onClose(); };
  if (!d.open) d.showModal();
  const p = $("dialog-actions").querySelector(".primary") || $("dialog-actions").querySelector("button");
  if (p) p.focus();
}

function optionControl(game, key, spec, current) {
  const id = `opt-${key}`;
  const label = t(`opt_${key}`);
  if (spec.allowed.length === 2 && spec.allowed.every((x) => typeof x === "boolean")) {
    return el("label", { for: id }, el("input", { type: "checkbox", id, "data-opt": key, checked: current === true }), label);
  }
  const sel = el("select", { id, "data-opt": key },
    ...spec.allowed.map((a) => el("option", { value: JSON.stringify(a), selected: a === current, text: valueLabel(a) })));
  return el("label", { for: id }, label, sel);
}

function valueLabel(a) {
  const k = `val_${a}`;
  const s = t(k);
  return s === k ? String(a) : s;
}

function openNewGame() {
  if (!info) return;
  const form = el("div", { class: "form" });
  const gameSel = el("select", { id: "new-game" }, ...Object.keys(info.games).map((g) =>
    el("option", { value: g, selected: g === prefs.game, text: t(`game_${g}`) })));
  const levelSel = el("select", { id: "new-level" }, ...info.levels.map((l) =>
    el("option", { value: l, selected: l === prefs.level, text: t(`level_${l}`) })));
  const speedSel = el("select", { id: "new-speed" }, ...Object.keys(SPEEDS).map((s) =>
    el("option", { value: s, selected: s === prefs.speed, text: t(`speed_${s}`) })));
  const opts = el("fieldset", {}, el("legend", { text: t("options") }));
  const fill = () => {
    const g = gameSel.value;
    const saved = prefs.options[g] || {};
    opts.replaceChildren(el("legend", { text: t("options") }), ...Object.entries(info.games[g].options).map(([k, spec]) =>
      optionControl(g, k, spec, k in saved ? saved[k] : spec.default)));
  };
  gameSel.addEventListener("change", fill);
  fill();
  const langSel = el("select", { id: "new-lang" }, ...LANGS.map((l) =>
    el("option", { value: l, selected: l === prefs.lang, text: $("lang-pick").querySelector(`option[value="${l}"]`).textContent })));
  langSel.addEventListener("change", () => {
    prefs.lang = langSel.value; savePrefs(); applyLang();
    openNewGame();  // the dialog again, in the new language
  });
  const deckSel = el("select", { id: "new-deck" }, ...DECKS.map((d) =>
    el("option", { value: d, selected: d === prefs.deck, text: t(`deck_${d}`) })));
  const four = el("input", { type: "checkbox", id: "new-four", checked: prefs.fourColor });
  // the classic drawings have two colours: the four-colour choice is for the page's faces
  const fourFits = () => { four.disabled = deckSel.value === "classic"; };
  deckSel.addEventListener("change", fourFits);
  fourFits();
  const auto = el("input", { type: "checkbox", id: "new-auto", checked: prefs.autoplay });
  form.append(
    el("label", { for: "new-game" }, t("game"), gameSel),
    el("label", { for: "new-level" }, t("level"), levelSel),
    el("label", { for: "new-speed" }, t("speed"), speedSel),
    el("label", { for: "new-lang" }, t("language"), langSel),
    opts,
    el("label", { for: "new-deck" }, t("deck"), deckSel),
    el("label", { for: "new-four" }, four, t("four_color")),
    el("label", { for: "new-auto" }, auto, t("autoplay")),
  );
  const lessonSel = el("select", { id: "new-lesson" });
  const fillLessons = () => lessonSel.replaceChildren(...info.lessons.filter((id) => id.startsWith(gameSel.value + "/"))
    .map((id) => el("option", { value: id, text: lessonText(id)[0] })));
  gameSel.addEventListener("change", fillLessons);
  fillLessons();
  form.append(el("fieldset", {}, el("legend", { text: t("lessons") }),
    el("label", { for: "new-lesson" }, t("lesson"), lessonSel),
    el("button", { type: "button", id: "start-lesson", text: t("start_lesson"), onclick: () => {
      $("dialog").close();
      lessonFeedback = "";
      startLesson(lessonSel.value).catch((e) => toast(e.message));
    } })));
  const actions = [[t("play"), () => {
    const g = gameSel.value;
    const options = {};
    for (const c of opts.querySelectorAll("[data-opt]")) {
      options[c.dataset.opt] = c.type === "checkbox" ? c.checked : JSON.parse(c.value);
    }
    prefs.speed = speedSel.value; prefs.fourColor = four.checked; prefs.deck = deckSel.value; prefs.autoplay = auto.checked;
    savePrefs();
    startGame(g, options, levelSel.value).catch((e) => toast(e.message, 6000));
  }, true]];
  if (view && !view.over) actions.push([t("cancel"), null]);
  openDialog(t("new_game"), form, actions);
}

function pointsText(n) { return `${n > 0 ? "+" : ""}${n * (view.options.scale || 1)}`; }

function showDealResult(i, then) {
  const d = view.deals[i];
  const nm = names();
  const rows = nm.map((name, s) => {
    const why = [];
    if (d.taken && d.contract !== "4333") why.push(t("tricks_taken", { n: d.taken[s] }));
    return el("tr", {}, el("td", { text: name }), el("td", { text: why.join(", ") }), el("td", { text: pointsText(d.points[s]) }));
  });
  const content = [el("table", { class: "sheet" }, el("tbody", {}, ...rows))];
  if (d.payment !== undefined && d.buyer !== null && d.buyer !== undefined) {
    content.push(el("p", { text: t("bought", { name: nm[d.buyer], offer: offerLabel(d.offer) }) + " · " +
      t("payment", { buyer: nm[d.buyer], owner: nm[d.owner], n: d.payment }) }));
  }
  if (!view.lesson) {  // the same deals and bot play for anyone with the link
    content.push(el("p", { class: "share", text: t("share_text") }),
      el("input", { type: "text", readonly: true, value: shareUrl(), "aria-label": t("share"), size: 40 }));
  }
  openDialog(t("deal_result", { n: i + 1, contract: contractLabel(view, d.contract) }), content,
    [[t("continue"), null, true]], then);
}

function sheetTable() {
  const v = view;
  const nm = names();
  const scale = v.options.scale || 1;
  const head = el("tr", {}, el("th", { text: "#" }), el("th", { text: t("game") }), ...nm.map((n) => el("th", { text: n })), el("th", { text: "Σ" }));
  let ok = true;
  const body = v.deals.map((d, i) => {
    const sum = d.points.reduce((a, b) => a + b, 0);
    if (sum !== d.total) ok = false;
    return el("tr", {}, el("td", { text: String(i + 1) }), el("td", { text: contractLabel(v, d.contract) }),
      ...d.points.map((p) => el("td", { text: String(p * scale) })),
      el("td", { class: sum === d.total ? "ok" : "bad", text: `${sum * scale}` }));
  });
  const totals = v.scores;
  const grand = totals.reduce((a, b) => a + b, 0);
  const expected = v.deals.reduce((a, d) => a + d.total, 0);
  if (grand !== expected) ok = false;
  const foot = el("tr", {}, el("td", { text: "" }), el("td", { text: t("sheet_total") }),
    ...totals.map((p) => el("td", { text: String(p * scale) })), el("td", { text: String(grand * scale) }));
  const table = el("table", { class: "sheet", id: "sheet" }, el("thead", {}, head), el("tbody", {}, ...body), el("tfoot", {}, foot));
  const check = el("p", { class: ok ? "ok" : "bad", id: "sheet-check", text: `${t("table_total")}: ${grand * scale} · ${t(ok ? "check_ok" : "check_bad")}` });
  return [table, check];
}

function showSheet() {
  if (!view) return;
  openDialog(t("score_sheet"), sheetTable(), [[t("close"), null, true]]);
}

function showMatchEnd() {
  const nm = names();
  const best = Math.max(...view.scores);
  const win = nm.filter((_, s) => view.scores[s] === best);
  const title = win.length > 1 ? t("winners", { names: win.join(", ") }) : t("winner", { names: win[0] });
  const link = el("input", { type: "text", readonly: true, value: shareUrl(), "aria-label": t("share"), size: 40 });
  openDialog(t("match_over"), [el("p", { text: title, id: "winner" }), ...sheetTable(),
    el("p", { text: t("share_text") }), link],
  [[t("play_again"), () => { startGame(view.game, view.options, view.level).catch((e) => toast(e.message)); }, true],
    [t("new_game"), () => { setTimeout(openNewGame, 0); }]]);
}

function showLastTrick() {
  if (!view) return;
  const tr = view.last_trick;
  const nm = names();
  if (!tr) return openDialog(t("last_trick"), [el("p", { text: t("last_trick_none") })], [[t("close"), null, true]]);
  const row = el("div", { class: "row", style: "display:flex;gap:8px;flex-wrap:wrap" }, ...tr.cards.map((c, i) =>
    el("div", { style: "text-align:center" }, cardFace(c), el("div", { text: nm[(tr.leader + i) % view.players] }))));
  openDialog(t("last_trick"), [row, el("p", { text: t("won_by", { name: nm[tr.winner] }) })], [[t("close"), null, true]]);
}

function showRules() {
  const game = view ? view.game : prefs.game;
  const sections = (RULES[game][prefs.lang] || RULES[game].en);
  const content = el("div", { class: "rules" }, ...sections.flatMap(([h, ps]) => [el("h3", { text: h }), ...ps.map((p) => el("p", { text: p }))]),
    el("h3", { text: t("credits_title") }), el("p", { class: "credits", text: t("credits") }));
  openDialog(t("rules") + " · " + t(`game_${game}`), content, [[t("close"), null, true]]);
}

async function showHint() {
  if (!view || view.turn !== view.human) return toast(t("hint_none"));
  try {
    const h = await call("hint");
    if (!h.action) return toast(t("hint_none"));
    hinted = h.action;
    render();
    const label = /^[2-9TJQKA][CDHS]$/.test(h.action) ? cardName(h.action) : actionLabel(h.action, view);
    toast(`${label}: ${reasonText(h, label)}`, 6000);
  } catch (e) { toast(e.message); }
}

async function undo() {
  if (!view || busy) return;
  clearTimeout(timer);
  try {
    const r = await call("undo");
    if (r.ok) { shownDeals = Math.min(shownDeals, r.state.deals.length); await setView(r.state, { animate: false }); }
  } catch (e) { toast(e.message); }
}

// -- messages ----------------------------------------------------------------------------

let toastTimer = null;
function toast(msg, ms = 3500) {
  const box = $("toast");
  box.textContent = msg;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, ms);
}

const ERRORS = [
  [/^must follow suit: (\w+)$/, (m) => t("err_follow", { suit: t(`suit_${suitCode(m[1])}`) })],
  [/^cannot lead hearts while holding other suits$/, () => t("err_hearts_lead")],
  [/^the K♥ must be played when hearts are led$/, () => t("err_kh_hearts")],
  [/^the K♥ must be played: you have no (\w+)$/, (m) => t("err_kh_void", { suit: t(`suit_${suitCode(m[1])}`) })],
  [/^the K♥ must be played: you hold only hearts$/, () => t("err_kh_only")],
  [/^not your turn/, () => t("err_not_turn")],
  [/is not in your hand$/, () => t("err_not_hand")],
  [/^an offer must be worth more than (\d+) (up|nulls?)$/, (m) => t("err_offer_more", { offer: m[2] === "up" ? t("up_n", { n: m[1] }) : t("null_n", { n: m[1] }, Number(m[1])) })],
];

function suitCode(word) { return { clubs: "C", diamonds: "D", hearts: "H", spades: "S" }[word] || "C"; }

function translateError(msg) {
  for (const [re, fn] of ERRORS) {
    const m = re.exec(msg);
    if (m) return fn(m);
  }
  return msg;
}

// -- static text, language, keys -------------------------------------------------------------

function applyLang() {
  t = makeT(prefs.lang);
  document.documentElement.lang = prefs.lang;
  $("lang-pick").value = prefs.lang;
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  $("lang-pick").setAttribute("aria-label", t("language"));
  render();
}

$("lang-pick").addEventListener("change", (e) => {
  if (!LANGS.includes(e.target.value)) return;
  prefs.lang = e.target.value; savePrefs(); applyLang();
});
$("btn-new").addEventListener("click", () => openNewGame());
$("btn-hint").addEventListener("click", showHint);
$("btn-undo").addEventListener("click", undo);
$("btn-last").addEventListener("click", showLastTrick);
$("btn-sheet").addEventListener("click", showSheet);
$("btn-rules").addEventListener("click", showRules);

$("hand").addEventListener("keydown", (e) => {
  const cards = [...$("hand").querySelectorAll(".card")];
  const i = cards.indexOf(document.activeElement);
  if (i < 0) return;
  let j = null;
  if (e.key === "ArrowRight") j = Math.min(cards.length - 1, i + 1);
  if (e.key === "ArrowLeft") j = Math.max(0, i - 1);
  if (e.key === "Home") j = 0;
  if (e.key === "End") j = cards.length - 1;
  if (j !== null) {
    e.preventDefault();
    cards[i].tabIndex = -1; cards[j].tabIndex = 0; cards[j].focus();
  }
});

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement.tagName)) return;
  const k = e.key.toLowerCase();
  const map = { h: showHint, u: undo, l: showLastTrick, s: showSheet, r: showRules, n: openNewGame };
  if (map[k]) { e.preventDefault(); map[k](); }
});

applyLang();
showProgress("runtime", 5);
startWorker();

