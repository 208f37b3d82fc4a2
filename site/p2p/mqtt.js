// mqtt.js as trystero's MQTT strategy imports it ("mqtt", index.html's import map), with
// native timers.  mqtt.js's browser bundle keeps its keep-alive pings on timers in a Web
// Worker it makes from a blob: URL, which the Content Security Policy refuses
// (worker-src 'self'), and then no ping would leave; trystero gives mqtt.connect no
// options to choose, so every connection made here asks for setInterval's timers.
import mqtt from "mqtt/dist/mqtt.esm.js";

export default {
  ...mqtt,
  /** @param {string} url @param {Record<string, unknown>} [options] */
  connect: (url, options = {}) => mqtt.connect(url, { ...options, timerVariant: "native" }),
};
