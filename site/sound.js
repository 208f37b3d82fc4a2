// The table's sounds, made on the spot with WebAudio (nothing to download): a card laid
// down, a trick gathered, and a soft chime when it is your turn.  Silent unless the
// player turns sound on; the audio context starts on the first sound after that.

/** @type {AudioContext | null} */
let ctx = null;
let on = false;

/** @param {boolean} enabled */
export function setSound(enabled) {
  on = enabled;
  if (on && !ctx && typeof AudioContext !== "undefined") ctx = new AudioContext();
  if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
}

/** A short burst of filtered noise: paper on felt.
 * @param {AudioContext} ac @param {number} at @param {number} ms @param {number} freq @param {number} gain */
function rustle(ac, at, ms, freq, gain) {
  const len = Math.ceil(ac.sampleRate * ms / 1000);
  const buf = ac.createBuffer(1, len, ac.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / len, 3);
  const src = ac.createBufferSource();
  src.buffer = buf;
  const band = ac.createBiquadFilter();
  band.type = "bandpass"; band.frequency.value = freq; band.Q.value = 0.8;
  const g = ac.createGain();
  g.gain.value = gain;
  src.connect(band).connect(g).connect(ac.destination);
  src.start(at);
}

/** A soft sine note. @param {AudioContext} ac @param {number} at @param {number} freq */
function note(ac, at, freq) {
  const o = ac.createOscillator();
  o.type = "sine"; o.frequency.value = freq;
  const g = ac.createGain();
  g.gain.setValueAtTime(0, at);
  g.gain.linearRampToValueAtTime(0.12, at + 0.015);
  g.gain.exponentialRampToValueAtTime(0.001, at + 0.35);
  o.connect(g).connect(ac.destination);
  o.start(at); o.stop(at + 0.4);
}

/** Play one of the table's sounds, if sound is on.
 * @param {"card" | "trick" | "turn"} what */
export function play(what) {
  if (!on || !ctx || ctx.state !== "running") return;
  const at = ctx.currentTime + 0.01;
  if (what === "card") rustle(ctx, at, 70, 2400, 0.5);
  else if (what === "trick") { rustle(ctx, at, 120, 1200, 0.35); rustle(ctx, at + 0.06, 140, 900, 0.3); }
  else if (what === "turn") { note(ctx, at, 660); note(ctx, at + 0.12, 880); }
}
