// What the page's scripts share through globals, declared once for the type check.

/** The build fills these in (kingbuild/assemble.py): the build id and the files to keep. */
declare const __KINGWEB_FILES__: string[];

interface Window {
  /** The worker started by index.html's boot script, and the messages it sent before app.js ran. */
  kingwebEarly?: { worker: Worker; early: MessageEvent[] };  // a worker error is kept as a "fatal" message
  /** How the engine got installed ({from, micropip, kept, stdlib}), for the tests and the bench. */
  kingwebInstall?: any;
  /** The worker's boot step times, for the bench. */
  kingwebBoot?: Record<string, number>;
  /** How many arrivals of the engine boot.js has handled (site/boot.js opened), for the tests. */
  kingwebOpened?: number;
  /** Each worker request's command and time, for the bench. */
  kingwebPerf?: Array<{ cmd: string; ms: number }>;
}

/** mqtt.js's browser bundle (site/p2p/mqtt.js wraps it; index.html's import map names it). */
declare module "mqtt/dist/mqtt.esm.js" {
  const mqtt: { connect(url: string, options?: Record<string, unknown>): unknown; [name: string]: unknown };
  export default mqtt;
}
