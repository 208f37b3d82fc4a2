// A direct invitation, with no relay at all: the host's connection offer travels to one
// guest as a code (in a link or a QR code), the guest's answer comes back as a code the
// host pastes in.  One invitation connects one guest.  Loaded only when used.
//
//   host:  const inv = await inviteDirect({ iceServers });  show offerLink(page, {offer: inv.code})
//          const peer = await inv.accept(answerCode);         // a Peer (peer.js), or an Error
//   guest: const ans = await answerDirect(offerCode, { iceServers });  show ans.code
//          const peer = await ans.peer;                        // once the host pasted it
//
// Each side gathers its candidates before it writes its code (no trickling: the code is
// all the other side gets), for at most GATHER_MS.  The guest's side waits for the host
// for up to ANSWER_WAIT_MS; its connection may fail sooner if the host takes long (the
// browser gives up its checks), and then `answerDirect` again makes a fresh answer to
// the same invitation.  Errors carry `key`, an i18n key the page shows.

import { fromBase64url, toBase64url } from "./bytes.js";
import { packSignal, readSdp, unpackSignal, writeSdp } from "./codes.js";
import { connectionClass } from "./connection.js";
import { loadIdentity } from "./identity.js";
import { greet } from "./peer.js";
import { netError } from "./support.js";

/** How long a side gathers candidates before it writes its code. */
export const GATHER_MS = 3_000;
/** How long the host's side waits for the connection once it has the answer. */
export const CONNECT_MS = 20_000;
/** How long a guest's answer waits for the host to paste it. */
export const ANSWER_WAIT_MS = 10 * 60_000;

/** @typedef {import("./peer.js").Peer} Peer */
/** @typedef {import("./identity.js").Identity} Identity */
/** @typedef {import("./connection.js").KpConnection} KpConnection */
/** `gatherMs` and `connectMs` replace GATHER_MS and CONNECT_MS (or, for a guest, ANSWER_WAIT_MS).
 * @typedef {{iceServers?: RTCIceServer[], identity?: Identity, app?: string, gatherMs?: number,
 *   connectMs?: number, limits?: Partial<import("./envelope.js").Limits>}} DirectOptions */

/** Resolves once the connection has gathered its candidates, or after `ms`.
 * @param {RTCPeerConnection} pc @param {number} ms */
function gathered(pc, ms) {
  return new Promise((resolve) => {
    const check = () => {
      if (pc.iceGatheringState !== "complete") return;
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve(undefined);
    };
    const timer = setTimeout(() => { pc.removeEventListener("icegatheringstatechange", check); resolve(undefined); }, ms);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

/** @param {DirectOptions} options */
function newConnection({ iceServers }) {
  const Connection = connectionClass();
  return /** @type {KpConnection} */ (/** @type {unknown} */ (new Connection(iceServers ? { iceServers } : {})));
}

/** The host's side: an invitation whose code holds its offer.
 * @param {DirectOptions} [options] */
export async function inviteDirect(options = {}) {
  const identity = options.identity ?? (await loadIdentity());
  const pc = newConnection(options);
  await pc.setLocalDescription();
  await gathered(pc, options.gatherMs ?? GATHER_MS);
  const signal = readSdp(pc.localDescription?.sdp ?? "", "offer");
  if (!signal) {
    pc.close();
    throw netError("p2p_failed", "the browser made no usable offer");
  }
  if (identity.sign) signal.host = /** @type {Uint8Array} */ (fromBase64url(identity.id));
  return new DirectInvite(pc, packSignal(signal), identity, options);
}

export class DirectInvite {
  /** @param {KpConnection} pc @param {string} code @param {Identity} identity @param {DirectOptions} options */
  constructor(pc, code, identity, options) {
    this.pc = pc;
    /** the offer's code, for offerLink and a QR code */
    this.code = code;
    this.identity = identity;
    this.options = options;
    this.accepted = false;
  }

  /** Connect with the guest whose answer this is: its Peer.  Rejects with an Error whose
   * `key` is "p2p_bad_code" (not an answer: the invitation still waits for one) or
   * "p2p_failed" (no connection formed).
   * @param {string} answerCode */
  async accept(answerCode) {
    const signal = unpackSignal(answerCode);
    if (!signal || signal.type !== "answer") throw netError("p2p_bad_code", "not an answer code");
    if (this.accepted) throw netError("p2p_bad_code", "this invitation already has its guest");
    this.accepted = true;
    try {
      await this.pc.setRemoteDescription({ type: "answer", sdp: writeSdp(signal) });
    } catch {
      this.pc.close();
      throw netError("p2p_failed", "the answer does not fit this invitation");
    }
    const peer = await greet(this.pc, {
      identity: this.identity,
      room: "direct",
      role: "host",
      app: this.options.app,
      via: "direct",
      expect: { role: "guest" },
      limits: this.options.limits,
      openMs: this.options.connectMs ?? CONNECT_MS,
    });
    if (!peer) throw netError("p2p_failed", "no connection formed");
    return peer;
  }

  close() {
    this.pc.close();
  }
}

/** The guest's side: the answer to an invitation's code, and the Peer it leads to.
 * Rejects with an Error whose `key` is "p2p_bad_code" when the code is not an invitation.
 * @param {string} offerCode @param {DirectOptions} [options] */
export async function answerDirect(offerCode, options = {}) {
  const signal = unpackSignal(offerCode);
  if (!signal || signal.type !== "offer") throw netError("p2p_bad_code", "not an invitation code");
  const identity = options.identity ?? (await loadIdentity());
  const pc = newConnection(options);
  try {
    await pc.setRemoteDescription({ type: "offer", sdp: writeSdp(signal) });
    await pc.setLocalDescription();
  } catch {
    pc.close();
    throw netError("p2p_bad_code", "the browser cannot use this invitation");
  }
  await gathered(pc, options.gatherMs ?? GATHER_MS);
  const answer = readSdp(pc.localDescription?.sdp ?? "", "answer");
  if (!answer) {
    pc.close();
    throw netError("p2p_failed", "the browser made no usable answer");
  }
  // the host is known by the id its invitation names, when this page can check signatures
  const host = signal.host && identity.sign ? toBase64url(signal.host) : undefined;
  const peer = greet(pc, {
    identity,
    room: "direct",
    role: "guest",
    app: options.app,
    via: "direct",
    expect: { role: "host", ...(host ? { id: host } : {}) },
    limits: options.limits,
    openMs: options.connectMs ?? ANSWER_WAIT_MS,
  });
  return { code: packSignal(answer), peer, close: () => pc.close() };
}
